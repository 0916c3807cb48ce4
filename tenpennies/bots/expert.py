"""The expert player: tries its close purchases out, on worlds its view allows.

Policy: the strong bot's (:mod:`tenpennies.bots.strong`) with one change of its own
(:class:`BasePolicy`: before laying down, with an open opponent near going out and the
contract far, it throws its costliest card, a wild too, where the strong bot keeps its
wilds), except for the offers where rollouts pay: a card that brings its contract closer
(an out), offered before it has laid down, whose purchase the one buy judgment
(:func:`tenpennies.bots.buying.should_buy`) calls close. Where the judgment's whole interval
says buy or pass, the expert answers as it says, as everyone does. For a close purchase it

1. compares the strong bot's answer with the other one (buy or pass);
2. deals hidden cards consistent with its :class:`~tenpennies.play.view.PlayerView` only
   (:class:`tenpennies.bots.rollouts.Worlds`): the other hands get their sizes, the cards they
   are known to hold (a purchase, T20) and the rest from the cards this seat has not seen;
   the rest make the stock, in a random order;
3. plays both answers in each sampled world to the end of the round with the strong bot
   in every seat (the opponent it is measured against), the same worlds for both so that
   luck cancels out (:func:`tenpennies.bots.rollouts.rollout_margins`);
4. picks the answer with the lower mean *margin*: its points at the round's end minus
   the mean of the others' (T18), plus a token's worth for a purchase, since tokens last
   the whole match (T4) and a round's end does not see them spent: the measured worth
   for the round and tokens held (:func:`tenpennies.bots.tokens.token_worth`, its mean).

Why offers, and not discards: a survey of seeded strong matches, each decision's best
alternative picked by 24 paired rollouts and judged again on 24 fresh ones, found close
purchases of outs worth about 5 points an offer, while discards before laying down gained
nothing (-0.5 ± 1.0 points a decision) and discards and melds once down lost points (the
strong bot's plan to go out beats what the rollouts pick). Trying out every offered card
that is no out cost more than the rest gained: a few noisy rollouts buy some of them.
``discards=True`` brings the old discard searches back; ``offers`` widens or narrows the
offers tried (:data:`OFFERS_TRIED`).

Measured (``benchmarks/strength.py``'s docstring, 2026-12-02, 1,000 matches each seed both
ways round, 1,378 s): expert - strong -30.7 points a match, 95% CI [-36.8, -24.7]; before
the base policy, -21.3 [-27.8, -14.8].

The budget is a count: at most ``rollouts`` worlds a decision, and no more once the
rollouts have played ``step_budget`` steps (log entries), two worlds at least; so a seed
gives the same game on any machine, and a long round costs no more than a short one (a
median of some 47 to 56 ms of CPU a searched decision, the worst 69 to 102 ms in the
two timed matches of the strength script). The seed of
each decision comes from the bot's seed and the view, so the bot is deterministic, and
reads nothing the seat may not see (a view holds nothing else).

Rule sets with runs (Ten Card Rummy) are played by the strong bot's policy, unless
``in_ten_card_rummy`` asks for its answers to the top discard to be tried out too.

    >>> from tenpennies.play.match import Match
    >>> m = Match(seed=5)
    >>> bot = ExpertBot(seed=1, rollouts=4)
    >>> bot.act(m.view(m.to_act)) in m.legal_actions()
    True
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

from ..engine.actions import Action, Buy, Discard, LayDown, Pass, TakeDiscard
# The worlds a view allows, playing them out and scoring them live in tenpennies.bots.rollouts;
# imported here too, where they were first written (their names keep working from here).
from .rollouts import (Policy, Worlds, hidden_pool, known_in_hands, margin, play_out,  # noqa: F401
                        rollout_margins, token_cost)
from .quick import quick_action  # noqa: F401  (the rollouts' rules of thumb, first written here)
from .buy_core import judge
from ..engine.cards import sort_key
from .decision import Decision
from ..engine.errors import TenPenniesError
from ..play.match import Phase
from ..odds import unseen_cards
from ..solver import cards_needed, outs
from ..engine.seeds import derive_seed
from ..play.view import PlayerView
from .melding import plays_runs
from .strong import StrongBot
from .tactics import costliest, nearest_open_opponent, opponent_near_out

OFFERS_TRIED = ("outs", "close-outs", "close", "none")
"""Which offers :class:`ExpertBot` tries out (its ``offers``): every out (a card that
brings the contract closer), the outs the buy judgment calls close, every offer it calls
close (as this bot once did), none."""

TOKEN_POINTS = 8.0
"""The fixed price of a token this bot once charged a purchase (a guess). No longer the
default: a token now costs its measured worth for the round and the tokens held
(:func:`tenpennies.bots.tokens.token_worth`, the mean of the shipped table); pass
``token_points=8.0`` to play the old way."""


@dataclass(frozen=True)
class ActionEstimate:
    """One candidate's rollouts: its mean margin (points minus the others' mean, lower is
    better, a token's cost included) and the standard error of that mean."""

    action: Action
    mean: float
    stderr: float
    rollouts: int
    margins: tuple[float, ...] = ()  # one per sampled world, in the worlds' order

    def __str__(self) -> str:
        return f"{self.action.text}: {self.mean:+.1f} ± {self.stderr:.1f} over {self.rollouts} rollouts"


@dataclass(frozen=True)
class Evaluation:
    """The candidates of one decision, each with its estimate, best (lowest mean) first."""

    estimates: tuple[ActionEstimate, ...]
    seed: int

    @property
    def best(self) -> ActionEstimate:
        return self.estimates[0]

    def of(self, action: Action) -> ActionEstimate:
        for e in self.estimates:
            if e.action == action:
                return e
        raise TenPenniesError(f"{action.text} was not among the actions tried out")

    def advantage(self, action: Action, other: Action) -> tuple[float, float]:
        """How many points better ``action`` ends the round than ``other`` (positive:
        better), and the standard error of that, paired world by world (the same worlds
        serve every candidate, so their luck cancels)."""
        diffs = [b - a for a, b in zip(self.of(action).margins, self.of(other).margins)]
        return _mean_and_error(diffs)

    @property
    def rollouts(self) -> int:
        """Rounds played to the end for this decision, all candidates together."""
        return sum(e.rollouts for e in self.estimates)


def evaluate(view: PlayerView, actions: Sequence[Action], rollouts: int, seed: int, *,
             horizon: int | None = None, policy: Policy | None = None,
             token_points: float | None = None, step_budget: int | None = None) -> Evaluation:
    """Each of ``actions`` tried in the same ``rollouts`` sampled worlds, played out to the
    round's end (or ``horizon`` more turns) by :func:`quick_action` in every seat, or by
    bots built by ``policy`` (a factory taking a seed); the estimates best first (ties keep
    the given order). The rollouts are :func:`tenpennies.bots.rollouts.rollout_margins`'."""
    found = rollout_margins(view, actions, rollouts, seed, policy=policy, horizon=horizon,
                            token_points=token_points, step_budget=step_budget)
    estimates = [ActionEstimate(a, *_mean_and_error(xs), len(xs), xs) for a, xs in zip(actions, found)]
    order = sorted(range(len(actions)), key=lambda k: estimates[k].mean)
    return Evaluation(tuple(estimates[k] for k in order), seed)


def _mean_and_error(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.nan
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


def decision_seed(bot_seed: int | str, view: PlayerView) -> int:
    """The seed of one decision: the bot's seed and what the view shows, so the same
    decision in the same game gets the same worlds, and different decisions others."""
    return derive_seed("expert", bot_seed, view.seat, view.round_no, view.turns, view.phase.value,
                   len(view.log), " ".join(str(c) for c in view.hand), view.top_discard or "")


# -- the base policy ----------------------------------------------------------------------
class BasePolicy(StrongBot):
    """The strong bot's policy with one change, the expert's where it tries nothing out:
    before laying down, when an open opponent holds ``near_out`` cards or fewer and the
    contract is ``wild_short`` or more cards away, it throws its costliest card, a wild
    too, where the strong bot keeps its wilds (and throws its costliest natural only once
    an opponent is down to ``danger_cards``). The round is likely to end before the
    contract goes down, and a joker left in hand then costs 50 points, an ace or two 20
    (T18); a throw is offered to the others (T5), but holding on costs more.

    Screened against the strong bot (600 seeds, each played both ways round, points a
    match, negative: this policy better; ``near_out``/``wild_short``): 2/2 -16.6 [-18.5,
    -14.7]; 3/2 -18.8 [-21.6, -15.9]; 4/2 -20.0 [-23.5, -16.5]; 2/1 -15.6; 2/3 -7.5.
    Throwing only a wild, never a natural, in the same spots: -15.0 (2/2). Throwing the
    costliest natural without wilds (the strong bot's rule) was worse than never throwing
    points at all (-3.0 [-4.9, -1.1]), and throwing it one card short much worse (+16.6).

    The strong bot itself keeps its policy: it is the classroom's bot, pinned by its tests.
    """

    name = "expert-base"

    def __init__(self, seed: int | str = 0, *, near_out: int = 4, wild_short: int = 2, **options) -> None:
        super().__init__(seed, **options)
        self.near_out = near_out
        self.wild_short = wild_short

    def _throws_wilds(self, view: PlayerView) -> bool:
        """Near the round's end and far from the contract: is every card fair to throw?"""
        return opponent_near_out(view, self.near_out) and \
            _needed(view.hand, view.round_no, view.rules) >= self.wild_short

    def _discard_closed(self, view: PlayerView):
        if self._throws_wilds(view):
            return costliest(view.hand, view.rules)
        return super()._discard_closed(view)

    def decide(self, view: PlayerView) -> Decision:
        decision = super().decide(view)
        if decision.reason not in ("discard-points-danger", "discard-most-outs") or plays_runs(view.rules) \
                or not self._throws_wilds(view):
            return decision
        card = costliest(view.hand, view.rules)
        wild = view.rules.wild_table(view.round_no)[card.index]
        # (a natural keeps the strong bot's reason and words; a wild has a reason of its own)
        return Decision(Discard(view.seat, card), "discard-wild-danger" if wild else "discard-points-danger",
                        {"points": view.rules.card_points[card.rank],
                         "cards_short": _needed(view.hand, view.round_no, view.rules),
                         **nearest_open_opponent(view, self.near_out)})


# -- the bot ------------------------------------------------------------------------------
class ExpertBot:
    """Plays the strong bot's policy, with the offers that matter tried out by rollouts.

    ``rollouts`` sampled worlds per decision at most (and ``step_budget`` steps played in
    them, when given: see :func:`tenpennies.bots.rollouts.rollout_margins`), each played out
    by ``policy`` in every seat (:data:`tenpennies.bots.rollouts.Policy`: ``"strong"``, the
    default; ``"quick"``, the rules of thumb; or a bot factory), ``horizon`` turns at most
    (None: to the round's end).

    ``offers`` says which offers to a seat that has not laid down are tried out
    (:data:`OFFERS_TRIED`): by default ``"close-outs"``, the cards that bring the contract
    closer where the buy judgment calls the purchase close (where it is sure, everyone
    answers as it says); ``"outs"`` tries the sure ones too. ``discards``
    also tries discards out, as this bot once did: before laying down once an open
    opponent holds ``near`` cards or fewer (every discard with ``open_discards``), and,
    once down, whether to shed a wild; ``candidates`` actions at most compared there.

    Where it tries nothing out it plays :class:`BasePolicy` (``throws_wilds``, the default:
    some 20 points a match better than the strong bot on its own), or with
    ``throws_wilds=False`` the strong bot's policy itself, as before 2026-12-02.

    In Ten Card Rummy it plays the strong bot's policy unless ``in_ten_card_rummy``: then
    it tries out its answers to the top discard as above (take it for nothing, C8, or buy
    it, C9, or pass). Not the default: the strong bot's turns with runs are slow to play
    out (a median 190 ms a decision even with ``horizon=24``, over the 100 ms budget), and
    its strength there is not yet measured.
    """

    name = "expert"

    def __init__(self, seed: int | str = 0, *, rollouts: int = 8, candidates: int = 3,
                 horizon: int | None = None, near: int = 5, open_discards: bool = False,
                 policy: Policy | None = "strong", token_points: float | None = None, offers: str = "close-outs",
                 discards: bool = False, step_budget: int | None = 2500, in_ten_card_rummy: bool = False,
                 throws_wilds: bool = True) -> None:
        if offers not in OFFERS_TRIED:
            raise TenPenniesError(f"offers must be one of {', '.join(OFFERS_TRIED)}, not {offers!r}")
        self.seed = seed
        self.rollouts = rollouts
        self.candidates = candidates
        self.horizon = horizon
        self.near = near
        self.open_discards = open_discards
        self.policy = policy
        self.token_points = token_points
        self.offers = offers
        self.discards = discards or open_discards
        self.step_budget = step_budget
        self.in_ten_card_rummy = in_ten_card_rummy
        self.throws_wilds = throws_wilds
        # The policy played where nothing is tried out (named for the strong bot it mostly is).
        self.strong = BasePolicy(seed) if throws_wilds else StrongBot(seed)
        self.rollouts_done = 0  # rounds played to the end so far, for budgets and benchmarks

    def act(self, view: PlayerView) -> Action:
        choice = self.strong.act(view)
        options = self.options(view, choice)
        if len(options) < 2:
            return choice
        try:
            evaluation = self.evaluate(view, options)
        except TenPenniesError:
            return choice  # a view no world can be dealt for (say, a puzzle's odd position)
        return evaluation.best.action

    def decide(self, view: PlayerView) -> Decision:
        """The explained path: the strong bot's decision, or, where this bot tries its
        choice out, the best candidate with the rollouts' numbers (reason ``"rollouts"``)."""
        decision = self.strong.decide(view)
        options = self.options(view, decision.action)
        if len(options) < 2:
            return decision
        try:
            evaluation = self.evaluate(view, options)
        except TenPenniesError:
            return decision
        best = evaluation.best
        facts = {"candidates": len(options), "rollouts": best.rollouts, "mean": best.mean, "stderr": best.stderr,
                 "token_points": token_cost(view, self.token_points), "judged": decision.reason}
        if len(evaluation.estimates) > 1:
            facts["gain"], facts["gain_stderr"] = evaluation.advantage(best.action, evaluation.estimates[1].action)
        return Decision(best.action, "rollouts", facts)

    def evaluate(self, view: PlayerView, options: Sequence[Action]) -> Evaluation:
        """``options`` tried out in this bot's sampled worlds for ``view``."""
        e = evaluate(view, options, self.rollouts, decision_seed(self.seed, view), horizon=self.horizon,
                     policy=self.policy, token_points=self.token_points, step_budget=self.step_budget)
        self.rollouts_done += e.rollouts
        return e

    def options(self, view: PlayerView, choice: Action) -> tuple[Action, ...]:
        """The candidates worth trying out, the strong bot's ``choice`` first; one or
        none when rollouts would add nothing."""
        phase = view.phase
        if self.rollouts < 1:
            return (choice,)
        if not tries_out(view.rules):  # Ten Card Rummy: only taking or buying the top discard, if asked
            if self.in_ten_card_rummy and phase in (Phase.OFFER, Phase.MELD):
                return self._answer_options(view, choice)
            return (choice,)
        if phase not in (Phase.OFFER, Phase.PLAY):
            return (choice,)
        if phase is Phase.OFFER:
            return self._offer_options(view, choice)
        if not self.discards or not tries_out(view.rules) or isinstance(choice, LayDown) or len(view.hand) < 2:
            return (choice,)
        if not view.opened[view.seat]:
            if not self.open_discards and not opponent_near_out(view, self.near):
                return (choice,)  # nobody is near going out: build the contract, as the strong bot does
            return self._closed_discards(view, choice)
        if isinstance(choice, Discard) and not self.open_discards:
            return (choice,)
        return self._open_options(view, choice)

    def _offer_options(self, view: PlayerView, choice: Action) -> tuple[Action, ...]:
        seat, card, rules, r = view.seat, view.top_discard, view.rules, view.round_no
        if self.offers == "none" or view.opened[seat] or card is None or not tries_out(rules):
            return (choice,)
        if self.offers != "close":
            # A card that is no out is passed untried: buying it cannot bring the contract
            # closer, and a few noisy rollouts would buy some of them (measured: that cost
            # more than all the rest gained). (StrongBot.act has just weighed this hand.)
            if card.index not in self.strong._short_and_outs(view)[1]:
                return (choice,)
        if self.offers != "outs":
            # Where the judgment (tenpennies.bots.buying) says buy or pass with its whole interval,
            # everyone follows it: the strong bot's choice is that already.
            verdict, _, _ = judge(view.hand, card, r, rules, self.strong._unseen(view), opened=False,
                                  tokens=view.tokens[seat], my_turn=view.active == seat,
                                  stock=view.stock_size, pile=view.discard_pile)
            if verdict != "close":
                return (choice,)
        other = Pass(seat) if isinstance(choice, Buy) else Buy(seat)
        return (choice, other)

    def _answer_options(self, view: PlayerView, choice: Action) -> tuple[Action, ...]:
        """Ten Card Rummy's answer to the top discard: take it for nothing (C8, the active
        seat's draw) or buy it (C9), or pass? Tried out as in Ten Pennies (``offers``): a
        card that brings the contract closer by the solver's count, where the one buy
        judgment calls it close."""
        seat, card, rules, r = view.seat, view.top_discard, view.rules, view.round_no
        if self.offers == "none" or view.opened[seat] or card is None or \
                not isinstance(choice, (TakeDiscard, Buy, Pass)):
            return (choice,)  # (in the meld phase the melds come first: the answer is asked after)
        taking = next((a for a in view.legal_actions if isinstance(a, (TakeDiscard, Buy))), None)
        if taking is None:
            return (choice,)
        if self.offers != "close" and _needed(view.hand + (card,), r, rules) >= _needed(view.hand, r, rules):
            return (choice,)
        if self.offers != "outs":
            verdict, _, _ = judge(view.hand, card, r, rules, self.strong._unseen(view), opened=False,
                                  tokens=view.tokens[seat], my_turn=view.active == seat,
                                  stock=view.stock_size, pile=view.discard_pile)
            if verdict != "close":
                return (choice,)
        return (choice, Pass(seat) if choice == taking else taking)

    def _closed_discards(self, view: PlayerView, choice: Action) -> tuple[Action, ...]:
        rules, r, hand, seat = view.rules, view.round_no, view.hand, view.seat
        points = rules.card_points
        unseen = unseen_cards(hand, view.seen_cards(), rules)
        keys = {}
        for card in set(hand):
            n = hand.index(card)
            rest = hand[:n] + hand[n + 1:]
            need = _needed(rest, r, rules)
            chances = sum(unseen[c] for c in outs(rest, r, rules, trusted=True)) if need < math.inf else 0
            keys[card] = (need, -chances, -points[card.rank], sort_key(card))
        least = min(k[0] for k in keys.values())
        # Throws that leave the hand further from the contract are not worth a rollout,
        # unless the strong bot is shedding points because an opponent is near going out.
        close = [c for c in keys if keys[c][0] == least or choice.card == c] if least < math.inf else list(keys)
        ranked = sorted(close, key=keys.__getitem__)
        # Keep building, or shed points before someone goes out? The costliest natural
        # is always a candidate.
        wild = rules.wild_table(r)
        naturals = [c for c in hand if not wild[c.index]] or list(hand)
        costly = Discard(seat, costliest(naturals, rules))
        picked = list(_with_choice(choice, [Discard(seat, c) for c in ranked], self.candidates - 1))
        if costly not in picked:
            picked.append(costly)
        return tuple(picked[:max(1, self.candidates)])

    def _open_options(self, view: PlayerView, choice: Action) -> tuple[Action, ...]:
        seat, hand, rules = view.seat, view.hand, view.rules
        points = rules.card_points
        wild = rules.wild_table(view.round_no)
        if not isinstance(choice, Discard):
            # Shed, or keep the cards for now? Compare the strong bot's shedding with its
            # discard; only worth asking when a wild would go.
            if not any(wild[c.index] for c in choice.cards):
                return (choice,)
            held = Counter(c.rank for c in hand if not wild[c.index])
            singles = [c for c in hand if wild[c.index] or held[c.rank] < 2] or list(hand)
            best = costliest(singles, rules)
            return (choice, Discard(seat, best))
        ranked = sorted(set(hand), key=lambda c: (-points[c.rank], sort_key(c)))
        return _with_choice(choice, [Discard(seat, c) for c in ranked], self.candidates)

    def __repr__(self) -> str:
        return f"ExpertBot(rollouts={self.rollouts}, candidates={self.candidates})"


def _with_choice(choice: Action, ranked: Sequence[Action], k: int) -> tuple[Action, ...]:
    picked = [choice] + [a for a in ranked if a != choice]
    return tuple(picked[:max(1, k)])


def tries_out(rules) -> bool:
    """Does this bot try decisions out by rollouts under ``rules``? Only in a game like Ten
    Pennies: sets only, drawing before melding, purchases paid in tokens. Elsewhere (Ten
    Card Rummy) it plays the strong bot's policy, and the hints and the buy check say so."""
    return not rules.has_runs and not rules.meld_before_draw and rules.tokens is not None


def _needed(hand, round_no: int, rules) -> float:
    need = cards_needed(hand, round_no, rules, trusted=True)
    return math.inf if need is None else need
