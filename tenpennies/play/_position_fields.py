"""A position's fields checked as they are read: whole numbers within bounds, lists, cards,
table melds and seats, each refused with a :class:`PositionError` that names the field.

Both kinds of position, :class:`~tenpennies.play.position.Position` (a round to start
from) and :class:`~tenpennies.play.seat_position.SeatPosition` (one seat's view), are read
from puzzle files, records and the command line as well as built by code, so they check
every field with these before using it, within bounds that keep a hostile input from
making the checks slow or their messages huge. Private to :mod:`tenpennies.play`: the two
positions import these underscored names.
"""

from __future__ import annotations

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import InvalidSetError, NotationError, PositionError
from ..engine.rules import RuleSet
from ..engine.melds import (MeldKind, TableMeld, arrange_run, make_table_meld, meld_kinds, meld_problems, run_ranks,
                    set_problems, set_rank)


# Bounds on what a position's fields may hold: far beyond any match (162 cards, scores in
# the thousands), near enough that a hostile input cannot make the checks slow or their
# messages huge (Python refuses to print an int of more than 4,300 digits).
_BIG = 10**9
_MAX_TEXT = 4_000  # characters in a field of cards: a whole 162-card deck is under 500
_MAX_ITEMS = 1_000  # entries in a list of cards, seats or table melds


def _shown(value) -> str:
    """A value for an error message, cut short (a huge number or text would swamp it)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > _BIG:
        return "a number of more than 9 digits"
    if isinstance(value, (list, tuple, dict, set)):
        return f"a {type(value).__name__} of {len(value)}"
    text = repr(value) if isinstance(value, (int, float, str, bool, type(None))) else type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _whole(value, name: str, low: int = 0, high: int = _BIG) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (a bool is not one)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise PositionError(f"{name} must be a whole number, not {_shown(value)}")
    if value < low:
        raise PositionError(f"{name} must be at least {low}, not {_shown(value)}")
    if value > high:
        raise PositionError(f"{name} must be at most {high}, not {_shown(value)}")
    return value


def _sequence(value, name: str, limit: int = _MAX_ITEMS) -> tuple:
    if not isinstance(value, (list, tuple)):
        raise PositionError(f"{name} must be a list, not {_shown(value)}")
    if len(value) > limit:
        raise PositionError(f"{name} holds {len(value)} entries; at most {limit}")
    return tuple(value)


def _cards(value, name: str = "cards") -> tuple[Card, ...]:
    """Cards given as notation text or a list of notation strings and cards."""
    if isinstance(value, str):
        if len(value) > _MAX_TEXT:
            raise PositionError(f"{name}: {len(value)} characters of cards; at most {_MAX_TEXT}")
    else:
        value = _sequence(value, name)
        bad = next((c for c in value if not isinstance(c, (str, Card))), None)
        if bad is not None:
            raise PositionError(f"{name}: a card is written as text like '7S', not {_shown(bad)}")
        if any(isinstance(c, str) and len(c) > 8 for c in value):
            raise PositionError(f"{name}: a card is two characters, like 7S")
    try:
        return parse_cards(value) if isinstance(value, str) else tuple(parse_cards(value))
    except NotationError as exc:
        raise PositionError(f"{name}: {exc}") from None


def _table_entry(entry, name: str = "a table meld"):
    """A table entry as given: a TableMeld, or an ``(owner, cards)`` pair."""
    if isinstance(entry, TableMeld):
        return entry
    pair = _sequence(entry, name)
    if len(pair) != 2:
        raise PositionError(f"{name} is a pair [owner, cards], not {len(pair)} entries")
    return (_whole(pair[0], f"{name}'s owner", 0, _MAX_ITEMS), _cards(pair[1], name))


def _table_set(entry, round_no: int, rules: RuleSet) -> TableMeld:
    """A table entry (a TableMeld or an ``(owner, cards)`` pair), checked (T14, C3, C4).

    Its kind follows from its cards (no cards make both a set and a run). A run must be
    given in rank order with each wild at its place, as it lies on the table.
    """
    if isinstance(entry, TableMeld):
        owner, cards = entry.owner, entry.cards
    else:
        owner, cards = _table_entry(entry)
    cards = tuple(cards)
    kinds = meld_kinds(cards, round_no, rules)
    if not kinds:
        allowed = [k for k in MeldKind if k in rules.meld_kinds]
        if allowed == [MeldKind.SET]:
            raise PositionError(f"table set {format_cards(cards)} is not a set: "
                                + "; ".join(set_problems(cards, round_no, rules)))
        raise PositionError(f"table meld {format_cards(cards)} is no meld: " + "; ".join(
            f"as a {k.value}, " + ", ".join(meld_problems(cards, k, round_no, rules)) for k in allowed))
    if kinds[0] is MeldKind.SET:
        return TableMeld(owner, MeldKind.SET, cards, set_rank(cards, round_no, rules))
    try:
        run_ranks(cards, round_no, rules)  # in rank order, each wild at a place it can fill
        return make_table_meld(owner, MeldKind.RUN, cards, round_no, rules, keep_order=True)
    except InvalidSetError:
        pass
    shown = format_cards(arrange_run(cards, round_no, rules))
    raise PositionError(f"run {format_cards(cards)} is out of order: write a run in rank order, each wild "
                        f"at its place, like {shown}")


def _check_seat(name: str, seat, n: int) -> None:
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
        raise PositionError(f"{name} must be a seat from 0 to {n - 1}, not {_shown(seat)}")


def _check_counts(name: str, values, n: int, low: int = 0) -> None:
    values = _sequence(values, name)
    if len(values) != n:
        raise PositionError(f"{name} need one entry per seat ({n}), not {len(values)}")
    for v in values:
        _whole(v, f"each of {name}", low, _BIG)
