"""The contract search for rule sets whose melds include runs (Ten Card Rummy, C3-C5).

Private to :mod:`tenpennies.solver`: its public functions call in here when the round's
rule set has runs, and set-only rule sets (Ten Pennies) never do, so they keep the
rank-counting fast path of :mod:`._core` and its speed. The helpers here take the
package's per-round tables (:class:`._core._Round`) and a hand counted per card value.

This module holds what the run search knows of one round (:class:`RunTables`), and
finding and listing, which work on real melds: :func:`hand_melds` lists every distinct
meld of at least a size that the hand holds (a set of one rank, or a run of one suit
over a window of consecutive ranks, the ace low, high or over the top, C3; naturals
outnumbering wilds, C4), each a multiset of card values; an arrangement is a choice of
contract-many of them that the hand can supply at once (C5: separate melds, so one long
run never counts as two). :func:`best_choices` finds the best by a scalar score with a
branch-and-bound over melds sorted by score; :func:`every_choice` lists them all.
What is missing lives beside it, in :mod:`._run_templates`, :mod:`._run_gaps` and
:mod:`._run_outs`.
"""

from __future__ import annotations

from itertools import combinations, product

from ..engine.cards import ALL_CARDS, SORT_KEYS
from ..engine.melds import MeldKind, arrange_run
from ._core import Arrangement

# Scores add over melds; these keep the lexicographic objective intact in one integer.
_BIG = 10**6
# The most entries each per-suit cache keeps before starting afresh (a few MB at most;
# a player's hand changes a card at a time, so what it asks again is soon cached again).
_CACHED = 20_000
# The per-suit tables keyed by held places alone (two run sizes' worth of 13-bit places).
_PLACES = 2 * 8192


def _window_masks(length: int, wrap: bool) -> tuple[int, ...]:
    """Every window of ``length`` consecutive ranks, as 13-bit masks (bit r-1 for rank r).

    With ``wrap`` the ranks go round (Q K A 2 3, C3); without, an ace sits low or high
    only (places 0 to 13, the ace at both ends), so no window holds it twice.
    """
    full = (1 << 13) - 1
    if length >= 13:
        return (full,)
    base = (1 << length) - 1
    if wrap:
        return tuple(((base << a) | (base >> (13 - a))) & full for a in range(13))
    return tuple(sorted({((base << a) | (base << a) >> 13) & full for a in range(14 - length + 1)}))


class RunTables:
    """What the run search needs about one (rules, round), built once per round."""

    __slots__ = ("reqs", "same", "cap", "least", "repeated", "nodeck", "set_most", "wild", "alike",
                 "windows", "set_ranks", "max_wilds", "suit_cache", "windows_cache", "places_cache",
                 "scored_cache", "run_cache",
                 "short_cache", "closer_cache", "melds_cache", "shown_cache", "complete_cache",
                 "best_cache")

    def __init__(self, t) -> None:
        rules = t.rules
        contract = rules.contract(t.round_no)
        self.reqs = tuple((MeldKind.SET in r.kinds, MeldKind.RUN in r.kinds, r.size) for r in contract.melds)
        self.same = len(set(self.reqs)) == 1
        limit = t.limit
        outnumbered = rules.wilds_outnumbered
        self.least = rules.min_set_size
        self.repeated = t.repeated
        # cap[L]: the most wilds a meld of L cards may hold (C4: naturals outnumber them).
        self.cap = tuple(
            0 if n < 1 else min(limit, (n - 1) // 2 if outnumbered else n - 1) for n in range(160)
        )
        self.max_wilds = max(self.cap)
        wild, deck = t.wild, t.deck
        self.wild = wild
        # Places in a suit whose natural card the deck lacks (a rank outside the deck, or
        # a wild rank): only a wild can stand there.
        self.nodeck = tuple(
            sum(1 << p for p in range(13) if wild[s * 13 + p] or not deck[s * 13 + p]) for s in range(4)
        )
        # The most naturals of a rank one set can hold from the whole deck.
        self.set_most = tuple(
            0 if r == 0 else sum(
                (deck[s * 13 + r - 1] if self.repeated else min(1, deck[s * 13 + r - 1]))
                for s in range(4) if not wild[s * 13 + r - 1]
            )
            for r in range(14)
        )
        self.set_ranks = tuple(r for r in range(1, 14) if self.set_most[r])
        # Are all natural cards alike but for their names (every rank and suit in the
        # deck equally, runs going round)? Then a card of a suit and a rank the hand
        # lacks both helps exactly as any other such card does.
        self.alike = (rules.runs_wrap and not any(self.nodeck)
                      and len(set(self.set_most[1:])) == 1)
        self.windows = {n: _window_masks(n, rules.runs_wrap) for n in range(1, 14)}
        self.suit_cache: dict = {}
        # A suit's run templates and complete places by its held places, apart from the
        # per-ask caches: a round has one run size, so these hold 8,192 keys at most (a
        # random match asks of most of them), and sharing the bounded cache emptied them.
        self.windows_cache: dict = {}
        self.places_cache: dict = {}
        self.scored_cache: dict = {}
        self.run_cache: dict = {}
        # Whole answers by the hand's counts (``bytes`` of them): the strong bot asks of
        # one hand again and again (each offer it hears, each discard it weighs, in every
        # rollout of a world): in Ten Card Rummy about five asks in six repeat one before.
        self.short_cache: dict = {}
        self.closer_cache: dict = {}
        # Each requirement's melds by the hand's counts: a lay-down's three objectives
        # ask of the same hand, and a closed hand that can lay down but waits is listed
        # again at its next turn's meld phase before its draw (benchmarks/peers.py).
        self.melds_cache: dict = {}
        self.shown_cache: dict = {}  # a choice of melds -> its Arrangement
        self.best_cache: dict = {}  # (counts, objectives) -> the best arrangements
        # Does a suit's held places (and the wilds) complete a one-meld contract's run?
        # Unbounded: at most 8,192 places times a few wild counts, a bool each.
        self.complete_cache: dict = {}


def remember(cache: dict, key, value, most: int = _CACHED):
    """Keep ``value`` under ``key`` in one of the run tables' caches, and return it; a
    full cache (``most`` entries, :data:`_CACHED` unless said) starts afresh."""
    if len(cache) > most:
        cache.clear()
    cache[key] = value
    return value


def tables(t) -> RunTables:
    if t.runs is None:
        t.runs = RunTables(t)
    return t.runs


def count(hand, t) -> list[int]:
    cnt = [0] * 53
    for c in hand:
        cnt[c.index] += 1
    return cnt


# -- finding and listing: real melds ------------------------------------------------------


def _wild_picks(cnt, t, most: int):
    """Multisets of the hand's wild cards by size: picks[w] lists those of w cards."""
    values = sorted((i for i in t.wild_indices if cnt[i]), key=SORT_KEYS.__getitem__)
    picks: list[list[tuple[int, ...]]] = [[] for _ in range(most + 1)]
    partial = [()]
    for i in values:
        partial = [p + (i,) * n for p in partial for n in range(cnt[i] + 1) if len(p) + n <= most]
    for p in partial:
        picks[len(p)].append(p)
    for lst in picks:
        lst.sort(key=lambda p: [SORT_KEYS[i] for i in p])
    return picks


def hand_melds(cnt, t, set_ok: bool, run_ok: bool, size: int) -> list[tuple[int, ...]]:
    """Every distinct meld of at least ``size`` cards in the counted hand.

    A meld is a tuple of card indices, sorted; two melds with the same cards are one.
    """
    rt = tables(t)
    size = max(size, rt.least)
    wild = t.wild
    J = sum(cnt[i] for i in t.wild_indices)
    most = min(J, rt.max_wilds)
    picks = _wild_picks(cnt, t, most)
    cap = rt.cap
    found: dict[tuple[int, ...], None] = {}
    if set_ok:
        for r in range(1, 14):
            values = [s * 13 + r - 1 for s in range(4)]
            values = [v for v in values if cnt[v] and not wild[v]]
            if not values:
                continue
            tops = [cnt[v] if rt.repeated else 1 for v in values]
            for pick in product(*(range(n + 1) for n in tops)):
                nat = tuple(v for v, n in zip(values, pick) for _ in range(n))
                if not nat:
                    continue
                for w in range(most + 1):
                    n = len(nat) + w
                    if n < size or w > cap[n]:
                        continue
                    for wp in picks[w]:
                        found[tuple(sorted(nat + wp))] = None
    if run_ok and size <= 13:
        for s in range(4):
            held = 0
            for p in range(13):
                if cnt[s * 13 + p] and not wild[s * 13 + p]:
                    held |= 1 << p
            if not held:
                continue
            base = s * 13
            for places, w in _suit_runs(rt, size, held, most):
                nat = tuple(base + p for p in places)
                for wp in picks[w]:
                    found[tuple(sorted(nat + wp))] = None
    return list(found)


def _suit_runs(rt: RunTables, size: int, held: int, most: int) -> tuple:
    """The runs of one suit whose held places are ``held``, with at most ``most`` wilds:
    ``((places of the naturals, wilds), ...)``, each once. Cached, like the templates."""
    key = (size, held, most)
    found = rt.run_cache.get(key)
    if found is not None:
        return found
    cap = rt.cap
    out: dict[tuple[tuple[int, ...], int], None] = {}
    for n in range(size, 14):
        c = cap[n]
        for mask in rt.windows[n]:
            here_mask = held & mask
            missing = n - here_mask.bit_count()
            if missing > most or missing > c or not here_mask:
                continue
            here = [p for p in range(13) if here_mask >> p & 1]
            for w in range(missing, min(c, most) + 1):
                # A held natural may give its place to a wild (the other meld may want it).
                for dropped in combinations(here, w - missing):
                    out[(tuple(p for p in here if p not in dropped), w)] = None
    return remember(rt.run_cache, key, tuple(out))


def _value_counts(meld: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    out: dict[int, int] = {}
    for i in meld:
        out[i] = out.get(i, 0) + 1
    return tuple(out.items())


def _candidates(cnt, t):
    """The melds the hand holds for each requirement (one tuple when all are alike), and
    each meld's :func:`_value_counts`, remembered by the hand's counts: shared, so never
    changed by a caller."""
    rt = tables(t)
    key = bytes(cnt)
    lists = rt.melds_cache.get(key)
    if lists is None:
        reqs = rt.reqs if not rt.same else rt.reqs[:1]
        lists = tuple(tuple(hand_melds(cnt, t, *req)) for req in reqs)
        # Each meld's cards counted once too (the choices are searched by them).
        counted = {m: _value_counts(m) for lst in lists for m in lst}
        remember(rt.melds_cache, key, (lists, counted, {}))
    else:
        lists, counted, _ = lists
    return rt, lists, counted


def _weights(cnt, t) -> dict:
    """Each candidate meld's ``(wilds, points)``, remembered with the hand's melds (every
    objective scores every meld by them)."""
    _candidates(cnt, t)
    lists, _, weights = tables(t).melds_cache[bytes(cnt)]
    if not weights:
        wild, points = t.wild, t.points
        for lst in lists:
            for m in lst:
                weights[m] = (sum(wild[i] for i in m), sum(points[i] for i in m))
    return weights



def _choices(cnt, t, lists, rt, counted, score=None):
    """Every choice of one meld per requirement the hand can supply at once.

    With ``score`` (meld -> int), only the choices of the least total score, found by
    branch and bound over the melds sorted by score.
    """
    n_req = len(rt.reqs)
    if score is not None:
        lists = [sorted(lst, key=score) for lst in lists]
        scores = [[score(m) for m in lst] for lst in lists]
    counts = [[counted[m] for m in lst] for lst in lists]
    # The least score each later requirement can add (scores may be negative).
    least_after = [0] * (n_req + 1)
    if score is not None and not rt.same:
        for d in range(n_req - 1, -1, -1):
            least_after[d] = least_after[d + 1] + (scores[d][0] if scores[d] else 0)
    used = [0] * 53
    chosen: list[tuple[int, ...]] = []
    out: list[tuple[tuple[int, ...], ...]] = []
    best = [None]

    def fits(vc) -> bool:
        for i, n in vc:
            if used[i] + n > cnt[i]:
                return False
        return True

    def search(depth: int, start: int, total: int) -> None:
        which = 0 if rt.same else depth
        lst = lists[which]
        rest = n_req - depth - 1
        for k in range(start if rt.same else 0, len(lst)):
            if score is not None:
                sc = scores[which][k]
                bound = total + sc * (1 + rest) if rt.same else total + sc + least_after[depth + 1]
                if best[0] is not None and bound > best[0]:
                    break
            vc = counts[which][k]
            if not fits(vc):
                continue
            for i, n in vc:
                used[i] += n
            chosen.append(lst[k])
            if rest:
                search(depth + 1, k, total + (sc if score is not None else 0))
            else:
                if score is None:
                    out.append(tuple(chosen))
                else:
                    value = total + sc
                    if best[0] is None or value < best[0]:
                        best[0] = value
                        out.clear()
                    if value == best[0]:
                        out.append(tuple(chosen))
            chosen.pop()
            for i, n in vc:
                used[i] -= n

    search(0, 0, 0)
    if not rt.same:
        # Requirements that differ may swap melds; an arrangement is its melds, unordered.
        out = list({tuple(sorted(c)): None for c in out})
    return out


def best_arrangements(cnt, t, objectives) -> dict:
    """The :class:`Arrangement` best by each of ``objectives`` (``None`` if the hand holds
    no contract): ties broken by :func:`tie_break`, and a choice that two objectives
    share built once. Remembered by the counts and the objectives (a fresh dict each
    time, the arrangements frozen): a closed hand that can lay down but waits is listed
    with the same cards at each meld phase."""
    rt = tables(t)
    key = (bytes(cnt), objectives)
    known = rt.best_cache.get(key)
    if known is not None:
        return dict(known)
    made: dict = {}
    found: dict = {}
    for objective in objectives:
        choices = best_choices(cnt, t, objective)
        if not choices:
            found[objective] = None
            continue
        best = max(choices, key=tie_break)
        a = made.get(best)
        if a is None:
            # An arrangement depends on its melds alone, and a hand that waits to lay
            # down keeps the same melds while its other cards change.
            a = made[best] = rt.shown_cache.get(best) or remember(rt.shown_cache, best, arrangement(best, t))
        found[objective] = a
    remember(rt.best_cache, key, found)
    return dict(found)


def best_choices(cnt, t, objective: str):
    """The choices of melds best by ``objective`` (ties all listed), or []."""
    rt, lists, counted = _candidates(cnt, t)
    weights = _weights(cnt, t)
    if objective == "fewest_wilds":
        scores = {m: w * _BIG - p for m, (w, p) in weights.items()}
    elif objective == "most_points":
        scores = {m: -p * 1000 + w for m, (w, p) in weights.items()}
    else:
        scores = {m: (len(m) * _BIG + w) * _BIG - p for m, (w, p) in weights.items()}
    return _choices(cnt, t, lists, rt, counted, scores.__getitem__)


def every_choice(cnt, t):
    rt, lists, counted = _candidates(cnt, t)
    lists = [sorted(lst, key=lambda m: (len(m), [SORT_KEYS[i] for i in m])) for lst in lists]
    return _choices(cnt, t, lists, rt, counted)


# -- showing a meld ------------------------------------------------------------------------


def meld_is_set(meld, t) -> bool:
    """Are these cards a set's (naturals of one rank)? Else they are laid as a run."""
    ranks = {t.rank_of[i] for i in meld if not t.wild[i]}
    return len(ranks) <= 1 and (t.repeated or len([i for i in meld if not t.wild[i]])
                                == len({i // 13 for i in meld if not t.wild[i]}))


def shown(meld, t) -> tuple:
    """A meld's cards in the order laid down: a set's naturals then wilds, a run in rank order."""
    if meld_is_set(meld, t):
        naturals = sorted((i for i in meld if not t.wild[i]), key=SORT_KEYS.__getitem__)
        wilds = sorted((i for i in meld if t.wild[i]), key=SORT_KEYS.__getitem__)
        return tuple(ALL_CARDS[i] for i in naturals + wilds)
    return tuple(arrange_run([ALL_CARDS[i] for i in meld], t.round_no, t.rules))


def arrangement(choice, t):
    """The :class:`Arrangement` of a choice of melds (each a tuple of card indices)."""
    melds = [shown(m, t) for m in choice]
    # Melds in the order of their first cards as laid (a run from its lowest place).
    melds.sort(key=lambda cards: [SORT_KEYS[c.index] for c in cards])
    return Arrangement(
        tuple(melds),
        t.round_no,
        sum(t.wild[i] for m in choice for i in m),
        sum(t.points[i] for m in choice for i in m),
    )


def tie_break(choice):
    """Among equally good choices the highest cards win, then a fixed order of melds."""
    return (sorted((SORT_KEYS[i] for m in choice for i in m), reverse=True),
            sorted(tuple(sorted(m)) for m in choice))
