"""Trying actions out (tenpennies.bots.rollouts): worlds the view allows, paired, seeded, both games."""

import math
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies import Match, Position
from tenpennies.engine.actions import Buy, Discard, LayDown, Pass, TakeDiscard
from tenpennies.bots.rollouts import Estimate, Worlds, compare, known_in_hands, paired_difference, rollout_margins
from tenpennies.bots.strong import StrongBot
from tenpennies.engine.errors import TenPenniesError
from tenpennies.play.match import Phase
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES

PUBLIC_FIELDS = ("seat", "rules", "round_no", "contract", "active", "to_act", "hand", "hand_sizes", "tokens",
                 "scores", "opened", "table", "discard_pile", "top_discarder", "stock_size")


def decisions(rules, seed, every=1, limit=10_000):
    """(view, match) at every ``every``-th decision of a seeded match of strong bots that
    has at least two listed actions (a choice to compare), the match as it stood."""
    m, bot, k = Match(seed, rules), StrongBot(), 0
    while not m.is_over and k < limit:
        view = m.view(m.to_act)
        if len(view.legal_actions) >= 2:
            if k % every == 0:
                yield view, m
            k += 1
        m.apply(bot.act(view))


def lay_down_position():
    """Seat 0, in round 1 of Ten Pennies, has drawn and holds two sets of three: lay down,
    or throw a card of a set and stay closed?"""
    p = Position(round_no=1, hands=("7S 7H 7D 9S 9H 9D KC 4D 5C 8D JH", "QD QH 3C 5S 6S 2D TD TC 3S 4S JD",
                                    "2S 2H 5H 8H 8C 6H 6C 3H 4H QC JS", "TS TH JC KS KH KD 4C 5D 6D 3D 2C"),
                 discard_pile="AS", dealer=3, active=0, top_discarder=3)
    m = Match.from_position(p, seed=3)
    while m.phase is Phase.OFFER:
        m.apply(Pass(m.to_act))
    return m.view(0)


# -- the worlds ------------------------------------------------------------------------
@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten-pennies", "ten-card-rummy"])
def test_t20_a_sampled_world_shows_the_seat_exactly_its_view(rules):
    """Every public field and the seat's own hand are kept; only the unseen cards move."""
    checked, moved = 0, 0
    for view, match in decisions(rules, seed=11, every=7, limit=400):
        worlds = Worlds(view)
        for k in range(2):
            world = worlds.sample(random.Random(k), k)
            mine = world.view(view.seat)
            for field in PUBLIC_FIELDS:
                if field != "top_discarder" or view.discard_pile:  # (an emptied pile has no discarder)
                    assert getattr(mine, field) == getattr(view, field), field
            stand_in = view.phase is Phase.OFFER and view.seat == view.active and rules.meld_before_draw
            assert mine.phase is (Phase.MELD if stand_in else view.phase)
            assert world.all_cards() == Counter(rules.deck())
            for s, cards in known_in_hands(view).items():
                assert not cards - Counter(world.hands[s])  # a bought or taken card stays with its holder
            moved += any(Counter(world.hands[s]) != Counter(match.hands[s])
                         for s in range(rules.players) if s != view.seat)
            checked += 1
    assert checked > 20 and moved > checked // 2  # the hidden cards really are dealt afresh


def test_c8_a_card_taken_from_the_pile_is_known_to_be_in_the_takers_hand():
    """Ten Card Rummy: the top discard taken freely is public (C8), as a purchase is (T20)."""
    found = 0
    for view, _ in decisions(TEN_CARD_RUMMY, seed=4, limit=300):
        taken = [e for e in view.log if type(e).__name__ == "Draw" and e.seat != view.seat
                 and e.source.value == "taken"]
        if taken and known_in_hands(view):
            found += 1
            assert all(s != view.seat for s in known_in_hands(view))
    assert found > 0


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([TEN_PENNIES, TEN_CARD_RUMMY]), st.integers(0, 60))
def test_every_sampled_world_holds_the_whole_deck_and_reaches_the_decision(seed, rules, step):
    view = None
    for view, _ in decisions(rules, seed, limit=step + 1):
        pass
    world = Worlds(view).sample(random.Random(seed), seed)
    assert world.to_act == view.seat
    assert world.all_cards() == Counter(rules.deck())
    assert Counter(world.hands[view.seat]) == Counter(view.hand)



def test_t12_a_hand_melded_down_to_its_last_card_is_sampled_with_this_turns_melds_played_again():
    """After laying down or melding to one card (T10, T12), the card drawn cannot go back to
    the stock (the turn would start with no card): the world starts before this turn's
    melds and plays them again, so it shows the seat its view, and the decision (go out, or
    keep the card) can be compared. Seed 5's match reaches such a decision in round 1."""
    found = 0
    for view, _ in decisions(TEN_PENNIES, seed=5, limit=300):
        if view.phase is not Phase.PLAY or len(view.hand) != 1:
            continue
        found += 1
        world = Worlds(view).sample(random.Random(1), 1)
        mine = world.view(view.seat)
        for field in PUBLIC_FIELDS:
            assert getattr(mine, field) == getattr(view, field), field
        assert world.all_cards() == Counter(TEN_PENNIES.deck())
        found_ = compare(view, view.legal_actions, rollouts=2, seed=1)
        assert len(found_) == len(view.legal_actions)
    assert found >= 1

# -- comparing -------------------------------------------------------------------------
def test_the_same_seed_gives_the_same_numbers_and_another_seed_other_worlds():
    view = lay_down_position()
    actions = (view.legal_actions[0], Discard(0, view.hand[0]))
    first = compare(view, actions, rollouts=4, seed=1, policy="quick")
    assert first == compare(view, actions, rollouts=4, seed=1, policy="quick")
    assert first != compare(view, actions, rollouts=4, seed=2, policy="quick")
    assert list(first) == list(actions) and {e.n for e in first.values()} == {4}


def test_the_decision_is_judged_from_the_view_alone():
    """Two matches that differ only in the cards seat 0 cannot see give the same numbers."""
    view = lay_down_position()
    other = Worlds(view).sample(random.Random(99), 99)
    assert [Counter(h) for h in other.hands[1:]] != [Counter(h) for h in
                                                    Worlds(view).sample(random.Random(98), 98).hands[1:]]
    again = other.view(0)
    actions = (view.legal_actions[0], Discard(0, view.hand[-1]))
    assert compare(view, actions, rollouts=3, seed=5) == compare(again, actions, rollouts=3, seed=5)


def test_the_paired_difference_is_the_difference_of_the_means_with_its_own_error():
    view = lay_down_position()
    a, b = view.legal_actions[0], Discard(0, view.hand[0])
    both = compare(view, (a, b), rollouts=6, seed=3)
    d = paired_difference(view, a, b, rollouts=6, seed=3)
    assert d.n == 6 and math.isclose(d.mean, both[a].mean - both[b].mean, abs_tol=1e-9)
    ma, mb = rollout_margins(view, (a, b), 6, 3)
    assert d == Estimate.of([x - y for x, y in zip(ma, mb)])
    assert paired_difference(view, b, a, rollouts=6, seed=3).mean == pytest.approx(-d.mean)
    assert paired_difference(view, a, a, rollouts=6, seed=3) == Estimate(0.0, 0.0, 6)


def test_t13_laying_down_the_contract_beats_breaking_it_and_lower_is_better():
    """Laying two sets of three down in round 1 ends the round far better than throwing
    a card of a set: its margin is lower, and the paired interval clears zero."""
    view = lay_down_position()
    lay = next(a for a in view.legal_actions if isinstance(a, LayDown))
    broken = Discard(0, next(c for c in view.hand if c.rank == 7))
    found = compare(view, (lay, broken), rollouts=16, seed=0)
    assert found[lay].mean < found[broken].mean
    d = paired_difference(view, lay, broken, rollouts=16, seed=0)
    assert d.high < 0


def test_t4_a_purchase_is_charged_its_tokens_worth():
    """A purchase's margin includes the token's price: the same worlds priced at 0 and 30
    differ by exactly 30 for Buy, and not at all for Pass."""
    p = Position(round_no=1, hands=("7S 7H 9S 9H KC 4D 5C 8D JH QS 3C", "QD QH 3H 5S 6S 2D TD TC 3S 4S JD",
                                    "2S 2H 5H 8H 8C 6H 6C 3D 4H QC JS", "TS TH JC KS KH KD 4C 5D 6D AD 2C"),
                 discard_pile="6C 7D", dealer=3, active=1, top_discarder=3)
    m = Match.from_position(p, seed=2)
    m.apply(Pass(1))
    m.apply(Pass(2))
    view = m.view(0)
    assert view.to_act == 0 and view.phase is Phase.OFFER
    free = compare(view, (Buy(0), Pass(0)), rollouts=3, seed=1, token_points=0.0, policy="quick")
    dear = compare(view, (Buy(0), Pass(0)), rollouts=3, seed=1, token_points=30.0, policy="quick")
    assert dear[Buy(0)].mean == pytest.approx(free[Buy(0)].mean + 30)
    assert dear[Pass(0)] == free[Pass(0)]


def test_c9_ten_card_rummy_is_compared_with_the_strong_policy_and_no_token_price():
    for view, _ in decisions(TEN_CARD_RUMMY, seed=8, limit=200):
        if view.phase is Phase.MELD and any(isinstance(a, TakeDiscard) for a in view.legal_actions):
            break
    else:
        pytest.fail("no meld phase with a take in 200 decisions")
    take = next(a for a in view.legal_actions if isinstance(a, TakeDiscard))
    found = compare(view, (take, Pass(view.seat)), rollouts=3, seed=2)
    assert set(found) == {take, Pass(view.seat)} and all(e.n == 3 for e in found.values())
    with pytest.raises(TenPenniesError, match="quick"):
        compare(view, (take, Pass(view.seat)), rollouts=1, policy="quick")


def test_an_action_the_decision_does_not_allow_is_refused_in_words():
    view = lay_down_position()
    with pytest.raises(TenPenniesError, match="cannot be tried out"):
        compare(view, (Buy(0), view.legal_actions[0]), rollouts=1)
    other = Match(1).view(1)
    with pytest.raises(TenPenniesError, match="not seat 1's decision"):
        compare(other, (Pass(1),), rollouts=1)


def test_an_estimate_is_a_mean_with_its_standard_error():
    e = Estimate.of([1.0, 2.0, 3.0, 6.0])
    assert e.mean == 3.0 and e.n == 4
    assert e.se == pytest.approx(math.sqrt((4 + 1 + 0 + 9) / 3 / 4))
    assert e.low < 3.0 < e.high and e.high - 3.0 == pytest.approx(1.959963984540054 * e.se)
    assert math.isnan(Estimate.of([2.0]).se)
    with pytest.raises(TenPenniesError):
        Estimate.of([])


def test_a_step_budget_stops_after_two_worlds_at_least_and_keeps_the_first_worlds():
    view = lay_down_position()
    a, b = view.legal_actions[0], Discard(0, view.hand[0])
    full = rollout_margins(view, (a, b), 6, 3, policy="quick")
    short = rollout_margins(view, (a, b), 6, 3, policy="quick", step_budget=1)
    assert [len(xs) for xs in short] == [2, 2] and [xs[:2] for xs in full] == short
    assert compare(view, (a, b), rollouts=6, seed=3, policy="quick", step_budget=1)[a] == Estimate.of(short[0])
