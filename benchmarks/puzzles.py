"""How long loading every shipped puzzle takes, and what the set holds.

    python benchmarks/puzzles.py [--repeat 5] [--folder puzzles]

Prints the loading time of all puzzles (the best and the median of ``--repeat`` loads, in
a fresh interpreter each, so no cache of a first load helps the next), then counts per
game and kind, per tier, per rating band of 200, and the matches they come from. The
issue asks for loading all under one second.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

ONE_LOAD = """
import time
start = time.perf_counter()
from tenpennies.puzzles import load
after_import = time.perf_counter()
puzzles = load({folder!r})
print(len(puzzles), after_import - start, time.perf_counter() - after_import)
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--folder", default=None, help="puzzle folder (default: the shipped one)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from tenpennies.puzzles import FOLDER, KINDS, load

    folder = str(args.folder or FOLDER)
    loads, imports = [], []
    for _ in range(args.repeat):
        out = subprocess.run([sys.executable, "-c", ONE_LOAD.format(folder=folder)], capture_output=True,
                             text=True, check=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)}).stdout.split()
        n, imported, loaded = int(out[0]), float(out[1]), float(out[2])
        loads.append(loaded)
        imports.append(imported)
    print(f"loading all {n} puzzles: best {min(loads):.3f} s, median {statistics.median(loads):.3f} s "
          f"(after importing tenpennies.puzzles: median {statistics.median(imports):.3f} s), {args.repeat} fresh runs")
    puzzles = load(folder)
    games = Counter((p.position.rules.slug, p.kind) for p in puzzles)
    for game in sorted({g for g, _ in games}):
        print(f"  {game:15} " + "  ".join(f"{k} {games[game, k]}" for k in KINDS if games[game, k])
              + f"   total {sum(v for (g, _), v in games.items() if g == game)}")
    tiers = Counter(p.tier for p in puzzles)
    print("  tiers: " + "  ".join(f"{t}: {tiers[t]}" for t in sorted(tiers)))
    bands = Counter(p.rating // 200 * 200 for p in puzzles)
    print("  ratings: " + "  ".join(f"{b}-{b + 199}: {bands[b]}" for b in sorted(bands))
          + f"   (spread {max(p.rating for p in puzzles) - min(p.rating for p in puzzles)} points)")
    tables = Counter(len(p.position.hand_sizes) for p in puzzles if p.position.rules.slug == "ten-card-rummy")
    print("  Ten Card Rummy tables: " + "  ".join(f"{n} players: {tables[n]}" for n in sorted(tables)))
    matches = {p.match.key for p in puzzles if p.match is not None}
    built = sum(1 for p in puzzles if p.match is None)
    print(f"  from {len(matches)} seeded matches ({built} built positions)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
