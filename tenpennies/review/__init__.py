"""Judging a played match, its page, its session, luck against skill.

``judge`` judges each decision of one seat against the analyst; ``page`` draws a review
as a page; ``session`` holds a learner's review open; ``luck`` parts luck from skill.
Before the folders (issue 37) ``tenpennies.review.judge`` was the module now at ``judge``: its
names are offered here too, so a saved notebook's ``from tenpennies.review.judge import review``
still works (the other old paths are in :mod:`tenpennies.compat`).
"""

from .judge import *  # noqa: F403 (the old path's names; see the docstring)
from .judge import __all__  # noqa: F401
