"""A learner's progress (tenpennies.puzzles.progress): rating, history, streak, themes, export.

The file is the point: every test that matters reads it back through a fresh
``Progress`` (and the restart test through a fresh interpreter), never through the object
that wrote it.
"""

from __future__ import annotations

import csv
import dataclasses
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from every_puzzle import shipped
from tenpennies.front.cli import main
from tenpennies.puzzles.glicko import Rating
from tenpennies.puzzles import load
from tenpennies.puzzles.progress import (COLUMNS, ENVIRONMENT, Progress, ProgressError, default_path,
                                         export_csv)

ROOT = Path(__file__).resolve().parents[1]
PUZZLES = shipped()


def rated(n: int, rating: int, deviation: int = 60):
    """The n-th shipped puzzle, given a rating (the shipped set may not be rated yet)."""
    return dataclasses.replace(PUZZLES[n], rating=rating, rating_deviation=deviation)


def ladder():
    """Puzzles rated 800, 850, ... 2200: a pool to choose from by rating."""
    return [rated(n, 800 + 50 * n) for n in range(29)]


def test_a_solve_raises_the_rating_more_the_harder_the_puzzle_and_a_miss_lowers_it(tmp_path):
    easy, hard = rated(0, 1000), rated(1, 2000)
    after_easy = Progress(tmp_path / "a.db").record(easy, "solved")
    after_hard = Progress(tmp_path / "b.db").record(hard, "solved")
    assert 1500 < after_easy.rating < after_hard.rating
    missed = Progress(tmp_path / "c.db").record(easy, "missed")
    assert missed.rating < 1500 and missed.rating_before == 1500
    # Missing an easy puzzle costs more than missing a hard one.
    assert Progress(tmp_path / "d.db").record(hard, "missed").rating > missed.rating
    assert Progress(tmp_path / "a.db").rating.rating == after_easy.rating  # read back from the file


def test_helped_scores_half_a_solve(tmp_path):
    even = rated(0, 1500, 350)  # as strong as a new learner: half a point is what was expected
    attempt = Progress(tmp_path / "p.db").record(even, "helped", hints=2)
    assert attempt.score == 0.5 and attempt.hints == 2
    assert abs(attempt.change) < 1e-6 and attempt.deviation < 350


def test_only_the_first_attempt_at_a_puzzle_is_rated(tmp_path):
    learner = Progress(tmp_path / "p.db")
    first = learner.record(rated(0, 1400), "solved")
    again = learner.record(rated(0, 1400), "solved")
    assert first.rated and not again.rated and again.change == 0
    assert Progress(tmp_path / "p.db").rating.rating == first.rating
    assert [a.rated for a in Progress(tmp_path / "p.db").history()] == [True, False]


def test_the_streak_counts_solves_in_a_row_and_remembers_the_best(tmp_path):
    learner = Progress(tmp_path / "p.db")
    for n, result in enumerate(["solved", "solved", "solved", "missed", "solved", "helped", "solved"]):
        learner.record(rated(n, 1500), result)
    again = Progress(tmp_path / "p.db")
    assert again.streak == 1 and again.best_streak == 3
    assert str(again).startswith("p: rating ") and "streak 1 (best 3)" in str(again)


def test_themes_are_rated_by_success_weakest_first(tmp_path):
    learner = Progress(tmp_path / "p.db")
    for n, result in enumerate(["solved", "missed", "helped", "solved"]):
        learner.record(PUZZLES[n], result)
    themes = Progress(tmp_path / "p.db").themes()
    tally = {}
    for n, score in enumerate([1, 0, 0.5, 1]):
        for theme in PUZZLES[n].themes:
            tally.setdefault(theme, []).append(score)
    assert {r.theme: (r.tried, r.score) for r in themes} == {t: (len(s), sum(s) / len(s)) for t, s in tally.items()}
    scores = [r.score for r in themes]
    assert scores == sorted(scores)
    svg = themes._repr_svg_()
    from html import escape

    from tenpennies.puzzles import THEMES

    # Each theme in words, as a learner reads it (the tag is for the files).
    assert svg.startswith("<svg") and all(escape(THEMES[r.theme], quote=False) in svg for r in themes)
    assert "No puzzle tried yet." in Progress(tmp_path / "none.db").themes()._repr_svg_()


def test_next_puzzle_is_near_the_learners_rating_and_unseen_first(tmp_path):
    pool = ladder()
    learner = Progress(tmp_path / "p.db")
    first = learner.next_puzzle(pool)
    assert abs(first.rating - 1500) <= 300  # one of the 12 nearest 1500 on a 50-point ladder
    assert learner.next_puzzle(pool) == first  # the same history chooses the same
    assert abs(learner.next_puzzle(pool, difficulty=600).rating - 2100) <= 300
    for p in sorted(pool, key=lambda p: -p.rating)[:8]:  # eight hard solves: a strong learner
        learner.record(p, "solved")
    strong = Progress(tmp_path / "p.db")
    assert strong.rating.rating > 1900
    chosen = strong.next_puzzle(pool)
    assert chosen.id not in strong.attempted()  # unseen ones first
    # The 12 unseen puzzles nearest a rating over 1900 are those from 1800 down to 1250.
    assert chosen.rating >= 1250
    assert strong.next_puzzle(pool, difficulty=-600).rating <= 1300 + 300
    assert strong.next_puzzle(pool[:1]) == pool[0]  # only seen ones left: still served


def test_a_missing_file_is_a_new_learner_and_reading_makes_no_file(tmp_path):
    path = tmp_path / "deep" / "p.db"
    learner = Progress(path)
    assert learner.rating == Rating() and learner.history() == () and learner.streak == 0
    assert learner.next_puzzle(ladder()) is not None and not path.exists()
    learner.record(PUZZLES[0], "solved")
    assert path.exists()  # its folder made too


def test_the_default_file_is_in_the_users_data_directory(tmp_path, monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_path() == tmp_path / "data" / "tenpennies" / "progress.db"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/data")  # invalid by the XDG spec: ignored
    assert default_path() == Path.home() / ".local" / "share" / "tenpennies" / "progress.db"
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    assert default_path() == tmp_path / "local" / "tenpennies" / "progress.db"
    monkeypatch.setattr(sys, "platform", "emscripten")  # JupyterLite: the site's browser storage
    assert default_path() == Path("/drive/puzzle-progress.db")
    monkeypatch.setenv(ENVIRONMENT, str(tmp_path / "mine.db"))
    assert default_path() == tmp_path / "mine.db" and Progress().path == tmp_path / "mine.db"


WRITE = """
from tenpennies.puzzles import load
from tenpennies.puzzles.progress import Progress
learner = Progress(whole_file={whole}, learner="Ann")
for p, result in zip(load()[:3], ["solved", "missed", "solved"]):
    learner.record(p, result)
print(learner.rating.rating)
"""
READ = """
from tenpennies.puzzles.progress import Progress
learner = Progress(whole_file={whole})
print(learner.rating.rating, learner.learner, len(learner.history()), learner.streak)
"""


@pytest.mark.parametrize("whole", [False, True], ids=["sqlite-file", "whole-file"])
def test_rating_and_history_survive_a_kernel_restart(tmp_path, whole):
    env = {**os.environ, ENVIRONMENT: str(tmp_path / "p.db"), "PYTHONPATH": str(ROOT)}
    run = lambda code: subprocess.run([sys.executable, "-c", textwrap.dedent(code.format(whole=whole))],  # noqa: E731
                                      env=env, capture_output=True, text=True, check=True).stdout.split()
    written = run(WRITE)
    rating, name, count, streak = run(READ)
    assert rating == written[0] and float(rating) != 1500
    assert (name, count, streak) == ("Ann", "3", "1")


def test_the_whole_file_way_and_the_sqlite_way_write_the_same_file(tmp_path):
    """JupyterLite's way (the database in memory, the file written whole) and the
    desktop's read each other's files."""
    a = Progress(tmp_path / "p.db", whole_file=True)
    a.record(PUZZLES[0], "solved")
    b = Progress(tmp_path / "p.db", whole_file=False)
    b.record(PUZZLES[1], "missed")
    assert [x.result for x in Progress(tmp_path / "p.db", whole_file=True).history()] == ["solved", "missed"]


def test_two_notebooks_writing_at_once_lose_nothing(tmp_path):
    code = textwrap.dedent("""
        import sys
        from tenpennies.puzzles import load
        from tenpennies.puzzles.progress import Progress
        learner = Progress(sys.argv[1])
        for p in load()[:15]:
            learner.record(p, "solved")
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path / "p.db")], env=env) for _ in range(2)]
    assert all(p.wait() == 0 for p in procs)
    history = Progress(tmp_path / "p.db").history()
    assert len(history) == 30 and sorted(a.number for a in history) == list(range(1, 31))
    # Each rating starts where the one before ended: no update was lost between the two.
    assert all(b.rating_before == a.rating for a, b in zip(history, history[1:]))
    assert sum(a.rated for a in history) == 15  # each puzzle rated once, whoever came first


def test_a_class_exports_as_one_csv(tmp_path, capsys):
    ann = Progress(tmp_path / "ann.db", learner="Ann")
    ann.record(PUZZLES[0], "solved")
    ann.record(PUZZLES[1], "missed")
    Progress(tmp_path / "bo.db").record(PUZZLES[2], "helped", hints=1)
    out = tmp_path / "class.csv"
    assert export_csv([tmp_path / "ann.db", tmp_path / "bo.db"], out) == 3
    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert tuple(rows[0]) == COLUMNS
    assert [(r["learner"], r["puzzle"], r["result"], r["score"]) for r in rows] == [
        ("Ann", PUZZLES[0].id, "solved", "1.0"), ("Ann", PUZZLES[1].id, "missed", "0.0"),
        ("bo", PUZZLES[2].id, "helped", "0.5")]
    assert rows[2]["hints"] == "1" and rows[0]["themes"] == " ".join(PUZZLES[0].themes)
    # The command line writes the same table.
    cli_out = tmp_path / "cli.csv"
    assert main(["puzzles", "export", str(tmp_path / "ann.db"), str(tmp_path / "bo.db"), "--csv", str(cli_out)]) == 0
    assert "3 attempts of 2 learners" in capsys.readouterr().out
    assert cli_out.read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    assert main(["puzzles", "export", str(tmp_path / "nobody.db"), "--csv", str(cli_out)]) == 2
    assert "nobody.db: no such file" in capsys.readouterr().err


def test_bad_input_is_refused_naming_what(tmp_path):
    learner = Progress(tmp_path / "p.db")
    with pytest.raises(ProgressError, match="result: one of solved, helped, missed"):
        learner.record(PUZZLES[0], "won")
    with pytest.raises(ProgressError, match="mode: one of practice, streak"):
        learner.record(PUZZLES[0], "solved", mode="blitz")
    with pytest.raises(ProgressError, match="learner: a name"):
        Progress(tmp_path / "q.db", learner="  ")
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is no database" * 100)
    with pytest.raises(ProgressError, match="junk.db"):
        Progress(junk).history()
    assert not (tmp_path / "p.db").exists()  # refused before anything was written


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(results=st.lists(st.sampled_from(["solved", "helped", "missed"]), max_size=12))
def test_the_history_chains_ratings_and_the_streaks_match_the_results(tmp_path_factory, results):
    path = tmp_path_factory.mktemp("h") / "p.db"
    learner = Progress(path)
    for n, result in enumerate(results):
        learner.record(rated(n, 1200 + 37 * n), result)
    history = Progress(path).history()
    assert [a.result for a in history] == results
    assert all(b.rating_before == a.rating for a, b in zip(history, history[1:]))
    runs = "".join("s" if r == "solved" else "." for r in results).split(".")
    assert Progress(path).streak == len(runs[-1]) and Progress(path).best_streak == max(map(len, runs))
    assert all(a.rated for a in history)  # all different puzzles


# -- a rating per game (issue 33, item 4) ------------------------------------------------------
def test_each_game_keeps_its_own_rating_and_serves_its_own_puzzles(tmp_path):
    from tenpennies.puzzles.session import game_of

    learner = Progress(tmp_path / "p.db")
    everything = load(kind="cost")
    tp = [p for p in everything if game_of(p) == "Ten Pennies"]
    tcr = [p for p in everything if game_of(p) == "Ten Card Rummy"]
    for p in tcr[:3]:
        learner.record(p, "solved")
    assert learner.rating_in("Ten Card Rummy").rating > 1500
    assert learner.rating_in("Ten Pennies") == Rating()  # untouched by the other game
    learner.record(tp[0], "missed")
    assert learner.rating_in("Ten Pennies").rating < 1500 < learner.rating_in("Ten Card Rummy").rating
    for seed in range(8):
        assert game_of(learner.next_puzzle(everything, game="Ten Pennies", seed=seed)) == "Ten Pennies"
