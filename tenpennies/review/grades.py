"""The grades of a judged decision: how many points lost against the analyst, and how sure.

A review (:func:`tenpennies.review.judge.review`) measures what each decision cost (an
:class:`~tenpennies.bots.rollouts.Estimate`, in points); this module turns that cost into
a :class:`Grade`. Grades follow point thresholds (:data:`INACCURACY_POINTS`,
:data:`MISTAKE_POINTS`, :data:`BLUNDER_POINTS`), and are given only when the cost's 95%
interval excludes zero; a difference the rollouts cannot tell from nothing is "close"::

    >>> from tenpennies.bots.rollouts import Estimate
    >>> grade_of(Estimate(25.0, 3.0, 32)), grade_of(Estimate(25.0, 20.0, 32))
    (<Grade.BLUNDER: 'blunder'>, <Grade.CLOSE: 'close'>)
    >>> grade_of(Estimate(0.0, 0.0, 0))  # the analyst's own choice
    <Grade.GOOD: 'good'>

The points are the rollouts' margin (the analysis module's unit, lower is better for
the seat): the seat's points at the round's end minus the mean of the others', plus a
token's measured worth for a purchase. A cost is what the played action loses against
the analyst's in that unit; a negative cost means the played action did better.
"""

from __future__ import annotations

from enum import StrEnum

from ..bots.rollouts import Estimate
from ..engine.words import plural

# The scale: a card left in hand costs 5 to 20 points, a joker 50 (T18); a token is worth
# some 2 to 30 points by the round and the tokens held (measured); the expert, a whole
# match, is some 9 points better than the strong bot. One decision that loses 15 points
# throws away more than a whole match of the better bot's play.
INACCURACY_POINTS = 3.0
"""The least cost (mean points lost against the analyst) graded an inaccuracy: a small card
kept too long, a real loss but a small one."""
MISTAKE_POINTS = 7.0
"""The least cost graded a mistake: about a token's worth in the early rounds."""
BLUNDER_POINTS = 15.0
"""The least cost graded a blunder: the points of a contract laid down too late, or a
purchase that completes it let go, with an opponent near going out."""


class Grade(StrEnum):
    """How a decision is judged. "good": the analyst's choice, or clearly no worse than it
    by more than :data:`INACCURACY_POINTS`; "close": the rollouts cannot tell the two
    actions apart (the cost's 95% interval holds zero); "inaccuracy", "mistake" and
    "blunder": a loss clearly above zero, by the thresholds."""

    GOOD = "good"
    CLOSE = "close"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


MISTAKE_GRADES = (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER)
"""The grades a review lists as mistakes (:attr:`tenpennies.review.judged.Review.mistakes`)."""


def grade_count(n: int, grade: Grade) -> str:
    """How many decisions a grade has, in words: '172 good', '1 mistake', '0 inaccuracies'
    ("good" and "close" say how they were judged, the others are things one makes)."""
    if grade not in MISTAKE_GRADES:
        return f"{n} {grade.value}"
    return plural(n, grade.value, many="inaccuracies" if grade is Grade.INACCURACY else None)


def grade_of(cost: Estimate) -> Grade:
    """The grade of a decision whose cost (points lost against the analyst) is ``cost``.

    The analyst's own choice (no rollouts: a cost of exactly nothing) is good. Otherwise a
    grade above "good" only when the cost's 95% interval (normal, ``mean ± 1.96 se``)
    lies wholly above zero; an interval holding zero is "close"."""
    if cost.mean == 0 and (cost.n == 0 or cost.se == 0):
        return Grade.GOOD  # the same action, or one that ends every sampled world alike
    if not cost.low > 0 and not cost.high < 0:  # (a NaN error, from a single rollout, is close too)
        return Grade.CLOSE
    if cost.mean >= BLUNDER_POINTS:
        return Grade.BLUNDER
    if cost.mean >= MISTAKE_POINTS:
        return Grade.MISTAKE
    if cost.mean >= INACCURACY_POINTS:
        return Grade.INACCURACY
    return Grade.GOOD


__all__ = ["BLUNDER_POINTS", "Grade", "INACCURACY_POINTS", "MISTAKE_GRADES", "MISTAKE_POINTS", "grade_of"]
