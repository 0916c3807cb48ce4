"""Ten Card Rummy's turn, one test (or a few) per ruling C1-C17 (shared/RULINGS.md).

States that a ruling speaks of are reached through public names only: a seeded match
played by seeded random choices among its legal actions until the state is there
(:func:`reach`), or :meth:`Match.from_position` where the hands must be exact.
"""

import random
from collections import Counter

import pytest

from tenpennies import TEN_CARD_RUMMY, IllegalActionError, Match, parse_cards
from tenpennies.engine.actions import (
    AddToSet, Buy, Deal, Discard, Draw, DrawSource, HowEnded, LayDown, Meld, Pass, Recycle, RoundEnd, TakeDiscard,
)
from tenpennies.play.match import Phase
from tenpennies.play.position import Position

TCR = TEN_CARD_RUMMY
MELDING = (LayDown, Meld, AddToSet)


def reach(found, rules=TCR, seeds=range(60), steps=20_000, prefer=None):
    """The first seeded random match that reaches a state where ``found(m)`` holds.

    ``prefer`` (optional) picks an action among the legal ones when it returns one, so a
    search can steer (say, never buying) without leaving the legal actions.
    """
    for seed in seeds:
        m, rng = Match(seed, rules), random.Random(seed)
        for _ in range(steps):
            if m.is_over:
                break
            if found(m):
                return m
            legal = m.legal_actions()
            choice = prefer(m, legal) if prefer else None
            m.apply(choice if choice is not None else rng.choice(legal))
    raise AssertionError("no seeded match reached the state")


def played(seed, rules=TCR):
    m, rng = Match(seed, rules), random.Random(seed)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    return m


def early_position(**fields):
    """A Ten Card Rummy position before round 4, where nothing can be bought.

    Position's tokens are numbers (T4); Ten Card Rummy has none (C9), but before round 4
    no purchase is offered, so the zeros given here play no part.
    """
    fields.setdefault("tokens", (0,) * len(fields["hands"]))
    return Position(**fields)


# -- C1, C2: players, decks and the deal ------------------------------------------------
@pytest.mark.parametrize("players, deck", [(4, 108), (5, 108), (6, 108), (7, 162), (8, 162)])
def test_c1_four_to_eight_players_with_decks_by_player_count(players, deck):
    m = Match(seed=players, rules=TCR.with_players(players))
    assert len(m.hands) == players and sum(m.all_cards().values()) == deck
    assert m.all_cards()[parse_cards("JK")[0]] == (4 if deck == 108 else 6)


def test_c2_eleven_rounds_ten_cards_each_dealer_then_clockwise():
    rules = TCR.with_players(5)
    m = Match(seed=11, rules=rules)
    assert [len(h) for h in m.hands] == [10] * 5 and len(m.discard_pile) == 1
    assert len(m.stock) == 108 - 50 - 1
    assert m.active == (m.dealer + 1) % 5 and m.to_act == m.active and m.phase is Phase.MELD
    first_dealer = m.dealer
    rng = random.Random(11)
    while not m.is_over:
        m.apply(rng.choice(m.legal_actions()))
    deals = [e for e in m.log if isinstance(e, Deal)]
    assert [d.round_no for d in deals] == list(range(1, 12)) and len(m.round_results) == 11
    assert [d.dealer for d in deals] == [(first_dealer + k) % 5 for k in range(11)]


# -- C6, C7, C8: the turn -----------------------------------------------------------------
def test_c6_melding_comes_before_the_draw():
    # An unopened seat holding its contract at the start of its turn lays it down first.
    def can_open(m):
        return m.phase is Phase.MELD and any(
            isinstance(a, LayDown) and len(a.cards) < len(m.hands[a.seat]) for a in m.legal_actions())
    m = reach(can_open)
    seat = m.active
    lay = next(a for a in m.legal_actions() if isinstance(a, LayDown) and len(a.cards) < len(m.hands[seat]))
    hand = len(m.hands[seat])
    m.apply(lay)
    assert m.opened[seat] and m.phase is Phase.MELD and m.to_act == seat
    assert len(m.hands[seat]) == hand - len(lay.cards)
    assert TakeDiscard(seat) in m.legal_actions() and Pass(seat) in m.legal_actions()


def test_c6_a_card_drawn_this_turn_cannot_be_melded_this_turn():
    m = reach(lambda m: m.phase is Phase.MELD and m.opened[m.active] and m.discard_pile)
    seat, top = m.active, m.top_discard
    m.apply(TakeDiscard(seat))
    assert m.phase is Phase.DISCARD and m.to_act == seat
    assert m.legal_actions() and all(isinstance(a, Discard) for a in m.legal_actions())
    before = m.snapshot()
    for action in (Meld(seat, (top, top, top)), AddToSet(seat, 0, (top,)), TakeDiscard(seat), Pass(seat)):
        with pytest.raises(IllegalActionError, match="only discard"):
            m.apply(action)
    assert m.snapshot() == before


def test_c6_nothing_is_discarded_before_the_draw():
    m = Match(seed=2, rules=TCR)
    seat = m.active
    with pytest.raises(IllegalActionError, match="C6"):
        m.apply(Discard(seat, m.hands[seat][0]))


def test_c7_a_round_ends_only_when_a_meld_empties_a_hand():
    outs = 0
    for seed in range(4):
        m = played(seed, TCR.with_players(4 + seed))
        log = m.log
        for i, entry in enumerate(log):
            if isinstance(entry, RoundEnd) and entry.how is HowEnded.OUT:
                outs += 1
                # The meld that emptied the hand is the last thing: no draw, no discard after it.
                assert isinstance(log[i - 1], MELDING) and log[i - 1].seat == entry.went_out
                assert entry.hands[entry.went_out] == () and entry.points[entry.went_out] == 0
            if isinstance(entry, Discard):
                assert not isinstance(log[i + 1], RoundEnd) or log[i + 1].how is not HowEnded.OUT
    assert outs >= 4


def test_c8_taking_the_top_discard_is_free():
    m = Match(seed=8, rules=TCR)
    seat, top = m.active, m.top_discard
    hand, stock, tokens = Counter(m.hands[seat]), len(m.stock), list(m.tokens)
    m.apply(TakeDiscard(seat))
    assert Counter(m.hands[seat]) - hand == Counter([top]) and len(m.hands[seat]) == sum(hand.values()) + 1
    assert len(m.stock) == stock and m.tokens == tokens == [None] * 4 and m.buys == [0] * 4
    assert m.log[-1] == Draw(seat, top, DrawSource.TAKEN)


# -- C9, C10: buying -------------------------------------------------------------------
def round_four_turn(m):
    return m.round_no >= 4 and m.phase is Phase.MELD and m.discard_pile and m.purchase_available()


def test_c9_nothing_is_bought_before_round_4():
    m = reach(lambda m: m.round_no == 3 and m.phase is Phase.MELD and m.purchase_available())
    seat, stock = m.active, len(m.stock)
    m.apply(Pass(seat))
    # Declined, and nobody is asked: the active player draws from the stock at once.
    assert m.phase is Phase.DISCARD and m.to_act == seat and len(m.stock) == stock - 1
    assert isinstance(m.log[-1], Draw) and m.log[-1].source is DrawSource.STOCK


def test_c9_declined_discard_is_offered_clockwise_from_the_active_player():
    m = reach(round_four_turn)
    n, seat = m.rules.players, m.active
    m.apply(Pass(seat))
    asked = []
    while m.phase is Phase.OFFER:
        asked.append(m.to_act)
        assert m.legal_actions() == [Buy(m.to_act), Pass(m.to_act)]
        m.apply(Pass(m.to_act))
    expected = [(seat + k) % n for k in range(1, n)]
    assert asked == [s for s in expected if s != m.top_discarder or s in asked]
    assert m.top_discarder not in asked  # T7, kept by C17: not offered its own discard
    assert m.phase is Phase.DISCARD and m.log[-1].source is DrawSource.STOCK


def test_c9_buy_adds_one_card():
    m = reach(round_four_turn)
    m.apply(Pass(m.active))
    buyer, top = m.to_act, m.top_discard
    hand, stock, pile, at = len(m.hands[buyer]), len(m.stock), len(m.discard_pile), len(m.log)
    buys = m.buys[buyer]
    m.apply(Buy(buyer))
    assert len(m.hands[buyer]) == hand + 2  # the discard and one stock card, no more
    bought = m.log[at + 1:at + 3]
    assert bought[0] == Draw(buyer, top, DrawSource.DISCARD) and bought[1].source is DrawSource.PURCHASE
    drawn_by_active = len(m.log) - at - 3  # an empty pile: the active player drew at once
    assert len(m.stock) + len(m.discard_pile) == stock + pile - 2 - drawn_by_active
    assert m.tokens == [None] * m.rules.players and m.buys[buyer] == buys + 1


def test_c9_card_beneath_is_offered_to_the_active_player_again():
    m = reach(lambda m: round_four_turn(m) and len(m.discard_pile) >= 3 and m.stock)
    seat = m.active
    m.apply(Pass(seat))
    beneath = m.discard_pile[-2]
    m.apply(Buy(m.to_act))
    assert m.phase is Phase.OFFER and m.to_act == seat and m.top_discard == beneath
    assert m.legal_actions() == [TakeDiscard(seat), Pass(seat)]
    m.apply(TakeDiscard(seat))  # taken as its draw, for nothing (C8)
    assert m.phase is Phase.DISCARD and m.log[-1] == Draw(seat, beneath, DrawSource.TAKEN)


def discarders_of_top_two(m):
    """Who discarded the top two discards, read from the public log (None: not known)."""
    discards = [e for e in m.log[-60:] if isinstance(e, Discard)][-2:]
    if len(discards) == 2 and [d.card for d in discards] == m.discard_pile[-2:]:
        return {d.seat for d in discards}
    return None


def test_c9_beneath_card_bought_again_by_the_same_player():
    def twice(m):
        if not (round_four_turn(m) and len(m.discard_pile) >= 4 and len(m.stock) >= 2):
            return False
        # The first seat asked is asked again only if it discarded neither card (T7).
        known = discarders_of_top_two(m)
        return known is not None and (m.active + 1) % m.rules.players not in known
    m = reach(twice, seeds=range(200))
    seat = m.active
    m.apply(Pass(seat))
    buyer = m.to_act
    hand, buys = len(m.hands[buyer]), m.buys[buyer]
    m.apply(Buy(buyer))
    m.apply(Pass(seat))  # the active player declines the card beneath
    assert m.phase is Phase.OFFER and m.to_act == buyer
    top, at = m.top_discard, len(m.log)
    m.apply(Buy(buyer))
    assert len(m.hands[buyer]) == hand + 4 and m.buys[buyer] == buys + 2
    assert m.log[at + 1] == Draw(buyer, top, DrawSource.DISCARD)


def test_c9_nobody_buys_and_the_active_player_draws_from_the_stock():
    m = reach(round_four_turn)
    seat, hand = m.active, len(m.hands[m.active])
    m.apply(Pass(seat))
    while m.phase is Phase.OFFER:
        m.apply(Pass(m.to_act))
    assert m.phase is Phase.DISCARD and m.to_act == seat and len(m.hands[seat]) == hand + 1
    assert m.log[-1].seat == seat and m.log[-1].source is DrawSource.STOCK


def test_c9_a_house_limit_on_purchases_per_round():
    rules = TCR.replace(buys_per_round=1)
    m = reach(lambda m: round_four_turn(m) and any(b == 1 for b in m.buys), rules=rules, seeds=range(100))
    limited = [s for s, b in enumerate(m.buys) if b >= 1]
    round_no = m.round_no
    rng = random.Random(0)
    while not m.is_over and m.round_no == round_no:
        if m.phase is Phase.OFFER and m.to_act != m.active:
            assert m.to_act not in limited
        m.apply(rng.choice(m.legal_actions()))
        limited = [s for s, b in enumerate(m.buys) if b >= 1]
        assert all(b <= 1 for b in m.buys)


def test_c10_purchase_unavailable_when_its_stock_card_cannot_be_drawn():
    # An empty stock and two discards: once the top one is bought, the one left cannot be
    # turned over into a stock card (C12), so nobody is asked.
    def stuck(m):
        return m.round_no >= 4 and m.phase is Phase.MELD and not m.stock and len(m.discard_pile) == 2
    m = reach(stuck)
    assert not m.purchase_available()
    seat = m.active
    m.apply(Pass(seat))
    assert m.phase is Phase.DISCARD and m.to_act == seat  # drawn, after a turn-over (C12)
    # With more discards the purchase is available: the rest is turned over for its card.
    more = reach(lambda m: m.round_no >= 4 and m.phase is Phase.MELD and not m.stock and len(m.discard_pile) >= 3)
    assert more.purchase_available()
    more.apply(Pass(more.active))
    assert more.phase is Phase.OFFER and more.to_act != more.active


# -- C12, C13: the stock ------------------------------------------------------------------
def test_c12_an_empty_stock_is_the_discard_pile_turned_over_unshuffled():
    m = reach(lambda m: m.round_no < 4 and m.phase is Phase.MELD and not m.stock and len(m.discard_pile) >= 3)
    seat, pile = m.active, list(m.discard_pile)
    m.apply(Pass(seat))
    # Turned over, the pile's bottom card is on top: it is turned up to start a new pile,
    # and the active player draws the next one.
    assert m.log[-2] == Recycle(len(pile) - 1, pile[0])
    assert m.discard_pile == [pile[0]] and m.log[-1] == Draw(seat, pile[1], DrawSource.STOCK)
    assert m.stock == pile[2:][::-1]  # the rest in the pile's order, unshuffled


def test_c13_a_round_is_scored_when_no_draw_is_possible():
    # One stock card and one discard: a buyer takes both, and the active player has no draw.
    def last_two(m):
        return m.phase is Phase.OFFER and m.to_act != m.active and len(m.stock) == 1 and len(m.discard_pile) == 1
    m = reach(last_two)
    round_no, buyer = m.round_no, m.to_act
    m.apply(Buy(buyer))
    result = m.round_results[-1]
    assert result.round_no == round_no and result.how is HowEnded.NO_DRAW and result.went_out is None
    assert not any(isinstance(e, Draw) and e.source is DrawSource.STOCK for e in m.log[-3:])


def test_c13_a_round_is_scored_after_the_turn_cap():
    m = Match(seed=13, rules=TCR.replace(turn_cap=6))
    rng = random.Random(13)
    while not m.round_results:
        legal = m.legal_actions()
        plain = [a for a in legal if not isinstance(a, MELDING)]  # nobody goes out
        m.apply(rng.choice(plain))
    assert m.round_results[0].how is HowEnded.TURN_CAP and m.round_results[0].turns == 6


# -- C14, C15: scoring ------------------------------------------------------------------
def test_c14_cards_left_in_hand_score_pips_ten_fifteen_twenty_five():
    m = played(14)
    for r in m.round_results:
        for hand, points in zip(r.hands, r.points):
            assert points == sum(25 if c.suit is None else 15 if c.rank == 1 else min(c.rank, 10) for c in hand)


def test_c15_lowest_total_wins_and_ties_share_the_win():
    # The last round: seat 0 goes out with a set of ten; seats 0 and 1 then tie on 10.
    p = early_position(round_no=11, hands=("7S 7S 7H 7H 7D 7D 7C 7C JK JK", "TC", "KD", "2D"),
                       discard_pile="4H", scores=(10, 0, 20, 30), dealer=3)
    m = Match.from_position(p, seed=15, rules=TCR)
    m.apply(LayDown(0, (parse_cards("7S 7S 7H 7H 7D 7D 7C 7C JK JK"),)))
    assert m.is_over and m.round_results[-1].how is HowEnded.OUT
    assert m.scores == [10, 10, 30, 32] and m.winners == (0, 1)


def test_c15_a_whole_match_has_a_winner_with_the_lowest_total():
    m = played(15, TCR.with_players(6))
    assert m.is_over and len(m.round_results) == 11
    assert m.scores == [sum(r.points[s] for r in m.round_results) for s in range(6)]
    assert m.winners == tuple(s for s in range(6) if m.scores[s] == min(m.scores))


# -- C16, C17: information and everything else ------------------------------------------
def test_c16_bought_stock_card_is_private_and_bought_discard_public():
    m = reach(round_four_turn)
    m.apply(Pass(m.active))
    buyer, top = m.to_act, m.top_discard
    at = len(m.log)
    m.apply(Buy(buyer))
    stock_card = m.log[at + 2].card
    for seat in range(m.rules.players):
        log = m.view(seat).log
        assert log[at + 1] == Draw(buyer, top, DrawSource.DISCARD)  # who bought what: public
        assert log[at + 2] == Draw(buyer, stock_card if seat == buyer else None, DrawSource.PURCHASE)
        assert m.view(seat).purchases[-1] == (buyer, top)


def test_c16_a_discard_taken_as_the_draw_is_public_and_a_stock_draw_private():
    m = Match(seed=16, rules=TCR)
    seat, top = m.active, m.top_discard
    m.apply(TakeDiscard(seat))
    m.apply(m.legal_actions()[0])
    nxt = m.active
    m.apply(Pass(nxt))
    drawn = m.log[-1].card
    for viewer in range(4):
        log = m.view(viewer).log
        assert Draw(seat, top, DrawSource.TAKEN) in log
        assert log[-1] == Draw(nxt, drawn if viewer == nxt else None, DrawSource.STOCK)
    assert top in m.view((seat + 2) % 4).seen_cards() or top not in m.hands[seat]


def test_c17_the_discarder_is_not_offered_its_own_discard():
    for seed in range(3):
        m, rng = Match(seed, TCR), random.Random(seed)
        while not m.is_over:
            if m.phase is Phase.OFFER and m.to_act != m.active:
                assert m.to_act != m.top_discarder
            m.apply(rng.choice(m.legal_actions()))


def test_c17_one_discard_per_turn_then_the_next_seat_clockwise():
    rules = TCR.with_players(7)
    m, rng = Match(17, rules), random.Random(17)
    for _ in range(3000):
        if m.is_over:
            break
        action = rng.choice(m.legal_actions())
        seat, round_no, turns = m.active, m.round_no, m.turns
        m.apply(action)
        if isinstance(action, Discard) and m.round_no == round_no:
            assert m.turns == turns + 1 and m.active == (seat + 1) % 7 and m.phase is Phase.MELD


def test_c17_a_view_never_holds_another_hand_nor_the_stock():
    m = reach(lambda m: m.round_no >= 4 and m.phase is Phase.DISCARD and any(m.buys))
    for seat in range(m.rules.players):
        view = m.view(seat)
        assert Counter(view.hand) == Counter(m.hands[seat])
        for entry in view.log:
            if isinstance(entry, Draw) and entry.seat != seat and entry.source in (
                    DrawSource.STOCK, DrawSource.PURCHASE):
                assert entry.card is None
            if isinstance(entry, RoundEnd):
                assert all(h == () for s, h in enumerate(entry.hands) if s != seat)
        assert view.stock_size == len(m.stock)


# -- C3, C4, C11 in play: runs melded and laid off through the match ----------------------
def test_c4_a_wild_at_either_end_of_a_new_run_goes_where_the_action_says():
    p = early_position(round_no=1, hands=("7S 7H 7D 5C 6C JK 3C 8C 9H", "4S 5S", "4H 5H", "4D 5D"),
                       discard_pile="KD", dealer=3)
    m = Match.from_position(p, seed=4, rules=TCR)
    m.apply(LayDown(0, (parse_cards("7S 7H 7D"),)))
    listed = m.legal_actions()
    assert Meld(0, parse_cards("5C 6C JK"), "low") in listed and Meld(0, parse_cards("5C 6C JK")) in listed
    m.apply(Meld(0, parse_cards("5C 6C JK"), "low"))
    run = m.table[1]
    assert run.kind == "run" and run.cards == parse_cards("JK 5C 6C") and run.ranks == (4, 5, 6)
    assert (parse_cards("3C")[0], None) in [(a.cards[0], a.end) for a in m.legal_actions()
                                            if isinstance(a, AddToSet) and a.set_index == 1]
    m.apply(AddToSet(0, 1, parse_cards("3C")))  # C11: the next card at the low end
    assert m.table[1].cards == parse_cards("3C JK 5C 6C")
    before = m.snapshot()
    with pytest.raises(IllegalActionError, match="breaks it"):
        m.apply(AddToSet(0, 1, parse_cards("8C")))  # 7C is missing: not the next card
    assert m.snapshot() == before


def test_c7_a_player_who_melds_its_last_card_does_not_draw_or_discard():
    p = early_position(round_no=1, hands=("7S 7H 7D", "4S 5S 9C", "4H 5H 9D", "4D 5D 9S"), discard_pile="KD", dealer=3)
    m = Match.from_position(p, seed=7, rules=TCR)
    at = len(m.log)
    m.apply(LayDown(0, (parse_cards("7S 7H 7D"),)))
    assert m.log[at + 1] == m.round_results[0] and m.round_results[0].went_out == 0
    assert m.round_no == 2 and m.scores == [0, 5 + 4 + 9, 4 + 5 + 9, 4 + 5 + 9]


def test_c4_a_new_run_given_in_rank_order_keeps_its_wild_where_it_was_put():
    p = early_position(round_no=1, hands=("7S 7H 7D 5C 6C JK 9H", "4S 5S", "4H 5H", "4D 5D"),
                       discard_pile="KD", dealer=3)
    m = Match.from_position(p, seed=4, rules=TCR)
    m.apply(LayDown(0, (parse_cards("7S 7H 7D"),)))
    m.apply(Meld(0, parse_cards("JK 5C 6C")))  # in rank order: the joker is the four
    assert m.table[1].ranks == (4, 5, 6) and str(m.table[1]).startswith("run of clubs 4-6")


def test_c16_a_view_does_not_change_with_the_cards_it_may_not_see():
    # Two deals that differ only in seat 1's hand and the stock's order below its top.
    views = []
    for hand, stock in (("4S 5S 9C", "2C 8D 3S QH"), ("4H 5H 9D", "2C 3S 8D QH")):
        p = early_position(round_no=2, hands=("7S 7H 7D KC", hand, "6H 6D TC", "3D 3C TD"),
                           discard_pile="KD", stock=stock, dealer=3)
        m = Match.from_position(p, seed=16, rules=TCR)
        m.apply(Pass(0))  # draws 2C, private
        m.apply(Discard(0, parse_cards("KC")[0]))
        m.apply(TakeDiscard(1))  # takes KC: public
        m.apply(Discard(1, parse_cards("KC")[0]))
        m.apply(Pass(2))  # draws 8D or 3S, private
        views.append(m.view(0))
    assert views[0] == views[1]
