"""The commands where bots play bots: ``tenpennies simulate`` (seeded matches, with a
summary and files of results) and ``tenpennies tournament`` (bots from Python files, each
in its own process, with a time limit and forfeits)."""

from __future__ import annotations

import argparse

from ..lessons.tournament import play_tournament
from ..lessons.tournament.sandbox import hide_from_command_line
from ..play.simulate import simulate, summarize, write_csv, write_json
from .cli_args import _UsageError, _rule_options, _rules, _seat_bots


def _simulate(args) -> int:
    if args.matches < 1:
        raise _UsageError(f"--matches must be at least 1, not {args.matches}")
    if args.workers < 1:
        raise _UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.out and not args.out.endswith((".csv", ".json")):
        raise _UsageError(f"--out {args.out!r}: name a .csv or a .json file")
    rules = _rules(args)
    bots = _seat_bots(args.bots, rules.players, ("strong", "thumb"))
    try:
        results = simulate(bots, args.matches, args.seed, rules=rules, workers=args.workers,
                           progress=args.progress)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    if args.out:
        results = (write_json if args.out.endswith(".json") else write_csv)(results, args.out)
    if args.rounds_out:
        results = write_csv(results, args.rounds_out, per="round")
    print(summarize(results, rules))
    return 0


# -- tournament -----------------------------------------------------------------------------
TOURNAMENT_MATCHES = (1, 100_000)
TOURNAMENT_TIME_LIMIT = (0.05, 600.0)
"""The bounds of ``tournament --matches`` and ``--time-limit`` (seconds a decision)."""


def _tournament_number(kind: type, low, high):
    """An argparse type: a number of ``kind`` from ``low`` to ``high``, else a clear error."""
    def read(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a {'whole number' if kind is int else 'number'}")
        if not low <= value <= high:  # (NaN fails this too)
            raise argparse.ArgumentTypeError(f"must be from {low:g} to {high:g}, not {text}")
        return value

    return read


def _tournament_parser(sub, names: str) -> None:
    p = sub.add_parser("tournament", help="bots from Python files (each in its own process) and built-in bots, "
                                         "with a time limit and forfeits")
    p.add_argument("bots", nargs="+", metavar="BOT",
                   help=f"FILE.py:NAME (a bot class in a file), FILE.py (the file's one bot class) or one of: {names}; "
                        "two to one per seat, seated in turn")
    p.add_argument("--matches", type=_tournament_number(int, *TOURNAMENT_MATCHES), default=20,
                   help=f"how many matches, {TOURNAMENT_MATCHES[0]} to {TOURNAMENT_MATCHES[1]:,} (default 20)")
    p.add_argument("--seed", type=int, default=None,
                   help="the tournament's seed (default: one drawn in secret, printed after the results); "
                        "hidden from the command line every user can read while the bots play")
    p.add_argument("--time-limit", type=_tournament_number(float, *TOURNAMENT_TIME_LIMIT), default=2.0,
                   metavar="SECONDS", help=f"seconds of CPU time a bot from a file may take per decision, "
                   f"{TOURNAMENT_TIME_LIMIT[0]:g} to {TOURNAMENT_TIME_LIMIT[1]:g} (default 2)")
    p.add_argument("--stand-in", default="random", metavar="BOT",
                   help=f"the bot that plays a forfeited seat for the rest of its match, one of: {names} (default random)")
    p.add_argument("--workers", type=_tournament_number(int, 1, 256), default=1,
                   help="worker processes playing matches side by side (default 1)")
    p.add_argument("--progress", action="store_true", help="show a progress bar")
    p.add_argument("--sandbox", choices=("best", "pure", "bubblewrap"), default="best",
                   help="where bots from files run: bubblewrap's namespaces (pip install tenpennies[sandbox]) "
                        "or the pure-Python layer; best: the strongest this machine has (default)")
    _rule_options(p)


def _tournament(args) -> int:
    rules = _rules(args)
    hide_from_command_line("--seed")  # a bot that knew the seed would know every deal
    try:
        tournament = play_tournament(args.bots, args.matches, args.seed, rules=rules, time_limit=args.time_limit,
                                     stand_in=args.stand_in, workers=args.workers, progress=args.progress,
                                     sandbox=args.sandbox)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    print(tournament)
    if tournament.sandbox is not None:
        print(f"sandbox: {tournament.sandbox}")
    if args.seed is None:
        print(f"seed: {tournament.seed} (drawn in secret; --seed {tournament.seed} deals these matches again)")
    return 0
