"""How long a whole match's review takes, and whether its blunders hold up (issue 25).

    python benchmarks/review.py                       # one match, seat 0 reviewed, 2 workers
    python benchmarks/review.py --matches 3 --workers 1
    python benchmarks/review.py --recheck --matches 4  # each blunder again with 10x the rollouts
    python benchmarks/review.py --rules ten-card-rummy

Each match is seeded and played by bots (``--bots``, one per seat; by default the rules of
thumb in seat 0, the reviewed seat, and the strong bot in the others: a player who makes
mistakes worth finding), saved as a record and reviewed from the record, as the command
line does (``tenpennies review MATCH.json --seat 0``). The time printed is the wall-clock
time of the review alone, on ``--workers`` processes (the pool's start-up included, as a
user feels it), and the CPU time of this process and its workers (on a shared machine
the steadier figure: waiting for a busy core does not count in it).

``--recheck`` measures each decision graded a blunder again, from the same view, with ten
times the rollouts on fresh worlds (:func:`tenpennies.review.recheck`), and counts how
many keep their sign: issue 25 asks at least 95%.

Measured on 2 December 2026 on the shared 2-core machine, with the analyst of branch
analyst at e85cb0d, while other jobs kept its load at 10 to 16 (so the wall-clock times
are several times what an idle machine gives; the CPU time is the figure to go by):

    --matches 2 --seed 1 --workers 2                      (thumb in seat 0, strong elsewhere)
    match 1: 443 decisions judged in 33.3 s (13.0 s CPU); 9 mistakes, 235.7 ± 51.7 points lost
    match 2: 412 decisions judged in 24.8 s (13.1 s CPU); 5 mistakes, 252.0 ± 51.9 points lost
    --matches 2 --seed 1 --workers 2 --bots strong strong strong strong
    match 1: 483 decisions judged in 25.5 s (9.6 s CPU); 2 mistakes, 150.2 ± 27.6 points lost
    match 2: 532 decisions judged in 25.2 s (9.3 s CPU); 3 mistakes, 115.0 ± 18.7 points lost

About 13 s of CPU a match, so some 7 s on two idle cores: within issue 25's 20 s. The
same reviews on one worker (``--workers 1``) gave the same mistakes and points lost.
Matches with more decisions cost more: seeds 5, 6 and 7 (482, 552 and 655 decisions)
took 30.6, 14.9 and 23.5 s of CPU on one worker, the worst some 16 s on two idle cores.

    --recheck --matches 3 --seed 5 --workers 1
    re-check with 10x the rollouts: 38 of 38 blunders kept their sign (100.0%)
    --recheck --matches 4 --seed 1 --workers 1            (with the analyst before e85cb0d)
    re-check with 10x the rollouts: 29 of 29 blunders kept their sign (100.0%)

Ten Card Rummy is far slower: its rounds are longer and its strong bot's turns cost more
(some 40 ms a rollout against 5 to 10), and its rules of thumb differ from the analyst
far more often. One match (seed 1, thumb in seat 0; measured by a script calling
``review(..., workers=1)``, as ``--rules ten-card-rummy --workers 1`` does): 830
decisions, 341 s of CPU, 1 mistake, 80 close, and -237.3 ± 100.3 points "lost": the
thumb's choices did better in the rollouts than the analyst's (the strong bot's policy
there), so in that game the analyst is no judge yet.

Before a mistake was confirmed on fresh worlds (:data:`tenpennies.review.CONFIRM_FACTOR`),
match 1 alone kept 11 of its 13 blunders' signs (85%).
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies.bots import play_match  # noqa: E402
from tenpennies.record import dumps  # noqa: E402
from tenpennies.rules import RuleSet  # noqa: E402
from tenpennies.review import RECHECK_FACTOR, Grade, kept_sign, recheck, review  # noqa: E402


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--matches", type=int, default=1, help="matches to review (default 1)")
    p.add_argument("--seed", type=int, default=0, help="the first match's seed (default 0)")
    p.add_argument("--bots", nargs="+", default=["thumb", "strong", "strong", "strong"],
                   help="one bot per seat; seat 0 is reviewed (default: thumb strong strong strong)")
    p.add_argument("--rollouts", type=int, default=None, help="rollouts a judged decision (default: the review's)")
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--recheck", action="store_true", help="re-measure each blunder with 10x the rollouts")
    p.add_argument("--rules", default="ten-pennies", help="the game (default ten-pennies; or ten-card-rummy)")
    args = p.parse_args(argv)
    options = {} if args.rollouts is None else {"rollouts": args.rollouts}

    times, kept, checked, grades = [], 0, 0, Counter()
    for k in range(args.matches):
        seed = args.seed + k
        record = dumps(play_match(args.bots, seed, RuleSet.named(args.rules)))
        cpu, start = cpu_seconds(), time.perf_counter()
        judged = review(record, 0, workers=args.workers, **options)
        wall, used = time.perf_counter() - start, cpu_seconds() - cpu
        times.append(wall)
        grades.update(d.grade for d in judged.decisions)
        lost = judged.points_lost()
        print(f"match {seed}: {len(judged.decisions)} decisions judged in {wall:.1f} s "
              f"({used:.1f} s CPU) on {args.workers} worker(s); {len(judged.mistakes)} mistakes, "
              f"{lost} points lost", flush=True)
        if args.recheck:
            blunders = [d for d in judged.decisions if d.grade is Grade.BLUNDER]
            again = recheck(judged, blunders, workers=args.workers)
            for d, e in zip(blunders, again):
                ok = kept_sign(d, e)
                kept += ok
                checked += 1
                print(f"  action {d.index}: {d.cost.mean:+.1f} ± {d.cost.se:.1f} over {d.cost.n}, again "
                      f"{e.mean:+.1f} ± {e.se:.1f} over {e.n}: {'kept' if ok else 'LOST'} its sign", flush=True)
    print(f"review time per match: mean {sum(times) / len(times):.1f} s, worst {max(times):.1f} s "
          f"({args.matches} match(es), {os.cpu_count()} cores here)")
    print("grades: " + ", ".join(f"{grades[g]} {g.value}" for g in Grade))
    if args.recheck:
        share = kept / checked if checked else float("nan")
        print(f"re-check with {RECHECK_FACTOR}x the rollouts: {kept} of {checked} blunders kept their sign "
              f"({share:.1%}; issue 25 asks at least 95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
