"""Confidence intervals, each named by its method: Student's t for means, Wilson for shares,
the percentile bootstrap where neither fits (with the normal approximation for what is
built by hand).

Every figure the kit compares bots or students by carries one: :func:`summarize`'s table
(:mod:`tenpennies.play.simulate`), the class experiments' pooled frequencies
(:mod:`tenpennies.lessons.experiments`), a token's measured worth (:mod:`tenpennies.bots.tokens`).
Pure Python, no SciPy: the t quantile is solved from the regularized incomplete beta.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Iterable, Sequence

Z95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""

# Which interval for which figure, and why:
# * a mean of points (or rounds out, or tokens) is a mean of unbounded-ish values: Student's
#   t interval, which is wider than the normal one for few matches and the same for many;
# * a share (a win share per seat, a frequency) lies in [0, 1], and a normal interval
#   around it can leave [0, 1] (0.02 [-0.02, 0.05]) and shrinks to nothing at 0 of n.
#   The Wilson score interval inverts the score test instead: it stays in [0, 1], keeps
#   the estimate inside, and covers about 95% even near 0 and 1. A win share per seat is
#   fractional when winners tie (T19); its match values lie in [0, 1], so their variance
#   is at most p(1 - p): Wilson with n = matches treats the share as n whole wins and
#   losses, the widest a [0, 1] mean of that size can honestly be, so ties only make it
#   cautious, never too narrow.
METHOD_WORDS = {"t": "Student's t", "normal": "the normal approximation",
                "wilson": "the Wilson score", "bootstrap": "the percentile bootstrap"}
"""The interval methods by name, as :attr:`Interval.method` holds them, in words."""


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% confidence interval, its sample size and how it was made.

    ``method`` names the interval (:data:`METHOD_WORDS`): ``"t"`` for means,
    ``"wilson"`` for shares in [0, 1], ``"bootstrap"``, or ``"normal"`` (the default,
    kept for intervals built by hand). ``mean`` is the estimate: a mean or a share.
    """

    mean: float
    low: float
    high: float
    n: int
    method: str = "normal"

    def __str__(self) -> str:
        return f"{self.mean:.2f} [{self.low:.2f}, {self.high:.2f}]"


def _incomplete_beta(a: float, b: float, x: float) -> float:
    # The regularized incomplete beta I_x(a, b), by its continued fraction (Lentz), the
    # standard way: the series converges fast for x < (a + 1) / (a + b + 2).
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _incomplete_beta(b, a, 1 - x)
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x)) / a
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return front * f


_T_QUANTILES: dict[tuple[int, float], float] = {}


def t_quantile(df: int, level: float = 0.95) -> float:
    """The two-sided ``level`` quantile of Student's t with ``df`` degrees of freedom.

    Pure Python (no SciPy): the t distribution's tail is an incomplete beta function,
    solved for by bisection.

    >>> round(t_quantile(1), 3), round(t_quantile(2), 3), round(t_quantile(29), 3)
    (12.706, 4.303, 2.045)
    >>> abs(t_quantile(100_000) - Z95) < 1e-4
    True
    """
    if not (isinstance(df, int) and df >= 1):
        raise TenPenniesError(f"degrees of freedom are a whole number from 1, not {df!r}")
    if (df, level) not in _T_QUANTILES:
        _T_QUANTILES[df, level] = _solve_t(df, (1 - level) / 2)
    return _T_QUANTILES[df, level]


def _solve_t(df: int, tail: float) -> float:

    def upper(t: float) -> float:  # P(T > t) for t >= 0
        return 0.5 * _incomplete_beta(df / 2, 0.5, df / (df + t * t))

    low, high = 0.0, 1.0
    while upper(high) > tail:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if upper(mid) > tail:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * high:
            break
    return (low + high) / 2


def mean_interval(values: Iterable[float]) -> Interval:
    """The mean of ``values`` with its 95% Student's t interval (``method="t"``).

    One value gives the mean with no interval (NaN ends): one value says nothing about
    the spread. No values give NaN throughout.

    >>> print(mean_interval([1, 2, 3]))
    2.00 [-0.48, 4.48]
    """
    tally = _Tally()
    for v in values:
        tally.add(float(v))
    return tally.interval()


def wilson_interval(share: float, n: int) -> Interval:
    """A share in [0, 1] of ``n`` trials with its 95% Wilson score interval.

    ``share`` may be fractional (a win share with ties, see the comment above
    :data:`METHOD_WORDS`). The interval stays within [0, 1] and contains the share,
    even at 0 of ``n``, ``n`` of ``n`` and ``n = 1``, where a normal interval leaves
    [0, 1] or shrinks to a point.

    >>> print(wilson_interval(0, 10))
    0.00 [0.00, 0.28]
    >>> print(wilson_interval(1 / 10, 10))  # 1 of 10: the share, then n
    0.10 [0.02, 0.40]
    """
    if not (isinstance(n, int) and n >= 0):
        raise TenPenniesError(f"n is a count of trials, 0 or more, not {n!r}")
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0, "wilson")
    if not 0 <= share <= 1:
        raise TenPenniesError(f"a share lies between 0 and 1, not {share!r}")
    z2 = Z95 * Z95
    centre = (share + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(share * (1 - share) / n + z2 / (4 * n * n))
    # Rounding may put an end a hair past the share or past 0 or 1; the exact ends are not.
    low = min(max(0.0, centre - half), share)
    high = max(min(1.0, centre + half), share)
    return Interval(share, low, high, n, "wilson")


def bootstrap_interval(values: Sequence[float], statistic=None, *, resamples: int = 2000,
                       seed: int = 0) -> Interval:
    """A seeded percentile-bootstrap 95% interval of ``statistic`` (default: the mean).

    For figures with no formula of their own, such as the spread between students'
    own frequencies; seeded, so the same values give the same interval.

    >>> print(bootstrap_interval([0, 0, 1, 1, 1], seed=1))
    0.60 [0.20, 1.00]
    """
    values = list(values)
    statistic = statistic or (lambda xs: sum(xs) / len(xs))
    if not values:
        return Interval(math.nan, math.nan, math.nan, 0, "bootstrap")
    rng = random.Random(seed)
    k = len(values)
    stats = sorted(statistic([values[rng.randrange(k)] for _ in range(k)]) for _ in range(resamples))
    low = stats[int(0.025 * (resamples - 1))]
    high = stats[int(math.ceil(0.975 * (resamples - 1)))]
    return Interval(statistic(values), low, high, k, "bootstrap")


@dataclass
class _Tally:
    # Running sums: the summary of a million matches takes as little memory as one.
    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def interval(self) -> Interval:
        """The mean with its Student's t interval (t for few matches, ~normal for many)."""
        if self.n == 0:
            return Interval(math.nan, math.nan, math.nan, 0, "t")
        mean = self.total / self.n
        if self.n < 2:
            return Interval(mean, math.nan, math.nan, self.n, "t")
        var = max(0.0, (self.squares - self.n * mean * mean) / (self.n - 1))
        half = t_quantile(self.n - 1) * math.sqrt(var / self.n)
        return Interval(mean, mean - half, mean + half, self.n, "t")

    def share(self) -> Interval:
        """The mean of values in [0, 1] as a share, with its Wilson interval."""
        if self.n == 0:
            return wilson_interval(0.0, 0)
        return wilson_interval(min(1.0, max(0.0, self.total / self.n)), self.n)


def interval_of(xs: Sequence[float]) -> Interval:
    """The mean of ``xs`` with its 95% interval by the normal approximation (a token's measured
    worth, paired differences of many matches)."""
    n = len(xs)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan, 0)
    mean = sum(xs) / n
    if n < 2:
        return Interval(mean, math.nan, math.nan, n)
    half = Z95 * math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1) / n)
    return Interval(mean, mean - half, mean + half, n)
