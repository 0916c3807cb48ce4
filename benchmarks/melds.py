"""Did runs cost Ten Pennies anything? The set checks and the solver, before and after.

Run from the repository root::

    python3 benchmarks/melds.py                 # about half a minute
    python3 benchmarks/melds.py --before main   # "before" figures of another commit

Issue 11 made a meld a set or a run, and kept Ten Pennies' set-only fast paths. This
times, on the same seeded groups and hands, Ten Pennies' hot calls: ``is_valid_set``
(valid and invalid groups), ``single_additions``, building a table set and adding to
it, and ``find_contract`` and ``cards_needed`` on hands of 11-14 cards in every round.
It runs them in the code of this tree and in the code before runs (``git archive`` of
``--before`` into a temporary folder), each in its own subprocess, alternating, best of
``--repeat`` runs (the machine is shared: the fastest run is the one least disturbed).
Figures are microseconds per call. Beside them it prints the run check of Ten Card
Rummy, which exists only after.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "08a58c4"
"""The last commit before melds.py (issue 11)."""

# Timed in a subprocess whose sys.path starts at the code to measure. Prints name=microseconds.
PROBE = r"""
import random, sys, time
sys.path.insert(0, sys.argv[1])
from tenpennies import TEN_PENNIES as TP, ALL_CARDS, JOKER
from tenpennies.engine.sets import is_valid_set, single_additions, TableSet
from tenpennies.solver import cards_needed, find_contract

rng = random.Random(11)
deck = list(TP.deck())
groups = []
for _ in range(2000):
    rank = rng.randint(1, 13)
    same = [c for c in ALL_CARDS[:52] if c.rank == rank] + [JOKER]
    groups.append(rng.sample(same, rng.randint(3, 5)) if rng.random() < 0.6 else rng.sample(deck, rng.randint(3, 5)))
valid = [(g, r) for r in range(1, 8) for g in groups if is_valid_set(g, r, TP)]
hands = [(rng.sample(deck, rng.randint(11, 14)), r) for r in range(1, 8) for _ in range(15)]

def best(fn, n):
    times = []
    for _ in range(5):
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    return min(times) / n * 1e6

def checks():
    for r in range(1, 8):
        for g in groups:
            is_valid_set(g, r, TP)

def additions():
    for g, r in valid:
        single_additions(g, ALL_CARDS, r, TP)

def table():
    for g, r in valid:
        TableSet(0, tuple(g), 7).added(g[:1])

def solve():
    for h, r in hands:
        find_contract(h, r, TP)

def missing():
    for h, r in hands:
        cards_needed(h, r, TP)

print(f"is_valid_set={best(checks, 7 * len(groups)):.3f}")
print(f"single_additions={best(additions, len(valid)):.3f}")
print(f"TableSet+added={best(table, len(valid)):.3f}")
print(f"find_contract={best(solve, len(hands)):.3f}")
print(f"cards_needed={best(missing, len(hands)):.3f}")
try:
    from tenpennies import TEN_CARD_RUMMY as TCR, is_valid_meld
except ImportError:
    pass
else:
    runs = []
    for _ in range(2000):
        suit = [c for c in ALL_CARDS[:52] if c.suit == rng.choice("SHDC")] + [JOKER]
        runs.append(rng.sample(suit, rng.randint(3, 6)))
    def run_checks():
        for g in runs:
            is_valid_meld(g, "run", 1, TCR)
    print(f"is_valid_meld(run, TCR)={best(run_checks, len(runs)):.3f}")
"""


def extract(ref: str, into: Path) -> bool:
    """Write the ``tenpennies`` package of commit ``ref`` into ``into``; False if git cannot."""
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "tenpennies"],
                             check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(into)], input=tar, check=True)
    except (OSError, subprocess.CalledProcessError):
        return False
    return True


def probe(code: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", PROBE, str(code)], check=True, capture_output=True, text=True).stdout
    return {k: float(v) for k, v in (line.rsplit("=", 1) for line in out.splitlines() if line)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default=BEFORE, help=f"commit to compare with (default {BEFORE})")
    parser.add_argument("--repeat", type=int, default=3, help="alternating runs of each side (best kept)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        if not extract(args.before, Path(folder)):
            sys.exit(f"git could not extract {args.before}")
        now: dict[str, float] = {}
        before: dict[str, float] = {}
        for _ in range(args.repeat):
            for side, code in ((before, Path(folder)), (now, ROOT)):
                for k, v in probe(code).items():
                    side[k] = min(v, side.get(k, v))
    print(f"{'call (Ten Pennies unless said)':<32} {'now µs':>9} {'before µs':>10} {'now/before':>11}")
    for k, v in now.items():
        old = before.get(k)
        ratio = f"{v / old:>10.2f}x" if old else f"{'(new)':>11}"
        print(f"{k:<32} {v:>9.3f} {old if old else float('nan'):>10.3f} {ratio}")


if __name__ == "__main__":
    main()
