"""The class's commands: ``tenpennies puzzles sheet | export | rerate`` (a printable page of
puzzles, a class's results as CSV, puzzle ratings from real learners), ``tenpennies
experiment`` (a class's pooled results) and ``tenpennies classroom`` (the classroom server,
:mod:`tenpennies.front.classroom`)."""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from ..engine.errors import TenPenniesError
from ..engine.words import plural
from ..lessons.class_database import ClassDatabase
from ..lessons.experiments import ClassExperiment, start
from ..lessons.ready_experiments import EXPERIMENTS, ExperimentError
from ..puzzles import load
from ..puzzles.progress import ProgressError, export_csv
from ..puzzles.rating import people_attempts, rerate
from ..puzzles.sheet import sheet_html
from .cli_args import _Parser, _UsageError, _chosen_puzzles


def _puzzle_sheet(args) -> int:
    if args.what == "export":
        return _puzzle_export(args)
    if args.what == "rerate":
        return _puzzle_rerate(args)

    puzzles = _chosen_puzzles(args)
    out = Path(args.out)
    answers = out.with_name(out.stem + "-answers" + (out.suffix or ".html"))
    page, key = sheet_html(puzzles, answers.name)
    out.write_text(page, encoding="utf-8")
    answers.write_text(key, encoding="utf-8")
    print(f"{len(puzzles)} puzzles written to {out}, answers to {answers}")
    return 0


def _puzzle_rerate(args) -> int:
    try:
        changed = rerate(load(args.folder), people_attempts(args.files))
    except TenPenniesError as exc:
        raise _UsageError(str(exc)) from None
    print(f"{len(changed)} puzzles tried by people, rated again from their ladder ratings:")
    rows = sorted(changed.items(), key=lambda item: -abs(item[1][1].rating - item[1][0].rating))
    for pid, (before, after, n) in rows:
        print(f"  {pid:<16} {before.rating:6.0f} ± {before.deviation:3.0f} -> {after.rating:6.0f} ± "
              f"{after.deviation:3.0f}  ({plural(n, 'attempt')})")
    if args.out:
        with open(args.out, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(("puzzle", "rating_before", "deviation_before", "rating", "deviation", "attempts"))
            for pid, (before, after, n) in rows:
                writer.writerow((pid, round(before.rating), round(before.deviation), round(after.rating),
                                 round(after.deviation), n))
        print(f"Wrote {args.out}.")
    return 0


def _puzzle_export(args) -> int:
    try:
        rows = export_csv(args.files, args.csv)
    except ProgressError as exc:
        raise _UsageError(str(exc)) from None
    print(f"wrote {rows} attempts of {len(args.files)} learners to {args.csv}")
    return 0


# -- experiment: a class's pooled results (tenpennies.lessons.experiments) ---------------------------
def _experiment_parsers(sub) -> None:
    p = sub.add_parser("experiment", help="class experiments: start one, see how it stands, export results")
    what = p.add_subparsers(dest="what", metavar="WHAT", parser_class=_Parser)
    what.required = True
    db_help = "the class's database: a file path (SQLite) or a postgresql:// URL"
    q = what.add_parser("start", help="open an experiment for students' results")
    q.add_argument("name", help=f"one of: {', '.join(EXPERIMENTS)}")
    q.add_argument("--db", required=True, help=db_help)
    q = what.add_parser("status", help="results so far, and the pooled frequency against the exact value")
    q.add_argument("--db", required=True, help=db_help)
    q = what.add_parser("export", help="every result as CSV, one row per result")
    q.add_argument("--db", required=True, help=db_help)
    q.add_argument("--out", required=True, metavar="FILE", help="the CSV file to write")
    q.add_argument("--experiment", metavar="NAME", help="one experiment only (default: all)")


def _experiment(args) -> int:
    try:
        if args.what == "start":
            run = start(args.name, args.db)
            print(f"started {run.name} in {args.db}: students join with "
                  f"join({run.name!r}, {args.db!r}).deal(student=...)")
            print(run.status())
        elif args.what == "status":
            db = ClassDatabase(args.db)
            names = db.experiments()
            if not names:
                print(f"no experiment started in {args.db}")
            for name in names:
                print(ClassExperiment(name, db).status())
        else:
            rows = ClassDatabase(args.db).export_csv(args.out, args.experiment)
            print(f"wrote {rows} results to {args.out}")
    except ExperimentError as exc:
        raise _UsageError(str(exc)) from None
    return 0


# -- classroom: the classroom server (tenpennies.front.classroom), with rooms --------------------------
def _classroom_parser(sub) -> None:
    p = sub.add_parser("classroom", help="serve the live table to a class (Voila); --rooms seats classmates "
                                        "at shared tables (the teacher's page: /rooms/teacher)",
                       add_help=False)
    p.add_argument("options", nargs=argparse.REMAINDER,
                   help="the classroom server's options (tenpennies classroom --help lists them)")


def _classroom(args) -> int:
    # (optional: the classroom server imports Voila and Tornado, which no other command needs)
    from .classroom import main as classroom_main

    classroom_main(list(args.options))
    return 0
