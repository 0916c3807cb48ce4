"""What every part of the solver shares: the per-round tables and an arrangement.

Private to the package :mod:`tenpennies.solver`: its modules (contracts, checking,
missing, going_out, and _runs, _run_templates, _run_gaps and _run_outs for rule sets
with runs) import the underscored helpers here, so each round's look-up tables are built
once and a hand is counted one way.
Nothing outside the package imports them; the public names are re-exported by
:mod:`tenpennies.solver`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from ..engine.cards import ALL_CARDS, SORT_KEYS, Card, Cards, format_cards, sort_key
from ..engine.errors import HandError, WrongTypeError
from ..engine.rules import RuleSet

__all__ = ["Arrangement"]


@dataclass(frozen=True)
class Arrangement:
    """A way to lay down a round's contract: its melds, wilds used and points shed.

    :attr:`melds` (the field ``sets``, by its first name, which reprs and saved notebooks
    show) holds each set with its naturals first (in card order) and its wilds last; the
    sets are ordered by rank, then by their cards. Where melds may be runs (C3), it holds
    sets as above and runs in rank order with each wild at the place it stands for
    (:func:`tenpennies.engine.melds.arrange_run`), the melds in the order of their first cards.
    ``wilds`` counts wild cards used, ``points`` the points (T18) the cards would have
    cost in hand.
    """

    sets: tuple[tuple[Card, ...], ...]
    round_no: int
    wilds: int
    points: int

    @property
    def melds(self) -> tuple[tuple[Card, ...], ...]:
        """The contract's melds: sets, and runs where the rule set has them (the field
        ``sets``, named for both games)."""
        return self.sets

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
        from ..pictures.svg import arrangement_svg  # pictures are drawn only when asked for

        return arrangement_svg(self)


class _Round:
    """Look-up tables for one (rules, round): built once, used by every hand."""

    __slots__ = (
        "rules", "round_no", "wild", "rank_of", "k", "size", "limit", "low",
        "repeated", "points", "naturals", "wild_order", "decks", "deck", "wild_indices",
        "most", "wild_by_cost", "levels", "natural_rank", "most_any", "all_wilds", "shown",
        "has_runs", "runs", "shown_at",
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
        # Each card value's place in that order, to put a few found cards in it.
        self.shown_at = {i: place for place, i in enumerate(self.shown)}
        # Rule sets with runs (C3-C5) take the search in ._runs; its tables are built there,
        # on first use, so set-only rounds never pay for them.
        self.has_runs = rules.has_runs
        self.runs = None


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

