"""Class experiments: a teacher starts one, every student adds results, and the class's
pooled frequency closes in on the exact answer in front of it.

What this module owns:

* the ready experiments (:data:`EXPERIMENTS`): ``"dealt-round-1"`` (deal 11 cards: do
  you hold round 1's contract?), ``"outs-after-one-draw"`` (a given hand: does one draw
  complete it?) and ``"should-you-buy"`` (a seeded offer: buy or pass, against the
  kit's judgment). Each has a name, a description, the exact value where there is one,
  and makes one result from a random source: :mod:`secrets` for a student, a seeded
  :class:`random.Random` for :func:`simulate_class`;
* the class's results: one database on the teacher's machine, one row per result
  (:data:`COLUMNS`: the student's chosen name, the experiment, the time, the result).
  A path or ``sqlite:///path`` is SQLite in WAL mode, safe with a classroom of writers
  at once (a busy timeout, one short transaction per result, retries when locked); a
  ``postgresql://`` URL is PostgreSQL through ``psycopg`` (``pip install
  tenpennies[classroom-db]``), for a class spread over several machines. The SQL is
  the same for both but for the table definitions;
* trust: every row is made by the kit on the server's side (the deal is dealt there, an
  answer is recorded with the offer it answers) and checked again on arrival
  (:func:`result_problems`: cards that exist, no more copies than the deck holds, the
  counts the experiment deals, a result that follows from its cards, a ready experiment
  started in that database, the server's own time); a row that fails is refused with a
  :class:`~tenpennies.engine.errors.ForgedResultError`. Every should-you-buy offer shown is
  recorded when shown, as :data:`UNANSWERED` (a miss) until answered, so a student cannot
  choose which offers count. A student's name is stored in one normal form
  (:func:`student_name`: NFKC, look-alike letters folded to Latin, case folded, control
  characters refused), so "Ana", "ANA" and "Аna" with a Cyrillic А are one student;
* pooling: the frequency of hits with its Wilson interval
  (:func:`tenpennies.play.simulate.wilson_interval`), its course as results arrive, the
  spread between students against the binomial, and CSV export.

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

(One concept in one file, over 600 lines: a class experiment, from a student's trial to the
teacher's pooled figure: the ready experiments, the database results go to, how they pool,
the dashboard's picture and a student's desk all speak of the same rows.)
"""

from __future__ import annotations

import csv
import math
import os
import random
import secrets
import sqlite3
import time
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta, timezone
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import IO, Callable, Iterable, Mapping, Sequence

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import ForgedResultError, TenPenniesError
from ..odds import dealt_probability, draw_odds, unseen_cards
from ..engine.rules import TEN_PENNIES
from ..odds.intervals import Interval, wilson_interval
from ..engine.words import card_text

EXPERIMENT_VARIABLE = "TENPENNIES_EXPERIMENT"
"""The environment variable naming the class's experiment (see :func:`current`)."""
DATABASE_VARIABLE = "TENPENNIES_EXPERIMENT_DB"
"""The environment variable holding the class's database path or URL (see :func:`current`)."""

COLUMNS = ("id", "experiment", "student", "at", "hit", "answer", "expected", "cards")
"""One result per row: arrival number, experiment, student's name (:func:`student_name`),
the server's UTC time (ISO), hit (1 or 0: the event happened, or the answer agreed with
the kit), the student's answer (:data:`UNANSWERED` until given) and the expected one
(should-you-buy), and the cards, in notation."""

UNANSWERED = "unanswered"
"""The answer of a should-you-buy offer shown and not (yet) answered: recorded when the
offer is shown, and counted as not agreeing with the kit, so every offer shown counts."""


class ExperimentError(TenPenniesError):
    """An unknown experiment, a bad student name or answer, or a database that cannot be used."""


# -- one result ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Result:
    """One student's result, as stored (see :data:`COLUMNS`)."""

    experiment: str
    student: str
    hit: bool
    cards: str
    answer: str = ""
    expected: str = ""
    at: str = ""
    id: int | None = None


@dataclass(frozen=True)
class Trial:
    """A hand a student was dealt (and the card drawn, or the card offered), with its result.

    Shown in JupyterLab as a picture of the cards and the outcome in words.
    """

    experiment: str
    round_no: int
    groups: tuple[tuple[str, tuple[Card, ...]], ...]
    words: str
    hit: bool | None
    expected: str = ""

    def _repr_svg_(self) -> str:
        from ..pictures.svg import groups_svg  # pictures only when shown

        return groups_svg([(label, cards) for label, cards in self.groups], self.round_no,
                          title=self.words, desc=self.words)

    def __str__(self) -> str:
        return self.words


# -- the ready experiments ------------------------------------------------------------------
_OUTS_HAND = "7S 7H 7D 9S 9H 4C 5C 6D KS QH JD"


def _deck() -> list[Card]:
    return [card for card, n in sorted(unseen_cards((), (), TEN_PENNIES).items(), key=lambda cn: cn[0].index)
            for _ in range(n)]


def _holds(cards: Sequence[Card], round_no: int) -> bool:
    from ..solver import can_lay_down

    return can_lay_down(tuple(cards), round_no, TEN_PENNIES)


@dataclass(frozen=True)
class Offer:
    """A seeded buy offer: a round-1 hand, the discard offered, not this seat's turn."""

    number: int
    hand: tuple[Card, ...]
    discard: Card

    @property
    def cards(self) -> str:
        return f"{format_cards(self.hand)} | {self.discard}"


def kit_judgment(offer: Offer) -> str:
    """The kit's answer to an offer, ``"buy"`` or ``"pass"``: the verdict of its one buy
    judgment, :func:`tenpennies.bots.buying.judge_offer`, for a seat holding :data:`BUY_TOKENS`
    tokens, off its turn (the offers are chosen where that verdict is clear, not close)."""
    if offer not in _JUDGMENTS:  # an offer's answer never changes
        _JUDGMENTS[offer] = _judge(offer.hand, offer.discard).verdict
    return _JUDGMENTS[offer]


def _judge(hand, discard):
    from ..bots.buying import judge_offer

    return judge_offer(hand, discard, 1, my_turn=False, tokens=BUY_TOKENS)


BUY_TOKENS = 3
"""The tokens the seat holds in the buy experiment: few enough that a token's measured worth
can make a purchase a clear pass (with all ten, a token may be worth nothing in round 1)."""


_JUDGMENTS: dict[Offer, str] = {}


OFFERS = 8
"""How many seeded offers the buy experiment deals from: few, so each gets many answers."""


def _offer(number: int) -> Offer:
    # A seeded 11-card round-1 hand that does not hold the contract, and a discard from the
    # rest of the deck that pairs with one of its cards, so the choice looks real; kept
    # only where the kit's judgment is clear, buy for even numbers and pass for odd ones,
    # so the class's answers can agree with it or not (a close call has no right answer).
    rng = random.Random(f"should-you-buy {number}")
    wanted = "buy" if number % 2 == 0 else "pass"
    while True:
        deck = _deck()
        rng.shuffle(deck)
        hand = tuple(sorted(deck[:11], key=lambda c: c.index))
        if _holds(hand, 1):
            continue
        for discard in deck[11:]:
            if not discard.is_joker and any(c.rank == discard.rank for c in hand):
                if _judge(hand, discard).verdict == wanted:
                    return Offer(number, hand, discard)
                break


@dataclass(frozen=True)
class Experiment:
    """A ready experiment: its name, what it asks, and how one result is made.

    ``exact`` is the exact chance the pooled frequency should close in on (``None``
    for should-you-buy, where the answers are compared with the kit's judgment
    instead). ``trial(rng)`` deals one result from ``rng`` (``secrets.SystemRandom()``
    for a student); ``simulated_answer(trial, rng)`` is what a simulated student
    answers to an offer.
    """

    name: str
    description: str
    question: str
    trial: Callable[[random.Random], Trial] = field(repr=False)
    exact_value: Callable[[], Fraction | None] = field(repr=False)
    asks_answer: bool = False

    @property
    def exact(self) -> Fraction | None:
        return self.exact_value()


def _dealt_trial(rng: random.Random) -> Trial:
    hand = tuple(sorted(rng.sample(_deck(), 11), key=lambda c: c.index))
    hit = _holds(hand, 1)
    words = "dealt: you hold round 1's contract (two sets of 3)" if hit else \
        "dealt: no contract yet (round 1 asks two sets of 3)"
    return Trial("dealt-round-1", 1, (("your 11 cards", hand),), words, hit)


def _outs_trial(rng: random.Random) -> Trial:
    hand = tuple(parse_cards(_OUTS_HAND))
    unseen = [card for card, n in sorted(unseen_cards(hand, (), TEN_PENNIES).items(),
                                         key=lambda cn: cn[0].index) for _ in range(n)]
    drawn = unseen[rng.randrange(len(unseen))]
    hit = _holds(hand + (drawn,), 1)
    words = f"drew the {card_text(drawn)}: " + ("the contract is complete" if hit else "not complete yet")
    return Trial("outs-after-one-draw", 1, (("the hand", hand), ("drawn", (drawn,))), words, hit)


def _buy_trial(rng: random.Random) -> Trial:
    offer = offers()[rng.randrange(OFFERS)]
    words = (f"offer {offer.number}: the {card_text(offer.discard)} is discarded; not your turn; you hold "
             f"{BUY_TOKENS} tokens. Buy or pass?")
    return Trial("should-you-buy", 1, (("your 11 cards", offer.hand), ("offered", (offer.discard,))),
                 words, None, kit_judgment(offer))


_OFFERS: list[Offer] = []


def offers() -> tuple[Offer, ...]:
    """The buy experiment's seeded offers (made once, the same on every machine)."""
    if not _OFFERS:
        _OFFERS.extend(_offer(i) for i in range(OFFERS))
    return tuple(_OFFERS)


EXPERIMENTS: dict[str, Experiment] = {e.name: e for e in (
    Experiment("dealt-round-1",
               "Deal 11 cards from two decks and four jokers: do you hold round 1's contract, "
               "two sets of 3, straight away?",
               "How often is a fresh hand dealt the round-1 contract?",
               _dealt_trial, lambda: dealt_probability(1)),
    Experiment("outs-after-one-draw",
               f"The hand {_OUTS_HAND} in round 1 (two sets of 3) draws one unseen card: "
               "does that one draw complete the contract?",
               "How often does one draw complete this hand?",
               _outs_trial, lambda: draw_odds(parse_cards(_OUTS_HAND), 1, 1).probability),
    Experiment("should-you-buy",
               "A seeded offer in round 1: a discard you could buy (with 2 stock cards, for one "
               "of your 3 tokens) when it is not your turn. Answer buy or pass; the class's "
               "answers are set against the kit's one buy judgment (should_buy), clear on each.",
               "How often does the class agree with the kit?",
               _buy_trial, lambda: None, asks_answer=True),
)}


def experiment(name: str) -> Experiment:
    """The ready experiment called ``name`` (one of :data:`EXPERIMENTS`)."""
    try:
        return EXPERIMENTS[name]
    except (KeyError, TypeError):
        raise ExperimentError(f"no experiment called {name!r}: the ready ones are "
                              f"{', '.join(EXPERIMENTS)}") from None


# -- the database ----------------------------------------------------------------------------
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
                import psycopg
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

        Every result is checked first (:func:`result_problems`, and its experiment must
        be started here); if any could not have been made by the kit, none is stored and
        :class:`~tenpennies.engine.errors.ForgedResultError` says why, row by row.
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
        """Record the answer to an offer shown: the student's last :data:`UNANSWERED` row of
        those cards takes ``result``'s answer and hit (checked as :meth:`add_many` checks)."""
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
        """Write every result (of one experiment) as CSV (:data:`COLUMNS`); returns the rows."""
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


LOOK_ALIKES = str.maketrans({
    # Cyrillic letters drawn like Latin ones (after case folding: А, В, Е, К, М, Н, О, Р,
    # С, Т, Х and their small forms), and a few of Ukrainian, Serbian and Komi.
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    # Greek letters drawn like Latin ones (Α, Β, Ε, Ζ, Η, Ι, Κ, Μ, Ν, Ο, Ρ, Τ, Υ, Χ folded).
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin letters that pass for others: dotless i, long s, Armenian o and h.
    "ı": "i", "ſ": "s", "օ": "o", "հ": "h",
})
"""Letters of other scripts that look like Latin ones, folded to them by :func:`student_name`
(an explicit small table, not the whole Unicode confusables list: enough that a name cannot
be copied with a look-alike of a Latin letter from the scripts a keyboard offers)."""

NAME_CHARS = 40
"""The longest student name, in characters (after normalising)."""


def student_name(name: object) -> str:
    """A student's name in its one normal form, as results are recorded under it.

    NFKC (full-width and styled letters to plain ones), case folded, look-alike letters
    of other scripts folded to Latin (:data:`LOOK_ALIKES`), runs of spaces made one; a
    name with a control or invisible formatting character (a zero-width space, a
    right-to-left override) is refused, as is an empty or a long one. So "Ana", " ANA "
    and "Аna" (a Cyrillic А) are one student:

    >>> student_name("Ana"), student_name(" ANA "), student_name("\u0410na"), student_name("Ａｎａ")
    ('ana', 'ana', 'ana', 'ana')
    """
    import unicodedata

    if not isinstance(name, str) or not name.strip():
        raise ExperimentError(f"student: choose a name to record results under, not {name!r}")
    bad = sorted({f"U+{ord(c):04X}" for c in name if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn")
                  and c not in " \t"})
    if bad:
        raise ExperimentError(f"student: a name without control or invisible characters ({', '.join(bad)})")
    folded = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    folded = " ".join(unicodedata.normalize("NFKC", folded).split())
    if len(folded) > NAME_CHARS:
        raise ExperimentError(f"student: a name of at most {NAME_CHARS} characters, not {len(folded)}")
    return folded


_student = student_name  # (its first name, within this module)


def result_problems(result: object, *, stamped: bool = True) -> list[str]:
    """Why ``result`` could not have been made by the kit ([] when it could).

    The experiment is a ready one; the student's name is in its normal form
    (:func:`student_name`); the cards exist, no card has more copies than the deck
    holds, and they are what the experiment deals (11 cards; the set hand and one unseen
    card drawn; one of the seeded offers); the hit follows from the cards (and the answer,
    for an offer, whose expected answer is the kit's judgment); with ``stamped`` the time
    is left to the server (a row brought with its own time, a backdated one, is refused).
    """
    from ..engine.cards import parse_cards as parse

    if not isinstance(result, Result):
        return [f"a result is a Result, not {type(result).__name__}"]
    r, problems = result, []
    if r.experiment not in EXPERIMENTS:
        return [f"no experiment called {r.experiment!r}"]
    if r.id is not None:
        problems.append("its arrival number is the database's to give")
    if stamped and r.at:
        problems.append(f"its time is the server's, not {r.at!r}")
    try:
        if student_name(r.student) != r.student:
            problems.append(f"the name {r.student!r} is not in its normal form ({student_name(r.student)!r})")
    except ExperimentError as exc:
        problems.append(str(exc))
    if not isinstance(r.hit, bool):
        problems.append(f"hit is True or False, not {r.hit!r}")
    try:
        groups = [tuple(parse(part)) for part in str(r.cards).split("|")]
    except TenPenniesError as exc:
        return problems + [f"cards that do not exist: {exc}"]
    copies = _deck_copies()
    held = {}
    for card in (c for g in groups for c in g):
        held[card] = held.get(card, 0) + 1
    over = [f"{n} copies of {c}" for c, n in held.items() if n > copies[c]]
    if over:
        return problems + ["more copies than the deck holds: " + ", ".join(over)]
    sizes = tuple(len(g) for g in groups)
    if r.experiment == "should-you-buy":
        offer = next((o for o in offers() if (o.hand, (o.discard,)) == tuple(groups)), None)
        if offer is None:
            return problems + ["cards that are none of the experiment's offers"]
        if r.expected != kit_judgment(offer):
            problems.append(f"the kit's judgment of offer {offer.number} is {kit_judgment(offer)}, "
                            f"not {r.expected!r}")
        if r.answer not in ("buy", "pass", UNANSWERED):
            problems.append(f"an answer is buy, pass or {UNANSWERED}, not {r.answer!r}")
        elif r.hit != (r.answer == kit_judgment(offer)):
            problems.append(f"hit {r.hit} does not follow from the answer {r.answer!r}")
        return problems
    if r.answer or r.expected:
        problems.append(f"{r.experiment} asks no answer")
    if r.experiment == "dealt-round-1":
        if sizes != (11,):
            return problems + [f"a deal is 11 cards, not {'+'.join(map(str, sizes))}"]
        hit = _holds(groups[0], 1)
    else:
        if sizes != (11, 1) or groups[0] != tuple(parse_cards(_OUTS_HAND)):
            return problems + [f"the hand is {_OUTS_HAND} and one card drawn, not {r.cards!r}"]
        hit = _holds(groups[0] + groups[1], 1)
    if r.hit != hit:
        problems.append(f"hit {r.hit} does not follow from the cards (they say {hit})")
    return problems


def _deck_copies() -> dict[Card, int]:
    if not _COPIES:
        for card in _deck():
            _COPIES[card] = _COPIES.get(card, 0) + 1
    return _COPIES


_COPIES: dict[Card, int] = {}


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
        student = _student(student)
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
        student = _student(student)
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
        from ..pictures.svg import bar_chart_svg, line_chart_svg, message_svg, stack_svg

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


# -- a student's desk in the classroom app ------------------------------------------------------
class StudentDesk:
    """What one student's panel on the classroom app does, without a browser.

    The student types a name (:attr:`student`), then :meth:`trial` does one trial of the
    class's experiment: a fresh deal from :mod:`secrets`, recorded at once; for
    should-you-buy it shows an offer, and :meth:`answer` records the buy or pass. The
    panel shows :attr:`shown` (the cards), :attr:`words` (the result) and
    :meth:`pooled_words` (the class's count so far). Nothing it holds for the page names
    a seed or a card the student was not shown; the kit's judgment of an offer is said
    only after the answer.

        >>> import tempfile, os, random
        >>> desk = StudentDesk(start("dealt-round-1", os.path.join(tempfile.mkdtemp(), "c.db")))
        >>> desk.student = "Ana"
        >>> desk.trial(rng=random.Random(3)).words
        'dealt: no contract yet (round 1 asks two sets of 3)'
        >>> desk.pooled_words()
        'the class so far: 1 result, 0 hits (0.000)'
    """

    def __init__(self, run: ClassExperiment) -> None:
        self.run = run
        self.student = ""
        self.shown: Trial | None = None
        self.words = run.experiment.question
        self.waiting = False
        """True while an offer is shown and not yet answered."""

    @property
    def asks_answer(self) -> bool:
        """True when a trial shows an offer that waits for buy or pass (should-you-buy)."""
        return self.run.experiment.asks_answer

    def trial(self, rng: random.Random | None = None) -> StudentDesk:
        """One trial for :attr:`student` (a name is required): a deal recorded, or an offer shown
        (recorded as unanswered; while it waits, no other offer is shown)."""
        if self.waiting:
            raise ExperimentError("answer the offer shown first: buy or pass")
        self.shown = self.run.deal(student=self.student, rng=rng)
        self.words = self.shown.words
        self.waiting = self.asks_answer
        return self

    def answer(self, word: str) -> StudentDesk:
        """Record ``"buy"`` or ``"pass"`` for the offer shown; the words then give the kit's judgment."""
        if not self.waiting:
            raise ExperimentError(f"answer {word!r}: no offer is waiting; press the trial button first")
        expected = self.run.answer(self.shown, word, student=self.student)
        self.waiting = False
        said = str(word).strip().lower()
        agree = "you agree with the kit" if said == expected else "the kit says " + expected
        self.words = f"offer answered: {said}; {agree}"
        return self

    def pooled_words(self) -> str:
        """The class's pooled count so far, in words."""
        results = self.run.results()
        n, hits = len(results), sum(r.hit for r in results)
        what = "agreeing with the kit" if self.asks_answer else "hits"
        return (f"the class so far: {n} result{'' if n == 1 else 's'}, {hits} {what} "
                f"({hits / n if n else 0:.3f})")


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
    import tempfile

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
    "COLUMNS", "DATABASE_VARIABLE", "EXPERIMENTS", "EXPERIMENT_VARIABLE", "OFFERS", "ClassDatabase",
    "ClassExperiment", "Experiment", "ExperimentError", "Offer", "Result", "Spread", "StudentDesk", "Trial",
    "BUY_TOKENS", "class_spread", "current", "experiment", "join", "kit_judgment", "offers", "simulate_class", "start",
    "LOOK_ALIKES", "NAME_CHARS", "UNANSWERED", "result_problems", "student_name",
]
