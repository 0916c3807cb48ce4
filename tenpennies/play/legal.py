"""The one listing of legal actions: a pure function of what the seat to act may know.

:func:`legal_actions` lists what the seat to act can do from its own hand, the table,
the phase, who is active, whether it has laid down, the round and the rules; nothing
of another hand or of the stock (T20). :meth:`tenpennies.play.match.Match.legal_actions`
calls it with the match's state, and a :class:`tenpennies.play.view.PlayerView` with its own
fields, so the match and a view list the same actions, in the same order. The meld
enumeration it needs (new sets and runs of three in a hand) lives here too: searching a
hand is solver-like work, no part of the match's bookkeeping.

    >>> from tenpennies import TEN_PENNIES, Hand
    >>> from tenpennies.play.match import Phase
    >>> hand = Hand("7S 7H 7D 9C KD")
    >>> [a.text for a in legal_actions(Phase.PLAY, 0, active=0, hand=hand, opened=(True, False, False, False),
    ...                                table=(), round_no=2, rules=TEN_PENNIES, top_discard=None)][:3]
    ['meld 7S 7H 7D', 'discard 7S', 'discard 7H']
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Sequence

from . import _fast as _interned
from ..engine.actions import Action, LayDown, Meld
from ..engine.cards import ALL_CARDS, BY_ORDER, IN_ORDER, Card, Hand
from ..engine.melds import MeldKind, TableMeld, is_valid_meld, run_ends
from ..engine.rules import RuleSet
from ..engine.sets import single_additions
from ..solver import can_lay_down, contract_problems, find_contracts

_BUY_OR_PASS, _TAKE_OR_PASS = _interned.BUY_OR_PASS, _interned.TAKE_OR_PASS
_TAKES, _PASSES, _DISCARDS = _interned.TAKES, _interned.PASSES, _interned.DISCARDS_IN_ORDER
_CARD_AT = IN_ORDER.__getitem__  # a place in reading order -> the card


def legal_actions(phase, seat: int, *, active: int, hand: Sequence[Card], opened: Sequence[bool],
                  table: Sequence[TableMeld], round_no: int, rules: RuleSet,
                  top_discard: Card | None) -> list[Action]:
    """What ``seat``, the seat to act in ``phase`` (a :class:`tenpennies.play.match.Phase`),
    can do, from what it may know: its ``hand``, who has laid down (``opened``, per
    seat), the ``table``'s melds, the ``active`` seat, the round, the rules, and the
    top discard (``None``: the pile is empty).

    During an offer: buy and pass (the active player of Ten Card Rummy: take and pass,
    C8). In play (or before the draw in Ten Card Rummy): once open, every legal
    single-card addition to a table meld and every new meld of three; before opening,
    laying down the solver's best arrangement for each of its objectives (fewest wilds,
    most points, fewest cards); then discarding any card (Ten Pennies) or taking the top
    discard and passing (Ten Card Rummy). Larger melds, additions of several cards and
    other valid arrangements are legal too (:meth:`Match.is_legal` says), though not
    listed, since there can be thousands.

    ``hand`` may come in any order: the listing is the same, in the same order, for every
    order of the same cards. The match gives its own list, as drawn (sorting it at every
    decision cost a random match a tenth of its time), a view its sorted
    :class:`tenpennies.engine.cards.Hand`. Where the order of the hand would show, the hand is
    put in reading order first (:func:`_in_order`): a lay-down's search, and new runs
    (which wild a run is listed with, and the order runs are found in).
    """
    # (By the member's value as stored: Enum's ``value`` is a Python property, and the
    # Phase enum lives in match.py, which imports this module.)
    lister = _BY_PHASE.get(phase._value_)
    if lister is None:
        return []  # the match is over
    return lister(seat, active, hand, opened, table, round_no, rules, top_discard)


def _offer(seat, active, hand, opened, table, round_no, rules, top_discard) -> list[Action]:
    return list(_TAKE_OR_PASS[seat] if rules.free_discard_take and seat == active else _BUY_OR_PASS[seat])


def _play(seat, active, hand, opened, table, round_no, rules, top_discard) -> list[Action]:
    held = _held(hand)
    actions = _melding(seat, hand, held, opened[seat], table, round_no, rules)
    actions.extend(map(_DISCARDS[seat].__getitem__, held))
    return actions


def _meld_phase(seat, active, hand, opened, table, round_no, rules, top_discard) -> list[Action]:
    # (The distinct cards only for an open hand: most meld phases are of closed ones.)
    actions = _melding(seat, hand, _held(hand) if opened[seat] else None, opened[seat], table, round_no, rules)
    if top_discard is not None:
        actions.append(_TAKES[seat])
    actions.append(_PASSES[seat])
    return actions


def _discard(seat, active, hand, opened, table, round_no, rules, top_discard) -> list[Action]:
    return list(map(_DISCARDS[seat].__getitem__, _held(hand)))


_BY_PHASE = {"offer": _offer, "play": _play, "meld": _meld_phase, "discard": _discard}


def _melding(seat: int, hand: Sequence[Card], held: list[int] | None, is_open: bool, table: Sequence[TableMeld],
             r: int, rules: RuleSet) -> list[Action]:
    """Lay-downs, or once open, additions and new melds: ``held`` are the hand's
    distinct cards by place in reading order (:func:`_held`), needed only if open."""
    actions: list[Action] = []
    runs = rules.has_runs
    if not is_open:
        # Most hands cannot lay down: the fast yes/no test (which counts cards, in any
        # order) spares building an arrangement.
        if can_lay_down(hand, r, rules, trusted=True):
            # One arrangement per objective the solver knows, without repeats. (The solver
            # says its answer never depends on the hand's order; reading order makes sure,
            # and costs little beside the search.)
            hand = _in_order(hand)
            found = {a.sets: None for a in find_contracts(hand, r, rules, trusted=True).values()}
            if runs:
                # Listed means legal: the check owns the rules of runs and wilds (C4, C5).
                found = [sets for sets in found if not contract_problems(sets, r, rules, hand=hand)]
            actions.extend(LayDown(seat, sets) for sets in found)
        return actions
    distinct = list(map(_CARD_AT, held))  # (cards only once open: most listings are of closed hands)
    # sets.single_additions is the O(1)-per-card check that solver.additions lists
    # with; each set is asked only of the cards that could join it, its rank's and
    # the wilds, in the listing's order (hands grow to thirty cards after purchases).
    wild = rules.wild_table(r)
    wilds: list[Card] = []
    by_rank: dict[int, list[Card]] = {}
    for c in distinct:
        if wild[c.index]:
            wilds.append(c)
        else:
            by_rank.setdefault(c.rank, []).append(c)
    addition = _interned.addition
    have = None
    for i, s in enumerate(table):
        if runs and s.kind is _RUN:
            # A run takes two natural cards at most, looked up in the hand, and wilds
            # (melds.run_ends: what melds.meld_additions lists, worked out once per run).
            if have is None:
                have = [False] * 53
                for c in distinct:
                    have[c.index] = True
            high, low, low_end, wild_ends = run_ends(s, r, rules)
            fits = []
            if high >= 0 and have[high] and not wild[high]:
                fits.append((_BY_INDEX[high], None))
            if low >= 0 and low != high and have[low] and not wild[low]:
                fits.append((_BY_INDEX[low], low_end))
            if wild_ends:
                fits.extend((c, e) for c in wilds for e in wild_ends)
            if len(fits) > 1:
                fits.sort(key=_BY_FIRST_ORDER)  # in the listing's order, each card's ends together
            actions.extend([addition(seat, i, c, end) for c, end in fits])
            continue
        naturals = by_rank.get(s.rank)  # (the match made it with set_rank)
        if naturals is None:
            candidates = wilds
        else:
            candidates = sorted(naturals + wilds, key=BY_ORDER) if wilds else naturals
        fits = single_additions(s.cards, candidates, r, rules) if candidates else None
        if fits:
            actions.extend(addition(seat, i, c) for c in fits)
    actions.extend(_new_sets_of_three(seat, hand, distinct, r, rules, checked=runs))
    if runs:
        actions.extend(_new_runs_of_three(seat, _in_order(hand), r, rules))
    return actions


def _in_order(hand: Sequence[Card]) -> Sequence[Card]:
    """``hand`` in reading order: itself if it is a :class:`Hand` (sorted when made)."""
    return hand if type(hand) is Hand else tuple.__new__(Hand, sorted(hand, key=BY_ORDER))


def _held(hand: Iterable[Card]) -> list[int]:
    """The places in reading order (``Card.order``) of the distinct cards of a hand, in
    that order (one per kind of card).

    Places, not cards: each is a small int, so they are a set of ints sorted in C,
    without a Python call per card (Card.__hash__, or a sort key); the discards and
    the cards are looked up by place. (A set comprehension: mapping an attrgetter over
    a dozen cards costs more in Python 3.11.)
    """
    return sorted({c.order for c in hand})


def _new_sets_of_three(seat: int, hand: Sequence[Card], values: list[Card], round_no: int,
                       rules: RuleSet, checked: bool = False) -> list[Meld]:
    """Every distinct valid new set of the smallest size in a hand (two 7♠ count once),
    as ``seat``'s Meld actions; ``values`` are its distinct cards in reading order, as the
    listing has them already. With ``checked``, only those :func:`is_valid_meld` passes
    as sets (where melds may be runs, the check owns C4).

    Built as naturals of one rank plus a few wilds, so the work stays small even in
    round 7 with many wild cards about. Combinations of a sorted pool come out in a
    fixed order, so the listing is deterministic without sorting card tuples. A rank's
    sets depend only on its cards and the wilds held, so they are made once for each
    (:func:`tenpennies.play._fast.new_melds`), from card indices (the cards are interned,
    so equal indices are the very same cards; tuples of cards hash by a Python call each).
    """
    wild = rules.wild_table(round_no)
    size, limit, repeated = rules.min_set_size, rules.wild_limits[round_no - 1], rules.repeated_suits_allowed
    if rules.wilds_outnumbered:
        limit = min(limit, (size - 1) // 2)  # C4: naturals outnumber wilds
    counts = [0] * 53  # copies of each card value, by index (a Counter hashes every card)
    for c in hand:
        counts[c.index] += 1
    wild_pool = tuple(i for c in values if wild[i := c.index] for _ in range(min(counts[i], limit)))
    most_wilds = min(limit, size - 1, len(wild_pool))
    by_rank: dict[int, list[int]] = {}
    for c in values:
        i = c.index
        if not wild[i]:
            by_rank.setdefault(c.rank, []).extend([i] * (min(counts[i], size) if repeated else 1))
    found: list[Meld] = []
    for naturals in by_rank.values():
        if len(naturals) + most_wilds < size:
            continue  # too few cards of this rank, even with every wild allowed
        naturals = tuple(naturals)

        def make(naturals=naturals) -> list[tuple[Card, ...]]:
            sets = []
            for n_wild in range(max(0, size - len(naturals)), most_wilds + 1):
                wild_groups = list(dict.fromkeys(combinations(wild_pool, n_wild)))
                # Without repeated suits a rank's naturals are distinct card values, one
                # per suit, so their combinations are distinct sets already; with repeats,
                # two copies of a card make the same combination twice.
                groups = combinations(naturals, size - n_wild)
                for group in dict.fromkeys(groups) if repeated else groups:
                    sets.extend(_cards_at(group + w) for w in wild_groups)
            return [(cards, None) for cards in sets
                    if not checked or is_valid_meld(cards, MeldKind.SET, round_no, rules)]
        found.extend(_interned.new_melds(rules, round_no, seat, ("set", checked, naturals, wild_pool), make))
    return found


def _new_runs_of_three(seat: int, hand: Iterable[Card], round_no: int, rules: RuleSet) -> list[Meld]:
    """Every distinct new run of three in a hand, with the end a wild takes (C3, C4), as
    ``seat``'s Meld actions; the hand in reading order (suits are listed as met in it).

    A window of three ranks in one suit, wrapping over the top (K A 2); a missing rank
    may be one wild, which for a window's end card is listed at both ends: ``5S 6S JK``
    as 4-5-6 (``"low"``) and as 5-6-7 (``None``, the default higher rank).

    Each suit's ranks held are one 13-bit mask, whose windows are worked out once
    (:func:`_windows_of`), and a suit's runs are made once for its mask and the wild
    (:func:`tenpennies.play._fast.new_melds`): an open hand lists its runs at every meld
    phase, and walking thirteen windows of card lookups was a fifth of a random Ten Card
    Rummy match.
    """
    wild = rules.wild_table(round_no)
    one_wild: tuple[Card, ...] = ()
    if rules.wild_limits[round_no - 1] >= 1:
        for c in hand:
            if wild[c.index]:
                one_wild = (c,)
                break
    held: dict[int, int] = {}  # suit (index // 13) -> ranks held, bit r-1 for rank r; suits as met
    for c in hand:
        i = c.index
        if not wild[i]:
            s = i // 13
            held[s] = held.get(s, 0) | 1 << (i - 13 * s)
    found: list[Meld] = []
    for s, mask in held.items():
        if mask & (mask - 1) == 0:
            continue  # one rank of the suit: no run of three with one wild

        def make(base=13 * s, mask=mask) -> list[tuple[tuple[Card, ...], str | None]]:
            runs = []
            for places, end, whole in _windows_of(mask):
                cards = tuple(_BY_INDEX[base + p] for p in places)
                if whole:
                    runs.append((cards, None))
                elif one_wild:
                    runs.append((cards + one_wild, end))
            return [(cards, end) for cards, end in runs if is_valid_meld(cards, MeldKind.RUN, round_no, rules)]
        found.extend(_interned.new_melds(rules, round_no, seat, ("run", s, mask, one_wild and one_wild[0].index),
                                         make))
    return found


_BY_INDEX = ALL_CARDS  # (interned: the hand's own card values)
_RUN = MeldKind.RUN


def _BY_FIRST_ORDER(fit: tuple[Card, str | None]) -> int:
    return fit[0].order


def _cards_at(indices: tuple[int, ...]) -> tuple[Card, ...]:
    return tuple(map(_BY_INDEX.__getitem__, indices))
_WINDOWS: dict[int, tuple] = {}


def _windows_of(mask: int) -> tuple[tuple[tuple[int, ...], str | None, bool], ...]:
    """The windows of three ranks (wrapping, starting at each rank in turn) that a suit
    holding ``mask``'s ranks fills, or fills but for one: ``(places of its naturals,
    the end a wild takes, whether it is whole)`` each, remembered per mask (8,192 at most)."""
    known = _WINDOWS.get(mask)
    if known is None:
        out = []
        if mask.bit_count() >= 2:
            for start in range(13):
                window = [(start + k) % 13 for k in range(3)]
                here = tuple(p for p in window if mask >> p & 1)
                if len(here) == 3:
                    out.append((here, None, True))
                elif len(here) == 2:
                    out.append((here, "low" if not mask >> window[0] & 1 else None, False))
        known = _WINDOWS[mask] = tuple(out)
    return known
