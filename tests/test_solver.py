"""The contract solver, checked against an exhaustive search and against the rulings.

The exhaustive search below knows nothing of the solver's counting: it tries every
sub-multiset of the hand's cards of one natural rank plus every sub-multiset of its
wilds as a set (asking :func:`tenpennies.engine.sets.is_valid_set`), then every choice of
contract-many such sets that the hand can supply at once.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations_with_replacement, product

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tenpennies import TEN_PENNIES, HandError, parse_cards
from tenpennies.engine.cards import ALL_CARDS, sort_key
from tenpennies.engine.melds import make_table_set
from tenpennies.engine.sets import is_valid_set
from tenpennies.solver import (
    OBJECTIVES,
    Arrangement,
    MissingCards,
    can_lay_down,
    cards_needed,
    contract_arrangements,
    contract_problems,
    count_arrangements,
    find_contract,
    GoOutPlan,
    additions,
    is_contract,
    outs,
    plan_go_out,
    what_is_missing,
)

# -- the exhaustive search (the oracle) ---------------------------------------------


def exhaustive_sets(hand, round_no, rules):
    """Every distinct valid set of at least the contract's size in ``hand``."""
    size = rules.contracts[round_no - 1][1]
    wild = rules.wild_table(round_no)
    counts = Counter(hand)
    values = sorted(counts, key=sort_key)
    wilds = [v for v in values if wild[v.index]]
    ranks = sorted({v.rank for v in values if not wild[v.index]})
    found = []
    for rank in ranks:
        naturals = [v for v in values if not wild[v.index] and v.rank == rank]
        for pick in product(*(range(counts[v] + 1) for v in naturals + wilds)):
            cards = tuple(v for v, n in zip(naturals + wilds, pick) for _ in range(n))
            if len(cards) >= size and is_valid_set(cards, round_no, rules):
                found.append(cards)
    return found


def exhaustive_arrangements(hand, round_no, rules=TEN_PENNIES):
    """Every multiset-distinct arrangement, as a sorted tuple of sorted sets."""
    sets_needed = rules.contracts[round_no - 1][0]
    counts = Counter(hand)
    candidates = exhaustive_sets(hand, round_no, rules)
    for combo in combinations_with_replacement(range(len(candidates)), sets_needed):
        used = Counter()
        for i in combo:
            used.update(candidates[i])
        if all(used[v] <= counts[v] for v in used):
            yield normal(candidates[i] for i in combo)


def normal(sets):
    """An arrangement as the exhaustive search writes it: sorted sets of sorted cards."""
    return tuple(sorted((tuple(sorted(s, key=sort_key)) for s in sets), key=in_order))


def in_order(cards_or_sets):
    """A sort key for card tuples, or tuples of them (cards have no ``<``): reading order."""
    return [in_order(x) if isinstance(x, tuple) else x.order for x in cards_or_sets]


def objective_key(sets, round_no, rules, objective):
    """What each objective minimises, computed from the cards alone."""
    wild = rules.wild_table(round_no)
    cards = [c for s in sets for c in s]
    wilds = sum(wild[c.index] for c in cards)
    points = sum(rules.points(c) for c in cards)
    return {
        "fewest_wilds": (wilds, -points),
        "most_points": (-points, wilds),
        "fewest_cards": (len(cards), wilds, -points),
    }[objective]


def assert_valid(arrangement, hand, round_no, rules):
    sets_needed, size = rules.contracts[round_no - 1]
    wild = rules.wild_table(round_no)
    assert isinstance(arrangement, Arrangement)
    assert len(arrangement.sets) == sets_needed
    for s in arrangement.sets:
        assert len(s) >= size and is_valid_set(s, round_no, rules), s
        naturals = [c for c in s if not wild[c.index]]
        wilds = [c for c in s if wild[c.index]]
        assert list(s) == sorted(naturals, key=sort_key) + sorted(wilds, key=sort_key)
    used = Counter(arrangement.cards)
    held = Counter(hand)
    assert all(used[c] <= held[c] for c in used)
    assert arrangement.wilds == sum(wild[c.index] for c in arrangement.cards)
    assert arrangement.points == sum(rules.points(c) for c in arrangement.cards)
    assert arrangement.round_no == round_no


# -- hands ----------------------------------------------------------------------------


def random_hand(rng, rules, size):
    return tuple(rng.sample(rules.deck(), size))


def rich_hand(rng, rules, size):
    """A hand from few ranks, so contracts (and near misses) are common."""
    ranks = rng.sample(rules.ranks, rng.randint(2, 4))
    pool = [c for c in rules.deck() if c.suit is None or c.rank in ranks or rng.random() < 0.05]
    return tuple(rng.sample(pool, min(size, len(pool))))


VARIANTS = {
    "ten pennies": TEN_PENNIES,
    "repeated suits": TEN_PENNIES.replace(repeated_suits_allowed=True),
    "one deck": TEN_PENNIES.replace(decks=1, jokers=2),
    "three decks": TEN_PENNIES.replace(decks=3, jokers=6),
    "toy": TEN_PENNIES.replace(
        ranks=tuple(range(1, 9)),
        contracts=((3, 3), (2, 4), (1, 5)),
        wild_ranks=(frozenset(), frozenset({2}), frozenset({1, 2})),
        wild_limits=(0, 1, 2),
    ),
}


def sample_hands(rules, round_no, count, seed, sizes=(11, 12, 13, 14)):
    rng = random.Random(seed * 1000 + round_no)
    hands = []
    for n in range(count):
        size = sizes[n % len(sizes)]
        maker = rich_hand if n % 2 else random_hand
        hands.append(maker(rng, rules, size))
    return hands


# -- against the exhaustive search ---------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_feasibility_and_best_match_exhaustive_search(variant):
    rules = VARIANTS[variant]
    for round_no in range(1, rules.rounds + 1):
        count = 80 if rules is TEN_PENNIES else 30
        for hand in sample_hands(rules, round_no, count, seed=len(variant)):
            arrangements = list(exhaustive_arrangements(hand, round_no, rules))
            assert can_lay_down(hand, round_no, rules) == bool(arrangements), (hand, round_no)
            for objective in OBJECTIVES:
                found = find_contract(hand, round_no, rules, objective=objective)
                if not arrangements:
                    assert found is None
                    continue
                assert_valid(found, hand, round_no, rules)
                best = min(objective_key(a, round_no, rules, objective) for a in arrangements)
                assert objective_key(found.sets, round_no, rules, objective) == best, (
                    hand, round_no, objective, str(found))


def test_answer_does_not_depend_on_hand_order():
    rng = random.Random(7)
    for round_no in range(1, 8):
        for hand in sample_hands(TEN_PENNIES, round_no, 30, seed=3):
            shuffled = list(hand)
            rng.shuffle(shuffled)
            for objective in OBJECTIVES:
                assert find_contract(hand, round_no, objective=objective) == find_contract(
                    shuffled, round_no, objective=objective)


def test_unknown_objective_names_the_valid_ones():
    with pytest.raises(ValueError, match="fewest_wilds, most_points, fewest_cards"):
        find_contract(parse_cards("7S 7H 7D"), 2, objective="cheapest")


def test_bad_round_is_refused():
    with pytest.raises(ValueError, match="round 8 does not exist"):
        can_lay_down(parse_cards("7S 7H 7D"), 8)


# -- the rulings ---------------------------------------------------------------------


def test_t13_two_sets_may_share_a_rank():
    hand = parse_cards("7S 7H 7D 7S 7C 7H 4D")
    assert can_lay_down(hand, 1)
    found = find_contract(hand, 1)
    assert [len(s) for s in found.sets] == [3, 3]
    assert {c.rank for c in found.cards} == {7}


def test_t13_sets_of_one_rank_share_suits_evenly():
    # 7S twice, 7H and 7D once: 7S 7H + 7S 7D, each with a joker, is the only way.
    hand = parse_cards("7S 7S 7H 7D JK JK 3C 9D")
    assert can_lay_down(hand, 1)
    assert str(find_contract(hand, 1)) == "7S 7H JK; 7S 7D JK"


def test_t13_contract_sets_may_be_larger_than_stated():
    hand = parse_cards("9S 9H 9D 9C 5S 5H 5D 3C")
    assert str(find_contract(hand, 1)) == "5S 5H 5D; 9S 9H 9D 9C"
    assert str(find_contract(hand, 1, objective="fewest_cards")) == "5S 5H 5D; 9S 9H 9D"


def test_t13_whole_contract_or_nothing():
    # One set of 4 is there, the second of round 3's two is not.
    assert not can_lay_down(parse_cards("8S 8H 8D 8C 4S 4H JK 3D"), 3)
    assert find_contract(parse_cards("8S 8H 8D 8C 4S 4H JK 3D"), 3) is None


def test_t14_fifth_natural_refused():
    # Four natural suits at most: the second 8S cannot make a set of 5 in round 4.
    hand = parse_cards("8S 8H 8D 8C 8S 3D 4D")
    assert not can_lay_down(hand, 4)
    assert can_lay_down(hand + parse_cards("JK"), 4)


def test_t14_no_natural_suit_twice():
    assert not can_lay_down(parse_cards("8S 8S 8H 4D 5C 6H"), 2)
    assert not can_lay_down(parse_cards("8S 8S 8H 8C 4D"), 2)
    assert can_lay_down(parse_cards("8S 8S 8H 8C 8D 4D"), 2)


def test_t14_wild_limit_per_set():
    # Round 1 allows one wild per set: 5S + two jokers is no set.
    assert not can_lay_down(parse_cards("5S JK JK 9S 9H 9D"), 1)
    assert can_lay_down(parse_cards("5S 5H JK 9S 9H JK"), 1)
    # Round 7: four naturals and three wilds, no fewer naturals.
    assert can_lay_down(parse_cards("QS QH QD QC JK JK JK"), 7)
    assert not can_lay_down(parse_cards("QS QH QD JK JK JK JK"), 7)


def test_t14_at_least_one_natural():
    assert not can_lay_down(parse_cards("JK JK JK JK"), 1, TEN_PENNIES.replace(wild_limits=(3,) * 7))


def test_t14_round_6_is_four_naturals_and_two_wilds():
    found = find_contract(parse_cards("6S 6H 6D 6C 6S JK AS 2D KD"), 6)
    assert found.wilds == 2 and len(found.sets[0]) == 6
    assert not can_lay_down(parse_cards("6S 6H 6D 6C 6S JK KD"), 6)


def test_t15_aces_wild_in_round_5():
    hand = parse_cards("AS AH AD 9S 9H 9D KS KH KD")
    assert can_lay_down(hand, 1)          # three aces are a natural set in round 1
    assert not can_lay_down(hand, 5)      # but wild in round 5: no set of aces
    found = find_contract(hand, 5)         # two sets of 5 with two wilds each
    assert found is None or all(c.rank != 1 for s in found.sets for c in s[:3])
    assert str(find_contract(parse_cards("AS AH 9S 9H 9D KS KH KD 2C 2D"), 5)) == (
        "9S 9H 9D 2D 2C; KS KH KD AS AH")


def test_t15_twos_are_natural_before_round_5():
    assert can_lay_down(parse_cards("2S 2H 2D 2C"), 2)
    assert not can_lay_down(parse_cards("2S 2H 2D 2C 2S"), 6)


def test_t15_jokers_always_wild():
    for round_no in range(1, 8):
        found = find_contract(parse_cards("JK") + parse_cards("TS TH TD TC"), round_no)
        if found is not None:
            assert Card_is_joker_counted(found)


def Card_is_joker_counted(found):
    return found.wilds == sum(c.is_joker for c in found.cards)


# -- every arrangement ---------------------------------------------------------------


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_arrangement_matches_exhaustive_search(variant):
    rules = VARIANTS[variant]
    for round_no in range(1, rules.rounds + 1):
        for hand in sample_hands(rules, round_no, 12, seed=11, sizes=(9, 10, 11, 12)):
            expected = sorted(exhaustive_arrangements(hand, round_no, rules), key=in_order)
            listed = contract_arrangements(hand, round_no, rules)
            assert sorted((normal(a.sets) for a in listed), key=in_order) == expected
            assert len(set(listed)) == len(listed)        # each listed once
            assert count_arrangements(hand, round_no, rules) == len(expected)
            for a in listed:
                assert_valid(a, hand, round_no, rules)
                assert is_contract(a.sets, round_no, rules, hand=hand)


def test_listing_treats_identical_cards_as_one():
    # Two 7S: "7S 7H 7D" can be made two ways physically, but it is one arrangement.
    assert count_arrangements(parse_cards("7S 7S 7H 7D"), 2) == 0
    assert [str(a) for a in contract_arrangements(parse_cards("7S 7S 7H 7D 7C"), 2)] == [
        "7S 7H 7D 7C"]
    # Round 1 from 7S 7S 7H 7H 7D: 7S 7H 7D + 7S 7H is not two sets of 3 ...
    assert count_arrangements(parse_cards("7S 7S 7H 7H 7D"), 1) == 0
    # ... but with 7D twice it is, in exactly one way.
    assert [str(a) for a in contract_arrangements(parse_cards("7S 7S 7H 7H 7D 7D"), 1)] == [
        "7S 7H 7D; 7S 7H 7D"]


def test_listing_includes_the_best_arrangement():
    for round_no in range(1, 8):
        for hand in sample_hands(TEN_PENNIES, round_no, 10, seed=5, sizes=(10, 11)):
            best = find_contract(hand, round_no)
            listed = contract_arrangements(hand, round_no)
            assert (best is None) == (not listed)
            assert best is None or best in listed


# -- checking a player's arrangement ----------------------------------------------------


def test_a_players_arrangement_is_checked_with_reasons():
    hand = parse_cards("7S 7H 7D 9S 9H JK 4C")
    assert is_contract([parse_cards("7S 7H 7D"), parse_cards("9S 9H JK")], 1, hand=hand)
    assert contract_problems([parse_cards("7S 7H 7D")], 1, hand=hand) == (
        "round 1 needs two sets of 3, not 1",)
    assert contract_problems([parse_cards("7S 7H 7D"), parse_cards("9S 9H 4C")], 1) == (
        "set 2 (9S 9H 4C): natural cards of different ranks (fours, nines)",)
    assert contract_problems([parse_cards("7S 7H 7D"), parse_cards("9S 9H 9C")], 1, hand=hand) == (
        "9C is not in the hand",)


def test_t14_the_same_physical_card_cannot_be_in_two_sets():
    sets = [parse_cards("7S 7H JK"), parse_cards("7S 7D JK")]
    assert not is_contract(sets, 1, hand=parse_cards("7S 7H 7D JK JK"))
    assert is_contract(sets, 1, hand=parse_cards("7S 7S 7H 7D JK JK"))
    assert contract_problems(sets, 1, hand=parse_cards("7S 7S 7H 7D JK")) == (
        "JK is used twice but the hand holds it once",)


def test_t13_contract_sets_must_reach_the_stated_size():
    problems = contract_problems([parse_cards("7S 7H 7D"), parse_cards("9S 9H 9D JK")], 3)
    assert problems == ("set 1 (7S 7H 7D): 3 cards but the contract needs at least 4",)


# -- what is missing -------------------------------------------------------------------


def held_fewer_than_deck(hand, rules):
    deck = Counter(rules.deck())
    held = Counter(hand)
    return [c for c in sorted(ALL_CARDS, key=sort_key) if held[c] < deck[c]]


@pytest.mark.parametrize("variant", ["ten pennies", "repeated suits", "toy"])
def test_outs_match_exhaustive_search(variant):
    rules = VARIANTS[variant]
    checked = 0
    for round_no in range(1, rules.rounds + 1):
        for hand in sample_hands(rules, round_no, 40, seed=21, sizes=(8, 9, 10, 11)):
            gap = what_is_missing(hand, round_no, rules)
            assert isinstance(gap, MissingCards)
            there = any(True for _ in exhaustive_arrangements(hand, round_no, rules))
            assert (gap.cards_needed == 0) == there
            if gap.cards_needed != 1:
                continue
            checked += 1
            completing = [c for c in held_fewer_than_deck(hand, rules)
                          if any(True for _ in exhaustive_arrangements(hand + (c,), round_no, rules))]
            assert list(gap.outs) == completing, (hand, round_no)
            assert gap.explain().startswith("One more card completes")
    assert checked >= 10


@pytest.mark.parametrize("variant", ["ten pennies", "one deck", "toy"])
def test_cards_needed_is_one_more_than_after_the_best_card(variant):
    # Bellman's check: the fewest cards needed is 1 + the fewest after the best next
    # card, and 0 exactly when the contract is there; outs are the best next cards.
    rules = VARIANTS[variant]
    for round_no in range(1, rules.rounds + 1):
        for hand in sample_hands(rules, round_no, 8, seed=33, sizes=(6, 9, 11, 13)):
            gap = what_is_missing(hand, round_no, rules)
            assert (gap.cards_needed == 0) == can_lay_down(hand, round_no, rules)
            if not gap.cards_needed:
                continue
            after = {c: cards_needed(hand + (c,), round_no, rules)
                     for c in held_fewer_than_deck(hand, rules)}
            assert gap.cards_needed == 1 + min(n for n in after.values() if n is not None)
            assert list(gap.outs) == [c for c, n in after.items() if n == gap.cards_needed - 1]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_outs_are_the_completing_cards_when_one_is_needed(variant):
    rules = VARIANTS[variant]
    checked = 0
    for round_no in range(1, rules.rounds + 1):
        for hand in sample_hands(rules, round_no, 24, seed=23, sizes=(8, 9, 10, 11)):
            found = outs(hand, round_no, rules)
            assert found == what_is_missing(hand, round_no, rules).outs
            need = cards_needed(hand, round_no, rules)
            if need == 0:
                assert found == ()
            if need != 1:
                continue
            checked += 1
            completing = [c for c in held_fewer_than_deck(hand, rules)
                          if any(True for _ in exhaustive_arrangements(hand + (c,), round_no, rules))]
            assert list(found) == completing, (hand, round_no)
    assert checked >= 5


def exhaustive_needed(hand, round_no, rules, at_most):
    """The fewest cards the rest of the deck can add to ``hand`` so that it holds the
    contract, trying every choice of up to ``at_most`` cards; ``at_most + 1`` if none."""
    rest = Counter(rules.deck())
    rest.subtract(hand)
    values = [c for c in sorted(rest, key=sort_key) if rest[c] > 0]
    for n in range(at_most + 1):
        for more in combinations_with_replacement(values, n):
            if all(more.count(c) <= rest[c] for c in more) and any(
                    True for _ in exhaustive_arrangements(hand + more, round_no, rules)):
                return n
    return at_most + 1


@pytest.mark.parametrize("variant", ["toy", "one deck"])
def test_cards_needed_and_outs_match_exhaustive_search_two_cards_away(variant):
    # Small hands, so that two cards short is common; the search tries every pair.
    rules = VARIANTS[variant]
    two_away = 0
    for round_no in range(1, rules.rounds + 1):
        for hand in sample_hands(rules, round_no, 4, seed=29, sizes=(4, 5, 6, 7)):
            need = cards_needed(hand, round_no, rules)
            truth = exhaustive_needed(hand, round_no, rules, at_most=2)
            assert (need if need is not None and need <= 2 else 3) == truth, (hand, round_no)
            if need != 2:
                continue
            two_away += 1
            closer = [c for c in held_fewer_than_deck(hand, rules)
                      if exhaustive_needed(hand + (c,), round_no, rules, at_most=1) == 1]
            assert list(outs(hand, round_no, rules)) == closer, (hand, round_no)
    assert two_away >= 3


def test_t14_no_cards_complete_a_contract_that_needs_more_wilds_than_the_deck_holds():
    # Round 6 is four naturals and two wilds (T14); one joker and no wild ranks cannot do it.
    rules = TEN_PENNIES.replace(jokers=1, wild_ranks=(frozenset(),) * 7)
    hand = parse_cards("6S 6H 6D 6C JK 9S")
    assert cards_needed(hand, 6, rules) is None
    assert outs(hand, 6, rules) == ()
    assert str(what_is_missing(hand, 6, rules)).startswith("No cards can complete one set of 6")
    assert cards_needed(hand, 4, rules) == 0                            # one set of 5
    assert outs(parse_cards("6S 6H 6D 9S"), 4, rules) == parse_cards("6C JK")
    # Two sets of 5 hold at most 4 naturals each, so they need two wilds: there is one.
    assert cards_needed(parse_cards("6S 6H 6D 6C JK 9S 9H 9D 9C"), 5, rules) is None


def test_t13_two_sets_of_one_rank_may_need_wilds_the_deck_lacks():
    # One deck with suits allowed to repeat and one joker: 7S 7H 7D 7C are not two sets
    # of 3 without two wilds, so a set of another rank is needed, and the joker helps.
    rules = TEN_PENNIES.replace(decks=1, jokers=1, repeated_suits_allowed=True,
                                wild_ranks=(frozenset(),) * 7)
    hand = parse_cards("7S 7H 7D 7C")
    joker = parse_cards("JK")
    assert cards_needed(hand, 1, rules) == 3
    assert cards_needed(hand + joker, 1, rules) == 2 == exhaustive_needed(hand + joker, 1, rules, 2)
    assert joker[0] in outs(hand, 1, rules)
    # A made-up hand with more copies than the deck is refused (T1), unless trusted.
    odd = parse_cards("7S 7S 7S 7S 7S")
    no_jokers = rules.replace(jokers=0)
    with pytest.raises(HandError, match="only 1 7S"):
        can_lay_down(odd, 4, no_jokers)
    assert can_lay_down(odd, 4, no_jokers, trusted=True) and cards_needed(odd, 4, no_jokers, trusted=True) == 0


def test_t14_three_sets_from_one_deck_need_three_ranks():
    # One deck, no wilds allowed: two sets of one rank would need six naturals of four
    # suits, so the two sets missing must come from two ranks not held.
    rules = TEN_PENNIES.replace(decks=1, jokers=2, contracts=((3, 3),),
                                wild_ranks=(frozenset(),), wild_limits=(0,))
    assert cards_needed(parse_cards("3S 3H 3D"), 1, rules) == 6
    assert cards_needed(parse_cards("3S 3H 3D 5S 5H"), 1, rules) == 4


def test_t15_explanation_for_a_learner():
    gap = what_is_missing(parse_cards("8H 8D 8C 3S 4D 9S KH"), 2)
    assert gap.cards_needed == 1
    assert str(gap) == "One more card completes one set of 4: the 8 of spades, or a joker."
    gap = what_is_missing(parse_cards("8H 8D 8C 3S 4D 9S KH"), 6)      # 4 naturals + 2 wilds
    assert gap.cards_needed == 3
    assert "the 8 of spades" in str(gap) and "a wild" in str(gap)
    gap = what_is_missing(parse_cards("8H 8D 3S 4D 9S KH JK"), 1)
    assert gap.cards_needed == 2
    assert str(gap).startswith("2 more cards are needed for two sets of 3")
    # With two wilds allowed per set, 8S JK wants one more natural 8 or a wild.
    easy = TEN_PENNIES.replace(wild_limits=(2, 2, 2, 2, 2, 2, 3))
    gap = what_is_missing(parse_cards("8S 9H 9D 9C JK"), 1, easy)
    assert str(gap) == ("One more card completes two sets of 3: "
                        "a natural 8 that is not a spade, or a joker.")
    gap = what_is_missing(parse_cards("8S 9H 9D 9C JK"), 5, easy)   # aces and twos wild
    assert str(gap).endswith("a natural 8 that is not a spade, the 9 of spades, or a wild.")


# -- adding to sets --------------------------------------------------------------------


def random_table(rng, rules, round_no, count, near=()):
    """Valid table sets of random ranks (often those of the cards ``near``)."""
    wild = rules.wild_table(round_no)
    limit = rules.wild_limits[round_no - 1]
    natural_ranks = [r for r in rules.ranks if r not in rules.wild_ranks[round_no - 1]]
    wild_cards = [c for c in rules.deck() if wild[c.index]]
    table = []
    for seat in range(count):
        close = [c.rank for c in near if not wild[c.index]]
        rank = rng.choice(close if close and rng.random() < 0.7 else natural_ranks)
        suits = rng.sample("SHDC", rng.randint(1, 4))
        naturals = [c for c in ALL_CARDS if c.rank == rank and c.suit in suits and not wild[c.index]]
        wilds = rng.sample(wild_cards, rng.randint(0, limit)) if limit else []
        cards = tuple(naturals + wilds)
        if len(cards) >= rules.min_set_size and is_valid_set(cards, round_no, rules):
            table.append(make_table_set(seat, cards, round_no, rules))
    return table


def test_additions_are_exactly_the_legal_single_cards():
    rng = random.Random(41)
    for round_no in range(1, 8):
        for _ in range(15):
            table = random_table(rng, TEN_PENNIES, round_no, 4)
            hand = random_hand(rng, TEN_PENNIES, 12)
            listed = set(additions(hand, table, round_no))
            for card in set(hand):
                for n, ts in enumerate(table):
                    assert ((card, n) in listed) == is_valid_set(ts.cards + (card,), round_no)


def test_t14_one_wild_may_be_added_where_two_may_not():
    table = [make_table_set(0, parse_cards("8S 8H 8D JK"), 4)]   # round 4: two wilds a set
    assert additions(parse_cards("JK JK"), table, 4) == ((parse_cards("JK")[0], 0),)
    assert not is_valid_set(table[0].cards + parse_cards("JK JK"), 4)


def test_t15_a_wild_ace_is_added_as_a_wild():
    table = [make_table_set(0, parse_cards("8S 8H 8D 8C JK"), 5)]
    assert additions(parse_cards("AS 8S"), table, 5) == ((parse_cards("AS")[0], 0),)
    assert additions(parse_cards("AS"), [make_table_set(0, parse_cards("8S 8H JK AD 8D"), 5)], 5) == ()


# -- going out -------------------------------------------------------------------------


def apply_plan(plan, hand, table, round_no, opened, rules=TEN_PENNIES):
    """Check a plan move by move; raise AssertionError at the first wrong one."""
    held = Counter(hand)
    sets = [list(ts.cards) for ts in table]
    if plan.lay_down is not None:
        assert not opened
        assert is_contract(plan.lay_down.sets, round_no, rules, hand=hand)
        held.subtract(plan.lay_down.cards)
        sets += [list(s) for s in plan.lay_down.sets]
    else:
        assert opened
    for meld in plan.melds:
        assert is_valid_set(meld, round_no, rules)
        held.subtract(meld)
        sets.append(list(meld))
    for n, cards in plan.additions:
        assert n < len(sets) and cards
        sets[n] += cards
        held.subtract(cards)
    for s in sets:
        assert is_valid_set(s, round_no, rules), s
    if plan.discard is not None:
        held[plan.discard] -= 1
    assert all(n == 0 for n in held.values()), held


def brute_force_can_go_out(hand, table, round_no, opened, rules=TEN_PENNIES):
    """Try every card in every place: contract sets, up to two melds, table sets."""
    sets_needed, size = rules.contracts[round_no - 1]
    wild = rules.wild_table(round_no)
    limit = rules.wild_limits[round_no - 1]
    contract = 0 if opened else sets_needed
    bins = [[] for _ in range(contract + 2)] + [list(ts.cards) for ts in table]

    def could_grow(cards):  # a subset of some valid set?
        naturals = [c for c in cards if not wild[c.index]]
        return (len({c.rank for c in naturals}) <= 1
                and (rules.repeated_suits_allowed or len({c.suit for c in naturals}) == len(naturals))
                and len(cards) - len(naturals) <= limit)

    def done():
        for n, b in enumerate(bins):
            if n < contract:
                if len(b) < size or not is_valid_set(b, round_no, rules):
                    return False
            elif b and not is_valid_set(b, round_no, rules):
                return False
        return True

    def place(cards):
        if not cards:
            return done()
        card, rest = cards[0], cards[1:]
        for b in bins:
            b.append(card)
            if could_grow(b) and place(rest):
                b.pop()
                return True
            b.pop()
        return False

    for discard in [None] + sorted(set(hand), key=sort_key):
        left = list(hand)
        if discard is not None:
            left.remove(discard)
        if place(left):
            return True
    return False


def test_plan_go_out_matches_brute_force():
    rng = random.Random(2024)
    found = laid = 0
    for case in range(260):
        round_no = 1 + case % 7
        opened = case % 3 == 0
        hand = rich_hand(rng, TEN_PENNIES, rng.randint(3, 7) if opened else rng.randint(6, 9))
        table = random_table(rng, TEN_PENNIES, round_no, rng.randint(0, 2), near=hand)
        plan = plan_go_out(hand, table, round_no, opened)
        expected = brute_force_can_go_out(hand, table, round_no, opened)
        assert (plan is not None) == expected, (hand, [str(t) for t in table], round_no, opened)
        if plan is not None:
            found += 1
            laid += plan.lay_down is not None
            assert isinstance(plan, GoOutPlan)
            apply_plan(plan, hand, table, round_no, opened)
    assert found >= 30 and laid >= 5, (found, laid)


def test_t10_a_player_who_has_not_opened_cannot_meld():
    table = [make_table_set(1, parse_cards("QS QH QD"), 1)]
    assert plan_go_out(parse_cards("5S 5H 5D QC"), table, 1, opened=False) is None
    assert plan_go_out(parse_cards("5S 5H 5D QC"), table, 1, opened=True) is not None


def test_t10_cards_may_be_added_to_sets_laid_down_the_same_turn():
    hand = parse_cards("7S 7H 7D 7C 9S 9H 9D 9C 3C")
    plan = plan_go_out(hand, [], 3, opened=False)      # two sets of 4, then 3C goes
    assert plan is not None and plan.discard == parse_cards("3C")[0]
    hand = parse_cards("7S 7H 7D 7C 9S 9H 9D JK JK 3C")
    plan = plan_go_out(hand, [], 2, opened=False)      # one set of 4: the rest meld or add
    assert plan is not None
    apply_plan(plan, hand, [], 2, opened=False)


def test_t11_t12_going_out_without_a_discard():
    table = [make_table_set(0, parse_cards("8S 8H 8D"), 1)]
    plan = plan_go_out(parse_cards("8C 5S 5H 5D"), table, 1, opened=True)
    assert plan == GoOutPlan(None, (parse_cards("5S 5H 5D"),), ((0, parse_cards("8C")),), None)
    assert str(plan) == "meld 5S 5H 5D, then add 8C to set 0, then go out without a discard"


def test_t14_wild_room_limits_going_out():
    table = [make_table_set(0, parse_cards("8S 8H JK"), 1)]       # its one wild is used
    assert plan_go_out(parse_cards("JK KD"), table, 1, opened=True) is None
    assert plan_go_out(parse_cards("JK KD"), table, 4, opened=True) is not None  # room for 2


# -- properties --------------------------------------------------------------------------

DECK = TEN_PENNIES.deck()
hands = st.lists(st.integers(0, len(DECK) - 1), min_size=0, max_size=16, unique=True).map(
    lambda picks: tuple(DECK[i] for i in picks))
rounds = st.integers(1, 7)


@given(hands, rounds)
def test_the_answers_agree_with_each_other(hand, round_no):
    there = can_lay_down(hand, round_no)
    assert there == (find_contract(hand, round_no) is not None)
    assert there == (cards_needed(hand, round_no) == 0)
    for objective in OBJECTIVES:
        found = find_contract(hand, round_no, objective=objective)
        assert (found is None) != there
        if found is not None:
            assert_valid(found, hand, round_no, TEN_PENNIES)


@given(hands, rounds, st.integers(0, 52))
def test_a_drawn_card_never_takes_the_contract_away(hand, round_no, index):
    card = ALL_CARDS[index]
    assume(hand.count(card) < DECK.count(card))  # a card the deck still holds can be drawn
    if can_lay_down(hand, round_no):
        assert can_lay_down(hand + (card,), round_no)
    before = cards_needed(hand, round_no)
    after = cards_needed(hand + (card,), round_no)
    assert before is not None and after is not None and before - 1 <= after <= before


@given(st.lists(st.integers(0, len(DECK) - 1), max_size=9, unique=True), rounds)
def test_the_best_arrangement_is_one_of_every_arrangement(picks, round_no):
    hand = tuple(DECK[i] for i in picks)
    listed = contract_arrangements(hand, round_no)
    assert count_arrangements(hand, round_no) == len(listed)
    for objective in OBJECTIVES:
        found = find_contract(hand, round_no, objective=objective)
        assert (found is None) == (not listed)
        if found is not None:
            assert found in listed
            best = min(objective_key(a.sets, round_no, TEN_PENNIES, objective) for a in listed)
            assert objective_key(found.sets, round_no, TEN_PENNIES, objective) == best


def test_t1_a_hand_no_deck_can_hold_is_refused_with_the_card_named():

    five = parse_cards("7S 7S 7S 7S 7S")
    for ask in (find_contract, can_lay_down, what_is_missing, contract_arrangements,
                count_arrangements, cards_needed, outs):
        with pytest.raises(HandError, match="the deck holds only 2 7S, but the hand has 3"):
            ask(five, 2)
    for opened in (True, False):
        with pytest.raises(HandError, match="only 2 7S"):
            plan_go_out(five, [], 2, opened)
    with pytest.raises(HandError, match="only 2 7S"):
        additions(five, [make_table_set(0, parse_cards("7H 7D 7C"), 2)], 2)
    # Two copies are a real hand under two decks; a one-deck rule set refuses them.
    assert not can_lay_down(parse_cards("7S 7S JK"), 2)
    with pytest.raises(HandError, match="only 1 7S"):
        find_contract(parse_cards("7S 7S JK"), 1, TEN_PENNIES.replace(decks=1, players=2))
    with pytest.raises(HandError, match="only 4 JK"):
        outs(parse_cards("JK JK JK JK JK"), 1)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_find_contracts_is_find_contract_for_each_objective(variant):
    # The match lists its lay-downs from find_contracts: one count of the hand, the same
    # arrangements as asking find_contract once per objective.
    from tenpennies.solver import find_contracts

    rules = VARIANTS[variant]
    found_some = 0
    for round_no in range(1, rules.rounds + 1):
        for hand in sample_hands(rules, round_no, 15, seed=5):
            each = find_contracts(hand, round_no, rules)
            assert list(each) == list(OBJECTIVES)
            for objective, arrangement in each.items():
                assert arrangement == find_contract(hand, round_no, rules, objective)
            found_some += each["fewest_wilds"] is not None
    assert found_some > 10
