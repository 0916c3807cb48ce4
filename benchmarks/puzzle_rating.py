"""Rate the shipped puzzles with the ladder and print the spread, the bands and the time.

    python benchmarks/puzzle_rating.py                  # every shipped puzzle, all cores
    python benchmarks/puzzle_rating.py --workers 1      # one core (as the tests run)

Prints the ladder (each rung's share solved and its pinned rating), the ratings' spread
and 200-point bands, the mean rating by kind, game and tier, and the wall time per
puzzle. Deterministic: the same seed prints the same numbers, whatever the workers.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies.puzzles import load  # noqa: E402
from tenpennies.puzzles.rating import calibrate, play_ladder, rate_results  # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--folder", default=None, help="a puzzle folder (default: the shipped one)")
    parser.add_argument("--progress", action="store_true", help="show a progress bar")
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    puzzles = load(args.folder)
    loaded = time.perf_counter() - t0
    t1 = time.perf_counter()
    results = play_ladder(puzzles, seed=args.seed, workers=args.workers, progress=args.progress)
    played = time.perf_counter() - t1
    t2 = time.perf_counter()
    ladder = calibrate(results)
    ratings = rate_results(results, ladder, seed=args.seed)
    fitted = time.perf_counter() - t2

    print(f"{len(puzzles)} puzzles (loaded in {loaded:.2f} s)")
    print("ladder (rung: share of attempts solved, pinned rating):")
    for player, share, r in zip(results.players, results.solve_rates(), ladder):
        print(f"  {player.name}: {share:6.1%}  {r.rating:6.0f} ± {r.deviation:.0f}")
    values = sorted(r.rating for r in ratings.values())
    print(f"ratings: min {values[0]:.0f}, median {statistics.median(values):.0f}, max {values[-1]:.0f}; "
          f"spread {values[-1] - values[0]:.0f} points "
          f"(10%-90%: {values[len(values) // 10]:.0f}-{values[9 * len(values) // 10]:.0f}); "
          f"mean deviation {statistics.mean(r.deviation for r in ratings.values()):.0f}")
    bands = Counter(int(v // 200) * 200 for v in values)
    print("bands:")
    for low in sorted(bands):
        print(f"  {low:4d}-{low + 199:4d}: {bands[low]:5d}  {'#' * max(1, round(60 * bands[low] / len(values)))}")
    for label, key in (("kind", lambda p: p.kind), ("game", lambda p: p.position.rules.name),
                       ("tier", lambda p: f"tier {p.tier}")):
        groups = defaultdict(list)
        for p in puzzles:
            groups[key(p)].append(ratings[p.id].rating)
        print(f"by {label}: " + "; ".join(f"{k} {statistics.mean(v):.0f} (n={len(v)})"
                                          for k, v in sorted(groups.items())))
    print(f"time: ladder {played:.1f} s ({1000 * played / len(puzzles):.1f} ms per puzzle, "
          f"workers={args.workers or 'all cores'}), calibration and Glicko-2 {fitted:.1f} s")


if __name__ == "__main__":
    main()
