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

A card in a sentence is its notation, but a ten is written 10, as people write it
(:func:`card_text`); input and records keep the notation's T, which keeps every card
two characters (and ``parse_cards`` reads 10S as well as TS):

    >>> from tenpennies import Card, parse_cards
    >>> card_text(Card("TS")), cards_text(parse_cards("7S TH JK"))
    ('10S', '7S 10H JK')

What a person types back keeps the notation too: a command of ``tenpennies play``
(``add 0 TS``), an action quoted as typed, a puzzle's answer. Reprs and the pictures'
own descriptions stay notation, as do the engine's and the solver's values printed
alone; their sentences reach a person through :func:`tens_as_written`.
"""

from __future__ import annotations

import re
from typing import Sequence

from .cards import RANK_NAMES, SUIT_NAMES, Card

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}

FACE_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
"""The ranks said by name where one card is named; the others are said as their number."""


def number_word(n: int) -> str:
    """'two' for 2; numbers past ten stay as digits."""
    return NUMBER_WORDS.get(n, str(n))


def plural(n: int, word: str, *, spelled: bool = False, many: str | None = None) -> str:
    """'1 card', '2 cards'; with ``spelled``, 'one card', 'two cards'; ``many``: a word's
    plural when it is not the word with an s ('0 inaccuracies')."""
    count = number_word(n) if spelled else str(n)
    return f"{count} {word}" if n == 1 else f"{count} {many or word + 's'}"


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


def card_text(card: Card) -> str:
    """A card as a sentence writes it: '7D', 'KC', 'JK', and '10S' for the ten (not the
    notation's 'TS', which nobody writes by hand)."""
    text = str(card)
    return "10" + text[1:] if text[0] == "T" else text


def cards_text(cards, sep: str = " ") -> str:
    """Cards as a sentence writes them (:func:`card_text`), ``sep`` between them."""
    return sep.join(card_text(c) for c in cards)


def melds_text(melds, sep: str = "; ") -> str:
    """Melds (an arrangement's sets, a lay-down's) as a sentence writes them, ``sep``
    between them: '7S 7H 7D; 10S 10H JK'."""
    return sep.join(cards_text(m) for m in melds)


_NOTATION_TEN = re.compile(r"\bT([SHDC])\b")


def tens_as_written(text: str) -> str:
    """``text`` with each ten in notation written as a sentence writes it ("TS" becomes
    "10S"), for sentences written where cards are notation and passed on to a person
    as they are: the engine's reasons (:class:`~tenpennies.engine.errors.IllegalActionError`,
    which echo cards as they were typed; the table's message, :func:`tenpennies.explain.narrate.to_you`)
    and the solver's own sentences (what a hand is missing, a plan to go out). A
    sentence this kit writes itself uses :func:`card_text` instead.

        >>> tens_as_written("seat 1 does not hold TS TH 7D")
        'seat 1 does not hold 10S 10H 7D'
    """
    return _NOTATION_TEN.sub(r"10\1", text)


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital, the rest as it is (``str.capitalize``
    would lower the cards' letters: "seat 2 drew KC")."""
    return text[:1].upper() + text[1:]


def times(n: int) -> str:
    """'once', 'twice', 'three times'."""
    return {1: "once", 2: "twice"}.get(n, f"{number_word(n)} times")


def percent(chance) -> str:
    """'18%' for a chance (a Fraction or a float); '<1%' for a chance above nothing that rounds to 0."""
    value = float(chance)
    if 0 < value < 0.005:
        return "<1%"
    return f"{value:.0%}"


def points_interval(interval) -> str:
    """'12.3 points [4.0, 20.6]': a mean in points with its interval."""
    return f"{interval.mean:.1f} points [{interval.low:.1f}, {interval.high:.1f}]"
