"""The table's drawing surface where ipycanvas cannot run: SVG in an ipywidgets ``HTML``.

In the browser-only classroom site (JupyterLite, see ``tools/site.py``) there is no
ipycanvas: it needs NumPy and Pillow, which have no WebAssembly wheels on the package
registries. :mod:`tenpennies.widgets.board` then uses :class:`SvgCanvas` in place of its
``MultiCanvas``. The picture is the same: the same :func:`tenpennies.pictures.layout.paint` shapes,
turned into SVG by :mod:`tenpennies.pictures.svg`. A click on SVG inside an ``HTML`` widget never
reaches the kernel, so a row of buttons stands in for the clickable regions (one per
card of the hand, one per set on the table). A button calls the table's own click
handler at a point inside its region, found with :meth:`TableLayout.hit`, so the
table's logic is exactly the canvas's. Key presses on SVG never reach the kernel either,
so a small text box (:attr:`SvgCanvas.key_box`) stands in for the canvas's key events: each
character typed there is handed to the table's key handler as the canvas would hand the
key (:meth:`tenpennies.front.table.Game.key`). A text box keeps the arrow keys for its own caret,
so ``,`` and ``.`` (the keys under ``<`` and ``>``) move along the hand instead. The
kernel never empties the box: the browser sends its whole text at each key, and a reset
from the kernel could cross a key typed meanwhile (which would then be pressed twice); so
only what was added at the end is pressed, and the box keeps the keys typed, like a
command line (a person may clear it: nothing is pressed then).

    >>> from tenpennies import Match
    >>> from tenpennies.pictures.layout import paint, table_layout
    >>> board = SvgCanvas()
    >>> clicks = []
    >>> board.on_mouse_down(lambda x, y: clicks.append((x, y)))
    >>> layout = table_layout(Match(seed=7).view(0))
    >>> board.show(layout, paint(layout))
    >>> [b.description for b in board.hand_buttons][:3]
    ['A♠', 'A♦', 'A♣']
    >>> board.hand_buttons[0].click()
    >>> layout.hit(*clicks[0]) == layout.regions_of("hand")[0]
    True
"""

from __future__ import annotations

from contextlib import nullcontext
from typing import Callable, Sequence

import ipywidgets as widgets

from ..engine.errors import TenPenniesError
from ..pictures.layout import CLICKABLE, Region, Shape, TableLayout
from ..pictures.svg import shapes_svg

hold_canvas = nullcontext
"""Nothing to batch: each :meth:`SvgCanvas.show` sends one whole picture."""


def point_in(layout: TableLayout, region: Region) -> tuple[float, float]:
    """A point that :meth:`TableLayout.hit` maps to ``region`` (cards overlap in a fan,
    so the middle of a card may belong to the next one)."""
    r = region.rect
    for fx in (0.5, 0.1, 0.9, 0.02):
        for fy in (0.5, 0.2, 0.8):
            x, y = r.x + fx * r.w, r.y + fy * r.h
            if layout.hit(x, y) == region:
                return x, y
    raise TenPenniesError(f"no point of {region.kind} {region.index} is clickable: something covers it")


TYPED_KEYS = {",": "ArrowLeft", "<": "ArrowLeft", ".": "ArrowRight", ">": "ArrowRight"}
"""Characters of the keys box that stand for a key a text box keeps for itself."""

KEYS_HINT = "keys: type a move's letter here; , and . move along your hand, space selects"
"""The keys box's placeholder: how keyboard play works without a canvas."""


def _button() -> widgets.Button:
    return widgets.Button(layout=widgets.Layout(width="auto", min_width="44px"))


class SvgCanvas(widgets.VBox):
    """Stands in for ``ipycanvas.MultiCanvas`` in the tables: a picture and click buttons.

    Only what the tables use is here: ``width``/``height``, ``on_client_ready``,
    ``on_mouse_down``, ``on_key_down`` and :meth:`show`, which takes the layout (for the
    buttons) and its shapes (for the picture). :attr:`hand_buttons`, :attr:`set_buttons`
    and :attr:`key_box` are public so scripts and tests can press them (:meth:`type_keys`).
    """

    def __init__(self, layers: int = 3, width: int = 900, height: int = 600) -> None:
        super().__init__()
        self.width, self.height = width, height
        self.picture = widgets.HTML()
        self.hand_buttons: list[widgets.Button] = []
        self.set_buttons: list[widgets.Button] = []
        self.hand_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.set_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.layout_now: TableLayout | None = None
        self._click: Callable[[float, float], None] | None = None
        self._key: Callable[..., None] | None = None
        self.key_box = widgets.Text(placeholder=KEYS_HINT, continuous_update=True,
                                 layout=widgets.Layout(width="30em"))
        self.key_box.observe(self._typed, names="value")
        # Enter sends a custom "submit" message (ipywidgets' on_submit, deprecated, did the same).
        self.key_box.on_msg(lambda _w, content, _buffers: self._entered(content))
        self.children = [self.picture]

    def on_client_ready(self, callback) -> None:
        """Nothing to wait for: the picture lives in the widget's state, not in the page."""

    def on_mouse_down(self, callback: Callable[[float, float], None]) -> None:
        """Buttons appear for the clickable regions; pressing one calls ``callback(x, y)``."""
        self._click = callback
        self._arrange()

    def on_key_down(self, callback: Callable[..., None]) -> None:
        """The keys box appears; each key typed there calls ``callback(key, shift, ctrl,
        meta)`` with the key's name as a canvas gives it ("p", " ", "ArrowLeft", "Enter")."""
        self._key = callback
        self._arrange()

    def _arrange(self) -> None:
        rows = [self.hand_row, self.set_row] if self._click is not None else []
        self.children = [self.picture, *rows, *([self.key_box] if self._key is not None else [])]

    def type_keys(self, text: str) -> None:
        """Type ``text`` at the end of the keys box, as a person does: each key goes to
        the key handler, in order."""
        self.key_box.value += text

    def _typed(self, change) -> None:
        old, new = change["old"], change["new"]
        if self._key is None or not new.startswith(old):
            return  # a key taken back, or the box cleared: nothing to press
        for char in new[len(old):]:
            self._key(TYPED_KEYS.get(char, char), False, False, False)

    def _entered(self, content) -> None:
        if isinstance(content, dict) and content.get("event") == "submit" and self._key is not None:
            self._key("Enter", False, False, False)

    def show(self, layout: TableLayout, shapes: Sequence[Shape]) -> None:
        """Draw ``shapes`` (made from ``layout``) and relabel the buttons for its regions."""
        self.layout_now = layout
        if self.layout.height != "auto":
            # The table sizes its canvas to the picture; here the buttons sit below it too.
            # ("auto", not None: a browser keeps a height it was given when it is unset.)
            self.layout.height = "auto"
        # The description lists the face-up cards only: what the picture itself shows.
        desc = " ".join(str(c) for c in layout.cards_shown())
        self.picture.value = shapes_svg(shapes, layout.width, layout.height, desc)
        if self._click is None:
            return
        hand, sets = layout.regions_of("hand"), layout.regions_of("set")
        self._fit(self.hand_buttons, self.hand_row, len(hand), "hand")
        self._fit(self.set_buttons, self.set_row, len(sets), "set")
        for button, region in zip(self.hand_buttons, hand):
            button.description = region.card.symbol
            button.button_style = "info" if region.selected else ""
            button.tooltip = "selected: press again to put it back" if region.selected else "select this card"
        for button, region in zip(self.set_buttons, sets):
            button.description = f"set {region.index}"
            button.tooltip = "after the Add button: add the selected cards here"

    def press(self, kind: str, number: int) -> None:
        """Click the ``number``-th region of ``kind`` (``"hand"`` or ``"set"``) as shown now."""
        if kind not in CLICKABLE:
            raise TenPenniesError(f"{kind!r} is not a clickable kind: {CLICKABLE}")
        regions = self.layout_now.regions_of(kind) if self.layout_now is not None else ()
        if self._click is not None and number < len(regions):
            self._click(*point_in(self.layout_now, regions[number]))

    def _fit(self, buttons: list[widgets.Button], row: widgets.HBox, count: int, kind: str) -> None:
        # Buttons are kept and reused: a redraw only relabels them, so no widget is made
        # per move.
        while len(buttons) < count:
            button = _button()
            button.on_click(lambda _b, n=len(buttons): self.press(kind, n))
            buttons.append(button)
        if len(row.children) != count:
            row.children = buttons[:count]
