"""Class experiments on the classroom app: ``dev.py app --experiment NAME`` starts one and
tells the kernels, and each page shows the student's panel above the table
(tenpennies.lessons.student_desk.StudentDesk, tenpennies.widgets.experiment, tenpennies.widgets.page)."""

import os
import random

import pytest

from tenpennies.lessons.experiment_results import UNANSWERED
from tenpennies.lessons.experiments import DATABASE_VARIABLE, EXPERIMENT_VARIABLE, join, start
from tenpennies.lessons.ready_experiments import ExperimentError
from tenpennies.lessons.student_desk import StudentDesk


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "class.db")


# -- the desk: the panel's state, without a browser --------------------------------------------
def test_a_desk_needs_a_name_before_a_trial_and_records_nothing_without_one(db):
    desk = StudentDesk(start("dealt-round-1", db))
    for name in ("", "   "):
        desk.student = name
        with pytest.raises(ExperimentError, match="choose a name"):
            desk.trial()
    assert desk.run.results() == [] and desk.shown is None


def test_each_trial_writes_one_row_and_the_pooled_count_grows(db):
    desk = StudentDesk(start("outs-after-one-draw", db))
    desk.student = "Ana"
    other = StudentDesk(join("outs-after-one-draw", db))  # a second page, same class
    other.student = "Ben"
    assert desk.pooled_words().startswith("the class so far: 0 results")
    desk.trial()
    other.trial()
    desk.trial()
    results = join("outs-after-one-draw", db).results()
    assert [r.student for r in results] == ["ana", "ben", "ana"]  # one normal form
    hits = sum(r.hit for r in results)
    assert other.pooled_words() == f"the class so far: 3 results, {hits} hits ({hits / 3:.3f})"
    assert desk.words == desk.shown.words and desk.words.startswith("drew the ")


def test_a_buy_offer_is_recorded_when_shown_and_the_kit_speaks_after_the_answer(db):
    desk = StudentDesk(start("should-you-buy", db))
    desk.student = "Cy"
    with pytest.raises(ExperimentError, match="no offer is waiting"):
        desk.answer("buy")
    desk.trial(rng=random.Random(2))
    [shown] = desk.run.results()  # recorded as shown: every offer shown counts (issue 35)
    assert desk.waiting and shown.answer == UNANSWERED and not shown.hit
    assert "kit" not in desk.words  # the judgment is not shown before the answer
    desk.answer("pass")
    [row] = desk.run.results()
    assert not desk.waiting and row.answer == "pass" and row.hit == (row.expected == "pass")
    assert desk.words.startswith("offer answered: pass;")
    assert desk.pooled_words() == f"the class so far: 1 result, {int(row.hit)} agreeing with the kit ({int(row.hit):.3f})"


# -- the page ---------------------------------------------------------------------------------
def test_play_table_shows_the_panel_above_the_table_when_an_experiment_runs(db):
    from tenpennies.widgets.experiment import ExperimentPanel
    from tenpennies.widgets.page import play_table
    from tenpennies.widgets.table import PlayTable

    start("dealt-round-1", db)
    page = play_table({EXPERIMENT_VARIABLE: "dealt-round-1", DATABASE_VARIABLE: db}, delay=0)
    panel, table = page.children
    assert isinstance(panel, ExperimentPanel) and isinstance(table, PlayTable) and table.classroom
    assert isinstance(play_table({}, delay=0), PlayTable)  # no experiment: the table alone

    panel.trial_button.click()  # no name yet: said in words, nothing recorded
    assert "choose a name" in panel.words.value and panel.desk.run.results() == []
    panel.name_box.value = "Dee"
    panel.trial_button.click()
    assert [r.student for r in join("dealt-round-1", db).results()] == ["dee"]  # its one normal form
    assert panel.picture.value.startswith("<svg") and panel.words.value.startswith("dealt:")
    assert "the class so far: 1 result" in panel.pooled.value


def test_the_buy_panel_waits_for_buy_or_pass_and_shows_no_judgment_before(db):
    from tenpennies.widgets.experiment import ExperimentPanel

    panel = ExperimentPanel(start("should-you-buy", db))
    panel.name_box.value = "Eve"
    assert panel.buy_button.disabled and panel.pass_button.disabled
    panel.trial_button.click()
    assert not panel.buy_button.disabled and panel.trial_button.disabled
    states = repr([w.get_state() for w in (panel.picture, panel.words, panel.pooled)])
    assert "the kit says" not in states and "agree" not in panel.words.value
    panel.buy_button.click()
    [row] = panel.desk.run.results()
    assert row.answer == "buy" and panel.buy_button.disabled and not panel.trial_button.disabled


def forged_click(button) -> None:
    """The comm message a page sends for a click, sent whatever the page shows."""
    button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})


def test_a_comm_message_for_a_disabled_panel_button_changes_nothing(db):
    from tenpennies.widgets.experiment import ExperimentPanel

    panel = ExperimentPanel(start("should-you-buy", db))
    panel.name_box.value = "Eve"
    forged_click(panel.buy_button)  # no offer shown: Buy is greyed out
    assert panel.desk.run.results() == [] and not panel.desk.waiting
    forged_click(panel.trial_button)
    shown = panel.desk.shown
    assert panel.trial_button.disabled and len(panel.desk.run.results()) == 1
    forged_click(panel.trial_button)  # a second offer, to pick the easier one: refused
    assert panel.desk.shown is shown and len(panel.desk.run.results()) == 1
    forged_click(panel.pass_button)
    [row] = panel.desk.run.results()
    assert row.answer == "pass" and panel.buy_button.disabled
    forged_click(panel.pass_button)  # answered already: nothing more
    assert panel.desk.run.results() == [row]


# -- the server's option ----------------------------------------------------------------------
def test_experiment_environment_starts_it_and_names_it_for_the_kernels(tmp_path, monkeypatch):
    from tenpennies.front.classroom import DEFAULT_EXPERIMENT_DB, experiment_environment

    monkeypatch.chdir(tmp_path)
    variables = experiment_environment("dealt-round-1")
    path = str(tmp_path / DEFAULT_EXPERIMENT_DB)
    assert variables == {EXPERIMENT_VARIABLE: "dealt-round-1", DATABASE_VARIABLE: path}
    assert join("dealt-round-1", path).results() == []  # started: a student can join
    with pytest.raises(ExperimentError, match="the ready ones are dealt-round-1, outs-after-one-draw, should-you-buy"):
        experiment_environment("dealt-round-9", tmp_path / "other.sqlite")
    assert not (tmp_path / "other.sqlite").exists()


def test_the_app_option_sets_the_variables_before_voila_starts(tmp_path, monkeypatch, capsys):
    from tenpennies.front import classroom

    launched = []
    monkeypatch.setattr(classroom.ClassroomVoila, "launch_instance",
                        lambda argv: launched.append((argv, dict(os.environ))))
    monkeypatch.setenv(EXPERIMENT_VARIABLE, "left-over")  # restored after the test
    monkeypatch.setenv(DATABASE_VARIABLE, "left-over")
    db = str(tmp_path / "room.sqlite")
    classroom.main(["--experiment", "should-you-buy", "--db", db, "--no-browser"])
    [(argv, environ)] = launched
    assert environ[EXPERIMENT_VARIABLE] == "should-you-buy" and environ[DATABASE_VARIABLE] == db
    assert "--no-browser" in argv and f"results go to {db}" in capsys.readouterr().out
    classroom.main(["--no-browser"])  # no experiment: none reaches the kernels
    assert EXPERIMENT_VARIABLE not in launched[1][1] and DATABASE_VARIABLE not in launched[1][1]
    with pytest.raises(SystemExit):
        classroom.main(["--experiment", "nope", "--db", db])
    assert "no experiment called 'nope': the ready ones are" in capsys.readouterr().err
    assert len(launched) == 2
