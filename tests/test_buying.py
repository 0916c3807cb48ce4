"""The one buy judgment (tenpennies.bots.buying): its verdict rule, its horizons, and the
measured token worth it rests on."""

from fractions import Fraction

import pytest

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Card, Match, Position, parse_cards
from tenpennies.engine.actions import Pass
from tenpennies.bots.thumb import ThumbBot
from tenpennies.bots.buying import judge_offer, should_buy
from tenpennies.bots.tokens import TOKEN_LEVELS, token_worth, token_worth_table
from tenpennies.engine.errors import TenPenniesError
from tenpennies.play.simulate import measure_token_worth, token_pair
from tenpennies.play.match import Phase
from tenpennies.play.simulate import Interval

HAND = "7S 7H 7D 9S 9H 4C 5C 6D KS QH JD"


class NeverBuys(ThumbBot):
    """The thumb bot, passing every offer: tokens are worth nothing to it."""

    def act(self, view):
        return Pass(view.seat) if view.phase is Phase.OFFER else super().act(view)


def test_t4_a_token_pair_shares_its_deal_stock_and_bots_so_a_token_nobody_spends_is_worth_exactly_nothing():
    # Common random numbers: with nothing but the seat's tokens different, a line-up that
    # never buys plays both arms card for card alike.
    diffs = [token_pair(2, 5, i, seed=3, bots=[NeverBuys] * 4) for i in range(4)]
    assert diffs == [0.0] * 4


def test_t4_the_measured_worth_is_seeded_and_has_an_interval():
    a = measure_token_worth(7, 1, matches=3, seed=2)
    assert a == measure_token_worth(7, 1, matches=3, seed=2)
    assert a.n == 3 and a.low <= a.mean <= a.high
    with pytest.raises(TenPenniesError, match="spends no tokens"):
        measure_token_worth(4, 1, 3, rules=TEN_CARD_RUMMY)
    with pytest.raises(TenPenniesError, match="tokens must be a whole number from 1 to 10"):
        measure_token_worth(1, 0, 3)


def test_the_shipped_table_covers_every_round_and_level_and_reads_negative_worth_as_zero():
    table = token_worth_table()
    assert set(table.cells) == {(r, t) for r in range(1, 8) for t in TOKEN_LEVELS}
    for r in range(1, 8):
        for t in range(1, 11):
            w = token_worth(TEN_PENNIES, r, t)
            assert 0 <= w.low <= w.mean <= w.high
    # Between two measured levels the worth lies between theirs.
    lo, hi = table.worth(2, 3), table.worth(2, 6)
    mid = token_worth(TEN_PENNIES, 2, 4)
    assert min(lo.mean, hi.mean) <= mid.mean <= max(lo.mean, hi.mean)
    assert token_worth(TEN_CARD_RUMMY, 5, None) == Interval(0.0, 0.0, 0.0, 0)  # C9: no token spent


def test_t5_a_card_that_completes_the_contract_is_a_clear_buy_and_its_numbers_add_up():
    j = judge_offer(parse_cards(HAND), Card("9D"), 1, tokens=10)
    assert j.verdict == "buy" and j.reason == "buy-completes" and j.next_buy == 1
    assert j.next_pass == Fraction(7, 96)  # the other 9D, two 9C and four jokers unseen, of 96
    value = j.points_at_stake * float(j.next_buy - j.next_pass)
    assert j.gain.low == pytest.approx(value - j.token_worth.high - j.extra_cost.high)
    assert j.gain.high == pytest.approx(value - j.token_worth.low - j.extra_cost.low)
    assert j.now_buy == 1 and j.now_pass == Fraction(7, 96)  # buy_or_pass, on its own turn


def test_the_verdict_is_close_exactly_when_the_gain_interval_holds_zero():
    hand, card = parse_cards(HAND), Card("9D")
    cheap = judge_offer(hand, card, 1, worth=0.0)
    dear = judge_offer(hand, card, 1, worth=500.0)
    assert cheap.verdict == "buy" and dear.verdict == "pass"
    middle = cheap.gain.low + (cheap.gain.high - cheap.gain.low) / 2
    straddling = judge_offer(hand, card, 1, worth=Interval(middle, cheap.gain.low, cheap.gain.high, 0))
    assert straddling.gain.low < 0 < straddling.gain.high and straddling.verdict == "close"


def test_t6_off_turn_passing_brings_no_card_now_but_the_horizon_counts_your_next_draw():
    j = judge_offer(parse_cards(HAND), Card("9D"), 1, my_turn=False)
    assert j.now_pass == 0 and j.next_pass == Fraction(7, 96)
    assert "your next turn's draw" in j.horizon


def test_t5_t6_buying_off_turn_counts_the_two_stock_cards_and_the_own_draw():
    # A card that brings nothing closer (the 4D): buying off turn gets it, two stock cards
    # and, on the buyer's turn, its own draw: three cards from the 96 unseen, any one of
    # the 8 outs (two 9D, two 9C, four jokers) completing, or two cards together (4s).
    hand = parse_cards(HAND)
    j = judge_offer(hand, Card("4D"), 1, my_turn=False)
    assert j.buy_cards == 3 and j.pass_cards == 1
    no_out = Fraction(88 * 87 * 86, 96 * 95 * 94)
    assert j.next_buy >= 1 - no_out > j.next_pass == Fraction(8, 96)
    own = judge_offer(hand, Card("4D"), 1, my_turn=True)
    assert own.buy_cards == 2 and own.next_buy < j.next_buy


def test_a_seat_already_down_passes_a_purchase():
    p = Position(round_no=1, hands=("5D 8C KH", "3C 3D 3H", "4C 4D 4H", "6C 6D 6H"), discard_pile="KD",
                 table=((0, "7S 7H 7D"), (0, "9S 9H 9C")), dealer=3, top_discarder=3)
    j = should_buy(Match.from_position(p).view(0))
    assert j.verdict == "pass" and j.reason == "pass-open" and j.decision.action == Pass(0)


def test_should_buy_refuses_a_view_offered_nothing():
    m = Match(3)
    m.apply(m.legal_actions()[1])
    while m.phase is Phase.OFFER:
        m.apply(m.legal_actions()[-1])
    with pytest.raises(TenPenniesError, match="is not offered the top discard"):
        should_buy(m.view(m.to_act))
    with pytest.raises(TypeError, match="should_buy needs a seat's view"):
        should_buy(m)
