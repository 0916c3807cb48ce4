"""Four classmates at one table in a real browser (``python3 dev.py app --rooms``).

The classroom server serves rooms (:mod:`tenpennies.front.room_server`) and the student's page
(``notebooks/room.ipynb``). The test opens a room of four student seats (Ten Pennies, one
round, a turn timer of three seconds), seats four students from the join page in
four pages, two in one browser context and two in another (two classmates sharing a
computer, and a second computer), and plays the round to its summary:

- each page makes moves by its own buttons (Pass: the stock's draw, whenever it is that
  seat's decision), and every such move is seen in the other three pages' logs;
- each page makes its first discard from the keyboard (click the table, the up arrow
  raises the first card, D discards it); the rest of each turn (laying down, the other
  discards), and any move a page is too slow for, is played by the room's bot when the
  timer runs out, which keeps the round short; the log says so on every page;
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
from tenpennies.engine.actions import RoundEnd  # noqa: E402
from tenpennies.front.rooms import Rooms, RoomStore  # noqa: E402
from tenpennies.lessons.tournament.wire import view_to_data  # noqa: E402

from test_hidden_information import Sent, hidden_identities, identity, known_identities, leaks  # noqa: E402

NAMES = ("Ann", "Ben", "Cleo", "Dev")
TURN_SECONDS = 3.0
ROUND_SECONDS = 1200  # a round of Ten Pennies, its discards played at the timer's pace


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
    page = context.new_page()
    frames = Frames(page)
    page.goto(f"{server.url}/rooms/join")
    page.fill("input[name=code]", code)
    page.fill("input[name=name]", name)
    with page.expect_navigation(timeout=60000):
        page.click("button")
    page.wait_for_selector("canvas", timeout=90000)
    page.wait_for_selector(".tenpennies-turn", timeout=90000)
    TablePage(page).wait_until_canvas_drawn()
    # Every offer asked until the seat has moved (ask_only_useful): at "useful" the table
    # passes the judgment's clear passes itself, and a seat could go a whole round without a
    # Pass of its own to press; asked about every offer all round, the round takes too long.
    page.locator("select").first.select_option(label="ask me about every offer")
    return page, frames


def ask_only_useful(page) -> None:
    """Back to the table's default: asked only about offers that could help."""
    page.locator("select").first.select_option(label="ask me only when it could help")


def text_of(page) -> str:
    return page.evaluate("() => document.body.innerText")


def discard_from_keyboard(page) -> None:
    """Discard the hand's first card as a learner using the keyboard would (the table's
    keys: the up arrow raises the card at the cursor, D presses Discard). A press that
    arrives after the timer has played the turn is refused by the room, harmlessly."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:  # (the felt's corner: the table takes the keys, and no card is clicked)
        page.locator("canvas:visible").last.click(position={"x": 5, "y": 5}, timeout=2000)
    except PlaywrightTimeout:
        return  # the table was hidden meanwhile (the round's summary): the timer plays the turn
    page.keyboard.press("ArrowUp")
    page.keyboard.press("d")


def move_pattern(seat: int) -> str:
    """A seat's draw from the stock or pass on an offer, as another seat's log says it."""
    return rf"Seat {seat} \({NAMES[seat]}\) (drew a card|passed)\."


def moves_seen(page, seat: int) -> int:
    return len(re.findall(move_pattern(seat), text_of(page), re.I))


def test_four_classmates_play_a_round_and_no_page_gets_another_seats_cards(browser, rooms_server):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    code = teacher(rooms_server, "open", {"game": "pennies", "students": 4, "rounds": 1,
                                          "turn_seconds": TURN_SECONDS})["code"]
    first, second = (browser.new_context(viewport={"width": 1300, "height": 1000}) for _ in range(2))
    seats = []
    try:
        for context, name in zip((first, first, second, second), NAMES):
            page, frames = join(context, rooms_server, code, name)
            seats.append((page, frames))
        line = next(r for r in teacher(rooms_server, "list")["rooms"] if r["code"] == code)
        assert [s["name"] for s in line["seats"]] == list(NAMES) and line["status"] == "playing"
        # The pages joined in seat order: page s is seat s (the room seats students as they join).
        moved = {s: 0 for s in range(4)}  # moves each page made itself (not the timer's bot)
        # Each seat's moves seen arriving in each other page. Looked for on every pass of the
        # loop, not waited for: the log box shows its newest lines only, so a line in and one
        # out can leave a page's count as it was (waiting 10 s on each such move made the
        # round take twice as long); over a round, every seat's moves must be seen.
        pending: list[tuple[int, list[int], float]] = []  # (seat, the others' counts before its press, when)
        seen = {(s, k): False for s in range(4) for k in range(4) if k != s}
        store = RoomStore(rooms_server.db)
        snapshot = None  # what each page had got when every seat had moved once, and the match then
        discarded: set[int] = set()  # the seats whose page has discarded from the keyboard
        deadline = time.monotonic() + ROUND_SECONDS
        while time.monotonic() < deadline:
            texts = [text_of(page) for page, _ in seats]
            if all(f"Round 1 of 1 is over" in t for t in texts):
                break
            now = time.monotonic()
            for s, before, when in pending:
                for k in range(4):
                    if k != s and len(re.findall(move_pattern(s), texts[k], re.I)) > before[k]:
                        seen[(s, k)] = True
            pending = [p for p in pending if now - p[2] < 15]
            # One seat decides at a time (offers go round in turn order, T5): the first page's
            # whose-turn line says which, and only that seat's page is looked at.
            said = seats[0][0].locator(".tenpennies-turn").inner_text()
            deciding = [0] if said.startswith("Your decision") else [k for k in range(1, 4) if NAMES[k] in said]
            for s in deciding:
                page = seats[s][0]
                turn = page.locator(".tenpennies-turn").inner_text()
                button = page.get_by_role("button", name="Pass", exact=True)
                if not turn.startswith("Your decision"):
                    continue
                if not button.is_enabled():
                    # Each page makes its first discard from the keyboard; the rest of a turn
                    # (laying down, discarding) is the timer's bot's, which ends the round: a
                    # page that discarded every turn would never lay down.
                    if s not in discarded and page.get_by_role("button", name="Discard", exact=True).is_enabled():
                        discard_from_keyboard(page)
                        discarded.add(s)
                    continue
                before = [moves_seen(other, s) if k != s else 0 for k, (other, _) in enumerate(seats)]
                made = [row for row in store.actions(code) if row[0] == s]
                try:
                    button.click(timeout=2000)
                except PlaywrightTimeout:
                    continue  # the timer ran out meanwhile and the bot played: not this page's move
                pending.append((s, before, time.monotonic()))
                # The room says whose the seat's next move was: the page's, unless the timer
                # ran out first (between seeing the button and the press arriving) and the bot
                # played it, which the room notes.
                until = time.monotonic() + 10
                while len(now_made := [row for row in store.actions(code) if row[0] == s]) == len(made) \
                        and time.monotonic() < until:
                    time.sleep(0.05)
                if len(now_made) > len(made):
                    moved[s] += "time ran out" not in (now_made[len(made)][3] or "")
                    if moved[s] == 1:
                        ask_only_useful(page)
            if snapshot is None and all(moved.values()):
                # The pages first, then the match: the match is then at least as far on, so
                # a card the seat saw in between is among those it knows, not a false leak.
                got = [(len(frames.received), text_of(page)) for page, frames in seats]
                snapshot = (Rooms.resume(RoomStore(rooms_server.db)).get(code).match, got)
            time.sleep(0.05)
        else:
            pytest.fail(f"the round did not end within {ROUND_SECONDS} s; moves made by the pages: {moved}")
        assert all(count >= 1 for count in moved.values()), f"every seat moved from its page: {moved}"
        missed = sorted(pair for pair, yes in seen.items() if not yes)
        assert not missed, f"(seat, page) pairs where no move of the seat was seen arriving: {missed}"
        texts = [text_of(page) for page, _ in seats]
        assert all("time ran out: thumb played for them" in t for t in texts)

        # -- what each page got, mid-round: the cards then in other hands and the stock -------
        then, got = snapshot
        assert then.round_no == 1 and not then.is_over
        for s, (page, frames) in enumerate(seats):
            secret = hidden_identities(then, s) - known_identities([then.view(s)], 0)
            assert len(secret) > 10, "too few hidden cards for the scan to mean anything"
            count, text = got[s]
            sent = scan(frames, text, upto=count)
            found = leaks(sent, secret)
            assert found == [], f"seat {s}'s page got another seat's cards:\n" + "\n".join(found)
            own = {identity(c) for c in then.hands[s]}
            drawn = {leak.split()[0] for leak in leaks(sent, own) if "drawn on the canvas" in leak}
            # (less a card or two drawn between the pages' snapshot and the match's)
            assert len(drawn) >= len(own) - 2, "the scan did not find the seat's own hand drawn: it reads too little"
            planted = scan(frames, text, upto=count)
            planted.add_printed(json.dumps(view_to_data(then.view((s + 1) % 4))))
            assert leaks(planted, {identity(c) for c in then.hands[(s + 1) % 4]} & secret), \
                "another seat's view, planted, was not caught"

        # -- and at the end: the other hands left and the stock never drawn ----------------------
        store = RoomStore(rooms_server.db)
        match = Rooms.resume(store).get(code).match
        end = next(e for e in match.log if type(e) is RoundEnd)
        for s, (page, frames) in enumerate(seats):
            view = match.view(s)
            hidden = {identity(c) for k, hand in enumerate(end.hands) if k != s for c in hand}
            hidden |= {identity(c) for c in match.stock}
            secret = hidden - known_identities([view], 0)
            # (Two decks: by the end a seat has seen a copy of nearly every card, so few are left.)
            found = leaks(scan(frames, text_of(page)), secret)
            assert found == [], f"seat {s}'s page got another seat's cards:\n" + "\n".join(found)
    finally:
        first.close()
        second.close()


def scan(frames: Frames, text: str, upto: int | None = None) -> Sent:
    """What the page got (its first ``upto`` websocket frames, and its ``text``), as the
    hidden-information test's detector reads it."""
    from .browserkit import kernel_message

    sent = Sent()
    for msg in filter(None, map(kernel_message, frames.received[:upto])):
        content = msg["content"]
        if msg["header"].get("msg_type", "").startswith("comm_"):
            sent.add_messages([(content.get("comm_id"), msg["header"]["msg_type"], content.get("data"),
                                msg["buffers"])])
        else:
            sent.add_printed(json.dumps(content, ensure_ascii=False))
    sent.add_printed(text)
    return sent
