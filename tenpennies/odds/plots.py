"""Pictures of the odds: a simulation's running estimate against the exact chance.
matplotlib is imported only when a picture is drawn."""

from __future__ import annotations

import math
from fractions import Fraction

from ..engine.errors import TenPenniesError

from .estimates import Estimate

# ---------------------------------------------------------------------------------
# Watching a simulation converge
# ---------------------------------------------------------------------------------
def plot_convergence(estimate: Estimate, exact: float | Fraction | None = None, ax=None,
                     title: str | None = None):
    """Draw an estimate's running value as trials accumulate, against the exact chance.

    ``estimate`` must come from a simulation run with ``keep_outcomes=True``. The
    shaded band is ``exact ± 2`` standard errors after ``n`` trials
    (``2 * sqrt(p * (1 - p) / n)``): the running estimate should stay inside it
    most of the time, and the band narrows like ``1 / sqrt(n)``. Needs matplotlib
    (imported only here). Returns ``(figure, axes)``.
    """
    if estimate.outcomes is None:
        raise TenPenniesError("this estimate kept no outcomes: simulate with keep_outcomes=True")
    import matplotlib.pyplot as plt  # (optional: matplotlib is not needed to play)

    n = len(estimate.outcomes)
    # The x axis is logarithmic, so a couple of thousand points spaced evenly on it
    # draw a million trials as well as every point would.
    trials = sorted({max(1, round(n ** (i / 2000))) for i in range(2001)} | {n})
    running, hits, done = [], 0, 0
    for t in trials:
        hits += sum(estimate.outcomes[done:t])
        done = t
        running.append(hits / t)
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 4))
    else:
        fig = ax.figure
    ax.plot(trials, running, lw=1.2, color="tab:blue", label="running estimate")
    settled = [r for t, r in zip(trials, running) if t >= min(30, n)]
    top = max(settled) * 1.3
    if exact is not None:
        p = float(exact)
        spread = [2 * math.sqrt(p * (1 - p) / t) for t in trials]
        ax.axhline(p, color="black", lw=1, ls="--", label=f"exact {p:.4g}")
        ax.fill_between(trials, [max(0.0, p - s) for s in spread], [p + s for s in spread],
                        color="tab:orange", alpha=0.25, label="exact ± 2 standard errors")
        top = max(top, 2.5 * p)
    ax.set_xscale("log")
    ax.set_xlabel("trials")
    ax.set_ylabel("chance of holding the contract")
    ax.set_ylim(0, min(1.0, top) or 1.0)
    if title:
        ax.set_title(title)
    ax.legend(loc="upper right")
    return fig, ax
