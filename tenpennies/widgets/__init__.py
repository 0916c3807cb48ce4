"""Jupyter widgets: the only part of tenpennies that imports ipywidgets and ipycanvas.

``import tenpennies`` never imports this package; ``from tenpennies.widgets import
PlayTable`` does, and needs the ``notebooks`` extra. The widgets only draw and forward
clicks: the game is :class:`tenpennies.game.Game` (and :class:`tenpennies.game.Replay`),
the pictures come from :mod:`tenpennies.layout`; a puzzle's state lives in plain Python
(:class:`tenpennies.puzzles.session.PuzzleSession`), the explorers' in frozen values.

=================  ===================================================================
``PlayTable``      play a match against bots on a canvas, with buttons, hints and undo
``ReplayTable``    step through a saved match from any seat's view or the teacher's
``draw_shapes``    put :class:`tenpennies.layout.Shape` values on an ipycanvas canvas
``PuzzleWidget``   solve one puzzle: pick an answer, see the engine's verdict
explorers          ``set_checker``, ``contract_explorer``, ``odds_explorer``, ``buy_calculator``
=================  ===================================================================

    >>> from tenpennies.widgets import set_checker
    >>> checker = set_checker(round_no=1)
    >>> for text in ("7S", "7H", "JK"):
    ...     checker.card_buttons[text].click()
    >>> checker
    SetChecker(round 1: 7S 7H JK is a set in round 1.)
"""

import importlib

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
from .puzzle import PuzzleWidget

_TABLE = ("PlayTable", "ReplayTable", "draw_shapes")


def __getattr__(name: str):
    # The tables load ipycanvas (and with it NumPy) when it is installed: only when asked
    # for, so the explorers and the puzzle widget start without them (as in JupyterLite).
    if name in _TABLE:
        from . import table

        return getattr(table, name)
    if name in ("table", "svg_table"):  # `tenpennies.widgets.table` read as an attribute
        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "PlayTable", "ReplayTable", "draw_shapes", "PuzzleWidget",
    "BuyCalculator", "ContractExplorer", "OddsExplorer", "SetChecker",
    "buy_calculator", "contract_explorer", "odds_explorer", "set_checker",
]
