"""A learner's progress at the puzzles: a Glicko-2 rating, a history of attempts, a streak.

Everything lives in one SQLite file per learner (the standard library's ``sqlite3``), so
it outlasts the kernel, the notebook and the machine's restart, and a teacher can gather
a class's files and export them as one CSV (:func:`export_csv`, or
``tenpennies puzzles export a.db b.db --csv class.csv``)::

    >>> import tempfile, pathlib
    >>> from tenpennies.puzzles import load
    >>> learner = Progress(pathlib.Path(tempfile.mkdtemp()) / "ann.db", learner="Ann")
    >>> puzzle = learner.next_puzzle(load(kind="buy"))
    >>> attempt = learner.record(puzzle, "solved")
    >>> learner.rating.rating > 1500, learner.streak, len(learner.history())
    (True, 1, 1)

Where the file is: the ``path`` given, else the environment variable
``TENPENNIES_PROGRESS``, else ``progress.db`` in the kit's folder of the user's data
directory (``$XDG_DATA_HOME/tenpennies``, by default ``~/.local/share/tenpennies``;
``~/Library/Application Support/tenpennies`` on macOS; ``%LOCALAPPDATA%\\tenpennies`` on
Windows). In JupyterLite (Python in the browser) it is ``/drive/puzzle-progress.db``,
in the site's own browser storage, beside the notebooks: it survives a page reload, and a
learner can download it to hand in.

How an attempt counts (one Glicko-2 rating period against the puzzle's own rating, as
lichess rates its puzzles): ``solved`` (the first answer checked was right, no hint)
scores 1; ``helped`` (right, after hints) scores 1/2; ``missed`` (a wrong first answer, or
the solution shown first) scores 0. Only a learner's first attempt at a puzzle moves the
rating: seeing it again is practice, kept in the history but not rated. Attempts made in
a streak (the widget's streak mode) are rated like any other. The streak is the run of
``solved`` attempts up to now.

Two ways of keeping the file, chosen by where Python runs:

- on a desktop, SQLite works on the file itself, in WAL mode, one short transaction per
  call, so two notebooks open at once both write safely;
- in the browser (``sys.platform == "emscripten"``) the file system under ``/drive`` is
  the site's storage, on which SQLite's own writes corrupt the file (tried: "database
  disk image is malformed"), so each call loads the file into an in-memory database and
  a change writes the whole file back (``whole_file=True`` asks for this anywhere).
"""

from __future__ import annotations

import csv
import json
import math
import os
import random
import sqlite3
import sys
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Iterable, Sequence

from ..engine.errors import TenPenniesError
from . import THEMES
from .glicko import Rating, update
from .personal import SOLVES, SPACING, PersonalPuzzle, mistake_puzzles
from ..engine.words import plural

__all__ = ["Attempt", "Progress", "ProgressError", "RESULTS", "ThemeRate", "ThemeRates",
           "default_path", "export_csv", "ENVIRONMENT", "COLUMNS"]

ENVIRONMENT = "TENPENNIES_PROGRESS"
"""The environment variable that names the progress file (a path)."""

BROWSER_FILE = "/drive/puzzle-progress.db"
"""Where JupyterLite keeps it: ``/drive`` is the site's browser storage (IndexedDB)."""

RESULTS = {"solved": 1.0, "helped": 0.5, "missed": 0.0}
"""How an attempt ended, and what it scores against the puzzle's rating."""

MODES = ("practice", "streak")
"""Practice serves puzzles near the learner's rating; a streak climbs until the first miss."""

PROVISIONAL = 110.0
"""A deviation above this marks the rating as provisional (lichess's threshold): shown '1530?'."""

NEAR = 12
"""How many of the puzzles nearest the target rating :meth:`Progress.next_puzzle` draws from."""

PERSONAL_KIND = "mistake"
"""The kind of a personal puzzle (:data:`tenpennies.puzzles.personal.KIND`)."""

SCHEMA = 1
_TABLES = (
    "CREATE TABLE IF NOT EXISTS learner (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS attempts ("
    " number INTEGER PRIMARY KEY, at TEXT NOT NULL, puzzle TEXT NOT NULL, kind TEXT NOT NULL,"
    " game TEXT NOT NULL, themes TEXT NOT NULL, puzzle_rating INTEGER NOT NULL,"
    " result TEXT NOT NULL CHECK (result IN ('solved', 'helped', 'missed')),"
    " hints INTEGER NOT NULL, mode TEXT NOT NULL, rated INTEGER NOT NULL,"
    " rating_before REAL NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL, volatility REAL NOT NULL)",
    # A learner's own mistakes as puzzles (tenpennies.puzzles.personal): served again when
    # ``due`` (a count of attempts) is reached, retired after SOLVES solves.
    "CREATE TABLE IF NOT EXISTS personal (id TEXT PRIMARY KEY, game TEXT NOT NULL, data TEXT NOT NULL,"
    " solved INTEGER NOT NULL DEFAULT 0, due INTEGER NOT NULL DEFAULT 0, added INTEGER NOT NULL)",
    f"PRAGMA user_version = {SCHEMA}",
)
_ATTEMPT_COLUMNS = ("number, at, puzzle, kind, game, themes, puzzle_rating, result, hints, mode, rated, "
                    "rating_before, rating, deviation, volatility")

COLUMNS = ("learner", "file", "number", "at", "puzzle", "kind", "game", "themes", "puzzle_rating", "result",
           "score", "hints", "mode", "rated", "rating_before", "rating", "deviation")
"""The CSV export's columns, one row per attempt."""


class ProgressError(TenPenniesError):
    """A progress file that cannot be read or written: the message names the file."""


def default_path() -> Path:
    """Where the learner's progress is kept unless a path is given (see the module)."""
    chosen = os.environ.get(ENVIRONMENT, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform == "emscripten":
        return Path(BROWSER_FILE)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        # The XDG spec: a relative value is invalid and is ignored.
        base = Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".local" / "share"
    return base / "tenpennies" / "progress.db"


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class Attempt:
    """One attempt at one puzzle, as kept in the history.

    ``rating_before``/``rating``/``deviation``/``volatility``: the learner's rating before
    and after it (equal when the attempt was not ``rated``: a puzzle seen before).
    """

    number: int
    at: str
    puzzle: str
    kind: str
    game: str
    themes: tuple[str, ...]
    puzzle_rating: int
    result: str
    hints: int
    mode: str
    rated: bool
    rating_before: float
    rating: float
    deviation: float
    volatility: float

    @property
    def score(self) -> float:
        """1 solved, 1/2 helped, 0 missed."""
        return RESULTS[self.result]

    @property
    def change(self) -> float:
        """How far the learner's rating moved."""
        return self.rating - self.rating_before

    def __str__(self) -> str:
        moved = f"{self.change:+.0f}" if self.rated else "unrated"
        return f"{self.puzzle} ({self.puzzle_rating}): {self.result}, {moved}"

    @classmethod
    def _of(cls, row: tuple) -> "Attempt":
        (number, at, puzzle, kind, game, themes, puzzle_rating, result, hints, mode, rated,
         before, rating, deviation, volatility) = row
        return cls(number, at, puzzle, kind, game, tuple(t for t in themes.split(",") if t), puzzle_rating,
                   result, hints, mode, bool(rated), before, rating, deviation, volatility)


@dataclass(frozen=True)
class ThemeRate:
    """How a learner fares at one theme: ``tried`` attempts, ``score`` their mean (0 to 1)."""

    theme: str
    tried: int
    score: float


@dataclass(frozen=True)
class ThemeRates:
    """A learner's themes, weakest first; shows as a bar chart (SVG) in a notebook."""

    rates: tuple[ThemeRate, ...]

    def __iter__(self):
        return iter(self.rates)

    def __len__(self) -> int:
        return len(self.rates)

    def __getitem__(self, theme: str) -> ThemeRate:
        for r in self.rates:
            if r.theme == theme:
                return r
        raise KeyError(theme)

    def __str__(self) -> str:
        if not self.rates:
            return "No puzzle tried yet."
        return "\n".join(f"{r.theme:<16} {r.score:4.0%} of {r.tried}" for r in self.rates)

    def _repr_svg_(self) -> str:
        from ..pictures.svg import rate_bars_svg  # (a picture hook: loaded only when a notebook draws the chart)

        # Each theme in words ("a joker in hand"), not its tag ("joker"): a learner reads the chart.
        # A personal puzzle's theme is the kind of decision it was ("your-lay-down").
        words = [THEMES.get(r.theme) or ("your own mistakes: " + r.theme[5:].replace("-", " ")
                                         if r.theme.startswith("your-") else r.theme) for r in self.rates]
        return rate_bars_svg(words, [r.score for r in self.rates],
                             [f"{r.score:.0%} of {r.tried} {'puzzle' if r.tried == 1 else 'puzzles'}"
                              for r in self.rates],
                             title="Your themes, weakest first", empty="No puzzle tried yet.")


def _rating_of(puzzle) -> Rating:
    """The puzzle as a Glicko-2 opponent (an unrated puzzle is 1500 ± 350, Glicko-2's start)."""
    return Rating(float(puzzle.rating), float(puzzle.rating_deviation))


class Progress:
    """One learner's rating, history and streak, kept in a SQLite file (see the module).

    ``path``: the file (default :func:`default_path`); it is made on the first attempt
    recorded, with its folder, and a missing file reads as a learner who has tried
    nothing. ``learner``: a name to store in it (the CSV export's ``learner`` column;
    the file's name when none was ever given). Every call opens the file, does one short
    transaction and closes it, so nothing is held between calls.
    """

    def __init__(self, path: str | os.PathLike | None = None, *, learner: str | None = None,
                 whole_file: bool | None = None):
        self.path = Path(path).expanduser() if path is not None else default_path()
        self.whole_file = sys.platform == "emscripten" if whole_file is None else whole_file
        if learner is not None:
            learner = " ".join(str(learner).split())
            if not learner or len(learner) > 60:
                raise ProgressError(f"learner: a name of 1 to 60 characters, not {learner!r}")
            if self._read("SELECT value FROM learner WHERE key = 'name'") != [(learner,)]:
                self._write(lambda db: db.execute(
                    "INSERT OR REPLACE INTO learner (key, value) VALUES ('name', ?)", (learner,)))

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r})"

    # -- the file ---------------------------------------------------------------------
    def _fail(self, exc: Exception) -> ProgressError:
        return ProgressError(f"progress file {self.path}: {exc}")

    def _open(self, writing: bool) -> sqlite3.Connection:
        if self.whole_file:
            db = sqlite3.connect(":memory:", isolation_level=None)
            if self.path.exists():
                image = bytearray(self.path.read_bytes())
                if len(image) >= 20 and image[18] == image[19] == 2:
                    # A file a desktop wrote in WAL mode (header bytes 18-19): its last
                    # connection checkpointed it, so it reads as a plain file once marked so.
                    image[18] = image[19] = 1
                db.deserialize(bytes(image))
            return db
        if writing:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        return sqlite3.connect(self.path, timeout=30.0, isolation_level=None)

    def _read(self, sql: str, values: tuple = (), table: str = "attempts") -> list[tuple]:
        if not self.path.exists():
            return []
        try:
            db = self._open(writing=False)
            try:
                if not db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table,)).fetchall():
                    return []
                return db.execute(sql, values).fetchall()
            finally:
                db.close()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise self._fail(exc) from None

    def _write(self, change):
        """Run ``change(db)`` in one transaction (the tables made first); return its value."""
        try:
            db = self._open(writing=True)
            try:
                if not self.whole_file:
                    # WAL: a notebook reading the file never blocks another one writing it;
                    # with it, synchronous NORMAL cannot corrupt the file (a power cut may
                    # lose the last answer) and spares a disk flush per answer.
                    db.execute("PRAGMA journal_mode = WAL")
                    db.execute("PRAGMA synchronous = NORMAL")
                db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _TABLES:
                        db.execute(statement)
                    value = change(db)
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                if self.whole_file:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    self.path.write_bytes(db.serialize())
                return value
            finally:
                db.close()
        except (sqlite3.DatabaseError, OSError) as exc:
            raise self._fail(exc) from None

    # -- reading --------------------------------------------------------------------
    @property
    def learner(self) -> str:
        """The learner's name as stored, else the file's name without its suffix."""
        rows = self._read("SELECT value FROM learner WHERE key = 'name'")
        return rows[0][0] if rows else self.path.stem

    def history(self, last: int | None = None) -> tuple[Attempt, ...]:
        """Every attempt, oldest first (only the ``last`` few, if given)."""
        if last is not None:
            rows = self._read(f"SELECT {_ATTEMPT_COLUMNS} FROM attempts ORDER BY number DESC LIMIT ?", (last,))
            rows.reverse()
        else:
            rows = self._read(f"SELECT {_ATTEMPT_COLUMNS} FROM attempts ORDER BY number")
        return tuple(Attempt._of(row) for row in rows)

    @property
    def rating(self) -> Rating:
        """The learner's Glicko-2 rating after the last attempt, whatever its game (1500 ±
        350 before any attempt); :meth:`rating_in` gives one game's."""
        rows = self._read("SELECT rating, deviation, volatility FROM attempts ORDER BY number DESC LIMIT 1")
        return Rating(*rows[0]) if rows else Rating()

    def rating_in(self, game: str | None) -> Rating:
        """The learner's rating at one game (a rule set's name): each game has its own,
        moved only by that game's puzzles (1500 ± 350 before any). ``None``: :attr:`rating`."""
        if game is None:
            return self.rating
        rows = self._read("SELECT rating, deviation, volatility FROM attempts WHERE game = ? "
                          "ORDER BY number DESC LIMIT 1", (game,))
        return Rating(*rows[0]) if rows else Rating()

    @property
    def streak(self) -> int:
        """How many puzzles in a row, up to the last, were solved (first answer right, no hint)."""
        return _runs(self._results())[0]

    @property
    def best_streak(self) -> int:
        """The longest run of solved puzzles in the history."""
        return _runs(self._results())[1]

    def _results(self) -> list[str]:
        # Only the column needed: the widget asks after every answer, of a long history.
        return [row[0] for row in self._read("SELECT result FROM attempts ORDER BY number")]

    def attempted(self) -> frozenset[str]:
        """The ids of the puzzles tried at least once."""
        return frozenset(row[0] for row in self._read("SELECT DISTINCT puzzle FROM attempts"))

    def themes(self) -> ThemeRates:
        """Success by theme (the mean score of the attempts at puzzles with it), weakest first."""
        tally: dict[str, list[float]] = {}
        for themes, result in self._read("SELECT themes, result FROM attempts ORDER BY number"):
            for theme in themes.split(","):
                if theme:
                    tally.setdefault(theme, []).append(RESULTS[result])
        rates = [ThemeRate(t, len(s), sum(s) / len(s)) for t, s in tally.items()]
        return ThemeRates(tuple(sorted(rates, key=lambda r: (r.score, -r.tried, r.theme))))

    def rating_text(self) -> str:
        """The rating as a learner reads it: ``1530``, or ``1530?`` while still provisional."""
        r = self.rating
        return f"{r.rating:.0f}" + ("?" if r.deviation > PROVISIONAL else "")

    def __str__(self) -> str:
        results = self._results()
        streak, best = _runs(results)
        return f"{self.learner}: rating {self.rating_text()}, {plural(len(results), 'attempt')}, streak {streak} (best {best})"

    # -- your mistakes as puzzles (tenpennies.puzzles.personal) -------------------------
    def keep_mistakes(self, review) -> int:
        """Keep every graded mistake of a reviewed match as a personal puzzle (one seen
        before is kept once); return how many are new."""
        found = mistake_puzzles(review)
        game = review.rules.name

        def change(db: sqlite3.Connection) -> int:
            count = db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]
            new = 0
            for p in found:
                new += db.execute("INSERT OR IGNORE INTO personal (id, game, data, due, added) VALUES (?, ?, ?, ?, ?)",
                                  (p.id, game, json.dumps(p.to_data(), ensure_ascii=False), count,
                                   count)).rowcount
            return new

        return self._write(change) if found else 0

    def mistakes(self, game: str | None = None, *, due: bool = False, retired: bool = False) -> tuple:
        """The learner's personal puzzles (:class:`~tenpennies.puzzles.personal.PersonalPuzzle`)
        of ``game`` (None: both), soonest due first: those not yet solved twice, or only
        those ``due`` now, or with ``retired`` the solved ones too."""
        count = self._read("SELECT COUNT(*) FROM attempts")
        now = count[0][0] if count else 0
        rows = self._read("SELECT data, solved, due FROM personal WHERE (? IS NULL OR game = ?) ORDER BY due, added, id",
                          (game, game), table="personal")
        return tuple(PersonalPuzzle.from_data(data) for data, solved, when in rows
                     if (retired or solved < SOLVES) and (not due or when <= now))

    def missed(self, puzzles: Sequence) -> list:
        """The puzzles of ``puzzles`` whose last attempt was a miss: to replay them."""
        last: dict[str, str] = {}
        for puzzle, result in self._read("SELECT puzzle, result FROM attempts ORDER BY number"):
            last[puzzle] = result
        return [p for p in puzzles if last.get(p.id) == "missed"]

    # -- choosing -------------------------------------------------------------------
    def next_puzzle(self, puzzles: Sequence, *, difficulty: int = 0, exclude: Iterable[str] = (),
                    seed: int | str | None = None, game: str | None = None):
        """A puzzle near the learner's rating (plus ``difficulty``), preferring unseen ones.

        ``game``: serve only that game's puzzles (a rule set's name), near the learner's
        rating at it (:meth:`rating_in`); ``None``: any of ``puzzles``, near the rating
        of the last attempt.

        Draws among the :data:`NEAR` puzzles whose ratings are closest to the target,
        skipping ``exclude`` (ids) and puzzles tried before while any others remain. The
        draw is seeded by ``seed`` and the number of attempts, so the same history gives
        the same puzzle.
        """
        if game is not None:
            puzzles = [p for p in puzzles if p.position.rules.name == game]
        if not puzzles:
            raise ProgressError("no puzzle to choose from" + (f" in {game}" if game else ""))
        target = self.rating_in(game).rating + difficulty
        skip = set(exclude)
        seen = self.attempted()
        pool = ([p for p in puzzles if p.id not in skip and p.id not in seen]
                or [p for p in puzzles if p.id not in skip] or list(puzzles))
        count = self._read("SELECT COUNT(*) FROM attempts")
        rng = random.Random(f"{seed}:{count[0][0] if count else 0}")
        # Shuffled before the (stable) sort, so puzzles rated alike come in no file order.
        pool = sorted(pool, key=lambda p: p.id)
        rng.shuffle(pool)
        near = sorted(pool, key=lambda p: abs(_rating_of(p).rating - target))[:NEAR]
        return rng.choice(near)

    # -- writing ----------------------------------------------------------------------
    def record(self, puzzle, result: str, *, hints: int = 0, mode: str = "practice",
               at: str | None = None) -> Attempt:
        """Keep one attempt and move the rating at the puzzle's game (first attempts only);
        return the attempt (its ratings are the game's, :meth:`rating_in`).

        ``result``: ``solved``, ``helped`` or ``missed`` (see the module); ``hints``: how
        many were shown; ``mode``: ``practice`` or ``streak``; ``at``: when (ISO 8601,
        default now).
        """
        if result not in RESULTS:
            raise ProgressError(f"result: one of {', '.join(RESULTS)}, not {result!r}")
        if mode not in MODES:
            raise ProgressError(f"mode: one of {', '.join(MODES)}, not {mode!r}")
        if not (isinstance(hints, int) and hints >= 0):
            raise ProgressError(f"hints: a count, not {hints!r}")
        opponent = _rating_of(puzzle)
        game = puzzle.position.rules.name
        themes = ",".join(puzzle.themes)

        def change(db: sqlite3.Connection) -> Attempt:
            # Each game keeps its own rating: a Ten Card Rummy puzzle does not move Ten Pennies'.
            last = db.execute("SELECT rating, deviation, volatility FROM attempts WHERE game = ? "
                              "ORDER BY number DESC LIMIT 1", (game,)).fetchall()
            before = Rating(*last[0]) if last else Rating()
            personal = puzzle.kind == PERSONAL_KIND
            # A personal puzzle is practice: the ladder rates the shipped puzzles only.
            rated = not personal and not db.execute("SELECT 1 FROM attempts WHERE puzzle = ? LIMIT 1",
                                                    (puzzle.id,)).fetchall()
            after = update(before, [(opponent, RESULTS[result])]) if rated else before
            row = (at or _now(), puzzle.id, puzzle.kind, game, themes, round(opponent.rating), result, hints,
                   mode, int(rated), before.rating, after.rating, after.deviation, after.volatility)
            number = db.execute("INSERT INTO attempts (at, puzzle, kind, game, themes, puzzle_rating, result, "
                                "hints, mode, rated, rating_before, rating, deviation, volatility) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row).lastrowid
            if personal:  # served again, spaced, until solved twice
                count = db.execute("SELECT COUNT(*) FROM attempts").fetchone()[0]
                if result == "solved":
                    db.execute("UPDATE personal SET solved = solved + 1, due = ? WHERE id = ?",
                               (count + SPACING[1], puzzle.id))
                else:
                    db.execute("UPDATE personal SET due = ? WHERE id = ?", (count + SPACING[0], puzzle.id))
            return Attempt._of((number, *row))

        return self._write(change)


def _runs(results: Sequence[str]) -> tuple[int, int]:
    """The run of ``solved`` at the end, and the longest run anywhere."""
    best = run = 0
    for r in results:
        run = run + 1 if r == "solved" else 0
        best = max(best, run)
    return run, best


def export_csv(files: Iterable[str | os.PathLike], target: str | os.PathLike | IO[str]) -> int:
    """Every attempt in several learners' progress files as one CSV (:data:`COLUMNS`); returns the rows.

    A teacher gathers the class's files (each learner's ``progress.db``, or the
    ``puzzle-progress.db`` a learner downloads from the site) and writes one table.
    """
    learners = []
    for f in files:
        path = Path(f)
        if not path.is_file():
            raise ProgressError(f"progress file {path}: no such file")
        learners.append(Progress(path))
    own = isinstance(target, (str, os.PathLike))
    handle = open(target, "w", newline="", encoding="utf-8") if own else target
    rows = 0
    try:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(COLUMNS)
        for learner in learners:
            name = learner.learner
            for a in learner.history():
                writer.writerow((name, learner.path.name, a.number, a.at, a.puzzle, a.kind, a.game,
                                 " ".join(a.themes), a.puzzle_rating, a.result, a.score, a.hints, a.mode,
                                 int(a.rated), _round(a.rating_before), _round(a.rating), _round(a.deviation)))
                rows += 1
    finally:
        if own:
            handle.close()
    return rows


def _round(x: float) -> str:
    return f"{x:.1f}" if math.isfinite(x) else str(x)
