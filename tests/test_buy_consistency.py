"""One buy judgment: everyone who answers an offer of the top discard agrees with it.

About 200 seeded offers, of both games (Ten Pennies' purchases on one's own turn and on
another's, T5/T6; Ten Card Rummy's free take, C8, and its purchases from round 4, C9), are
put to :func:`tenpennies.bots.buying.should_buy`, the strong bot (through ``decide`` and
``act``), the expert, ``hint``, the buy calculator's state and the buy puzzles' checker.
A "buy" or "pass" verdict must be everyone's answer; a "close" one may be answered
either way by a bot, and must be called close by the words.
"""

from collections import Counter

import pytest

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Match, SeatPosition
from tenpennies.engine.actions import Buy, Pass, TakeDiscard
from tenpennies.bots import bot_seed, make_bot
from tenpennies.bots.expert import ExpertBot
from tenpennies.bots.strong import StrongBot
from tenpennies.bots.buying import should_buy
from tenpennies.engine.cards import Hand
from tenpennies.lessons.explorers import BuyChoice
from tenpennies.explain.hint import hint
from tenpennies.puzzles.kinds import KINDS


def offered_views(rules, seeds, per_seed):
    """Views of seats offered the top discard (Buy or TakeDiscard listed) in seeded strong
    matches, ``per_seed`` at most per match, spread over the match (every third offer)."""
    views = []
    for seed in seeds:
        bots = [make_bot("strong", bot_seed(seed, s)) for s in range(rules.players)]
        m, found, k = Match(seed, rules), 0, 0
        while not m.is_over and found < per_seed:
            view = m.view(m.to_act)
            if view.top_discard is not None and any(isinstance(a, (Buy, TakeDiscard)) for a in view.legal_actions):
                k += 1
                if k % 3 == 0:
                    views.append(view)
                    found += 1
            m.apply(bots[m.to_act].act(view))
    return views


OFFERS = {
    "ten-pennies": offered_views(TEN_PENNIES, seeds=range(1, 6), per_seed=20),
    "ten-card-rummy": offered_views(TEN_CARD_RUMMY, seeds=range(1, 6), per_seed=20),
}
WORDS = {"buy": ("says buy", "says take"), "pass": ("says pass",), "close": ("calls it close",)}


def agrees(verdict, action):
    """Does a bot's action answer the verdict? Any answer to a close one."""
    takes = isinstance(action, (Buy, TakeDiscard))
    return verdict == "close" or takes == (verdict == "buy")


@pytest.mark.parametrize("game", sorted(OFFERS))
def test_everyone_asks_the_one_buy_judgment(game):
    views = OFFERS[game]
    assert len(views) >= 90
    verdicts, asked = Counter(), Counter()
    for view in views:
        j = should_buy(view)
        verdicts[j.verdict] += 1
        me = view.seat
        decision = StrongBot().decide(view)
        strong = StrongBot().act(view)
        assert decision.action == strong
        # An offer the turn's melds come before (Ten Card Rummy, C6) is not yet a take.
        if isinstance(strong, (Buy, Pass, TakeDiscard)):
            assert agrees(j.verdict, strong), (view, j, strong)
            assert agrees(j.verdict, ExpertBot(1, rollouts=2).act(view)), (view, j)
            said = hint(view).sentence
            assert any(w in said for w in WORDS[j.verdict]), said
            asked["bots and words"] += 1
        if not view.opened[me]:
            seen = Counter(view.seen_cards())
            seen[view.top_discard] -= 1
            calc = BuyChoice(view.round_no, Hand(view.hand), view.top_discard, tuple(seen.elements()),
                             my_turn=view.active == me, rules=view.rules, tokens=view.tokens[me])
            assert calc.judgment.verdict == j.verdict
            assert calc.judgment.gain == j.gain
            asked["calculator"] += 1
        # The puzzle kind counts as seen the pile below the offer and the table (a position
        # keeps no record of who bought what): compared where that is all the seat has seen.
        position = SeatPosition.of(view)
        puzzle_seen = Counter(position.discard_pile[:-1]) + Counter(c for t in position.table for c in t.cards)
        if not view.opened[me] and +puzzle_seen == +seen:
            solution = KINDS["buy"].solve(position, {})
            assert solution.answer == j.verdict
            assert KINDS["buy"].check(j.verdict, position, {}).correct
            asked["puzzle"] += 1
    assert verdicts["close"] and (verdicts["buy"] or verdicts["pass"]), verdicts
    assert min(asked["bots and words"], asked["calculator"], asked["puzzle"]) >= 10, asked
