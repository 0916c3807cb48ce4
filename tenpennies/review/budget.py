"""How many rollouts a review plays: for a judged decision, to confirm a mistake, for the chart.

A review (:func:`tenpennies.review.judge.review`) measures each cost over paired rollouts;
this module is its budget, in Ten Pennies and in Ten Card Rummy (whose rounds run longer,
so its rollouts stop at a horizon and are fewer): the numbers and the reasons they are
what they are, measured in ``benchmarks/review.py``.
"""

from __future__ import annotations

from ..engine.rules import RuleSet

DEFAULT_ROLLOUTS = 32
"""Sampled worlds per judged decision by default: enough for a clear blunder's interval to
clear zero many times over (a planted one loses some 30 points, its error a few)."""


EXPECTED_SHARE = 4
"""Where the played action is the analyst's choice and ends the seat's turn (its discard),
its expected margin (for the chart) is measured over a quarter of the rollouts: it is one
point of a curve, not a verdict. The other decisions the analyst agrees with (an offer
answered, most of a match's decisions: two in three are passes; Ten Card Rummy's take or
draw; a meld before the discard) are good without rollouts, and have no point on the
curve (``expected`` None): the turn's discard has one."""


CONFIRM_FACTOR = 2
"""A cost that looks like a mistake in the review's ``rollouts`` worlds is measured again in
this many times as many fresh ones, and graded by that measurement alone (screening,
then confirmation: see :func:`tenpennies.review.judge.judge`). Without it, a match's review re-checked with ten
times the rollouts kept the sign of 11 of its 13 blunders; the two it lost had cleared
zero by little more than two standard errors, as luck makes one in forty do."""


RUNS_HORIZON = 10
"""In Ten Card Rummy (a rule set with runs, or the meld before the draw) a review's rollouts
stop after this many turns a seat (40 turns at four seats), the hands then scored as the
turn cap scores them (C13); in Ten Pennies they play to the round's end. A quarter of Ten
Card Rummy's rounds between the rules of thumb and the strong bot run to the cap of 250
turns, and rollouts played that far cost a review most of its time (341 s of CPU a match
at 5272cd9). Ten turns a seat is about a whole round of those that end (a median of 48
turns). On the same 16 worlds of 30 decisions where a thumb player and the analyst differ
(benchmarks/review.py ``--horizon-check 30``), costs measured to this horizon and to the
round's end differed by 6.7 points on average, none by more than twice their errors, and
kept the sign of all 7 that were clear at the round's end (23 of the 30 signs alike), for
half the CPU; at 6 turns a seat (the expert's ``horizon=24``) they differed by 9.5 points,
20 of 30 signs alike. The re-check (:func:`tenpennies.review.judge.recheck`) plays the same horizon: it measures
the same cost, more closely."""


def rollout_horizon(rules: RuleSet) -> int | None:
    """The most turns a review's rollouts play: None (to the round's end) in Ten Pennies,
    :data:`RUNS_HORIZON` turns a seat in Ten Card Rummy."""
    return RUNS_HORIZON * rules.players if _plays_runs(rules) else None


RUNS_ROLLOUTS = 16
"""A Ten Card Rummy review's paired rollouts a judged decision by default (half of
:data:`DEFAULT_ROLLOUTS`): with :data:`RUNS_HORIZON` and :data:`RUNS_EXPECTED_SHARE`, what
brings a match's review within issue 25's 20 s on two cores (15 to 36 s of CPU a match
in benchmarks/review.py, from 341 s). A cost that looks like a mistake is still confirmed
on twice as many fresh worlds, so a mistake needs a larger cost to be found, not less
evidence to be believed (12 of 12 blunders kept their sign with ten times the rollouts)."""

RUNS_EXPECTED_SHARE = 8
"""In Ten Card Rummy the expected margin of a turn's discard the analyst agrees with (the
chart's point) is measured over an eighth of the rollouts (two by default): a third of a
match's decisions are such discards, and a point of the curve is no verdict."""


def confirm_rollouts(rollouts: int) -> int:
    """The rollouts that confirm a cost that looks like a mistake."""
    return CONFIRM_FACTOR * rollouts


def expected_rollouts(rollouts: int, rules: RuleSet | None = None) -> int:
    """The rollouts that measure the expected margin of a decision the analyst agrees with
    (in ``rules``: :data:`RUNS_EXPECTED_SHARE` of them in Ten Card Rummy)."""
    share = RUNS_EXPECTED_SHARE if rules is not None and _plays_runs(rules) else EXPECTED_SHARE
    return max(2, rollouts // share)


def default_rollouts(rules: RuleSet) -> int:
    """A review's paired rollouts a judged decision when none are asked for:
    :data:`DEFAULT_ROLLOUTS`, or :data:`RUNS_ROLLOUTS` in Ten Card Rummy."""
    return RUNS_ROLLOUTS if _plays_runs(rules) else DEFAULT_ROLLOUTS


def _plays_runs(rules: RuleSet) -> bool:
    """Is this Ten Card Rummy's game (runs, or the meld before the draw), where a review
    plays its own budget?"""
    return rules.has_runs or rules.meld_before_draw


__all__ = ["CONFIRM_FACTOR", "DEFAULT_ROLLOUTS", "EXPECTED_SHARE", "RUNS_EXPECTED_SHARE", "RUNS_HORIZON",
           "RUNS_ROLLOUTS", "confirm_rollouts", "default_rollouts", "expected_rollouts", "rollout_horizon"]
