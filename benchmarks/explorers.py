"""How fast do the explorers redraw? Run: ``python3 benchmarks/explorers.py`` (from the repo root).

The goal is every update under 0.3 s. Each line is one update as a player makes it: a
control moved to a value not seen before in this process (so nothing is cached), then
the table, chart and pictures rebuilt. With ipywidgets installed the updates go
through the widgets' own handlers; without it, through the state values alone.
The slowest odds settings the controls allow (three decks, 12 jokers, hands of 13, wild
limits raised by 2) are timed too.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies.lessons.explorers import BuyChoice, ContractView, OddsTable, SetCheck  # noqa: E402
from tenpennies import Card  # noqa: E402

GOAL = 0.3


def timed(label: str, step) -> float:
    start = time.perf_counter()
    step()
    seconds = time.perf_counter() - start
    print(f"  {label:<58} {seconds * 1000:7.1f} ms{'' if seconds < GOAL else '  OVER the goal'}")
    return seconds


def with_widgets() -> list[float]:
    from tenpennies.widgets import buy_calculator, contract_explorer, odds_explorer, set_checker

    times = []
    print("Through the widgets (ipywidgets), cold:")
    odds = timed("odds explorer: first drawing (Ten Pennies)", odds_explorer)
    times.append(odds)
    explorer = odds_explorer()
    for name, value in [("decks", 3), ("jokers", 12), ("hand_size", 13), ("wild_limit_change", 2),
                        ("wild_aces_and_twos", "every round"), ("repeated_suits", True),
                        ("decks", 1), ("hand_size", 9), ("wild_limit_change", -1)]:
        control = explorer.controls[name]
        times.append(timed(f"odds explorer: {name} = {value}", lambda: setattr(control, "value", value)))
    checker = set_checker()
    for text in ("7S", "7H", "JK", "JK"):
        times.append(timed(f"set checker: click {text}",
                           lambda: checker.card_buttons[text].click()))
    contract = contract_explorer(seed=1)
    for seed in (2, 3):
        contract.seed.value = seed
        times.append(timed(f"contract explorer: deal seed {seed}", contract.deal_button.click))
    times.append(timed("contract explorer: type a hand with 16 ways",
                       lambda: setattr(contract.hand_text, "value", "7S 7H 7D 7C 9S 9H 9D JK JK KS KH")))
    times.append(timed("contract explorer: round 7",
                       lambda: setattr(contract.round_picker, "value", 7)))
    buy = buy_calculator(hand="7S 7H 7D 9S 9H 4C 5C 6D KS QH JD", offered="3C")
    for offered in ("9D", "JK", "4S"):
        times.append(timed(f"buy calculator: offer {offered}",
                           lambda: setattr(buy.offered_text, "value", offered)))
    for round_no in (2, 5, 7):
        times.append(timed(f"buy calculator: round {round_no}",
                           lambda: setattr(buy.round_picker, "value", round_no)))
    return times


def state_only() -> list[float]:
    print("State values only (no widgets), cold:")
    times = [timed("odds table: decks 3, jokers 12, hand size 13, suits repeat",
                   lambda: OddsTable(decks=3, jokers=12, hand_size=13, repeated_suits=True).svg())]
    times.append(timed("odds table: decks 3, jokers 8, hand 13, limit +2, A/2 always",
                       lambda: OddsTable(decks=3, jokers=8, hand_size=13, wild_limit_change=2,
                                         wild_aces_and_twos="every round").svg()))
    times.append(timed("set check: 7S 7H JK", lambda: SetCheck().add(Card("7S")).add(Card("7H"))
                       .add(Card("JK")).svg()))
    times.append(timed("contract view: seed 11, round 1", lambda: ContractView().dealt(11).svg()))
    times.append(timed("buy choice: seed 11, rounds 1-7",
                       lambda: [BuyChoice(r).dealt(11).svg() for r in range(1, 8)]))
    return times


def main() -> None:
    times = []
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        print("(ipywidgets is not installed: timing the state values only)")
    else:
        times += with_widgets()
    times += state_only()
    worst = max(times)
    if hasattr(os, "getloadavg"):  # other work on the machine slows every update alike
        print(f"load average over the last minute: {os.getloadavg()[0]:.2f}")
    print(f"slowest update: {worst * 1000:.1f} ms ({'within' if worst < GOAL else 'OVER'} the "
          f"{GOAL * 1000:.0f} ms goal)")


if __name__ == "__main__":
    main()
