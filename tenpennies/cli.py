"""The command line: ``tenpennies simulate | deal | solve | play | puzzle | puzzles sheet``.

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
from .errors import HandError, NotationError
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
    p.add_argument("hand", nargs="*", help='cards, like "7S 7H 7D 9S 9H JK"')
    p.add_argument("--round", type=int, help="the round, 1 to 7 (needed with a hand)")
    p.add_argument("--position", metavar="NOTATION",
                   help='a seat\'s view instead of a hand, like "r1 s0 a0 h:7S7H7DJK9S9H t:- d:4C '
                        'k:10/10/10/10 p:0/0/0/0 n:6/11/11/11 st:60"')

    p = sub.add_parser("play", help="play a match in the terminal against bots (moves from stdin)")
    p.add_argument("--seed", type=int, default=0, help="the match's seed (default 0)")
    p.add_argument("--seat", type=int, default=0, help="your seat, 0 to 3 (default 0)")
    p.add_argument("--bots", nargs="+", default=["thumb"] * 3, metavar="BOT",
                   help=f"the other three seats' bots, from: {names} (default: thumb)")
    _puzzle_parsers(sub)
    return top


def _puzzle_parsers(sub) -> None:
    from .puzzles import KINDS

    kinds = ", ".join(KINDS)
    p = sub.add_parser("puzzle", help="solve a puzzle in the terminal (answers, hints from stdin)")
    p.add_argument("--id", help="a puzzle's id, like lay-down-003 (default: a random one)")
    p.add_argument("--kind", help=f"choose among one kind: {kinds}")
    p.add_argument("--tier", type=int, help="choose among one tier, 1 to 3")
    p.add_argument("--seed", type=int, default=0, help="seed of the random choice (default 0)")
    p.add_argument("--folder", help="a folder of puzzle files (default: the shipped puzzles)")
    p = sub.add_parser("puzzles", help="puzzle sets: 'puzzles sheet' writes a printable page")
    what = p.add_subparsers(dest="what", metavar="WHAT", parser_class=_Parser)
    what.required = True
    q = what.add_parser("sheet", help="an HTML page of puzzles with card pictures, and an answer page")
    q.add_argument("--kind", help=f"one kind: {kinds}")
    q.add_argument("--tier", type=int, help="one tier, 1 to 3")
    q.add_argument("--out", default="puzzle-sheet.html",
                   help="the page to write (default puzzle-sheet.html); answers go beside it, NAME-answers.html")
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
    command = {"simulate": _simulate, "deal": _deal, "solve": _solve, "play": _play,
               "puzzle": _puzzle, "puzzles": _puzzle_sheet}[args.command]
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

    if args.position is not None:
        return _solve_position(args)
    if not args.hand:
        raise _UsageError("give a hand and --round, or --position")
    if args.round is None:
        raise _UsageError("the following arguments are required: --round (or give --position)")
    try:
        TEN_PENNIES.contract(args.round)
        hand = parse_cards(" ".join(args.hand))
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    if not hand:  # '' parses to no cards; a hand to solve holds at least one
        raise _UsageError("the hand is empty: give its cards, like \"7S 7H JK 9D 9C 9S\"")
    contract = TEN_PENNIES.contract(args.round)
    try:
        found = find_contract(hand, args.round)
    except HandError as exc:  # more copies of a card than the deck has (T1)
        raise _UsageError(str(exc)) from None
    if found is not None:
        print(f"Round {args.round}, {contract.words}: lay down {found}")
    else:
        print(f"Round {args.round}, {contract.words}: {what_is_missing(hand, args.round)}")
    return 0


def _solve_position(args) -> int:
    from .position import SeatPosition
    from .solver import additions, find_contract, plan_go_out, what_is_missing

    if args.hand or args.round is not None:
        raise _UsageError("--position holds the hand and the round: give no other cards or --round")
    try:
        p = SeatPosition.parse(args.position)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    me = p.seat
    print(f"Seat {me}, round {p.round_no} ({p.contract.words}): {format_cards(p.hand)}")
    opened = p.opened[me]
    if not opened:
        found = find_contract(p.hand, p.round_no)
        print(f"Lay down {found}" if found is not None else str(what_is_missing(p.hand, p.round_no)))
    adds = additions(p.hand, p.table, p.round_no)
    if adds and opened:
        print("Cards that can be added: " + ", ".join(f"{c} to set {n}" for c, n in adds))
    plan = plan_go_out(p.hand, p.table, p.round_no, opened)
    print(f"Go out: {plan}" if plan is not None else "No way to go out with this hand.")
    return 0


# -- play -----------------------------------------------------------------------------------
HELP = ("Type a move's number from the list, or the move itself: buy, pass, "
        "lay 7S 7H 7D / 9S 9H JK, meld 5S 5H 5D, add 0 7C, discard KH. "
        "'lay' alone lays down the best arrangement of your hand (fewest wilds). "
        "'hint' asks the strong bot, 'undo' takes your last move back, "
        "'help' shows this, 'quit' stops.")


def _ask(lines: TextIO) -> str | None:
    """The next non-blank line typed at the "> " prompt, stripped; None when input ends."""
    while True:
        print("> ", end="", flush=True)
        line = lines.readline()
        if not line:
            return None
        if line.strip():
            return line.strip()


def _play(args, stdin: TextIO | None = None) -> int:
    from .game import Game, describe
    from .words import plural
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
            text = _ask(lines)
            if text is None:
                print("\nInput ended before the match did; the match is abandoned.", file=sys.stderr)
                return 1
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
            if word == "lay":  # as Lay Down Contract with nothing selected: the solver's arrangement
                game.clear_selection()
                if not game.lay_down():
                    print(f"Not allowed: {game.message}")
                    continue
                break
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


# -- puzzle and puzzles sheet ------------------------------------------------------------------
PUZZLE_HELP = "Type your answer; 'hint' for a hint, 'solution' to see it, 'quit' to stop."


def _chosen_puzzles(args):
    from .puzzles import load

    try:
        puzzles = load(args.folder, kind=args.kind, tier=args.tier)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    if not puzzles:
        if args.kind is not None and args.tier is not None:
            tiers = sorted({p.tier for p in load(args.folder, kind=args.kind)})
            raise _UsageError(f"no {args.kind} puzzle of tier {args.tier}: {args.kind} puzzles come in "
                              + ("tier " if len(tiers) == 1 else "tiers ") + ", ".join(map(str, tiers)))
        raise _UsageError("no puzzle matches those choices")
    return puzzles


def _puzzle(args, stdin: TextIO | None = None) -> int:
    import random

    puzzles = _chosen_puzzles(args)
    if args.id is not None:
        puzzles = [p for p in puzzles if p.id == args.id]
        if not puzzles:
            raise _UsageError(f"no puzzle with id {args.id!r}")
    puzzle = random.Random(args.seed).choice(puzzles)
    lines = stdin or sys.stdin
    print(f"{puzzle.id} (tier {puzzle.tier}): {puzzle.title}")
    print(puzzle.position.describe())
    print(puzzle.question)
    print(puzzle.answer_form)
    print(PUZZLE_HELP)
    solution = puzzle.solution()
    hints = 0
    while True:
        text = _ask(lines)
        if text is None:
            print("\nInput ended before the puzzle was solved.", file=sys.stderr)
            return 1
        if text.lower() == "quit":
            return 0
        if text.lower() == "hint":
            print(f"Hint {min(hints, len(puzzle.hints) - 1) + 1}: {puzzle.hint(hints)}")
            hints += 1
            continue
        if text.lower() == "solution":
            print(solution.headline())
            print(puzzle.explanation)
            return 0
        verdict = puzzle.check(text, solution)
        print(verdict)
        if verdict.correct:
            return 0


def _puzzle_sheet(args) -> int:
    from pathlib import Path

    from .puzzles.sheet import sheet_html

    puzzles = _chosen_puzzles(args)
    out = Path(args.out)
    answers = out.with_name(out.stem + "-answers" + (out.suffix or ".html"))
    page, key = sheet_html(puzzles, answers.name)
    out.write_text(page, encoding="utf-8")
    answers.write_text(key, encoding="utf-8")
    print(f"{len(puzzles)} puzzles written to {out}, answers to {answers}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
