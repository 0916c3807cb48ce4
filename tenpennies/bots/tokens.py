"""A token's worth, in points: measured in play, not invented, and read from the shipped table.

A purchase spends a token (T5; none in Ten Card Rummy, C9), and the buy judgment
(:mod:`tenpennies.bots.buying`) weighs what it gains against that token's worth; the
rollouts (:mod:`tenpennies.bots.rollouts`) count it in a purchase's margin. This module
holds the measured table and reads it.

No formula gives it (lesson 12). :func:`tenpennies.play.simulate.measure_token_worth` measures it the lesson's way,
made a tested function: paired seeded play from the start of round ``r``, the seat holding
``t`` tokens in one arm and ``t - 1`` in the other (every other seat ``t``), everything
else the same (common random numbers: the same deal, stock and bot seeds), the seat's
points to the match's end compared: the mean of ``points(t - 1) - points(t)`` with its
95% interval. The table shipped in ``tenpennies/data/token_worth.json`` was measured by
``python benchmarks/token_worth.py --bots strong --pairs 240`` (deterministic; parallel like
``simulate``) with four strong bots buying by the buy judgment as it reads the table measured
before it (issue 32: one step towards the table the judgment would measure for itself; the
first table was measured with the rule of 48512b0, kept in ``benchmarks/old_strong.py``,
since measuring with the bot that reads the table is circular), at token levels 1, 3, 6 and
10 of every round, 240 pairs a cell (6,720 pairs, 13,440 partial matches: 438 s on one
worker of the shared machine). The intervals are narrower than the first table's (their
width 16.8 points on average where it was 22.7, with twice the pairs) but still wide, so
many offers are close calls; e.g. the 10th token in round 1: 6.3 [-5.4, 17.9] points (it
was 8.2 [-3.6, 19.9]), the 3rd in round 4: 33.0 [23.7, 42.2] (it was 32.8 [20.2, 45.3]).
Between measured levels the worth is interpolated linearly, bounds
too; a worth below zero is read as zero (a token can always be left unspent, so holding
one more cannot cost points: negative means is noise). Other rule sets with tokens use
the Ten Pennies table (round and tokens clamped to it), and the judgment says so in its horizon.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources

from ..engine.errors import TenPenniesError
from ..odds.intervals import Interval
from ..engine.rules import TEN_PENNIES, RuleSet

TOKEN_LEVELS = (1, 3, 6, 10)
"""The tokens held at which the shipped table is measured, in every round."""


@dataclass(frozen=True)
class TokenWorthTable:
    """Measured worths by round and tokens held (levels :data:`TOKEN_LEVELS`), for one rule set."""

    rules_name: str
    cells: dict = field(hash=False)  # (round_no, tokens) -> Interval
    method: str = ""

    def worth(self, round_no: int, tokens: int) -> Interval:
        """The worth of the ``tokens``-th token in round ``round_no``: interpolated
        between the measured levels, and never below zero (see the module's docstring)."""
        rounds = sorted({r for r, _ in self.cells})
        r = min(max(round_no, rounds[0]), rounds[-1])
        levels = sorted(t for rr, t in self.cells if rr == r)
        t = min(max(tokens, levels[0]), levels[-1])
        lo = max(l for l in levels if l <= t)
        hi = min(l for l in levels if l >= t)
        a, b = self.cells[(r, lo)], self.cells[(r, hi)]
        f = 0.0 if hi == lo else (t - lo) / (hi - lo)

        def mix(x: float, y: float) -> float:
            return max(0.0, x + (y - x) * f)

        return Interval(mix(a.mean, b.mean), mix(a.low, b.low), mix(a.high, b.high), min(a.n, b.n))


_TABLES: dict[str, TokenWorthTable] = {}


def token_worth_table(rules_name: str = TEN_PENNIES.name) -> TokenWorthTable:
    """The shipped table (``tenpennies/data/token_worth.json``) for a rule set by name."""
    table = _TABLES.get(rules_name)
    if table is None:
        data = json.loads(resources.files("tenpennies").joinpath("data/token_worth.json").read_text("utf-8"))
        for name, entry in data["tables"].items():
            cells = {(c["round"], c["tokens"]): Interval(c["mean"], c["low"], c["high"], c["n"])
                     for c in entry["cells"]}
            _TABLES[name] = TokenWorthTable(name, cells, data.get("method", ""))
        if rules_name not in _TABLES:
            raise TenPenniesError(f"no measured token worth for {rules_name!r}")
        table = _TABLES[rules_name]
    return table


NO_COST = Interval(0.0, 0.0, 0.0, 0)


def token_worth(rules: RuleSet, round_no: int, tokens: int | None) -> Interval:
    """What the token a purchase spends is worth, in points: measured (the shipped table;
    Ten Pennies' for any other rule set with tokens), nothing where purchases spend none."""
    if rules.tokens is None or tokens is None:
        return NO_COST
    found = _WORTHS.get((round_no, tokens))
    if found is None:  # (a bot asks on every offer it weighs)
        found = _WORTHS[(round_no, tokens)] = token_worth_table(TEN_PENNIES.name).worth(round_no, tokens)
    return found


_WORTHS: dict[tuple[int, int], Interval] = {}


__all__ = ["TOKEN_LEVELS", "TokenWorthTable", "token_worth", "token_worth_table"]
