"""Adding to table sets and going out: which cards fit the table, and a plan to empty the hand.

Set-only rule sets keep the rank-by-rank placement of :func:`_place_all`; where melds
may be runs, :func:`_plan_with_runs` searches real melds and lay-offs one card at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from ..engine.cards import ALL_CARDS, SORT_KEYS, Card, Cards, format_cards, sort_key
from ..engine.melds import MeldKind, TableMeld, meld_additions
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.sets import TableSet, single_additions
from . import _run_gaps, _runs
from ._core import Arrangement, _arrangement, _candidate_sets, _choose_sets, _held, _round, _Round
from .contracts import can_lay_down

__all__ = ["GoOutPlan", "additions", "plan_go_out"]



def additions(
    hand: Iterable[Card],
    table_sets: Sequence[TableSet],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    *,
    ends: bool = False,
) -> tuple[tuple[Card, int], ...]:
    """Every single card of ``hand`` that may be added to a table set, and to which.

    ``table_sets`` are :class:`tenpennies.engine.sets.TableSet` values; the answer lists
    ``(card, set index)`` pairs, by set then card. Each pair is legal on its own:
    adding several cards to one set must be checked together, since the set's wild
    limit (T14) counts them all (one wild may fit where two do not).

    In a rule set with runs the table holds :class:`tenpennies.engine.melds.TableMeld` values
    and a run takes the next card at either end (C11); with ``ends=True`` the answer
    is ``(card, meld index, end)`` triples, a wild that fits both ends of a run listed
    once per end (``"low"``, ``"high"``; None where a card has one place, C4).

    >>> from tenpennies import parse_cards
    >>> from tenpennies.engine.melds import make_table_set
    >>> table = [make_table_set(0, parse_cards("7S 7H JK"), 1), make_table_set(1, parse_cards("QS QH QD"), 1)]
    >>> additions(parse_cards("7D 7H QC JK 4S"), table, 1)
    ((Card('7D'), 0), (Card('QC'), 1), (Card('JK'), 1))
    """
    t = _round(rules, round_no)
    values = sorted(set(_held(hand, t, False)), key=sort_key)
    if t.has_runs or ends:
        return _meld_additions(values, table_sets, t, ends)
    return tuple(
        (card, n)
        for n, table_set in enumerate(table_sets)
        for card in single_additions(table_set.cards, values, round_no, rules)
    )


def _meld_additions(values, table_melds, t: _Round, ends: bool):
    """:func:`additions` through :func:`tenpennies.engine.melds.meld_additions` (runs, C11)."""
    out = []
    for n, meld in enumerate(table_melds):
        seen = set()
        for card, end in meld_additions(meld, values, t.round_no, t.rules):
            if ends:
                out.append((card, n, end))
            elif card not in seen:
                seen.add(card)
                out.append((card, n))
    return tuple(out)


@dataclass(frozen=True)
class GoOutPlan:
    """How a player empties its hand this turn (T10-T12), in the order to do it.

    ``lay_down`` is the contract to lay down first (None when already open);
    ``melds`` are new sets; ``additions`` are ``(set index, cards)`` pairs, where set
    indices count the table's sets, then the laid-down sets, then the melds, in
    order; ``discard`` is the last card, or None when the hand empties without one.

    In a rule set with runs, ``additions`` go one card at a time, in an order that
    keeps every meld valid after each (C4, C11), and ``ends`` (None for a set-only
    rule set) says for each whether a wild goes at the ``"low"`` or ``"high"`` end of
    a run, None when the card has one place.
    """

    lay_down: Arrangement | None
    melds: tuple[tuple[Card, ...], ...]
    additions: tuple[tuple[int, tuple[Card, ...]], ...]
    discard: Card | None
    ends: tuple[str | None, ...] | None = None

    def __str__(self) -> str:
        steps = []
        if self.lay_down is not None:
            steps.append(f"lay down {self.lay_down}")
        steps.extend(f"meld {format_cards(m)}" for m in self.melds)
        if self.ends is None:
            steps.extend(f"add {format_cards(cards)} to set {n}" for n, cards in self.additions)
        else:
            steps.extend(f"add {format_cards(cards)} to meld {n}" + (f" at the {end} end" if end else "")
                         for (n, cards), end in zip(self.additions, self.ends))
        steps.append(f"discard {self.discard}" if self.discard is not None else "go out without a discard")
        return ", then ".join(steps)

    def __repr__(self) -> str:
        def items(texts: list[str]) -> str:
            return "(" + ", ".join(texts) + ("," if len(texts) == 1 else "") + ")"

        melds = items([repr(Cards(m)) for m in self.melds])
        adds = items([f"({n}, {Cards(c)!r})" for n, c in self.additions])
        ends = "" if self.ends is None else f", ends={self.ends!r}"
        return (f"GoOutPlan(lay_down={self.lay_down!r}, melds={melds}, additions={adds}, "
                f"discard={self.discard!r}{ends})")

    def _repr_svg_(self) -> str:
        from ..pictures.svg import plan_svg  # (a picture hook: the engine never pays for pictures)

        return plan_svg(self)


def _table_info(tables, t: _Round) -> list[tuple[int, set[int], int]]:
    """(rank, suits held, wild room) of each table set, given as card indices."""
    wild, rank_of, limit = t.wild, t.rank_of, t.limit
    info = []
    for cards_on in tables:
        naturals = [i for i in cards_on if not wild[i]]
        room = limit - (len(cards_on) - len(naturals))
        info.append((rank_of[naturals[0]] if naturals else 0, {i // 13 for i in naturals}, room if room > 0 else 0))
    return info


def _rank_options(rank: int, copies: list[int], info, t: _Round):
    """Each way to place one rank's naturals ``copies`` (in index order) on the table
    sets of ``info`` or in new melds: ``(bins, options)``, the rank's table sets and
    (wilds needed, spare wild room) -> (cards added to each, new melds), the first
    placing found for each; no options if none works.
    """
    limit, least, repeated = t.limit, t.rules.min_set_size, t.repeated
    bins = [n for n, (r, _, _) in enumerate(info) if r == rank]
    options: dict[tuple[int, int], tuple] = {}
    suits = [set(info[n][1]) for n in bins]
    added: list[list[int]] = [[] for _ in bins]
    melds: list[list[int]] = []
    meld_suits: list[set[int]] = []
    where = [0] * len(copies)

    def place(pos: int) -> None:
        if pos == len(copies):
            # Wilds the new melds need to reach the least size, and the room left.
            need = spare = 0
            for m in melds:
                pad = max(0, least - len(m))
                if pad > limit:
                    return
                need += pad
                spare += limit - pad
            key = (need, spare)
            if key not in options:
                options[key] = ([list(a) for a in added], [list(m) for m in melds])
            return
        i = copies[pos]
        suit = i // 13
        start = 0
        if pos and copies[pos - 1] == i:
            # Copies of one card are interchangeable: place them in bin order.
            start = where[pos - 1] + (0 if repeated else 1)
        n = len(bins)
        for b in range(start, n + len(melds) + 1):
            if b < n + len(melds):
                # A table set of the rank (b < n), or a new meld already begun.
                cards, held = (added[b], suits[b]) if b < n else (melds[b - n], meld_suits[b - n])
                if not repeated and suit in held:
                    continue
                held.add(suit)
                cards.append(i)
                where[pos] = b
                place(pos + 1)
                cards.pop()
                # Where suits may not repeat, that was the set's only card of the suit;
                # where they may, the suits held are never asked.
                held.discard(suit)
            else:
                melds.append([i])
                meld_suits.append({suit})
                where[pos] = b
                place(pos + 1)
                melds.pop()
                meld_suits.pop()

    place(0)
    return bins, options


def _place_all(cards: list[int], info: list[tuple[int, set[int], int]], t: _Round, known: dict):
    """Put every card into new melds or the table sets described by ``info``
    (:func:`_table_info`), or None if that cannot be done.

    ``known`` holds :func:`_rank_options` already found on these table sets, by the
    rank's naturals: the discards tried leave most ranks' cards as they were.

    Naturals of a rank go to table sets of that rank or to new melds of it (each
    tried exhaustively, identical copies not told apart); wilds are one pool, first
    padding melds to three cards, then filling any set's remaining wild room.
    """
    wild, rank_of, limit, least = t.wild, t.rank_of, t.limit, t.rules.min_set_size
    wilds = []
    by_rank: dict[int, list[int]] = {}
    for i in sorted(cards):
        if wild[i]:
            wilds.append(i)
        else:
            by_rank.setdefault(rank_of[i], []).append(i)
    wilds.sort(key=SORT_KEYS.__getitem__)

    rank_options = []
    for rank, copies in sorted(by_rank.items()):
        key = tuple(copies)
        found = known.get(key)
        if found is None:
            found = known[key] = _rank_options(rank, copies, info, t)
        if not found[1]:
            return None
        rank_options.append(found)

    # Combine ranks: for each total of wilds needed keep the most spare room.
    states: dict[int, tuple[int, list]] = {0: (0, [])}
    for bins, options in rank_options:
        nxt: dict[int, tuple[int, list]] = {}
        for pad, (cap, chosen) in states.items():
            for (p, c), placement in options.items():
                key = pad + p
                if key not in nxt or nxt[key][0] < cap + c:
                    nxt[key] = (cap + c, chosen + [(bins, placement)])
        states = nxt
    table_room = 0
    for _, _, room in info:
        table_room += room
    for pad in sorted(states):
        cap, chosen = states[pad]
        if pad <= len(wilds) <= pad + cap + table_room:
            break
    else:
        return None

    to_table: dict[int, list[int]] = {}
    new_melds: list[list[int]] = []
    for bins, (added, melds) in chosen:
        for b, cards_added in zip(bins, added):
            if cards_added:
                to_table.setdefault(b, []).extend(cards_added)
        new_melds.extend([list(m) for m in melds])  # copies: wilds are added below
    pos = 0
    for m in new_melds:
        need = max(0, least - len(m))
        m.extend(wilds[pos:pos + need])
        pos += need
    for n, (_, _, room) in enumerate(info):
        if pos == len(wilds):
            break
        if room:
            more = wilds[pos:pos + room]
            to_table.setdefault(n, []).extend(more)
            pos += len(more)
    for m in new_melds:
        if pos == len(wilds):
            break
        room = limit - sum([wild[i] for i in m])
        if room > 0:
            m.extend(wilds[pos:pos + room])
            pos += min(room, len(wilds) - pos)
    return new_melds, to_table


def plan_go_out(
    hand: Iterable[Card],
    table_sets: Sequence[TableSet],
    round_no: int,
    opened: bool,
    rules: RuleSet = TEN_PENNIES,
) -> GoOutPlan | None:
    """A way to empty ``hand`` this turn (after drawing), or None if there is none.

    A player not yet ``opened`` must first lay down the whole contract (T13); then,
    open, it may meld new sets and add cards to any table set, its new ones
    included (T10), and ends with a discard unless the hand is already empty
    (T11, T12). A plan without a discard is preferred, then laying down, melding
    and adding in a fixed order, so the answer is deterministic.

    Where melding comes before the draw (``rules.meld_before_draw``, Ten Card Rummy,
    C6, C7) the plan is made before drawing and the round ends only in the meld step,
    so going out means melding and laying off every card: no discard is ever planned.

    >>> from tenpennies import parse_cards
    >>> from tenpennies.engine.melds import make_table_set
    >>> table = [make_table_set(2, parse_cards("KS KH KD"), 1)]
    >>> print(plan_go_out(parse_cards("7S 7H 7D 9S 9H JK KC 4D"), table, 1, opened=False))
    lay down 7S 7H 7D; 9S 9H JK, then add KC to set 0, then discard 4D
    >>> print(plan_go_out(parse_cards("5S 5H 5D QC"), table, 1, opened=True))
    meld 5S 5H 5D, then discard QC
    >>> plan_go_out(parse_cards("5S 5H 5D QC"), table, 1, opened=False) is None
    True
    """
    t = _round(rules, round_no)
    hand = tuple(_held(hand, t, False))
    if t.has_runs:
        return _plan_with_runs(hand, table_sets, opened, t)
    if not opened and not can_lay_down(hand, round_no, rules):
        return None
    # The hand's card indices in order: the cards to place are these less the discard
    # (and laid-down sets), a few removals rather than a walk over all 53 counts.
    held = sorted([c.index for c in hand])
    cnt = [0] * 53
    for i in held:
        cnt[i] += 1
    if not hand:
        return GoOutPlan(None, (), (), None) if opened else None
    # The costliest card is the first discard tried (it matters only for ties).
    discards = [None] + sorted(set(held), key=t.wild_order.__getitem__)
    # The table's sets are the same whichever discard is tried: read them once, and
    # keep each rank's placings on them (a discard changes one rank's cards at most).
    on_table = _table_info([[c.index for c in ts.cards] for ts in table_sets], t)
    known: dict = {}
    for discard in discards:
        kept = list(held)
        if discard is not None:
            cnt[discard] -= 1
            kept.remove(discard)
        if opened:
            layouts = [[]]
        else:
            # Exact-size contract sets suffice: any extra card can be added right after.
            exact = [c for c in _candidate_sets(cnt, t) if len(c) == t.size]
            layouts = [[exact[c] for c in chosen] for chosen in _choose_sets(exact, cnt, t.k)]
        for layout in layouts:
            left = list(kept)
            for g in layout:
                for i in g:
                    left.remove(i)
            if layout:
                placed = _place_all(left, on_table + _table_info(layout, t), t, {})
            else:
                placed = _place_all(left, on_table, t, known)
            if placed is None:
                continue
            melds, to_table = placed
            lay_down = _arrangement(layout, t) if layout else None
            # Set indices must follow the laid-down sets as the arrangement orders them.
            order = list(range(len(on_table)))
            if lay_down is not None:
                shown = [sorted(c.index for c in s) for s in lay_down.sets]
                remaining = list(range(len(layout)))
                for s in shown:
                    for j in remaining:
                        if sorted(layout[j]) == s:
                            order.append(len(on_table) + j)
                            remaining.remove(j)
                            break
            position = {old: new for new, old in enumerate(order)}
            meld_cards = tuple([_cards_in_order(m, t) for m in melds])
            adds = tuple(sorted([(position[n], _cards_in_order(cards, t)) for n, cards in to_table.items()]))
            if discard is not None:
                cnt[discard] += 1
            return GoOutPlan(lay_down, meld_cards, adds,
                             None if discard is None else ALL_CARDS[discard])
        if discard is not None:
            cnt[discard] += 1
    return None


def _cards_in_order(indices, t: _Round) -> tuple[Card, ...]:
    wild = t.wild
    naturals = sorted([i for i in indices if not wild[i]], key=SORT_KEYS.__getitem__)
    wilds = sorted([i for i in indices if wild[i]], key=SORT_KEYS.__getitem__)
    return tuple([ALL_CARDS[i] for i in naturals + wilds])


# -- going out where melds may be runs ---------------------------------------------------


def _plan_with_runs(hand: tuple[Card, ...], table, opened: bool, t: _Round) -> GoOutPlan | None:
    """:func:`plan_go_out` for a rule set with runs: a search over real melds.

    First the contract (if not open: every arrangement the hand holds, C5), then new
    melds: the first card left either starts a new meld (every meld of at least the
    smallest size that holds it) or is kept to lay off; last, the kept cards are laid
    off one at a time, in any order that works, onto any meld (C11). When melding comes
    before the draw (C6, C7) going out means no card is left, so no discard is tried.
    """
    rules = t.rules
    cnt = _runs.count(hand, t)
    if not opened and not _run_gaps.feasible(cnt, t):
        return None
    if not hand:
        return GoOutPlan(None, (), (), None, ()) if opened else None
    start = list(table)
    discards: list[int | None] = [None]
    if not rules.meld_before_draw:
        # The costliest card is the first discard tried (it matters only for ties).
        discards += sorted((i for i in range(53) if cnt[i]), key=t.wild_order.__getitem__)
    set_ok = MeldKind.SET in rules.meld_kinds
    run_ok = rules.has_runs
    for discard in discards:
        if discard is not None:
            cnt[discard] -= 1
        layouts = [()] if opened else _runs.every_choice(cnt, t)
        for layout in layouts:
            rest = list(cnt)
            for meld in layout:
                for i in meld:
                    rest[i] -= 1
            lay_down = _runs.arrangement(layout, t) if layout else None
            melds = start + ([_table_meld(cards, t) for cards in lay_down.sets] if lay_down else [])
            found = _meld_then_lay_off(rest, melds, t, set_ok, run_ok)
            if found is not None:
                new, adds = found
                return GoOutPlan(
                    lay_down,
                    tuple(m.cards for m in new),
                    tuple((n, (ALL_CARDS[i],)) for n, i, _ in adds),
                    None if discard is None else ALL_CARDS[discard],
                    tuple(end for _, _, end in adds),
                )
        if discard is not None:
            cnt[discard] += 1
    return None


def _table_meld(cards, t: _Round):
    kind = MeldKind.SET if _runs.meld_is_set([c.index for c in cards], t) else MeldKind.RUN
    return TableMeld(-1, kind, tuple(cards))


def _meld_then_lay_off(rest: list[int], melds: list, t: _Round, set_ok: bool, run_ok: bool):
    """New melds from the counted cards ``rest`` (each holding the first card left, or
    that card kept to lay off), then every kept card laid off onto ``melds`` or the new
    ones: (new melds, additions) or None."""
    kept = [0] * 53
    new: list = []

    def choose(first: int):
        while first < 53 and not rest[first]:
            first += 1
        if first == 53:
            adds = _lay_off_all(kept, melds + new, t)
            return None if adds is None else (list(new), adds)
        # The first card starts a new meld...
        for meld in _runs.hand_melds(rest, t, set_ok, run_ok, t.rules.min_set_size):
            if first not in meld:
                continue
            for i in meld:
                rest[i] -= 1
            new.append(_table_meld(_runs.shown(meld, t), t))
            found = choose(first)
            new.pop()
            for i in meld:
                rest[i] += 1
            if found is not None:
                return found
        # ... or is kept to lay off.
        rest[first] -= 1
        kept[first] += 1
        found = choose(first)
        kept[first] -= 1
        rest[first] += 1
        return found

    return choose(0)


def _lay_off_all(kept: list[int], melds: list, t: _Round):
    """Lay off every counted card in ``kept``, one at a time, in some order that keeps
    each meld valid: ``[(meld index, card index, end), ...]``, or None."""
    failed: set = set()

    def go(pool: tuple[int, ...], state: tuple):
        if not pool:
            return []
        key = (pool, tuple(m.cards for m in state))
        if key in failed:
            return None
        values = [ALL_CARDS[i] for i in sorted(set(pool), key=SORT_KEYS.__getitem__)]
        for j, meld in enumerate(state):
            for card, end in meld_additions(meld, values, t.round_no, t.rules):
                left = list(pool)
                left.remove(card.index)
                after = state[:j] + (meld.added((card,), end),) + state[j + 1:]
                found = go(tuple(left), after)
                if found is not None:
                    return [(j, card.index, end)] + found
        failed.add(key)
        return None

    return go(tuple(i for i in range(53) for _ in range(kept[i])), tuple(melds))
