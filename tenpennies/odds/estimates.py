"""Monte Carlo estimates of the same chances, with their standard errors.

:func:`simulate_dealt` and :func:`simulate_draw` deal or draw at random, seeded, and
return an :class:`Estimate`; :func:`dealt_chance` gives a round's dealt chance exactly
where :mod:`tenpennies.odds.dealt` can count it and estimated elsewhere. NumPy and tqdm
are optional: each is imported only when used.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..engine.cards import Card, sort_key
from ..engine.errors import TenPenniesError
from ..engine.rules import TEN_PENNIES, RuleSet
from ..solver import can_lay_down

from .dealt import _INF, _sets_only, _shape, dealt_probability, exact_dealt_rounds
from .drawing import unseen_cards

# ---------------------------------------------------------------------------------
# Monte Carlo estimates of the same chances
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A simulated chance: ``hits`` of ``samples`` trials held the contract.

    ``standard_error`` is ``sqrt(estimate * (1 - estimate) / samples)``: about two
    estimates in three land within one standard error of the true chance, and
    almost all within four (:meth:`z_score` measures it).
    ``method`` says how it was sampled (``'numpy'`` or ``'python'``); the two use
    different random streams, so the same seed gives different (equally valid)
    estimates. ``outcomes`` holds each trial's result (1 or 0) when asked for,
    for :func:`plot_convergence`.
    """

    estimate: float
    standard_error: float
    samples: int
    hits: int
    seed: int | None
    method: str
    outcomes: bytes | None = None

    def z_score(self, exact: float | Fraction) -> float:
        """How many standard errors the estimate lies from the ``exact`` chance ``p``.

        The standard error here is the exact one, ``sqrt(p * (1 - p) / samples)``,
        so the score stays meaningful for a rare event that no trial hit (where the
        estimate's own standard error is 0). Beyond 4 means the simulation and the
        exact count disagree.
        """
        p = float(exact)
        spread = math.sqrt(p * (1 - p) / self.samples)
        if spread == 0:
            return 0.0 if self.estimate == p else math.inf
        return (self.estimate - p) / spread

    def __str__(self) -> str:
        return (f"{self.estimate:.4f} ± {self.standard_error:.4f} "
                f"({self.hits}/{self.samples}, {self.method})")


def _estimate(hits: int, samples: int, seed, method: str, outcomes) -> Estimate:
    p = hits / samples
    return Estimate(p, math.sqrt(p * (1 - p) / samples), samples, hits, seed, method, outcomes)


def _numpy():
    try:
        import numpy  # (optional: numpy only speeds the sampling up; the engine needs nothing installed)
    except ImportError:
        return None
    return numpy


def _chunks(samples: int, chunk: int, progress: bool, what: str):
    """Chunk sizes adding up to ``samples``, with a tqdm bar when asked and installed."""
    sizes = [min(chunk, samples - start) for start in range(0, samples, chunk)]
    if progress:
        try:
            from tqdm.auto import tqdm  # (optional: a progress bar only when asked and installed)
        except ImportError:
            return sizes, None
        return sizes, tqdm(total=samples, desc=what, unit="sample")
    return sizes, None


def _check_samples(samples: int) -> None:
    if not (isinstance(samples, int) and samples >= 1):
        raise TenPenniesError(f"samples must be a positive whole number, not {samples!r}")


class _Vectorized:
    """Contract checks for many hands at once, from card-value counts (NumPy).

    Each hand is a row of 53 counts (one per card value). A row's wild count is
    summed from the wild values; each natural rank's four suit counts index the
    same per-rank wild-need table that :func:`dealt_probability` uses, and the
    ranks are combined by a min-plus sum, all as array operations.
    """

    def __init__(self, np, rules: RuleSet, round_no: int) -> None:
        shape = _shape(rules, round_no)
        self.np = np
        self.sets = shape.sets
        base = shape.copies + 1
        table = np.full((base**4, shape.sets + 1), _INF, dtype=np.int64)
        for counts, need in shape.deficiency.items():
            code = sum(c * base**s for s, c in enumerate(counts))
            table[code] = need
        self.table = table
        self.base = base
        self.natural_ranks = shape.natural_ranks
        self.wild_columns = [c.index for c in shape.wild_values]

    def holds(self, counts):
        """Boolean array: does each row of ``counts`` (n x 53) hold the contract?"""
        np = self.np
        n = counts.shape[0]
        wilds = counts[:, self.wild_columns].sum(axis=1) if self.wild_columns else np.zeros(n, np.int64)
        # codes[:, r]: the four suit counts of rank r + 1 as one base-(decks + 1) number.
        codes = np.tensordot(counts[:, :52].reshape(n, 4, 13), self.base ** np.arange(4),
                             axes=([1], [0]))
        g = np.full((n, self.sets + 1), _INF, dtype=np.int64)
        g[:, 0] = 0
        for rank in self.natural_ranks:
            f = self.table[codes[:, rank - 1]]
            grown = np.empty_like(g)
            for j in range(self.sets + 1):
                best = g[:, j] + f[:, 0]
                for i in range(1, j + 1):
                    best = np.minimum(best, g[:, j - i] + f[:, i])
                grown[:, j] = np.minimum(best, _INF)
            g = grown
        return g[:, self.sets] <= wilds


def _sample_counts(np, rng, pool_values, k: int, n: int, base_counts):
    """``n`` rows of card-value counts: ``base_counts`` plus ``k`` cards drawn
    without replacement from ``pool_values`` (one entry per physical card)."""
    pool = len(pool_values)
    rows = np.arange(n)
    # The first k steps of a Fisher-Yates shuffle, on every row at once.
    order = np.tile(np.arange(pool, dtype=np.int32), (n, 1))
    for i in range(k):
        j = rng.integers(i, pool, n)
        front = order[rows, i].copy()
        order[rows, i] = order[rows, j]
        order[rows, j] = front
    values = pool_values[order[:, :k]]
    flat = (values + 53 * rows[:, None]).ravel()
    counts = np.bincount(flat, minlength=53 * n).reshape(n, 53)
    return counts + base_counts


def _simulate(pool: list[Card], base: tuple[Card, ...], k: int, round_no: int, rules: RuleSet,
              samples: int, seed, use_numpy, progress: bool, keep_outcomes: bool,
              what: str) -> Estimate:
    _check_samples(samples)
    if use_numpy and not _sets_only(rules):
        raise TenPenniesError(f"the NumPy path counts sets only; {rules.name} has runs: use_numpy=False")
    np = _numpy() if use_numpy in (None, True) and _sets_only(rules) else None
    if use_numpy and np is None:
        raise ImportError("use_numpy=True but NumPy is not installed")
    outcomes = bytearray() if keep_outcomes else None
    hits = 0
    if np is not None:
        check = _Vectorized(np, rules, round_no)
        rng = np.random.default_rng(seed)
        pool_values = np.array([c.index for c in pool], dtype=np.int64)
        base_counts = np.zeros(53, dtype=np.int64)
        for c in base:
            base_counts[c.index] += 1
        # Chunks keep the n x pool random keys to a few megabytes.
        chunk = max(1, min(samples, 4_000_000 // max(1, len(pool))))
        sizes, bar = _chunks(samples, chunk, progress, what)
        for size in sizes:
            held = check.holds(_sample_counts(np, rng, pool_values, k, size, base_counts))
            hits += int(held.sum())
            if outcomes is not None:
                outcomes += held.astype(np.uint8).tobytes()
            if bar is not None:
                bar.update(size)
        method = "numpy"
    else:
        rng = random.Random(seed)
        sizes, bar = _chunks(samples, 10_000, progress, what)
        for size in sizes:
            for _ in range(size):
                held = can_lay_down(base + tuple(rng.sample(pool, k)), round_no, rules, trusted=True)
                hits += held
                if outcomes is not None:
                    outcomes.append(held)
            if bar is not None:
                bar.update(size)
        method = "python"
    if bar is not None:
        bar.close()
    return _estimate(hits, samples, seed, method, bytes(outcomes) if keep_outcomes else None)


def simulate_dealt(round_no: int, rules: RuleSet = TEN_PENNIES, hand_size: int | None = None,
                   samples: int = 100_000, seed: int | None = 0, *,
                   use_numpy: bool | None = None, progress: bool = False,
                   keep_outcomes: bool = False) -> Estimate:
    """Estimate :func:`dealt_probability` by dealing ``samples`` random hands.

    Seeded (``seed=None`` for fresh randomness). With NumPy installed and a rule set
    of sets only, hands are dealt in blocks as arrays and checked by rank counts
    (``use_numpy=None`` or ``True``); with runs (Ten Card Rummy), ``use_numpy=False``,
    or no NumPy, it deals each hand with
    :mod:`random` and asks the solver (``solver.can_lay_down``), which is slower
    but shares no code with the exact count. ``progress=True`` shows a tqdm bar
    when tqdm is installed (never by default: notebook output stays byte-stable).

    >>> est = simulate_dealt(1, samples=20_000, seed=1)
    >>> abs(est.z_score(dealt_probability(1))) < 4
    True
    """
    rules._check_round(round_no)
    h = rules.hand_size if hand_size is None else hand_size
    deck = list(rules.deck())
    if not (isinstance(h, int) and 0 <= h <= len(deck)):
        raise TenPenniesError(f"a hand of {h!r} cards cannot be dealt from {len(deck)} cards")
    return _simulate(deck, (), h, round_no, rules, samples, seed, use_numpy, progress,
                     keep_outcomes, f"dealing round {round_no}")


def simulate_draw(hand: Iterable[Card], k: int, round_no: int, seen: Iterable[Card] = (),
                  rules: RuleSet = TEN_PENNIES, samples: int = 100_000, seed: int | None = 0, *,
                  use_numpy: bool | None = None, progress: bool = False,
                  keep_outcomes: bool = False) -> Estimate:
    """Estimate :func:`draw_odds` by drawing ``k`` random unseen cards, ``samples`` times.

    The unseen cards are as in :func:`unseen_cards`; the other arguments as in
    :func:`simulate_dealt`.
    """
    hand = tuple(hand)
    rules._check_round(round_no)
    pool = [c for c, n in sorted(unseen_cards(hand, seen, rules).items(), key=lambda cn: sort_key(cn[0]))
            for _ in range(n)]
    if not (isinstance(k, int) and 0 <= k <= len(pool)):
        raise TenPenniesError(f"cannot draw {k!r} cards from {len(pool)} unseen cards")
    return _simulate(pool, hand, k, round_no, rules, samples, seed, use_numpy, progress,
                     keep_outcomes, f"drawing {k} in round {round_no}")


def dealt_chance(round_no: int, rules: RuleSet = TEN_PENNIES, hand_size: int | None = None, *,
                 samples: int = 20_000, seed: int | None = 0) -> "Fraction | Estimate":
    """The chance of being dealt the round's contract: exact where it can be counted.

    A :class:`~fractions.Fraction` (from :func:`dealt_probability`) for the rounds of
    :func:`exact_dealt_rounds`; for the others an :class:`Estimate` with its standard
    error, from ``samples`` seeded deals checked by the solver (:func:`simulate_dealt`).
    Callers tell the two apart by type: ``isinstance(p, Estimate)``.

    >>> from tenpennies.engine.rules import TEN_CARD_RUMMY
    >>> dealt_chance(11, TEN_CARD_RUMMY)
    Fraction(246689, 1489339201185)
    >>> type(dealt_chance(2, TEN_CARD_RUMMY, samples=200)).__name__
    'Estimate'
    """
    rules._check_round(round_no)
    if round_no in exact_dealt_rounds(rules):
        return dealt_probability(round_no, rules, hand_size)
    return simulate_dealt(round_no, rules, hand_size, samples=samples, seed=seed)
