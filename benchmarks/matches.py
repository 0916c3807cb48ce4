"""Full 7-round matches per second, for each bot line-up, on one core and with 2 workers.

    python benchmarks/matches.py                  # 20 matches per measurement
    python benchmarks/matches.py --matches 50

One core runs in this process (``workers=1``); two workers use a process pool, whose
start-up is included, as a teacher running a simulation would feel it. Each line-up
plays the same seeded matches both ways (the results are checked equal), so the
speed-up is the only difference.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies.simulate import simulate  # noqa: E402

LINEUPS = (
    ("random",) * 4,
    ("thumb",) * 4,
    ("strong",) * 4,
    ("strong", "thumb", "strong", "thumb"),
    ("thumb", "random", "thumb", "random"),
)


def rate(lineup, matches: int, seed: int, workers: int):
    start = time.perf_counter()
    results = list(simulate(list(lineup), matches, seed=seed, workers=workers))
    seconds = time.perf_counter() - start
    turns = sum(r.turns for m in results for r in m.rounds)
    return matches / seconds, turns / matches, results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per measurement (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'line-up':<32} {'turns/match':>11} {'1 core':>10} {'2 workers':>10} {'speed-up':>8}")
    for lineup in LINEUPS:
        one, turns, a = rate(lineup, args.matches, args.seed, 1)
        two, _, b = rate(lineup, args.matches, args.seed, 2)
        assert a == b, "1 and 2 workers must give the same results"
        print(f"{' '.join(lineup):<32} {turns:>11.0f} {one:>8.2f}/s {two:>8.2f}/s {two / one:>7.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
