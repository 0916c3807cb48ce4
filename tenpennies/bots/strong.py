"""The strong player: counts its outs, weighs the odds, budgets its tokens, watches danger.

Policy:

* Discards before laying down: for each card it might throw, how many cards short of
  the contract the rest of the hand would be (:func:`tenpennies.solver.cards_needed`),
  then how many unseen copies there are of its outs (:func:`tenpennies.solver.outs`;
  unseen: not in its hand nor among the cards its view has seen); of the best, the most
  expensive. When an open opponent is near going out and the contract is still far,
  it throws points instead.
* Buys only cards that are outs, and only while it has not laid down. A card that
  completes the contract is bought whenever a token is left; otherwise only with
  tokens to spare (it keeps some for the harder later rounds), and not when the round
  may end before the extra cards can be shed. When buying leaves it
  one card short, it buys only if the exact odds that one unseen card completes the
  contract (:func:`tenpennies.odds.draw_odds`) are worth it: the outs are not all seen.
* Lays down as soon as it can; then sheds every card it can each turn (melds, then
  additions, wilds last), and discards the most expensive card that is not in a pair.

    >>> from tenpennies.bots import play_match
    >>> m = play_match(["strong", "thumb", "strong", "thumb"], seed=4)
    >>> m.is_over
    True
"""

from __future__ import annotations

import math
from collections import Counter

from ..actions import Action, Buy, Discard, LayDown, Pass
from ..cards import Card
from ..match import Phase
from ..odds import draw_odds, unseen_cards
from ..rules import RuleSet
from ..solver import cards_needed, outs
from ..view import PlayerView
from .tactics import shedding_action
from .melding import plays_runs, strong_act


class StrongBot:
    """Plays by the policy above. Deterministic: the seed is accepted for the protocol."""

    name = "strong"

    def __init__(self, seed: int | str = 0, *, spare: float = 1.0, danger_cards: int = 2,
                 min_odds: float = 0.04) -> None:
        self.seed = seed
        self.min_odds = min_odds
        # Tokens kept per round still to come; and an opponent this close to going out
        # (cards in hand, once open) makes points matter more than the contract.
        self.spare = spare
        self.danger_cards = danger_cards

    def act(self, view: PlayerView) -> Action:
        if plays_runs(view.rules):  # runs and the Ten Card Rummy turn: bots/melding.py
            return strong_act(view, danger_cards=self.danger_cards)
        seat = view.seat
        if view.phase is Phase.OFFER:
            return Buy(seat) if self._wants(view) else Pass(seat)
        legal = view.legal_actions
        wild = view.rules.wild_table(view.round_no)
        if not view.opened[seat]:
            for a in legal:
                if isinstance(a, LayDown):
                    return a
            return Discard(seat, self._discard_closed(view))
        shed = shedding_action(legal, wild)
        if shed is not None:
            return shed
        return Discard(seat, self._discard_open(view, wild))

    # -- reading the table ------------------------------------------------------------
    @staticmethod
    def _unseen(view: PlayerView) -> Counter:
        """Cards this seat has not seen (see :meth:`PlayerView.seen_cards`)."""
        return unseen_cards(view.hand, view.seen_cards(), view.rules)

    def _danger(self, view: PlayerView) -> bool:
        """Could an open opponent go out on its next turn?"""
        return any(view.opened[s] and view.hand_sizes[s] <= self.danger_cards
                   for s in range(len(view.hand_sizes)) if s != view.seat)

    # -- decisions ----------------------------------------------------------------------
    def _wants(self, view: PlayerView) -> bool:
        seat, card, rules, r = view.seat, view.top_discard, view.rules, view.round_no
        if view.opened[seat] or card is None:
            return False
        short = _needed(view.hand, r, rules)
        after = _needed(view.hand + (card,), r, rules)
        if after >= short:
            return False
        if after == 0:
            return True  # the contract goes down this turn or next: worth any token
        spare = view.tokens[seat] - self.spare * (rules.rounds - r)
        if spare < 1:
            return False
        if self._danger(view):
            return False  # three more cards in hand just as the round may end
        if after == 1:
            # One card from the contract after buying: is the last card still likely to
            # come? The exact odds that one unseen card completes it.
            seen = Counter(view.seen_cards())
            seen[card] -= 1  # the offered card joins the hand in this what-if
            odds = draw_odds(view.hand + (card,), 1, r, tuple(seen.elements()), rules)
            return odds.probability >= self.min_odds
        return spare >= 2

    def _discard_closed(self, view: PlayerView) -> Card:
        rules, r, hand = view.rules, view.round_no, view.hand
        points = rules.card_points
        if self._danger(view) and _needed(hand, r, rules) >= 2:
            # The round is likely to end before the contract: shed points, keep wilds.
            wild = rules.wild_table(r)
            naturals = [c for c in hand if not wild[c.index]] or list(hand)
            return max(naturals, key=lambda c: (points[c.rank], c.rank, c.index))
        # How short the hand is without each card it might throw. The key below compares
        # that first, so only the throws that leave it least short need their outs
        # counted (the costly part, with the unseen cards): the same choice, sooner.
        shorts = {}
        for card in sorted(set(hand), key=lambda c: c.index):
            n = hand.index(card)
            rest = hand[:n] + hand[n + 1:]
            shorts[card] = (_needed(rest, r, rules), rest)
        least = min(short for short, _ in shorts.values())
        unseen = self._unseen(view)
        best, best_key = None, None
        for card, (short, rest) in shorts.items():
            if short != least:
                continue
            chances = sum(unseen[c] for c in outs(rest, r, rules, trusted=True))
            key = (short, -chances, -points[card.rank], -card.rank, -card.index)
            if best_key is None or key < best_key:
                best, best_key = card, key
        return best

    def _discard_open(self, view: PlayerView, wild) -> Card:
        points = view.rules.card_points
        naturals = [c for c in view.hand if not wild[c.index]]
        ranks = Counter(c.rank for c in naturals)
        singles = [c for c in view.hand if wild[c.index] or ranks[c.rank] < 2]
        return max(singles or view.hand, key=lambda c: (points[c.rank], c.rank, c.index))

    def __repr__(self) -> str:
        return f"StrongBot(spare={self.spare}, danger_cards={self.danger_cards})"


def _needed(hand, round_no: int, rules: RuleSet) -> float:
    """:func:`~tenpennies.solver.cards_needed`, with "no cards can" (None) as infinity,
    so that every hand compares."""
    need = cards_needed(hand, round_no, rules, trusted=True)
    return math.inf if need is None else need
