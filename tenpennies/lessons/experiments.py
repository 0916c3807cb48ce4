"""Class experiments: a teacher starts one, every student adds results, and the class's
pooled frequency closes in on the exact answer in front of it.

This module owns a class's run of one experiment (:class:`ClassExperiment`): what a
student calls to deal a result and record it, and what the teacher's dashboard reads from
the rows: the frequency of hits with its Wilson interval
(:func:`tenpennies.odds.intervals.wilson_interval`), its course as results arrive, the
spread between students against the binomial, the class's buy answers against the kit's,
and the dashboard's picture. :func:`start`, :func:`join` and :func:`current` open a run;
:func:`simulate_class` writes the rows a seeded class would, and :func:`class_spread` says
what a teacher should expect a class to see.

Below it, each in its own module:

* the ready experiments, their trials and the buy experiment's offers
  (:mod:`tenpennies.lessons.ready_experiments`);
* one result as stored, a student's name in its one normal form, and the checks that a
  row is the kit's own (:mod:`tenpennies.lessons.experiment_results`);
* the database the results go to, SQLite or PostgreSQL, and its CSV export
  (:mod:`tenpennies.lessons.class_database`);
* and, above it, a student's panel on the classroom app without a browser
  (:mod:`tenpennies.lessons.student_desk`).

In class::

    >>> import tempfile, os
    >>> db = os.path.join(tempfile.mkdtemp(), "class.db")
    >>> run = start("dealt-round-1", db)              # the teacher
    >>> simulate_class(run, students=30, results_each=5, seed=1)
    150
    >>> print(run.pooled())
    0.08 [0.05, 0.13]
    >>> run.exact
    Fraction(196995994817, 2211443056305)

A student types ``join("dealt-round-1", "class.db").deal(student="Ana")`` (a fresh
deal, shown as a picture, recorded), or, in the classroom app started with
``--experiment NAME --db PATH``, ``current().deal(student="Ana")``: :func:`current`
reads the experiment and the database from the environment variables
:data:`EXPERIMENT_VARIABLE` and :data:`DATABASE_VARIABLE`.
"""

from __future__ import annotations

import math
import os
import random
import secrets
import tempfile
from dataclasses import dataclass, replace
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from functools import cached_property
from typing import Mapping, Sequence

from ..engine.cards import format_cards
from ..engine.errors import ForgedResultError
from ..odds.intervals import Interval, wilson_interval
from ..pictures.svg import bar_chart_svg, line_chart_svg, message_svg, stack_svg
from .class_database import ClassDatabase
from .experiment_results import UNANSWERED, Result, student_name
from .ready_experiments import ExperimentError, Trial, experiment, offers
from .ready_experiments import EXPERIMENTS  # noqa: F401  (notebooks/teacher_dashboard.ipynb imports it from here)

EXPERIMENT_VARIABLE = "TENPENNIES_EXPERIMENT"
"""The environment variable naming the class's experiment (see :func:`current`)."""
DATABASE_VARIABLE = "TENPENNIES_EXPERIMENT_DB"
"""The environment variable holding the class's database path or URL (see :func:`current`)."""


# -- a class's run of one experiment ----------------------------------------------------------
@dataclass(frozen=True)
class Spread:
    """How the students' own frequencies spread: how many students had each number of
    hits (among those with ``results_each`` results), against the binomial's expectation."""

    results_each: int
    students: tuple[int, ...]
    expected: tuple[float, ...]


class ClassExperiment:
    """One experiment in one class database: what students call, and what the dashboard reads.

    ``deal(student=...)`` makes one result with :mod:`secrets` and records it (for
    should-you-buy it shows the offer; the answer goes in with ``answer(...)``).
    """

    def __init__(self, name: str, db: str | os.PathLike | ClassDatabase) -> None:
        self.experiment = experiment(name)
        self.db = db if isinstance(db, ClassDatabase) else ClassDatabase(db)

    def __repr__(self) -> str:
        return f"ClassExperiment({self.name!r}, {self.db.where!r})"

    @property
    def name(self) -> str:
        return self.experiment.name

    @cached_property
    def exact(self) -> Fraction | None:
        return self.experiment.exact

    def deal(self, student: str, *, answer: str | None = None, rng: random.Random | None = None) -> Trial:
        """Deal one fresh result for ``student`` and record it (returns it, shown as a picture).

        For should-you-buy, give ``answer`` ("buy" or "pass") now, or call
        :meth:`answer` with the trial this returns.
        """
        student = student_name(student)
        if answer is not None and str(answer).strip().lower() not in ("buy", "pass"):
            raise ExperimentError(f"answer: 'buy' or 'pass', not {answer!r}")
        trial = self.experiment.trial(rng or secrets.SystemRandom())
        if self.experiment.asks_answer:
            # Recorded when shown, unanswered: every offer shown counts, answered or not.
            self.db.add(Result(self.name, student, False, _cards_text(trial), UNANSWERED, trial.expected))
            self._pending[student] = trial
            if answer is not None:
                self.answer(trial, answer, student=student)
            return trial
        self.db.add(Result(self.name, student, bool(trial.hit), _cards_text(trial)))
        return trial

    @cached_property
    def _pending(self) -> dict[str, Trial]:
        return {}

    def answer(self, trial: Trial | str, answer: str | None = None, *, student: str | None = None) -> str:
        """Record a buy or pass for an offer; returns the kit's judgment, to compare.

        ``answer(trial, "buy", student="Ana")``, or ``answer("buy", student="Ana")`` for
        the offer last dealt to Ana in this session.
        """
        if isinstance(trial, str):
            trial, answer = None, trial
        student = student_name(student)
        waiting = self._pending.get(student)
        if waiting is None:
            raise ExperimentError(f"no offer is waiting for {student!r}: deal(student=...) first")
        if trial is not None and trial != waiting:
            # The answer goes with the offer it answers: the one this session showed.
            raise ForgedResultError(f"{student!r} was not shown that offer: the answer goes with the offer "
                                    f"shown last ({waiting.words.split(':')[0]})")
        word = str(answer).strip().lower() if answer is not None else ""
        if word not in ("buy", "pass"):
            raise ExperimentError(f"answer: 'buy' or 'pass', not {answer!r}")
        del self._pending[student]
        self.db.answer_offer(Result(self.name, student, word == waiting.expected, _cards_text(waiting), word,
                                    waiting.expected))
        return waiting.expected

    def results(self) -> list[Result]:
        return self.db.results(self.name)

    def pooled(self, results: Sequence[Result] | None = None) -> Interval:
        """The class's frequency of hits with its Wilson interval."""
        results = self.results() if results is None else results
        n = len(results)
        return wilson_interval(sum(r.hit for r in results) / n if n else 0.0, n)

    def course(self, results: Sequence[Result] | None = None, points: int = 60) -> list[Interval]:
        """The pooled frequency as results arrived: after 1, 2, ... results (about ``points`` steps)."""
        results = self.results() if results is None else results
        n = len(results)
        if not n:
            return []
        step = max(1, n // points)
        marks = sorted(set(range(step, n + 1, step)) | {1, n})
        hits, out, k = 0, [], 0
        for i, r in enumerate(results, 1):
            hits += r.hit
            if k < len(marks) and i == marks[k]:
                out.append(wilson_interval(hits / i, i))
                k += 1
        return out

    def by_student(self, results: Sequence[Result] | None = None) -> dict[str, tuple[int, int]]:
        """Each student's (hits, results), in order of first result."""
        out: dict[str, list[int]] = {}
        for r in (self.results() if results is None else results):
            tally = out.setdefault(r.student, [0, 0])
            tally[0] += r.hit
            tally[1] += 1
        return {s: (h, n) for s, (h, n) in out.items()}

    def spread(self, results: Sequence[Result] | None = None) -> Spread | None:
        """Students' hit counts against the binomial, for the most common number of results."""
        tallies = list(self.by_student(results).values())
        p = self.exact
        if not tallies:
            return None
        if p is None:
            p = self.pooled(results).mean
        sizes = [n for _, n in tallies]
        each = max(set(sizes), key=lambda n: (sizes.count(n), n))
        chosen = [h for h, n in tallies if n == each]
        counts = tuple(chosen.count(k) for k in range(each + 1))
        p = float(p)
        expected = tuple(len(chosen) * math.comb(each, k) * p ** k * (1 - p) ** (each - k) for k in range(each + 1))
        return Spread(each, counts, expected)

    def answers(self, results: Sequence[Result] | None = None) -> list[tuple[str, str, Interval, int]]:
        """Should-you-buy: per offer, the kit's judgment, the class's share answering buy
        (Wilson interval) and how many agreed with the kit."""
        rows: dict[str, list] = {}
        for r in (self.results() if results is None else results):
            row = rows.setdefault(r.cards, [r.expected, 0, 0, 0])
            row[1] += r.answer == "buy"
            row[2] += 1
            row[3] += r.hit
        order = {o.cards: o.number for o in offers()}
        return [(cards, kit, wilson_interval(buys / n, n), agree)
                for cards, (kit, buys, n, agree) in sorted(rows.items(), key=lambda kv: order.get(kv[0], 99))]

    def dashboard_svg(self, results: Sequence[Result] | None = None) -> str:
        """The teacher's picture: the pooled frequency closing in, the spread between
        students, and (should-you-buy) the class's answers against the kit's."""
        results = self.results() if results is None else results
        if not results:
            return message_svg(f"{self.name}: no results yet")
        pooled, course, exact = self.pooled(results), self.course(results), self.exact
        pictures, labels = [], []
        series = [("class frequency", [(c.n, c.mean) for c in course])]
        if exact is not None:
            series.append((f"exact {float(exact):.4f}", [(course[0].n, float(exact)), (course[-1].n, float(exact))]))
        # The early intervals are wide; the scale is set by the answer, not by them.
        top = 1.0 if exact is None else min(1.0, math.ceil(max(3 * float(exact), 2 * pooled.high) * 20) / 20)
        count = lambda v: f"{v:.0f}" if v == int(v) else f"{v:.1f}"
        frequency = lambda v: f"{v:.0f}" if v >= 1 and v == int(v) else f"{v:.2f}"
        pictures.append(line_chart_svg(
            series, band=[(c.n, c.low, c.high) for c in course], band_label="95% Wilson interval",
            title=f"{self.name}: {pooled.mean:.3f} [{pooled.low:.3f}, {pooled.high:.3f}] after {pooled.n} results",
            x_label="results pooled", y_label="frequency", y_range=(0.0, top), fmt=frequency,
            x_ticks=sorted({course[0].n, *range(0, pooled.n + 1, _tick(pooled.n))} - {0} | {pooled.n}),
            y_ticks=[top * i / 4 for i in range(5)]))
        labels.append(self.experiment.question)
        spread = self.spread(results)
        if spread is not None and spread.results_each > 0:
            pictures.append(bar_chart_svg(
                [f"{k} of {spread.results_each}" for k in range(spread.results_each + 1)],
                [("students", list(spread.students)), ("binomial", list(spread.expected))],
                title=f"Hits per student, of {spread.results_each} each", fmt=count))
            labels.append("The spread between students, against chance alone")
        if self.experiment.asks_answer:
            rows = self.answers(results)
            pictures.append(bar_chart_svg(
                [f"offer {o.number}" for o in offers() if any(o.cards == c for c, *_ in rows)],
                [("class: buy", [i.mean for _, _, i, _ in rows]),
                 ("kit: buy", [1.0 if kit == "buy" else 0.0 for _, kit, _, _ in rows])],
                title="Share answering buy, offer by offer", fmt=lambda v: f"{v:.0%}"))
            labels.append("The class's buy answers against the kit's judgment")
        return stack_svg(pictures, labels)

    def status(self) -> str:
        """One line: results, students and the pooled frequency against the exact value."""
        results = self.results()
        pooled = self.pooled(results)
        students = len(self.by_student(results))
        line = f"{self.name}: {len(results)} results from {students} students"
        if results:
            line += f"; frequency {pooled.mean:.4f} [{pooled.low:.4f}, {pooled.high:.4f}] (Wilson)"
        if self.exact is not None:
            line += f"; exact {float(self.exact):.4f}"
        return line


def _tick(n: int) -> int:
    # A round step for the x axis: about four ticks.
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if n / step <= 5:
            return step
    return 10 ** len(str(n // 5))


def _cards_text(trial: Trial) -> str:
    return " | ".join(format_cards(cards) for _, cards in trial.groups)


def start(name: str, db: str | os.PathLike | ClassDatabase) -> ClassExperiment:
    """The teacher starts ``name`` in the database ``db`` (a path or a URL)."""
    run = ClassExperiment(name, db)
    run.db.start(name)
    return run


def join(name: str, db: str | os.PathLike | ClassDatabase) -> ClassExperiment:
    """A student joins the class's ``name`` in ``db`` (started by the teacher first)."""
    run = ClassExperiment(name, db)
    if name not in run.db.experiments():
        raise ExperimentError(f"experiment {name!r} has not been started in {run.db.where!r}: "
                              f"the teacher runs 'tenpennies experiment start {name} --db ...'")
    return run


def current(environ: Mapping[str, str] | None = None) -> ClassExperiment | None:
    """The class's experiment named by the environment, or None when none is set.

    The classroom app (``python3 dev.py app --experiment NAME --db PATH``) sets
    :data:`EXPERIMENT_VARIABLE` to the experiment's name and :data:`DATABASE_VARIABLE`
    to the database's path or URL; a notebook then calls ``current().deal(student=...)``.
    ``environ`` is :data:`os.environ` unless given (the app's page passes its own).
    """
    environ = os.environ if environ is None else environ
    name, db = environ.get(EXPERIMENT_VARIABLE), environ.get(DATABASE_VARIABLE)
    if not name:
        return None
    if not db:
        raise ExperimentError(f"{EXPERIMENT_VARIABLE} is {name!r} but {DATABASE_VARIABLE} is not set")
    return join(name, db)


# -- a simulated class ------------------------------------------------------------------------
SIMULATED_START = datetime(2026, 1, 5, 9, 0, tzinfo=timezone.utc)
"""The clock of a simulated class: a fixed Monday morning, so its rows are the same each run."""


def _simulated_answer(trial: Trial, rng: random.Random) -> str:
    # A student's rule of thumb: buy a card that pairs with the hand, pass otherwise;
    # and one time in five the other answer, as people do.
    hand, offered = trial.groups[0][1], trial.groups[1][1][0]
    thumb = "buy" if sum(c.rank == offered.rank for c in hand) >= 2 else "pass"
    return thumb if rng.random() >= 0.2 else ("pass" if thumb == "buy" else "buy")


def simulate_class(run: ClassExperiment, students: int = 30, results_each: int = 5, seed: int = 0) -> int:
    """Write the rows 30 (``students``) simulated students would, ``results_each`` each.

    Seeded: the same seed gives the same rows, in the same order, with times a few
    seconds apart from :data:`SIMULATED_START`, so a saved dashboard is byte-stable.
    Students take turns in a shuffled order, as in a room. Returns the rows written.
    """
    if not (isinstance(students, int) and students >= 1):
        raise ExperimentError(f"students: a whole number from 1, not {students!r}")
    if not (isinstance(results_each, int) and results_each >= 1):
        raise ExperimentError(f"results_each: a whole number from 1, not {results_each!r}")
    rng = random.Random(f"class {run.name} {seed}")
    names = [f"student {i + 1:02d}" for i in range(students)]
    turns = [name for name in names for _ in range(results_each)]
    rng.shuffle(turns)
    rows = []
    for k, student in enumerate(turns):
        trial = run.experiment.trial(rng)
        at = (SIMULATED_START + timedelta(seconds=7 * k)).isoformat(timespec="seconds")
        if run.experiment.asks_answer:
            word = _simulated_answer(trial, rng)
            rows.append(Result(run.name, student, word == trial.expected, _cards_text(trial), word,
                               trial.expected, at))
        else:
            rows.append(Result(run.name, student, bool(trial.hit), _cards_text(trial), at=at))
    run.db._store([replace(r, at="") for r in rows], [r.at for r in rows], check=False)  # on its own clock
    return len(rows)


def class_spread(name: str, classes: int = 200, students: int = 30, results_each: int = 5,
                 seed: int = 0) -> tuple[float, float, float]:
    """The 5th, 50th and 95th percentiles of the pooled frequency over ``classes``
    seeded simulated classes: what a teacher should expect a class to see."""
    estimates = []
    with tempfile.TemporaryDirectory() as folder:
        for c in range(classes):
            run = start(name, os.path.join(folder, f"class{c}.db"))
            simulate_class(run, students, results_each, seed=seed * 100_000 + c)
            estimates.append(run.pooled().mean)
    estimates.sort()

    def pct(q: float) -> float:
        return estimates[min(len(estimates) - 1, int(q * len(estimates)))]

    return pct(0.05), pct(0.5), pct(0.95)


__all__ = [
    "DATABASE_VARIABLE", "EXPERIMENT_VARIABLE", "ClassExperiment", "Spread",
    "class_spread", "current", "join", "simulate_class", "start",
]
