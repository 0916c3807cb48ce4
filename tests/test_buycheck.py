"""Buy advice checked against play: the exact odds beside the rollouts, on a tiny sample."""

from collections import Counter

from tenpennies.engine.actions import Buy, Pass
from tenpennies.bots.buycheck import BuyReport, check_buy, check_buys, offers
from tenpennies.play.match import Phase
from tenpennies.odds import buy_or_pass
from tenpennies.solver import cards_needed


def test_offers_are_real_questions_of_buying():
    views = list(offers(seeds=(1, 2), limit=6))
    assert len(views) == 6
    for v in views:
        assert v.phase is Phase.OFFER and v.to_act == v.seat and not v.opened[v.seat]
        short = cards_needed(v.hand, v.round_no, v.rules)
        after = cards_needed(v.hand + (v.top_discard,), v.round_no, v.rules)
        assert after is not None and (short is None or after < short)


def test_a_check_holds_the_exact_odds_and_the_paired_rollouts():
    view = next(iter(offers(seeds=(3,), limit=1)))
    check = check_buy(view, rollouts=5, seed=1)
    seen = Counter(view.seen_cards())
    seen[view.top_discard] -= 1
    assert check.odds == buy_or_pass(view.hand, view.top_discard, view.round_no, tuple(seen.elements()),
                                     my_turn=view.seat == view.active)
    buy, pass_ = check.rollouts.of(Buy(view.seat)), check.rollouts.of(Pass(view.seat))
    assert buy.rollouts == pass_.rollouts == 5
    diffs = [p - b for b, p in zip(buy.margins, pass_.margins)]
    assert abs(check.gain - sum(diffs) / 5) < 1e-9
    assert check.played == ("buy" if check.gain > 0 else "pass")
    assert check.chances_say == ("buy" if check.odds.buy_probability > check.odds.pass_probability else "pass")
    assert check.agree == (check.chances_say == check.played)
    assert check_buy(view, rollouts=5, seed=1) == check  # seeded


def test_the_report_counts_agreement_and_lists_every_disagreement():
    report = check_buys(offers(seeds=(1,), limit=4), rollouts=4, seed=0)
    assert isinstance(report, BuyReport) and len(report.checks) == 4
    agree = sum(c.chances_say == c.played for c in report.checks)
    assert report.agreement == agree / 4
    assert len(report.disagreements) == 4 - agree
    assert all(not c.agree for c in report.disagreements)
    text = str(report)
    assert f"agree on {agree} ({agree / 4:.0%})" in text
    assert all(str(c) in text for c in report.disagreements)
    assert "<svg" in report.checks[0]._repr_svg_()


def test_c9_check_buys_refuses_ten_card_rummy_up_front_saying_why():
    import pytest

    from tenpennies import Match
    from tenpennies.bots.buycheck import refusal
    from tenpennies.engine.errors import TenPenniesError
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    m = Match(7, TEN_CARD_RUMMY)
    view = m.view(m.to_act)
    assert "Ten Card Rummy has no tokens" in refusal(view)
    tp = next(iter(offers(seeds=(1,), limit=1)))
    assert refusal(tp) == ""
    for check in (lambda: check_buys([tp, view], rollouts=2), lambda: check_buy(view, rollouts=2)):
        with pytest.raises(TenPenniesError, match="check_buys weighs Ten Pennies' token purchases"):
            check()
