"""Trying actions out on the worlds a seat's view allows: the one home of rollouts.

A seat facing a decision knows its own hand and the public table, never the other hands
nor the stock (T20). To ask "which of these actions is better?" it deals the hidden cards
afresh many times, each time consistently with its :class:`~tenpennies.play.view.PlayerView`
(:class:`Worlds`), plays each action in each such world and plays the round out to its
end with a policy in every seat (:func:`play_out`). Every action is tried in the SAME
worlds (common random numbers), so the luck of the deal cancels when two are compared:
:func:`paired_difference` gives the mean and standard error of the differences world by
world, far tighter than two separate means.

Each rollout is scored as a *margin*: the seat's points at the round's end minus the mean
of the others' (T18; lower is better), plus a token's measured worth for a purchase, since
tokens last the whole match (T4) and a round's end does not see them spent
(:func:`tenpennies.bots.tokens.token_worth`; nothing where purchases cost none, C9).

Everything is seeded: the same view, actions, ``rollouts`` and ``seed`` give the same
numbers on any machine. Nothing here reads more than the view holds (a view holds nothing
else). Both rule sets are served: Ten Pennies, and Ten Card Rummy with its runs, its meld
before the draw (C6) and its free take (C8).

    >>> from tenpennies.play.match import Match
    >>> m = Match(seed=5)
    >>> view = m.view(m.to_act)
    >>> a, b = view.legal_actions[:2]
    >>> found = compare(view, (a, b), rollouts=4, seed=1)
    >>> sorted(e.n for e in found.values())
    [4, 4]
    >>> paired_difference(view, a, b, rollouts=4, seed=1).n
    4
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Sequence, Union

from ..engine.actions import Action, AddToSet, Buy, Draw, LayDown, Meld, Pass
from ..engine.cards import Card, sort_key
from ..engine.errors import IllegalActionError, TenPenniesError
from ..play.match import Match, Phase
from ..play.position import Position
from ..engine.rules import hand_points
from ..engine.seeds import derive_seed
from ..play.view import PlayerView
from .tokens import token_worth
# The rollouts' policies: bots below the expert (which builds on these rollouts).
from .quick import quick_action
from .random_bot import RandomBot
from .strong import StrongBot
from .thumb import ThumbBot

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""

Policy = Union[str, Callable[[Match], Action], Callable[[Union[int, str]], object]]
"""A rollout policy: ``"strong"`` (the strong bot in every seat, given its view each
decision), ``"quick"`` (the rules of thumb read straight from a sampled match's hands,
:func:`tenpennies.bots.quick.quick_action`: Ten Pennies only, many times cheaper),
``"thumb"`` or ``"random"`` (those bots), or a bot factory taking a seed
(:data:`tenpennies.bots.BotFactory`). The expert is not a rollout policy: it plays
rollouts itself."""

ROLLOUT_BOTS = {"strong": StrongBot, "thumb": ThumbBot, "random": RandomBot}
"""The bots a rollout policy may name, each a factory taking a seed."""


@dataclass(frozen=True)
class Estimate:
    """A mean of ``n`` rollouts and its standard error (``se``; NaN below two rollouts).

    For :func:`compare`, a mean margin (points minus the others' mean, lower is better);
    for :func:`paired_difference`, the mean of the paired differences.
    """

    mean: float
    se: float
    n: int

    @classmethod
    def of(cls, values: Sequence[float]) -> "Estimate":
        """The mean and standard error of ``values``."""
        n = len(values)
        if n == 0:
            raise TenPenniesError("an estimate needs at least one value")
        mean = sum(values) / n
        if n < 2:
            return cls(mean, math.nan, n)
        var = sum((x - mean) ** 2 for x in values) / (n - 1)
        return cls(mean, math.sqrt(var / n), n)

    @property
    def low(self) -> float:
        """The low end of the normal 95% interval."""
        return self.mean - Z95 * self.se

    @property
    def high(self) -> float:
        """The high end of the normal 95% interval."""
        return self.mean + Z95 * self.se

    def __str__(self) -> str:
        return f"{self.mean:+.1f} ± {self.se:.1f} over {self.n} rollouts"


# -- what the view says about hidden cards ------------------------------------------------
def known_in_hands(view: PlayerView) -> dict[int, Counter]:
    """For each other seat, the cards it is known still to hold (T20): a card it bought
    or took from the discard pile this round, until that seat plays a card equal to it
    (:meth:`PlayerView.seen_cards` counts the same cards)."""
    known = {}
    for s, cards in enumerate(view.log.bought):
        if s != view.seat and cards:
            known[s] = Counter(cards)
    return known


def hidden_pool(view: PlayerView) -> list[Card]:
    """The cards of the deck this seat cannot place: in other hands (beyond the known
    ones) or in the stock, in a fixed order."""
    placed = Counter(view.hand) + Counter(view.discard_pile)
    for s in view.table:
        placed.update(s.cards)
    for counts in known_in_hands(view).values():
        placed.update(counts)
    return sorted((Counter(view.rules.deck()) - placed).elements(), key=sort_key)


_DRAWN = (Phase.PLAY, Phase.DISCARD)  # the phases after the turn's draw


class Worlds:
    """The hidden cards of ``view``'s decision, dealt at random but consistent with the view:
    hand sizes, the seat's own hand, the table, the discard pile, the cards others are known
    to hold (bought or taken), tokens and scores. :meth:`sample` makes one such world as a
    match where ``view.seat`` is to act, as in the view. What the view fixes is read once.

    A match starts where a :class:`~tenpennies.play.position.Position` can start (the start of
    the turn: the offer in Ten Pennies, the meld before the draw in Ten Card Rummy); seats
    asked before this one pass, as they did, and after the draw the card the seat drew is
    put back on top of the stock and drawn again (where this turn's melds left one card in
    Ten Pennies, the world starts before them and plays them again). One case is stood in for: the active
    seat freely offered the card beneath a bought one (C9) is asked in the meld phase,
    where taking or passing does the same.
    """

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        known = known_in_hands(view)
        self.known = [list(known.get(s, Counter()).elements()) for s in range(view.rules.players)]
        self.pool = hidden_pool(view)
        wanted = sum(n - len(k) for s, (n, k) in enumerate(zip(view.hand_sizes, self.known)) if s != view.seat)
        if any(len(k) > n for n, k in zip(view.hand_sizes, self.known)) or wanted + view.stock_size > len(self.pool):
            raise TenPenniesError("the view's hand sizes and stock do not fit the cards it has not seen")
        if view.phase not in (Phase.OFFER, Phase.PLAY, Phase.MELD, Phase.DISCARD):
            raise TenPenniesError(f"there is no decision in the {view.phase.value} phase")
        # A hand melded down to its last card this turn cannot give a card back to the stock
        # and still start the turn (a seat with no card has gone out): the world then starts
        # before this turn's plays, taken back from the table, and plays them again.
        self.replayed: tuple[Action, ...] = ()
        if view.phase in _DRAWN and len(view.hand) < 2 and not view.rules.meld_before_draw:
            self.replayed = tuple(e for e in view.log.since_last(Draw)
                                  if isinstance(e, (LayDown, Meld, AddToSet)) and e.seat == view.seat)

    def sample(self, rng: random.Random, seed: int = 0) -> Match:
        """One world, its hidden cards shuffled by ``rng``; ``seed`` seeds the match itself."""
        view = self.view
        me, n = view.seat, view.rules.players
        pool = list(self.pool)
        rng.shuffle(pool)
        hands: list[list[Card]] = []
        table, opened, mine = _before(view, self.replayed)
        for s in range(n):
            if s == me:
                hands.append(mine)
                continue
            take = view.hand_sizes[s] - len(self.known[s])
            hands.append(self.known[s] + pool[len(pool) - take:])
            del pool[len(pool) - take:]
        stock = pool[:view.stock_size]  # the rest, if any, is out of play (a puzzle's position)
        drawn = view.phase in _DRAWN
        if drawn:
            stock.insert(0, hands[me].pop())  # put back the card drawn this turn
        p = Position(round_no=view.round_no, hands=tuple(hands), discard_pile=tuple(view.discard_pile),
                     stock=tuple(stock), table=table, opened=opened,
                     tokens=None if view.rules.tokens is None else view.tokens,  # (None: no tokens, C9)
                     scores=view.scores, dealer=(view.active - 1) % n, active=view.active,
                     # (an emptied pile, all of it bought, has no discarder to name)
                     top_discarder=view.top_discarder if view.discard_pile else None)
        m = Match.from_position(p, seed=seed, rules=view.rules)
        if view.rules.buys_per_round is not None:
            m.buys = list(view.buys)  # C9's limit counts this round's purchases so far
        # The active seat freely offered a card (C8) is asked in the meld phase instead.
        wanted = Phase.MELD if view.phase is Phase.OFFER and me == view.active and view.rules.meld_before_draw \
            else view.phase
        while not (m.to_act == me and m.phase is wanted):
            if m.phase is Phase.OFFER or (m.phase is Phase.MELD and wanted is not Phase.MELD):
                m.apply(Pass(m.to_act))
            else:
                raise TenPenniesError("the sampled match does not reach the view's decision")
        for play in self.replayed:  # this turn's melds, played again
            m.apply(play)
        return m


def _before(view: PlayerView, plays: Sequence[Action]) -> tuple[tuple, tuple[bool, ...], list[Card]]:
    """The table, who had opened and the seat's hand before ``plays`` (the seat's melds of
    this turn, in order): their cards taken back from the table into the hand. A lay-down
    and a meld each made the table's last sets; an addition added its cards at the end of
    a set (T10, T13)."""
    table = [(t.owner, list(t.cards)) for t in view.table]
    opened = list(view.opened)
    hand = list(view.hand)
    for play in reversed(plays):
        if isinstance(play, AddToSet):
            cards = table[play.set_index][1]
            for card in reversed(play.cards):
                del cards[len(cards) - 1 - cards[::-1].index(card)]
            hand.extend(play.cards)
        else:
            made = play.sets if isinstance(play, LayDown) else (play.cards,)
            del table[len(table) - len(made):]
            hand.extend(c for meld in made for c in meld)
            if isinstance(play, LayDown):
                opened[view.seat] = False
    if not plays:
        return tuple(view.table), view.opened, hand
    return tuple((owner, tuple(cards)) for owner, cards in table), tuple(opened), hand


# -- playing a sampled world out -----------------------------------------------------------
def margin(points: Sequence[int], seat: int) -> float:
    """A seat's points minus the mean of the others': what a round did to its standing."""
    others = [p for s, p in enumerate(points) if s != seat]
    return points[seat] - sum(others) / len(others)


def token_cost(view: PlayerView, token_points: float | None = None) -> float:
    """What a purchase's token costs in ``view``, in points: ``token_points`` when given,
    else the measured worth's mean (:func:`tenpennies.bots.tokens.token_worth`; nothing where
    purchases spend no token)."""
    if token_points is not None:
        return token_points
    return token_worth(view.rules, view.round_no, view.tokens[view.seat]).mean


def play_out(match: Match, turn_limit: int, policies: Sequence | None = None) -> tuple[int, ...]:
    """Play ``match`` to the end of its round (or until ``turn_limit`` completed turns, when
    the hands are scored as the turn cap would, T17); the points each seat is left with.

    Every seat plays :func:`tenpennies.bots.quick.quick_action`, or, given ``policies``,
    its bot (one per seat, each given its seat's view).
    """
    while not match.round_results and not match.is_over:
        if match.turns >= turn_limit:
            return tuple(hand_points(h, match.rules) for h in match.hands)
        seat = match.to_act
        if policies is None:
            match.apply(quick_action(match))
        else:
            match.apply(policies[seat].act(match.view(seat)))
    return match.round_results[0].points


def _policies(policy: Policy | None, rules, world_seed: int):
    """The bots of one rollout (None: the quick rules of thumb), seeded by its world."""
    if policy is None or policy == "quick":
        if rules.has_runs or rules.meld_before_draw:
            raise TenPenniesError("the quick rollout policy plays Ten Pennies' turn only: use policy='strong'")
        return None
    if policy == "strong":
        return [StrongBot(world_seed)] * rules.players  # (deterministic: one serves every seat)
    if isinstance(policy, str):
        if policy not in ROLLOUT_BOTS:
            raise TenPenniesError(f"no rollout policy is named {policy!r}: use one of quick, "
                                  f"{', '.join(ROLLOUT_BOTS)}, or pass a bot factory")
        policy = ROLLOUT_BOTS[policy]
    return [policy(derive_seed("rollout", world_seed, s)) for s in range(rules.players)]


def rollout_margins(view: PlayerView, actions: Sequence[Action], rollouts: int, seed: int | str, *,
                    policy: Policy | None = "strong", horizon: int | None = None,
                    token_points: float | None = None, step_budget: int | None = None) -> list[tuple[float, ...]]:
    """Each of ``actions`` played in the same ``rollouts`` worlds of ``view`` (world ``i``
    seeded from ``seed`` and ``i``), then out to the round's end (or ``horizon`` more
    turns) by ``policy`` in every seat: per action, its margins in the worlds' order
    (a purchase's token cost included). What :func:`compare` and the expert bot build on.

    ``step_budget`` stops early, after the first world whose rollouts bring the steps
    played (log entries: every decision and draw) to that many: a budget by count that
    follows the time a decision takes (a long round costs more than a short one) yet
    gives the same worlds on any machine. At least two worlds are played, for an error."""
    if view.to_act != view.seat:
        raise TenPenniesError(f"it is not seat {view.seat}'s decision now")
    if rollouts < 1:
        raise TenPenniesError(f"rollouts must be at least 1, not {rollouts}")
    me = view.seat
    limit = view.rules.turn_cap - view.turns
    if horizon is not None:
        limit = min(limit, horizon)
    token = token_cost(view, token_points)
    worlds = Worlds(view)
    margins: list[list[float]] = [[] for _ in actions]
    steps = 0
    for i in range(rollouts):
        world_seed = derive_seed(seed, i)
        for k, action in enumerate(actions):
            m = worlds.sample(random.Random(world_seed), world_seed)
            try:
                m.apply(action)
            except IllegalActionError as exc:
                raise TenPenniesError(f"{action.text} cannot be tried out here: {exc}") from None
            cost = token if isinstance(action, Buy) else 0.0
            bots = _policies(policy, view.rules, world_seed)
            start = len(m.log)
            margins[k].append(margin(play_out(m, limit, bots), me) + cost)
            steps += len(m.log) - start
        if step_budget is not None and steps >= step_budget and i >= 1:
            break
    return [tuple(xs) for xs in margins]


def compare(view: PlayerView, actions: Sequence[Action], *, rollouts: int = 32, seed: int | str = 0,
            policy: Policy = "strong", horizon: int | None = None, token_points: float | None = None,
            step_budget: int | None = None) -> dict[Action, Estimate]:
    """Each of ``actions`` tried out in the same ``rollouts`` worlds the view allows
    (common random numbers), every rollout played to the round's end by ``policy`` in
    every seat: per action, its mean *margin* and standard error. The margin is the seat's
    round points minus the mean of the others', plus a token's measured worth for a
    purchase: LOWER IS BETTER. In the order of ``actions``; deterministic from ``seed``.

    ``horizon`` stops each rollout after that many turns (hands scored as the turn cap
    would); ``token_points`` prices a token instead of its measured worth; ``step_budget``
    stops early (:func:`rollout_margins`).
    """
    actions = tuple(dict.fromkeys(actions))
    found = rollout_margins(view, actions, rollouts, seed, policy=policy, horizon=horizon,
                            token_points=token_points, step_budget=step_budget)
    return {a: Estimate.of(xs) for a, xs in zip(actions, found)}


def paired_difference(view: PlayerView, a: Action, b: Action, *, rollouts: int = 32, seed: int | str = 0,
                      policy: Policy = "strong", horizon: int | None = None, token_points: float | None = None,
                      step_budget: int | None = None) -> Estimate:
    """How much worse ``a`` ends the round than ``b`` (margin of ``a`` minus margin of
    ``b``; positive: ``a`` costs points), as the mean and standard error of the PAIRED
    differences over the same worlds: the error of a difference, not of two means. The
    same worlds as :func:`compare` with the same arguments."""
    if a == b:
        return Estimate(0.0, 0.0, rollouts)
    ma, mb = rollout_margins(view, (a, b), rollouts, seed, policy=policy, horizon=horizon,
                             token_points=token_points, step_budget=step_budget)
    return Estimate.of([x - y for x, y in zip(ma, mb)])


__all__ = ["ROLLOUT_BOTS", "Estimate", "Worlds", "compare", "hidden_pool", "known_in_hands", "margin", "paired_difference",
           "play_out", "rollout_margins", "token_cost"]
