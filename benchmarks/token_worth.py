"""Measure what a token is worth, by round and tokens held, and write tenpennies/data/token_worth.json.

    python benchmarks/token_worth.py                 # the shipped table (about nine minutes of one core)
    python benchmarks/token_worth.py --pairs 20 --out /tmp/tw.json   # a quick look
    python benchmarks/token_worth.py --bots strong --pairs 240       # with the judgment's bots (issue 32)

Each cell is :func:`tenpennies.play.simulate.measure_token_worth`'s method: paired seeded matches
from the start of the round, the seat holding t tokens or t - 1 (common random numbers),
its points to the match's end compared, the mean with its 95% interval. Four strong bots
play, buying by the rule of 48512b0 (benchmarks/old_strong.py): measuring with the bot
that reads this table would be circular. Deterministic: the same seed gives the same file,
with any number of workers. Runs on a process pool, as ``simulate`` does.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from old_strong import OldStrongBot  # noqa: E402

from tenpennies.bots.tokens import TOKEN_LEVELS  # noqa: E402
from tenpennies.odds.intervals import interval_of  # noqa: E402
from tenpennies.play.simulate import token_pair  # noqa: E402
from tenpennies.engine.rules import TEN_PENNIES  # noqa: E402

WHO = {"old": "four strong bots buying by the rule of 48512b0",
       "strong": "four strong bots buying by the one buy judgment (issue 32), reading the table measured before"}
OUT = Path(__file__).resolve().parent.parent / "tenpennies" / "data" / "token_worth.json"


BOTS = {"old": OldStrongBot, "strong": "strong"}
"""The bots a measurement seats: 48512b0's rule (``old``), or today's strong bot, which buys
by the one judgment reading the shipped table (``strong``: one step towards the table that
judgment would measure for itself)."""


def _cell_chunk(round_no: int, tokens: int, start: int, stop: int, seed: int, bots: str = "old") -> list[float]:
    seated = [BOTS[bots]] * TEN_PENNIES.players
    return [token_pair(round_no, tokens, i, seed, TEN_PENNIES, seated) for i in range(start, stop)]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=120)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--bots", choices=sorted(BOTS), default="old",
                        help="old: four strong bots buying by 48512b0's rule; strong: today's strong bot")
    args = parser.parse_args(argv)
    rounds = range(1, TEN_PENNIES.rounds + 1)
    jobs = [(r, t, s, min(s + args.chunk, args.pairs)) for r in rounds for t in TOKEN_LEVELS
            for s in range(0, args.pairs, args.chunk)]
    try:
        from tqdm import tqdm
    except ImportError:
        tqdm = None
    bar = tqdm(total=len(jobs) * args.chunk, unit="pair", desc="token worth") if tqdm else None
    diffs: dict[tuple[int, int], list[float]] = {}
    begun = time.process_time()
    wall = time.perf_counter()
    with concurrent.futures.ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(_cell_chunk, r, t, a, b, args.seed, args.bots): (r, t, a) for r, t, a, b in jobs}
        done = {}
        for f in concurrent.futures.as_completed(futures):
            done[futures[f]] = f.result()
            if bar is not None:
                bar.update(len(done[futures[f]]))
    if bar is not None:
        bar.close()
    for (r, t, a) in sorted(done):  # in pair order, whatever order the workers finished in
        diffs.setdefault((r, t), []).extend(done[(r, t, a)])
    cells = []
    for (r, t), xs in sorted(diffs.items()):
        w = interval_of(xs)
        cells.append({"round": r, "tokens": t, "mean": round(w.mean, 3), "low": round(w.low, 3),
                      "high": round(w.high, 3), "n": w.n})
        print(f"round {r} tokens {t:2}: {w.mean:7.2f} [{w.low:7.2f}, {w.high:7.2f}] points, {w.n} pairs")
    data = {
        "method": (f"paired seeded play from the start of the round (seed {args.seed}), the seat holding t vs t-1 "
                   f"tokens, others t; {WHO[args.bots]}; {args.pairs} pairs a cell; "
                   "the seat's points to the match's end, points(t-1) - points(t), mean and 95% interval"),
        "tables": {TEN_PENNIES.name: {"levels": list(TOKEN_LEVELS), "cells": cells}},
    }
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}; {time.perf_counter() - wall:.0f} s wall on {args.workers} workers "
          f"(parent CPU {time.process_time() - begun:.1f} s)")


if __name__ == "__main__":
    main()
