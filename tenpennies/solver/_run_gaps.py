"""What is missing where melds may be runs: how many cards the contract is short (C3-C5).

Private to :mod:`tenpennies.solver`, beside :mod:`._runs`, whose per-round tables
(:class:`._runs.RunTables`, with their caches) it shares: one home for what the run
search knows of a round, so this module imports those underscored names.

The cards needed are the fewest empty slots over every choice of contract-many meld
templates (:mod:`._run_templates`: sets and run windows with slots), the hand's cards
shared among them (:func:`shortfall`). The contract is there when nothing is missing
(:func:`feasible`). Answers are cached by the hand's counts, which makes a rollout's
thousands of asks cheap. Which cards bring a hand one closer is :mod:`._run_outs`'s.
"""

from __future__ import annotations

from itertools import compress

from ._runs import _PLACES, RunTables, remember, tables
from ._run_templates import _contend, _flow_cost, _pair_cost, _suit_windows, _templates


def _prepare(cnt, t, rt):
    wild = t.wild
    held = [0, 0, 0, 0]
    once = [0, 0, 0, 0]
    nat = [0] * 14
    J = 0
    repeated = rt.repeated
    for v in compress(_NATURAL_VALUES, cnt):  # (the values the hand holds, skipped to in C)
        n = cnt[v]
        if wild[v]:
            J += n
            continue
        s, p = divmod(v, 13)
        held[s] |= 1 << p
        if n == 1:
            once[s] |= 1 << p
        nat[p + 1] += n if repeated else 1
    J += cnt[52]
    return held, once, nat, J


_NATURAL_VALUES = range(52)  # the card values of a suit and rank (52 is the joker)


def shortfall(cnt, t, *, stop_at: int | None = None) -> int | None:
    """The fewest more cards that complete the contract (0: it is there); None if none can.

    ``stop_at``: only answers below it matter (``1`` asks: is the contract there?).
    Remembered by the counts (and ``stop_at``), as the answer depends on nothing else.
    """
    rt = tables(t)
    key = bytes(cnt) if stop_at is None else (bytes(cnt), stop_at)
    cache = rt.short_cache
    found = cache.get(key, _UNKNOWN)
    if found is not _UNKNOWN:
        return found
    held, once, nat, J = _prepare(cnt, t, rt)
    # Wilds the hand could ever hold: those held plus the deck's copies it lacks.
    most_wilds = J + sum(max(0, t.deck[i] - cnt[i]) for i in t.wild_indices)
    return remember(cache, key, _search(cnt, rt, held, once, nat, J, most_wilds,
                                        stop_at if stop_at is not None else 10**9))


_UNKNOWN = object()  # not yet in a cache (None is an answer: no cards can complete it)


def _search(cnt, rt: RunTables, held, once, nat, J: int, most_wilds: int, below: int) -> int | None:
    """:func:`shortfall` of a hand already counted: the best choice of templates, if
    it lacks fewer than ``below`` cards."""
    reqs = rt.reqs
    n_req = len(reqs)
    if n_req == 1:
        return _least_one(rt, reqs[0], held, nat, J, most_wilds, below)
    lists = [_templates(rt, req, held, nat, J, below) for req in (reqs[:1] if rt.same else reqs)]
    if any(not lst for lst in lists):
        return None
    if n_req == 2 and rt.same:
        # The hot case (two melds alike, as in Ten Card Rummy), without the recursion.
        lst = lists[0]
        top = below
        for k, x in enumerate(lst):
            if 2 * x[0] >= top:
                break
            for y in lst[k:]:
                if x[0] + y[0] >= top:
                    break
                if x[7] + y[7] > most_wilds:
                    continue
                c = _pair_cost(x, y, once, cnt, rt, J)
                if c < top:
                    top = c
                    if not c:
                        return 0
        return top if top < below else None
    best = [below]
    found = [None]
    chosen: list = []

    def cost_of() -> int | None:
        if n_req == 1:
            x = chosen[0]
            if x[7] > most_wilds:
                return None
            return x[0]
        if sum(x[7] for x in chosen) > most_wilds:
            return None
        if n_req == 2:
            return _pair_cost(chosen[0], chosen[1], once, cnt, rt, J)
        if any(_contend(chosen[i], chosen[j], once, cnt) for i in range(n_req) for j in range(i)):
            return _flow_cost(chosen, cnt, rt, J)
        o = room = 0
        for x in chosen:
            o += x[1]
            room += x[2]
        return o - (J if J < room else room)

    def search(depth: int, start: int, lower: int) -> None:
        lst = lists[0] if rt.same else lists[depth]
        rest = n_req - depth - 1
        for k in range(start if rt.same else 0, len(lst)):
            x = lst[k]
            # Scores only grow along the list, and each later meld scores at least this.
            if lower + x[0] * (1 + (rest if rt.same else 0)) >= best[0]:
                break
            chosen.append(x)
            if rest:
                search(depth + 1, k, lower + x[0])
            else:
                c = cost_of()
                if c is not None and c < best[0]:
                    best[0] = c
                    found[0] = c
            chosen.pop()
            if best[0] == 0:
                return

    search(0, 0, 0)
    return found[0]


def _least_one(rt: RunTables, req, held, nat, J: int, most_wilds: int, below: int) -> int | None:
    """What a one-meld contract lacks: the least score of the templates :func:`_templates`
    lists (those scoring under ``below``) whose forced wilds the hand could ever hold, or
    None; found without listing and sorting them, each suit's runs scored once (cached)."""
    set_ok, run_ok, size = req
    size = max(size, rt.least)
    cap = rt.cap
    best = below
    empty = None
    if set_ok:
        c = cap[size]
        set_most = rt.set_most
        for r in rt.set_ranks:
            n = nat[r]
            most = set_most[r] if set_most[r] > n else n
            forced = size - most if most < size else 0
            if forced > c:
                continue
            if not n:
                if empty is None or forced < empty:
                    empty = forced
                continue
            if forced > most_wilds:
                continue
            o = size - n if n < size else 0
            room = c if c < o else o
            sc = o - (J if J < room else room)
            if sc < best:
                best = sc
    if run_ok and size <= 13:
        for suit in range(4):
            none, least = _suit_least(rt, size, suit, held[suit], J, most_wilds)
            if none is not None and (empty is None or none < empty):
                empty = none
            if least is not None and least < best:
                best = least
    if empty is not None and empty <= most_wilds:
        c = cap[size]
        room = c if c < size else size
        sc = size - (J if J < room else room)
        if sc < best:
            best = sc
    return best if best < below else None


def _suit_least(rt: RunTables, size: int, suit: int, h: int, J: int, most_wilds: int):
    """For :func:`_least_one`: the fewest wilds an empty window of the suit forces (None if
    none can be), and the least score of its run templates holding a held card whose
    forced wilds are at most ``most_wilds`` (None if none). Cached by the suit's places."""
    key = ("least", size, suit, h, J, most_wilds if most_wilds < rt.max_wilds else rt.max_wilds)
    found = rt.scored_cache.get(key)
    if found is not None:
        return found
    windows, none = _suit_windows(rt, size, h, rt.nodeck[suit])
    least = None
    for o, room, n, mask, forced in windows:
        if forced <= most_wilds:
            sc = o - (J if J < room else room)
            if least is None or sc < least:
                least = sc
    return remember(rt.scored_cache, key, (none, least))


def feasible(cnt, t) -> bool:
    """Is the contract in the counted hand? (:func:`shortfall` is 0.)

    A one-meld contract (eight rounds of Ten Card Rummy in eleven) is answered without
    the templates: it is there exactly when some template scores 0, and a template scores
    0 when its open slots are at most the hand's wilds and its wild room (C4), which for
    a set is its rank's naturals and for a run one window of its suit. Each suit's
    answer depends on its held places and the wilds alone: cached per round, unbounded
    (13-bit places times a few wild counts), so a listing asked of hand after hand never
    starts again from nothing as the bounded caches do.
    """
    rt = tables(t)
    if len(rt.reqs) != 1:
        return shortfall(cnt, t, stop_at=1) == 0
    set_ok, run_ok, size = rt.reqs[0]
    size = max(size, rt.least)
    wild = t.wild
    J = cnt[52]
    for i in t.wild_indices:
        if i != 52:
            J += cnt[i]
    cap = rt.cap[size]
    if set_ok:
        # A set of a rank held ``n`` times lacks nothing when its open slots, size - n,
        # fit the wilds held and the room (its wilds the deck forces are fewer still).
        room = J if J < cap else cap
        need = size - room if size - room > 1 else 1  # (a set holds a natural, C4)
        repeated = rt.repeated
        nat = [0] * 14
        for v in compress(_NATURAL_VALUES, cnt):
            if not wild[v]:
                r = v % 13 + 1
                n = nat[r] + (cnt[v] if repeated else 1)
                nat[r] = n
                if n >= need:
                    return True
    if run_ok and size <= 13:
        held = [0, 0, 0, 0]
        for v in compress(_NATURAL_VALUES, cnt):
            if not wild[v]:
                s, p = divmod(v, 13)
                held[s] |= 1 << p
        j = J if J < rt.max_wilds else rt.max_wilds
        complete = rt.complete_cache
        for suit in range(4):
            h = held[suit]
            if h:
                key = (size, h, rt.nodeck[suit], j)
                found = complete.get(key)
                if found is None:
                    found = _complete_places(rt, size, h, rt.nodeck[suit], j, cached=False) != 0
                    complete[key] = found
                if found:
                    return True
    return False


def _complete_places(rt: RunTables, size: int, h: int, nd: int, J: int, cached: bool = True) -> int:
    """The places (a mask) of the windows of a suit, of ``size`` to 13 ranks, that the held
    places ``h`` and ``J`` wilds fill, each within its wild room. Cached, as the templates
    are (unless ``cached`` is false: the caller keeps what it needs)."""
    key = ("complete", size, h, nd, J)
    if cached:
        found = rt.places_cache.get(key)
        if found is not None:
            return found
    cap = rt.cap
    places = 0
    for n in range(size, 14):
        room = cap[n] if cap[n] < J else J
        for mask in rt.windows[n]:
            if n - (h & mask).bit_count() <= room and (nd & mask).bit_count() <= cap[n]:
                places |= mask
    return remember(rt.places_cache, key, places, 8 * _PLACES) if cached else places
