"""Many seeded matches between bots: results streamed, exported, and summed up.

:func:`simulate` plays ``matches`` matches between the chosen bots and yields one small
frozen :class:`MatchResult` per match, in match order. Match ``i`` is seeded
``match_seed(seed, i)`` and its bots ``bot_seed(match seed, seat)``, so a result depends
only on ``(seed, i)``: the same with one worker or many, with a process pool, a Dask or
a Ray executor. Nothing is kept per match but the result, so memory stays flat however
many matches are played::

    >>> results = list(simulate(["thumb", "random", "thumb", "random"], matches=4, seed=1, workers=1))
    >>> [r.index for r in results]
    [0, 1, 2, 3]
    >>> summary = summarize(results)
    >>> summary.bots
    ('thumb', 'random')
    >>> summary.stats["thumb"].points_per_match.mean < summary.stats["random"].points_per_match.mean
    True

Results go to CSV (:func:`write_csv`: one row per seat per match, or per round) and JSON
(:func:`write_json`); :func:`summarize` gives mean points per round and per match with
95% confidence intervals (Student's t), win shares (a tie shares the win, T19) with
Wilson intervals that stay in [0, 1], and paired differences between bots;
:meth:`Summary.plot` draws it when matplotlib is installed.
"""

from __future__ import annotations

import concurrent.futures
import csv
import json
import math
import os
import random
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterable, Iterator, Sequence

from ..engine.actions import Buy, Deal
from ..bots import BotFactory, derive_seed, make_bot, play_match
from ..engine.errors import TenPenniesError
# (The intervals are named here too, where the summary's readers have long found them.)
from ..odds.intervals import (METHOD_WORDS, Z95, Interval, bootstrap_interval, interval_of, mean_interval,  # noqa: F401
                        t_quantile, wilson_interval, _Tally)
from .match import Match
from .position import Position
from ..engine.rules import TEN_PENNIES, RuleSet


def match_seed(seed: int | str, index: int) -> int:
    """The seed of match ``index`` in a simulation seeded ``seed``.

    >>> match_seed(1, 0) == match_seed(1, 0) != match_seed(1, 1)
    True
    """
    return derive_seed("match", seed, index)


# -- results ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundResult:
    """How one round went: points per seat, who went out and how it ended (T12, T17)."""

    round_no: int
    how: str
    went_out: int | None
    points: tuple[int, ...]
    turns: int
    tokens_spent: tuple[int, ...]


@dataclass(frozen=True)
class MatchResult:
    """One finished match, small enough to stream: no cards, no log."""

    index: int
    seed: int | str
    bots: tuple[str, ...]
    rounds: tuple[RoundResult, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def tokens_spent(self) -> tuple[int, ...]:
        return tuple(sum(r.tokens_spent[s] for r in self.rounds) for s in range(len(self.bots)))

    def win_share(self, seat: int) -> float:
        """1 for a sole winner, 1/n for each of n tied winners (T19), else 0."""
        return 1 / len(self.winners) if seat in self.winners else 0.0

    @classmethod
    def of(cls, match: Match, index: int, bots: Sequence[str]) -> "MatchResult":
        """The result of a finished match."""
        n = match.rules.players
        spent: list[list[int]] = []
        for entry in match.log:
            if isinstance(entry, Deal):
                spent.append([0] * n)
            elif isinstance(entry, Buy):
                spent[-1][entry.seat] += 1
        rounds = tuple(
            RoundResult(r.round_no, r.how, r.went_out, r.points, r.turns, tuple(s))
            for r, s in zip(match.round_results, spent)
        )
        return cls(index, match.seed, tuple(bots), rounds, tuple(match.scores), match.winners)

    def to_dict(self) -> dict:
        """Plain JSON-ready data."""
        return {
            "match": self.index, "seed": self.seed, "bots": list(self.bots),
            "scores": list(self.scores), "winners": list(self.winners),
            "tokens_spent": list(self.tokens_spent),
            "rounds": [
                {"round": r.round_no, "how": r.how, "went_out": r.went_out, "turns": r.turns,
                 "points": list(r.points), "tokens_spent": list(r.tokens_spent)}
                for r in self.rounds
            ],
        }


def _bot_label(bot: str | BotFactory) -> str:
    if isinstance(bot, str):
        return bot
    return getattr(bot, "name", None) or getattr(bot, "__name__", None) or type(bot).__name__


def play_one(bots: Sequence[str | BotFactory], seed: int | str, index: int,
             rules: RuleSet = TEN_PENNIES) -> MatchResult:
    """Play match ``index`` of the simulation seeded ``seed`` and return its result."""
    match = play_match(bots, match_seed(seed, index), rules)
    return MatchResult.of(match, index, [_bot_label(b) for b in bots])


def _play_chunk(bots, seed, start: int, stop: int, rules: RuleSet) -> list[MatchResult]:
    # Runs in a worker: a chunk of matches per task keeps the pool's overhead small.
    return [play_one(bots, seed, i, rules) for i in range(start, stop)]


def simulate(
    bots: Sequence[str | BotFactory],
    matches: int,
    seed: int | str = 0,
    *,
    rules: RuleSet = TEN_PENNIES,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk: int | None = None,
    progress: bool = False,
) -> Iterator[MatchResult]:
    """Play ``matches`` seeded matches between ``bots`` (one per seat); yield results in order.

    ``bots`` are names ("random", "thumb", "strong", "expert") or picklable factories. The work
    runs on ``executor`` if given (any :class:`concurrent.futures.Executor`: a process
    pool, ``distributed.Client.get_executor()``, a Ray pool), else on a process pool of
    ``workers`` processes (all cores when None), or in this process when ``workers`` is
    1. Matches go out in chunks, never more than a few per worker at once, so memory
    does not grow with ``matches``. ``progress=True`` shows a tqdm bar (if installed).

    ``rules`` may be any rule set, with one bot per seat it seats: Ten Card Rummy for six
    is ``rules=TEN_CARD_RUMMY.with_players(6)`` with six bots (C1). There a "token spent"
    in the results is a buy (C9 needs no token), counted the same way, and
    ``summarize(results, rules)`` heads that column "buys".
    """
    bots = list(bots)
    if len(bots) != rules.players:
        raise TenPenniesError(f"a match needs {rules.players} bots, one per seat, not {len(bots)}")
    for b in bots:
        if isinstance(b, str):
            make_bot(b)  # an unknown name fails here, not in a worker
    if not isinstance(matches, int) or matches < 0:
        raise TenPenniesError(f"matches must be a whole number, not {matches!r}")
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise TenPenniesError(f"workers must be at least 1, not {workers!r}")
    return _run(bots, matches, seed, rules, workers, executor, chunk, progress)


def _run(bots, matches, seed, rules, workers, executor, chunk, progress) -> Iterator[MatchResult]:
    bar = _progress_bar(matches) if progress else None
    try:
        if executor is None and (workers or os.cpu_count() or 1) == 1:
            for i in range(matches):
                result = play_one(bots, seed, i, rules)
                if bar is not None:
                    bar.update(1)
                yield result
            return
        own = executor is None
        if own:
            executor = concurrent.futures.ProcessPoolExecutor(workers or os.cpu_count())
        lanes = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        size = chunk or max(1, min(16, matches // (lanes * 4) or 1))
        starts = iter(range(0, matches, size))
        pending: deque = deque()
        try:
            # A bounded window of chunks in flight; results are yielded in match order.
            for start in starts:
                pending.append(executor.submit(_play_chunk, bots, seed, start,
                                               min(start + size, matches), rules))
                if len(pending) >= 2 * lanes:
                    break
            while pending:
                for result in pending.popleft().result():
                    if bar is not None:
                        bar.update(1)
                    yield result
                start = next(starts, None)
                if start is not None:
                    pending.append(executor.submit(_play_chunk, bots, seed, start,
                                                   min(start + size, matches), rules))
        finally:
            for f in pending:
                f.cancel()
            if own:
                executor.shutdown(wait=True, cancel_futures=True)
    finally:
        if bar is not None:
            bar.close()


def run_in_order(task, jobs: Sequence[tuple], *, workers: int | None = None,
                 executor: concurrent.futures.Executor | None = None, progress: bool = False,
                 unit: str = "job") -> Iterator:
    """``task(*job)`` for each of ``jobs``, yielded in the jobs' order, on the same executor
    as :func:`simulate` (``executor`` if given, else a process pool of ``workers``, or this
    process when ``workers`` is 1), a bounded window of jobs in flight, with a progress bar
    (``progress=True``). ``task`` must be a module-level function (it is pickled) and each
    result depend on its job alone, so the results are the same for any worker count.
    (The puzzle generator mines its matches this way.)"""
    jobs = list(jobs)
    bar = _progress_bar(len(jobs), unit) if progress else None
    try:
        if executor is None and (workers or os.cpu_count() or 1) == 1:
            for job in jobs:
                result = task(*job)
                if bar is not None:
                    bar.update(1)
                yield result
            return
        own = executor is None
        if own:
            executor = concurrent.futures.ProcessPoolExecutor(workers or os.cpu_count())
        lanes = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
        waiting = iter(jobs)
        pending: deque = deque()
        try:
            for job in waiting:
                pending.append(executor.submit(task, *job))
                if len(pending) >= 8 * lanes:  # room for a slow job not to stall the others
                    break
            while pending:
                result = pending.popleft().result()
                if bar is not None:
                    bar.update(1)
                yield result
                job = next(waiting, None)
                if job is not None:
                    pending.append(executor.submit(task, *job))
        finally:
            for f in pending:
                f.cancel()
            if own:
                executor.shutdown(wait=True, cancel_futures=True)
    finally:
        if bar is not None:
            bar.close()


def _progress_bar(total: int, unit: str = "match"):
    try:
        from tqdm.auto import tqdm  # (optional: a progress bar only when tqdm is installed)
    except ImportError:
        return None
    return tqdm(total=total, unit=unit, desc=unit + "es" if unit.endswith("ch") else unit + "s")


# -- export -------------------------------------------------------------------------------
MATCH_COLUMNS = ("match", "seed", "seat", "bot", "points", "win_share", "tokens_spent", "rounds_out")
ROUND_COLUMNS = ("match", "seed", "round", "seat", "bot", "points", "went_out", "how", "turns", "tokens_spent")


def match_rows(result: MatchResult) -> Iterator[dict]:
    """One row per seat of a match (see :data:`MATCH_COLUMNS`)."""
    for seat, bot in enumerate(result.bots):
        yield {
            "match": result.index, "seed": result.seed, "seat": seat, "bot": bot,
            "points": result.scores[seat], "win_share": round(result.win_share(seat), 6),
            "tokens_spent": result.tokens_spent[seat],
            "rounds_out": sum(r.went_out == seat for r in result.rounds),
        }


def round_rows(result: MatchResult) -> Iterator[dict]:
    """One row per seat per round of a match (see :data:`ROUND_COLUMNS`)."""
    for r in result.rounds:
        for seat, bot in enumerate(result.bots):
            yield {
                "match": result.index, "seed": result.seed, "round": r.round_no, "seat": seat,
                "bot": bot, "points": r.points[seat], "went_out": int(r.went_out == seat),
                "how": r.how, "turns": r.turns, "tokens_spent": r.tokens_spent[seat],
            }


def _open(target: str | Path | IO[str]):
    if isinstance(target, (str, Path)):
        return open(target, "w", newline="", encoding="utf-8"), True
    return target, False


def write_csv(results: Iterable[MatchResult], target: str | Path | IO[str], per: str = "match",
              ) -> Iterator[MatchResult]:
    """Write results as CSV, one row per seat per ``"match"`` or per ``"round"``.

    Returns a generator that writes each result as it passes it on, so one stream of
    results can feed several writers and a summary: nothing is written until it is
    consumed (``summarize(write_csv(simulate(...), "out.csv"))``).

    >>> import io
    >>> out = io.StringIO()
    >>> _ = summarize(write_csv(simulate(["thumb"] * 4, matches=1, seed=1, workers=1), out))
    >>> out.getvalue().splitlines()[0]
    'match,seed,seat,bot,points,win_share,tokens_spent,rounds_out'
    """
    if per not in ("match", "round"):
        raise TenPenniesError(f"per is 'match' or 'round', not {per!r}")
    columns, rows = (MATCH_COLUMNS, match_rows) if per == "match" else (ROUND_COLUMNS, round_rows)

    def passing() -> Iterator[MatchResult]:
        handle, own = _open(target)
        try:
            writer = csv.DictWriter(handle, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            for result in results:
                writer.writerows(rows(result))
                yield result
        finally:
            if own:
                handle.close()

    return passing()


def write_json(results: Iterable[MatchResult], target: str | Path | IO[str]) -> Iterator[MatchResult]:
    """Write results as one JSON list of matches (see :meth:`MatchResult.to_dict`).

    Like :func:`write_csv`, a generator that writes as it passes results on; the list
    is written one match at a time, so it never sits in memory whole.
    """
    def passing() -> Iterator[MatchResult]:
        handle, own = _open(target)
        try:
            handle.write("[")
            for k, result in enumerate(results):
                handle.write(("\n" if k == 0 else ",\n") + json.dumps(result.to_dict()))
                yield result
            handle.write("\n]\n")
        finally:
            if own:
                handle.close()

    return passing()


# -- the tournament summary -----------------------------------------------------------------
@dataclass(frozen=True)
class BotStats:
    """One bot's figures: each match contributes one value (its seats averaged)."""

    bot: str
    matches: int
    seats: int
    points_per_match: Interval
    points_per_round: Interval
    win_share: Interval
    rounds_out: Interval
    tokens_spent: Interval


@dataclass(frozen=True)
class Summary:
    """A tournament's figures per bot, and paired differences between bots.

    A bot playing several seats of a match counts once per match, with its seats
    averaged, so the intervals treat matches (not seats) as the independent samples.
    ``differences[(a, b)]`` is the mean over matches holding both of (a's points per
    match - b's): negative when ``a`` scores fewer points, that is, plays better.
    ``win_share`` is the share of the win per seat the bot held (a tie shares it).
    Means and differences carry Student's t intervals, ``win_share`` a Wilson interval
    that stays in [0, 1] (see :func:`wilson_interval`); each :class:`Interval` names its
    ``method``.
    """

    matches: int
    bots: tuple[str, ...]
    stats: dict[str, BotStats]
    differences: dict[tuple[str, str], Interval]
    # The head of the purchases column: each purchase costs a token in Ten Pennies (T4),
    # but some games have no tokens (C9), and there it counts buys.
    purchases: str = "tokens spent"

    def difference(self, a: str, b: str) -> Interval:
        """Points per match of ``a`` minus those of ``b``, paired by match, with its interval."""
        if (a, b) in self.differences:
            return self.differences[(a, b)]
        d = self.differences[(b, a)]
        return Interval(-d.mean, -d.high, -d.low, d.n, d.method)

    def __str__(self) -> str:
        lines = [f"{self.matches} matches; 95% confidence intervals: means by t, shares by Wilson; "
                 "lower points are better",
                 f"{'bot':<8} {'seats':>5} {'points per match':>26} {'points per round':>24} "
                 f"{'win share per seat':>24} {'rounds out':>7} {self.purchases:>12}"]
        width = max(12, len(self.purchases))
        for bot in self.bots:
            s = self.stats[bot]
            lines.append(f"{bot:<8} {s.seats:>5} {str(s.points_per_match):>26} {str(s.points_per_round):>24} "
                         f"{str(s.win_share):>24} {s.rounds_out.mean:>10.2f} {s.tokens_spent.mean:>{width}.2f}")
        for (a, b), d in self.differences.items():
            lines.append(f"{a} - {b}: {d} points per match")
        return "\n".join(lines)

    def plot(self, ax=None):
        """A bar chart of points per match with 95% intervals (needs matplotlib)."""
        try:
            import matplotlib.pyplot as plt  # (optional: matplotlib is not needed to play)
        except ImportError:
            raise ImportError("Summary.plot needs matplotlib: pip install matplotlib") from None
        if ax is None:
            _, ax = plt.subplots(figsize=(5, 3))
        bots = list(self.bots)
        means = [self.stats[b].points_per_match.mean for b in bots]
        errs = [self.stats[b].points_per_match.mean - self.stats[b].points_per_match.low for b in bots]
        ax.bar(bots, means, yerr=errs, capsize=4, color="#4c72b0")
        ax.set_ylabel("points per match (lower is better)")
        ax.set_title(f"{self.matches} matches, 95% intervals")
        return ax


def summarize(results: Iterable[MatchResult], rules: RuleSet = TEN_PENNIES) -> Summary:
    """The tournament summary of a stream of results (consumed once, in flat memory).

    ``rules``, the game played, only names the purchases column: tokens spent, or buys
    where the game has no tokens (C9)."""
    per_match: dict[str, _Tally] = {}
    per_round: dict[str, _Tally] = {}
    wins: dict[str, _Tally] = {}
    outs: dict[str, _Tally] = {}
    tokens: dict[str, _Tally] = {}
    seats: dict[str, int] = {}
    diffs: dict[tuple[str, str], _Tally] = {}
    order: list[str] = []
    count = 0
    for result in results:
        count += 1
        mine: dict[str, list[int]] = {}
        for seat, bot in enumerate(result.bots):
            mine.setdefault(bot, []).append(seat)
        rounds = len(result.rounds) or 1
        match_points: dict[str, float] = {}
        spent = result.tokens_spent
        for bot, where in mine.items():
            if bot not in seats:
                order.append(bot)
                seats[bot] = len(where)
                for d in (per_match, per_round, wins, outs, tokens):
                    d[bot] = _Tally()
            k = len(where)
            points = sum(result.scores[s] for s in where) / k
            match_points[bot] = points
            per_match[bot].add(points)
            per_round[bot].add(points / rounds)
            wins[bot].add(sum(result.win_share(s) for s in where) / k)  # in [0, 1]: a share
            outs[bot].add(sum(r.went_out in where for r in result.rounds) / k)
            tokens[bot].add(sum(spent[s] for s in where) / k)
        present = [b for b in order if b in match_points]
        for i, a in enumerate(present):
            for b in present[i + 1:]:
                diffs.setdefault((a, b), _Tally()).add(match_points[a] - match_points[b])
    stats = {
        bot: BotStats(bot, per_match[bot].n, seats[bot], per_match[bot].interval(),
                      per_round[bot].interval(), wins[bot].share(), outs[bot].interval(),
                      tokens[bot].interval())
        for bot in order
    }
    purchases = "tokens spent" if rules.tokens is not None else "buys"
    return Summary(count, tuple(order), stats, {k: t.interval() for k, t in diffs.items()}, purchases)


# -- a token's worth, measured in play (the table tenpennies.bots.tokens reads) -------------------
def _deal_position(rules: RuleSet, round_no: int, rng: random.Random, tokens: Sequence[int]):
    deck = list(rules.deck())
    rng.shuffle(deck)
    n, size = rules.players, rules.hand_size
    hands = tuple(tuple(deck[i * size:(i + 1) * size]) for i in range(n))
    up = deck[n * size]
    return Position(round_no=round_no, hands=hands, discard_pile=(up,), tokens=tuple(tokens),
                    dealer=rng.randrange(n))


def _play_out(match, bots) -> None:
    while not match.is_over:
        seat = match.to_act
        match.apply(bots[seat].act(match.view(seat)))


def token_pair(round_no: int, tokens: int, index: int, seed: int | str = 0, rules: RuleSet = TEN_PENNIES,
               bots: Sequence = ("strong",) * 4) -> float:
    """One pair of :func:`measure_token_worth`: the seat's points to the match's end
    holding ``tokens - 1`` less its points holding ``tokens``, from the same seeded deal."""
    pair_seed = derive_seed("token-worth", seed, rules.name, round_no, tokens, index)
    seat = index % rules.players
    points = []
    for held in (tokens - 1, tokens):
        start = [tokens] * rules.players
        start[seat] = held
        position = _deal_position(rules, round_no, random.Random(pair_seed), start)
        match = Match.from_position(position, seed=pair_seed, rules=rules)
        built = [make_bot(b, derive_seed("bot", pair_seed, s)) for s, b in enumerate(bots)]
        _play_out(match, built)
        points.append(match.scores[seat])
    return float(points[0] - points[1])


def measure_token_worth(round_no: int, tokens: int, matches: int, seed: int | str = 0,
                        rules: RuleSet = TEN_PENNIES, bots: Sequence = ("strong",) * 4) -> Interval:
    """The worth in points of the ``tokens``-th token held at the start of round ``round_no``:
    ``matches`` pairs of seeded matches played from that round's deal to the match's end,
    the seat (each pair the next seat) holding ``tokens`` in one and ``tokens - 1`` in the
    other, everything else alike; the mean points the token saves, with its 95% interval.

    >>> w = measure_token_worth(7, 1, matches=4, seed=1)
    >>> w.n, w.low <= w.mean <= w.high
    (4, True)
    """
    if rules.tokens is None:
        raise TenPenniesError(f"{rules.name} spends no tokens: there is no token's worth to measure")
    rules._check_round(round_no)
    if not (isinstance(tokens, int) and 1 <= tokens <= rules.tokens):
        raise TenPenniesError(f"tokens must be a whole number from 1 to {rules.tokens}, not {tokens!r}")
    if not (isinstance(matches, int) and matches >= 1):
        raise TenPenniesError(f"matches must be a whole number, at least 1, not {matches!r}")
    return interval_of([token_pair(round_no, tokens, i, seed, rules, bots) for i in range(matches)])


__all__ = [
    "METHOD_WORDS", "MATCH_COLUMNS", "ROUND_COLUMNS", "BotStats", "Interval", "MatchResult",
    "RoundResult", "Summary", "bootstrap_interval", "match_rows", "match_seed", "mean_interval",
    "measure_token_worth", "play_one", "round_rows", "simulate", "summarize", "t_quantile", "token_pair",
    "wilson_interval",
    "write_csv", "write_json",
]
