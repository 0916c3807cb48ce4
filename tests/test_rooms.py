"""Rooms (tenpennies.front.rooms) and the student's controller (tenpennies.front.remote), without a server.

Each test plays through the public names a teacher's page and a student's table use:
Rooms.open, Room.join / seat_of / act / tick / state, RemoteGame over LocalRoomClient.
"""

from __future__ import annotations

import json

import pytest

from tenpennies.bots import make_bot
from tenpennies.engine.cards import format_cards
from tenpennies.front.remote import LocalRoomClient, RemoteGame
from tenpennies.front.rooms import (CODE_LETTERS, OVER, PLAYING, WAITING, RoomError, RoomPlan, Rooms, RoomStore,
                              short_rules)
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def two_students(rules=TEN_PENNIES, turn_seconds=None, store=None, clock=None, seed=7):
    rooms = Rooms(store, clock or Clock())
    room = rooms.open(RoomPlan(short_rules(rules, 1), ("student", "student", "thumb", "thumb"),
                               turn_seconds=turn_seconds), seed=seed)
    return rooms, room


def play_students(room, tokens, until=lambda room: False, limit=2000):
    """Students' decisions by the thumb bot, through Room.act, until the match ends (or ``until``)."""
    bots = {s: make_bot("thumb", s) for s in tokens}
    for _ in range(limit):
        if room.status != PLAYING or until(room):
            return
        s = room.match.to_act
        room.act(tokens[s], bots[s].act(room.match.view(s)))
    raise AssertionError("the match did not end")


def test_a_join_code_is_short_and_unambiguous():
    rooms, room = two_students()
    assert len(room.code) == 5 and set(room.code) <= set(CODE_LETTERS)
    assert not set("01IO") & set(CODE_LETTERS)
    assert rooms.get(room.code.lower()) is room


def test_the_match_waits_for_every_student_then_starts():
    _, room = two_students()
    ann = room.join("Ann")
    assert room.status == WAITING and room.tick() == 0
    room.join("Ben")
    assert room.status == PLAYING
    with pytest.raises(RoomError, match="full"):
        room.join("Cleo")
    assert room.seat_of(ann.token).number == 0


def test_the_seat_is_the_tokens_not_the_names():
    _, room = two_students()
    ann = room.join("Ann")
    twin = room.join("Ann")  # a classmate typing the same name gets another seat
    assert (ann.number, twin.number) == (0, 1) and ann.token != twin.token
    with pytest.raises(RoomError):
        room.seat_of("Ann")


def test_a_seat_may_play_only_its_own_legal_actions():
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    s = room.match.to_act
    mine, other = (ann, ben) if s == 0 else (ben, ann)
    action = room.match.view(s).legal_actions[0]
    with pytest.raises(RoomError, match="not your seat"):
        room.act(other.token, action)
    before = len(room.match.log)
    room.act(mine.token, action)
    assert len(room.match.log) > before


def test_each_seat_is_sent_its_own_hand_and_no_other():
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    play_students(room, {0: ann.token, 1: ben.token}, until=lambda r: len(r.match.log) > 40)
    for seat in (ann, ben):
        text = json.dumps(room.state(seat.token))
        for other in range(4):
            if other == seat.number:
                assert format_cards(room.match.hand(other)) in text
            else:
                hand = room.match.hand(other)
                assert format_cards(hand) not in text
        assert json.loads(text)["record"] is None  # the deal stays here until the match is over


def test_empty_student_seats_are_played_by_the_teachers_bot_once_started():
    rooms = Rooms(None, Clock())
    room = rooms.open(RoomPlan(short_rules(TEN_PENNIES, 1), ("student",) * 4, bot="random", turn_seconds=None),
                      seed=3)
    ann = room.join("Ann")
    room.start()
    play_students(room, {0: ann.token})
    assert room.status == OVER
    assert room.names()[1] == "random (empty seat)"


def test_a_student_whose_time_runs_out_is_played_by_the_bot_and_the_log_says_so():
    clock = Clock()
    _, room = two_students(turn_seconds=30, clock=clock)
    ann, ben = room.join("Ann"), room.join("Ben")
    s = room.match.to_act
    before = len(room.match.log)
    clock.now = 29.0
    assert room.tick() == 0 and room.seconds_left() == pytest.approx(1.0)
    clock.now = 31.0
    assert room.tick() >= 1 and len(room.match.log) > before
    name = ("Ann", "Ben")[s]
    for token in (ann.token, ben.token):  # every seat is told
        assert any(words == f"{name}'s time ran out: thumb played for them." for _, words in
                   room.state(token)["notes"])


def test_offers_the_student_is_not_asked_about_are_passed_and_told_to_that_student_alone():
    _, room = two_students()
    ann, ben = room.join("Ann", offers="never"), room.join("Ben", offers="ask")
    play_students(room, {0: ann.token, 1: ben.token}, until=lambda r: len(r.match.log) > 60)
    ann_notes = room.state(ann.token)["notes"]
    assert ann_notes and all("You passed on" in w and "never to be asked" in w for _, w in ann_notes)
    assert not room.state(ben.token)["notes"]


def test_the_teacher_ends_a_room():
    _, room = two_students()
    ann, _ben = room.join("Ann"), room.join("Ben")
    room.end()
    action = room.match.view(room.match.to_act).legal_actions[0]
    with pytest.raises(RoomError, match="over"):
        room.act(ann.token, action)
    assert room.summary()["status"] == "ended"


def test_the_teachers_line_names_seats_turn_and_scores_but_no_card():
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    line = room.summary()
    assert [s["name"] for s in line["seats"]] == ["Ann", "Ben", "thumb", "thumb"]
    assert line["to_act"] == room.match.to_act and line["scores"] == [0, 0, 0, 0]
    text = json.dumps(line)
    assert not any(format_cards(room.match.hand(s)) in text for s in range(4))


def test_a_room_resumes_from_its_store_with_every_hand_stock_and_score(tmp_path):
    store = RoomStore(tmp_path / "class.sqlite")
    clock = Clock()
    rooms, room = two_students(TEN_CARD_RUMMY, store=store, clock=clock, turn_seconds=10)
    ann, ben = room.join("Ann", offers="never"), room.join("Ben")
    play_students(room, {0: ann.token, 1: ben.token}, until=lambda r: len(r.match.log) > 50)
    clock.now = 100.0
    room.tick()  # a timeout's note is stored too
    again = Rooms.resume(RoomStore(tmp_path / "class.sqlite"), clock).get(room.code)
    for s in range(4):
        assert again.match.hand(s) == room.match.hand(s)
    assert again.match.view(0).stock_size == room.match.view(0).stock_size
    assert list(again.match.stock) == list(room.match.stock)
    assert again.match.view(0).scores == room.match.view(0).scores
    assert again.state(ann.token) == {**room.state(ann.token), "version": again.version,
                                      "seconds_left": again.state(ann.token)["seconds_left"]}
    play_students(again, {0: ann.token, 1: ben.token})
    assert again.status == OVER


def test_a_plan_is_refused_with_every_problem_at_once():
    with pytest.raises(RoomError) as caught:
        RoomPlan(TEN_PENNIES, ("student", "nobody"), bot="student", turn_seconds=0)
    words = str(caught.value)
    assert "seats 4, not 2" in words and "'nobody'" in words and "must be a bot" in words and "above 0" in words


# -- the student's controller -------------------------------------------------------------------
def test_remote_games_play_a_match_and_each_sees_the_others_moves():
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    games = {0: RemoteGame(LocalRoomClient(room, ann.token)), 1: RemoteGame(LocalRoomClient(room, ben.token))}
    bots = {s: make_bot("thumb", s) for s in games}
    for _ in range(2000):
        if games[0].is_over:
            break
        for s, game in games.items():
            game.refresh()
            assert game.view == room.match.view(s)  # the real view, from data alone
            if game.waiting:
                assert not game.unavailable("discard") or game.view.phase.value != "discard"
                assert game.act(bots[s].act(game.view)), game.message
    for game in games.values():
        game.refresh()
    assert games[1].is_over and games[1].match is not None
    assert games[1].match.view(1) == room.match.view(1)
    summary = games[1].round_summary()
    assert summary.hands[1] is not None and all(summary.hands[s] is None for s in (0, 2, 3))
    assert summary.cards_left == tuple(len(h) for h in next(
        e for e in room.match.log if type(e).__name__ == "RoundEnd").hands)
    words = " ".join(games[0].words())
    assert "Ben" in words  # a classmate's moves reach the other seat, by name


class CountingClient(LocalRoomClient):
    """A room client that counts the calls a page makes (each is an HTTP request in a class)."""

    def __init__(self, room, token) -> None:
        super().__init__(room, token)
        self.calls = 0

    def state(self, *args, **kwargs):
        self.calls += 1
        return super().state(*args, **kwargs)

    def act(self, *args, **kwargs):
        self.calls += 1
        return super().act(*args, **kwargs)


def test_a_move_is_one_call_to_the_room_and_brings_the_state_after_it():
    # Each call is an HTTP request and a turn of the one room worker every room shares:
    # a move was three (the act, a state, the table's catch-up), now one.
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    clients = {0: CountingClient(room, ann.token), 1: CountingClient(room, ben.token)}
    games = {s: RemoteGame(c) for s, c in clients.items()}
    bots = {s: make_bot("thumb", s) for s in games}
    moves = 0
    while moves < 20 and not games[0].is_over:
        for s, game in games.items():
            game.refresh()
            if game.waiting:
                before = clients[s].calls
                assert game.act(bots[s].act(game.view)), game.message
                game.catch_up()  # (what the table does after a move)
                assert clients[s].calls == before + 1
                assert game.view == room.match.view(s)  # the answer's state is the room's now
                moves += 1
    assert moves == 20


def test_a_refused_move_says_why_and_changes_nothing():
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    s = room.match.to_act
    game = RemoteGame(LocalRoomClient(room, (ann, ben)[1 - s].token))
    before = len(room.match.log)
    assert not game.waiting and game.unavailable("buy").startswith("wait: it is ")
    from tenpennies.engine.actions import Pass

    assert not game.act(Pass(game.seat)) and game.message
    assert len(room.match.log) == before


def test_a_reloaded_page_gets_its_seat_back_by_token():
    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    play_students(room, {0: ann.token, 1: ben.token}, until=lambda r: len(r.match.log) > 30)
    page = RemoteGame(LocalRoomClient(room, ann.token))  # a fresh page, the same token
    assert page.seat == 0 and page.view == room.match.view(0)


def test_the_room_table_widget_draws_a_remote_seat():
    pytest.importorskip("ipywidgets")
    from tenpennies.widgets.room import RoomTable

    _, room = two_students()
    ann, ben = room.join("Ann"), room.join("Ben")
    table = RoomTable(RemoteGame(LocalRoomClient(room, ann.token)))
    assert "Ann" not in repr(table) and room.code in repr(table)
    assert table.buttons["new"].disabled and table.buttons["hint"].disabled
    if table.game.waiting:
        assert "your decision" in table.turn.value.lower() or "you" in table.turn.value.lower()
    else:
        assert "Ben" in table.turn.value or "thumb" in table.turn.value


def test_t19_each_finished_room_adds_its_seats_results_to_the_class_pool_once(tmp_path):
    """A finished match writes each seat's points and share of the win (T19: the lowest
    total wins, ties share it) with the room's end; resumed after a restart, nothing is
    written twice; the pool counts students (one name in one normal form) apart from bots."""
    from tenpennies.front.rooms import pooled_results

    store = RoomStore(tmp_path / "class.sqlite")
    rooms = Rooms(store, Clock())
    names = (("Ann", "Ben"), ("ANN", "Cleo"))
    for seed, (a, b) in enumerate(names):
        room = rooms.open(RoomPlan(short_rules(TEN_PENNIES, 1), ("student", "student", "thumb", "thumb")), seed=seed)
        before = store.results()
        tokens = {s.number: s.token for s in (room.join(a), room.join(b))}
        play_students(room, tokens, until=lambda room: room.match.turns > 3)
        assert room.results() == [] and store.results() == before  # nothing before the match is over
        play_students(room, tokens)
        assert room.status == OVER
    rows = store.results()
    assert len(rows) == 8 and {r.room for r in rows} == set(rooms.rooms)
    for code, room in rooms.rooms.items():
        mine = sorted((r for r in rows if r.room == code), key=lambda r: r.seat)
        assert [r.points for r in mine] == room.match.scores
        assert [r.kind for r in mine] == ["student", "student", "thumb", "thumb"]
        low = min(room.match.scores)
        winners = [r for r in mine if r.points == low]
        assert all(r.win == 1 / len(winners) for r in winners) and sum(r.win for r in mine) == pytest.approx(1)
    again = Rooms.resume(store, Clock())
    again.tick()
    assert store.results() == rows  # resumed over rooms write nothing more
    pooled = again.results()
    students = [r for r in rows if r.kind == "student"]
    assert pooled == pooled_results(rows) and pooled.matches == 2 and pooled.students.n == 4
    assert pooled.students.mean == pytest.approx(sum(r.win for r in students) / 4) and pooled.even == 0.25
    assert pooled.students.low <= pooled.students.mean <= pooled.students.high
    by_name = {(name, game): (played, won) for name, game, played, won, _ in pooled.players}
    assert by_name[("ann", TEN_PENNIES.name)][0] == 2  # "Ann" and "ANN" are one student
    assert sum(won for _, won in by_name.values()) == pytest.approx(sum(r.win for r in students))
    assert "students' share of the wins" in str(pooled)
    assert json.loads(json.dumps(pooled.to_dict()))["students"]["seats"] == 4
