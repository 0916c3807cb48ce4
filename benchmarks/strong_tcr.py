"""How much CPU the strong bot's Ten Card Rummy turns cost, now and before, and proof they are the same turns.

    python benchmarks/strong_tcr.py                       # 30 + 30 matches, 40 rollouts, against 5272cd9
    python benchmarks/strong_tcr.py --four 10 --six 5 --repeat 1
    python benchmarks/strong_tcr.py --profile             # instead: cProfile's top items of the code now

Each code (this checkout, and ``--before``, extracted with ``git archive`` into a
temporary folder) plays, in a subprocess of its own:

* ``--four`` seeded matches of four strong bots and ``--six`` of six (every third one
  with the rules of thumb in every other seat), the whole match, every decision;
* ``--rollouts`` rollouts from real views (a strong match's decisions of seat 0, spread
  over its rounds), each to the round's end with the strong bot in every seat, as the
  review and the expert play them (:func:`tenpennies.bots.rollouts.rollout_margins`).

It prints the CPU seconds of each part and the ratio, the least of ``--repeat`` runs
(the two codes taking turns: on a shared machine a run is only ever slowed by others),
and a digest of every action of every match and every rollout's margins: the two
digests must be equal, since the speed work must not change a single decision
(tests/test_bot_decisions_tcr.py pins fewer matches in the test suite).

Measured on 2 December 2026 on the shared 2-core machine (load 6 to 9 from other jobs),
against main at 5272cd9:

    python benchmarks/strong_tcr.py --repeat 2
     matches:  34.51 s CPU before (5272cd9),  11.06 s now: 3.12 times cheaper
    rollouts:   1.57 s CPU before (5272cd9),   0.45 s now: 3.50 times cheaper
    30 four-player and 30 six-player matches, 40 rollouts: every action and margin the same

    python benchmarks/strong_tcr.py --expert-matches 2
    expert (in_ten_card_rummy=True, horizon=24), 2 matches, before (5272cd9): 70 searched decisions,
        median 242 ms CPU, worst 1197 ms
    expert (in_ten_card_rummy=True, horizon=24), 2 matches, now: 70 searched decisions,
        median 75 ms CPU, worst 273 ms
    every action the same

Measured on 7 December 2026 (issue 33) on the shared 2-core machine (load 4 to 10 from
other jobs; CPU time, one run each), against 456478b, where issue 33 began:

    python benchmarks/strong_tcr.py --before 456478b --repeat 1
     matches:  12.43 s CPU before (456478b),  10.52 s now: 1.18 times cheaper
    rollouts:   0.67 s CPU before (456478b),   0.40 s now: 1.67 times cheaper
    30 four-player and 30 six-player matches, 40 rollouts: every action and margin the same

(the run solver's per-suit templates and complete places in caches of their own, bounded by
the held places, no longer emptied with the per-ask entries). Issue 33 asks 3 times: what
is left is the offers (about three fifths of a turn: the buy judgment and the outs of each
card heard, tenpennies/bots/buying.py and solver.outs), then the templates of new hands.

Where it went (cProfile of the matches and rollouts, ``--profile``): before, the run
solver's outs (:func:`tenpennies.solver.outs`, a search per card value for every offer
heard) and how short each throw leaves the hand (a search per card, every discard) were
most of a turn. Now a hand's answers are remembered by its counts (five asks in six repeat
one), an offer asks only whether its card is an out unless one card is missing, a discard
asks the solver of its throws in order and stops at the first that leaves the hand no
shorter, a card that cannot complete a hand one card short is not searched, and a
one-meld contract's shortfall is a least score rather than a sorted list. What is left
is spread thin: the solver's searches of new hands, the listing of legal actions
(tenpennies/play/legal.py), building views and applying actions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "5272cd9"


def work(four: int, six: int, rollouts: int) -> dict:
    """Play the matches and rollouts with whatever ``tenpennies`` is importable."""
    from tenpennies.bots.rollouts import rollout_margins
    from tenpennies.bots import play_match
    from tenpennies.play.record import to_dict
    from tenpennies.review.judge import _decisions
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    digest = hashlib.sha256()
    start = time.process_time()
    for players, n in ((4, four), (6, six)):
        rules = TEN_CARD_RUMMY.with_players(players)
        for k in range(n):
            lineup = ["strong", "thumb"] * 3 if k % 3 == 2 else ["strong"] * 6
            m = play_match(lineup[:players], seed=1000 + k, rules=rules)
            digest.update(json.dumps(to_dict(m)["actions"]).encode())
    matches = time.process_time() - start
    m = play_match(["strong"] * 4, seed=7, rules=TEN_CARD_RUMMY)
    views = [(v, a) for _, v, a in _decisions(to_dict(m), 0)]
    views = views[::max(1, len(views) // max(1, rollouts // 4))][:max(1, rollouts // 4)]
    start = time.process_time()
    for v, a in views:
        digest.update(json.dumps(rollout_margins(v, (a,), 4, 5)).encode())
    return {"matches": matches, "rollouts": time.process_time() - start, "digest": digest.hexdigest()}


def expert_costs(matches: int) -> dict:
    """CPU milliseconds of each decision the expert tried out by rollouts, as
    ``ExpertBot(in_ten_card_rummy=True, horizon=24)`` in seats 0 and 2 against strong bots."""
    from tenpennies.bots import play_match
    from tenpennies.bots.expert import ExpertBot
    from tenpennies.play.record import to_dict
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    tried: list[float] = []
    digest = hashlib.sha256()

    class Timed:
        name = "expert"

        def __init__(self, seed):
            self.bot = ExpertBot(seed, in_ten_card_rummy=True, horizon=24)

        def act(self, view):
            start, before = time.process_time(), self.bot.rollouts_done
            action = self.bot.act(view)
            if self.bot.rollouts_done > before:
                tried.append((time.process_time() - start) * 1000)
            return action

    for i in range(matches):
        m = play_match([Timed(10 * i + s) if s % 2 == 0 else "strong" for s in range(4)], seed=2026 + i,
                       rules=TEN_CARD_RUMMY)
        digest.update(json.dumps(to_dict(m)["actions"]).encode())
    tried.sort()
    return {"tried": len(tried), "median": tried[len(tried) // 2] if tried else 0.0,
            "worst": tried[-1] if tried else 0.0, "digest": digest.hexdigest()}


def run(path: Path, args, expert: bool = False) -> dict:
    env = dict(os.environ, PYTHONPATH=str(path))
    how = ["--expert-worker", str(args.expert_matches)] if expert else [
        "--worker", str(args.four), str(args.six), str(args.rollouts)]
    out = subprocess.run([sys.executable, __file__, *how], env=env, capture_output=True, text=True, check=True,
                         cwd=path)
    return json.loads(out.stdout.strip().splitlines()[-1])


def profile(args) -> None:
    import cProfile
    import pstats

    sys.path.insert(0, str(ROOT))
    p = cProfile.Profile()
    p.runcall(work, args.four, args.six, args.rollouts)
    pstats.Stats(p).sort_stats(args.sort).print_stats(args.top)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--four", type=int, default=30, help="four-player matches (default 30)")
    p.add_argument("--six", type=int, default=30, help="six-player matches (default 30)")
    p.add_argument("--rollouts", type=int, default=40, help="rollouts from real views (default 40)")
    p.add_argument("--repeat", type=int, default=2, help="runs of each code, the least kept (default 2)")
    p.add_argument("--before", default=BEFORE, help=f"the commit to compare with (default {BEFORE})")
    p.add_argument("--profile", action="store_true", help="print the code now's cProfile top items instead")
    p.add_argument("--sort", default="tottime", help="--profile's order: tottime (default) or cumulative")
    p.add_argument("--top", type=int, default=15, help="--profile's items shown (default 15)")
    p.add_argument("--expert-matches", type=int, default=0, metavar="N",
                   help="instead: the CPU cost of the expert's searched decisions in N Ten Card Rummy matches")
    p.add_argument("--worker", nargs=3, type=int, help=argparse.SUPPRESS)
    p.add_argument("--expert-worker", type=int, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        print(json.dumps(work(*args.worker)))
        return 0
    if args.expert_worker:
        print(json.dumps(expert_costs(args.expert_worker)))
        return 0
    if args.profile:
        profile(args)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", args.before, "tenpennies"], cwd=ROOT, capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        if args.expert_matches:
            now, before = run(ROOT, args, expert=True), run(Path(tmp), args, expert=True)
            for name, r in ((f"before ({args.before})", before), ("now", now)):
                print(f"expert (in_ten_card_rummy=True, horizon=24), {args.expert_matches} matches, {name}: "
                      f"{r['tried']} searched decisions, median {r['median']:.0f} ms CPU, worst {r['worst']:.0f} ms")
            same = now["digest"] == before["digest"]
            print("every action the same" if same else "DIFFERENT actions")
            return 0 if same else 1
        now, before = [], []
        for _ in range(args.repeat):
            now.append(run(ROOT, args))
            before.append(run(Path(tmp), args))
    same = {r["digest"] for r in now + before}
    for part in ("matches", "rollouts"):
        a, b = min(r[part] for r in now), min(r[part] for r in before)
        print(f"{part:>8}: {b:6.2f} s CPU before ({args.before}), {a:6.2f} s now: {b / a:.2f} times cheaper")
    print(f"{args.four} four-player and {args.six} six-player matches, {args.rollouts} rollouts: "
          + ("every action and margin the same" if len(same) == 1 else f"DIFFERENT ({len(same)} digests)"))
    return 0 if len(same) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
