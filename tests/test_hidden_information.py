"""The live table sends the browser nothing the human's seat may not know (T20).

Everything a widget sends to the browser goes through its comm: the state of each widget
when it opens, every state update, and custom messages, among them ipycanvas's batches of
draw commands (JSON in the message's first buffer). The :class:`Wire` below records each
message where a comm publishes it, so a test sees exactly what a browser would get.
Printed text is captured as well (in a kernel it would reach the browser), and so is
every widget's ``get_state()``.

The table is driven as a learner drives it, through its public controls: its buttons
(``PlayTable.buttons``) and the canvas's click handler (``PlayTable.click``), choosing
as the rules-of-thumb bot would, with hints and undos along the way.

After each step of play, what was newly sent is searched for every card identity the
human's seat cannot know at that moment: the cards in other hands and in the stock,
less the identities it has seen this round (its own hand, the discard pile, the table,
purchases, every public event). A card is looked for in each form the kit writes one
(``7S``, ``7♠``, ``seven of spades``) and as a face drawn on a canvas (its corner rank
then its suit, as :func:`tenpennies.pictures.layout.card_shapes` draws them). The detector is
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
from collections import Counter

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

ipywidgets = require("ipywidgets")
ipycanvas = require("ipycanvas")
import comm  # noqa: E402  (ipywidgets' own dependency)

from tenpennies import (  # noqa: E402
    ALL_CARDS, AddToSet, Buy, Card, Discard, LayDown, Match, Meld, Pass, Position, make_bot,
)
from tenpennies.engine.actions import Deal, Draw, Recycle  # noqa: E402
from tenpennies.engine.cards import SUIT_SYMBOLS  # noqa: E402
from tenpennies.pictures.layout import card_shapes, paint, table_layout  # noqa: E402
from tenpennies.widgets import PlayTable, draw_shapes  # noqa: E402

_CANVAS_TEXT = {ipycanvas.canvas.COMMANDS["fillText"], ipycanvas.canvas.COMMANDS["strokeText"]}


# -- what the browser is sent ------------------------------------------------------------
@pytest.fixture(autouse=True, scope="module")
def recorded_comms():
    """Every widget made in this module gets a recordable ``comm.DummyComm``.

    Importing ``ipykernel.ipkernel`` (any test of the same process may, e.g.
    test_notebook_metadata) replaces ``comm.create_comm`` with a kernel's for good, and
    widgets made after it send nothing :class:`Wire` can see. Under pytest-xdist which tests
    share a process changes run to run, so this module puts comm's own factories back for
    its tests, and closes the widgets other tests left with such a comm."""
    saved = comm.create_comm, comm.get_comm_manager
    comm.create_comm, comm.get_comm_manager = comm._create_comm, comm._get_comm_manager
    for model_id, widget in _all_widgets().items():
        if not isinstance(widget.comm, comm.DummyComm):
            with contextlib.suppress(Exception):
                widget.close()
            _all_widgets_registry().pop(model_id, None)
    yield
    comm.create_comm, comm.get_comm_manager = saved


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


def _all_widgets() -> dict:
    return dict(_all_widgets_registry())


def _all_widgets_registry() -> dict:
    with warnings.catch_warnings():
        # Widget.widgets is deprecated in ipywidgets 8 but still the registry of them all.
        warnings.simplefilter("ignore", DeprecationWarning)
        return ipywidgets.Widget.widgets


_LINE_BREAK = re.compile(r"<br\s*/?>|\n")


def _changed_part(old: str | None, new: str) -> str:
    """The lines of ``new`` (split at newlines and ``<br>``) that ``old`` did not have.

    A log that grows, or scrolls (its oldest lines dropped), is searched for its new lines
    only; a one-line value is searched whole whenever it changes.
    """
    if old is None:
        return new
    if old == new:
        return ""
    had = Counter(_LINE_BREAK.split(old))
    fresh = []
    for line in _LINE_BREAK.split(new):
        if had[line] > 0:
            had[line] -= 1
        else:
            fresh.append(line)
    return "\n".join(fresh)


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
    for v in views:
        # (After an undo the later view's log is the shorter: each view's counts.)
        for entry in list(v.log)[since:]:
            known.update(identity(c) for c in cards_in(entry))
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
    for i in range(len(log) - 1, -1, -1):
        if isinstance(log[i], Deal):
            return i
    return 0


# -- the detector --------------------------------------------------------------------------
def _forms(symbol: str) -> list[re.Pattern]:
    card = Card(symbol)
    if card.suit is None:
        # Not the word "joker": rules and hints name jokers as a kind ("a 9 or a joker").
        return [re.compile(r"(?<![A-Za-z0-9])JK(?![A-Za-z0-9])")]
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
             "TH", "10H", "JK", "seat 1 holds JK"]
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
    _close_all_but_the_canvas_manager()  # widgets of earlier tests (a deck of card buttons) would show here too
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


# -- fifty matches at the live table ---------------------------------------------------------

MATCHES = 50
LAST_ROUND = 1  # each match is played to the end of its first round ...
STEPS = 40  # ... or for 40 checked steps, to keep the whole test near half a minute
BOTS = ("strong", "thumb", "strong")  # the app's own bots
SHORT_STOCK_EVERY = 5  # every fifth match starts with a short stock, so the stock is recycled


def short_stock(seed: int) -> Position:
    """Seed ``seed``'s deal with only 8 cards left in the stock; the rest on the discard pile."""
    deal = Match(seed=seed)
    stock = list(reversed(deal.stock))  # top card first, as a Position wants it
    return Position(round_no=1, hands=tuple(tuple(h) for h in deal.hands), stock=tuple(stock[:8]),
                    discard_pile=tuple(stock[8:]) + tuple(deal.discard_pile), dealer=deal.dealer)


class Learner:
    """Plays seat 0 through the table's public controls, choosing as a rules-of-thumb bot."""

    def __init__(self, table: PlayTable, seed: int):
        self.table = table
        self.bot = make_bot("thumb", seed)
        self.decisions = 0

    def click_card(self, card: Card) -> None:
        game = self.table.game
        index = next(i for i, c in enumerate(game.hand) if c == card and i not in game.selected)
        rect = self.table.layout_now.regions_of("hand")[index].rect
        self.table.click(rect.x + 8, rect.y + 10)

    def select(self, cards) -> None:
        for i in list(self.table.game.selected):  # unselect what a hint or refusal left
            rect = self.table.layout_now.regions_of("hand")[i].rect
            self.table.click(rect.x + 8, rect.y + 10)
            assert i not in self.table.game.selected
        for c in cards:
            self.click_card(c)

    def decide(self):
        """One decision by buttons and clicks; yields after each control so each is checked."""
        table = self.table
        self.decisions += 1
        if self.decisions % 7 == 0:
            table.buttons["hint"].click()
            yield "hint"
        if self.decisions % 11 == 0:
            table.buttons["undo"].click()  # take back the last decision, then play on
            yield "undo"
            if not table.game.waiting:
                return
        action = self.bot.act(table.game.view)
        kind = type(action)
        if kind is Buy:
            table.buttons["buy"].click()
        elif kind is Pass:
            table.buttons["pass"].click()
        elif kind is Discard:
            self.select([action.card])
            table.buttons["discard"].click()
        elif kind in (LayDown, Meld):
            self.select(action.cards)
            table.buttons["lay_down" if kind is LayDown else "meld"].click()
        elif kind is AddToSet:
            self.select(action.cards)
            table.buttons["add"].click()
            yield "add"
            region = next(r for r in table.layout_now.regions_of("set") if r.index == action.set_index)
            table.click(region.rect.x + 4, region.rect.y + 4)
        else:
            raise AssertionError(f"the learner cannot play {action!r}")
        if table.game.waiting and table.game.message:
            # Refused (the game's arrangement may differ from the bot's): discard instead.
            self.select([table.game.hand[-1]])
            table.buttons["discard"].click()
        yield kind.__name__


def play_and_check(seed: int, leak=None) -> dict:
    """Play one match for a round (or STEPS steps), checking every step's messages for leaks.

    ``leak``, when given, is called after each step with the table and may send
    something it should not: the tests of the detector use it.
    """
    seat = 0
    _close_all_but_the_canvas_manager()  # only this match's widgets are searched
    position = short_stock(seed) if seed % SHORT_STOCK_EVERY == SHORT_STOCK_EVERY - 1 else None
    with Wire() as wire:
        table = PlayTable(seed=seed, bots=BOTS, delay=0, position=position)
        learner = Learner(table, seed)
        sent = Sent()
        counts = {"steps": 0, "buys": 0, "recycles": 0, "bot actions": 0, "leaks": []}
        before = table.game.view
        hidden_before = hidden_identities(table.game.match, seat)
        own_hand_seen = False

        def check(step: str) -> None:
            nonlocal before, hidden_before, own_hand_seen
            if leak is not None:
                leak(table)
            messages, printed = wire.take()
            sent.clear()
            sent.add_messages(messages)
            sent.add_states()
            sent.add_printed(printed)
            after = table.game.view
            secret = (hidden_before | hidden_identities(table.game.match, seat)) - known_identities(
                [before, after], round_start(before))
            found = leaks(sent, secret)
            counts["leaks"].extend(f"match {seed}, {step}: {f}" for f in found)
            # The capture sees the table: the seat's own cards are drawn on the canvas.
            if not own_hand_seen and after.hand:
                own_hand_seen = bool(leaks(sent, {identity(c) for c in after.hand}))
            counts["steps"] += 1
            before, hidden_before = after, hidden_identities(table.game.match, seat)

        check("the deal")
        while not table.game.is_over and table.game.view.round_no <= LAST_ROUND and counts["steps"] < STEPS:
            assert table.game.waiting, table.game.message
            for step in learner.decide():
                check(step)
        log = table.game.match.log
        counts["buys"] = sum(1 for e in log if type(e) is Draw and e.source == "discard")
        counts["recycles"] = sum(1 for e in log if type(e) is Recycle)
        counts["bot actions"] = sum(1 for e in log if getattr(e, "seat", seat) != seat)
        counts["own hand seen"] = own_hand_seen
        assert not Wire.unrecorded()
        _close_all_but_the_canvas_manager()
    return counts


def _close_all_but_the_canvas_manager() -> None:
    """Close the finished table's widgets; ipycanvas's one canvas manager must stay open."""
    for widget in _all_widgets().values():
        if type(widget).__name__ != "_CanvasManager":
            widget.close()


def test_t20_fifty_matches_at_the_table_send_no_card_the_seat_may_not_see():
    totals = {"steps": 0, "buys": 0, "recycles": 0, "bot actions": 0}
    all_leaks = []
    for seed in range(MATCHES):
        counts = play_and_check(seed)
        assert counts["own hand seen"], f"match {seed}: the capture never saw the seat's own cards drawn"
        all_leaks += counts.pop("leaks")
        for k in totals:
            totals[k] += counts[k]
    assert all_leaks == [], "\n".join(all_leaks[:20])
    # The matches did what the check needs: many steps, buys, recycling, bot turns.
    assert totals["steps"] > 20 * MATCHES and totals["buys"] > MATCHES and totals["bot actions"] > 30 * MATCHES
    assert totals["recycles"] >= MATCHES // SHORT_STOCK_EVERY, totals


def test_the_detector_catches_a_table_that_draws_another_hand():
    def show_seat_1(table):
        view = table.game.view
        layout = table_layout(view, order=table.game.hand, hands={1: table.game.match.hands[1]})
        draw_shapes(table.canvas, paint(layout))

    counts = play_and_check(0, leak=show_seat_1)
    assert counts["leaks"] and all("drawn on the canvas" in f for f in counts["leaks"])


def test_the_detector_catches_the_stock_order_in_the_log_or_a_message():
    def log_the_next_stock_card(table):
        if table.game.match.stock:
            table.lines.append(f"(the next stock card is {table.game.match.stock[-1]})")
            table.redraw()

    assert play_and_check(1, leak=log_the_next_stock_card)["leaks"]

    def show_a_bought_extra_card(table):
        extras = [e.card for e in table.game.match.log if type(e) is Draw and e.source == "purchase"
                  and e.seat != 0 and e.card in table.game.match.hands[e.seat]]
        if extras:
            table.message.value = f"psst: {extras[-1].symbol}"

    assert play_and_check(2, leak=show_a_bought_extra_card)["leaks"]
