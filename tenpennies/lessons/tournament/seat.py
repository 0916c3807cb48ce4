"""The parent's side of a bot in its own process: start it in its sandbox, send views, count
the CPU time of its answers, end everything it started.

A :class:`ProcessSeat` starts ``python -m tenpennies.lessons.tournament.worker`` for one seat of
one match, in the :class:`~tenpennies.lessons.tournament.sandbox.Sandbox` the tournament chose,
sends it the bot's file and the seat's view as JSON at each decision, and reads its
answer. Each decision's budget is **CPU time**, the worker's own (read from ``/proc``),
so a bot is never charged for time another process took from it; a wall-clock backstop
(:func:`wall_backstop`) ends a bot that waits instead of thinking. Every way a bot can
fail ends in :class:`Forfeited`, saying which way (:data:`FORFEIT_KINDS`) and why, in
words. A worker stopped or killed from outside (a signal it did not earn: not its CPU or
file limit) ends in :class:`Interrupted` instead: the tournament starts it again and asks
the decision again, and says so. Nothing the child sends is trusted: it is read as JSON
(never unpickled), and its action is checked by the match like any other.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import threading
import time
from pathlib import Path

from ...engine.errors import NotationError, TenPenniesError
from . import sandbox as sandboxes
from .wire import action_from_data, view_to_data

FORFEIT_KINDS = ("crash", "illegal", "timeout", "malformed")
"""How a bot can forfeit: it raised an exception (or its process ended), chose an action
the match refused, took longer than the time limit, or answered something unreadable."""

MAX_REPLY = 16_384
"""The longest answer a bot may send, in bytes: an action is a line of text."""

POLL = 0.05
"""Seconds between looks at a deciding worker's CPU time and state."""

OWN_FAULT = {signal.SIGXCPU: ("timeout", "used up its CPU time limit"),
             signal.SIGXFSZ: ("crash", "wrote a file past its size limit"),
             signal.SIGSYS: ("crash", "made a system call its sandbox forbids")}
"""Signals a worker earns by itself (its own limits, its own filter): a forfeit, not an interruption."""


STOPPED = 0.2
"""Seconds a deciding worker may be seen stopped before it counts as stopped from outside
(a tracer holds a process for moments; nothing legitimate holds a bot longer)."""


def wall_backstop(limit: float) -> float:
    """Seconds a deciding bot may spend asleep (waiting, by its own choice, not thinking) before
    it forfeits: the time a busy machine keeps it from a core is not counted, so a loaded
    machine never makes a thinking bot forfeit, yet a bot that sleeps is ended."""
    return 2 * limit + 1


LAST_BACKSTOP = 20
"""Past this many backstops of the clock, a decision ends whatever the bot's state (a process
held in the kernel, say): so every tournament ends."""


class Forfeited(Exception):
    """A bot in a process failed: ``kind`` is one of :data:`FORFEIT_KINDS`, ``reason`` says why."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind, self.reason = kind, reason


class Interrupted(Exception):
    """A bot's worker was stopped or killed from outside: not the bot's fault; ``reason`` says how."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _seconds(limit: float) -> str:
    return f"{limit:g} s"


class ProcessSeat:
    """One bot from a file, playing one seat of one match in a sandboxed child process of its own.

    ``sandbox`` is the tournament's :class:`~tenpennies.lessons.tournament.sandbox.Sandbox`. The
    worker starts at once (before the match is dealt); :meth:`start` sends it the bot's
    file and builds the bot; :meth:`restart` does both again in a fresh worker.
    """

    def __init__(self, path: Path, name: str | None, sandbox: sandboxes.Sandbox) -> None:
        self.path, self.name, self.sandbox = path, name, sandbox
        # Read here, by the teacher's user, and sent: the bot's own user need not read the folder.
        self.source = path.read_bytes().decode("utf-8", "replace")
        self.log = ""
        self._launch()

    def _launch(self) -> None:
        sandbox = self.sandbox
        self.uid = sandboxes.seat_user() if sandbox.own_users else None
        self.folder = sandboxes.seat_folder(self.uid)
        info = os.pipe() if sandbox.layer == "bubblewrap" else None
        # With bubblewrap, the seat's user is taken before bwrap runs (bwrap then makes its
        # namespaces unprivileged); in the pure layer the worker takes it itself, after it has
        # left the network (which needs root).
        user = ({"user": self.uid, "group": self.uid, "extra_groups": []}
                if self.uid is not None and info is not None else {})
        try:
            self.process = subprocess.Popen(
                sandboxes.command(sandbox, self.folder, self.uid, info and info[1], self.path.parent),
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env=sandboxes.environment(self.folder), cwd=self.folder, start_new_session=True,
                pass_fds=() if info is None else (info[1],), **user)
        except OSError as exc:  # no processes here (the browser's Python, say): not the bot's fault
            sandboxes.remove_folder(self.folder)
            raise TenPenniesError(f"cannot start a process for the bot {self.path.name}: {exc}; a tournament of "
                                  "bots from files needs a Python that can start processes (JupyterLab, a "
                                  "terminal)") from None
        finally:
            if info is not None:
                os.close(info[1])
        self.pid = self.process.pid if info is None else self._worker_pid(info[0])
        self._closed = False
        self._replies: queue.Queue = queue.Queue()
        # A thread reads the child's answers, so that the wait for one can have a time limit.
        self._reader = threading.Thread(target=self._read, args=(self.process.stdout, self._replies), daemon=True)
        self._reader.start()
        self._sent = 0  # log entries this match the child has been sent

    def _worker_pid(self, fd: int) -> int:
        """The worker's pid as this process sees it, from bwrap's ``--info-fd`` report."""
        data = b""
        with os.fdopen(fd, "rb") as info:
            while chunk := info.read(4096):
                data += chunk
                try:
                    return int(json.loads(data)["child-pid"])
                except (ValueError, KeyError):
                    continue
        return self.process.pid  # bwrap failed before it started the worker: its own end is read

    @staticmethod
    def _read(stream, replies: queue.Queue) -> None:
        while True:
            try:
                line = stream.readline(MAX_REPLY + 1)
            except (OSError, ValueError):  # the pipe closed under it
                line = b""
            replies.put(line)
            if not line:
                return

    def _ask(self, message: dict, limit: float, doing: str) -> dict:
        """Send ``message`` and wait for the answer, as a dict: up to ``limit`` seconds of the
        worker's CPU time, and :func:`wall_backstop` seconds asleep."""
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode("utf-8"))
            self.process.stdin.flush()
        except OSError:
            self._ended()
        begin_cpu = sandboxes.cpu_seconds(self.pid)  # None without /proc (macOS): the clock stands in
        backstop = wall_backstop(limit)
        begin = last = time.monotonic()
        asleep = 0.0  # seconds it was seen asleep: its own waiting (a bot starved of a core is not asleep)
        while True:
            try:
                line = self._replies.get(timeout=POLL)
                break
            except queue.Empty:
                pass
            now = time.monotonic()
            cpu = sandboxes.cpu_seconds(self.pid)
            used = now - begin if begin_cpu is None or cpu is None else cpu - begin_cpu
            state = sandboxes.state(self.pid)
            if state == "S":
                asleep += now - last
            last = now
            if used > limit:
                self.close(kill=True)
                raise Forfeited("timeout", f"took longer than {_seconds(limit)} of CPU time to {doing}")
            if state in ("T", "t") and now - begin > STOPPED:
                self.close(kill=True)  # a stopped process thinks not at all: someone else stopped it
                raise Interrupted("its process was stopped from outside")
            if asleep > backstop or now - begin > LAST_BACKSTOP * backstop:
                self.close(kill=True)
                raise Forfeited("timeout", f"took longer than {_seconds(backstop)} of the clock to {doing} "
                                           f"(it used only {used:.1f} s of CPU time: it waited, it did not think)")
        if not line:
            self._ended()
        if len(line) > MAX_REPLY or not line.endswith(b"\n"):
            raise Forfeited("malformed", f"answered more than {MAX_REPLY} bytes")
        try:
            reply = json.loads(line)
        except ValueError:
            raise Forfeited("malformed", f"answered {line.decode('utf-8', 'replace').strip()[:60]!r}, "
                                         "which is not JSON") from None
        if not isinstance(reply, dict) or len(reply) != 1:
            raise Forfeited("malformed", f"answered {reply!r:.60}, not one message")
        if "crash" in reply or "malformed" in reply:
            kind = "crash" if "crash" in reply else "malformed"
            raise Forfeited(kind, str(reply[kind])[:300])
        return reply

    def _ended(self):
        """The worker's end, told apart: a signal it earned (a forfeit), a signal from outside
        (:class:`Interrupted`), or an exit of its own (a crash)."""
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        self.close(kill=True)
        if code is None:
            raise Forfeited("crash", "its process closed its answers and went on")
        died = -code if code < 0 else None
        if self.sandbox.layer == "bubblewrap" and 128 < code < 128 + signal.NSIG:
            died = code - 128  # bwrap ends as its worker did: 128 + the signal
        if died in OWN_FAULT:
            raise Forfeited(*OWN_FAULT[died])
        if died is not None:
            raise Interrupted(f"its process was killed from outside ({signal.Signals(died).name})")
        raise Forfeited("crash", f"its process ended (exit code {code})")

    def start(self, seed: int, limit: float) -> None:
        """Send the bot's file and build the bot with ``seed`` (``make_bot(factory, seed)``) in the child."""
        self._seed, self._start_limit = seed, limit
        load = {"source": self.source, "path": str(self.path), "name": self.name}
        for message in ({"load": load}, {"start": seed}):
            reply = self._ask(message, limit, "load and build the bot")
            if reply != {"ok": True}:
                raise Forfeited("malformed", f"answered {reply!r:.60} when built")
        self._sent = 0

    def restart(self) -> None:
        """End this worker and everything it started, and build the bot again in a fresh one
        (with the same seed; it is sent the whole log again at its next decision)."""
        self.close(kill=True)
        self._launch()
        self.start(self._seed, self._start_limit)

    def act(self, view, limit: float):
        """The action the bot chooses from ``view``, decoded (the match still checks it)."""
        data = view_to_data(view, self._sent)
        self._sent += len(data["log"])
        reply = self._ask({"act": data}, limit, "decide")
        if "action" not in reply:
            raise Forfeited("malformed", f"answered {reply!r:.60}, not an action")
        try:
            return action_from_data(reply["action"])
        except NotationError as exc:
            raise Forfeited("malformed", str(exc)) from None

    def close(self, kill: bool = False) -> None:
        """End the child and every process it started: told so by its input closing, then
        killed with its whole group (and its seat's user) if it lingers; at once if ``kill``."""
        if self._closed:
            return
        self._closed = True
        process = self.process
        if process.poll() is None and not kill:
            try:
                process.stdin.close()
                process.wait(timeout=1)
            except (OSError, subprocess.TimeoutExpired):
                pass
        sandboxes.end_all(process.pid, self.uid)
        if process.poll() is None:
            process.kill()
        process.wait()
        self._reader.join(timeout=1)  # nothing the bot started holds its pipe now
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        try:
            with open(self.folder / "bot.log", "rb") as log:
                log.seek(0, os.SEEK_END)
                log.seek(max(0, log.tell() - MAX_LOG))
                self.log += log.read().decode("utf-8", "replace")  # (a restarted worker's log follows)
        except OSError:
            pass
        sandboxes.remove_folder(self.folder)


MAX_LOG = 65_536
"""The last bytes of a bot's log (its prints and errors) kept when its seat closes."""
