"""A round to start from (:class:`Position`), for puzzles, lessons and tests.

A :class:`Position` holds everything a :class:`~tenpennies.play.match.Match` needs to start a
round: every hand, the stock, the discard pile, the table. :meth:`Position.setup` checks it
against a rule set, each field as it is read (:mod:`._position_fields`), and
:meth:`Position.problems` says what makes it unreachable in play (:mod:`._reachable`).
What one seat sees of a round, in one line of notation, is
:class:`~tenpennies.play.seat_position.SeatPosition`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..engine.cards import Card, format_cards, sort_key
from ..engine.errors import PositionError, UnreachablePositionError
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.sets import TableSet
from ..engine.words import plural
from ._position_fields import (_BIG, _cards, _check_counts, _check_seat, _sequence, _shown, _table_entry,
                               _table_set, _whole)
from ._reachable import _reach_problems, _refuse_unreachable

__all__ = ["Position", "PositionError", "UnreachablePositionError"]


@dataclass(frozen=True, kw_only=True)
class Position:
    """A situation to start a round from, for puzzles, lessons and tests.

    Cards may be given as notation strings or as cards.

    - ``hands``: one per seat, each with at least one card.
    - ``stock``: the stock from its top card down (the first card is drawn first);
      ``None`` means "the rest of the deck, shuffled with the match's seed". (Inside a
      :class:`~tenpennies.play.match.Match` the stock is kept top card last, for speed.)
    - ``discard_pile``: from the bottom up; its last card is the top discard, offered
      first. ``top_discarder`` is the seat that discarded it, which is not offered it
      back (T7); ``None`` (as for the card turned up at the deal) offers it to all.
    - ``table``: sets as :class:`TableSet` values or ``(owner, cards)`` pairs.
      ``opened`` defaults to "every seat that owns a set on the table".
    - ``tokens`` and ``scores`` default to a match's start; ``active`` (whose turn)
      defaults to the seat left of ``dealer``.

    Cards of the deck that are in none of these places are out of play for this round
    (they come back at the next deal). :meth:`setup` checks a position against a rule
    set and raises :class:`PositionError` saying what is wrong.
    """

    round_no: int
    hands: tuple
    discard_pile: tuple | str = ()
    stock: tuple | str | None = None
    table: tuple = ()
    opened: tuple[bool, ...] | None = None
    tokens: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None
    dealer: int = 0
    active: int | None = None
    top_discarder: int | None = None

    def _check_shape(self) -> None:
        """Each field of the kind it should be (whatever the rule set): PositionError if not."""
        _whole(self.round_no, "round_no", 1, _BIG)
        for i, h in enumerate(_sequence(self.hands, "hands")):
            _cards(h, f"hand {i}")
        _cards(self.discard_pile, "discard_pile")
        if self.stock is not None:
            _cards(self.stock, "stock")
        for i, entry in enumerate(_sequence(self.table, "table")):
            _table_entry(entry, f"table meld {i}")
        if self.opened is not None and not all(isinstance(o, bool) for o in _sequence(self.opened, "opened")):
            raise PositionError("opened must be a list of true/false, one per seat")
        for name in ("tokens", "scores"):
            values = getattr(self, name)
            if values is not None:
                for v in _sequence(values, name):
                    _whole(v, f"each of {name}", -_BIG if name == "scores" else 0, _BIG)
        for name in ("dealer", "active", "top_discarder"):
            value = getattr(self, name)
            if value is not None or name == "dealer":
                _whole(value, f"{name} (a seat)", -_BIG, _BIG)  # which seats: setup() says

    def setup(self, rules: RuleSet = TEN_PENNIES) -> dict[str, Any]:
        """The checked round: hands, pile, table and the rest as a match uses them.

        ``stock`` is top card first, or None ("shuffle ``remaining``"); ``out_of_play``
        the cards in no place when the stock is given. Raises :class:`PositionError`.
        It checks what a round needs to be played, not that play could reach it: see
        :meth:`problems`.
        """
        n = rules.players
        self._check_shape()
        try:
            rules.contract(self.round_no)
        except ValueError as exc:
            raise PositionError(str(exc)) from None
        if len(self.hands) != n:
            raise PositionError(f"a position needs {n} hands, got {len(self.hands)}")
        hands = [list(_cards(h)) for h in self.hands]
        if not all(hands):
            raise PositionError("every seat needs at least one card: an empty hand has already gone out")
        pile = list(_cards(self.discard_pile))
        table = [_table_set(entry, self.round_no, rules) for entry in self.table]
        for t in table:
            _check_seat("a table meld's owner", t.owner, n)
        placed = Counter(c for h in hands for c in h) + Counter(pile) + Counter(c for s in table for c in s.cards)
        remaining = Counter(rules.deck())
        too_many = placed - remaining
        if too_many:
            raise PositionError("T1: the position holds more cards than the deck has: "
                                + format_cards(sorted(too_many.elements(), key=sort_key)))
        remaining -= placed
        stock = None if self.stock is None else list(_cards(self.stock))
        out: list[Card] = []
        if stock is not None:
            extra = Counter(stock) - remaining
            if extra:
                raise PositionError("T1: the stock holds cards already placed elsewhere: "
                                    + format_cards(sorted(extra.elements(), key=sort_key)))
            out = sorted((remaining - Counter(stock)).elements(), key=sort_key)
        opened = list(self.opened) if self.opened is not None else [any(s.owner == i for s in table) for i in range(n)]
        tokens = list(self.tokens) if self.tokens is not None else [rules.tokens] * n
        scores = list(self.scores) if self.scores is not None else [0] * n
        if len(opened) != n:
            raise PositionError(f"opened needs one entry per seat ({n}), not {len(opened)}")
        if rules.tokens is None:
            tokens = [None] * n  # C9: nothing to count, as a match keeps it
        else:
            _check_counts("tokens", tokens, n)
        _check_counts("scores", scores, n, low=-_BIG)
        active = (self.dealer + 1) % n if self.active is None else self.active
        for name, seat in (("dealer", self.dealer), ("active", active), ("top_discarder", self.top_discarder)):
            _check_seat(name, seat, n)
        if self.top_discarder is not None and not pile:
            raise PositionError("a top discarder is given but the discard pile is empty")
        return dict(hands=hands, discard_pile=pile, table=table, stock=stock,
                    remaining=sorted(remaining.elements(), key=sort_key), out_of_play=out,
                    opened=opened, tokens=tokens, scores=scores, active=active)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (strings, numbers, lists) that :meth:`from_dict` reads back."""
        return {
            "round_no": self.round_no,
            "hands": [format_cards(_cards(h)) for h in self.hands],
            "discard_pile": format_cards(_cards(self.discard_pile)),
            "stock": None if self.stock is None else format_cards(_cards(self.stock)),
            "table": [[t.owner, format_cards(t.cards)] if isinstance(t, TableSet)
                      else [t[0], format_cards(_cards(t[1]))] for t in self.table],
            "opened": None if self.opened is None else list(self.opened),
            "tokens": None if self.tokens is None else list(self.tokens),
            "scores": None if self.scores is None else list(self.scores),
            "dealer": self.dealer,
            "active": self.active,
            "top_discarder": self.top_discarder,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Position":
        """Read :meth:`to_dict`'s data; refuse anything else with a :class:`PositionError`
        naming the field (the rule set's own checks come with :meth:`setup`)."""
        if not isinstance(data, dict):
            raise PositionError(f"a position is a table of fields, not {_shown(data)}")
        fields = dict(data)
        unknown = set(fields) - set(cls.__dataclass_fields__)
        if unknown:
            raise PositionError(f"unknown position fields: {', '.join(sorted(map(str, unknown)))[:200]}")
        missing = {"round_no", "hands"} - set(fields)
        if missing:
            raise PositionError(f"a position needs {' and '.join(sorted(missing))}")
        fields["hands"] = _sequence(fields["hands"], "hands")
        if fields.get("table") is None:
            fields["table"] = ()
        fields["table"] = tuple(_table_entry(t, f"table meld {i}")
                                for i, t in enumerate(_sequence(fields["table"], "table")))
        for key in ("discard_pile",):
            if fields.get(key) is None:
                fields[key] = ()
        for key in ("opened", "tokens", "scores"):
            if fields.get(key) is not None:
                fields[key] = _sequence(fields[key], key)
        if fields.get("dealer") is None:
            fields["dealer"] = 0
        position = cls(**fields)
        position._check_shape()
        return position

    @classmethod
    def of(cls, match) -> "Position":
        """The round as ``match`` holds it now (every hand, the stock, the table), as a
        position to start from: what a decision of a real match looks like. A seat in the
        middle of its turn keeps its drawn card (:meth:`problems` allows for it)."""
        return cls(round_no=match.round_no, hands=tuple(tuple(h) for h in match.hands),
                   discard_pile=tuple(match.discard_pile), stock=tuple(match.stock[::-1]),
                   table=tuple(match.table), opened=tuple(match.opened),
                   tokens=None if match.rules.tokens is None else tuple(match.tokens),
                   scores=tuple(match.scores), dealer=match.dealer, active=match.active,
                   top_discarder=match.top_discarder if match.discard_pile else None)

    def problems(self, rules: RuleSet = TEN_PENNIES) -> tuple[str, ...]:
        """Every reason play under ``rules`` cannot reach this position, each sentence led
        by the ruling it breaks (``"T3: ..."``); empty when it can occur. Raises
        :class:`PositionError` for a position :meth:`setup` refuses.

        The active seat may be between its draw and its discard (one card more); the
        discard pile may be shorter than the real one, as a lesson gives it.

            >>> Position(round_no=1, hands=("7S 7H", "8S 8H", "9S 9H", "TS TH")).problems()[0]
            'T3: seat 0 has not laid down and holds 2 cards; with 11 dealt, one discard per draw and no purchase this round (T5), it holds one of 11'
        """
        given = self.setup(rules)
        out = _reach_problems(rules, self.round_no, [len(h) for h in given["hands"]], given["active"],
                              given["table"], given["opened"],
                              None if rules.tokens is None else given["tokens"], given["scores"])
        if given["out_of_play"]:
            deck = "T1" if not rules.meld_before_draw else "C1"
            out.append(f"{deck}: {plural(len(given['out_of_play']), 'card')} of the deck "
                       f"({format_cards(given['out_of_play'][:12])}{' ...' if len(given['out_of_play']) > 12 else ''}) "
                       "are in no hand, nor the stock, the discard pile or the table; no card leaves play in a round")
        return tuple(out)

    def check_reachable(self, rules: RuleSet = TEN_PENNIES, *, allow_unreachable: bool = False) -> None:
        """Raise :class:`UnreachablePositionError` listing :meth:`problems`, unless
        ``allow_unreachable`` (a what-if position, on purpose)."""
        if not allow_unreachable:
            _refuse_unreachable(self.problems(rules))
