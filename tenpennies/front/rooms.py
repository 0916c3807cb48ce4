"""Rooms: classmates at one table, the match kept by the room service, each seat sent its own view.

A teacher opens a :class:`Room` (:meth:`Rooms.open`): a rule set (either game, its
players), which seats are for students and which for bots, the bot that plays a seat
left empty or a student whose time ran out, a turn timer, and a short join code
(:data:`CODE_LETTERS`: no 0/O or 1/I to misread on a board). A student joins with the
code and a name (:meth:`Room.join`) and is given a *seat token*: the seat is the
token's, not the name's, so a reloaded page or a lost connection gets the seat back
(:meth:`Room.seat_of`) and a classmate typing the same name does not.

The match lives here, in one process, and nowhere else. A seat is sent only
:meth:`Room.state`: its own view as data (:func:`tenpennies.lessons.tournament.wire.view_to_data`,
the sealed view: T20, C16), whose turn it is and the clock, and the words of passes made
for it without asking; and it may play only its own seat's legal actions
(:meth:`Room.act`). Another seat's cards never leave this module. The match record,
which holds the deal, is sent to a seat only once the match is over (so each player can
open the review of their own seat), as a classroom table offers it.

Turns that are nobody's to wait for are played by :meth:`Room.tick`: a bot's seat, a
student seat nobody has taken (by the room's bot), a student whose timer ran out (by the
room's bot, one decision, and every seat's log says so), and an offer a student's
setting says not to ask about (:func:`tenpennies.front.offers.unasked_reason`, the same test the
solo table uses; the pass is told to that student alone). Offers go round in turn order
(T5) because the match asks one seat at a time and this loop answers only the seat the
match asks.

Nothing is lost: a :class:`RoomStore` (the experiments' database,
:class:`tenpennies.lessons.class_database.ClassDatabase`: SQLite, or PostgreSQL by URL) is written
as the match goes, one short transaction per decision, and :meth:`Rooms.resume` rebuilds
every room from it after a restart (the deal from its seed, then every action again:
hands, stock and scores as they stood).

The class's results are pooled as the class experiments' are: when a match ends, each
seat's result (:class:`SeatResult`: its points, its share of the win, whether a student
or a bot played it) goes into the same database in the transaction that marks the room
over, so a restart neither loses nor doubles it; :func:`pooled_results` gives the
teacher's figure: the students' share of the wins with its Wilson interval, beside the
share an even table would give them, and each student's matches, wins and points.

The HTTP side (the classroom server's handlers) is :mod:`tenpennies.front.room_server`; the
student's kernel side is :mod:`tenpennies.front.remote`. This module imports neither, nor any
web or widget library.
"""

from __future__ import annotations

import json
import math
import secrets
import time
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ..engine.actions import Action, Pass, RoundEnd, parse_action
from ..bots import bot_names, seat_bot
from ..play.loop import decide
from ..engine.errors import IllegalActionError, TenPenniesError
from ..lessons.class_database import ClassDatabase, _now
from ..lessons.experiment_results import student_name
from ..lessons.ready_experiments import ExperimentError
from ..lessons.tournament.wire import view_to_data
from .offers import OFFERS, unasked_reason
from ..odds.intervals import Interval, wilson_interval
from ..play.match import Match
from ..play.record import dumps, is_action
from ..engine.rules import TEN_CARD_RUMMY, TEN_PENNIES, RuleSet

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The letters of a join code: no 0/O or 1/I, which are misread off a board."""
CODE_LENGTH = 5
DEFAULT_BOT = "thumb"
"""The bot that plays an empty student seat or a student whose time ran out, unless the teacher picks another."""
GAMES = {"pennies": TEN_PENNIES, "tcr": TEN_CARD_RUMMY}
"""The rule sets a room may play, by the short name the teacher's page and the CLI use."""
STUDENT, BOT = "student", "bot"


class RoomError(TenPenniesError):
    """A room refused something: an unknown code or token, a full room, a move not this seat's."""


def short_rules(rules: RuleSet, rounds: int | None) -> RuleSet:
    """``rules`` with only its first ``rounds`` rounds (a lesson's short match); ``None`` keeps all."""
    if rounds is None or rounds == rules.rounds:
        return rules
    if not 1 <= rounds <= rules.rounds:
        raise RoomError(f"{rules.name} has {rules.rounds} rounds: play 1 to {rules.rounds}, not {rounds}")
    return replace(rules, contracts=rules.contracts[:rounds], wild_ranks=rules.wild_ranks[:rounds],
                   wild_limits=rules.wild_limits[:rounds])


@dataclass(frozen=True)
class RoomPlan:
    """What the teacher chose for a room: the rule set, each seat's kind (:data:`STUDENT`
    or a bot's name), the bot for empty seats and timeouts, and the turn timer in seconds
    (``None``: no timer)."""

    rules: RuleSet
    seats: tuple[str, ...]
    bot: str = DEFAULT_BOT
    turn_seconds: float | None = 60.0

    def __post_init__(self) -> None:
        problems = []
        if len(self.seats) != self.rules.players:
            problems.append(f"{self.rules.name} here seats {self.rules.players}, not {len(self.seats)}")
        names = bot_names()
        for kind in set(self.seats) | {self.bot}:
            if kind != STUDENT and kind not in names:
                problems.append(f"no bot is called {kind!r} (one of {', '.join(names)})")
        if self.bot == STUDENT:
            problems.append("the bot for empty seats must be a bot")
        if self.turn_seconds is not None and not self.turn_seconds > 0:
            problems.append(f"a turn timer is a number of seconds above 0 (or none), not {self.turn_seconds!r}")
        if problems:
            raise RoomError("; ".join(problems))

    def to_dict(self) -> dict:
        return {"rules": self.rules.to_dict(), "seats": list(self.seats), "bot": self.bot,
                "turn_seconds": self.turn_seconds}

    @classmethod
    def from_dict(cls, data: dict) -> "RoomPlan":
        return cls(RuleSet.from_dict(data["rules"]), tuple(data["seats"]), data["bot"], data["turn_seconds"])


@dataclass
class Seat:
    """One seat of a room: a student's (``name`` and ``token`` once taken) or a bot's.

    ``offers`` is the student's offer setting (:data:`tenpennies.front.offers.OFFERS`)."""

    number: int
    kind: str
    name: str | None = None
    token: str | None = None
    offers: str = "useful"

    @property
    def taken(self) -> bool:
        return self.token is not None


@dataclass(frozen=True)
class Note:
    """Words attached to a log entry for some seats: a pass made without asking (told to
    its seat alone) or a decision the bot made when a student's time ran out (told to all)."""

    at: int  # the log entry's index
    words: str
    seat: int | None  # None: every seat


class RoomStore(ClassDatabase):
    """The rooms' tables in the class database, beside the experiments' results: each
    room's plan and seed, its seats (names, tokens, settings) and every decision with its
    note, written as they happen."""

    def __init__(self, where) -> None:
        super().__init__(where)
        self._write([
            "CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, plan TEXT NOT NULL, seed TEXT NOT NULL, "
            "status TEXT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS room_seats (code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT, "
            "token TEXT, offers TEXT NOT NULL, PRIMARY KEY (code, seat))",
            "CREATE TABLE IF NOT EXISTS room_actions (code TEXT NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT NULL, "
            "action TEXT NOT NULL, note_at INTEGER, note TEXT, note_seat INTEGER, PRIMARY KEY (code, n))",
            "CREATE TABLE IF NOT EXISTS room_results (code TEXT NOT NULL, seat INTEGER NOT NULL, game TEXT NOT NULL, "
            "name TEXT NOT NULL, kind TEXT NOT NULL, points INTEGER NOT NULL, win REAL NOT NULL, "
            "players INTEGER NOT NULL, at TEXT NOT NULL, PRIMARY KEY (code, seat))",
        ])

    def finish(self, room: "Room") -> None:
        """The room's match is over: its status and every seat's result, in one transaction."""
        at = _now()
        self._write([("UPDATE rooms SET status = ? WHERE code = ?", (OVER, room.code))]
                     + [("INSERT INTO room_results (code, seat, game, name, kind, points, win, players, at) "
                         "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                         (r.room, r.seat, r.game, r.name, r.kind, r.points, r.win, r.players, at))
                        for r in room.results()])

    def results(self) -> list["SeatResult"]:
        """Every finished room's seat results, oldest room first."""
        rows = self._read("SELECT code, seat, game, name, kind, points, win, players, at FROM room_results "
                          "ORDER BY at, code, seat")
        return [SeatResult(code, seat, game, name, kind, points, win, players, at)
                for code, seat, game, name, kind, points, win, players, at in rows]

    def add_room(self, room: "Room") -> None:
        self._write([("INSERT INTO rooms (code, plan, seed, status) VALUES (?, ?, ?, ?)",
                      (room.code, json.dumps(room.plan.to_dict()), json.dumps(room.seed), room.status))]
                    + [self._seat_row(room.code, s) for s in room.seats])

    @staticmethod
    def _seat_row(code: str, seat: Seat) -> tuple:
        return ("INSERT INTO room_seats (code, seat, name, token, offers) VALUES (?, ?, ?, ?, ?)",
                (code, seat.number, seat.name, seat.token, seat.offers))

    def set_seat(self, code: str, seat: Seat) -> None:
        self._write([("DELETE FROM room_seats WHERE code = ? AND seat = ?", (code, seat.number)),
                     self._seat_row(code, seat)])

    def set_status(self, code: str, status: str) -> None:
        self._write([("UPDATE rooms SET status = ? WHERE code = ?", (status, code))])

    def add_action(self, code: str, n: int, action: Action, note: Note | None) -> None:
        self._write([("INSERT INTO room_actions (code, n, seat, action, note_at, note, note_seat) "
                      "VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (code, n, action.seat, action.text, None if note is None else note.at,
                       None if note is None else note.words, None if note is None else note.seat))])

    def rooms(self) -> list[tuple[str, dict, object, str]]:
        return [(code, json.loads(plan), json.loads(seed), status)
                for code, plan, seed, status in self._read("SELECT code, plan, seed, status FROM rooms ORDER BY code")]

    def seats(self, code: str) -> list[tuple]:
        return self._read("SELECT seat, name, token, offers FROM room_seats WHERE code = ? ORDER BY seat", (code,))

    def actions(self, code: str) -> list[tuple]:
        return self._read("SELECT seat, action, note_at, note, note_seat FROM room_actions WHERE code = ? "
                          "ORDER BY n", (code,))


@dataclass(frozen=True)
class SeatResult:
    """One seat's result in a finished room: its points (fewer is better, T19), its share
    of the win (1, or 1/k when k seats tie for the lowest total, 0 otherwise), and who
    played it: ``kind`` is :data:`STUDENT` or the bot's name (a student seat nobody took
    is its bot's)."""

    room: str
    seat: int
    game: str
    name: str
    kind: str
    points: int
    win: float
    players: int
    at: str = ""


@dataclass(frozen=True)
class ClassResults:
    """The rooms' results pooled (:func:`pooled_results`): ``matches`` finished; the
    students' share of the wins (``students``, a Wilson interval over student seats) and
    ``even``, the share they would have on average if every seat were as likely to win;
    ``players``: per student and game, (matches, wins, mean points)."""

    matches: int
    students: Interval
    even: float
    players: tuple[tuple[str, str, int, float, float], ...]

    def to_dict(self) -> dict:
        share = self.students
        number = lambda x: None if math.isnan(x) else round(x, 4)  # noqa: E731
        return {"matches": self.matches,
                "students": {"share": number(share.mean), "low": number(share.low), "high": number(share.high),
                             "seats": share.n, "even": number(self.even)},
                "players": [{"name": n, "game": g, "matches": m, "wins": round(w, 2), "points": round(p, 1)}
                            for n, g, m, w, p in self.players]}

    def __str__(self) -> str:
        if not self.matches:
            return "No room has finished its match yet."
        lines = [f"{self.matches} match{'es' if self.matches != 1 else ''} finished; students' share of the wins "
                 f"{self.students} over {self.students.n} student seats (an even table: {self.even:.2f})"]
        lines += [f"  {n} ({g}): {m} played, {w:g} won, {p:.1f} points a match" for n, g, m, w, p in self.players]
        return "\n".join(lines)


def pooled_results(results: Sequence[SeatResult]) -> ClassResults:
    """The class's rooms pooled, as the class experiments pool their trials (see :class:`ClassResults`).

    A student is counted under one normal form of their name
    (:func:`tenpennies.lessons.experiment_results.student_name`: "Ana" and "ANA" are one student)."""
    mine = [r for r in results if r.kind == STUDENT]
    share = sum(r.win for r in mine) / len(mine) if mine else 0.0
    even = sum(1 / r.players for r in mine) / len(mine) if mine else math.nan
    by: dict[tuple[str, str], list[SeatResult]] = {}
    for r in mine:
        try:
            key = student_name(r.name)
        except ExperimentError:
            key = r.name
        by.setdefault((key, r.game), []).append(r)
    players = tuple((name, game, len(rs), sum(r.win for r in rs), sum(r.points for r in rs) / len(rs))
                    for (name, game), rs in sorted(by.items()))
    return ClassResults(len({r.room for r in results}), wilson_interval(share, len(mine)), even, players)


WAITING, PLAYING, OVER, ENDED = "waiting", "playing", "over", "ended"
"""A room's status: waiting for its students (nothing dealt is played), playing, over
(the match finished), ended (the teacher closed it)."""


class Room:
    """One table: a :class:`Match` and its seats. Made by :class:`Rooms`; see the module's notes.

    ``clock`` gives the time in seconds (``time.monotonic`` by default; tests pass their own).
    """

    def __init__(self, code: str, plan: RoomPlan, seed, *, store: RoomStore | None = None,
                 clock: Callable[[], float] = time.monotonic, status: str = WAITING) -> None:
        self.code = code
        self.plan = plan
        self.seed = seed
        self.store = store
        self.clock = clock
        self.status = status
        self.match = Match(seed, plan.rules)
        self.seats = [Seat(s, STUDENT if kind == STUDENT else BOT, name=None if kind == STUDENT else kind)
                      for s, kind in enumerate(plan.seats)]
        self.notes: list[Note] = []
        self.version = 0  # grows with every change a seat could see; a page waits for the next
        self._actions = 0
        self._bots: dict[int, object] = {}
        self._deadline: tuple[int, float] | None = None  # (log length, when) for the decision now
        self.listeners: list[Callable[["Room"], None]] = []

    # -- seats ---------------------------------------------------------------------------------
    def join(self, name: str, offers: str = "useful") -> Seat:
        """Seat a student by ``name`` at the first free student seat, with a new token; a
        room whose student seats are all taken raises :class:`RoomError`. The match starts
        when the last student seat is taken (or when the teacher starts it)."""
        name = " ".join(str(name).split())[:40]
        if not name:
            raise RoomError("type your name to join")
        if offers not in OFFERS:
            raise RoomError(f"offers must be one of {', '.join(OFFERS)}, not {offers!r}")
        if self.status in (OVER, ENDED):
            raise RoomError(f"room {self.code} is closed")
        free = [s for s in self.seats if s.kind == STUDENT and not s.taken]
        if not free:
            raise RoomError(f"room {self.code} is full")
        seat = free[0]
        seat.name, seat.token, seat.offers = name, secrets.token_urlsafe(18), offers
        if self.store is not None:
            self.store.set_seat(self.code, seat)
        if not any(s.kind == STUDENT and not s.taken for s in self.seats) and self.status == WAITING:
            self.start()
        else:
            self._changed()
        return seat

    def seat_of(self, token: str) -> Seat:
        """The seat ``token`` was given (a page that reloads sends it again)."""
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token, str(token)):
                return seat
        raise RoomError("that seat token is not one of this room's")

    def set_offers(self, token: str, offers: str) -> None:
        """The student's offer setting (the table's picker), kept with the seat."""
        if offers not in OFFERS:
            raise RoomError(f"offers must be one of {', '.join(OFFERS)}, not {offers!r}")
        seat = self.seat_of(token)
        seat.offers = offers
        if self.store is not None:
            self.store.set_seat(self.code, seat)
        self.tick()

    def names(self) -> dict[int, str]:
        """Each seat's name as every seat sees it: a student's chosen name, or the bot's name."""
        return {s.number: (s.name if s.taken or s.kind == BOT else f"{self.plan.bot} (empty seat)")
                for s in self.seats}

    # -- the match -------------------------------------------------------------------------------
    def start(self) -> None:
        """Start play (the teacher's Start, or the last student seat taken); empty seats are the bot's."""
        if self.status == WAITING:
            self.status = PLAYING
            if self.store is not None:
                self.store.set_status(self.code, PLAYING)
        self.tick()

    def end(self) -> None:
        """The teacher ends the room: nothing more is played; its record stays."""
        if self.status != ENDED:
            self.status = ENDED
            if self.store is not None:
                self.store.set_status(self.code, ENDED)
            self._changed()

    def act(self, token: str, action: Action) -> None:
        """Play ``action`` for the seat of ``token``: refused (:class:`RoomError`, with the
        engine's reason) unless it is that seat's legal action now. Then the bots and
        timers play on (:meth:`tick`)."""
        seat = self.seat_of(token)
        if self.status != PLAYING:
            raise RoomError("the match is not being played now" if self.status == WAITING
                            else "the match is over")
        if getattr(action, "seat", None) != seat.number:
            raise RoomError("that is not your seat's action")
        try:
            self._apply(action, None)
        except IllegalActionError as exc:
            raise RoomError(str(exc)) from None
        self.tick()

    def _apply(self, action: Action, note: Note | None) -> None:
        self.match.apply(action)  # the match checks it first and refuses it whole
        if note is not None:
            self.notes.append(note)
        if self.store is not None:
            self.store.add_action(self.code, self._actions, action, note)
        self._actions += 1

    def _bot(self, seat: int):
        if seat not in self._bots:
            kind = self.plan.seats[seat]
            self._bots[seat] = seat_bot(self.plan.bot if kind == STUDENT else kind, self.seed, seat)
        return self._bots[seat]

    def seconds_left(self) -> float | None:
        """The time the seat to act has left to decide (``None``: no timer, or not a student's decision)."""
        if self._deadline is None or self._deadline[0] != len(self.match.log):
            return None
        return max(0.0, self._deadline[1] - self.clock())

    def tick(self) -> int:
        """Play every decision that is nobody's to wait for (see the module's notes);
        returns how many were played. The classroom server calls it after each move and
        every second or so (for the timers)."""
        played = 0
        while self.status == PLAYING and not self.match.is_over:
            s = self.match.to_act
            seat = self.seats[s]
            at = len(self.match.log)
            if seat.kind == BOT or not seat.taken:
                bot = self._bot(s)
                before = len(self.match.log)
                decide(self.match, s, bot)
                self._record_last(before, None)
            else:
                view = self.match.view(s)
                said = unasked_reason(view, seat.offers)
                if said is not None:
                    self._apply(Pass(s), Note(at, said, s))
                elif self.plan.turn_seconds is None:
                    break
                else:
                    if self._deadline is None or self._deadline[0] != at:
                        self._deadline = (at, self.clock() + self.plan.turn_seconds)
                    if self.clock() < self._deadline[1]:
                        break
                    bot = self._bot(s)
                    action = bot.act(view)
                    self._apply(action, Note(at, f"{seat.name}'s time ran out: {self.plan.bot} played for "
                                                 f"them.", None))
            played += 1
        if self.match.is_over and self.status == PLAYING:
            self.status = OVER
            if self.store is not None:
                self.store.finish(self)
        if played:
            self._changed()
        return played

    def _record_last(self, before: int, note: Note | None) -> None:
        # decide() applied the bot's action to the match; store it as _apply would.
        action = next(e for e in self.match.log[before:] if is_action(e))
        if self.store is not None:
            self.store.add_action(self.code, self._actions, action, note)
        self._actions += 1

    def _changed(self) -> None:
        self.version += 1
        for listener in list(self.listeners):
            listener(self)

    # -- what a seat is sent ---------------------------------------------------------------------
    def state(self, token: str, log_from: int = 0) -> dict:
        """What the seat of ``token`` is sent, as JSON-ready data: its own view (the log
        from entry ``log_from`` on), every seat's name, whose turn it is and the time
        left, the notes this seat may read, the cards left in each finished round (hand
        sizes are public, T20), and once the match is over, its record."""
        seat = self.seat_of(token)
        view = self.match.view(seat.number)
        over = self.match.is_over
        ends = [[e.round_no, [len(h) for h in e.hands]] for e in self.match.log if type(e) is RoundEnd]
        return {
            "room": self.code,
            "status": self.status,
            "version": self.version,
            "seat": seat.number,
            "offers": seat.offers,
            "names": {str(k): v for k, v in self.names().items()},
            "to_act": None if over else self.match.to_act,
            "seconds_left": self.seconds_left(),
            "view": view_to_data(view, log_from),
            "notes": [[n.at, n.words] for n in self.notes if n.seat is None or n.seat == seat.number],
            "cards_left": ends,
            "record": dumps(self.match) if over else None,
        }

    def results(self) -> list[SeatResult]:
        """Each seat's result, once the match is over (``[]`` before)."""
        if not self.match.is_over:
            return []
        winners = self.match.winners
        return [SeatResult(self.code, s.number, self.plan.rules.name, self.names()[s.number],
                           STUDENT if s.kind == STUDENT and s.taken else (
                               self.plan.bot if s.kind == STUDENT else self.plan.seats[s.number]),
                           self.match.scores[s.number], 1 / len(winners) if s.number in winners else 0.0,
                           self.plan.rules.players)
                for s in self.seats]

    def summary(self) -> dict:
        """The teacher's line for this room: code, game, status, seats (names, kinds),
        whose turn, the round and the scores. No card of any hand."""
        view = self.match.view(0)
        return {"code": self.code, "game": self.plan.rules.name, "status": self.status,
                "seats": [{"seat": s.number, "kind": s.kind, "name": self.names()[s.number], "taken": s.taken}
                          for s in self.seats],
                "to_act": None if self.match.is_over else self.match.to_act,
                "round": self.match.round_no, "rounds": self.plan.rules.rounds,
                "scores": list(view.scores)}


def new_code(taken: Sequence[str] = ()) -> str:
    """A join code no open room has."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        if code not in taken:
            return code


class Rooms:
    """Every room of a classroom server, by join code, written to ``store`` as they go."""

    def __init__(self, store: RoomStore | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self.rooms: dict[str, Room] = {}

    def open(self, plan: RoomPlan, seed=None) -> Room:
        """Open a room for ``plan``, dealt from ``seed`` (by default 64 secret bits: a seed
        a student could guess would show every hand)."""
        code = new_code(tuple(self.rooms))
        room = Room(code, plan, secrets.randbits(64) if seed is None else seed, store=self.store, clock=self.clock)
        if self.store is not None:
            self.store.add_room(room)
        self.rooms[code] = room
        return room

    def get(self, code: str) -> Room:
        room = self.rooms.get(str(code).strip().upper())
        if room is None:
            raise RoomError(f"no room has the code {code!r}")
        return room

    def tick(self) -> int:
        return sum(room.tick() for room in self.rooms.values())

    def results(self) -> ClassResults:
        """Every finished room's results pooled (:func:`pooled_results`), from the database when there is one."""
        if self.store is not None:
            return pooled_results(self.store.results())
        return pooled_results([r for room in self.rooms.values() for r in room.results()])

    @classmethod
    def resume(cls, store: RoomStore, clock: Callable[[], float] = time.monotonic) -> "Rooms":
        """Every room in ``store`` as it stood: the deal again from its seed, every decision
        played again in order, the seats with their tokens, the notes. Nothing is played
        that was not recorded (a timer starts afresh)."""
        rooms = cls(store, clock)
        for code, plan, seed, status in store.rooms():
            room = Room(code, RoomPlan.from_dict(plan), seed, store=None, clock=clock, status=status)
            for number, name, token, offers in store.seats(code):
                seat = room.seats[number]
                seat.name, seat.token, seat.offers = name, token, offers
            for seat, text, note_at, note, note_seat in store.actions(code):
                action = parse_action(text, seat)
                room._apply(action, None if note is None else Note(note_at, note, note_seat))
            room.store = store
            rooms.rooms[code] = room
        return rooms


__all__ = ["BOT", "CODE_LETTERS", "DEFAULT_BOT", "ENDED", "GAMES", "OVER", "PLAYING", "STUDENT", "WAITING",
           "ClassResults", "Note", "Room", "RoomError", "RoomPlan", "RoomStore", "Rooms", "Seat", "SeatResult",
           "new_code", "pooled_results", "short_rules"]
