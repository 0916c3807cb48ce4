"""Your mistakes become your puzzles (issue 34, item 4): a review's graded mistakes, kept
with the learner's progress, asked from the seat's view, served again until solved twice."""

import pytest

from test_review import planted_blunders  # a late round-1 table with two planted blunders

from tenpennies.play.seat_position import SeatPosition
from tenpennies.puzzles.personal import SOLVES, SPACING, PersonalPuzzle, mistake_puzzles
from tenpennies.puzzles.progress import Progress
from tenpennies.puzzles.session import PuzzleSession
from tenpennies.review.judge import review
from tenpennies.explain.decisions import action_words


@pytest.fixture(scope="module")
def planted():
    return review(planted_blunders(), 0, workers=1)


def test_every_graded_mistake_is_a_puzzle_from_that_seats_view(planted):
    puzzles = mistake_puzzles(planted)
    assert len(puzzles) == len(planted.mistakes) == 2
    for p, d in zip(puzzles, planted.mistakes):
        view = planted.view_at(d)
        assert p.position == SeatPosition.of(view)  # the seat's own view: its hand, nothing hidden
        assert {p.played, p.preferred} == {action_words(d.played, view), action_words(d.preferred, view)}
        assert set(p.options) == {p.played, p.preferred}
        assert p.check(p.preferred).correct and not p.check(p.played).correct
        assert f"{d.cost.mean:.1f}" in p.check(p.played).feedback  # answered with the analyst's cost
        assert p.question.startswith("You played one of these") and "what would you play here" in p.title
        assert not p.check("something else").readable  # no attempt, says what to answer
        assert PersonalPuzzle.from_data(p.to_data()) == p


def test_a_mistake_is_kept_once_and_its_first_hint_reads_the_table(planted, tmp_path):
    learner = Progress(tmp_path / "p.db")
    assert learner.keep_mistakes(planted) == 2 and learner.keep_mistakes(planted) == 0
    kept = learner.mistakes("Ten Pennies")
    assert len(kept) == 2 and learner.mistakes("Ten Card Rummy") == ()
    hint = PuzzleSession(list(kept)).hints()[0]
    assert "seats 1 and 2 have laid down" in hint and kept[0].preferred not in hint


def test_a_missed_mistake_is_served_again_and_two_spaced_solves_retire_it(planted, tmp_path):
    learner = Progress(tmp_path / "p.db")
    learner.keep_mistakes(planted)
    s = PuzzleSession(list(learner.mistakes()), progress=learner, order="mistakes")
    first = s.puzzle
    s.press(first.played)
    assert not s.check().correct and not s.last_attempt.rated  # practice: the ladder is not moved
    s.next()
    other = s.puzzle
    assert other.id != first.id  # the other one waits its turn
    s.press(other.preferred)
    s.check()
    s.next()
    assert s.puzzle.id == first.id  # the miss comes back
    s.press(first.preferred)
    s.check()
    assert first.id not in {p.id for p in learner.mistakes(due=True)}  # spaced: not due at once
    for _ in range(SPACING[1]):  # other attempts pass
        learner.record(other, "missed")
    assert first.id in {p.id for p in learner.mistakes(due=True)}
    learner.record(first, "solved")
    assert SOLVES == 2 and first.id not in {p.id for p in learner.mistakes()}
    assert first.id in {p.id for p in learner.mistakes(retired=True)}


def test_rated_practice_serves_a_due_mistake_first_and_replay_serves_the_missed(planted, tmp_path):
    from tenpennies.puzzles import load

    learner = Progress(tmp_path / "p.db")
    ladder = load(kind="cost")[:20]
    s = PuzzleSession(ladder, progress=learner)
    missed = s.puzzle
    s.type("1")
    s.check()
    assert learner.missed(ladder) == [missed]
    learner.keep_mistakes(planted)
    practice = PuzzleSession(ladder, progress=learner, mistakes_first=True)
    assert practice.puzzle.kind == "mistake"
    assert PuzzleSession(ladder, progress=learner).puzzle.kind != "mistake"  # only when asked


def test_the_widget_serves_your_mistakes_and_the_review_panel_keeps_them(planted, tmp_path, monkeypatch):
    from tenpennies.puzzles.progress import ENVIRONMENT
    from tenpennies.review.session import ReviewSession
    from tenpennies.widgets import PuzzleWidget
    from tenpennies.widgets.reviewing import ReviewPanel

    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "p.db"))
    widget = PuzzleWidget(kind="buy")
    widget.mode.value = "Your mistakes"
    assert widget.session is None and "No mistake of yours" in widget.title.value
    panel = ReviewPanel(ReviewSession(planted.record, 0, planted))
    panel.buttons["keep"].click()
    assert "2 new mistakes kept" in panel.message.value
    widget.mode.value = "Rated practice"
    widget.mode.value = "Your mistakes"
    assert widget.session.puzzle.kind == "mistake"
    labels = [b.description for b in widget.choice_box.children[0].children]
    assert sorted(labels) == sorted(widget.session.puzzle.options)


def test_the_review_command_keeps_the_mistakes(planted, tmp_path, capsys):
    from tenpennies.front.cli import main
    from tenpennies.play.record import save

    path = tmp_path / "m.json"
    save(planted_blunders(), path)
    db = tmp_path / "me.db"
    assert main(["review", str(path), "--seat", "0", "--workers", "1", "--no-progress", "--keep", str(db)]) == 0
    assert "2 new mistakes kept as your puzzles" in capsys.readouterr().out
    assert len(Progress(db).mistakes()) == 2
