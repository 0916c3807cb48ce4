"""The parent's side of a bot in its own process: start it, send views, time its answers.

A :class:`ProcessSeat` starts ``python -m tenpennies.tournament.worker`` for one seat of
one match, sends it the seat's view as JSON at each decision, and reads its answer with a
time limit measured here, in the parent: past it, the child is killed. Every way a bot
can fail ends in :class:`Forfeited`, saying which way (:data:`FORFEIT_KINDS`) and why, in
words. Nothing the child sends is trusted: it is read as JSON (never unpickled), and its
action is checked by the match like any other.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

from ..errors import NotationError, TenPenniesError
from .wire import action_from_data, view_to_data

FORFEIT_KINDS = ("crash", "illegal", "timeout", "malformed")
"""How a bot can forfeit: it raised an exception (or its process ended), chose an action
the match refused, took longer than the time limit, or answered something unreadable."""

MAX_REPLY = 16_384
"""The longest answer a bot may send, in bytes: an action is a line of text."""

_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)


class Forfeited(Exception):
    """A bot in a process failed: ``kind`` is one of :data:`FORFEIT_KINDS`, ``reason`` says why."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind, self.reason = kind, reason


def _seconds(limit: float) -> str:
    return f"{limit:g} s"


class ProcessSeat:
    """One bot from a file, playing one seat of one match in a child process of its own."""

    def __init__(self, path: Path, name: str | None) -> None:
        # The child imports this very copy of the kit, wherever the parent found it.
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (_PACKAGE_ROOT, env.get("PYTHONPATH")) if p)
        env["PYTHONIOENCODING"] = "utf-8"
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tenpennies.tournament.worker", str(path), name or ""],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        except OSError as exc:  # no processes here (the browser's Python, say): not the bot's fault
            raise TenPenniesError(f"cannot start a process for the bot {path.name}: {exc}; a tournament of bots "
                                  "from files needs a Python that can start processes (JupyterLab, a terminal)"
                                  ) from None
        self._replies: queue.Queue = queue.Queue()
        # A thread reads the child's answers, so that the wait for one can have a time limit
        # on every platform (select() does not wait on pipes on Windows).
        self._reader = threading.Thread(target=self._read, args=(self.process.stdout, self._replies), daemon=True)
        self._reader.start()
        self._sent = 0  # log entries this match the child has been sent

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
        """Send ``message`` and wait up to ``limit`` seconds for the answer, as a dict."""
        try:
            self.process.stdin.write((json.dumps(message) + "\n").encode("utf-8"))
            self.process.stdin.flush()
        except OSError:
            raise Forfeited("crash", self._ended()) from None
        try:
            line = self._replies.get(timeout=limit)
        except queue.Empty:
            self.close(kill=True)
            raise Forfeited("timeout", f"took longer than {_seconds(limit)} to {doing}") from None
        if not line:
            raise Forfeited("crash", self._ended())
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

    def _ended(self) -> str:
        try:
            code = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            code = None
        return "its process ended" + ("" if code is None else f" (exit code {code})")

    def start(self, seed: int, limit: float) -> None:
        """Build the bot with ``seed`` (``make_bot(factory, seed)``) in the child."""
        reply = self._ask({"start": seed}, limit, "load and build the bot")
        if reply != {"ok": True}:
            raise Forfeited("malformed", f"answered {reply!r:.60} when built")
        self._sent = 0

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
        """End the child: told so by its input closing, then killed if it lingers (at once
        if ``kill``: a bot past its time limit is not waited for)."""
        process = self.process
        if process.poll() is None:
            if not kill:
                try:
                    process.stdin.close()
                    process.wait(timeout=1)
                except (OSError, subprocess.TimeoutExpired):
                    pass
            if process.poll() is None:
                process.kill()
                process.wait()
        self._reader.join(timeout=1)  # it has read the end of the child's output by now
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()
            except OSError:
                pass
