"""Pictures of cards, hands, sets and the table, as SVG text.

Notebooks show them through ``_repr_svg_`` hooks on :class:`~tenpennies.cards.Card`,
:class:`~tenpennies.cards.Hand`, :class:`~tenpennies.match.Match` and
:class:`~tenpennies.view.PlayerView`; the core imports this module only when a picture is
asked for. The output is plain deterministic text (no ids, no timestamps), so saved
notebooks compare byte for byte, and each picture carries a ``<desc>`` with the same
content in notation for readers that cannot see it.

Every picture is made of :class:`~tenpennies.layout.Shape` values from
:mod:`tenpennies.layout` (where each card sits, what a card face shows); this module only
writes them as SVG elements, as :mod:`tenpennies.widgets` draws them on the canvas, so
the pictures in notebooks and the live table look the same. ``four_colour=True`` gives
each suit its own ink.

    >>> from tenpennies import Hand
    >>> svg = hand_svg(Hand("7S 7H JK"))
    >>> svg.startswith("<svg") and "<desc>7S 7H JK</desc>" in svg
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence
from xml.sax.saxutils import escape

from .cards import Card, format_cards
from .layout import CARD_H, CARD_W, ROW_STEP, Shape, TableLayout, card_row, paint, row_width, table_layout
from .rules import TEN_PENNIES, RuleSet

if TYPE_CHECKING:
    from .match import Match
    from .view import PlayerView

FONT = "font-family='DejaVu Sans, Arial, sans-serif'"
_ANCHORS = {"start": "", "middle": " text-anchor='middle'", "end": " text-anchor='end'"}


def _num(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.1f}"


def shape_svg(shape: Shape) -> str:
    """One :class:`~tenpennies.layout.Shape` as an SVG element."""
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
    """A laid-out table (see :func:`tenpennies.layout.table_layout`) as SVG."""
    return shapes_svg(paint(layout, four_colour=four_colour), layout.width, layout.height, desc)


STEP = ROW_STEP
"""The overlap step of a fanned row of cards (:data:`tenpennies.layout.ROW_STEP`)."""


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
