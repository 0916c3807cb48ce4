"""What play can reach: Position.problems and SeatPosition.problems, named after the
rulings they enforce, and the test the other way round: positions of real seeded
matches, at many decisions of both games, have no problems."""

from __future__ import annotations

import random

import pytest

from tenpennies import TEN_CARD_RUMMY, Match
from tenpennies.bots import make_bot
from tenpennies.engine.errors import PositionError, UnreachablePositionError
from tenpennies.play.position import Position
from tenpennies.play.seat_position import SeatPosition
from tenpennies.engine.rules import TEN_PENNIES

HAND = "7S7H7D9S9HKC4D5C8DJHQS"  # 11 cards, seat 0's


def seat(r=1, s=0, a=0, h=HAND, t="-", d="4C", k="10/10/10/10", p="0/0/0/0", n="11/11/11/11", st=63, g=""):
    """A Ten Pennies seat view in notation, round 1 at the deal unless changed."""
    return SeatPosition.parse(f"r{r} s{s} a{a} h:{h} t:{t} d:{d} k:{k} p:{p} n:{n} st:{st}" + (f" g:{g}" if g else ""))


def rulings(position) -> list[str]:
    return [p.split(":")[0] for p in position.problems()]


def test_the_deal_has_no_problems():
    assert seat().problems() == ()


# -- hand sizes ------------------------------------------------------------------------
def test_t3_an_unopened_seat_holds_the_eleven_dealt():
    assert rulings(seat(n="11/10/11/11", st=64)) == ["T3", "T3"]  # seat 1; and 43 cards in hand
    assert "seat 1 has not laid down and holds 10 cards" in seat(n="11/10/11/11", st=64).problems()[0]


def test_t11_only_the_active_seat_holds_one_more_after_its_draw():
    assert seat(h=HAND + "2C", n="12/11/11/11", st=62).problems() == ()  # seat 0's turn: drawn, not discarded
    assert rulings(seat(n="11/12/11/11", st=62)) == ["T3"]  # seat 1 is between turns


def test_t5_t6_a_purchase_adds_three_cards_or_two_as_the_draw():
    # Round 1: seat 1 spent one token, so made exactly one purchase this round.
    assert seat(k="10/9/10/10", n="11/14/11/11", st=60).problems() == ()  # bought on another's turn
    assert seat(k="10/9/10/10", n="11/13/11/11", st=61).problems() == ()  # bought as its own draw (T6)
    assert rulings(seat(k="10/9/10/10", n="11/11/11/11", st=63)) == ["T3"]  # a token spent, no card gained


def test_t4_tokens_spent_in_round_1_are_its_purchases_and_no_more():
    # Round 1 and no token spent: no purchase, so 40 cards cannot be.
    assert seat(n="11/40/11/11", st=34).problems() == (
        "T3: seat 1 has not laid down and holds 40 cards; with 11 dealt, one discard per draw and no "
        "purchase this round (T5), it holds one of 11",)
    # Three tokens spent: 11 + 3 x 3 at most (each bought on another's turn), 11 + 3 x 2 at least.
    assert seat(k="10/7/10/10", n="11/20/11/11", st=54).problems() == ()
    assert seat(k="10/7/10/10", n="11/17/11/11", st=57).problems() == ()
    assert rulings(seat(k="10/7/10/10", n="11/21/11/11", st=53)) == ["T3"]


def test_t4_no_seat_holds_more_than_ten_tokens():
    assert rulings(seat(k="10/99/10/10")) == ["T4"]


def test_t12_a_seat_with_no_cards_has_ended_the_round():
    problems = seat(t="1=KSKHKD,1=QSQHQD", n="11/0/11/11", st=63 + 5).problems()
    assert problems[0].startswith("T12: seat 1 holds no cards")


def test_t3_an_opened_seat_holds_at_most_what_the_deal_and_purchases_leave_after_the_contract():
    # Round 1, nothing bought: seat 1 laid down 6 cards at least, so holds at most 11 + 1 - 6 (its turn).
    ok = seat(a=1, t="1=KSKHKD,1=QSQHQD", n="11/6/11/11", st=63 - 1)
    assert ok.problems() == ()
    assert rulings(seat(a=1, t="1=KSKHKD,1=QSQHQD", n="11/7/11/11", st=63 - 2)) == ["T3"]


# -- the contract on the table ---------------------------------------------------------
def test_t13_an_opened_seat_owns_its_whole_contract():
    problems = seat(t="2=KSKHKD", n="11/11/8/11", st=63).problems()
    assert [p for p in problems if p.startswith("T13")] == [
        "T13: seat 2 owns KS KH KD, which cannot hold round 1's contract (two sets of 3, laid down whole): "
        "it needs 2 separate sets of at least 3, and a set of 3 or more is made only once open"]


def test_t13_round_7_two_sets_of_three_are_no_contract_but_a_set_of_seven_and_a_new_set_are():
    bad = seat(r=7, t="2=KSKHKD,2=QSQHQD", n="11/11/5/11", p="50/60/70/80", st=108 - 38 - 6 - 1)
    assert "T13" in rulings(bad)
    # A set of 7 (4 naturals and 3 wilds, T14) is the contract; a set of 3 made after it is new.
    good = seat(r=7, t="2=KSKHKDKCJKJKAS,2=QSQHQD", n="11/11/1/11", p="50/60/70/80", st=108 - 34 - 10 - 1)
    assert good.problems() == ()


SPACED = " ".join(HAND[i:i + 2] for i in range(0, len(HAND), 2))
OTHERS = ("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS", "2H 3H 4H 5H 6H 8H 9H TH JH QH KH", "2D 3D 4D 5D 6D")


def test_t10_a_seat_that_has_not_laid_down_owns_no_meld():
    p = Position(round_no=1, hands=(SPACED,) + OTHERS, table=((3, "KS KH KD"), (3, "QD QC JK")),
                 opened=(False, False, False, False), active=0)
    assert p.problems() == (
        "T3: seat 3 has not laid down and holds 5 cards; with 11 dealt, one discard per draw and no purchase "
        "this round (T5), it holds one of 11",
        "T10: seat 3 owns a set on the table but has not laid down; only an opened seat melds")
    opened = Position(round_no=1, hands=(SPACED,) + OTHERS, table=((3, "KS KH KD"), (3, "QD QC JK")),
                      opened=(False, True, False, True), active=0)
    assert [r.split(":")[0] for r in opened.problems()] == ["T3", "T13"]
    assert opened.problems()[1].startswith("T13: seat 1 has laid down but owns no set on the table")


# -- scores ----------------------------------------------------------------------------
def test_t18_scores_are_sums_of_card_points():
    assert rulings(seat(p="0/5/0/0")) == ["T18"]  # round 1: nothing scored yet
    assert rulings(seat(r=2, p="0/-5/0/0", t="-")) == ["T18"]
    assert rulings(seat(r=2, p="0/7/0/0")) == ["T18"]  # not a multiple of 5
    assert seat(r=2, p="0/450/0/0").problems() == ()
    assert rulings(seat(r=2, p="0/99995/0/0")) == ["T18"]  # more than one round's costliest hand


def test_c14_ten_card_rummy_scores():
    base = "r2 s0 a0 h:7S7H7D9S9HKC4D5C8DJH t:- d:4C k:- p:{p} n:10/10/10/10 st:67 g:ten-card-rummy"
    assert SeatPosition.parse(base.format(p="0/7/0/0")).problems() == ()
    assert rulings(SeatPosition.parse(base.format(p="0/1/0/0"))) == ["C14"]  # no card scores 1


# -- Ten Card Rummy: ten dealt, a purchase adds two, buying from round 4 -------------------
def test_c2_c9_ten_card_rummy_hand_sizes():
    base = "r{r} s0 a0 h:7S7H7D9S9HKC4D5C8DJH t:- d:4C k:- p:{p} n:10/{n}/10/10 st:{st} g:ten-card-rummy"
    assert rulings(SeatPosition.parse(base.format(r=2, p="0/0/0/0", n=12, st=65))) == ["C2"]  # no buying yet
    assert SeatPosition.parse(base.format(r=4, p="5/5/5/5", n=12, st=65)).problems() == ()  # one purchase
    assert rulings(SeatPosition.parse(base.format(r=4, p="5/5/5/5", n=13, st=64))) == ["C2"]


# -- cards -----------------------------------------------------------------------------
def test_t1_no_card_leaves_play_in_a_round():
    deck = list(TEN_PENNIES.deck())
    rng = random.Random(1)
    rng.shuffle(deck)
    hands = tuple(deck[i * 11:(i + 1) * 11] for i in range(4))
    whole = Position(round_no=1, hands=hands, discard_pile=deck[44:45], stock=deck[45:])
    assert whole.problems() == ()
    short = Position(round_no=1, hands=hands, discard_pile=deck[44:45], stock=deck[45:-3])
    assert short.problems() == ("T1: 3 cards of the deck (9S JD KC) are in no hand, nor the stock, the discard "
                                "pile or the table; no card leaves play in a round",)


def test_t1_more_copies_than_the_decks_hold_cannot_be_built():
    with pytest.raises(PositionError, match="T1: the position holds more cards than the deck has: 7S"):
        seat(h="7S7S7S" + HAND[6:], d="7S")


# -- refusing, and accepting on purpose --------------------------------------------------
def test_an_unreachable_position_is_refused_unless_allowed():
    p = seat(k="10/99/10/10")
    with pytest.raises(UnreachablePositionError, match="T4: seat 1 holds 99 tokens") as caught:
        p.check_reachable()
    assert caught.value.problems == p.problems()
    p.check_reachable(allow_unreachable=True)
    seat().check_reachable()


# -- the other way round: real play has no problems ---------------------------------------
def _decisions(rules, seed, bot, every):
    m = Match(seed, rules)
    bots = [make_bot(bot, seed * 10 + s) for s in range(rules.players)] if bot else None
    rng = random.Random(seed)
    k = 0
    while not m.is_over:
        if k % every == 0:
            yield m
        s = m.to_act
        m.apply(bots[s].act(m.view(s)) if bots else rng.choice(m.legal_actions()))
        k += 1


@pytest.mark.parametrize("rules, seed, bot", [
    (TEN_PENNIES, 0, None), (TEN_PENNIES, 1, "thumb"), (TEN_PENNIES, 2, "strong"),
    (TEN_CARD_RUMMY, 0, None), (TEN_CARD_RUMMY, 1, "thumb"), (TEN_CARD_RUMMY.with_players(7), 2, "thumb"),
], ids=["tp-random", "tp-thumb", "tp-strong", "tcr-random", "tcr-thumb", "tcr7-thumb"])
def test_positions_of_real_matches_have_no_problems(rules, seed, bot):
    seen = rounds = 0
    for m in _decisions(rules, seed, bot, every=5):
        assert Position.of(m).problems(rules) == (), (m.round_no, m.phase)
        for s in range(rules.players):
            assert SeatPosition.of(m.view(s)).problems() == (), (m.round_no, m.phase, s)
        seen += 1
        rounds = max(rounds, m.round_no)
    assert seen > 100 and rounds == rules.rounds  # the whole match, every round
