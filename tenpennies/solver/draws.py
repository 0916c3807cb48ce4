"""Counting the draws that complete a hand: how many of the draws of ``m`` cards from a pool
hold the contract (:func:`completing_draws`), which cards could take part in one
(:func:`completing_cards`, :func:`idle_cards`), for the buy judgment's chances
(:func:`tenpennies.odds.draw_chance`, :mod:`tenpennies.bots.buying`).

Built on :mod:`.missing`'s counting: a contract of sets is judged by a few counts per rank,
so a draw is counted by how it changes them, rank by rank, not card by card. Where melds
may be runs only :func:`idle_cards` applies (the caller counts card by card).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import comb
from operator import add
from typing import Iterable

from ..engine.cards import ALL_CARDS, Card
from ..engine.rules import TEN_PENNIES, RuleSet
from ._core import _held, _round, _Round
from .missing import _gap_counts, _one_set_need, _two_sets_need

__all__ = ["completing_cards", "completing_draws", "idle_cards"]


_DONE = "done"  # a summary that holds the contract already: nothing drawn later can spoil it


def completing_draws(hand: Iterable[Card], round_no: int, rules: RuleSet, pools, counts, *,
                     trusted: bool = False) -> int | None:
    """How many draws complete ``hand``'s contract: ``counts[i]`` cards drawn from
    ``pools[i]`` (copies of each card value by :attr:`Card.index`, the physical cards a
    draw can be; the pools apart from one another), each draw counted as the product of
    ``comb(pool[c], taken[c])`` over its card values, so that the chance is this count
    over the product of ``comb(sum(pools[i]), counts[i])``. None where this count does
    not apply: rule sets with runs, or contracts of three sets or more (the caller counts
    card by card).

    Counted rank by rank, as :func:`cards_needed` judges a hand: a one-set contract asks
    only how many suits the best rank holds (and the wilds), a two-set contract also the
    second best rank and what two sets of one rank hold, so a draw matters only by how
    it changes those few counts. Ranks that no draw of this size can lift into them are
    lumped with the cards no set can use; each other rank's draws are grouped by what
    they leave (memoized by the rank's copies held and left to draw, which repeat across
    ranks and offers); the groups are combined over the ranks, a combination that holds
    the contract already is followed no further, and the wilds come last. A few hundred
    small steps where listing the draws would be tens of thousands.

    >>> from tenpennies import parse_cards
    >>> from tenpennies.odds import unseen_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    >>> left = [0] * 53
    >>> for card, n in unseen_cards(hand).items():
    ...     left[card.index] = n
    >>> completing_draws(hand, 1, TEN_PENNIES, (left,), (2,))  # of comb(97, 2) = 4656 draws
    812
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    if t.has_runs or t.k > 2:
        return None
    counts = tuple(counts)
    npools = len(counts)
    m = sum(counts)
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    if npools == 1 and not t.repeated:
        if t.k == 1:
            return _one_set_draws(cnt, lv[0], w, most_wilds, t, pools[0], m)
        return _two_set_draws(cnt, lv, w, most_wilds, t, pools[0], m)
    levels, repeated, one = t.levels, t.repeated, t.k == 1
    size, low = t.size, t.low
    # What a rank holds for one set (d) and two sets (e), read only as far as the verdict
    # tells them apart: fewer naturals than a set needs are none, more than it holds as many.
    raw_d = lv[0]
    raw_e = list(map(add, raw_d, lv[1])) if levels > 1 else raw_d

    def held_d(x: int) -> int:
        return (x if x < size else size) if x >= low else 0

    def held_e(x: int) -> int:
        return (x if x < 2 * size else 2 * size) if x >= 2 * low else 0

    if one:
        need_of = _one_set_need
        top_h = max(map(held_d, raw_d))
    else:
        need_of = _two_sets_need
        same_h = max(map(held_e, raw_e))
        b_h, a_h = sorted(map(held_d, raw_d))[-2:]
    # A draw's cards taken from each pool, as one number: pool p's count is digit p, in a
    # base in which two draws add without carrying.
    base = 2 * m + 1
    full = sum(c * base ** p for p, c in enumerate(counts))
    other = [0] * npools  # cards that cannot change the verdict, by pool
    wilds = [0] * npools
    for i in t.wild_indices:
        for p in range(npools):
            wilds[p] += pools[p][i]
    rank_of = t.natural_rank
    live = []
    start = []  # the summaries of the ranks no draw changes
    for r in t.naturals:
        idx = (r - 1, r + 12, r + 25, r + 38)
        if held_d(raw_d[r] + m) <= (top_h if one else b_h) and (one or held_e(raw_e[r] + m) <= same_h):
            dead = True  # not even m cards of this rank could change the summary
        else:
            held = tuple([cnt[i] if rank_of[i] == r else 0 for i in idx])
            left = tuple([tuple([pools[p][i] if rank_of[i] == r else 0 for p in range(npools)]) for i in idx])
            if repeated:
                most_d = raw_d[r] + min(m, sum(map(sum, left)))
                most_e = most_d
            else:
                most_d = raw_d[r] + min(m, sum([1 for h, lf in zip(held, left) if h == 0 and any(lf)]))
                most_e = raw_e[r] + min(m, sum([min(levels - h, sum(lf)) for h, lf in zip(held, left) if h < levels]))
            dead = held_d(most_d) <= (top_h if one else b_h) and (one or held_e(most_e) <= same_h)
            if not dead:
                live.append(_rank_draws(tuple(sorted(zip(held, left))), counts, levels, repeated, one, size, low))
        if dead:
            for p in range(npools):
                pool = pools[p]
                other[p] += pool[idx[0]] + pool[idx[1]] + pool[idx[2]] + pool[idx[3]]
            start.append((held_d(raw_d[r]), held_e(raw_e[r])))
    for i in range(53):
        if not rank_of[i] and not t.wild[i]:
            for p in range(npools):
                other[p] += pools[p][i]
    # Combining summaries: the best rank (one set), or the two best and the best for two sets.
    merged: dict = {}

    def merge(summary, got):
        key = (summary, got)
        found = merged.get(key)
        if found is None:
            if one:
                found = got if got > summary else summary
                holds = need_of(found, w, most_wilds, t) == 0
            else:
                same, a, b = summary
                d, e = got
                if d > a:
                    a, b = d, a
                elif d > b:
                    b = d
                found = (e if e > same else same, a, b)
                holds = need_of(*found, w, most_wilds, t) == 0
            if holds:
                found = _DONE
            merged[key] = found
        return found

    summary = 0 if one else (0, 0, 0)
    for got in start:
        summary = merge(summary, got[0] if one else got)
        if summary is _DONE:
            break
    states = {(0, summary): 1}
    for table, by_taken in live:
        grown: dict = {}
        for (used, summary), ways in states.items():
            if summary is _DONE:
                for taken, weight in by_taken:
                    now = used + taken
                    if now <= full and _fits(now, base, counts):
                        key = (now, _DONE)
                        grown[key] = grown.get(key, 0) + ways * weight
                continue
            for taken, got, weight in table:
                now = used + taken
                if now <= full and (npools == 1 or _fits(now, base, counts)):
                    key = (now, merge(summary, got))
                    grown[key] = grown.get(key, 0) + ways * weight
        states = grown
    # The rest of each draw: wilds and the cards that change nothing, by how many wilds.
    finish: dict = {}
    holds: dict = {}
    total = 0
    for (used, summary), ways in states.items():
        tail = finish.get(used)
        if tail is None:
            rest = [(used // base ** p) % base for p in range(npools)]
            rest = [c - u for c, u in zip(counts, rest)]
            tail = {}
            for wild_taken in product(*(range(x + 1) for x in rest)):
                weight = 1
                for p in range(npools):
                    weight *= comb(wilds[p], wild_taken[p]) * comb(other[p], rest[p] - wild_taken[p])
                if weight:
                    j = sum(wild_taken)
                    tail[j] = tail.get(j, 0) + weight
            finish[used] = tail = tuple(tail.items())
        if summary is _DONE:
            total += ways * sum([weight for _, weight in tail])
            continue
        for j, weight in tail:
            key = (summary, j)
            ok = holds.get(key)
            if ok is None:
                ok = holds[key] = (need_of(summary, w + j, most_wilds, t) if one else
                                   need_of(*summary, w + j, most_wilds, t)) == 0
            if ok:
                total += ways * weight
    return total


def completing_cards(hand: Iterable[Card], round_no: int, rules: RuleSet, pool, m: int, *,
                     trusted: bool = False, values: bool = False):
    """How many of the cards ``pool`` holds (copies by :attr:`Card.index`) could take part
    in a draw of ``m`` of them that completes ``hand``'s contract: every card of a draw's
    smallest completing part is one of these, so a draw needs at least
    :func:`cards_needed` of them to complete it (a sound bound, for a buy judgment that
    would rather not count every draw). The wilds, when one more wild could help, and
    the cards of the ranks :func:`completing_draws` does not lump with the cards no set
    can use, in the suits that raise what the rank holds. None where
    :func:`completing_draws` does not apply (runs, or more sets), the cards
    :func:`idle_cards` does not name, or None where it names none; all of the pool when
    the hand holds the contract. With ``values=True``, the card values themselves (a
    frozenset of indices) instead of their copies' count."""
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    if t.has_runs or t.k > 2 or t.repeated:
        idle = idle_cards(hand, round_no, rules, m)
        if not idle:
            return None
        if values:
            return frozenset(i for i in range(53) if pool[i] and i not in idle)
        return sum(pool) - sum([pool[i] for i in idle])
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    levels, size = t.levels, t.size
    wilds = sum([pool[i] for i in t.wild_indices])
    d0 = lv[0]
    e0 = list(map(add, d0, lv[1])) if levels > 1 else d0
    useful = 0
    one = t.k == 1
    if one:
        firsts = [_one_set_threshold(t, w + j, most_wilds) for j in range(m + 1)]
        if firsts[0] is not None and max(d0) >= firsts[0]:
            return frozenset(i for i in range(53) if pool[i]) if values else sum(pool)
    else:
        firsts = [_two_set_thresholds(t, w + j, most_wilds) for j in range(m + 1)]
    # Wilds help when some number of them drawn changes what the sets need.
    wild_helps = any(x != firsts[0] for x in firsts)
    spans = range(m + 1 if wild_helps else 1)
    if one:
        # A rank takes part when, for some count of wilds drawn, the rest can bring it the suits it lacks.
        asks = [(firsts[j], m - j) for j in spans if firsts[j] is not None]
    else:
        asks = [(firsts[j][0], firsts[j][1][size], m - j) for j in spans]
    found = [] if values else None
    for r in t.naturals:
        raise_d = raise_e = n = 0
        for i in (r - 1, r + 12, r + 25, r + 38):
            x = pool[i]
            if x:
                h = cnt[i]
                if h < levels:
                    n += x
                    raise_e += levels - h if x > levels - h else x
                    if not h:
                        raise_d += 1
        if not n:
            continue
        d = d0[r]
        takes_part = False
        if one:
            for need, drawn in asks:
                if d + (drawn if drawn < raise_d else raise_d) >= need:
                    takes_part = True
                    break
        else:
            e = e0[r]
            for both, second, drawn in asks:
                # As _two_set_draws' test, against the best a rank can reach (at most size).
                if (min(2 * size, e + (drawn if drawn < raise_e else raise_e)) >= both
                        or min(size, d + (drawn if drawn < raise_d else raise_d)) >= second):
                    takes_part = True
                    break
        if takes_part:
            useful += n
            if values:
                found += [i for i in (r - 1, r + 12, r + 25, r + 38) if pool[i] and cnt[i] < levels]
    if values:
        if wild_helps:
            found += [i for i in t.wild_indices if pool[i]]
        return frozenset(found)
    return useful + (wilds if wild_helps else 0)


def idle_cards(hand: Iterable[Card], round_no: int, rules: RuleSet, m: int) -> frozenset:
    """Card values (indices) that can take part in no draw of ``m`` cards completing
    ``hand``'s contract, found from the melds' shape alone (T14, C3, C4): where each meld
    needs more naturals than ``m``, every meld a drawn card goes into holds a natural of
    the hand, so a drawn natural takes part only if it has that natural's rank, or (with
    runs) its suit within ``m`` ranks plus the hand's wilds of it (the cards between are
    the hand's wilds or other drawn cards). Empty where that does not hold."""
    contract = rules.contract(round_no)
    least = max(1, contract.size - contract.wild_limit,
                contract.size // 2 + 1 if contract.wilds_outnumbered else 0)
    if least <= m:
        return frozenset()
    wild = rules.wild_table(round_no)
    wilds = sum(1 for c in hand if wild[c.index])
    ranks = {c.rank for c in hand if not wild[c.index]}
    reach = m + wilds
    by_suit: dict = {}
    if rules.has_runs:
        for c in hand:
            if not wild[c.index]:
                by_suit.setdefault(c.suit, set()).add(c.rank)
    idle = []
    for c in ALL_CARDS:
        if wild[c.index] or c.rank in ranks:
            continue
        held = by_suit.get(c.suit)
        if held and any(min((c.rank - r) % 13, (r - c.rank) % 13) <= reach for r in held):
            continue
        idle.append(c.index)
    return frozenset(idle)


# The two counts below multiply polynomials in the number of cards drawn (degree at most the
# draw's size) over the ranks. Each is held as one integer, coefficient i in bits
# [i * bits, (i + 1) * bits): every coefficient, and every one of a product before it is
# cut back to the draw's degree, counts draws of at most twice that many cards, so it fits
# in ``bits`` (:func:`_digit_bits`) and a product of two polynomials is one multiplication.
@lru_cache(maxsize=64)
def _digit_bits(cards: int, m: int) -> int:
    """Bits that hold any count of draws of up to ``2 * m`` cards from ``cards`` cards."""
    return max(16, 2 * m * max(1, cards).bit_length() + 1)


def _packed(coefficients, bits: int) -> int:
    value = 0
    for i, x in enumerate(coefficients):
        value |= x << (i * bits)
    return value


def _coefficient(value: int, i: int, bits: int) -> int:
    return (value >> (i * bits)) & ((1 << bits) - 1)


def _one_set_draws(cnt, d, w: int, most_wilds: int, t: _Round, pool, m: int) -> int:
    """:func:`completing_draws` of ``m`` cards from one pool for a one-set contract whose
    sets take each suit once (rounds 2, 4, 6 and 7 of Ten Pennies), counted the other way
    round: for each number ``j`` of wilds drawn, a set needs its best rank in some
    ``need`` suits, so the natural draws that fail are those that leave every rank short
    of it, and those multiply over the ranks (a polynomial in the cards drawn, of degree
    ``m - j``, for each rank a draw could lift that far; the others are counted together).
    ``d`` is the hand's suits held per rank."""
    wilds = sum([pool[i] for i in t.wild_indices])
    naturals = sum(pool) - wilds  # (every card that is not wild: cards of ranks no set can use too)
    needs = [(j, _one_set_threshold(t, w + j, most_wilds)) for j in range(min(m, wilds) + 1)]
    needs = [(j, need) for j, need in needs if need is not None]
    if not needs:
        return 0
    least = min(need for _, need in needs)
    ranks = []  # per rank a draw could lift to a set: suits held, copies of its new suits left, of the rest
    for r in t.naturals:
        held = d[r]
        if held + m < least:
            continue  # not even m new suits would do
        fresh, rest = [], 0
        for i in (r - 1, r + 12, r + 25, r + 38):
            n = pool[i]
            if n:
                if cnt[i]:
                    rest += n
                else:
                    fresh.append(n)
        if held + min(m, len(fresh)) >= least:
            ranks.append((held, tuple(sorted(fresh)), rest, sum(fresh) + rest))
    bits = _digit_bits(sum(t.deck), m)
    top = max(d)
    total = 0
    for j, need in needs:
        drawn = m - j
        if top >= need:
            total += comb(wilds, j) * comb(naturals, drawn)
            continue
        mask = (1 << (bits * (drawn + 1))) - 1
        short = 1  # draws leaving every rank short of need suits, by cards drawn
        dead = naturals
        for held, fresh, rest, n in ranks:
            if held + min(drawn, len(fresh)) >= need:
                dead -= n
                short = (short * _short_draws(fresh, rest, need - held, drawn, bits)) & mask
        failing = _coefficient(short * _packed([comb(dead, a) for a in range(drawn + 1)], bits), drawn, bits)
        total += comb(wilds, j) * (comb(naturals, drawn) - failing)
    return total


@lru_cache(maxsize=1024)
def _one_set_threshold(t: _Round, wilds: int, most_wilds: int) -> int | None:
    """The fewest suits a rank needs for the one-set contract with ``wilds`` wilds (None: never)."""
    return next((suits for suits in range(5) if _one_set_need(suits, wilds, most_wilds, t) == 0), None)


def _two_set_draws(cnt, lv, w: int, most_wilds: int, t: _Round, pool, m: int) -> int:
    """:func:`completing_draws` of ``m`` cards from one pool for a two-set contract whose
    sets take each suit once (rounds 1, 3 and 5 of Ten Pennies), counted the other way
    round: for each number ``j`` of wilds drawn, the natural draws that fail are those
    after which no rank holds both sets and no two ranks hold one each. Both are asked
    rank by rank, a rank against the best rank before it (two ranks hold a set each
    when the better two do), so a draw fails when each rank in turn fails; the ways are
    kept by the best rank so far and the cards drawn, and ranks that no draw of this
    size can bring into a set are counted together."""
    levels, size, low = t.levels, t.size, t.low
    wilds = sum([pool[i] for i in t.wild_indices])
    wild, rank_of = t.wild, t.natural_rank
    other = sum([pool[i] for i in range(53) if not wild[i] and not rank_of[i]])
    d0 = lv[0]
    e0 = list(map(add, d0, lv[1])) if levels > 1 else d0
    ranks = []  # per natural rank: the most suits and two-set naturals m cards can bring, its profile, its copies
    naturals = other
    for r in t.naturals:
        pairs = ((cnt[r - 1], pool[r - 1]), (cnt[r + 12], pool[r + 12]),
                 (cnt[r + 25], pool[r + 25]), (cnt[r + 38], pool[r + 38]))
        n = most_d = most_e = 0
        for h, x in pairs:
            if x:
                n += x
                if h < levels:
                    most_e += levels - h if x > levels - h else x
                    if not h:
                        most_d += 1
        naturals += n
        ranks.append((min(size, d0[r] + most_d), min(2 * size, e0[r] + most_e), d0[r], e0[r],
                      tuple(sorted(pairs)) if n else pairs, n))
    bits = _digit_bits(sum(t.deck), m)
    total = 0
    for j in range(min(m, wilds) + 1):
        wj = w + j
        drawn = m - j
        mask = (1 << (bits * (drawn + 1))) - 1
        # The fewest naturals two sets of one rank need, and for each best rank so far the
        # fewest suits a second rank needs, with wj wilds (more than any rank can hold: never).
        both, second = _two_set_thresholds(t, wj, most_wilds)
        reach = [(dd if dd < d + drawn else d + drawn, ee if ee < e + drawn else e + drawn, profile, n)
                 for dd, ee, d, e, profile, n in ranks]
        best = max([x[0] for x in reach])
        dead = other
        alike: dict = {}  # the ranks a draw could bring into the contract, by profile
        for rd, re, profile, n in reach:
            if re < both and rd < second[best]:
                dead += n  # no draw of this rank can take part in the contract
            else:
                alike[profile] = alike.get(profile, 0) + 1
        failing = {0: 1}  # best suits of a rank so far -> ways, by cards drawn
        for profile, copies in alike.items():
            passes = _ranks_failing(profile, copies, drawn, levels, size, low, both, second, bits)
            grown: dict = {}
            for top, ways in failing.items():
                for key, poly in passes[top]:
                    grown[key] = grown.get(key, 0) + ((ways * poly) & mask)
            failing = grown
        ways = sum(failing.values())
        fail = _coefficient(ways * _packed([comb(dead, a) for a in range(drawn + 1)], bits), drawn, bits)
        total += comb(wilds, j) * (comb(naturals, drawn) - fail)
    return total


@lru_cache(maxsize=1024)
def _two_set_thresholds(t: _Round, wilds: int, most_wilds: int) -> tuple:
    """With ``wilds`` wilds held: the fewest naturals two sets of one rank need, and for
    each count of suits a best rank holds, the fewest suits a second rank needs (99: never)."""
    size = t.size
    both = next((e for e in range(2 * size + 1) if _two_sets_need(e, 0, 0, wilds, most_wilds, t) == 0), 99)
    second = tuple(next((b for b in range(size + 1) if _two_sets_need(0, a, b, wilds, most_wilds, t) == 0), 99)
                   for a in range(size + 1))
    return both, second


@lru_cache(maxsize=8192)
def _ranks_failing(profile, copies: int, most: int, levels: int, size: int, low: int, both: int, second: tuple,
                   bits: int) -> dict:
    """:func:`_rank_failing` for ``copies`` ranks of one profile in turn, as
    :func:`_two_set_draws` follows them: for each best suits of a rank before them, the
    best after them with the ways that leave the contract unheld, packed, cut back to
    ``most`` cards drawn."""
    mask = (1 << (bits * (most + 1))) - 1
    polys = _rank_failing(profile, most, levels, size, low, both, bits)
    passes = {}
    for start in [0] + list(range(low, size + 1)):
        failing = {start: 1}
        for _ in range(copies):
            grown: dict = {}
            for top, ways in failing.items():
                limit = second[top]
                for gd, poly in polys:
                    if gd < limit:
                        key = gd if gd > top else top
                        grown[key] = grown.get(key, 0) + ((ways * poly) & mask)
            failing = grown
        passes[start] = tuple(failing.items())
    return passes


@lru_cache(maxsize=8192)
def _rank_failing(profile, most: int, levels: int, size: int, low: int, both: int, bits: int) -> tuple:
    """One rank's draws of up to ``most`` cards after which its two sets do not hold
    (fewer than ``both`` two-set naturals), grouped by the suits it then holds for one
    set (none below ``low``, at most ``size``): ``((suits, ways by cards drawn), ...)``,
    the ways packed in ``bits`` a coefficient. ``profile`` pairs each suit's copies held
    with its copies left."""
    options = []
    for held, left in profile:
        options.append([(x, held + x, comb(left, x)) for x in range(min(left, most) + 1)])
    grouped: dict = {}
    for pick in product(*options):
        k = sum(p[0] for p in pick)
        if k > most:
            continue
        e = sum(1 for p in pick if p[1] > 0) + (sum(1 for p in pick if p[1] > 1) if levels > 1 else 0)
        if (min(e, 2 * size) if e >= 2 * low else 0) >= both:
            continue
        d = sum(1 for p in pick if p[1] > 0)
        d = min(d, size) if d >= low else 0
        ways = 1
        for p in pick:
            ways *= p[2]
        row = grouped.get(d)
        if row is None:
            row = grouped[d] = [0] * (most + 1)
        row[k] += ways
    return tuple((d, _packed(row, bits)) for d, row in grouped.items())


@lru_cache(maxsize=4096)
def _short_draws(fresh: tuple, rest: int, lacking: int, most: int, bits: int) -> int:
    """Ways to draw ``t`` cards (``t`` up to ``most``) of one rank that bring fewer than
    ``lacking`` new suits, by ``t``, packed in ``bits`` a coefficient: ``fresh`` the
    copies left of each suit not held, ``rest`` the copies left of the suits held."""
    ways = [0] * (most + 1)
    for taken in product(*(range(min(n, most) + 1) for n in fresh)):
        k = sum(taken)
        if k > most or sum(1 for x in taken if x) >= lacking:
            continue
        base = 1
        for n, x in zip(fresh, taken):
            base *= comb(n, x)
        for extra in range(most - k + 1):
            ways[k + extra] += base * comb(rest, extra)
    return _packed(ways, bits)


def _fits(code: int, base: int, counts) -> bool:
    """Whether a draw coded as :func:`completing_draws` codes it takes no more from any
    pool than is drawn from it."""
    for c in counts:
        if code % base > c:
            return False
        code //= base
    return True


@lru_cache(maxsize=4096)
def _rank_draws(profile, counts, levels: int, repeated: bool, one: bool, size: int, low: int):
    """The draws of one rank's cards, grouped by what they leave: ``((taken, summary,
    ways), ...)``, ``taken`` coded as :func:`completing_draws` codes it, the summary being
    the naturals one set of the rank holds (one-set contracts) or that and what two sets
    hold (two-set), none below what a set needs and at most what it holds; and the same
    ways by ``taken`` alone. ``profile`` pairs each suit's copies held with its copies
    left per pool."""
    npools = len(counts)
    m = sum(counts)
    base = 2 * m + 1
    options = []
    for held, left in profile:
        choices = []
        for taken in product(*(range(min(n, c) + 1) for n, c in zip(left, counts))):
            if sum(taken) <= m:
                ways = 1
                for n, x in zip(left, taken):
                    ways *= comb(n, x)
                choices.append((taken, held + sum(taken), ways))
        options.append(choices)
    grouped: dict = {}
    by_taken: dict = {}
    for pick in product(*options):
        taken = tuple(sum(p[0][i] for p in pick) for i in range(npools))
        if any(x > c for x, c in zip(taken, counts)):
            continue
        if repeated:
            d = sum(p[1] for p in pick)
            e = d
        else:
            d = sum(1 for p in pick if p[1] > 0)
            e = d + (sum(1 for p in pick if p[1] > 1) if levels > 1 else 0)
        d = min(d, size) if d >= low else 0
        e = min(e, 2 * size) if e >= 2 * low else 0
        code = sum(x * base ** p for p, x in enumerate(taken))
        key = (code, d if one else (d, e))
        ways = 1
        for p in pick:
            ways *= p[2]
        grouped[key] = grouped.get(key, 0) + ways
        by_taken[code] = by_taken.get(code, 0) + ways
    return tuple((code, got, ways) for (code, got), ways in grouped.items()), tuple(by_taken.items())
