"""What makes a set (T13-T15, C3, C4) and why a group of cards is not one: the set-only fast
paths every engine uses.

A set is at least three cards: natural cards all of one rank, no natural suit twice
(unless ``repeated_suits_allowed``), at least one natural card, and no more wild cards
than the round allows (and fewer than its natural cards where ``wilds_outnumbered``,
C4). The same test applies to a set on the table after cards are added to it. A set on
the table is a :class:`tenpennies.engine.melds.TableMeld`; ``TableSet`` is its old name, still
importable from here::

    >>> from tenpennies import parse_cards
    >>> is_valid_set(parse_cards("7S 7H JK"), round_no=1)
    True
    >>> set_problems(parse_cards("7S 7H 7H"), round_no=1)
    ('two natural hearts',)
    >>> set_problems(parse_cards("AS AH 2D"), round_no=5)
    ('no natural card (aces and twos are wild in round 5)', '3 wilds but round 5 allows 2')
"""

from __future__ import annotations

from typing import Iterable

from .cards import SUIT_NAMES, Card, format_cards
from .errors import InvalidSetError
from .rules import TEN_PENNIES, RuleSet
from .words import number_word, plural, rank_plural

def __getattr__(name: str):
    # Old names of things whose home (melds.py) imports this module: fetched lazily, so
    # saved notebooks keep working, and nothing of this package uses them.
    if name == "TableSet":
        from .melds import TableMeld  # (a cycle: melds imports this module)

        return TableMeld
    if name == "make_table_set":
        from .melds import make_table_set  # (a cycle: melds imports this module)

        return make_table_set
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def wild_problems(naturals: int, wilds: int, round_no: int, rules: RuleSet = TEN_PENNIES) -> list[str]:
    """The limits on wilds every meld keeps at all times, in words (T14, C4)."""
    problems = []
    if rules.wilds_outnumbered and naturals and wilds >= naturals:
        problems.append(f"{plural(wilds, 'wild')} and {plural(naturals, 'natural card')}: "
                        f"natural cards must outnumber wilds")
    limit = rules.wild_limits[round_no - 1]
    if wilds > limit:
        problems.append(f"{wilds} wilds but round {round_no} allows {limit}")
    return problems



def set_problems(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[str, ...]:
    """Every reason, in plain words, why ``cards`` are not a valid set; ``()`` if they are."""
    cards = tuple(cards)
    wild = rules.wild_table(round_no)
    naturals = [c for c in cards if not wild[c.index]]
    wilds = len(cards) - len(naturals)
    problems = []
    if len(cards) < rules.min_set_size:
        problems.append(
            f"only {plural(len(cards), 'card')}: "
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
        problems.append("natural cards of different ranks (" + ", ".join(rank_plural(r) for r in ranks) + ")")
    if not rules.repeated_suits_allowed:
        suits: dict[str, int] = {}
        for c in naturals:
            suits[c.suit] = suits.get(c.suit, 0) + 1
        for suit in "SHDC":
            n = suits.get(suit, 0)
            if n > 1:
                problems.append(f"{number_word(n)} natural {SUIT_NAMES[suit]}s")
    problems.extend(wild_problems(len(naturals), wilds, round_no, rules))
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
    return (naturals > 0 and naturals + wilds >= rules.min_set_size and wilds <= rules.wild_limits[round_no - 1]
            and (naturals > wilds or not rules.wilds_outnumbered))


def single_additions(set_cards: Iterable[Card], candidates: Iterable[Card], round_no: int,
                     rules: RuleSet = TEN_PENNIES) -> list[Card]:
    """Those ``candidates`` that could each, alone, be added to the valid set ``set_cards``.

    The set is read once, then each candidate is an O(1) check: the wild limit for a wild
    card, the rank and an unused natural suit for a natural one (T14 after adding).
    """
    wild = rules.wild_table(round_no)
    rank = wilds = suits = naturals = 0
    for c in set_cards:
        if wild[c.index]:
            wilds += 1
        else:
            rank = c.rank
            suits |= 1 << (c.index // 13)
            naturals += 1
    wild_room = (wilds < rules.wild_limits[round_no - 1]
                 and (naturals > wilds + 1 or not rules.wilds_outnumbered))
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


