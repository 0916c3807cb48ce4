"""The command line: ``tenpennies simulate | deal | solve | play``.

Each subcommand is a small function from parsed arguments to an exit code. Mistakes in
what was typed (an unknown bot, a bad card, a round that does not exist) print one line
to stderr saying what was wrong and exit with 2; a file that cannot be written exits
with 1; no mistake ever shows a traceback::

    >>> main(["solve", "7S 7H 7D 9S 9H JK 3C", "--round", "1"])
    Round 1, two sets of 3: lay down 7S 7H 7D; 9S 9H JK
    0
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence, TextIO

from .actions import parse_action
from .cards import format_cards, parse_cards
from .errors import NotationError
from .rules import TEN_PENNIES

USAGE_ERROR = 2


class _UsageError(Exception):
    """A mistake in the command line, reported in one line (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    # argparse prints the usage and exits from inside parse_args; one clear line suits
    # a terminal and a test better, so the message is raised and main() prints it.
    def error(self, message: str):
        raise _UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _parser() -> argparse.ArgumentParser:
    from .bots import bot_names

    names = ", ".join(bot_names())
    top = _Parser(prog="tenpennies", description="Ten Pennies, the contract-rummy game: "
                  "simulate bots, look at deals, solve hands, play in the terminal.")
    sub = top.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("simulate", help="many seeded matches between bots, with a summary")
    p.add_argument("--bots", nargs="+", default=["strong", "thumb", "strong", "thumb"], metavar="BOT",
                   help=f"one bot per seat, from: {names} (default: strong thumb strong thumb)")
    p.add_argument("--matches", type=int, default=100, help="how many matches (default 100)")
    p.add_argument("--seed", type=int, default=0, help="the simulation's seed (default 0)")
    p.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--out", metavar="FILE", help="write a row per seat per match: FILE.csv or FILE.json")
    p.add_argument("--rounds-out", metavar="FILE", help="write a CSV row per seat per round")
    p.add_argument("--progress", action="store_true", help="show a progress bar")

    p = sub.add_parser("deal", help="show a seeded deal and the contracts each hand holds")
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default 0)")

    p = sub.add_parser("solve", help="lay down a hand's contract, or say what is missing")
    p.add_argument("hand", nargs="+", help='cards, like "7S 7H 7D 9S 9H JK"')
    p.add_argument("--round", type=int, required=True, help="the round, 1 to 7")

    p = sub.add_parser("play", help="play a match in the terminal against bots (moves from stdin)")
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default 0)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 to 3 (default 0)")
    p.add_argument("--bots", nargs="+", default=["thumb"] * 3, metavar="BOT",
                   help=f"the other three seats' bots, from: {names} (default: thumb)")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (the console script exits with it)."""
    try:
        args = _parser().parse_args(argv)
    except _UsageError as exc:
        print(exc, file=sys.stderr)
        return USAGE_ERROR
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    command = {"simulate": _simulate, "deal": _deal, "solve": _solve, "play": _play}[args.command]
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


# -- simulate -------------------------------------------------------------------------------
def _simulate(args) -> int:
    from .simulate import simulate, summarize, write_csv, write_json

    if args.matches < 1:
        raise _UsageError(f"--matches must be at least 1, not {args.matches}")
    if args.workers < 1:
        raise _UsageError(f"--workers must be at least 1, not {args.workers}")
    if args.out and not args.out.endswith((".csv", ".json")):
        raise _UsageError(f"--out {args.out!r}: name a .csv or a .json file")
    try:
        results = simulate(args.bots, args.matches, args.seed, workers=args.workers, progress=args.progress)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    if args.out:
        results = (write_json if args.out.endswith(".json") else write_csv)(results, args.out)
    if args.rounds_out:
        results = write_csv(results, args.rounds_out, per="round")
    print(summarize(results))
    return 0


# -- deal -----------------------------------------------------------------------------------
def _deal(args) -> int:
    from .match import Match
    from .solver import can_lay_down

    match = Match(args.seed)
    rules = match.rules
    print(f"Seed {args.seed}: seat {match.dealer} deals; the up card is {match.top_discard}; "
          f"seat {match.active} plays first.")
    for seat in range(rules.players):
        hand = match.hand(seat)
        held = [r for r in range(1, rules.rounds + 1) if can_lay_down(hand, r, rules)]
        holds = ", ".join(f"R{r} ({rules.contract(r).words})" for r in held) or "none"
        print(f"seat {seat}: {format_cards(hand)}")
        print(f"        contracts held: {holds}")
    return 0


# -- solve ----------------------------------------------------------------------------------
def _solve(args) -> int:
    from .solver import find_contract, what_is_missing

    try:
        TEN_PENNIES.contract(args.round)
        hand = parse_cards(" ".join(args.hand))
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    contract = TEN_PENNIES.contract(args.round)
    found = find_contract(hand, args.round)
    if found is not None:
        print(f"Round {args.round}, {contract.words}: lay down {found}")
    else:
        print(f"Round {args.round}, {contract.words}: {what_is_missing(hand, args.round)}")
    return 0


# -- play -----------------------------------------------------------------------------------
HELP = ("Type a move's number from the list, or the move itself: buy, pass, "
        "lay 7S 7H 7D / 9S 9H JK, meld 5S 5H 5D, add 0 7C, discard KH. "
        "'hint' asks the strong bot, 'undo' takes your last move back, "
        "'help' shows this, 'quit' stops.")


def _play(args, stdin: TextIO | None = None) -> int:
    from .game import Game, describe, plural
    from .match import Phase

    n = TEN_PENNIES.players
    if not 0 <= args.seat < n:
        raise _UsageError(f"--seat must be 0 to {n - 1}, not {args.seat}")
    if len(args.bots) not in (1, n - 1):
        raise _UsageError(f"--bots needs one bot or {n - 1} (one per other seat), not {len(args.bots)}")
    try:
        game = Game(args.seed, seat=args.seat, bots=args.bots)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    lines = stdin or sys.stdin
    me = args.seat
    print(f"You are seat {me}. {HELP}")
    while True:
        game.advance()
        for said in game.new_words():
            print(said)
        if game.is_over:
            return 0
        view = game.view
        legal = list(view.legal_actions)
        print()
        print(describe(view, game.names))
        if view.phase is Phase.OFFER:
            print(f"You are offered {view.top_discard}: buying takes it and 2 stock cards for a token "
                  f"(you have {plural(view.tokens[me], 'token')}).")
        for k, a in enumerate(legal, 1):
            print(f"  {k:>2}. {a.text}")
        while True:
            print("> ", end="", flush=True)
            line = lines.readline()
            if not line:
                print("\nInput ended before the match did; the match is abandoned.", file=sys.stderr)
                return 1
            text = line.strip()
            if not text:
                continue
            word = text.lower()
            if word == "help":
                print(HELP)
                continue
            if word in ("quit", "exit"):
                print("You left the match.")
                return 0
            if word == "hint":
                print(f"Hint: {game.hint()}")
                continue
            if word == "undo":
                print("Your last move is taken back." if game.undo() else f"Cannot undo: {game.message}.")
                if game.message:
                    continue
                break
            try:
                if text.isdecimal() and text.isascii():
                    k = int(text)
                    if not 1 <= k <= len(legal):
                        print(f"There is no move {k}: choose 1 to {len(legal)}, or type a move.")
                        continue
                    action = legal[k - 1]
                else:
                    action = parse_action(text, me)
            except NotationError as exc:
                print(f"Cannot read that: {exc}")
                continue
            if not game.act(action):
                print(f"Not allowed: {game.message}")
                continue
            break


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
