"""Class experiments (tenpennies.lessons.experiments): results pooled in one database, safe with a
classroom of writers at once, converging on the exact answers the lessons compute."""

import csv
import multiprocessing
import os
import random
import shutil
import sqlite3
import subprocess
import tempfile
from fractions import Fraction

import pytest

from tenpennies.front.cli import main
from tenpennies.engine.errors import TenPenniesError
from tenpennies.lessons.class_database import ClassDatabase
from tenpennies.lessons.experiment_results import COLUMNS, UNANSWERED, Result, result_problems, student_name
from tenpennies.lessons.experiments import (
    DATABASE_VARIABLE, EXPERIMENT_VARIABLE, class_spread, current, join, simulate_class, start,
)
from tenpennies.lessons.ready_experiments import BUY_TOKENS, EXPERIMENTS, ExperimentError, kit_judgment, offers
from tenpennies.lessons.student_desk import StudentDesk
from tenpennies.engine.errors import ForgedResultError
from tenpennies.bots.buying import judge_offer
from tenpennies.odds import dealt_probability, draw_odds
from tenpennies.engine.cards import parse_cards


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "class.db")


def test_three_ready_experiments_with_their_exact_answers():
    assert set(EXPERIMENTS) == {"dealt-round-1", "outs-after-one-draw", "should-you-buy"}
    assert EXPERIMENTS["dealt-round-1"].exact == dealt_probability(1)
    hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    assert EXPERIMENTS["outs-after-one-draw"].exact == draw_odds(hand, 1, 1).probability == Fraction(8, 97)
    assert EXPERIMENTS["should-you-buy"].exact is None
    for e in EXPERIMENTS.values():
        assert e.description and e.question


def test_the_database_is_sqlite_in_wal_mode_one_row_per_result(db):
    run = start("dealt-round-1", db)
    trial = run.deal(student="  Ana  ")
    with sqlite3.connect(db) as c:
        assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        rows = c.execute("SELECT experiment, student, at, hit, cards FROM results").fetchall()
    assert len(rows) == 1
    experiment, student, at, hit, cards = rows[0]
    assert (experiment, student, hit) == ("dealt-round-1", "ana", int(trial.hit))  # one normal form (student_name)
    assert at.endswith("+00:00") and len(parse_cards(cards)) == 11
    assert "<svg" in trial._repr_svg_()


def test_a_student_result_is_a_fresh_deal_that_counts_right(db):
    run = start("outs-after-one-draw", db)
    for _ in range(40):
        trial = run.deal(student="Ben")
        drawn = trial.groups[1][1][0]
        assert trial.hit == (drawn in draw_odds(trial.groups[0][1], 1, 1).outs)
    assert run.by_student() == {"ben": (sum(r.hit for r in run.results()), 40)}


def test_buy_answers_are_compared_with_the_kits_judgment(db):
    run = start("should-you-buy", db)
    trial = run.deal(student="Cy")
    kit = run.answer("pass", student="Cy")
    offer = next(o for o in offers() if o.discard == trial.groups[1][1][0] and o.hand == trial.groups[0][1])
    assert kit == kit_judgment(offer) == judge_offer(offer.hand, offer.discard, 1, my_turn=False, tokens=BUY_TOKENS).verdict
    (row,) = run.results()
    assert row.answer == "pass" and row.expected == kit and row.hit == (kit == "pass")
    with pytest.raises(ExperimentError, match="buy' or 'pass"):
        run.answer(run.deal(student="Cy"), "maybe", student="Cy")
    assert run.results()[-1].answer == UNANSWERED  # the offer shown is recorded, unanswered
    with pytest.raises(ExperimentError, match="no offer is waiting"):
        run.answer("buy", student="Dee")


@pytest.mark.parametrize("name", [None, "", "   ", "x" * 41])
def test_a_student_must_choose_a_name(db, name):
    with pytest.raises(TenPenniesError, match="student"):
        start("dealt-round-1", db).deal(student=name)


def test_unknown_experiment_and_unstarted_join_are_refused(db):
    with pytest.raises(ExperimentError, match="no experiment called 'dealt-round-9'"):
        start("dealt-round-9", db)
    start("dealt-round-1", db)
    with pytest.raises(ExperimentError, match="has not been started"):
        join("outs-after-one-draw", db)
    with pytest.raises(ExperimentError, match="postgresql"):
        ClassDatabase("mysql://somewhere/class")


def test_a_file_that_is_no_database_is_refused_in_words(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, just words " * 100)
    with pytest.raises(ExperimentError, match="notes.txt"):
        start("dealt-round-1", str(notes))
    with pytest.raises(ExperimentError, match="folder does not exist"):
        start("dealt-round-1", str(tmp_path / "missing" / "class.db"))


def test_simulated_class_is_seeded_and_pools_with_wilson(tmp_path):
    a = start("dealt-round-1", str(tmp_path / "a.db"))
    b = start("dealt-round-1", str(tmp_path / "b.db"))
    c = start("dealt-round-1", str(tmp_path / "c.db"))
    assert simulate_class(a, 30, 5, seed=4) == simulate_class(b, 30, 5, seed=4) == 150
    simulate_class(c, 30, 5, seed=5)
    assert a.results() == b.results() != c.results()
    assert len(a.by_student()) == 30 and {n for _, n in a.by_student().values()} == {5}
    pooled = a.pooled()
    hits = sum(r.hit for r in a.results())
    assert pooled.method == "wilson" and pooled.mean == hits / 150 and 0 <= pooled.low < pooled.high <= 1
    assert a.course()[-1] == pooled
    spread = a.spread()
    assert spread.results_each == 5 and sum(spread.students) == 30
    assert sum(spread.expected) == pytest.approx(30)
    assert a.dashboard_svg() == b.dashboard_svg() and "95% Wilson interval" in a.dashboard_svg()


def test_many_simulated_classes_spread_around_the_exact_answer():
    low, middle, high = class_spread("dealt-round-1", classes=40, seed=1)
    assert low <= float(dealt_probability(1)) <= high and low <= middle <= high


def _writer(db, student, barrier, per):
    barrier.wait()  # every process starts writing at the same moment
    run = join("dealt-round-1", db)
    rng = random.Random(student)
    for _ in range(per):
        run.deal(student=student, rng=rng)


def test_30_students_writing_at_once_lose_no_result(db):
    start("dealt-round-1", db)
    per = 20
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(30)
    names = [f"student {i:02d}" for i in range(30)]
    workers = [ctx.Process(target=_writer, args=(db, name, barrier, per)) for name in names]
    for w in workers:
        w.start()
    for w in workers:
        w.join(300)
    assert [w.exitcode for w in workers] == [0] * 30
    run = join("dealt-round-1", db)
    results = run.results()
    assert len(results) == 30 * per
    assert len({r.id for r in results}) == 30 * per
    assert run.by_student() == {name: (sum(r.hit for r in results if r.student == name), per)
                                for name in sorted(names, key=lambda n: min(r.id for r in results if r.student == n))}


def test_export_csv_and_the_command_line(db, tmp_path, capsys):
    assert main(["experiment", "start", "outs-after-one-draw", "--db", db]) == 0
    simulate_class(join("outs-after-one-draw", db), students=3, results_each=2, seed=0)
    assert main(["experiment", "status", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "outs-after-one-draw: 6 results from 3 students" in out and "exact 0.0825" in out
    target = tmp_path / "results.csv"
    assert main(["experiment", "export", "--db", db, "--out", str(target)]) == 0
    rows = list(csv.reader(target.open()))
    assert tuple(rows[0]) == COLUMNS and len(rows) == 7
    assert main(["experiment", "start", "nope", "--db", db]) == 2
    assert "no experiment called 'nope'" in capsys.readouterr().err


def test_current_reads_the_classroom_apps_environment(db, monkeypatch):
    monkeypatch.delenv(EXPERIMENT_VARIABLE, raising=False)
    monkeypatch.delenv(DATABASE_VARIABLE, raising=False)
    assert current() is None
    start("dealt-round-1", db)
    monkeypatch.setenv(EXPERIMENT_VARIABLE, "dealt-round-1")
    with pytest.raises(ExperimentError, match=DATABASE_VARIABLE):
        current()
    monkeypatch.setenv(DATABASE_VARIABLE, f"sqlite:///{db}")
    run = current()
    run.deal(student="Eve")
    assert run.name == "dealt-round-1" and join("dealt-round-1", db).by_student()["eve"][1] == 1


# -- PostgreSQL, when a server can be had --------------------------------------------------
def _postgres_url():
    url = os.environ.get("TENPENNIES_TEST_PG_URL")
    if url:
        return url, None
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if not (shutil.which("postgres") and initdb and pg_ctl):
        pytest.skip("no PostgreSQL: set TENPENNIES_TEST_PG_URL or put postgres, initdb and pg_ctl on PATH")
    pytest.importorskip("psycopg", reason="pip install 'tenpennies[classroom-db]' for PostgreSQL")
    # A throwaway server in a temporary folder; PostgreSQL refuses to run as root, so
    # as root it runs as the postgres user.
    data = tempfile.mkdtemp(prefix="tenpennies-pg-")
    run_as: list[str] = []
    if os.geteuid() == 0:
        import pwd

        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("PostgreSQL will not run as root, and there is no postgres user")
        os.chown(data, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    subprocess.run(run_as + [initdb, "-D", data, "-U", "postgres", "--auth=trust"], check=True, capture_output=True)
    port = 54000 + os.getpid() % 1000
    subprocess.run(run_as + [pg_ctl, "-D", data, "-o", f"-p {port} -k {data} -c listen_addresses=localhost",
                             "-l", os.path.join(data, "log"), "-w", "start"], check=True, capture_output=True)
    return f"postgresql://postgres@localhost:{port}/postgres", (run_as + [pg_ctl, "-D", data], data)


@pytest.fixture(scope="module")
def pg_url():
    url, server = _postgres_url()
    pytest.importorskip("psycopg", reason="pip install 'tenpennies[classroom-db]' for PostgreSQL")
    yield url
    if server:
        subprocess.run(server[0] + ["-m", "fast", "stop"], capture_output=True)
        shutil.rmtree(server[1], ignore_errors=True)


def test_postgresql_takes_the_same_results(pg_url):
    name = "outs-after-one-draw"
    import psycopg

    with psycopg.connect(pg_url) as c:
        c.execute("DROP TABLE IF EXISTS results")
        c.execute("DROP TABLE IF EXISTS experiments")
    run = start(name, pg_url)
    assert simulate_class(run, 30, 5, seed=2) == 150
    with tempfile.TemporaryDirectory() as folder:
        lite = start(name, os.path.join(folder, "c.db"))
        simulate_class(lite, 30, 5, seed=2)
        assert [(r.student, r.hit, r.cards, r.at) for r in run.results()] == \
            [(r.student, r.hit, r.cards, r.at) for r in lite.results()]
        assert run.pooled() == lite.pooled()


def _pg_writer(url, student, barrier, per):
    barrier.wait()
    run = join("dealt-round-1", url)
    rng = random.Random(student)
    for _ in range(per):
        run.deal(student=student, rng=rng)


def test_postgresql_30_students_writing_at_once_lose_no_result(pg_url):
    start("dealt-round-1", pg_url)
    before = len(join("dealt-round-1", pg_url).results())
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(30)
    workers = [ctx.Process(target=_pg_writer, args=(pg_url, f"pg {i:02d}", barrier, 5)) for i in range(30)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(300)
    assert [w.exitcode for w in workers] == [0] * 30
    assert len(join("dealt-round-1", pg_url).results()) == before + 150


def test_the_buy_offers_are_clear_calls_of_the_one_buy_judgment_half_buy_half_pass():
    # A close call has no right answer to agree with: the offers are chosen where the kit's
    # one judgment (tenpennies.bots.buying) is clear, alternately buy and pass.
    verdicts = [judge_offer(o.hand, o.discard, 1, my_turn=False, tokens=BUY_TOKENS).verdict for o in offers()]
    assert verdicts == ["buy", "pass"] * (len(verdicts) // 2)
    assert [kit_judgment(o) for o in offers()] == verdicts


# -- class data a teacher can trust (issue 35) ------------------------------------------------------
def a_real_row(run, student="ana"):
    """A row as the kit makes it, to forge from."""
    run.deal(student=student)
    return run.results()[-1]


def forged_rows(db):
    """The forgeries a student tried, each from a real row (the issue's five and more)."""
    from dataclasses import replace

    dealt = start("dealt-round-1", db)
    outs = start("outs-after-one-draw", db)
    buy = start("should-you-buy", db)
    real, drawn, offer = a_real_row(dealt), a_real_row(outs), a_real_row(buy)
    fresh = dict(id=None, at="")
    hand = parse_cards(real.cards)
    return {
        "impossible cards": (replace(real, cards="ZZ 1X " + real.cards, **fresh), "do not exist"),
        "eleven copies of AS": (replace(real, cards=" ".join(["AS"] * 11), hit=False, **fresh), "more copies"),
        "three copies of a card": (replace(real, cards=" ".join(map(str, hand[:8])) + f" {hand[0]} {hand[0]} "
                                           f"{hand[0]}", **fresh), "more copies"),
        "an unknown experiment": (replace(real, experiment="dealt-round-9", **fresh), "no experiment"),
        "an experiment not started here": (replace(real, experiment="outs-after-one-draw", **fresh), None),
        "a backdated row": (replace(real, at="2020-01-01T00:00:00+00:00", id=None), "the server's"),
        "a name not in its normal form": (replace(real, student="\u0410na", **fresh), "normal form"),
        "a name with a control character": (replace(real, student="ana\u200b", **fresh), "invisible"),
        "twelve cards dealt": (replace(real, cards=real.cards + " JK", **fresh), "11 cards"),
        "a hit the cards do not make": (replace(real, hit=not real.hit, **fresh), "does not follow"),
        "another hand drawn to": (replace(drawn, cards="AS AH AD 2S 2H 2D 3S 3H 3D 4S 4H | 5S", **fresh),
                                  "the hand is"),
        "an offer that was never dealt": (replace(offer, cards=real.cards + " | QH", **fresh), "none of"),
        "an agreement with the wrong judgment": (replace(offer, expected="buy" if offer.expected == "pass"
                                                         else "pass", **fresh), "the kit's judgment"),
        "an answer the offer's hit does not follow": (replace(offer, answer=offer.expected, hit=False, **fresh),
                                                      "does not follow"),
    }


@pytest.mark.parametrize("forgery", [
    "impossible cards", "eleven copies of AS", "three copies of a card", "an unknown experiment",
    "a backdated row", "a name not in its normal form", "a name with a control character", "twelve cards dealt",
    "a hit the cards do not make", "another hand drawn to", "an offer that was never dealt",
    "an agreement with the wrong judgment", "an answer the offer's hit does not follow"])
def test_forged_experiment_rows_are_refused_with_a_clear_error(db, forgery):
    row, said = forged_rows(db)[forgery]
    database = ClassDatabase(db)
    before = database.count()
    with pytest.raises(ForgedResultError, match=said) as refused:
        database.add(row)
    assert isinstance(refused.value, TenPenniesError) and refused.value.problems
    assert str(refused.value).startswith("refused 1 row: the kit could not have made them: row 1: ")
    assert database.count() == before  # nothing stored


def test_a_batch_with_one_forged_row_stores_none_and_the_kits_own_rows_pass(db):
    from dataclasses import replace

    run = start("dealt-round-1", db)
    real = a_real_row(run)
    assert result_problems(replace(real, id=None, at="")) == []  # the kit's own row, checked again
    with pytest.raises(ForgedResultError, match="row 2: "):
        run.db.add_many([replace(real, id=None, at=""), replace(real, id=None, at="", hit=not real.hit)])
    assert run.db.count() == 1
    start("outs-after-one-draw", db)
    with pytest.raises(ForgedResultError, match="has not been started"):
        ClassDatabase(str(db) + "-other").add(replace(real, id=None, at=""))


def test_the_time_of_a_row_is_the_servers():
    import datetime

    with tempfile.TemporaryDirectory() as folder:
        run = start("dealt-round-1", os.path.join(folder, "c.db"))
        run.deal(student="Ana")
        at = datetime.datetime.fromisoformat(run.results()[0].at)
        assert abs((datetime.datetime.now(datetime.timezone.utc) - at).total_seconds()) < 600


def test_every_offer_shown_is_recorded_answered_or_not(db):
    run = start("should-you-buy", db)
    desk = StudentDesk(run)
    desk.student = "Ana"
    desk.trial()
    (row,) = run.results()
    assert row.answer == UNANSWERED and not row.hit  # shown, not answered: a miss until answered
    with pytest.raises(ExperimentError, match="answer the offer shown first"):
        desk.trial()  # no second offer while one waits
    desk.answer("buy")
    (row,) = run.results()
    assert row.answer == "buy" and row.hit == (row.expected == "buy")
    # A student who leaves offers unanswered still has each counted: nothing to pick from.
    for _ in range(3):
        run.deal(student="Ben")
    assert run.by_student()["ben"] == (0, 3)
    # An answer goes with the offer shown, not one the student brings.
    shown = run.deal(student="Cy")
    other = next(t for t in (run.experiment.trial(random.Random(k)) for k in range(50)) if t != shown)
    with pytest.raises(ForgedResultError, match="was not shown that offer"):
        run.answer(other, "buy", student="Cy")


@pytest.mark.parametrize("spelling", ["Ana", "ANA", " ana  ", "\u0410na", "An\u0430", "\uff21na", "\u0391na",
                                      "\U0001d400na"])
def test_one_student_is_one_name(db, spelling):
    run = start("dealt-round-1", db)
    run.deal(student="Ana")
    run.deal(student=spelling)
    assert list(run.by_student()) == ["ana"]
    assert student_name(spelling) == "ana"


@pytest.mark.parametrize("name", ["ana\x00", "ana\u202e", "a\u200bna", "ana\x1b[31m", "\u2066ana"])
def test_a_name_with_a_control_or_invisible_character_is_refused(name):
    with pytest.raises(ExperimentError, match="control or invisible"):
        student_name(name)
