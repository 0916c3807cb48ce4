"""The strong bot as it bought at 48512b0, for benchmarks only: the package's StrongBot with
its old buy rule (tokens budgeted by ``spare`` per round to come, ``min_odds`` for a buy that
leaves the hand one card short), kept here so that the measured token table
(``benchmarks/token_worth.py``) and the old-vs-new comparison (``benchmarks/buy_rule.py``)
can play it. Not part of the package: the package has one buy judgment,
``tenpennies.bots.buying.should_buy``.
"""

from __future__ import annotations

from tenpennies.bots.strong import StrongBot
from tenpennies.bots.tactics import answer_offer, opponent_near_out
from tenpennies.play.match import Phase
from tenpennies.solver import outs


class OldStrongBot(StrongBot):
    name = "old strong"

    def __init__(self, seed=0, *, spare: float = 1.0, min_odds: float = 0.04, **options) -> None:
        super().__init__(seed, **options)
        self.spare = spare
        self.min_odds = min_odds

    def act(self, view):
        if view.phase is Phase.OFFER and not view.rules.has_runs and not view.rules.meld_before_draw:
            return answer_offer(view.seat, self._old_wants(view))
        return super().act(view)

    def _old_wants(self, view) -> bool:  # StrongBot._wants at 48512b0, unchanged
        seat = view.seat
        if view.opened[seat]:
            return False
        rules, r = view.rules, view.round_no
        card = view.top_discard
        if card is None:
            return False
        short, helpful = self._short_and_outs(view)
        if card.index not in helpful:
            return False
        after = short - 1
        if after == 0:
            return True
        spare = view.tokens[seat] - self.spare * (rules.rounds - r)
        if spare < 1:
            return False
        if opponent_near_out(view, self.danger_cards):
            return False
        if after == 1:
            unseen = self._unseen(view)
            completing = outs(view.hand + (card,), r, rules, trusted=True)
            p, q = self.min_odds.as_integer_ratio()
            return sum([unseen[c.index] for c in completing]) * q >= p * sum(unseen)
        return spare >= 2
