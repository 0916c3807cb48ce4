"""The room service's HTTP side: Tornado handlers in the classroom server's process.

:func:`room_handlers` lists them for :class:`tenpennies.front.classroom.ClassroomVoila` (or any
Tornado application); they serve one :class:`tenpennies.front.rooms.Rooms`:

- ``GET /rooms/teacher``: the teacher's page (open a room, see every room's seats,
  whose turn, round and scores, start or end a room; the class's results pooled over
  the finished rooms, :func:`tenpennies.front.rooms.pooled_results`). No card of any hand is on it.
- ``POST /rooms/api/open`` (the teacher's), ``POST /rooms/api/CODE/start`` and
  ``/end``; ``GET /rooms/api/list``.
- ``POST /rooms/api/CODE/join`` ``{"name", "offers"}`` gives a seat and its token.
- ``GET /rooms/api/CODE/state?log_from=N&after=V&wait=S`` (header ``X-Seat-Token``):
  the seat's state (:meth:`tenpennies.front.rooms.Room.state`), waiting up to ``S`` seconds
  (at most :data:`LONGEST_WAIT`) for a version after ``V``: a page hears a classmate's
  move as it is played.
- ``POST /rooms/api/CODE/act`` ``{"action": [seat, text]}`` and ``/offers``.

The teacher's calls need the teacher's key (``?key=`` on the teacher page, made when the
server starts and printed to its console), so a student cannot end a classmate's room.

A timer (:func:`start_ticking`) calls :meth:`Rooms.tick` every quarter second: the
turn timers and a room left to bots move without anyone's request. Every room's work
runs in one thread of its own (:data:`ROOM_WORKER`), never in the server's event loop.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
from concurrent.futures import ThreadPoolExecutor
from html import escape

from tornado import web
from tornado.ioloop import IOLoop, PeriodicCallback

from ..bots import bot_names
from ..engine.errors import TenPenniesError
from ..lessons.tournament.wire import action_from_data
from .remote import ROOMS_URL_ENV
from .rooms import GAMES, STUDENT, RoomError, RoomPlan, Rooms, RoomStore, short_rules

LONGEST_WAIT = 25.0
"""The longest a state request waits for news (a page asks again at once)."""


ROOM_WORKER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rooms")
"""The one thread every room's work runs in (moves, bots, timers, states), in turn: the
server's event loop only passes requests to it, so a bot's thinking or a buy judgment
never holds up the pages and kernels the loop serves; and with one thread, no two
changes to a room ever overlap."""


async def in_worker(work, *args):
    """Run ``work(*args)`` in :data:`ROOM_WORKER` and wait for it without blocking the loop."""
    return await asyncio.get_running_loop().run_in_executor(ROOM_WORKER, work, *args)


class _RoomHandler(web.RequestHandler):
    def initialize(self, rooms: Rooms, teacher_key: str) -> None:
        self.rooms = rooms
        self.teacher_key = teacher_key

    def check_xsrf_cookie(self) -> None:
        pass  # JSON calls with a seat token or the teacher's key; no cookie grants anything

    def body(self) -> dict:
        try:
            data = json.loads(self.request.body or b"{}")
        except ValueError:
            raise web.HTTPError(400, reason="the body is not JSON") from None
        if not isinstance(data, dict):
            raise web.HTTPError(400, reason="the body is a JSON object")
        return data

    def answer(self, data, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(data))

    def refuse(self, why: str, status: int = 400) -> None:
        self.answer({"ok": False, "why": why}, status)

    def token(self) -> str:
        return self.request.headers.get("X-Seat-Token", "")

    def teacher(self) -> bool:
        given = self.get_argument("key", "") or self.request.headers.get("X-Teacher-Key", "")
        return secrets.compare_digest(given, self.teacher_key)


class ListHandler(_RoomHandler):
    async def get(self) -> None:
        if not self.teacher():
            return self.refuse("the teacher's key is needed", 403)
        self.answer(await in_worker(lambda: {"rooms": [room.summary() for room in list(self.rooms.rooms.values())],
                                             "results": self.rooms.results().to_dict()}))


class OpenHandler(_RoomHandler):
    async def post(self) -> None:
        if not self.teacher():
            return self.refuse("the teacher's key is needed", 403)
        data = self.body()
        try:
            rules = GAMES[data.get("game", "pennies")]
            players = int(data.get("players", rules.players))
            rules = short_rules(rules.with_players(players), data.get("rounds"))
            students = int(data.get("students", players))
            bot = data.get("bot", "thumb")
            seats = tuple(data.get("seats") or [STUDENT] * students + [bot] * (players - students))
            seconds = data.get("turn_seconds", 60)
            plan = RoomPlan(rules, seats, bot=bot, turn_seconds=None if seconds in (None, 0) else float(seconds))
        except (KeyError, ValueError, TypeError, TenPenniesError) as exc:
            return self.refuse(f"cannot open that room: {exc}")
        room = await in_worker(self.rooms.open, plan)
        self.answer({"ok": True, "code": room.code})


class TeacherActionHandler(_RoomHandler):
    async def post(self, code: str, what: str) -> None:
        if not self.teacher():
            return self.refuse("the teacher's key is needed", 403)
        try:
            room = self.rooms.get(code)
        except RoomError as exc:
            return self.refuse(str(exc), 404)
        await in_worker(room.start if what == "start" else room.end)
        self.answer({"ok": True, "status": room.status})


class JoinHandler(_RoomHandler):
    async def post(self, code: str) -> None:
        data = self.body()
        try:
            seat = await in_worker(self.rooms.get(code).join, data.get("name", ""), data.get("offers", "useful"))
        except RoomError as exc:
            return self.refuse(str(exc), 409)
        self.answer({"ok": True, "seat": seat.number, "token": seat.token, "code": code.upper()})


class StateHandler(_RoomHandler):
    async def get(self, code: str) -> None:
        try:
            room = self.rooms.get(code)
            room.seat_of(self.token())
            log_from = int(self.get_argument("log_from", "0"))
            after = self.get_argument("after", None)
            wait = min(LONGEST_WAIT, max(0.0, float(self.get_argument("wait", "0"))))
        except RoomError as exc:
            return self.refuse(str(exc), 403)
        except ValueError:
            return self.refuse("log_from, after and wait are numbers")
        if after is not None and wait > 0 and room.version <= int(after):
            changed = asyncio.Event()
            loop = asyncio.get_running_loop()

            def heard(_room) -> None:  # called in the room worker's thread
                loop.call_soon_threadsafe(changed.set)

            room.listeners.append(heard)
            try:
                await asyncio.wait_for(changed.wait(), wait)
            except asyncio.TimeoutError:
                pass
            finally:
                room.listeners.remove(heard)
        try:
            self.answer(await in_worker(room.state, self.token(), log_from))
        except TenPenniesError as exc:
            self.refuse(str(exc))


class ActHandler(_RoomHandler):
    """Play the seat's action; the answer carries the seat's state after it (from the body's
    ``log_from`` on), so a page's move costs one call, not an act and then a state, each a
    turn of :data:`ROOM_WORKER`, the one thread every room shares."""

    async def post(self, code: str) -> None:
        token, body = self.token(), self.body()
        log_from = body.get("log_from", 0)
        if type(log_from) is not int or log_from < 0:
            return self.refuse("log_from is a whole number, 0 or more")
        try:
            room = self.rooms.get(code)
            action = action_from_data(body.get("action"))

            def act_and_tell() -> dict:
                room.act(token, action)
                return room.state(token, log_from)

            state = await in_worker(act_and_tell)
        except TenPenniesError as exc:
            return self.refuse(str(exc), 409)
        self.answer({"ok": True, "state": state})


class OffersHandler(_RoomHandler):
    async def post(self, code: str) -> None:
        try:
            await in_worker(self.rooms.get(code).set_offers, self.token(), self.body().get("offers", ""))
        except RoomError as exc:
            return self.refuse(str(exc), 409)
        self.answer({"ok": True})


TEACHER_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Rooms: the teacher's view</title>
<style>body{font-family:DejaVu Sans,Arial,sans-serif;margin:16px}td,th{padding:2px 8px;text-align:left}
table{border-collapse:collapse}tr{border-bottom:1px solid #ccc}.code{font:bold 20px monospace}</style></head>
<body><h2>Rooms</h2>
<form id="open">Game <select name="game"><option value="pennies">Ten Pennies</option>
<option value="tcr">Ten Card Rummy</option></select>
players <input name="players" type="number" value="4" min="2" max="8" style="width:3em">
students <input name="students" type="number" value="4" min="0" max="8" style="width:3em">
rounds <input name="rounds" type="number" value="" min="1" max="7" style="width:3em" placeholder="all">
bot for empty seats <select name="bot">BOTS</select>
turn timer (s) <input name="turn_seconds" type="number" value="60" min="0" style="width:4em">
<button>Open a room</button></form>
<p>Students open the room page and type the code and their name.</p>
<table id="rooms"><tr><th>code</th><th>game</th><th>status</th><th>seats</th><th>turn</th><th>round</th>
<th>scores</th><th></th></tr></table>
<h3>The class's results</h3><p id="pooled">No room has finished its match yet.</p>
<table id="players"></table>
<script>
const key = new URLSearchParams(location.search).get("key") || "";
const api = (p, body) => fetch("PREFIX/rooms/api/" + p + "?key=" + encodeURIComponent(key),
  body === undefined ? {} : {method: "POST", body: JSON.stringify(body)}).then(r => r.json());
document.getElementById("open").onsubmit = e => { e.preventDefault();
  const f = new FormData(e.target), b = {};
  for (const [k, v] of f) if (v !== "") b[k] = isNaN(v) ? v : Number(v);
  api("open", b).then(r => { if (!r.ok) alert(r.why); show(); }); };
const esc = s => String(s).replace(/[&<>"']/g, c => "&#" + c.charCodeAt(0) + ";");
function show() { api("list").then(r => { const t = document.getElementById("rooms");
  t.querySelectorAll("tr.room").forEach(x => x.remove());
  for (const room of r.rooms) { const tr = document.createElement("tr"); tr.className = "room";
    tr.innerHTML = `<td class=code>${esc(room.code)}</td><td>${esc(room.game)}</td><td>${esc(room.status)}</td>
      <td>${room.seats.map(s => esc(s.seat + ": " + s.name)).join("<br>")}</td>
      <td>${room.to_act === null ? "" : esc(room.seats[room.to_act].name)}</td>
      <td>${esc(room.round + " of " + room.rounds)}</td><td>${esc(room.scores.join(" / "))}</td>
      <td><button data-do=start>Start</button> <button data-do=end>End</button></td>`;
    tr.querySelectorAll("button").forEach(b => b.onclick = () =>
      api(room.code + "/" + b.dataset.do, {}).then(show));
    t.appendChild(tr); }
  const res = r.results, s = res.students;
  if (res.matches) {
    const pct = x => (100 * x).toFixed(0) + "%";
    document.getElementById("pooled").textContent = `${res.matches} match${res.matches === 1 ? "" : "es"} ` +
      `finished. Students won ${pct(s.share)} of their seats' matches (95% interval ${pct(s.low)} to ` +
      `${pct(s.high)}, over ${s.seats} student seats); an even table would give them ${pct(s.even)}.`;
    document.getElementById("players").innerHTML = "<tr><th>student</th><th>game</th><th>played</th>" +
      "<th>won</th><th>points a match</th></tr>" + res.players.map(p => `<tr class=player><td>${esc(p.name)}` +
      `</td><td>${esc(p.game)}</td><td>${p.matches}</td><td>${p.wins}</td><td>${p.points}</td></tr>`).join("");
  } }); }
show(); setInterval(show, 2000);
</script></body></html>"""


class TeacherPageHandler(_RoomHandler):
    def get(self) -> None:
        if not self.teacher():
            raise web.HTTPError(403, reason="the teacher's page needs the teacher's key (?key=, on the server's console)")
        prefix = self.settings.get("base_url", "/").rstrip("/")
        options = "".join(f"<option{' selected' if n == 'thumb' else ''}>{escape(n)}</option>" for n in bot_names())
        self.set_header("Cache-Control", "no-store")
        self.finish(TEACHER_PAGE.replace("BOTS", options).replace("PREFIX", escape(prefix)))


JOIN_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Join a room</title>
<style>body{font-family:DejaVu Sans,Arial,sans-serif;margin:24px}input{font-size:18px;margin:4px}</style></head>
<body><h2>Join your table</h2><form id="join">Room code <input name="code" size="6" autocomplete="off">
Your name <input name="name" size="16"> <button>Join</button></form><p id="said"></p>
<script>
const go = (code, token) => { location.href = "PAGE?code=" + encodeURIComponent(code) +
  "&token=" + encodeURIComponent(token); };
document.getElementById("join").onsubmit = e => { e.preventDefault();
  const code = e.target.code.value.trim().toUpperCase(), name = e.target.name.value;
  // One browser may seat two classmates (a shared computer): the seat is kept by code and name.
  const keep = "tenpennies-seat-" + code + "-" + name.trim();
  const kept = localStorage.getItem(keep);
  if (kept) return go(code, kept);  // this browser has this name's seat there already: back to it
  fetch("PREFIX/rooms/api/" + encodeURIComponent(code) + "/join",
        {method: "POST", body: JSON.stringify({name})}).then(r => r.json()).then(r => {
    if (!r.ok) { document.getElementById("said").textContent = r.why; return; }
    localStorage.setItem(keep, r.token); go(code, r.token); }); };
</script></body></html>"""


class JoinPageHandler(_RoomHandler):
    """The student's join page: a code and a name; the seat token is kept in this browser
    (and in the table page's address), so a reload or a return gets the seat back."""

    def initialize(self, rooms: Rooms, teacher_key: str, page: str = "/") -> None:
        super().initialize(rooms, teacher_key)
        self.page = page

    def get(self) -> None:
        prefix = self.settings.get("base_url", "/").rstrip("/")
        self.set_header("Cache-Control", "no-store")
        self.finish(JOIN_PAGE.replace("PAGE", escape(self.page)).replace("PREFIX", escape(prefix)))


def room_handlers(rooms: Rooms, teacher_key: str, base: str = "/", page: str | None = None) -> list[tuple]:
    """The room service's handlers, under ``base`` (the server's base URL); ``page`` is
    the address of the student's table page (``notebooks/room.ipynb`` as served), where
    the join page sends a student with the room's code and the seat's token."""
    base = base.rstrip("/")
    args = {"rooms": rooms, "teacher_key": teacher_key}
    code = r"([A-Za-z0-9]{3,12})"
    return [
        (f"{base}/rooms/join", JoinPageHandler, {**args, "page": page or f"{base}/"}),
        (f"{base}/rooms/teacher", TeacherPageHandler, args),
        (f"{base}/rooms/api/list", ListHandler, args),
        (f"{base}/rooms/api/open", OpenHandler, args),
        (f"{base}/rooms/api/{code}/(start|end)", TeacherActionHandler, args),
        (f"{base}/rooms/api/{code}/join", JoinHandler, args),
        (f"{base}/rooms/api/{code}/state", StateHandler, args),
        (f"{base}/rooms/api/{code}/act", ActHandler, args),
        (f"{base}/rooms/api/{code}/offers", OffersHandler, args),
    ]


def rooms_service(db: str, *, port: int, base: str = "/", teacher_key: str | None = None) -> list[tuple]:
    """The rooms of a classroom server: every room in ``db`` resumed, the timers ticking, the
    kernels told where to reach the service (:data:`tenpennies.widgets.room.ROOMS_URL_ENV`:
    they inherit this process's environment), the teacher's key printed; returns the handlers."""
    rooms = Rooms.resume(RoomStore(db))
    key = teacher_key or secrets.token_urlsafe(12)
    base = base.rstrip("/")
    os.environ[ROOMS_URL_ENV] = f"http://127.0.0.1:{port}{base}"
    start_ticking(rooms)
    print(f"Rooms ({len(rooms.rooms)} resumed from {db}): the teacher's page is "
          f"http://127.0.0.1:{port}{base}/rooms/teacher?key={key} ; students join at "
          f"http://<this machine>:{port}{base}/rooms/join", flush=True)
    return room_handlers(rooms, key, base)


TICK_SECONDS = 0.25
"""How often the timers are looked at: a timed-out seat waits at most this long past its time."""


def start_ticking(rooms: Rooms, every: float = TICK_SECONDS):
    """Call :meth:`Rooms.tick` every ``every`` seconds on the running loop (the turn timers)."""
    busy = []

    def work() -> None:
        try:
            rooms.tick()
        except Exception:  # one room's bot failing must not stop every room's timers
            logging.getLogger("tenpennies.front.rooms").exception("a room's tick failed")
        finally:
            busy.clear()

    def tick() -> None:
        if not busy:  # the last tick is still being played: this one is not queued behind it
            busy.append(True)
            ROOM_WORKER.submit(work)

    callback = PeriodicCallback(tick, every * 1000)
    callback.start()
    return callback


def serve(port: int, db: str, *, address: str = "127.0.0.1", teacher_key: str | None = None) -> None:
    """Run the room service alone (no Voila) on ``address:port``, resuming every room in ``db``:
    ``python -m tenpennies.front.room_server PORT DB [KEY]`` (the restart test runs it so)."""
    rooms = Rooms.resume(RoomStore(db))
    key = teacher_key or secrets.token_urlsafe(12)
    app = web.Application(room_handlers(rooms, key))
    app.listen(port, address=address)
    start_ticking(rooms)
    print(f"Rooms: teacher's page http://{address}:{port}/rooms/teacher?key={key}", flush=True)
    IOLoop.current().start()


if __name__ == "__main__":
    import sys

    serve(int(sys.argv[1]), sys.argv[2], teacher_key=sys.argv[3] if len(sys.argv) > 3 else None)
