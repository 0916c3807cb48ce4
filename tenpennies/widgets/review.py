"""The review panel: a reviewed match replayed with the seat's mistakes marked.

All state is a :class:`tenpennies.review_page.ReviewSession` (tested without a browser);
the panel draws it and forwards clicks. The table is SVG made from
:mod:`tenpennies.layout` shapes (as the live table's), so the panel needs only
ipywidgets; "Try it from here" opens a :class:`~tenpennies.widgets.table.PlayTable` at the
decision, the cards the seat could not see dealt afresh (:meth:`ReviewSession.try_from_here`).

    from tenpennies.widgets.review import review_panel
    review_panel("match.json", seat=0)      # reviews the match, with a progress bar
"""

from __future__ import annotations

import inspect
import logging
from html import escape

import ipywidgets as w

from ..review_page import GRADE_INKS, ReviewSession
from ..words import plural

__all__ = ["ReviewPanel", "review_panel"]

ERROR_INK = "#a93226"
LOG_LINES = 8


def review_panel(record, seat: int, *, review=None, progress=True, **options) -> "ReviewPanel":
    """The review panel for ``seat`` of a saved match (a Match, its data, JSON text or a
    path); the review is computed (:func:`tenpennies.review.review`, with a progress bar
    unless ``progress=False``; ``options`` such as ``rollouts`` go to it) unless given."""
    if review is None:
        from ..review import review as judge

        review = judge(record, seat, progress=progress, **options)
    return ReviewPanel(ReviewSession(record, seat, review))


class ReviewPanel(w.VBox):
    """A reviewed match: the chart, a list to jump to each mistake, the seat's table at
    each step with the analyst's cards raised, the reason in words, and "Try it from
    here". ``session`` holds the state; the widgets' handlers are public, to drive the
    panel from Python (``panel.mistake_list.value = 2`` jumps to mistake 2).
    """

    def __init__(self, session: ReviewSession) -> None:
        self.session = session
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
                                                  "the cards you could not see dealt afresh"))}
        for name, handler in (("start", lambda: session.goto(0)), ("back", session.back),
                              ("forward", session.forward), ("end", lambda: session.goto(session.total)),
                              ("previous", session.previous_mistake), ("next", session.next_mistake)):
            self.buttons[name].on_click(self._shown(lambda _b, handler=handler: self._move(handler)))
        self.buttons["try"].on_click(self._shown(lambda _b: self.try_from_here()))
        self.buttons["try"].button_style = "primary"
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
            w.HBox([self.buttons["previous"], self.buttons["next"], self.buttons["try"]]),
            self.status, self.caption, self.table, self.message, self.log_box, self.trial_box,
        ])
        self.redraw()

    def __repr__(self) -> str:
        # The notebook's text/plain: short and the same run to run (nbval).
        s = self.session
        return (f"<ReviewPanel seat {s.seat}: {plural(len(s.mistakes), 'mistake')}; "
                f"action {s.at} of {s.total}>")

    def _shown(self, handler):
        """A callback whose failure is shown in the panel, not lost in the browser's console."""
        def run(*args):
            try:
                handler(*args)
            except Exception as exc:  # a callback has nobody else to report to
                self.log.exception("the review panel's callback failed")
                self.message.value = (f"<span style='color:{ERROR_INK}'>{escape(type(exc).__name__)}: "
                                      f"{escape(str(exc))}</span>")
        return run

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

    def try_from_here(self) -> None:
        """Open a live table at this decision: the seat's hand, the table and the piles as
        they were, the cards the seat could not see dealt afresh (a new deal each time)."""
        from .table import PlayTable

        trial = self.session.try_from_here(seed=self.trials)
        self.trials += 1
        # The decision tried may be an offer: a table that passes offers without asking
        # (PlayTable's offers="useful") would pass it for the person, so this one asks.
        asks = {"offers": "ask"} if "offers" in inspect.signature(PlayTable).parameters else {}
        table = PlayTable(trial.seed, seat=trial.seat, bots=trial.seated_bots(), rules=trial.rules,
                          position=trial.position, delay=0, **asks)
        trial.open(table.game)  # the passes that led to the decision, as they were played
        table.redraw()
        table.speed.value = 0.4  # from here on, the bots' moves are paced as at any table
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
        self.buttons["try"].disabled = d is None
        self.buttons["try"].tooltip = ("play on from this decision against the bots, the cards you could not "
                                       "see dealt afresh" if d is not None else
                                       "go to one of your decisions first (a mistake, say)")
        self.message.value = ""
        lines = s.words()[-LOG_LINES:]
        self.log_box.value = ("<div style='font-size:12px;line-height:1.35;color:#444'>"
                              + "<br>".join(escape(line) for line in lines) + "</div>")

