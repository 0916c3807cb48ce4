"""How the kit says counts, ranks and lists in words: one home, so every message agrees.

Both games say ranks the same way: a rank in the plural is its name ("sevens", "sixes",
"aces", "tens": :func:`rank_plural`), as in "aces and twos are wild"; one card's rank is
said as the card's corner shows it ("a natural 7 of diamonds", "the jack of hearts":
:func:`rank_word`).

    >>> plural(1, "card"), plural(3, "card"), plural(2, "set", spelled=True)
    ('1 card', '3 cards', 'two sets')
    >>> rank_plural(6), rank_plural(12), rank_plural(10)
    ('sixes', 'queens', 'tens')
    >>> rank_word(7), rank_word(1)
    ('7', 'ace')
    >>> join_and(["jokers", "aces", "twos"]), join_or(["a natural 9", "a joker"])
    ('jokers, aces and twos', 'a natural 9, or a joker')
"""

from __future__ import annotations

from typing import Sequence

from .cards import RANK_NAMES

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}

FACE_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
"""The ranks said by name where one card is named; the others are said as their number."""


def number_word(n: int) -> str:
    """'two' for 2; numbers past ten stay as digits."""
    return NUMBER_WORDS.get(n, str(n))


def plural(n: int, word: str, *, spelled: bool = False) -> str:
    """'1 card', '2 cards'; with ``spelled``, 'one card', 'two cards'."""
    count = number_word(n) if spelled else str(n)
    return f"{count} {word}" if n == 1 else f"{count} {word}s"


def rank_plural(rank: int) -> str:
    """'sevens', 'sixes', 'aces': a rank in the plural, in both games."""
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def rank_word(rank: int) -> str:
    """One card's rank, as its corner shows it: '7', '10', 'ace', 'jack' (for "a natural
    7 of diamonds", "the jack of hearts")."""
    return FACE_WORDS.get(rank, str(rank))


def join_and(parts: Sequence[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    parts = list(parts)
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def join_or(parts: Sequence[str]) -> str:
    """'a', 'a, or b', 'a, b, or c': the comma before "or" keeps apart choices that are
    lists themselves ("a natural 9 of diamonds or clubs, or a joker")."""
    parts = list(parts)
    if len(parts) <= 2:
        return ", or ".join(parts)
    return ", ".join(parts[:-1]) + ", or " + parts[-1]


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is (``str.capitalize``
    would lower the cards' letters: "seat 2 drew KC")."""
    return text[:1].upper() + text[1:]


def times(n: int) -> str:
    """'once', 'twice', 'three times'."""
    return {1: "once", 2: "twice"}.get(n, f"{number_word(n)} times")
