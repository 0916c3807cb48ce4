"""Pictures of cards, hands, sets and the table, as SVG text.

Notebooks show them through ``_repr_svg_`` hooks on :class:`~tenpennies.cards.Card`,
:class:`~tenpennies.cards.Hand`, :class:`~tenpennies.match.Match` and
:class:`~tenpennies.view.PlayerView`; the core imports this module only when a picture is
asked for. The output is plain deterministic text (no ids, no timestamps), so saved
notebooks compare byte for byte, and each picture carries a ``<desc>`` with the same
content in notation for readers that cannot see it.

    >>> from tenpennies import Hand
    >>> svg = hand_svg(Hand("7S 7H JK"))
    >>> svg.startswith("<svg") and "<desc>7S 7H JK</desc>" in svg
    True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence
from xml.sax.saxutils import escape

from .cards import format_cards, Card
from .layout import CARD_H, CARD_W, ROW_STEP, Shape, card_row, paint, table_layout, TableLayout
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


def shapes_svg(shapes: Iterable[Shape], width: float, height: float, desc: str) -> str:
    """A whole picture from shapes, drawn in layer order (as the canvas layers stack)."""
    body = "".join(shape_svg(s) for s in sorted(shapes, key=lambda s: s.layer))
    return (f"<svg xmlns='http://www.w3.org/2000/svg' width='{_num(width)}' height='{_num(height)}' "
            f"viewBox='0 0 {_num(width)} {_num(height)}'><desc>{escape(desc)}</desc>{body}</svg>")


def layout_svg(layout: TableLayout, desc: str, four_colour: bool = False) -> str:
    """A laid-out table (see :func:`tenpennies.layout.table_layout`) as SVG."""
    return shapes_svg(paint(layout, four_colour=four_colour), layout.width, layout.height, desc)


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
import re  # noqa: E402  (kept with the functions below that use it, for an easy merge)

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
    """One set on the table, labelled with its owner."""
    return groups_svg([(f"seat {table_set.owner}", table_set.cards)], desc=str(table_set))


def arrangement_svg(arrangement) -> str:
    """A contract arrangement: its sets side by side, wilds framed in gold."""
    groups = [(f"set {i + 1}", s) for i, s in enumerate(arrangement.sets)]
    wilds = f"{arrangement.wilds} wild{'s' if arrangement.wilds != 1 else ''}"
    title = f"round {arrangement.round_no}: {wilds}, {arrangement.points} pts laid down"
    return groups_svg(groups, arrangement.round_no, title=title, desc=str(arrangement))


def missing_svg(missing) -> str:
    """What a hand lacks: how many cards, and the outs as cards."""
    needed = missing.cards_needed
    title = ("the contract is there" if needed == 0 else "no cards can complete it" if needed is None
             else f"{needed} more card{'s' if needed != 1 else ''} needed; outs:")
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
