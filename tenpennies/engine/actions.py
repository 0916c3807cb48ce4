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

from .cards import ALL_CARDS, Card, Cards, format_cards, parse_cards
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
    """Decline the offered top discard (T5); in Ten Card Rummy the active player's pass
    declines the top discard as its draw, which lets others buy it (C9)."""

    seat: int

    @property
    def text(self) -> str:
        return "pass"


@dataclass(frozen=True)
class TakeDiscard:
    """Take the top discard as the turn's draw, for nothing (C8): no extra card, no token."""

    seat: int

    @property
    def text(self) -> str:
        return "take"


def _end_text(end: str | None) -> str:
    return "" if end is None else " " + end


def _check_end(end) -> None:
    # A wrong end is a typing slip, so it is refused when the action is made, not played.
    if end not in WILD_ENDS:
        raise NotationError(f"a wild's end is 'low' or 'high' (or not given), not {end!r}")


WILD_ENDS = (None, "low", "high")
"""Where a wild at either end of a run goes (C4): not said (the higher rank), low or high."""


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
        return _repr_svg_(self)


@dataclass(frozen=True)
class Meld:
    """Put a new meld (a set, or a run where the rules have runs) of at least three on
    the table, once open (T10, C6).

    ``end`` says where a wild goes when a new run could have it at either end (C4):
    ``"low"`` or ``"high"``; not given, it takes the higher rank.
    """

    seat: int
    cards: tuple[Card, ...]
    end: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _freeze(self.cards))
        if self.end is not None:
            _check_end(self.end)

    @property
    def text(self) -> str:
        return "meld " + format_cards(self.cards) + _end_text(self.end)

    def __repr__(self) -> str:
        end = "" if self.end is None else f", end={self.end!r}"
        return f"Meld(seat={self.seat}, cards={Cards(self.cards)!r}{end})"

    def _repr_svg_(self) -> str:
        return _repr_svg_(self)


@dataclass(frozen=True)
class AddToMeld:
    """Add cards from hand to a meld on the table (anyone's), once open (T10, C11): a set
    in Ten Pennies, a set or a run in Ten Card Rummy. ``AddToSet`` is the same class under
    its first name, which notebooks and saved code use.

    ``set_index`` counts the table's melds in the order they were laid down, from 0 (the
    name of the field is kept: it is in reprs and keyword calls). ``end``
    (``"low"``/``"high"``) says where a wild goes on a run that could take it at either
    end (C4); not given, it takes the higher rank. A record writes it ``add 0 7S``.

        >>> AddToMeld(1, 0, parse_cards("7C"))
        AddToMeld(seat=1, set_index=0, cards=Cards('7C'))
        >>> AddToSet is AddToMeld
        True
    """

    seat: int
    set_index: int
    cards: tuple[Card, ...]
    end: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _freeze(self.cards))
        if self.end is not None:
            _check_end(self.end)

    @property
    def text(self) -> str:
        return f"add {self.set_index} {format_cards(self.cards)}" + _end_text(self.end)

    def __repr__(self) -> str:
        end = "" if self.end is None else f", end={self.end!r}"
        return f"AddToMeld(seat={self.seat}, set_index={self.set_index}, cards={Cards(self.cards)!r}{end})"

    def _repr_svg_(self) -> str:
        return _repr_svg_(self)


AddToSet = AddToMeld
"""The first name of :class:`AddToMeld` (from before runs came in), kept working."""


@dataclass(frozen=True)
class Discard:
    """End the turn by discarding one card (T11)."""

    seat: int
    card: Card

    @classmethod
    def of(cls, seat: int, card: Card) -> "Discard":
        """``Discard(seat, card)``, made once per seat and card value and shared: actions
        are frozen values, and a bot discards every turn (making one cost more than most
        of its choice). The values are made below, once, and :mod:`tenpennies.play._fast`
        shares the same ones with the match, the listing and the views."""
        if 0 <= seat < MOST_SEATS and isinstance(card, Card):
            return _DISCARDS[seat][card.index]
        return cls(seat, card)  # (the match says what is wrong with it, if it is played)

    @property
    def text(self) -> str:
        return f"discard {self.card}"

    def _repr_svg_(self) -> str:
        return _repr_svg_(self)


def _repr_svg_(action) -> str:
    """Every action's ``_repr_svg_``: its picture, drawn by :mod:`tenpennies.pictures.svg`, which is
    imported only when a picture is asked for (the engine never pays for pictures)."""
    from ..pictures.svg import action_svg  # (a picture hook: the engine never pays for pictures)

    return action_svg(action)



Action = Union[Buy, Pass, TakeDiscard, LayDown, Meld, AddToMeld, Discard]
OFFER_ACTIONS = (Buy, Pass, TakeDiscard)
PLAY_ACTIONS = (LayDown, Meld, AddToMeld, Discard)


def _split_end(rest: str) -> tuple[str, str | None]:
    """Cards text and an optional trailing wild end: '5S 6S JK low' -> ('5S 6S JK', 'low')."""
    words = rest.rsplit(maxsplit=1)
    if len(words) == 2 and words[1].lower() in ("low", "high"):
        return words[0], words[1].lower()
    return rest, None


def parse_action(text: str, seat: int) -> Action:
    """Read an action's text form (see :attr:`text` of each action) for a seat.

    Words: ``buy``, ``pass``, ``take``, ``lay CARDS / CARDS``, ``meld CARDS [low|high]``,
    ``add SET_INDEX CARDS [low|high]``, ``discard CARD``. Raises :class:`NotationError`.
    """
    words = text.strip().split(maxsplit=1)
    if not words:
        raise NotationError("empty action: try buy, pass, take, lay, meld, add or discard")
    verb, rest = words[0].lower(), (words[1] if len(words) > 1 else "")
    if verb in _NO_ARGUMENT and not rest:
        return _NO_ARGUMENT[verb](seat)
    if verb in ("lay", "laydown") and rest:
        return LayDown(seat, tuple(parse_cards(part) for part in rest.split("/")))
    if verb == "meld" and rest:
        cards, end = _split_end(rest)
        return Meld(seat, parse_cards(cards), end)
    if verb == "add":
        parts = rest.split(maxsplit=1)
        if len(parts) == 2 and parts[0].isdecimal() and parts[0].isascii():
            cards, end = _split_end(parts[1])
            return AddToMeld(seat, int(parts[0]), parse_cards(cards), end)
        raise NotationError(f"bad action {text!r}: write 'add SET_NUMBER CARDS', like 'add 0 7S'")
    if verb == "discard":
        cards = parse_cards(rest)
        if len(cards) == 1:
            return Discard(seat, cards[0])
        raise NotationError(f"bad action {text!r}: discard exactly one card, like 'discard KH'")
    raise NotationError(
        f"bad action {text!r}: try 'buy', 'pass', 'take', 'lay 7S 7H 7D / 9S 9H JK', "
        "'meld 5S 5H 5D', 'add 0 7C' or 'discard KH'"
    )


_NO_ARGUMENT = {"buy": Buy, "pass": Pass, "take": TakeDiscard}


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
    TAKEN = "taken"  # the top discard taken as the turn's draw, free (C8), public


class HowEnded(_Word):
    """How a round ended (T12, T17)."""

    OUT = "out"  # a seat emptied its hand
    NO_DRAW = "no draw"  # the stock and discard pile could not give a card
    TURN_CAP = "turn cap"  # the rule set's turn limit was reached


@dataclass(frozen=True)
class Draw:
    """A card went into a seat's hand.

    ``source`` is a :class:`DrawSource`: ``"stock"`` (the regular draw), ``"discard"``
    (the bought top discard, public), ``"purchase"`` (one of a purchase's extra stock
    cards) or ``"taken"`` (the top discard taken freely as the draw, public, C8). A stock
    card is private to ``seat`` (T20, C16): in other seats' views its ``card`` is ``None``.
    """

    seat: int
    card: Card | None
    source: DrawSource = DrawSource.STOCK


@dataclass(frozen=True)
class Recycle:
    """The stock ran out and was rebuilt from the discard pile.

    Shuffled (T16): the pile except its top card became the new stock, ``up_card`` is
    ``None``. Turned over (C12): the whole pile became the new stock, unshuffled, and its
    top card ``up_card`` was turned up to start a new discard pile (public). ``cards`` is
    the new stock's size.
    """

    cards: int
    up_card: Card | None = None

    def __repr__(self) -> str:
        # Ten Pennies' recycles (no up card) print as they always have, in saved notebooks too.
        up = "" if self.up_card is None else f", up_card={self.up_card!r}"
        return f"Recycle(cards={self.cards}{up})"


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


MOST_SEATS = 16
"""More seats than any rule set has (:meth:`tenpennies.engine.rules.RuleSet.with_players` refuses
more): the seats whose shared actions are made once (:meth:`Discard.of`,
:mod:`tenpennies.play._fast`)."""

# Discard.of's values, per seat and card index: made here, where the class is, so that
# this module needs none above it; tenpennies.play._fast hands the same values on.
_DISCARDS = tuple(tuple(Discard(s, c) for c in ALL_CARDS) for s in range(MOST_SEATS))
