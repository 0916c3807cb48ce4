"""The explorers' state values, without a browser or widgets (tests/test_explorer_widgets.py
drives the widgets).

The state values must agree with the engine they show (sets, solver, odds).
"""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies import (
    ALL_CARDS, TEN_PENNIES, Card, dealt_probability, is_contract, is_valid_set, parse_cards,
    set_problems, what_is_missing,
)
from tenpennies.lessons.explorers import BuyChoice, ContractView, OddsTable, SetCheck, deal_hand
from tenpennies.engine.errors import NoSuchCardError
from tenpennies.odds import buy_or_pass
from tenpennies.bots.buying import judge_offer

NS = "{http://www.w3.org/2000/svg}"


def desc(svg: str) -> str:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root.find(NS + "desc").text


# -- the set checker ---------------------------------------------------------------------
def test_t14_set_check_lists_every_reason_then_accepts_a_set():
    check = SetCheck(round_no=1)
    for text in ("7S", "7H", "7H"):
        check = check.add(Card(text))
    assert not check.valid
    assert check.problems == ("two natural hearts",)
    check = check.remove(2).add(Card("JK"))
    assert check.valid and check.verdict == "7S 7H JK is a set in round 1."
    assert "7S 7H JK" in desc(check.svg())


def test_t15_set_check_judges_aces_as_wild_from_round_5():
    check = SetCheck(round_no=4)
    for text in ("9S", "9H", "AD"):
        check = check.add(Card(text))
    assert check.problems == ("natural cards of different ranks (aces, nines)",)
    assert check.in_round(5).valid


def test_t1_set_check_refuses_a_third_copy_of_a_card_and_says_why():
    check = SetCheck().add(Card("7S")).add(Card("7S"))
    third = check.add(Card("7S"))
    assert third.cards == check.cards
    assert "only 2 7S" in third.note
    assert third.add(Card("7H")).note == ""


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), max_size=8), st.integers(1, 7))
def test_set_check_agrees_with_the_engine(cards, round_no):
    check = SetCheck(round_no)
    for card in cards:
        check = check.add(card)
    # Only copies beyond the deck's are refused, so what is kept is still judged alike.
    assert check.problems == set_problems(check.cards, round_no)
    assert check.valid == is_valid_set(check.cards, round_no)


def test_set_check_remove_refuses_a_missing_position():
    with pytest.raises(NoSuchCardError, match="no card at position 0"):
        SetCheck().remove(0)
    with pytest.raises(IndexError):  # still the IndexError of Python's own sequences
        SetCheck().remove(0)


# -- the contract explorer ---------------------------------------------------------------
def test_t13_contract_view_lists_every_arrangement_and_each_is_a_contract():
    view = ContractView(round_no=1).typed("7S 7H 7D 9S 9H JK KS KH")
    found = view.arrangements
    assert [str(a) for a in found] == ["7S 7H 7D; 9S 9H JK", "7S 7H 7D; KS KH JK"]
    assert all(is_contract(a.sets, 1, hand=view.hand) for a in found)
    assert "2 ways to lay it down" in view.text()
    assert desc(view.svg()).count("way ") == 2


def test_contract_view_shows_the_outs_when_the_contract_is_missing():
    view = ContractView(round_no=3).typed("8H 8D 8C 4S 4H 4D 9C JK")
    assert view.arrangements == ()
    assert view.outs == parse_cards("4C 8S JK") == what_is_missing(view.hand, 3).outs
    assert "One more card completes two sets of 4" in view.text()
    assert "outs: any one of these completes the contract: 4C 8S JK" in desc(view.svg())


def test_contract_view_keeps_the_hand_when_the_typing_is_wrong():
    view = ContractView().typed("7S 7H")
    bad = view.typed("7S 7X")
    assert bad.hand == view.hand and "7X" in bad.error
    too_many = view.typed("7S 7S 7S")
    assert too_many.hand == view.hand and "7S" in too_many.error


def test_deals_are_seeded_and_of_the_rule_sets_hand_size():
    assert ContractView().dealt(5).hand == deal_hand(5) != deal_hand(6)
    assert len(deal_hand(5, TEN_PENNIES.replace(hand_size=7))) == 7


# -- the odds table ----------------------------------------------------------------------
def test_odds_table_of_ten_pennies_is_the_exact_dealt_chance():
    table = OddsTable()
    assert [row.house for row in table.rows] == [dealt_probability(r) for r in range(1, 8)]
    assert all(row.ratio == 1 for row in table.rows)
    assert table.changes() == "none (Ten Pennies)"


def test_t14_odds_table_builds_the_house_rule_set_from_its_controls():
    table = OddsTable(decks=3, jokers=6, hand_size=12, wild_limit_change=1,
                      wild_aces_and_twos="never", repeated_suits=True)
    rules = table.rules
    assert (rules.decks, rules.jokers, rules.hand_size) == (3, 6, 12)
    assert rules.wild_limits == (2, 2, 2, 3, 3, 3, 4)
    assert not any(rules.wild_ranks) and rules.repeated_suits_allowed
    assert table.rows[4].house == dealt_probability(5, rules)
    assert "decks 3" in table.changes() and "repeated suits True" in table.changes()


def test_odds_table_says_why_settings_make_no_rule_set():
    table = OddsTable(decks=1, jokers=0, hand_size=15)  # 4 x 15 + 1 > 52 cards
    assert isinstance(table.rules, str) and "too small" in table.rules
    assert table.rows == ()
    assert "too small" in desc(table.svg()) and table.text() == table.rules


def test_odds_table_chart_names_every_round_and_both_rule_sets():
    text = desc(OddsTable(repeated_suits=True).svg())
    assert "house rules: round 1" in text and "Ten Pennies: round 1 8.91%" in text
    assert text.count("round 7") == 2


@settings(max_examples=20, deadline=None)
@given(st.integers(-1, 2))
def test_odds_table_more_wilds_per_set_never_lowers_a_chance(change):
    fewer, more = OddsTable(wild_limit_change=change), OddsTable(wild_limit_change=change + 1)
    assert all(b.house >= a.house for a, b in zip(fewer.rows, more.rows))


# -- the buy calculator ------------------------------------------------------------------
HAND = "7S 7H 7D 9S 9H 4C 5C 6D KS QH JD"


def test_t5_buy_choice_is_buy_or_pass_exactly():
    choice = BuyChoice().typed(hand=HAND, offered="3C")
    assert choice.decision == buy_or_pass(parse_cards(HAND), Card("3C"), 1)
    assert "816/4560" in choice.text()
    # The verdict is the one buy judgment's, with the cards each choice gets.
    assert choice.text().startswith(f"judgment: {choice.judgment.verdict} (")
    assert choice.judgment == judge_offer(parse_cards(HAND), Card("3C"), 1)


def test_t6_buy_choice_off_turn_passing_draws_nothing():
    choice = BuyChoice().typed(hand=HAND, offered="9D").replace(my_turn=False)
    assert choice.decision.pass_probability == 0 and choice.decision.buy_probability == 1


def test_buy_choice_counts_seen_cards_as_not_in_the_stock():
    choice = BuyChoice().typed(hand=HAND, offered="3C")
    seen = choice.typed(seen="9D 9C JK JK")
    assert seen.decision.pass_probability < choice.decision.pass_probability
    assert seen.decision == buy_or_pass(parse_cards(HAND), Card("3C"), 1, parse_cards("9D 9C JK JK"))


def test_buy_choice_refuses_bad_input_and_keeps_what_it_had():
    choice = BuyChoice().typed(hand=HAND, offered="3C")
    assert choice.typed(offered="3C 4C").offered == Card("3C")
    assert "one card is offered" in choice.typed(offered="3C 4C").error
    assert "7S" in choice.typed(seen="7S 7S").error
    assert BuyChoice().decision is None and BuyChoice().text() == "Choose the card on offer."


def test_buy_choice_deals_a_hand_and_an_offer():
    choice = BuyChoice().dealt(3)
    assert len(choice.hand) == 11 and choice.offered is not None
    assert choice == BuyChoice().dealt(3)
    assert "on offer" in desc(choice.svg())


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 7))
def test_contract_view_shows_arrangements_exactly_when_the_contract_is_there(seed, round_no):
    view = ContractView(round_no).dealt(seed)
    found = view.arrangements
    assert all(is_contract(a.sets, round_no, hand=view.hand) for a in found)
    assert bool(found) == (view.missing.cards_needed == 0)
    assert ("way 1 of" in desc(view.svg())) == bool(found)


def test_explorers_refuse_a_round_that_does_not_exist():
    for make in (SetCheck, ContractView, BuyChoice):
        with pytest.raises(ValueError):
            make(round_no=8)
