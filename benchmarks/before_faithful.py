"""The strong bot as it answered offers at 8a4dce7, before the buy judgment counted the cards
each choice gets (issue 32), for benchmarks only: the package's StrongBot with that
judgment's one-card horizon (buying: the card, then one stock card; passing: one stock card;
the purchase's own stock cards charged as a cost and left out of the chance), so that
``benchmarks/buy_rule.py --before 8a4dce7`` can seat it against today's bot in the same
process. Not part of the package: the package has one buy judgment,
``tenpennies.bots.buying.should_buy``.
"""

from __future__ import annotations

import math
from typing import Sequence

from tenpennies.bots import melding
from tenpennies.bots.strong import StrongBot
from tenpennies.bots.tactics import answer_offer
from tenpennies.bots.buy_core import _POINTS_BY_INDEX, _RANK_OF
from tenpennies.bots.tokens import token_worth
from tenpennies.engine.cards import Card
from tenpennies.odds.intervals import Interval
from tenpennies.play.match import Phase
from tenpennies.engine.rules import RuleSet
from tenpennies.solver import cards_needed, outs


def judge_before(hand: tuple, card: Card, round_no: int, rules: RuleSet, unseen: Sequence[int], *,
                 opened: bool, tokens: int | None, my_turn: bool, need: float | None = None,
                 hand_outs: frozenset | None = None, worth: Interval | None = None, **_ignored) -> tuple:
    """tenpennies.bots.buying.judge at 8a4dce7, unchanged but for the ignored keywords (``stock``,
    ``pile``: it did not read them)."""
    free = my_turn and rules.free_discard_take
    if opened:
        verdict, reason = ("close", "open-free-take") if free else ("pass", "pass-open")
        return verdict, reason, None
    if need is None or hand_outs is None:
        n = cards_needed(hand, round_no, rules, trusted=True)
        need = math.inf if n is None else n
        hand_outs = frozenset(c.index for c in outs(hand, round_no, rules, trusted=True)) if need < math.inf else frozenset()
    total = sum(unseen)
    after = need - 1 if card.index in hand_outs else need
    pass_ways = total if need == 0 else (sum([unseen[i] for i in hand_outs]) if need == 1 else 0)
    if after == 0:
        buy_ways = total
    elif after == 1:
        buy_ways = sum([unseen[c.index] for c in outs(hand + (card,), round_no, rules, trusted=True)])
    else:
        buy_ways = 0
    points = rules.card_points
    stake = sum([points[c.rank] for c in hand])
    if worth is None:
        worth = token_worth(rules, round_no, tokens)
    extras = 0 if free else rules.buy_extra_cards
    by_index = _POINTS_BY_INDEX.get(points)
    if by_index is None:
        by_index = _POINTS_BY_INDEX[points] = [points[r] for r in _RANK_OF]
    mean_card = sum(map(int.__mul__, unseen, by_index)) / total if total else 0.0
    extra = Interval(extras * mean_card / 2, 0.0, float(extras * mean_card), 0)
    value = stake * (buy_ways - pass_ways) / total if total else 0.0
    reach = stake * (total - pass_ways) / total if total and after < need else value
    gain = Interval(value - worth.mean - extra.mean, value - worth.high - extra.high,
                    max(value, reach) - worth.low - extra.low, 0)
    if gain.low > 0:
        verdict, reason = "buy", ("buy-completes" if after == 0 else "buy-gain")
    elif gain.high < 0:
        verdict, reason = "pass", ("pass-no-gain" if buy_ways <= pass_ways else "pass-cost")
    else:
        verdict, reason = "close", "close"
    return verdict, reason, (buy_ways, pass_ways, total, stake, worth, extra, gain)


def _never(*_args) -> bool:
    return False


class BeforeStrongBot(StrongBot):
    """StrongBot answering offers as at 8a4dce7 (everything else today's)."""

    name = "strong at 8a4dce7"

    def act(self, view):
        rules = view.rules
        if rules.has_runs or rules.meld_before_draw:
            # Ten Card Rummy's offers are answered in bots/melding.py, which reads its
            # module's judge: that judge, for this one decision (one process, one thread).
            saved = melding.judge, melding._pays_outright
            melding.judge, melding._pays_outright = judge_before, _never  # (that tie-break came with issue 32)
            try:
                return super().act(view)
            finally:
                melding.judge, melding._pays_outright = saved
        if view.phase is Phase.OFFER:
            return answer_offer(view.seat, self._wants_before(view))
        return super().act(view)

    def _wants_before(self, view) -> bool:  # StrongBot._wants at 8a4dce7
        seat = view.seat
        if view.opened[seat]:
            return False
        card = view.top_discard
        if card is None:
            return False
        short, helpful = self._short_and_outs(view)
        if card.index not in helpful:
            return False
        unseen = self._unseen(view)
        verdict, _, _ = judge_before(view.hand, card, view.round_no, view.rules, unseen, opened=False,
                                     tokens=view.tokens[seat], my_turn=view.active == seat, need=short,
                                     hand_outs=helpful)
        if verdict != "close":
            return verdict == "buy"
        return self._rule_of_thumb(view, short, unseen)
