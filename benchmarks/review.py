"""How long a whole match's review takes, and whether its blunders hold up (issue 25).

    python benchmarks/review.py                       # one match, seat 0 reviewed, 2 workers
    python benchmarks/review.py --matches 3 --workers 1
    python benchmarks/review.py --recheck --matches 4  # each blunder again with 10x the rollouts
    python benchmarks/review.py --rules ten-card-rummy --matches 2 --seed 1   # 16 rollouts of 40 turns
    python benchmarks/review.py --rules ten-card-rummy --matches 2 --seed 1 --horizon-check 30

Each match is seeded and played by bots (``--bots``, one per seat; by default the rules of
thumb in seat 0, the reviewed seat, and the strong bot in the others: a player who makes
mistakes worth finding), saved as a record and reviewed from the record, as the command
line does (``tenpennies review MATCH.json --seat 0``). The time printed is the wall-clock
time of the review alone, on ``--workers`` processes (the pool's start-up included, as a
user feels it), and the CPU time of this process and its workers (on a shared machine
the steadier figure: waiting for a busy core does not count in it).

``--recheck`` measures each decision graded a blunder again, from the same view, with ten
times the rollouts on fresh worlds (:func:`tenpennies.review.judge.recheck`), and counts how
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

Ten Card Rummy was far slower: its rounds are longer (a quarter of those between the rules
of thumb and the strong bot run to the cap of 250 turns) and its strong bot's turns cost
more, and its rules of thumb differ from the analyst far more often. One match (seed 1,
thumb in seat 0; measured at 5272cd9 by a script calling ``review(..., workers=1)``): 830
decisions, 341 s of CPU, 1 mistake, 80 close, and -237.3 ± 100.3 points "lost": the thumb's
choices did better in the rollouts than the analyst's (the strong bot's policy there), so
in that game the analyst is no judge yet.

Measured on 2 December 2026 on the shared 2-core machine (load 6 to 8 from other jobs: the
wall-clock times are several times an idle machine's), ``--rules ten-card-rummy --matches 2
--seed 1 --workers 2``, as issue 25's speed work on that game went:

    strong bot's turns made some 3 times cheaper, the same decisions (ec86b1f):
    match 1: 830 decisions judged in 378.7 s (158.0 s CPU); 1 mistakes, -237.3 ± 100.3 points lost
    and its rollouts stopped at ten turns a seat, 40 at four seats (47bcd99, RUNS_HORIZON):
    match 1: 830 decisions judged in 261.6 s (97.2 s CPU); 4 mistakes, -298.8 ± 88.4 points lost
    match 2: 655 decisions judged in 144.3 s (49.9 s CPU); 1 mistakes, 93.5 ± 44.8 points lost
    and 16 paired rollouts a decision, the chart's agreed discards over 2 (af62824, RUNS_ROLLOUTS,
    RUNS_EXPECTED_SHARE: Ten Card Rummy's own budget, tenpennies.review.budget.default_rollouts):
    match 1: 830 decisions judged in 125.6 s (36.2 s CPU); 0 mistakes, -190.1 ± 128.1 points lost
    match 2: 655 decisions judged in 45.4 s (15.0 s CPU); 1 mistakes, 101.0 ± 64.2 points lost

So a Ten Card Rummy match costs 15 to 36 s of CPU to review (seeds 1 to 6, below), within
the some 40 s that issue 25's 20 s on two idle cores allows (the longest, 830 decisions,
near its edge). The wall-clock times here are those of a machine shared with other jobs.

Measured on 7 December 2026 (issue 33, after the run solver's caches of c676af1 and
627f4c7), the shared 2-core machine at load 8 to 10 from other jobs (so the wall-clock
times are three to four times an idle machine's; CPU is the figure to go by):

    --rules ten-card-rummy --matches 3 --seed 1 --workers 2
    match 1: 830 decisions judged in 130.0 s (31.7 s CPU); 0 mistakes, -190.1 ± 128.1 points lost
    match 2: 655 decisions judged in 53.5 s (17.2 s CPU); 1 mistakes, 101.0 ± 64.2 points lost
    match 3: 728 decisions judged in 112.1 s (36.1 s CPU); 1 mistakes, 120.2 ± 134.7 points lost
    grades: 2011 good, 200 close, 0 inaccuracy, 2 mistake, 0 blunder
    --matches 3 --seed 1 --workers 2                      (Ten Pennies)
    match 1: 443 decisions judged in 55.9 s (14.9 s CPU); 10 mistakes, 248.1 ± 53.0 points lost
    match 2: 412 decisions judged in 55.1 s (16.6 s CPU); 5 mistakes, 210.7 ± 52.9 points lost
    match 3: 560 decisions judged in 81.4 s (22.6 s CPU); 9 mistakes, 392.8 ± 50.5 points lost

Half the CPU (two workers) is 9 to 18 s a Ten Card Rummy match and 7 to 11 s a Ten Pennies
one: by that estimate, not a wall clock, issue 33's 20 s on two idle cores holds for Ten
Card Rummy and its 10 s for Ten Pennies does not (match 3, 11 s); and the review found no
Ten Card Rummy blunder to re-check (its re-check agreement is of none). Not re-run with
``--recheck`` here.

The horizon was chosen on the same 16 worlds of 30 decisions (of seeds 1 and 2) where the
thumb in seat 0 and the analyst differ, each cost measured to the round's end and to a
horizon (CPU on the loaded machine):

    --rules ten-card-rummy --matches 2 --seed 1 --horizon-check 30
    to the round end: 10.8 s CPU for 30 decisions
    40 turns: 5.6 s CPU for 30 decisions
    24 turns: 3.8 s CPU for 30 decisions
    10 turns a seat: 6.7 points from the round end's cost on average, 0 by more than twice their
        combined errors; 23 of 30 signs alike, 7 of the 7 clear at the round's end kept
    6 turns a seat: 9.5 points from the round end's cost on average, 1 by more than twice their
        combined errors; 20 of 30 signs alike, 7 of the 7 clear at the round's end kept

    --rules ten-card-rummy --recheck --matches 4 --seed 3 --workers 2   (the budget above)
    match 3: 728 decisions judged in 118.7 s (33.7 s CPU) on 2 worker(s); 1 mistakes, 120.2 ± 134.7 points lost
    match 4: 464 decisions judged in 94.8 s (18.7 s CPU) on 2 worker(s); 6 mistakes, 113.4 ± 97.3 points lost
    match 5: 465 decisions judged in 47.6 s (21.4 s CPU) on 2 worker(s); 8 mistakes, 387.9 ± 101.4 points lost
    match 6: 637 decisions judged in 86.9 s (29.0 s CPU) on 2 worker(s); 3 mistakes, -69.0 ± 144.4 points lost
    re-check with 10x the rollouts: 12 of 12 blunders kept their sign (100.0%)

(each blunder confirmed over 32 worlds, re-checked over 160; one, +22.6 ± 10.8 over 32,
came back +1.4 ± 5.0: its sign kept, its size not.)

Before a mistake was confirmed on fresh worlds (:data:`tenpennies.review.budget.CONFIRM_FACTOR`),
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
from tenpennies.play.record import dumps  # noqa: E402
from tenpennies.engine.rules import RuleSet  # noqa: E402
from tenpennies.review.grades import Grade  # noqa: E402
from tenpennies.review.judge import RECHECK_FACTOR, kept_sign, recheck, review  # noqa: E402


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
    p.add_argument("--horizon-check", type=int, default=0, metavar="N",
                   help="instead: N decisions where seat 0 and the analyst differ (of --matches matches), each "
                        "cost measured on 16 worlds to the round's end and to horizons of 10 and 6 turns a seat")
    args = p.parse_args(argv)
    if args.horizon_check:
        return horizon_check(args)
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


def horizon_check(args) -> int:
    """How far costs measured to a horizon stand from costs measured to the round's end, on the
    same worlds (the evidence for tenpennies.review.budget.RUNS_HORIZON)."""
    from tenpennies.bots.rollouts import Estimate, rollout_margins
    from tenpennies.play.record import to_dict
    from tenpennies.review.judge import _analyst, _decisions
    from tenpennies.review.judged import _goes_out

    rules = RuleSet.named(args.rules)
    rows = []
    for k in range(args.matches):
        seed = args.seed + k
        analyst = _analyst(0)
        for index, view, played in _decisions(to_dict(play_match(args.bots, seed, rules)), 0):
            preferred = analyst.decide(view).action
            if preferred != played and not _goes_out(view, played):
                rows.append((seed, index, view, played, preferred))
    rows = rows[::max(1, len(rows) // args.horizon_check)][:args.horizon_check]
    costs = {}
    for per_seat in (None, 10, 6):
        horizon = None if per_seat is None else per_seat * rules.players
        cpu = cpu_seconds()
        costs[per_seat] = [Estimate.of([a - b for a, b in zip(*rollout_margins(
            view, (played, preferred), 16, f"h{seed}-{index}", horizon=horizon))])
            for seed, index, view, played, preferred in rows]
        print(f"{'to the round end' if horizon is None else f'{horizon} turns'}: {cpu_seconds() - cpu:.1f} s CPU "
              f"for {len(rows)} decisions", flush=True)
    end = costs[None]
    for per_seat in (10, 6):
        xs = costs[per_seat]
        gap = sum(abs(a.mean - b.mean) for a, b in zip(end, xs)) / len(xs)
        far = sum(abs(a.mean - b.mean) > 2 * (a.se ** 2 + b.se ** 2) ** 0.5 for a, b in zip(end, xs))
        alike = sum((a.mean > 0) == (b.mean > 0) for a, b in zip(end, xs))
        clear = [(a, b) for a, b in zip(end, xs) if a.low > 0 or a.high < 0]
        kept = sum((a.mean > 0) == (b.mean > 0) for a, b in clear)
        print(f"{per_seat} turns a seat: {gap:.1f} points from the round end's cost on average, {far} by more "
              f"than twice their combined errors; {alike} of {len(xs)} signs alike, {kept} of the {len(clear)} "
              "clear at the round's end kept")
    return 0


if __name__ == "__main__":
    sys.exit(main())
