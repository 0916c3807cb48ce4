"""A room survives its server: killed mid-round (SIGKILL: nothing is flushed on the way out),
started again on the same database, every room resumes where it stood.

The server is the room service alone (``python -m tenpennies.front.room_server PORT DB KEY``,
the same handlers the classroom server mounts), on loopback; the students are
:class:`tenpennies.front.remote.RemoteGame`'s over HTTP with their seat tokens, as their
kernels would be.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("tornado")

from tenpennies.bots import make_bot  # noqa: E402
from tenpennies.front.remote import HttpRoomClient, RemoteGame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
KEY = "teacher-key-for-the-test"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(port: int, db: Path) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "tenpennies.front.room_server", str(port), str(db), KEY],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise AssertionError("the room service did not start: " + server.stdout.read().decode())


def call(port: int, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/rooms/api/{path}?key={KEY}",
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def test_a_room_killed_mid_round_resumes_with_hands_stock_and_scores_unchanged(tmp_path):
    port, db = free_port(), tmp_path / "class.sqlite"
    server = start(port, db)
    try:
        code = call(port, "open", {"game": "pennies", "students": 2, "rounds": 2, "turn_seconds": 0})["code"]
        seats = [call(port, f"{code}/join", {"name": name}) for name in ("Ann", "Ben")]
        base = f"http://127.0.0.1:{port}"
        games = {s["seat"]: RemoteGame(HttpRoomClient(base, code, s["token"])) for s in seats}
        bots = {s: make_bot("thumb", s) for s in games}
        played = 0
        while played < 12:  # a dozen students' decisions: well inside round 1
            for s, game in games.items():
                game.refresh()
                if game.waiting:
                    assert game.act(bots[s].act(game.view)), game.message
                    played += 1
        before = {s: game.client.state(0) for s, game in games.items()}
        assert all(b["view"]["round_no"] == 1 for b in before.values())
        teacher_before = call(port, "list")
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
    server = start(port, db)
    try:
        after = {s: game.client.state(0) for s, game in games.items()}
        for s in games:
            was, now = before[s]["view"], after[s]["view"]
            assert now["hand"] == was["hand"]  # the seat's own hand
            assert now["hand_sizes"] == was["hand_sizes"] and now["stock_size"] == was["stock_size"]
            assert now["discard_pile"] == was["discard_pile"] and now["table"] == was["table"]
            assert now["scores"] == was["scores"] and now["log"] == was["log"]
            assert now["legal_actions"] == was["legal_actions"]
        assert call(port, "list")["rooms"] == teacher_before["rooms"]
        # The same pages (the same tokens) play on to the end of the round after the restart.
        for game in games.values():
            game.refresh()
        for _ in range(3000):
            if any(g.view.round_no > 1 or g.is_over for g in games.values()):
                break
            for s, game in games.items():
                game.refresh()
                if game.waiting and game.view.round_no == 1:
                    assert game.act(bots[s].act(game.view)), game.message
        for game in games.values():
            game.refresh()
        assert all(g.round_summary() is not None for g in games.values())
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)


def test_the_teachers_calls_need_the_key_and_a_seat_needs_its_token(tmp_path):
    import urllib.error

    port = free_port()
    server = start(port, tmp_path / "class.sqlite")
    try:
        code = call(port, "open", {"game": "tcr", "players": 6, "students": 2})["code"]
        assert [s["kind"] for s in call(port, "list")["rooms"][0]["seats"]] == ["student"] * 2 + ["bot"] * 4
        for path in ("list", f"{code}/end"):
            request = urllib.request.Request(f"http://127.0.0.1:{port}/rooms/api/{path}?key=wrong",
                                             data=None if path == "list" else b"{}")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=30)
            assert refused.value.code == 403
        ann = call(port, f"{code}/join", {"name": "Ann"})
        stranger = HttpRoomClient(f"http://127.0.0.1:{port}", code, "not-a-token")
        with pytest.raises(Exception, match="not one of this room's"):
            stranger.state()
        own = HttpRoomClient(f"http://127.0.0.1:{port}", code, ann["token"]).state()
        assert own["seat"] == 0 and own["status"] == "waiting" and len(own["names"]) == 6
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=30)
