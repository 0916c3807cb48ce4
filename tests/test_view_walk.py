"""A view is a value (T20, C16): nothing reachable from it reaches the match, changes, or
shows another hand or the stock.

A bot a learner writes (lesson 12) is given only its :class:`PlayerView`. Everything it
can reach from that view is walked here, object by object (attributes, ``__dict__``,
``__slots__``, a function's closure cells and defaults, and :func:`gc.get_referents` of
the rest; never modules, classes, or a function's globals), through seeded matches of
both games, at views of every phase. The walk must meet no :class:`Match`, no
:class:`PublicLogs`, nothing mutable (no list, dict, set, no function or cell, no object
that is not a frozen value), no other seat's hand (its exact cards as one container),
and not the stock (its cards as one container). The last tests plant each kind of leak
into a view and see the walk report it, so the walk can fail.
"""

from __future__ import annotations

import dataclasses
import enum
import gc
import types
from collections import Counter, deque

import pytest

from tenpennies.bots import make_bot
from tenpennies.engine.cards import Card
from tenpennies.play.match import Match
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES
from tenpennies.play.view import PlayerView, PublicLogs

_MUTABLE = (list, dict, set, bytearray, deque)
_CODE = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, types.CellType,
         types.GeneratorType, types.CodeType)


def _children(obj):
    """What ``obj`` holds, as (how it is reached, the object): never a function's globals."""
    if isinstance(obj, types.FunctionType):
        cells = obj.__closure__ or ()
        yield from ((f"{obj.__qualname__}'s closure", c) for c in cells)
        yield from ((f"{obj.__qualname__}'s defaults", d) for d in (obj.__defaults__ or ()))
        yield from ((f"{obj.__qualname__}'s keyword defaults", d) for d in (obj.__kwdefaults__ or {}).values())
        return
    if isinstance(obj, types.CellType):
        try:
            yield "cell", obj.cell_contents
        except ValueError:
            pass
        return
    if isinstance(obj, types.MethodType):
        yield "__self__", obj.__self__
        yield "__func__", obj.__func__
        return
    if type(obj) in (tuple, frozenset):  # (subclasses may hold more: walked in full below)
        yield from ((f"[{i}]", item) for i, item in enumerate(obj))
        return
    attributes = getattr(obj, "__dict__", None)
    if type(attributes) is dict:  # an instance's own attributes: walked as its fields
        for name, value in attributes.items():
            yield f".{name}", value
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if name not in ("__dict__", "__weakref__") and hasattr(obj, name):
                yield f".{name}", getattr(obj, name)
    for value in gc.get_referents(obj):
        if value is not attributes:
            yield " (held)", value


def _public_card_groups(match: Match) -> set:
    """Every group of cards the whole table has seen together: melds laid, added or on
    the table, and the discard pile (a hand may hold exactly such a group again)."""
    key = (id(match), len(match.log))
    if _GROUPS_MET[0] == key:
        return _GROUPS_MET[1]
    groups = [match.discard_pile] + [meld.cards for meld in match.table]
    for entry in match.log:
        groups.extend(getattr(entry, "sets", ()))
        cards = getattr(entry, "cards", None)
        if isinstance(cards, tuple):
            groups.append(cards)
    met = {frozenset(Counter(g).items()) for g in groups}
    _GROUPS_MET[:] = [key, met]
    return met


_GROUPS_MET: list = [None, None]  # the last match state asked, with its groups


def leaks(view, match: Match | None = None, walked: dict | None = None) -> list[str]:
    """Everything wrong with what ``view`` reaches, in words (none: a clean view).

    With ``match``, the match the view was made from, as it is now: no container of
    cards reached may hold exactly another seat's hand (unless the table saw those
    cards together, as a meld), or the stock. ``walked`` (a dict kept across the views
    of one match) skips the objects an earlier walk met: values, so unchanged."""
    hidden: dict[str, Counter] = {}
    if match is not None:
        bought = view.log.bought
        for s, hand in enumerate(match.hands):
            # (A hand of only cards the seat bought in public is known to all: T20.)
            if s != view.seat and len(hand) >= 2 and Counter(hand) != Counter(bought[s]):
                hidden[f"seat {s}'s hand"] = Counter(hand)
        if len(match.stock) >= 3:
            hidden["the stock"] = Counter(match.stock)
    found: list[str] = []
    seen = {} if walked is None else walked  # by id, holding the object so its id stays its own
    stack = [("view", view)]
    while stack:
        path, obj = stack.pop()
        if id(obj) in seen or isinstance(obj, (type, types.ModuleType)):
            continue
        seen[id(obj)] = obj
        kind = type(obj)
        if isinstance(obj, Match):
            found.append(f"{path}: the match")
        elif isinstance(obj, PublicLogs):
            found.append(f"{path}: the match's public logs")
        elif isinstance(obj, _MUTABLE):
            found.append(f"{path}: a mutable {kind.__name__}")
        elif isinstance(obj, _CODE):
            found.append(f"{path}: a {kind.__name__}, not a value")
        elif type(getattr(obj, "__dict__", None)) is dict and not (
                isinstance(obj, enum.Enum) or (dataclasses.is_dataclass(obj) and kind.__dataclass_params__.frozen)):
            found.append(f"{path}: a {kind.__name__}, which is not a frozen value")
        if hidden and isinstance(obj, tuple) and len(obj) >= 2 and all(type(c) is Card for c in obj):
            counts = Counter(obj)
            for what, cards in hidden.items():
                if counts == cards and frozenset(cards.items()) not in _public_card_groups(match):
                    found.append(f"{path}: {what}")
        if isinstance(obj, (str, int, float, bool, type(None))):
            continue
        for step, child in _children(obj):
            stack.append((path + step if step.startswith((".", "[", " (")) else f"{path} ({step})", child))
    return found


def _sampled_views(rules, seed: int, lineup, rounds: int = 7, every: int = 40):
    """Play a seeded match for its first ``rounds`` rounds, yielding (view, match) for a
    sample of the views its bots are given: the first of each phase in each round, and
    every ``every``-th besides."""
    match = Match(seed=seed, rules=rules)
    bots = [make_bot(name, seed * 10 + s) for s, name in enumerate(lineup)]
    met: set = set()
    step = 0
    while not match.is_over and match.round_no <= rounds:
        seat = match.to_act
        view = match.view(seat)
        key = (match.round_no, match.phase)
        if key not in met or step % every == 0:
            met.add(key)
            yield view, match
        match.apply(bots[seat].act(view))
        step += 1


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten_pennies", "ten_card_rummy"])
def test_t20_a_view_reaches_only_frozen_values_of_its_own_seat(rules):
    # A hundred matches through their first round, and a few whole ones (later rounds ask
    # more of a hand; Ten Card Rummy offers purchases from round 4, C9): whole matches of
    # Ten Card Rummy cost too much for many (its listing searches runs).
    lineups = [("random", "thumb", "thumb", "random"), ("thumb", "random", "random", "thumb")]
    walked, phases, rounds = 0, Counter(), set()
    for seed in range(104):
        memo: dict = {}
        for view, match in _sampled_views(rules, seed, lineups[seed % 2][:rules.players], 7 if seed >= 100 else 1):
            rounds.add(match.round_no)
            view.legal_actions  # listed, so the listing is walked too
            assert leaks(view, match, memo) == [], (seed, len(match.log), view.seat)
            walked += 1
            phases[view.phase.value] += 1
    # Every phase of the game was walked, many times (Ten Card Rummy melds before its draw, C6).
    expected = ("offer", "play") if rules is TEN_PENNIES else ("offer", "meld", "discard")
    assert walked > 500 and all(phases[p] > 20 for p in expected) and rounds == set(range(1, 8)), phases


def test_t20_a_kept_view_still_holds_what_it_was_made_with():
    # A value: kept while the match goes on, a view neither changes nor comes to reach
    # the match (there is no sealing step for a slow bot to miss).
    match = Match(seed=4)
    bot = make_bot("thumb", 1)
    kept = []
    for _ in range(120):
        seat = match.to_act
        view = match.view(seat)
        kept.append((view, {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}))
        match.apply(bot.act(view))
    for view, fields in kept:
        assert {f.name: getattr(view, f.name) for f in dataclasses.fields(view)} == fields
        assert leaks(view, None) == []


def _clean_view():
    match = Match(seed=2, rules=TEN_CARD_RUMMY)
    bot = make_bot("thumb", 2)
    for _ in range(30):
        match.apply(bot.act(match.view(match.to_act)))
    view = match.view(match.to_act)
    assert leaks(view, match) == []
    return view, match


def test_the_walk_finds_a_match_planted_in_a_view():
    view, match = _clean_view()
    object.__setattr__(view, "_match", match)
    assert "view._match: the match" in leaks(view, match)


def test_the_walk_finds_a_match_planted_deep_in_a_value():
    view, match = _clean_view()
    # In the log's slots (a frozen sequence: only object.__setattr__ gets past it).
    object.__setattr__(view.log, "bought", view.log.bought + ((match,),))
    assert any(line.endswith("the match") and ".log" in line for line in leaks(view, match))


def test_the_walk_finds_a_match_held_by_a_closure_or_a_bound_method():
    view, match = _clean_view()
    peek = (lambda: match.hands)
    object.__setattr__(view, "peek", peek)
    found = leaks(view, match)
    assert any("closure" in line and line.endswith("the match") for line in found), found
    assert any("a function, not a value" in line for line in found)
    view, match = _clean_view()
    object.__setattr__(view, "listing", match.legal_actions)
    assert any("__self__" in line and line.endswith("the match") for line in leaks(view, match))


def test_the_walk_finds_mutable_values_and_the_public_logs():
    view, match = _clean_view()
    object.__setattr__(view, "scratch", ((1, [2]),))
    object.__setattr__(view, "logs", match.public_logs)
    found = leaks(view, match)
    assert "view.scratch[0][1]: a mutable list" in found
    assert "view.logs: the match's public logs" in found


def test_the_walk_finds_another_hand_and_the_stock():
    view, match = _clean_view()
    other = max((s for s in range(match.rules.players) if s != view.seat), key=lambda s: len(match.hands[s]))
    object.__setattr__(view, "table", view.table + (tuple(reversed(match.hands[other])),))
    object.__setattr__(view, "deck", (tuple(match.stock),))
    found = leaks(view, match)
    assert any(line.startswith("view.table") and line.endswith(f"seat {other}'s hand") for line in found), found
    assert "view.deck[0]: the stock" in found
