"""The strong bot's buy rule, new (tenpennies.bots.buying's judgment) against an old one: 48512b0's
rule of thumb (benchmarks/old_strong.py), or with ``--before 8a4dce7`` the judgment before
it counted the cards each choice gets (benchmarks/before_faithful.py, issue 32; in either
game, ``--rules``): paired seeded matches, two of each, seats swapped.

    python benchmarks/buy_rule.py --matches 200 --workers 2
    python benchmarks/buy_rule.py --before 8a4dce7 --rules ten-card-rummy --matches 200

Each seed is played twice, new-old-new-old and old-new-old-new, so both bots sit in every
seat of the same deals; the figure is the new bot's points per match minus the old bot's,
per seed pair (the two matches' mean difference), with its 95% interval over the pairs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from before_faithful import BeforeStrongBot  # noqa: E402
from old_strong import OldStrongBot  # noqa: E402

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, simulate  # noqa: E402
from tenpennies.bots.strong import StrongBot  # noqa: E402
from tenpennies.odds.intervals import interval_of  # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200, help="seeds; each is played twice (seats swapped)")
    parser.add_argument("--seed", type=int, default=2023)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--before", choices=("48512b0", "8a4dce7"), default="48512b0",
                        help="the old rule: 48512b0's rule of thumb, or 8a4dce7's one-card judgment")
    parser.add_argument("--rules", choices=("ten-pennies", "ten-card-rummy"), default="ten-pennies")
    args = parser.parse_args(argv)
    rules = TEN_PENNIES if args.rules == "ten-pennies" else TEN_CARD_RUMMY
    old_bot = OldStrongBot if args.before == "48512b0" else BeforeStrongBot
    if old_bot is OldStrongBot and rules is not TEN_PENNIES:
        parser.error("48512b0's rule is Ten Pennies' only")
    begun = time.perf_counter()
    a = list(simulate([StrongBot, old_bot, StrongBot, old_bot], args.matches, args.seed,
                      rules=rules, workers=args.workers, progress=True))
    b = list(simulate([old_bot, StrongBot, old_bot, StrongBot], args.matches, args.seed,
                      rules=rules, workers=args.workers, progress=True))
    diffs, spent_new, spent_old = [], [], []
    for x, y in zip(a, b):
        new = (x.scores[0] + x.scores[2] + y.scores[1] + y.scores[3]) / 4
        old = (x.scores[1] + x.scores[3] + y.scores[0] + y.scores[2]) / 4
        diffs.append(new - old)
        spent_new.append((x.tokens_spent[0] + x.tokens_spent[2] + y.tokens_spent[1] + y.tokens_spent[3]) / 4)
        spent_old.append((x.tokens_spent[1] + x.tokens_spent[3] + y.tokens_spent[0] + y.tokens_spent[2]) / 4)
    d = interval_of(diffs)
    print(f"{args.rules}, {args.matches} seeds x 2 (seats swapped): new strong - strong at {args.before} = {d.mean:.2f} "
          f"[{d.low:.2f}, {d.high:.2f}] points per match (lower is better)")
    word = "tokens spent" if rules.tokens is not None else "buys"
    print(f"{word} per match: new {sum(spent_new) / len(spent_new):.2f}, old {sum(spent_old) / len(spent_old):.2f}")
    print(f"{time.perf_counter() - begun:.0f} s")


if __name__ == "__main__":
    main()
