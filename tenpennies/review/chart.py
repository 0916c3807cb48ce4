"""A review's charts, and the marks the page and the replay share with them.

:func:`chart_svg` draws the seat's expected points at each judged decision over the
match, with its 95% band, and each mistake marked in its grade's colour
(:data:`GRADE_INKS`) and numbered (:func:`mistake_numbers`); :func:`luck_chart_svg` draws
luck and skill over the match. The page (:mod:`tenpennies.review.page`) and the replay
(:mod:`tenpennies.review.session`) number mistakes and say costs as the chart does
(:func:`interval_words`), so the three agree.

A review's ``expected`` and ``cost`` are :class:`tenpennies.bots.rollouts.Estimate` values
(``mean``, ``se``, ``n``); a 95% interval here is ``mean +/- 1.96 se``
(:data:`tenpennies.odds.intervals.Z95`), as the review's grades read it; an error that could
not be measured (NaN) draws no band.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from ..odds.intervals import Z95
from ..pictures.svg import CHART_COLORS, FONT, line_chart_svg
from ..engine.words import plural

GRADE_INKS = {"inaccuracy": "#d4a017", "mistake": "#dd8452", "blunder": "#c0392b"}
"""The colour of each grade a mistake may have, on the chart and the page (worst reddest)."""

LINE_INK, BAND_INK, RULE_INK = CHART_COLORS[0], "#8c8c8c", "#9a9a9a"
Y_LABEL = "expected points (lower is better)"
"""What the chart's height measures: the review's ``expected``, the seat's expected
margin for the round from that decision (its points at the round's end minus the
others' mean; points count against a player, so lower is better)."""


def _se(estimate) -> float:
    """An Estimate's standard error, 0 where it could not be measured (NaN: one world)."""
    return 0.0 if estimate.se != estimate.se else estimate.se



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



# -- the chart ------------------------------------------------------------------------------
def _num(v: float) -> str:
    return f"{v:.1f}"


def _ticks(low: float, high: float, most: int = 8) -> list[float]:
    """Round values to label an axis from ``low`` to ``high``: steps of 1, 2 or 5 times a
    power of ten, no more than ``most`` of them."""
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



def luck_chart_svg(review) -> str:
    """Luck (the cards) and skill lost (the decisions), each summed over the match, at each
    measured decision (:func:`tenpennies.review.luck.luck_and_skill`'s steps), round after round."""
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



__all__ = ["GRADE_INKS", "Y_LABEL", "chart_svg", "interval_words", "luck_chart_svg", "mistake_numbers"]
