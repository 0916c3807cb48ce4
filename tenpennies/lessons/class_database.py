"""The class's results database: one on the teacher's machine, one row per result
(:data:`~tenpennies.lessons.experiment_results.COLUMNS`).

A path or ``sqlite:///path`` is SQLite in WAL mode, safe with a classroom of writers at
once (a busy timeout, one short transaction per result, retries when locked); a
``postgresql://`` URL is PostgreSQL through ``psycopg`` (``pip install
tenpennies[classroom-db]``), for a class spread over several machines. The SQL is the
same for both but for the table definitions. Each row is checked before it is stored
(:func:`~tenpennies.lessons.experiment_results.result_problems`, and a ready experiment
started in that database), and stamped with the server's time; the rows export as CSV.
"""

from __future__ import annotations

import csv
import os
import random
import sqlite3
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Iterable, Sequence

from ..engine.errors import ForgedResultError
from .experiment_results import COLUMNS, UNANSWERED, Result, result_problems
from .ready_experiments import EXPERIMENTS, ExperimentError, experiment

__all__ = ["ClassDatabase"]


_SQLITE_TABLES = (
    "CREATE TABLE IF NOT EXISTS experiments (name TEXT PRIMARY KEY, started TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS results (id INTEGER PRIMARY KEY AUTOINCREMENT, experiment TEXT NOT NULL, "
    "student TEXT NOT NULL, at TEXT NOT NULL, hit INTEGER NOT NULL, answer TEXT NOT NULL, "
    "expected TEXT NOT NULL, cards TEXT NOT NULL)",
)
_POSTGRES_TABLES = (
    "CREATE TABLE IF NOT EXISTS experiments (name TEXT PRIMARY KEY, started TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS results (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, "
    "experiment TEXT NOT NULL, student TEXT NOT NULL, at TEXT NOT NULL, hit INTEGER NOT NULL, "
    "answer TEXT NOT NULL, expected TEXT NOT NULL, cards TEXT NOT NULL)",
)
_INDEX = "CREATE INDEX IF NOT EXISTS results_by_experiment ON results (experiment, id)"

BUSY_TIMEOUT = 30.0
"""Seconds a writer waits for the database lock before it retries."""
RETRIES = 8
"""How many times a write is tried when the database stays locked."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class ClassDatabase:
    """The class's results: SQLite for a path (or ``sqlite:///path``), PostgreSQL for a
    ``postgresql://`` URL. Each call opens, writes or reads in one short transaction
    and closes, so a process may hold one of these for a whole lesson."""

    def __init__(self, where: str | os.PathLike) -> None:
        where = os.fspath(where)
        if not where:
            raise ExperimentError("the database is a file path or a postgresql:// URL, not empty")
        self.where = where
        self.postgres = where.startswith(("postgresql://", "postgres://"))
        if where.startswith("sqlite:///"):
            where = where[len("sqlite:///") - 1:] if where.startswith("sqlite:////") else where[len("sqlite:///"):]
        elif "://" in where and not self.postgres:
            raise ExperimentError(f"database {self.where!r}: a file path, sqlite:///path or "
                                  "postgresql://... URL is needed")
        self.path = None if self.postgres else where
        self._write(list(_POSTGRES_TABLES if self.postgres else _SQLITE_TABLES) + [_INDEX], wal=True)

    def __repr__(self) -> str:
        return f"ClassDatabase({self.where!r})"

    # One connection per call: short transactions, and nothing shared across processes.
    def _connect(self):
        if self.postgres:
            try:
                import psycopg  # (optional: only a postgresql:// database needs psycopg)
            except ImportError:
                raise ExperimentError("a postgresql:// database needs psycopg: "
                                      "pip install 'tenpennies[classroom-db]'") from None
            try:
                return psycopg.connect(self.where)
            except psycopg.Error as exc:
                raise ExperimentError(f"database {self.where!r}: {str(exc).strip()}") from None
        if self.path != ":memory:" and not Path(self.path).parent.exists():
            raise ExperimentError(f"database {self.path!r}: the folder does not exist")
        connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None)
        connection.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
        return connection

    def _sql(self, statement: str) -> str:
        # Written once with ? placeholders; psycopg takes %s.
        return statement.replace("?", "%s") if self.postgres else statement

    def _write(self, statements: Iterable[str | tuple[str, tuple]], wal: bool = False) -> None:
        statements = [(s, ()) if isinstance(s, str) else s for s in statements]
        for attempt in range(RETRIES):
            try:
                connection = self._connect()
                try:
                    if self.postgres:
                        with connection.transaction():
                            for sql, values in statements:
                                connection.execute(self._sql(sql), values)
                    else:
                        if wal:
                            # WAL lets students write while the dashboard reads.
                            connection.execute("PRAGMA journal_mode = WAL")
                        connection.execute("BEGIN IMMEDIATE")
                        try:
                            for sql, values in statements:
                                connection.execute(sql, values)
                            connection.execute("COMMIT")
                        except BaseException:
                            connection.execute("ROLLBACK")
                            raise
                finally:
                    connection.close()
                return
            except sqlite3.DatabaseError as exc:
                if not isinstance(exc, sqlite3.OperationalError) or (
                        "locked" not in str(exc) and "busy" not in str(exc)):
                    raise ExperimentError(f"database {self.where!r}: {exc}") from None
                if attempt == RETRIES - 1:
                    raise ExperimentError(f"database {self.where!r} stayed locked through "
                                          f"{RETRIES} tries: {exc}") from None
                time.sleep(0.05 * (2 ** attempt) * (1 + random.random()))

    def _read(self, sql: str, values: tuple = ()) -> list[tuple]:
        connection = self._connect()
        try:
            return [tuple(row) for row in connection.execute(self._sql(sql), values).fetchall()]
        except sqlite3.DatabaseError as exc:
            raise ExperimentError(f"database {self.where!r}: {exc}") from None
        finally:
            connection.close()

    def start(self, name: str, at: str | None = None) -> None:
        """Open ``name`` for results (again: nothing is lost)."""
        experiment(name)
        have = self._read("SELECT name FROM experiments WHERE name = ?", (name,))
        if not have:
            try:
                self._write([("INSERT INTO experiments (name, started) VALUES (?, ?)", (name, at or _now()))])
            except ExperimentError:
                if not self._read("SELECT name FROM experiments WHERE name = ?", (name,)):
                    raise  # another process starting it at once is fine; anything else is not

    def experiments(self) -> list[str]:
        """The experiments started in this database, oldest first."""
        return [row[0] for row in self._read("SELECT name FROM experiments ORDER BY started, name")]

    def add(self, result: Result) -> None:
        """Store one result, in its own short transaction (checked: see :meth:`add_many`)."""
        self.add_many([result])

    def add_many(self, results: Sequence[Result]) -> None:
        """Store several results in one transaction, each stamped with the server's time.

        Every result is checked first
        (:func:`~tenpennies.lessons.experiment_results.result_problems`, and its experiment
        must be started here); if any could not have been made by the kit, none is stored
        and :class:`~tenpennies.engine.errors.ForgedResultError` says why, row by row.
        """
        self._store(results, [None] * len(results))

    def _store(self, results: Sequence[Result], times: Sequence[str | None], check: bool = True) -> None:
        # (times: None for the server's clock; a simulated class passes its own clock, and
        # its rows, dealt here by the kit itself, need no second look.)
        started = set(self.experiments()) if check else set()
        problems = []
        for k, r in enumerate(results if check else ()):
            found = result_problems(r, stamped=times[k] is None)
            if isinstance(r, Result) and r.experiment in EXPERIMENTS and r.experiment not in started:
                found.append(f"experiment {r.experiment!r} has not been started in this database")
            problems += [f"row {k + 1}: {p}" for p in found]
        if problems:
            raise ForgedResultError(f"refused {plural_rows(len(results))}: the kit could not have made them: "
                                    + "; ".join(problems), problems)
        self._write([("INSERT INTO results (experiment, student, at, hit, answer, expected, cards) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (r.experiment, r.student, at or _now(), int(r.hit), r.answer, r.expected, r.cards))
                     for r, at in zip(results, times)])

    def answer_offer(self, result: Result) -> None:
        """Record the answer to an offer shown: the student's last
        :data:`~tenpennies.lessons.experiment_results.UNANSWERED` row of those cards takes
        ``result``'s answer and hit (checked as :meth:`add_many` checks)."""
        problems = result_problems(result) + ([] if result.answer in ("buy", "pass") else
                                              [f"an answer is buy or pass, not {result.answer!r}"])
        if problems:
            raise ForgedResultError("refused an answer the kit could not have made: " + "; ".join(problems),
                                    problems)
        self._write([("UPDATE results SET answer = ?, hit = ? WHERE id = (SELECT MAX(id) FROM results "
                      "WHERE experiment = ? AND student = ? AND cards = ? AND answer = ?)",
                      (result.answer, int(result.hit), result.experiment, result.student, result.cards,
                       UNANSWERED))])

    def results(self, name: str | None = None) -> list[Result]:
        """Every result (of one experiment), in the order they arrived."""
        where, values = ("WHERE experiment = ? ", (name,)) if name else ("", ())
        rows = self._read("SELECT id, experiment, student, at, hit, answer, expected, cards FROM results "
                          f"{where}ORDER BY id", values)
        return [Result(e, s, bool(h), c, a, x, at, i) for i, e, s, at, h, a, x, c in rows]

    def count(self, name: str | None = None) -> int:
        where, values = ("WHERE experiment = ?", (name,)) if name else ("", ())
        return self._read(f"SELECT COUNT(*) FROM results {where}", values)[0][0]

    def export_csv(self, target: str | Path | IO[str], name: str | None = None) -> int:
        """Write every result (of one experiment) as CSV
        (:data:`~tenpennies.lessons.experiment_results.COLUMNS`); returns the rows."""
        rows = self.results(name)
        own = isinstance(target, (str, Path))
        handle = open(target, "w", newline="", encoding="utf-8") if own else target
        try:
            writer = csv.writer(handle, lineterminator="\n")
            writer.writerow(COLUMNS)
            for r in rows:
                writer.writerow((r.id, r.experiment, r.student, r.at, int(r.hit), r.answer, r.expected, r.cards))
        finally:
            if own:
                handle.close()
        return len(rows)


def plural_rows(n: int) -> str:
    return f"{n} row" if n == 1 else f"{n} rows"
