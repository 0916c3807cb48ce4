"""Full 7-round matches per second, for each bot line-up, on one core and with 2 workers.

    python benchmarks/matches.py                  # 20 matches per measurement
    python benchmarks/matches.py --matches 50
    python benchmarks/matches.py --before main    # "before" figures of another commit
    python benchmarks/matches.py --goal 2000       # also: that many strong-vs-thumb matches on 2 workers
    python benchmarks/matches.py --instructions 3  # instead: instructions per match, counted by valgrind
    python benchmarks/matches.py --instructions 2 --lineup random,strong,random,strong   # one line-up only
    python benchmarks/matches.py --pairs 15 --matches 4   # instead: median speed-up of paired runs
    python benchmarks/matches.py --instructions 2 --before 48512b0 --lineup random,random,random,random

One core runs in this process (``workers=1``); two workers use a process pool, whose
start-up is included, as a teacher running a simulation would feel it. Each line-up
plays the same seeded matches both ways (the results are checked equal), so the
speed-up is the only difference.

Each one-core figure is the least of ``--repeat`` runs (3 by default), the code now and
the code before taking turns, as ``timeit`` advises: on a shared machine a run is only
ever slowed by others, never sped up, so the least is the steadiest estimate of the
code's own cost, and taking turns exposes both codes to the same spells of load.

Beside the one-core figure stands the figure of the code before the bots were made
faster (issue 12), measured in the same run: that commit's package is extracted with
``git archive`` into a temporary folder and plays the same matches in a subprocess.
Ratios measured side by side are what count on a shared, noisy machine; the CPU time
per match (of this process, and of the subprocess for the code before) is the steadier
figure there, since waiting for a busy core does not count in it.

Measured on 2 December 2026, on the shared 2-core machine, whose speed drifts by a third
over minutes, after views were filled only when read, then in groups, with the turn's
bookkeeping trimmed, and then the solver's hot paths (discard chances, lay-downs, the
plan to go out), the bots' own counting and the engine's enum reads made cheaper (issue 12):

    --instructions 3 (callgrind; exact)   M instructions/match, now vs before
    strong strong strong strong           251.5 vs 1510.8   6.01x
    strong thumb strong thumb             181.8 vs  768.1   4.22x
    random strong random strong           175.2 vs  726.2   4.15x

    nice -n 5 ... --pairs 30 --matches 4, twice   median CPU speed-up of paired runs (range)
    strong strong strong strong           4.06x (2.63-6.34x), 4.35x (3.04-5.78x)
    strong thumb strong thumb             3.73x (2.33-5.58x), 3.63x (2.42-5.45x)
    random strong random strong           3.43x (2.17-6.48x), 3.46x (2.64-4.94x)

    --goal 2000: 2000 strong-vs-thumb matches on 2 workers: 51.3 s; before: 151.4 s

Views as values (issue 22: a view holds frozen values only, no match), measured on 2
December 2026 against 48512b0, the commit before them, on the shared machine at a load
average of 10 to 16:

    --instructions 2 --before 48512b0 --lineup ... (callgrind; exact)   now vs before
    random strong random strong           206.0 vs 194.0   +6.2%
    strong strong strong strong           254.2 vs 253.8   +0.2%
    strong thumb strong thumb             190.3 vs 190.5   -0.1%

    --pairs 10 --matches 2 --before 48512b0 (CPU time, median of paired runs; noisy)
    random strong random strong           0.88x (0.76-0.92x)
    strong strong strong strong           0.93x (0.79-1.07x)
    strong thumb strong thumb             0.92x (0.91-0.96x)

Then the turn's flow in the match and the bots' answers were trimmed (issue 22's budget,
+5% at most): a turn's offer is worked out in line with plain loops, a stock draw, a
declined offer and a legal discard skip a call each, a Ten Pennies discard starts the
next offer directly, the strong bot answers an offer without two calls, and the random
bot draws as random.Random.choice does without its call (the same numbers: the same
matches). Measured on 2 December 2026 against 48512b0:

    --instructions 2 --before 48512b0 --lineup ... (callgrind; exact)   now vs before
    random strong random strong           200.4 vs 194.0   +3.3%
    strong strong strong strong           249.3 vs 254.0   -1.9%
    strong thumb strong thumb             185.9 vs 190.2   -2.3%

(Callgrind counts each run exactly, yet the same code counts up to about 1 M apart in
two runs: 48512b0's random strong counted 193.1 in another run of this command. Run from
copies extracted to /tmp, random strong went 205.8 (aac1db8, the views) -> 202.3 (the
offer in line) -> 201.3 (the next turn's start, the random draw) -> 199.7 (the strong
bot's answer, the discard's check). Listing a view's actions by position instead of by
keyword saved nothing measurable, 205.80 vs 205.84: not kept.)

Random play was still slower than before the views (issue 23: random x4 234.1 vs 193.8 M
instructions per match, +20.8%): the match sorted the seat's hand for every listing, and
each random decision made a view only to list from it. Now the listing takes a hand in
any order (the match gives its own, as held; the same actions in the same order), a
discard is looked up in list rows, and the bot loop gives the random bot, which reads
nothing of a view but its listing, the match's listing instead (``act_on_listing``).
Measured on 2 December 2026 against 48512b0, in one run (the same matches: the full logs
of 80 random matches under twelve rule variants, benchmarks/same_matches.py):

    --instructions 2 --before 48512b0 --lineup ... (callgrind; exact)   now vs before
    random random random random           168.6 vs 194.2   -13.1%
    strong strong strong strong           248.9 vs 253.5   -1.8%
    random strong random strong           188.4 vs 193.2   -2.5%

(The match alone, as benchmarks/peers.py plays it, counted by its ``--instructions 3
--before 48512b0``: 178.4 vs 183.1 M instructions per game, -2.6%; it was 202.9 vs 183.3.)

Issue 12 asks 3x for every line-up with the strong bot: it holds for all three, by
instructions and by CPU time. The plain one-core table is noisier than the paired runs
(one run of 10 matches at the same code gave 2.84x for random against strong). Time runs
less favourable than the instruction count, because the code before retires more
instructions a second (cachegrind, 2 matches of random strong random strong at an
earlier stage: 3.1x fewer instructions, but only 2.1x fewer simulated first-level
data-cache misses and 2.8x fewer mispredicted branches).
"""

from __future__ import annotations

import argparse
import io
import math
import os
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tenpennies.play.simulate import simulate  # noqa: E402

LINEUPS = (
    ("random",) * 4,
    ("thumb",) * 4,
    ("strong",) * 4,
    ("strong", "thumb", "strong", "thumb"),
    ("random", "strong", "random", "strong"),
    ("thumb", "random", "thumb", "random"),
)


def least(runs: list[tuple]) -> tuple:
    """Of several measurements ``(per_second, ..., cpu_ms)``, the one of least CPU time."""
    return min(runs, key=lambda r: r[-1])


def rate(lineup, matches: int, seed: int, workers: int):
    """Matches per second (wall clock), turns per match, the results, and CPU ms per match
    of this process (steadier than the wall clock on a busy machine; one core only)."""
    start, cpu = time.perf_counter(), time.process_time()
    results = list(simulate(list(lineup), matches, seed=seed, workers=workers))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    turns = sum(r.turns for m in results for r in m.rounds)
    return matches / seconds, turns / matches, results, 1000 * cpu / matches


BEFORE = "b7026a8"
"""The last commit before the speed work of issue 12 (its decisions are pinned by
tests/test_bot_decisions.py, so both codes play the very same matches)."""

TIMER = """
import sys, time
from tenpennies.play.simulate import simulate
lineup, matches, seed = sys.argv[1].split(), int(sys.argv[2]), int(sys.argv[3])
workers = int(sys.argv[4]) if len(sys.argv) > 4 else 1
if workers == 1:
    list(simulate(lineup, 1, seed=-1, workers=1))  # warm, as the code now is when timed in-process
start, cpu = time.perf_counter(), time.process_time()
list(simulate(lineup, matches, seed=seed, workers=workers))
print(matches / (time.perf_counter() - start), 1000 * (time.process_time() - cpu) / matches)
"""


def extract(ref: str, into: Path) -> bool:
    """Write the ``tenpennies`` package of commit ``ref`` into ``into``; False if git cannot."""
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "tenpennies"],
                             capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return True


def rate_before(code: Path, lineup, matches: int, seed: int, workers: int = 1) -> tuple[float, float]:
    """Matches per second (on one core, or ``workers`` processes) of the package extracted
    in ``code``, and its CPU ms per match (meaningful on one core)."""
    out = subprocess.run([sys.executable, "-c", TIMER, " ".join(lineup), str(matches), str(seed), str(workers)],
                         cwd=code, capture_output=True, text=True, check=True).stdout
    per_second, cpu_ms = map(float, out.split())
    return per_second, cpu_ms


PLAYER = """
import sys
from tenpennies.play.simulate import simulate
lineup, matches = sys.argv[1].split(), int(sys.argv[2])
list(simulate(lineup, 1, seed=-1, workers=1))  # the imports and tables, counted in both runs alike
if matches:
    list(simulate(lineup, matches, seed=1, workers=1))  # one process: valgrind follows no other
"""


def instructions_per(code: Path, script: str, n: int, *args: str) -> float | None:
    """Millions of machine instructions per unit (a match, a game) of running ``script``
    (Python source, given ``args`` and then ``n``, the units to play) on the package in
    ``code``; None: no valgrind. Counted by callgrind: the same count run after run,
    whatever else the machine does, where times on a shared machine vary by a fifth. A
    run of no units is counted too and taken off, so imports and start-up do not count.
    (benchmarks/peers.py counts its loop with this too.)"""
    def count(units: int) -> int | None:
        try:
            run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                                  sys.executable, "-c", script, *args, str(units)],
                                 cwd=code, env={**os.environ, "PYTHONPATH": str(code)},
                                 capture_output=True, text=True, check=True)
        except (OSError, subprocess.CalledProcessError):
            return None
        found = re.search(r"Collected : (\d+)", run.stderr)
        return int(found.group(1)) if found else None

    empty, full = count(0), count(n)
    return None if empty is None or full is None else (full - empty) / n / 1e6


def instructions(code: Path, lineup, matches: int) -> float | None:
    """Millions of machine instructions per match of the package in ``code`` (None: no
    valgrind): ``matches`` matches of ``lineup``, as :func:`instructions_per` counts."""
    return instructions_per(code, PLAYER, matches, " ".join(lineup))


def compare_instructions(old: Path | None, matches: int, lineups=None) -> None:
    """Instructions per match, now and before, for each line-up with the strong bot (or
    each of ``lineups``), with the change in percent (negative: fewer now)."""
    print(f"{'line-up':<32} {'M instructions/match':>20} {'before':>8} {'fewer':>7} {'change':>8}"
          f"   (callgrind, {matches} matches)")
    for lineup in lineups or [lineup for lineup in LINEUPS if "strong" in lineup]:
        mine = instructions(ROOT, lineup, matches)
        if mine is None:
            print("(valgrind is not installed: no instruction counts)")
            return
        theirs = instructions(old, lineup, matches) if old else math.nan
        print(f"{' '.join(lineup):<32} {mine:>20.1f} {theirs:>8.1f} {theirs / mine:>6.2f}x "
              f"{100 * (mine / theirs - 1):>+7.1f}%", flush=True)


SERVER = """
import sys, time
from tenpennies.play.simulate import simulate
for line in sys.stdin:
    lineup, matches, seed = line.split("|")
    start = time.process_time()
    list(simulate(lineup.split(), int(matches), seed=int(seed), workers=1))
    print(1000 * (time.process_time() - start) / int(matches), flush=True)
"""


def paired(old: Path, pairs: int, matches: int, lineups=None) -> None:
    """The speed-up as the median of ``pairs`` paired runs: a few matches played by the
    code now, then the same matches by the code before (kept running in a subprocess),
    back to back. On a machine whose speed drifts over minutes, a ratio of two runs a
    second apart is steady where two separately timed figures are not."""
    print(f"{'line-up':<32} {'CPU ms/match':>12} {'before':>7} {'faster (median)':>16} {'(range)':>14}"
          f"   ({pairs} pairs of {matches} matches)")
    server = subprocess.Popen([sys.executable, "-c", SERVER], cwd=old, stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)

    def before(lineup, n: int, seed: int) -> float:
        server.stdin.write(f"{' '.join(lineup)}|{n}|{seed}\n")
        server.stdin.flush()
        return float(server.stdout.readline())

    try:
        for lineup in lineups or [lineup for lineup in LINEUPS if "strong" in lineup]:
            list(simulate(list(lineup), 1, seed=-1, workers=1))  # both warm
            before(lineup, 1, -1)
            ratios, mine, theirs = [], [], []
            for k in range(pairs):
                now = rate(lineup, matches, 1000 + k, 1)[-1]
                then = before(lineup, matches, 1000 + k)
                mine.append(now)
                theirs.append(then)
                ratios.append(then / now)
            print(f"{' '.join(lineup):<32} {statistics.median(mine):>12.1f} {statistics.median(theirs):>7.1f} "
                  f"{statistics.median(ratios):>15.2f}x {min(ratios):>6.2f}-{max(ratios):.2f}x", flush=True)
    finally:
        server.stdin.close()
        server.wait()


GOAL_LINEUP = ("strong", "thumb", "strong", "thumb")


def goal(old: Path | None, matches: int, sample: int, seed: int) -> None:
    """Issue 12's goal: ``matches`` seeded strong-vs-thumb matches in under a minute on 2 workers.

    The code before is timed on ``sample`` of the same matches (the first ones) and its
    time scaled to ``matches``, since playing them all would take minutes.
    """
    start = time.perf_counter()
    results = list(simulate(list(GOAL_LINEUP), matches, seed=seed, workers=2))
    seconds = time.perf_counter() - start
    assert len(results) == matches
    line = f"{matches} strong-vs-thumb matches on 2 workers: {seconds:.1f} s"
    if old is not None:
        before = matches / rate_before(old, GOAL_LINEUP, min(sample, matches), seed, workers=2)[0]
        line += f"; before: {before:.1f} s (timed on {min(sample, matches)} and scaled); {before / seconds:.2f}x"
    print(line)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20, help="matches per measurement (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per one-core figure, the least kept (default 3)")
    parser.add_argument("--pairs", type=int, default=0, metavar="K",
                        help="instead: the speed-up as the median of K paired runs of --matches matches "
                             "(now, then before, back to back), for the line-ups with the strong bot")
    parser.add_argument("--instructions", type=int, default=0, metavar="N",
                        help="count machine instructions over N matches instead of timing (needs valgrind; "
                             "about a minute per line-up for N=3)")
    parser.add_argument("--lineup", action="append", metavar="BOTS",
                        help="only this line-up, comma-separated (random,strong,random,strong); may be repeated")
    parser.add_argument("--goal", type=int, default=0, metavar="N",
                        help="also time N strong-vs-thumb matches on 2 workers (issue 12: 2,000 in under a minute)")
    parser.add_argument("--goal-sample", type=int, default=400, help="matches the code before plays for --goal")
    parser.add_argument("--before", default=BEFORE,
                        help=f"commit whose one-core figure is shown beside (default {BEFORE}: before issue 12)")
    args = parser.parse_args(argv)
    lineups = [tuple(bots.split(",")) for bots in args.lineup] if args.lineup else None
    with tempfile.TemporaryDirectory() as folder:
        old = Path(folder) if extract(args.before, Path(folder)) else None
        if old is None:
            print(f"(git could not extract {args.before}: no 'before' figures)")
        if args.instructions:
            compare_instructions(old, args.instructions, lineups)
            return 0
        if args.pairs:
            if old is not None:
                paired(old, args.pairs, args.matches, lineups)
            return 0
        print(f"{'line-up':<32} {'turns/match':>11} {'1 core':>10} {'before':>10} {'faster':>7} "
              f"{'CPU ms/match':>12} {'before':>7} {'faster':>7} {'2 workers':>10} {'speed-up':>8}")
        for lineup in lineups or LINEUPS:
            list(simulate(list(lineup), 1, seed=-1, workers=1))  # warm: the first match pays for imports and tables
            runs, runs_before = [], []
            for _ in range(args.repeat):  # taking turns (see the module's docstring)
                runs.append(rate(lineup, args.matches, args.seed, 1))
                if old:
                    runs_before.append(rate_before(old, lineup, args.matches, args.seed))
            one, turns, a, cpu = least(runs)
            before, cpu_before = least(runs_before) if old else (math.nan,) * 2
            two, _, b, _ = rate(lineup, args.matches, args.seed, 2)
            assert a == b, "1 and 2 workers must give the same results"
            print(f"{' '.join(lineup):<32} {turns:>11.0f} {one:>8.2f}/s {before:>8.2f}/s {one / before:>6.2f}x "
                  f"{cpu:>12.1f} {cpu_before:>7.1f} {cpu_before / cpu:>6.2f}x {two:>8.2f}/s {two / one:>7.2f}x")
        if args.goal:
            goal(old, args.goal, args.goal_sample, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
