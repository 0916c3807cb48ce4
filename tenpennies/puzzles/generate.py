"""The puzzle generator: mine positions from seeded bot matches, keep the good ones, write TOML.

    python -m tenpennies.puzzles.generate [--out puzzles] [--matches 1100] [--seed 0] [--workers N]

What it does, in order (everything seeded, so a rerun writes the same files, with any
number of workers):

1. Plays ``--matches`` seeded matches (:func:`~tenpennies.puzzles.mining.match_plan`: both
   games, Ten Pennies for four and Ten Card Rummy for four and for six, strong and
   rule-of-thumb bots with an expert seat in some) in parallel through the kit's executor
   (:func:`tenpennies.play.simulate.run_in_order`), with a progress bar. At each decision the
   deciding seat's view is a candidate for the kinds it fits (an offer is a ``buy``
   candidate, a hand after its draw a ``lay-down``, ``discard``, ``go-out`` ...
   candidate): the position exactly as the match reached it, never trimmed (what to fold
   away is the widget's and the sheet's choice).
2. In each match, solves a few candidates of each kind (picked by the match's seed) and
   keeps those whose answer is clear (:func:`~tenpennies.puzzles.sifting.clear`): unique up
   to equal cards and, for kinds that rank choices, ahead of the next best by
   :data:`~tenpennies.puzzles.sifting.MARGINS`; a buy puzzle also only when its verdict
   holds across the token's measured worth *and* by the expert's rollouts
   (:func:`~tenpennies.puzzles.sifting.buy_holds`). No two from one decision, nor from
   consecutive decisions of one seat (:func:`~tenpennies.puzzles.mining.mine_match`).
3. Tags themes by predicates (:func:`~tenpennies.puzzles.sifting.themes_of`), words each
   puzzle (:mod:`tenpennies.puzzles.wording`), and sets a first tier
   (:func:`~tenpennies.puzzles.sifting.tier_of`).
4. Picks across matches (:func:`select`): at least one puzzle from each match that has
   one, none twice by canonical form (:func:`~tenpennies.puzzles.sifting.canonical`: suits
   relabelled, order that does not matter ignored), up to :data:`CAPS` of each kind in
   each game.
5. Rates them (:func:`tenpennies.puzzles.rating.rate`, a ladder of solver players and
   Glicko-2) and sets the tier from the rating's band, when that module is there.
6. Writes one TOML file per kind and game (``KIND.toml``, ``tcr-KIND.toml``) and the
   mined matches' actions (:mod:`tenpennies.puzzles.puzzle_files`,
   :mod:`tenpennies.puzzles.matches`), so a test replays every puzzle's match to its
   decision without a bot.

This module holds the run as a whole (:func:`generate`), the steps across matches (4, 5)
and the command line. One match's mining (:mod:`tenpennies.puzzles.mining`), the sifting
of its candidates (:mod:`tenpennies.puzzles.sifting`) and the writing
(:mod:`tenpennies.puzzles.puzzle_files`) have modules of their own, and so has re-mining
the buy puzzles alone (:mod:`tenpennies.puzzles.buy_mining`: ``--mine-buy``,
``--refresh-buy``).

The built positions (:data:`THEMED`, for ideas the bots seldom meet) are kept only when
no rule says no play reaches them (:meth:`SeatPosition.problems`); their source says
``built``. The test suite re-derives every shipped answer and replays every match.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from ..play.seat_position import SeatPosition
from ..play.simulate import run_in_order
from . import FOLDER, MatchSource, PuzzleError, parse_source, read_text
from .buy_mining import mine_buy, refresh_buy
from .kinds import KINDS
from .mining import GAMES, KINDS_BY_GAME, PER_MATCH, TRIES, entry_of, match_plan, mine_match
from .puzzle_files import game_of, number, prune_matches, render, write
from .sifting import TIER_BANDS, clear

CAPS = {
    ("ten-pennies", "lay-down"): 220, ("ten-pennies", "missing"): 200, ("ten-pennies", "buy"): 100,
    ("ten-pennies", "discard"): 200, ("ten-pennies", "go-out"): 200, ("ten-pennies", "additions"): 200,
    ("ten-pennies", "count"): 180, ("ten-pennies", "cost"): 140,
}
"""The most puzzles of each kind in each game (a kind a game lacks here: :data:`CAP`)."""
CAP = 180

THEMED = (
    # (kind, notation, params, what it shows): only positions a play can reach (problems() is empty)
    ("lay-down", "r1 s0 a0 h:7S7HJKJK9S9HQD4C5D6H3S t:- d:KC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60",
     {}, "two jokers and two pairs: one joker per set"),
    ("lay-down", "r2 s0 a0 h:8S8H8SJKJK4C5D6H3SKD9C t:- d:QC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60",
     {}, "two eights of spades cannot share a set"),
    ("lay-down", "r5 s0 a0 h:ASAH2C9S9H9DJK4C4D6H3S t:- d:KC k:9/10/10/10 p:0/40/10/5 n:11/11/11/11 st:60",
     {}, "aces and twos are wild in round 5"),
    ("lay-down", "r7 s0 a0 h:QSQHQDQCJK2H2S5C7D8H3S t:- d:KC k:6/10/7/10 p:90/40/110/75 n:11/11/11/11 st:60",
     {}, "seven cards with three wilds"),
    ("buy", "r6 s0 a0 h:KSKHKD9C9D4C5D6H3S7C8H t:- d:3C5HKC@3 k:2/10/7/10 p:120/40/110/75 n:11/11/11/11 st:40",
     {}, "buying with few tokens late in the match"),
    ("buy", "r3 s0 a0 h:7S7H7D9S9H9DJK4C5C6DQH t:- d:3H7C@3 k:1/6/5/4 p:40/25/60/30 n:11/11/11/11 st:50",
     {}, "the last token, spent where it completes the contract"),
    ("buy", "r2 s0 a0 h:KSKH4C5C6D8H9STDJC3S2D t:- d:3HKD@3 k:1/6/5/4 p:40/25/60/30 n:11/11/11/11 st:50",
     {}, "the last token, kept: a third king is not yet a set of 4"),
)

TCR_TAIL = " t:- d:KC@5 k:- p:0/0/0/0/0/0 n:10/10/10/10/10/10 st:47 g:ten-card-rummy"
TCR_THEMED = (
    # Ten Card Rummy at a table of six (C1), for the ideas of runs the bots seldom show.
    ("lay-down", "r2 s0 a0 h:4S5S6S7S8SKDQC9H2D3C" + TCR_TAIL, {}, "a run of five is one meld, not two (C5)"),
    ("lay-down", "r2 s0 a0 h:4S5S6S7S8S9SKDQC2D3C" + TCR_TAIL, {}, "a run of six split into two runs of three"),
    ("lay-down", "r3 s0 a0 h:QHKHAH2H5C7D9SJC4D8C" + TCR_TAIL, {}, "over the top: Q K A 2 of hearts (C3)"),
    ("lay-down", "r1 s0 a0 h:7SJKJK2D4C9HQDKSTC5H" + TCR_TAIL, {}, "two jokers and one natural make no meld (C4)"),
    ("lay-down", "r4 s0 a0 h:9S9S9H9D5C6C7CJKKD2H" + TCR_TAIL, {}, "a set repeating a suit and a run with a joker"),
)
"""Built Ten Card Rummy puzzles, written to ``tcr-KIND.toml`` with the mined ones."""


def built() -> list[dict[str, Any]]:
    """The built positions (:data:`THEMED`, :data:`TCR_THEMED`) that pass every check."""
    entries = []
    for kind, notation, params, why in THEMED + TCR_THEMED:
        p = SeatPosition.parse(notation)
        if p.problems():
            raise PuzzleError(f"built puzzle {notation!r}: no play reaches it: {p.problems()[0]}")
        s = KINDS[kind].solve(p, params)
        if clear(kind, p, params, s) and (kind != "buy" or s.answer in ("buy", "pass")):
            entries.append(entry_of(kind, p, params, s, f"built: {why}"))
    return entries


def select(mined: list[tuple[MatchSource, list, list[dict[str, Any]]]], first: list[dict[str, Any]] = ()
           ) -> list[dict[str, Any]]:
    """The puzzles kept: ``first`` (the built ones), then one from each match (its rarest
    kind that is neither a duplicate nor over its cap), then the rest in match order; none
    twice by :func:`~tenpennies.puzzles.sifting.canonical`, at most :data:`CAPS` of a kind in a game, and of those at
    most half answered "no"."""
    seen: set = set()
    counts: Counter = Counter()
    chosen: list[dict[str, Any]] = []
    taken: set[int] = set()

    def take(e) -> bool:
        game = game_of(e)
        cap = CAPS.get((game, e["kind"]), CAP)
        if e["canonical"] in seen or counts[game, e["kind"]] >= cap:
            return False
        # A yes-or-no kind keeps its "no" answers to half: answering "no" must not be a safe bet.
        if e["answer"] == "no" and counts[game, e["kind"], "no"] >= cap // 2:
            return False
        seen.add(e["canonical"])
        counts[game, e["kind"]] += 1
        counts[game, e["kind"], e["answer"] == "no" and "no"] += 1
        chosen.append(e)
        return True

    for e in first:
        take(e)
    for _, _, entries in mined:
        for n, e in enumerate(entries):
            if take(e):
                taken.add(id(e))
                break
    for _, _, entries in mined:
        for e in entries:
            if id(e) not in taken:
                take(e)
    return chosen


def rate_entries(entries: list[dict[str, Any]], seed: int, workers: int | None, progress: bool) -> bool:
    """Give each entry a ``rating`` and ``rating_deviation`` and a tier from the rating's
    band (:data:`~tenpennies.puzzles.sifting.TIER_BANDS`), by :func:`tenpennies.puzzles.rating.rate`; False (entries
    unrated, tiers from :func:`~tenpennies.puzzles.sifting.tier_of`) when that module is not there."""
    try:
        # (optional: the generator runs without the rating module, and then leaves entries unrated)
        from .rating import rate
    except ImportError:
        return False
    for n, e in enumerate(entries):
        e["id"] = f"{e['kind']}-{n + 1:04d}"
    puzzles = [p for e in entries for p in read_text(render(e), "generated")]
    ratings = rate(puzzles, seed=seed, workers=workers, progress=progress)
    for e in entries:
        r = ratings[e["id"]]
        e["rating"], e["rating_deviation"] = round(r.rating), round(r.deviation)
        e["tier"] = 1 if e["rating"] < TIER_BANDS[0] else 2 if e["rating"] < TIER_BANDS[1] else 3
    return True


def mine_cached(index: int, seed: int, cache: str | None) -> tuple[MatchSource, list[list], list[dict[str, Any]]]:
    """:func:`~tenpennies.puzzles.mining.mine_match`, read from ``cache`` (a folder) when it was mined before with the
    same kinds for its game, and written there when not: a rerun after a change elsewhere
    (the ratings, the selection) need not replay every match. The result is the same
    with or without the cache."""
    if cache is None:
        return mine_match(index, seed)
    plan = match_plan(index, seed)
    words = b"".join((Path(__file__).parent / name).read_bytes() for name in ANSWERS_AND_WORDS)
    tag = hashlib.sha256(repr((CACHE_VERSION, KINDS_BY_GAME[plan.rules], TRIES, PER_MATCH)).encode()
                         + words).hexdigest()[:12]  # new words or answers: mined again
    path = Path(cache) / f"{seed}-{index}-{tag}.json"
    if path.exists():
        data = json.loads(path.read_text())
        entries = [dict(e, canonical=_tuples(e["canonical"]), wrong=[tuple(w) for w in e["wrong"]])
                   for e in data["entries"]]
        return plan, data["actions"], entries
    plan, actions, entries = mine_match(index, seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"actions": actions, "entries": entries}))
    tmp.replace(path)
    return plan, actions, entries


CACHE_VERSION = 4
"""Raised when what :func:`~tenpennies.puzzles.mining.mine_match` returns changes, so old cached
matches are not read."""

ANSWERS_AND_WORDS = ("kinds.py", "answers.py", "contract_kinds.py", "choice_kinds.py", "going_out_kinds.py",
                     "wording.py")
"""The files whose text a cached match's tag hashes (:func:`mine_cached`): the kinds that
solve its puzzles and the words that say them."""


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def generate(matches: int = 1100, seed: int = 0, *, workers: int | None = None, progress: bool = False,
             rate: bool = True, cache: str | None = None) -> tuple[list[dict[str, Any]], dict[str, dict]]:
    """The puzzles (numbered, rated when it can) and the stored matches they come from;
    ``cache`` a folder that keeps each mined match (see :func:`mine_cached`)."""
    mined = list(run_in_order(mine_cached, [(i, seed, cache) for i in range(matches)], workers=workers,
                              progress=progress, unit="match"))
    chosen = select(mined, built())
    used: dict[str, int] = {}
    for e in chosen:
        source = _source(e)
        if source is not None:
            used[source.key] = max(used.get(source.key, 0), source.decision)
    stored = {}
    for plan, actions, _ in mined:
        key = plan.key
        if key in used:
            stored[key] = {"rules": plan.rules, "players": plan.players, "seed": plan.seed,
                           "actions": actions[:used[key]]}
    entries = number(chosen)
    if rate and rate_entries(entries, seed, workers, progress):
        entries = number(entries)
    return entries, stored


def _source(entry: dict[str, Any]) -> MatchSource | None:
    return parse_source(entry["source"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenpennies.puzzles.generate", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FOLDER, help=f"folder to write (default {FOLDER})")
    parser.add_argument("--matches", type=int, default=1100, help="seeded matches to mine (default 1100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mined matches (default 0)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--no-rating", action="store_true", help="skip rating (tiers from the position's features)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--cache", default=None, help="folder keeping each mined match for a rerun")
    parser.add_argument("--mine-buy", type=int, default=0, metavar="N",
                        help="re-mine Ten Pennies' buy puzzles (mine_buy): keep the steady ones, add N "
                             "answered buy, balance the answers, and stop")
    parser.add_argument("--refresh-buy", nargs="*", type=Path, default=None, metavar="FILE",
                        help="re-solve stored buy puzzle files with the current judgment (refresh_buy) and stop")
    args = parser.parse_args(argv)
    if args.mine_buy:
        # Ten Pennies' buys, mined on purpose. (Ten Card Rummy has no clear pass to mine: with
        # no token, and cards that may be shed, the gain's high end is never below zero.)
        n, answers_now = mine_buy(args.out / "buy.toml", "ten-pennies", ("buy",), args.mine_buy,
                                  workers=args.workers, progress=not args.no_progress)
        print(f"buy.toml: {n} puzzles, answers {dict(answers_now)}")
        print(f"stored matches no puzzle uses any more, let go: {prune_matches(args.out)}")
        return 0
    if args.refresh_buy is not None:
        for path in args.refresh_buy or (FOLDER / "buy.toml", FOLDER / "tcr-buy.toml"):
            n, dropped = refresh_buy(path)
            print(f"{path.name}: {n} kept, {len(dropped)} no longer steady, dropped: {' '.join(dropped) or '-'}")
        print(f"stored matches no puzzle uses any more, let go: {prune_matches(args.out)}")
        return 0
    start = time.perf_counter()
    entries, stored = generate(args.matches, args.seed, workers=args.workers, progress=not args.no_progress,
                               rate=not args.no_rating, cache=args.cache)
    counts = write(entries, stored, args.out)
    by = Counter((game_of(e), e["kind"]) for e in entries)
    for game in GAMES:
        print(f"{game:15} " + "  ".join(f"{k} {by[game, k]}" for k in KINDS if by[game, k]))
    tiers = Counter(e["tier"] for e in entries)
    print("tiers " + "  ".join(f"{t}: {tiers[t]}" for t in (1, 2, 3)))
    if any("rating" in e for e in entries):
        bands = Counter(e["rating"] // 200 * 200 for e in entries)
        print("ratings " + "  ".join(f"{b}-{b + 199}: {bands[b]}" for b in sorted(bands)))
    print(f"{sum(counts.values())} puzzles from {len(stored)} matches written to {args.out} "
          f"in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
