"""What is missing: how many more cards complete a contract, and which single cards help.

The counting below is for set-only rule sets; where melds may be runs the same
questions go to :func:`._run_gaps.shortfall` (meld templates with empty slots) and
:func:`._run_gaps.closer`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from operator import add
from typing import Iterable, Mapping, Sequence

from ..cards import ALL_CARDS, SUIT_NAMES, SUITS, Card, Cards
from ..rules import TEN_PENNIES, RuleSet
from ..words import join_or, rank_word
from . import _run_gaps, _runs
from ._core import _capacity, _held, _round, _Round

__all__ = ["MissingCards", "cards_needed", "closest_discards", "discard_chances", "outs", "what_is_missing"]



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
        from ..svg import missing_svg

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
    return _found(cnt, *_helps(lv, w, most_wilds, need, t), t)


def _helps(lv, w: int, most_wilds: int, need: int, t: _Round):
    """Whether a wild helps the counted hand, ``helps[level][rank]`` for naturals, and
    the ranks some level marks: what :func:`_closer` judges, which depends on the counts
    per rank, not per card."""
    target = need - 1
    levels = t.levels
    helps = [[False] * 14 for _ in range(levels)]
    marked: set[int] = set()  # so that _found looks only at their suits
    d = lv[0]
    if t.k == 1:
        # Only the best rank counts, so only a new suit of a rank held most helps.
        top = max(d)
        wild_helps = _one_set_need(top, w + 1, most_wilds, t) == target
        if _one_set_need(top + 1, w, most_wilds, t) == target:
            marked = {r for r in t.naturals if d[r] == top}
            for r in marked:
                helps[0][r] = True
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
                if h:
                    row[r] = True
                    marked.add(r)
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
                if h:
                    helps[level][r] = True
                    marked.add(r)
    return wild_helps, helps, marked


def _found(cnt, wild_helps: bool, helps, marked, t: _Round) -> list[int]:
    """The card values (indices, in showing order) that help, as :func:`_helps` judged."""
    levels = t.levels
    deck, rank = t.deck, t.natural_rank
    repeated = t.repeated
    # Only the wilds, and the four suits of each rank some level's row marks, can help:
    # looked at alone, then put in showing order (rather than looking at every card value).
    found = [i for i in t.wild_indices if wild_helps and cnt[i] < deck[i]]
    for r in marked:
        for i in (r - 1, r + 12, r + 25, r + 38):
            n = cnt[i]
            if rank[i] != r or n >= deck[i]:
                continue  # a wild of this rank, or every copy of it is in the hand already
            level = 0 if repeated else n
            if level < levels and helps[level][r]:
                found.append(i)
    found.sort(key=t.shown_at.__getitem__)
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
    if t.has_runs:
        return _run_gaps.shortfall(_runs.count(hand, t), t)
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
    if t.has_runs:
        cnt = _runs.count(hand, t)
        need = _run_gaps.shortfall(cnt, t)
        return tuple([ALL_CARDS[i] for i in _run_gaps.closer(cnt, need, t)]) if need else ()
    cnt, lv, w, most_wilds = _gap_counts(hand, t)
    need = _shortfall(lv, w, most_wilds, t)
    if not need:
        return ()
    return tuple([ALL_CARDS[i] for i in _closer(cnt, lv, w, most_wilds, need, t)])


def _describe_outs(outs: tuple[Card, ...], t: _Round, deck, cnt) -> str:
    parts = []
    by_rank: dict[int, list[str]] = {}
    wilds = [c for c in outs if t.wild[c.index]]
    for c in outs:
        if not t.wild[c.index]:
            by_rank.setdefault(c.rank, []).append(c.suit)
    for rank in sorted(by_rank, key=lambda r: (r == 1, r)):
        suits = by_rank[rank]
        word = f"a natural {rank_word(rank)}"
        if len(suits) == 4:
            parts.append(word)
        elif len(suits) == 3:
            (missing,) = set(SUITS) - set(suits)
            parts.append(f"{word} that is not a {SUIT_NAMES[missing]}")
        elif len(suits) == 2:
            parts.append(f"{word} of " + " or ".join(SUIT_NAMES[x] + "s" for x in suits))
        else:
            parts.append(f"the {rank_word(rank)} of {SUIT_NAMES[suits[0]]}s")
    if wilds:
        available = [i for i in range(53) if t.wild[i] and deck[i] > cnt[i]]
        if len(wilds) == len(available):
            only_jokers = all(ALL_CARDS[i].suit is None for i in available)
            parts.append("a joker" if only_jokers else "a wild")
        else:
            parts.extend(f"the {c.name}" for c in wilds)
    return join_or(parts)


def what_is_missing(
    hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
    trusted: bool = False, words: bool = True,
) -> MissingCards:
    """How far ``hand`` is from the round's contract, and which cards would help.

    ``words=False`` leaves the sentence empty: the numbers of :func:`cards_needed` and
    :func:`outs` from one count of the hand, for a bot that asks both (``trusted`` as
    there).

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
    >>> from tenpennies import TEN_CARD_RUMMY
    >>> print(what_is_missing(parse_cards("4H 5H 9C KD"), 1, TEN_CARD_RUMMY))
    One more card completes one meld of 3 (a set or a run): the 3 of hearts, the 6 of hearts, or a joker.
    """
    t = _round(rules, round_no)
    hand = _held(hand, t, trusted)
    if t.has_runs:
        cnt = _runs.count(hand, t)
        need = _run_gaps.shortfall(cnt, t)
    else:
        cnt, lv, w, most_wilds = _gap_counts(hand, t)
        need = _shortfall(lv, w, most_wilds, t)
    if not words:
        if not need:
            return MissingCards(round_no, need, ())
        closer = _run_gaps.closer(cnt, need, t) if t.has_runs else _closer(cnt, lv, w, most_wilds, need, t)
        return MissingCards(round_no, need, tuple([ALL_CARDS[i] for i in closer]))
    contract = rules.contract(round_no).words
    if need is None:
        return MissingCards(round_no, None, (), f"No cards can complete {contract}: the deck lacks them.")
    if need == 0:
        return MissingCards(round_no, 0, (), f"The hand holds {contract} already.")
    if t.has_runs:
        found = tuple([ALL_CARDS[i] for i in _run_gaps.closer(cnt, need, t)])
    else:
        found = tuple([ALL_CARDS[i] for i in _closer(cnt, lv, w, most_wilds, need, t)])
    listed = _describe_outs(found, t, t.deck, cnt)
    if need == 1:
        sentence = f"One more card completes {contract}: {listed}."
    else:
        sentence = (f"{need} more cards are needed for {contract}; "
                    f"each of these brings it one closer: {listed}.")
    return MissingCards(round_no, need, found, sentence)



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
