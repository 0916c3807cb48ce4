"""Pictures of cards, hands, sets and the table, as SVG text.

Notebooks show them through ``_repr_svg_`` hooks on :class:`~tenpennies.engine.cards.Card`,
:class:`~tenpennies.engine.cards.Hand`, :class:`~tenpennies.play.match.Match` and
:class:`~tenpennies.play.view.PlayerView`; the core imports this module only when a picture is
asked for. The output is plain deterministic text (no ids, no timestamps), so saved
notebooks compare byte for byte, and each picture carries a ``<desc>`` with the same
content in notation for readers that cannot see it.

Every picture is made of :class:`~tenpennies.pictures.layout.Shape` values from
:mod:`tenpennies.pictures.layout` (where each card sits, what a card face shows); this module only
writes them as SVG elements, as :mod:`tenpennies.widgets` draws them on the canvas, so
the pictures in notebooks and the live table look the same. ``four_colour=True`` gives
each suit its own ink.

    >>> from tenpennies import Hand
    >>> svg = hand_svg(Hand("7S 7H JK"))
    >>> svg.startswith("<svg") and "<desc>7S 7H JK</desc>" in svg
    True
"""

from __future__ import annotations

import math
import re

from typing import TYPE_CHECKING, Iterable, Sequence
from xml.sax.saxutils import escape

from ..engine.cards import RANKS, Card, format_cards
from .layout import CARD_H, CARD_W, ROW_STEP, Shape, TableLayout, card_row, paint, row_width, table_layout
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.words import plural

if TYPE_CHECKING:
    from ..play.match import Match
    from ..play.view import PlayerView

FONT = "font-family='DejaVu Sans, Arial, sans-serif'"
_ANCHORS = {"start": "", "middle": " text-anchor='middle'", "end": " text-anchor='end'"}


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def shape_svg(shape: Shape) -> str:
    """One :class:`~tenpennies.pictures.layout.Shape` as an SVG element."""
    if shape.kind == "rect":
        fill = shape.fill or "none"
        stroke = f" stroke='{shape.stroke}' stroke-width='{_num(shape.line)}'" if shape.stroke else ""
        return (f"<rect x='{_num(shape.x)}' y='{_num(shape.y)}' width='{_num(shape.w)}' height='{_num(shape.h)}' "
                f"rx='{_num(shape.radius)}' fill='{fill}'{stroke}/>")
    weight = " font-weight='bold'" if shape.bold else ""
    return (f"<text x='{_num(shape.x)}' y='{_num(shape.y)}' font-size='{shape.size}'{weight}"
            f"{_ANCHORS[shape.anchor]} fill='{shape.fill}' {FONT}>{escape(shape.text)}</text>")


def _label(text: str, x: int, y: int, size: int = 13, weight: str = "normal") -> str:
    """A line of dark text, for pictures drawn on white (charts, stacked pictures)."""
    return f"<text x='{x}' y='{y}' font-size='{size}' font-weight='{weight}' fill='#222' {FONT}>{escape(text)}</text>"


def _svg(width: float, height: float, desc: str, body: str) -> str:
    """The picture's frame: size, view box and the ``<desc>`` text fallback."""
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{_num(width)}' height='{_num(height)}' "
            f"viewBox='0 0 {_num(width)} {_num(height)}'><desc>{escape(desc)}</desc>{body}</svg>")


def shapes_svg(shapes: Iterable[Shape], width: float, height: float, desc: str) -> str:
    """A whole picture from shapes, drawn in layer order (as the canvas layers stack)."""
    return _svg(width, height, desc, "".join(shape_svg(s) for s in sorted(shapes, key=lambda s: s.layer)))


def layout_svg(layout: TableLayout, desc: str, four_colour: bool = False) -> str:
    """A laid-out table (see :func:`tenpennies.pictures.layout.table_layout`) as SVG."""
    return shapes_svg(paint(layout, four_colour=four_colour), layout.width, layout.height, desc)


STEP = ROW_STEP
"""The overlap step of a fanned row of cards (:data:`tenpennies.pictures.layout.ROW_STEP`)."""


def _row(cards: Sequence[Card | None], x: float, y: float,
         wild: Sequence[bool] | None = None) -> tuple[str, float]:
    """A fanned row of cards as SVG elements (``None`` is a back), and its width."""
    regions = card_row(cards, x, y, STEP, wild=wild)
    shapes = paint(TableLayout(0, 0, tuple(regions)), felt=False)
    return "".join(shape_svg(s) for s in shapes), row_width(len(cards), STEP)


def card_svg(card: Card, wild: bool = False, four_colour: bool = False) -> str:
    """One card, framed in gold when ``wild``."""
    region = card_row([card], 2, 2, wild=[wild] * 53)[0]
    return shapes_svg(paint(TableLayout(CARD_W + 4, CARD_H + 4, (region,)), four_colour=four_colour, felt=False),
                      CARD_W + 4, CARD_H + 4, str(card))


def hand_svg(cards: Iterable[Card], round_no: int | None = None, rules: RuleSet = TEN_PENNIES,
             label: str | None = None, four_colour: bool = False) -> str:
    """A fanned hand; with ``round_no``, that round's wild cards are framed in gold."""
    cards = list(cards)
    wild = rules.wild_table(round_no) if round_no is not None else None
    top = 18 if label else 2
    regions = card_row(cards, 2, top, ROW_STEP, wild=wild)
    width = max((len(cards) - 1) * ROW_STEP + CARD_W + 4 if cards else 0, 60)
    height = top + CARD_H + 2
    shapes = paint(TableLayout(width, height, tuple(regions)), four_colour=four_colour, felt=False)
    if label:
        shapes = (Shape("text", 2, 13, text=label, size=13, bold=True, fill="#222222"),) + shapes
    return shapes_svg(shapes, width, height, format_cards(cards))


def match_svg(match: "Match", show_hands: bool = True, four_colour: bool = False) -> str:
    """The whole table: every hand (face down with ``show_hands=False``), the sets, the piles."""
    view = match.view(0)
    hands = {s: match.hand(s) for s in range(match.rules.players)} if show_hands else None
    return layout_svg(table_layout(view, viewer=None, hands=hands), match.describe(show_hands), four_colour)


def view_svg(view: "PlayerView", four_colour: bool = False) -> str:
    """One seat's view: its own hand face up at the bottom, the others' face down."""
    return layout_svg(table_layout(view), str(view), four_colour)


# -- pictures of cards in groups (sets, arrangements, plans, actions) -------------------
def groups_svg(groups: Sequence[tuple[str, Sequence[Card]]], round_no: int | None = None,
               rules: RuleSet = TEN_PENNIES, title: str | None = None, desc: str | None = None,
               width: int = 640) -> str:
    """Labelled groups of cards side by side, wrapping at ``width``; with ``round_no``,
    that round's wild cards are framed in gold. The building block of the pictures below.

    Each group is a :func:`hand_svg` picture placed in this one (SVG nests), so the groups
    look exactly like hands, however hands are drawn.
    """
    parts = [f"<text x='2' y='15' font-size='14' font-weight='bold' fill='#222' {FONT}>{escape(title)}</text>"
             ] if title else []
    x = 0
    right = 9 * len(title) + 4 if title else 0
    y = line = 22 if title else 0
    for label, cards in groups:
        picture = hand_svg(cards, round_no, rules, label=label or None)
        w, h = (float(v) for v in re.search(r"width='([\d.]+)' height='([\d.]+)'", picture).groups())
        w = max(w, 8 * len(label) + 4)  # room for the label, which may be wider than the cards
        if x + w > width and x > 0:
            x, y = 0, line
        parts.append(picture.replace("<svg ", f"<svg x='{x:g}' y='{y:g}' overflow='visible' ", 1))
        x += w + 10
        right, line = max(right, x), max(line, y + h + 4)
    text = desc if desc is not None else "; ".join(f"{label}: {format_cards(c)}" for label, c in groups)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{max(right, 60):g}' height='{line:g}' "
            f"viewBox='0 0 {max(right, 60):g} {line:g}'><desc>{escape(text)}</desc>{''.join(parts)}</svg>")


def table_set_svg(table_set) -> str:
    """One meld on the table, labelled with its owner; a run's cards in rank order, each
    wild at the place it stands for, labelled with the ranks it runs between."""
    label = f"seat {table_set.owner}"
    if table_set.rank is None and table_set.cards:  # a run (C3): say where it runs
        label += f" {RANKS[table_set.ranks[0] - 1]}-{RANKS[table_set.ranks[-1] - 1]}"
    return groups_svg([(label, table_set.cards)], desc=str(table_set))


def arrangement_svg(arrangement) -> str:
    """A contract arrangement: its sets side by side, wilds framed in gold."""
    groups = [(f"set {i + 1}", s) for i, s in enumerate(arrangement.sets)]
    wilds = plural(arrangement.wilds, 'wild')
    title = f"round {arrangement.round_no}: {wilds}, {arrangement.points} pts laid down"
    return groups_svg(groups, arrangement.round_no, title=title, desc=str(arrangement))


def missing_svg(missing) -> str:
    """What a hand lacks: how many cards, and the outs as cards."""
    needed = missing.cards_needed
    title = ("the contract is there" if needed == 0 else "no cards can complete it" if needed is None
             else f"{plural(needed, 'more card')} needed; outs:")
    return groups_svg([("", missing.outs)] if missing.outs else [], missing.round_no,
                      title=title, desc=str(missing))


def plan_svg(plan) -> str:
    """A go-out plan, step by step from left to right."""
    round_no = plan.lay_down.round_no if plan.lay_down is not None else None
    groups = [(f"lay down {i + 1}", s) for i, s in enumerate(plan.lay_down.sets)] if plan.lay_down else []
    groups += [("meld", m) for m in plan.melds]
    groups += [(f"add to set {n}", cards) for n, cards in plan.additions]
    groups.append(("discard", (plan.discard,)) if plan.discard is not None else ("out, no discard", ()))
    return groups_svg(groups, round_no, desc=str(plan))


def action_svg(action) -> str:
    """An action that moves cards (lay down, meld, add to set, discard), as its cards."""
    sets = getattr(action, "sets", None)
    if sets is not None:
        groups = [(f"set {i + 1}", s) for i, s in enumerate(sets)]
    else:
        groups = [("", action.cards if hasattr(action, "cards") else (action.card,))]
    return groups_svg(groups, title=f"seat {action.seat}: {action.text}", desc=action.text)


# ---------------------------------------------------------------------------------
# Charts for the lessons and explorers: plain SVG text, so they need no plotting
# library and show alike in Jupyter, on GitHub, in nbval and in JupyterLite.
# ---------------------------------------------------------------------------------
CHART_COLORS = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860")
BAND_COLOR = "#8c8c8c"
"""A labelled band's grey: no series is drawn in it."""


def _n(x: float) -> str:
    # Coordinates rounded to a tenth: short, and identical run to run.
    return f"{x:.1f}"


def _legend(names: Sequence[str], x: int, y: int) -> str:
    parts = []
    for i, name in enumerate(names):
        color = CHART_COLORS[i % len(CHART_COLORS)]
        parts.append(f"<rect x='{x}' y='{y - 9}' width='10' height='10' fill='{color}'/>")
        parts.append(_label(name, x + 14, y, size=11))
        x += 24 + 7 * len(name)
    return "".join(parts)


def bar_chart_svg(labels: Sequence[str], series: Sequence[tuple[str, Sequence[float]]], *,
                  title: str = "", log_low: float | None = None,
                  fmt=lambda v: f"{v:.2%}") -> str:
    """Grouped bars: one group per label, one bar per series, each marked with ``fmt(value)``.

    With ``log_low`` the bars grow with ``log10(value / log_low)``, up to 1, so that a
    chance of 9% and one of 0.001% both show (values at or below ``log_low`` draw no
    bar). The ``<desc>`` lists every value in words.

    >>> svg = bar_chart_svg(["round 1", "round 2"], [("odds", [0.5, 0.25])], title="t")
    >>> "<desc>t: odds: round 1 50.00%, round 2 25.00%</desc>" in svg
    True
    """
    groups, per = len(labels), max(1, len(series))
    bar_w = 16 if per > 1 else 26
    group_w = per * bar_w + 22
    left, top, plot_h = 8, 46 if title else 30, 170
    width = max(left + groups * group_w + 8, 260)
    top_value = max((v for _, values in series for v in values), default=1.0) or 1.0

    def height(v: float) -> float:
        if log_low is not None:
            if v <= log_low:
                return 0.0
            return plot_h * math.log10(v / log_low) / math.log10(max(top_value, 1.0) / log_low)
        return plot_h * v / top_value

    parts = [_label(title, 4, 16, size=14, weight="bold")] if title else []
    parts.append(_legend([name for name, _ in series], 8, top - 10))
    base = top + plot_h
    parts.append(f"<line x1='{left}' y1='{base}' x2='{width - 4}' y2='{base}' stroke='#444'/>")
    for g, label in enumerate(labels):
        x0 = left + g * group_w + 10
        for s, (_, values) in enumerate(series):
            v = values[g]
            h = height(v)
            x = x0 + s * bar_w
            color = CHART_COLORS[s % len(CHART_COLORS)]
            parts.append(f"<rect x='{x}' y='{_n(base - h)}' width='{bar_w - 3}' height='{_n(h)}' "
                         f"fill='{color}'/>")
            parts.append(f"<text x='{_n(x + (bar_w - 3) / 2)}' y='{_n(base - h - 3)}' font-size='9' "
                         f"text-anchor='end' transform='rotate(-90 {_n(x + (bar_w - 3) / 2)} "
                         f"{_n(base - h - 3)})' fill='#222' {FONT}>{escape(fmt(v))}</text>"
                         if h < plot_h - 40 else
                         f"<text x='{_n(x + (bar_w - 3) / 2)}' y='{_n(base - h + 3)}' font-size='9' "
                         f"text-anchor='end' transform='rotate(-90 {_n(x + (bar_w - 3) / 2)} "
                         f"{_n(base - h + 3)})' fill='white' {FONT}>{escape(fmt(v))}</text>")
        parts.append(f"<text x='{_n(x0 + per * bar_w / 2 - 2)}' y='{base + 15}' font-size='11' "
                     f"text-anchor='middle' fill='#222' {FONT}>{escape(label)}</text>")
    desc = (f"{title}: " if title else "") + "; ".join(
        f"{name}: " + ", ".join(f"{label} {fmt(v)}" for label, v in zip(labels, values))
        for name, values in series)
    return _svg(width, base + 24, desc, "".join(parts))


def line_chart_svg(series: Sequence[tuple[str, Sequence[tuple[float, float]]]], *,
                   title: str = "", x_label: str = "", y_label: str = "",
                   log_x: bool = False, y_range: tuple[float, float] | None = None,
                   band: Sequence[tuple[float, float, float]] = (),
                   fmt=lambda v: f"{v:.3g}",
                   x_ticks: Sequence[float] | None = None, y_ticks: Sequence[float] | None = None,
                   band_label: str = "") -> str:
    """Lines through ``(x, y)`` points, one colour per series, with an optional shaded
    ``band`` of ``(x, low, high)``; ``log_x`` spaces x by its logarithm.

    ``x_ticks`` and ``y_ticks`` name the values to label (round ones read best), instead
    of five evenly spaced ones. A ``band_label`` gives the band a colour of its own, no
    series' colour, and a legend entry of that name.

    >>> svg = line_chart_svg([("y = x", [(1, 1), (2, 2)])], title="t")
    >>> svg.count("<polyline") == 1 and "<desc>t: y = x: (1, 1) to (2, 2)</desc>" in svg
    True
    """
    left, right, top, plot_w, plot_h = 52, 16, 46 if title else 30, 420, 200
    xs = [x for _, pts in series for x, _ in pts] + [b[0] for b in band]
    ys = [y for _, pts in series for _, y in pts] + [v for b in band for v in b[1:]]
    fx = (lambda x: math.log10(x)) if log_x else (lambda x: x)
    x_lo, x_hi = fx(min(xs)), fx(max(xs))
    y_lo, y_hi = y_range if y_range else (min(0.0, min(ys)), max(ys) or 1.0)
    x_span, y_span = (x_hi - x_lo) or 1.0, (y_hi - y_lo) or 1.0

    def point(x: float, y: float) -> str:
        y = min(max(y, y_lo), y_hi)
        return f"{_n(left + plot_w * (fx(x) - x_lo) / x_span)},{_n(top + plot_h * (1 - (y - y_lo) / y_span))}"

    parts = [_label(title, 4, 16, size=14, weight="bold")] if title else []
    parts.append(_legend([name for name, _ in series], left, top - 10))
    # Unlabelled, the band keeps its old colour (the second series', as the saved lessons
    # show it); labelled, it gets one no line uses, with its swatch after the series'.
    band_fill = BAND_COLOR if band_label else CHART_COLORS[1]
    if band_label:
        swatch_x = left + sum(24 + 7 * len(name) for name, _ in series)
        parts.append(f"<rect x='{swatch_x}' y='{top - 19}' width='10' height='10' fill='{band_fill}' "
                     f"fill-opacity='0.35'/>" + _label(band_label, swatch_x + 14, top - 10, size=11))
    if band:
        outline = [point(x, hi) for x, _, hi in band] + [point(x, lo) for x, lo, _ in reversed(band)]
        parts.append(f"<polygon points='{' '.join(outline)}' fill='{band_fill}' "
                     f"fill-opacity='{0.35 if band_label else 0.25}'/>")
    base, right_edge = top + plot_h, left + plot_w
    parts.append(f"<path d='M{left},{top} V{base} H{right_edge}' fill='none' stroke='#444'/>")
    for y in (y_ticks if y_ticks is not None else [y_lo + y_span * i / 4 for i in range(5)]):
        parts.append(f"<text x='{left - 4}' y='{_n(base - plot_h * (y - y_lo) / y_span + 4)}' font-size='10' "
                     f"text-anchor='end' fill='#444' {FONT}>{escape(fmt(y))}</text>")
    ticks = (list(x_ticks) if x_ticks is not None
             else [10 ** e for e in range(math.ceil(x_lo), math.floor(x_hi) + 1)] if log_x
             else [x_lo + x_span * i / 4 for i in range(5)])
    for x in ticks:
        parts.append(f"<text x='{_n(left + plot_w * (fx(x) - x_lo) / x_span)}' y='{base + 14}' "
                     f"font-size='10' text-anchor='middle' fill='#444' {FONT}>{escape(fmt(x))}</text>")
    if x_label:
        parts.append(f"<text x='{left + plot_w / 2}' y='{base + 30}' font-size='11' text-anchor='middle' "
                     f"fill='#222' {FONT}>{escape(x_label)}</text>")
    if y_label:
        parts.append(f"<text x='12' y='{top + plot_h / 2}' font-size='11' text-anchor='middle' "
                     f"transform='rotate(-90 12 {top + plot_h / 2})' fill='#222' {FONT}>{escape(y_label)}</text>")
    for i, (_, pts) in enumerate(series):
        color = CHART_COLORS[i % len(CHART_COLORS)]
        line = " ".join(point(x, y) for x, y in pts)
        parts.append(f"<polyline points='{line}' fill='none' stroke='{color}' stroke-width='1.6'/>")
        if len(pts) <= 12:
            for x, y in pts:
                cx, cy = point(x, y).split(",")
                parts.append(f"<circle cx='{cx}' cy='{cy}' r='2.5' fill='{color}'/>")
    desc = (f"{title}: " if title else "") + "; ".join(
        f"{name}: ({fmt(pts[0][0])}, {fmt(pts[0][1])}) to ({fmt(pts[-1][0])}, {fmt(pts[-1][1])})"
        for name, pts in series if pts)
    return _svg(left + plot_w + right, base + (36 if x_label else 20), desc, "".join(parts))


def stack_svg(pictures: Sequence[str], labels: Sequence[str] | None = None, gap: int = 6) -> str:
    """Several SVG pictures (as made here) one under another, as one picture, each
    under its line of ``labels`` when given (the picture widens to fit the words).

    >>> both = stack_svg([card_svg(Card("7S")), card_svg(Card("JK"))], ["a spade", "a joker"])
    >>> both.count("<svg") == 3 and "<desc>a spade: 7S / a joker: JK</desc>" in both
    True
    """
    parts, descs, y, width = [], [], 0, 0
    for i, picture in enumerate(pictures):
        w, h = (int(float(v)) for v in re.match(r"<svg[^>]* width='([\d.]+)' height='([\d.]+)'", picture).groups())
        desc = re.search(r"<desc>(.*?)</desc>", picture)
        text = desc.group(1) if desc else ""  # already escaped
        label = labels[i] if labels else ""
        if label:
            parts.append(_label(label, 2, y + 13, weight="bold"))
            text = f"{escape(label)}: {text}"
            width = max(width, 8 * len(label) + 8)  # bold 13px text: about 8px a character
            y += 18
        descs.append(text)
        parts.append(picture.replace("<svg ", f"<svg x='0' y='{y}' ", 1))
        y += h + gap
        width = max(width, w)
    height = max(0, y - gap)
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
            f"viewBox='0 0 {width} {height}'><desc>{' / '.join(descs)}</desc>{''.join(parts)}</svg>")


def message_svg(text: str) -> str:
    """A line of text as a picture, where a chart cannot be drawn (say why)."""
    return _svg(max(200, 7 * len(text) + 12), 28, text, _label(text, 4, 18))



def rate_bars_svg(labels: Sequence[str], rates: Sequence[float], notes: Sequence[str], *,
                  title: str = "", empty: str = "Nothing to show yet.") -> str:
    """One horizontal bar per label, as long as its rate (0 to 1), with a note at its end.

    For rates with long labels (a learner's themes by success): the labels read across,
    the bars line up on one scale, 0% to 100%. The ``<desc>`` lists each label and note.

    >>> svg = rate_bars_svg(["joker", "runs"], [0.25, 1.0], ["25% of 4", "100% of 1"], title="t")
    >>> "<desc>t: joker 25% of 4; runs 100% of 1</desc>" in svg
    True
    """
    if not labels:
        return message_svg(empty)
    label_w = 8 + 7 * max(len(label) for label in labels)
    bar_w, row_h, top = 220, 22, 30 if title else 8
    note_w = 8 + 7 * max(len(note) for note in notes)
    width = label_w + bar_w + note_w + 8
    parts = [_label(title, 4, 18, size=14, weight="bold")] if title else []
    for i, (label, rate, note) in enumerate(zip(labels, rates, notes)):
        y = top + i * row_h
        rate = min(1.0, max(0.0, rate))
        color = CHART_COLORS[0] if rate >= 0.5 else CHART_COLORS[1]
        parts.append(_label(label, 4, y + 15, size=12))
        parts.append(f"<rect x='{label_w}' y='{y + 3}' width='{bar_w}' height='{row_h - 6}' fill='#eee'/>")
        parts.append(f"<rect x='{label_w}' y='{y + 3}' width='{_n(bar_w * rate)}' height='{row_h - 6}' "
                     f"fill='{color}'/>")
        parts.append(_label(note, label_w + bar_w + 6, y + 15, size=11))
    desc = (f"{title}: " if title else "") + "; ".join(f"{label} {note}" for label, note in zip(labels, notes))
    return _svg(width, top + len(labels) * row_h + 6, desc, "".join(parts))
