"""Random play speed beside two peers: OpenSpiel's gin_rummy and RLCard's gin rummy.

    pip install -e ".[bench]"          # open_spiel and rlcard
    python benchmarks/peers.py [--seconds 10]

Each engine plays whole games by choosing uniformly among its legal actions, listing them
afresh at every decision (as any agent must). The figure is microseconds per decision:
total time (dealing, chance nodes and scoring included) divided by the number of player
decisions. All three run in this one process, one after another, so the ratios are fair
on a shared machine. A missing peer is reported, not faked.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tenpennies import Match  # noqa: E402


def ours(budget: float) -> tuple[int, int, float]:
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        m, rng = Match(seed=games), random.Random(games)
        while not m.is_over:
            m.apply(rng.choice(m.legal_actions()))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def openspiel(budget: float) -> tuple[int, int, float]:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def rlcard_gin(budget: float) -> tuple[int, int, float]:
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(0)
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget per engine")
    args = parser.parse_args()
    rows = []
    for name, run in [("tenpennies (Ten Pennies, 7 rounds)", ours),
                      ("OpenSpiel gin_rummy (C++ core)", openspiel),
                      ("RLCard gin-rummy (pure Python)", rlcard_gin)]:
        try:
            games, decisions, elapsed = run(args.seconds)
        except ImportError as exc:
            print(f"{name}: not installed ({exc.name}); pip install -e '.[bench]'")
            continue
        rows.append((name, games, decisions, elapsed / decisions * 1e6))
    print(f"{'engine':<36} {'games':>7} {'decisions':>10} {'us/decision':>12}")
    for name, games, decisions, us in rows:
        print(f"{name:<36} {games:>7} {decisions:>10} {us:>12.1f}")
    if len(rows) > 1:
        base = rows[0][3]
        for name, _, _, us in rows[1:]:
            print(f"tenpennies / {name.split(' (')[0]}: {base / us:.2f}x the time per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
