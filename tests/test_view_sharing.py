"""Views share frozen values, never a dict or list (issue 22, T20): whatever one view's
holder does to the view's own dict, no other view, earlier or later, and not the match,
sees it. (PlayerView.of fills each view's dict by copying one the match's PublicLogs
keeps per seat; a view given that dict itself would carry one bot's change into the
next view of every seat's.)"""

import pytest

from tenpennies.bots import make_bot
from tenpennies.engine.cards import Hand
from tenpennies.play.match import Match
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten_pennies", "ten_card_rummy"])
def test_t20_a_change_to_one_views_dict_reaches_no_other_view(rules):
    m = Match(seed=3, rules=rules)
    bots = [make_bot("strong", s) for s in range(rules.players)]
    earlier = []
    for _ in range(300):
        if m.is_over:
            break
        seat = m.to_act
        view = m.view(seat)
        earlier.append(view)
        action = bots[seat].act(view)
        # A careless (or hostile) bot writes into its view's own dict.
        for name in ("seat", "rules", "round_no", "contract", "phase", "active", "to_act", "hand", "opened"):
            vars(view)[name] = "spoiled"
        vars(view)["planted"] = True
        m.apply(action)
        other = m.view((seat + 1) % rules.players)
        assert "planted" not in vars(other) and other.hand == Hand(m.hands[other.seat])
        assert (other.rules, other.round_no, other.contract) == (m.rules, m.round_no, m.contract)
        assert (other.phase, other.active, other.to_act) == (m.phase, m.active, m.to_act)
    assert len(earlier) == 300
    # Each view's dict is its own: spoiling one spoiled only that one.
    assert len({id(vars(view)) for view in earlier}) == len(earlier)
