"""What is missing where melds may be runs: the cards needed and the outs (C3-C5).

Private to :mod:`tenpennies.solver`, beside :mod:`._runs`, whose per-round tables
(:class:`._runs.RunTables`, with their caches) it shares: one home for what the run
search knows of a round, so this module imports those underscored names.

It works on *templates*, not real melds: a set of one rank of exactly the size asked,
or a run of one suit over a window of any length from the size asked to 13. A
template has slots; the hand's naturals fill the slots they fit and its wilds any slot
up to the meld's wild room; each empty slot is one card to draw (a natural of that
place, or a wild). So the cards needed are the fewest empty slots over every choice of
contract-many templates, the hand's cards shared among them: a sum when no two want the
same held card, else the best split of the cards they share (a small max-flow for three
melds or more). A larger set never needs fewer cards than one of the size asked (each
extra slot holds at most one more card), so sets have one size; runs need every length,
since a longer window may reach more naturals (4 _ 6 _ 8). The contract is there when
nothing is missing (:func:`feasible`).

(One concept in one file, over 600 lines: the count of cards a contract with runs is
short, its templates, their shared cards and the caches keyed by a hand's counts that
make a rollout's thousands of asks cheap.)
"""

from __future__ import annotations

from itertools import compress

from ._runs import _PLACES, RunTables, remember, tables

# -- what is missing: templates -----------------------------------------------------------


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


def closer(cnt, need: int, t) -> tuple[int, ...]:
    """The card values (in showing order) that make the counted hand need one card fewer.

    A card the deck has no more copies of is no out. The hand is counted once and each
    card added to the counts; every wild helps alike, and where all naturals are alike
    (:attr:`RunTables.alike`) so does every card of a suit and a rank the hand lacks.
    Remembered by the counts and ``need`` (a tuple: the caller may not change it).
    """
    rt = tables(t)
    key = (bytes(cnt), need)
    found = rt.closer_cache.get(key)
    if found is None:
        found = remember(rt.closer_cache, key, tuple(_closer(cnt, need, t, rt)))
    return found


def _closer(cnt, need: int, t, rt: RunTables) -> list[int]:
    """:func:`closer`, worked out."""
    held, once, nat, J = _prepare(cnt, t, rt)
    most_wilds = J + sum(max(0, t.deck[i] - cnt[i]) for i in t.wild_indices)
    if len(rt.reqs) == 1:
        return _closer_one(cnt, need, t, rt, held, nat, J, most_wilds)
    target = need - 1
    found = []
    wild_helps = fresh_helps = None
    for i in t.shown:
        if cnt[i] >= t.deck[i]:
            continue
        if t.wild[i]:
            if wild_helps is None:
                cnt[i] += 1
                wild_helps = _search(cnt, rt, held, once, nat, J + 1, most_wilds, need) == target
                cnt[i] -= 1
            helps = wild_helps
        else:
            suit, place = divmod(i, 13)
            bit = 1 << place
            fresh = rt.alike and not held[suit] and not nat[place + 1]
            if fresh and fresh_helps is not None:
                helps = fresh_helps
            else:
                h2 = list(held)
                o2 = list(once)
                n2 = list(nat)
                if not cnt[i]:
                    h2[suit] |= bit
                    o2[suit] |= bit
                    n2[place + 1] += 1
                else:
                    o2[suit] &= ~bit
                    if rt.repeated:
                        n2[place + 1] += 1
                if target == 0 and not _may_complete(rt, h2[suit], n2[place + 1], J, suit, place):
                    helps = False
                else:
                    cnt[i] += 1
                    helps = _search(cnt, rt, h2, o2, n2, J, most_wilds, need) == target
                    cnt[i] -= 1
                if fresh:
                    fresh_helps = helps
        if helps:
            found.append(i)
    return found


def _may_complete(rt: RunTables, h: int, n: int, J: int, suit: int, place: int) -> bool:
    """Might a natural of ``suit`` at ``place`` complete a hand one card short, given the
    suit's held places ``h`` and its rank's count ``n`` with the card? Only if some
    template holding the card (a set of its rank, or a run of its suit over a window
    with its place) then lacks nothing: a choice of templates lacks at least the sum of
    what each lacks (their scores), so a complete choice has every template complete;
    and a choice with no template of the card was the hand's before, which lacked a
    card. False here is proof; True sends the card to the search."""
    for set_ok, run_ok, size in (rt.reqs[:1] if rt.same else rt.reqs):
        size = max(size, rt.least)
        if set_ok:
            c = rt.cap[size]
            o = size - n if n < size else 0
            if o <= J and o <= c:
                return True
        if run_ok and size <= 13 and _complete_places(rt, size, h, rt.nodeck[suit], J) >> place & 1:
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


def _drops(o: int, c: int, J: int) -> tuple[bool, bool]:
    """Does one more natural in an open slot, or one more wild, make a template with
    ``o`` open slots and wild room ``c`` lack one card fewer?"""
    room = c if c < o else o
    now = o - (J if J < room else room)
    after = o - 1 - (J if J < min(c, o - 1) else min(c, o - 1)) if o else now
    return after < now, J < room


def _closer_one(cnt, need: int, t, rt: RunTables, held, nat, J: int, most_wilds: int) -> list[int]:
    """:func:`closer` of a one-meld contract, read off the templates themselves.

    A card brings the hand one closer exactly when some template lacking ``need`` cards
    (every one: no template stands for another here) lacks one fewer with it: a natural
    filling an open slot, or a wild where there is wild room.
    """
    set_ok, run_ok, size = rt.reqs[0]
    size = max(size, rt.least)
    cap = rt.cap
    wild_helps = False
    helps = [False] * 53
    if set_ok:
        c = cap[size]
        for r in rt.set_ranks:
            n = nat[r]
            most = rt.set_most[r] if rt.set_most[r] > n else n
            forced = size - most if most < size else 0
            if forced > c or forced > most_wilds:
                continue
            o = size - n if n < size else 0
            room = c if c < o else o
            if o - (J if J < room else room) != need:
                continue
            natural, wild = _drops(o, c, J)
            wild_helps = wild_helps or wild
            if natural:
                for suit in range(4):
                    v = suit * 13 + r - 1
                    if not t.wild[v] and (rt.repeated or not cnt[v]):
                        helps[v] = True
    if run_ok and size <= 13:
        # (A wild can stand in no more than a meld's wild room: the most the hand may
        # get beyond that changes nothing, so it is capped in the key.)
        most = most_wilds if most_wilds < rt.max_wilds else rt.max_wilds
        for suit in range(4):
            wild, opened = _suit_closer(rt, size, held[suit], rt.nodeck[suit], J, need, most)
            wild_helps = wild_helps or wild
            for place in range(13):
                if opened >> place & 1:
                    helps[suit * 13 + place] = True
    return [i for i in t.shown if cnt[i] < t.deck[i] and (wild_helps if t.wild[i] else helps[i])]


def _suit_closer(rt: RunTables, size: int, h: int, nd: int, J: int, need: int, most_wilds: int) -> tuple[bool, int]:
    """For :func:`_closer_one`, the runs of one suit whose held places are ``h``: does a
    wild bring one lacking ``need`` cards closer, and the places (a mask) a natural of
    the suit may fill to do so. Cached, as the templates are: a hand changes one suit
    at a time."""
    key = ("closer", size, h, nd, J, need, most_wilds)
    found = rt.suit_cache.get(key)
    if found is not None:
        return found
    cap = rt.cap
    wild_helps = False
    places = 0
    for n in range(size, 14):
        c = cap[n]
        for mask in rt.windows[n]:
            forced = (nd & mask).bit_count()
            if forced > c or forced > most_wilds:
                continue
            o = n - (h & mask).bit_count()
            room = c if c < o else o
            if o - (J if J < room else room) != need:
                continue
            natural, wild = _drops(o, c, J)
            wild_helps = wild_helps or wild
            if natural:
                places |= mask & ~h & ~nd
    return remember(rt.suit_cache, key, (wild_helps, places))
