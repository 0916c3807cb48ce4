"""The rules-of-thumb player: what a sensible beginner is taught.

Policy:

* Buy the offered card when it builds toward the contract (a wild, or a new suit of a
  rank the hand already holds twice) and the tokens allow it: the bot keeps one token
  for each round still to come, since tokens last all seven rounds (T4). It never buys
  once it has laid down.
* Lay down the contract as soon as it can (the arrangement the match lists).
* Once down, shed: meld every set of three, add every card that fits a table set.
* Discard the most expensive useless card: before laying down, a natural whose rank is
  held in one suit only (or a second copy of a card, when the contract is one set);
  after, any card not in a pair. Wilds are kept while anything else can go.

    >>> from tenpennies.bots import play_match
    >>> m = play_match(["thumb"] * 4, seed=1)
    >>> [r.how for r in m.round_results]
    ['out', 'out', 'turn cap', 'out', 'out', 'out', 'out']
"""

from __future__ import annotations

from ..engine.actions import Action, Buy, Discard, LayDown, Pass
from .decision import Decision
from ..engine.cards import Card
from ..play.match import Phase
from ..solver import can_lay_down, find_contract
from ..play.view import PlayerView
from .tactics import answer_offer, costliest, may_shed, shedding_action
from .melding import plays_runs, thumb_act, thumb_decide


class ThumbBot:
    """Plays by the rules of thumb above; deterministic (the seed is accepted, unused)."""

    name = "thumb"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def act(self, view: PlayerView) -> Action:
        if plays_runs(view.rules):  # runs and the Ten Card Rummy turn: bots/melding.py
            return thumb_act(view)
        seat = view.seat
        if view.phase is _OFFER:
            return answer_offer(seat, self._wants(view))
        rules, r = view.rules, view.round_no
        wild = rules.wild_table(r)
        if not view.opened[seat]:
            if can_lay_down(view.hand, r, rules, trusted=True):
                # The first lay-down the match lists: the arrangement of fewest wilds
                # (Match.legal_actions), found without listing every action.
                return LayDown(seat, find_contract(view.hand, r, rules, trusted=True).sets)
        elif may_shed(view.hand, view.table, r, rules):
            shed = shedding_action(view.legal_actions, wild)
            if shed is not None:
                return shed
        return Discard.of(seat, self._discard(view, wild))

    def decide(self, view: PlayerView) -> Decision:
        """The explained path: :meth:`act`'s action with its rule of thumb and numbers."""
        if plays_runs(view.rules):
            return thumb_decide(view)
        seat, rules, r = view.seat, view.rules, view.round_no
        wild = rules.wild_table(r)
        if view.phase is _OFFER:
            card = view.top_discard
            if view.opened[seat] or card is None:
                return Decision(Pass(seat), "pass-open" if card is not None else "pass-nothing-offered", {})
            suits = sorted({c.suit for c in view.hand if c.rank == card.rank and not wild[c.index]})
            builds = wild[card.index] or (len(suits) >= 2 and card.suit not in suits)
            kept = rules.rounds - r
            facts = {"card": card, "wild": wild[card.index], "suits_held": len(suits),
                     "tokens": view.tokens[seat], "tokens_kept": kept}
            if not builds:
                return Decision(Pass(seat), "pass-does-not-build", facts)
            if view.tokens[seat] <= kept:
                return Decision(Pass(seat), "pass-tokens-kept", facts)
            return Decision(Buy(seat), "buy-builds", facts)
        points = rules.card_points
        if not view.opened[seat]:
            contract = find_contract(view.hand, r, rules)
            if contract is not None:
                return Decision(LayDown(seat, contract.sets), "lay-down", {"sets": len(contract.sets)})
        else:
            shed = shedding_action(view.legal_actions, wild)
            if shed is not None:
                return Decision(shed, "shed", {"points": sum(points[c.rank] for c in shed.cards)})
        card = self._discard(view, wild)
        return Decision(Discard(seat, card), "discard-useless", {"points": points[card.rank]})

    def _wants(self, view: PlayerView) -> bool:
        seat, rules = view.seat, view.rules
        if view.opened[seat]:
            return False  # (asked first: the rest of a view is made when read)
        card = view.top_discard
        if card is None:
            return False
        # Does the card build toward the contract? Asked before the tokens: most offered
        # cards do not, and that question reads only the hand and the top card.
        wild = rules.wild_table(view.round_no)  # is_wild, looked up per card
        if not wild[card.index]:
            suits = {c.suit for c in view.hand if c.rank == card.rank and not wild[c.index]}
            if len(suits) < 2 or card.suit in suits:
                return False
        return view.tokens[seat] > rules.rounds - view.round_no  # one token kept for each round to come

    def _discard(self, view: PlayerView, wild) -> Card:
        hand = view.hand
        naturals = [c for c in hand if not wild[c.index]]
        # Counted in plain dicts by rank and card index: a Counter's upkeep showed on every turn.
        if view.opened[view.seat]:
            by_rank: dict[int, int] = {}
            for c in naturals:
                by_rank[c.rank] = by_rank.get(c.rank, 0) + 1
            # Wilds are kept while any natural can go.
            useless = [c for c in naturals if by_rank[c.rank] < 2] or naturals or list(hand)
        else:
            one_set = view.contract.sets == 1
            held: dict[int, int] = {}  # the suits held of each rank, one bit each
            copies: dict[int, int] = {}
            for c in naturals:
                held[c.rank] = held.get(c.rank, 0) | 1 << (c.index // 13)
                copies[c.index] = copies.get(c.index, 0) + 1
            suits = {r: bits.bit_count() for r, bits in held.items()}  # how many suits of each rank
            useless = [c for c in naturals
                       if suits[c.rank] == 1 or (one_set and copies[c.index] > 1)]
            if not useless:
                # Everything pairs up: give up on the rank held in fewest suits.
                fewest = min((suits[c.rank] for c in naturals), default=None)
                useless = [c for c in naturals if suits[c.rank] == fewest] or list(hand)
        return costliest(useless, view.rules)

    def __repr__(self) -> str:
        return "ThumbBot()"


# Read on every decision: a module name, as reading an enum's member through its class
# costs a Python-level hook in Python 3.11 (see tenpennies/play/match.py).
_OFFER = Phase.OFFER
