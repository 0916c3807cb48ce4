"""The review panel's widget: a reviewed match replayed with the seat's mistakes marked.

All state is a :class:`tenpennies.review.session.ReviewSession` (tested without a browser);
the panel draws it and forwards clicks. The table is SVG made from
:mod:`tenpennies.pictures.layout` shapes (as the live table's), so the panel needs only
ipywidgets. "Try it from here" opens a live table at the decision, the cards the seat
could not see dealt afresh (:meth:`ReviewSession.try_from_here`); the panel is handed the
callable that makes that table (``try_table``), so this module never imports the live
table, and the live table (whose Review button opens this panel) never imports the
module that wires the two together, :mod:`tenpennies.widgets.review`, where
:func:`~tenpennies.widgets.review.review_panel` lives.
"""

from __future__ import annotations

import logging
from html import escape
from typing import Callable

import ipywidgets as w

from ..puzzles.progress import Progress
from ..review.chart import GRADE_INKS
from ..review.judge import review as judge
from ..review.session import ReviewSession
from ..engine.words import plural
from .callbacks import shown

__all__ = ["ReviewPanel"]

LOG_LINES = 8

TryTable = Callable[..., w.Widget]
"""Makes the live table of a "Try it from here": called with the trial
(:class:`tenpennies.review.session.Trial`), returns the table's widget, its bots already to
move (``PlayTable.from_trial`` is the one the kit hands in)."""


class ReviewPanel(w.VBox):
    """A reviewed match: the chart, a list to jump to each mistake, the seat's table at
    each step with the analyst's cards raised, the reason in words, and "Try it from
    here". ``session`` holds the state; the widgets' handlers are public, to drive the
    panel from Python (``panel.mistake_list.value = 2`` jumps to mistake 2).
    ``try_table`` makes the table that "Try it from here" opens (:data:`TryTable`); without
    it the button stays greyed out.
    """

    def __init__(self, session: ReviewSession, try_table: TryTable | None = None) -> None:
        self.session = session
        self.try_table = try_table
        self.log = logging.getLogger(__name__)
        self._syncing = False
        self.trials = 0  # each "Try it from here" deals afresh: the next seed
        review = session.review
        self.title = w.HTML(f"<b>Review of seat {review.seat}'s match of {escape(review.rules.name)}</b>: "
                            f"{plural(len(review.decisions), 'decision')} judged, "
                            f"{plural(len(session.mistakes), 'mistake')} marked.")
        self.chart = w.HTML(session.chart_svg())
        options = [("(none: step through the match)", 0)] + [
            (f"{k}. round {d.round_no}, {d.kind}: {d.grade!s}, {d.cost.mean:.1f} points", k)
            for k, d in enumerate(session.mistakes, start=1)]
        self.mistake_list = w.Select(options=options, value=0, rows=min(8, len(options)), description="mistakes",
                                     layout=w.Layout(width="460px"))
        self.mistake_list.observe(self._shown(self._picked), names="value")
        self.buttons = {name: w.Button(description=label, tooltip=tip, layout=w.Layout(width="auto"))
                        # Words for the ends: chromium's fonts here have no ⏮ or ⏭ (a blank box).
                        for name, label, tip in (("start", "start", "the deal"), ("back", "◀", "one action back"),
                                                 ("forward", "▶", "one action on"), ("end", "end", "the end"),
                                                 ("previous", "◀ mistake", "the mistake before this point"),
                                                 ("next", "mistake ▶", "the next mistake"),
                                                 ("try", "Try it from here",
                                                  "play on from this decision against the bots, "
                                                  "the cards you could not see dealt afresh"),
                                                 ("keep", "Keep my mistakes as puzzles",
                                                  "each mistake becomes a puzzle of yours, in the puzzle "
                                                  "widget's 'Your mistakes'"))}
        for name, handler in (("start", lambda: session.goto(0)), ("back", session.back),
                              ("forward", session.forward), ("end", lambda: session.goto(session.total)),
                              ("previous", session.previous_mistake), ("next", session.next_mistake)):
            self.buttons[name].on_click(self._shown(lambda _b, handler=handler: self._move(handler)))
        self.buttons["try"].on_click(self._shown(lambda _b: self.try_from_here()))
        self.buttons["try"].button_style = "primary"
        self.buttons["keep"].on_click(self._shown(lambda _b: self.keep_mistakes()))
        self.buttons["keep"].disabled = not session.mistakes
        self.slider = w.IntSlider(value=0, min=0, max=session.total, description="action",
                                  layout=w.Layout(width="420px"))
        self.slider.observe(self._shown(lambda change: self._move(lambda: session.goto(change["new"]))),
                            names="value")
        self.status = w.HTML()
        self.table = w.HTML()
        self.caption = w.HTML()
        self.message = w.HTML()
        self.log_box = w.HTML()
        self.trial_box = w.VBox()
        super().__init__([
            self.title, self.chart, self.mistake_list,
            w.HBox([*(self.buttons[n] for n in ("start", "back", "forward", "end")), self.slider],
                   layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.buttons["previous"], self.buttons["next"], self.buttons["try"], self.buttons["keep"]]),
            self.status, self.caption, self.table, self.message, self.log_box, self.trial_box,
        ])
        self.redraw()

    @classmethod
    def judged(cls, record, seat: int, *, review=None, progress=True, try_table: TryTable | None = None,
               **options) -> "ReviewPanel":
        """The panel for ``seat`` of a saved match (a Match, its data, JSON text or a path);
        the review is computed (:func:`tenpennies.review.judge.review`, with a progress bar unless
        ``progress=False``; ``options`` such as ``rollouts`` go to it) unless given."""
        if review is None:
            review = judge(record, seat, progress=progress, **options)
        return cls(ReviewSession(record, seat, review), try_table)

    def __repr__(self) -> str:
        # The notebook's text/plain: short and the same run to run (nbval).
        s = self.session
        return (f"<ReviewPanel seat {s.seat}: {plural(len(s.mistakes), 'mistake')}; "
                f"action {s.at} of {s.total}>")

    def _shown(self, handler):
        """A callback whose failure is shown in the panel, not lost in the browser's console."""
        return shown(self, handler, "review panel")

    # -- handlers ---------------------------------------------------------------------------
    def _picked(self, change) -> None:
        if self._syncing:
            return
        if change["new"]:
            self.session.jump(change["new"])
        self.redraw()

    def _move(self, how) -> None:
        if self._syncing:
            return
        how()
        self.redraw()

    def jump(self, number: int) -> None:
        """Show mistake ``number`` (1 is the first), as picking it in the list does."""
        self.session.jump(number)
        self.redraw()

    def keep_mistakes(self, progress=None) -> int:
        """Keep the review's mistakes as the learner's puzzles, in ``progress`` (a
        :class:`~tenpennies.puzzles.progress.Progress`; None: the learner's default file);
        return how many are new. The puzzle widget serves them under "Your mistakes"."""
        learner = progress if progress is not None else Progress()
        new = learner.keep_mistakes(self.session.review)
        self.message.value = (f"{plural(new, 'new mistake')} kept as your puzzles: open the puzzle widget "
                              f"and choose 'Your mistakes'.")
        return new

    def try_from_here(self) -> None:
        """Open a live table at this decision: the seat's hand, the table and the piles as
        they were, the cards the seat could not see dealt afresh (a new deal each time)."""
        if self.try_table is None:
            self.message.value = "no table to try it on: this panel was made without one"
            return
        trial = self.session.try_from_here(seed=self.trials)
        self.trials += 1
        table = self.try_table(trial)
        note = w.HTML(f"<b>Try it from here</b> (deal {trial.seed + 1}): the cards you could not see are "
                      f"dealt afresh; the bots play the other seats.")
        self.trial_box.children = [note, table]

    # -- drawing ----------------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.session
        k = s.mistake_number
        self._syncing = True  # the slider and the list follow the session; their observers wait
        try:
            self.slider.value = s.at
            self.mistake_list.value = k or 0
        finally:
            self._syncing = False
        view = s.view
        self.status.value = f"Round {view.round_no} · action {s.at} of {s.total}"
        d = s.decision
        if d is not None:
            ink = GRADE_INKS.get(str(getattr(d.grade, "value", d.grade)), "#1e6b34")
            self.caption.value = (f"<div style='border-left:5px solid {ink};padding:2px 8px'>"
                                  f"{escape(s.caption())}</div>")
        else:
            self.caption.value = ""
        self.table.value = s.table_svg()
        self.buttons["try"].disabled = d is None or self.try_table is None
        self.buttons["try"].tooltip = ("go to one of your decisions first (a mistake, say)" if d is None else
                                       "no table to try it on here" if self.try_table is None else
                                       "play on from this decision against the bots, the cards you could not "
                                       "see dealt afresh")
        self.message.value = ""
        lines = s.words()[-LOG_LINES:]
        self.log_box.value = ("<div style='font-size:12px;line-height:1.35;color:#444'>"
                              + "<br>".join(escape(line) for line in lines) + "</div>")

