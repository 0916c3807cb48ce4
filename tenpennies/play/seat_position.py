"""One seat's view of a round in one line of text (:class:`SeatPosition`, its notation read
by :meth:`SeatPosition.parse`).

Puzzles and lessons show what one seat can see (T20), so a :class:`SeatPosition` holds
only that: the round, the seat, its hand, the table's sets and who made each, the discard
pile it has seen, tokens, scores, hand sizes and the stock's size (a round to start from,
with every hand, is :class:`~tenpennies.play.position.Position`). Its notation, like
chess's FEN, is one line of space-separated fields in a fixed order, each led by a short
key::

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

from ..engine.cards import Card, Hand, format_cards, parse_cards, sort_key
from ..engine.errors import NotationError, PositionError, UnreachablePositionError
from ..engine.rules import TEN_PENNIES, Contract, RuleSet
from ..engine.sets import TableSet
from ..engine.words import plural
from ._position_fields import (_BIG, _MAX_TEXT, _cards, _check_counts, _check_seat, _sequence, _shown,
                               _table_entry, _table_set, _whole)
from ._reachable import _reach_problems, _refuse_unreachable

__all__ = ["PositionError", "SeatPosition", "UnreachablePositionError"]


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
        from ..pictures.svg import view_svg  # (a picture hook: the engine never pays for pictures)

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
