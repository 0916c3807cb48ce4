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

(One concept in one file, over 600 lines: the command line, one small function per
subcommand and its argument bounds beside it.)
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from typing import Sequence, TextIO

from ..engine.actions import parse_action
from ..engine.cards import parse_cards
from ..engine.errors import HandError, NotationError
from ..engine.rules import RULE_SET_NAMES, RuleSet
from ..engine.words import card_text, cards_text, melds_text, plural, tens_as_written

USAGE_ERROR = 2


class _UsageError(Exception):
    """A mistake in the command line, reported in one line (exit code 2)."""


class _Parser(argparse.ArgumentParser):
    # argparse prints the usage and exits from inside parse_args; one clear line suits
    # a terminal and a test better, so the message is raised and main() prints it.
    def error(self, message: str):
        raise _UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _bounded(option: str, low: int, high: int):
    """An argparse type: a whole number from ``low`` to ``high``, else an error naming the
    option and the range (argparse adds 'argument OPTION:')."""
    def read(text: str) -> int:
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"invalid int value: {text[:30]!r}")
        if value < low:
            raise argparse.ArgumentTypeError(f"{option} must be at least {low}, not {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"{option} must be at most {high:,}, not {value}")
        return value
    read.__name__ = "int"  # argparse names the type in its messages
    return read


# Bounds on the sizes a user gives: what a classroom could want, and a machine survives.
# --matches: a classroom compares bots over hundreds or thousands; 2,000 strong-vs-thumb
#   matches take 51 s on 2 workers (benchmarks/matches.py), so 100,000 is most of an hour.
MOST_MATCHES = 100_000
# --workers: one process per core helps; more only costs memory (each holds the engine).
MOST_WORKERS = 64
# --samples: 20,000 deals of a Ten Card Rummy round take 0.7 s on one core, so a million
#   take about half a minute and pin a chance to within 0.1%; more is waiting for nothing.
MOST_SAMPLES = 1_000_000
# --seed: saved in records and CSV files and printed; 2**63 seeds are more than enough.
SEED_SIZE = 2**63 - 1
SEED = _bounded("--seed", -SEED_SIZE, SEED_SIZE)
# --players, --seat, --round, --tier: the rule sets check these again with their own
#   words; the bounds only keep a huge number from reaching them.
MOST_PLAYERS = 16
MOST_ROUNDS = 99


# How many players each named game is for (T1: four; C1: four to eight). A rule set
# made in Python may seat others; the command line keeps to the rulings.
PLAYERS = {"ten-pennies": (4, 4), "ten-card-rummy": (4, 8)}


def _rule_options(p: argparse.ArgumentParser, players: bool = True) -> None:
    p.add_argument("--rules", default="ten-pennies", metavar="NAME",
                   help=f"the game: {', '.join(RULE_SET_NAMES)} (default ten-pennies)")
    if players:
        p.add_argument("--players", type=_bounded("--players", 1, MOST_PLAYERS), metavar="N",
                       help="how many players (Ten Pennies 4; Ten Card Rummy 4 to 8, the default 4)")


def _rules(args) -> RuleSet:
    """The rule set named by ``--rules``, seated for ``--players`` (C1 picks the decks)."""
    try:
        rules = RuleSet.named(args.rules)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    n = getattr(args, "players", None)
    if n is None:
        return rules
    low, high = PLAYERS.get(rules.key, (2, 16))
    if not low <= n <= high:
        span = f"{low}" if low == high else f"{low} to {high}"
        raise _UsageError(f"--players: {rules.name} is for {span} players, not {n}")
    try:
        return rules.with_players(n)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None


def _seat_bots(bots: list[str] | None, players: int, default: Sequence[str]) -> list[str]:
    """One bot per seat: the names given (one name sits in every seat, as ``play``
    reads it), or ``default`` repeated round the table."""
    if bots is None:
        return [default[i % len(default)] for i in range(players)]
    return list(bots) * players if len(bots) == 1 else list(bots)


def _parser() -> argparse.ArgumentParser:
    from ..bots import bot_names

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
    from ..puzzles import KINDS

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


# -- simulate -------------------------------------------------------------------------------
def _simulate(args) -> int:
    from ..play.simulate import simulate, summarize, write_csv, write_json

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
    from ..lessons.tournament import play_tournament
    from ..lessons.tournament.sandbox import hide_from_command_line

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


# -- deal -----------------------------------------------------------------------------------
def _deal(args) -> int:
    from ..play.match import Match
    from ..solver import can_lay_down

    rules = _rules(args)
    match = Match(args.seed, rules)
    print(f"Seed {args.seed}: seat {match.dealer} deals; the up card is {card_text(match.top_discard)}; "
          f"seat {match.active} plays first.")
    for seat in range(rules.players):
        hand = match.hand(seat)
        held = [r for r in range(1, rules.rounds + 1) if can_lay_down(hand, r, rules)]
        holds = ", ".join(f"R{r} ({rules.contract(r).words})" for r in held) or "none"
        print(f"seat {seat}: {cards_text(hand)}")
        print(f"        contracts held: {holds}")
    return 0


# -- solve ----------------------------------------------------------------------------------
def _solve(args) -> int:
    from ..solver import find_contract, what_is_missing

    if args.position is not None:
        return _solve_position(args)
    if not args.hand:
        raise _UsageError("give a hand and --round, or --position")
    if args.round is None:
        raise _UsageError("the following arguments are required: --round (or give --position)")
    rules = _rules(args)
    try:
        rules.contract(args.round)
        hand = parse_cards(" ".join(args.hand))
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    if not hand:  # '' parses to no cards; a hand to solve holds at least one
        raise _UsageError("the hand is empty: give its cards, like \"7S 7H JK 9D 9C 9S\"")
    contract = rules.contract(args.round)
    try:
        found = find_contract(hand, args.round, rules)
    except HandError as exc:  # more copies of a card than the deck has (T1)
        raise _UsageError(str(exc)) from None
    if found is not None:
        print(f"Round {args.round}, {contract.words}: lay down {melds_text(found.sets)}")
    else:
        print(f"Round {args.round}, {contract.words}: {tens_as_written(str(what_is_missing(hand, args.round, rules)))}")
    return 0


def _solve_position(args) -> int:
    from ..play.seat_position import SeatPosition
    from ..solver import additions, find_contract, plan_go_out, what_is_missing

    if args.hand or args.round is not None:
        raise _UsageError("--position holds the hand and the round: give no other cards or --round")
    if args.rules != "ten-pennies":
        raise _UsageError("--position names its own rule set (its g: field): give no --rules")
    try:
        p = SeatPosition.parse(args.position)
        p.check_reachable(allow_unreachable=args.allow_unreachable)
    except ValueError as exc:
        raise _UsageError(f"--position: {exc}") from None
    me, rules = p.seat, p.rules
    print(f"Seat {me}, round {p.round_no} ({p.contract.words}): {cards_text(p.hand)}")
    opened = p.opened[me]
    if not opened:
        found = find_contract(p.hand, p.round_no, rules)
        print(f"Lay down {melds_text(found.sets)}" if found is not None
              else tens_as_written(str(what_is_missing(p.hand, p.round_no, rules))))
    adds = additions(p.hand, p.table, p.round_no, rules)
    if adds and opened:
        print("Cards that can be added: " + ", ".join(f"{card_text(c)} to set {n}" for c, n in adds))
    plan = plan_go_out(p.hand, p.table, p.round_no, opened, rules)
    print(f"Go out: {tens_as_written(str(plan))}" if plan is not None else "No way to go out with this hand.")
    return 0


# -- odds -----------------------------------------------------------------------------------
def _odds(args) -> int:
    from ..odds import Estimate, dealt_chance, draw_odds
    from ..solver import cards_needed, outs

    rules = _rules(args)
    if args.samples < 1:
        raise _UsageError(f"--samples must be at least 1, not {args.samples}")
    if args.round is not None:
        try:
            rules.contract(args.round)
        except ValueError as exc:
            raise _UsageError(str(exc)) from None
    if args.hand:
        if args.round is None:
            raise _UsageError("a hand's outs need --round")
        try:
            hand = parse_cards(" ".join(args.hand))
            short = cards_needed(hand, args.round, rules)
        except ValueError as exc:  # a bad card, or more copies than the deck has (T1)
            raise _UsageError(str(exc)) from None
        contract = rules.contract(args.round)
        print(f"{rules.name}, round {args.round}, {contract.words}: {cards_text(hand)}")
        if short == 0:
            print("The hand holds the contract.")
        elif short is None:
            print("No cards the deck still holds complete the contract.")
        else:
            helps = outs(hand, args.round, rules)
            print(f"{short} card{'s' if short > 1 else ''} short; these bring it closer: {cards_text(helps)}")
            if short == 1:
                odds = draw_odds(hand, 1, args.round, rules=rules)
                print(f"The next unseen card completes it: {odds.ways}/{odds.total} = {float(odds.probability):.2%}")
        return 0
    rounds = [args.round] if args.round is not None else range(1, rules.rounds + 1)
    print(f"{rules.name}, {rules.players} players ({rules.deck_size} cards): "
          f"the chance a dealt hand of {rules.hand_size} holds the contract")
    for r in rounds:
        p = dealt_chance(r, rules, samples=args.samples, seed=args.seed)
        if isinstance(p, Estimate) and p.hits == 0:
            # No hit gives a standard error of 0, which would read as certainty; the rule of
            # three bounds the chance instead (95% confidence).
            text = f"no hit in {p.samples} seeded deals (under {3 / p.samples:.4%}, 95% confidence)"
        elif isinstance(p, Estimate):
            # A 95% interval, as the no-hit line gives, and two decimals: the third would
            # be noise at any sample size a command line waits for.
            half = 1.959963984540054 * p.standard_error
            text = (f"{p.estimate:.2%} ± {half:.2%} (95% confidence, estimated from "
                    f"{p.samples:,} seeded deals)")
        else:
            # Four decimals would show round 11's chance as 0.0000%, as if it could not happen.
            text = f"{float(p):.4%}" if p >= Fraction(1, 10_000) or p == 0 else f"about 1 in {round(1 / p):,}"
            text += f" (exact: {p.numerator}/{p.denominator})"
        print(f"  round {r:>2}, {rules.contract(r).words}: {text}")
    return 0


# -- play -----------------------------------------------------------------------------------
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
    from .table import Game

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
    from .table import describe
    from ..play.match import Phase

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


# -- puzzle and puzzles sheet ------------------------------------------------------------------
PUZZLE_HELP = "Type your answer; 'hint' for a hint, 'solution' to see it, 'quit' to stop."


def _chosen_puzzles(args):
    from ..puzzles import load

    try:
        puzzles = load(args.folder, kind=args.kind, tier=args.tier,
                       allow_unreachable=getattr(args, "allow_unreachable", False))
    except ValueError as exc:  # a choice that matches nothing: the loader says what exists
        raise _UsageError(str(exc)) from None
    if not puzzles:  # the loader raises for a choice that matches nothing: this folder has no puzzle
        raise _UsageError(f"no puzzle in {args.folder or 'the shipped puzzles'}: "
                          f"a folder of puzzle files (.toml) is needed")
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


def _puzzle_sheet(args) -> int:
    from pathlib import Path

    if args.what == "export":
        return _puzzle_export(args)
    if args.what == "rerate":
        return _puzzle_rerate(args)

    from ..puzzles.sheet import sheet_html

    puzzles = _chosen_puzzles(args)
    out = Path(args.out)
    answers = out.with_name(out.stem + "-answers" + (out.suffix or ".html"))
    page, key = sheet_html(puzzles, answers.name)
    out.write_text(page, encoding="utf-8")
    answers.write_text(key, encoding="utf-8")
    print(f"{len(puzzles)} puzzles written to {out}, answers to {answers}")
    return 0


def _puzzle_rerate(args) -> int:
    import csv

    from ..engine.errors import TenPenniesError
    from ..puzzles import load
    from ..puzzles.rating import people_attempts, rerate

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
    from ..puzzles.progress import ProgressError, export_csv

    try:
        rows = export_csv(args.files, args.csv)
    except ProgressError as exc:
        raise _UsageError(str(exc)) from None
    print(f"wrote {rows} attempts of {len(args.files)} learners to {args.csv}")
    return 0


# -- experiment: a class's pooled results (tenpennies.lessons.experiments) ---------------------------
def _experiment_parsers(sub) -> None:
    from ..lessons.ready_experiments import EXPERIMENTS

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
    from ..lessons.class_database import ClassDatabase
    from ..lessons.experiments import ClassExperiment, start
    from ..lessons.ready_experiments import ExperimentError

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
    from .classroom import main as classroom_main

    classroom_main(list(args.options))
    return 0


# -- review ---------------------------------------------------------------------------------------
# --rollouts: 32 a decision judge a match in seconds; 1,000 re-check one blunder carefully
#   (a match's blunders at ten times the default take a minute or two).
MOST_ROLLOUTS = 1_000


def _review_parser(sub) -> None:
    p = sub.add_parser("review", help="judge every decision one seat took in a saved match, against the analyst")
    p.add_argument("record", metavar="MATCH.json", help="a saved match (tenpennies.play.record.save)")
    p.add_argument("--seat", type=_bounded("--seat", 0, MOST_PLAYERS - 1), default=0,
                   help="the seat whose decisions are judged (default 0)")
    p.add_argument("--rollouts", type=_bounded("--rollouts", 2, MOST_ROLLOUTS), default=None,
                   help="paired rollouts a judged decision, 2 to 1,000 (default 32; 16 in Ten Card Rummy)")
    p.add_argument("--workers", type=_bounded("--workers", 1, MOST_WORKERS), default=None,
                   help=f"worker processes, 1 to {MOST_WORKERS} (default: every core)")
    p.add_argument("--seed", type=SEED, default=0, help="the review's seed (default 0)")
    p.add_argument("--html", metavar="FILE", help="also write the review as a page to share (pictures, chart, mistakes)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--keep", metavar="PROGRESS.db", nargs="?", const="", default=None,
                   help="keep the mistakes as your puzzles (PuzzleWidget's 'Your mistakes'), in this progress "
                        "file or, given no file, your own (tenpennies.puzzles.progress.default_path)")


def _review(args) -> int:
    from ..engine.errors import RecordError, TenPenniesError
    from ..review.judge import review

    try:
        judged = review(args.record, args.seat, rollouts=args.rollouts, seed=args.seed,  # (None: the game's default)
                        workers=args.workers, progress=not args.no_progress)
    except RecordError as exc:
        raise _UsageError(f"{args.record}: {exc}") from None
    except TenPenniesError as exc:
        raise _UsageError(str(exc)) from None
    print(judged.to_text())
    if judged.mistakes and args.keep is not None:
        from ..puzzles.progress import Progress, ProgressError

        try:  # every graded mistake becomes a personal puzzle (PuzzleWidget's "Your mistakes")
            learner = Progress(args.keep or None)
            new = learner.keep_mistakes(judged)
            print(f"{plural(new, 'new mistake')} kept as your puzzles in {learner.path} "
                  "(PuzzleWidget, 'Your mistakes').")
        except ProgressError as exc:
            print(f"The mistakes could not be kept as puzzles: {exc}", file=sys.stderr)
    if args.html:
        from ..review.page import write_html

        write_html(judged, args.html)
        print(f"Wrote {args.html}.")
    return 0


# Last, so that every helper above is defined when the file runs as a script
# (python -m tenpennies.front.cli).
if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
