"""The rule set: every number and choice a house might change, in one frozen value.

Source: ``shared/seeds/000_*.txt`` (a game site's rules page), decided where it is
silent by the project's rulings T1-T20. The default, :data:`TEN_PENNIES`, is the game
as ruled; a lesson can flip one field and compare::

    >>> from tenpennies import TEN_PENNIES
    >>> TEN_PENNIES.contract(3)
    Contract(round_no=3, sets=2, size=4, wild_limit=1)
    >>> str(TEN_PENNIES.contract(7))
    'round 7: one set of 7 (at most 3 wilds per set)'
    >>> easy = TEN_PENNIES.replace(repeated_suits_allowed=True)

=========================  ===========================================  ======
field                      meaning                                      ruling
=========================  ===========================================  ======
players                    seats, numbered clockwise from 0             T1
decks, jokers              52-card decks shuffled together, plus jokers T1
ranks                      the ranks in each deck (all 13 by default)   T1
hand_size                  cards dealt to each player                   T3
tokens                     buy tokens per player for the whole match    T4
contracts                  (sets, size) for each round, in order        T13
wild_ranks                 ranks (1=ace, 2=two, ...) wild in each round T15
wild_limits                most wild cards in one set, per round        T14
min_set_size               fewest cards in any set                      T10/T14
buy_extra_cards            stock cards a buyer takes with the discard   T5
turn_cap                   completed turns after which a round ends     T17
discarder_may_buy_back     may a discarder be offered its own discard   T7
repeated_suits_allowed     may a set repeat a natural suit              T14
card_points                points of a card left in hand, by rank       T18
=========================  ===========================================  ======
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from .cards import ALL_CARDS, JOKER, Card
from .errors import RuleSetError
from .words import plural, rank_plural



@dataclass(frozen=True)
class Contract:
    """What a player must lay down, all at once, to open in a round (T13)."""

    round_no: int
    sets: int
    size: int
    wild_limit: int

    @property
    def cards_needed(self) -> int:
        """The fewest cards that can make the contract."""
        return self.sets * self.size

    @property
    def words(self) -> str:
        """'two sets of 3', 'one set of 7'."""
        return f"{plural(self.sets, 'set', spelled=True)} of {self.size}"

    def __str__(self) -> str:
        wilds = plural(self.wild_limit, 'wild')
        return f"round {self.round_no}: {self.words} (at most {wilds} per set)"


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
    tokens: int = 10
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
    # Derived look-up tables, filled in __post_init__ (not settings).
    _wild: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Freeze every sequence field, so a rule set can be neither changed in place nor
        # left unhashable by a list passed to replace() or read from a saved file.
        try:
            object.__setattr__(self, "contracts", tuple(tuple(c) for c in self.contracts))
            object.__setattr__(self, "wild_ranks", tuple(frozenset(r) for r in self.wild_ranks))
            for name in ("wild_limits", "card_points", "ranks"):
                object.__setattr__(self, name, tuple(getattr(self, name)))
        except TypeError as exc:
            raise RuleSetError(f"invalid rule set: {exc}") from None
        problems = self._problems()
        if problems:
            raise RuleSetError("invalid rule set: " + "; ".join(problems))
        wild = tuple(
            tuple(card.suit is None or card.rank in ranks for card in ALL_CARDS)
            for ranks in self.wild_ranks
        )
        object.__setattr__(self, "_wild", wild)

    def _problems(self) -> list[str]:
        def whole(value, low: int, high: int) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high

        problems = []
        # Bounds keep a saved file from asking for a billion decks: generous, not tight.
        for name, low, high in (("players", 2, 16), ("decks", 1, 8), ("jokers", 0, 64), ("hand_size", 1, 100),
                                ("tokens", 0, 1000), ("min_set_size", 1, 100), ("buy_extra_cards", 0, 100),
                                ("turn_cap", 1, 100_000)):
            if not whole(getattr(self, name), low, high):
                problems.append(f"{name} must be a whole number from {low} to {high}, not {getattr(self, name)!r}")
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
        return Contract(round_no, sets, size, self.wild_limits[round_no - 1])

    def is_wild(self, card: Card, round_no: int) -> bool:
        """Jokers always; the round's wild ranks too, wherever they are played (T15)."""
        self._check_round(round_no)
        return self._wild[round_no - 1][card.index]

    def wild_table(self, round_no: int) -> tuple[bool, ...]:
        """``wild_table(r)[card.index]`` is ``is_wild(card, r)``, for hot loops."""
        self._check_round(round_no)
        return self._wild[round_no - 1]

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
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    # -- variants and saving ---------------------------------------------------------
    def replace(self, **changes: Any) -> "RuleSet":
        """A copy with some fields changed: ``TEN_PENNIES.replace(tokens=5)``."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data; :meth:`from_dict` reads it back."""
        out = {}
        for f in dataclasses.fields(self):
            if not f.init:
                continue
            value = getattr(self, f.name)
            if f.name == "wild_ranks":
                value = [sorted(r) for r in value]
            elif f.name == "contracts":
                value = [list(c) for c in value]
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
        for key in ("wild_limits", "card_points", "ranks"):
            if key in kwargs:
                kwargs[key] = tuple(kwargs[key])
        return cls(**kwargs)


TEN_PENNIES = RuleSet()
"""Ten Pennies as ruled by T1-T20: the default everywhere."""


def hand_points(cards, rules: RuleSet = TEN_PENNIES) -> int:
    """What cards left in hand cost at the end of a round (T18).

    >>> from tenpennies import parse_cards
    >>> hand_points(parse_cards("3S 9H KD AS 2C JK"))
    110
    """
    points = rules.card_points
    return sum(points[c.rank] for c in cards)
