"""What makes a set (T13-T15), why a group of cards is not one, and sets on the table.

A set is at least three cards: natural cards all of one rank, no natural suit twice,
at least one natural card, and no more wild cards than the round allows. The same
test applies to a set on the table after cards are added to it::

    >>> from tenpennies import parse_cards
    >>> is_valid_set(parse_cards("7S 7H JK"), round_no=1)
    True
    >>> set_problems(parse_cards("7S 7H 7H"), round_no=1)
    ('two natural hearts',)
    >>> set_problems(parse_cards("AS AH 2D"), round_no=5)
    ('no natural card (aces and twos are wild in round 5)', '3 wilds but round 5 allows 2')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from .cards import RANK_NAMES, SUIT_NAMES, Card, Cards, format_cards, sort_key
from .errors import InvalidSetError
from .rules import TEN_PENNIES, RuleSet

_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


def _plural(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + ("es" if name.endswith("x") else "s")


def set_problems(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[str, ...]:
    """Every reason, in plain words, why ``cards`` are not a valid set; ``()`` if they are."""
    cards = tuple(cards)
    wild = rules.wild_table(round_no)
    naturals = [c for c in cards if not wild[c.index]]
    wilds = len(cards) - len(naturals)
    problems = []
    if len(cards) < rules.min_set_size:
        problems.append(
            f"only {len(cards)} card{'s' if len(cards) != 1 else ''}: "
            f"a set needs at least {rules.min_set_size}"
        )
    if not naturals:
        wild_ranks = rules.wild_ranks[round_no - 1]
        if any(c.rank in wild_ranks for c in cards):
            problems.append(
                f"no natural card ({rules.wild_words(round_no).removeprefix('jokers, ')} "
                f"are wild in round {round_no})"
            )
        else:
            problems.append("no natural card")
    ranks = sorted({c.rank for c in naturals})
    if len(ranks) > 1:
        problems.append("natural cards of different ranks (" + ", ".join(_plural(r) for r in ranks) + ")")
    if not rules.repeated_suits_allowed:
        suits: dict[str, int] = {}
        for c in naturals:
            suits[c.suit] = suits.get(c.suit, 0) + 1
        for suit in "SHDC":
            n = suits.get(suit, 0)
            if n > 1:
                problems.append(f"{_COUNT_WORDS.get(n, n)} natural {SUIT_NAMES[suit]}s")
    limit = rules.wild_limits[round_no - 1]
    if wilds > limit:
        problems.append(f"{wilds} wilds but round {round_no} allows {limit}")
    return tuple(problems)


def is_valid_set(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> bool:
    """Do ``cards`` form a valid set in this round (T13-T15)?

    Agrees with :func:`set_problems` (tested), but builds no words: engines call it often.
    """
    wild = rules.wild_table(round_no)
    repeated_ok = rules.repeated_suits_allowed
    rank = -1
    suits = naturals = wilds = 0
    for c in cards:
        i = c.index
        if wild[i]:
            wilds += 1
            continue
        if rank != c.rank:
            if rank != -1:
                return False
            rank = c.rank
        bit = 1 << (i // 13)
        if suits & bit and not repeated_ok:
            return False
        suits |= bit
        naturals += 1
    return naturals > 0 and naturals + wilds >= rules.min_set_size and wilds <= rules.wild_limits[round_no - 1]


def single_additions(set_cards: Iterable[Card], candidates: Iterable[Card], round_no: int,
                     rules: RuleSet = TEN_PENNIES) -> list[Card]:
    """Those ``candidates`` that could each, alone, be added to the valid set ``set_cards``.

    The set is read once, then each candidate is an O(1) check: the wild limit for a wild
    card, the rank and an unused natural suit for a natural one (T14 after adding).
    """
    wild = rules.wild_table(round_no)
    rank = wilds = suits = 0
    for c in set_cards:
        if wild[c.index]:
            wilds += 1
        else:
            rank = c.rank
            suits |= 1 << (c.index // 13)
    wild_room = wilds < rules.wild_limits[round_no - 1]
    repeated_ok = rules.repeated_suits_allowed
    return [c for c in candidates
            if (wild_room if wild[c.index] else
                c.rank == rank and (repeated_ok or not suits & (1 << (c.index // 13))))]


def check_set(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> None:
    """Raise :class:`InvalidSetError` saying why, unless ``cards`` form a valid set."""
    cards = tuple(cards)
    problems = set_problems(cards, round_no, rules)
    if problems:
        raise InvalidSetError(f"{format_cards(cards)} is not a set: " + "; ".join(problems))


def set_rank(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> int | None:
    """The rank of a set's natural cards (None if it has none)."""
    wild = rules.wild_table(round_no)
    for c in cards:
        if not wild[c.index]:
            return c.rank
    return None


@dataclass(frozen=True)
class TableSet:
    """A set on the table: its cards (in the order played) and the seat that made it."""

    owner: int
    cards: tuple[Card, ...]
    rank: int

    def added(self, cards: Iterable[Card]) -> "TableSet":
        return TableSet(self.owner, self.cards + tuple(cards), self.rank)

    def __str__(self) -> str:
        return f"{_plural(self.rank)} of seat {self.owner}: {format_cards(sorted(self.cards, key=sort_key))}"

    def __repr__(self) -> str:
        return f"TableSet(owner={self.owner}, cards={Cards(self.cards)!r}, rank={self.rank})"

    def _repr_svg_(self) -> str:
        from .svg import table_set_svg  # pictures are drawn only when asked for

        return table_set_svg(self)


def make_table_set(owner: int, cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> TableSet:
    """A :class:`TableSet` after checking that the cards are a valid set."""
    cards = tuple(cards)
    check_set(cards, round_no, rules)
    return TableSet(owner, cards, set_rank(cards, round_no, rules))
