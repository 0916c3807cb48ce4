"""Tactics the bots share that are no part of the rules: which meld or addition to make first.

How far a hand is from its contract, and which cards help, are the solver's
questions (:func:`tenpennies.solver.cards_needed`, :func:`tenpennies.solver.outs`),
fast enough to ask many times a turn; bots ask it rather than keep a copy.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..play import _fast as _interned
from ..engine.actions import Action, AddToSet, Buy, Meld, Pass
from ..engine.cards import ALL_CARDS, Card
from ..engine.rules import RuleSet
from ..engine.sets import TableSet
from ..play.view import PlayerView


def shedding_action(legal: Iterable[Action], wild: Sequence[bool]) -> Action | None:
    """The best listed meld or addition for an open player, or None.

    Order: sets of three naturals first (they shed the most), then naturals added to
    table sets, then sets that spend wilds on a pair, then wilds added to sets. Melds
    before additions, because a trio in hand melded sheds three where adding one of
    it to a table set may strand the other two.
    """
    best, best_key = None, None
    for a in legal:  # (sums of list comprehensions: cheaper than of generators, for a few cards)
        if isinstance(a, Meld):
            wilds = sum([wild[c.index] for c in a.cards])
            key = (0 if wilds == 0 else 2 + wilds, -sum([c.rank for c in a.cards]))
        elif isinstance(a, AddToSet):
            wilds = sum([wild[c.index] for c in a.cards])
            key = (1 if wilds == 0 else 5, -a.cards[0].rank, a.set_index)
        else:
            continue
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def answer_offer(seat: int, buy: bool) -> Buy | Pass:
    """``Buy(seat)`` if ``buy``, else ``Pass(seat)``: the shared values of
    :mod:`tenpennies.play._fast` (a bot answers hundreds of offers a match, and making a
    frozen dataclass costs more than deciding most of them)."""
    if 0 <= seat < _interned.SEATS:
        return _PASS_OR_BUY[seat][buy]
    return Buy(seat) if buy else Pass(seat)


_PASS_OR_BUY = _interned.PASS_OR_BUY


def costliest(cards: Iterable[Card], rules: RuleSet) -> Card:
    """The card of ``cards`` that costs most left in hand (T18); of equal points the
    higher rank, then the later suit: what the bots throw when nothing else decides."""
    places = _COST_PLACES.get(rules.card_points)
    if places is None:
        points = rules.card_points
        ranked = sorted(ALL_CARDS, key=lambda c: (points[c.rank], c.rank, c.index))
        place_of = [0] * len(ALL_CARDS)
        for place, c in enumerate(ranked):
            place_of[c.index] = place
        places = _COST_PLACES[points] = (tuple(place_of), tuple(ranked))
    place_of, ranked = places
    # The cards' places, the largest found in C (every bot asks this most turns: a Python
    # key per card, or hashing a card, which is Python code, cost more than the rest of the
    # choice; and for a hand's few cards a comprehension costs less than map() over the
    # tuple's __getitem__ and an attrgetter, method wrappers called per card).
    return ranked[max([place_of[c.index] for c in cards])]


# Per table of card points (a rule set's): each card value's place in costliest's order
# (by Card.index), and the cards in that order.
_COST_PLACES: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[Card, ...]]] = {}


def opponent_near_out(view: PlayerView, cards: int) -> bool:
    """Has an opponent laid down and kept at most ``cards`` cards, so that it could go out
    on its next turn? (Points then matter more than the contract.)"""
    opened, seat = view.opened, view.seat
    if True not in opened:
        return False  # (asked first: the hand sizes come with the rest of the view, when read)
    sizes = view.hand_sizes
    for s, laid_down in enumerate(opened):
        if laid_down and s != seat and sizes[s] <= cards:
            return True
    return False


def nearest_open_opponent(view: PlayerView, cards: int) -> dict:
    """The facts behind :func:`opponent_near_out`, for a decision's reasons: the open
    opponent with the fewest cards, if it holds at most ``cards`` (``{"danger_seat": 2,
    "danger_cards": 1}``; the earliest seat on a tie), else ``{}``. Asked only when a
    decision is explained, never on the fast path."""
    sizes = view.hand_sizes
    near = [s for s, laid_down in enumerate(view.opened) if laid_down and s != view.seat and sizes[s] <= cards]
    if not near:
        return {}
    s = min(near, key=lambda s: sizes[s])
    return {"danger_seat": s, "danger_cards": sizes[s]}


def may_shed(hand: Iterable[Card], table: Sequence[TableSet], round_no: int, rules: RuleSet) -> bool:
    """Could an open player with ``hand`` meld a new set or add to a table set?

    False only when surely not, so a bot that would otherwise discard need not list its
    legal actions (the costly part of a view). A hand holding a wild may; without one,
    an addition needs a natural of a table set's rank in a suit the set lacks (T14), and
    a new set a rank held in as many suits as a set's smallest size.
    """
    if rules.has_runs:
        return True  # a run is made and added to without a set's rank: no shortcut
    wild = rules.wild_table(round_no)
    wilds, held, suits = _counted(hand, wild)
    return _sheds(wilds, suits, _fit(held, suits, rules), _free_suits(table, held, wild, rules), rules)


def may_go_out(hand: Iterable[Card], table: Sequence[TableSet], round_no: int, rules: RuleSet) -> bool:
    """Could a player empty ``hand`` this turn (:func:`tenpennies.solver.plan_go_out`)?

    False only when surely not, so a bot need not search for a plan (the search is
    costly when it fails): every natural card but the one discarded must end in a set,
    so it must fit a table set of its rank (a suit the set lacks, T14), or the hand
    must hold enough of its rank, with wilds, for a new set, each wild in one set only.
    """
    if rules.has_runs:
        return True  # a natural may end in a run: no shortcut
    wild = rules.wild_table(round_no)
    wilds, held, suits = _counted(hand, wild)
    return _goes_out(hand, wild, wilds, held, _fit(held, suits, rules), _free_suits(table, held, wild, rules),
                     round_no, rules)


def open_outlook(hand: Iterable[Card], table: Sequence[TableSet], round_no: int,
                 rules: RuleSet) -> tuple[bool, bool]:
    """``(may_go_out(...), may_shed(...))``, the hand and the table counted once: an open
    strong bot asks both on every turn."""
    if rules.has_runs:
        return True, True
    wild = rules.wild_table(round_no)
    wilds, held, suits = _counted(hand, wild)
    fit = _fit(held, suits, rules)
    free = _free_suits(table, held, wild, rules)
    return _goes_out(hand, wild, wilds, held, fit, free, round_no, rules), _sheds(wilds, suits, fit, free, rules)


def _counted(hand: Iterable[Card], wild: Sequence[bool]) -> tuple[int, dict[int, int], dict[int, int]]:
    """The wilds in ``hand``; and per rank its naturals, and the suits they hold, one bit
    each (plain dicts: cheaper than Counters here)."""
    wilds = 0
    held: dict[int, int] = {}
    suits: dict[int, int] = {}
    for c in hand:
        if wild[c.index]:
            wilds += 1
            continue
        r = c.rank
        if r in held:  # (a test and two updates in place cost less than get() twice)
            held[r] += 1
            suits[r] |= 1 << (c.index // 13)
        else:
            held[r] = 1
            suits[r] = 1 << (c.index // 13)
    return wilds, held, suits


def _fit(held: dict[int, int], suits: dict[int, int], rules: RuleSet) -> dict[int, int]:
    """Per rank held, the most of its naturals one new set can take: one per suit unless
    repeats are allowed (T14), so two 4♠ and a 4♣ make no set of three without a wild."""
    return held if rules.repeated_suits_allowed else {r: bits.bit_count() for r, bits in suits.items()}


def _free_suits(table: Sequence[TableSet], held: dict[int, int], wild: Sequence[bool],
                rules: RuleSet) -> dict[int, int]:
    """For each rank ``held`` that a table set has, the suits some table set of it still
    takes, one bit each (every suit, if suits may repeat: T14)."""
    repeated = rules.repeated_suits_allowed
    free: dict[int, int] = {}
    for s in table:
        if s.rank in held:
            used = 0
            if not repeated:
                for c in s.cards:
                    if not wild[c.index]:
                        used |= 1 << (c.index // 13)
            free[s.rank] = free.get(s.rank, 0) | (15 & ~used)
    return free


def _sheds(wilds: int, suits: dict[int, int], fit: dict[int, int], free: dict[int, int], rules: RuleSet) -> bool:
    """:func:`may_shed` from the counts: a wild; a natural of a suit a table set of its
    rank takes; or a rank that fits a new set of its own."""
    if wilds:
        return True
    for r, bits in free.items():  # (a plain loop: a generator in any() cost more, every open turn)
        if suits[r] & bits:
            return True
    return (max(fit.values()) if fit else 0) >= rules.min_set_size  # (max's default= is slow to pass)


def _goes_out(hand: Iterable[Card], wild: Sequence[bool], wilds: int, held: dict[int, int], fit: dict[int, int],
              free: dict[int, int], round_no: int, rules: RuleSet) -> bool:
    """:func:`may_go_out` from the counts."""
    size = rules.min_set_size
    # A rank with fewer naturals that fit a new set than this makes none, even with every
    # wild the round lets a set take (most hands hold no wild: the limit is read for those).
    fewest = size - min(wilds, max(rules.wild_limits[round_no - 1], 0)) if wilds else size
    # The usual answer, found first: two naturals of ranks no table set has and too few
    # for a new set, and the hand cannot empty (as below, cheaply).
    # (A plain loop that stops at the second: a sum over a generator cost more.)
    stranded = 0
    for r, n in held.items():
        if r not in free and fit[r] < fewest:
            stranded += n
            if stranded > 1:
                return False
    loose: dict[int, int] = {}  # naturals no table set takes, by rank: they need a new set
    for c in hand:
        if not wild[c.index] and not free.get(c.rank, 0) & 1 << (c.index // 13):
            loose[c.rank] = loose.get(c.rank, 0) + 1
    if sum(n for r, n in loose.items() if fit[r] < fewest) > 1:
        return False
    # A rank short of a new set takes wilds to make one, each wild in one set only; the
    # discard may spare one rank with a single loose natural its wilds.
    need = {r: max(0, size - fit[r]) for r in loose}
    spared = [need[r] for r, n in loose.items() if n == 1]
    return sum(need.values()) - (max(spared) if spared else 0) <= wilds
