"""How fast a learner's progress file answers, with a long history and a large puzzle set.

    python benchmarks/puzzle_progress.py            # 1,000 attempts, 2,400 puzzles
    python benchmarks/puzzle_progress.py --attempts 200

Prints, for both ways of keeping the file (SQLite on the file, in WAL mode, as on a
desktop; and the whole file written after each change, as in JupyterLite):

- the milliseconds to record one attempt (one transaction, the rating updated);
- the milliseconds of one step of the widget's work once the history is long: check an
  answer (recorded), choose the next puzzle near the rating, the status line (rating,
  streak) and the themes chart;
- the file's size.

The puzzle set is the shipped one repeated under new ids and spread over ratings 800 to
2000, so the numbers hold for a set of thousands whatever the shipped set is today.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tenpennies.puzzles import load  # noqa: E402
from tenpennies.puzzles.progress import Progress  # noqa: E402
from tenpennies.puzzles.session import PuzzleSession  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attempts", type=int, default=1000)
    parser.add_argument("--puzzles", type=int, default=2400)
    parser.add_argument("--steps", type=int, default=20)
    args = parser.parse_args()
    shipped = load()
    pool = [dataclasses.replace(shipped[n % len(shipped)], id=f"{shipped[n % len(shipped)].kind}-{n:05d}",
                                rating=800 + (n * 7) % 1200) for n in range(args.puzzles)]
    results = ("solved", "missed", "helped")
    for whole_file in (False, True):
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "progress.db"
            learner = Progress(path, whole_file=whole_file)
            started = time.perf_counter()
            for n in range(args.attempts):
                learner.record(pool[n], results[n % 3])
            record_ms = 1000 * (time.perf_counter() - started) / args.attempts
            session = PuzzleSession(pool, progress=learner)
            started = time.perf_counter()
            for _ in range(args.steps):
                session.type("0")
                session.check()
                session.next()
                session.status()
                learner.themes()._repr_svg_()
            step_ms = 1000 * (time.perf_counter() - started) / args.steps
            way = "whole file (JupyterLite)" if whole_file else "SQLite on the file (desktop)"
            print(f"{way}: record {record_ms:.1f} ms; check + next + status + themes with {args.attempts} attempts "
                  f"and {args.puzzles} puzzles: {step_ms:.0f} ms; file {path.stat().st_size / 1024:.0f} KB")


if __name__ == "__main__":
    main()
