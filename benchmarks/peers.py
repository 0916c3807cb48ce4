"""Random play speed beside two peers: OpenSpiel's gin_rummy and RLCard's gin rummy.

    pip install -e ".[bench]"          # open_spiel and rlcard
    python benchmarks/peers.py [--seconds 10]

Each engine plays whole games by choosing uniformly among its legal actions, listing them
afresh at every decision (as any agent must). The figure is microseconds per decision:
total time (dealing, chance nodes and scoring included) divided by the number of player
decisions. All run in this one process, one after another, so the ratios are fair on a
shared machine. A missing peer is reported, not faked. Ten Card Rummy (four players,
eleven rounds, runs and the meld-before-draw turn) is timed beside Ten Pennies, the same way.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tenpennies import Match  # noqa: E402
from tenpennies.rules import TEN_CARD_RUMMY, TEN_PENNIES  # noqa: E402


def ours(budget: float, rules=TEN_PENNIES) -> tuple[int, int, float]:
    games = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget:
        m, rng = Match(seed=games, rules=rules), random.Random(games)
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
                      ("tenpennies (Ten Card Rummy, 11 rounds)", lambda b: ours(b, TEN_CARD_RUMMY)),
                      ("OpenSpiel gin_rummy (C++ core)", openspiel),
                      ("RLCard gin-rummy (pure Python)", rlcard_gin)]:
        try:
            games, decisions, elapsed = run(args.seconds)
        except ImportError as exc:
            print(f"{name}: not installed ({exc.name}); pip install -e '.[bench]'")
            continue
        rows.append((name, games, decisions, elapsed / decisions * 1e6))
    print(f"{'engine':<40} {'games':>7} {'decisions':>10} {'us/decision':>12}")
    for name, games, decisions, us in rows:
        print(f"{name:<40} {games:>7} {decisions:>10} {us:>12.1f}")
    mine = [r for r in rows if r[0].startswith("tenpennies")]
    peers = [r for r in rows if not r[0].startswith("tenpennies")]
    for name, _, _, base in mine:
        game = name[name.index("(") + 1:].split(",")[0]
        for peer, _, _, us in peers:
            print(f"tenpennies {game} / {peer.split(' (')[0]}: {base / us:.2f}x the time per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
