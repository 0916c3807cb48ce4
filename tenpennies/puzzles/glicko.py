"""Glicko-2 ratings: a rating, how sure we are of it, and how it moves after games.

This module owns the one rating system of the kit, used for puzzles (each rated by a
ladder of solver players, :mod:`tenpennies.puzzles.rating`) and for learners. It follows
Mark Glickman's "Example of the Glicko-2 system" (2013) step by step: ratings on the
Glicko scale (1500 for the unrated), the rating deviation (RD) for the uncertainty, and
the volatility for how erratic a player is. One call to :func:`update` is one rating
period::

    >>> player = Rating(1500, 200, 0.06)
    >>> after = update(player, [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
    (1464.05, 151.52, 0.059996)

(Glickman's paper prints 1464.06 and 0.05999: it rounds its intermediate values by hand.)

Why not a package: the PyPI ``glicko2`` package (2.1.0, January 2024) is the one most
used, but it is a mutable ``Player`` class with camelCase methods and name-mangled
state, and its wheel installs a top-level ``tests`` package into site-packages; the
others are single releases. The algorithm is forty lines, so it lives here, as small
frozen values, tested against Glickman's example and by invariants.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..engine.errors import TenPenniesError

__all__ = ["Rating", "update", "expected", "SCALE", "TAU"]

#: Glicko ratings are Glicko-2's internal scale times this, plus 1500 (Glickman, step 2).
SCALE = 173.7178
#: The system constant: how fast the volatility may change. Glickman suggests 0.3 to 1.2.
TAU = 0.5
#: Where the volatility iteration stops (Glickman's epsilon).
_EPSILON = 0.000001


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (1500 for the unrated), ``deviation`` (RD: about a
    95% interval of two deviations either side) and ``volatility``."""

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __post_init__(self):
        if not self.deviation > 0:
            raise TenPenniesError(f"a rating's deviation must be positive, not {self.deviation!r}")
        if not self.volatility > 0:
            raise TenPenniesError(f"a rating's volatility must be positive, not {self.volatility!r}")

    @property
    def interval(self) -> tuple[float, float]:
        """The rating's 95% interval: two deviations either side."""
        return (self.rating - 2 * self.deviation, self.rating + 2 * self.deviation)


def _g(phi: float) -> float:
    # How much a result against an uncertain opponent counts (Glickman, step 3).
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The score ``player`` is expected to make against ``opponent`` (0 to 1).

    The opponent's deviation flattens the curve: less is known of an uncertain opponent.

    >>> expected(Rating(1500), Rating(1500))
    0.5
    >>> round(expected(Rating(1700, 50), Rating(1500, 50)), 3)
    0.757
    """
    return _e((player.rating - 1500.0) / SCALE, (opponent.rating - 1500.0) / SCALE,
              opponent.deviation / SCALE)


def update(player: Rating, results: Sequence[tuple[Rating, float]], *, tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period with ``results``: pairs of the
    opponent's rating (as it was at the start of the period) and the score (1 a win,
    0 a loss, 0.5 a draw).

    With no results the rating and volatility stay and the deviation grows by the
    volatility, as for a player who sat the period out (Glickman, step 6 alone).

    >>> update(Rating(1500, 200), []).deviation > 200
    True
    """
    mu = (player.rating - 1500.0) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        return Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    games = []
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise TenPenniesError(f"a score is 0 (loss), 0.5 (draw) or 1 (win), not {score!r}")
        mu_j = (opponent.rating - 1500.0) / SCALE
        phi_j = opponent.deviation / SCALE
        games.append((_g(phi_j), _e(mu, mu_j, phi_j), float(score)))
    # Steps 3 and 4: the estimated variance from the games, and the improvement they show.
    v = 1.0 / sum(g * g * e * (1.0 - e) for g, e, _ in games)
    gain = sum(g * (s - e) for g, e, s in games)
    delta = v * gain
    sigma_new = _volatility(delta, phi, v, sigma, tau)
    # Steps 6 and 7: the deviation grows by the new volatility, then shrinks by the games.
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * gain
    return Rating(mu_new * SCALE + 1500.0, phi_new * SCALE, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    # Step 5: the new volatility is the root of f, found by the Illinois algorithm.
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        d = phi * phi + v + ex
        return ex * (delta * delta - d) / (2.0 * d * d) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
