"""A room's table on a student's page: the live table widget driving one seat of a room.

:class:`RoomTable` is :class:`~tenpennies.widgets.table.PlayTable` with a
:class:`tenpennies.front.remote.RemoteGame` for its controller: the same canvas, buttons, log,
scores, summary and review, drawn from the seat's view alone (all this kernel has). Above
the table a line says whose decision it is, on every seat, with the time left when the
teacher set a timer. A background wait (:meth:`RemoteGame.refresh` with a wait, in a
thread, so the page stays live) brings in classmates' and bots' moves as they are
played; a lost connection is tried again every few seconds, and the same seat token gets
the same seat back.

:func:`room_page` is what ``notebooks/room.ipynb`` calls: it reads ``?code=`` and
``?token=`` from the page's address (the room service's join page sends the student
there) and the room service's address from :data:`ROOMS_URL_ENV`.
"""

from __future__ import annotations

import asyncio
import os
from html import escape
from typing import Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..explain.narrate import who
from ..front.remote import ROOMS_URL_ENV, HttpRoomClient, RemoteGame
from ..pictures.layout import APP_HEIGHT, APP_WIDTH
from .page import wait_for_page
from .table import PlayTable

WAIT_SECONDS = 20.0
RETRY_SECONDS = 3.0


class RoomTable(PlayTable):
    """The table of one seat of a room (see the module's notes); ``game`` is a
    :class:`~tenpennies.front.remote.RemoteGame`. :attr:`turn` is the whose-turn line."""

    def __init__(self, game, **options) -> None:
        self.turn = widgets.HTML()
        self._listening = False
        options.setdefault("delay", 0.0)
        super().__init__(game=game, classroom=True, learning=False, offers=game.offers, **options)
        self.speed.layout.display = "none"  # the room's bots move at the room's pace
        self.children = [self.turn, *self.children]
        self._listen()

    def __repr__(self) -> str:
        g = self.game
        where = "over" if g.is_over else f"round {g.view.round_no} of {g.rules.rounds}"
        return f"<RoomTable room={g.room} seat={g.seat}: {where}>"

    def redraw(self) -> None:
        super().redraw()
        self.turn.value = self.turn_html()

    def turn_html(self) -> str:
        """Whose decision it is, as every seat is told (with the time left, if the room has a timer)."""
        g = self.game
        if g.status == "waiting":
            text = f"Room {g.room}: waiting for classmates to join"
        elif g.is_over:
            text = f"Room {g.room}: the match is over"
        elif g.to_act == g.seat:
            text = "Your decision"
        else:
            text = f"{who(g.to_act, g.seat, g.names)}'s decision"
        left = g.seconds_left
        if left is not None and not g.is_over:
            text += f" ({int(left)} s left)"
        return f"<div class='tenpennies-turn' style='font-size:15px;margin:2px 0'><b>{escape(text)}</b></div>"

    def _offers_changed(self, change) -> None:
        self.game.set_offers(change["new"])
        self.redraw()

    def _run_bots(self) -> None:
        # The bots are the room's: here only what the room played since is brought in
        # (after the person's move, its answer brought it already).
        self.game.catch_up()
        self.redraw()

    def _listen(self) -> None:
        """Wait in a thread for the room's next change, then draw it (and wait again)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:
                loop = asyncio.get_event_loop()
            except RuntimeError:
                return  # no event loop (a script or a test): refresh() by hand
        if self._listening:
            return
        self._listening = True
        game = self.game

        def heard(future) -> None:
            self._listening = False
            try:
                data = future.result()
            except Exception:  # the server restarting, or the network: try again soon
                loop.call_later(RETRY_SECONDS, self._listen)
                return
            if game.receive(data):
                self.redraw()
            if not (game.is_over and game.match is not None):
                self._listen()

        loop.run_in_executor(None, game.fetch, WAIT_SECONDS).add_done_callback(
            lambda future: loop.call_soon_threadsafe(heard, future))


def room_page(environ: Mapping[str, str] = os.environ):
    """The student's room page: the :class:`RoomTable` of the seat ``?token=`` holds in room
    ``?code=``, or a line saying how to join when the address has none."""
    wait_for_page(environ)  # (a preheated kernel: the page's address is known from here on)
    query = parse_qs(environ.get("QUERY_STRING", ""))
    code = (query.get("code") or [""])[0].strip().upper()
    token = (query.get("token") or [""])[0].strip()
    base = environ.get(ROOMS_URL_ENV, "")
    if not (code and token and base):
        return widgets.HTML("<b>Join a room from the room service's join page (/rooms/join): type the room's "
                            "code and your name there.</b>")
    game = RemoteGame(HttpRoomClient(base, code, token))
    return RoomTable(game, width=APP_WIDTH, max_height=APP_HEIGHT)


__all__ = ["ROOMS_URL_ENV", "RoomTable", "room_page"]
