"""Exact and simulated odds: being dealt the contract, drawing to it, buying for it.

Three kinds of answer, each checkable against the others, as in a Norvig notebook:

* :func:`dealt_probability` counts, exactly, the hands that already hold a round's
  contract (a :class:`~fractions.Fraction`), without listing a single hand::

    >>> p = dealt_probability(1)       # two sets of 3 in 11 cards from 108
    >>> p
    Fraction(196995994817, 2211443056305)
    >>> f"{float(p):.2%}"
    '8.91%'

* :func:`draw_odds` and :func:`buy_or_pass` take one hand and what its player has
  seen, and count the unseen cards that would complete the contract.
* :func:`simulate_dealt` and :func:`simulate_draw` deal or draw at random, seeded,
  and report an :class:`Estimate` with its standard error, so a lesson can watch the
  estimate close in on the exact value (:func:`plot_convergence` draws it).

Every function takes a rule set. In Ten Card Rummy (runs as well as sets) the dealt
chance is exact in the rounds whose contract is one meld (:func:`exact_dealt_rounds`);
:func:`dealt_chance` answers every round, with an :class:`Estimate` where no exact count
is made. Draw odds and outs come from the solver, which knows runs, in both games::

    >>> from tenpennies.rules import TEN_CARD_RUMMY
    >>> f"{float(dealt_probability(1, TEN_CARD_RUMMY)):.2%}"   # one meld of 3 in 10 cards
    '65.36%'

NumPy, matplotlib and tqdm are optional: each is imported only by the function that
uses it, and everything works (more slowly, or without the picture) when it is absent.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from .cards import ALL_CARDS, JOKER, Card, format_cards, sort_key
from .errors import TenPenniesError
from .rules import TEN_PENNIES, MeldKind, RuleSet
from .words import plural

__all__ = [
    "dealt_probability",
    "dealt_chance",
    "exact_dealt_rounds",
    "DrawOdds",
    "draw_odds",
    "unseen_cards",
    "BuyDecision",
    "buy_or_pass",
    "Estimate",
    "simulate_dealt",
    "simulate_draw",
    "plot_convergence",
]

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
    this raises :class:`~tenpennies.errors.TenPenniesError`: ask :func:`dealt_chance`,
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

    >>> from tenpennies.rules import TEN_CARD_RUMMY
    >>> exact_dealt_rounds(TEN_CARD_RUMMY)
    (1, 3, 5, 7, 8, 9, 10, 11)
    """
    if _sets_only(rules):
        return tuple(range(1, rules.rounds + 1))
    return tuple(r for r in range(1, rules.rounds + 1) if _one_meld(rules, r) is not None)


def _round_list(rounds: Sequence[int]) -> str:
    return ", ".join(map(str, rounds)) if rounds else "none"


def dealt_chance(round_no: int, rules: RuleSet = TEN_PENNIES, hand_size: int | None = None, *,
                 samples: int = 20_000, seed: int | None = 0) -> "Fraction | Estimate":
    """The chance of being dealt the round's contract: exact where it can be counted.

    A :class:`~fractions.Fraction` (from :func:`dealt_probability`) for the rounds of
    :func:`exact_dealt_rounds`; for the others an :class:`Estimate` with its standard
    error, from ``samples`` seeded deals checked by the solver (:func:`simulate_dealt`).
    Callers tell the two apart by type: ``isinstance(p, Estimate)``.

    >>> from tenpennies.rules import TEN_CARD_RUMMY
    >>> dealt_chance(11, TEN_CARD_RUMMY)
    Fraction(246689, 1489339201185)
    >>> type(dealt_chance(2, TEN_CARD_RUMMY, samples=200)).__name__
    'Estimate'
    """
    rules._check_round(round_no)
    if round_no in exact_dealt_rounds(rules):
        return dealt_probability(round_no, rules, hand_size)
    return simulate_dealt(round_no, rules, hand_size, samples=samples, seed=seed)


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


# ---------------------------------------------------------------------------------
# Drawing to the contract, and buying for it
# ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=32)
def _deck_counts(rules: RuleSet) -> Counter:
    """Copies of each card value in the deck (cached: bots ask on every decision)."""
    return Counter(rules.deck())


def unseen_cards(hand: Iterable[Card], seen: Iterable[Card] = (),
                 rules: RuleSet = TEN_PENNIES) -> Counter:
    """The cards a player cannot see, as a Counter of card values.

    That is the whole deck less the player's hand and less ``seen`` (every card it
    has seen elsewhere: the discard pile, the table's sets, cards others bought).
    Raises ``TenPenniesError`` (a ``ValueError``) when hand and seen hold more of a card than the deck has.
    """
    pool = Counter(_deck_counts(rules))
    for card in itertools.chain(hand, seen):
        if pool[card] == 0:
            raise TenPenniesError(
                f"the hand and seen cards hold more {card} than the deck has "
                f"({rules.deck().count(card)} in {rules.decks} deck(s))"
            )
        pool[card] -= 1
    return +pool


@dataclass(frozen=True)
class DrawOdds:
    """The chance that ``k`` more unseen cards complete a hand's contract.

    ``probability == Fraction(ways, total)``: of the ``total`` equally likely sets of
    ``k`` physical unseen cards, ``ways`` complete the contract. ``completing`` lists
    each completing draw as card values with the number of physical draws that give
    it, most likely first. ``needs`` lists the smallest completing draws (none of
    their cards can be spared): for ``k = 1`` these are exactly the outs. A hand
    that already holds the contract needs nothing (``needs == ((),)``), and its
    ``completing`` is left empty rather than listing every possible draw.
    """

    round_no: int
    k: int
    probability: Fraction
    ways: int
    total: int
    completing: tuple[tuple[tuple[Card, ...], int], ...]
    needs: tuple[tuple[Card, ...], ...]

    @property
    def outs(self) -> tuple[Card, ...]:
        """The card values that complete the contract on their own."""
        return tuple(d[0] for d in self.needs if len(d) == 1)

    def __str__(self) -> str:
        shown = ", ".join(format_cards(d) for d in self.needs[:8])
        more = f" and {len(self.needs) - 8} more" if len(self.needs) > 8 else ""
        return (f"round {self.round_no}, {plural(self.k, 'card')}: "
                f"{self.ways}/{self.total} = {float(self.probability):.4f}"
                + (f"; completed by {shown}{more}" if self.needs else ""))


def draw_odds(hand: Iterable[Card], k: int, round_no: int, seen: Iterable[Card] = (),
              rules: RuleSet = TEN_PENNIES) -> DrawOdds:
    """The exact chance that drawing ``k`` unseen cards completes the contract.

    Meant for small ``k``: a draw (1) or a purchase (3). The work grows like the
    number of distinct ``k``-card draws, under a second for ``k = 3``.

    The unseen cards are the deck less ``hand`` and less ``seen`` (see
    :func:`unseen_cards`); every set of ``k`` of them is taken as equally likely, as
    it is for cards from a shuffled stock. A drawn hand "completes" when the solver
    says it can lay the contract down (``solver.can_lay_down``). Draws are counted
    as card values with multiplicities (two unseen 7♠ give two ways to draw a 7♠),
    and wild cards, which the contract cannot tell apart, are tried once per count.

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    >>> result = draw_odds(hand, 1, round_no=1)
    >>> result.probability, format_cards(result.outs)
    (Fraction(8, 97), '9D 9C JK')
    >>> print(draw_odds(hand, 2, round_no=2))
    round 2, 2 cards: 565/4656 = 0.1213; completed by 7C, JK, 9D 9C
    """
    from .solver import can_lay_down

    hand = tuple(hand)
    if not (isinstance(k, int) and k >= 0):
        raise TenPenniesError(f"k is the number of cards drawn, 0 or more, not {k!r}")
    rules._check_round(round_no)
    pool = unseen_cards(hand, seen, rules)
    unseen = sum(pool.values())
    if k > unseen:
        raise TenPenniesError(f"cannot draw {k} cards: only {unseen} are unseen")
    wild = rules.wild_table(round_no)
    # Classes of cards the contract cannot tell apart: each natural value alone, all
    # wild values together. A class is tried with real cards, so each try is a hand
    # that could really occur.
    wild_cards = [c for c in sorted(pool, key=sort_key) if wild[c.index] for _ in range(pool[c])]
    classes: list[tuple[Card, ...]] = [
        (c,) * pool[c] for c in sorted(pool, key=sort_key) if not wild[c.index]
    ]
    if wild_cards:
        classes.append(tuple(wild_cards))
    # completes[draw] for every draw of up to k cards (a draw: counts per class).
    total = math.comb(unseen, k)
    if can_lay_down(hand, round_no, rules):
        return DrawOdds(round_no, k, Fraction(1), total, total, (), ((),))
    completes: dict[tuple[int, ...], bool] = {}
    zero = (0,) * len(classes)
    completes[zero] = False
    for size in range(1, k + 1):
        for chosen in itertools.combinations_with_replacement(range(len(classes)), size):
            draw = list(zero)
            for i in chosen:
                draw[i] += 1
            if any(draw[i] > len(classes[i]) for i in chosen):
                continue
            key = tuple(draw)
            # Adding cards never spoils a contract, so a completing part completes.
            done = False
            for i in set(chosen):
                draw[i] -= 1
                if completes.get(tuple(draw), False):
                    done = True
                draw[i] += 1
                if done:
                    break
            if not done:
                cards = [card for i in set(chosen) for card in classes[i][:draw[i]]]
                done = can_lay_down(hand + tuple(cards), round_no, rules, trusted=True)
            completes[key] = done

    def values(draw: tuple[int, ...]) -> list[tuple[tuple[Card, ...], int]]:
        # Expand a class draw into card-value draws, with physical counts.
        parts: list[list[tuple[tuple[Card, ...], int]]] = []
        for i, n in enumerate(draw):
            if n:
                c = Counter(classes[i])
                options = []
                for combo in itertools.combinations_with_replacement(sorted(c, key=sort_key), n):
                    m = Counter(combo)
                    if all(m[v] <= c[v] for v in m):
                        options.append((combo, math.prod(math.comb(c[v], m[v]) for v in m)))
                parts.append(options)
        out = []
        for pick in itertools.product(*parts):
            cards = tuple(sorted((v for combo, _ in pick for v in combo), key=sort_key))
            out.append((cards, math.prod(w for _, w in pick)))
        return out

    completing = []
    needs = []
    for draw, done in completes.items():
        if not done:
            continue
        if sum(draw) == k:
            completing.extend(values(draw))
        minimal = all(
            not completes.get(tuple(n - (j == i) for j, n in enumerate(draw)), False)
            for i in range(len(draw)) if draw[i]
        )
        if minimal:
            needs.extend(cards for cards, _ in values(draw))
    completing.sort(key=lambda cw: (-cw[1], [sort_key(c) for c in cw[0]]))
    needs.sort(key=lambda cards: (len(cards), [sort_key(c) for c in cards]))
    ways = sum(w for _, w in completing)
    return DrawOdds(round_no, k, Fraction(ways, total), ways, total, tuple(completing),
                    tuple(needs))


@dataclass(frozen=True)
class BuyDecision:
    """Buy the offered discard, or pass? The chance of holding the contract either way.

    ``buy_probability`` and ``pass_probability`` are exact; ``recommendation`` is
    ``'buy'`` when buying gives the better chance and ``'pass'`` otherwise (also on a
    tie, since a purchase costs a token and adds cards to the hand). ``assumptions``
    says in words what the numbers take for granted.
    """

    round_no: int
    discard: Card
    my_turn: bool
    buy_probability: Fraction
    pass_probability: Fraction
    recommendation: str
    assumptions: tuple[str, ...]
    buy: DrawOdds
    pass_: DrawOdds

    def __str__(self) -> str:
        return (f"buy {self.discard}: {float(self.buy_probability):.4f}, "
                f"pass: {float(self.pass_probability):.4f} -> {self.recommendation}")

    def _repr_svg_(self) -> str:
        from .svg import groups_svg  # pictures are drawn only when asked for

        return groups_svg([("offered", (self.discard,))], self.round_no, title=str(self), desc=str(self))


def buy_or_pass(hand: Iterable[Card], discard: Card, round_no: int, seen: Iterable[Card] = (),
                my_turn: bool = True, rules: RuleSet = TEN_PENNIES) -> BuyDecision:
    """Compare buying the offered ``discard`` with passing, for one seat (T5, T6).

    ``seen`` is every other card the player has seen outside its hand (discards
    below the top, table sets, bought cards), *not* including ``discard``.

    * Buying takes the discard plus ``rules.buy_extra_cards`` stock cards; where the
      rule set lets the active player take the discard freely (Ten Card Rummy, C8),
      on its own turn "buying" is that free take, with no extra card.
    * Passing, on the player's own turn (``my_turn``), means drawing one stock card
      (T6); on someone else's turn it means no new card now.

    The chance compared is that of holding the contract right after this, before
    any discard. Stock cards are taken as uniformly random among the unseen cards
    (all of which are in the stock or other hands, equally likely each). Nothing
    else is weighed: not the token spent, not the points of the extra cards, not
    what other players might buy or discard.

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    >>> decision = buy_or_pass(hand, Card("9D"), round_no=1)
    >>> decision.buy_probability, decision.pass_probability, decision.recommendation
    (Fraction(1, 1), Fraction(7, 96), 'buy')
    """
    hand = tuple(hand)
    seen = tuple(seen)
    # In Ten Card Rummy the active player takes the top discard as its draw, free (C8).
    free = my_turn and rules.free_discard_take
    extra = 0 if free else rules.buy_extra_cards
    buy = draw_odds(hand + (discard,), extra, round_no, seen, rules)
    pass_ = draw_odds(hand, 1 if my_turn else 0, round_no, seen + (discard,), rules)
    cost = "" if free or rules.tokens is None else ", and spends a token"
    assumptions = (
        f"taking: the hand gets the {discard.symbol} as its draw, for nothing" if free else
        f"buying: the hand gets the {discard.symbol} and {plural(extra, 'stock card')}{cost}",
        "passing: the hand draws one stock card (its own turn)" if my_turn
        else "passing: the hand gets no card now (not its turn)",
        "stock cards are uniformly random among the cards this player has not seen",
        "the chance compared is of holding the contract right after the draw",
        "tokens, points of extra cards and other players' choices are not weighed",
    )
    recommendation = "buy" if buy.probability > pass_.probability else "pass"
    return BuyDecision(round_no, discard, my_turn, buy.probability, pass_.probability,
                       recommendation, assumptions, buy, pass_)


# ---------------------------------------------------------------------------------
# Monte Carlo estimates of the same chances
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Estimate:
    """A simulated chance: ``hits`` of ``samples`` trials held the contract.

    ``standard_error`` is ``sqrt(estimate * (1 - estimate) / samples)``: about two
    estimates in three land within one standard error of the true chance, and
    almost all within four (:meth:`z_score` measures it).
    ``method`` says how it was sampled (``'numpy'`` or ``'python'``); the two use
    different random streams, so the same seed gives different (equally valid)
    estimates. ``outcomes`` holds each trial's result (1 or 0) when asked for,
    for :func:`plot_convergence`.
    """

    estimate: float
    standard_error: float
    samples: int
    hits: int
    seed: int | None
    method: str
    outcomes: bytes | None = None

    def z_score(self, exact: float | Fraction) -> float:
        """How many standard errors the estimate lies from the ``exact`` chance ``p``.

        The standard error here is the exact one, ``sqrt(p * (1 - p) / samples)``,
        so the score stays meaningful for a rare event that no trial hit (where the
        estimate's own standard error is 0). Beyond 4 means the simulation and the
        exact count disagree.
        """
        p = float(exact)
        spread = math.sqrt(p * (1 - p) / self.samples)
        if spread == 0:
            return 0.0 if self.estimate == p else math.inf
        return (self.estimate - p) / spread

    def __str__(self) -> str:
        return (f"{self.estimate:.4f} ± {self.standard_error:.4f} "
                f"({self.hits}/{self.samples}, {self.method})")


def _estimate(hits: int, samples: int, seed, method: str, outcomes) -> Estimate:
    p = hits / samples
    return Estimate(p, math.sqrt(p * (1 - p) / samples), samples, hits, seed, method, outcomes)


def _numpy():
    try:
        import numpy
    except ImportError:
        return None
    return numpy


def _chunks(samples: int, chunk: int, progress: bool, what: str):
    """Chunk sizes adding up to ``samples``, with a tqdm bar when asked and installed."""
    sizes = [min(chunk, samples - start) for start in range(0, samples, chunk)]
    if progress:
        try:
            from tqdm.auto import tqdm
        except ImportError:
            return sizes, None
        return sizes, tqdm(total=samples, desc=what, unit="sample")
    return sizes, None


def _check_samples(samples: int) -> None:
    if not (isinstance(samples, int) and samples >= 1):
        raise TenPenniesError(f"samples must be a positive whole number, not {samples!r}")


class _Vectorized:
    """Contract checks for many hands at once, from card-value counts (NumPy).

    Each hand is a row of 53 counts (one per card value). A row's wild count is
    summed from the wild values; each natural rank's four suit counts index the
    same per-rank wild-need table that :func:`dealt_probability` uses, and the
    ranks are combined by a min-plus sum, all as array operations.
    """

    def __init__(self, np, rules: RuleSet, round_no: int) -> None:
        shape = _shape(rules, round_no)
        self.np = np
        self.sets = shape.sets
        base = shape.copies + 1
        table = np.full((base**4, shape.sets + 1), _INF, dtype=np.int64)
        for counts, need in shape.deficiency.items():
            code = sum(c * base**s for s, c in enumerate(counts))
            table[code] = need
        self.table = table
        self.base = base
        self.natural_ranks = shape.natural_ranks
        self.wild_columns = [c.index for c in shape.wild_values]

    def holds(self, counts):
        """Boolean array: does each row of ``counts`` (n x 53) hold the contract?"""
        np = self.np
        n = counts.shape[0]
        wilds = counts[:, self.wild_columns].sum(axis=1) if self.wild_columns else np.zeros(n, np.int64)
        # codes[:, r]: the four suit counts of rank r + 1 as one base-(decks + 1) number.
        codes = np.tensordot(counts[:, :52].reshape(n, 4, 13), self.base ** np.arange(4),
                             axes=([1], [0]))
        g = np.full((n, self.sets + 1), _INF, dtype=np.int64)
        g[:, 0] = 0
        for rank in self.natural_ranks:
            f = self.table[codes[:, rank - 1]]
            grown = np.empty_like(g)
            for j in range(self.sets + 1):
                best = g[:, j] + f[:, 0]
                for i in range(1, j + 1):
                    best = np.minimum(best, g[:, j - i] + f[:, i])
                grown[:, j] = np.minimum(best, _INF)
            g = grown
        return g[:, self.sets] <= wilds


def _sample_counts(np, rng, pool_values, k: int, n: int, base_counts):
    """``n`` rows of card-value counts: ``base_counts`` plus ``k`` cards drawn
    without replacement from ``pool_values`` (one entry per physical card)."""
    pool = len(pool_values)
    rows = np.arange(n)
    # The first k steps of a Fisher-Yates shuffle, on every row at once.
    order = np.tile(np.arange(pool, dtype=np.int32), (n, 1))
    for i in range(k):
        j = rng.integers(i, pool, n)
        front = order[rows, i].copy()
        order[rows, i] = order[rows, j]
        order[rows, j] = front
    values = pool_values[order[:, :k]]
    flat = (values + 53 * rows[:, None]).ravel()
    counts = np.bincount(flat, minlength=53 * n).reshape(n, 53)
    return counts + base_counts


def _simulate(pool: list[Card], base: tuple[Card, ...], k: int, round_no: int, rules: RuleSet,
              samples: int, seed, use_numpy, progress: bool, keep_outcomes: bool,
              what: str) -> Estimate:
    _check_samples(samples)
    if use_numpy and not _sets_only(rules):
        raise TenPenniesError(f"the NumPy path counts sets only; {rules.name} has runs: use_numpy=False")
    np = _numpy() if use_numpy in (None, True) and _sets_only(rules) else None
    if use_numpy and np is None:
        raise ImportError("use_numpy=True but NumPy is not installed")
    outcomes = bytearray() if keep_outcomes else None
    hits = 0
    if np is not None:
        check = _Vectorized(np, rules, round_no)
        rng = np.random.default_rng(seed)
        pool_values = np.array([c.index for c in pool], dtype=np.int64)
        base_counts = np.zeros(53, dtype=np.int64)
        for c in base:
            base_counts[c.index] += 1
        # Chunks keep the n x pool random keys to a few megabytes.
        chunk = max(1, min(samples, 4_000_000 // max(1, len(pool))))
        sizes, bar = _chunks(samples, chunk, progress, what)
        for size in sizes:
            held = check.holds(_sample_counts(np, rng, pool_values, k, size, base_counts))
            hits += int(held.sum())
            if outcomes is not None:
                outcomes += held.astype(np.uint8).tobytes()
            if bar is not None:
                bar.update(size)
        method = "numpy"
    else:
        from .solver import can_lay_down

        rng = random.Random(seed)
        sizes, bar = _chunks(samples, 10_000, progress, what)
        for size in sizes:
            for _ in range(size):
                held = can_lay_down(base + tuple(rng.sample(pool, k)), round_no, rules, trusted=True)
                hits += held
                if outcomes is not None:
                    outcomes.append(held)
            if bar is not None:
                bar.update(size)
        method = "python"
    if bar is not None:
        bar.close()
    return _estimate(hits, samples, seed, method, bytes(outcomes) if keep_outcomes else None)


def simulate_dealt(round_no: int, rules: RuleSet = TEN_PENNIES, hand_size: int | None = None,
                   samples: int = 100_000, seed: int | None = 0, *,
                   use_numpy: bool | None = None, progress: bool = False,
                   keep_outcomes: bool = False) -> Estimate:
    """Estimate :func:`dealt_probability` by dealing ``samples`` random hands.

    Seeded (``seed=None`` for fresh randomness). With NumPy installed and a rule set
    of sets only, hands are dealt in blocks as arrays and checked by rank counts
    (``use_numpy=None`` or ``True``); with runs (Ten Card Rummy), ``use_numpy=False``,
    or no NumPy, it deals each hand with
    :mod:`random` and asks the solver (``solver.can_lay_down``), which is slower
    but shares no code with the exact count. ``progress=True`` shows a tqdm bar
    when tqdm is installed (never by default: notebook output stays byte-stable).

    >>> est = simulate_dealt(1, samples=20_000, seed=1)
    >>> abs(est.z_score(dealt_probability(1))) < 4
    True
    """
    rules._check_round(round_no)
    h = rules.hand_size if hand_size is None else hand_size
    deck = list(rules.deck())
    if not (isinstance(h, int) and 0 <= h <= len(deck)):
        raise TenPenniesError(f"a hand of {h!r} cards cannot be dealt from {len(deck)} cards")
    return _simulate(deck, (), h, round_no, rules, samples, seed, use_numpy, progress,
                     keep_outcomes, f"dealing round {round_no}")


def simulate_draw(hand: Iterable[Card], k: int, round_no: int, seen: Iterable[Card] = (),
                  rules: RuleSet = TEN_PENNIES, samples: int = 100_000, seed: int | None = 0, *,
                  use_numpy: bool | None = None, progress: bool = False,
                  keep_outcomes: bool = False) -> Estimate:
    """Estimate :func:`draw_odds` by drawing ``k`` random unseen cards, ``samples`` times.

    The unseen cards are as in :func:`unseen_cards`; the other arguments as in
    :func:`simulate_dealt`.
    """
    hand = tuple(hand)
    rules._check_round(round_no)
    pool = [c for c, n in sorted(unseen_cards(hand, seen, rules).items(), key=lambda cn: sort_key(cn[0]))
            for _ in range(n)]
    if not (isinstance(k, int) and 0 <= k <= len(pool)):
        raise TenPenniesError(f"cannot draw {k!r} cards from {len(pool)} unseen cards")
    return _simulate(pool, hand, k, round_no, rules, samples, seed, use_numpy, progress,
                     keep_outcomes, f"drawing {k} in round {round_no}")


# ---------------------------------------------------------------------------------
# Watching a simulation converge
# ---------------------------------------------------------------------------------
def plot_convergence(estimate: Estimate, exact: float | Fraction | None = None, ax=None,
                     title: str | None = None):
    """Draw an estimate's running value as trials accumulate, against the exact chance.

    ``estimate`` must come from a simulation run with ``keep_outcomes=True``. The
    shaded band is ``exact ± 2`` standard errors after ``n`` trials
    (``2 * sqrt(p * (1 - p) / n)``): the running estimate should stay inside it
    most of the time, and the band narrows like ``1 / sqrt(n)``. Needs matplotlib
    (imported only here). Returns ``(figure, axes)``.
    """
    if estimate.outcomes is None:
        raise TenPenniesError("this estimate kept no outcomes: simulate with keep_outcomes=True")
    import matplotlib.pyplot as plt

    n = len(estimate.outcomes)
    # The x axis is logarithmic, so a couple of thousand points spaced evenly on it
    # draw a million trials as well as every point would.
    trials = sorted({max(1, round(n ** (i / 2000))) for i in range(2001)} | {n})
    running, hits, done = [], 0, 0
    for t in trials:
        hits += sum(estimate.outcomes[done:t])
        done = t
        running.append(hits / t)
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 4))
    else:
        fig = ax.figure
    ax.plot(trials, running, lw=1.2, color="tab:blue", label="running estimate")
    settled = [r for t, r in zip(trials, running) if t >= min(30, n)]
    top = max(settled) * 1.3
    if exact is not None:
        p = float(exact)
        spread = [2 * math.sqrt(p * (1 - p) / t) for t in trials]
        ax.axhline(p, color="black", lw=1, ls="--", label=f"exact {p:.4g}")
        ax.fill_between(trials, [max(0.0, p - s) for s in spread], [p + s for s in spread],
                        color="tab:orange", alpha=0.25, label="exact ± 2 standard errors")
        top = max(top, 2.5 * p)
    ax.set_xscale("log")
    ax.set_xlabel("trials")
    ax.set_ylabel("chance of holding the contract")
    ax.set_ylim(0, min(1.0, top) or 1.0)
    if title:
        ax.set_title(title)
    ax.legend(loc="upper right")
    return fig, ax
