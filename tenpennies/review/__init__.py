"""Judging a played match, its page, its session, luck against skill.

``judge`` judges each decision of one seat against the analyst (``grades`` grades a cost,
``budget`` says how many rollouts, ``judged`` holds the review it returns); ``page`` draws
a review as a page (``chart`` its charts, ``positions`` a decision's table); ``session``
holds a learner's review open; ``luck`` parts luck from skill.
Before the folders (issue 37) ``tenpennies.review.judge`` was the module now at ``judge``: its
names are offered here too, so a saved notebook's ``from tenpennies.review.judge import review``
still works (the other old paths are in :mod:`tenpennies.compat`).
"""

from .budget import *  # noqa: F403 (the old path's names, now in four modules; see the docstring)
from .grades import *  # noqa: F403
from .judged import *  # noqa: F403
from .judge import *  # noqa: F403 (last: the name ``judge`` is the function, as it was)
from .budget import __all__ as _budget
from .grades import __all__ as _grades
from .judged import __all__ as _judged
from .judge import __all__ as _judge

__all__ = sorted(_budget + _grades + _judged + _judge)
