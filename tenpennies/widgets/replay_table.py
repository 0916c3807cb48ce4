"""The replay viewer: step through a saved match on the table's canvas, from any seat's
view or the teacher's, with every hand face up (:class:`tenpennies.front.replay.Replay`
holds the match; this widget only draws it)."""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..front.replay import Replay
from ..front.table import winners_sentence
from ..pictures.layout import WIDTH, status_line, table_layout
from ..play.match import Phase
from .board import _Board
from .panels import _log_html


class ReplayTable(_Board):
    """Step through a saved match (``tenpennies.play.record`` JSON text, its dict, or a Match).

    ``seat`` chooses whose view to show; ``None`` is the teacher's view, with every hand
    face up. The seat picker and the buttons change both.
    """

    def __init__(self, source, seat: int | None = None, *, four_colour: bool = False, width: int = WIDTH) -> None:
        super().__init__()
        self.replay = Replay(source, seat)
        self._four = four_colour
        self._setup_canvas(width)
        players = self.replay.match.rules.players
        self.seat_picker = widgets.Dropdown(
            options=[("teacher: every hand", None)] + [(f"seat {s}", s) for s in range(players)],
            value=seat, description="view:")
        self.message = widgets.HTML()
        self.seat_picker.observe(self._shown(self._seat), names="value")
        self.buttons = {name: widgets.Button(description=label, layout=widgets.Layout(width="auto"))
                        for name, label in (("start", "⏮"), ("back", "◀"), ("forward", "▶"), ("end", "⏭"))}
        self.buttons["start"].on_click(self._shown(lambda _b: self.goto(0)))
        self.buttons["back"].on_click(self._shown(lambda _b: self.goto(self.replay.at - 1)))
        self.buttons["forward"].on_click(self._shown(lambda _b: self.goto(self.replay.at + 1)))
        self.buttons["end"].on_click(self._shown(lambda _b: self.goto(self.replay.total)))
        self.slider = widgets.IntSlider(value=0, min=0, max=self.replay.total, description="action")
        self.slider.observe(self._shown(lambda change: self.goto(change["new"])), names="value")
        self.status = widgets.HTML()
        self.log_box = widgets.HTML()
        self.children = [
            self.status, self.canvas,
            widgets.HBox([*self.buttons.values(), self.slider, self.seat_picker, self.four_colour],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.log_box,
        ]
        self.redraw()

    def __repr__(self) -> str:
        view = "the teacher's view" if self.replay.seat is None else f"seat {self.replay.seat}'s view"
        return f"<ReplayTable: action {self.replay.at} of {self.replay.total}, {view}>"

    def goto(self, at: int) -> None:
        self.replay.goto(at)
        if self.slider.value != self.replay.at:
            self.slider.value = self.replay.at  # its observer comes back here with nothing to do
        self.redraw()

    def _seat(self, change) -> None:
        self.replay.seat = change["new"]
        self.redraw()

    def redraw(self) -> None:
        r = self.replay
        view = r.view
        layout = table_layout(view, viewer=r.seat, hands=r.hands)
        self._show(layout)
        text = winners_sentence(view, r.seat) if view.phase is Phase.OVER else status_line(view, r.seat)
        self.status.value = f"<b>{escape(text)}</b> · action {r.at} of {r.total}"
        self.log_box.value = _log_html(r.words(), height=200)
