"""What is missing: how many more cards complete a contract, and which single cards help.

The counting below is for set-only rule sets; where melds may be runs the same
questions go to :func:`._run_gaps.shortfall` (meld templates with empty slots) and
:func:`._run_outs.closer`. Which discard leaves a hand closest, and with how many outs,
is :mod:`.discards`, built on the counting here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations_with_replacement
from operator import add
from typing import Iterable

from ..engine.cards import ALL_CARDS, SUIT_NAMES, SUITS, Card, Cards
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.words import join_or, rank_word
from . import _run_gaps, _run_outs, _runs
from ._core import _capacity, _held, _round, _Round

__all__ = ["MissingCards", "cards_needed", "outs", "what_is_missing"]


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
        from ..pictures.svg import missing_svg  # (a picture hook: the engine never pays for pictures)

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
        return tuple([ALL_CARDS[i] for i in _run_outs.closer(cnt, need, t)]) if need else ()
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
        closer = _run_outs.closer(cnt, need, t) if t.has_runs else _closer(cnt, lv, w, most_wilds, need, t)
        return MissingCards(round_no, need, tuple([ALL_CARDS[i] for i in closer]))
    contract = rules.contract(round_no).words
    if need is None:
        return MissingCards(round_no, None, (), f"No cards can complete {contract}: the deck lacks them.")
    if need == 0:
        return MissingCards(round_no, 0, (), f"The hand holds {contract} already.")
    if t.has_runs:
        found = tuple([ALL_CARDS[i] for i in _run_outs.closer(cnt, need, t)])
    else:
        found = tuple([ALL_CARDS[i] for i in _closer(cnt, lv, w, most_wilds, need, t)])
    listed = _describe_outs(found, t, t.deck, cnt)
    if need == 1:
        sentence = f"One more card completes {contract}: {listed}."
    else:
        sentence = (f"{need} more cards are needed for {contract}; "
                    f"each of these brings it one closer: {listed}.")
    return MissingCards(round_no, need, found, sentence)
