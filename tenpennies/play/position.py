"""Positions: a round to start from (:class:`Position`) and one seat's view of it in one
line of text (:class:`SeatPosition`, its notation read by :meth:`SeatPosition.parse`).

A :class:`Position` holds everything a :class:`~tenpennies.play.match.Match` needs to start a
round: every hand, the stock, the discard pile, the table. Puzzles and lessons show what
one seat can see (T20), so a :class:`SeatPosition` holds only that: the round, the seat,
its hand, the table's sets and who made each, the discard pile it has seen, tokens,
scores, hand sizes and the stock's size. Its notation, like chess's FEN, is one line of
space-separated fields in a fixed order, each led by a short key::

    r3 s0 a0 h:7S7H7D7CJK3S t:1=KSKHKDJK d:4C9H@2 k:10/9/10/8 p:0/15/20/5 n:6/8/11/9 st:40

``r`` round, ``s`` the seat whose view it is, ``a`` whose turn it is, ``h:`` the seat's
hand, ``t:`` the table's sets (``-`` for none), ``d:`` the discard pile bottom up (its
last card is the top discard) and ``@seat`` who discarded that top card (absent for the
card turned up at the deal), ``k:`` tokens, ``p:`` scores (points), ``n:`` hand sizes,
``st:`` cards in the stock. Cards are written two characters each with nothing between
them. A table meld is its owner, ``=``, and its cards in the order they lie on the table;
melds are separated by commas. A run is written the same way, its cards in rank order
with each wild at its place (``2=JK8S9S`` is a run of seven to nine of spades). A rule
set without tokens (Ten Card Rummy, C9) writes ``k:-``. A last field ``g:`` names the
rule set when it is not Ten Pennies (``g:ten-card-rummy``); the number of players is
the number of hand sizes (C1: four to eight)::

    r2 s0 a0 h:7S8S9S4H4D t:3=QHKHAH2H d:5C@2 k:- p:0/0/0/0/0/0 n:5/10/10/7/10/10 st:70 g:ten-card-rummy

    >>> p = SeatPosition.parse("r1 s0 a0 h:7S7H7DJK9S t:2=KSKHKD d:4C@3 k:10/10/10/9 p:0/0/0/0 n:5/11/8/11 st:60")
    >>> p.hand, p.top_discard, p.opened
    (Hand('7S 7H 7D 9S JK'), Card('4C'), (False, False, True, False))
    >>> SeatPosition.parse(str(p)) == p
    True

(One concept in one file, over 600 lines: a position, with every field checked as it is
read, its one-line notation, and what makes it unreachable in play, :meth:`Position.problems`.)
"""

from __future__ import annotations

import math
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import Card, Hand, format_cards, parse_cards, sort_key
from ..engine.errors import InvalidSetError, NotationError, PositionError, UnreachablePositionError
from ..engine.rules import TEN_PENNIES, Contract, RuleSet
from ..engine.melds import (MeldKind, TableMeld, arrange_run, make_table_meld, meld_kinds, meld_problems, run_ranks,
                    set_problems, set_rank)
from ..engine.sets import TableSet
from ..engine.words import plural

__all__ = ["Position", "PositionError", "SeatPosition", "UnreachablePositionError"]


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


# -- what play can reach ---------------------------------------------------------------
# The invariants below follow from the rules and from match.py's flow of cards:
#
# - A turn draws one card and discards one (T6, T11; C6), so between turns a hand keeps
#   its size unless cards go to the table; the active seat holds one more between its
#   draw and its discard.
# - A purchase adds the discard and ``buy_extra_cards`` stock cards (T5: 1 + 2; C9:
#   1 + 1). Bought on the buyer's own turn it is that turn's draw (T6), so it adds one
#   card fewer than the turn's usual draw would; Ten Card Rummy's active seat takes the
#   top discard freely (C8) and never buys it.
# - Tokens are spent one per purchase for the whole match (T4), so a seat has made at
#   most as many purchases this round as it has spent tokens, and exactly as many in
#   round 1.
# - Only the table takes cards out of hands for good, so hands and table together never
#   hold fewer cards than were dealt (T3, C2).
_MAX_ROUND_BUYS = 200  # more than any deck could feed (a purchase takes a stock card)


def _purchases(rules: RuleSet, round_no: int, tokens, seat: int) -> tuple[int, int]:
    """The fewest and most purchases ``seat`` can have made this round (T4, T5, C9)."""
    if not rules.may_buy(round_no) or rules.buy_extra_cards is None:
        return 0, 0
    most = _MAX_ROUND_BUYS
    low = 0
    if rules.tokens is not None and tokens is not None:
        spent = max(0, rules.tokens - tokens[seat])
        most = spent
        if round_no == 1:
            low = spent  # T4: every token spent so far was spent this round
    if rules.buys_per_round is not None:
        most = min(most, rules.buys_per_round)
    return min(low, most), most


def _gains(rules: RuleSet, low: int, most: int) -> frozenset[int]:
    """How many cards ``low`` to ``most`` purchases can add to a hand (see above)."""
    return _sums(rules.buy_extra_cards + 1,  # bought on another seat's turn
                 rules.buy_extra_cards if not rules.free_discard_take else None,  # bought as one's draw
                 low, most)


@lru_cache(maxsize=256)
def _sums(late: int, own: int | None, low: int, most: int) -> frozenset[int]:
    gains = set()
    for k in range(low, most + 1):
        for i in range(k + 1 if own is not None else 1):
            gains.add(i * (own or 0) + (k - i) * late)
    return frozenset(gains)


def _largest_hand(rules: RuleSet) -> int:
    """The points of the costliest hand a round can end with (T18, C14): the deck's
    costliest cards, as many as a hand can hold (dealt, plus every purchase)."""
    buys = rules.tokens if rules.tokens is not None else _MAX_ROUND_BUYS
    if rules.buys_per_round is not None:
        buys = min(buys, rules.buys_per_round)
    size = rules.hand_size + buys * (rules.buy_extra_cards + 1)
    return sum(sorted((rules.points(c) for c in rules.deck()), reverse=True)[:size])


def _reach_problems(rules: RuleSet, round_no: int, sizes, active: int, table, opened, tokens,
                    scores) -> list[str]:
    """Every reason a round in this state cannot occur in play, each led by its ruling.

    ``sizes`` are the hand sizes; ``opened`` the seats' laid-down flags (None: as the
    table shows); ``tokens`` None where the rules count none.
    """
    tp = not rules.meld_before_draw  # the rulings to cite: Ten Pennies' (T) or Ten Card Rummy's (C)
    deal, buy_rule, end_rule, score_rule, open_rule, contract_rule = (
        ("T3", "T5", "T12", "T18", "T10", "T13") if tp else ("C2", "C9", "C7", "C14", "C6", "C5"))
    contract = rules.contract(round_no)
    n = rules.players
    out: list[str] = []
    owned = [[t for t in table if t.owner == s] for s in range(n)]
    laid = [bool(owned[s]) for s in range(n)] if opened is None else list(opened)
    word = "meld" if rules.has_runs else "set"
    for s in range(n):
        size = sizes[s]
        now = " (its turn)" if s == active else ""
        if size == 0:
            out.append(f"{end_rule}: seat {s} holds no cards, but the round ends the moment a hand is empty")
        low, most = _purchases(rules, round_no, tokens, s)
        gains = _gains(rules, low, most)
        extra = (0, 1) if s == active else (0,)
        bought = (("no purchase" if not low else f"exactly {plural(low, 'purchase')}") if low == most else
                  f"at most {plural(most, 'purchase')}" if low == 0 else f"{low} to {most} purchases")
        if not laid[s]:
            allowed = sorted({rules.hand_size + g + e for g in gains for e in extra})
            if size not in allowed:
                shown = ", ".join(map(str, allowed[:6])) + (", ..." if len(allowed) > 6 else "")
                out.append(f"{deal}: seat {s}{now} has not laid down and holds {size} cards; with "
                           f"{rules.hand_size} dealt, one discard per draw and {bought} this round "
                           f"({buy_rule}), it holds one of {shown}")
        else:
            top = rules.hand_size + max(gains) + extra[-1] - contract.cards_needed
            if size > top:
                out.append(f"{deal}: seat {s}{now} has laid down ({contract.words}) and holds {size} cards; "
                           f"with {rules.hand_size} dealt and {bought} this round ({buy_rule}) it holds "
                           f"at most {top}")
        fit = [t for t in owned[s] if t.kind in contract.kinds and len(t.cards) >= contract.size]
        if owned[s] and not laid[s]:
            out.append(f"{open_rule}: seat {s} owns a {word} on the table but has not laid down; "
                       "only an opened seat melds")
        elif laid[s] and not owned[s]:
            out.append(f"{contract_rule}: seat {s} has laid down but owns no {word} on the table; its contract "
                       f"({contract.words}) would be there")
        elif laid[s] and len(fit) < contract.sets:
            shown = "; ".join(format_cards(t.cards) for t in owned[s])
            out.append(f"{contract_rule}: seat {s} owns {shown}, which cannot hold round {round_no}'s contract "
                       f"({contract.words}, laid down whole): it needs {contract.sets} separate "
                       f"{word}{'s' if contract.sets > 1 else ''} of at least {contract.size}, and "
                       f"a {word} of 3 or more is made only once open")
    if rules.tokens is not None and tokens is not None:
        for s, k in enumerate(tokens):
            if k > rules.tokens:
                out.append(f"T4: seat {s} holds {k} tokens; each player has {rules.tokens} for the whole match")
    held = sum(sizes) + sum(len(t.cards) for t in table)
    if held < n * rules.hand_size:
        out.append(f"{deal}: hands and table hold {held} cards, fewer than the {n * rules.hand_size} dealt; "
                   "a card leaves a hand only for the table or, one per card drawn, the discard pile")
    step = 0
    for c in set(rules.deck()):
        step = math.gcd(step, rules.points(c))
    least = min(rules.points(c) for c in rules.deck())
    most_points = (round_no - 1) * _largest_hand(rules)
    for s, points in enumerate(scores):
        if points < 0:
            out.append(f"{score_rule}: seat {s} has {points} points; cards left in hand never score below 0")
        elif round_no == 1 and points:
            out.append(f"{score_rule}: seat {s} has {points} points in round 1, before any round was scored")
        elif step > 1 and points % step:
            out.append(f"{score_rule}: seat {s} has {points} points, not a multiple of {step}, "
                       f"as every card's points are")
        elif 0 < points < least:
            out.append(f"{score_rule}: seat {s} has {points} points, less than the cheapest card ({least})")
        elif points > most_points:
            out.append(f"{score_rule}: seat {s} has {points} points; {round_no - 1} round"
                       f"{'s' if round_no != 2 else ''} can cost at most {most_points} "
                       f"(the costliest hand is {_largest_hand(rules)})")
    return out


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


def _refuse_unreachable(problems) -> None:
    if problems:
        raise UnreachablePositionError(
            "no play reaches this position: " + "; ".join(problems)
            + " (pass allow_unreachable=True, or --allow-unreachable, to use it as a what-if position)",
            problems)


# -- one seat's view, and its notation -------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class SeatPosition:
    """What one seat sees (T20), as a puzzle shows it; see the module for its notation.

    ``discard_pile`` is the pile as far as the seat knows it, bottom up (a puzzle may
    give only its top card); ``opened`` follows from the table: a seat has laid down
    exactly when it owns a set there. Built with :meth:`parse` or directly; cards may be
    notation strings. Invalid values raise :class:`PositionError` naming the problem.
    """

    round_no: int
    seat: int
    hand: Hand
    table: tuple[TableSet, ...] = ()
    discard_pile: tuple[Card, ...] = ()
    top_discarder: int | None = None
    tokens: tuple[int, ...] | None = None
    scores: tuple[int, ...] | None = None
    hand_sizes: tuple[int, ...] | None = None
    stock_size: int = 0
    active: int | None = None
    rules: RuleSet = field(default=TEN_PENNIES, compare=False, repr=False)

    def __post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, RuleSet):
            raise PositionError(f"rules must be a RuleSet, not {_shown(rules)}")
        n = rules.players
        _whole(self.round_no, "round_no", 1, _BIG)
        try:
            rules.contract(self.round_no)
        except (ValueError, TypeError) as exc:
            raise PositionError(str(exc)) from None
        _whole(self.seat, "seat", -_BIG, _BIG)  # a seat of the match: _check_seat says which
        _check_seat("seat", self.seat, n)
        set_ = object.__setattr__
        set_(self, "hand", self.hand if isinstance(self.hand, Hand) else Hand(_cards(self.hand, "hand")))
        set_(self, "table", tuple(_table_set(t, self.round_no, rules)
                                  for t in _sequence(self.table, "table")))
        for t in self.table:
            _check_seat("a table set's owner", t.owner, n)
        set_(self, "discard_pile", _cards(self.discard_pile, "discard pile"))
        if rules.tokens is None:
            set_(self, "tokens", None)  # C9: nothing to count (whatever a view holds there)
        else:
            set_(self, "tokens", (rules.tokens,) * n if self.tokens is None else _sequence(self.tokens, "tokens"))
            _check_counts("tokens", self.tokens, n)
        set_(self, "scores", (0,) * n if self.scores is None else _sequence(self.scores, "scores"))
        _check_counts("scores", self.scores, n, low=-_BIG)
        sizes = _sequence(self.hand_sizes, "hand sizes") if self.hand_sizes is not None else tuple(
            len(self.hand) if s == self.seat else rules.hand_size for s in range(n))
        set_(self, "hand_sizes", sizes)
        _check_counts("hand sizes", sizes, n)
        if sizes[self.seat] != len(self.hand):
            raise PositionError(f"seat {self.seat} holds {len(self.hand)} cards but its hand size "
                                f"says {sizes[self.seat]}")
        if not self.hand:
            raise PositionError("the seat's hand is empty: it has already gone out")
        _whole(self.stock_size, "the stock size", 0, _BIG)
        set_(self, "active", self.seat if self.active is None else self.active)
        _check_seat("active", self.active, n)
        _check_seat("top_discarder", self.top_discarder, n)
        if self.top_discarder is not None and not self.discard_pile:
            raise PositionError("a top discarder is given but the discard pile is empty")
        too_many = Counter(self.known_cards()) - Counter(rules.deck())
        if too_many:
            raise PositionError("T1: the position holds more cards than the deck has: "
                                + format_cards(sorted(too_many.elements(), key=sort_key)))
        total = sum(sizes) + self.stock_size + len(self.discard_pile) + sum(len(t.cards) for t in self.table)
        if total > rules.deck_size:
            raise PositionError(f"hands, stock, pile and table add up to {total} cards; the deck has {rules.deck_size}")

    @classmethod
    def of(cls, view) -> "SeatPosition":
        """The position a :class:`~tenpennies.play.view.PlayerView` shows (its log left out)."""
        return cls(round_no=view.round_no, seat=view.seat, hand=view.hand, table=view.table,
                   discard_pile=view.discard_pile,
                   top_discarder=view.top_discarder if view.discard_pile else None,
                   tokens=view.tokens, scores=view.scores, hand_sizes=view.hand_sizes,
                   stock_size=view.stock_size, active=view.active, rules=view.rules)

    def problems(self) -> tuple[str, ...]:
        """Every reason play cannot reach what this seat sees, each sentence led by the
        ruling it breaks (``"T3: ..."``); empty when it can occur. Hands the seat cannot
        see are judged by their sizes; the discard pile may be shown in part.

            >>> SeatPosition.parse("r1 s0 a0 h:7S7H7D t:- d:4C k:10/10/10/10 p:0/0/0/0 n:3/11/11/11 st:60").problems()
            ('T3: seat 0 (its turn) has not laid down and holds 3 cards; with 11 dealt, one discard per draw and no purchase this round (T5), it holds one of 11, 12', 'T3: hands and table hold 36 cards, fewer than the 44 dealt; a card leaves a hand only for the table or, one per card drawn, the discard pile')
        """
        return tuple(_reach_problems(self.rules, self.round_no, self.hand_sizes, self.active, self.table, None,
                                     self.tokens, self.scores))

    def check_reachable(self, *, allow_unreachable: bool = False) -> None:
        """Raise :class:`UnreachablePositionError` listing :meth:`problems`, unless
        ``allow_unreachable`` (a what-if position, on purpose)."""
        if not allow_unreachable:
            _refuse_unreachable(self.problems())

    # -- what follows from the fields ----------------------------------------------------
    @property
    def contract(self) -> Contract:
        return self.rules.contract(self.round_no)

    @property
    def opened(self) -> tuple[bool, ...]:
        """Which seats have laid down: those that own a set on the table."""
        return tuple(any(t.owner == s for t in self.table) for s in range(self.rules.players))

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def known_cards(self) -> tuple[Card, ...]:
        """The seat's hand, the pile and the table: every card whose place it knows."""
        return tuple(self.hand) + self.seen_cards()

    def seen_cards(self) -> tuple[Card, ...]:
        """The cards the seat has seen outside its hand: the pile and the table's sets."""
        return self.discard_pile + tuple(c for t in self.table for c in t.cards)

    def describe(self) -> str:
        """The position in words, a line per fact, for a terminal or a printed sheet."""
        me = self.seat
        lines = [f"Round {self.round_no}: {self.contract.words}; wild: {self.rules.wild_words(self.round_no)} "
                 f"({wild_limit_words(self.contract)}). You are seat {me}"
                 + ("; it is your turn." if self.active == me else f"; it is seat {self.active}'s turn.")]
        lines.append(f"  your hand: {format_cards(self.hand)}")
        for n, t in enumerate(self.table):
            lines.append(f"  {t.kind.value} {n} (seat {t.owner}): {format_cards(t.cards)}")
        if self.top_discard is not None:
            by = f" (discarded by seat {self.top_discarder})" if self.top_discarder is not None else ""
            lines.append(f"  top discard: {self.top_discard}{by}; stock: {plural(self.stock_size, 'card')}")
        else:
            lines.append(f"  discard pile: empty; stock: {plural(self.stock_size, 'card')}")
        lines.extend(f"  seat {s}: {plural(self.hand_sizes[s], 'card')}, "
                     + ("" if self.tokens is None else f"{plural(self.tokens[s], 'token')}, ")
                     + f"{plural(self.scores[s], 'point')}" + (", laid down" if self.opened[s] else "")
                     for s in range(len(self.hand_sizes)))
        return "\n".join(lines)

    # -- notation ----------------------------------------------------------------------
    def __str__(self) -> str:
        table = ",".join(f"{t.owner}={''.join(map(str, t.cards))}" for t in self.table) or "-"
        pile = "".join(map(str, self.discard_pile)) or "-"
        if self.top_discarder is not None:
            pile += f"@{self.top_discarder}"
        fields = [
            f"r{self.round_no}", f"s{self.seat}", f"a{self.active}",
            "h:" + "".join(map(str, self.hand)), "t:" + table, "d:" + pile,
            "k:" + ("-" if self.tokens is None else "/".join(map(str, self.tokens))),
            "p:" + "/".join(map(str, self.scores)),
            "n:" + "/".join(map(str, self.hand_sizes)), f"st:{self.stock_size}",
        ]
        if self.rules.name != TEN_PENNIES.name:
            fields.append("g:" + self.rules.slug)
        return " ".join(fields)

    def __repr__(self) -> str:
        return f"SeatPosition.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str, rules: RuleSet | None = None) -> "SeatPosition":
        """Read the one-line notation (see the module). Raises :class:`PositionError`.

        The rule set is the one the notation names (``g:``), else ``rules``, else Ten
        Pennies; its number of players is the notation's (one hand size per seat).
        """
        if not isinstance(text, str):
            raise PositionError(f"a position's notation is text, not {type(text).__name__}")
        if len(text) > _MAX_TEXT:
            raise PositionError(f"a position's notation is one line of at most {_MAX_TEXT} characters, "
                                f"not {len(text)}")
        fields = text.split()
        if fields and fields[-1].startswith("g:"):
            rules = named_rules(fields.pop()[2:])
        keys = ["r", "s", "a", "h:", "t:", "d:", "k:", "p:", "n:", "st:"]
        if len(fields) != len(keys):
            raise PositionError(f"a position has {len(keys)} fields ({' '.join(k + '…' for k in keys)}) and "
                                f"maybe g: naming its rule set, not {len(fields)}: {text!r}")
        values = {}
        for key, word in zip(keys, fields):
            if not word.startswith(key) or (len(key) == 1 and word[1:2] == ":"):
                raise PositionError(f"field {len(values) + 1} should start with {key!r}, not {word!r}")
            values[key] = word[len(key):]
        rules = seated(TEN_PENNIES if rules is None else rules, len(values["n:"].split("/")))
        kw: dict[str, Any] = {}
        for key, name in (("r", "round_no"), ("s", "seat"), ("a", "active"), ("st:", "stock_size")):
            kw[name] = _number(values[key], name)
        kw["hand"] = _packed(values["h:"], "hand")
        table = []
        if values["t:"] != "-":
            for part in values["t:"].split(","):
                owner, eq, cards = part.partition("=")
                if not eq:
                    raise PositionError(f"a table set is written OWNER=CARDS, like 1=KSKHKD, not {part!r}")
                table.append((_number(owner, "a table set's owner"), _packed(cards, "table set")))
        kw["table"] = tuple(table)
        pile, at, discarder = values["d:"].partition("@")
        kw["discard_pile"] = () if pile == "-" else _packed(pile, "discard pile")
        kw["top_discarder"] = _number(discarder, "the top discarder") if at else None
        for key, name in (("k:", "tokens"), ("p:", "scores"), ("n:", "hand_sizes")):
            if key == "k:" and values[key] == "-":
                continue  # no tokens in this rule set (C9)
            kw[name] = tuple(_number(v, name, signed=name == "scores") for v in values[key].split("/"))
        return cls(rules=rules, **kw)

    def to_dict(self) -> dict[str, Any]:
        """Plain data that :meth:`from_dict` reads back."""
        return {
            "round_no": self.round_no, "seat": self.seat, "active": self.active,
            "hand": format_cards(self.hand),
            "table": [[t.owner, format_cards(t.cards)] for t in self.table],
            "discard_pile": format_cards(self.discard_pile), "top_discarder": self.top_discarder,
            "tokens": None if self.tokens is None else list(self.tokens), "scores": list(self.scores),
            "hand_sizes": list(self.hand_sizes), "stock_size": self.stock_size,
        } | ({} if self.rules.name == TEN_PENNIES.name else {"rules": self.rules.slug})

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: RuleSet | None = None) -> "SeatPosition":
        """Read :meth:`to_dict`'s data; its ``rules`` name (if any) wins over ``rules``.
        Anything else is refused with a :class:`PositionError` naming the field."""
        if not isinstance(data, dict):
            raise PositionError(f"a position is a table of fields, not {_shown(data)}")
        fields = dict(data)
        unknown = set(fields) - set(cls.__dataclass_fields__)
        if unknown:
            raise PositionError(f"unknown position fields: {', '.join(sorted(map(str, unknown)))[:200]}")
        missing = {"round_no", "seat", "hand"} - set(fields)
        if missing:
            raise PositionError(f"a position needs {' and '.join(sorted(missing))}")
        if fields.get("rules") is not None:
            if not isinstance(fields["rules"], str) or len(fields["rules"]) > 100:
                raise PositionError(f"rules: a rule set's name, like 'ten-card-rummy', not {_shown(fields['rules'])}")
            rules = named_rules(fields["rules"])
        fields.pop("rules", None)
        rules = TEN_PENNIES if rules is None else rules
        for key in ("table", "discard_pile"):
            if fields.get(key) is None:
                fields[key] = ()
        fields["table"] = tuple(_table_entry(t, f"table meld {i}")
                                for i, t in enumerate(_sequence(fields["table"], "table")))
        for key in ("tokens", "scores", "hand_sizes"):
            if fields.get(key) is not None:
                fields[key] = _sequence(fields[key], key)
        if fields.get("stock_size") is None:
            fields["stock_size"] = 0
        if fields.get("hand_sizes") is not None:
            rules = seated(rules, len(fields["hand_sizes"]))
        return cls(rules=rules, **fields)

    @property
    def to_act(self) -> int:
        """Whose decision it is: the seat to move (so a picture marks it)."""
        return self.active

    def _repr_svg_(self) -> str:
        from ..pictures.svg import view_svg

        return view_svg(self)  # it reads only the public fields a view and a position share


def wild_limit_words(contract: Contract) -> str:
    """The round's limit on wilds, in words: 'at most 1 in a set' (T14), or 'more natural
    cards than wilds in each meld' where naturals must outnumber wilds (C4)."""
    if contract.wilds_outnumbered:
        return "more natural cards than wilds in each meld"
    return f"at most {contract.wild_limit} in a set"


def named_rules(slug: str) -> RuleSet:
    """The rule set a notation's ``g:`` field names (:meth:`RuleSet.named`)."""
    try:
        return RuleSet.named(slug)
    except (ValueError, AttributeError) as exc:
        raise PositionError(f"g: {_shown(slug)} names no rule set ({str(exc)[:200]})") from None


def seated(rules: RuleSet, players: int) -> RuleSet:
    """``rules`` for ``players`` seats (C1: the decks follow the number of players)."""
    if players == rules.players:
        return rules
    try:
        return rules.with_players(players)
    except ValueError as exc:
        raise PositionError(f"{rules.name} cannot seat {players} players: {exc}") from None


def _number(text: str, name: str, signed: bool = False) -> int:
    body = text[1:] if signed and text.startswith("-") else text
    if not (body.isdecimal() and body.isascii()):
        raise PositionError(f"{name}: {_shown(text)} is not a whole number")
    if len(body) > 9:
        raise PositionError(f"{name}: {_shown(text)} has more than 9 digits")
    return int(text)


def _packed(text: str, name: str) -> tuple[Card, ...]:
    """Cards written two characters each with nothing between (``7S7HJK``)."""
    if len(text) % 2:
        raise PositionError(f"{name}: {text!r} is not cards written two characters each, like 7S7HJK")
    try:
        return parse_cards([text[i:i + 2] for i in range(0, len(text), 2)])
    except NotationError as exc:
        raise PositionError(f"{name}: {exc}") from None
