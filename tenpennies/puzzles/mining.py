"""Mining one match for puzzles: which matches are played, which of their decisions each
kind fits, and which of those candidates one match gives as puzzles.

A match is planned by its index and the generation's seed (:func:`match_plan`) and played
by bots to the end of the one round it is mined in (:func:`mined_round`,
:func:`play_and_collect`); at each decision of that round the deciding seat's view is a
candidate for the kinds it fits, the position exactly as the match reached it. Of a
match's candidates a few of each kind are solved (:data:`TRIES`, picked by the match's
seed) and those with a clear answer kept (:func:`mine_match`, by
:mod:`tenpennies.puzzles.sifting`), each as a puzzle's fields (:func:`entry_of`). All of it
depends on ``(index, seed)`` alone, so a worker process can mine any match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_seed, derive_seed, make_bot
from ..engine.actions import Buy, Discard, LayDown
from ..engine.errors import TenPenniesError
from ..engine.rules import RuleSet
from ..play.match import Match, Phase
from ..play.seat_position import SeatPosition
from ..play.record import actions_of
from ..solver import can_lay_down, cards_needed
from . import MatchSource
from . import wording
from .answers import Solution
from .kinds import KINDS
from .sifting import bots_wrong, buy_holds, canonical, clear, themes_of, tier_of

__all__ = ["BUY_CHECKS", "GAMES", "KINDS_BY_GAME", "PER_MATCH", "RAREST_FIRST", "TRIES", "entry_of", "match_plan",
           "mine_match", "mined_round", "play_and_collect", "words_for"]


GAMES = ("ten-pennies", "ten-card-rummy")
"""The games puzzles are mined from, by their rule set names."""

KINDS_BY_GAME = {
    "ten-pennies": tuple(KINDS),
    "ten-card-rummy": tuple(KINDS),
}
"""The kinds mined in each game (every kind is asked in both, each the game's own way)."""

BUY_CHECKS = 1
"""The most offers of one match checked by rollouts."""

TRIES = 6
"""Candidates of one kind solved per match, at most (picked by the match's seed)."""

PER_MATCH = 4
"""The most puzzles one match gives."""

RAREST_FIRST = ("buy", "additions", "go-out", "missing", "discard", "count", "lay-down", "cost")
"""The order a match's candidates are tried in: the kinds fewest decisions fit first."""


# -- the matches and their candidates --------------------------------------------------
def match_plan(index: int, seed: int = 0) -> MatchSource:
    """Match ``index`` of the generation seeded ``seed``: its game, table, seed and bots
    (``decision`` and ``seat`` left 0). Six in ten are Ten Pennies for four, two Ten Card
    Rummy for four, two for six; strong and rule-of-thumb bots alternate, and one match
    in a few seats an expert (every 25th of Ten Pennies, where it plays by rollouts and is
    slow; every other of Ten Card Rummy, where it plays the strong bot's policy)."""
    slot = index % 10
    rules, players = ("ten-pennies", 4) if slot < 6 else ("ten-card-rummy", 4 if slot < 8 else 6)
    bots = ["strong" if s % 2 == 0 else "thumb" for s in range(players)]
    if (rules == "ten-pennies" and index % 25 == 12) or (rules == "ten-card-rummy" and index % 20 >= 10):
        bots[(index // 10) % players] = "expert"
    return MatchSource(rules, players, derive_seed("puzzle match", seed, index), tuple(bots), 0, 0)


@dataclass
class _Candidate:
    kind: str
    decision: int
    seat: int
    ordinal: int  # the seat's how-many-th decision of the match
    position: SeatPosition
    params: dict[str, Any]
    action: Any  # what the match's player did there
    view: Any = field(default=None, repr=False)  # kept for a buy's rollouts


def _kinds_here(view, rules: RuleSet, kinds: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    """The kinds this decision is a candidate for, from cheap facts of the view."""
    me, r, hand = view.seat, view.round_no, view.hand
    opened = view.opened[me]
    found: list[tuple[str, dict[str, Any]]] = []
    if len(hand) > rules.hand_size + (1 if rules.has_runs else 3):
        return found  # a hand swollen by purchases: slow to solve and to read, and seldom met
    if view.phase is Phase.OFFER:
        tokens = view.tokens[me] if view.tokens is not None else None
        if (not opened and view.top_discard is not None and rules.may_buy(r)
                and (tokens is None and view.active != me or tokens is not None and tokens > 0)):
            found.append(("buy", {}))  # (Ten Card Rummy: a purchase off-turn, C9, not the free take, C8)
        return [(k, p) for k, p in found if k in kinds]
    hand_phase = Phase.MELD if rules.meld_before_draw else Phase.PLAY
    if view.phase is hand_phase:
        can = can_lay_down(hand, r, rules)
        if not opened:
            need = 0 if can else cards_needed(hand, r, rules)
            if need is not None and need <= 1:  # a "no" is a puzzle only when it is close (see clear)
                found.append(("lay-down", {}))
            if can:
                found.append(("count", {}))
            else:
                if need == 1:
                    found.append(("missing", {}))
                if need == 1 and not rules.meld_before_draw:
                    found.append(("discard", {"draws": 1}))
        if (opened or can) and len(hand) <= 9:
            found.append(("go-out", {}))
        if opened and view.table and len(hand) <= 8:
            found.append(("additions", {}))
        if len(hand) <= 9:
            found.append(("cost", {}))
    elif view.phase is Phase.DISCARD and rules.meld_before_draw and not opened:
        # Ten Card Rummy discards after its draw (C6): which discard leaves the best chance.
        if cards_needed(hand, r, rules) == 1:
            found.append(("discard", {"draws": 1}))
    return [(k, p) for k, p in found if k in kinds]


def mined_round(plan: MatchSource) -> int:
    """The round of the planned match that puzzles are taken from, chosen by its seed: each
    round of the game as often, and the match is played no further than that round's end
    (the rounds after it would cost time and give nothing)."""
    rounds = len(plan.rule_set.contracts)
    return random.Random(derive_seed("puzzle round", plan.seed)).randint(1, rounds)


def play_and_collect(plan: MatchSource) -> tuple[list[list], list[_Candidate]]:
    """Play the planned match to the end of its :func:`mined_round` (or of the match); its
    actions (as ``[seat, text]``) and every candidate of that round."""
    rules = plan.rule_set
    kinds = KINDS_BY_GAME[plan.rules]
    last = mined_round(plan)
    bots = [make_bot(name, bot_seed(plan.seed, s)) for s, name in enumerate(plan.bots)]
    match = Match(plan.seed, rules)
    ordinals = [0] * rules.players
    candidates: list[_Candidate] = []
    decision = 0
    while not match.is_over and match.round_no <= last:
        seat = match.to_act
        view = match.view(seat)
        action = bots[seat].act(view)
        ordinals[seat] += 1
        here = _kinds_here(view, rules, kinds) if view.round_no == last else ()
        if here:
            p = SeatPosition.of(view)
            for kind, params in here:
                candidates.append(_Candidate(kind, decision, seat, ordinals[seat], p, params, action,
                                             view if kind == "buy" else None))
        match.apply(action)
        decision += 1
    return [[a.seat, a.text] for a in actions_of(match)], candidates


def _bots_choices(kind: str, action) -> tuple:
    """What the match's own player did, as :func:`~tenpennies.puzzles.sifting.bots_wrong` reads a judge's choice."""
    if kind == "buy":
        return (isinstance(action, Buy),)
    if kind == "discard":
        return (action.card,) if isinstance(action, Discard) else ()
    if kind == "lay-down":
        return (isinstance(action, LayDown),)
    return ()


def mine_match(index: int, seed: int = 0) -> tuple[MatchSource, list[list], list[dict[str, Any]]]:
    """Play match ``index`` (:func:`match_plan`) and keep its clear puzzles (at most
    :data:`TRIES` solved of each kind, at most :data:`PER_MATCH` kept, never two from one
    decision or from consecutive decisions of one seat). Runs in a worker: the result
    depends on ``(index, seed)`` alone. Returns the plan, the match's actions and the
    puzzles' entries, rarest kind first."""
    plan = match_plan(index, seed)
    actions, candidates = play_and_collect(plan)
    rng = random.Random(derive_seed("puzzle pick", plan.seed))
    by_kind: dict[str, list[_Candidate]] = {}
    for c in candidates:
        by_kind.setdefault(c.kind, []).append(c)
    taken: set[int] = set()
    ordinals: set[tuple[int, int]] = set()
    entries = []
    checks = 0
    # The rare kinds first, each match in its own order, so no kind crowds out another.
    order = rng.sample(RAREST_FIRST[:4], 4) + rng.sample(RAREST_FIRST[4:], len(RAREST_FIRST) - 4)
    for kind in order:
        pool = by_kind.get(kind, [])
        for c in rng.sample(pool, min(TRIES, len(pool))):
            if len(entries) >= PER_MATCH:
                break
            if c.decision in taken or {(c.seat, c.ordinal - 1), (c.seat, c.ordinal + 1)} & ordinals:
                continue
            s = KINDS[kind].solve(c.position, c.params)
            if not clear(kind, c.position, c.params, s):
                continue
            if kind == "buy":
                checks += 1  # the rollouts are the slow part of mining: a few per match
                if checks > BUY_CHECKS or not buy_holds(c.view, s, derive_seed("puzzle buy", plan.seed, c.decision)):
                    continue
            source = MatchSource(plan.rules, plan.players, plan.seed, plan.bots, c.decision, c.seat)
            try:
                entry = entry_of(kind, c.position, c.params, s, str(source),
                                 bots_wrong(kind, s, _bots_choices(kind, c.action)))
            except TenPenniesError:
                continue  # words that cannot be made for this position: no puzzle of it
            entries.append(entry)
            taken.add(c.decision)
            ordinals.add((c.seat, c.ordinal))
            break  # one of each kind per match: variety across matches
    return plan, actions, entries


def entry_of(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution, source: str,
             bot_wrong: int = 0) -> dict[str, Any]:
    """A puzzle's fields (not yet numbered or rated), worded from the engine's solution."""
    return dict(kind=kind, position=str(p), answer=s.answer, accepted=list(s.accepted),
                margin="exact" if s.margin is None else str(s.margin),
                tier=tier_of(kind, p, params, s, bot_wrong), themes=themes_of(kind, p, params, s),
                source=source, params=params, canonical=canonical(kind, p, params),
                **words_for(kind, p, params, s))


# -- words: hints, wrong answers, explanation ----------------------------------------------
def words_for(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> dict[str, Any]:
    """Title, question, hints, wrong answers and explanation: :func:`tenpennies.puzzles.wording.words_for`."""
    return wording.words_for(kind, p, params, s)
