"""Jupyter widgets: the only part of tenpennies that imports ipywidgets and ipycanvas.

``import tenpennies`` never imports this package; ``from tenpennies.widgets import
PlayTable`` does, and needs the ``notebooks`` extra. The widgets only draw and forward
clicks: the game is :class:`tenpennies.game.Game` (and :class:`tenpennies.game.Replay`),
the pictures come from :mod:`tenpennies.layout`; a puzzle's state lives in plain Python
(:class:`tenpennies.puzzles.session.PuzzleSession`).

=================  ===================================================================
``PlayTable``      play a match against bots on a canvas, with buttons, hints and undo
``ReplayTable``    step through a saved match from any seat's view or the teacher's
``draw_shapes``    put :class:`tenpennies.layout.Shape` values on an ipycanvas canvas
``PuzzleWidget``   solve one puzzle: pick an answer, see the engine's verdict
=================  ===================================================================
"""

from .puzzle import PuzzleWidget
from .table import PlayTable, ReplayTable, draw_shapes

__all__ = ["PlayTable", "ReplayTable", "draw_shapes", "PuzzleWidget"]
