"""The live table sends the browser nothing the human's seat may not know (T20).

Everything a widget sends to the browser goes through its comm: the state of each widget
when it opens, every state update, and custom messages, among them ipycanvas's batches of
draw commands (JSON in the message's first buffer). The :class:`Wire` below replaces
``comm.create_comm`` (the hook ipywidgets calls for every widget) with a comm that records
each message, so a test sees exactly the bytes a browser would get. Printed text is
captured as well (in a kernel it would reach the browser), and so is every widget's
``get_state()``.

After each step of play, what was newly sent is searched for every card identity the
human's seat cannot know at that moment: the cards in other hands and in the stock,
less the identities it has seen this round (its own hand, the discard pile, the table,
purchases, every public event). A card is looked for in each form the kit writes one
(``7S``, ``7♠``, ``seven of spades``) and as a face drawn on a canvas (its corner rank
then its suit, as :func:`tenpennies.layout.card_shapes` draws them). The detector is
shown to catch deliberately leaked cards, in each of these forms.

What this cannot see: a leak of the stock's order made only of identities the seat has
already seen (after recycling, every card in the stock was once public).
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import re
import warnings

import pytest

ipywidgets = pytest.importorskip("ipywidgets")
ipycanvas = pytest.importorskip("ipycanvas")
import comm  # noqa: E402  (ipywidgets' own dependency)

from tenpennies import ALL_CARDS, Card  # noqa: E402
from tenpennies.cards import SUIT_SYMBOLS  # noqa: E402

_CANVAS_TEXT = {ipycanvas.canvas.COMMANDS["fillText"], ipycanvas.canvas.COMMANDS["strokeText"]}


# -- what the browser is sent ------------------------------------------------------------
class Wire:
    """Records every comm message widgets send while it is active (a context manager).

    Outside a kernel every widget's comm is a ``comm.DummyComm`` (ipycanvas's canvas
    manager too, made when ipycanvas is imported), whose ``publish_msg`` is where a
    kernel's comm would put the message on the wire: that is the method recorded here.
    """

    def __init__(self):
        self.messages: list[tuple] = []
        self.printed = io.StringIO()
        self._stack = contextlib.ExitStack()

    def __enter__(self) -> "Wire":
        wire = self

        def publish_msg(comm_self, msg_type, data=None, metadata=None, buffers=None, **keys):
            wire.messages.append((comm_self.comm_id, msg_type, data, [bytes(b) for b in buffers or ()]))

        original = comm.DummyComm.publish_msg
        self._stack.callback(setattr, comm.DummyComm, "publish_msg", original)
        comm.DummyComm.publish_msg = publish_msg
        self._stack.enter_context(contextlib.redirect_stdout(self.printed))
        self._stack.enter_context(contextlib.redirect_stderr(self.printed))
        return self

    @staticmethod
    def unrecorded() -> list:
        """Widgets whose comm this cannot record (there should be none)."""
        return [w for w in _all_widgets().values() if not isinstance(w.comm, comm.DummyComm)]

    def __exit__(self, *exc) -> None:
        self._stack.close()

    def take(self) -> tuple[list[tuple], str]:
        """The messages and printed text since the last call."""
        messages, self.messages = self.messages, []
        printed = self.printed.getvalue()
        self.printed.seek(0)
        self.printed.truncate()
        return messages, printed


def canvas_texts(commands) -> list[str]:
    """The texts of every fillText/strokeText in an ipycanvas command batch, in order."""
    out: list[str] = []
    if isinstance(commands, list) and commands and isinstance(commands[0], int):
        if commands[0] in _CANVAS_TEXT and commands[1:] and commands[1]:
            out.append(str(commands[1][0]))
        return out
    if isinstance(commands, list):
        for c in commands:
            out.extend(canvas_texts(c))
    return out


class Sent:
    """What reached the browser in one step, as text to search.

    ``text``: widget states and messages (string values reduced to what changed since the
    last step, so a log that only grows is searched for its new lines only), printed text,
    and every buffer that decodes as UTF-8. ``canvas``: the canvas texts drawn, joined by
    ``|`` so a face's corner reads ``7|♠``.
    """

    def __init__(self):
        self._last: dict[tuple, str] = {}
        self.text: list[str] = []
        self.canvas: list[str] = []

    def _strings(self, where: tuple, value) -> None:
        if isinstance(value, str):
            old = self._last.get(where)
            self._last[where] = value
            self.text.append(_changed_part(old, value))
        elif isinstance(value, dict):
            for k, v in value.items():
                self._strings(where + (k,), v)
        elif isinstance(value, (list, tuple)):
            for i, v in enumerate(value):
                self._strings(where + (i,), v)
        elif value is not None:
            self.text.append(str(value))

    def add_messages(self, messages) -> None:
        for comm_id, msg_type, data, buffers in messages:
            content = (data or {}).get("content") if (data or {}).get("method") == "custom" else None
            if content is not None and buffers:
                # An ipycanvas batch: JSON commands in the first buffer, arrays after it.
                try:
                    commands = json.loads(buffers[0].decode("utf-8"))
                except (UnicodeDecodeError, json.JSONDecodeError):
                    commands = None
                if commands is not None:
                    self.canvas.append("|".join(canvas_texts(commands)))
                    buffers = buffers[1:]
            self._strings(("msg", comm_id), data)
            for b in buffers:
                with contextlib.suppress(UnicodeDecodeError):
                    self.text.append(b.decode("utf-8"))

    def add_states(self) -> None:
        for model_id, widget in _all_widgets().items():
            self._strings(("state", model_id), widget.get_state())

    def add_printed(self, printed: str) -> None:
        self.text.append(printed)

    def clear(self) -> None:
        self.text, self.canvas = [], []


def _in_token(ch: str) -> bool:
    return ch.isalnum() or ch in "♠♥♦♣★"


def _all_widgets() -> dict:
    with warnings.catch_warnings():
        # Widget.widgets is deprecated in ipywidgets 8 but still the registry of them all.
        warnings.simplefilter("ignore", DeprecationWarning)
        return dict(ipywidgets.Widget.widgets)


def _changed_part(old: str | None, new: str) -> str:
    """``new`` less the prefix and suffix it shares with ``old``."""
    if old is None:
        return new
    start = 0
    limit = min(len(old), len(new))
    while start < limit and old[start] == new[start]:
        start += 1
    end = 0
    while end < limit - start and old[-1 - end] == new[-1 - end]:
        end += 1
    # Widen to whole tokens so a changed card ('10♥', '7S') is never cut in two.
    if start < len(new) and _in_token(new[start]):
        while start > 0 and _in_token(new[start - 1]):
            start -= 1
    stop = len(new) - end
    if stop > 0 and _in_token(new[stop - 1]):
        while stop < len(new) and _in_token(new[stop]):
            stop += 1
    return new[start:stop]


# -- what the seat may know --------------------------------------------------------------
def identity(card: Card) -> str:
    return card.symbol  # two decks: a 7♠ and the other 7♠ are the same identity


def cards_in(value) -> list[Card]:
    """Every card inside a log entry (a dataclass) or a tuple of them."""
    if isinstance(value, Card):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [c for f in dataclasses.fields(value) for c in cards_in(getattr(value, f.name))]
    if isinstance(value, (tuple, list)):
        return [c for v in value for c in cards_in(v)]
    return []


def known_identities(views, since: int) -> set[str]:
    """Identities a seat has seen in its public log from entry ``since`` on, and in ``views``."""
    known: set[str] = set()
    last = views[-1]
    for entry in list(last.log)[since:]:
        known.update(identity(c) for c in cards_in(entry))
    for v in views:
        known.update(identity(c) for c in v.hand)
        known.update(identity(c) for c in v.discard_pile)
        known.update(identity(c) for s in v.table for c in s.cards)
    return known


def hidden_identities(match, seat: int) -> set[str]:
    """Identities of the cards in other seats' hands and in the stock, now."""
    cards = [c for s, h in enumerate(match.hands) if s != seat for c in h] + list(match.stock)
    return {identity(c) for c in cards}


def round_start(view) -> int:
    """Index in the seat's public log where the current round began (its deal)."""
    log = list(view.log)
    from tenpennies.actions import Deal

    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], Deal):
            return i
    return 0


# -- the detector --------------------------------------------------------------------------
def _forms(symbol: str) -> list[re.Pattern]:
    card = Card(symbol)
    if card.suit is None:
        return [re.compile(r"(?<![A-Za-z0-9])JK(?![A-Za-z0-9])"),
                re.compile(r"(?<![A-Za-z])joker(?![A-Za-z])", re.IGNORECASE)]
    rank = symbol[:-1]
    letter = str(card)[:-1]
    return [
        re.compile(rf"(?<![A-Za-z0-9]){re.escape(str(card))}(?![A-Za-z0-9])"),
        re.compile(rf"(?<![A-Za-z0-9]){re.escape(rank)}{card.suit}(?![A-Za-z0-9])") if letter != rank else None,
        re.compile(rf"(?<![A-Za-z0-9]){re.escape(symbol)}"),
        re.compile(rf"(?<![A-Za-z]){card.name}(?![A-Za-z])", re.IGNORECASE),
    ]


_CANVAS_FORMS = {
    identity(c): (re.compile(r"(?:^|\|)J\|O\|K\|E\|R(?:\||$)") if c.suit is None else
                  re.compile(rf"(?:^|\|){re.escape(identity(c)[:-1])}\|{SUIT_SYMBOLS[c.suit]}(?:\||$)"))
    for c in ALL_CARDS
}
_TEXT_FORMS = {identity(c): [f for f in _forms(identity(c)) if f is not None] for c in ALL_CARDS}


def leaks(sent: Sent, secret: set[str]) -> list[str]:
    """Each secret identity found in what was sent, with where it was found."""
    found = []
    text = "\n".join(sent.text)
    canvas = "\n".join(sent.canvas)
    for ident in sorted(secret):
        for pattern in _TEXT_FORMS[ident]:
            m = pattern.search(text)
            if m:
                found.append(f"{ident} as {m.group(0)!r} in: ...{text[max(0, m.start() - 60):m.end() + 60]}...")
                break
        m = _CANVAS_FORMS[ident].search(canvas)
        if m:
            found.append(f"{ident} drawn on the canvas: ...{canvas[max(0, m.start() - 40):m.end() + 40]}...")
    return found


# -- the detector catches leaks ------------------------------------------------------------
def test_the_detector_finds_a_card_leaked_in_each_form():
    secret = {"7♠", "10♥", "JK"}
    forms = ["seat 2 holds 7S", "next in the stock: 7♠", "a seven of spades", "<b>10♥</b>",
             "TH", "10H", "a joker", "JK"]
    for form in forms:
        with Wire() as wire:
            ipywidgets.HTML(value="nothing to see")
            sent = Sent()
            sent.add_messages(wire.take()[0])
            assert leaks(sent, secret) == []
            ipywidgets.HTML(value=form)
            sent.add_messages(wire.take()[0])
        assert leaks(sent, secret), form


def test_the_detector_finds_a_face_drawn_on_a_canvas():
    from tenpennies.layout import card_shapes

    for symbol in ("7♠", "10♥", "JK"):
        with Wire() as wire:
            canvas = ipycanvas.Canvas(width=100, height=100)
            with ipycanvas.hold_canvas():
                for shape in card_shapes(Card(symbol), 10, 10):
                    if shape.kind == "text":
                        canvas.fill_style = shape.fill
                        canvas.font = f"{shape.size}px sans-serif"
                        canvas.fill_text(shape.text, shape.x, shape.y)
            sent = Sent()
            sent.add_messages(wire.take()[0])
        assert leaks(sent, {symbol}), symbol
        assert not leaks(sent, {"7♣", "10♦", "8♠"} - {symbol})


def test_the_detector_finds_a_leak_in_printed_text_and_in_a_widget_state():
    with Wire() as wire:
        label = ipywidgets.Label(value="")
        sent = Sent()
        sent.add_states()
        wire.take()
        print("the stock begins with QD")
        label.value = "seat 3 bought K♣ and drew 4♦"
        messages, printed = wire.take()
        sent.add_printed(printed)
        sent.add_states()
    assert [leak.split()[0] for leak in leaks(sent, {"Q♦", "4♦", "5♦"})] == ["4♦", "Q♦"]
    # The same from the messages alone:
    only_wire = Sent()
    only_wire.add_messages(messages)
    assert [leak.split()[0] for leak in leaks(only_wire, {"Q♦", "4♦", "5♦"})] == ["4♦"]


def test_a_growing_log_is_searched_for_its_new_lines_only():
    with Wire() as wire:
        log = ipywidgets.HTML(value="seat 1 discarded 9♥")
        sent = Sent()
        sent.add_messages(wire.take()[0])
        sent.clear()
        log.value = "seat 1 discarded 9♥<br>seat 2 discarded 4♣"
        sent.add_messages(wire.take()[0])
    assert leaks(sent, {"9♥"}) == []
    assert leaks(sent, {"4♣"})
