"""Puzzle ratings: a ladder of solver players of known strength tries every puzzle.

lichess rates a puzzle by how its solvers fare. Before any learner has tried ours, a
ladder of solver players stands in for them: each player answers with the kit's own
solver, but through the mistakes people make, more of them the lower the rung, and
:meth:`Puzzle.check <tenpennies.puzzles.Puzzle.check>` judges each answer, as it judges a
learner's. A puzzle the weak players get right is easy; one that only the top of the
ladder solves is hard. The ratings are Glicko-2 (:mod:`tenpennies.puzzles.glicko`), on the scale
learners are rated on.

How a ladder player goes wrong (:class:`LadderPlayer`; rung ``k`` makes each mistake
``FALLOFF ** k`` as often as rung 0):

- **Overlooking cards** (``lapse``): each card of the hand is missed on its own chance,
  and the player solves the hand it saw. A big hand, or a position where every card
  counts (a cost to add up, the one way to lay down), is missed more often.
- **Slipping on a rule** (``slip``): the player forgets a rule for the attempt: the
  limit on wilds (one more per set than T14 allows; in Ten Card Rummy as many wilds as
  naturals, against C4), no natural suit twice in a set (T15); or, having found no way
  to lay down, talks itself into melds one card short ("near miss"). Each slip comes on
  its own chance ``slip``. A position whose answer
  turns on a rule (a near miss, more wilds than a set may hold) is hard for this reason.
- **Misjudging values** (``noise``): in puzzles that rank choices (``discard``, ``buy``)
  the player sees each choice's worth with a normal error and picks the best it sees,
  so a close call is harder than a clear one. ``noise`` is in the choice's own units
  scaled by :data:`NOISE_SCALE` (chances for a discard, points for a buy).

Rating (:func:`rate`): every rung tries every puzzle :data:`ATTEMPTS` times
(:func:`play_ladder`, in parallel, each attempt seeded by the puzzle's id, the rung and
the attempt, so results do not depend on workers or order). The ladder is then
**calibrated jointly and pinned** (:func:`calibrate`): one logistic (Rasch) fit of rung
strengths and puzzle difficulties to all results, with the Glicko prior (350) on
puzzles, shifted so the middle puzzle of the set is 1500: a new learner, rated 1500,
starts among the set's middle puzzles, as on lichess. Each
puzzle is then rated by Glicko-2 from 1500/350, one rating period per attempt in a
seeded order, against the pinned rungs: a solved attempt is the puzzle's loss. (A
puzzle that every rung solves keeps a finite rating: the Glicko updates stop short of
infinity as the fit's prior does.)

    >>> from tenpennies.puzzles import load
    >>> some = [p for p in load(kind="cost")][:4]
    >>> ratings = rate(some, workers=1)
    >>> sorted(ratings) == sorted(p.id for p in some)
    True
"""

from __future__ import annotations

import concurrent.futures
import csv
import math
import os
import random
import statistics
from collections import deque
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from ..bots import derive_seed
from ..engine.cards import Card
from ..engine.errors import TenPenniesError
from .glicko import SCALE, Rating, update
from .kinds import KINDS
from .progress import Progress, ProgressError
from ..engine.rules import RuleSet

if TYPE_CHECKING:
    from . import Puzzle
    from .answers import Solution

__all__ = ["PeopleAttempt", "people_attempts", "rerate", "ATTEMPTS", "FALLOFF", "LADDER", "LadderPlayer", "LadderResults", "NOISE_SCALE", "WEAKEST",
           "attempts", "calibrate", "play_ladder", "rate", "rate_results"]

FALLOFF = 0.6
"""Each rung makes each kind of mistake this fraction as often as the rung below."""
ATTEMPTS = 10
"""How many times each rung tries each puzzle (each attempt seeded on its own)."""
NOISE_SCALE = {"discard": 0.12, "buy": 12.0}
"""A rung-0 player's error in seeing a choice's worth: a chance (discard) or points (buy).
Other ranked kinds are scaled by the spread of their choices' values."""


@dataclass(frozen=True)
class LadderPlayer:
    """One rung of the ladder: how often it overlooks a card (``lapse``), slips on a rule
    (``slip``), and how far off it sees a choice's worth (``noise``, a fraction of
    :data:`NOISE_SCALE`)."""

    name: str
    lapse: float
    slip: float
    noise: float

    @classmethod
    def rung(cls, k: int) -> "LadderPlayer":
        """Rung ``k`` (0 the weakest) of the standard ladder."""
        f = FALLOFF ** k
        return cls(f"rung-{k}", lapse=WEAKEST.lapse * f, slip=WEAKEST.slip * f, noise=WEAKEST.noise * f)

    def answer(self, puzzle: "Puzzle", rng: random.Random, solution: "Solution | None" = None, *,
               _seen: dict | None = None) -> str:
        """This player's typed answer to ``puzzle`` on one attempt (``rng`` decides its
        mistakes; ``solution``, the puzzle's, saves solving it again)."""
        solution = solution or puzzle.solution()
        if puzzle.kind == "buy" and solution.facts.get("gain") is not None:
            return self._buy(solution, rng)
        if solution.margin is not None and solution.options:
            return self._ranked(puzzle, solution, rng)
        return self._fact(puzzle, solution, rng, {} if _seen is None else _seen)

    # A ranked puzzle: pick the best-looking choice, each seen with an error.
    def _ranked(self, puzzle, solution, rng) -> str:
        values = [float(v) for _, v in solution.options]
        scale = NOISE_SCALE.get(puzzle.kind) or (max(values) - min(values)) or 1.0
        sigma = self.noise * scale
        seen = [(v + rng.gauss(0.0, sigma), text) for text, v in solution.options]
        return max(seen)[1]

    # A buy: the gain's interval seen shifted by an error, then the judgment's own rule
    # (tenpennies.bots.buying): buy when all of it is above zero, pass when all below, else close.
    def _buy(self, solution, rng) -> str:
        gain = solution.facts["gain"]
        error = rng.gauss(0.0, self.noise * NOISE_SCALE["buy"])
        return "buy" if gain.low + error > 0 else "pass" if gain.high + error < 0 else "close"

    # A matter of fact: solve the hand as seen, under the rules as remembered.
    def _fact(self, puzzle, solution, rng, seen: dict) -> str:
        position = puzzle.position
        hand = list(position.hand)
        seen_hand = [c for c in hand if rng.random() >= self.lapse] or hand[:1]
        slips = [s for s in _SLIPS if rng.random() < self.slip]
        rules = position.rules
        for slip in slips:
            if slip != "short":
                rules = _slipped(rules, slip)
        answer = _solve_as_seen(puzzle, solution, seen_hand, rules, seen)
        if "short" in slips and answer is not None and answer.strip().lower() == "no":
            answer = _solve_as_seen(puzzle, solution, seen_hand, _slipped(rules, "short"), seen)
        return answer if answer is not None else solution.answer


WEAKEST = LadderPlayer("rung-0", lapse=0.15, slip=0.8, noise=2.0)
"""The ladder's bottom rung, a beginner: it misses about one card in seven, forgets each
rule on four attempts in five, and sees a discard's chance give or take 24 points in
100 (a buy's gain give or take 24 points). Chosen so that it solves about a third of
the shipped puzzles and the top rung nearly all: the ladder then spans the set."""
LADDER: tuple[LadderPlayer, ...] = tuple(LadderPlayer.rung(k) for k in range(8))
"""The standard ladder, weakest first: eight rungs, each making every mistake
:data:`FALLOFF` as often as the one below (the top rung one in thirty-six as often as
the bottom)."""

_SLIPS = ("wild-limit", "suit-twice", "short")


def _slipped(rules: RuleSet, slip: str) -> RuleSet:
    """The rules as a player who forgot one of them plays."""
    if slip == "wild-limit":
        # The limit on wilds in a meld: one more per set (T14), or as many as naturals (C4).
        return rules.replace(wild_limits=tuple(w + 1 for w in rules.wild_limits), wilds_outnumbered=False)
    if slip == "suit-twice":
        return rules.replace(repeated_suits_allowed=True)
    if slip == "short":
        if rules.min_set_size <= 2:
            return rules
        return rules.replace(min_set_size=rules.min_set_size - 1,
                             contracts=tuple((n, max(size - 1, rules.min_set_size - 1))
                                             for n, size in rules.contracts))
    raise TenPenniesError(f"no rule slip {slip!r}")


def _solve_as_seen(puzzle: "Puzzle", solution: "Solution", hand: list[Card], rules: RuleSet, seen: dict) -> str | None:
    """The kind's answer for the hand and rules as the player sees them (None when the
    solver cannot take them: the player then answers as if it had seen straight).
    ``seen`` keeps the answers already worked out for this puzzle."""
    position = puzzle.position
    if len(hand) == len(position.hand) and rules == position.rules:
        return solution.answer
    key = (tuple(hand), rules)
    if key not in seen:
        sizes = list(position.hand_sizes)
        sizes[position.seat] = len(hand)
        try:
            view = replace(position, hand=tuple(hand), hand_sizes=tuple(sizes), rules=rules)
            seen[key] = KINDS[puzzle.kind].solve(view, puzzle.params).answer
        except (TenPenniesError, ValueError):
            seen[key] = None
    return seen[key]


# -- the ladder plays -------------------------------------------------------------------
@dataclass(frozen=True)
class LadderResults:
    """How each rung fared: ``solved[puzzle id][rung]`` is a tuple of booleans, one per attempt."""

    players: tuple[LadderPlayer, ...]
    solved: dict[str, tuple[tuple[bool, ...], ...]]

    def solve_rates(self) -> tuple[float, ...]:
        """Each rung's share of attempts solved, over all puzzles (weakest rung first)."""
        rates = []
        for k in range(len(self.players)):
            tries = [ok for per in self.solved.values() for ok in per[k]]
            rates.append(sum(tries) / len(tries) if tries else 0.0)
        return tuple(rates)


def attempts(puzzle: "Puzzle", players: Sequence[LadderPlayer] = LADDER, *, seed: int | str = 0,
             tries: int = ATTEMPTS) -> tuple[tuple[bool, ...], ...]:
    """Each player's ``tries`` attempts at ``puzzle``, judged by ``puzzle.check``: the same
    for the same puzzle id, player and seed, in any process."""
    solution = puzzle.solution()
    seen: dict = {}
    judged: dict[str, bool] = {}
    out = []
    for player in players:
        row = []
        for t in range(tries):
            rng = random.Random(derive_seed("rating", seed, puzzle.id, player.name, t))
            said = player.answer(puzzle, rng, solution, _seen=seen)
            if said not in judged:
                judged[said] = bool(puzzle.check(said, solution).correct)
            row.append(judged[said])
        out.append(tuple(row))
    return tuple(out)


def _attempt_chunk(puzzles, players, seed, tries):
    return [(p.id, attempts(p, players, seed=seed, tries=tries)) for p in puzzles]


def play_ladder(puzzles: Iterable["Puzzle"], *, players: Sequence[LadderPlayer] = LADDER, seed: int | str = 0,
                tries: int = ATTEMPTS, workers: int | None = None,
                executor: concurrent.futures.Executor | None = None,
                progress: bool | Callable[[int, int], None] | None = None) -> LadderResults:
    """Every player's attempts at every puzzle (see :func:`attempts`), on ``executor`` if
    given, else a process pool of ``workers`` (all cores when None; in this process when 1).
    ``progress``: True for a tqdm bar, or a callable given (done, total) after each puzzle."""
    puzzles = list(puzzles)
    players = tuple(players)
    if workers is not None and (not isinstance(workers, int) or workers < 1):
        raise TenPenniesError(f"workers must be at least 1, not {workers!r}")
    ids = [p.id for p in puzzles]
    if len(set(ids)) != len(ids):
        raise TenPenniesError("puzzle ids must be unique to be rated")
    total = len(puzzles)
    tick = _ticker(progress, total)
    solved: dict[str, tuple[tuple[bool, ...], ...]] = {}
    try:
        if executor is None and (workers or os.cpu_count() or 1) == 1:
            for p in puzzles:
                solved[p.id] = attempts(p, players, seed=seed, tries=tries)
                tick(1)
        else:
            own = executor is None
            if own:
                executor = concurrent.futures.ProcessPoolExecutor(workers or os.cpu_count())
            lanes = workers or getattr(executor, "_max_workers", None) or os.cpu_count() or 1
            size = max(1, min(8, total // (lanes * 4) or 1))
            chunks = iter(range(0, total, size))
            pending: deque = deque()
            try:
                for start in chunks:  # a bounded window of chunks in flight
                    pending.append(executor.submit(_attempt_chunk, puzzles[start:start + size], players, seed, tries))
                    if len(pending) >= 2 * lanes:
                        break
                while pending:
                    done = pending.popleft().result()
                    solved.update(done)
                    tick(len(done))
                    start = next(chunks, None)
                    if start is not None:
                        pending.append(executor.submit(_attempt_chunk, puzzles[start:start + size],
                                                       players, seed, tries))
            finally:
                for f in pending:
                    f.cancel()
                if own:
                    executor.shutdown(wait=True, cancel_futures=True)
    finally:
        tick(None)
    return LadderResults(players, {i: solved[i] for i in ids})


def _ticker(progress, total: int) -> Callable[[int | None], None]:
    if callable(progress):
        done = [0]

        def call(n):
            if n is not None:
                done[0] += n
                progress(done[0], total)
        return call
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm  # (optional: tqdm is not needed to rate)
            bar = tqdm(total=total, unit="puzzle", desc="rating")
        except ImportError:
            bar = None

    def tick(n):
        if bar is not None:
            bar.update(n) if n is not None else bar.close()
    return tick


# -- calibrate the ladder, then rate each puzzle --------------------------------------
_PRIOR = 350.0 / SCALE  # the Glicko prior on a puzzle, on Glicko-2's scale
_LADDER_DEVIATION_FLOOR = 30.0  # a pinned rung is never taken as surer than this


def calibrate(results: LadderResults, *, sweeps: int = 50) -> tuple[Rating, ...]:
    """Each rung's rating, fitted jointly with the puzzles' difficulties to all results (a
    logistic fit with the Glicko prior on puzzles), shifted so the median puzzle's
    difficulty is 1500. The deviation is the fit's standard error (at least 30)."""
    n = len(results.players)
    rows = list(results.solved.values())
    if not rows:
        return tuple(Rating(1500.0, 350.0) for _ in range(n))
    wins = [[sum(r[k]) for k in range(n)] for r in rows]  # solved attempts per puzzle, per rung
    tries = [[len(r[k]) for k in range(n)] for r in rows]
    theta = [0.0] * n  # rung strengths, Glicko-2 scale
    beta = [0.0] * len(rows)  # puzzle difficulties
    for _ in range(sweeps):
        # Newton steps, puzzles then rungs, each on its own (the fit is concave in each).
        for j in range(len(rows)):
            grad, hess = -beta[j] / _PRIOR ** 2, 1.0 / _PRIOR ** 2
            for k in range(n):
                p = _logistic(theta[k] - beta[j])
                grad -= wins[j][k] - tries[j][k] * p
                hess += tries[j][k] * p * (1.0 - p)
            beta[j] += _clip(grad / hess)
        for k in range(n):
            grad, hess = 0.0, 1e-6
            for j in range(len(rows)):
                p = _logistic(theta[k] - beta[j])
                grad += wins[j][k] - tries[j][k] * p
                hess += tries[j][k] * p * (1.0 - p)
            theta[k] += _clip(grad / hess)
    # The fit fixes only differences (the prior holds puzzles near 0): the anchor is
    # chosen after it, the middle puzzle at 1500, where a new learner starts.
    shift = statistics.median(beta)
    theta = [t - shift for t in theta]
    beta = [b - shift for b in beta]
    out = []
    for k in range(n):
        info = sum(tries[j][k] * _logistic(theta[k] - beta[j]) * (1.0 - _logistic(theta[k] - beta[j]))
                   for j in range(len(rows)))
        dev = max(_LADDER_DEVIATION_FLOOR, SCALE / math.sqrt(info) if info > 0 else 350.0)
        out.append(Rating(1500.0 + theta[k] * SCALE, dev))
    return tuple(out)


def _clip(step: float) -> float:
    # A Newton step far from the optimum can overshoot (a rung that solves nearly all);
    # a step of at most one unit (174 rating points) keeps the sweeps converging.
    return max(-1.0, min(1.0, step))


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def rate_results(results: LadderResults, ladder: Sequence[Rating] | None = None, *,
                 seed: int | str = 0) -> dict[str, Rating]:
    """Each puzzle's Glicko-2 rating from the ladder's results against the pinned
    ``ladder`` (by default :func:`calibrate` of the same results): one rating period per
    attempt, in an order seeded by ``seed`` and the puzzle's id; a solved attempt is the
    puzzle's loss."""
    ladder = tuple(ladder) if ladder is not None else calibrate(results)
    if len(ladder) != len(results.players):
        raise TenPenniesError(f"{len(ladder)} ladder ratings for {len(results.players)} players")
    out = {}
    for pid, per in results.solved.items():
        games = [(ladder[k], 0.0 if ok else 1.0) for k, row in enumerate(per) for ok in row]
        random.Random(derive_seed("rating-order", seed, pid)).shuffle(games)
        r = Rating()
        for game in games:
            r = update(r, [game])
        out[pid] = r
    return out


def rate(puzzles: Iterable["Puzzle"], *, seed: int | str = 0, workers: int | None = None,
         progress: bool | Callable[[int, int], None] | None = None,
         executor: concurrent.futures.Executor | None = None,
         ladder: Sequence[Rating] | None = None) -> dict[str, Rating]:
    """Every puzzle's Glicko-2 rating, by puzzle id: the ladder tries each
    (:func:`play_ladder`), is calibrated on all the results and pinned (:func:`calibrate`),
    and each puzzle is rated against it (:func:`rate_results`). Deterministic from ``seed``
    whatever the workers; ``progress`` as for :func:`play_ladder`.

    Rate a whole set at once: the ladder is calibrated on the puzzles given, so the
    scale is the set's (its middle puzzle near 1500). To rate more puzzles on the scale
    of a set rated before, pass that set's ``ladder`` (its :func:`calibrate`)."""
    results = play_ladder(puzzles, seed=seed, workers=workers, executor=executor, progress=progress)
    return rate_results(results, ladder, seed=seed)


# -- ratings from people (issue 34, item 6) ---------------------------------------------------
@dataclass(frozen=True)
class PeopleAttempt:
    """One learner's rated attempt at a puzzle: the learner's rating then, and the score
    (1 solved, 1/2 helped, 0 missed), as a progress file or the class CSV keeps them."""

    puzzle: str
    learner: Rating
    score: float


def people_attempts(files: Iterable[str]) -> list[PeopleAttempt]:
    """The rated attempts (each learner's first at a puzzle) in learners' progress files
    (``.db``) or class CSV exports (``.csv``, :data:`tenpennies.puzzles.progress.COLUMNS`),
    in the order each file recorded them; personal puzzles are left out (they are no
    puzzle of the set)."""
    found = []
    for name in files:
        path = Path(name)
        if not path.is_file():
            raise ProgressError(f"{path}: no such file")
        if path.suffix.lower() == ".csv":
            with open(path, newline="", encoding="utf-8") as handle:
                for row in csv.DictReader(handle):
                    try:
                        if row["rated"] == "1" and row["kind"] != "mistake":
                            found.append(PeopleAttempt(row["puzzle"], Rating(float(row["rating_before"]),
                                                                             float(row["deviation"])),
                                                       float(row["score"])))
                    except (KeyError, ValueError) as exc:
                        raise ProgressError(f"{path}: not a class export (tenpennies puzzles export): {exc}") from None
        else:
            found += [PeopleAttempt(a.puzzle, Rating(a.rating_before, a.deviation), a.score)
                      for a in Progress(path).history() if a.rated and a.kind != "mistake"]
    return found


def rerate(puzzles: Iterable["Puzzle"], attempts: Iterable[PeopleAttempt]) -> dict[str, tuple[Rating, Rating, int]]:
    """Each puzzle's rating updated by people's attempts: Glicko-2 from the ladder's rating
    and deviation as the prior (:attr:`Puzzle.rating`), one rating period per attempt, in
    the order given, against the learner as rated then; a solve is the puzzle's loss.
    Returns ``{id: (before, after, attempts)}`` for the puzzles people tried."""
    by_id = {p.id: p for p in puzzles}
    now: dict[str, Rating] = {}
    counts: dict[str, int] = {}
    for a in attempts:
        p = by_id.get(a.puzzle)
        if p is None:
            continue  # a puzzle no longer in the set
        prior = now.get(a.puzzle, Rating(float(p.rating), float(p.rating_deviation)))
        now[a.puzzle] = update(prior, [(a.learner, 1.0 - a.score)])
        counts[a.puzzle] = counts.get(a.puzzle, 0) + 1
    return {i: (Rating(float(by_id[i].rating), float(by_id[i].rating_deviation)), r, counts[i])
            for i, r in now.items()}
