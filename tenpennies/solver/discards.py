"""Which discard leaves a hand closest to the contract, and with how many outs.

:func:`closest_discards` and :func:`discard_chances` answer for every discard at once
what :func:`.missing.cards_needed` and :func:`.missing.outs` answer for one hand: the
hand is counted once, and discards that leave alike counts are judged once, since a
bot weighing its discard asks this every turn before it lays down (issue 12). Built
on the counting of :mod:`.missing`; where melds may be runs it asks that module's
functions card by card.
"""

from __future__ import annotations

from operator import add
from typing import Iterable, Mapping, Sequence

from ..engine.cards import ALL_CARDS, Card
from ..engine.rules import TEN_PENNIES, RuleSet
from ._core import _held, _round, _Round
from .missing import _found, _gap_counts, _helps, _one_set_need, _shortfall, _two_sets_need, cards_needed, outs

__all__ = ["closest_discards", "discard_chances"]


def closest_discards(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
                     trusted: bool = False) -> tuple[int | None, dict[Card, tuple[Card, ...]]]:
    """The discards that leave ``hand`` closest to the contract, and the outs each leaves.

    Returns how many cards the hand then needs (:func:`cards_needed` of the rest;
    None if no discard leaves it completable) and, for each distinct card whose
    discard leaves it that close, the :func:`outs` of the rest, in the order hands
    are shown. The same answers as asking :func:`cards_needed` and :func:`outs` of
    the hand without each card in turn, but the hand is counted once and throws that
    leave alike counts (two single 7s of other suits) are judged once: a bot weighing
    its discard asks this every turn before it lays down.

    >>> from tenpennies import parse_cards
    >>> need, best = closest_discards(parse_cards("8H 8D 8C 4S 4H 9C KS"), 1)   # two sets of 3
    >>> need, {str(card): ' '.join(map(str, o)) for card, o in best.items()}
    (1, {'9C': '4D 4C JK', 'KS': '4D 4C JK'})
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    if t.has_runs:
        return _closest_by_asking(hand, t)
    need, cnt, closest = _closest_throws(hand, t)
    best: dict[Card, tuple[Card, ...]] = {}
    for i, helps in closest:
        if helps is None:
            best[ALL_CARDS[i]] = ()  # already there, or never: no card brings it closer
            continue
        cnt[i] -= 1
        best[ALL_CARDS[i]] = tuple([ALL_CARDS[j] for j in _found(cnt, *helps, t)])
        cnt[i] += 1
    return need, best


def discard_chances(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES,
                    unseen: Mapping[Card, int] | Sequence[int] = (), *,
                    trusted: bool = False) -> tuple[int | None, dict[Card, int]]:
    """:func:`closest_discards` with each discard's outs counted in unseen copies.

    ``unseen`` holds the copies of each card value a player has not seen: a Counter as
    :func:`tenpennies.odds.unseen_cards` gives, or a list by :attr:`Card.index`. For
    each discard that leaves the hand closest to the contract, the answer is how many
    of those cards would bring the rest one card closer: ``sum(unseen[c] for c in
    outs)``, without listing the outs of each discard (a bot weighing its discard asks
    this every turn before it lays down).

    >>> from collections import Counter
    >>> from tenpennies import parse_cards
    >>> unseen = Counter(parse_cards("4D 4C 4C JK 9S"))
    >>> need, chances = discard_chances(parse_cards("8H 8D 8C 4S 4H 9C KS"), 1, unseen=unseen)  # two sets of 3
    >>> need, {str(card): n for card, n in chances.items()}
    (1, {'9C': 4, 'KS': 4})
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    if not isinstance(unseen, list) and isinstance(unseen, Mapping):  # (a list is asked first: it is cheaper)
        unseen = [unseen.get(c, 0) for c in ALL_CARDS]
    if t.has_runs:
        need, best = _closest_by_asking(hand, t)
        return need, {card: sum(unseen[c.index] for c in helpful) for card, helpful in best.items()}
    if t.k == 1:
        return _one_set_chances(hand, t, unseen)
    if t.k == 2:
        return _two_sets_chances(hand, t, unseen)
    need, cnt, closest = _closest_throws(hand, t)
    levels = t.levels
    wilds, by_level = _unseen_by_level({c.index for c in hand}, cnt, unseen, t)
    chances: dict[Card, int] = {}
    weighed: dict[int, int] = {}
    for i, helps in closest:
        if helps is None:
            chances[ALL_CARDS[i]] = 0
            continue
        wild_helps, table, _ = helps
        total = weighed.get(id(helps))
        if total is None:
            total = wilds if wild_helps else 0
            for level in range(levels):
                row, weights = table[level], by_level[level]
                total += sum(weights[r] for r in t.naturals if row[r])
            weighed[id(helps)] = total
        n = cnt[i]
        if unseen[i]:
            # The discarded card's own unseen copies count by its count in the rest.
            total += _helping(i, n - 1, wild_helps, table, t) * unseen[i] - \
                _helping(i, n, wild_helps, table, t) * unseen[i]
        chances[ALL_CARDS[i]] = total
    return need, chances


def _unseen_by_level(held, cnt, unseen, t: _Round) -> tuple[int, list[list[int]]]:
    """The unseen copies of the cards an out could be, by how it would count in the
    counted hand: wilds, and naturals by level and rank (slot 0, no natural rank, stays
    0). ``held`` lists the card values the hand holds, each once. Each discard's helps
    weigh these; only the discarded card itself counts otherwise in the rest."""
    deck, rank, levels = t.deck, t.natural_rank, t.levels
    by_level = [[0] * 14 for _ in range(levels)]
    wilds = 0
    for i in t.wild_indices:
        if cnt[i] < deck[i]:
            wilds += unseen[i]
    # A card value the hand lacks would be a new suit of its rank (level 0): all four
    # suits of each rank are summed so, and then the few values held are moved to the
    # level of their next copy, or out where the deck holds no more of them (rather
    # than looking at every card value).
    row = by_level[0]
    for r in t.naturals:
        row[r] = unseen[r - 1] + unseen[r + 12] + unseen[r + 25] + unseen[r + 38]
    repeated = t.repeated
    for i in held:
        r = rank[i]
        if not r:
            continue  # a wild, or a rank no contract set can use this round
        n = cnt[i]
        if not repeated:
            row[r] -= unseen[i]
            if n < levels and n < deck[i]:
                by_level[n][r] += unseen[i]
        elif n >= deck[i]:
            row[r] -= unseen[i]
    return wilds, by_level


def _one_set_chances(hand, t: _Round, unseen) -> tuple[int | None, dict[Card, int]]:
    """:func:`discard_chances` for a one-set contract (rounds 2, 4, 6 and 7 of Ten Pennies).

    The same answers as judging each discard's rest with :func:`_shortfall` and
    :func:`_helps`, worked out from three counts: a one-set contract asks only how many
    suits the hand holds of the rank it holds most (``top``), its wilds and the most
    wilds it could hold; a discard lowers ``top`` only when it is the last card of the
    one rank held most, and the naturals that help are new suits of the ranks at ``top``.
    """
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    d = lv[0]
    top = max(d)
    lone_top = d.count(top) == 1
    wild, rank, deck, repeated = t.wild, t.natural_rank, t.deck, t.repeated
    judged: dict[tuple, int | None] = {}

    def need_of(counts: tuple) -> int | None:
        v = judged.get(counts, judged)
        if v is judged:
            v = judged[counts] = _one_set_need(counts[0], counts[1], counts[2], t)
        return v
    # Each distinct discard as the counts it leaves (top, wilds, most wilds) and the rank
    # that loses a suit (0: none), as _throws judges it (one level: a first copy only).
    # A natural leaves the hand's own counts, or top one lower: one tuple each, shared.
    kept = (top, w, most_wilds)
    lowered = (top - 1, w, most_wilds) if lone_top else kept
    throws: dict[int, tuple] = {}
    for c in hand:
        i = c.index
        if i in throws:
            continue
        if wild[i]:
            throws[i] = ((top, w - 1, most_wilds - (cnt[i] > deck[i])), 0)
        elif rank[i] and (repeated or cnt[i] == 1):
            r = rank[i]
            throws[i] = (lowered if d[r] == top else kept, r)
        else:
            throws[i] = (kept, 0)
    needs = [v for v in map(need_of, {counts: None for counts, _ in throws.values()}) if v is not None]
    need = min(needs) if needs else None
    chances: dict[Card, int] = {}
    if not need:
        for i, (counts, _) in throws.items():
            if judged[counts] == need:
                chances[ALL_CARDS[i]] = 0  # already there, or never: no card brings it closer
        return need, chances
    target = need - 1
    wilds, (row,) = _unseen_by_level(throws, cnt, unseen, t)
    # What helps a rest, and the unseen outs among ranks held alike (new suits of the
    # ranks the hand holds top2 suits of), depend only on the counts it leaves: judged
    # once per counts (most discards leave the same).
    helping: dict[tuple, tuple] = {}
    for i, (counts, r0) in throws.items():
        if judged[counts] != need:
            continue
        known = helping.get(counts)
        if known is None:
            top2, w2, most2 = counts
            wild_helps = need_of((top2, w2 + 1, most2)) == target
            natural_helps = need_of((top2 + 1, w2, most2)) == target
            total = wilds if wild_helps else 0
            if natural_helps:
                total += sum([row[r] for r in t.naturals if d[r] == top2])
            known = helping[counts] = (top2, wild_helps, natural_helps, total)
        top2, wild_helps, natural_helps, total = known
        if natural_helps:
            if r0:  # the rank thrown holds one suit fewer in the rest
                total += row[r0] * ((d[r0] - 1 == top2) - (d[r0] == top2))
        u = unseen[i]
        if u:
            # The discarded card's own unseen copies count by its count in the rest (as
            # _helping judges it): a wild as wilds do; a natural only as a first copy
            # (or any copy, where suits may repeat) of a rank at top2 in the rest.
            n = cnt[i]
            if wild[i]:
                total += ((n - 1 < deck[i]) - (n < deck[i])) * wild_helps * u
            elif natural_helps and rank[i]:
                r = rank[i]
                at_top = d[r] - (r == r0) == top2
                total += ((n - 1 < deck[i] and (repeated or n == 1)) - (n < deck[i] and repeated)) * at_top * u
        chances[ALL_CARDS[i]] = total
    return need, chances


def _two_sets_chances(hand, t: _Round, unseen) -> tuple[int | None, dict[Card, int]]:
    """:func:`discard_chances` for a two-set contract (rounds 1, 3 and 5 of Ten Pennies).

    The same answers as judging each discard's rest with :func:`_shortfall` and
    :func:`_helps`, worked out from a few counts: a two-set contract asks only the most
    naturals two sets of one rank can hold (``same``), the suits held of the two ranks
    held most (``a`` and ``b``), the wilds and the most wilds; a discard lowers its own
    rank's counts by one, and an out raises them, so ranks held alike are judged alike.
    """
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    d = lv[0]
    e = list(map(add, d, lv[1])) if t.levels > 1 else d
    wild, rank, deck, repeated, levels = t.wild, t.natural_rank, t.deck, t.repeated, t.levels
    d_top, e_top = sorted(d)[-4:], sorted(e)[-2:]  # (ascending) all a discard can change
    same, a, b = e_top[1], d_top[3], d_top[2]

    def after(dv: int, ev: int, level: int) -> tuple[int, int, int]:
        """(same, a, b) of the hand less a natural counted at ``level`` of a rank it
        holds ``dv`` suits of (``ev`` for two sets)."""
        same2 = same - 1 if ev == same and e_top[0] < same else same
        if level:
            return same2, a, b  # a second copy: what one set holds is unchanged
        top = list(d_top)
        if dv >= top[0]:  # one of the four largest counts (or equal to the least of them)
            top[top.index(dv)] = dv - 1
            top.sort()
        return same2, top[3], top[2]

    judged: dict[tuple, int | None] = {}

    def need_of(counts: tuple) -> int | None:
        v = judged.get(counts, judged)
        if v is judged:
            v = judged[counts] = _two_sets_need(*counts, t)
        return v
    # Each distinct discard as the counts it leaves (same, a, b, wilds, most wilds), with
    # the rank and level it takes a natural from (rank 0: none), as _throws judges it.
    # Naturals of ranks held alike leave alike counts: worked out once, one tuple shared.
    left: dict[tuple, tuple] = {}
    throws: dict[int, tuple] = {}
    for c in hand:
        i = c.index
        if i in throws:
            continue
        n = cnt[i] - 1
        if wild[i]:
            throws[i] = ((same, a, b, w - 1, most_wilds - (n >= deck[i])), 0, 0)
            continue
        r = rank[i]
        level = 0 if repeated else n
        if r and level < levels:
            key = (d[r], e[r], level)
            counts = left.get(key)
            if counts is None:
                counts = left[key] = (*after(*key), w, most_wilds)
            throws[i] = (counts, r, level)
        else:
            throws[i] = ((same, a, b, w, most_wilds), 0, 0)
    needs = [v for v in map(need_of, {counts: None for counts, _, _ in throws.values()}) if v is not None]
    need = min(needs) if needs else None
    chances: dict[Card, int] = {}
    if not need:
        for i, (counts, _, _) in throws.items():
            if judged[counts] == need:
                chances[ALL_CARDS[i]] = 0  # already there, or never: no card brings it closer
        return need, chances
    target = need - 1
    wilds, by_level = _unseen_by_level(throws, cnt, unseen, t)
    # The unseen outs of ranks held alike, summed: new suits by (suits held, what two sets
    # of the rank hold), second copies by the latter.
    news: dict[tuple, int] = {}
    for r in t.naturals:
        if by_level[0][r]:
            key = (d[r], e[r])
            news[key] = news.get(key, 0) + by_level[0][r]
    seconds: dict[int, int] = {}
    if levels > 1:
        for r in t.naturals:
            if by_level[1][r]:
                seconds[e[r]] = seconds.get(e[r], 0) + by_level[1][r]

    def helps(counts: tuple, dv: int, ev: int, level: int) -> bool:
        """Does one more natural, at ``level``, of a rank the rest (leaving ``counts``)
        holds ``dv`` suits of (``ev`` for two sets) bring it a card closer? As in _helps:
        any copy adds to what two sets hold; only a new suit to what one set holds."""
        same2, a2, b2, w2, most2 = counts
        s3 = ev + 1 if ev >= same2 else same2
        a3, b3 = a2, b2
        if level == 0:
            if dv == a2:
                a3 = a2 + 1
            elif dv >= b2:
                b3 = dv + 1
        return need_of((s3, a3, b3, w2, most2)) == target
    # Per counts a discard leaves: whether a wild helps, and the unseen outs among the
    # ranks held alike. Per rank thrown: whether its outs help at each level, in the rest
    # and in the hand; that depends only on how many it holds of the rank and the level
    # thrown (which make the counts, as above), so ranks held alike share it too.
    shared: dict[tuple, tuple] = {}
    for i, (counts, r0, level0) in throws.items():
        if judged[counts] != need:
            continue
        known = shared.get(counts)
        if known is None:
            same2, a2, b2, w2, most2 = counts
            wild_helps = need_of((same2, a2, b2, w2 + 1, most2)) == target
            total = wilds if wild_helps else 0
            for (dv, ev), weight in news.items():
                if helps(counts, dv, ev, 0):
                    total += weight
            for ev, weight in seconds.items():
                if helps(counts, 0, ev, 1):
                    total += weight
            known = shared[counts] = (wild_helps, total)
        wild_helps, total = known
        if r0:  # the rank thrown holds one fewer in the rest (alike for each suit of it)
            dv, ev = d[r0], e[r0]
            key = (dv, ev, level0)
            rank_helps = shared.get(key)
            if rank_helps is None:
                dv2 = dv - 1 if level0 == 0 else dv
                rank_helps = shared[key] = (
                    tuple([helps(counts, dv2, ev - 1, level) for level in range(levels)]),
                    tuple([helps(counts, dv, ev, level) for level in range(levels)]))
            rest_helps, hand_helps = rank_helps
            total += by_level[0][r0] * (rest_helps[0] - hand_helps[0])
            if levels > 1:
                total += by_level[1][r0] * (rest_helps[1] - hand_helps[1])
        u = unseen[i]
        if u:
            # The discarded card's own unseen copies count by its count in the rest (as
            # _helping judges it from the table): its rank as judged just above, when it
            # is the rank thrown.
            n = cnt[i]
            if wild[i]:
                total += ((n - 1 < deck[i]) - (n < deck[i])) * wild_helps * u
            elif rank[i]:
                r = rank[i]
                for m, sign in ((n - 1, 1), (n, -1)):
                    level = 0 if repeated else m
                    if m < deck[i] and level < levels and (
                            rest_helps[level] if r == r0 else helps(counts, d[r], e[r], level)):
                        total += sign * u
        chances[ALL_CARDS[i]] = total
    return need, chances


def _closest_by_asking(hand, t: _Round) -> tuple[int | None, dict[Card, tuple[Card, ...]]]:
    """:func:`closest_discards` where melds may be runs: each discard asked in turn."""
    needs = {}
    for card in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(card)
        needs[card] = (cards_needed(rest, t.round_no, t.rules, trusted=True), rest)
    need = min((n for n, _ in needs.values() if n is not None), default=None)
    return need, {card: outs(rest, t.round_no, t.rules, trusted=True) if need else ()
                  for card, (n, rest) in needs.items() if n == need}


def _helping(i: int, n: int, wild_helps: bool, helps, t: _Round) -> bool:
    """Would card ``i`` help a hand holding ``n`` copies of it (as :func:`_found` judges)?"""
    if n >= t.deck[i]:
        return False
    if t.wild[i]:
        return wild_helps
    level = 0 if t.repeated else n
    return level < t.levels and helps[level][t.natural_rank[i]]


def _closest_throws(hand, t: _Round):
    """The work :func:`closest_discards` and :func:`discard_chances` share: how many
    cards the closest discards leave the hand needing, the hand's counts, and those
    discards (card indices) with what helps the rest (:func:`_helps`; None when no
    card can, the contract being there or out of reach)."""
    need, cnt, lv, w, most_wilds, throws, judged = _throws(hand, t)
    closest: list[tuple[int, tuple | None]] = []
    helping: dict[tuple, tuple] = {}
    for i, change in throws.items():
        if judged[change] != need:
            continue
        if not need:
            closest.append((i, None))
            continue
        helps = helping.get(change)
        if helps is None:
            if not change:
                helps = _helps(lv, w, most_wilds, need, t)
            elif change[0] == "wild":
                helps = _helps(lv, w - 1, change[1], need, t)
            else:
                row = lv[change[1]]
                row[change[0]] -= 1
                helps = _helps(lv, w, most_wilds, need, t)
                row[change[0]] += 1
            helping[change] = helps
        closest.append((i, helps))
    return need, cnt, closest


def _throws(hand, t: _Round):
    """Each distinct discard of ``hand`` as the one count it changes, and how many cards
    each leaves the hand needing: (the least of those, the hand's counts as
    :func:`_gap_counts` gives them, the change of each card index, the need of each
    change). Discards that change the counts alike are judged once."""
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    wild, rank, deck, levels = t.wild, t.natural_rank, t.deck, t.levels
    repeated = t.repeated
    # A discard changes one count: a wild held (and, for a copy beyond the deck's,
    # the most wilds), or one natural of its rank at the level of its last copy.
    throws: dict[int, tuple] = {}
    for c in hand:
        i = c.index
        if i in throws:
            continue
        n = cnt[i] - 1
        if wild[i]:
            throws[i] = ("wild", most_wilds - (n >= deck[i]))
        else:
            level = 0 if repeated else n
            throws[i] = (rank[i], level) if rank[i] and level < levels else ()
    judged: dict[tuple, int | None] = {}
    for i, change in throws.items():
        if change in judged:
            continue
        if not change:
            judged[change] = _shortfall(lv, w, most_wilds, t)
        elif change[0] == "wild":
            judged[change] = _shortfall(lv, w - 1, change[1], t)
        else:
            row = lv[change[1]]
            row[change[0]] -= 1
            judged[change] = _shortfall(lv, w, most_wilds, t)
            row[change[0]] += 1
    needs = [v for v in judged.values() if v is not None]
    need = min(needs) if needs else None
    return need, cnt, lv, w, most_wilds, throws, judged
