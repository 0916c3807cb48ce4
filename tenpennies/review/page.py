"""A match's review drawn: the chart, the shareable HTML page, and the review's replay.

:func:`tenpennies.review.judge.review` judges a seat's decisions; this module only shows what
it returned (the engine that judges is one component, the pictures another):

=======================  ==============================================================
``chart_svg``            the seat's expected points at each decision, with a 95% band,
                         round boundaries and the mistakes marked and numbered
``review_html``          one self-contained HTML page: the chart, the points lost by
``write_html``           round and by kind, and every mistake with its position, what
                         was played, the analyst's move, the reason and the cost
``ReviewSession``        the review's replay, behind :mod:`tenpennies.widgets.review`:
                         step through the match as the seat saw it, jump to a mistake,
                         see the analyst's move on the table, "try it from here"
``Trial``                a position to play on from: the seat's decision with the
                         cards it could not see dealt afresh
=======================  ==============================================================

Everything here is plain deterministic text built from the review and the saved match
(no ids, timestamps or timings), so a saved notebook and a page compare byte for byte.
Nothing here imports a widget library. What a picture shows of a position is built from
the reviewed seat's :class:`~tenpennies.play.view.PlayerView` alone (T20): a page a learner
shares holds no card that seat could not see.

A review's ``expected`` and ``cost`` are :class:`tenpennies.bots.rollouts.Estimate` values
(``mean``, ``se``, ``n``); a 95% interval here is ``mean +/- 1.96 se``
(:data:`tenpennies.odds.intervals.Z95`), as the review's grades read it; an error that could
not be measured (NaN) draws no band.

(One concept in one file, over 600 lines: a review shown, in a chart, a page and its
replay; what they draw from is :mod:`tenpennies.review.judge`, how they draw
:mod:`tenpennies.pictures.svg`.)
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from html import escape as html_escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence
from xml.sax.saxutils import escape

from ..engine.actions import Action, AddToMeld, Buy, Discard, LayDown, Meld, TakeDiscard
from ..engine.cards import Card, format_cards
from ..engine.errors import TenPenniesError
from ..odds.intervals import Z95
from ..pictures.layout import TableLayout, table_layout
from ..play.match import Match, Phase
from ..pictures.svg import CHART_COLORS, FONT, groups_svg, layout_svg
from ..explain.decisions import action_words
from ..engine.words import plural  # action_words: its home is words; kept here for old users

if TYPE_CHECKING:
    from ..front.table import Game
    from ..play.position import Position
    from ..play.view import PlayerView

GRADE_INKS = {"inaccuracy": "#d4a017", "mistake": "#dd8452", "blunder": "#c0392b"}
"""The colour of each grade a mistake may have, on the chart and the page (worst reddest)."""

LINE_INK, BAND_INK, RULE_INK = CHART_COLORS[0], "#8c8c8c", "#9a9a9a"
Y_LABEL = "expected points (lower is better)"
"""What the chart's height measures: the review's ``expected``, the seat's expected
margin for the round from that decision (its points at the round's end minus the
others' mean; points count against a player, so lower is better)."""


# -- reading a review and a saved match ---------------------------------------------------
def record_data(record) -> dict[str, Any]:
    """A saved match as :mod:`tenpennies.play.record` data: from a Match, that data, its JSON
    text or a path to a file (a saved match is checked by replaying it)."""
    from ..play import record as saved

    if isinstance(record, Match):
        return saved.to_dict(record)
    if isinstance(record, dict):
        saved.from_dict(record)  # refuses a damaged record, naming the field
        return record
    if isinstance(record, Path) or (isinstance(record, str) and not record.lstrip().startswith("{")):
        return saved.to_dict(saved.load(record))
    if isinstance(record, (str, bytes)):
        return saved.to_dict(saved.loads(record))
    raise TenPenniesError(f"a saved match is a Match, its data, JSON text or a path, not {type(record).__name__}")


def _se(estimate) -> float:
    """An Estimate's standard error, 0 where it could not be measured (NaN: one world)."""
    return 0.0 if estimate.se != estimate.se else estimate.se


def _record_of(review, record) -> dict[str, Any] | None:
    """The saved match to draw a review on: ``record`` if given, else the one the review
    keeps (:attr:`tenpennies.review.judged.Review.record`), else None."""
    if record is not None:
        return record_data(record)
    kept = getattr(review, "record", None)
    return record_data(kept) if kept else None


def interval_words(estimate) -> str:
    """'2.1 points (95% interval 0.8 to 3.4)': an Estimate's mean with its 95% interval."""
    if estimate.se != estimate.se:
        return f"{estimate.mean:.1f} points (no interval: too few rollouts)"
    low, high = estimate.mean - Z95 * estimate.se, estimate.mean + Z95 * estimate.se
    return f"{estimate.mean:.1f} points (95% interval {low:.1f} to {high:.1f})"


def mistake_numbers(review) -> dict[int, int]:
    """Each mistake's number (1, 2, ...: match order), by its decision's action index:
    the chart's marks, the page's list and the panel's list share them."""
    return {d.index: k for k, d in enumerate(sorted(review.mistakes, key=lambda d: d.index), start=1)}


def _grade(decision) -> str:
    return str(getattr(decision.grade, "value", decision.grade))


def action_cards(action: Action) -> tuple[Card, ...]:
    """The cards an action moves out of the hand (none for a buy or a pass)."""
    if isinstance(action, Discard):
        return (action.card,)
    if isinstance(action, LayDown):
        return tuple(c for s in action.sets for c in s)
    if isinstance(action, (Meld, AddToMeld)):
        return tuple(action.cards)
    return ()


def decision_layout(view: "PlayerView", action: Action | None = None, **options) -> TableLayout:
    """The seat's table at a decision (its own view: T20), the cards ``action`` would
    play raised out of the hand, as the live table raises selected cards; for a buy or a
    take, the top discard outlined."""
    hand = list(view.hand)
    chosen: list[int] = []
    for card in action_cards(action) if action is not None else ():
        for i, c in enumerate(hand):
            if c == card and i not in chosen:
                chosen.append(i)
                break
    layout = table_layout(view, order=hand, selected=chosen, **options)
    if isinstance(action, (Buy, TakeDiscard)):
        layout = replace(layout, regions=tuple(replace(r, selected=True) if r.kind == "discard" else r
                                               for r in layout.regions))
    return layout


def decision_svg(view: "PlayerView", action: Action | None = None, caption: str = "") -> str:
    """:func:`decision_layout` as an SVG picture, its ``<desc>`` the caption in words."""
    desc = caption or f"Round {view.round_no}: {format_cards(view.hand)}"
    return layout_svg(decision_layout(view, action), desc)


def move_svg(label: str, action: Action, view: "PlayerView") -> str:
    """A decision as a picture: the cards it plays, or the offered card for a buy or a
    pass, titled with ``label`` and the decision in words."""
    words = action_words(action, view)
    cards = action_cards(action)
    if isinstance(action, LayDown):
        groups = [(f"set {i + 1}", tuple(s)) for i, s in enumerate(action.sets)]
    elif cards:
        groups = [("", cards)]
    elif view.top_discard is not None:
        groups = [("offered", (view.top_discard,))]
    else:
        groups = []
    return groups_svg(groups, view.round_no, view.rules, title=f"{label}: {words}", desc=f"{label}: {words}",
                      width=560)


# -- the chart ------------------------------------------------------------------------------
def _num(v: float) -> str:
    return f"{v:.1f}"


def _ticks(low: float, high: float, most: int = 8) -> list[float]:
    """Round values to label an axis from ``low`` to ``high``: steps of 1, 2 or 5 times a
    power of ten, no more than ``most`` of them."""
    import math

    span = high - low
    power = 10 ** math.floor(math.log10(span / most)) if span > 0 else 1.0
    step = next(k * power for k in (1, 2, 5, 10) if span / (k * power) <= most)
    first = math.ceil(low / step)
    return [k * step for k in range(first, math.floor(high / step) + 1)]


def chart_svg(review, *, width: int = 720, height: int = 260) -> str:
    """The seat's expected points at each judged decision over the match (each with an
    ``expected`` margin: the review measures none for an offer answered as the analyst
    would, off the seat's own turn), as a line with
    its 95% band (``expected.mean +/- 1.96 se``), a dashed rule where each round starts,
    and each mistake a dot in its grade's colour, numbered as :func:`mistake_numbers`
    says. The ``<desc>`` says the same in words; each mark's ``<title>`` names it.
    """
    points = sorted((d for d in review.decisions if getattr(d, "expected", None) is not None),
                    key=lambda d: d.index)
    if not points:
        text = "No judged decisions to chart."
        return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='40' viewBox='0 0 {width} 40'>"
                f"<desc>{text}</desc><text x='8' y='24' font-size='13' fill='#222' {FONT}>{text}</text></svg>")
    numbers = mistake_numbers(review)
    left, right, top, bottom = 58, 16, 44, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    lows = [d.expected.mean - Z95 * _se(d.expected) for d in points]
    highs = [d.expected.mean + Z95 * _se(d.expected) for d in points]
    y_lo, y_hi = min(0.0, *lows), max(0.0, *highs)
    pad = (y_hi - y_lo) * 0.05 or 1.0
    y_lo, y_hi = y_lo - pad, y_hi + pad
    x_lo, x_hi = points[0].index, points[-1].index
    x_span = (x_hi - x_lo) or 1

    def px(index: float) -> float:
        return left + plot_w * (index - x_lo) / x_span if x_hi > x_lo else left + plot_w / 2

    def py(value: float) -> float:
        return top + plot_h * (1 - (value - y_lo) / (y_hi - y_lo))

    parts = [f"<text x='4' y='18' font-size='14' font-weight='bold' fill='#222' {FONT}>"
             f"{escape(f'Seat {review.seat}: expected points at each decision')}</text>"]
    # The legend: the line, the band, then the grades that occur.
    lx = left
    parts.append(f"<line x1='{lx}' y1='{top - 14}' x2='{lx + 16}' y2='{top - 14}' stroke='{LINE_INK}' "
                 f"stroke-width='2'/><text x='{lx + 20}' y='{top - 10}' font-size='11' fill='#222' {FONT}>"
                 f"expected</text>")
    lx += 84
    parts.append(f"<rect x='{lx}' y='{top - 19}' width='12' height='10' fill='{BAND_INK}' fill-opacity='0.35'/>"
                 f"<text x='{lx + 16}' y='{top - 10}' font-size='11' fill='#222' {FONT}>95% band</text>")
    lx += 80
    for grade, ink in GRADE_INKS.items():
        if any(_grade(d) == grade for d in review.mistakes):
            parts.append(f"<circle cx='{lx + 5}' cy='{top - 14}' r='5' fill='{ink}'/>"
                         f"<text x='{lx + 14}' y='{top - 10}' font-size='11' fill='#222' {FONT}>{grade}</text>")
            lx += 24 + 7 * len(grade)
    base = top + plot_h
    parts.append(f"<path d='M{left},{top} V{base} H{left + plot_w}' fill='none' stroke='#444'/>")
    parts.append(f"<line x1='{left}' y1='{_num(py(0))}' x2='{left + plot_w}' y2='{_num(py(0))}' "
                 f"stroke='#bbb' stroke-dasharray='2 3'/>")
    for value in _ticks(y_lo, y_hi):
        parts.append(f"<text x='{left - 4}' y='{_num(py(value) + 4)}' font-size='10' text-anchor='end' "
                     f"fill='#444' {FONT}>{value:g}</text>")
    parts.append(f"<text x='12' y='{_num(top + plot_h / 2)}' font-size='11' text-anchor='middle' "
                 f"transform='rotate(-90 12 {_num(top + plot_h / 2)})' fill='#222' {FONT}>{escape(Y_LABEL)}</text>")
    # Where each round starts: between its first judged decision and the one before it.
    starts = [(points[0].round_no, float(x_lo))]
    for before, d in zip(points, points[1:]):
        if d.round_no != before.round_no:
            starts.append((d.round_no, (before.index + d.index) / 2))
    free = -math.inf  # where the last round's label ends: a short round's label must not cover the next
    for k, (round_no, at) in enumerate(starts):
        x = px(at)
        if k:
            parts.append(f"<line class='round' x1='{_num(x)}' y1='{top}' x2='{_num(x)}' y2='{base}' "
                         f"stroke='{RULE_INK}' stroke-dasharray='4 3'/>")
        room = (px(starts[k + 1][1]) if k + 1 < len(starts) else left + plot_w) - x
        label = f"round {round_no}" if room >= 44 else str(round_no)
        if x + 3 >= free:
            parts.append(f"<text x='{_num(x + 3)}' y='{base + 14}' font-size='10' fill='#444' {FONT}>"
                         f"{label}</text>")
            free = x + 3 + 6 * len(label) + 4
    parts.append(f"<text x='{left + plot_w}' y='{base + 28}' font-size='10' text-anchor='end' fill='#444' {FONT}>"
                 f"decisions in match order</text>")
    # The band, then the line over it, one stretch per round (a round starts afresh).
    by_round: list[list] = []
    for d in points:
        if not by_round or by_round[-1][0].round_no != d.round_no:
            by_round.append([])
        by_round[-1].append(d)
    for stretch in by_round:
        upper = [f"{_num(px(d.index))},{_num(py(d.expected.mean + Z95 * _se(d.expected)))}" for d in stretch]
        lower = [f"{_num(px(d.index))},{_num(py(d.expected.mean - Z95 * _se(d.expected)))}"
                 for d in reversed(stretch)]
        parts.append(f"<polygon class='band' points='{' '.join(upper + lower)}' fill='{BAND_INK}' "
                     f"fill-opacity='0.35'/>")
        line = " ".join(f"{_num(px(d.index))},{_num(py(d.expected.mean))}" for d in stretch)
        parts.append(f"<polyline points='{line}' fill='none' stroke='{LINE_INK}' stroke-width='1.6'/>")
    for d in points:
        k = numbers.get(d.index)
        if k is None:
            continue
        x, y = px(d.index), py(d.expected.mean)
        title = f"mistake {k}: round {d.round_no}, {d.kind}, {_grade(d)}, {interval_words(d.cost)} lost"
        parts.append(f"<g class='mistake'><title>{escape(title)}</title>"
                     f"<circle cx='{_num(x)}' cy='{_num(y)}' r='5' fill='{GRADE_INKS.get(_grade(d), '#c0392b')}' "
                     f"stroke='white'/><text x='{_num(x)}' y='{_num(y - 8)}' font-size='10' font-weight='bold' "
                     f"text-anchor='middle' fill='#222' {FONT}>{k}</text></g>")
    marked = "; ".join(f"{k}: round {d.round_no} {d.kind} ({_grade(d)})"
                       for d in sorted(review.mistakes, key=lambda d: d.index) for k in [numbers[d.index]])
    desc = (f"Seat {review.seat}'s expected points at {len(points)} of its {len(review.decisions)} judged "
            f"decisions (those with a measured margin), rounds "
            f"{points[0].round_no} to {points[-1].round_no}, with a 95% band; "
            + (f"{plural(len(review.mistakes), 'mistake')} marked: {marked}." if review.mistakes else "no mistakes."))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'><desc>{escape(desc)}</desc>{''.join(parts)}</svg>")


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


def luck_chart_svg(review) -> str:
    """Luck (the cards) and skill lost (the decisions), each summed over the match, at each
    measured decision (:func:`tenpennies.review.luck.luck_and_skill`'s steps), round after round."""
    from ..pictures.svg import line_chart_svg

    figures = review.luck()
    luck, skill, x = [(0.0, 0.0)], [(0.0, 0.0)], 0
    carried_luck = carried_skill = 0.0
    for r in figures.rounds:
        for _, lucky, lost in r.steps:
            x += 1
            luck.append((x, carried_luck + lucky))
            skill.append((x, carried_skill + lost))
        carried_luck += r.luck.points
        carried_skill += r.skill.points
        x += 1  # the round's end: its real margin
        luck.append((x, carried_luck))
        skill.append((x, carried_skill))
    return line_chart_svg([("luck (the cards)", luck), ("skill lost (decisions)", skill)],
                          title=f"Seat {figures.seat}: luck and skill over the match",
                          x_label="measured decisions, round by round", y_label="points", fmt=lambda v: f"{v:.0f}")


def _luck_words(review) -> str:
    return review.luck().to_text()


def review_html(review, record=None, *, title: str | None = None) -> str:
    """The review as one self-contained HTML page a learner can share: no scripts, no
    links, the pictures inline as SVG. Each mistake shows the seat's table at that
    decision with the analyst's cards raised, drawn from ``record`` (the saved match; by
    default the one the review keeps); with neither, only the moves are drawn."""
    from .judged import KIND_WORDS

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


def view_before(data: dict, index: int, seat: int) -> "PlayerView":
    """The seat's view of the saved match just before action ``index`` was played."""
    from ..play.record import from_dict

    return from_dict(data, upto=index).view(seat)


def write_html(review, path: str | Path, record=None, *, title: str | None = None) -> Path:
    """Write :func:`review_html` to ``path`` (UTF-8); returns the path."""
    path = Path(path)
    path.write_text(review_html(review, record, title=title), encoding="utf-8")
    return path


# -- the review's replay ----------------------------------------------------------------------
class _Scripted:
    """A bot that first plays the given actions (the passes that led to the decision, as
    they were played), then decides as ``then`` does."""

    def __init__(self, actions: Sequence[Action], then) -> None:
        self.actions = list(actions)
        self.then = then
        self.name = then.name

    def act(self, view: "PlayerView") -> Action:
        return self.actions.pop(0) if self.actions else self.then.act(view)


@dataclass(frozen=True)
class Trial:
    """A reviewed decision to play on from: ``position`` is a round dealt afresh where
    the seat sees what it saw then (its hand, the table, the discard pile, hand sizes,
    tokens, scores, cards others are known to hold) and every card it could not see is
    dealt at random (:class:`tenpennies.bots.rollouts.Worlds`, from the seat's view alone);
    ``opening`` are the passes that bring the round from its start to the decision, as
    they were played. :meth:`game` seats ``bots`` in the other seats.
    """

    seed: int
    seat: int
    rules: Any
    position: "Position"
    opening: tuple[Action, ...]
    bots: tuple[str, ...]

    def game(self) -> "Game":
        """A :class:`~tenpennies.front.table.Game` at the decision: the person's move is next."""
        from ..front.table import Game

        game = Game(self.seed, seat=self.seat, bots=self.seated_bots(), rules=self.rules, position=self.position)
        self.open(game)
        return game

    def seated_bots(self) -> list:
        """One bot per other seat, in seat order, that first plays its passes of the opening."""
        from ..bots import seat_bot

        others = [s for s in range(self.rules.players) if s != self.seat]
        return [_Scripted([a for a in self.opening if a.seat == s], seat_bot(name, self.seed, s))
                for s, name in zip(others, self.bots)]

    def open(self, game: "Game") -> None:
        """Play the opening in ``game`` (built from :meth:`seated_bots` and :attr:`position`,
        as a live table builds its own, which may have played some of it already): the
        bots' passes, and the seat's own (a draw from the stock, when the decision came
        after it), until the person must decide. A table that passed the decision itself
        (an offer it was told not to ask about) is refused."""
        from ..play.record import actions_of

        while True:
            played = actions_of(game.match)
            if played != list(self.opening[:len(played)]):
                raise TenPenniesError("the trial's table went past the reviewed decision "
                                      "(is it passing offers without asking?)")
            if len(played) == len(self.opening):
                break
            action = self.opening[len(played)]
            if action.seat == self.seat:
                if not game.act(action):
                    raise TenPenniesError(f"the trial's opening was refused: {game.message}")
            elif not game.step():
                raise TenPenniesError("the trial's bots did not play the opening")
        if not game.waiting:
            raise TenPenniesError("the trial's table does not reach the reviewed decision")


class ReviewSession:
    """A review's replay, in plain Python (the review panel only draws it): step through
    the saved match as the reviewed seat saw it, jump to each mistake, read the analyst's
    move and its reason, and play on from a decision with :meth:`try_from_here`.

    ``record`` is the saved match (a Match, its data, JSON text or a path; None: the one
    the review keeps) and ``review`` its :class:`tenpennies.review.judged.Review` (computed with
    :func:`tenpennies.review.judge.review` when not given; ``options`` go to it). :attr:`at` counts the actions played so far;
    the position shown is the one before action :attr:`at`, where the judged decision of
    that index (if any) was taken.
    """

    def __init__(self, record, seat: int, review=None, **options) -> None:
        from ..front.table import Replay

        if review is None:
            from .judge import review as judge

            if record is None:
                raise TenPenniesError("give the saved match, or its review")
            review = judge(record_data(record), seat, **options)
        self.data = _record_of(review, record)
        if self.data is None:
            raise TenPenniesError("the review keeps no saved match: give the record to replay")
        if review.seat != seat:
            raise TenPenniesError(f"the review is of seat {review.seat}, not seat {seat}")
        self.review = review
        self.seat = seat
        self.replay = Replay(self.data, seat)
        self.judged = {d.index: d for d in review.decisions}
        self.mistakes = tuple(sorted(review.mistakes, key=lambda d: d.index))
        self.numbers = mistake_numbers(review)

    def __repr__(self) -> str:
        k = self.mistake_number
        here = f", mistake {k} of {len(self.mistakes)}" if k else ""
        return f"<ReviewSession seat {self.seat}: action {self.at} of {self.total}{here}>"

    # -- where we are --------------------------------------------------------------------
    @property
    def at(self) -> int:
        return self.replay.at

    @property
    def total(self) -> int:
        return self.replay.total

    @property
    def view(self) -> "PlayerView":
        """The reviewed seat's view now (never another seat's cards)."""
        return self.replay.view

    @property
    def decision(self):
        """The judged decision taken here (the seat's, before action :attr:`at`), or None."""
        return self.judged.get(self.at)

    @property
    def mistake_number(self) -> int | None:
        """This position's mistake number (1, 2, ...), or None if no mistake was made here."""
        return self.numbers.get(self.at)

    def goto(self, at: int) -> None:
        """Show the position before action ``at`` (0: the deal; clamped to the match)."""
        self.replay.goto(at)

    def forward(self, steps: int = 1) -> None:
        self.goto(self.at + steps)

    def back(self, steps: int = 1) -> None:
        self.goto(self.at - steps)

    def jump(self, number: int):
        """Go to mistake ``number`` (1 is the first) and return its judged decision."""
        if not 1 <= number <= len(self.mistakes):
            raise TenPenniesError(f"there is no mistake {number}: this review has {len(self.mistakes)}")
        decision = self.mistakes[number - 1]
        self.goto(decision.index)
        return decision

    def next_mistake(self):
        """Go to the first mistake after this position (None, and stay, if there is none)."""
        later = [d for d in self.mistakes if d.index > self.at]
        return self.jump(self.numbers[later[0].index]) if later else None

    def previous_mistake(self):
        """Go to the last mistake before this position (None, and stay, if there is none)."""
        earlier = [d for d in self.mistakes if d.index < self.at]
        return self.jump(self.numbers[earlier[-1].index]) if earlier else None

    # -- what is shown -------------------------------------------------------------------
    def layout(self, **options) -> TableLayout:
        """The seat's table here; at a judged decision, the analyst's cards raised."""
        d = self.decision
        return decision_layout(self.view, d.preferred if d is not None else None, **options)

    def table_svg(self) -> str:
        return layout_svg(self.layout(), self.caption() or f"action {self.at} of {self.total}")

    def caption(self) -> str:
        """This decision in words: what was played, the analyst's move, the reason and the
        cost; '' where the seat made no judged decision."""
        d = self.decision
        if d is None:
            return ""
        k = self.mistake_number
        head = f"Mistake {k} ({_grade(d)})" if k else f"Round {d.round_no}, {d.kind} ({_grade(d)})"
        if d.preferred == d.played:
            return f"{head}: {d.reason}"
        return f"{head}: {d.reason} Cost: {interval_words(d.cost)}."

    def words(self) -> list[str]:
        """What happened so far, in words, as the seat knows it."""
        return self.replay.words()

    def chart_svg(self) -> str:
        return chart_svg(self.review)

    # -- playing on -------------------------------------------------------------------------
    def try_from_here(self, seed: int = 0, bots: str | Sequence[str] = "strong") -> Trial:
        """A :class:`Trial` at this decision: the seat's view as it was, the cards it could
        not see dealt afresh from ``seed`` (never the real ones: the deal reads the view
        only), ``bots`` in the other seats."""
        view = self.view
        if view.phase is Phase.OVER or view.to_act != self.seat:
            raise TenPenniesError(f"it is not seat {self.seat}'s decision here: go to one of its decisions first")
        from ..play.record import actions_of
        from ..bots.rollouts import Worlds

        world = Worlds(view).sample(random.Random(seed), seed=seed)
        others = self.review.rules.players - 1
        names = (bots,) * others if isinstance(bots, str) else tuple(bots)
        if len(names) != others:
            raise TenPenniesError(f"name {others} bots, one per other seat, not {len(names)}")
        return Trial(seed=seed, seat=self.seat, rules=view.rules, position=world.start,
                     opening=tuple(actions_of(world)), bots=names)


__all__ = ["GRADE_INKS", "ReviewSession", "Trial", "Y_LABEL", "action_cards", "action_words", "chart_svg",
           "luck_chart_svg",
           "decision_layout", "decision_svg", "interval_words", "mistake_numbers", "move_svg", "record_data",
           "review_html", "view_before", "write_html"]
