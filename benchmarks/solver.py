"""How fast is the contract solver? Hands per second, beside an exhaustive search.

Run from the repository root::

    python3 benchmarks/solver.py            # 100 hands per round, about half a minute
    python3 benchmarks/solver.py --hands 40 # quicker

For every round it deals seeded random hands of 11 to 14 cards from the Ten Pennies
deck, times :func:`tenpennies.solver.can_lay_down` (feasibility),
:func:`tenpennies.solver.find_contract` (the best arrangement),
:func:`tenpennies.solver.cards_needed` (how many cards are missing) and
:func:`tenpennies.solver.outs` (which single cards help) on each hand, and times an
exhaustive search on the same hands in the same run. It also times ``can_lay_down`` with
``trusted=True``, as the match and the bots call it, beside the checked public call. Figures are medians per hand
(each hand is timed ``--repeat`` times and its fastest run kept, to shed scheduler
noise); the ratio of medians is the speed-up.

Beside the Ten Pennies figures it prints those of the code before issue 11's runs
(commit ``--before``, default 08a58c4, extracted with ``git archive`` and timed on the
same hands in a subprocess of this run), so the set-only fast path is seen to keep its
speed; then the same four questions for Ten Card Rummy (runs and sets) in each of its
eleven rounds, on seeded hands of 10 to 13 cards.

The exhaustive search is the plain way to do it: every sub-multiset of the hand is
tried as a set (``is_valid_set`` decides), and every choice of contract-many sets
the hand can supply at once is scored. It finds the same answers (the test suite
checks that) and knows nothing about ranks or counting.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from itertools import combinations_with_replacement, product
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tenpennies import TEN_PENNIES  # noqa: E402
from tenpennies.engine.cards import sort_key  # noqa: E402
from tenpennies.engine.sets import is_valid_set  # noqa: E402
from tenpennies.solver import can_lay_down, cards_needed, find_contract, outs  # noqa: E402

from matches import extract  # noqa: E402  (git archive of one commit's package, beside this file)


def exhaustive_best(hand, round_no, rules=TEN_PENNIES):
    """The fewest-wilds, most-points arrangement's score by trying everything, or None."""
    sets_needed, size = rules.contracts[round_no - 1]
    wild = rules.wild_table(round_no)
    counts = Counter(hand)
    values = sorted(counts, key=sort_key)
    candidates = []
    for pick in product(*(range(counts[v] + 1) for v in values)):
        cards = [v for v, n in zip(values, pick) for _ in range(n)]
        if len(cards) >= size and is_valid_set(cards, round_no, rules):
            candidates.append(Counter(cards))
    best = None
    for combo in combinations_with_replacement(candidates, sets_needed):
        used = Counter()
        for c in combo:
            used.update(c)
        if any(used[v] > counts[v] for v in used):
            continue
        wilds = sum(n for v, n in used.items() if wild[v.index])
        points = sum(rules.points(v) * n for v, n in used.items())
        key = (wilds, -points)
        if best is None or key < best:
            best = key
    return best


def fastest_ns(fn, hand, round_no, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter_ns()
        fn(hand, round_no)
        took = time.perf_counter_ns() - start
        best = took if best is None or took < best else best
    return best


BEFORE = "08a58c4"
"""The last commit before issue 11 (runs): the solver was one module, sets only."""

TIMER = """
import json, random, statistics, sys, time
from tenpennies import TEN_PENNIES
from tenpennies.solver import can_lay_down, cards_needed, find_contract, outs
hands_per_round, repeat, seed = map(int, sys.argv[1:4])
asks = {"feasible": can_lay_down, "trusted": lambda h, r: can_lay_down(h, r, trusted=True),
        "best": find_contract, "needed": cards_needed, "outs": outs}
deck = TEN_PENNIES.deck()
out = {}
for round_no in range(1, TEN_PENNIES.rounds + 1):
    rng = random.Random(seed * 100 + round_no)
    hands = [tuple(rng.sample(deck, 11 + n % 4)) for n in range(hands_per_round)]
    row = out[round_no] = {}
    for name, ask in asks.items():
        times = []
        for hand in hands:
            best = None
            for _ in range(repeat):
                start = time.perf_counter_ns()
                ask(hand, round_no)
                took = time.perf_counter_ns() - start
                best = took if best is None or took < best else best
            times.append(best)
        row[name] = statistics.median(times)
print(json.dumps(out))
"""


def ten_pennies_figures(code: Path, hands: int, repeat: int, seed: int) -> dict:
    """Median ns per hand of each question in each round, timed with the package in ``code``."""
    out = subprocess.run([sys.executable, "-c", TIMER, str(hands), str(repeat), str(seed)],
                         cwd=code, capture_output=True, text=True, check=True).stdout
    return {int(k): v for k, v in json.loads(out).items()}


def before_and_after(hands: int, repeat: int, seed: int, ref: str) -> None:
    """Ten Pennies now and at commit ``ref``, on the same hands, each timed twice, interleaved."""
    with tempfile.TemporaryDirectory() as folder:
        if not extract(ref, Path(folder)):
            print(f"(git could not extract {ref}: no 'before' figures)")
            return
        runs = {"now": [], "before": []}
        for _ in range(2):  # interleaved, the faster of two kept: other load hits both alike
            runs["before"].append(ten_pennies_figures(Path(folder), hands, repeat, seed))
            runs["now"].append(ten_pennies_figures(ROOT, hands, repeat, seed))
    fig = {k: {r: {q: min(run[r][q] for run in v) for q in v[0][r]} for r in v[0]} for k, v in runs.items()}
    names = ("feasible", "trusted", "best", "needed", "outs")
    print(f"\nTen Pennies now and before issue 11 (commit {ref}), same hands, median µs per hand "
          "(now / before):")
    header = f"{'round':<6}" + "".join(f"{n:>20}" for n in names)
    print(header)
    print("-" * len(header))
    for r in sorted(fig["now"]):
        print(f"R{r:<5}" + "".join(
            f"{fig['now'][r][n] / 1000:>8.1f} / {fig['before'][r][n] / 1000:>5.1f} µs" for n in names))
    ratio = {n: statistics.median(fig["now"][r][n] / fig["before"][r][n] for r in fig["now"]) for n in names}
    print("median ratio now/before: " + ", ".join(f"{n} {ratio[n]:.2f}" for n in names))


def ten_card_rummy(hands: int, repeat: int, seed: int) -> None:
    """The same questions in every round of Ten Card Rummy (runs and sets)."""
    from tenpennies.engine.rules import TEN_CARD_RUMMY as rules

    deck = rules.deck()
    print(f"\nTen Card Rummy: {hands} seeded random hands of 10-13 cards per round, median µs per hand:")
    header = (f"{'contract':<34} {'there':>5} {'feasible':>9} {'best':>9} {'needed':>9} {'outs':>9}")
    print(header)
    print("-" * len(header))
    every = {"feasible": [], "best": [], "needed": [], "outs": []}
    for round_no in range(1, rules.rounds + 1):
        rng = random.Random(seed * 100 + round_no)
        hand_list = [tuple(rng.sample(deck, 10 + n % 4)) for n in range(hands)]
        row = {}
        for name, ask in (("feasible", can_lay_down), ("best", find_contract),
                          ("needed", cards_needed), ("outs", outs)):
            row[name] = [fastest_ns(lambda h, r: ask(h, r, rules), h, round_no, repeat) for h in hand_list]
            every[name] += row[name]
        there = sum(can_lay_down(h, round_no, rules) for h in hand_list) / hands
        print(f"R{round_no:<3}{rules.contract(round_no).words:<31}{100 * there:>4.0f}% " + " ".join(
            f"{statistics.median(row[n]) / 1000:>6.1f} µs" for n in row))
    print("-" * len(header))
    print(f"{'all rounds':<34} {'':>5} " + " ".join(
        f"{statistics.median(every[n]) / 1000:>6.1f} µs" for n in every))
    print("(the fastest of --repeat timings: the run search's per-suit tables are then cached, as they")
    print(" mostly are for a player whose hand changes a card at a time; a hand never seen costs")
    print(" about 25-55 µs more in feasible and needed)")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100, help="hands per round (default 100)")
    parser.add_argument("--repeat", type=int, default=5, help="timings per hand for the solver")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--before", default=BEFORE,
                        help=f"commit whose Ten Pennies figures are shown beside (default {BEFORE})")
    args = parser.parse_args(argv)

    rules = TEN_PENNIES
    deck = rules.deck()
    print(f"Ten Pennies contract solver: {args.hands} seeded random hands of 11-14 cards per round,")
    print("median time per hand; the exhaustive search runs on the same hands in this run.\n")
    header = (f"{'contract':<16} {'there':>5} {'feasible':>9} {'best':>9} {'best|there':>10} "
              f"{'exhaustive':>11} {'x feasible':>10} {'x best':>8} {'needed':>9} {'outs':>9}")
    print(header)
    print("-" * len(header))
    every = {"feasible": [], "best": [], "there": [], "slow": [], "needed": [], "outs": []}
    for round_no in range(1, rules.rounds + 1):
        rng = random.Random(args.seed * 100 + round_no)
        hands = [tuple(rng.sample(deck, 11 + n % 4)) for n in range(args.hands)]
        feasible = [fastest_ns(can_lay_down, h, round_no, args.repeat) for h in hands]
        # The same question as the match and the bots ask it: trusted=True skips the check
        # that the deck can hold the hand, which the public call makes.
        every.setdefault("trusted", []).extend(
            fastest_ns(lambda h, r: can_lay_down(h, r, trusted=True), h, round_no, args.repeat) for h in hands)
        best = [fastest_ns(find_contract, h, round_no, args.repeat) for h in hands]
        needed = [fastest_ns(cards_needed, h, round_no, args.repeat) for h in hands]
        helped = [fastest_ns(outs, h, round_no, args.repeat) for h in hands]
        slow, there = [], []
        for h, b in zip(hands, best):
            start = time.perf_counter_ns()
            truth = exhaustive_best(h, round_no)
            slow.append(time.perf_counter_ns() - start)
            # The figures only count if the answers agree.
            found = find_contract(h, round_no)
            assert (found is None) == (truth is None) == (not can_lay_down(h, round_no)), h
            assert (cards_needed(h, round_no) == 0) == (found is not None), h
            if found is not None:
                assert (found.wilds, -found.points) == truth, h
                there.append(b)
        for name, values in (("feasible", feasible), ("best", best), ("there", there), ("slow", slow),
                             ("needed", needed), ("outs", helped)):
            every[name] += values
        print(row(f"R{round_no} {rules.contract(round_no).words}", len(there) / len(hands),
                  feasible, best, there, slow, needed, helped))
    print("-" * len(header))
    print(row("all rounds", len(every["there"]) / len(every["best"]),
              every["feasible"], every["best"], every["there"], every["slow"],
              every["needed"], every["outs"]))
    f, b, x, n, o = (statistics.median(every[k]) for k in ("feasible", "best", "slow", "needed", "outs"))
    print(f"\nhands per second: feasibility {1e9 / f:,.0f}, best arrangement {1e9 / b:,.0f}, "
          f"exhaustive {1e9 / x:,.0f}, cards needed {1e9 / n:,.0f}, outs {1e9 / o:,.0f}")
    trusted = statistics.median(every["trusted"])
    print(f"the deck check: feasibility {f / 1000:.1f} µs checked (the public call), "
          f"{trusted / 1000:.1f} µs trusted (the match's and bots' path)")
    print("(best|there: the best arrangement, timed only on hands that hold the contract;")
    print(" needed, outs: cards_needed and outs, what is missing and which single cards help)")
    before_and_after(args.hands, args.repeat, args.seed, args.before)
    ten_card_rummy(args.hands, args.repeat, args.seed)


def row(label, share, feasible, best, there, slow, needed, helped):
    f, b, x, n, o = (statistics.median(v) for v in (feasible, best, slow, needed, helped))
    t = f"{statistics.median(there) / 1000:>7.1f} µs" if there else f"{'-':>10}"
    return (f"{label:<16} {100 * share:>4.0f}% {f / 1000:>6.1f} µs {b / 1000:>6.1f} µs {t} "
            f"{x / 1000:>8.0f} µs {x / f:>9.0f}x {x / b:>7.0f}x {n / 1000:>6.1f} µs {o / 1000:>6.1f} µs")


if __name__ == "__main__":
    main()
