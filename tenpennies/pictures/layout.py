"""Where everything on the table sits, and what a card face shows, as frozen values.

One home for card geometry: :func:`table_layout` gives every card, set, pile and seat
of a table picture a :class:`Rect`; :func:`paint` turns a layout into :class:`Shape`
values (rounded rectangles and text), and :func:`card_shapes` says what one card face
is made of (large rank and suit in the corner, a big pip, a clear joker, the round's
wilds framed in gold and marked "wild"). The SVG pictures (:mod:`tenpennies.pictures.svg`) and
the live canvas (:mod:`tenpennies.widgets`) both only translate shapes, so the two
cannot drift apart, and a click on the canvas is hit-tested here
(:meth:`TableLayout.hit`), without a browser.

What is laid out comes from one seat's :class:`~tenpennies.play.view.PlayerView`: another
seat's hand is a row of card backs unless ``hands`` are given explicitly (the teacher's
all-hands view), so a picture made for a seat cannot show what that seat may not see.

    >>> from tenpennies import Match
    >>> layout = table_layout(Match(seed=7).view(0))
    >>> first = layout.regions_of("hand")[0]
    >>> layout.hit(first.rect.x + 2, first.rect.y + 30) == first
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence

from ..engine.cards import RANKS, SUIT_SYMBOLS, Card
from ..engine.words import plural
from ..play.match import Phase

if TYPE_CHECKING:
    from ..play.view import PlayerView

CARD_W, CARD_H = 50, 70
"""A card's size in pixels, everywhere."""
HAND_STEP = 38  # the seat's own hand: wide enough to read and click each card
CORNER_W = 27
"""How much of a card's left edge tells it: the rank, the suit, a joker's letters and the
"wild" tag all lie within it, so a card covered beyond it by the next is still read whole."""
ROW_STEP = 28   # face-up cards in a fanned row or a table meld: the corner (CORNER_W) stays visible
BACK_STEP = 12  # face-down cards: only their number matters
RAISE = 14      # how far a selected card rises out of the hand
GAP = 14        # the space between groups of a hand shown as the solver groups it
WIDTH = 900
APP_WIDTH, APP_HEIGHT = 940, 640
"""The app's table: its width, and the most it may be tall (``table_layout``'s
``max_height``); with the scores and the log beside it and the buttons below, a 1366x768
screen holds the page without scrolling (``tests/browser/test_table_fits.py``)."""

FELT, FELT_EDGE, INK_ON_FELT = "#1f6b3f", "#14502e", "#f4f1de"
FACE, FACE_EDGE, WILD_EDGE, WILD_INK = "#ffffff", "#888888", "#d4a017", "#9a7300"
BACK, BACK_EDGE, BACK_LINE = "#2e5d8a", "#173450", "#8fb3d9"
SELECT_EDGE, TARGET_EDGE, LAST_EDGE = "#2d7ff9", "#f5c542", "#ff7f2a"
"""Outlines: a selected card, a set a selection may go to, the card another seat just moved."""
JOKER_INK = "#6c3483"
TWO_COLOURS = {"S": "#1b1b1b", "H": "#c0392b", "D": "#c0392b", "C": "#1b1b1b"}
FOUR_COLOURS = {"S": "#1b1b1b", "H": "#c0392b", "D": "#1f5fbf", "C": "#1e8449"}
"""Suit inks; the four-colour deck tells diamonds from hearts and clubs from spades at a glance."""

TEXT_SIZES = {"title": 16, "label": 13, "small": 11}
"""Font sizes of the text styles, in pixels."""

CLICKABLE = ("hand", "set", "stock", "discard")
"""Region kinds a click can mean; the others are only drawn."""


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in pixels; ``(x, y)`` is its top-left corner."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Region:
    """One laid-out thing: a card, a set, a pile, a seat's panel, or a line of text.

    ``kind`` is one of ``"hand"`` (a card of the viewing seat's hand; ``index`` is its
    position in the hand as shown), ``"card"`` (a face-up card elsewhere), ``"back"``
    (a face-down card), ``"set"`` (a table set; ``index`` is its set number),
    ``"stock"``, ``"discard"``, ``"seat"`` (a seat's panel; ``seat`` says whose) and
    ``"text"``. Text regions carry ``text`` and a ``style`` (``title``, ``label``,
    ``small``).
    """

    kind: str
    rect: Rect
    card: Card | None = None
    index: int | None = None
    seat: int | None = None
    wild: bool = False
    selected: bool = False
    text: str = ""
    style: str = ""
    focused: bool = False  # the hand's card the keyboard is on
    marked: bool = False   # the card another seat just discarded (outlined in LAST_EDGE)


@dataclass(frozen=True)
class TableLayout:
    """A laid-out table: its size and its regions, in drawing order."""

    width: int
    height: int
    regions: tuple[Region, ...]

    def hit(self, x: float, y: float) -> Region | None:
        """The clickable region under the point, the one drawn last (on top) first."""
        for region in reversed(self.regions):
            if region.kind in CLICKABLE and region.rect.contains(x, y):
                return region
        return None

    def regions_of(self, kind: str) -> tuple[Region, ...]:
        return tuple(r for r in self.regions if r.kind == kind)

    def cards_shown(self) -> tuple[Card, ...]:
        """Every face-up card in the picture (what a seat's picture may show, T20)."""
        return tuple(r.card for r in self.regions if r.card is not None)


@dataclass(frozen=True)
class Shape:
    """One drawing instruction, the same for SVG and the canvas.

    ``kind`` ``"rect"`` (``x, y, w, h``, corner ``radius``, ``fill`` and/or ``stroke``
    of width ``line``) or ``"text"`` (``text`` at baseline ``(x, y)``, ``size`` pixels,
    ``bold``, ``anchor`` ``start | middle | end``, filled with ``fill``). ``layer`` is
    0 for the felt, 1 for cards and words, 2 for highlights: the canvas draws each on
    its own layer, SVG draws them in layer order.
    """

    kind: str
    x: float
    y: float
    w: float = 0
    h: float = 0
    radius: float = 0
    fill: str | None = None
    stroke: str | None = None
    line: float = 1
    text: str = ""
    size: int = 12
    bold: bool = False
    anchor: str = "start"
    layer: int = 1


# -- one card ------------------------------------------------------------------------------
def rank_text(card: Card) -> str:
    """What the corner shows: 'A', '7', '10', 'K' ('JK' for the joker)."""
    if card.suit is None:
        return "JK"
    return "10" if card.rank == 10 else RANKS[card.rank - 1]


def card_shapes(card: Card | None, x: float, y: float, wild: bool = False,
                four_colour: bool = False) -> tuple[Shape, ...]:
    """The shapes of one card with its top-left corner at ``(x, y)``; ``None`` is a back.

    The rank and suit sit large in the top-left corner, which stays visible when cards
    overlap in a fan; a big pip fills the rest. A joker spells JOKER down its corner
    around a star. A wild card of the round gets a thick gold frame and the word "wild".
    """
    if card is None:
        return (Shape("rect", x, y, CARD_W, CARD_H, radius=5, fill=BACK, stroke=BACK_EDGE),
                Shape("rect", x + 5, y + 5, CARD_W - 10, CARD_H - 10, radius=3, stroke=BACK_LINE))
    frame = Shape("rect", x, y, CARD_W, CARD_H, radius=5, fill=FACE,
                  stroke=WILD_EDGE if wild else FACE_EDGE, line=3 if wild else 1)
    if card.suit is None:
        corner = tuple(Shape("text", x + 9, y + 14 + 10 * i, text=ch, size=11, bold=True, anchor="middle",
                             fill=JOKER_INK) for i, ch in enumerate("JOKER"))
        body = (Shape("text", x + CARD_W / 2 + 7, y + CARD_H - 16, text="★", size=28, anchor="middle",
                      fill=JOKER_INK),)
        shapes = (frame, *corner, *body)
    else:
        ink = (FOUR_COLOURS if four_colour else TWO_COLOURS)[card.suit]
        symbol = SUIT_SYMBOLS[card.suit]
        shapes = (
            frame,
            Shape("text", x + 12, y + 20, text=rank_text(card), size=18, bold=True, anchor="middle", fill=ink),
            Shape("text", x + 12, y + 38, text=symbol, size=17, anchor="middle", fill=ink),
            Shape("text", x + CARD_W / 2 + 8, y + CARD_H - 10, text=symbol, size=30, anchor="middle", fill=ink),
        )
    if wild:
        shapes += (Shape("text", x + 4, y + CARD_H - 5, text="wild", size=9, bold=True, fill=WILD_INK),)
    return shapes


# -- rows of cards -------------------------------------------------------------------------
def fan_step(count: int, room: float, most: float, least: float = 6.0) -> float:
    """The overlap step that fits ``count`` cards in ``room`` pixels, at most ``most`` and
    at least ``least`` (backs may crowd closer: only their number matters, and it is said)."""
    if count <= 1:
        return most
    return max(least, min(most, (room - CARD_W) / (count - 1)))


def row_width(count: int, step: float) -> float:
    return (count - 1) * step + CARD_W if count else 0


def card_row(cards: Sequence[Card | None], x: float, y: float, step: float = ROW_STEP, *,
             wild: Sequence[bool] | None = None, kind: str | None = None, seat: int | None = None,
             selected: Iterable[int] = (), gaps: Iterable[int] = (), cursor: int | None = None) -> list[Region]:
    """A fanned row of cards as regions; ``None`` entries are backs.

    ``kind`` names face-up cards (default ``"card"``); a hand's selected positions are
    raised by :data:`RAISE` (the row's ``y`` is where unselected cards sit); a gap of
    :data:`GAP` opens before each position in ``gaps`` (between groups of a hand);
    ``cursor`` is the position the keyboard is on.
    """
    chosen, breaks = set(selected), set(gaps)
    out = []
    shift = 0.0
    for i, c in enumerate(cards):
        shift += GAP if i in breaks and i > 0 else 0
        lift = RAISE if i in chosen else 0
        rect = Rect(x + i * step + shift, y - lift, CARD_W, CARD_H)
        if c is None:
            out.append(Region("back", rect, seat=seat, index=i))
        else:
            out.append(Region(kind or "card", rect, card=c, index=i, seat=seat,
                              wild=bool(wild and wild[c.index]), selected=i in chosen, focused=i == cursor))
    return out


def text_width(text: str, style: str) -> float:
    """A generous estimate of a line's width (sans-serif averages about 0.6 em a character)."""
    return len(text) * TEXT_SIZES[style] * 0.62


def _text(text: str, x: float, y: float, style: str = "label", w: float = 0) -> Region:
    size = TEXT_SIZES[style]
    return Region("text", Rect(x, y - size, w, size + 4), text=text, style=style)


# -- the table -----------------------------------------------------------------------------
def seat_name(seat: int, viewer: int | None, names: Mapping[int, str] | None = None) -> str:
    """'you' for the viewing seat, else 'seat 2' (with its bot's name, if given)."""
    if seat == viewer:
        return "you"
    name = (names or {}).get(seat)
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def status_line(view: "PlayerView", viewer: int | None, names: Mapping[int, str] | None = None) -> str:
    """Whose decision it is, in words."""
    phase = getattr(view, "phase", Phase.PLAY)  # a puzzle's seat position has no phase: a turn to play
    if phase is Phase.OVER:
        low = min(view.scores)
        won = [seat_name(s, viewer, names) for s, p in enumerate(view.scores) if p == low]
        return "Match over: " + " and ".join(won) + (" win" if len(won) > 1 or won[0] == "you" else " wins")
    who = seat_name(view.to_act, viewer, names)
    if phase is Phase.OFFER:
        return f"{who[0].upper()}{who[1:]} {'are' if who == 'you' else 'is'} offered {view.top_discard.symbol}"
    # C6: a turn in three steps says which one it is at.
    step = {Phase.MELD: "meld, then take the discard or draw", Phase.DISCARD: "discard"}.get(phase)
    if step:
        return f"Your turn: {step}" if who == "you" else f"{who[0].upper()}{who[1:]} to {step}"
    return "Your turn to play" if who == "you" else f"{who[0].upper()}{who[1:]} to play"


def table_layout(view: "PlayerView", *, viewer: int | None | str = "view",
                 hands: Mapping[int, Sequence[Card]] | None = None,
                 order: Sequence[Card] | None = None, selected: Iterable[int] = (),
                 groups: Sequence[int] | None = None,
                 names: Mapping[int, str] | None = None, width: int = WIDTH,
                 cursor: int | None = None, max_height: int | None = None,
                 happened: str | None = None, last=None) -> TableLayout:
    """Lay out a table from one seat's view.

    ``viewer`` is the seat whose hand is drawn large at the bottom and clickable
    (default: the view's seat); ``None`` draws every seat alike (a whole-table picture).
    ``hands`` shows those seats' hands face up (the teacher's view; never pass it in
    play). ``order`` is the viewer's hand in the order to show it (default: sorted);
    ``selected`` are raised positions in that order; ``groups`` are the sizes of
    consecutive groups of ``order`` to set apart (the contract's sets, pairs, ...);
    ``names`` label bot seats; ``cursor`` is the position of ``order`` the keyboard is
    on (marked under the card). A table meld's cards overlap by no more than leaves
    each one's corner (:data:`CORNER_W`) in sight: its rank, suit and wild tag.
    ``max_height``: when the table would be taller (many melds on it), the other seats'
    panels shrink to their words, their backs left out (the count is in the words).
    ``happened`` is the line said above the hand (what the other seats just did:
    :attr:`tenpennies.front.table.Game.what_happened`); a string, even empty, keeps its row, so
    the table does not jump as it comes and goes, and one too long for the table is cut
    short with an ellipsis. ``last`` (a :class:`tenpennies.explain.narrate.LastMove`) marks the
    card another seat just moved: the top discard outlined, or "bought 9♥" by the buyer.
    """
    options = dict(viewer=viewer, hands=hands, order=order, selected=selected, groups=groups, names=names,
                   width=width, cursor=cursor, happened=happened, last=last)
    layout = _table_layout(view, **options)
    if max_height is not None and layout.height > max_height and not hands:
        layout = _table_layout(view, **options, backs=False)
    return layout


def _table_layout(view, *, viewer, hands, order, selected, groups, names, width, cursor,
                  happened=None, last=None, backs: bool = True) -> TableLayout:
    if viewer == "view":
        viewer = view.seat
    hands = hands or {}
    wild = view.rules.wild_table(view.round_no)
    n = len(view.hand_sizes)
    regions: list[Region] = [
        _text(f"Round {view.round_no} of {view.rules.rounds}: {view.contract.words} · wild: "
              f"{view.rules.wild_words(view.round_no)}", 12, 24, "title"),
        _text(status_line(view, viewer, names), 12, 44),
    ]
    # The other seats, clockwise from the viewer's left, in columns: up to seven others
    # (C1: eight players) fit in two rows of four.
    others = [(viewer + k) % n for k in range(1, n)] if viewer is not None else list(range(n))
    columns = seat_columns(len(others), face_up=viewer is None, width=width)
    col_w = (width - 24) / columns
    y = 58
    panel = 124 if backs else 44
    for k, seat in enumerate(others):
        col, line = k % columns, k // columns
        x, top = 12 + col * col_w, y + line * panel
        shown = hands.get(seat)
        mark = "▶ " if seat == view.to_act else ""
        regions.append(Region("seat", Rect(x, top, col_w - 8, panel - 6), seat=seat))
        took = f" · {last.what} {last.card.symbol}" if last and last.seat == seat and last.what != "discarded" else ""
        regions.append(_text(mark + seat_name(seat, viewer, names) + took, x + 6, top + 16, "label"))
        regions.append(_text(_seat_facts(view, seat), x + 6, top + 32, "small"))
        if backs or shown is not None:
            cards: list[Card | None] = list(shown) if shown is not None else [None] * view.hand_sizes[seat]
            step = (fan_step(len(cards), col_w - 16, ROW_STEP) if shown is not None
                    else fan_step(len(cards), col_w - 16, BACK_STEP, least=1.0))
            regions.extend(card_row(cards, x + 6, top + 40, step, wild=wild, seat=seat))
    y += panel * ((len(others) + columns - 1) // columns)
    # The piles on the left, the sets on the table to their right.
    regions.append(_text(f"stock {view.stock_size}", 12, y + 14, "small"))
    regions.append(_text(f"discard {len(view.discard_pile)}", 76, y + 14, "small"))
    if view.stock_size:
        regions.append(Region("stock", Rect(12, y + 20, CARD_W, CARD_H)))
    top = view.top_discard
    if top is not None:
        just = bool(last) and last.what == "discarded" and last.card == top
        regions.append(Region("discard", Rect(76, y + 20, CARD_W, CARD_H), card=top, wild=bool(wild[top.index]),
                              marked=just, seat=last.seat if just else None))
    left = x = 160
    melds = "melds" if view.rules.has_runs else "sets"
    regions.append(_text("On the table" if view.table else f"No {melds} on the table yet", left, y + 14, "small"))
    row_y = y + 20
    for i, table_set in enumerate(view.table):
        w = row_width(len(table_set.cards), ROW_STEP)
        # The owner by seat number only: the seats' panels above name their bots, and a
        # short label lets more melds share a row.
        label = meld_label(table_set, i, seat_name(table_set.owner, viewer), wild)
        room = max(w, text_width(label, "small"))
        if x + room > width - 12 and x > 12:
            # A new row; below the piles it starts at the table's left edge.
            row_y += CARD_H + 22
            x = left if row_y < y + 20 + CARD_H + 8 else 12
        regions.append(Region("set", Rect(x - 3, row_y - 2, w + 6, CARD_H + 20), index=i, seat=table_set.owner))
        regions.extend(card_row(table_set.cards, x, row_y, ROW_STEP, wild=wild, seat=table_set.owner))
        regions.append(_text(label, x, row_y + CARD_H + 13, "small"))
        x += room + 16
    y = max(y + 20 + CARD_H + 8, row_y + CARD_H + 22)
    if happened is not None:
        regions.append(_text(_fitted(happened, width - 24, "label"), 12, y, "label"))
        y += 20
    if viewer is not None:
        mine = list(order) if order is not None else list(hands.get(viewer, view.hand) if viewer != view.seat
                                                          else view.hand)
        mark = "▶ " if viewer == view.to_act else ""
        who = "Your hand" if viewer == view.seat and not hands else f"{seat_name(viewer, None, names)}'s hand"
        regions.append(Region("seat", Rect(6, y, width - 12, 24 + RAISE + CARD_H + 10), seat=viewer))
        regions.append(_text(f"{mark}{who} · {_seat_facts(view, viewer, len(mine))}", 12, y + 16, "label"))
        starts = [sum(groups[:k]) for k in range(1, len(groups))] if groups else []
        step = fan_step(len(mine), width - 24 - GAP * len(starts), HAND_STEP)
        regions.extend(card_row(mine, 12, y + 24 + RAISE, step, wild=wild, kind="hand", seat=viewer,
                                selected=selected, gaps=starts, cursor=cursor))
        y += 24 + RAISE + CARD_H + 10
    return TableLayout(int(width), int(y + 6), tuple(regions))


def _fitted(text: str, room: float, style: str) -> str:
    """``text`` cut short with an ellipsis (newest words kept: they end the line) to fit ``room``."""
    if text_width(text, style) <= room:
        return text
    while text and text_width("… " + text, style) > room:
        text = text[1:]
    return "… " + text.lstrip()


def meld_label(meld, index: int, owner: str, wild: Sequence[bool]) -> str:
    """The words under a table meld: 'set 0 · seat 2', or for a run 'run 1 · you · JK=T♠':
    a run's cards lie in rank order and each wild says the rank its place stands for (C4)."""
    label = f"{meld.kind.value} {index} · {owner}"
    if meld.kind.value == "run":
        suit = SUIT_SYMBOLS[next(c.suit for c in meld.cards if not wild[c.index])]
        label += "".join(f" · {c}={'10' if r == 10 else RANKS[r - 1]}{suit}"
                         for c, r in zip(meld.cards, meld.ranks) if wild[c.index])
    return label


SEAT_PANEL_W = 180
"""The narrowest a seat's panel of card backs may be: eleven backs and the seat's facts."""


def seat_columns(others: int, face_up: bool = False, width: int = WIDTH) -> int:
    """How many columns the other seats' panels take: three (two for face-up hands) at a
    table of four, four (three) at a bigger table, so eight seats take two rows; a table
    wide enough puts up to five seats of backs in one row (six players, C1), which
    keeps the app's table within a 1366x768 screen."""
    if face_up:
        return 2 if others <= 4 else 3
    if others <= 5 and (width - 24) / others >= SEAT_PANEL_W:
        return max(3, others)
    return 3 if others <= 3 else 4


def _seat_facts(view: "PlayerView", seat: int, cards: int | None = None) -> str:
    cards = view.hand_sizes[seat] if cards is None else cards
    # A rule set without tokens (C9) shows no token counts: there is nothing to count.
    tokens = "" if view.rules.tokens is None else f"{plural(view.tokens[seat], 'token')} · "
    return (f"{plural(cards, 'card')} · {tokens}"
            f"{view.scores[seat]} pts · {'open' if view.opened[seat] else 'not open'}")


# -- painting ------------------------------------------------------------------------------


def paint(layout: TableLayout, *, four_colour: bool = False, felt: bool = True,
          targets: Iterable[int] = ()) -> tuple[Shape, ...]:
    """Every shape of a laid-out table, in layer order (felt, cards and words, highlights).

    ``targets`` are set numbers to outline (sets a selected card may be added to).
    """
    chosen_sets = set(targets)
    shapes: list[Shape] = []
    if felt:
        shapes.append(Shape("rect", 0, 0, layout.width, layout.height, radius=8, fill=FELT, stroke=FELT_EDGE,
                            layer=0))
    highlights: list[Shape] = []
    for r in layout.regions:
        x, y = r.rect.x, r.rect.y
        if r.kind == "text":
            size = TEXT_SIZES[r.style]
            shapes.append(Shape("text", x, y + size, text=r.text, size=size, bold=r.style == "title",
                                fill=INK_ON_FELT))
        elif r.kind in ("hand", "card", "discard"):
            shapes.extend(card_shapes(r.card, x, y, r.wild, four_colour))
            if r.focused:
                # Under the card, where no neighbour covers it: the keyboard's place in the hand.
                highlights.append(Shape("rect", x + 2, y + CARD_H + 3, CORNER_W, 4, radius=2, fill=SELECT_EDGE,
                                        layer=2))
            if r.marked:
                highlights.append(Shape("rect", x - 3, y - 3, CARD_W + 6, CARD_H + 6, radius=7, stroke=LAST_EDGE,
                                        line=4, layer=2))
            if r.selected:
                # Outlined whole, right after the card, so the next card covers the outline
                # where it covers the card: all of the raised card that shows is framed.
                shapes.append(Shape("rect", x - 2, y - 2, CARD_W + 4, CARD_H + 4, radius=6,
                                    stroke=SELECT_EDGE, line=4))
        elif r.kind in ("back", "stock"):
            shapes.extend(card_shapes(None, x, y))
        elif r.kind == "set" and r.index in chosen_sets:
            highlights.append(Shape("rect", x, y, r.rect.w, r.rect.h, radius=6, stroke=TARGET_EDGE, line=4,
                                    layer=2))
    return tuple(shapes) + tuple(highlights)
