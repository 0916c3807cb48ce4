"""The meld templates where melds may be runs, and what a choice of them lacks (C3-C5).

Private to :mod:`tenpennies.solver`, beside :mod:`._runs`, whose per-round tables
(:class:`._runs.RunTables`, with their caches) it shares, so it imports those underscored
names.

A *template* is not a real meld: it is a set of one rank of exactly the size asked, or a
run of one suit over a window of any length from the size asked to 13. A template has
slots; the hand's naturals fill the slots they fit and its wilds any slot up to the
meld's wild room; each empty slot is one card to draw (a natural of that place, or a
wild). A larger set never needs fewer cards than one of the size asked (each extra slot
holds at most one more card), so sets have one size; runs need every length, since a
longer window may reach more naturals (4 _ 6 _ 8). This module lists the templates worth
trying for one meld (:func:`_templates`) and counts what templates lack together, the
hand's cards shared among them: a sum when no two want the same held card, else the best
split of the cards they share (:func:`_pair_cost`; a small max-flow for three melds or
more, :func:`_flow_cost`). The search for the best choice of templates is
:mod:`._run_gaps`'s.
"""

from __future__ import annotations

from ._runs import _PLACES, RunTables, remember


def _suit_windows(rt: RunTables, size: int, held: int, nodeck: int):
    """The run templates of one suit worth trying, given its held places ``held``.

    Windows that hold the same held cards (and force as many wilds) are alike but for
    their length, and a longer one never needs fewer cards, so the shortest stands for
    them all; windows holding no held card are left to the one empty template. Returns
    ``((open, room, length, mask, forced), ...)`` and the fewest wilds an empty window
    of ``size`` forces (None if there is none). Cached: a hand changes one suit at a time.
    """
    key = (size, held, nodeck)
    found = rt.windows_cache.get(key)
    if found is not None:
        return found
    cap = rt.cap
    best: dict[tuple[int, int], tuple] = {}
    empty = None
    for n in range(size, 14):
        c = cap[n]
        for mask in rt.windows[n]:
            forced = (nodeck & mask).bit_count()
            if forced > c:
                continue
            h = held & mask
            if not h:
                if n == size and (empty is None or forced < empty):
                    empty = forced
                continue
            if (h, forced) in best:
                continue
            o = n - h.bit_count()
            best[(h, forced)] = (o, c if c < o else o, n, mask, forced)
    return remember(rt.windows_cache, key, (tuple(best.values()), empty), _PLACES)


def _templates(rt: RunTables, req, held, nat, J, below: int):
    """The templates for one meld requirement worth trying, by score.

    A template is ``(score, open, room, length, kind, key, mask, forced, naturals)``: ``open``
    slots the hand's naturals leave empty, ``room`` of them a wild may fill, ``forced``
    that only a wild can fill; ``score`` is the cards it lacks if it had every wild, a
    lower bound of what any choice holding it lacks, so those scoring ``below`` or more
    are left out. ``kind`` is 0 for a set (``key`` its rank), 1 for a run (``key`` its
    suit, ``mask`` its window) and 2 for the one template holding no card of the hand
    (a set of a rank not held, or a run where the hand has nothing), which stands for
    them all. ``naturals`` is what a set's rank holds in the hand (its most, uncapped).
    """
    set_ok, run_ok, size = req
    size = max(size, rt.least)
    cap = rt.cap
    out = []
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
            o = size - n if n < size else 0
            room = c if c < o else o
            sc = o - (J if J < room else room)
            if sc < below:
                out.append((sc, o, room, size, 0, r, 0, forced, n))
    if run_ok and size <= 13:
        scored = rt.scored_cache
        for suit in range(4):
            key = (size, suit, held[suit], J, below)
            found = scored.get(key)
            if found is None:
                windows, none = _suit_windows(rt, size, held[suit], rt.nodeck[suit])
                found = remember(scored, key, (none, [
                    (sc, o, room, n, 1, suit, mask, forced, 0)
                    for o, room, n, mask, forced in windows
                    for sc in (o - (J if J < room else room),) if sc < below
                ]))
            none, these = found
            if none is not None and (empty is None or none < empty):
                empty = none
            out.extend(these)
    if empty is not None:
        c = cap[size]
        room = c if c < size else size
        sc = size - (J if J < room else room)
        if sc < below:
            out.append((sc, size, room, size, 2, -1, 0, empty, 0))
    out.sort()
    return out


def _apart(o1: int, r1: int, o2: int, r2: int, J: int) -> int:
    """What two templates lack together with ``o`` open slots and ``r`` wild room each."""
    room = r1 + r2
    return o1 + o2 - (J if J < room else room)


def _pair_cost(x, y, once, cnt, rt, J: int) -> int:
    """What two templates lack together, the hand's cards shared at best between them.

    Only three pairs can want the same held card: two runs of one suit over windows
    that share a rank held once; a set and a run holding a card of the set's rank; two
    sets of one rank. Each is settled by trying every split of the cards they share.
    """
    cap = rt.cap
    kx, ky = x[4], y[4]
    if kx == 1 and ky == 1:
        shared = once[x[5]] & x[6] & y[6] if x[5] == y[5] else 0
        if not shared:
            return _apart(x[1], x[2], y[1], y[2], J)
        k = shared.bit_count()
        # Both counted the shared cards; give x of them to the first run, the rest to the other.
        n1, n2 = x[3], y[3]
        a1, a2 = n1 - x[1] - k, n2 - y[1] - k
        best = None
        for give in range(k + 1):
            o1, o2 = n1 - a1 - give, n2 - a2 - (k - give)
            c1, c2 = cap[n1], cap[n2]
            v = _apart(o1, c1 if c1 < o1 else o1, o2, c2 if c2 < o2 else o2, J)
            if best is None or v < best:
                best = v
        return best
    if kx == 2 or ky == 2 or (kx == 0 and ky == 0 and x[5] != y[5]):
        return _apart(x[1], x[2], y[1], y[2], J)
    if kx == 0 and ky == 0:
        # Two sets of one rank share its naturals: each suit at most once per set unless
        # suits may repeat.
        r = x[5]
        n1, n2 = x[3], y[3]
        copies = [cnt[suit * 13 + r - 1] for suit in range(4)]
        if rt.repeated:
            both, split = 0, sum(copies)
        else:
            both = sum(1 for n in copies if n >= 2)
            split = sum(1 for n in copies if n == 1)
        best = None
        for give in range(split + 1):
            a1 = min(n1, both + give)
            a2 = min(n2, both + split - give)
            o1, o2 = n1 - a1, n2 - a2
            c1, c2 = cap[n1], cap[n2]
            v = _apart(o1, c1 if c1 < o1 else o1, o2, c2 if c2 < o2 else o2, J)
            if best is None or v < best:
                best = v
        return best
    st, rn = (x, y) if kx == 0 else (y, x)
    r = st[5]
    copies = cnt[rn[5] * 13 + r - 1]
    if not (rn[6] >> (r - 1) & 1) or not copies:
        return _apart(x[1], x[2], y[1], y[2], J)
    # The run's card of the set's rank: the run keeps it (the set loses one natural
    # unless suits may not repeat and the hand holds it twice), or the set does.
    n_set, n_run = st[3], rn[3]
    nat_r = st[8]
    keep = nat_r - (1 if rt.repeated or copies == 1 else 0)
    best = None
    for set_naturals, run_open in ((keep, rn[1]), (nat_r, rn[1] + 1)):
        a = set_naturals if set_naturals < n_set else n_set
        o1 = n_set - a
        c1, c2 = cap[n_set], cap[n_run]
        v = _apart(o1, c1 if c1 < o1 else o1, run_open, c2 if c2 < run_open else run_open, J)
        if best is None or v < best:
            best = v
    return best


def _contend(x, y, once, cnt) -> bool:
    """Might templates ``x`` and ``y`` want the same held card (for three melds or more,
    where a max-flow shares them)?"""
    if x[4] == 2 or y[4] == 2:
        return False
    if x[4] == 1 and y[4] == 1:
        return x[5] == y[5] and bool(once[x[5]] & x[6] & y[6])
    if x[4] == 0 and y[4] == 0:
        return x[5] == y[5]
    st, rn = (x, y) if x[4] == 0 else (y, x)
    r = st[5]
    return bool(rn[6] >> (r - 1) & 1) and cnt[rn[5] * 13 + r - 1] > 0


def _flow_cost(chosen, cnt, rt, J) -> int:
    """Empty slots of these templates with the hand's cards shared at best (max-flow)."""
    # Nodes: 0 source, 1 sink, 2 the wilds, 3.. templates, then card values.
    n_t = len(chosen)
    cap: dict[tuple[int, int], int] = {}
    adj: dict[int, list[int]] = {}

    def edge(u: int, v: int, c: int) -> None:
        if c <= 0:
            return
        if (u, v) not in cap:
            adj.setdefault(u, []).append(v)
            adj.setdefault(v, []).append(u)
            cap[(v, u)] = cap.get((v, u), 0)
            cap[(u, v)] = 0
        cap[(u, v)] += c

    edge(0, 2, J)
    node_of: dict[int, int] = {}
    slots = 0
    for k, tpl in enumerate(chosen):
        node = 3 + k
        length = tpl[3]
        slots += length
        edge(node, 1, length)
        edge(2, node, rt.cap[length])
        if tpl[4] == 2:
            continue
        if tpl[4] == 0:
            r = tpl[5]
            values = [s * 13 + r - 1 for s in range(4)]
            per = None
        else:
            s = tpl[5]
            values = [s * 13 + p for p in range(13) if tpl[6] >> p & 1]
            per = 1
        for v in values:
            if cnt[v] and not rt.wild[v]:
                if v not in node_of:
                    node_of[v] = 3 + n_t + len(node_of)
                    edge(0, node_of[v], cnt[v])
                edge(node_of[v], node, per if per is not None else (cnt[v] if rt.repeated else 1))
    flow = 0
    while True:
        # Breadth-first augmenting path.
        parent = {0: None}
        queue = [0]
        for u in queue:
            if u == 1:
                break
            for v in adj.get(u, ()):
                if v not in parent and cap[(u, v)] > 0:
                    parent[v] = u
                    queue.append(v)
        if 1 not in parent:
            return slots - flow
        v = 1
        push = None
        while parent[v] is not None:
            u = parent[v]
            push = cap[(u, v)] if push is None or cap[(u, v)] < push else push
            v = u
        v = 1
        while parent[v] is not None:
            u = parent[v]
            cap[(u, v)] -= push
            cap[(v, u)] += push
            v = u
        flow += push
