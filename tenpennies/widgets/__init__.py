"""Jupyter widgets: the only part of tenpennies that imports ipywidgets.

``import tenpennies`` never imports this package; ``from tenpennies.widgets import
PuzzleWidget`` does, and needs the ``notebooks`` extra. The widgets only draw and forward
clicks; the state lives in plain Python (:class:`tenpennies.puzzles.session.PuzzleSession`).
"""

from .puzzle import PuzzleWidget

__all__ = ["PuzzleWidget"]
