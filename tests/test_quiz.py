"""The lessons' questions (tenpennies.lessons.quiz, .choices, .picks, .feedback) and their
widget: every kind, driven through the controller, answered right, wrong (with the kit's
reason) and in part."""

import pytest

from tenpennies import (TEN_PENNIES, Card, LayDown, Match, Pass, Phase, Position, contract_problems,
                        hand_points, parse_cards, set_problems)
from tenpennies.engine.melds import meld_problems, MeldKind
from tenpennies.lessons.choices import Choice, choose, is_contract, is_legal, is_meld, is_set, is_wild, points_of
from tenpennies.lessons.feedback import Answer, QuizError
from tenpennies.lessons.picks import PickCards, pick_cards
from tenpennies.lessons.quiz import Attempt, rulings_asked
from tenpennies.engine.rules import TEN_CARD_RUMMY


def answered(question, option):
    return Attempt(question).choose(option).feedback


def picked(question, *positions):
    attempt = Attempt(question)
    for p in positions:
        attempt = attempt.pick(p)
    return attempt.check()


# -- yes/no, answered by the kit's checks ---------------------------------------------------
def test_t14_is_set_right_and_wrong_with_the_kits_reason():
    q = is_set(parse_cards("7S 7S 7H"), round_no=1)
    assert q.yes_no and q.ruling == "T14" and isinstance(q, Choice)
    right, wrong = answered(q, "no"), answered(q, "yes")
    assert right.correct and not wrong.correct
    reason = set_problems(parse_cards("7S 7S 7H"), 1)[0]
    assert reason in right.text and reason in wrong.text and wrong.text.startswith("Not so.")


def test_t15_is_wild_follows_the_rule_set():
    assert answered(is_wild("2C", 5), "yes").correct
    assert answered(is_wild("2C", 4), "no").correct
    assert "jokers, aces and twos" in answered(is_wild("AS", 6), "no").text


def test_t13_is_contract_gives_contract_problems():
    sets = [parse_cards("7S 7H 7D")]
    q = is_contract(sets, 1)
    feedback = answered(q, "yes")
    assert not feedback.correct and contract_problems(sets, 1)[0] in feedback.text
    assert answered(is_contract([parse_cards("7S 7H 7D"), parse_cards("7S 7C JK")], 1), "yes").correct


def test_c3_is_meld_in_ten_card_rummy():
    q = is_meld(parse_cards("QH KH AH 2H"), 1, rules=TEN_CARD_RUMMY)
    assert answered(q, "yes").correct and "run" in answered(q, "yes").text
    wrong = answered(is_meld(parse_cards("4H 5C 6H"), 1, rules=TEN_CARD_RUMMY), "yes")
    assert meld_problems(parse_cards("4H 5C 6H"), MeldKind.RUN, 1, TEN_CARD_RUMMY)[0] in wrong.text


def _round1_after_the_offer():
    position = Position(round_no=1, hands=("7S 7H 7D 9S 9H JK KC 4D 5H 6C QS", "5S", "5D", "5C"),
                        discard_pile="3C", top_discarder=3, stock="2H 8C 8D", dealer=3)
    match = Match.from_position(position)
    while match.phase is Phase.OFFER:
        match.apply(Pass(match.to_act))
    return match


def test_t13_is_legal_gives_the_engines_refusal_and_leaves_the_match_alone():
    match = _round1_after_the_offer()
    before = match.hand(0)
    part = LayDown(0, (parse_cards("7S 7H 7D"),))
    q = is_legal(match, part, ruling="T13")
    feedback = answered(q, "yes")
    assert not feedback.correct and "round 1 needs two sets of 3, not 1" in feedback.text
    whole = LayDown(0, (parse_cards("7S 7H 7D"), parse_cards("9S 9H JK")))
    assert answered(is_legal(match, whole, ruling="T13"), "yes").correct
    assert match.hand(0) == before and not match.opened[0]


# -- multiple choice --------------------------------------------------------------------
def test_t18_points_of_counts_card_by_card():
    cards = parse_cards("3S 9H KD AS 2C JK")
    q = points_of(cards, [60, 110, 90])
    assert answered(q, "110 points").correct and hand_points(cards) == 110
    first = answered(q, "60 points")
    # The first wrong try gets each card's points (the rule), not the sum (the answer).
    assert not first.correct and "AS 20" in first.text and "110" not in first.text and "One more try" in first.text
    second = Attempt(q).choose("60 points").choose("90 points")
    assert second.over and "= 110 points" in second.feedback.text


def test_choose_explains_every_wrong_option():
    q = choose("How many cards does round 7's set hold?", {"6": 6, "7": 7, "8": 8},
               TEN_PENNIES.contract(7).size, ruling="T13", why="round 7 is one set of 7",
               reasons={"8": "a set holds at most 4 naturals and 3 wilds"})
    assert answered(q, "7").correct
    assert answered(q, "6").text == "Not so. 6 is not it. One more try."
    assert Attempt(q).choose("6").choose("8").feedback.text == (
        "Not so. a set holds at most 4 naturals and 3 wilds. round 7 is one set of 7.")
    assert "at most 4 naturals" in answered(q, "8").text and "one set of 7" not in answered(q, "8").text
    assert Attempt(q).choose(1).chosen == 1
    with pytest.raises(QuizError, match="'9' is not an option"):
        Attempt(q).choose("9")


# -- click the cards ----------------------------------------------------------------------
def test_t14_pick_a_set_right_wrong_and_partial():
    q = pick_cards(parse_cards("7S 7H 9D JK KC 7S"), "set", round_no=1)
    assert picked(q, 0, 1, 3).solved
    partial = picked(q, 0, 1).feedback
    assert not partial.correct and not partial.done and partial.text.startswith("So far so good")
    assert "a set needs at least 3" in partial.text
    wrong = picked(q, 0, 1, 5).feedback   # two seven of spades
    assert not wrong.correct and "two natural spades" in wrong.text and wrong.text.endswith("One more try.")
    assert q.check((0, 1, 5)).done
    # Clicking a card twice takes it out again.
    assert Attempt(q).pick(0).pick(0).picked == ()


def test_t13_pick_the_contract_extra_card_and_partial():
    hand = parse_cards("7S 7H 7D 9S 9H JK KC KD 4D 5H QS")
    q = pick_cards(hand, "contract", round_no=1)
    assert picked(q, 0, 1, 2, 3, 4, 5).solved
    extra = picked(q, 0, 1, 2, 3, 4, 5, 10).feedback
    assert not extra.correct and "QS would stay in hand" in extra.text
    partial = picked(q, 0, 1).feedback
    assert not partial.done and "4 more cards from this hand" in partial.text
    wrong = q.check((8, 9, 10))
    assert wrong.done and not wrong.correct and "more cards are needed" in wrong.text
    answer = q.answer()
    assert isinstance(answer, Answer) and "is round 1's contract" in answer.text and "<svg" in answer.picture


def test_t10_pick_what_can_be_added():
    q = pick_cards(parse_cards("7D KC 7C QC"), "add", round_no=1, onto=parse_cards("7S 7H JK"))
    assert q.solution() == parse_cards("7D 7C")
    assert picked(q, 0).solved and picked(q, 0, 2).solved
    wrong = picked(q, 1).feedback
    assert "natural cards of different ranks (sevens, kings)" in wrong.text


def test_c3_pick_a_meld():
    q = pick_cards(parse_cards("4H 5H 6H 9C KD KS KH JK"), "meld", round_no=2, rules=TEN_CARD_RUMMY)
    assert picked(q, 0, 1, 2).solved and "is a run" in picked(q, 0, 1, 2).feedback.text
    assert not picked(q, 0, 1).feedback.done   # part of a run


def test_reveal_shows_the_answer_and_does_not_count_as_solved():
    q = is_set(parse_cards("7S 7H JK"), 1)
    shown = Attempt(q).reveal()
    assert shown.revealed and not shown.solved and "is a set in round 1" in shown.feedback.text


# -- a wrong answer gets the reason and one more try; then the answer shows -------------
def test_t14_a_wrong_no_gets_the_rules_reason_and_one_more_try():
    # Lesson 00's question: the reason names both rules (which cards are wild, how many may be).
    first = Attempt(is_set(parse_cards("9S AH 2D 9C"), round_no=5)).choose("no")
    assert not first.over and not first.feedback.done and first.misses == 1
    assert first.feedback.text == ("Not so. 9S AH 2D 9C is a set in round 5: two natural nines, no suit twice and "
                                   "2 wilds (AH 2D: jokers, aces and twos are wild in round 5, T15), and a set in "
                                   "round 5 holds at most 2 wilds (T14). One more try.")
    assert first.choose("yes").solved


def test_two_wrong_answers_settle_the_question_and_nothing_more_is_answered():
    q = points_of(parse_cards("3S KD"), [10, 15, 20])
    attempt = Attempt(q).choose("10 points")
    assert not attempt.over
    attempt = attempt.choose("20 points")
    assert attempt.over and not attempt.solved and attempt.misses == 2 and attempt.feedback.done
    with pytest.raises(QuizError, match="settled"):
        attempt.choose("15 points")
    assert attempt.reveal() is attempt
    pick = pick_cards(parse_cards("7S 7H 9D JK KC"), "set", round_no=1)
    twice = Attempt(pick).pick(2).check().pick(4).check()   # 9D, then 9D KC
    assert twice.misses == 2 and twice.over
    so_far = Attempt(pick).pick(0).check().check()           # "so far so good" is no miss
    assert so_far.misses == 0 and not so_far.over


def test_ask_widget_shows_the_answer_only_once_settled():
    pytest.importorskip("ipywidgets")
    from tenpennies.widgets import ask

    widget = ask(points_of(parse_cards("3S KD"), [10, 15, 20]))
    assert widget.answer.value == ""
    widget.option_buttons["10 points"].click()
    assert widget.answer.value == "" and "One more try" in widget.message.value
    assert widget.option_buttons["10 points"].disabled and not widget.option_buttons["15 points"].disabled
    widget.option_buttons["20 points"].click()
    assert "= 15 points" in widget.answer.value and all(b.disabled for b in widget.option_buttons.values())
    shown = ask(is_set(parse_cards("7S 7H JK"), 1))
    shown.reveal_button.click()
    assert "is a set in round 1" in shown.answer.value and shown.reveal_button.disabled


# -- a question whose stated answer disagrees with the kit cannot be built ---------------
def test_a_wrong_stated_answer_is_caught():
    # Planted faults: each states an answer the kit disagrees with.
    with pytest.raises(QuizError, match="the kit says no"):
        is_set(parse_cards("7S 7S 7H"), 1, stated=True)
    with pytest.raises(QuizError, match="the kit says 110"):
        points_of(parse_cards("3S 9H KD AS 2C JK"), [90, 110], stated=90)
    with pytest.raises(QuizError, match="is wrong by the kit"):
        pick_cards(parse_cards("7S 7H 9D JK"), "set", 1, stated=parse_cards("7S 7H 9D"))
    with pytest.raises(QuizError, match="no pick from"):
        pick_cards(parse_cards("7S 8H 9D"), "set", 1)
    with pytest.raises(QuizError, match="not Ten Card Rummy"):
        pick_cards(parse_cards("JH 2H"), "add", 2, rules=TEN_CARD_RUMMY, onto=parse_cards("QH KH AH"))
    with pytest.raises(QuizError, match="unknown goal"):
        pick_cards(parse_cards("7S 8H 9D"), "run", 1)
    # The same questions stated rightly are built.
    assert is_set(parse_cards("7S 7S 7H"), 1, stated=False).right == frozenset({1})
    assert isinstance(pick_cards(parse_cards("7S 7H 9D JK"), "set", 1, stated=parse_cards("7S 7H JK")), PickCards)


def test_rulings_asked_in_order():
    qs = [is_set(parse_cards("7S 7H JK"), 1), is_wild("JK", 1), is_set(parse_cards("7S 7H"), 1)]
    assert rulings_asked(qs) == ("T14", "T15")


# -- the widget -------------------------------------------------------------------------
def test_ask_widget_forwards_clicks_and_has_a_stable_repr():
    widgets = pytest.importorskip("ipywidgets")
    from tenpennies.widgets import ask

    q = pick_cards(parse_cards("7S 7H 9D JK KC"), "set", round_no=1)
    widget = ask(q)
    assert repr(widget) == "Ask(T14: Click the cards that make a set in round 1.)"
    widget.card_buttons[0].value = True
    widget.card_buttons[1].value = True
    widget.check_button.click()
    assert widget.attempt.picked == (0, 1) and "So far so good" in widget.message.value
    widget.card_buttons[3].value = True
    widget.check_button.click()
    assert widget.attempt.solved and "is a set in round 1" in widget.message.value
    widget.reveal_button.click()
    assert "<svg" in widget.answer.value
    assert repr(widget) == "Ask(T14: Click the cards that make a set in round 1.)"
    assert isinstance(widget, widgets.VBox)


def test_ask_widget_choice_buttons():
    pytest.importorskip("ipywidgets")
    from tenpennies.widgets import ask

    widget = ask(is_wild(Card("2C"), 5))
    widget.option_buttons["no"].click()
    assert not widget.attempt.feedback.correct and "jokers, aces and twos" in widget.message.value
    widget.option_buttons["yes"].click()
    assert widget.attempt.solved and widget.attempt.tries == 2
