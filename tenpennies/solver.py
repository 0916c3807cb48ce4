"""Finding, checking, listing and explaining contract arrangements; adding to sets; going out.

This module owns the contract solver (T13-T15): is the round's contract in a hand
(:func:`can_lay_down`), the best way to lay it down (:func:`find_contract`), every
way (:func:`contract_arrangements`, :func:`count_arrangements`), whether a player's
own arrangement is one (:func:`contract_problems`, :func:`is_contract`), what is
missing when it is not there (:func:`cards_needed`, :func:`outs`,
:func:`what_is_missing`), which cards can be added to the table's sets
(:func:`additions`) and whether a player can go out this turn (:func:`plan_go_out`)::

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H JK 3C KD KS 5H 4D")
    >>> can_lay_down(hand, 1)                  # two sets of 3
    True
    >>> print(find_contract(hand, 1))          # kings shed more points than nines
    7S 7H 7D; KS KD JK

Why it is fast: a set is all one rank, so the hand is boiled down to a few counts
per rank. For ``m`` contract sets drawn from one rank, the most naturals they can
hold is ``T = sum over suits of min(copies of that suit, m)`` (each set takes a
suit at most once; with repeated suits allowed, every copy of the rank), and those
naturals can always be shared out as evenly as possible. Evenly shared, the sets need ``max(0, m * size - T)`` wild cards and are
possible at all when ``T >= m * max(1, size - wild_limit)``. So a contract is a
choice of ranks (usually one or two out of the few ranks a hand is strong in) and
a little arithmetic, never a search over cards.

What is missing is the same arithmetic run the other way: sets that hold ``T``
naturals from the hand still lack ``m * size - T`` cards, at least
``m * max(1, size - wild_limit) - T`` of them naturals, and the hand's wilds can
stand in for the rest; the deck's copies bound what can still come. So the outs
are judged rank by rank, not card by card (a new suit of ranks held alike helps
alike), which is quick enough for bots that ask many times a turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from operator import add
from typing import Iterable, Sequence

from .cards import ALL_CARDS, SORT_KEYS, SUIT_NAMES, SUITS, Card, Cards, format_cards, sort_key
from .errors import HandError, TenPenniesError, WrongTypeError
from .rules import TEN_PENNIES, RuleSet
from .sets import TableSet, set_problems, single_additions
from .words import times

__all__ = [
    "OBJECTIVES", "Arrangement", "GoOutPlan", "MissingCards",
    "additions", "can_lay_down", "cards_needed", "contract_arrangements", "contract_problems",
    "count_arrangements", "find_contract", "is_contract", "outs", "plan_go_out", "what_is_missing",
]

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

    def __repr__(self) -> str:
        sets = ", ".join(repr(Cards(s)) for s in self.sets) + ("," if len(self.sets) == 1 else "")
        return f"Arrangement(sets=({sets}), round_no={self.round_no}, wilds={self.wilds}, points={self.points})"

    def _repr_svg_(self) -> str:
        from .svg import arrangement_svg  # pictures are drawn only when asked for

        return arrangement_svg(self)


class _Round:
    """Look-up tables for one (rules, round): built once, used by every hand."""

    __slots__ = (
        "rules", "round_no", "wild", "rank_of", "k", "size", "limit", "low",
        "repeated", "points", "naturals", "wild_order", "decks", "deck", "wild_indices",
        "most", "wild_by_cost", "levels", "natural_rank", "most_any", "all_wilds", "shown",
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
        # Points shed decides between equal-wild arrangements; wilds are spent costliest
        # first, and cards of equal cost in a fixed order so the answer is deterministic.
        self.wild_order = {
            c.index: (-self.points[c.index],) + SORT_KEYS[c.index] for c in ALL_CARDS
        }
        self.decks = rules.decks
        ranks = set(rules.ranks)
        # Copies of each card value in the whole deck: what can still be drawn.
        self.deck = tuple(
            rules.jokers if c.suit is None else (rules.decks if c.rank in ranks else 0)
            for c in ALL_CARDS
        )
        self.wild_indices = tuple(i for i in range(53) if self.wild[i])
        self.wild_by_cost = tuple(sorted(self.wild_indices, key=self.wild_order.__getitem__))
        # most[rank][m]: the most naturals m sets of the rank can hold from the deck.
        self.most = tuple(
            tuple(
                sum(self.deck[suit * 13 + r - 1] for suit in range(4)) if self.repeated
                else sum(min(self.deck[suit * 13 + r - 1], m) for suit in range(4))
                for m in range(self.k + 1)
            )
            for r in range(14)
        )
        # What is missing is counted on these. Non-repeated suits beyond min(k, decks)
        # copies of one card add nothing the contract's sets can use.
        self.levels = 1 if self.repeated else min(self.k, self.decks)
        # A non-wild card's rank if that rank is natural this round; 0 (a slot that is
        # cleared after counting) for a rank outside the deck, which no set can use.
        self.natural_rank = tuple(
            c.rank if not self.wild[c.index] and c.rank in self.naturals else 0 for c in ALL_CARDS
        )
        # Every natural rank is in the deck the same number of times, so m sets of any
        # one of them can hold the same most naturals.
        self.most_any = self.most[self.naturals[0]] if self.naturals else (0,) * (self.k + 1)
        self.all_wilds = sum(self.deck[i] for i in self.wild_indices)
        # Card values the deck holds, in the order hands are shown (outs are listed so).
        self.shown = tuple(c.index for c in sorted(ALL_CARDS, key=sort_key) if self.deck[c.index])


_ROUNDS: dict[tuple[int, int], tuple[RuleSet, _Round]] = {}


def _round(rules: RuleSet, round_no: int) -> _Round:
    # Keyed on id() because hashing a RuleSet hashes every field; the stored rules
    # object keeps the id from being reused while the entry lives.
    entry = _ROUNDS.get((id(rules), round_no))
    if entry is not None and entry[0] is rules:
        return entry[1]
    if not isinstance(rules, RuleSet):
        raise WrongTypeError(f"rules must be a RuleSet, not {type(rules).__name__}")
    table = _Round(rules, round_no)
    _ROUNDS[(id(rules), round_no)] = (rules, table)
    return table


def _held(hand: Iterable[Card], t: _Round, trusted: bool) -> Iterable[Card]:
    """``hand``, refused if no deck of the rule set can hold it (T1): a tuple once checked.

    Public entry points check; ``trusted=True`` (the match's own hands, bots, odds loops
    whose hands come from a deal) skips the count, which would cost the hot path.
    """
    if not trusted:
        hand = tuple(hand)
        deck = t.deck
        held = [0] * 53
        for card in hand:
            i = card.index
            held[i] += 1
            if held[i] > deck[i]:
                only = f"only {deck[i]}" if deck[i] else "no"
                raise HandError(f"the deck holds {only} {card}, but the hand has {held[i]}")
    return hand


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
    if repeated or m == 1:
        return lv[0][rank]
    if m == 2 and len(lv) > 1:
        return lv[0][rank] + lv[1][rank]
    # No suit has more copies than there are decks, so deeper levels are empty.
    return sum(lv[j][rank] for j in range(min(m, len(lv))))


def can_lay_down(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
                 trusted: bool = False) -> bool:
    """Is the round's contract in ``hand``?

    >>> from tenpennies import parse_cards
    >>> can_lay_down(parse_cards("8S 8H 8D 8C JK 4S 4H"), 3)   # two sets of 4
    False
    >>> can_lay_down(parse_cards("8S 8H 8D 8C JK 4S 4H 4D"), 3)
    True
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
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
    if k == 2 and not t.repeated and t.decks >= 2:
        # The other hot case (rounds 1, 3, 5): d counts a rank's suits, e the same
        # plus suits held twice (what two sets of the rank can hold together).
        wild = t.wild
        rank_of = t.rank_of
        seen = [0] * 53
        d = [0] * 14
        e = [0] * 14
        w = 0
        for c in hand:
            i = c.index
            if wild[i]:
                w += 1
            else:
                n = seen[i]
                if n < 2:
                    seen[i] = n + 1
                    r = rank_of[i]
                    e[r] += 1
                    if not n:
                        d[r] += 1
        # Both sets from one rank: evenly shared, they need 2s - T wilds.
        same = max(e)
        if same >= 2 * low and 2 * s - same <= w:
            return True
        b, a = sorted(d)[-2:]
        return b >= low and (s - a if a < s else 0) + (s - b if b < s else 0) <= w
    _, lv, w = _levels(hand, t, 1 if t.repeated else min(k, t.decks))
    return _best_ranks(lv, w, t, "fewest_wilds") is not None


def _best_ranks(lv, w: int, t: _Round, objective: str):
    """The ranks of the best arrangement (one per set, high to low), or None.

    Rank choices are tried highest first and only a strictly better one replaces
    the best so far: that is the tie-break :data:`OBJECTIVES` describes.
    """
    k = t.k
    s = t.size
    low = t.low
    d = lv[0]
    # A rank that cannot fill one set cannot fill several (T(r, m) <= m * T(r, 1)).
    candidates = [r for r in range(13, 0, -1) if d[r] >= low]
    if not candidates:
        return None
    pts = t.rules.card_points
    capped = objective == "fewest_cards"
    most = objective == "most_points"

    def group(r: int, m: int):
        """(wilds needed, natural points) of m sets of rank r, or None."""
        cap = _capacity(lv, r, m, t.repeated)
        if cap < m * low:
            return None
        full = m * s
        return (full - cap if cap < full else 0, pts[r] * (min(cap, full) if capped else cap))

    singles = [(r, group(r, 1)) for r in candidates]
    best = None
    best_key = None
    if k <= 2:
        for n, (r1, g1) in enumerate(singles):
            for r2, g2 in (singles[n:] if k == 2 else [(None, (0, 0))]):
                if r1 == r2:
                    g = group(r1, 2)
                    if g is None:
                        continue
                    cost, nat = g
                else:
                    cost, nat = g1[0] + g2[0], g1[1] + g2[1]
                if cost > w:
                    continue
                key = (-nat, cost) if most else (cost, -nat)
                if best_key is None or key < best_key:
                    best_key = key
                    best = (r1,) if k == 1 else (r1, r2)
        return best
    for combo in combinations_with_replacement(candidates, k):
        cost = nat = 0
        prev = None
        for r in combo:  # combo is non-increasing, so equal ranks are adjacent
            if r == prev:
                continue
            prev = r
            g = group(r, combo.count(r))
            if g is None:
                break
            cost += g[0]
            nat += g[1]
        else:
            if cost > w:
                continue
            key = (-nat, cost) if most else (cost, -nat)
            if best_key is None or key < best_key:
                best_key = key
                best = combo
    return best


def find_contract(
    hand: Iterable[Card],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    objective: str = "fewest_wilds",
    *,
    trusted: bool = False,
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
        raise TenPenniesError(f"unknown objective {objective!r}: choose one of {', '.join(OBJECTIVES)}")
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    hand = tuple(hand)
    cnt, lv, w = _levels(hand, t, 1 if t.repeated else min(t.k, t.decks))
    ranks = _best_ranks(lv, w, t, objective)
    if ranks is None:
        return None
    return _build(ranks, cnt, w, t, objective)


def _build(ranks, cnt, w: int, t: _Round, objective: str) -> Arrangement:
    """Pick the cards for sets of these ranks (one rank per set, non-increasing)."""
    s = t.size
    limit = t.limit
    repeated = t.repeated
    sets: list[list[int]] = []
    prev = None
    for r in ranks:
        if r == prev:
            continue
        prev = r
        m = ranks.count(r)
        suits = (r - 1, r + 12, r + 25, r + 38)
        if m == 1:
            sets.append([i for i in suits if cnt[i] for _ in range(cnt[i] if repeated else 1)])
            continue
        group: list[list[int]] = [[] for _ in range(m)]
        for i in suits:
            if repeated:
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
    # Wilds are spent costliest first (jokers), so a set sheds the most points.
    wilds = [i for i in t.wild_by_cost for _ in range(cnt[i])]
    used = [s - len(g) if len(g) < s else 0 for g in sets]
    if objective == "most_points":
        spare = min(w, t.k * limit) - sum(used)
        for j in range(len(sets)):
            more = min(spare, limit - used[j])
            used[j] += more
            spare -= more
    pos = 0
    points = t.points
    total = 0
    out = []
    for g, n in zip(sets, used):
        # Naturals of one rank are already in card order (suit order).
        if n:
            g += sorted(wilds[pos:pos + n], key=SORT_KEYS.__getitem__)
            pos += n
        for i in g:
            total += points[i]
        out.append(g)
    if len(out) > 1:
        out.sort(key=lambda g: (t.rank_of[g[0]], [SORT_KEYS[i] for i in g]))
    return Arrangement(tuple(tuple([ALL_CARDS[i] for i in g]) for g in out), t.round_no, pos, total)


# -- every arrangement -------------------------------------------------------------------


def _candidate_sets(cnt, t: _Round) -> list[tuple[int, ...]]:
    """Every distinct valid set of at least the contract's size in the counted hand.

    Each set is a tuple of card indices: naturals by suit, then wilds in card order.
    Sets come rank by rank (aces low), fewer naturals and wilds first.
    """
    s = t.size
    wild_values = sorted((i for i in range(53) if cnt[i] and t.wild[i]), key=SORT_KEYS.__getitem__)
    wild_picks = [()]
    for i in wild_values:
        wild_picks = [p + (i,) * n for p in wild_picks for n in range(cnt[i] + 1)
                      if len(p) + n <= t.limit]
    wild_picks.sort(key=lambda p: (len(p), [SORT_KEYS[i] for i in p]))
    out = []
    for r in range(1, 14):
        values = [suit * 13 + r - 1 for suit in range(4)]
        values = [i for i in values if cnt[i] and not t.wild[i]]
        if not values:
            continue
        # A set takes each natural suit once, or any copies when suits may repeat.
        most = [cnt[i] if t.repeated else 1 for i in values]
        natural_picks = [()]
        for i, n_max in zip(values, most):
            natural_picks = [p + (i,) * n for p in natural_picks for n in range(n_max + 1)]
        natural_picks.sort(key=lambda p: (len(p), p))
        for nat in natural_picks:
            if not nat:
                continue
            for wl in wild_picks:
                if len(nat) + len(wl) >= s:
                    out.append(nat + wl)
    return out


def _choose_sets(candidates, cnt, k: int, start: int = 0):
    """Every multiset of ``k`` candidates (as index lists) the counted hand can supply."""
    if k == 0:
        yield []
        return
    for c in range(start, len(candidates)):
        cards = candidates[c]
        ok = True
        for i in cards:
            cnt[i] -= 1
            if cnt[i] < 0:
                ok = False
        if ok:
            for rest in _choose_sets(candidates, cnt, k - 1, c):
                yield [c] + rest
        for i in cards:
            cnt[i] += 1


def _arrangement(index_sets, t: _Round) -> Arrangement:
    ordered = sorted(
        (sorted((i for i in g if not t.wild[i]), key=SORT_KEYS.__getitem__)
         + sorted((i for i in g if t.wild[i]), key=SORT_KEYS.__getitem__))
        for g in index_sets
    )
    ordered.sort(key=lambda g: (t.rank_of[g[0]], [SORT_KEYS[i] for i in g]))
    return Arrangement(
        tuple(tuple(ALL_CARDS[i] for i in g) for g in ordered),
        t.round_no,
        sum(t.wild[i] for g in ordered for i in g),
        sum(t.points[i] for g in ordered for i in g),
    )


def contract_arrangements(
    hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES
) -> tuple[Arrangement, ...]:
    """Every distinct way to lay down the round's contract from ``hand``.

    An arrangement is a choice of the contract's number of sets, each a valid set
    (T14) of at least the contract's size (larger is allowed, T13), that the hand can
    supply at once. Cards of one value (the two 7♠) are not told apart, and neither
    is the order of the sets, so two arrangements differ exactly when their sets,
    as multisets of card values, differ. Cards left out stay in hand. The listing is
    in a fixed order (by ranks low to high, then smaller sets first).

    >>> from tenpennies import parse_cards
    >>> for a in contract_arrangements(parse_cards("9S 9H 9D 9C JK"), 2):   # one set of 4
    ...     print(a)
    9S 9H 9D JK
    9S 9H 9C JK
    9S 9D 9C JK
    9H 9D 9C JK
    9S 9H 9D 9C
    9S 9H 9D 9C JK
    >>> count_arrangements(parse_cards("9S 9H 9D 9C JK"), 2)
    6
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, False)
    cnt, _, _ = _levels(hand, t, 1)
    candidates = _candidate_sets(cnt, t)
    return tuple(
        _arrangement([candidates[c] for c in chosen], t)
        for chosen in _choose_sets(candidates, cnt, t.k)
    )


def count_arrangements(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> int:
    """How many arrangements :func:`contract_arrangements` lists, without building them."""
    t = _round(rules, round_no)
    hand = _held(hand, t, False)
    cnt, _, _ = _levels(hand, t, 1)
    candidates = _candidate_sets(cnt, t)
    if t.k == 1:
        return len(candidates)
    return sum(1 for _ in _choose_sets(candidates, cnt, t.k))


# -- checking a player's own arrangement ------------------------------------------------



def contract_problems(
    sets: Iterable[Iterable[Card]],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    hand: Iterable[Card] | None = None,
) -> tuple[str, ...]:
    """Every reason, in plain words, why ``sets`` are not the round's contract; ``()`` if they are.

    With ``hand`` given, the cards must also come from it: a card value may be used
    only as many times as the hand holds it (two decks, so perhaps twice).

    >>> from tenpennies import parse_cards
    >>> contract_problems([parse_cards("7S 7H JK"), parse_cards("9S 9H")], 1)
    ('set 2 (9S 9H): only 2 cards: a set needs at least 3',)
    >>> contract_problems([parse_cards("7S 7H 7D")], 3, hand=parse_cards("7S 7H"))
    ('round 3 needs two sets of 4, not 1', 'set 1 (7S 7H 7D): 3 cards but the contract needs at least 4', '7D is not in the hand')
    >>> contract_problems([parse_cards("7S 7H JK"), parse_cards("7S 7D JK")], 1, hand=parse_cards("7S 7H 7D JK JK"))
    ('7S is used twice but the hand holds it once',)
    """
    t = _round(rules, round_no)
    contract = rules.contract(round_no)
    sets = [tuple(s) for s in sets]
    problems = []
    if len(sets) != contract.sets:
        problems.append(f"round {round_no} needs {contract.words}, not {len(sets)}")
    for n, cards in enumerate(sets, 1):
        label = f"set {n} ({format_cards(cards)})"
        for p in set_problems(cards, round_no, rules):
            problems.append(f"{label}: {p}")
        if rules.min_set_size <= len(cards) < t.size:
            problems.append(f"{label}: {len(cards)} cards but the contract needs at least {t.size}")
    if hand is not None:
        held = [0] * 53
        for c in hand:
            held[c.index] += 1
        used = [0] * 53
        for cards in sets:
            for c in cards:
                used[c.index] += 1
        for i in sorted(range(53), key=SORT_KEYS.__getitem__):
            if used[i] and not held[i]:
                problems.append(f"{ALL_CARDS[i]} is not in the hand")
            elif used[i] > held[i]:
                problems.append(
                    f"{ALL_CARDS[i]} is used {times(used[i])} "
                    f"but the hand holds it {times(held[i])}"
                )
    return tuple(problems)


def is_contract(
    sets: Iterable[Iterable[Card]],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    hand: Iterable[Card] | None = None,
) -> bool:
    """Are ``sets`` the round's contract (and, with ``hand``, all from the hand)?"""
    return not contract_problems(sets, round_no, rules, hand)


# -- what is missing -------------------------------------------------------------------


@dataclass(frozen=True)
class MissingCards:
    """What a hand lacks for the round's contract, for a learner.

    ``cards_needed`` is the fewest more cards (drawn from what the deck still holds)
    that complete the contract: 0 when it is already there, None when no cards can
    (the deck lacks them). ``outs`` are the distinct cards that bring it one card
    closer: with one card needed, exactly the cards any one of which completes it.
    """

    round_no: int
    cards_needed: int | None
    outs: tuple[Card, ...]
    sentence: str = ""

    def explain(self) -> str:
        """The answer in one or two sentences."""
        return self.sentence

    def __str__(self) -> str:
        return self.sentence

    def __repr__(self) -> str:
        return (f"MissingCards(round_no={self.round_no}, cards_needed={self.cards_needed}, "
                f"outs={Cards(self.outs)!r}, sentence={self.sentence!r})")

    def _repr_svg_(self) -> str:
        from .svg import missing_svg

        return missing_svg(self)


def _gap_counts(hand: Iterable[Card], t: _Round):
    """Count a hand for :func:`_shortfall`.

    Returns copies of each card value; ``lv``, naturals per rank and level as
    :func:`_levels` counts them, but only of ranks natural this round (no contract
    set can use another); the wilds held; and the most wilds the hand could ever
    hold (those held plus the deck's copies it lacks).
    """
    wild = t.wild
    rank = t.natural_rank
    deck = t.deck
    levels = t.levels
    cnt = [0] * 53
    lv = [[0] * 14 for _ in range(levels)]
    w = beyond = 0
    if t.repeated:
        lv0 = lv[0]
        for c in hand:
            i = c.index
            n = cnt[i]
            cnt[i] = n + 1
            if wild[i]:
                w += 1
                if n >= deck[i]:
                    beyond += 1  # a copy the deck does not hold: still a wild held
            else:
                lv0[rank[i]] += 1
    else:
        for c in hand:
            i = c.index
            n = cnt[i]
            cnt[i] = n + 1
            if wild[i]:
                w += 1
                if n >= deck[i]:
                    beyond += 1
            elif n < levels:
                lv[n][rank[i]] += 1
    for row in lv:
        row[0] = 0
    return cnt, lv, w, t.all_wilds + beyond


def _sets_gap(cap: int, m: int, most: int, t: _Round):
    """What ``m`` contract sets of one rank lack, or None if the deck cannot fill them.

    ``cap`` naturals of the rank fit in them from the hand, ``most`` from the whole
    deck. The answer is (naturals they still need at the least, cards they still
    need in all, cards of those that must be wild because the deck lacks naturals).
    """
    if cap > most:
        most = cap  # a made-up hand may hold more copies than the deck
    least = m * t.low
    if most < least:
        return None
    full = m * t.size
    return (least - cap if cap < least else 0,
            full - cap if cap < full else 0,
            full - most if most < full else 0)


def _shortfall(lv, w: int, most_wilds: int, t: _Round) -> int | None:
    """The fewest cards to add to the counted hand so that it holds the contract.

    For a choice of ranks (one per set) whose sets lack ``naturals`` at the least and
    ``cards`` in all: the hand's ``w`` wilds can be any of the cards but none of the
    naturals, and each drawn card is one more of either, so the choice needs
    ``max(naturals, cards - w)`` more cards; it can be made at all if the wilds that
    must be wild are at most ``most_wilds``. A rank with more naturals in the hand is
    at least as good in each of these, so for one or two sets only the ranks the hand
    holds most need trying; larger contracts try every choice of ranks (the ranks
    not held are alike, so only ``k`` of them).
    """
    if t.k == 1:
        return _one_set_need(max(lv[0]), w, most_wilds, t)
    if t.k == 2:
        d = lv[0]
        same = max(map(add, d, lv[1])) if len(lv) > 1 else max(d)
        # Rank slots outside the round's naturals stay 0, like a natural rank not held.
        b, a = sorted(d)[-2:]
        return _two_sets_need(same, a, b, w, most_wilds, t)
    if not t.naturals:
        return None
    k = t.k
    best = None
    held = [r for r in t.naturals if lv[0][r]]
    idle = [r for r in t.naturals if not lv[0][r]][:k]
    for combo in combinations_with_replacement(held + idle, k):
        naturals = cards = wilds = 0
        prev = None
        for r in combo:  # equal ranks are adjacent in a combination
            if r == prev:
                continue
            prev = r
            m = combo.count(r)
            g = _sets_gap(_capacity(lv, r, m, t.repeated), m, t.most[r][m], t)
            if g is None:
                break
            naturals += g[0]
            cards += g[1]
            wilds += g[2]
        else:
            if wilds <= most_wilds:
                v = max(naturals, cards - w)
                if best is None or v < best:
                    best = v
    return best


def _one_set_need(cap: int, w: int, most_wilds: int, t: _Round) -> int | None:
    """:func:`_shortfall` of a one-set contract whose best rank puts ``cap`` naturals in it."""
    if not t.naturals:
        return None
    g = _sets_gap(cap, 1, t.most_any[1], t)
    if g is None or g[2] > most_wilds:
        return None
    return g[0] if g[0] > g[1] - w else g[1] - w


def _two_sets_need(same: int, a: int, b: int, w: int, most_wilds: int, t: _Round) -> int | None:
    """:func:`_shortfall` of a two-set contract: both sets of one rank hold at most
    ``same`` naturals, and the two ranks in most suits hold ``a`` and ``b``."""
    if not t.naturals:
        return None
    most = t.most_any
    best = None
    g = _sets_gap(same, 2, most[2], t)
    if g is not None and g[2] <= most_wilds:
        best = g[0] if g[0] > g[1] - w else g[1] - w
    if len(t.naturals) > 1:
        ga = _sets_gap(a, 1, most[1], t)
        gb = _sets_gap(b, 1, most[1], t)
        if ga is not None and gb is not None and ga[2] + gb[2] <= most_wilds:
            naturals, cards = ga[0] + gb[0], ga[1] + gb[1] - w
            v = naturals if naturals > cards else cards
            if best is None or v < best:
                best = v
    return best


def _closer(cnt, lv, w: int, most_wilds: int, need: int, t: _Round) -> list[int]:
    """The card values (indices, in showing order) that make the counted hand need
    one card fewer.

    A card the deck has no more copies of is no out. Every wild helps alike; a
    natural helps by the level it adds to its rank (a new suit, a second copy...),
    so it is judged per rank and level, and ranks held alike are judged once.
    """
    target = need - 1
    levels = t.levels
    helps = [[False] * 14 for _ in range(levels)]
    d = lv[0]
    if t.k == 1:
        # Only the best rank counts, so only a new suit of a rank held most helps.
        top = max(d)
        wild_helps = _one_set_need(top, w + 1, most_wilds, t) == target
        if _one_set_need(top + 1, w, most_wilds, t) == target:
            for r in t.naturals:
                helps[0][r] = d[r] == top
    elif t.k == 2:
        e = list(map(add, d, lv[1])) if levels > 1 else d
        same = max(e)
        b, a = sorted(d)[-2:]
        wild_helps = _two_sets_need(same, a, b, w + 1, most_wilds, t) == target
        judged: dict = {}
        for level in range(levels):
            row = helps[level]
            for r in t.naturals:
                # Any copy adds to what two sets of the rank hold; only a new suit
                # (level 0) adds to what one set holds, and so may change the top two.
                s2 = e[r] + 1 if e[r] >= same else same
                a2, b2 = a, b
                if level == 0:
                    if d[r] == a:
                        a2 = a + 1
                    elif d[r] >= b:
                        b2 = d[r] + 1
                key = (s2, a2, b2)
                h = judged.get(key)
                if h is None:
                    h = judged[key] = _two_sets_need(s2, a2, b2, w, most_wilds, t) == target
                row[r] = h
    else:
        wild_helps = _shortfall(lv, w + 1, most_wilds, t) == target
        by_rank = list(zip(*lv))
        judged = {}
        for level in range(levels):
            row = lv[level]
            for r in t.naturals:
                key = (level, by_rank[r])
                h = judged.get(key)
                if h is None:
                    row[r] += 1
                    h = judged[key] = _shortfall(lv, w, most_wilds, t) == target
                    row[r] -= 1
                helps[level][r] = h
    wild, deck, rank = t.wild, t.deck, t.natural_rank
    repeated = t.repeated
    found = []
    for i in t.shown:
        n = cnt[i]
        if n >= deck[i]:
            continue  # every copy of it is in the hand already
        if wild[i]:
            if wild_helps:
                found.append(i)
            continue
        level = 0 if repeated else n
        if level < levels and helps[level][rank[i]]:
            found.append(i)
    return found


def cards_needed(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
                 trusted: bool = False) -> int | None:
    """The fewest more cards that complete the round's contract (0 if it is there).

    Only cards the deck still holds count (two of each card, four jokers); None
    means no cards can complete it.

    >>> from tenpennies import parse_cards
    >>> cards_needed(parse_cards("QS QH JK 5D"), 1)      # two sets of 3
    2
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    _, lv, w, most_wilds = _gap_counts(hand, t)
    return _shortfall(lv, w, most_wilds, t)


def outs(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
         trusted: bool = False) -> tuple[Card, ...]:
    """The distinct cards, any one of which brings ``hand`` a card closer to the contract.

    With one card needed these are exactly the cards that complete it; none when the
    contract is there or cannot be made. Only cards the deck holds more copies of than
    the hand are listed, in the order hands are shown. The same as
    ``what_is_missing(hand, round_no, rules).outs``, without the sentence.

    >>> from tenpennies import parse_cards
    >>> outs(parse_cards("8H 8D 8C 4S 4H 4D 9C JK"), 3)   # two sets of 4
    (Card('4C'), Card('8S'), Card('JK'))
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    need = _shortfall(lv, w, most_wilds, t)
    if not need:
        return ()
    return tuple([ALL_CARDS[i] for i in _closer(cnt, lv, w, most_wilds, need, t)])


def _rank_word(rank: int) -> str:
    return {1: "ace", 11: "jack", 12: "queen", 13: "king"}.get(rank, str(rank))


def _join_or(parts: list[str]) -> str:
    if len(parts) <= 2:
        return ", or ".join(parts)
    return ", ".join(parts[:-1]) + ", or " + parts[-1]


def _describe_outs(outs: tuple[Card, ...], t: _Round, deck, cnt) -> str:
    parts = []
    by_rank: dict[int, list[str]] = {}
    wilds = [c for c in outs if t.wild[c.index]]
    for c in outs:
        if not t.wild[c.index]:
            by_rank.setdefault(c.rank, []).append(c.suit)
    for rank in sorted(by_rank, key=lambda r: (r == 1, r)):
        suits = by_rank[rank]
        word = f"a natural {_rank_word(rank)}"
        if len(suits) == 4:
            parts.append(word)
        elif len(suits) == 3:
            (missing,) = set(SUITS) - set(suits)
            parts.append(f"{word} that is not a {SUIT_NAMES[missing]}")
        elif len(suits) == 2:
            parts.append(f"{word} of " + " or ".join(SUIT_NAMES[x] + "s" for x in suits))
        else:
            parts.append(f"the {_rank_word(rank)} of {SUIT_NAMES[suits[0]]}s")
    if wilds:
        available = [i for i in range(53) if t.wild[i] and deck[i] > cnt[i]]
        if len(wilds) == len(available):
            only_jokers = all(ALL_CARDS[i].suit is None for i in available)
            parts.append("a joker" if only_jokers else "a wild")
        else:
            parts.extend(f"the {c.name}" for c in wilds)
    return _join_or(parts)


def what_is_missing(
    hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES
) -> MissingCards:
    """How far ``hand`` is from the round's contract, and which cards would help.

    >>> from tenpennies import parse_cards
    >>> gap = what_is_missing(parse_cards("8H 8D 8C 4S 4H 4D 9C JK"), 3)   # two sets of 4
    >>> gap.cards_needed, gap.outs
    (1, (Card('4C'), Card('8S'), Card('JK')))
    >>> print(gap)
    One more card completes two sets of 4: the 4 of clubs, the 8 of spades, or a joker.
    >>> print(what_is_missing(parse_cards("8S 8H 9C JK JK"), 5))            # two sets of 5
    5 more cards are needed for two sets of 5; each of these brings it one closer: a natural 8 of diamonds or clubs, a natural 9 that is not a club, or a wild.
    >>> print(what_is_missing(parse_cards("KS KH 5C"), 2))
    2 more cards are needed for one set of 4; each of these brings it one closer: a natural king of diamonds or clubs, or a joker.
    >>> print(what_is_missing(parse_cards("KS KH KD JK"), 2))
    The hand holds one set of 4 already.
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, False)
    hand = tuple(hand)
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    need = _shortfall(lv, w, most_wilds, t)
    words = rules.contract(round_no).words
    if need is None:
        return MissingCards(round_no, None, (), f"No cards can complete {words}: the deck lacks them.")
    if need == 0:
        return MissingCards(round_no, 0, (), f"The hand holds {words} already.")
    found = tuple([ALL_CARDS[i] for i in _closer(cnt, lv, w, most_wilds, need, t)])
    listed = _describe_outs(found, t, t.deck, cnt)
    if need == 1:
        sentence = f"One more card completes {words}: {listed}."
    else:
        sentence = (f"{need} more cards are needed for {words}; "
                    f"each of these brings it one closer: {listed}.")
    return MissingCards(round_no, need, found, sentence)


# -- adding to sets and going out ---------------------------------------------------------


def additions(
    hand: Iterable[Card],
    table_sets: Sequence[TableSet],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
) -> tuple[tuple[Card, int], ...]:
    """Every single card of ``hand`` that may be added to a table set, and to which.

    ``table_sets`` are :class:`tenpennies.sets.TableSet` values; the answer lists
    ``(card, set index)`` pairs, by set then card. Each pair is legal on its own:
    adding several cards to one set must be checked together, since the set's wild
    limit (T14) counts them all (one wild may fit where two do not).

    >>> from tenpennies import parse_cards
    >>> from tenpennies.sets import make_table_set
    >>> table = [make_table_set(0, parse_cards("7S 7H JK"), 1), make_table_set(1, parse_cards("QS QH QD"), 1)]
    >>> additions(parse_cards("7D 7H QC JK 4S"), table, 1)
    ((Card('7D'), 0), (Card('QC'), 1), (Card('JK'), 1))
    """
    _round(rules, round_no)
    values = sorted(set(hand), key=sort_key)
    return tuple(
        (card, n)
        for n, table_set in enumerate(table_sets)
        for card in single_additions(table_set.cards, values, round_no, rules)
    )


@dataclass(frozen=True)
class GoOutPlan:
    """How a player empties its hand this turn (T10-T12), in the order to do it.

    ``lay_down`` is the contract to lay down first (None when already open);
    ``melds`` are new sets; ``additions`` are ``(set index, cards)`` pairs, where set
    indices count the table's sets, then the laid-down sets, then the melds, in
    order; ``discard`` is the last card, or None when the hand empties without one.
    """

    lay_down: Arrangement | None
    melds: tuple[tuple[Card, ...], ...]
    additions: tuple[tuple[int, tuple[Card, ...]], ...]
    discard: Card | None

    def __str__(self) -> str:
        steps = []
        if self.lay_down is not None:
            steps.append(f"lay down {self.lay_down}")
        steps.extend(f"meld {format_cards(m)}" for m in self.melds)
        steps.extend(f"add {format_cards(cards)} to set {n}" for n, cards in self.additions)
        steps.append(f"discard {self.discard}" if self.discard is not None else "go out without a discard")
        return ", then ".join(steps)

    def __repr__(self) -> str:
        def items(texts: list[str]) -> str:
            return "(" + ", ".join(texts) + ("," if len(texts) == 1 else "") + ")"

        melds = items([repr(Cards(m)) for m in self.melds])
        adds = items([f"({n}, {Cards(c)!r})" for n, c in self.additions])
        return f"GoOutPlan(lay_down={self.lay_down!r}, melds={melds}, additions={adds}, discard={self.discard!r})"

    def _repr_svg_(self) -> str:
        from .svg import plan_svg

        return plan_svg(self)


def _place_all(cards: list[int], tables: list[list[int]], t: _Round):
    """Put every card into new melds or table sets, or None if that cannot be done.

    Naturals of a rank go to table sets of that rank or to new melds of it (each
    tried exhaustively, identical copies not told apart); wilds are one pool, first
    padding melds to three cards, then filling any set's remaining wild room.
    """
    wild, limit, least, repeated = t.wild, t.limit, t.rules.min_set_size, t.repeated
    wilds = sorted((i for i in cards if wild[i]), key=SORT_KEYS.__getitem__)
    info = []  # (rank, suits held, wild room) per table set
    for cards_on in tables:
        naturals = [i for i in cards_on if not wild[i]]
        rank = t.rank_of[naturals[0]] if naturals else 0
        info.append((rank, {i // 13 for i in naturals}, max(0, limit - (len(cards_on) - len(naturals)))))
    table_room = sum(room for _, _, room in info)
    by_rank: dict[int, list[int]] = {}
    for i in sorted(i for i in cards if not wild[i]):
        by_rank.setdefault(t.rank_of[i], []).append(i)

    # Each rank's ways to place its naturals: (wilds needed, spare wild room) -> placement.
    rank_options = []
    for rank, copies in sorted(by_rank.items()):
        bins = [n for n, (r, _, _) in enumerate(info) if r == rank]
        options: dict[tuple[int, int], tuple] = {}
        suits = [set(info[n][1]) for n in bins]
        added: list[list[int]] = [[] for _ in bins]
        melds: list[list[int]] = []
        meld_suits: list[set[int]] = []
        where = [0] * len(copies)

        def place(pos: int) -> None:
            if pos == len(copies):
                pads = [max(0, least - len(m)) for m in melds]
                if any(p > limit for p in pads):
                    return
                key = (sum(pads), sum(limit - p for p in pads))
                if key not in options:
                    options[key] = ([list(a) for a in added], [list(m) for m in melds])
                return
            i = copies[pos]
            suit = i // 13
            start = 0
            if pos and copies[pos - 1] == i:
                # Copies of one card are interchangeable: place them in bin order.
                start = where[pos - 1] + (0 if repeated else 1)
            for b in range(start, len(bins) + len(melds) + 1):
                if b < len(bins):
                    if not repeated and suit in suits[b]:
                        continue
                    suits[b].add(suit)
                    added[b].append(i)
                    where[pos] = b
                    place(pos + 1)
                    added[b].pop()
                    if not any(x // 13 == suit for x in added[b]) and suit not in info[bins[b]][1]:
                        suits[b].discard(suit)
                elif b - len(bins) < len(melds):
                    j = b - len(bins)
                    if not repeated and suit in meld_suits[j]:
                        continue
                    melds[j].append(i)
                    meld_suits[j].add(suit)
                    where[pos] = b
                    place(pos + 1)
                    melds[j].pop()
                    if not any(x // 13 == suit for x in melds[j]):
                        meld_suits[j].discard(suit)
                else:
                    melds.append([i])
                    meld_suits.append({suit})
                    where[pos] = b
                    place(pos + 1)
                    melds.pop()
                    meld_suits.pop()

        place(0)
        if not options:
            return None
        rank_options.append((bins, options))

    # Combine ranks: for each total of wilds needed keep the most spare room.
    states: dict[int, tuple[int, list]] = {0: (0, [])}
    for bins, options in rank_options:
        nxt: dict[int, tuple[int, list]] = {}
        for pad, (cap, chosen) in states.items():
            for (p, c), placement in options.items():
                key = pad + p
                if key not in nxt or nxt[key][0] < cap + c:
                    nxt[key] = (cap + c, chosen + [(bins, placement)])
        states = nxt
    for pad in sorted(states):
        cap, chosen = states[pad]
        if pad <= len(wilds) <= pad + cap + table_room:
            break
    else:
        return None

    to_table: dict[int, list[int]] = {}
    new_melds: list[list[int]] = []
    for bins, (added, melds) in chosen:
        for b, cards_added in zip(bins, added):
            if cards_added:
                to_table.setdefault(b, []).extend(cards_added)
        new_melds.extend(melds)
    pos = 0
    for m in new_melds:
        need = max(0, least - len(m))
        m.extend(wilds[pos:pos + need])
        pos += need
    for n, (_, _, room) in enumerate(info):
        if pos < len(wilds) and room:
            more = wilds[pos:pos + room]
            to_table.setdefault(n, []).extend(more)
            pos += len(more)
    for m in new_melds:
        room = limit - sum(wild[i] for i in m)
        if pos < len(wilds) and room > 0:
            m.extend(wilds[pos:pos + room])
            pos += min(room, len(wilds) - pos)
    return new_melds, to_table


def plan_go_out(
    hand: Iterable[Card],
    table_sets: Sequence[TableSet],
    round_no: int,
    opened: bool,
    rules: RuleSet = TEN_PENNIES,
) -> GoOutPlan | None:
    """A way to empty ``hand`` this turn (after drawing), or None if there is none.

    A player not yet ``opened`` must first lay down the whole contract (T13); then,
    open, it may meld new sets and add cards to any table set, its new ones
    included (T10), and ends with a discard unless the hand is already empty
    (T11, T12). A plan without a discard is preferred, then laying down, melding
    and adding in a fixed order, so the answer is deterministic.

    >>> from tenpennies import parse_cards
    >>> from tenpennies.sets import make_table_set
    >>> table = [make_table_set(2, parse_cards("KS KH KD"), 1)]
    >>> print(plan_go_out(parse_cards("7S 7H 7D 9S 9H JK KC 4D"), table, 1, opened=False))
    lay down 7S 7H 7D; 9S 9H JK, then add KC to set 0, then discard 4D
    >>> print(plan_go_out(parse_cards("5S 5H 5D QC"), table, 1, opened=True))
    meld 5S 5H 5D, then discard QC
    >>> plan_go_out(parse_cards("5S 5H 5D QC"), table, 1, opened=False) is None
    True
    """
    t = _round(rules, round_no)
    hand = tuple(hand)
    base = [list(c.index for c in ts.cards) for ts in table_sets]
    if not opened and not can_lay_down(hand, round_no, rules):
        return None
    cnt = [0] * 53
    for c in hand:
        cnt[c.index] += 1
    if not hand:
        return GoOutPlan(None, (), (), None) if opened else None
    # The costliest card is the first discard tried (it matters only for ties).
    discards = [None] + sorted((i for i in range(53) if cnt[i]), key=t.wild_order.__getitem__)
    for discard in discards:
        if discard is not None:
            cnt[discard] -= 1
        if opened:
            layouts = [[]]
        else:
            # Exact-size contract sets suffice: any extra card can be added right after.
            exact = [c for c in _candidate_sets(cnt, t) if len(c) == t.size]
            layouts = [[exact[c] for c in chosen] for chosen in _choose_sets(exact, cnt, t.k)]
        for layout in layouts:
            rest = list(cnt)
            for g in layout:
                for i in g:
                    rest[i] -= 1
            left = [i for i in range(53) for _ in range(rest[i])]
            placed = _place_all(left, base + [list(g) for g in layout], t)
            if placed is None:
                continue
            melds, to_table = placed
            lay_down = _arrangement(layout, t) if layout else None
            # Set indices must follow the laid-down sets as the arrangement orders them.
            order = list(range(len(base)))
            if lay_down is not None:
                shown = [sorted(c.index for c in s) for s in lay_down.sets]
                remaining = list(range(len(layout)))
                for s in shown:
                    for j in remaining:
                        if sorted(layout[j]) == s:
                            order.append(len(base) + j)
                            remaining.remove(j)
                            break
            position = {old: new for new, old in enumerate(order)}
            meld_cards = tuple(_cards_in_order(m, t) for m in melds)
            adds = tuple(sorted((position[n], _cards_in_order(cards, t)) for n, cards in to_table.items()))
            if discard is not None:
                cnt[discard] += 1
            return GoOutPlan(lay_down, meld_cards, adds,
                             None if discard is None else ALL_CARDS[discard])
        if discard is not None:
            cnt[discard] += 1
    return None


def _cards_in_order(indices, t: _Round) -> tuple[Card, ...]:
    naturals = sorted((i for i in indices if not t.wild[i]), key=SORT_KEYS.__getitem__)
    wilds = sorted((i for i in indices if t.wild[i]), key=SORT_KEYS.__getitem__)
    return tuple(ALL_CARDS[i] for i in naturals + wilds)
