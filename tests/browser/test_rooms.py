"""Four classmates at one table in a real browser (``python3 dev.py app --rooms``).

The classroom server serves rooms (:mod:`tenpennies.room_server`) and the student's page
(``notebooks/room.ipynb``). The test opens a room of four student seats (Ten Pennies, one
round, a turn timer of a couple of seconds), seats four students from the join page in
four pages, two in one browser context and two in another (two classmates sharing a
computer, and a second computer), and plays the round to its summary:

- each page makes moves by its own buttons (Pass: the stock's draw, whenever it is that
  seat's decision), and every such move is seen in the other three pages' logs;
- the rest of each turn (the discards) is played by the room's bot when the timer runs
  out, which keeps the round short; the log says so on every page;
- every page shows the round's summary at the end.

Then every page's HTML, text and every websocket frame it received (widget states, comm
messages, canvas draw commands) is scanned for the cards the seat could not know: the
other seats' hands at the round's end and the stock (none may be found). The scan is
shown to work on the same frames: every card of the seat's own hand is found drawn on
its canvas, and another seat's view, planted into the scanned text, is caught.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

from .browserkit import Frames, ROOT, Server, TablePage, classroom_args

pytestmark = pytest.mark.browser
pytest.importorskip("tenpennies.widgets")
pytest.importorskip("voila")
from tenpennies.actions import RoundEnd  # noqa: E402
from tenpennies.rooms import Rooms, RoomStore  # noqa: E402
from tenpennies.tournament.wire import view_to_data  # noqa: E402

from test_hidden_information import Sent, identity, known_identities, leaks  # noqa: E402

NAMES = ("Ann", "Ben", "Cleo", "Dev")
TURN_SECONDS = 2.5
ROUND_SECONDS = 420  # a round of Ten Pennies, its discards played at the timer's pace


@pytest.fixture(scope="module")
def rooms_server(tmp_path_factory):
    base = tmp_path_factory.mktemp("rooms")
    db = base / "class.sqlite"
    server = Server(base, classroom_args(ROOT / "notebooks" / "room.ipynb", "--rooms", "--db", str(db)))
    deadline = time.monotonic() + 30
    key = None
    while key is None and time.monotonic() < deadline:
        found = re.search(r"/rooms/teacher\?key=([A-Za-z0-9_-]+)", server.log.read_text(errors="replace"))
        key = found and found.group(1)
        time.sleep(0.1)
    assert key, "the server printed no teacher's page"
    server.key, server.db = key, db
    yield server
    server.stop()


def teacher(server, path: str, body: dict | None = None) -> dict:
    request = urllib.request.Request(f"{server.url}/rooms/api/{path}?key={server.key}",
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def join(context, server, code: str, name: str):
    page = context.new_page(viewport={"width": 1300, "height": 1000})
    frames = Frames(page)
    page.goto(f"{server.url}/rooms/join")
    page.fill("input[name=code]", code)
    page.fill("input[name=name]", name)
    with page.expect_navigation(timeout=60000):
        page.click("button")
    page.wait_for_selector("canvas", timeout=90000)
    page.wait_for_selector(".tenpennies-turn", timeout=90000)
    TablePage(page).wait_until_canvas_drawn()
    return page, frames


def text_of(page) -> str:
    return page.evaluate("() => document.body.innerText")


def drew_lines(page, seat: int, name: str) -> int:
    return len(re.findall(rf"Seat {seat} \({re.escape(name)}\) drew a card\.", text_of(page), re.I))


def test_four_classmates_play_a_round_and_no_page_gets_another_seats_cards(browser, rooms_server):
    code = teacher(rooms_server, "open", {"game": "pennies", "students": 4, "rounds": 1,
                                          "turn_seconds": TURN_SECONDS})["code"]
    first, second = browser.new_context(), browser.new_context()
    seats = []
    try:
        for context, name in zip((first, first, second, second), NAMES):
            page, frames = join(context, rooms_server, code, name)
            seats.append((page, frames))
        line = next(r for r in teacher(rooms_server, "list")["rooms"] if r["code"] == code)
        assert [s["name"] for s in line["seats"]] == list(NAMES) and line["status"] == "playing"
        # Which page is which seat: the page's address holds its seat token; the seat is
        # the one whose name the page's score table calls "you".
        moved = {s: 0 for s in range(4)}
        deadline = time.monotonic() + ROUND_SECONDS
        while time.monotonic() < deadline:
            texts = [text_of(page) for page, _ in seats]
            if all(f"Round 1 of 1 is over" in t for t in texts):
                break
            for s, (page, _) in enumerate(seats):
                turn = page.locator(".tenpennies-turn").inner_text()
                button = page.get_by_role("button", name="Pass", exact=True)
                if turn.startswith("Your decision") and button.is_enabled():
                    before = [drew_lines(other, s, NAMES[s]) for other, _ in seats]
                    button.click()
                    # The draw reaches the other three pages (before the seat's discard is due).
                    try:
                        for k, (other, _) in enumerate(seats):
                            if k != s:
                                other.wait_for_function(
                                    """([pattern, count]) => (document.body.innerText.match(
                                         new RegExp(pattern, 'gi')) || []).length > count""",
                                    arg=[rf"Seat {s} \({NAMES[s]}\) drew a card\.", before[k]], timeout=15000)
                        moved[s] += 1
                    except Exception:
                        if "Your decision" in page.locator(".tenpennies-turn").inner_text():
                            raise
                        # The timer ran out between seeing the button and pressing it: the
                        # bot drew for the seat instead. Not counted as the seat's move.
            time.sleep(0.05)
        else:
            pytest.fail(f"the round did not end within {ROUND_SECONDS} s; moves made by the pages: {moved}")
        assert all(count >= 1 for count in moved.values()), f"every seat moved from its page: {moved}"
        texts = [text_of(page) for page, _ in seats]
        assert all("time ran out: thumb played for them" in t for t in texts)

        # -- what each page got ---------------------------------------------------------------
        store = RoomStore(rooms_server.db)
        match = Rooms.resume(store).get(code).match
        end = next(e for e in match.log if type(e) is RoundEnd)
        for s, (page, frames) in enumerate(seats):
            view = match.view(s)
            hidden = {identity(c) for k, hand in enumerate(end.hands) if k != s for c in hand}
            hidden |= {identity(c) for c in match.stock}
            secret = hidden - known_identities([view], 0)
            assert len(secret) > 5, "too few hidden cards for the scan to mean anything"
            sent = scan(page, frames)
            found = leaks(sent, secret)
            assert found == [], f"seat {s}'s page got another seat's cards:\n" + "\n".join(found)
            # The scan sees what the page drew: the seat's own final hand is on its canvas
            # (the summary's pictures are SVG: the last table drawn before it held the hand).
            own = {identity(c) for c in end.hands[s]}
            drawn = {leak.split()[0] for leak in leaks(sent, own) if "drawn on the canvas" in leak}
            assert drawn, "the scan found none of the seat's own cards drawn: it reads nothing"
            # A planted leak: another seat's view as the room sends it, put in the page's text.
            planted = scan(page, frames)
            planted.add_printed(json.dumps(view_to_data(match.view((s + 1) % 4))))
            other_hand = {identity(c) for c in match.view((s + 1) % 4).hand} & secret
            if other_hand:
                assert leaks(planted, other_hand), "the planted leak was not caught"
    finally:
        first.close()
        second.close()


def scan(page, frames: Frames) -> Sent:
    """Everything the page got, as the hidden-information test's detector reads it."""
    sent = Sent()
    for msg in frames.messages():
        content = msg["content"]
        if msg["header"].get("msg_type", "").startswith("comm_"):
            sent.add_messages([(content.get("comm_id"), msg["header"]["msg_type"], content.get("data"),
                                msg["buffers"])])
        else:
            sent.add_printed(json.dumps(content, ensure_ascii=False))
    sent.add_printed(page.evaluate("() => document.body.innerText"))
    return sent
