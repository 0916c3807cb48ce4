"""A question for the learner, drawn: :func:`ask` shows a :mod:`tenpennies.lessons.quiz` question.

Only ipywidgets (no canvas), so it also runs in JupyterLite. The state is a
:class:`tenpennies.lessons.quiz.Attempt`; each click computes the next attempt there and the
widget redraws its message from it. Cards are SVG pictures made by :mod:`tenpennies.pictures.svg`,
each with a toggle button under it to pick it. A test or a lesson can click from Python::

    >>> from tenpennies import parse_cards
    >>> from tenpennies.lessons.choices import is_set
    >>> widget = ask(is_set(parse_cards("7S 7H JK"), round_no=1))
    >>> widget
    Ask(T14: Is 7S 7H JK a set in round 1?)
    >>> widget.option_buttons["no"].click()
    >>> widget.attempt.feedback.text
    'Not so. 7S 7H JK is a set in round 1: two natural sevens, no suit twice and 1 wild (JK), and a set in round 1 holds at most 1 wild (T14). One more try.'
    >>> widget.answer.value
    ''
    >>> widget.option_buttons["yes"].click()
    >>> widget.attempt.solved, "is a set in round 1" in widget.answer.value
    (True, True)

The answer (its sentence and picture) stays out of sight until the question is settled:
answered right, answered wrong twice (the first wrong answer gets the kit's reason and one
more try), or given up with "Show the answer". Then every button is disabled.

The text repr is the question alone (no state, no model ids), so a notebook's saved
output stays byte-stable for nbval.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as widgets

from ..lessons.choices import Choice
from ..lessons.feedback import QuizError
from ..lessons.picks import PickCards
from ..lessons.quiz import Attempt, Question
from ..pictures import svg

__all__ = ["Ask", "ask"]

_RED, _GREEN, _AMBER = "#c0392b", "#1e8449", "#9a6700"


class Ask(widgets.VBox):
    """A question with its answer buttons (or pickable cards), feedback, and a
    "Show the answer" button. ``attempt`` is the state."""

    def __init__(self, question: Question) -> None:
        self.attempt = Attempt(question)
        self.message = widgets.HTML()
        self.option_buttons: dict[str, widgets.Button] = {}
        self.card_buttons: list[widgets.ToggleButton] = []
        title = widgets.HTML(f"<p style='font-size:14px;margin:2px 0'><b>Question ({escape(question.ruling)}).</b> "
                             f"{escape(question.prompt)}</p>")
        self.reveal_button = widgets.Button(description="Show the answer", tooltip="see the answer and why")
        self.reveal_button.on_click(lambda _: self._update(lambda a: a.reveal()))
        self.answer = widgets.HTML()
        if isinstance(question, Choice):
            body = self._choice(question)
        else:
            body = self._pick(question)
        super().__init__([title, *body, self.message, self.reveal_button, self.answer],
                         layout=widgets.Layout(border="1px solid #d0d7de", padding="6px"))

    def _choice(self, question: Choice) -> list[widgets.Widget]:
        for option in question.options:
            button = widgets.Button(description=option, tooltip=f"answer: {option}",
                                    layout=widgets.Layout(width="auto", min_width="64px"))
            button.on_click(lambda _, option=option: self._update(lambda a: a.choose(option)))
            self.option_buttons[option] = button
        picture = [widgets.HTML(question.picture)] if question.picture else []
        return [*picture, widgets.HBox(list(self.option_buttons.values()))]

    def _pick(self, question: PickCards) -> list[widgets.Widget]:
        columns = []
        for i, card in enumerate(question.hand):
            button = widgets.ToggleButton(description="pick", tooltip=f"pick the {card.name}",
                                          layout=widgets.Layout(width="72px"))
            button.observe(lambda change, i=i: self._toggled(i, change["new"]), "value")
            self.card_buttons.append(button)
            picture = widgets.HTML(svg.card_svg(card, wild=question.rules.is_wild(card, question.round_no)))
            columns.append(widgets.VBox([picture, button], layout=widgets.Layout(align_items="center")))
        self.check_button = widgets.Button(description="Check", button_style="primary",
                                           tooltip="check the cards picked")
        self.check_button.on_click(lambda _: self._update(lambda a: a.check()))
        table = [widgets.HTML(svg.groups_svg([("on the table", question.onto)], question.round_no,
                                             question.rules))] if question.goal == "add" else []
        return [*table, widgets.HBox(columns, layout=widgets.Layout(flex_flow="row wrap")), self.check_button]

    def _toggled(self, position: int, on: bool) -> None:
        if (position in self.attempt.picked) != on:
            self._update(lambda a: a.pick(position))
        self.card_buttons[position].description = "picked" if on else "pick"

    def _update(self, step: Callable[[Attempt], Attempt]) -> None:
        """Apply ``step`` to the attempt and redraw; show an unexpected error, then raise it."""
        try:
            self.attempt = step(self.attempt)
        except QuizError as error:
            self.message.value = f"<span style='color:{_RED}'>{escape(str(error))}</span>"
            return
        except Exception as exc:
            self.message.value = f"<b style='color:{_RED}'>error: {escape(repr(exc))}</b>"
            raise
        self._draw()

    def _draw(self) -> None:
        feedback = self.attempt.feedback
        if feedback is None:
            self.message.value = ""
        else:
            colour = _GREEN if feedback.correct else _AMBER if not feedback.done else _RED
            self.message.value = f"<p style='color:{colour};margin:4px 0'>{escape(feedback.text)}</p>"
        over = self.attempt.over
        for i, button in enumerate(self.card_buttons):
            button.value = i in self.attempt.picked
            button.description = "picked" if button.value else "pick"
            button.disabled = over
        for position, button in enumerate(self.option_buttons.values()):
            # A wrong option once chosen stays chosen: the second try is among the others.
            button.disabled = over or (self.attempt.chosen == position and self.attempt.misses > 0)
        if hasattr(self, "check_button"):
            self.check_button.disabled = over
        self.reveal_button.disabled = over
        self.answer.value = self.attempt.question.answer()._repr_html_() if over else ""

    def __repr__(self) -> str:
        # A short, stable text: nbval compares a widget's text/plain output byte for byte.
        return f"Ask({self.attempt.question})"


def ask(question: Question) -> Ask:
    """Draw ``question`` (a :mod:`tenpennies.lessons.quiz` question) as a widget."""
    return Ask(question)
