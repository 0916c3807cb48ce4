"""Luck and skill, separated: what the cards did to a seat, and what its decisions did.

A learner who lost a match wants to know whether the cards or the play lost it. Backgammon
programs answer this (GNU Backgammon's luck rating; eXtreme Gammon's performance rating);
this module does it for a reviewed match (:class:`tenpennies.review.judged.Review`), from the
numbers the review already measured, so it costs no rollouts of its own:

- **Skill** is the review's points lost: each judged decision's cost against the analyst.
- **Luck** is the rest of what happened to the seat's expected margin (its points at the
  round's end minus the others' mean; lower is better). The review measures that
  expectation at the seat's decisions (``JudgedDecision.expected``: the round as played
  from there, in rollouts from the seat's own view). Between two measured points, the
  change not explained by the seat's decisions (their costs) is what the draws, and the
  others' play, did: the expected points after the draws against the expectation before
  them, which is the average over the draws the seat could have had, as GNU Backgammon
  defines luck. The deal's luck is the first expectation of the round against the
  average seat's, 0 (margins over the seats sum to zero); the last step runs to the
  round's real margin. So, per round, exactly: margin = deal luck + draw luck + skill.
  Negative luck is good luck (fewer points).
- **Performance rating** (as XG's PR): points lost per non-obvious decision. A decision is
  counted as *obvious* when the review judged it without rollouts: the analyst agreed and
  the turn went on (an offer answered as the analyst would, a meld before the discard, a
  take or a draw), or the seat went out. Every discard and every decision where the seat
  and the analyst differ is non-obvious.

Each figure carries its 95% interval from the rollouts' standard errors (each measured
point's error counted once, each cost's once, added in squares). In Ten Card Rummy the
review's rollouts stop after :data:`tenpennies.review.budget.RUNS_HORIZON` turns, so there the
expectations are of a shorter horizon and the last step of a round holds more.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..odds.intervals import Z95
from ..play.record import loads

__all__ = ["Figure", "LuckAndSkill", "RoundLuck", "luck_and_skill", "obvious"]


@dataclass(frozen=True)
class Figure:
    """A number of points with its standard error; ``interval`` is its 95% interval."""

    points: float
    se: float

    @property
    def interval(self) -> tuple[float, float]:
        return self.points - Z95 * self.se, self.points + Z95 * self.se

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.points:+.1f} [{low:+.1f}, {high:+.1f}]"


def _sum(figures: Sequence[Figure]) -> Figure:
    return Figure(sum(f.points for f in figures), math.sqrt(sum(f.se ** 2 for f in figures)))


@dataclass(frozen=True)
class RoundLuck:
    """One round: its real ``margin``, the ``deal`` luck, the ``draws`` luck, the ``skill``
    lost (margin = deal + draws + skill), and the ``steps``: (record index, cumulative
    luck, cumulative skill) at each measured point, for the chart."""

    round_no: int
    margin: float
    deal: Figure
    draws: Figure
    skill: Figure
    steps: tuple[tuple[int, float, float], ...]

    @property
    def luck(self) -> Figure:
        return _sum([self.deal, self.draws])


@dataclass(frozen=True)
class LuckAndSkill:
    """A reviewed seat's match: each round's :class:`RoundLuck`, the match's luck and
    skill, and the performance rating over the non-obvious decisions."""

    seat: int
    rounds: tuple[RoundLuck, ...]
    """The rounds that ended (a match saved half way has its last round unfinished)."""
    skill: Figure
    """Points lost by every judged decision, finished rounds or not."""
    rating: Figure
    """Points lost per non-obvious decision (XG's PR, in points of the round's margin)."""
    counted: int
    """How many decisions were non-obvious (the rating's count)."""
    obvious: int

    @property
    def luck(self) -> Figure:
        return _sum([r.luck for r in self.rounds])

    def to_text(self) -> str:
        """Luck and skill as the review prints them (95% intervals in brackets)."""
        lines = [f"Luck and skill (points of the margin; luck below zero is good luck, skill is points lost): "
                 f"luck {self.luck}, skill {self.skill}; performance {self.rating.points:.2f} "
                 f"[{self.rating.interval[0]:.2f}, {self.rating.interval[1]:.2f}] points lost per non-obvious "
                 f"decision ({self.counted} counted, {self.obvious} obvious: answered as the analyst with the "
                 "turn going on, or going out)"]
        for r in self.rounds:
            lines.append(f"  round {r.round_no}: margin {r.margin:+.1f} = deal luck {r.deal} + draw luck {r.draws} "
                         f"+ skill {r.skill}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()


def obvious(decision) -> bool:
    """Judged without rollouts: the analyst agreed and the turn went on, or the seat went out."""
    return decision.cost.n == 0 and decision.expected is None


def _fig(estimate) -> Figure:
    se = estimate.se if not math.isnan(estimate.se) else 0.0
    return Figure(estimate.mean, se)


def luck_and_skill(review) -> LuckAndSkill:
    """Luck and skill of the reviewed seat (see the module), from ``review`` alone."""
    match = loads(review.record)
    seat = review.seat
    margins = {}
    for result in match.round_results:
        others = [p for s, p in enumerate(result.points) if s != seat]
        margins[result.round_no] = result.points[seat] - sum(others) / len(others)
    by_round: dict[int, list] = {}
    for d in review.decisions:
        by_round.setdefault(d.round_no, []).append(d)
    rounds = []
    for round_no, margin in sorted(margins.items()):
        decisions = by_round.get(round_no, [])
        skill = _sum([_fig(d.cost) for d in decisions if d.cost.n > 0])
        measured = [d for d in decisions if d.expected is not None]
        if not measured:  # nothing measured this round: all of it is the deal's and the draws'
            rounds.append(RoundLuck(round_no, margin, Figure(margin - skill.points, skill.se), Figure(0.0, 0.0),
                                    skill, ()))
            continue
        # The first measured point, as if played as the analyst would, less what came before.
        first = measured[0]
        before = [d for d in decisions if d.index <= first.index and d.cost.n > 0]
        deal = Figure(first.expected.mean - sum(d.cost.mean for d in before),
                      math.sqrt(_fig(first.expected).se ** 2 + sum(_fig(d.cost).se ** 2 for d in before)))
        steps, draw_points, draw_var = [], 0.0, 0.0
        lost = sum(d.cost.mean for d in before)
        steps.append((first.index, deal.points, lost))
        for a, b in zip(measured, measured[1:]):
            between = [d for d in decisions if a.index < d.index <= b.index and d.cost.n > 0]
            cost = sum(d.cost.mean for d in between)
            draw_points += b.expected.mean - a.expected.mean - cost
            draw_var += _fig(b.expected).se ** 2 + sum(_fig(d.cost).se ** 2 for d in between)
            lost += cost
            steps.append((b.index, deal.points + draw_points, lost))
        after = [d for d in decisions if d.index > measured[-1].index and d.cost.n > 0]
        draw_points += margin - measured[-1].expected.mean - sum(d.cost.mean for d in after)
        draw_var += sum(_fig(d.cost).se ** 2 for d in after)
        rounds.append(RoundLuck(round_no, margin, deal, Figure(draw_points, math.sqrt(draw_var)), skill,
                                tuple(steps)))
    counted = [d for d in review.decisions if not obvious(d)]
    lost = _sum([_fig(d.cost) for d in counted if d.cost.n > 0])
    n = max(1, len(counted))
    skill = _sum([_fig(d.cost) for d in review.decisions if d.cost.n > 0])
    return LuckAndSkill(seat, tuple(rounds), skill, Figure(lost.points / n, lost.se / n), len(counted),
                        len(review.decisions) - len(counted))
