"""The student's panel of a class experiment on the classroom app (ipywidgets only).

It draws :class:`tenpennies.lessons.student_desk.StudentDesk` and forwards clicks to it: a name
box, a button for one trial (a deal, or an offer for should-you-buy, then Buy and Pass),
the cards as an SVG picture, the result in words and the class's pooled count so far.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..engine.errors import TenPenniesError
from ..lessons.experiments import ClassExperiment
from ..lessons.student_desk import StudentDesk
from .callbacks import short_error


class ExperimentPanel(widgets.VBox):
    """One student's panel for the class's experiment ``run``."""

    def __init__(self, run: ClassExperiment) -> None:
        self.desk = StudentDesk(run)
        self.name_box = widgets.Text(placeholder="your name", description="Name:",
                                     layout=widgets.Layout(width="260px"))
        label = "Show an offer" if self.desk.asks_answer else "Deal 11 cards" \
            if run.name == "dealt-round-1" else "Draw one card"
        self.trial_button = widgets.Button(description=label, button_style="primary")
        self.buy_button = widgets.Button(description="Buy", disabled=True,
                                         layout=widgets.Layout(display="" if self.desk.asks_answer else "none"))
        self.pass_button = widgets.Button(description="Pass", disabled=True,
                                          layout=widgets.Layout(display="" if self.desk.asks_answer else "none"))
        self.picture = widgets.HTML()
        self.words = widgets.HTML()
        self.pooled = widgets.HTML()
        # A greyed-out button does nothing, whoever sends its click (ipywidgets runs a
        # Button's handlers for any click message a page sends, a disabled one's too); the
        # desk refuses the same moves itself (no new offer while one waits, no answer
        # without one).
        self.trial_button.on_click(self._live(lambda: self.desk.trial()))
        self.buy_button.on_click(self._live(lambda: self.desk.answer("buy")))
        self.pass_button.on_click(self._live(lambda: self.desk.answer("pass")))
        title = widgets.HTML(f"<b>Class experiment: {escape(run.name)}</b> "
                             f"<span style='color:#555'>{escape(run.experiment.description)}</span>")
        super().__init__([title, widgets.HBox([self.name_box, self.trial_button, self.buy_button,
                                               self.pass_button]),
                          self.picture, self.words, self.pooled],
                         layout=widgets.Layout(border="1px solid #ccc", padding="6px", margin="0 0 8px 0"))
        self._show()

    def __repr__(self) -> str:
        return f"ExperimentPanel({self.desk.run.name}: {self.desk.words})"

    def _live(self, action):
        def clicked(button) -> None:
            if not button.disabled:
                self._do(action)
        return clicked

    def _do(self, action) -> None:
        self.desk.student = self.name_box.value
        try:
            action()
        except TenPenniesError as exc:  # a missing name, an answer with no offer: said in words
            self._show(error=short_error(exc).split(": ", 1)[-1])  # (no server path: callbacks.short_error)
            return
        self._show()

    def _show(self, error: str = "") -> None:
        desk = self.desk
        self.picture.value = desk.shown._repr_svg_() if desk.shown is not None else ""
        self.words.value = (f"<span style='color:#b00'>{escape(error)}</span>" if error
                            else escape(desk.words))
        self.pooled.value = escape(desk.pooled_words())
        self.buy_button.disabled = self.pass_button.disabled = not desk.waiting
        self.trial_button.disabled = desk.waiting


def experiment_panel(run: ClassExperiment) -> ExperimentPanel:
    """The student's panel for ``run`` (see :class:`ExperimentPanel`)."""
    return ExperimentPanel(run)
