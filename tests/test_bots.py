"""The bots: they see only their view (T20), play legally, reproducibly, and in order of strength."""

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, parse_cards
from tenpennies.engine.actions import AddToSet, Buy, Discard, Draw, LayDown, Meld, Pass, RoundEnd
from tenpennies.bots import Bot, bot_names, bot_seed, make_bot, play_match
from tenpennies.bots.random_bot import RandomBot
from tenpennies.bots.expert import ExpertBot
from tenpennies.bots.strong import StrongBot
from tenpennies.bots.tactics import shedding_action
from tenpennies.bots.thumb import ThumbBot
from tenpennies.play.match import Match, Phase, Position
from tenpennies.odds import draw_odds, unseen_cards
from tenpennies.solver import cards_needed, discard_chances, outs
from test_view_walk import leaks


def test_registry_names_and_protocol():
    assert bot_names() == ("random", "thumb", "strong", "expert")
    for name in bot_names():
        bot = make_bot(name, seed=1)
        assert isinstance(bot, Bot) and bot.name == name


def test_unknown_bot_name_says_which_exist():
    with pytest.raises(ValueError, match="no bot named 'clever'.*random, thumb, strong"):
        make_bot("clever")


def test_bot_seeds_differ_by_seat_and_match():
    seeds = {bot_seed(m, s) for m in range(3) for s in range(4)}
    assert len(seeds) == 12


class _Recorder:
    """Plays like the thumb bot and keeps every view it is given."""

    name = "recorder"

    def __init__(self, seed=0):
        self.inner = ThumbBot(seed)
        self.views = []

    def act(self, view):
        self.views.append(view)
        return self.inner.act(view)


def test_t20_a_bot_sees_no_other_hand_and_no_stock():
    # Everything a bot can reach from the view it is given is walked (test_view_walk):
    # no match (a view that kept one let a bot read every hand, and even swap them), no
    # other hand, no stock, nothing it could change. Its log hides the others' stock cards.
    recorder, match = _Recorder(), Match(seed=2)
    bots = [recorder, ThumbBot(1), ThumbBot(2), ThumbBot(3)]
    walked = 0
    while not match.is_over:
        seat = match.to_act
        view = match.view(seat)
        if seat == 0 and len(recorder.views) % 10 == 0:
            assert leaks(view, match) == [], len(match.log)
            walked += 1
        match.apply(bots[seat].act(view))
    assert walked > 10
    for view in recorder.views[::25]:
        assert view.seat == 0
        for entry in view.log:
            if isinstance(entry, Draw) and entry.seat != 0 and entry.source != "discard":
                assert entry.card is None
            if isinstance(entry, RoundEnd):
                assert all(h == () for i, h in enumerate(entry.hands) if i != 0)


def test_t20_a_view_is_the_same_whatever_the_others_hold():
    # Two deals alike for seat 0 (its hand, the pile, the table) but with seats 1 and 2's
    # hands swapped: any field that let seat 0 see another hand would tell them apart.
    mine, pile = "7S 7H 7D 9S 9H 3C 5D TC QH KD 4H", "9D"
    others = ["3S 4H 6D 8C TS JS QS", "3H 4D 6C 8S TH JH QC", "3D 4C 6S 8H TD JD KC"]
    swapped = [others[1], others[0], others[2]]
    first, second = (Match.from_position(Position(round_no=1, hands=(mine, *o), dealer=3, discard_pile=pile),
                                         seed=5) for o in (others, swapped))
    assert first.hands[1] != second.hands[1]
    for step in range(12):  # the offer, seat 0's turn, and the next seats' offers and turns
        assert first.view(0) == second.view(0), f"step {step}"
        if first.to_act != 0:
            # Others act alike in both: pass an offer, else discard the card both hold.
            shared = [a for a in first.legal_actions() if isinstance(a, Discard) and a in second.legal_actions()]
            action = Pass(first.to_act) if first.phase is Phase.OFFER else shared[0]
        else:
            action = first.legal_actions()[-1]
        first.apply(action)
        second.apply(action)


@pytest.mark.parametrize("lineup", [["random", "thumb", "strong", "thumb"], ["strong"] * 4])
def test_bots_play_whole_matches_legally_and_reproducibly(lineup):
    a = play_match(lineup, seed=9)
    b = play_match(lineup, seed=9)
    assert a.is_over and len(a.round_results) == 7
    assert a.snapshot() == b.snapshot()


class _RandomByView:
    """The random bot without act_on_listing: the loop must make it a view to act on."""

    name = "random"

    def __init__(self, seed=0):
        self.inner = RandomBot(seed)
        self.views = 0

    def act(self, view):
        self.views += 1
        return self.inner.act(view)


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten_pennies", "ten_card_rummy"])
def test_t20_the_random_bot_chooses_from_the_matchs_listing_as_from_its_view(rules):
    # The loop gives the random bot the match's listing instead of a view: the same
    # actions in the same order, so the same matches, action for action.
    for seed in (3, 4):
        by_view = [_RandomByView(bot_seed(seed, s)) for s in range(4)]
        assert play_match(["random"] * 4, seed, rules).log == play_match(by_view, seed, rules).log
        assert all(bot.views > 100 for bot in by_view)


def test_a_bot_that_chooses_from_the_listing_is_given_no_view():
    class Lister:
        name = "lister"

        def __init__(self):
            self.listings = 0

        def act(self, view):
            raise AssertionError("given a view")

        def act_on_listing(self, legal_actions):
            self.listings += 1
            assert type(legal_actions) is list and all(a.seat == legal_actions[0].seat for a in legal_actions)
            return legal_actions[-1]  # a pass, or a discard

    bots = [Lister(), Lister(), Lister(), Lister()]
    assert play_match(bots, seed=1).is_over
    assert all(bot.listings > 100 for bot in bots)


def test_a_bot_that_cheats_with_an_illegal_action_is_named():
    class Cheat:
        name = "cheat"

        def act(self, view):
            return Discard(view.seat, parse_cards("JK")[0]) if view.phase is Phase.PLAY else Pass(view.seat)

    with pytest.raises(ValueError, match="bot 'cheat' at seat"):
        play_match([Cheat(), Cheat(), Cheat(), Cheat()], seed=1)


def test_play_match_needs_one_bot_per_seat():
    with pytest.raises(ValueError, match="needs 4 bots"):
        play_match(["thumb"] * 3)


def _position(hand, **kw):
    others = ("3S 4H 6D 8C TS", "3H 4D 6C 8S TH", "3D 4C 6S 8H TD")
    return Position(round_no=kw.pop("round_no", 1), hands=(hand,) + others, dealer=3, **kw)


def test_open_bots_meld_before_they_discard():
    table = ((0, "9S 9H 9D"), (0, "KS KH KD"))
    position = _position("7S 7H 7D 5C QD", table=table, discard_pile="4S")
    for bot in (ThumbBot(), StrongBot()):
        match = Match.from_position(position, seed=1)
        match.apply(Pass(0))
        for seat in (1, 2, 3):
            match.apply(Pass(seat))
        assert match.phase is Phase.PLAY
        action = bot.act(match.view(0))
        assert isinstance(action, Meld) and sorted(c.rank for c in action.cards) == [7, 7, 7]


def test_bots_lay_down_as_soon_as_they_can():
    position = _position("7S 7H 7D 9S 9H JK 3C KD", discard_pile="4S")
    for bot in (ThumbBot(), StrongBot()):
        match = Match.from_position(position, seed=1)
        for seat in range(4):
            match.apply(Pass(seat))
        assert isinstance(bot.act(match.view(0)), LayDown)


def test_strong_buys_the_card_that_completes_its_contract():
    position = _position("7S 7H 7D 9S 9H 3C 5D TC QH KD 4H", discard_pile="9D", tokens=(1, 10, 10, 10))
    match = Match.from_position(position, seed=1)
    assert StrongBot().act(match.view(0)) == Buy(0)


def test_strong_passes_a_card_that_is_no_out():
    hand = "7S 7H 7D 9S 9H 3C 5D TC QH KD 4H"
    assert parse_cards("8C")[0] not in outs(parse_cards(hand), 1)
    match = Match.from_position(_position(hand, discard_pile="8C"), seed=1)
    assert StrongBot().act(match.view(0)) == Pass(0)


def test_thumb_keeps_a_token_for_each_round_to_come():
    position = _position("7S 7H 7D 9S 9H 3C 5D TC QH KD 4H", discard_pile="9D", tokens=(6, 10, 10, 10))
    match = Match.from_position(position, seed=1)
    assert ThumbBot().act(match.view(0)) == Pass(0)
    rich = Match.from_position(_position("7S 7H 7D 9S 9H 3C 5D TC QH KD 4H", discard_pile="9D"), seed=1)
    assert ThumbBot().act(rich.view(0)) == Buy(0)


def test_strong_discards_keep_the_contract_closest():
    # Two sets of 3: the pairs and the trio build it, the lone king does not.
    position = _position("7S 7H 7D 9S 9H 4C 4D KS QC", discard_pile="2C")
    match = Match.from_position(position, seed=1)
    for seat in range(4):
        match.apply(Pass(seat))
    action = StrongBot().act(match.view(0))
    assert isinstance(action, Discard) and action.card.rank in (12, 13)


def test_shedding_prefers_a_natural_trio_to_an_addition():
    from tenpennies.engine.actions import AddToSet

    cards = parse_cards("7S 7H 7D")
    legal = [AddToSet(0, 0, (cards[0],)), Meld(0, cards), Discard(0, cards[0])]
    assert shedding_action(legal, TEN_PENNIES.wild_table(1)) == Meld(0, cards)
    assert shedding_action([Discard(0, cards[0])], TEN_PENNIES.wild_table(1)) is None


def test_strength_order_strong_thumb_random():
    from tenpennies.play.simulate import simulate, summarize

    s = summarize(simulate(["strong", "thumb", "strong", "thumb"], matches=16, seed=3, workers=1))
    assert s.difference("strong", "thumb").high < 0
    s = summarize(simulate(["thumb", "random", "thumb", "random"], matches=4, seed=3, workers=1))
    assert s.difference("thumb", "random").high < 0


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_one_card_odds_are_the_outs_unseen_copies_among_the_unseen_cards(data):
    """What the strong bot weighs a buy by, when buying leaves it one card short: with one
    card needed the outs are exactly the completing cards, so draw_odds for one card is
    their unseen copies over all unseen cards (the bot counts it so, without draw_odds)."""
    deck = list(TEN_PENNIES.deck())
    r = data.draw(st.integers(1, 7))
    # A hand of few ranks and wilds is often one card short; the seen cards come from anywhere.
    ranks = data.draw(st.sets(st.integers(1, 13), min_size=1, max_size=3))
    near = [i for i, c in enumerate(deck) if c.rank in ranks or TEN_PENNIES.is_wild(c, r)]
    held = data.draw(st.lists(st.sampled_from(near), min_size=1, max_size=8, unique=True))
    hand = [deck[i] for i in held]
    need = cards_needed(hand, r)
    assume(need)
    while need > 1:  # each out brings it one closer
        hand.append(data.draw(st.sampled_from(outs(hand, r))))
        need -= 1
    assert cards_needed(hand, r) == 1
    rest = list((Counter(deck) - Counter(hand)).elements())
    seen = [rest[i] for i in data.draw(st.lists(st.sampled_from(range(len(rest))), max_size=40, unique=True))]
    unseen = unseen_cards(hand, seen)
    ways = sum(unseen[c] for c in outs(hand, r))
    assert Fraction(ways, sum(unseen.values())) == draw_odds(hand, 1, r, seen).probability


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_PENNIES.replace(repeated_suits_allowed=True)])
def test_may_shed_is_false_only_when_nothing_can_be_melded_or_added(rules):
    """Bots skip listing their actions when may_shed says no: the listing must agree (and
    open_outlook, which the strong bot asks, must answer as may_go_out and may_shed do)."""
    from tenpennies.bots.tactics import may_go_out, may_shed, open_outlook

    said = Counter()
    for seed in range(3):
        m = Match(seed=seed, rules=rules)
        bots = [make_bot(name, seed) for name in ("random", "thumb", "strong", "random")]
        while not m.is_over:
            seat = m.to_act
            if m.phase is Phase.PLAY and m.opened[seat]:
                sheds = any(isinstance(a, (Meld, AddToSet)) for a in m.legal_actions())
                maybe = may_shed(m.hands[seat], m.table, m.round_no, rules)
                assert maybe or not sheds, (seed, m.round_no, m.hands[seat], m.table)
                assert open_outlook(m.hands[seat], m.table, m.round_no, rules) == (
                    may_go_out(m.hands[seat], m.table, m.round_no, rules), maybe)
                said[maybe, sheds] += 1
            m.apply(bots[seat].act(m.view(seat)))
    assert said[False, False] > 50 and said[True, True] > 50  # both answers were checked often


def test_may_go_out_is_false_only_when_no_plan_empties_the_hand():
    """The strong bot skips planning when may_go_out says no: plan_go_out must agree."""
    from tenpennies.bots.tactics import may_go_out
    from tenpennies.solver import plan_go_out

    said = Counter()
    for seed in range(3):
        m = Match(seed=seed)
        bots = [make_bot(name, seed) for name in ("strong", "thumb", "strong", "random")]
        while not m.is_over:
            seat = m.to_act
            hand, opened = m.hands[seat], m.opened[seat]
            # Closed hands of many cards make the search slow; they are few and alike.
            if m.phase is Phase.PLAY and (opened or len(hand) <= 12):
                maybe = may_go_out(hand, m.table, m.round_no, m.rules)
                plan = plan_go_out(hand, m.table, m.round_no, opened, m.rules)
                assert maybe or plan is None, (seed, m.round_no, hand, m.table)
                said[maybe, plan is not None] += 1
            m.apply(bots[seat].act(m.view(seat)))
    assert said[False, False] > 100 and said[True, True] > 10  # both answers were checked often


def test_strong_follows_its_plan_to_go_out():
    # Open seat 0 holds 5S 5H 5D KC and draws 7H, the kings on the table: meld, add, discard 7H.
    from tenpennies.solver import plan_go_out

    table = ((1, "KS KH KD"),)
    m = Match.from_position(Position(round_no=1, hands=("5S 5H 5D KC", "3S 4H 6D 8C TS JS 9H",
                                                        "3H 4D 6C 8S TH JH 9D", "3D 4C 6S 8H TD JD 9C"),
                                     table=table, opened=(True, True, False, False), dealer=3,
                                     discard_pile="2C", stock="7S 7H"), seed=1)
    while m.to_act != 0 or m.phase is not Phase.PLAY:
        m.apply(Pass(m.to_act))
    bot = StrongBot()
    while not m.is_over and m.round_no == 1:
        view = m.view(0)
        plan = plan_go_out(view.hand, view.table, 1, True)
        assert plan is not None
        m.apply(bot.act(view))
    assert m.round_results[0].went_out == 0


def test_t14_may_go_out_counts_one_natural_per_suit_in_a_new_set():
    """Two 4♠ and a 4♣ make no set of three without a wild (T14): no plan, and may_go_out
    says so at once; with a 4♥ instead the set is there and it must not say no."""
    from tenpennies import parse_cards
    from tenpennies.bots.tactics import may_go_out
    from tenpennies.solver import plan_go_out

    for cards, possible in (("3S 4S 4S 4C", False), ("3S 4S 4H 4C", True)):
        hand = parse_cards(cards)
        assert (plan_go_out(hand, (), 3, True) is not None) is possible
        assert may_go_out(hand, (), 3, TEN_PENNIES) is possible


def _closed_turn(hand: str, round_no: int, drawn: str):
    """Seat 0's view on its own turn, ``drawn`` just drawn from the stock, not yet down."""
    match = Match.from_position(_position(hand, round_no=round_no, discard_pile="4S", stock=f"{drawn} KC 5C"), seed=1)
    for seat in range(4):
        match.apply(Pass(seat))
    return match.view(0)


def test_strong_keeps_a_wild_its_contract_can_use_when_a_natural_throw_is_as_good():
    # Round 3, two sets of 4 with one wild each: both jokers can be used. Throwing a joker
    # or 8D leaves the hand as close, with as many outs; the joker is the costlier card.
    view = _closed_turn("5S 5S 5H 7S 6S 6H 6D 6C 7H 8D JK", 3, "JK")
    need, chances = discard_chances(view.hand, 3, unseen=unseen_cards(view.hand, view.seen_cards()))
    joker, eight = parse_cards("JK 8D")
    assert chances[joker] == chances[eight]
    for bot in (StrongBot(), ExpertBot(seed=1)):
        assert bot.act(view) == bot.decide(view).action == Discard(0, eight)
    assert StrongBot(keeps_wilds=False).act(view) == Discard(0, joker)  # the old tie-break


def test_strong_throws_a_wild_its_contract_cannot_use():
    # Round 5 (aces and twos wild, T15): seven wilds, and two sets of 5 take four at most.
    view = _closed_turn("AS AS AD AD 2H 2D 3C 5S 6D 7H 7C 9D TH", 5, "JK")
    assert StrongBot().act(view) == StrongBot().decide(view).action == Discard(0, parse_cards("JK")[0])
