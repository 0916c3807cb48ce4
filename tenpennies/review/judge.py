"""A game review: every decision one seat took in a match, judged against the analyst.

Chess players improve by going over their games with an engine ("you lost two pawns
here; this was better"). :func:`review` does that for a saved match: for each decision
of one seat (an offer answered, a discard, a lay-down, going out...) it asks the analyst,
the expert bot (:class:`tenpennies.bots.expert.ExpertBot`), what it would have done, and
when that differs from what was played it measures the cost: both actions played out
from the seat's own view at that moment (``match.view(seat)`` after replaying the record
to the decision) in the same sampled worlds, paired world by world
(:func:`tenpennies.bots.rollouts.paired_difference`), to the round's end by the strong bot in
every seat (in Ten Card Rummy, for at most :data:`~tenpennies.review.budget.RUNS_HORIZON` turns a seat). The worlds
deal the cards the seat could not see afresh, consistent with what it knew then, so the
review never judges with hindsight of the hidden cards.

What a review returns, a :class:`~tenpennies.review.judged.Review` of
:class:`~tenpennies.review.judged.JudgedDecision` values, is
:mod:`tenpennies.review.judged`; how a cost is graded, :mod:`tenpennies.review.grades`; how
many rollouts a review plays, :mod:`tenpennies.review.budget`. This module does the
judging: a decision's cost is screened in the review's rollouts, and a cost that looks
like a mistake is measured again on fresh worlds
(:data:`~tenpennies.review.budget.CONFIRM_FACTOR` times as many), and that measurement
alone grades it, so that luck among a match's many decisions does not make mistakes.
:func:`recheck` measures judged decisions again, with ten times the rollouts.

Where the played action is the analyst's own choice, its cost is exactly nothing (the
same action in the same worlds), so no rollouts are played for the cost; at the turn's
discard the seat's expected margin is still measured, for the chart, and any other
decision the analyst agrees with is good without rollouts at all. A decision with only one legal
action is not a decision and is left out.

The work is spread over processes as :func:`tenpennies.play.simulate.simulate` spreads
matches (``workers``, or any ``executor``), with a progress bar; each worker replays the
record itself (a few milliseconds), which is cheaper than sending it views.

Its pictures and page are :mod:`tenpennies.review.page`, its replay
:mod:`tenpennies.review.session`.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from ..engine.actions import Action, Discard, parse_action
from ..bots import derive_seed
from ..bots.buying import decision_words, offer_sentence
from ..bots.melding import explained
from ..bots.rollouts import Estimate, compare, paired_difference, rollout_margins
from ..engine.errors import TenPenniesError, WrongTypeError
from ..engine.words import capitalized
from ..play.match import Match
from ..play.record import from_dict, load, loads, to_dict
from ..play.view import PlayerView
from ..explain.decisions import action_words, why_words
from .budget import confirm_rollouts, default_rollouts, expected_rollouts, rollout_horizon
from .grades import MISTAKE_GRADES, Grade, grade_of
from .judged import JudgedDecision, Review, _goes_out, kind_of


def _match_of(record: Any) -> Match:
    """The match a review reads: a Match, a record's data, its JSON text, or a file's path."""
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
    # (import weight: import tenpennies loads no expert bot; a review asks for it here)
    from ..bots.expert import ExpertBot

    return ExpertBot(derive_seed("review-analyst", seed))


def judge(view: PlayerView, played: Action, *, index: int = 0, rollouts: int | None = None,
          seed: int | str = 0, analyst=None) -> JudgedDecision:
    """One decision judged: ``played`` in ``view`` (the seat's view as it was) against the
    analyst's choice, over ``rollouts`` paired worlds (None: :func:`~tenpennies.review.budget.default_rollouts`)
    seeded from ``seed`` and ``index``; a cost that looks like a mistake there is confirmed
    on :func:`~tenpennies.review.budget.confirm_rollouts` fresh worlds, which alone give its cost and grade."""
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
    cost over ``rollouts`` paired worlds (None: :func:`~tenpennies.review.budget.default_rollouts`, 32, or 16 in Ten
    Card Rummy, whose rollouts also stop at :data:`~tenpennies.review.budget.RUNS_HORIZON`). The same ``seed`` gives
    the same review on any machine and with any number of workers. The work runs on ``executor`` if given (any
    :class:`concurrent.futures.Executor`), else on a process pool of ``workers`` processes
    (all cores when None), or in this process when ``workers`` is 1. ``progress=True``
    shows a tqdm bar (if installed); a callable is called with (decisions done, total)
    as the work goes.
    """
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
            from tqdm.auto import tqdm  # (optional: tqdm is not needed to review)
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
    offer = decision_words(decision, view)
    runs = view.rules.has_runs
    if offer is not None and not runs:
        return offer
    if runs and decision.reason != "rollouts" and "why" not in decision.facts:
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


__all__ = ["RECHECK_FACTOR", "judge", "kept_sign", "reason_words", "recheck", "review"]
