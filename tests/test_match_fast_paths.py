"""Match.apply's fast paths (a pass, a discard, the free take) accept exactly what
Match.verify accepts: an action verify refuses is refused by apply too, changing nothing.
"""

import copy
import random

import pytest

from tenpennies.engine.actions import Discard, Pass, TakeDiscard
from tenpennies.engine.cards import ALL_CARDS
from tenpennies.engine.errors import IllegalActionError
from tenpennies.play.match import Match
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES


def _verified(m: Match, action) -> bool:
    try:
        m.verify(action)
    except IllegalActionError:
        return False
    return True


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten_pennies", "ten_card_rummy"])
def test_apply_accepts_a_pass_discard_or_take_exactly_when_verify_does(rules):
    rng = random.Random(5)
    m = Match(seed=5, rules=rules)
    asked = refused = 0
    while not m.is_over and m.round_no <= 3:
        if rng.random() < 0.15:
            seat = m.to_act
            other = (seat + 1) % rules.players
            hand = m.hands[seat]
            missing = next(c for c in ALL_CARDS if c not in hand)
            for action in (Pass(seat), Pass(other), TakeDiscard(seat), Discard(seat, hand[0]),
                           Discard(seat, missing), Discard(other, m.hands[other][0])):
                clone = copy.deepcopy(m)
                before = (list(clone.log), [list(h) for h in clone.hands], clone.phase, clone.to_act)
                legal = _verified(clone, action)
                try:
                    clone.apply(action)
                    applied = True
                except IllegalActionError:
                    applied = False
                    assert (list(clone.log), [list(h) for h in clone.hands], clone.phase, clone.to_act) == before
                assert applied == legal, (action, m.phase, len(m.log))
                asked += 1
                refused += not legal
        m.apply(rng.choice(m.legal_actions()))
    assert asked > 100 and refused > 50, (asked, refused)
