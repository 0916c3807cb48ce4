"""The outs where melds may be runs: the cards that make a hand need one card fewer (C3-C5).

Private to :mod:`tenpennies.solver`, beside :mod:`._runs` (the per-round tables and their
caches) and :mod:`._run_gaps`, whose count of the cards missing it asks again of the hand
with each card added (:func:`closer`), unless the card is proved no out first; a
one-meld contract's outs are read off its templates themselves (:func:`_closer_one`).
Cached by the hand's counts, as the count is.
"""

from __future__ import annotations

from ._runs import RunTables, remember, tables
from ._run_gaps import _complete_places, _prepare, _search


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
