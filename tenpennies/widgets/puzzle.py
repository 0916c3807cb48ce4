"""The puzzle widget: a position drawn as cards, answers by clicking, Check, Hint, Solution, Next.

Only ipywidgets (no canvas), so it also runs where ipycanvas cannot load (JupyterLite):
the cards are SVG from :mod:`tenpennies.pictures.svg` inside an ``HTML`` widget, the choices are
buttons. All state is a :class:`~tenpennies.puzzles.session.PuzzleSession`; every handler
changes the session, then :meth:`PuzzleWidget.redraw` draws it again from scratch.

    from tenpennies.widgets import PuzzleWidget
    PuzzleWidget(kind="lay-down")      # the last line of a cell shows it

By default it keeps the learner's :class:`~tenpennies.puzzles.progress.Progress` (a
rating, a history and a streak, in a file that outlasts the kernel; in JupyterLite, the
site's browser storage), serves each next puzzle near the learner's rating, and draws the
learner's themes by success. ``streak=True`` starts in streak mode (puzzles climb in
rating until the first miss, no hints); the mode buttons switch at any time.

It serves one game, Ten Pennies unless ``game`` says otherwise; the game buttons switch
to the other one in a click, and the learner's rating is kept per game. The table and
the answer sit side by side, so a 1366x768 screen shows the cards, the answer and the
feedback at once; picked cards, and the solution's once it is known, are raised on it.
"""

from __future__ import annotations

from html import escape
from typing import Sequence

import ipywidgets as w

from ..engine.errors import TenPenniesError
from ..puzzles import THEMES, Puzzle, load
from ..puzzles.progress import Progress, ProgressError
from ..puzzles.session import GAMES, PuzzleSession, choose
from ..engine.words import card_text

__all__ = ["PuzzleWidget"]

MODES = {"Rated practice": ("rating", False), "Streak": ("rating", True), "Your mistakes": ("mistakes", False),
         "Replay missed": ("missed", False)}
"""The mode buttons: label -> (how the session serves, whether it is a streak). "Your
mistakes" serves the learner's own mistakes from reviewed matches; "Replay missed" the
puzzles whose last attempt was a miss."""

_RED, _GREEN, _GREY = "#c0392b", "#1e8449", "#555"


class PuzzleWidget(w.VBox):
    """Puzzles to solve by clicking; ``session`` holds the state.

    Give ``puzzles`` (served in that order), or filters for
    :func:`tenpennies.puzzles.load` (``kind``, ``tier``, ``theme``, ``folder``: served by
    rating). ``progress``: the learner's :class:`~tenpennies.puzzles.progress.Progress`,
    a path to its file, ``None`` for the default file, or ``False`` to keep nothing.
    ``learner``: a name to store in the file. ``difficulty``: rating points added to
    the learner's when choosing (``-300`` easier, ``300`` harder). ``game``: the game
    served first (one of :data:`~tenpennies.puzzles.session.GAMES`; ``None``: both), the
    other one a click away on the game buttons; given ``puzzles`` are served as they are,
    whatever their game. ``themes``: several themes (a puzzle with any of them is served);
    ``ratings``: a (low, high) range of puzzle ratings. When no puzzle matches the
    filters, the widget says so and lists what exists. The mode buttons also serve the
    learner's own mistakes from reviewed matches ("Your mistakes") and the puzzles last
    missed ("Replay missed").
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, *, kind: str | None = None,
                 tier: int | None = None, theme: str | None = None, folder=None,
                 progress: Progress | str | bool | None = None, learner: str | None = None,
                 streak: bool = False, difficulty: int = 0, seed: int | str = 0, game: str | None = "Ten Pennies",
                 themes: Sequence[str] = (), ratings: tuple[int, int] | None = None):
        self.progress: Progress | None = None
        self.progress_note = ""
        """Why the learner's progress is not kept ('' when it is, or when not asked for)."""
        if progress is not False:
            try:  # None: the default file; a path: that file
                self.progress = progress if isinstance(progress, Progress) else Progress(progress, learner=learner)
                self.progress.rating  # a file that cannot be read is said so now, not at the first answer
            except ProgressError as exc:
                self.progress, self.progress_note = None, f"{exc}. Puzzles are served without keeping progress."
        self.title = w.HTML()
        self.game = w.ToggleButtons(options=list(GAMES), value=game if puzzles is None and game in GAMES else None,
                                    layout=w.Layout(width="auto"), style={"button_width": "9.5em"},
                                    tooltips=["Ten Pennies' puzzles", "Ten Card Rummy's puzzles (runs as well as sets)"])
        self.mode = w.ToggleButtons(options=list(MODES), value="Streak" if streak else "Rated practice",
                                    layout=w.Layout(width="auto"), style={"button_width": "8.5em"})
        self.mode_note = ""
        self.picture = w.HTML()
        self.question = w.HTML()
        self.choice_box = w.VBox()
        self.typed = w.Text(placeholder="or type your answer here, then Enter", layout=w.Layout(width="32em"))
        self.typed.observe(self._on_typed, names="value")
        # The text box sends a custom "submit" message on Enter (ipywidgets' on_submit,
        # deprecated in 8, listens for the same): Enter checks, as a learner expects.
        self.typed.on_msg(self._on_message)
        self.answer_line = w.HTML()
        self.buttons = {name: w.Button(description=name) for name in ("Check", "Hint", "Show solution", "Next", "Clear")}
        self.buttons["Check"].button_style = "primary"
        for name, handler in (("Check", self.on_check), ("Hint", self.on_hint), ("Show solution", self.on_solution),
                              ("Next", self.on_next), ("Clear", self.on_clear)):
            self.buttons[name].on_click(handler)
        self.hints = w.HTML()
        self.feedback = w.HTML()
        self.score = w.HTML()
        self.themes = w.HTML()
        self.session: PuzzleSession | None = None
        self.problem = ""
        """Why no puzzle is shown ('' when one is): nothing matched the filters."""
        puzzles_given = puzzles
        if puzzles is None:
            try:
                puzzles = load(folder, kind=kind, tier=tier, theme=theme)
            except TenPenniesError as exc:  # an unknown kind or theme: the loader lists what exists
                puzzles, self.problem = [], str(exc)
            if not puzzles and not self.problem:
                # The loader raises, with what exists, when a filter matches nothing; an
                # empty list is a folder with no puzzle in it at all.
                self.problem = "There is no puzzle in this folder."
            order = "rating" if self.progress is not None else "given"
        else:
            order = "given"
            self.game.disabled = True  # the puzzles given are the puzzles served
        if self.problem:
            self.title.value = f"<p style='color:{_RED}; white-space:pre-wrap'>{escape(self.problem)}</p>"
            super().__init__([self.title])
            return
        self._all, self._order, self._difficulty, self._seed = list(puzzles), order, difficulty, seed
        self._themes, self._ratings = tuple(themes), ratings
        self._every_kind = puzzles_given is None and kind is None and theme is None  # own mistakes mix in
        self._puzzles = choose(self._all, game=self.game.value, themes=self._themes, ratings=self._ratings)
        self.session = self._session("Streak" if streak else "Rated practice")
        self.mode.observe(self._on_mode, names="value")
        self.game.observe(self._on_game, names="value")
        self.hint_price = w.HTML()
        self.filters = self._filters()
        answer = w.VBox([self.question, self.choice_box, self.typed, self.answer_line,
                         w.HBox(list(self.buttons.values()), layout=w.Layout(flex_flow="row wrap")),
                         self.hint_price, self.hints, self.feedback],
                        layout=w.Layout(width="44%", min_width="22em"))
        self.picture.layout = w.Layout(width="56%")
        super().__init__([w.HBox([self.title, self.game, self.mode], layout=w.Layout(flex_flow="row wrap",
                                                                                     align_items="center")),
                          w.HBox([self.picture, answer], layout=w.Layout(align_items="flex-start")),
                          self.score, self.filters, self.themes])
        self.redraw()

    def _filters(self) -> w.Accordion:
        """Several themes and a rating range to choose from (lichess 10959, 16694)."""
        present = sorted({t for p in self._all for t in p.themes}, key=list(THEMES).index)
        self.theme_picker = w.SelectMultiple(options=[(THEMES[t], t) for t in present], value=self._themes,
                                             rows=min(6, max(1, len(present))), description="themes",
                                             layout=w.Layout(width="30em"))
        ratings = [p.rating for p in self._all] or [1500]
        low, high = min(ratings), max(ratings)
        chosen = self._ratings or (low, high)
        self.rating_range = w.IntRangeSlider(value=(max(low, chosen[0]), min(high, chosen[1])), min=low,
                                             max=max(high, low + 1), step=10, description="rated",
                                             continuous_update=False, layout=w.Layout(width="30em"))
        serve = w.Button(description="Serve these")
        serve.on_click(self.on_filters)
        box = w.Accordion(children=[w.VBox([self.theme_picker, self.rating_range, serve])])
        box.set_title(0, "Choose themes and ratings")
        box.selected_index = None
        return box

    def on_filters(self, _=None) -> None:
        """Serve the themes picked (any of them; none: every theme) within the rating range."""
        self._themes, self._ratings = tuple(self.theme_picker.value), tuple(self.rating_range.value)
        self._puzzles = choose(self._all, game=self.game.value, themes=self._themes, ratings=self._ratings)
        self.session = self._session(self.mode.value)
        self.redraw()

    def _session(self, mode: str = "Rated practice") -> PuzzleSession | None:
        """A session for the mode's button, or None with :attr:`mode_note` saying why not."""
        order, streak = MODES[mode]
        self.mode_note = ""
        puzzles, game = self._puzzles, self.game.value
        if order == "mistakes" or order == "missed":
            if self.progress is None:
                self.mode_note = "Your own puzzles need your progress kept (progress=False keeps nothing)."
                return None
            if order == "mistakes":
                if not self.progress.mistakes(game):
                    self.mode_note = (f"No mistake of yours in {game or 'either game'} waits: review a match "
                                      "(tenpennies review, or Review on the table) and its mistakes come here.")
                    return None
                return PuzzleSession(self.progress.mistakes(game), progress=self.progress, order="mistakes",
                                     seed=self._seed, game=game)
            puzzles = self.progress.missed(self._puzzles)
            if not puzzles:
                self.mode_note = "No missed puzzle to replay here: every puzzle you tried, you solved last time."
                return None
            return PuzzleSession(puzzles, progress=self.progress, order="given", seed=self._seed, game=game)
        if not puzzles:
            return None
        return PuzzleSession(puzzles, progress=self.progress, order=self._order, streak=streak,
                             difficulty=self._difficulty, seed=self._seed, game=game,
                             mistakes_first=self._every_kind and not self._themes)

    # -- drawing -------------------------------------------------------------------------
    def redraw(self, message: str = "") -> None:
        s = self.session
        if s is None:  # the game or mode chosen has no puzzle: say so, keep the buttons
            self.title.value = (f"<p style='color:{_GREY}'>{escape(self.mode_note)}</p>" if self.mode_note else
                                f"<p style='color:{_RED}'>No {escape(str(self.game.value))} puzzle matches "
                                "these filters: choose the other game.</p>")
            self.picture.value = self.question.value = self.answer_line.value = self.hints.value = ""
            self.hint_price.value = self.feedback.value = self.score.value = ""
            self.choice_box.children = ()
            for b in self.buttons.values():
                b.disabled = True
            return
        for b in self.buttons.values():
            b.disabled = False
        p = s.puzzle
        note = getattr(p, "what_if_note", "")  # a what-if position says so (allow_unreachable)
        self.title.value = f"<b>{escape(p.title)}</b>" + (f"<br><i>{escape(note)}</i>" if note else "")
        # The table shrinks to its half of the screen (the SVG is drawn 900 wide).
        self.picture.value = f"<div class='tp-puzzle-table'><style>.tp-puzzle-table svg{{max-width:100%;height:auto}}</style>{s.picture()}</div>"
        self.question.value = f"<p>{escape(p.question)}</p><p><i>{escape(p.answer_form)}</i></p>"
        self.choice_box.children = self._choice_rows()
        if self.typed.value != s.typed:
            self.typed.value = s.typed
        self.answer_line.value = f"Your answer: <code>{escape(s.answer()) or '—'}</code>"
        self.buttons["Hint"].disabled = s.streak or s.hints_shown >= len(s.hints())
        self.buttons["Hint"].description = "Hint (free)" if s.hints_shown == 0 else "Another hint"
        price = s.hint_price()
        self.hint_price.value = f"<small style='color:{_GREY}'>{escape(price)}</small>" if price else ""
        shown = s.shown_hints()
        self.hints.value = ("<ol>" + "".join(f"<li><i>Hint:</i> {escape(h)}</li>" for h in shown) + "</ol>"
                            if shown else "")
        self.score.value = escape(s.status())  # first: it notes a progress file that broke meanwhile
        if s.outcome():  # the puzzle is decided: how the learner's rating moved, and why
            self.score.value += "<br>" + escape(s.outcome())
        if s.streak and s.run_over:
            self.score.value += (f"<br><b>The streak ends at {s.run}.</b> Next starts a new one, "
                                 "from the easiest puzzles.")
        try:
            self.themes.value = self.progress.themes()._repr_svg_() if self.progress is not None else ""
        except ProgressError as exc:
            s.progress_problem = str(exc)
        problem = s.progress_problem or self.progress_note
        self.feedback.value = message + (f"<p style='color:{_GREY}'>{escape(problem)}</p>" if problem else "")

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
                    b = self._button(card_text(card), False, lambda _: None)
                    b.button_style, b.disabled = "success", True
                    cards.append(b)
                    continue
                on = card in picked
                if on:
                    picked.remove(card)
                cards.append(self._button(card_text(card), on, lambda _, card=card: self._do(s.toggle, card)))
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
            self.redraw(f"<span style='color:{_RED}'>{escape(str(exc))}</span>")
            return
        self.redraw()

    # -- handlers (public, so they can be driven from Python) ------------------------------
    def _on_typed(self, change) -> None:
        if change["new"] != self.session.typed:
            self.session.type(change["new"])
            self.answer_line.value = f"Your answer: <code>{escape(self.session.answer()) or '—'}</code>"

    def _on_message(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("event") == "submit":
            self.on_check()

    def _on_mode(self, change) -> None:
        self.session = self._session(change["new"])
        self.redraw()

    def _on_game(self, change) -> None:
        self._puzzles = choose(self._all, game=change["new"], themes=self._themes, ratings=self._ratings)
        self.session = self._session(self.mode.value)
        self.redraw()

    def on_check(self, _=None) -> None:
        verdict = self.session.check()
        colour = _GREEN if verdict.correct else _RED if verdict.readable else _GREY
        self.redraw(f"<p style='color:{colour}'>{escape(str(verdict))}</p>")

    def on_hint(self, _=None) -> None:
        try:
            self.session.hint()
        except TenPenniesError as exc:
            self.redraw(f"<p style='color:{_GREY}'>{escape(str(exc))}</p>")
            return
        self.redraw()

    def on_solution(self, _=None) -> None:
        text = self.session.show_solution()
        self.redraw(f"<pre style='white-space:pre-wrap'>{escape(text)}</pre>")

    def on_next(self, _=None) -> None:
        self.session.next()
        self.redraw()

    def on_clear(self, _=None) -> None:
        self.session.clear()
        self.redraw()
