"""One or more tests per ruling of shared/RULINGS.md, named after it (T1-T20)."""

from collections import Counter

import pytest

from tenpennies import TEN_PENNIES, IllegalActionError, parse_cards
from tenpennies.engine.actions import AddToSet, Buy, Deal, Discard, Draw, LayDown, Meld, Pass, Recycle, RoundEnd
from tenpennies.engine.cards import ALL_CARDS, JOKER, Card
from tenpennies.play.match import Match, Phase, Position
from tenpennies.engine.sets import is_valid_set, set_problems

C = parse_cards

# A position where seat 0 holds two sets of three and little else; seats 1-3 hold junk.
JUNK = ("3D 4D 5D 6D 8D 9D TD JD QD KD 3S", "3H 4H 5H 6H 8H 9H TH JH QH KH 3C", "4C 5C 6C 8C 9C TC JC QC KC 4S 5S")


def position(round_no=1, hands=None, **kw):
    hands = hands or ("7S 7H 7D 9S 9H 9C KC 4H 5H 6S 8S",) + JUNK
    return Position(round_no=round_no, hands=hands, **{"discard_pile": "QS", **kw})


def play(m, *actions):
    for a in actions:
        m.apply(a)
    return m


def pass_all(m):
    while m.phase is Phase.OFFER:
        m.apply(Pass(m.to_act))
    return m


# -- T1-T4: match and deal -----------------------------------------------------------
def test_t1_four_seats_and_108_cards():
    deck = TEN_PENNIES.deck()
    assert TEN_PENNIES.players == 4 and len(deck) == 108
    counts = Counter(deck)
    assert counts[JOKER] == 4
    assert all(counts[c] == 2 for c in ALL_CARDS[:52])
    m = Match(seed=1)
    assert len(m.hands) == 4 and sum(m.all_cards().values()) == 108


def to_next_round(m):
    """Play on by public actions only (pass every offer, discard) until the round ends."""
    start = m.round_no
    while m.round_no == start:
        m.apply(Pass(m.to_act) if m.phase is Phase.OFFER
                else next(a for a in m.legal_actions() if isinstance(a, Discard)))
    return m


def test_t2_seven_rounds_dealer_from_seed_then_clockwise():
    assert TEN_PENNIES.rounds == 7
    dealers = {Match(seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}  # the seed chooses the first dealer
    assert Match(seed=11).dealer == Match(seed=11).dealer
    m = Match(seed=2, rules=TEN_PENNIES.replace(turn_cap=2))  # a short round to the next deal
    first = m.dealer
    assert m.active == (first + 1) % 4  # left of the dealer plays first
    to_next_round(m)
    assert m.round_no == 2 and m.dealer == (first + 1) % 4 and m.active == (first + 2) % 4


def test_t3_eleven_cards_each_and_an_up_card():
    m = Match(seed=3)
    assert all(len(h) == 11 for h in m.hands)
    assert len(m.discard_pile) == 1 and len(m.stock) == 108 - 44 - 1
    deal = m.log[0]
    assert isinstance(deal, Deal) and deal.up_card == m.discard_pile[0]


def test_t4_ten_tokens_for_the_whole_match():
    m = Match(seed=4, rules=TEN_PENNIES.replace(turn_cap=2))
    assert m.tokens == [10, 10, 10, 10]
    m.apply(Buy(m.to_act))
    spent = m.tokens.copy()
    assert sum(spent) == 39
    to_next_round(m)
    assert m.round_no == 2 and m.tokens == spent  # tokens are not renewed at the next round


# -- T5-T9: the offer ----------------------------------------------------------------
def test_t5_offer_goes_to_active_then_clockwise():
    m = Match.from_position(position(), seed=1)
    assert m.phase is Phase.OFFER and m.active == 1
    asked = []
    while m.phase is Phase.OFFER:
        asked.append(m.to_act)
        m.apply(Pass(m.to_act))
    assert asked == [1, 2, 3, 0]


def test_t5_buyer_takes_card_plus_two_and_spends_a_token():
    m = Match.from_position(position(stock="3H 4S 5C 6D 8H"), seed=1)
    play(m, Pass(1), Buy(2))
    assert m.tokens == [10, 10, 9, 10]
    assert Counter(m.hands[2]) - Counter(C(JUNK[1])) == Counter(C("QS 3H 4S"))
    draws = [e for e in m.log if isinstance(e, Draw)]
    assert [(d.seat, d.source) for d in draws] == [(2, "discard"), (2, "purchase"), (2, "purchase"), (1, "stock")]


def test_t5_a_player_without_tokens_is_not_asked():
    m = Match.from_position(position(tokens=(10, 10, 0, 10)), seed=1)
    asked = []
    while m.phase is Phase.OFFER:
        asked.append(m.to_act)
        m.apply(Pass(m.to_act))
    assert asked == [1, 3, 0]
    with pytest.raises(IllegalActionError):
        Match.from_position(position(tokens=(10, 10, 0, 10)), seed=1).apply(Buy(2))


def test_t5_first_buyer_in_order_gets_it():
    m = Match.from_position(position(), seed=1)
    play(m, Pass(1), Buy(2))
    assert m.phase is Phase.PLAY and m.to_act == 1  # seats 3 and 0 are not asked any more
    with pytest.raises(IllegalActionError):
        m.apply(Buy(3))


def test_t6_active_buy_is_its_draw():
    m = Match.from_position(position(), seed=1)
    before = len(m.hands[1])
    m.apply(Buy(1))
    assert m.phase is Phase.PLAY and m.to_act == 1
    assert len(m.hands[1]) == before + 3
    assert not any(isinstance(e, Draw) and e.source == "stock" for e in m.log)


def test_t6_after_others_buy_or_all_pass_active_draws_one():
    m = pass_all(Match.from_position(position(stock="8C 3S"), seed=1))
    assert m.phase is Phase.PLAY and len(m.hands[1]) == 12 and Card("8C") in m.hands[1]
    m = play(Match.from_position(position(stock="8C 3S KS"), seed=1), Pass(1), Pass(2), Buy(3))
    assert len(m.hands[1]) == 12 and len(m.hands[3]) == 14
    assert Card("KS") in m.hands[1]  # the third stock card: the buyer took the first two


def test_t7_discarder_is_not_offered_its_discard():
    m = pass_all(Match.from_position(position(), seed=1))
    m.apply(Discard(1, m.hands[1][0]))
    asked = []
    while m.phase is Phase.OFFER:
        asked.append(m.to_act)
        m.apply(Pass(m.to_act))
    assert asked == [2, 3, 0]  # seat 1 discarded it


def test_t7_up_card_is_offered_to_all_four():
    m = Match(seed=5)
    asked = []
    while m.phase is Phase.OFFER:
        asked.append(m.to_act)
        m.apply(Pass(m.to_act))
    assert sorted(asked) == [0, 1, 2, 3]


def test_t7_discarder_may_buy_back_is_a_rule_field():
    rules = TEN_PENNIES.replace(discarder_may_buy_back=True)
    m = pass_all(Match.from_position(position(), seed=1, rules=rules))
    m.apply(Discard(1, m.hands[1][0]))
    asked = []
    while m.phase is Phase.OFFER:
        asked.append(m.to_act)
        m.apply(Pass(m.to_act))
    assert asked == [2, 3, 0, 1]


def test_t8_no_purchase_when_two_extra_cards_cannot_be_drawn():
    # Stock of one card and a discard pile of one card: nothing to recycle after taking it.
    m = Match.from_position(position(stock="8C"), seed=1)
    assert not m.purchase_available()
    assert m.phase is Phase.PLAY  # no offer at all: the active player drew at once
    assert Card("8C") in m.hands[1]


def test_t8_recycling_counts_toward_a_purchase():
    # Empty stock, pile of four: the buyer takes the top, the new top stays, two recycle.
    m = Match.from_position(position(stock="", discard_pile="3S 4S 5S QS"), seed=1)
    assert m.purchase_available()
    m.apply(Buy(1))
    assert len(m.hands[1]) == 14 and m.discard_pile == [Card("5S")]
    assert any(isinstance(e, Recycle) for e in m.log)
    m = Match.from_position(position(stock="", discard_pile="4S 5S QS"), seed=1)
    assert not m.purchase_available()  # only one card could be recycled


def test_t9_only_one_offer_per_turn():
    m = Match.from_position(position(discard_pile="JS QS"), seed=1)
    play(m, Pass(1), Pass(2), Buy(3))
    assert m.phase is Phase.PLAY and m.top_discard == Card("JS")  # JS is not offered


# -- T10-T12: the turn ---------------------------------------------------------------
def test_t10_must_lay_down_before_melding_or_adding():
    m = pass_all(Match.from_position(position(table=((2, "KS KH KD"),), opened=(False, False, True, False),
                                              active=0, dealer=3), seed=1))
    with pytest.raises(IllegalActionError, match="not laid down"):
        m.apply(Meld(0, C("7S 7H 7D")))
    with pytest.raises(IllegalActionError, match="not laid down"):
        m.apply(AddToSet(0, 0, C("KC")))


def test_t10_open_player_melds_and_adds_in_the_same_turn():
    m = pass_all(Match.from_position(position(table=((2, "KS KH KD"),), opened=(False, False, True, False),
                                              active=0, dealer=3), seed=1))
    m.apply(LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C"))))
    assert m.opened[0]
    m.apply(AddToSet(0, 0, C("KC")))  # another player's set
    assert m.table[0].cards == C("KS KH KD KC") and m.table[0].owner == 2
    m.apply(Discard(0, Card("4H")))
    assert m.active == 1


def test_t10_a_set_of_three_melded_after_opening():
    hands = ("7S 7H 7D 9S 9H 9C 5S 5H 5D 4H 8S",) + JUNK
    m = pass_all(Match.from_position(position(hands=hands, active=0, dealer=3), seed=1))
    play(m, LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C"))), Meld(0, C("5S 5H 5D")))
    assert len(m.table) == 3 and m.table[2].owner == 0


def test_t11_turn_ends_with_one_discard():
    m = pass_all(Match.from_position(position(), seed=1))
    card = m.hands[1][0]
    m.apply(Discard(1, card))
    assert m.top_discard == card and m.active == 2 and m.turns == 1
    with pytest.raises(IllegalActionError):
        m.apply(Discard(1, m.hands[1][0]))  # not its turn any more


def test_t12_going_out_by_a_meld_ends_the_round():
    hands = ("7S 7H 7D 9S 9H 9C KC KH JK",) + JUNK
    m = pass_all(Match.from_position(position(hands=hands, active=0, dealer=3, stock="KS 3C"), seed=1))
    play(m, LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C"))))
    m.apply(Meld(0, C("KC KH KS JK")))  # the drawn KS completes the last set
    assert m.round_no == 2 and m.round_results[0].how == "out" and m.round_results[0].went_out == 0
    assert m.round_results[0].points[0] == 0


def test_t12_going_out_by_a_discard():
    hands = ("7S 7H 7D 9S 9H 9C",) + JUNK
    m = pass_all(Match.from_position(position(hands=hands, active=0, dealer=3, stock="KS 3C"), seed=1))
    play(m, LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C"))), Discard(0, Card("KS")))
    result = m.round_results[0]
    assert result.how == "out" and result.went_out == 0 and result.points[0] == 0
    assert result.points[1:] == tuple(sum(TEN_PENNIES.points(c) for c in C(h)) for h in JUNK)


# -- T13-T15: contracts and sets -------------------------------------------------------
def test_t13_the_seven_contracts():
    words = [TEN_PENNIES.contract(r).words for r in range(1, 8)]
    assert words == ["two sets of 3", "one set of 4", "two sets of 4", "one set of 5",
                     "two sets of 5", "one set of 6", "one set of 7"]


def test_t13_whole_contract_in_one_action_and_sets_may_be_larger():
    m = pass_all(Match.from_position(position(hands=("7S 7H 7D 7C 9S 9H 9C 4H",) + JUNK,
                                              active=0, dealer=3), seed=1))
    with pytest.raises(IllegalActionError, match="round 1 needs two sets of 3, not 1"):
        m.apply(LayDown(0, (C("7S 7H 7D"),)))
    m.apply(LayDown(0, (C("7S 7H 7D 7C"), C("9S 9H 9C"))))
    assert [len(s.cards) for s in m.table] == [4, 3]


def test_t13_sets_smaller_than_the_contract_are_refused():
    hands = ("7S 7H 7D 7C 9S 9H 9C 9D 4H",) + JUNK
    m = pass_all(Match.from_position(position(round_no=3, hands=hands, active=0, dealer=3), seed=1))
    with pytest.raises(IllegalActionError, match="3 cards but the contract needs at least 4"):
        m.apply(LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C 9D"))))


def test_t13_two_sets_may_share_a_rank():
    hands = ("7S 7H 7D 7S 7H 7C 4H",) + JUNK
    m = pass_all(Match.from_position(position(hands=hands, active=0, dealer=3), seed=1))
    m.apply(LayDown(0, (C("7S 7H 7D"), C("7S 7H 7C"))))
    assert m.opened[0]


def test_t14_all_wild_is_not_a_set():
    assert set_problems(C("JK JK JK"), 7) == ("no natural card",)


def test_t14_repeated_natural_suit_refused():
    assert set_problems(C("7S 7H 7H"), 1) == ("two natural hearts",)
    assert is_valid_set(C("7S 7H 7H"), 1, TEN_PENNIES.replace(repeated_suits_allowed=True))


def test_t14_fifth_natural_is_impossible():
    assert not is_valid_set(C("7S 7H 7D 7C 7S"), 1)


def test_t14_wild_limits_by_round():
    assert is_valid_set(C("7S JK 7H"), 1) and not is_valid_set(C("7S JK JK"), 3)
    assert set_problems(C("7S JK JK 7H"), 2) == ("2 wilds but round 2 allows 1",)
    assert is_valid_set(C("7S JK JK 7H 7D"), 4)
    assert is_valid_set(C("7S JK JK AS 7H 7D 7C"), 7) and not is_valid_set(C("7S JK JK AS 2H 7D 7C"), 7)


def test_t14_mixed_ranks_and_short_sets():
    assert "natural cards of different ranks (sevens, eights)" in set_problems(C("7S 8H JK"), 1)
    assert set_problems(C("7S 7H"), 1) == ("only 2 cards: a set needs at least 3",)


def test_t14_adding_a_wild_over_the_limit_is_refused():
    hands = ("7S 7H 7D 9S 9H 9C JK 4H",) + JUNK
    m = pass_all(Match.from_position(position(hands=hands, table=((2, "KS KH JK"),),
                                              opened=(False, False, True, False), active=0, dealer=3), seed=1))
    m.apply(LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C"))))
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="2 wilds but round 1 allows 1"):
        m.apply(AddToSet(0, 0, C("JK")))
    assert m.snapshot() == before


def test_t14_adding_a_fifth_natural_is_refused():
    hands = ("7S 7H 7D 9S 9H 9C KS 4H",) + JUNK
    m = pass_all(Match.from_position(position(hands=hands, table=((2, "KS KH KD KC"),),
                                              opened=(False, False, True, False), active=0, dealer=3), seed=1))
    m.apply(LayDown(0, (C("7S 7H 7D"), C("9S 9H 9C"))))
    with pytest.raises(IllegalActionError, match="two natural spades"):
        m.apply(AddToSet(0, 0, C("KS")))


def test_t15_jokers_always_wild_aces_and_twos_from_round_5():
    for r in range(1, 8):
        assert TEN_PENNIES.is_wild(JOKER, r)
        assert TEN_PENNIES.is_wild(Card("AS"), r) == (r >= 5)
        assert TEN_PENNIES.is_wild(Card("2H"), r) == (r >= 5)
        assert not TEN_PENNIES.is_wild(Card("3H"), r)


def test_t15_no_set_of_aces_in_round_5():
    assert is_valid_set(C("AS AH AD"), 4)
    assert not is_valid_set(C("AS AH AD"), 5)
    assert set_problems(C("AS AH AD"), 5)[0] == "no natural card (aces and twos are wild in round 5)"
    assert is_valid_set(C("9S AH 2D 9H"), 5)  # ace and two as wilds


def test_t15_a_wild_stays_where_it_is_played():
    # There is no action that takes a card off the table: adding never removes.
    m = Match(seed=1)
    assert {type(a) for a in m.legal_actions()} <= {Buy, Pass}
    assert not hasattr(m, "swap")


# -- T16-T19: stock, limits, scoring ---------------------------------------------------
def test_t16_recycling_keeps_the_top_discard():
    m = Match.from_position(position(stock="", discard_pile="3S 4S 5S 6S QS", tokens=(0, 0, 0, 0)), seed=1)
    assert m.discard_pile == [Card("QS")]
    assert isinstance(m.log[1], Recycle) and m.log[1].cards == 4
    assert len(m.stock) == 3 and Counter(m.stock + m.hands[1]) - Counter(C(position().hands[1])) == Counter(C("3S 4S 5S 6S"))


def test_t16_recycling_shuffles_with_the_match_seed():
    stocks = set()
    for seed in range(6):
        m = Match.from_position(position(stock="", discard_pile="3S 4S 5S 6S 8S 9S QS", tokens=(0,) * 4), seed=seed)
        stocks.add(tuple(m.stock))
        same = Match.from_position(position(stock="", discard_pile="3S 4S 5S 6S 8S 9S QS", tokens=(0,) * 4), seed=seed)
        assert same.stock == m.stock
    assert len(stocks) > 1


def test_t17_round_ends_when_no_regular_draw():
    m = Match.from_position(position(stock="", discard_pile="QS", tokens=(0,) * 4), seed=1)
    assert m.round_no == 2 and m.round_results[0].how == "no draw"


def test_t17_turn_cap_ends_the_round():
    rules = TEN_PENNIES.replace(turn_cap=3)
    m = Match.from_position(position(tokens=(0,) * 4), seed=1, rules=rules)
    for _ in range(3):
        m.apply(Discard(m.to_act, m.hands[m.to_act][-1]))
    assert m.round_no == 2 and m.round_results[0].how == "turn cap" and m.round_results[0].turns == 3
    assert TEN_PENNIES.turn_cap == 250


def test_t18_card_points():
    points = {c: TEN_PENNIES.points(c) for c in C("3S 9H TD JC QS KH AS 2D JK")}
    assert list(points.values()) == [5, 5, 10, 10, 10, 10, 20, 20, 50]


def test_t18_round_scores_hands_left():
    m = Match.from_position(position(stock="", discard_pile="QS", tokens=(0,) * 4), seed=1)
    result = m.round_results[0]
    assert result.points == tuple(sum(TEN_PENNIES.points(c) for c in C(h)) for h in position().hands)
    assert m.scores == list(result.points)


def test_t19_lowest_total_wins_and_ties_share():
    m = Match.from_position(position(round_no=7, stock="", tokens=(0,) * 4, scores=(100, 40, 500, 400),
                                     hands=("3S 4S 5S", "KS KH", "3H", "3C")), seed=1)
    assert m.is_over
    assert m.scores == [115, 60, 505, 405] and m.winners == (1,)
    m = Match.from_position(position(round_no=7, stock="", tokens=(0,) * 4, scores=(100, 105, 200, 300),
                                     hands=("3S 4S", "3H", "KS KH KD KC", "3C")), seed=1)
    assert m.winners == (0, 1)


# -- T20: information ------------------------------------------------------------------
def test_t20_view_holds_only_own_hand_and_public_facts():
    m = Match.from_position(position(stock="3H 4S 5C 6D 8H"), seed=1)
    play(m, Pass(1), Buy(2))
    v = m.view(1)
    assert v.hand == m.hand(1) and v.hand_sizes == tuple(len(h) for h in m.hands)
    assert v.purchases == ((2, Card("QS")),)
    hidden = [e for e in v.log if isinstance(e, Draw) and e.seat == 2 and e.source == "purchase"]
    assert hidden and all(e.card is None for e in hidden)
    # Nothing in the view tells the stock order or another hand: a deal that differs only
    # there (the cards seat 2 bought unseen, the stock below, seats 2 and 3's hands) looks alike.
    hands = ("7S 7H 7D 9S 9H 9C KC 4H 5H 6S 8S", JUNK[0], JUNK[2], JUNK[1])
    other = play(Match.from_position(position(hands=hands, stock="4S 3H 5C 8H 6D"), seed=1), Pass(1), Buy(2))
    assert other.hands[2] != m.hands[2] and other.view(1) == v


# -- the fast checks agree with the worded ones ------------------------------------------
def test_t14_fast_set_check_agrees_with_set_problems():
    import random

    from tenpennies.engine.sets import single_additions

    rng = random.Random(14)
    deck = list(TEN_PENNIES.deck())
    variants = [TEN_PENNIES, TEN_PENNIES.replace(repeated_suits_allowed=True)]
    for _ in range(4000):
        rules = rng.choice(variants)
        r = rng.randint(1, 7)
        rank = rng.randint(1, 13)
        pool = [c for c in deck if c.rank == rank or rules.is_wild(c, r)] if rng.random() < 0.8 else deck
        cards = tuple(rng.sample(pool, rng.randint(1, 8)))
        assert is_valid_set(cards, r, rules) == (not set_problems(cards, r, rules)), (cards, r)
        if is_valid_set(cards, r, rules):
            candidates = tuple(ALL_CARDS)
            expected = [c for c in candidates if not set_problems(cards + (c,), r, rules)]
            assert single_additions(cards, candidates, r, rules) == expected


def test_t10_listed_new_sets_are_every_distinct_valid_set_of_three():
    import random
    from itertools import combinations

    rng = random.Random(10)
    # An opened seat 0 with a random hand, after the offer: every Meld that legal_actions
    # lists is a valid distinct set, and every valid set of three in the hand is listed.
    table = ((0, "9S 9H 9D"),)
    pool = list((Counter(TEN_PENNIES.deck()) - Counter(parse_cards("9S 9H 9D QS " + " ".join(JUNK)))).elements())
    for rules in (TEN_PENNIES, TEN_PENNIES.replace(repeated_suits_allowed=True)):
        for _ in range(60):
            r = rng.randint(1, 7)
            hand = " ".join(str(c) for c in rng.sample(pool, rng.randint(3, 16)))
            m = pass_all(Match.from_position(position(r, (hand,) + JUNK, table=table, dealer=3), seed=1, rules=rules))
            assert m.phase is Phase.PLAY and m.to_act == 0
            listed = [a.cards for a in m.legal_actions() if isinstance(a, Meld)]
            assert len(listed) == len(set(listed))
            assert all(is_valid_set(s, r, rules) for s in listed)
            every = {tuple(sorted(t, key=lambda c: c.index)) for t in combinations(m.hands[0], 3)
                     if is_valid_set(t, r, rules)}
            assert {tuple(sorted(t, key=lambda c: c.index)) for t in listed} == every


def test_t20_view_logs_hide_exactly_the_private_draws():
    import random

    m, rng = Match(seed=20), random.Random(20)
    for step in range(1500):
        if step % 97 == 0:
            for seat in range(4):
                log = m.view(seat).log
                assert len(log) == len(m.log)
                for seen, full in zip(log, m.log):
                    # Hidden: others' stock draws (the regular draw and a purchase's extras)
                    # and others' hands at a round's end; every other entry is shown whole.
                    if isinstance(full, Draw) and full.seat != seat and full.source != "discard":
                        assert seen == Draw(full.seat, None, full.source)
                    elif isinstance(full, RoundEnd):
                        assert seen.hands == tuple(h if i == seat else () for i, h in enumerate(full.hands))
                        assert (seen.how, seen.went_out, seen.points) == (full.how, full.went_out, full.points)
                    else:
                        assert seen == full
        m.apply(rng.choice(m.legal_actions()))
    frozen = m.view(0)
    m.apply(rng.choice(m.legal_actions()))
    assert len(frozen.log) < len(m.log)  # an old view does not grow with the match


@pytest.mark.parametrize("changes, words", [
    (dict(decks=10**9), "decks must be a whole number from 1 to 8"),
    (dict(jokers=-4), "jokers must be"),
    (dict(tokens=-1), "tokens must be"),
    (dict(turn_cap=0), "turn_cap must be"),
    (dict(wild_limits=(1, 1, 1, 2, 2, 2, -3)), "wild_limits"),
    (dict(players="four"), "players must be"),
    (dict(contracts=((2, 2),) * 7), r"contract \(2, 2\) asks for sets smaller than min_set_size$"),
    (dict(hand_size=40), "deck is too small"),
])
def test_t1_t4_rule_sets_refuse_impossible_numbers(changes, words):
    with pytest.raises(ValueError, match=words):
        TEN_PENNIES.replace(**changes)


def test_t1_rule_sets_stay_frozen_when_given_lists():
    rules = TEN_PENNIES.replace(wild_limits=[1, 1, 1, 2, 2, 2, 3], contracts=[[2, 3]] + [list(c) for c in TEN_PENNIES.contracts[1:]])
    assert rules == TEN_PENNIES and hash(rules) == hash(TEN_PENNIES)
    assert isinstance(rules.wild_limits, tuple) and isinstance(rules.contracts[0], tuple)


def test_t20_seen_cards_include_purchases_until_they_are_played():
    m = Match.from_position(position(stock="3H 4S 5C 6D 8H 2S 2H", discard_pile="KS QS"), seed=1)
    play(m, Pass(1), Buy(2))  # seat 2 bought the QS; everyone saw it
    seen = m.view(0).seen_cards()
    assert Counter(seen) == Counter(C("KS QS"))  # the pile's KS, and the QS now in seat 2's hand
    assert Card("QS") not in m.view(2).seen_cards()  # a seat's own hand is not "seen elsewhere"
    m.apply(Discard(1, m.hands[1][0]))
    while m.phase is Phase.OFFER:
        m.apply(Pass(m.to_act))
    m.apply(Discard(2, Card("QS")))  # played: now it is known from the pile, not the hand
    assert Counter(m.view(0).seen_cards())[Card("QS")] == 1
