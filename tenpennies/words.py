"""How the kit says counts and ranks in words: one home, so every message agrees.

    >>> plural(1, "card"), plural(3, "card"), plural(2, "set", spelled=True)
    ('1 card', '3 cards', 'two sets')
    >>> rank_plural(6), rank_plural(12)
    ('sixes', 'queens')
"""

from __future__ import annotations

from .cards import RANK_NAMES

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}


def number_word(n: int) -> str:
    """'two' for 2; numbers past ten stay as digits."""
    return NUMBER_WORDS.get(n, str(n))


def plural(n: int, word: str, *, spelled: bool = False) -> str:
    """'1 card', '2 cards'; with ``spelled``, 'one card', 'two cards'."""
    count = number_word(n) if spelled else str(n)
    return f"{count} {word}" if n == 1 else f"{count} {word}s"


def rank_plural(rank: int) -> str:
    """'sevens', 'sixes', 'aces'."""
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def times(n: int) -> str:
    """'once', 'twice', 'three times'."""
    return {1: "once", 2: "twice"}.get(n, f"{number_word(n)} times")
