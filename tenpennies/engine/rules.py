"""The rule set: every number and choice a house might change, in one frozen value.

Source: ``shared/seeds/000_*.txt`` (a game site's rules page), decided where it is
silent by the project's rulings T1-T20. The default, :data:`TEN_PENNIES`, is the game
as ruled; :data:`TEN_CARD_RUMMY` is the second game (``shared/seeds/003_*.txt``, rulings
C1-C17), made of the same fields with other values, not a subclass. A lesson can flip
one field and compare::

    >>> from tenpennies import TEN_PENNIES
    >>> TEN_PENNIES.contract(3)
    Contract(round_no=3, sets=2, size=4, wild_limit=1)
    >>> str(TEN_PENNIES.contract(7))
    'round 7: one set of 7 (at most 3 wilds per set)'
    >>> easy = TEN_PENNIES.replace(repeated_suits_allowed=True)
    >>> str(TEN_CARD_RUMMY.contract(2))
    'round 2: two melds of 3 (sets or runs; more natural cards than wilds in each)'
    >>> RuleSet.named("ten-card-rummy").with_players(7).deck_size
    162

=========================  ===========================================  ======  ======
field                      meaning                                      TP      TCR
=========================  ===========================================  ======  ======
players                    seats, numbered clockwise from 0             T1      C1
decks, jokers              52-card decks shuffled together, plus jokers T1      C1
decks_by_players           ((most players, decks, jokers), ...) read    T1      C1
                           by :meth:`RuleSet.with_players`; () = fixed
ranks                      the ranks in each deck (all 13 by default)   T1      C1
hand_size                  cards dealt to each player                   T3      C2
tokens                     buy tokens per player for the whole match;   T4      C9
                           None = buying needs no token
contracts                  (melds, size) for each round, in order       T13     C5
meld_kinds                 the kinds of meld: {set} or {set, run}       T13     C3
wild_ranks                 ranks (1=ace, 2=two, ...) wild in each round T15     C4
wild_limits                most wild cards in one meld, per round       T14     C4
wilds_outnumbered          must natural cards outnumber wilds in every  T14     C4
                           meld, at all times
runs_wrap                  may a run go over the top (Q K A 2 3)        none    C3
min_set_size               fewest cards in any meld                     T10     C3
meld_before_draw           melding comes before the draw in a turn      T10     C6
free_discard_take          the active player may take the top discard   T5      C8
                           as its draw, for nothing
buy_from_round             the first round in which buying is allowed   T5      C9
buy_extra_cards            stock cards a buyer takes with the discard   T5      C9
buys_per_round             most buys per player in a round; None = any  T4      C9
buy_beneath_again          after a buy, is the card beneath offered     T9      C9
stock_rebuild              an empty stock: "shuffle" the discard pile   T16     C12
                           or "turn-over" it without shuffling
turn_cap                   completed turns after which a round ends     T17     C13
discarder_may_buy_back     may a discarder be offered its own discard   T7      C17
repeated_suits_allowed     may a set repeat a natural suit              T14     C3
card_points                points of a card left in hand, by rank       T18     C14
=========================  ===========================================  ======  ======
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import ALL_CARDS, JOKER, Card
from .errors import RuleSetError
from .words import join_and, plural, rank_plural


class MeldKind(StrEnum):
    """A kind of meld: a set (one rank, T14/C3) or a run (one suit in rank order, C3).

    Defined here because a rule set names the kinds it allows; what makes a meld of each
    kind valid lives in :mod:`tenpennies.engine.melds`, which exports this class too.
    """

    SET = "set"
    RUN = "run"


@dataclass(frozen=True)
class MeldRequirement:
    """One meld of a contract: of one of ``kinds``, with at least ``size`` cards (T13, C5)."""

    kinds: frozenset[MeldKind]
    size: int

    @property
    def words(self) -> str:
        """'set of 3', 'meld of 4 (a set or a run)'."""
        text = f"{_meld_noun(self.kinds)} of {self.size}"
        return f"{text} ({_kinds_words(self.kinds, False)})" if len(self.kinds) > 1 else text


def _meld_noun(kinds: frozenset[MeldKind]) -> str:
    """'set' / 'run' when one kind is allowed, 'meld' when several are."""
    return next(iter(kinds)).value if len(kinds) == 1 else "meld"


def _kinds_words(kinds: frozenset[MeldKind], many: bool) -> str:
    """'sets or runs' (several melds) or 'a set or a run' (one), in MeldKind order."""
    ordered = [k.value for k in MeldKind if k in kinds]
    if many:
        return " or ".join(k + "s" for k in ordered)
    return " or ".join(f"a {k}" for k in ordered)


_SET_ONLY = frozenset({MeldKind.SET})


@dataclass(frozen=True)
class Contract:
    """What a player must lay down, all at once, to open in a round (T13, C5).

    ``sets`` is how many melds (sets, in Ten Pennies), ``size`` the fewest cards in each;
    ``melds`` lists them as :class:`MeldRequirement` values. The melds of a contract are
    separate melds: one run of six does not make two runs of three (C5).
    """

    round_no: int
    sets: int
    size: int
    wild_limit: int
    # Shown by the repr only where they differ, so Ten Pennies' contracts print as before.
    kinds: frozenset[MeldKind] = field(default=_SET_ONLY, repr=False)
    wilds_outnumbered: bool = field(default=False, repr=False)

    def __repr__(self) -> str:
        text = (f"Contract(round_no={self.round_no}, sets={self.sets}, size={self.size}, "
                f"wild_limit={self.wild_limit}")
        if self.kinds != _SET_ONLY:
            text += f", kinds=frozenset({[k.value for k in MeldKind if k in self.kinds]})"
        if self.wilds_outnumbered:
            text += ", wilds_outnumbered=True"
        return text + ")"

    @property
    def melds(self) -> tuple[MeldRequirement, ...]:
        """One :class:`MeldRequirement` per meld of the contract."""
        return (MeldRequirement(self.kinds, self.size),) * self.sets

    @property
    def cards_needed(self) -> int:
        """The fewest cards that can make the contract."""
        return self.sets * self.size

    @property
    def words(self) -> str:
        """'two sets of 3', 'one set of 7'; 'two melds of 3 (sets or runs)' where runs count."""
        text = self._count_words
        return f"{text} ({_kinds_words(self.kinds, self.sets > 1)})" if len(self.kinds) > 1 else text

    @property
    def _count_words(self) -> str:
        return f"{plural(self.sets, _meld_noun(self.kinds), spelled=True)} of {self.size}"

    def __str__(self) -> str:
        # C4: where naturals must outnumber wilds, that is the limit that binds; say it.
        limit = ("more natural cards than wilds in each" if self.wilds_outnumbered
                 else f"at most {plural(self.wild_limit, 'wild')} per {_meld_noun(self.kinds)}")
        kinds = f"{_kinds_words(self.kinds, self.sets > 1)}; " if len(self.kinds) > 1 else ""
        return f"round {self.round_no}: {self._count_words} ({kinds}{limit})"


STOCK_REBUILDS = ("shuffle", "turn-over")
"""How an empty stock is rebuilt from the discard pile: T16 shuffles it, C12 turns it over."""


@dataclass(frozen=True, kw_only=True)
class RuleSet:
    """One complete set of house rules. Make variants with :meth:`replace`."""

    name: str = "Ten Pennies"
    players: int = 4
    decks: int = 2
    jokers: int = 4
    # The ranks each deck holds; fewer ranks make toy decks whose every hand can be listed.
    ranks: tuple[int, ...] = tuple(range(1, 14))
    hand_size: int = 11
    tokens: int | None = 10
    contracts: tuple[tuple[int, int], ...] = ((2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6), (1, 7))
    wild_ranks: tuple[frozenset[int], ...] = (
        (frozenset(),) * 4 + (frozenset({1, 2}),) * 3
    )
    wild_limits: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3)
    min_set_size: int = 3
    buy_extra_cards: int = 2
    turn_cap: int = 250
    discarder_may_buy_back: bool = False
    repeated_suits_allowed: bool = False
    # Indexed by rank; index 0 is the joker. A and 2 score 20 even when wild (T18).
    card_points: tuple[int, ...] = (50, 20, 20, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10)
    # Fields added for Ten Card Rummy (C1-C17); the defaults are Ten Pennies', so a rule
    # set saved before they existed reads back as it was.
    meld_kinds: frozenset[MeldKind] = _SET_ONLY
    wilds_outnumbered: bool = False
    runs_wrap: bool = True
    meld_before_draw: bool = False
    free_discard_take: bool = False
    buy_from_round: int = 1
    buys_per_round: int | None = None
    buy_beneath_again: bool = False
    stock_rebuild: str = "shuffle"
    decks_by_players: tuple[tuple[int, int, int], ...] = ()
    # Derived look-up tables, filled in __post_init__ (not settings).
    _wild: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)
    # Asked on every decision by the match, the solver and the bots, so worked out once.
    has_runs: bool = field(init=False, repr=False, compare=False)
    """Are runs melds in this game (C3)? Engines keep their set-only fast paths when not."""

    def __post_init__(self) -> None:
        # Freeze every sequence field, so a rule set can be neither changed in place nor
        # left unhashable by a list passed to replace() or read from a saved file.
        try:
            object.__setattr__(self, "contracts", tuple(tuple(c) for c in self.contracts))
            object.__setattr__(self, "wild_ranks", tuple(frozenset(r) for r in self.wild_ranks))
            for name in ("wild_limits", "card_points", "ranks"):
                object.__setattr__(self, name, tuple(getattr(self, name)))
            object.__setattr__(self, "decks_by_players", tuple(tuple(e) for e in self.decks_by_players))
        except TypeError as exc:
            raise RuleSetError(f"invalid rule set: {exc}") from None
        kinds = self.meld_kinds
        if isinstance(kinds, str):
            kinds = (kinds,)
        try:
            object.__setattr__(self, "meld_kinds", frozenset(MeldKind(k) for k in kinds))
        except (TypeError, ValueError):
            raise RuleSetError(f"invalid rule set: meld_kinds must name kinds from "
                               f"{[k.value for k in MeldKind]}, not {self.meld_kinds!r}") from None
        problems = self._problems()
        if problems:
            raise RuleSetError("invalid rule set: " + "; ".join(problems))
        wild = tuple(
            tuple(card.suit is None or card.rank in ranks for card in ALL_CARDS)
            for ranks in self.wild_ranks
        )
        object.__setattr__(self, "_wild", wild)
        object.__setattr__(self, "has_runs", MeldKind.RUN in self.meld_kinds)

    def _problems(self) -> list[str]:
        def whole(value, low: int, high: int) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        problems = []
        # Bounds keep a saved file from asking for a billion decks: generous, not tight.
        for name, low, high in (("players", 2, 16), ("decks", 1, 8), ("jokers", 0, 64), ("hand_size", 1, 100),
                                ("min_set_size", 1, 100), ("buy_extra_cards", 0, 100),
                                ("turn_cap", 1, 100_000), ("buy_from_round", 1, 101)):
            if not whole(getattr(self, name), low, high):
                problems.append(f"{name} must be a whole number from {low} to {high}, not {getattr(self, name)!r}")
        for name in ("tokens", "buys_per_round"):  # None: no limit (C9)
            value = getattr(self, name)
            if value is not None and not whole(value, 0, 1000):
                problems.append(f"{name} must be None (no limit) or a whole number from 0 to 1000, not {value!r}")
        for name in ("discarder_may_buy_back", "repeated_suits_allowed", "wilds_outnumbered", "runs_wrap",
                     "meld_before_draw", "free_discard_take", "buy_beneath_again"):
            if not isinstance(getattr(self, name), bool):
                problems.append(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.stock_rebuild not in STOCK_REBUILDS:
            problems.append(f"stock_rebuild must be one of {', '.join(map(repr, STOCK_REBUILDS))} "
                            f"(T16 or C12), not {self.stock_rebuild!r}")
        if not self.meld_kinds:
            problems.append("meld_kinds must allow at least one kind of meld (set, run)")
        entries = self.decks_by_players
        if not all(len(e) == 3 and whole(e[0], 2, 16) and whole(e[1], 1, 8) and whole(e[2], 0, 64)
                   for e in entries):
            problems.append("decks_by_players holds (most players, decks, jokers) triples: "
                            "players 2-16, decks 1-8, jokers 0-64")
        elif any(a[0] >= b[0] for a, b in zip(entries, entries[1:])):
            problems.append("decks_by_players must list its player counts in increasing order")
        rounds = len(self.contracts)
        if rounds < 1:
            problems.append("there must be at least one round")
        if len(self.wild_ranks) != rounds or len(self.wild_limits) != rounds:
            problems.append(
                f"{rounds} contracts but {len(self.wild_ranks)} wild_ranks and "
                f"{len(self.wild_limits)} wild_limits: give one of each per round"
            )
        if not all(whole(w, 0, 100) for w in self.wild_limits):
            problems.append("wild_limits must be whole numbers of at least 0")
        if not all(r <= set(range(1, 14)) for r in self.wild_ranks):
            problems.append("wild_ranks hold ranks from 1 (ace) to 13 (king)")
        if len(self.card_points) != 14 or not all(whole(p, 0, 10_000) for p in self.card_points):
            problems.append("card_points needs 14 whole numbers: the joker, then ace to king")
        size_known = whole(self.min_set_size, 1, 100)
        for contract in self.contracts:
            if len(contract) != 2 or not all(whole(x, 1, 100) for x in contract):
                problems.append(f"contract {contract} is not (sets, size)")
            elif size_known and contract[1] < self.min_set_size:
                problems.append(f"contract {contract} asks for sets smaller than min_set_size")
        if not self.ranks or not set(self.ranks) <= set(range(1, 14)) or len(set(self.ranks)) != len(self.ranks):
            problems.append("ranks must be distinct numbers from 1 (ace) to 13 (king)")
        elif not problems and self.deck_size < self.players * self.hand_size + 1:
            problems.append("the deck is too small to deal every hand and a discard")
        return list(dict.fromkeys(problems))  # seven equal contracts, one message

    # -- questions about the rules -------------------------------------------------
    @property
    def rounds(self) -> int:
        return len(self.contracts)

    @property
    def deck_size(self) -> int:
        return self.decks * 4 * len(self.ranks) + self.jokers

    def _check_round(self, round_no: int) -> None:
        if not (isinstance(round_no, int) and 1 <= round_no <= self.rounds):
            raise RuleSetError(f"round {round_no!r} does not exist: rounds are 1 to {self.rounds}")

    def contract(self, round_no: int) -> Contract:
        """The contract of a round (1-based), in words and numbers."""
        self._check_round(round_no)
        sets, size = self.contracts[round_no - 1]
        return Contract(round_no, sets, size, self.wild_limits[round_no - 1],
                        self.meld_kinds, self.wilds_outnumbered)

    def is_wild(self, card: Card, round_no: int) -> bool:
        """Jokers always; the round's wild ranks too, wherever they are played (T15)."""
        self._check_round(round_no)
        return self._wild[round_no - 1][card.index]

    def wild_table(self, round_no: int) -> tuple[bool, ...]:
        """``wild_table(r)[card.index]`` is ``is_wild(card, r)``, for hot loops."""
        tables = self._wild
        if type(round_no) is int and 0 < round_no <= len(tables):  # (the check, inline: asked every turn)
            return tables[round_no - 1]
        self._check_round(round_no)  # says why not
        return tables[round_no - 1]

    def points(self, card: Card) -> int:
        """What a card left in hand costs (T18)."""
        return self.card_points[card.rank]

    def deck(self) -> tuple[Card, ...]:
        """Every card of the match, unshuffled (T1): 108 by default."""
        ranks = set(self.ranks)
        naturals = tuple(c for c in ALL_CARDS[:52] if c.rank in ranks for _ in range(self.decks))
        return naturals + (JOKER,) * self.jokers

    def wild_words(self, round_no: int) -> str:
        """'jokers', or 'jokers, aces and twos'."""
        ranks = sorted(self.wild_ranks[round_no - 1])
        names = ["jokers"] + [rank_plural(r) for r in ranks]
        return join_and(names)

    def may_buy(self, round_no: int) -> bool:
        """Is buying allowed at all in this round (C9: from round 4 in Ten Card Rummy)?"""
        return round_no >= self.buy_from_round

    # -- variants and saving ---------------------------------------------------------
    def __repr__(self) -> str:
        # Short enough for help() signatures and notebooks (the fields run to a thousand
        # characters): a named rule set by its name, another by what it changes of one.
        key = self.key
        if key is not None:
            return f"RuleSet.named({key!r})"
        base = _NAMED.get(self.slug, TEN_PENNIES)
        base_key = next(k for k, r in _NAMED.items() if r is base)
        if base.decks_by_players and self.players != base.players:
            try:
                if base.with_players(self.players) == self:
                    return f"RuleSet.named({base_key!r}).with_players({self.players})"
            except RuleSetError:
                pass  # more players than its table seats: the changes below say it
        changes = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                            if f.init and getattr(self, f.name) != getattr(base, f.name))
        return f"RuleSet.named({base_key!r}).replace({changes})"

    def replace(self, **changes: Any) -> "RuleSet":
        """A copy with some fields changed: ``TEN_PENNIES.replace(tokens=5)``."""
        return dataclasses.replace(self, **changes)

    def with_players(self, players: int) -> "RuleSet":
        """A copy for ``players`` seats, with the decks and jokers ``decks_by_players``
        gives for that many (C1); a rule set without that table keeps its deck.

        >>> [(n, TEN_CARD_RUMMY.with_players(n).deck_size) for n in (4, 6, 7, 8)]
        [(4, 108), (6, 108), (7, 162), (8, 162)]
        """
        if not (isinstance(players, int) and not isinstance(players, bool)):
            raise RuleSetError(f"players must be a whole number, not {players!r}")
        for most, decks, jokers in self.decks_by_players:
            if players <= most:
                return self.replace(players=players, decks=decks, jokers=jokers)
        if self.decks_by_players:
            raise RuleSetError(f"{self.name} is for at most {self.decks_by_players[-1][0]} players, "
                               f"not {players}")
        return self.replace(players=players)

    @staticmethod
    def named(name: str) -> "RuleSet":
        """A rule set by its file or command-line name: ``RuleSet.named("ten-card-rummy")``.

        The game's own name works too ("Ten Card Rummy"); see :data:`RULE_SET_NAMES`.
        """
        key = _slug(str(name))
        try:
            return _NAMED[key]
        except KeyError:
            raise RuleSetError(f"no rule set is called {name!r}: the names are "
                               f"{', '.join(RULE_SET_NAMES)}") from None

    @property
    def slug(self) -> str:
        """This rule set's name as files and notation write it: 'ten-card-rummy'."""
        return _slug(self.name)

    @property
    def key(self) -> str | None:
        """The name :meth:`named` knows this rule set by, if it is one of those (else None)."""
        return next((k for k, r in _NAMED.items() if r == self), None)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :meth:`from_dict` reads it back.

        The fields added for Ten Card Rummy are written only where they differ from Ten
        Pennies', so a Ten Pennies record is byte for byte what it was before them.
        """
        out = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if f.name in _LATER_FIELDS and value == f.default:
                continue
            if f.name == "wild_ranks":
                value = [sorted(r) for r in value]
            elif f.name in ("contracts", "decks_by_players"):
                value = [list(c) for c in value]
            elif f.name == "meld_kinds":
                value = [k.value for k in MeldKind if k in value]
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "RuleSet":
        known = {f.name for f in dataclasses.fields(cls) if f.init}
        unknown = set(data) - known
        if unknown:
            raise RuleSetError(f"unknown rule set fields: {sorted(unknown)}")
        kwargs = dict(data)
        if "contracts" in kwargs:
            kwargs["contracts"] = tuple(tuple(c) for c in kwargs["contracts"])
        if "wild_ranks" in kwargs:
            kwargs["wild_ranks"] = tuple(frozenset(r) for r in kwargs["wild_ranks"])
        if "decks_by_players" in kwargs:
            kwargs["decks_by_players"] = tuple(tuple(e) for e in kwargs["decks_by_players"])
        for key in ("wild_limits", "card_points", "ranks"):
            if key in kwargs:
                kwargs[key] = tuple(kwargs[key])
        return cls(**kwargs)


_LATER_FIELDS = frozenset({"meld_kinds", "wilds_outnumbered", "runs_wrap", "meld_before_draw", "free_discard_take",
                           "buy_from_round", "buys_per_round", "buy_beneath_again", "stock_rebuild",
                           "decks_by_players"})
"""The fields added with runs and Ten Card Rummy: old saved rule sets lack them."""

TEN_PENNIES = RuleSet()
"""Ten Pennies as ruled by T1-T20: the default everywhere."""

TEN_CARD_RUMMY = RuleSet(
    name="Ten Card Rummy",
    players=4,  # C1: 4-8 players; with_players(n) gives the decks for n
    decks=2,
    jokers=4,
    decks_by_players=((6, 2, 4), (8, 3, 6)),  # C1 (2-3 players, a house rule, get 2 decks)
    hand_size=10,  # C2
    contracts=((1, 3), (2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6), (1, 7), (1, 8), (1, 9), (1, 10)),  # C5
    meld_kinds=frozenset({MeldKind.SET, MeldKind.RUN}),  # C3
    wild_ranks=(frozenset(),) * 11,  # C4: jokers are the only wilds
    # C4's limit is wilds_outnumbered; six (the most jokers of C1) never binds before it.
    wild_limits=(6,) * 11,
    wilds_outnumbered=True,  # C4
    runs_wrap=True,  # C3: over the top
    repeated_suits_allowed=True,  # C3
    meld_before_draw=True,  # C6
    free_discard_take=True,  # C8
    buy_from_round=4,  # C9
    buy_extra_cards=1,  # C9
    tokens=None,  # C9: no tokens
    buys_per_round=None,  # C9: no per-round limit by default
    buy_beneath_again=True,  # C9
    stock_rebuild="turn-over",  # C12
    turn_cap=250,  # C13
    # C14: 2-9 their pips, 10 J Q K ten, ace fifteen, joker twenty-five.
    card_points=(25, 15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
)
"""Ten Card Rummy as ruled by C1-C17, for four players (:meth:`RuleSet.with_players`)."""

def _slug(name: str) -> str:
    """'Ten Card Rummy', 'ten_card_rummy' -> 'ten-card-rummy': one spelling for names."""
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


_NAMED = {"ten-pennies": TEN_PENNIES, "ten-card-rummy": TEN_CARD_RUMMY}
RULE_SET_NAMES: tuple[str, ...] = tuple(_NAMED)
"""The names :meth:`RuleSet.named` knows (for files and ``--rules`` on the command line)."""


def hand_points(cards, rules: RuleSet = TEN_PENNIES) -> int:
    """What cards left in hand cost at the end of a round (T18).

    >>> from tenpennies import parse_cards
    >>> hand_points(parse_cards("3S 9H KD AS 2C JK"))
    110
    """
    points = rules.card_points
    return sum(points[c.rank] for c in cards)
