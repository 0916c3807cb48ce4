"""Random play speed beside two peers: OpenSpiel's gin_rummy and RLCard's gin rummy.

    pip install -e ".[bench]"          # open_spiel and rlcard
    python benchmarks/peers.py [--seconds 10]
    python benchmarks/peers.py --instructions 3 --before 48512b0   # instead: our loop's instructions per game

Each engine plays whole games by choosing uniformly among its legal actions, listing them
afresh at every decision (as any agent must). The figure is microseconds per decision:
total time (dealing, chance nodes and scoring included) divided by the number of player
decisions. All run in this one process, taking turns in slices of ``--slice`` seconds
until each has had ``--seconds``, timed in this process's CPU seconds (``process_time``:
time spent waiting for a core shared with other jobs is nobody's), so the ratios are fair
on a shared machine. A missing peer is reported, not faked. Ten Card Rummy (four players,
eleven rounds, runs and the meld-before-draw turn) is timed beside Ten Pennies, the same way.

With ``--instructions N``, our loop alone is counted instead, by callgrind over N games
(seeded 0, 1, ...), now and at ``--before`` (its package extracted with ``git archive``),
as benchmarks/matches.py counts whole matches: exact counts, steady on a shared machine.

Measured on 2 December 2026 (issue 23: random play no slower than before the views), after
the match stopped sorting the hand for each listing and discards were looked up in list
rows (callgrind, M instructions per game, each command one run):

    --instructions 3 --before 48512b0     ten-pennies      178.4 vs 183.1   -2.6%
    --instructions 3 --before main        ten-pennies      178.3 vs 202.9  -12.1%
    --instructions 1 --before main        ten-card-rummy   932.6 vs 968.6   -3.7%

(main was 5272cd9; its own count against 48512b0 was 202.9 vs 183.3, +10.7%.)

Measured on 6 December 2026 (issue 33: Ten Card Rummy's listing and lay-down search),
on the shared 2-core machine (load 10 to 26 from seven other engineers' jobs), CPU time,
one run each, ``nice -n 10 python benchmarks/peers.py --seconds 10`` (20 for the last):

    before (456478b, wall clock, one engine after another)  Ten Card Rummy 1.39x, Ten Pennies 0.39x
    before (456478b, this timing, twice)                     Ten Card Rummy 1.56x, 1.53x (46.2 us)
    after (this timing, --seconds 20; then 10)               Ten Card Rummy 1.07x, 1.06x (33.8 us)
                                                             Ten Pennies 0.46x, 0.48x

Measured on 6-7 December 2026 (issue 33, second stop), the same way, ``nice -n 10 python
benchmarks/peers.py --seconds 20``, one run (load 0 to 0.6 during it; open-spiel 2.0.2 from
PyPI in the worktree's environment, not a dependency of the package):

    Ten Card Rummy 24.8 us, OpenSpiel 29.1 us: 0.85x     Ten Pennies 13.3 us: 0.46x (unchanged)
    at 627f4c7, load 8.5 to 9.4: 31.8 us against 36.2: 0.88x     Ten Pennies 16.3 us: 0.45x

after a one-meld contract's yes/no (8 rounds of 11) became its own test, a set's rank or a
run's window complete within C4's room, each suit's answer kept per round in a cache the
held places bound (the bounded template caches a random match overflows and empties were
asked before), and a closed hand's best lay-downs were remembered by its counts
(``--instructions 1 --before c676af1~1 --rules ten-card-rummy``: 575.7 M instructions a
game against 691.9, -16.8%).

Where it went (issue 33's first stop): a lay-down's three objectives each searched the hand's melds, the
contract check built words for every meld, new runs walked thirteen windows of card
lookups per suit, new sets and runs were made afresh as actions at every meld phase,
and each run on the table walked the whole hand; now the solver remembers a hand's
melds by its counts, the check asks the fast meld test first, new melds are interned
per rank's or suit's cards (tenpennies.play._fast.new_melds), a run's two natural
additions are looked up (tenpennies.engine.melds.run_ends), and Match.apply takes the common
pass, discard and free take without verify's chain. Every listing is the same
(benchmarks/same_matches.py --against 456478b: every match the same).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
# (Nothing of tenpennies is imported at the top: --instructions imports this module into
# a process whose tenpennies is another commit's, for random_game.)


def random_game(seed: int, rules=None) -> int:
    """One whole game of ours (``rules``: Ten Pennies if None), every decision chosen
    uniformly among the listed legal actions with ``random.Random(seed)``; its decisions."""
    from tenpennies import Match

    m, rng = (Match(seed=seed) if rules is None else Match(seed=seed, rules=rules)), random.Random(seed)
    decisions = 0
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
        decisions += 1
    return decisions


def ours(rules=None):
    """Our engine as a runner: each call plays whole games (seeded 0, 1, ... across calls)
    for about ``budget`` CPU seconds; ``(games, decisions, CPU seconds)``."""
    seeds = iter(range(10**9))

    def run(budget: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < budget:
            decisions += random_game(next(seeds), rules)
            games += 1
        return games, decisions, time.process_time() - start
    return run


GAMES = f"""
import sys
from tenpennies.engine.rules import RuleSet
sys.path.append({str(HERE)!r})
from peers import random_game
rules, games = RuleSet.named(sys.argv[1]), int(sys.argv[2])
random_game(-1, rules)  # the imports and tables, counted in both runs alike
for seed in range(games):
    random_game(seed, rules)
"""


def count_instructions(games: int, before: str, rule_sets) -> None:
    """Our loop's machine instructions per game, now and at ``before``, by callgrind."""
    from matches import ROOT, extract, instructions_per

    print(f"{'rules':<20} {'M instructions/game':>20} {'before':>8} {'change':>8}   "
          f"(callgrind, {games} games; before: {before})")
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) if extract(before, Path(folder)) else None
        for name in rule_sets:
            mine = instructions_per(ROOT, GAMES, games, name)
            if mine is None:
                print("(valgrind is not installed: no instruction counts)")
                return
            theirs = instructions_per(old, GAMES, games, name) if old else None
            if theirs is None:
                print(f"{name:<20} {mine:>20.1f}   (no count of {before})")
                continue
            print(f"{name:<20} {mine:>20.1f} {theirs:>8.1f} {100 * (mine / theirs - 1):>+7.1f}%", flush=True)


def openspiel():
    import pyspiel

    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(0)

    def run(budget: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < budget:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            games += 1
        return games, decisions, time.process_time() - start
    return run


def rlcard_gin():
    import rlcard

    env = rlcard.make("gin-rummy", config={"seed": 0})
    rng = random.Random(0)

    def run(budget: float) -> tuple[int, int, float]:
        games = decisions = 0
        start = time.process_time()
        while time.process_time() - start < budget:
            state, _ = env.reset()
            while not env.is_over():
                state, _ = env.step(rng.choice(list(state["legal_actions"])))
                decisions += 1
            games += 1
        return games, decisions, time.process_time() - start
    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU time budget per engine")
    parser.add_argument("--slice", type=float, default=1.0,
                        help="the engines take turns, this many CPU seconds each (whole games: a slice may run over)")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="instead: count our loop's machine instructions over N games (needs valgrind)")
    parser.add_argument("--before", default="main", help="with --instructions: the commit counted beside")
    parser.add_argument("--rules", action="append", metavar="NAME",
                        help="with --instructions: the rule set (ten-pennies by default); may be repeated")
    args = parser.parse_args()
    if args.instructions:
        count_instructions(args.instructions, args.before, args.rules or ["ten-pennies"])
        return 0
    sys.path.insert(0, str(HERE.parent))
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    runners = []
    for name, make in [("tenpennies (Ten Pennies, 7 rounds)", ours),
                       ("tenpennies (Ten Card Rummy, 11 rounds)", lambda: ours(TEN_CARD_RUMMY)),
                       ("OpenSpiel gin_rummy (C++ core)", openspiel),
                       ("RLCard gin-rummy (pure Python)", rlcard_gin)]:
        try:
            runners.append((name, make(), [0, 0, 0.0]))
        except ImportError as exc:
            print(f"{name}: not installed ({exc.name}); pip install -e '.[bench]'")
    # The engines take turns in short slices, so that each sees the machine's load alike
    # (on a shared machine one engine's whole run may meet a busier minute than another's).
    slices = max(1, round(args.seconds / args.slice))
    for _ in range(slices):
        for name, run, total in runners:
            games, decisions, elapsed = run(args.seconds / slices)
            total[0] += games
            total[1] += decisions
            total[2] += elapsed
    rows = [(name, games, decisions, elapsed / decisions * 1e6) for name, _, (games, decisions, elapsed) in runners]
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
