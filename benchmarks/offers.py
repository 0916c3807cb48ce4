"""How fast the buy judgment answers offers, and how many its bounds settle.

Collects offers of the top discard to seats not yet down from seeded strong matches of one
game, then answers each with :func:`tenpennies.bots.buy_core.judge` as the bots do (bounds first,
the exact count only where they cannot settle the verdict) and, apart, with the exact
count always. Prints the share settled by the bounds, the time per offer by path (median
and 95th percentile), the share answered under 1 ms, and the slowest exact count.

    python benchmarks/offers.py --game ten-pennies --offers 500
"""

from __future__ import annotations

import argparse
import statistics
import time

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Match
from tenpennies.engine.actions import Buy, TakeDiscard
from tenpennies.bots import bot_seed, make_bot
from tenpennies.bots.buy_core import _unseen_counts, judge

GAMES = {"ten-pennies": TEN_PENNIES, "ten-card-rummy": TEN_CARD_RUMMY}


def offers(rules, wanted: int):
    views, seed = [], 0
    while len(views) < wanted:
        seed += 1
        bots = [make_bot("strong", bot_seed(seed, s)) for s in range(rules.players)]
        m = Match(seed, rules)
        while not m.is_over and len(views) < wanted:
            view = m.view(m.to_act)
            if (view.top_discard is not None and not view.opened[view.seat]
                    and any(isinstance(a, (Buy, TakeDiscard)) for a in view.legal_actions)):
                views.append(view)
            m.apply(bots[m.to_act].act(view))
    return views


def timed(view, exact: bool):
    me, rules = view.seat, view.rules
    unseen = _unseen_counts(view.hand, view.seen_cards(), rules)
    start = time.perf_counter()
    verdict, _, numbers = judge(view.hand, view.top_discard, view.round_no, rules, unseen, opened=False,
                                tokens=view.tokens[me], my_turn=view.active == me, stock=view.stock_size,
                                pile=view.discard_pile, exact=exact)
    return time.perf_counter() - start, verdict, (numbers[6] if numbers else "bounds")


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="ten-pennies")
    parser.add_argument("--offers", type=int, default=500)
    args = parser.parse_args()
    views = offers(GAMES[args.game], args.offers)
    by_path: dict[str, list[float]] = {"bounds": [], "exact": []}
    always = []
    # The solver keeps caches keyed by a hand's counts, so whichever path runs second on a
    # view finds the first one's work: each view is timed in the other order from the last.
    for k, view in enumerate(views):
        if k % 2:
            always.append(timed(view, exact=True)[0])
        seconds, _, method = timed(view, exact=False)
        by_path[method].append(seconds)
        if not k % 2:
            always.append(timed(view, exact=True)[0])
    n = len(views)
    every = by_path["bounds"] + by_path["exact"]
    print(f"{args.game}: {n} offers to seats not yet down")
    for path, xs in by_path.items():
        if xs:
            print(f"  settled by {path}: {len(xs)} ({len(xs) / n:.1%}), median {statistics.median(xs) * 1e3:.3f} ms, "
                  f"95th percentile {quantile(xs, 0.95) * 1e3:.3f} ms, slowest {max(xs) * 1e3:.2f} ms")
    print(f"  answered under 1 ms: {sum(x < 1e-3 for x in every) / n:.1%}")
    print(f"  exact count every time: median {statistics.median(always) * 1e3:.3f} ms, "
          f"95th percentile {quantile(always, 0.95) * 1e3:.3f} ms, slowest {max(always) * 1e3:.2f} ms, "
          f"under 20 ms {sum(x < 0.02 for x in always) / n:.1%}")


if __name__ == "__main__":
    main()
