"""What a ``tenpennies`` command line may say: the bounds on the sizes a user gives, the
rule set and the players named, the puzzles chosen, and the one-line usage error.

Every subcommand (:mod:`tenpennies.front.cli` and the ``cli_*`` modules beside it) reads
its arguments through these, so a mistake in what was typed is said the same way
everywhere: one line, exit code 2, no traceback.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from ..engine.rules import RULE_SET_NAMES, RuleSet
from ..puzzles import load

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


def _chosen_puzzles(args):
    try:
        puzzles = load(args.folder, kind=args.kind, tier=args.tier,
                       allow_unreachable=getattr(args, "allow_unreachable", False))
    except ValueError as exc:  # a choice that matches nothing: the loader says what exists
        raise _UsageError(str(exc)) from None
    if not puzzles:  # the loader raises for a choice that matches nothing: this folder has no puzzle
        raise _UsageError(f"no puzzle in {args.folder or 'the shipped puzzles'}: "
                          f"a folder of puzzle files (.toml) is needed")
    return puzzles
