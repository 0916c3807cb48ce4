"""The rules of thumb read straight from a sampled match: the cheapest rollout policy.

:func:`quick_action` answers for the seat to act in a :class:`~tenpennies.play.match.Match`
from that seat's own hand, without building a view: several times cheaper than a bot
that is given a view each decision, which is what a rollout of thousands of turns wants
(:mod:`tenpennies.bots.rollouts`, ``policy="quick"``). Ten Pennies' turn only (no runs, the
draw before the melds). It lives apart from the expert bot, which first used it, because
the rollouts that the expert builds on use it too.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.actions import Action, Buy, Discard, LayDown, Pass
from ..play.match import Match, Phase
from ..solver import can_lay_down
from .tactics import shedding_action


def quick_action(match: Match) -> Action:
    """The rules of thumb (:mod:`tenpennies.bots.thumb`) for the seat to act in a sampled
    match, read from that seat's own hand without building a view: the rollouts' policy,
    several times cheaper than a bot that is given a view each decision.

    Buy a wild or a third suit of a rank, keeping a token per round to come; lay down as
    soon as possible; once down, shed (:func:`~tenpennies.bots.tactics.shedding_action`);
    discard the most expensive natural whose rank it holds in one suit only, wilds last.
    """
    seat, rules, r = match.to_act, match.rules, match.round_no
    hand = match.hands[seat]
    wild = rules.wild_table(r)
    opened = match.opened[seat]
    if match.phase is Phase.OFFER:
        card = match.discard_pile[-1]
        if opened or match.tokens[seat] <= rules.rounds - r:
            return Pass(seat)
        if wild[card.index]:
            return Buy(seat)
        suits = {c.suit for c in hand if c.rank == card.rank and not wild[c.index]}
        return Buy(seat) if len(suits) >= 2 and card.suit not in suits else Pass(seat)
    if (_may_shed(hand, match.table, wild, rules.min_set_size) if opened
            else can_lay_down(hand, r, rules, trusted=True)):
        act = _first_lay_down_or_shed(match.legal_actions(), wild)
        if act is not None:
            return act
    suits: dict[int, set] = {}
    for c in hand:
        if not wild[c.index]:
            suits.setdefault(c.rank, set()).add(c.suit)
    points = rules.card_points
    spare = [c for c in hand if not wild[c.index] and len(suits[c.rank]) < 2] or \
        [c for c in hand if not wild[c.index]] or hand
    return Discard(seat, max(spare, key=lambda c: (points[c.rank], c.index)))


def _may_shed(hand, table, wild, set_size: int) -> bool:
    """Could an open hand meld or add anything? A quick, cautious no spares listing the
    actions: a wild might always fit, so only hands of naturals are judged (T14)."""
    suits: dict[int, set] = {}
    for c in hand:
        if wild[c.index]:
            return True
        suits.setdefault(c.rank, set()).add(c.suit)
    if any(len(v) >= set_size for v in suits.values()):
        return True
    for t in table:
        mine = suits.get(t.rank)
        if mine and mine - {c.suit for c in t.cards if not wild[c.index]}:
            return True
    return False


def _first_lay_down_or_shed(legal: Sequence[Action], wild) -> Action | None:
    for a in legal:
        if isinstance(a, LayDown):
            return a
    return shedding_action(legal, wild)


__all__ = ["quick_action"]
