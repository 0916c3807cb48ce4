"""Jupyter widgets: the only part of tenpennies that imports ipywidgets and ipycanvas.

``import tenpennies`` never imports this package; ``from tenpennies.widgets import
PlayTable`` does, and needs the ``notebooks`` extra. The widgets only draw and forward
clicks; the state lives in plain Python: the game is :class:`tenpennies.front.table.Game` (and
:class:`tenpennies.front.replay.Replay`), a puzzle session :class:`tenpennies.puzzles.session.PuzzleSession`,
the explorers' states are in :mod:`tenpennies.lessons.explorers`; the pictures come from
:mod:`tenpennies.pictures.layout` and :mod:`tenpennies.pictures.svg`.

=====================  ===============================================================
``PlayTable``          play a match against bots on a canvas, with buttons, hints and undo
``ReplayTable``        step through a saved match from any seat's view or the teacher's
``draw_shapes``        put :class:`tenpennies.pictures.layout.Shape` values on an ipycanvas canvas
``PuzzleWidget``       solve puzzles near your rating: check, hints, solution, streaks, your themes
``set_checker``        click cards into a set; valid, or every reason it is not
``contract_explorer``  a hand's arrangements, what is missing and the outs
``odds_explorer``      house-rule controls and the exact dealt odds of every round
``buy_calculator``     a hand and an offered card: buy or pass, exactly
``ask``                a lesson's question (:mod:`tenpennies.lessons.quiz`): choose or click cards, the kit says why
=====================  ===============================================================

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
from .quiz import Ask, ask

_TABLE = {"PlayTable": "table", "ReplayTable": "replay_table", "draw_shapes": "board"}
"""The tables' names and the module each lives in."""


def __getattr__(name: str):
    # The table draws on ipycanvas, which JupyterLite cannot load; the explorers and the
    # puzzle widget need only ipywidgets, so the table is imported only when asked for.
    if name in _TABLE or name == "table":
        module = importlib.import_module(f"{__name__}.{_TABLE.get(name, name)}")
        return module if name == "table" else getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    *_TABLE,
    "PuzzleWidget", "Ask", "ask",
    "BuyCalculator", "ContractExplorer", "OddsExplorer", "SetChecker",
    "buy_calculator", "contract_explorer", "odds_explorer", "set_checker",
]
