"""Actions (what a player decides) and events (what the table does), as frozen records.

Each action names its seat, so a record is readable on its own. Actions have a short
text form, used by saved matches and the command line::

    >>> a = Discard(2, Card('KH'))
    >>> a.text
    'discard KH'
    >>> parse_action('lay 7S 7H 7D / 9S 9H JK', seat=1)
    LayDown(seat=1, sets=(Cards('7S 7H 7D'), Cards('9S 9H JK')))

Events are what happens without a decision: a deal, a draw, a recycled stock, the end
of a round. Actions plus events are the match's log.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Union

from .cards import Card, Cards, format_cards, parse_cards
from .errors import NotationError


# -- actions -------------------------------------------------------------------------
def _freeze(cards):
    """A list of cards given to an action becomes a tuple, so records stay frozen and hashable."""
    return tuple(cards) if isinstance(cards, list) else cards


@dataclass(frozen=True)
class Buy:
    """Take the offered top discard plus two stock cards, for one token (T5)."""

    seat: int

    @property
    def text(self) -> str:
        return "buy"


@dataclass(frozen=True)
class Pass:
    """Decline the offered top discard (T5)."""

    seat: int

    @property
    def text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class LayDown:
    """Lay down the whole round contract in one action (T10, T13)."""

    seat: int
    sets: tuple[tuple[Card, ...], ...]

    def __post_init__(self) -> None:
        if isinstance(self.sets, (list, tuple)):
            object.__setattr__(self, "sets", tuple(_freeze(s) for s in self.sets))

    @property
    def text(self) -> str:
        return "lay " + " / ".join(format_cards(s) for s in self.sets)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for s in self.sets for c in s)

    def __repr__(self) -> str:
        sets = ", ".join(repr(Cards(s)) for s in self.sets) + ("," if len(self.sets) == 1 else "")
        return f"LayDown(seat={self.seat}, sets=({sets}))"

    def _repr_svg_(self) -> str:
        return _action_svg(self)


@dataclass(frozen=True)
class Meld:
    """Put a new set of at least three on the table, once open (T10)."""

    seat: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _freeze(self.cards))

    @property
    def text(self) -> str:
        return "meld " + format_cards(self.cards)

    def __repr__(self) -> str:
        return f"Meld(seat={self.seat}, cards={Cards(self.cards)!r})"

    def _repr_svg_(self) -> str:
        return _action_svg(self)


@dataclass(frozen=True)
class AddToSet:
    """Add cards from hand to a set on the table (anyone's), once open (T10).

    ``set_index`` counts the table's sets in the order they were laid down, from 0.
    """

    seat: int
    set_index: int
    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _freeze(self.cards))

    @property
    def text(self) -> str:
        return f"add {self.set_index} {format_cards(self.cards)}"

    def __repr__(self) -> str:
        return f"AddToSet(seat={self.seat}, set_index={self.set_index}, cards={Cards(self.cards)!r})"

    def _repr_svg_(self) -> str:
        return _action_svg(self)


@dataclass(frozen=True)
class Discard:
    """End the turn by discarding one card (T11)."""

    seat: int
    card: Card

    @property
    def text(self) -> str:
        return f"discard {self.card}"

    def _repr_svg_(self) -> str:
        return _action_svg(self)


def _action_svg(action) -> str:
    from .svg import action_svg  # pictures are drawn only when asked for

    return action_svg(action)


Action = Union[Buy, Pass, LayDown, Meld, AddToSet, Discard]
OFFER_ACTIONS = (Buy, Pass)
PLAY_ACTIONS = (LayDown, Meld, AddToSet, Discard)


def parse_action(text: str, seat: int) -> Action:
    """Read an action's text form (see :attr:`text` of each action) for a seat.

    Words: ``buy``, ``pass``, ``lay CARDS / CARDS``, ``meld CARDS``,
    ``add SET_INDEX CARDS``, ``discard CARD``. Raises :class:`NotationError`.
    """
    words = text.strip().split(maxsplit=1)
    if not words:
        raise NotationError("empty action: try buy, pass, lay, meld, add or discard")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if verb in ("buy", "pass") and not rest:
        return Buy(seat) if verb == "buy" else Pass(seat)
    if verb in ("lay", "laydown") and rest:
        return LayDown(seat, tuple(parse_cards(part) for part in rest.split("/")))
    if verb == "meld" and rest:
        return Meld(seat, parse_cards(rest))
    if verb == "add":
        parts = rest.split(maxsplit=1)
        if len(parts) == 2 and parts[0].isdecimal() and parts[0].isascii():
            return AddToSet(seat, int(parts[0]), parse_cards(parts[1]))
        raise NotationError(f"bad action {text!r}: write 'add SET_NUMBER CARDS', like 'add 0 7S'")
    if verb == "discard":
        cards = parse_cards(rest)
        if len(cards) == 1:
            return Discard(seat, cards[0])
        raise NotationError(f"bad action {text!r}: discard exactly one card, like 'discard KH'")
    raise NotationError(
        f"bad action {text!r}: try 'buy', 'pass', 'lay 7S 7H 7D / 9S 9H JK', "
        "'meld 5S 5H 5D', 'add 0 7C' or 'discard KH'"
    )


# -- events --------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    """A round was dealt: who dealt, and the card turned up to start the discard pile (T2, T3)."""

    round_no: int
    dealer: int
    up_card: Card | None


class _Word(StrEnum):
    """A closed set of words. Each member is its word (a ``str``), so saved records and
    ``entry.source == "discard"`` keep working; it shows as the word too."""

    def __repr__(self) -> str:
        return repr(self.value)


class DrawSource(_Word):
    """Where a drawn card came from."""

    STOCK = "stock"  # the regular draw
    DISCARD = "discard"  # the bought top discard, public
    PURCHASE = "purchase"  # one of a purchase's extra stock cards


class HowEnded(_Word):
    """How a round ended (T12, T17)."""

    OUT = "out"  # a seat emptied its hand
    NO_DRAW = "no draw"  # the stock and discard pile could not give a card
    TURN_CAP = "turn cap"  # the rule set's turn limit was reached


@dataclass(frozen=True)
class Draw:
    """A card went into a seat's hand.

    ``source`` is a :class:`DrawSource`: ``"stock"`` (the regular draw), ``"discard"``
    (the bought top discard, public) or ``"purchase"`` (one of a purchase's extra stock
    cards). A stock card is private to ``seat`` (T20): in other seats' views its ``card``
    is ``None``.
    """

    seat: int
    card: Card | None
    source: DrawSource = DrawSource.STOCK


@dataclass(frozen=True)
class Recycle:
    """The stock ran out: the discard pile except its top card became the new stock (T16)."""

    cards: int


@dataclass(frozen=True)
class RoundEnd:
    """A round ended (T12, T17) and was scored (T18).

    ``how`` is a :class:`HowEnded`: ``"out"`` (``went_out`` emptied its hand), ``"no draw"``
    or ``"turn cap"``.
    """

    round_no: int
    how: HowEnded
    went_out: int | None
    points: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    turns: int


Event = Union[Deal, Draw, Recycle, RoundEnd]
