"""Do two commits play the very same random matches? A check to run before a speed change merges.

    python benchmarks/same_matches.py                    # against main, 80 matches per rule variant
    python benchmarks/same_matches.py --against 48512b0 --matches 20

A speed change must not change a single game. For each of a dozen rule variants (both
games, other player counts, and fields flipped one or two at a time), this plays
``--matches`` seeded matches two ways, by the code now and by the code of ``--against``
(extracted with ``git archive``, as benchmarks/matches.py does): four random bots through
their views (:func:`tenpennies.bots.play_match`), and the loop of benchmarks/peers.py
(``m.apply(rng.choice(m.legal_actions()))``). It digests the full log of every match,
and in the second loop every listing in order (``Match.legal_actions()``'s order is
public), and prints, per variant, whether the two codes agree. Exit status 1 if any differs.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from matches import ROOT, extract  # noqa: E402

# Each variant as the expression that makes it (both codes evaluate the same text).
VARIANTS = (
    "TEN_PENNIES",
    "TEN_CARD_RUMMY",
    "TEN_PENNIES.with_players(3)",
    "TEN_PENNIES.with_players(6)",
    "TEN_PENNIES.replace(repeated_suits_allowed=True)",
    "TEN_PENNIES.replace(discarder_may_buy_back=True, buys_per_round=1)",
    "TEN_PENNIES.replace(meld_kinds=TEN_CARD_RUMMY.meld_kinds)",
    "TEN_PENNIES.replace(free_discard_take=True, tokens=None)",
    "TEN_PENNIES.replace(meld_before_draw=True, stock_rebuild='turn-over')",
    "TEN_CARD_RUMMY.with_players(6)",
    "TEN_CARD_RUMMY.replace(stock_rebuild='shuffle', buy_beneath_again=False, buys_per_round=2)",
    "TEN_CARD_RUMMY.replace(wilds_outnumbered=False, runs_wrap=False)",
)

DIGESTER = """
import hashlib, random, sys
from tenpennies.bots import play_match
from tenpennies.play.match import Match
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES
matches = int(sys.argv[1])
for expression in sys.argv[2:]:
    rules = eval(expression)
    views, listings = hashlib.sha256(), hashlib.sha256()
    for seed in range(matches):
        match = play_match(["random"] * rules.players, seed=seed, rules=rules)
        views.update(repr(match.log).encode())
        m, rng = Match(seed, rules), random.Random(seed)
        while not m.is_over:
            legal = m.legal_actions()
            listings.update(repr(legal).encode())
            m.apply(rng.choice(legal))
        listings.update(repr(m.log).encode())
    print(views.hexdigest()[:16], listings.hexdigest()[:16], flush=True)
"""


def digests(code: Path, matches: int) -> list[str]:
    """Per variant, the digests of its matches as the package in ``code`` plays them."""
    run = subprocess.run([sys.executable, "-c", DIGESTER, str(matches), *VARIANTS], cwd=code,
                         env={"PYTHONPATH": str(code), "PATH": ""}, capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="main", help="the commit to compare with (default main)")
    parser.add_argument("--matches", type=int, default=80, help="matches per rule variant (default 80)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        if not extract(args.against, Path(folder)):
            print(f"git could not extract {args.against}")
            return 2
        before = digests(Path(folder), args.matches)
    now = digests(ROOT, args.matches)
    differ = 0
    print(f"{'rule variant':<90} {'views':>5} {'match':>5}   ({args.matches} matches each, against {args.against})")
    for variant, mine, theirs in zip(VARIANTS, now, before):
        same = [a == b for a, b in zip(mine.split(), theirs.split())]
        differ += not all(same)
        print(f"{variant:<90} {'same' if same[0] else 'DIFF':>5} {'same' if same[1] else 'DIFF':>5}")
    print("every match the same" if not differ else f"{differ} variant(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
