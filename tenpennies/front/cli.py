"""The command line: ``tenpennies simulate | tournament | deal | solve | odds | play | puzzle | puzzles sheet
| experiment | review``.

``--rules ten-card-rummy`` plays the second game wherever a command takes a rule set
(``simulate``, ``deal``, ``solve``, ``odds``, ``play``), and ``--players N`` seats N
players, with the decks the rule set gives for N (C1).

Each subcommand is a small function from parsed arguments to an exit code. Mistakes in
what was typed (an unknown bot, a bad card, a round that does not exist) print one line
to stderr saying what was wrong and exit with 2; a file that cannot be written exits
with 1; no mistake ever shows a traceback::

    >>> main(["solve", "7S 7H 7D 9S 9H JK 3C", "--round", "1"])
    Round 1, two sets of 3: lay down 7S 7H 7D; 9S 9H JK
    0

The arguments' bounds and usage errors are :mod:`tenpennies.front.cli_args`; each family
of subcommands has its module beside this one: ``cli_cards`` (deal, solve, odds),
``cli_bots`` (simulate, tournament), ``cli_terminal`` (play, puzzle), ``cli_class``
(puzzles, experiment, classroom) and ``cli_review`` (review). This module holds the
command line's grammar and :func:`main`.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from ..bots import bot_names
from ..puzzles import KINDS
from .cli_args import (MOST_MATCHES, MOST_PLAYERS, MOST_ROUNDS, MOST_SAMPLES, MOST_WORKERS, SEED, USAGE_ERROR,
                       _bounded, _Parser, _rule_options, _UsageError)
from .cli_bots import _simulate, _tournament, _tournament_parser
from .cli_cards import _deal, _odds, _solve
from .cli_class import _classroom, _classroom_parser, _experiment, _experiment_parsers, _puzzle_sheet
from .cli_review import _review, _review_parser
from .cli_terminal import _play, _puzzle


def _parser() -> argparse.ArgumentParser:
    names = ", ".join(bot_names())
    top = _Parser(prog="tenpennies", description="Ten Pennies, the contract-rummy game: "
                  "simulate bots, look at deals, solve hands, play in the terminal.")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("simulate", help="many seeded matches between bots, with a summary")
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help=f"one bot for every seat or one per seat, from: {names} (default: strong and thumb in turn)")
    p.add_argument("--matches", type=_bounded("--matches", 1, MOST_MATCHES), default=100,
                   help=f"how many matches, 1 to {MOST_MATCHES:,} (default 100)")
    p.add_argument("--seed", type=SEED, default=0,
                   help="the simulation's seed (default 0)")
    p.add_argument("--workers", type=_bounded("--workers", 1, MOST_WORKERS), default=1,
                   help=f"worker processes, 1 to {MOST_WORKERS} (default 1)")
    p.add_argument("--out", metavar="FILE", help="write a row per seat per match: FILE.csv or FILE.json")
    p.add_argument("--rounds-out", metavar="FILE", help="write a CSV row per seat per round")
    p.add_argument("--progress", action="store_true", help="show a progress bar")
    _rule_options(p)

    _tournament_parser(sub, names)

    p = sub.add_parser("deal", help="show a seeded deal and the contracts each hand holds")
    p.add_argument("--seed", type=SEED, default=0, help="the match's seed (default 0)")
    _rule_options(p)

    p = sub.add_parser("solve", help="lay down a hand's contract, or say what is missing")
    p.add_argument("hand", nargs="*", help='cards, like "7S 7H 7D 9S 9H JK"')
    p.add_argument("--round", type=_bounded("--round", 1, MOST_ROUNDS),
                   help="the round, 1 to 7 (1 to 11 in Ten Card Rummy; needed with a hand)")
    p.add_argument("--position", metavar="NOTATION",
                   help='a seat\'s view instead of a hand, like "r1 s0 a0 h:7S7H7DJK9S9H t:- d:4C '
                        'k:10/10/10/10 p:0/0/0/0 n:6/11/11/11 st:60"')
    p.add_argument("--allow-unreachable", action="store_true",
                   help="accept a --position no play reaches (a what-if position)")
    _rule_options(p, players=False)

    p = sub.add_parser("odds", help="the chance of being dealt each round's contract, or a hand's outs")
    p.add_argument("hand", nargs="*", help='a hand whose outs to count, like "QH KH 5C 9D" (with --round)')
    p.add_argument("--round", type=_bounded("--round", 1, MOST_ROUNDS),
                   help="one round only (needed with a hand)")
    p.add_argument("--samples", type=_bounded("--samples", 1, MOST_SAMPLES), default=20_000,
                   help="deals simulated for a round with no exact count (default 20000)")
    p.add_argument("--seed", type=SEED, default=0, help="the simulation's seed (default 0)")
    _rule_options(p)

    p = sub.add_parser("play", help="play a match in the terminal against bots (moves from stdin)")
    p.add_argument("--seed", type=SEED, default=0, help="the match's seed (default 0)")
    p.add_argument("--seat", type=_bounded("--seat", 0, MOST_PLAYERS - 1), default=0,
                   help="your seat, from 0 to one less than the players (default 0)")
    p.add_argument("--bots", nargs="+", default=["thumb"], metavar="BOT",
                   help=f"the other seats' bots, one for all or one per seat, from: {names} (default: thumb)")
    p.add_argument("--offers", choices=("ask", "useful", "never"), default="useful",
                   help="which offers of the top discard you are asked about: ask (every one), useful (only "
                        "when buying could help, by the buy judgment; the others are passed and said why; the "
                        "default) or never")
    p.add_argument("--save", metavar="FILE", help="save the match record to FILE (JSON, for tenpennies review) "
                                                   "after every move and when the match ends or you leave")
    _rule_options(p)
    _puzzle_parsers(sub)
    _experiment_parsers(sub)
    _review_parser(sub)
    _classroom_parser(sub)
    return top


def _puzzle_parsers(sub) -> None:
    kinds = ", ".join(KINDS)
    p = sub.add_parser("puzzle", help="solve a puzzle in the terminal (answers, hints from stdin)")
    p.add_argument("--id", help="a puzzle's id, like lay-down-003 (default: a random one)")
    p.add_argument("--kind", help=f"choose among one kind: {kinds}")
    p.add_argument("--tier", type=_bounded("--tier", -99, 99), help="choose among one tier, 1 to 3")
    p.add_argument("--seed", type=SEED, default=0, help="seed of the random choice (default 0)")
    p.add_argument("--folder", help="a folder of puzzle files (default: the shipped puzzles)")
    p.add_argument("--allow-unreachable", action="store_true",
                   help="accept puzzles whose positions no play reaches, though their files do not say so")
    p = sub.add_parser("puzzles", help="puzzle sets: 'puzzles sheet' writes a printable page")
    what = p.add_subparsers(dest="what", metavar="WHAT", parser_class=_Parser)
    what.required = True
    q = what.add_parser("sheet", help="an HTML page of puzzles with card pictures, and an answer page")
    q.add_argument("--kind", help=f"one kind: {kinds}")
    q.add_argument("--tier", type=_bounded("--tier", -99, 99), help="one tier, 1 to 3")
    q.add_argument("--out", default="puzzle-sheet.html",
                   help="the page to write (default puzzle-sheet.html); answers go beside it, NAME-answers.html")
    q.add_argument("--folder", help="a folder of puzzle files (default: the shipped puzzles)")
    q.add_argument("--allow-unreachable", action="store_true",
                   help="accept puzzles whose positions no play reaches, though their files do not say so")
    q = what.add_parser("export", help="a class's puzzle results as CSV, from the learners' progress files")
    q.add_argument("files", nargs="+", metavar="FILE", help="learners' progress files (progress.db, puzzle-progress.db)")
    q.add_argument("--csv", required=True, metavar="OUT", help="the CSV file to write, one row per attempt")
    q = what.add_parser("rerate", help="puzzle ratings updated by real learners' attempts (Glicko-2, the "
                                       "ladder's rating as the prior)")
    q.add_argument("files", nargs="+", metavar="FILE", help="learners' progress files (.db) or class exports (.csv)")
    q.add_argument("--out", metavar="OUT.csv", help="also write puzzle, before, after, attempts as CSV")
    q.add_argument("--folder", help="a folder of puzzle files (default: the shipped puzzles)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as exc:
        print(exc, file=sys.stderr)
        return USAGE_ERROR
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    command = {"simulate": _simulate, "tournament": _tournament, "deal": _deal, "solve": _solve, "odds": _odds,
               "play": _play, "puzzle": _puzzle, "puzzles": _puzzle_sheet, "experiment": _experiment,
               "review": _review, "classroom": _classroom}[args.command]
    try:
        return command(args)
    except _UsageError as exc:
        print(f"tenpennies {args.command}: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except OSError as exc:
        print(f"tenpennies {args.command}: {exc.strerror or exc}: {exc.filename}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"tenpennies {args.command}: interrupted", file=sys.stderr)
        return 130

# Last, so that every helper above is defined when the file runs as a script
# (python -m tenpennies.front.cli).
if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
