"""Everything that imports ipywidgets: the interactive explorers (and, merged from other
branches, the playing table). ``import tenpennies`` never imports this package.

    >>> from tenpennies.widgets import set_checker
    >>> checker = set_checker(round_no=1)
    >>> for text in ("7S", "7H", "JK"):
    ...     checker.card_buttons[text].click()
    >>> checker
    SetChecker(round 1: 7S 7H JK is a set in round 1.)
"""

from .explorers import (
    BuyCalculator,
    ContractExplorer,
    OddsExplorer,
    SetChecker,
    buy_calculator,
    contract_explorer,
    odds_explorer,
    set_checker,
)

__all__ = [
    "BuyCalculator", "ContractExplorer", "OddsExplorer", "SetChecker",
    "buy_calculator", "contract_explorer", "odds_explorer", "set_checker",
]
