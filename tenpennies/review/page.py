"""A match's review as one shareable HTML page, and where the review's other pictures live.

:func:`tenpennies.review.judge.review` judges a seat's decisions; the review's pictures only
show what it returned (the engine that judges is one component, the pictures another):

=======================  ==============================================================
``review_html``          this module: one self-contained HTML page, the chart, the
``write_html``           points lost by round and by kind, and every mistake with its
                         position, what was played, the analyst's move, the reason and
                         the cost
``chart_svg``            :mod:`tenpennies.review.chart`: the seat's expected points at
                         each decision, with a 95% band, round boundaries and the
                         mistakes marked and numbered
``decision_svg``         :mod:`tenpennies.review.positions`: the seat's table at a
                         decision, the analyst's cards raised
``ReviewSession``        :mod:`tenpennies.review.session`: the review's replay, behind
``Trial``                :mod:`tenpennies.widgets.review`, and a position to play on from
=======================  ==============================================================

Everything here is plain deterministic text built from the review and the saved match
(no ids, timestamps or timings), so a saved notebook and a page compare byte for byte.
Nothing here imports a widget library. What a picture shows of a position is built from
the reviewed seat's :class:`~tenpennies.play.view.PlayerView` alone (T20): a page a learner
shares holds no card that seat could not see.
"""

from __future__ import annotations

from html import escape as html_escape
from pathlib import Path
from xml.sax.saxutils import escape

from ..engine.actions import Buy, TakeDiscard
from ..odds.intervals import Z95
from ..explain.decisions import action_words
# notebooks/17_review_your_match.ipynb imports chart_svg (drawn on the page too) and ReviewSession from here.
from .chart import GRADE_INKS, _grade, chart_svg, interval_words, luck_chart_svg, mistake_numbers
from .positions import _record_of, action_cards, decision_svg, move_svg, view_before
from .session import ReviewSession  # (for that notebook only: the page replays nothing)
from .judged import KIND_WORDS


# -- the page -------------------------------------------------------------------------------
_STYLE = """
body{font-family:'DejaVu Sans',Arial,sans-serif;color:#222;max-width:960px;margin:24px auto;padding:0 16px;
line-height:1.4}
h1{font-size:24px;margin-bottom:4px}h2{font-size:19px;margin-top:28px}h3{font-size:16px;margin:0 0 6px}
table.summary{border-collapse:collapse;margin:6px 0}
table.summary td,table.summary th{padding:2px 12px;border-bottom:1px solid #ddd;text-align:right}
table.summary th:first-child,table.summary td:first-child{text-align:left}
ol.mistakes{padding-left:0;list-style:none}
ol.mistakes>li{border:1px solid #ddd;border-left:6px solid var(--ink);border-radius:6px;padding:10px 14px;
margin:14px 0}
.grade{color:var(--ink);font-weight:bold}.reason{font-style:italic}.moves{display:flex;flex-wrap:wrap;gap:18px}
figure{margin:8px 0}svg{max-width:100%;height:auto}.note{color:#555;font-size:13px}
""".replace("\n", "")


def _summary_table(summary, head: str, names) -> str:
    """A by-round or by-kind summary (:class:`tenpennies.review.judged.PointsLost` values) as a
    table: decisions judged, mistakes, and the points lost with their 95% interval."""
    rows = "".join(
        f"<tr><td>{html_escape(names(key))}</td><td>{p.decisions}</td><td>{p.mistakes}</td>"
        f"<td>{p.points:.1f}</td><td>{html_escape(_interval(p.points, p.se))}</td></tr>"
        for key, p in summary.items())
    return (f"<table class='summary'><tr><th>{html_escape(head)}</th><th>decisions</th><th>mistakes</th>"
            f"<th>points lost</th><th>95% interval</th></tr>{rows}</table>")


def _interval(mean: float, se: float) -> str:
    return "-" if se != se else f"{mean - Z95 * se:.1f} to {mean + Z95 * se:.1f}"


def _luck_words(review) -> str:
    return review.luck().to_text()


def review_html(review, record=None, *, title: str | None = None) -> str:
    """The review as one self-contained HTML page a learner can share: no scripts, no
    links, the pictures inline as SVG. Each mistake shows the seat's table at that
    decision with the analyst's cards raised, drawn from ``record`` (the saved match; by
    default the one the review keeps); with neither, only the moves are drawn."""
    data = _record_of(review, record)
    numbers = mistake_numbers(review)
    rules = review.rules
    title = title or f"Review of seat {review.seat}'s match of {rules.name}"
    grades = {g: sum(_grade(d) == g for d in review.mistakes) for g in GRADE_INKS}
    counted = ", ".join(f"{n} {g}{'s' if n != 1 else ''}" for g, n in grades.items() if n)
    total = review.points_lost()
    parts = [f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
             f"<meta name='viewport' content='width=device-width, initial-scale=1'>"
             f"<title>{html_escape(title)}</title><style>{_STYLE}</style></head><body>",
             f"<h1>{html_escape(title)}</h1>",
             f"<p>{html_escape(rules.name)}, {rules.players} players. {len(review.decisions)} decisions judged; "
             f"{len(review.mistakes)} graded inaccuracy or worse"
             f"{html_escape(f' ({counted})' if counted else '')}; {total.points:.1f} points lost in all "
             f"against the analyst's choices (95% interval {html_escape(_interval(total.points, total.se))}; "
             f"points count against a player, and a negative loss is a gain).</p>",
             f"<figure>{chart_svg(review)}</figure>",
             *(("<h2>Luck and skill</h2>",  # (read from the match's record: none, no luck)
                 f"<pre class='note' style='white-space:pre-wrap'>{escape(_luck_words(review))}</pre>",
                 f"<figure>{luck_chart_svg(review)}</figure>") if review.record else ()),
             "<h2>Points lost by round</h2>", _summary_table(review.by_round(), "round", lambda r: f"round {r}"),
             "<h2>Points lost by kind of decision</h2>",
             _summary_table(review.by_kind(), "decision", lambda k: KIND_WORDS.get(k, k)),
             "<h2>Mistakes</h2>"]
    if not review.mistakes:
        parts.append("<p>No decision was graded a mistake: each was as good as the analyst's, "
                     "or too close to call.</p>")
    parts.append("<ol class='mistakes'>")
    for d in sorted(review.mistakes, key=lambda d: d.index):
        k, grade = numbers[d.index], _grade(d)
        view = view_before(data, d.index, review.seat) if data is not None else None
        parts.append(f"<li id='mistake-{k}' style='--ink:{GRADE_INKS.get(grade, '#c0392b')}'>"
                     f"<h3>{k}. Round {d.round_no}, {html_escape(str(d.kind))}: "
                     f"<span class='grade'>{html_escape(grade)}</span></h3>")
        if view is not None:
            shown = ("; the analyst's cards raised" if action_cards(d.preferred) else
                     "; the card the analyst would take outlined" if isinstance(d.preferred, (Buy, TakeDiscard))
                     else "")
            caption = f"Mistake {k}: the table as seat {review.seat} saw it{shown}"
            parts.append(f"<figure>{decision_svg(view, d.preferred, caption)}"
                         f"<figcaption class='note'>{html_escape(caption)}.</figcaption></figure>")
            parts.append(f"<div class='moves'>{move_svg('played', d.played, view)}"
                         f"{move_svg('the analyst', d.preferred, view)}</div>")
        else:  # no table to draw: the moves in words
            parts.append(f"<p>Played: <b>{html_escape(action_words(d.played, view))}</b>. "
                         f"The analyst prefers: <b>{html_escape(action_words(d.preferred, view))}</b>.</p>")
        parts.append(f"<p class='reason'>{html_escape(str(d.reason))}</p>"
                     f"<p>Cost: {html_escape(interval_words(d.cost))}.</p></li>")
    parts.append("</ol><p class='note'>Costs are expected points lost against the analyst's move, from paired "
                 "rollouts on deals consistent with what the seat knew at the time (never the hidden cards); "
                 "a grade other than good or close is given only when the 95% interval excludes zero.</p>"
                 "</body></html>")
    return "".join(parts) + "\n"


def write_html(review, path: str | Path, record=None, *, title: str | None = None) -> Path:
    """Write :func:`review_html` to ``path`` (UTF-8); returns the path."""
    path = Path(path)
    path.write_text(review_html(review, record, title=title), encoding="utf-8")
    return path



__all__ = ["review_html", "write_html"]
