"""Soak test: many full random matches of both games, checking the invariants as they go.

    python benchmarks/soak.py [--matches 1000] [--tcr-matches 200] [--seed 0] [--only tp|tcr]

Each match is played by uniformly random choices among the listed legal actions: Ten
Pennies with its four players, then Ten Card Rummy with 4, 5, 6, 7 and 8 (C1). After
every action the tokens may not grow (where there are tokens), every 50 actions and at
the end the deck must be whole, and every match must end. Prints, per game, how the
rounds ended (out / no draw / turn cap), the speed, and every failure (seed and error),
then exits non-zero if there was any.
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

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Match  # noqa: E402
from tenpennies.engine.rules import RuleSet  # noqa: E402


def tokens_left(m: Match) -> int:
    return sum(t for t in m.tokens if t is not None)


def soak_one(seed: int, rules: RuleSet) -> tuple[Match, int]:
    deck = Counter(rules.deck())
    # A generous bound: the turn cap forces an end (a turn: a few buys, a draw, a discard).
    bound = rules.rounds * (rules.turn_cap * (2 * rules.players + 2) + 50)
    m, rng = Match(seed=seed, rules=rules), random.Random(seed)
    steps = 0
    while not m.is_over:
        tokens = tokens_left(m)
        m.apply(rng.choice(m.legal_actions()))
        steps += 1
        if tokens_left(m) > tokens:
            raise AssertionError("tokens were created")
        if steps % 50 == 0 and m.all_cards() != deck:
            raise AssertionError("cards went missing or were created")
        if steps > bound:
            raise AssertionError(f"no end after {steps} actions")
    if m.all_cards() != deck:
        raise AssertionError("cards went missing or were created")
    return m, steps


def soak(label: str, rules: RuleSet, matches: int, first_seed: int) -> int:
    endings: Counter = Counter()
    failures = []
    steps_total = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + matches):
        try:
            m, steps = soak_one(seed, rules)
        except Exception:  # noqa: BLE001 - a soak reports every failure and goes on
            failures.append((seed, traceback.format_exc(limit=3)))
            continue
        steps_total += steps
        endings.update(r.how for r in m.round_results)
    elapsed = time.perf_counter() - start
    rounds = sum(endings.values())
    print(f"{label}: {matches} random matches (seeds {first_seed}..{first_seed + matches - 1}), "
          f"{rounds} rounds, {steps_total} decisions in {elapsed:.1f} s "
          f"({steps_total / elapsed:,.0f} decisions/s)")
    for how in ("out", "no draw", "turn cap"):
        print(f"  rounds ended by {how:<9}: {endings[how]:>6} ({endings[how] / max(rounds, 1):.1%})")
    print(f"  failures: {len(failures)}", flush=True)
    for seed, text in failures:
        print(f"--- seed {seed}\n{text}")
    return len(failures)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000, help="Ten Pennies matches")
    parser.add_argument("--tcr-matches", type=int, default=200, help="Ten Card Rummy matches per player count")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", choices=("tp", "tcr"), default=None)
    args = parser.parse_args()
    failures = 0
    if args.only != "tcr":
        failures += soak("Ten Pennies, 4 players", TEN_PENNIES, args.matches, args.seed)
    if args.only != "tp":
        for players in range(4, 9):
            failures += soak(f"Ten Card Rummy, {players} players", TEN_CARD_RUMMY.with_players(players),
                             args.tcr_matches, args.seed)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
