"""The strong player: counts its outs, weighs the odds, budgets its tokens, watches danger.

Policy:

* Discards before laying down: of the cards whose throw leaves the hand fewest cards
  short of the contract, the one whose rest has the most unseen copies of its outs
  (:func:`tenpennies.solver.discard_chances`; unseen: not in its hand nor among the
  cards its view has seen); of the best, a natural card before a wild (``keeps_wilds``:
  while the hand holds no more wilds than the contract's sets can take), then the most
  expensive. When an open opponent is near going out and the contract is still far, it
  throws points instead.
* Answers an offer as the one buy judgment says (:func:`tenpennies.bots.buying.should_buy`,
  through its fast core :func:`tenpennies.bots.buy_core.judge`): buy when the gain's whole
  interval is above zero, pass when below. A close call (the interval holds zero) is
  broken by its rule of thumb, for outs only: a card that completes the contract is
  bought; otherwise only with tokens to spare (``spare`` kept per round to come), not
  when an open opponent is near going out, and, when it leaves the hand one card short,
  only if at least ``min_odds`` of the unseen cards complete it. (A tie-break by the
  gain's mean alone made it 65 points a match weaker than this rule of thumb at 48512b0.)
* Lays down as soon as it can. Once down, it plans going out every turn
  (:func:`tenpennies.solver.plan_go_out`) and follows the plan when there is one;
  otherwise it sheds every card it can (melds, then additions, wilds last) and
  discards the most expensive card that is not in a pair. It does not plan before
  laying down: the plan's search over lay-downs takes up to 85 ms for a big hand of
  many wilds, and once down the next decision plans anyway.

    >>> from tenpennies.bots import play_match
    >>> m = play_match(["strong", "thumb", "strong", "thumb"], seed=4)
    >>> m.is_over
    True
"""

from __future__ import annotations

import math
from collections import Counter

from ..play import _fast as _interned
from ..engine.actions import Action, AddToSet, Buy, Discard, LayDown, Meld, Pass
from ..engine.cards import Card
from ..play.match import Phase
from ..engine.rules import RuleSet
from .buy_core import buys, judge
from .buying import should_buy
from .decision import Decision
from ..odds import unseen_cards
from ..solver import can_lay_down, cards_needed, discard_chances, find_contract, outs, plan_go_out, what_is_missing
from ..play.view import PlayerView
from .tactics import answer_offer, costliest, nearest_open_opponent, open_outlook, opponent_near_out, \
    shedding_action
from .melding import plays_runs, strong_act, strong_decide


class StrongBot:
    """Plays by the policy above. Deterministic: the seed is accepted for the protocol."""

    name = "strong"

    def __init__(self, seed: int | str = 0, *, spare: float = 1.0, danger_cards: int = 2,
                 min_odds: float = 0.04, plan: bool = True, keeps_wilds: bool = True) -> None:
        self.seed = seed
        # Among equally good throws, a natural before a wild the contract can still use. The
        # one-draw count behind the throw (discard_chances) sees no further than the next
        # card, so such a wild ties with a natural and, at 20 or 50 points, used to be the one
        # thrown, into the next seat's hand or a purchase; a review then advised a learner to
        # throw a wild. Even in strength (_keeps); False: the old tie-break, for benchmarks.
        self.keeps_wilds = keeps_wilds
        self.plan = plan  # plan going out once down (False: shed greedily, as before issue 12)
        self.min_odds = min_odds
        # Tokens kept per round still to come; and an opponent this close to going out
        # (cards in hand, once open) makes points matter more than the contract.
        self.spare = spare
        self.danger_cards = danger_cards
        # The last hand weighed for an offer, with how short it is and its outs: a seat
        # is offered card after card with the same hand until its own turn changes it.
        self._gap: tuple = (None, 0, (), math.inf, frozenset())
        self._deck: tuple = (None, ())  # a rule set and its copies of each card value

    def act(self, view: PlayerView) -> Action:
        rules = view.rules
        # plays_runs(rules), in line (asked at every decision): runs and the Ten Card
        # Rummy turn are played by bots/melding.py.
        if rules.has_runs or rules.meld_before_draw:
            return strong_act(view, danger_cards=self.danger_cards)
        seat = view.seat
        if view.phase is _OFFER:
            buys = self._wants(view)
            # answer_offer's shared Buy or Pass, without its call (most decisions are offers).
            return _PASS_OR_BUY[seat][buys] if 0 <= seat < _SEATS else answer_offer(seat, buys)
        r = view.round_no
        if not view.opened[seat]:
            if can_lay_down(view.hand, r, rules, trusted=True):
                # The first lay-down the match lists: the arrangement of fewest wilds
                # (Match.legal_actions), found without listing every action.
                return LayDown(seat, find_contract(view.hand, r, rules, trusted=True).sets)
            return Discard.of(seat, self._discard_closed(view))
        goes_out, sheds = open_outlook(view.hand, view.table, r, rules)  # both from one count
        if self.plan and goes_out:  # (the search is costly when it fails: skipped when it must)
            step = self._going_out(view)
            if step is not None:
                return step
        wild = rules.wild_table(r)
        if sheds:  # (else nothing is listed: most open turns)
            shed = shedding_action(view.legal_actions, wild)
            if shed is not None:
                return shed
        return Discard.of(seat, self._discard_open(view, wild))

    def decide(self, view: PlayerView) -> Decision:
        """The explained path: the action :meth:`act` takes, with its reason and numbers.

        An offer is judged by :func:`tenpennies.bots.buying.should_buy` itself (the whole
        judgment, where :meth:`act` takes its fast core and short cuts); a "close" verdict
        is settled by this bot's tie-break (:meth:`_rule_of_thumb`, for outs only), and its
        reason says so (``"close-buys"``, ``"close-passes"``).
        """
        if plays_runs(view.rules):
            return strong_decide(view, danger_cards=self.danger_cards)
        seat = view.seat
        if view.phase is _OFFER:
            if view.top_discard is None:
                return Decision(Pass(seat), "pass-nothing-offered", {})
            judgment = should_buy(view)
            facts = dict(judgment.decision.facts)
            if judgment.verdict == "close":
                short, helpful = self._short_and_outs(view)
                buys = view.top_discard.index in helpful and self._rule_of_thumb(view, short, self._unseen(view))
                return Decision(Buy(seat) if buys else Pass(seat), "close-buys" if buys else "close-passes", facts)
            return judgment.decision
        rules, r, hand = view.rules, view.round_no, view.hand
        points = rules.card_points
        if not view.opened[seat]:
            contract = find_contract(hand, r, rules)
            if contract is not None:
                left = list((Counter(hand) - Counter(c for s in contract.sets for c in s)).elements())
                return Decision(LayDown(seat, contract.sets), "lay-down",
                                {"wilds": sum(rules.wild_table(r)[c.index] for s in contract.sets for c in s),
                                 "cards_left": len(left), "points_left": sum(points[c.rank] for c in left)})
            need = _needed(hand, r, rules)
            if opponent_near_out(view, self.danger_cards) and need >= 2:
                wild = rules.wild_table(r)
                card = costliest([c for c in hand if not wild[c.index]] or list(hand), rules)
                return Decision(Discard(seat, card), "discard-points-danger",
                                {"points": points[card.rank], "cards_short": need,
                                 **nearest_open_opponent(view, self.danger_cards)})
            unseen = unseen_cards(hand, view.seen_cards(), rules)
            least, closest = discard_chances(hand, r, rules, unseen)
            least = math.inf if least is None else least
            wild = rules.wild_table(r)
            keep = self._keeps(hand, r, rules, wild)
            card = max(closest, key=lambda c: (keep and not wild[c.index], closest[c], points[c.rank], c.rank, c.index))
            rest = list(hand)
            rest.remove(card)
            naturals = Counter(c.rank for c in rest if not wild[c.index])
            # Every rank kept in two or more, most first: what the discard keeps building.
            kept = tuple(k for k in sorted(naturals, key=lambda k: (-naturals[k], k)) if naturals[k] >= 2)
            return Decision(Discard(seat, card), "discard-most-outs",
                            {"cards_short": least, "unseen_outs": closest[card], "points": points[card.rank],
                             "outs": tuple(outs(rest, r, rules)) if least < math.inf else (),
                             "kept_ranks": kept if least < math.inf else ()})
        goes_out, sheds = open_outlook(hand, view.table, r, rules)
        if self.plan and goes_out:
            step = self._going_out(view)
            if step is not None:
                shed = sum(points[c.rank] for c in step.cards) if isinstance(step, (Meld, AddToSet)) else 0
                return Decision(step, "go-out-plan", {"cards": len(hand), "points": shed})
        wild = rules.wild_table(r)
        if sheds:
            shed = shedding_action(view.legal_actions, wild)
            if shed is not None:
                return Decision(shed, "shed", {"points": sum(points[c.rank] for c in shed.cards)})
        card = self._discard_open(view, wild)
        return Decision(Discard(seat, card), "discard-costliest-single", {"points": points[card.rank]})

    @staticmethod
    def _going_out(view: PlayerView) -> Action | None:
        """The next step of a plan to go out this turn, if the open hand has one: its
        first meld, else its first addition, else its discard (each step is planned
        afresh, on the table the last one made)."""
        seat = view.seat
        plan = plan_go_out(view.hand, view.table, view.round_no, True, view.rules)
        if plan is None:
            return None
        if plan.melds:
            return Meld(seat, plan.melds[0])
        if plan.additions:
            index, cards = plan.additions[0]
            return AddToSet(seat, index, cards)
        return Discard.of(seat, plan.discard) if plan.discard is not None else None

    # -- reading the table ------------------------------------------------------------
    def _unseen(self, view: PlayerView) -> list[int]:
        """Copies of each card value (by index) this seat has not seen: the deck
        (:func:`tenpennies.odds.unseen_cards` of nothing seen, once per rule set) less its
        hand and :meth:`PlayerView.seen_cards`, counted by index (a Counter of cards
        hashes each card in Python: this is asked on most offers)."""
        rules, copies = self._deck
        if rules is not view.rules:
            rules, copies = view.rules, [0] * 53
            for c, n in unseen_cards((), (), rules).items():
                copies[c.index] = n
            self._deck = (rules, copies)
        left = list(copies)
        for c in view.hand:
            left[c.index] -= 1
        for c in view.seen_cards():
            left[c.index] -= 1
        return left

    def _short_and_outs(self, view: PlayerView) -> tuple[float, frozenset]:
        """How many cards the hand lacks (infinity: no cards can complete it) and the
        indices of its outs (:func:`tenpennies.solver.outs`), asked once per hand."""
        rules, r, hand, short, helpful = self._gap
        if rules is view.rules and r == view.round_no and hand == view.hand:
            return short, helpful
        rules, r, hand = view.rules, view.round_no, view.hand
        gap = what_is_missing(hand, r, rules, trusted=True, words=False)  # both answers, the hand counted once
        short = math.inf if gap.cards_needed is None else gap.cards_needed
        helpful = frozenset([c.index for c in gap.outs])  # by index: a card's hash is a Python call
        self._gap = (rules, r, hand, short, helpful)
        return short, helpful

    # -- decisions ----------------------------------------------------------------------
    def _wants(self, view: PlayerView) -> bool:
        """Buy the offered card? :func:`tenpennies.bots.buying.should_buy`'s verdict, from its fast
        core (:func:`tenpennies.bots.buy_core.judge`), with this bot's own tie-break when the
        verdict is "close" (:meth:`_rule_of_thumb`)."""
        seat = view.seat
        if view.opened[seat]:
            return False  # (asked first: most offers end here, and the rest of a view is made when read)
        card = view.top_discard
        if card is None:
            return False
        short, helpful = self._short_and_outs(view)
        rules, my_turn = view.rules, view.active == seat
        if card.index not in helpful:
            if short > rules.buy_extra_cards + (0 if my_turn else 1):
                # A card that is no out, and a hand shorter than a purchase's cards can
                # mend: no chance either way, so no "buy" (nothing to count).
                return False
            # This bot's tie-break passes a card that is not an out, so only a "buy"
            # verdict buys it: the one question asked (the judgment's only_buy).
            return buys(view.hand, card, view.round_no, rules, self._unseen(view), opened=False,
                        tokens=view.tokens[seat], my_turn=my_turn, need=short, hand_outs=helpful,
                        stock=view.stock_size, pile=view.discard_pile)
        unseen = self._unseen(view)
        verdict, _, _ = judge(view.hand, card, view.round_no, rules, unseen, opened=False,
                              tokens=view.tokens[seat], my_turn=my_turn, need=short, hand_outs=helpful,
                              stock=view.stock_size, pile=view.discard_pile)
        if verdict != "close":
            return verdict == "buy"
        return self._rule_of_thumb(view, short, unseen)

    def _rule_of_thumb(self, view: PlayerView, short: float, unseen: list[int]) -> bool:
        """The tie-break when the judgment calls an offer close: buy an out (only outs get
        here) when the contract goes down with it, or while tokens are to spare (``spare``
        kept per round to come), no open opponent is near going out, and, when it leaves
        the hand one card short, at least ``min_odds`` of the unseen cards complete it."""
        seat, rules, r, card = view.seat, view.rules, view.round_no, view.top_discard
        after = short - 1
        if after == 0:
            return True
        spare = view.tokens[seat] - self.spare * (rules.rounds - r)
        if spare < 1 or opponent_near_out(view, self.danger_cards):
            return False
        if after == 1:
            # Compared exactly, in integers, copies / unseen >= p / q.
            completing = outs(view.hand + (card,), r, rules, trusted=True)
            p, q = self.min_odds.as_integer_ratio()
            return sum([unseen[c.index] for c in completing]) * q >= p * sum(unseen)
        return spare >= 2

    def _discard_closed(self, view: PlayerView) -> Card:
        rules, r, hand = view.rules, view.round_no, view.hand
        points = rules.card_points
        if opponent_near_out(view, self.danger_cards) and _needed(hand, r, rules) >= 2:
            # The round is likely to end before the contract: shed points, keep wilds.
            wild = rules.wild_table(r)
            naturals = [c for c in hand if not wild[c.index]] or list(hand)
            return costliest(naturals, rules)
        # The throws that leave the hand least short (all alike in that), each with the
        # unseen copies of the outs the rest then has: a natural before a wild the contract
        # can use (keeps_wilds), then the most copies, the most points, the higher rank,
        # the later card value.
        _, closest = discard_chances(hand, r, rules, self._unseen(view), trusted=True)
        wild = rules.wild_table(r)
        keep = self._keeps(hand, r, rules, wild)
        best, best_key = None, None
        for card, chances in closest.items():
            key = (keep and not wild[card.index], chances, points[card.rank], card.rank, card.index)
            if best_key is None or key > best_key:
                best, best_key = card, key
        return best

    def _keeps(self, hand, round_no: int, rules: RuleSet, wild) -> bool:
        """Does the tie-break keep wilds? While the hand holds no more of them than the
        contract's sets can take (sets x wild limit). Beyond those a wild is 20 or 50 points
        the contract cannot use, and throwing it is right: keeping every wild on a tie made
        the bot 35.8 points a match weaker (95% CI [30.3, 41.4], 2,000 matches,
        ``benchmarks/strength.py``), where keeping only the usable ones is even with
        throwing them (-0.25 [-4.85, +4.35])."""
        if not self.keeps_wilds:
            return False
        contract = rules.contract(round_no)
        return sum(wild[c.index] for c in hand) <= contract.sets * contract.wild_limit

    def _discard_open(self, view: PlayerView, wild) -> Card:
        hand = view.hand
        ranks: dict[int, int] = {}  # naturals by rank: a plain dict, as a Counter's upkeep showed
        for c in hand:
            if not wild[c.index]:
                ranks[c.rank] = ranks.get(c.rank, 0) + 1
        singles = [c for c in hand if wild[c.index] or ranks[c.rank] < 2]
        return costliest(singles or hand, view.rules)

    def __repr__(self) -> str:
        return (f"StrongBot(spare={self.spare}, danger_cards={self.danger_cards}, plan={self.plan}"
                f"{'' if self.keeps_wilds else ', keeps_wilds=False'})")


# Read on every decision: a module constant, as an enum's member is a slow class attribute.
_OFFER = Phase.OFFER
_PASS_OR_BUY, _SEATS = _interned.PASS_OR_BUY, _interned.SEATS


def _needed(hand, round_no: int, rules: RuleSet) -> float:
    """:func:`~tenpennies.solver.cards_needed`, with "no cards can" (None) as infinity,
    so that every hand compares."""
    need = cards_needed(hand, round_no, rules, trusted=True)
    return math.inf if need is None else need
