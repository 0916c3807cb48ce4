"""Soak test: many full random matches, checking the invariants as they go.

    python benchmarks/soak.py [--matches 1000] [--seed 0]

Each match is played by uniformly random choices among the listed legal actions. After
every action the deck must be whole and tokens may not grow; every match must end. Prints
how the rounds ended (out / no draw / turn cap), the speed, and every failure (seed and
error), then exits non-zero if there was any.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tenpennies import TEN_PENNIES, Match  # noqa: E402

DECK = Counter(TEN_PENNIES.deck())
STEP_BOUND = TEN_PENNIES.rounds * (TEN_PENNIES.turn_cap * 6 + 50)


def soak_one(seed: int) -> tuple[Match, int]:
    m, rng = Match(seed=seed), random.Random(seed)
    steps = 0
    while not m.is_over:
        tokens = sum(m.tokens)
        m.apply(rng.choice(m.legal_actions()))
        steps += 1
        if sum(m.tokens) > tokens:
            raise AssertionError("tokens were created")
        if steps % 50 == 0 and m.all_cards() != DECK:
            raise AssertionError("cards went missing or were created")
        if steps > STEP_BOUND:
            raise AssertionError(f"no end after {steps} actions")
    if m.all_cards() != DECK:
        raise AssertionError("cards went missing or were created")
    return m, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    endings: Counter = Counter()
    failures = []
    steps_total = 0
    start = time.perf_counter()
    for i in range(args.matches):
        seed = args.seed + i
        try:
            m, steps = soak_one(seed)
        except Exception:  # noqa: BLE001 - a soak reports every failure and goes on
            failures.append((seed, traceback.format_exc(limit=3)))
            continue
        steps_total += steps
        endings.update(r.how for r in m.round_results)
        if (i + 1) % 100 == 0:
            print(f"  {i + 1} matches ...", flush=True)
    elapsed = time.perf_counter() - start
    rounds = sum(endings.values())
    print(f"{args.matches} random matches (seeds {args.seed}..{args.seed + args.matches - 1}), "
          f"{rounds} rounds, {steps_total} decisions in {elapsed:.1f} s "
          f"({steps_total / elapsed:,.0f} decisions/s)")
    for how in ("out", "no draw", "turn cap"):
        print(f"  rounds ended by {how:<9}: {endings[how]:>6} ({endings[how] / max(rounds, 1):.1%})")
    print(f"failures: {len(failures)}")
    for seed, text in failures:
        print(f"--- seed {seed}\n{text}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
