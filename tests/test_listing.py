"""The one listing (tenpennies.listing): the same actions, in the same order, whatever the
order of the hand it is given.

The match lists from its hand as held (in the order drawn), a view from its sorted
Hand; both must give the very same list, since Match.legal_actions()'s order is public
and the random bot draws from it by place.
"""

import random

import pytest

from tenpennies.actions import AddToSet, Discard, LayDown, Meld
from tenpennies.cards import Hand
from tenpennies.listing import legal_actions
from tenpennies.match import Match, Phase
from tenpennies.rules import TEN_CARD_RUMMY, TEN_PENNIES

RULES = {"ten_pennies": TEN_PENNIES, "ten_card_rummy": TEN_CARD_RUMMY,
         "ten_pennies_with_runs": TEN_PENNIES.replace(meld_kinds=TEN_CARD_RUMMY.meld_kinds)}


def listed(m: Match, hand) -> list:
    pile = m.discard_pile
    return legal_actions(m.phase, m.to_act, active=m.active, hand=hand, opened=m.opened, table=m.table,
                         round_no=m.round_no, rules=m.rules, top_discard=pile[-1] if pile else None)


@pytest.mark.parametrize("name", RULES)
def test_the_listing_is_the_same_for_every_order_of_the_hand(name):
    # Matches played by a greedy melder (any lay-down, meld or addition listed, else a
    # random action), so that many listings are of open hands beside a full table:
    # additions, new sets and new runs, whose order a hand's order could change.
    rules, kinds, shuffled = RULES[name], set(), 0
    for seed in range(2):
        m, rng = Match(seed=seed, rules=rules), random.Random(seed)
        while not m.is_over and m.round_no <= 4:
            actions = m.legal_actions()
            if m.phase is not Phase.OFFER:
                seat = m.to_act
                assert listed(m, Hand(m.hands[seat])) == actions, (seed, len(m.log))
                for _ in range(2):
                    hand = list(m.hands[seat])
                    rng.shuffle(hand)
                    assert listed(m, hand) == actions, (seed, len(m.log), hand)
                    shuffled += 1
                kinds.update(type(a).__name__ for a in actions)
            melding = [a for a in actions if isinstance(a, (LayDown, Meld, AddToSet))]
            m.apply(rng.choice(melding or actions))
    assert shuffled > 200
    assert {LayDown.__name__, Meld.__name__, AddToSet.__name__, Discard.__name__} <= kinds, kinds
