"""A person at the terminal, one typed line at a time: ``tenpennies play`` (a match against
bots, driven through :class:`tenpennies.front.table.Game`) and ``tenpennies puzzle`` (a
puzzle with hints and its solution)."""

from __future__ import annotations

import random
import sys
from typing import TextIO

from ..engine.actions import parse_action
from ..engine.errors import NotationError
from ..engine.words import card_text, plural
from ..play.match import Phase
from .cli_args import _UsageError, _chosen_puzzles, _rules
from .table import Game, describe


HELP = ("Type a move's number from the list, or the move itself: buy, pass, "
        "lay 7S 7H 7D / 9S 9H JK, meld 5S 5H 5D, add 0 7C, discard KH. "
        "'lay' alone lays down the best arrangement of your hand (fewest wilds). "
        "'hint' asks the strong bot, 'undo' takes your last move back, "
        "'help' shows this, 'quit' stops.")


TAKE_HELP = ("In this game you meld first, then 'take' the top discard as your draw, "
             "or 'pass' to draw from the stock; then discard.")


def _offer_words(view, legal) -> str:
    """What the offer on the table asks of you, in the rule set's terms (T5, C8, C9)."""
    rules, top = view.rules, view.top_discard
    if not any(a.text == "buy" for a in legal):  # the active player's take-or-pass (C9)
        return f"You may take {card_text(top)} as your draw, or pass."
    price = f"it and {plural(rules.buy_extra_cards, 'stock card')}"
    if rules.tokens is None:
        return f"You are offered {card_text(top)}: buying takes {price} (no token needed)."
    return (f"You are offered {card_text(top)}: buying takes {price} for a token "
            f"(you have {plural(view.tokens[view.seat], 'token')}).")


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
    rules = _rules(args)
    n = rules.players
    if not 0 <= args.seat < n:
        raise _UsageError(f"--seat must be 0 to {n - 1}, not {args.seat}")
    if len(args.bots) not in (1, n - 1):
        raise _UsageError(f"--bots needs one bot or {n - 1} (one per other seat), not {len(args.bots)}")
    bots = args.bots * (n - 1) if len(args.bots) == 1 else args.bots
    try:
        game = Game(args.seed, seat=args.seat, bots=bots, rules=rules, offers=args.offers)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    lines = stdin or sys.stdin
    me = args.seat
    print(f"You are seat {me}. {HELP}" + (f" {TAKE_HELP}" if rules.free_discard_take else ""))
    try:
        return _play_moves(game, rules, me, lines, args.save)
    finally:
        if args.save:
            game.save(args.save)
            print(f"The match record is saved in {args.save} (tenpennies review {args.save} --seat {me}).")


def _play_moves(game, rules, me: int, lines: TextIO, save: str | None) -> int:
    while True:
        game.advance()
        for said in game.new_words():
            print(said)
        if save:
            game.save(save)  # after every move: a match left half way can still be reviewed
        if game.is_over:
            return 0
        view = game.view
        legal = list(view.legal_actions)
        print()
        print(describe(view, game.names))
        if view.phase is Phase.OFFER:
            print(_offer_words(view, legal))
        for k, a in enumerate(legal, 1):
            print(f"  {k:>2}. {a.text}")  # the command as it is typed: its notation (a ten is TS)
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
                print(f"Hint: {game.hint(moves='commands')}")  # moves named as typed here, not as the table's buttons
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


# -- puzzle ---------------------------------------------------------------------------------
PUZZLE_HELP = "Type your answer; 'hint' for a hint, 'solution' to see it, 'quit' to stop."


def _puzzle(args, stdin: TextIO | None = None) -> int:
    puzzles = _chosen_puzzles(args)
    if args.id is not None:
        puzzles = [p for p in puzzles if p.id == args.id]
        if not puzzles:
            raise _UsageError(f"no puzzle with id {args.id!r}")
    puzzle = random.Random(args.seed).choice(puzzles)
    lines = stdin or sys.stdin
    print(f"{puzzle.id} (tier {puzzle.tier}): {puzzle.title}")
    if puzzle.allow_unreachable:
        print(puzzle.what_if_note)
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
