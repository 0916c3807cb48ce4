"""A judged match, as a value: each judged decision, its kind, the summaries, the saved form.

:func:`tenpennies.review.judge.review` judges a seat's decisions and returns a
:class:`Review`; this module holds what it returns. A judged decision
(:class:`JudgedDecision`) holds what was played, what the analyst prefers, the cost in
points with its standard error, a :class:`~tenpennies.review.grades.Grade`, the reason in
words (built from the view and the analyst's :class:`~tenpennies.bots.decision.Decision`),
and the seat's expected margin at that moment, for a chart. Decisions are sorted by kind
(:data:`KINDS`, :func:`kind_of`) and summed in points lost (:class:`PointsLost`) by round
and by kind; a :class:`Review` keeps its match's record, so that saved
(:meth:`Review.to_data`) it can be read back and drawn on the table it came from.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any, Iterable

from ..engine.actions import Action, AddToMeld, Discard, LayDown, Meld, Pass, TakeDiscard, parse_action
from ..bots.rollouts import Estimate
from ..engine.errors import RecordError
from ..play.match import Match, Phase
from ..play.record import from_dict as match_of, loads, to_dict as record_data
from ..engine.rules import RuleSet
from ..play.view import PlayerView
from ..engine.words import plural
from .budget import confirm_rollouts, rollout_horizon
from .grades import MISTAKE_GRADES, Grade, grade_count

# -- kinds of decision ----------------------------------------------------------------------
KINDS = ("buy", "draw", "lay-down", "go-out", "meld", "addition", "discard")
"""The kinds of decision a review sorts by, in the game's words: "buy" (an offer of the
top discard answered, T5, C9), "draw" (taking the top discard as the turn's draw, or
leaving it, C8), "lay-down" (laying the contract down now, or waiting, T10), "go-out"
(going out, or not, when one of the two actions does, T12), "meld" (a new meld once
down), "addition" (adding to a meld on the table, T14) and "discard" (which card ends
the turn, T11)."""

KIND_WORDS = {"buy": "buying or passing", "draw": "taking the discard or drawing", "lay-down": "laying down",
              "go-out": "going out", "meld": "melding", "addition": "adding to melds", "discard": "discarding"}
"""Each kind of decision as a summary's line says it."""


def _goes_out(view: PlayerView, action: Action) -> bool:
    """Does ``action`` empty the seat's hand (T12, C7)?"""
    if isinstance(action, Discard):
        return len(view.hand) == 1
    if isinstance(action, (LayDown, Meld, AddToMeld)):
        return len(action.cards) == len(view.hand)
    return False


def kind_of(view: PlayerView, played: Action, preferred: Action) -> str:
    """The kind of the decision (one of :data:`KINDS`) between ``played`` and ``preferred``
    in ``view``: going out if either goes out, laying down if either lays down, else what
    was played."""
    if view.phase is Phase.OFFER:
        # The active player offered the top discard for nothing takes it as its draw (C8);
        # any other offer is a purchase (T5, C9).
        free = any(isinstance(a, TakeDiscard) for a in (played, preferred))
        return "draw" if free else "buy"
    if _goes_out(view, played) or _goes_out(view, preferred):
        return "go-out"
    if isinstance(played, LayDown) or isinstance(preferred, LayDown):
        return "lay-down"
    if isinstance(played, (TakeDiscard, Pass)):
        return "draw"  # Ten Card Rummy's meld phase ends with taking the discard, or not (C6, C8)
    if isinstance(played, Meld):
        return "meld"
    if isinstance(played, AddToMeld):
        return "addition"
    return "discard"


# -- the judged decision ----------------------------------------------------------------------
@dataclass(frozen=True)
class JudgedDecision:
    """One decision of the reviewed seat, judged.

    ``index`` is the action's place in the record's list of actions (replay the record
    through ``index`` actions to reach the decision: :meth:`Review.match_at`); ``round_no``
    and ``turn`` (turns completed in the round, from 0) say where it fell; ``kind`` is one
    of :data:`KINDS`. ``played`` is what the seat did, ``preferred`` the analyst's choice;
    ``cost`` the points ``played`` loses against ``preferred`` (mean and standard error
    over paired rollouts; exactly 0 over none when they are the same action); ``grade``
    follows from ``cost`` (:func:`~tenpennies.review.grades.grade_of`); ``reason`` says it in words, from what the
    seat knew then. ``expected`` is the seat's expected margin for the round as played
    from here (its points minus the others' mean at the round's end: lower is better), for
    a chart; None where the analyst agrees and the turn goes on (an offer answered, a
    meld before the discard, Ten Card Rummy's take or draw) or the seat went out: no
    rollouts were played there.
    """

    index: int
    round_no: int
    turn: int
    kind: str
    played: Action
    preferred: Action
    cost: Estimate
    grade: Grade
    reason: str
    expected: Estimate | None

    @property
    def is_mistake(self) -> bool:
        """Graded an inaccuracy, a mistake or a blunder."""
        return self.grade in MISTAKE_GRADES

    def to_data(self) -> dict[str, Any]:
        """The decision as JSON-ready data (its actions as their text)."""
        return {"index": self.index, "round": self.round_no, "turn": self.turn, "kind": self.kind,
                "played": self.played.text, "preferred": self.preferred.text,
                "cost": _estimate_data(self.cost), "grade": self.grade.value, "reason": self.reason,
                "expected": None if self.expected is None else _estimate_data(self.expected)}

    @classmethod
    def from_data(cls, data: dict[str, Any], seat: int) -> "JudgedDecision":
        """A decision saved by :meth:`to_data`, of the reviewed ``seat``."""
        return cls(index=int(data["index"]), round_no=int(data["round"]), turn=int(data["turn"]),
                   kind=_known_kind(data["kind"]), played=parse_action(data["played"], seat),
                   preferred=parse_action(data["preferred"], seat), cost=_estimate_of(data["cost"]),
                   grade=Grade(data["grade"]), reason=str(data["reason"]),
                   expected=None if data["expected"] is None else _estimate_of(data["expected"]))


def _known_kind(kind: Any) -> str:
    if kind not in KINDS:
        raise RecordError(f"the saved review is damaged: unknown kind of decision {kind!r}")
    return kind


def _estimate_data(e: Estimate) -> dict[str, Any]:
    # JSON has no NaN: an error that could not be measured is saved as null.
    return {"mean": e.mean, "se": None if math.isnan(e.se) else e.se, "n": e.n}


def _estimate_of(data: dict[str, Any]) -> Estimate:
    se = data["se"]
    return Estimate(float(data["mean"]), math.nan if se is None else float(se), int(data["n"]))


@dataclass(frozen=True)
class PointsLost:
    """A summary line: ``decisions`` judged, how many were ``mistakes`` (inaccuracy or
    worse), and the ``points`` they lost against the analyst all together, with its
    standard error ``se`` (each decision's worlds are its own, so the errors add in
    squares). Points won back (a negative cost) count against the losses: the sum is the
    estimate of what the whole stretch cost, not of its worst moments."""

    decisions: int
    mistakes: int
    points: float
    se: float

    def __str__(self) -> str:
        return f"{self.points:.1f} ± {self.se:.1f}"


def _points_lost(decisions: Iterable[JudgedDecision]) -> PointsLost:
    decisions = list(decisions)
    costs = [d.cost for d in decisions if d.cost.n > 0]
    return PointsLost(len(decisions), sum(d.is_mistake for d in decisions), sum(c.mean for c in costs),
                      math.sqrt(sum(c.se ** 2 for c in costs if not math.isnan(c.se))))


# -- the review -----------------------------------------------------------------------------
REVIEW_FORMAT = "tenpennies-review"
REVIEW_VERSION = 1


@dataclass(frozen=True)
class Review:
    """Every judged decision of ``seat`` in a match (:func:`tenpennies.review.judge.review` makes one).

    ``rules`` is the match's rule set; ``decisions`` the judged decisions in the order
    they were taken; ``record`` the match as JSON text (:func:`tenpennies.play.record.dumps`),
    so a review saved with :meth:`to_data` can be drawn later on the table it came from
    (:meth:`match_at`); ``rollouts`` and ``seed`` say how it was judged.
    """

    seat: int
    rules: RuleSet
    decisions: tuple[JudgedDecision, ...]
    record: str
    rollouts: int
    seed: int | str

    @property
    def mistakes(self) -> tuple[JudgedDecision, ...]:
        """The decisions graded an inaccuracy or worse, in order."""
        return tuple(d for d in self.decisions if d.is_mistake)

    def points_lost(self) -> PointsLost:
        """The whole match's summary line: every judged decision."""
        return _points_lost(self.decisions)

    def by_round(self) -> dict[int, PointsLost]:
        """Points lost in each round (rounds with no judged decision left out), by round."""
        rounds: dict[int, list[JudgedDecision]] = {}
        for d in self.decisions:
            rounds.setdefault(d.round_no, []).append(d)
        return {r: _points_lost(ds) for r, ds in sorted(rounds.items())}

    def by_kind(self) -> dict[str, PointsLost]:
        """Points lost by kind of decision (:data:`KINDS`, in that order; kinds the seat
        never faced left out): where the seat loses its points, buying, discarding,
        laying down or going out."""
        kinds: dict[str, list[JudgedDecision]] = {k: [] for k in KINDS}
        for d in self.decisions:
            kinds[d.kind].append(d)
        return {k: _points_lost(ds) for k, ds in kinds.items() if ds}

    def counts(self) -> dict[Grade, int]:
        """How many decisions got each grade, every grade named."""
        counts = {g: 0 for g in Grade}
        for d in self.decisions:
            counts[d.grade] += 1
        return counts

    def luck(self):
        """Luck and skill, separated, with the performance rating: :func:`tenpennies.review.luck.luck_and_skill`
        (from this review's own measurements, no more rollouts)."""
        from .luck import luck_and_skill  # (import weight: import tenpennies loads no luck; asked for here)

        return luck_and_skill(self)

    def match_at(self, index: int) -> Match:
        """The match just before action ``index`` of the record (a decision's ``index``):
        the table as it stood when that decision was taken."""
        return loads(self.record, upto=index)

    def view_at(self, decision: JudgedDecision) -> PlayerView:
        """What the seat knew when it took ``decision``."""
        return self.match_at(decision.index).view(self.seat)

    def to_text(self) -> str:
        """The review as the command line prints it: the totals, points lost by round and
        by kind of decision, then each mistake with its reason."""
        counts = self.counts()
        total = self.points_lost()
        horizon = rollout_horizon(self.rules)
        lines = [f"Review of seat {self.seat}: {self.rules.name}, {self.rollouts} paired rollouts "
                 + ("" if horizon is None else f"of at most {horizon} turns ")
                 + f"a judged decision, {confirm_rollouts(self.rollouts)} more to confirm a mistake (seed {self.seed})",
                 f"{len(self.decisions)} decisions judged: "
                 + ", ".join(grade_count(counts[g], g) for g in Grade),
                 f"Points lost against the analyst: {total} (mean ± standard error, in points of the "
                 f"round's margin)", ""]
        rows = [("round", "decisions", "mistakes", "points lost")]
        rows += [(f"round {r}", str(p.decisions), str(p.mistakes), str(p)) for r, p in self.by_round().items()]
        rows.append(("",) * 4)
        rows.append(("kind of decision", "", "", ""))
        rows += [(KIND_WORDS[k], str(p.decisions), str(p.mistakes), str(p)) for k, p in self.by_kind().items()]
        width = [max(len(r[i]) for r in rows) for i in range(4)]
        for r in rows:
            lines.append((f"  {r[0]:<{width[0]}}  {r[1]:>{width[1]}}  {r[2]:>{width[2]}}  {r[3]:>{width[3]}}"
                          if any(r) else "").rstrip())
        lines.append("")
        mistakes = self.mistakes
        if not mistakes:
            lines.append("No mistakes: every decision was the analyst's choice, or too close to call.")
        else:
            lines.append(f"Mistakes ({len(mistakes)}):")
            for d in mistakes:
                lines.append(f"- Round {d.round_no}, turn {d.turn + 1} (action {d.index}), {d.grade.value} "
                             f"({d.kind}): {d.cost.mean:.1f} ± {d.cost.se:.1f} points. {d.reason}")
        if self.record:  # luck needs the match as played (its real margins)
            lines += ["", self.luck().to_text()]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return (f"<Review seat {self.seat}: {plural(len(self.decisions), 'decision')}, "
                f"{plural(len(self.mistakes), 'mistake')}, "
                f"{self.points_lost()} points lost>")

    def to_data(self) -> dict[str, Any]:
        """The review as JSON-ready data (``json.dumps`` takes it as it is); read it back
        with :meth:`from_data`."""
        return {"format": REVIEW_FORMAT, "version": REVIEW_VERSION, "seat": self.seat,
                "rules": self.rules.to_dict(), "rollouts": self.rollouts, "seed": self.seed,
                "record": json.loads(self.record),
                "decisions": [d.to_data() for d in self.decisions]}

    @classmethod
    def from_data(cls, data: Any) -> "Review":
        """A review saved with :meth:`to_data` (the data, or its JSON text); damaged data is
        refused with a :class:`~tenpennies.engine.errors.RecordError` saying what is wrong."""
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError as exc:
                raise RecordError(f"the saved review is not valid JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != REVIEW_FORMAT:
            raise RecordError(f"not a saved review (expected format {REVIEW_FORMAT!r})")
        if data.get("version") != REVIEW_VERSION:
            raise RecordError(f"a review saved with version {data.get('version')!r}; "
                              f"this kit reads version {REVIEW_VERSION}")
        try:
            seat = data["seat"]
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise RecordError(f"the saved review is damaged: seat {seat!r} is not a seat number")
            match = match_of(data["record"])  # replayed and checked, as any saved match
            decisions = tuple(JudgedDecision.from_data(d, seat) for d in data["decisions"])
            rules = RuleSet.from_dict(data["rules"])
            return cls(seat, rules, decisions, json.dumps(record_data(match), ensure_ascii=False),
                       int(data["rollouts"]), data["seed"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"the saved review is damaged: {exc}") from None


__all__ = ["JudgedDecision", "KINDS", "KIND_WORDS", "PointsLost", "Review", "kind_of"]
