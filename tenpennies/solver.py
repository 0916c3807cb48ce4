"""Finding, checking, listing and explaining contract arrangements; adding to sets; going out.

This module owns the contract solver (T13-T15): is the round's contract in a hand
(:func:`can_lay_down`), the best way to lay it down (:func:`find_contract`), every
way (:func:`contract_arrangements`, :func:`count_arrangements`), whether a player's
own arrangement is one (:func:`contract_problems`, :func:`is_contract`), what is
missing when it is not there (:func:`what_is_missing`), which cards can be added to
the table's sets (:func:`additions`) and whether a player can go out this turn
(:func:`plan_go_out`)::

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H JK 3C KD KS 5H 4D")
    >>> can_lay_down(hand, 1)                  # two sets of 3
    True
    >>> print(find_contract(hand, 1))          # kings shed more points than nines
    7S 7H 7D; KS KD JK

Why it is fast: a set is all one rank, so the hand is boiled down to a few counts
per rank. For ``m`` contract sets drawn from one rank, the most naturals they can
hold is ``T = sum over suits of min(copies of that suit, m)`` (each set takes a
suit at most once), and those naturals can always be shared out as evenly as
possible. Evenly shared, the sets need ``max(0, m * size - T)`` wild cards and are
possible at all when ``T >= m * max(1, size - wild_limit)``. So a contract is a
choice of ranks (usually one or two out of the few ranks a hand is strong in) and
a little arithmetic, never a search over cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Iterable

from .cards import ALL_CARDS, Card, format_cards
from .rules import TEN_PENNIES, RuleSet

OBJECTIVES = ("fewest_wilds", "most_points", "fewest_cards")
"""Ways :func:`find_contract` can choose among valid arrangements.

``"fewest_wilds"`` (the default)
    Use as few wild cards as possible; then shed as many points as possible, so every
    natural card that fits goes into the contract sets (they may be larger than the
    contract's size, T13); the wilds used are the costliest ones (jokers first).
``"most_points"``
    Shed as many points as possible: every natural that fits, and as many wilds as
    the sets may hold (jokers first), even when fewer would do.
``"fewest_cards"``
    Lay down exactly the contract's size in every set, keeping the most cards in
    hand for adding to sets later; then fewest wilds; then most points.

Ties after the objective go to the arrangement whose set ranks, listed from high to
low, are highest (kings before queens; two sets of kings before kings and queens);
within that choice the cards are picked by a fixed rule (suits in the order
spades, hearts, diamonds, clubs; wilds costliest first, then in card order), so the
answer never depends on the order of the hand.
"""

# Points shed decides between equal-wild arrangements; wilds are spent costliest
# first, and cards of equal cost in a fixed order so the answer is deterministic.
_SORT_KEY = tuple((14 if c.suit is None else c.rank, c.index) for c in ALL_CARDS)


@dataclass(frozen=True)
class Arrangement:
    """A way to lay down a round's contract: its sets, wilds used and points shed.

    ``sets`` holds each set with its naturals first (in card order) and its wilds
    last; the sets are ordered by rank, then by their cards. ``wilds`` counts wild
    cards used, ``points`` the points (T18) the cards would have cost in hand.
    """

    sets: tuple[tuple[Card, ...], ...]
    round_no: int
    wilds: int
    points: int

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card laid down."""
        return tuple(c for s in self.sets for c in s)

    @property
    def size(self) -> int:
        """How many cards are laid down."""
        return sum(len(s) for s in self.sets)

    def __str__(self) -> str:
        return "; ".join(format_cards(s) for s in self.sets)


class _Round:
    """Look-up tables for one (rules, round): built once, used by every hand."""

    __slots__ = (
        "rules", "round_no", "wild", "rank_of", "k", "size", "limit", "low",
        "repeated", "points", "naturals", "wild_order", "decks",
    )

    def __init__(self, rules: RuleSet, round_no: int) -> None:
        contract = rules.contract(round_no)
        self.rules = rules
        self.round_no = round_no
        self.wild = rules.wild_table(round_no)
        self.rank_of = tuple(c.rank for c in ALL_CARDS)
        self.k = contract.sets
        self.size = contract.size
        self.limit = contract.wild_limit
        # Each contract set needs this many naturals even with all its wilds.
        self.low = max(1, contract.size - contract.wild_limit)
        self.repeated = rules.repeated_suits_allowed
        self.points = tuple(rules.card_points[c.rank] for c in ALL_CARDS)
        # The ranks whose cards are natural in this round, in the deck.
        wild_ranks = rules.wild_ranks[round_no - 1]
        self.naturals = tuple(r for r in sorted(rules.ranks) if r not in wild_ranks)
        self.wild_order = {
            c.index: (-self.points[c.index],) + _SORT_KEY[c.index] for c in ALL_CARDS
        }
        self.decks = rules.decks


_ROUNDS: dict[tuple[int, int], tuple[RuleSet, _Round]] = {}


def _round(rules: RuleSet, round_no: int) -> _Round:
    # Keyed on id() because hashing a RuleSet hashes every field; the stored rules
    # object keeps the id from being reused while the entry lives.
    entry = _ROUNDS.get((id(rules), round_no))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
    table = _Round(rules, round_no)
    _ROUNDS[(id(rules), round_no)] = (rules, table)
    return table


def _levels(hand: Iterable[Card], t: _Round, levels: int):
    """Count a hand: copies of each card, wilds, and naturals per rank and level.

    ``lv[j][rank]`` is how many suits of that rank the hand holds more than ``j``
    times, so ``sum(lv[j][rank] for j < m)`` is the most naturals ``m`` sets of the
    rank can hold. With repeated suits allowed every copy counts at level 0.
    """
    wild = t.wild
    rank_of = t.rank_of
    cnt = [0] * 53
    lv = [[0] * 14 for _ in range(levels)]
    w = 0
    if t.repeated:
        lv0 = lv[0]
        for c in hand:
            i = c.index
            cnt[i] += 1
            if wild[i]:
                w += 1
            else:
                lv0[rank_of[i]] += 1
    else:
        for c in hand:
            i = c.index
            n = cnt[i]
            cnt[i] = n + 1
            if wild[i]:
                w += 1
            elif n < levels:
                lv[n][rank_of[i]] += 1
    return cnt, lv, w


def _capacity(lv, rank: int, m: int, repeated: bool) -> int:
    """The most naturals of ``rank`` that ``m`` sets can hold together."""
    if repeated:
        return lv[0][rank]
    # No suit has more copies than there are decks, so deeper levels are empty.
    return sum(lv[j][rank] for j in range(min(m, len(lv))))


def can_lay_down(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> bool:
    """Is the round's contract in ``hand``?

    >>> from tenpennies import parse_cards
    >>> can_lay_down(parse_cards("8S 8H 8D 8C JK 4S 4H"), 3)   # two sets of 4
    False
    >>> can_lay_down(parse_cards("8S 8H 8D 8C JK 4S 4H 4D"), 3)
    True
    """
    t = _round(rules, round_no)
    k = t.k
    s = t.size
    low = t.low
    if k == 1 and not t.repeated:
        # The hot case (rounds 2, 4, 6, 7): one set, so only distinct suits matter.
        wild = t.wild
        rank_of = t.rank_of
        seen = [0] * 53
        d = [0] * 14
        w = 0
        for c in hand:
            i = c.index
            if wild[i]:
                w += 1
            elif not seen[i]:
                seen[i] = 1
                d[rank_of[i]] += 1
        best = max(d)
        return best >= low and s - best <= w
    _, lv, w = _levels(hand, t, 1 if t.repeated else min(k, t.decks))
    if k == 2:
        d = lv[0]
        if t.repeated:
            e = d
        else:
            e = [a + b for a, b in zip(d, lv[1])] if len(lv) > 1 else d
        # Both sets from one rank: evenly shared, they need 2s - T wilds.
        same = max(e)
        if same >= 2 * low and 2 * s - same <= w:
            return True
        b, a = sorted(d)[-2:]
        return b >= low and max(0, s - a) + max(0, s - b) <= w
    return _best_ranks(lv, w, t, "fewest_wilds") is not None


def _best_ranks(lv, w: int, t: _Round, objective: str):
    """The ranks of the best arrangement (one per set, high to low), or None."""
    k = t.k
    s = t.size
    low = t.low
    repeated = t.repeated
    d = lv[0]
    # A rank that cannot fill one set cannot fill several (T(r, m) <= m * T(r, 1)).
    candidates = [r for r in range(13, 0, -1) if d[r] >= low]
    if not candidates:
        return None
    pts = t.rules.card_points
    best = None
    best_key = None
    for combo in combinations_with_replacement(candidates, k):
        cost = 0
        nat = 0
        prev = None
        ok = True
        # combo is non-increasing, so equal ranks are adjacent.
        for r in combo:
            if r == prev:
                continue
            prev = r
            m = combo.count(r)
            cap = _capacity(lv, r, m, repeated)
            if cap < m * low:
                ok = False
                break
            if cap < m * s:
                cost += m * s - cap
            if objective == "fewest_cards":
                nat += pts[r] * min(cap, m * s)
            else:
                nat += pts[r] * cap
        if not ok or cost > w:
            continue
        key = (-nat, cost) if objective == "most_points" else (cost, -nat)
        if best_key is None or key < best_key:
            best_key = key
            best = combo
    return best


def find_contract(
    hand: Iterable[Card],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    objective: str = "fewest_wilds",
) -> Arrangement | None:
    """The best way to lay down the round's contract from ``hand``, or None.

    ``objective`` names how to choose (see :data:`OBJECTIVES`); the default uses
    the fewest wilds, then sheds the most points, so extra naturals join the sets.

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("KS KH KD 5S 5H 5D 5C JK JK 9C")
    >>> print(find_contract(hand, 4))                        # one set of 5
    5S 5H 5D 5C JK
    >>> print(find_contract(hand, 4, objective="most_points"))
    KS KH KD JK JK
    >>> print(find_contract(hand, 4, objective="fewest_cards"))
    5S 5H 5D 5C JK
    >>> find_contract(hand, 7) is None                       # one set of 7
    True
    """
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: choose one of {', '.join(OBJECTIVES)}")
    t = _round(rules, round_no)
    hand = tuple(hand)
    cnt, lv, w = _levels(hand, t, 1 if t.repeated else min(t.k, t.decks))
    ranks = _best_ranks(lv, w, t, objective)
    if ranks is None:
        return None
    return _build(ranks, cnt, w, t, objective)


def _build(ranks, cnt, w: int, t: _Round, objective: str) -> Arrangement:
    """Pick the cards for sets of these ranks (one rank per set)."""
    s = t.size
    limit = t.limit
    sets: list[list[int]] = []
    for r in dict.fromkeys(ranks):
        m = ranks.count(r)
        group: list[list[int]] = [[] for _ in range(m)]
        for suit in range(4):
            i = suit * 13 + r - 1
            if t.repeated:
                for _ in range(cnt[i]):
                    min(group, key=len).append(i)
            else:
                # One copy to each of the emptiest sets: that keeps them even.
                emptiest = sorted(range(m), key=lambda j: len(group[j]))
                for j in emptiest[:min(cnt[i], m)]:
                    group[j].append(i)
        sets.extend(group)
    if objective == "fewest_cards":
        sets = [g[:s] for g in sets]
    wilds = sorted((i for i in range(53) if cnt[i] and t.wild[i] for _ in range(cnt[i])),
                   key=t.wild_order.__getitem__)
    used = [max(0, s - len(g)) for g in sets]
    if objective == "most_points":
        spare = min(w, t.k * limit) - sum(used)
        for j in range(len(sets)):
            more = min(spare, limit - used[j])
            used[j] += more
            spare -= more
    pos = 0
    out = []
    for g, n in zip(sets, used):
        g.sort(key=_SORT_KEY.__getitem__)
        out.append(g + sorted(wilds[pos:pos + n], key=_SORT_KEY.__getitem__))
        pos += n
    out.sort(key=lambda g: (t.rank_of[g[0]], [_SORT_KEY[i] for i in g]))
    cards = tuple(tuple(ALL_CARDS[i] for i in g) for g in out)
    points = sum(t.points[i] for g in out for i in g)
    return Arrangement(cards, t.round_no, pos, points)
