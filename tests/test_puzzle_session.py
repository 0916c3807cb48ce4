"""The puzzle session (pure Python) and the puzzle widget driven through its handlers."""

import sys

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from tenpennies import Card, parse_cards
from tenpennies.puzzles import load
from tenpennies.puzzles.session import PuzzleSession


def first(kind, **kw):
    return [p for p in load(kind=kind, **kw)]


def test_buttons_build_answers_and_the_score_counts_first_checks():
    s = PuzzleSession(first("buy")[:2])
    right = s.puzzle.answer
    wrong = "pass" if right == "buy" else "buy"
    s.press(wrong)
    assert not s.check().correct
    s.press(right)
    assert s.check().correct
    assert s.score == (0, 1)  # the first checked answer was wrong
    s.next()
    s.press(s.puzzle.answer)
    assert s.check().correct and s.score == (1, 2)


def test_lay_down_by_clicking_cards_into_sets():
    puzzle = next(p for p in load(kind="lay-down") if p.answer != "no")
    s = PuzzleSession([puzzle])
    for group in puzzle.answer[5:].split("/"):
        for card in parse_cards(group):
            s.toggle(card)
        s.close_set()
    assert s.answer() == puzzle.answer
    assert s.check().correct


def test_discard_takes_one_card_and_missing_many():
    puzzle = first("discard")[0]
    s = PuzzleSession([puzzle])
    hand = s.choices().cards
    s.toggle(hand[0])
    s.toggle(hand[1])
    assert s.selected == [hand[1]]
    s.clear()
    s.toggle(Card(puzzle.answer))
    assert s.check().correct
    m = PuzzleSession(first("missing")[:1])
    for card in parse_cards(m.puzzle.answer):
        assert card in m.choices().cards  # the palette always holds the outs
        m.toggle(card)
    assert m.check().correct


def test_additions_pairs_and_typed_answers():
    puzzle = first("additions")[0]
    s = PuzzleSession([puzzle])
    for pair in puzzle.answer.split():
        s.toggle_pair(pair)
    assert s.check().correct
    c = PuzzleSession(first("cost")[:1])
    assert c.choices().typed
    c.type("1")
    assert not c.check().correct
    c.type(c.puzzle.answer)
    assert c.check().correct


def test_hints_solution_and_unanswered_checks():
    s = PuzzleSession(first("count")[:1])
    assert "Give an answer first" in s.check().feedback and s.score == (0, 0)
    hints = [s.hint() for _ in range(len(s.puzzle.hints) + 1)]
    assert hints[:-1] == list(s.puzzle.hints) and hints[-1] == s.puzzle.hints[-1]
    text = s.show_solution()
    assert text.startswith(f"Answer: {s.puzzle.answer}")
    s.type(s.puzzle.answer)
    assert s.check().correct and s.score == (0, 1)  # shown first: no point


def test_bad_clicks_are_refused():
    s = PuzzleSession(first("buy")[:1])
    with pytest.raises(ValueError, match="not an answer"):
        s.press("yes")
    with pytest.raises(ValueError, match="not a choice"):
        s.toggle("7S")


def test_the_session_imports_no_widgets():
    import subprocess

    code = ("import sys, tenpennies, tenpennies.puzzles.session;"
            "assert not {'ipywidgets', 'ipycanvas', 'numpy', 'matplotlib'} & set(sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


# -- the widget, through its handlers --------------------------------------------------------
ipywidgets = require("ipywidgets")


def test_widget_draws_cards_and_its_handlers_drive_the_session():
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(kind="buy", tier=1)
    assert widget.picture.value.startswith("<svg")
    assert widget.session.puzzle.title in widget.title.value
    row = widget.choice_box.children[0]
    button = next(b for b in row.children if b.description == widget.session.puzzle.answer)
    button.click()
    assert widget.session.answer() == widget.session.puzzle.answer
    widget.buttons["Check"].click()
    assert "Right." in widget.feedback.value and "score 1/1" in widget.score.value
    widget.buttons["Hint"].click()
    assert "Hint:" in widget.feedback.value
    widget.buttons["Show solution"].click()
    assert "Answer:" in widget.feedback.value
    first_id = widget.session.puzzle.id
    widget.buttons["Next"].click()
    assert widget.session.puzzle.id != first_id and widget.feedback.value == ""


def test_widget_typed_answer_and_card_buttons():
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(kind="discard")
    answer = widget.session.puzzle.answer
    cards = widget.choice_box.children[0]
    next(b for b in cards.children if b.description == answer).click()
    assert widget.session.answer() == answer
    widget.buttons["Check"].click()
    assert "Right." in widget.feedback.value
    widget.buttons["Next"].click()
    widget.typed.value = "ZZ"
    widget.buttons["Check"].click()
    assert "cannot be read" in widget.feedback.value


def test_widget_lay_down_marks_closed_sets():
    from tenpennies.widgets import PuzzleWidget

    puzzle = next(p for p in load(kind="lay-down") if p.answer != "no")
    widget = PuzzleWidget([puzzle])
    first_set = parse_cards(puzzle.answer[5:].split("/")[0])
    for card in first_set:
        row = widget.choice_box.children[1]
        next(b for b in row.children if b.description == str(card) and not b.disabled).click()
    widget.choice_box.children[2].click()  # "that's one set"
    done = [b.description for b in widget.choice_box.children[1].children if b.disabled]
    assert sorted(done) == sorted(map(str, first_set))
    assert widget.session.answer() == "yes: " + " ".join(map(str, first_set))


def test_an_unreadable_answer_is_no_attempt_and_a_wrong_buy_keeps_the_solution_hidden():
    s = PuzzleSession(first("buy")[:1])
    s.type("maybe")
    verdict = s.check()
    assert not verdict.readable and s.puzzle.answer_form in str(verdict) and s.score == (0, 0)
    s.type("")
    s.press("pass" if s.puzzle.answer == "buy" else "buy")
    verdict = s.check()
    assert not verdict.correct and s.score == (0, 1)
    assert not any(line in verdict.feedback for line in s.solution().reasoning)
    s.press(s.puzzle.answer)
    assert s.check().correct and s.score == (0, 1)
