"""How much stronger is each bot? Points per match with 95% intervals, over seeded matches.

Each comparison seats two bots alternately (A B A B), half the matches one way round and
half the other (B A B A), so no bot profits from its seats. The figure that matters is
the paired difference: in each match, A's mean points minus B's; negative means A plays
better. Run it (several minutes; all cores by default)::

    python benchmarks/strength.py                 # 2,000 matches per comparison
    python benchmarks/strength.py --matches 200 --workers 2
    python benchmarks/strength.py --pair strong strong_before_plans   # one comparison only
    python benchmarks/strength.py --rules ten-card-rummy --players 4 --matches 1000

With more than four players the seats still alternate (A B A B A B ...).

Ten Card Rummy, four players, 1,000 matches per comparison (seed 2026, ``--workers 2``):
strong - thumb -54.7 points per match (95% CI [-65.4, -44.1]); thumb - random -877.2
([-888.2, -866.2]): the ladder random < thumb < strong holds.

Every number depends only on the seeds, not on the workers.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies.bots.strong import StrongBot  # noqa: E402
from tenpennies.rules import RULE_SET_NAMES, TEN_PENNIES, RuleSet  # noqa: E402
from tenpennies.simulate import simulate, summarize  # noqa: E402

COMPARISONS = (("strong", "thumb"), ("thumb", "random"))


def strong_before_plans(seed):
    """The strong bot as it was before it planned going out (issue 12), to compare with."""
    return StrongBot(seed, plan=False)


VARIANTS = {"strong_before_plans": strong_before_plans}
"""Bots that are no registry name, by the name --pair and the summary give them."""


def compare(a: str, b: str, matches: int, seed: int, workers: int, rules: RuleSet = TEN_PENNIES):
    a, b = VARIANTS.get(a, a), VARIANTS.get(b, b)
    half = matches // 2
    seats = [(a, b)[i % 2] for i in range(rules.players)]
    swapped = [(b, a)[i % 2] for i in range(rules.players)]
    results = itertools.chain(
        simulate(seats, half, seed=seed, workers=workers, rules=rules),
        simulate(swapped, matches - half, seed=seed + 1, workers=workers, rules=rules),
    )
    return summarize(results)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=2000, help="matches per comparison (default 2000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"),
                        help=f"compare only A with B (registry names or {', '.join(VARIANTS)})")
    parser.add_argument("--rules", default="ten-pennies", choices=RULE_SET_NAMES, help="the game")
    parser.add_argument("--players", type=int, help="seats (Ten Card Rummy: 4 to 8; default the rule set's)")
    parser.add_argument("--only", choices=[f"{a}-{b}" for a, b in COMPARISONS],
                        help="run one comparison only (to run the two in two processes)")
    args = parser.parse_args(argv)
    rules = RuleSet.named(args.rules)
    if args.players is not None:
        rules = rules.with_players(args.players)
    for a, b in [tuple(args.pair)] if args.pair else COMPARISONS:
        if args.only and args.only != f"{a}-{b}":
            continue
        start = time.perf_counter()
        summary = compare(a, b, args.matches, args.seed, args.workers, rules)
        seconds = time.perf_counter() - start
        d = summary.difference(a, b)
        print(f"== {rules.name}, {rules.players} players: {a} vs {b}: {summary.matches} seeded matches "
              f"(seed {args.seed}), {seconds:.0f} s")
        print(summary)
        verdict = "better" if d.high < 0 else ("worse" if d.low > 0 else "not clearly different")
        print(f"-> {a} scores {d.mean:+.1f} points per match against {b} "
              f"(95% CI [{d.low:+.1f}, {d.high:+.1f}]): {a} is {verdict}.")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
