"""The puzzle session (pure Python) and the puzzle widget driven through its handlers."""

import dataclasses
import functools
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import require  # a missing package skips, or fails when CI is set

from tenpennies import Card, parse_cards
from tenpennies.puzzles import load
from tenpennies.puzzles.progress import ENVIRONMENT, Progress
from tenpennies.puzzles.session import NOTHING_GIVEN, PuzzleSession, attempt_words, rating_words


@pytest.fixture(autouse=True)
def learners_file(tmp_path, monkeypatch):
    """Each test's widgets keep their learner's progress in a file of their own."""
    path = tmp_path / "progress.db"
    monkeypatch.setenv(ENVIRONMENT, str(path))
    return path


def first(kind, **kw):
    """The shipped puzzles of ``kind``, read once per process: each reading parses the
    puzzle files (a second), and the property test below wants two per example; the
    puzzles are frozen values, so sharing them is safe (a fresh list each call)."""
    return list(_loaded(kind, **kw))


@functools.cache
def _loaded(kind, **kw) -> tuple:
    return tuple(load(kind=kind, **kw))


def rated(puzzles, low=1000, step=50):
    """The puzzles given ratings low, low + step, ... (the shipped set may not be rated yet)."""
    return [dataclasses.replace(p, rating=low + step * n, rating_deviation=60) for n, p in enumerate(puzzles)]


def wrong_answer(session):
    """An answer the session reads but that is not right (for any kind)."""
    p = session.puzzle
    candidates = {"buy": ["buy", "pass", "close"], "lay-down": ["no", "yes: " + str(p.position.hand[0])]}.get(
        p.kind, ["0", "99", "no", "none"])
    for text in candidates:
        verdict = p.check(text)
        if verdict.readable and not verdict.correct:
            return text
    raise AssertionError(f"no wrong answer found for {p.id}")


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
    empty = s.check()
    # Nothing given is told to give something, not "Not quite", and is no attempt.
    assert str(empty) == NOTHING_GIVEN and not empty.readable and s.score == (0, 0)
    s.type("   ")
    assert str(s.check()) == NOTHING_GIVEN
    hints = [s.hint() for _ in range(len(s.hints()) + 1)]
    assert hints[:-1] == list(s.hints()) and hints[-1] == s.hints()[-1]
    # The first hint reads the position; the puzzle's own follow, none said twice.
    assert set(s.hints()[1:]) <= set(s.puzzle.hints) and len(set(s.hints())) == len(s.hints())
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
    assert "<svg" in widget.picture.value
    assert widget.session.puzzle.title in widget.title.value
    row = widget.choice_box.children[0]
    button = next(b for b in row.children if b.description == widget.session.puzzle.answer)
    button.click()
    assert widget.session.answer() == widget.session.puzzle.answer
    widget.buttons["Check"].click()
    assert "Right." in widget.feedback.value and "score 1/1" in widget.score.value
    widget.buttons["Hint"].click()
    assert "Hint:" in widget.hints.value
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


# -- the learner's progress, rating order and streaks (no browser) ---------------------------
def test_hints_accumulate_each_adding_to_the_last():
    s = PuzzleSession([p for p in load() if len(p.hints) >= 2][:1])
    assert s.shown_hints() == ()
    s.hint()
    assert s.shown_hints() == s.hints()[:1]
    s.hint()
    assert s.shown_hints() == s.hints()[:2]  # the first is still shown


def test_each_decided_puzzle_is_recorded_in_the_learners_file(tmp_path):
    path = tmp_path / "ann.db"
    s = PuzzleSession(first("buy")[:3], progress=Progress(path), order="given")
    s.press(wrong_answer(s))
    s.check()
    s.press(s.puzzle.answer)
    s.check()  # right the second time: still a miss, recorded once
    s.next()
    s.hint()  # the free one
    s.hint()  # one that costs
    s.press(s.puzzle.answer)
    s.check()
    s.next()
    s.show_solution()
    s.press(s.puzzle.answer)
    s.check()
    history = Progress(path).history()
    assert [(a.puzzle, a.result, a.hints) for a in history] == [
        (s.puzzles[0].id, "missed", 0), (s.puzzles[1].id, "helped", 1), (s.puzzles[2].id, "missed", 0)]
    assert s.last_attempt == history[-1]


def test_a_rated_session_serves_near_the_learners_rating(tmp_path):
    pool = rated(load(), low=800, step=10)
    learner = Progress(tmp_path / "p.db")
    s = PuzzleSession(pool, progress=learner)
    assert abs(s.puzzle.rating - 1500) <= 120  # among the 12 nearest on a 10-point ladder
    seen = set()
    for _ in range(6):  # a run of solves, each served near the rating it raised
        seen.add(s.puzzle.id)
        target = learner.rating.rating
        assert abs(s.puzzle.rating - target) <= 150
        s.type(s.puzzle.answer)
        s.check()
        s.next()
    assert s.puzzle.id not in seen and learner.rating.rating > 1600
    assert "your rating" in s.status() and "streak 6 (best 6)" in s.status()


def test_a_streak_climbs_has_no_hints_and_ends_at_the_first_miss(tmp_path):
    pool = rated(load()[:40], low=1000, step=25)
    s = PuzzleSession(pool, progress=Progress(tmp_path / "p.db"), streak=True)
    with pytest.raises(ValueError, match="a streak has no hints"):
        s.hint()
    ratings = []
    for _ in range(5):
        ratings.append(s.puzzle.rating)
        s.type(s.puzzle.answer)
        assert s.check().correct
        s.next()
    assert s.run == 5 and ratings[-1] - ratings[0] >= 100  # each one asks more
    assert ratings[0] <= 1050  # it starts from the easiest
    s.type(wrong_answer(s))
    s.check()
    assert s.run_over and "Streak 5 (over)" in s.status()
    s.next()
    assert s.run == 0 and not s.run_over and s.puzzle.rating <= 1500
    modes = {a.mode for a in Progress(tmp_path / "p.db").history()}
    assert modes == {"streak"}


def test_a_helped_solve_says_how_it_counted_and_never_a_bare_plus_0(tmp_path):
    """Solved with a hint against a puzzle rated as the learner is: half a win is what the
    rating expected, so it does not move; the session says so, and why (issue 25)."""
    pool = [dataclasses.replace(p, rating=1500, rating_deviation=60) for p in first("buy")[:2]]
    s = PuzzleSession(pool, progress=Progress(tmp_path / "p.db"), order="given")
    assert s.outcome() == ""  # nothing decided yet
    s.hint()
    s.hint()  # the second hint is the first that costs
    s.press(s.puzzle.answer)
    s.check()
    attempt = s.last_attempt
    assert attempt.result == "helped" and round(attempt.rating) == round(attempt.rating_before)
    said = s.outcome()
    assert "(+0)" not in said and "no rating change" in said
    assert said.startswith("this puzzle (rated 1500): solved with 1 hint: half a win; no rating change (yours stays")


def test_a_rating_that_moves_says_from_what_to_what(tmp_path):
    s = PuzzleSession(rated(first("buy")[:2]), progress=Progress(tmp_path / "p.db"), order="given")
    s.show_solution()
    attempt = s.last_attempt
    change = round(attempt.rating) - round(attempt.rating_before)
    assert change < 0 and s.outcome().endswith(
        f"the solution shown first): a loss; your rating {attempt.rating_before:.0f} → {attempt.rating:.0f} "
        f"({change:+d}), provisional")
    s.next()
    s.press(s.puzzle.answer)
    s.check()
    assert "solved alone" in s.outcome() and "(+" in s.outcome()


def test_a_new_learners_rating_reads_provisional_not_a_question_mark(tmp_path):
    learner = Progress(tmp_path / "p.db")
    s = PuzzleSession(first("buy")[:2], progress=learner)
    assert learner.rating_text().endswith("?")  # the file's own short form
    assert "your rating 1500 (provisional)" in s.status() and "?" not in s.status()
    settled = dataclasses.replace(learner.rating, deviation=60.0)
    assert rating_words(settled) == f"{settled.rating:.0f}"


def test_a_puzzle_seen_before_is_practice_in_words(tmp_path):
    path = tmp_path / "p.db"
    puzzle = first("buy")[0]
    Progress(path).record(puzzle, "solved")
    s = PuzzleSession([puzzle], progress=Progress(path))
    s.press(s.puzzle.answer)
    s.check()
    assert s.outcome() == attempt_words(s.last_attempt) == "this puzzle: seen before, so practice (unrated)"


def test_a_widget_on_a_folder_without_puzzles_says_so(tmp_path):
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(folder=tmp_path)
    assert widget.session is None and "There is no puzzle in this folder." in widget.title.value


# -- the widget, with a learner ----------------------------------------------------------
def test_widget_enter_in_the_answer_box_checks():
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(kind="cost")
    widget.typed.value = widget.session.puzzle.answer
    # What the browser sends when Enter is pressed in a Text box.
    widget.typed._handle_custom_msg({"event": "submit"}, [])
    assert "Right." in widget.feedback.value
    assert widget.session.score == (1, 1)


def test_widget_shows_every_hint_given_and_tells_an_empty_answer_to_type():
    from tenpennies.widgets import PuzzleWidget

    puzzle = next(p for p in load() if len(p.hints) >= 2)
    widget = PuzzleWidget([puzzle])
    widget.buttons["Check"].click()
    assert "Not quite" not in widget.feedback.value and "Type an answer" in widget.feedback.value
    widget.buttons["Hint"].click()
    widget.buttons["Hint"].click()
    from html import escape
    first, second = widget.session.hints()[:2]
    assert escape(first) in widget.hints.value and escape(second) in widget.hints.value
    assert widget.hints.value.index(escape(first)) < widget.hints.value.index(escape(second))


def test_widget_records_in_the_default_file_and_draws_the_themes(learners_file):
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(kind="discard")
    assert not learners_file.exists()  # nothing is written until an answer is checked
    puzzle = widget.session.puzzle
    widget.typed.value = puzzle.answer
    widget.buttons["Check"].click()
    assert widget.feedback.value.count("Right.") == 1 and "this puzzle (rated" in widget.score.value
    assert [a.puzzle for a in Progress(learners_file).history()] == [puzzle.id]
    from html import escape

    from tenpennies.puzzles import THEMES

    assert widget.themes.value.startswith("<svg")
    assert all(escape(THEMES[t], quote=False) in widget.themes.value for t in puzzle.themes)
    again = PuzzleWidget(kind="discard")  # a new kernel's widget reads the same file
    assert "streak 1 (best 1)" in again.score.value


def test_widget_streak_mode_hides_hints_and_progress_false_keeps_nothing(learners_file):
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(kind="count", progress=False)
    widget.mode.value = "Streak"
    assert widget.session.streak and widget.buttons["Hint"].disabled
    widget.typed.value = "0"
    widget.buttons["Check"].click()
    assert not learners_file.exists()


def test_widget_with_no_match_lists_what_exists():
    from tenpennies.widgets import PuzzleWidget

    widget = PuzzleWidget(kind="buy", theme="runs")  # shown, not raised: a learner reads it
    buy_themes = {t for p in load(kind="buy") for t in p.themes}
    assert widget.session is None and widget.children == (widget.title,)
    assert "runs" in widget.title.value and sum(t in widget.title.value for t in buy_themes) == len(buy_themes)
    unknown = PuzzleWidget(kind="buy", theme="wild")
    assert "wild-limit" in unknown.title.value  # the loader's list of themes, shown


# -- the play notebooks ------------------------------------------------------------------------
def test_play_notebooks_say_to_run_the_widget_cell_and_suggest_only_what_exists():
    import json
    import re
    from pathlib import Path

    from tenpennies.puzzles import FOLDER, KINDS

    for kind in KINDS:
        path = Path(FOLDER) / f"play-{kind}.ipynb"
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        widget = next(c for c in cells if "PuzzleWidget(" in "".join(c["source"]) and c["cell_type"] == "code")
        outputs = [o for c in cells if c["cell_type"] == "code" for o in c["outputs"]]
        # No saved widget view (it shows "Loading widget..." once its kernel is gone) ...
        assert not any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs), path.name
        # ... but words just above it, and the test marker kept out of the code a learner reads.
        above = cells[cells.index(widget) - 1]
        assert above["cell_type"] == "markdown" and "Run the cell below" in "".join(above["source"]), path.name
        assert widget["metadata"]["tags"] == ["nbval-ignore-output"] and not widget["outputs"]
        text = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        for theme in re.findall(r"theme='([a-z-]+)'", text):
            assert load(kind=kind, theme=theme), f"{path.name} suggests theme {theme!r}, which no {kind} puzzle has"
        for tier in re.findall(r"tier=(\d)", text):
            assert load(kind=kind, tier=int(tier)), f"{path.name} suggests tier {tier}"


def test_widget_with_an_unreadable_progress_file_still_serves_and_says_why(learners_file, tmp_path):
    from tenpennies.widgets import PuzzleWidget

    learners_file.write_bytes(b"not a database at all" * 100)
    widget = PuzzleWidget(kind="cost")
    assert widget.progress is None and "progress.db" in widget.feedback.value
    widget.typed.value = widget.session.puzzle.answer
    widget.buttons["Check"].click()
    assert "Right." in widget.feedback.value and "progress.db" in widget.feedback.value
    # A file that breaks between answers: the answer is judged, the failure told.
    good = tmp_path / "good.db"
    widget = PuzzleWidget(kind="cost", progress=good)
    good.write_bytes(b"broken" * 1000)
    widget.typed.value = widget.session.puzzle.answer
    widget.buttons["Check"].click()
    assert "Right." in widget.feedback.value and "good.db" in widget.feedback.value
    before = widget.session.puzzle.id
    widget.buttons["Next"].click()
    assert widget.session.puzzle.id != before  # still serving


ACTIONS = st.lists(st.sampled_from(["right", "wrong", "hint", "solution", "next", "empty"]), max_size=14)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=ACTIONS, streak=st.booleans())
def test_the_learners_file_holds_one_attempt_per_decided_puzzle(tmp_path_factory, actions, streak):
    """Whatever a learner clicks, each puzzle decided (first readable check, or the
    solution shown first) is one attempt in the file, with the result its clicks earned."""
    path = tmp_path_factory.mktemp("s") / "p.db"
    s = PuzzleSession(rated(first("cost") + first("count"), low=1200, step=20), progress=Progress(path), streak=streak)
    expected, decided, hints = [], False, 0
    for action in actions:
        if action == "next":
            s.next()
            decided, hints = False, 0
        elif action == "hint" and not streak:
            s.hint()
            hints = min(hints + 1, len(s.hints()))
        elif action == "solution":
            s.show_solution()
            if not decided:
                expected.append((s.puzzle.id, "missed", max(0, hints - 1)))
            decided = True
        elif action in ("right", "wrong", "empty"):
            s.type({"right": s.puzzle.answer, "wrong": wrong_answer(s), "empty": ""}[action])
            s.check()
            if action != "empty" and not decided:
                # The first hint is free (FREE_HINTS): only those after it are paid for.
                paid = max(0, hints - 1)
                expected.append((s.puzzle.id, "missed" if action == "wrong" else "helped" if paid else "solved", paid))
                decided = True
    history = Progress(path).history()
    assert [(a.puzzle, a.result, a.hints) for a in history] == expected
    assert s.tried == len(expected) and all(a.mode == ("streak" if streak else "practice") for a in history)
