"""Ten Card Rummy's odds (C1-C5, C8): exact counts against enumeration and simulation.

The enumerations share no code with ``tenpennies.odds``: hands are listed as multisets
of card values, weighted by how many physical hands each stands for, and a hand of
exactly the contract's size holds it when ``melds.meld_kinds`` names a kind it makes.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from tenpennies import TEN_CARD_RUMMY, Card, parse_cards
from tenpennies.engine.cards import JOKER
from tenpennies.engine.errors import TenPenniesError
from tenpennies.engine.melds import meld_kinds
from tenpennies.odds import (
    Estimate, buy_or_pass, dealt_chance, dealt_probability, draw_odds, exact_dealt_rounds, simulate_dealt,
)

TCR = TEN_CARD_RUMMY


def one_round(rules, size: int, hand_size: int):
    """The rule set cut down to one round whose contract is one meld of ``size``."""
    return rules.replace(contracts=((1, size),), wild_ranks=(frozenset(),), wild_limits=(rules.wild_limits[0],),
                         hand_size=hand_size)


def enumerate_melds(rules) -> Fraction:
    """The chance that a dealt hand is itself a meld, by listing every multiset of cards."""
    deck = Counter(rules.deck())
    values = sorted(deck, key=lambda c: c.index)
    h = rules.hand_size
    hits = 0
    for combo in itertools.combinations_with_replacement(values, h):
        counts = Counter(combo)
        if any(counts[c] > deck[c] for c in counts):
            continue
        if meld_kinds(combo, 1, rules):
            hits += math.prod(math.comb(deck[c], k) for c, k in counts.items())
    return Fraction(hits, math.comb(rules.deck_size, h))


@pytest.mark.parametrize("players", [4, 7])
def test_c1_c3_c4_a_hand_of_three_is_a_meld_as_often_as_counted(players):
    rules = one_round(TCR.with_players(players), 3, 3)
    assert dealt_probability(1, rules) == enumerate_melds(rules)


def test_c3_without_going_over_the_top_the_count_still_equals_enumeration():
    rules = one_round(TCR, 3, 3).replace(runs_wrap=False)
    p = dealt_probability(1, rules)
    assert p == enumerate_melds(rules)
    assert p < dealt_probability(1, one_round(TCR, 3, 3))  # K A 2 is a run only over the top


def test_c4_c5_round_11_the_whole_hand_is_one_meld_of_10():
    # Counted a second way: a set of 10 is 6-8 of the 8 cards of one rank plus jokers
    # (naturals outnumber wilds, C4); a run of 10 is 6-10 ranks of one suit inside ten
    # consecutive ranks round the circle (C3), each rank from either deck, plus jokers.
    sets = 13 * sum(math.comb(8, n) * math.comb(4, 10 - n) for n in range(6, 9))
    arcs = [frozenset((start + k) % 13 for k in range(10)) for start in range(13)]
    runs = 0
    for n in range(6, 11):
        fitting = sum(1 for ranks in itertools.combinations(range(13), n) if any(set(ranks) <= a for a in arcs))
        runs += 4 * fitting * 2 ** n * math.comb(4, 10 - n)
    assert dealt_probability(11, TCR) == Fraction(sets + runs, math.comb(108, 10))


def test_c5_exact_rounds_are_the_one_meld_rounds():
    assert exact_dealt_rounds(TCR) == (1, 3, 5, 7, 8, 9, 10, 11)
    assert all(len(TCR.contract(r).melds) == 1 for r in exact_dealt_rounds(TCR))
    assert exact_dealt_rounds(TCR.with_players(8)) == exact_dealt_rounds(TCR)
    assert exact_dealt_rounds() == tuple(range(1, 8))  # Ten Pennies: every round


def test_c5_chances_fall_as_the_meld_grows():
    chances = [dealt_probability(r, TCR) for r in exact_dealt_rounds(TCR)]
    assert all(a > b for a, b in zip(chances, chances[1:]))
    assert 0 < chances[-1] < chances[0] < 1


def test_c5_two_meld_rounds_are_estimated_never_passed_off_as_exact():
    with pytest.raises(TenPenniesError, match="dealt_chance"):
        dealt_probability(2, TCR)
    estimate = dealt_chance(2, TCR, samples=300, seed=1)
    assert isinstance(estimate, Estimate) and estimate.samples == 300
    assert estimate == dealt_chance(2, TCR, samples=300, seed=1)  # seeded
    assert 0 < estimate.standard_error < 0.05
    exact = dealt_chance(1, TCR)
    assert isinstance(exact, Fraction) and exact == dealt_probability(1, TCR)


def test_c5_two_melds_of_3_are_rarer_than_one():
    estimate = dealt_chance(2, TCR, samples=1500, seed=2)
    assert estimate.estimate + 4 * estimate.standard_error < dealt_probability(1, TCR)


def test_the_numpy_path_counts_sets_only():
    with pytest.raises(TenPenniesError, match="runs"):
        simulate_dealt(1, TCR, samples=10, use_numpy=True)


@pytest.mark.parametrize("round_no, players", [(1, 4), (3, 4), (5, 6), (1, 8)])
def test_c1_c5_simulation_by_the_solver_agrees_with_the_exact_count(round_no, players):
    rules = TCR.with_players(players)
    estimate = simulate_dealt(round_no, rules, samples=2000, seed=round_no + players)
    assert estimate.method == "python"
    assert abs(estimate.z_score(dealt_probability(round_no, rules))) < 4


def brute_outs(hand, round_no, rules):
    """The card values that make one meld of the contract with the hand, by trying
    every group of the hand with the new card."""
    size = rules.contract(round_no).size
    found = []
    for card in sorted(Counter(rules.deck()), key=lambda c: c.index):
        if Counter(hand)[card] >= Counter(rules.deck())[card]:
            continue
        cards = tuple(hand) + (card,)
        if any(meld_kinds(group, round_no, rules)
               for n in range(size, len(cards) + 1) for group in itertools.combinations(cards, n)):
            found.append(card)
    return found


def test_c3_c11_draw_odds_outs_reach_both_ends_of_a_run_and_over_the_top():
    hand = parse_cards("QH KH 5C 9D")  # round 1: one meld of 3
    result = draw_odds(hand, 1, 1, rules=TCR)
    assert set(result.outs) == set(brute_outs(hand, 1, TCR))
    assert {Card("JH"), Card("AH"), JOKER} <= set(result.outs)  # Q K A: ace high (C3)
    assert result.probability == Fraction(sum(Counter(TCR.deck())[c] - Counter(hand)[c] for c in result.outs),
                                          TCR.deck_size - len(hand))


def test_c3_draw_odds_over_the_top_and_the_gap():
    hand = parse_cards("KS 2S 7D 7C 9H")
    outs = set(draw_odds(hand, 1, 1, rules=TCR).outs)
    assert outs == set(brute_outs(hand, 1, TCR))
    assert Card("AS") in outs and Card("7H") in outs and JOKER in outs


def test_c8_taking_the_discard_on_ones_own_turn_is_free():
    hand = parse_cards("QH KH 5C 9D 3S 3D 8C 6H TS 4C")
    decision = buy_or_pass(hand, Card("AH"), 1, rules=TCR)
    assert decision.buy.k == 0 and decision.buy_probability == 1
    assert "for nothing" in decision.assumptions[0]
    other = buy_or_pass(hand, Card("AH"), 4, my_turn=False, rules=TCR)
    assert other.buy.k == TCR.buy_extra_cards == 1  # C9: one extra stock card
    assert "token" not in other.assumptions[0]


def test_c3_c5_draw_odds_for_two_cards_agree_with_simulation():
    from tenpennies.odds import simulate_draw

    hand = parse_cards("5S 6S 9H 9D KC 2D 4H JC")  # round 2: two melds of 3, two cards short
    exact = draw_odds(hand, 2, 2, rules=TCR)
    estimate = simulate_draw(hand, 2, 2, rules=TCR, samples=2000, seed=4)
    assert 0 < exact.probability < 1
    assert abs(estimate.z_score(exact.probability)) < 4
