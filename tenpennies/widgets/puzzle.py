"""The puzzle widget: a position drawn as cards, answers by clicking, Check, Hint, Solution, Next.

Only ipywidgets (no canvas), so it also runs where ipycanvas cannot load (JupyterLite):
the cards are SVG from :mod:`tenpennies.svg` inside an ``HTML`` widget, the choices are
buttons. All state is a :class:`~tenpennies.puzzles.session.PuzzleSession`; every handler
changes the session, then :meth:`PuzzleWidget.redraw` draws it again from scratch.

    from tenpennies.widgets import PuzzleWidget
    PuzzleWidget(kind="lay-down", tier=1)      # the last line of a cell shows it
"""

from __future__ import annotations

from html import escape
from typing import Sequence

import ipywidgets as w

from ..puzzles import Puzzle, load
from ..puzzles.session import PuzzleSession

__all__ = ["PuzzleWidget"]


class PuzzleWidget(w.VBox):
    """A sequence of puzzles to solve by clicking; ``session`` holds the state.

    Give ``puzzles``, or filters for :func:`tenpennies.puzzles.load` (``kind``, ``tier``,
    ``theme``, ``folder``).
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, *, kind: str | None = None,
                 tier: int | None = None, theme: str | None = None, folder=None):
        if puzzles is None:
            puzzles = load(folder, kind=kind, tier=tier, theme=theme)
        self.session = PuzzleSession(puzzles)
        self.title = w.HTML()
        self.picture = w.HTML()
        self.question = w.HTML()
        self.choice_box = w.VBox()
        self.typed = w.Text(placeholder="or type your answer here", layout=w.Layout(width="32em"))
        self.typed.observe(self._on_typed, names="value")
        self.answer_line = w.HTML()
        self.buttons = {name: w.Button(description=name) for name in ("Check", "Hint", "Show solution", "Next", "Clear")}
        self.buttons["Check"].button_style = "primary"
        for name, handler in (("Check", self.on_check), ("Hint", self.on_hint), ("Show solution", self.on_solution),
                              ("Next", self.on_next), ("Clear", self.on_clear)):
            self.buttons[name].on_click(handler)
        self.feedback = w.HTML()
        self.score = w.HTML()
        super().__init__([self.title, self.picture, self.question, self.choice_box, self.typed,
                          self.answer_line, w.HBox(list(self.buttons.values())), self.feedback, self.score])
        self.redraw()

    # -- drawing -------------------------------------------------------------------------
    def redraw(self, message: str = "") -> None:
        s = self.session
        p = s.puzzle
        note = getattr(p, "what_if_note", "")  # a what-if position says so (allow_unreachable)
        self.title.value = f"<b>{escape(p.title)}</b>" + (f"<br><i>{escape(note)}</i>" if note else "")
        self.picture.value = s.picture()
        self.question.value = f"<p>{escape(p.question)}</p><p><i>{escape(p.answer_form)}</i></p>"
        self.choice_box.children = self._choice_rows()
        if self.typed.value != s.typed:
            self.typed.value = s.typed
        self.answer_line.value = f"Your answer: <code>{escape(s.answer()) or '—'}</code>"
        self.feedback.value = message
        self.score.value = escape(s.status())

    def _choice_rows(self) -> list:
        s = self.session
        c = s.choices()
        rows = []
        if c.words:
            rows.append(w.HBox([self._button(word, s.word == word, lambda _, word=word: self._do(s.press, word))
                                for word in c.words]))
        if c.cards:
            picked = list(s.selected)
            done = [card for group in s.sets for card in group]  # lay-down: sets already closed
            cards = []
            for card in c.cards:
                if card in done:
                    done.remove(card)
                    b = self._button(str(card), False, lambda _: None)
                    b.button_style, b.disabled = "success", True
                    cards.append(b)
                    continue
                on = card in picked
                if on:
                    picked.remove(card)
                cards.append(self._button(str(card), on, lambda _, card=card: self._do(s.toggle, card)))
            rows.append(w.HBox(cards, layout=w.Layout(flex_flow="row wrap")))
            if c.pick == "sets":
                close = w.Button(description="that's one set")
                close.on_click(lambda _: self._do(s.close_set))
                rows.append(close)
        if c.pairs:
            rows.append(w.HBox([self._button(pair, pair in s.pairs, lambda _, pair=pair: self._do(s.toggle_pair, pair))
                                for pair in c.pairs], layout=w.Layout(flex_flow="row wrap")))
        return rows

    @staticmethod
    def _button(label: str, on: bool, handler) -> w.Button:
        b = w.Button(description=label, button_style="info" if on else "", layout=w.Layout(width="auto"))
        b.on_click(handler)
        return b

    def _do(self, action, *args) -> None:
        try:
            action(*args)
        except ValueError as exc:
            self.redraw(f"<span style='color:#c0392b'>{escape(str(exc))}</span>")
            return
        self.redraw()

    # -- handlers (public, so they can be driven from Python) ------------------------------
    def _on_typed(self, change) -> None:
        if change["new"] != self.session.typed:
            self.session.type(change["new"])
            self.answer_line.value = f"Your answer: <code>{escape(self.session.answer()) or '—'}</code>"

    def on_check(self, _=None) -> None:
        verdict = self.session.check()
        colour = "#1e8449" if verdict.correct else "#c0392b"
        self.redraw(f"<p style='color:{colour}'>{escape(str(verdict))}</p>")

    def on_hint(self, _=None) -> None:
        self.redraw(f"<p><i>Hint:</i> {escape(self.session.hint())}</p>")

    def on_solution(self, _=None) -> None:
        text = self.session.show_solution()
        self.redraw(f"<pre style='white-space:pre-wrap'>{escape(text)}</pre>")

    def on_next(self, _=None) -> None:
        self.session.next()
        self.redraw()

    def on_clear(self, _=None) -> None:
        self.session.clear()
        self.redraw()
