"""Cards, their notation, and the deck.

A card is a small immutable value: a rank (1 = ace ... 13 = king) and a suit
(``S H D C``), or the joker. Notation round-trips::

    >>> parse_cards("7S 7H TD JK")
    Cards('7S 7H TD JK')
    >>> str(Card('10♥'))
    'TH'

There are only 53 distinct cards, so each is made once and shared: two 7♠ from
the two decks are the same value (``==`` and ``is`` both hold). That keeps
comparisons and hashing cheap in the solver's and simulator's hot loops, and
gives every card a small integer ``index`` (0-51, joker 52) for table look-ups.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable

from .errors import NotationError

RANKS = "A23456789TJQK"
"""Rank letters in rank order; rank number ``n`` is ``RANKS[n - 1]``."""
SUITS = "SHDC"
"""Suit letters: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}
SUIT_NAMES = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}

JOKER_RANK = 0
JOKER_INDEX = 52

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}


class Card:
    """One playing card. Build it from notation: ``Card('7S')``, ``Card('JK')``.

    Attributes: ``rank`` (0 for the joker, else 1-13), ``suit`` (a letter of
    ``SUITS``, ``None`` for the joker), ``index`` (0-52, unique per value), ``order``
    (0-52, the card's place in reading order: sorting by it sorts as :func:`sort_key`
    does, aces first, jokers last). Cards are immutable and interned.

    Cards compare equal only to themselves (``is``), and have no ``<``: sort them with
    ``key=sort_key`` (or ``key=BY_ORDER``); a :class:`Hand` sorts itself. Defining any
    comparison in Python would route every ``==`` through Python too, and ``==`` is what
    ``card in hand`` and ``hand.remove(card)`` ask on every turn of every match.
    """

    __slots__ = ("rank", "suit", "index", "order", "_text")
    _interned: dict[str, "Card"] = {}

    rank: int
    suit: str | None
    index: int
    order: int

    def __new__(cls, text: str) -> "Card":
        try:
            return cls._interned[text]
        except (KeyError, TypeError):
            pass
        return _parse_one(text)

    @classmethod
    def _make(cls, rank: int, suit: str | None) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        if suit is None:
            object.__setattr__(card, "index", JOKER_INDEX)
            object.__setattr__(card, "order", JOKER_INDEX)
            object.__setattr__(card, "_text", "JK")
        else:
            object.__setattr__(card, "index", SUITS.index(suit) * 13 + rank - 1)
            # By rank, then suit in SUITS order: what sort_key compares, as one small int
            # (a sort keyed on an attribute runs in C, without a Python call per card).
            object.__setattr__(card, "order", (rank - 1) * 4 + SUITS.index(suit))
            object.__setattr__(card, "_text", RANKS[rank - 1] + suit)
        return card

    @classmethod
    def of(cls, rank: int, suit: str | None) -> "Card":
        """The card of this rank (1-13) and suit letter; ``Card.of(0, None)`` is the joker."""
        if rank == JOKER_RANK and suit is None:
            return JOKER
        if not (isinstance(rank, int) and 1 <= rank <= 13) or suit not in SUIT_SYMBOLS:
            raise NotationError(f"no card has rank {rank!r} and suit {suit!r}")
        return _BY_INDEX[SUITS.index(suit) * 13 + rank - 1]

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @property
    def name(self) -> str:
        """The card in words: 'seven of spades', 'joker'."""
        if self.suit is None:
            return "joker"
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}s"

    @property
    def symbol(self) -> str:
        """Pretty notation with a suit symbol: '7♠', '10♥', 'JK'."""
        if self.suit is None:
            return "JK"
        rank = "10" if self.rank == 10 else RANKS[self.rank - 1]
        return rank + SUIT_SYMBOLS[self.suit]

    def __setattr__(self, key, value):
        raise AttributeError("cards are immutable")

    def __delattr__(self, key):
        raise AttributeError("cards are immutable")

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def _repr_svg_(self) -> str:
        from ..pictures.svg import card_svg  # pictures are drawn only when asked for

        return card_svg(self)

    def __reduce__(self):
        # Unpickling (process pools) and deepcopy must return the interned value.
        return (Card, (self._text,))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __hash__(self) -> int:
        return self.index


def sort_key(card: Card) -> tuple[int, int]:
    """Order for showing hands: by rank (aces low), then suit; jokers last."""
    return (14 if card.suit is None else card.rank, card.index)


def _parse_one(token: str) -> Card:
    if not isinstance(token, str):
        raise NotationError(f"a card is written as text like '7S', not {token!r}")
    text = token.strip().upper()
    if text in ("JK", "JOKER", "🃏"):
        return JOKER
    if len(text) >= 2:
        rank_text, suit_text = text[:-1], text[-1]
        suit_text = _SYMBOL_TO_SUIT.get(token.strip()[-1], suit_text)
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) == 1 and rank_text in RANKS and suit_text in SUITS:
            return _BY_INDEX[SUITS.index(suit_text) * 13 + RANKS.index(rank_text)]
    raise NotationError(
        f"bad card {token!r}: write a rank from {RANKS} (or 10) and a suit from "
        f"{SUITS} (or ♠♥♦♣), like '7S' or 'TH'; a joker is 'JK'"
    )


def parse_cards(text: str | Iterable[str | Card]) -> "Cards":
    """Cards from notation, in the order given: ``parse_cards("7S 7H TD JK")``.

    Tokens are separated by spaces or commas; a list of tokens or cards works too.
    A bad token raises :class:`NotationError` naming it. The answer is a :class:`Cards`
    tuple, which a notebook shows as a picture.
    """
    return Cards(text)


def format_cards(cards: Iterable[Card], sort: bool = False) -> str:
    """Cards as notation separated by spaces; ``parse_cards`` reads it back."""
    cards = sorted(cards, key=sort_key) if sort else cards
    return " ".join(c._text for c in cards)


class Cards(tuple):
    """Some cards in a given order: a plain tuple of :class:`Card` that reads as notation
    and shows as a picture in a notebook. ``parse_cards`` returns one.

    >>> c = Cards("7S 7H JK")
    >>> c
    Cards('7S 7H JK')
    >>> print(c), c == (Card('7S'), Card('7H'), Card('JK')), c[-1]
    7S 7H JK
    (None, True, Card('JK'))
    """

    __slots__ = ()

    def __new__(cls, cards: "str | Iterable[str | Card]" = ()) -> "Cards":
        tokens: Iterable = cards.replace(",", " ").split() if isinstance(cards, str) else cards
        return super().__new__(cls, (t if isinstance(t, Card) else _parse_one(t) for t in tokens))

    def __str__(self) -> str:
        return format_cards(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({format_cards(self)!r})"

    def _repr_svg_(self) -> str:
        from ..pictures.svg import hand_svg  # pictures are drawn only when asked for

        return hand_svg(self)


class Hand(Cards):
    """Cards held by a player, sorted for reading; a tuple that prints as notation.

    >>> h = Hand("KS 7H JK 7S")
    >>> h
    Hand('7S 7H KS JK')
    >>> print(h), len(h), h[0]
    7S 7H KS JK
    (None, 4, Card('7S'))
    """

    __slots__ = ()

    def __new__(cls, cards: "str | Iterable[str | Card]" = ()) -> "Hand":
        if isinstance(cards, (list, tuple)) and all(type(c) is Card for c in cards):
            # Cards already (a match builds a view's hand on every decision): no parsing,
            # and sorted by Card.order, read in C. The same order as below.
            return tuple.__new__(cls, sorted(cards, key=BY_ORDER))
        return super().__new__(cls, sorted(Cards(cards), key=sort_key))


_BY_INDEX: tuple[Card, ...] = tuple(
    Card._make(rank, suit) for suit in SUITS for rank in range(1, 14)
)
JOKER: Card = Card._make(JOKER_RANK, None)
ALL_CARDS: tuple[Card, ...] = _BY_INDEX + (JOKER,)
"""The 53 distinct card values, by index."""
SORT_KEYS: tuple[tuple[int, int], ...] = tuple(sort_key(c) for c in ALL_CARDS)
"""``SORT_KEYS[card.index] == sort_key(card)``: the same order, looked up in hot loops."""
for _card in ALL_CARDS:
    Card._interned[_card._text] = _card
del _card


BY_ORDER = attrgetter("order")
"""A sort key in reading order, the order of :func:`sort_key`, read in C: ``sorted(cards, key=BY_ORDER)``."""
IN_ORDER: tuple[Card, ...] = tuple(sorted(ALL_CARDS, key=BY_ORDER))
"""The 53 distinct card values in reading order: ``IN_ORDER[card.order] is card``."""
