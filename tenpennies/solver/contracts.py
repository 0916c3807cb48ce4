"""Finding and listing contracts: is it in a hand, the best way to lay it down, every way.

:func:`can_lay_down` answers with counts per rank (the fast path the match and the bots
call); :func:`find_contract` picks one arrangement by an objective (:data:`OBJECTIVES`),
:func:`find_contracts` one for each;
:func:`contract_arrangements` and :func:`count_arrangements` list every way.
In a rule set with runs (C3-C5) each of them asks :mod:`._runs` instead, which
searches real melds; Ten Pennies never does.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Iterable

from ..engine.cards import ALL_CARDS, SORT_KEYS, Card
from ..engine.errors import TenPenniesError
from ..engine.rules import TEN_PENNIES, RuleSet
from . import _run_gaps, _runs
from ._core import (
    Arrangement, _arrangement, _candidate_sets, _capacity, _choose_sets, _held, _levels, _round, _Round,
)

__all__ = ["OBJECTIVES", "can_lay_down", "contract_arrangements", "count_arrangements", "find_contract",
           "find_contracts"]

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
answer never depends on the order of the hand. Where melds may be runs, ties go to the
arrangement whose cards, listed from high to low, are highest, then to a fixed order
of the melds.
"""



def can_lay_down(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
                 trusted: bool = False) -> bool:
    """Is the round's contract in ``hand``?

    >>> from tenpennies import parse_cards
    >>> can_lay_down(parse_cards("8S 8H 8D 8C JK 4S 4H"), 3)   # two sets of 4
    False
    >>> can_lay_down(parse_cards("8S 8H 8D 8C JK 4S 4H 4D"), 3)
    True
    >>> from tenpennies import TEN_CARD_RUMMY                  # two melds of 3: sets or runs
    >>> can_lay_down(parse_cards("4H 5H 6H 7H 8H KD"), 2, TEN_CARD_RUMMY)   # one run, not two
    False
    >>> can_lay_down(parse_cards("4H 5H 6H 7H 8H 9H"), 2, TEN_CARD_RUMMY)
    True
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    if t.has_runs:
        return _run_gaps.feasible(_runs.count(hand, t), t)
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


def _set_groups(lv, t: _Round):
    """The ranks that can fill a contract set, high to low, and ``group(r, m)``: what
    ``m`` sets of rank ``r`` weigh, as (wilds needed, natural points, natural points
    of full sets only), or None if the hand's naturals cannot fill them."""
    s, low, pts, repeated = t.size, t.low, t.rules.card_points, t.repeated
    d = lv[0]
    # A rank that cannot fill one set cannot fill several (T(r, m) <= m * T(r, 1)).
    candidates = [r for r in range(13, 0, -1) if d[r] >= low]

    def group(r: int, m: int):
        cap = _capacity(lv, r, m, repeated)
        if cap < m * low:
            return None
        full = m * s
        if cap < full:
            return (full - cap, pts[r] * cap, pts[r] * cap)
        return (0, pts[r] * cap, pts[r] * full)

    return candidates, group


def _best_ranks(lv, w: int, t: _Round, objective: str):
    """The ranks of the best arrangement by ``objective`` (one per set, high to low), or None.

    Rank choices are tried highest first and only a strictly better one replaces
    the best so far: that is the tie-break :data:`OBJECTIVES` describes. The key is
    (wilds, -points), or (-points, wilds) for ``"most_points"``; ``"fewest_cards"``
    counts the points of full sets only.
    """
    if t.k <= 2:
        return _best_ranks_each(lv, w, t)[objective]
    candidates, group = _set_groups(lv, t)
    capped = objective == "fewest_cards"
    most = objective == "most_points"
    best = best_key = None
    for combo in combinations_with_replacement(candidates, t.k):
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
            nat += g[2] if capped else g[1]
        else:
            if cost > w:
                continue
            key = (-nat, cost) if most else (cost, -nat)
            if best_key is None or key < best_key:
                best_key = key
                best = combo
    return best


def _best_ranks_each(lv, w: int, t: _Round) -> dict:
    """:func:`_best_ranks` for every objective of :data:`OBJECTIVES`, in one pass over
    the choices of ranks, for contracts of one or two sets (all of Ten Pennies): the
    match lists a lay-down for each objective, of hands of up to thirty cards."""
    k = t.k
    candidates, group = _set_groups(lv, t)
    singles = [(r, group(r, 1)) for r in candidates]
    # The best so far by each objective's key, choices tried highest first, so each
    # ends on the same ranks as when asked alone.
    wilds_key = points_key = cards_key = None
    by_wilds = by_points = by_cards = None
    for n, (r1, g1) in enumerate(singles):
        for r2, g2 in (singles[n:] if k == 2 else [(None, (0, 0, 0))]):
            if r1 == r2:
                g = group(r1, 2)
                if g is None:
                    continue
                cost, nat, fitted = g
            else:
                cost, nat, fitted = g1[0] + g2[0], g1[1] + g2[1], g1[2] + g2[2]
            if cost > w:
                continue
            ranks = (r1,) if k == 1 else (r1, r2)
            key = (cost, -nat)
            if wilds_key is None or key < wilds_key:
                wilds_key, by_wilds = key, ranks
            key = (-nat, cost)
            if points_key is None or key < points_key:
                points_key, by_points = key, ranks
            key = (cost, -fitted)
            if cards_key is None or key < cards_key:
                cards_key, by_cards = key, ranks
    return {"fewest_wilds": by_wilds, "most_points": by_points, "fewest_cards": by_cards}


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
    return _by_objective(hand, round_no, rules, (objective,), trusted)[objective]


def find_contracts(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
                   trusted: bool = False) -> dict[str, Arrangement | None]:
    """:func:`find_contract` for each objective of :data:`OBJECTIVES`, the hand counted
    once: the lay-downs the match lists (one per objective).

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("KS KH KD 5S 5H 5D 5C JK JK 9C")
    >>> {objective: str(a) for objective, a in find_contracts(hand, 4).items()}
    {'fewest_wilds': '5S 5H 5D 5C JK', 'most_points': 'KS KH KD JK JK', 'fewest_cards': '5S 5H 5D 5C JK'}
    """
    return _by_objective(hand, round_no, rules, OBJECTIVES, trusted)


def _by_objective(hand: Iterable[Card], round_no: int, rules: RuleSet, objectives: tuple[str, ...],
                  trusted: bool) -> dict[str, Arrangement | None]:
    """The best arrangement by each of ``objectives`` (known ones), the hand counted once."""
    t = _round(rules, round_no)
    hand = tuple(_held(hand, t, trusted))
    found: dict[str, Arrangement | None] = {}
    if t.has_runs:
        return _runs.best_arrangements(_runs.count(hand, t), t, objectives)
    cnt, lv, w = _levels(hand, t, 1 if t.repeated else min(t.k, t.decks))
    # One or two sets: the choices of ranks weighed once for every objective.
    each = _best_ranks_each(lv, w, t) if t.k <= 2 else None
    # Objectives mostly choose the same ranks and finish them alike (no spare wild to
    # add, no set to cut): what they share is picked once.
    shared: dict = {}
    for objective in objectives:
        ranks = _best_ranks(lv, w, t, objective) if each is None else each[objective]
        found[objective] = None if ranks is None else _build(ranks, cnt, w, t, objective, shared)
    return found


def _build(ranks, cnt, w: int, t: _Round, objective: str, shared: dict) -> Arrangement:
    """Pick the cards for sets of these ranks (one rank per set, non-increasing).

    ``shared`` is kept across the objectives of one hand: for each choice of ranks
    the naturals, the fewest wilds that fill each set, and the arrangement for each
    way of finishing them.
    """
    s = t.size
    known = shared.get(ranks)
    if known is None:
        sets = _naturals(ranks, cnt, t)
        # The fewest wilds that fill each set.
        known = shared[ranks] = (sets, [s - len(g) if len(g) < s else 0 for g in sets], {})
    sets, used, made = known
    cut = False
    if objective == "most_points":
        limit = t.limit
        spare = min(w, t.k * limit) - sum(used)
        if spare:
            used = used[:]  # the fewest stay shared with the other objectives
            for j in range(len(sets)):
                more = min(spare, limit - used[j])
                used[j] += more
                spare -= more
    elif objective == "fewest_cards":
        # With no set longer than the contract's size, these are the fewest-wilds cards.
        cut = max(map(len, sets)) > s
    # The naturals, whether they are cut and the wilds each set takes decide the cards.
    finish = (cut, *used)
    found = made.get(finish)
    if found is None:
        found = made[finish] = _finish(ranks, sets, cut, used, cnt, t)
    return found


def _naturals(ranks, cnt, t: _Round) -> list[list[int]]:
    """The naturals of sets of these ranks (one rank per set, non-increasing): every
    suit of its rank the hand holds, shared evenly where sets repeat a rank."""
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
            sets.append([i for i in suits for _ in range(cnt[i])] if repeated else [i for i in suits if cnt[i]])
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
    return sets


def _finish(ranks, sets, cut: bool, used, cnt, t: _Round) -> Arrangement:
    """The arrangement of the naturals ``sets`` of these ranks (each cut to the
    contract's size if ``cut``), each set taking ``used`` wilds."""
    s = t.size
    points = t.points
    # Wilds are spent costliest first (jokers), so a set sheds the most points.
    wilds = []
    for i in t.wild_by_cost:
        if cnt[i]:
            wilds += [i] * cnt[i]
    pos = total = 0
    out = []
    for g, n in zip(sets, used):
        if cut:
            g = g[:s]
        # A set's naturals are of one rank, already in card order (suit order).
        total += points[g[0]] * len(g)
        if n:
            taken = wilds[pos:pos + n]
            if n > 1:
                taken.sort(key=SORT_KEYS.__getitem__)
            pos += n
            for i in taken:
                total += points[i]
            g = g + taken  # not in place: other objectives share the naturals
        out.append(tuple([ALL_CARDS[i] for i in g]))
    if len(out) > 1:
        # Sets are listed by rank, low to high (they come high to low), then by their cards.
        out.reverse()
        if len(set(ranks)) < len(ranks):
            out.sort(key=lambda cards: (cards[0].rank, [SORT_KEYS[c.index] for c in cards]))
    return Arrangement(tuple(out), t.round_no, pos, total)


# -- every arrangement -------------------------------------------------------------------


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
    if t.has_runs:
        return tuple(_runs.arrangement(c, t) for c in _runs.every_choice(_runs.count(hand, t), t))
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
    if t.has_runs:
        return len(_runs.every_choice(_runs.count(hand, t), t))
    cnt, _, _ = _levels(hand, t, 1)
    candidates = _candidate_sets(cnt, t)
    if t.k == 1:
        return len(candidates)
    return sum(1 for _ in _choose_sets(candidates, cnt, t.k))

