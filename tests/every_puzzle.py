"""One test per puzzle kind and game, over every shipped puzzle, naming each one that fails.

The suite used to run each check as its own test per puzzle: 2,209 puzzles made 10,000
tests, and pytest's bookkeeping, not the checks, was most of the time. Now a check is a
plain function of one puzzle; :func:`groups` splits the puzzles by kind and game (16
groups, ``"lay-down-tp"``, ``"go-out-tcr"`` ...), a test is parametrized over the groups,
and the ``every_puzzle`` fixture (tests/conftest.py) runs the check on each puzzle of its
group, collecting every failure: the one assertion lists each failing puzzle by id, with
what failed, not just the first. ``--puzzle-sample N`` (the quick run) checks N puzzles
spread over each group instead of all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache

import pytest

from tenpennies.puzzles import load

GAMES = ("tp", "tcr")
"""Ten Pennies and Ten Card Rummy, as the group names write them."""


@cache
def _shipped() -> tuple:
    return tuple(load())


def shipped() -> list:
    """The shipped puzzles, ``load()``, read once per test process (each reading takes a
    second or more, and six test modules want them); frozen values, so sharing them is safe."""
    return list(_shipped())


def game_of(puzzle) -> str:
    """``"tcr"`` for a Ten Card Rummy puzzle (its rules have runs), else ``"tp"``."""
    return "tcr" if puzzle.position.rules.has_runs else "tp"


def groups(items: Iterable, kind: Callable = lambda p: p.kind, game: Callable = game_of) -> dict[str, list]:
    """``items`` by kind and game, ``{"lay-down-tp": [...], ...}``, in a stable order."""
    out: dict[str, list] = {}
    for item in items:
        out.setdefault(f"{kind(item)}-{game(item)}", []).append(item)
    return dict(sorted(out.items()))


def spread(items: list, n: int) -> list:
    """``n`` of ``items`` spread evenly from first to last (all of them when ``n`` is 0)."""
    if not n or n >= len(items):
        return list(items)
    return [items[i * (len(items) - 1) // (n - 1)] for i in range(n)] if n > 1 else [items[0]]


class Stale(Exception):
    """A known, expected failure of one puzzle (the check says why): counted, not failed."""


def failures(items: Iterable, check: Callable, name: Callable = lambda p: p.id) -> tuple[list, list]:
    """Run ``check`` on each item: (every failure, every :class:`Stale`), each ``"id: why"``."""
    failed, stale = [], []
    for item in items:
        try:
            check(item)
        except Stale as exc:
            stale.append(f"{name(item)}: {exc}")
        except Exception as exc:  # an error in one puzzle must not hide the others'
            why = str(exc).strip() or type(exc).__name__
            if not isinstance(exc, AssertionError):
                why = f"{type(exc).__name__}: {why}"
            failed.append(f"{name(item)}: {_short(why)}")
    return failed, stale


def _short(why: str, lines: int = 6) -> str:
    """The first few lines of an assertion's explanation, indented under its puzzle."""
    shown = why.splitlines()
    more = [f"... ({len(shown) - lines} more lines)"] if len(shown) > lines else []
    return "\n    ".join(shown[:lines] + more)


def check_every(items: list, check: Callable, name: Callable = lambda p: p.id) -> int:
    """Check each of ``items``; fail once, listing every failing item by name. Returns how
    many were checked. When only :class:`Stale` ones fail, the test is an expected failure
    naming them (as each was, one test per puzzle)."""
    failed, stale = failures(items, check, name)
    if failed:
        pytest.fail(f"{len(failed)} of {len(items)} fail:\n" + "\n".join(failed), pytrace=False)
    if stale:
        pytest.xfail(f"{len(stale)} of {len(items)} expected to fail: " + "; ".join(stale))
    return len(items)
