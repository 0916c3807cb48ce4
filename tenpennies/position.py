"""Positions: a round to start from (:class:`Position`) and one seat's view of it in one
line of text (:class:`SeatPosition`, its notation read by :meth:`SeatPosition.parse`).

A :class:`Position` holds everything a :class:`~tenpennies.match.Match` needs to start a
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
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Hand, format_cards, parse_cards, sort_key
from .errors import NotationError, PositionError
from .rules import TEN_PENNIES, Contract, RuleSet
from .melds import (ENDS, MeldKind, TableMeld, arrange_run, make_table_meld, meld_kinds, meld_problems,
                    set_problems, set_rank)
from .sets import TableSet
from .words import plural

__all__ = ["Position", "PositionError", "SeatPosition"]


def _cards(value) -> tuple[Card, ...]:
    return parse_cards(value) if isinstance(value, str) else tuple(parse_cards(value))


def _table_set(entry, round_no: int, rules: RuleSet) -> TableMeld:
    """A table entry (a TableMeld or an ``(owner, cards)`` pair), checked (T14, C3, C4).

    Its kind follows from its cards (no cards make both a set and a run). A run must be
    given in rank order with each wild at its place, as it lies on the table.
    """
    if isinstance(entry, TableMeld):
        owner, cards = entry.owner, entry.cards
    else:
        owner, cards = entry[0], _cards(entry[1])
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
    for end in ENDS:
        if arrange_run(cards, round_no, rules, wild_end=end) == cards:
            return make_table_meld(owner, MeldKind.RUN, cards, round_no, rules, wild_end=end)
    shown = format_cards(arrange_run(cards, round_no, rules))
    raise PositionError(f"run {format_cards(cards)} is out of order: write a run in rank order, each wild "
                        f"at its place, like {shown}")


def _check_seat(name: str, seat, n: int) -> None:
    if seat is not None and not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n):
        raise PositionError(f"{name} must be a seat from 0 to {n - 1}, not {seat!r}")


def _check_counts(name: str, values, n: int) -> None:
    if len(values) != n:
        raise PositionError(f"{name} need one entry per seat ({n}), not {len(values)}")
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise PositionError(f"{name} must be whole numbers of at least 0, not {list(values)}")


@dataclass(frozen=True, kw_only=True)
class Position:
    """A situation to start a round from, for puzzles, lessons and tests.

    Cards may be given as notation strings or as cards.

    - ``hands``: one per seat, each with at least one card.
    - ``stock``: the stock from its top card down (the first card is drawn first);
      ``None`` means "the rest of the deck, shuffled with the match's seed". (Inside a
      :class:`~tenpennies.match.Match` the stock is kept top card last, for speed.)
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

    def setup(self, rules: RuleSet = TEN_PENNIES) -> dict[str, Any]:
        """The checked round: hands, pile, table and the rest as a match uses them.

        ``stock`` is top card first, or None ("shuffle ``remaining``"); ``out_of_play``
        the cards in no place when the stock is given. Raises :class:`PositionError`.
        """
        n = rules.players
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
        placed = Counter(c for h in hands for c in h) + Counter(pile) + Counter(c for s in table for c in s.cards)
        remaining = Counter(rules.deck())
        too_many = placed - remaining
        if too_many:
            raise PositionError("the position holds more cards than the deck has: "
                                + format_cards(sorted(too_many.elements(), key=sort_key)))
        remaining -= placed
        stock = None if self.stock is None else list(_cards(self.stock))
        out: list[Card] = []
        if stock is not None:
            extra = Counter(stock) - remaining
            if extra:
                raise PositionError("the stock holds cards already placed elsewhere: "
                                    + format_cards(sorted(extra.elements(), key=sort_key)))
            out = sorted((remaining - Counter(stock)).elements(), key=sort_key)
        opened = list(self.opened) if self.opened is not None else [any(s.owner == i for s in table) for i in range(n)]
        tokens = list(self.tokens) if self.tokens is not None else [rules.tokens] * n
        scores = list(self.scores) if self.scores is not None else [0] * n
        if len(opened) != n:
            raise PositionError(f"opened needs one entry per seat ({n})")
        if rules.tokens is None:
            tokens = [None] * n  # C9: nothing to count, as a match keeps it
        else:
            _check_counts("tokens", tokens, n)
        if len(scores) != n:
            raise PositionError(f"scores need one entry per seat ({n}), not {len(scores)}")
        active = (self.dealer + 1) % n if self.active is None else self.active
        for name, seat in (("dealer", self.dealer), ("active", active), ("top_discarder", self.top_discarder)):
            _check_seat(name, seat, n)
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
        fields = dict(data)
        unknown = set(fields) - set(cls.__dataclass_fields__)
        if unknown:
            raise PositionError(f"unknown position fields: {', '.join(sorted(unknown))}")
        fields["hands"] = tuple(fields["hands"])
        fields["table"] = tuple((owner, cards) for owner, cards in fields.get("table", ()))
        for key in ("opened", "tokens", "scores"):
            if fields.get(key) is not None:
                fields[key] = tuple(fields[key])
        return cls(**fields)


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
        n = rules.players
        try:
            rules.contract(self.round_no)
        except (ValueError, TypeError) as exc:
            raise PositionError(str(exc)) from None
        _check_seat("seat", self.seat, n)
        set_ = object.__setattr__
        set_(self, "hand", Hand(self.hand))
        set_(self, "table", tuple(_table_set(t, self.round_no, rules) for t in self.table))
        for t in self.table:
            _check_seat("a table set's owner", t.owner, n)
        set_(self, "discard_pile", _cards(self.discard_pile))
        if rules.tokens is None:
            set_(self, "tokens", None)  # C9: nothing to count (whatever a view holds there)
        else:
            set_(self, "tokens", (rules.tokens,) * n if self.tokens is None else tuple(self.tokens))
            _check_counts("tokens", self.tokens, n)
        set_(self, "scores", (0,) * n if self.scores is None else tuple(self.scores))
        if len(self.scores) != n or any(not isinstance(v, int) or isinstance(v, bool) for v in self.scores):
            raise PositionError(f"scores need one whole number per seat ({n}), not {list(self.scores)}")
        sizes = tuple(self.hand_sizes) if self.hand_sizes is not None else tuple(
            len(self.hand) if s == self.seat else rules.hand_size for s in range(n))
        set_(self, "hand_sizes", sizes)
        _check_counts("hand sizes", sizes, n)
        if sizes[self.seat] != len(self.hand):
            raise PositionError(f"seat {self.seat} holds {len(self.hand)} cards but its hand size "
                                f"says {sizes[self.seat]}")
        if not self.hand:
            raise PositionError("the seat's hand is empty: it has already gone out")
        if not isinstance(self.stock_size, int) or self.stock_size < 0:
            raise PositionError(f"the stock size must be a whole number of at least 0, not {self.stock_size!r}")
        set_(self, "active", self.seat if self.active is None else self.active)
        _check_seat("active", self.active, n)
        _check_seat("top_discarder", self.top_discarder, n)
        if self.top_discarder is not None and not self.discard_pile:
            raise PositionError("a top discarder is given but the discard pile is empty")
        too_many = Counter(self.known_cards()) - Counter(rules.deck())
        if too_many:
            raise PositionError("the position holds more cards than the deck has: "
                                + format_cards(sorted(too_many.elements(), key=sort_key)))
        total = sum(sizes) + self.stock_size + len(self.discard_pile) + sum(len(t.cards) for t in self.table)
        if total > rules.deck_size:
            raise PositionError(f"hands, stock, pile and table add up to {total} cards; the deck has {rules.deck_size}")

    @classmethod
    def of(cls, view) -> "SeatPosition":
        """The position a :class:`~tenpennies.view.PlayerView` shows (its log left out)."""
        return cls(round_no=view.round_no, seat=view.seat, hand=view.hand, table=view.table,
                   discard_pile=view.discard_pile,
                   top_discarder=view.top_discarder if view.discard_pile else None,
                   tokens=view.tokens, scores=view.scores, hand_sizes=view.hand_sizes,
                   stock_size=view.stock_size, active=view.active, rules=view.rules)

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
        """Read :meth:`to_dict`'s data; its ``rules`` name (if any) wins over ``rules``."""
        fields = dict(data)
        unknown = set(fields) - set(cls.__dataclass_fields__)
        if unknown:
            raise PositionError(f"unknown position fields: {', '.join(sorted(unknown))}")
        if fields.get("rules") is not None:
            rules = named_rules(fields["rules"])
        fields.pop("rules", None)
        rules = TEN_PENNIES if rules is None else rules
        fields["table"] = tuple((owner, cards) for owner, cards in fields.get("table", ()))
        for key in ("tokens", "scores", "hand_sizes"):
            if fields.get(key) is not None:
                fields[key] = tuple(fields[key])
        if fields.get("hand_sizes") is not None:
            rules = seated(rules, len(fields["hand_sizes"]))
        return cls(rules=rules, **fields)

    @property
    def to_act(self) -> int:
        """Whose decision it is: the seat to move (so a picture marks it)."""
        return self.active

    def _repr_svg_(self) -> str:
        from .svg import view_svg

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
        raise PositionError(f"g: {slug!r} names no rule set ({exc})") from None


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
        raise PositionError(f"{name}: {text!r} is not a whole number")
    return int(text)


def _packed(text: str, name: str) -> tuple[Card, ...]:
    """Cards written two characters each with nothing between (``7S7HJK``)."""
    if len(text) % 2:
        raise PositionError(f"{name}: {text!r} is not cards written two characters each, like 7S7HJK")
    try:
        return parse_cards([text[i:i + 2] for i in range(0, len(text), 2)])
    except NotationError as exc:
        raise PositionError(f"{name}: {exc}") from None
