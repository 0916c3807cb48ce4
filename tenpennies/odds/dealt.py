"""The exact chance of being dealt a round's contract, counted without listing hands.

:func:`dealt_probability` counts the hands that hold the contract rank by rank (sets
only, Ten Pennies) or, for a contract of one meld with runs (Ten Card Rummy), suit by
suit; :func:`exact_dealt_rounds` says which rounds it can count. One concept (a count of
about 10^15 hands, with its two methods and their tables), hence one module.

    >>> dealt_probability(1)
    Fraction(196995994817, 2211443056305)
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from ..engine.cards import ALL_CARDS, JOKER, Card
from ..engine.errors import TenPenniesError
from ..engine.rules import TEN_PENNIES, MeldKind, RuleSet

_INF = 10**6  # a wild need no hand can meet: "these sets cannot be made"


# ---------------------------------------------------------------------------------
# The contract seen through rank counts
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Shape:
    """What a round's contract asks of each rank, under one rule set.

    ``deficiency[counts][j]`` is the fewest wild cards needed to make ``j`` contract
    sets out of one rank whose four suits are held ``counts`` times (``_INF`` if the
    rank cannot give ``j`` sets at all).
    """

    sets: int
    size: int
    natural_ranks: tuple[int, ...]
    wild_values: tuple[Card, ...]  # the distinct card values that are wild this round
    wild_cards: int  # how many physical wild cards the deck holds
    copies: int  # copies of each natural card value (the number of decks)
    deficiency: dict[tuple[int, int, int, int], tuple[int, ...]]


def _rank_deficiency(counts: Sequence[int], sets: int, size: int, wild_limit: int,
                     repeated_suits: bool) -> tuple[int, ...]:
    """Fewest wilds to make 0, 1, ..., ``sets`` contract sets from one rank's cards.

    A contract set of ``size`` with ``n`` naturals needs ``size - n`` wilds, so it
    needs at least ``max(1, size - wild_limit)`` naturals (T14), and more than
    ``size`` never helps. With no suit twice in a set, ``j`` sets can hold
    ``n_1 >= ... >= n_j`` naturals exactly when, for every ``k``, the ``k`` largest
    ask for at most ``sum(min(c, k) for c in counts)`` cards: a suit held ``c``
    times can serve at most ``min(c, k)`` of ``k`` sets (the Gale-Ryser condition
    of a bipartite matching of sets to suits). With repeated suits allowed only
    the total, ``sum(counts)``, limits them.
    """
    least = max(1, size - wild_limit)
    out = [0]
    for j in range(1, sets + 1):
        caps = [sum(counts) if repeated_suits else sum(min(c, k) for c in counts)
                for k in range(1, j + 1)]
        best = _INF
        # Non-increasing vectors of natural counts, one per set.
        for naturals in itertools.combinations_with_replacement(range(size, least - 1, -1), j):
            running = 0
            for k, n in enumerate(naturals):
                running += n
                if running > caps[k]:
                    break
            else:
                best = min(best, j * size - running)
        out.append(best)
    return tuple(out)


@functools.lru_cache(maxsize=256)
def _shape(rules: RuleSet, round_no: int) -> _Shape:
    contract = rules.contract(round_no)
    wild_ranks = rules.wild_ranks[round_no - 1]
    natural_ranks = tuple(r for r in rules.ranks if r not in wild_ranks)
    wild_values = tuple(
        c for c in ALL_CARDS[:52] if c.rank in rules.ranks and c.rank in wild_ranks
    ) + ((JOKER,) if rules.jokers else ())
    wild_cards = rules.jokers + rules.decks * 4 * sum(1 for r in rules.ranks if r in wild_ranks)
    d = rules.decks
    deficiency = {
        counts: _rank_deficiency(counts, contract.sets, contract.size, contract.wild_limit,
                                 rules.repeated_suits_allowed)
        for counts in itertools.product(range(d + 1), repeat=4)
    }
    return _Shape(contract.sets, contract.size, natural_ranks, wild_values, wild_cards, d,
                  deficiency)


def _combine(g: tuple[int, ...], f: tuple[int, ...]) -> tuple[int, ...]:
    """Fewest wilds for j sets from the ranks so far (``g``) plus one more rank (``f``)."""
    return tuple(
        min(min(g[j - i] + f[i] for i in range(j + 1)), _INF) for j in range(len(g))
    )


# ---------------------------------------------------------------------------------
# The exact chance of being dealt the contract
# ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=256)
def dealt_probability(round_no: int, rules: RuleSet = TEN_PENNIES,
                      hand_size: int | None = None) -> Fraction:
    """The exact chance that a freshly dealt hand already holds the round's contract.

    ``hand_size`` defaults to ``rules.hand_size``. Every hand of that many cards is
    equally likely; the answer is (hands holding the contract) / (all hands).

    How the hands are counted, without listing them (there are about 10^15):

    1. Whether a hand holds the contract depends only on a few numbers. The wild
       cards (jokers; aces and twos too in rounds 5-7) are interchangeable, so only
       *how many* wilds the hand has matters. For each other rank, only how many
       times the hand holds each of the four suits matters (with two decks: 0, 1
       or 2 times each).
    2. From those suit counts we work out, for one rank, the fewest wilds needed
       to make one set of the contract from it, and (for a two-set contract) two
       sets, each with no natural suit twice. Call these the rank's *wild needs*.
    3. We go through the natural ranks one at a time, keeping a table: "after
       these ranks, this many cards used, and these best wild needs for 1 and 2
       sets: so many ways". Adding a rank, each way of holding it (say two sevens,
       both hearts) multiplies the ways by the number of ways of picking those
       physical cards: C(2, 2) = 1 for both heart sevens, C(2, 1) * C(2, 1) = 4 for
       one heart and one spade seven. The best wild need for two sets is the
       better of: both from earlier ranks, one from earlier plus one from this
       rank, or both from this rank.
    4. Finally the rest of the hand is wild cards: with ``w`` of them, multiply by
       C(wild cards in the deck, w). The hand holds the contract when its wilds
       cover the best wild need. Add those up and divide by C(deck size, hand size).

    For Ten Pennies the table never has more than 60 rows, so this takes milliseconds.

    With runs (Ten Card Rummy), a hand's melds no longer split rank by rank: a run
    takes one suit's neighbouring ranks. Rounds whose contract is one meld are still
    counted exactly (:func:`exact_dealt_rounds` lists them), suit by suit for runs and
    by inclusion-exclusion over full rank columns for sets (see
    :func:`_hands_without_meld`); a few seconds at most, once. For the two-meld rounds
    this raises :class:`~tenpennies.engine.errors.TenPenniesError`: ask :func:`dealt_chance`,
    which answers those with a seeded estimate instead of passing one off as exact.

    >>> dealt_probability(7)
    Fraction(36369019423, 28748759731965)
    >>> toy = TEN_PENNIES.replace(ranks=(3, 4), decks=1, jokers=0, players=2, hand_size=3)
    >>> dealt_probability(2, toy, hand_size=4)  # 4 threes or 4 fours, out of C(8, 4)
    Fraction(1, 35)
    """
    rules._check_round(round_no)
    h = rules.hand_size if hand_size is None else hand_size
    if not (isinstance(h, int) and 0 <= h <= rules.deck_size):
        raise TenPenniesError(f"a hand of {h!r} cards cannot be dealt from {rules.deck_size} cards")
    if not _sets_only(rules):
        one = _one_meld(rules, round_no)
        if one is None:
            raise TenPenniesError(
                f"round {round_no} of {rules.name} ({rules.contract(round_no).words}) has no exact "
                f"count here: exact rounds are {_round_list(exact_dealt_rounds(rules))}; "
                "dealt_chance() or simulate_dealt() estimate the others")
        total = math.comb(rules.deck_size, h)
        return Fraction(total - _hands_without_meld(one, h), total)
    shape = _shape(rules, round_no)
    d = shape.copies
    # One rank: ways of holding it, by (cards used, wild needs).
    per_rank: Counter = Counter()
    for counts, need in shape.deficiency.items():
        per_rank[sum(counts), need] += math.prod(math.comb(d, c) for c in counts)
    start = (0,) + (_INF,) * shape.sets
    table: Counter = Counter({(0, start): 1})
    for _ in shape.natural_ranks:
        grown: Counter = Counter()
        for (used, g), ways in table.items():
            for (cards, f), rank_ways in per_rank.items():
                if used + cards <= h:
                    grown[used + cards, _combine(g, f)] += ways * rank_ways
        table = grown
    holding = 0
    for (used, g), ways in table.items():
        wilds = h - used
        if g[-1] <= wilds <= shape.wild_cards:
            holding += ways * math.comb(shape.wild_cards, wilds)
    return Fraction(holding, math.comb(rules.deck_size, h))


def _sets_only(rules: RuleSet) -> bool:
    """Are this rule set's melds sets only, each with a fixed wild limit (Ten Pennies)?
    Then the per-rank count above applies to every round."""
    return not rules.has_runs and not rules.wilds_outnumbered


def exact_dealt_rounds(rules: RuleSet = TEN_PENNIES) -> tuple[int, ...]:
    """The rounds whose dealt chance :func:`dealt_probability` counts exactly.

    Every round of a rule set with sets only (Ten Pennies: all seven). With runs (Ten
    Card Rummy), the rounds whose contract is one meld: the count goes suit by suit
    for runs and rank by rank for sets (see :func:`dealt_probability`). A contract of
    two melds may take both from one suit, or a set and a run may share a card value,
    so its hands do not split that way; :func:`dealt_chance` estimates those rounds.

    >>> from tenpennies.engine.rules import TEN_CARD_RUMMY
    >>> exact_dealt_rounds(TEN_CARD_RUMMY)
    (1, 3, 5, 7, 8, 9, 10, 11)
    """
    if _sets_only(rules):
        return tuple(range(1, rules.rounds + 1))
    return tuple(r for r in range(1, rules.rounds + 1) if _one_meld(rules, r) is not None)


def _round_list(rounds: Sequence[int]) -> str:
    return ", ".join(map(str, rounds)) if rounds else "none"


# ---------------------------------------------------------------------------------
# The exact chance with runs: one-meld contracts, counted suit by suit
# ---------------------------------------------------------------------------------
_RANKS = 13
_ALL_RANKS = (1 << _RANKS) - 1


def _rotated(mask: int, k: int) -> int:
    """A set of ranks (bit r-1 for rank r) turned ``k`` places round the circle."""
    return ((mask << k) | (mask >> (_RANKS - k))) & _ALL_RANKS if k else mask


def _windows(length: int, wrap: bool) -> list[int]:
    """Every run of ``length`` consecutive ranks, as a 13-bit mask (bit r-1 for rank r).

    With ``wrap`` (C3, over the top) the ranks go round the circle, K A 2 included;
    without it the ace sits low (A 2 3) or high (Q K A) only.
    """
    if wrap or length == _RANKS:
        return [_rotated((1 << length) - 1, k) for k in range(_RANKS)]
    low = [((1 << length) - 1) << k for k in range(_RANKS - length + 1)]
    high = (((1 << (length - 1)) - 1) << (_RANKS - length + 1)) | 1  # ... Q K A
    return low + [high]


@functools.lru_cache(maxsize=2)
def _most_in_window(wrap: bool) -> tuple[tuple[int, ...], ...]:
    """``_most_in_window(wrap)[L][S]``: the most ranks of the set ``S`` (a 13-bit mask of
    one suit's ranks) inside one run of ``L`` consecutive ranks (see :func:`_windows`)."""
    table = [(0,) * (_ALL_RANKS + 1)]
    for L in range(1, _RANKS + 1):
        ws = _windows(L, wrap)
        table.append(tuple(max((S & w).bit_count() for w in ws) for S in range(_ALL_RANKS + 1)))
    return tuple(table)


@dataclass(frozen=True)
class _OneMeld:
    """What a one-meld contract asks, under a rule set whose only wild cards are jokers."""

    size: int
    sets: bool
    runs: bool
    wild_limit: int
    wilds_outnumbered: bool
    wrap: bool
    jokers: int
    copies: int  # copies of each natural card (the number of decks)

    def most_wilds(self, naturals: int, jokers: int) -> int:
        """The most wilds a meld with ``naturals`` natural cards may hold (C4, T14)."""
        w = min(jokers, self.wild_limit)
        return max(0, min(w, naturals - 1) if self.wilds_outnumbered else w)

    def set_threshold(self, jokers: int) -> int | None:
        """The fewest cards of one rank that make a set of ``size`` with ``jokers`` to hand."""
        for c in range(1, 4 * self.copies + 1):
            if c + self.most_wilds(c, jokers) >= self.size:
                return c
        return None

    def holds_run(self, suit_ranks: int, jokers: int) -> bool:
        """Do one suit's ranks (a 13-bit mask) and ``jokers`` make a run of ``size``?

        A run of ``L`` places has its naturals in one window of ``L`` consecutive ranks
        and a joker in every other place, so it exists when some window of ``L >= size``
        ranks holds ``k`` of the suit's ranks with ``L - k`` wilds allowed beside them.
        """
        most = _most_in_window(self.wrap)
        for L in range(self.size, _RANKS + 1):
            k = most[L][suit_ranks]
            if k and L - k <= self.most_wilds(k, jokers):
                return True
        return False


def _one_meld(rules: RuleSet, round_no: int) -> _OneMeld | None:
    """The one-meld contract of a round, or None when the count below does not apply."""
    contract = rules.contract(round_no)
    if (len(contract.melds) != 1 or rules.wild_ranks[round_no - 1] or tuple(sorted(rules.ranks)) !=
            tuple(range(1, _RANKS + 1)) or not rules.repeated_suits_allowed):
        return None
    need = contract.melds[0]
    return _OneMeld(need.size, MeldKind.SET in need.kinds, MeldKind.RUN in need.kinds,
                    contract.wild_limit, rules.wilds_outnumbered, rules.runs_wrap, rules.jokers, rules.decks)


def _hands_without_meld(shape: _OneMeld, hand_size: int) -> int:
    """How many hands of ``hand_size`` cards hold no meld of the contract's size.

    Split the hand into its jokers (``j`` of them) and its naturals, a 4 x 13 table of
    how many copies of each card it holds. Such a hand holds no meld when

    * (runs) no suit's row has a window of consecutive ranks that ``j`` jokers fill into
      a run: a test on each suit's ranks alone, so the suits are independent; and
    * (sets) no rank's column holds ``t`` cards or more (``t`` from the wild rules).

    The suits' independence makes the run condition a product of four equal suit
    counts. The columns couple the suits, so they are counted by inclusion-exclusion
    over the set ``R`` of columns that hold ``t`` or more: (hands with no run) minus
    (those with one such column) plus (those with two) ..., where each term tracks only
    the few columns of ``R``. A hand of ``m`` naturals has at most ``m // t`` such
    columns, so the terms are few; and where runs go round the circle of ranks (C3),
    ``R`` matters only up to turning it, which leaves fewer still.
    """
    most_jokers = min(shape.jokers, hand_size)
    none = 0
    for j in range(most_jokers + 1):
        m = hand_size - j
        rows = [S for S in range(_ALL_RANKS + 1)
                if S.bit_count() <= m and not (shape.runs and shape.holds_run(S, j))]
        t = shape.set_threshold(j) if shape.sets else None
        most_columns = m // t if t else 0
        terms: dict[int, int] = {}
        without = 0
        for n_cols in range(most_columns + 1):
            for cols in itertools.combinations(range(_RANKS), n_cols):
                mask = sum(1 << r for r in cols)
                # Turning the circle changes no count when runs go round it.
                key = min(_rotated(mask, k) for k in range(_RANKS)) if shape.wrap else mask
                if key not in terms:
                    terms[key] = _naturals_with_full_columns(rows, key, m, t or 1, shape.copies)
                without += (-1) ** n_cols * terms[key]
        none += without * math.comb(shape.jokers, j)
    return none


@functools.lru_cache(maxsize=64)
def _capped_sums(t: int, width: int) -> tuple[tuple[int, ...], ...]:
    """``_capped_sums(t, width)[a][b]``: the sum of two codes of ``width`` column counts,
    each a base-(t+1) digit capped at ``t`` (a column of ``t`` or more is all that matters)."""
    base = t + 1
    digits = [[(code // base ** i) % base for i in range(width)] for code in range(base ** width)]
    return tuple(tuple(sum(min(t, a + b) * base ** i for i, (a, b) in enumerate(zip(da, db)))
                       for db in digits) for da in digits)


def _naturals_with_full_columns(rows: list[int], columns: int, m: int, t: int, copies: int) -> int:
    """Hands of ``m`` natural cards (physical cards, ``copies`` of each value) whose every
    suit holds one of the rank sets ``rows`` and whose every column in ``columns`` (a
    13-bit mask of ranks) holds at least ``t`` cards."""
    cols = [r for r in range(_RANKS) if columns >> r & 1]
    base = t + 1
    codes = base ** len(cols)
    cap_add = _capped_sums(t, len(cols))
    ways = [math.comb(copies, c) for c in range(copies + 1)]
    # untracked[a][cards]: ways to hold a ranks of a suit (each 1..copies times) in ``cards`` cards.
    untracked = [[1]]
    for _ in range(_RANKS):
        prev = untracked[-1]
        grown = [0] * min(m + 1, len(prev) + copies)
        for cards, w in enumerate(prev):
            for c in range(1, copies + 1):
                if w and cards + c <= m:
                    grown[cards + c] += w * ways[c]
        untracked.append(grown)
    # One suit: Counter of (cards, code) -> ways, over its allowed rank sets.
    groups = Counter((S & ~columns).bit_count() * (1 << _RANKS) | (S & columns) for S in rows)
    suit: Counter = Counter()
    for key, n in groups.items():
        free, held = key >> _RANKS, key & _ALL_RANKS
        states = Counter({(0, 0): n})
        for i, r in enumerate(cols):
            if held >> r & 1:
                grown_states: Counter = Counter()
                for (cards, code), w in states.items():
                    for c in range(1, copies + 1):
                        if cards + c <= m:
                            grown_states[cards + c, cap_add[code][min(t, c) * base ** i]] += w * ways[c]
                states = grown_states
        for (cards, code), w in states.items():
            for extra, x in enumerate(untracked[free]):
                if x and cards + extra <= m:
                    suit[cards + extra, code] += w * x

    def combine(a: Counter, b: Counter) -> Counter:
        out: Counter = Counter()
        for (ca, ka), wa in a.items():
            for (cb, kb), wb in b.items():
                if ca + cb <= m:
                    out[ca + cb, cap_add[ka][kb]] += wa * wb
        return out

    two = combine(suit, suit)
    full = codes - 1  # every tracked column at t
    by_cards: dict[int, Counter] = {}
    for (c, k), w in two.items():
        by_cards.setdefault(c, Counter())[k] += w
    total = 0
    for (ca, ka), wa in two.items():
        for kb, wb in by_cards.get(m - ca, {}).items():
            if cap_add[ka][kb] == full:
                total += wa * wb
    return total
