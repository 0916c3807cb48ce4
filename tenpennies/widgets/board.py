"""The canvas both tables draw on: an ipycanvas ``MultiCanvas`` (or, where ipycanvas cannot
load, its SVG stand-in), the shapes of a layout drawn on it, resized to fit, and every
widget's state sent again when a page is ready.

Three canvas layers: 0 the felt, 1 the cards and words, 2 the highlights (selected
cards, the sets a selection may be added to). Drawing happens when the browser's canvas
is ready and after every change, batched with ``hold_canvas``. :class:`_Board` is what
:class:`tenpennies.widgets.table.PlayTable` and
:class:`tenpennies.widgets.replay_table.ReplayTable` share.
"""

from __future__ import annotations

from typing import Sequence

import ipywidgets as widgets
try:
    from ipycanvas import MultiCanvas, hold_canvas
    SvgCanvas = None
except ImportError:  # no ipycanvas (JupyterLite: it needs NumPy): the same shapes as SVG, buttons for clicks
    from .svg_table import SvgCanvas, hold_canvas
    MultiCanvas = SvgCanvas

from ..pictures.layout import Shape, TableLayout, paint
from .callbacks import shown

LAYERS = 3


def _font(shape: Shape) -> str:
    return f"{'bold ' if shape.bold else ''}{shape.size}px DejaVu Sans, Arial, sans-serif"


def _rounded(canvas, s: Shape) -> None:
    x, y, w, h, r = s.x, s.y, s.w, s.h, min(s.radius, s.w / 2, s.h / 2)
    canvas.begin_path()
    canvas.move_to(x + r, y)
    canvas.arc_to(x + w, y, x + w, y + h, r)
    canvas.arc_to(x + w, y + h, x, y + h, r)
    canvas.arc_to(x, y + h, x, y, r)
    canvas.arc_to(x, y, x + w, y, r)
    canvas.close_path()


def draw_shapes(layers: MultiCanvas, shapes: Sequence[Shape]) -> None:
    """Draw shapes on a multi-canvas, each on its layer, as :mod:`tenpennies.pictures.svg` draws them.

    A style is sent only when it changes (each one is a command to the browser).
    """
    state: list[dict] = [{} for _ in range(LAYERS)]

    def style(k: int, canvas, name: str, value) -> None:
        if state[k].get(name) != value:
            state[k][name] = value
            setattr(canvas, name, value)

    with hold_canvas():
        for k in range(LAYERS):
            layers[k].clear()
        for s in shapes:
            k = s.layer
            canvas = layers[k]
            if s.kind == "rect":
                _rounded(canvas, s)
                if s.fill:
                    style(k, canvas, "fill_style", s.fill)
                    canvas.fill()
                if s.stroke:
                    style(k, canvas, "stroke_style", s.stroke)
                    style(k, canvas, "line_width", s.line)
                    canvas.stroke()
            else:
                style(k, canvas, "font", _font(s))
                style(k, canvas, "text_align", _ALIGN[s.anchor])
                style(k, canvas, "fill_style", s.fill)
                canvas.fill_text(s.text, s.x, s.y)


_ALIGN = {"start": "left", "middle": "center", "end": "right"}


def _canvas(width: int, height: int) -> MultiCanvas:
    canvas = MultiCanvas(LAYERS, width=width, height=height)
    canvas.layout.width, canvas.layout.height = f"{width}px", f"{height}px"
    return canvas


def _tree(root: widgets.Widget):
    """``root`` and every widget inside it (a box's children, and theirs)."""
    yield root
    for child in getattr(root, "children", ()):
        yield from _tree(child)


class _Board(widgets.VBox):
    """What both tables share: a canvas drawn from a layout, resized to fit it."""

    def _setup_canvas(self, width: int) -> None:
        self.width = width
        self.layout_now: TableLayout | None = None
        self.shapes: tuple[Shape, ...] = ()
        self.four_colour = widgets.Checkbox(value=self._four, description="four-colour suits", indent=False)
        self.four_colour.observe(lambda change: self.redraw(), names="value")
        self.canvas = _canvas(width, 600)
        self.canvas.on_client_ready(self._client_ready)

    def _client_ready(self) -> None:
        """A page has drawn the canvas: send every widget's whole state again, then draw.

        A page's widget manager first reads every widget's state from the kernel, then
        opens each widget's channel; a change sent between the two is dropped, and since
        traits send only what changed, it is never sent again. The bots' paced moves make
        such a change likely while a class's pages load: in a 30-tab run 2 tabs kept
        their Buy, Pass and Discard greyed on the person's turn for good. The canvas is
        drawn once its channel is open, so from then on every widget's state arrives."""
        for widget in _tree(self):
            # Not the canvas itself: its state holds its layers, and sent again it makes
            # the page build the canvas afresh, which says client_ready again (a loop that
            # slowed a 30-tab class from a median 2.4 s to 47 s); redraw draws it.
            if widget is not self.canvas:  # (its layers are no box's children: not in the tree)
                widget.send_state()
        self.redraw()

    def _shown(self, handler):
        """A callback whose failure is shown next to the hand, not lost in the browser's console.

        Only the error's kind is shown: its text might name a card (a bot's, say) that
        this seat may not see; the whole error goes to the kernel's log.
        """
        return shown(self, handler, "table", details=False)

    def _show(self, layout: TableLayout, targets=()) -> None:
        self.layout_now = layout
        self.shapes = paint(layout, four_colour=self.four_colour.value, targets=targets)
        if (self.canvas.width, self.canvas.height) != (layout.width, layout.height):
            self.canvas.width, self.canvas.height = layout.width, layout.height
            self.canvas.layout.width, self.canvas.layout.height = f"{layout.width}px", f"{layout.height}px"
        if SvgCanvas is not None:
            self.canvas.show(layout, self.shapes)  # the buttons that stand in for clicks need the layout
        else:
            draw_shapes(self.canvas, self.shapes)
