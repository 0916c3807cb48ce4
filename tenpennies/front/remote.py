"""The student's side of a room: a controller that plays one seat of a match kept elsewhere.

:class:`RemoteGame` has the interface the table widget uses from
:class:`tenpennies.front.table.Game` (the view, the hand in the order shown, the selection,
the buttons' moves and why one is greyed out, the log's words, a round's summary), but
it holds no match: only what the room service (:mod:`tenpennies.front.rooms`) sent its seat,
the seat's view as data (:func:`tenpennies.lessons.tournament.wire.view_from_data` reads it
back into a real :class:`~tenpennies.play.view.PlayerView`). A move is sent to the service,
which plays it or refuses it with the engine's reason; bots, timers and the other
students move there, and :meth:`RemoteGame.refresh` brings in what changed.

So the student's kernel never holds another seat's cards: it has nothing to hold them
in. The match record (which holds the deal) arrives only once the match is over, when
:attr:`RemoteGame.match` becomes the whole match, for the seat's review.

A *client* carries the calls: :class:`HttpRoomClient` speaks to the classroom server's
room handlers (:mod:`tenpennies.front.room_server`) on its address with the seat token;
:class:`LocalRoomClient` calls a :class:`~tenpennies.front.rooms.Room` in the same process
through JSON text (tests, and a teacher trying a room), so both carry only data.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Protocol

from ..engine.actions import Action, RoundEnd
from ..engine.errors import TenPenniesError
from .table import Game
from .table_words import RoundSummary
from ..explain.narrate import narrated, score_rows, score_table, to_you, winners_sentence
from ..engine.rules import RuleSet
from ..lessons.tournament.wire import action_from_data, action_to_data, view_from_data
from ..play.record import is_action, loads
from ..play.view import PlayerView

ROOMS_URL_ENV = "TENPENNIES_ROOMS_URL"
"""The environment variable holding the room service's address for the kernels
(``http://127.0.0.1:8866``), set by the classroom server when it serves rooms."""


class RoomClient(Protocol):
    """What a :class:`RemoteGame` asks of its room: JSON-ready data only."""

    def state(self, log_from: int = 0, after: int | None = None, wait: float = 0.0) -> dict:
        """The seat's state (:meth:`tenpennies.front.rooms.Room.state`); with ``after``, waits up to
        ``wait`` seconds for a version after it."""

    def act(self, action: list, log_from: int = 0) -> dict:
        """Play ``[seat, text]``: ``{"ok": True, "state": ...}`` (the seat's state after it, its
        log from ``log_from`` on) or ``{"ok": False, "why": ...}``."""

    def set_offers(self, offers: str) -> None:
        """The seat's offer setting."""


class LocalRoomClient:
    """A client of a :class:`~tenpennies.front.rooms.Room` in this process, through JSON text
    (so it carries what the HTTP client would, and nothing more)."""

    def __init__(self, room, token: str) -> None:
        self._room, self._token = room, token

    def state(self, log_from: int = 0, after: int | None = None, wait: float = 0.0) -> dict:
        return self._sent(log_from)

    def _sent(self, log_from: int) -> dict:
        """The seat's state as the HTTP client would get it: through JSON text."""
        return json.loads(json.dumps(self._room.state(self._token, log_from)))

    def act(self, action: list, log_from: int = 0) -> dict:
        try:
            self._room.act(self._token, action_from_data(json.loads(json.dumps(action))))
        except TenPenniesError as exc:  # (a RoomError is one: the room refused it)
            return {"ok": False, "why": str(exc)}
        return {"ok": True, "state": self._sent(log_from)}

    def set_offers(self, offers: str) -> None:
        self._room.set_offers(self._token, offers)


class HttpRoomClient:
    """A client of the classroom server's room handlers at ``base`` (``http://127.0.0.1:8866``)
    for the seat of ``token`` in room ``code``."""

    def __init__(self, base: str, code: str, token: str, timeout: float = 30.0) -> None:
        self.base, self.code, self.token, self.timeout = base.rstrip("/"), code, token, timeout

    def _call(self, path: str, body: dict | None = None, timeout: float | None = None) -> dict:
        data = None if body is None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(f"{self.base}/rooms/api/{path}", data=data,
                                         headers={"Content-Type": "application/json",
                                                  "X-Seat-Token": self.token})
        try:
            with urllib.request.urlopen(request, timeout=timeout or self.timeout) as response:
                return json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as exc:
            try:
                why = json.loads(exc.read().decode("utf-8")).get("why", exc.reason)
            except ValueError:
                why = exc.reason
            raise TenPenniesError(f"the room service refused: {why}") from None

    def state(self, log_from: int = 0, after: int | None = None, wait: float = 0.0) -> dict:
        query = {"log_from": log_from, "wait": wait}
        if after is not None:
            query["after"] = after
        return self._call(f"{self.code}/state?{urllib.parse.urlencode(query)}", timeout=self.timeout + wait)

    def act(self, action: list, log_from: int = 0) -> dict:
        try:
            return self._call(f"{self.code}/act", {"action": action, "log_from": log_from})
        except TenPenniesError as exc:
            return {"ok": False, "why": str(exc).removeprefix("the room service refused: ")}

    def set_offers(self, offers: str) -> None:
        self._call(f"{self.code}/offers", {"offers": offers})


class RemoteGame(Game):
    """One seat of a room's match, played from this process (see the module's notes).

    ``client`` is a :class:`RoomClient`. Learning mode is off (a hint would be the strong
    bot's help in a game against classmates; undo would take back a classmate's turn
    too), and New Match is the teacher's.
    """

    def __init__(self, client: RoomClient) -> None:  # no Game.__init__: there is no match here
        self.client = client
        self._entries: list = []  # the seat's log so far; each state sends only what is new
        self._data: dict | None = None
        self._view: PlayerView | None = None
        self._match = None
        self.rules: RuleSet | None = None
        self.learning = False
        self.bots = {}
        self.position = None
        self.sort = "rank"
        self.selected: tuple[int, ...] = ()
        self.cursor = 0
        self.message = ""
        self._unasked: dict[int, str] = {}
        self._notes: dict[int, str] = {}
        self._undo: list[int] = []
        self._told = 0
        self._caught_up = False  # the last move's answer brought the room's state (catch_up)
        self.receive(client.state())

    # -- what the room sent ---------------------------------------------------------------------
    def receive(self, data: dict) -> bool:
        """Take in a state the room sent; True when it was news (a later version)."""
        if self._data is not None and data["version"] <= self._data["version"] and \
                data["view"]["log_from"] + len(data["view"]["log"]) <= len(self._entries):
            return False
        if self.rules is None:
            self.rules = RuleSet.from_dict(data["view"]["rules"])
        if data["view"]["log_from"] != len(self._entries):  # sent from elsewhere: start the log afresh
            self._entries = []
            data = self.client.state(0)
        self._view = view_from_data(data["view"], earlier=self._entries, rules=self.rules)
        self._data = data
        self.seat = data["seat"]
        self.offers = data["offers"]
        self.names = {int(k): v for k, v in data["names"].items()}
        # A pass the room made without asking is told in its own words (as the solo table
        # tells it); a decision a bot made when the time ran out says so first.
        self._unasked = {at: words for at, words in data["notes"] if words.startswith("You passed")}
        self._notes = {at: words for at, words in data["notes"] if not words.startswith("You passed")}
        if data["record"] is not None and self._match is None:
            self._match = loads(data["record"])
        return True

    def fetch(self, wait: float = 0.0) -> dict:
        """The room's state after the one held, waiting up to ``wait`` seconds for a change
        (it changes nothing here: a page fetches in a thread, then passes it to :meth:`receive`)."""
        version = None if self._data is None else self._data["version"]
        return self.client.state(len(self._entries), after=version, wait=wait)

    def refresh(self, wait: float = 0.0) -> bool:
        """Ask the room for what changed (waiting up to ``wait`` seconds for it); True if anything did."""
        return self.receive(self.fetch(wait))

    @property
    def view(self) -> PlayerView:
        return self._view

    @property
    def match(self):
        """The whole match once it is over (for the review); None while it is played."""
        return self._match

    @property
    def room(self) -> str:
        return self._data["room"]

    @property
    def status(self) -> str:
        """The room's status (:data:`tenpennies.front.rooms.WAITING`, ``PLAYING``, ``OVER``, ``ENDED``)."""
        return self._data["status"]

    @property
    def to_act(self) -> int | None:
        """Whose decision it is (None once the match is over)."""
        return self._data["to_act"]

    @property
    def seconds_left(self) -> float | None:
        """The time left for the decision now, when it was sent (None: no timer running)."""
        return self._data["seconds_left"]

    @property
    def is_over(self) -> bool:
        return self._data["status"] in ("over", "ended")

    @property
    def waiting(self) -> bool:
        return self._data["status"] == "playing" and self._data["to_act"] == self.seat

    def _log(self):
        return self._view.log

    def words_at(self, index: int, said: str) -> str:
        note = self._notes.get(index)
        return f"{note} {said}" if note and said else said

    def new_words(self) -> list[str]:
        # Game.new_words, with the timeout notes put before the decisions they explain.
        view, log = self.view, self._log()
        lines = []
        for i, (entry, said) in enumerate(narrated(log, self.seat, self.rules, self.names, start=self._told),
                                          self._told):
            said = self._unasked.get(i, said)
            said = self.words_at(i, said)
            if said:
                lines.append(said)
            if type(entry) is RoundEnd:
                lines.append(score_table(view, self.seat, self.names, upto=entry.round_no))
        self._told = len(log)
        if lines and self.is_over:
            lines.append(winners_sentence(view, self.seat, self.names))
        return lines

    def round_summary(self, round_no: int | None = None) -> RoundSummary | None:
        """A finished round as this seat may know it: its own cards left, the others' counts."""
        ends = [e for e in self._log() if type(e) is RoundEnd and (round_no is None or e.round_no == round_no)]
        if not ends:
            return None
        end = ends[-1]
        counts = dict((r, tuple(c)) for r, c in self._data["cards_left"])[end.round_no]
        hands = tuple(tuple(h) if s == self.seat else None for s, h in enumerate(end.hands))
        totals = score_rows(self.view, upto=end.round_no)[-1][1]
        return RoundSummary(end.round_no, self.rules.rounds, end.how.value, end.went_out, self.seat, hands,
                            counts, tuple(end.points), tuple(totals), tuple(self.rules.card_points))

    def record(self) -> str:
        """The match record, once the match is over (before, it would show every hand)."""
        if self._data["record"] is None:
            raise TenPenniesError("the match record is sent once the match is over: it holds the deal")
        return self._data["record"]

    # -- the seat's decisions ------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Send the seat's action to the room; False (and the room's reason in :attr:`message`) if refused."""
        if getattr(action, "seat", None) != self.seat:
            self.message = "that is not your seat's action"
            return False
        answer = self.client.act(action_to_data(action), len(self._entries))
        if answer.get("state") is not None:
            self.receive(answer["state"])  # (the move's answer holds the state after it: no second call)
            self._caught_up = True
        else:
            self.refresh()
        if not answer.get("ok"):
            self.message = to_you(str(answer.get("why", "refused")), self.seat)
            return False
        self.selected = ()
        self.message = ""
        return True

    def unavailable(self, move: str) -> str:
        if move == "new":
            return "the teacher starts a room's matches"
        if self._data["status"] == "waiting" and move not in ("hint", "undo"):
            return "wait: the match starts when every student seat is taken (or the teacher starts it)"
        return super().unavailable(move)

    def unasked_reason(self) -> str | None:
        return None  # the room passes such offers itself, by the seat's setting

    def set_offers(self, offers: str) -> None:
        """Change the seat's offer setting at the room (the table's picker)."""
        self.client.set_offers(offers)
        self.offers = offers
        self.refresh()

    def unasked_actions(self) -> tuple[int, ...]:
        found, actions = [], 0
        for i, entry in enumerate(self._log()):
            if i in self._unasked:
                found.append(actions)
            actions += is_action(entry)
        return tuple(found)

    def new_match(self, seed=None) -> None:
        self.message = self.unavailable("new")

    def step(self) -> bool:
        """Bring in what the room played since (the others' moves); False when nothing changed."""
        return self.refresh()

    def catch_up(self) -> None:
        """Bring in what the room played since, unless the seat's last move brought it
        already (its answer held the state after it; later moves come by the table's wait)."""
        if not self._caught_up:
            self.refresh()
        self._caught_up = False

    def advance(self) -> None:
        self.refresh()


__all__ = ["ROOMS_URL_ENV", "HttpRoomClient", "LocalRoomClient", "RemoteGame", "RoomClient"]
