"""A game review: every decision one seat took in a match, judged against the analyst.

Chess players improve by going over their games with an engine ("you lost two pawns
here; this was better"). :func:`review` does that for a saved match: for each decision
of one seat (an offer answered, a discard, a lay-down, going out...) it asks the analyst,
the expert bot (:class:`tenpennies.bots.expert.ExpertBot`), what it would have done, and
when that differs from what was played it measures the cost: both actions played out
from the seat's own view at that moment (``match.view(seat)`` after replaying the record
to the decision) in the same sampled worlds, paired world by world
(:func:`tenpennies.bots.rollouts.paired_difference`), to the round's end by the strong bot in
every seat (in Ten Card Rummy, for at most :data:`RUNS_HORIZON` turns a seat). The worlds
deal the cards the seat could not see afresh, consistent with what it knew then, so the
review never judges with hindsight of the hidden cards.

A judged decision (:class:`JudgedDecision`) holds what was played, what the analyst
prefers, the cost in points with its standard error, a :class:`Grade`, the reason in
words (built from the view and the analyst's :class:`~tenpennies.bots.decision.Decision`),
and the seat's expected margin at that moment, for a chart.

Grades follow point thresholds (:data:`INACCURACY_POINTS`, :data:`MISTAKE_POINTS`,
:data:`BLUNDER_POINTS`), and are given only when the cost's 95% interval excludes zero;
a difference the rollouts cannot tell from nothing is "close". A cost that looks like a
mistake is measured again on fresh worlds (:data:`CONFIRM_FACTOR` times as many), and
that measurement alone grades it, so that luck among a match's many decisions does not
make mistakes::

    >>> from tenpennies.bots.rollouts import Estimate
    >>> grade_of(Estimate(25.0, 3.0, 32)), grade_of(Estimate(25.0, 20.0, 32))
    (<Grade.BLUNDER: 'blunder'>, <Grade.CLOSE: 'close'>)
    >>> grade_of(Estimate(0.0, 0.0, 0))  # the analyst's own choice
    <Grade.GOOD: 'good'>

The points are the rollouts' margin (the analysis module's unit, lower is better for
the seat): the seat's points at the round's end minus the mean of the others', plus a
token's measured worth for a purchase. A cost is what the played action loses against
the analyst's in that unit; a negative cost means the played action did better.

Where the played action is the analyst's own choice, its cost is exactly nothing (the
same action in the same worlds), so no rollouts are played for the cost; at the turn's
discard the seat's expected margin is still measured, for the chart, and any other
decision the analyst agrees with is good without rollouts at all. A decision with only one legal
action is not a decision and is left out.

The work is spread over processes as :func:`tenpennies.play.simulate.simulate` spreads
matches (``workers``, or any ``executor``), with a progress bar; each worker replays the
record itself (a few milliseconds), which is cheaper than sending it views.

(One concept in one file, over 600 lines: judging a seat's match, from its decisions to
their grades, summaries, saved form and re-check; its pictures, page and replay are
:mod:`tenpennies.review.page`.)
"""

from __future__ import annotations

import concurrent.futures
import json
import math
import os
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..engine.actions import (Action, AddToMeld, Discard, LayDown, Meld, Pass, TakeDiscard, parse_action)
from ..bots.rollouts import Estimate, compare, paired_difference, rollout_margins
from ..engine.errors import RecordError, TenPenniesError, WrongTypeError
from ..play.match import Match, Phase
from ..engine.rules import RuleSet
from ..play.view import PlayerView
from ..explain.decisions import action_words
from ..engine.words import plural

# -- grades ---------------------------------------------------------------------------------
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
"""The grades a review lists as mistakes (:attr:`Review.mistakes`)."""


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
    follows from ``cost`` (:func:`grade_of`); ``reason`` says it in words, from what the
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
    """Every judged decision of ``seat`` in a match (:func:`review` makes one).

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
        from .luck import luck_and_skill

        return luck_and_skill(self)

    def match_at(self, index: int) -> Match:
        """The match just before action ``index`` of the record (a decision's ``index``):
        the table as it stood when that decision was taken."""
        from ..play.record import loads

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
            from ..play.record import to_dict as record_data, from_dict as match_of

            match = match_of(data["record"])  # replayed and checked, as any saved match
            decisions = tuple(JudgedDecision.from_data(d, seat) for d in data["decisions"])
            rules = RuleSet.from_dict(data["rules"])
            return cls(seat, rules, decisions, json.dumps(record_data(match), ensure_ascii=False),
                       int(data["rollouts"]), data["seed"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RecordError(f"the saved review is damaged: {exc}") from None


# -- judging ----------------------------------------------------------------------------------
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
then confirmation: see :func:`judge`). Without it, a match's review re-checked with ten
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
20 of 30 signs alike. The re-check (:func:`recheck`) plays the same horizon: it measures
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


def _match_of(record: Any) -> Match:
    """The match a review reads: a Match, a record's data, its JSON text, or a file's path."""
    from ..play.record import from_dict, load, loads

    if isinstance(record, Match):
        return record
    if isinstance(record, dict):
        return from_dict(record)
    if isinstance(record, (bytes, bytearray)):
        return loads(record)
    if isinstance(record, str) and record.lstrip().startswith("{"):
        return loads(record)
    if isinstance(record, (str, os.PathLike)):
        return load(Path(record))
    raise WrongTypeError(f"review reads a Match, a saved match's data or JSON text, or a file's path, "
                         f"not a {type(record).__name__}")


def _decisions(data: dict, seat: int, wanted: set[int] | None = None) -> Iterator[tuple[int, PlayerView, Action]]:
    """``(index, view, played)`` for each decision of ``seat`` in the saved match ``data``
    with more than one legal action (or each of ``wanted`` only), replaying the record."""
    from ..play.record import from_dict

    match = from_dict(data, upto=0)
    last = max(wanted) if wanted else None
    for index, (who, text) in enumerate(data["actions"]):
        if last is not None and index > last:
            return
        action = parse_action(text, who)
        if who == seat and (index in wanted if wanted is not None else len(match.legal_actions()) > 1):
            yield index, match.view(seat), action
        match.apply(action)


def _analyst(seed: int | str):
    from ..bots import derive_seed
    from ..bots.expert import ExpertBot

    return ExpertBot(derive_seed("review-analyst", seed))


def judge(view: PlayerView, played: Action, *, index: int = 0, rollouts: int | None = None,
          seed: int | str = 0, analyst=None) -> JudgedDecision:
    """One decision judged: ``played`` in ``view`` (the seat's view as it was) against the
    analyst's choice, over ``rollouts`` paired worlds (None: :func:`default_rollouts`)
    seeded from ``seed`` and ``index``; a cost that looks like a mistake there is confirmed
    on :func:`confirm_rollouts` fresh worlds, which alone give its cost and grade."""
    from ..bots import derive_seed

    if rollouts is None:
        rollouts = default_rollouts(view.rules)
    analyst = analyst or _analyst(seed)
    decision = analyst.decide(view)
    preferred = decision.action
    world_seed = derive_seed("review", seed, index)
    horizon = rollout_horizon(view.rules)
    expected = None
    out = _goes_out(view, played)
    if preferred == played or out:
        # The same action in the same worlds: nothing to measure. Going out ends the round
        # with nothing in hand (T12, C7), which no other play betters: good without rollouts.
        cost = Estimate(0.0, 0.0, 0)
        if isinstance(played, Discard) and not out:  # the curve's point of the turn: its discard
            expected = compare(view, [played], rollouts=expected_rollouts(rollouts, view.rules), seed=world_seed,
                               horizon=horizon)[played]
    else:
        # One set of paired rollouts gives both: the played action's margins, and their
        # differences from the preferred one's world by world (paired_difference's numbers).
        mine, theirs = rollout_margins(view, (played, preferred), rollouts, world_seed, horizon=horizon)
        expected = Estimate.of(mine)
        cost = Estimate.of([x - y for x, y in zip(mine, theirs)])
        if grade_of(cost) in MISTAKE_GRADES:
            # Screened, then confirmed: a match has dozens of decisions where the seat and
            # the analyst differ, and at 95% one in forty clears zero by luck alone. A cost
            # that looks like a mistake is measured again on fresh worlds, and the grade
            # is the new measurement's alone (the first one chose it, so it leans high).
            cost = paired_difference(view, played, preferred, rollouts=confirm_rollouts(rollouts), horizon=horizon,
                                     seed=derive_seed("review-confirm", seed, index))
    grade = grade_of(cost)
    return JudgedDecision(index, view.round_no, view.turns, kind_of(view, played, preferred), played, preferred,
                          cost, grade, reason_words(view, played, decision, cost, grade), expected)


def _judge_chunk(data: dict, seat: int, indices: Sequence[int], rollouts: int,
                 seed: int | str) -> list[JudgedDecision]:
    # Runs in a worker: it replays the record itself, cheaper than being sent the views.
    analyst = _analyst(seed)
    return [judge(view, played, index=index, rollouts=rollouts, seed=seed, analyst=analyst)
            for index, view, played in _decisions(data, seat, set(indices))]


def review(record, seat: int, *, rollouts: int | None = None, seed: int | str = 0,
           workers: int | None = None, executor: concurrent.futures.Executor | None = None,
           progress: bool | Callable[[int, int], object] | None = None,
           unasked: Iterable[int] = ()) -> Review:
    """Judge every decision ``seat`` took in ``record`` (a :class:`~tenpennies.play.match.Match`,
    a saved match's data or JSON text, or the path of a saved match).

    ``unasked``: the indices (in the record's actions) of the seat's decisions that were
    not the person's, such as the offers a table passed without asking
    (:meth:`tenpennies.front.table.Game.unasked_actions`): they are not judged, so nobody is
    blamed for a pass the table made.

    Each decision with more than one legal action is judged from the seat's view at that
    moment (:func:`judge`): the analyst's choice, and where the played action differs, the
    cost over ``rollouts`` paired worlds (None: :func:`default_rollouts`, 32, or 16 in Ten
    Card Rummy, whose rollouts also stop at :data:`RUNS_HORIZON`). The same ``seed`` gives
    the same review on any machine and with any number of workers. The work runs on ``executor`` if given (any
    :class:`concurrent.futures.Executor`), else on a process pool of ``workers`` processes
    (all cores when None), or in this process when ``workers`` is 1. ``progress=True``
    shows a tqdm bar (if installed); a callable is called with (decisions done, total)
    as the work goes.
    """
    from ..play.record import to_dict

    if isinstance(seat, bool) or not isinstance(seat, int):
        raise WrongTypeError(f"seat is a whole number, not {seat!r}")
    if rollouts is not None and (isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 2):
        raise WrongTypeError(f"rollouts must be a whole number, at least 2 (to measure the noise), not {rollouts!r}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise TenPenniesError(f"workers must be at least 1, not {workers!r}")
    match = _match_of(record)
    if rollouts is None:
        rollouts = default_rollouts(match.rules)
    if not 0 <= seat < match.rules.players:
        raise TenPenniesError(f"there is no seat {seat}: the match seats {match.rules.players} players")
    data = to_dict(match)
    skipped = set(unasked)
    indices = [i for i, _, _ in _decisions(data, seat) if i not in skipped]
    tell = _progress(progress, len(indices))
    judged: list[JudgedDecision] = []
    try:
        for chunk in _run(data, seat, indices, rollouts, seed, workers, executor):
            judged.extend(chunk)
            tell(len(chunk))
    finally:
        tell(None)
    judged.sort(key=lambda d: d.index)
    return Review(seat, match.rules, tuple(judged), json.dumps(data, ensure_ascii=False), rollouts, seed)


def _run(data, seat, indices, rollouts, seed, workers, executor) -> Iterator[list[JudgedDecision]]:
    """The judged decisions in chunks, as they are done (in this process, or on a pool)."""
    if executor is None and (workers or os.cpu_count() or 1) == 1:
        analyst = _analyst(seed)
        for index, view, played in _decisions(data, seat, set(indices)):  # one replay
            yield [judge(view, played, index=index, rollouts=rollouts, seed=seed, analyst=analyst)]
        return
    yield from _on_pool(_judge_chunk, data, seat, indices, (rollouts, seed), workers, executor)


def _on_pool(work, data, seat, items, extra, workers, executor) -> Iterator[list]:
    """``work(data, seat, chunk, *extra)`` for chunks of ``items``, on ``executor`` or on a
    process pool of ``workers``; each chunk's results as it is done."""
    own = executor is None
    if own:
        executor = concurrent.futures.ProcessPoolExecutor(workers or os.cpu_count())
    lanes = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
    # Small chunks keep the bar moving and the lanes busy to the end (decisions differ
    # in cost a hundredfold); each chunk replays the record once, a few milliseconds.
    size = max(1, min(16, len(items) // (lanes * 8) or 1))
    futures = [executor.submit(work, data, seat, items[k:k + size], *extra) for k in range(0, len(items), size)]
    try:
        for done in concurrent.futures.as_completed(futures):
            yield done.result()
    finally:
        for f in futures:
            f.cancel()
        if own:
            executor.shutdown(wait=True, cancel_futures=True)


# -- checking the review --------------------------------------------------------------------------
RECHECK_FACTOR = 10
"""How many times the review's rollouts a re-check plays (issue 25: ten times)."""


def recheck(review: Review, decisions: Sequence[JudgedDecision] | None = None, *, factor: int = RECHECK_FACTOR,
            seed: int | str = 1, workers: int | None = None, executor: concurrent.futures.Executor | None = None,
            progress: bool | Callable[[int, int], object] | None = None) -> tuple[Estimate, ...]:
    """Each of ``decisions`` (by default the review's blunders) measured again: the same
    played and preferred actions from the same view, over ``factor`` times the review's
    rollouts on fresh worlds (another ``seed``). The new costs, in the same order; a
    judgment that holds keeps its sign (:func:`kept_sign`)."""
    if decisions is None:
        decisions = [d for d in review.decisions if d.grade is Grade.BLUNDER]
    decisions = list(decisions)
    rollouts = review.rollouts * factor
    data = json.loads(review.record)
    items = [(d.index, d.played.text, d.preferred.text) for d in decisions]
    tell = _progress(progress, len(items))
    costs: dict[int, Estimate] = {}
    try:
        if executor is None and (workers or os.cpu_count() or 1) == 1:
            chunks = (_recheck_chunk(data, review.seat, [item], rollouts, seed) for item in items)
        else:
            chunks = _on_pool(_recheck_chunk, data, review.seat, items, (rollouts, seed), workers, executor)
        for chunk in chunks:
            costs.update(chunk)
            tell(len(chunk))
    finally:
        tell(None)
    return tuple(costs[d.index] for d in decisions)


def _recheck_chunk(data: dict, seat: int, items: Sequence[tuple[int, str, str]], rollouts: int,
                   seed: int | str) -> list[tuple[int, Estimate]]:
    from ..bots import derive_seed

    wanted = {index: (played, preferred) for index, played, preferred in items}
    out = []
    for index, view, _ in _decisions(data, seat, set(wanted)):
        played, preferred = (parse_action(text, seat) for text in wanted[index])
        out.append((index, paired_difference(view, played, preferred, rollouts=rollouts,
                                             horizon=rollout_horizon(view.rules),
                                             seed=derive_seed("recheck", seed, index))))
    return out


def kept_sign(decision: JudgedDecision, again: Estimate) -> bool:
    """Does the re-measured cost ``again`` say what the review said: a loss for a graded
    mistake (a positive mean), a gain for a clear gain?"""
    return (again.mean > 0) == (decision.cost.mean > 0)


def _progress(progress, total: int) -> Callable[[int | None], None]:
    """A function told each chunk's count of decisions done, and None at the end."""
    if callable(progress):
        done = [0]

        def tell(n):
            if n is not None:
                done[0] += n
                progress(done[0], total)
        return tell
    if progress:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return lambda n: None
        bar = tqdm(total=total, unit="decision", desc="review")
        return lambda n: bar.close() if n is None else bar.update(n)
    return lambda n: None


# -- words ------------------------------------------------------------------------------------
def _analyst_words(decision, view: PlayerView) -> str:
    """Why the analyst prefers its action, from its decision's reason and facts, in the
    words the hint uses for the same decision (:func:`tenpennies.explain.decisions.why_words`); an
    offer's in the buy judgment's words (:func:`tenpennies.bots.buying.decision_words`).
    Empty for a reason with no words (a random move)."""
    from ..bots.buying import decision_words, offer_sentence
    from ..engine.words import capitalized
    from ..explain.decisions import why_words

    offer = decision_words(decision, view)
    runs = view.rules.has_runs
    if offer is not None and not runs:
        return offer
    if runs and decision.reason != "rollouts" and "why" not in decision.facts:
        from ..bots.melding import explained

        # The strong bot's turn with runs, explained as its hint explains it (asked here,
        # for a decision the seat played otherwise, not for every decision judged), and
        # where it takes or leaves the top discard, the buy judgment after it, as there.
        decision = explained(decision, view)
    said = why_words(decision, view)
    said = capitalized(said) + "." if said else ""
    if offer is not None:
        said = f"{said} {offer_sentence(view)}".lstrip()
    return said


def reason_words(view: PlayerView, played: Action, decision, cost: Estimate, grade: Grade) -> str:
    """Why ``played`` got its grade, in words from what the seat knew then (``view``) and
    the analyst's ``decision`` (:class:`~tenpennies.bots.decision.Decision`): what was played,
    what the analyst would do and its reason (:func:`_analyst_words`), and the paired
    rollouts' verdict. Nothing in it comes from a card the seat could not see."""
    did = action_words(played, view)
    preferred = decision.action
    if preferred == played:
        return f"You chose to {did}, as the analyst would."
    if _goes_out(view, played):
        return f"You chose to {did} and went out: a round ends no better than with an empty hand."
    better = action_words(preferred, view)
    worse = "worse" if cost.mean >= 0 else "better"
    verdict = (f"In {cost.n} paired rollouts from what you knew then, to {did} ends the round "
               f"{abs(cost.mean):.1f} ± {cost.se:.1f} points {worse} than to {better}")
    if grade is Grade.CLOSE:
        verdict += ": too close to call"
    text = f"You chose to {did}; the analyst would {better}. {verdict}."
    return f"{text} {_analyst_words(decision, view)}".rstrip()


__all__ = ["BLUNDER_POINTS", "CONFIRM_FACTOR", "DEFAULT_ROLLOUTS", "EXPECTED_SHARE", "Grade", "INACCURACY_POINTS",
           "JudgedDecision", "KINDS", "KIND_WORDS", "MISTAKE_GRADES", "MISTAKE_POINTS", "PointsLost", "RECHECK_FACTOR",
           "RUNS_EXPECTED_SHARE", "RUNS_HORIZON", "RUNS_ROLLOUTS", "Review", "confirm_rollouts", "default_rollouts",
           "expected_rollouts", "grade_of", "judge", "kept_sign", "kind_of", "reason_words", "recheck", "review",
           "rollout_horizon"]
