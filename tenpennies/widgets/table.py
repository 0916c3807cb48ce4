"""The live table: a match against bots on an ipycanvas ``MultiCanvas``, and a replay viewer.

The widget holds a :class:`~tenpennies.front.table.Game` and only draws it and forwards clicks:
every rule, refusal and bot move is the game's. What reaches the browser is built from
the person's :class:`~tenpennies.play.view.PlayerView` alone (the canvas shapes, the words of
the log, the score table, the hint and the engine's refusals), so no card that seat may
not see leaves the kernel (T20). Only :class:`ReplayTable` in its explicit teacher view
shows every hand.

Three canvas layers: 0 the felt, 1 the cards and words, 2 the highlights (selected
cards, the sets a selection may be added to). Drawing happens when the browser's canvas
is ready and after every change, batched with ``hold_canvas``.

(One concept in one file, over 600 lines: the live table's widget, its controls, panels
and drawing; every rule is the controller's, :class:`tenpennies.front.table.Game`.)
"""

from __future__ import annotations

import secrets

import asyncio
from html import escape
from typing import Sequence

import ipywidgets as widgets
try:
    from ipycanvas import MultiCanvas, hold_canvas
    SvgCanvas = None
except ImportError:  # no ipycanvas (JupyterLite: it needs NumPy): the same shapes as SVG, buttons for clicks
    from .svg_table import SvgCanvas, hold_canvas
    MultiCanvas = SvgCanvas

from ..engine.actions import AddToSet, Discard, LayDown, Meld
from ..engine.errors import IllegalActionError
from ..front.table import (BUTTON_LABELS, KEYS, OFFERS, Game, Replay, RoundSummary, button_label, describe, score_rows,
                    who, winners_sentence)
from ..pictures.layout import WIDTH, Shape, TableLayout, paint, status_line, table_layout
from ..engine.words import capitalized, plural
from ..play.match import Phase, Position
from ..engine.rules import TEN_PENNIES, RuleSet
from .callbacks import ERROR_INK, shown
from .reviewing import ReviewPanel

LAYERS = 3
LOG_LINES = 14

NOTE_INK = "#1e6b34"  # a hint or an instruction in green (a refusal in red: ERROR_INK)


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


def _score_html(view, viewer, names) -> str:
    # Seats by number only (their bots' names are on the table, and in each tooltip): six
    # or eight seats' columns then fit beside the table.
    heads = "".join(f"<th style='padding:0 5px' title='{escape(who(s, viewer, names))}'>"
                    f"{escape(who(s, viewer))}</th>" for s in range(len(view.scores)))
    rows = "".join(
        f"<tr><td style='white-space:nowrap'>{escape(label)}</td>"
        + "".join(f"<td style='text-align:right;padding:0 5px'>{v}</td>" for v in values) + "</tr>"
        for label, values in score_rows(view))
    return f"<table style='font-size:12px'><tr><th></th>{heads}</tr>{rows}</table>"


def summary_html(summary: RoundSummary, names=None, four_colour: bool = False) -> str:
    """A finished round as the summary panel shows it: who went out, each seat's cards
    left with their points (the person's face up; the others' stay hidden, T20), the
    round's points and the match's totals, and at the match's end its winners."""
    from ..pictures.svg import hand_svg

    viewer = summary.seat
    how = summary.how_words(names)
    head = f"Round {summary.round_no} of {summary.rounds} is over: {how[0].lower()}{how[1:]}."
    rows = []
    for s in range(len(summary.points)):
        name = capitalized(who(s, viewer, names))
        if summary.hands[s] is None:
            cards = f"{plural(summary.cards_left[s], 'card')} left (not shown: T20)" if summary.cards_left[s] \
                else "no card left"
        elif not summary.hands[s]:
            cards = "no card left"
        else:
            scored = summary.points_by_card(s)
            pictures = hand_svg([c for c, _ in scored], four_colour=four_colour)
            cards = (f"{pictures}<br>" + " + ".join(f"{escape(c.symbol)} {p}" for c, p in scored)
                     + f" = {summary.points[s]}")
        mark = " (went out)" if s == summary.went_out else ""
        rows.append(f"<tr><td style='padding:2px 8px;white-space:nowrap'><b>{escape(name)}</b>{mark}</td>"
                    f"<td style='padding:2px 8px'>{cards}</td>"
                    f"<td style='padding:2px 8px;text-align:right'>{summary.points[s]}</td>"
                    f"<td style='padding:2px 8px;text-align:right'>{summary.totals[s]}</td></tr>")
    table = ("<table style='border-collapse:collapse'><tr><th></th><th style='text-align:left;padding:0 8px'>"
             "cards left</th><th style='padding:0 8px'>this round</th><th style='padding:0 8px'>match</th></tr>"
             + "".join(rows) + "</table>")
    return f"<div class='tenpennies-summary'><h3 style='margin:4px 0'>{escape(head)}</h3>{table}</div>"


def help_html(game: Game, canvas: bool = True) -> str:
    """How to play this table, folded under its Help button: each move's button with its
    key and what it does (only the moves of the game's rule set), the lay-down rule,
    the offers setting and the keyboard (on the canvas, or, with ``canvas=False``, in the
    SVG table's keys box: :mod:`tenpennies.widgets.svg_table`)."""
    from ..front.table import lay_down_rule, move_words

    rules = game.rules
    letters = {move: letter.upper() for letter, move in KEYS.items()}
    moves = "".join(f"<li><b>{escape(button_label(m, rules))}</b>"
                    + (f" (key {letters[m]})" if m in letters else "") + f": {escape(move_words(m, rules))}.</li>"
                    for m in game.moves)
    seat = "" if game.seat is None else f"You are seat {game.seat}, at the bottom of the table; the bots sit around you. "
    keyboard = ("click the table, then the arrow keys move along your hand and space selects" if canvas else
                "click the keys box below the table and type there: , and . move along your hand and space "
                "selects")
    return (f"<div style='font-size:12px;line-height:1.4;color:#333'>{seat}Click cards in your hand to select "
            f"them (a selected card rises), then press a button; hover over a button to see what it does, or "
            f"why it is greyed out. A move the rules refuse is not played: the table says why.<ul "
            f"style='margin:4px 0;padding-left:18px'>{moves}</ul>{escape(lay_down_rule(rules))} "
            f"<b>offers</b>: {escape(OFFERS['useful'])} (the default) skips offers the buy judgment calls a "
            f"clear pass, and the log says why. Keyboard: {keyboard}; a button's key presses it; after Add, type "
            f"the number of the set (then Enter, if a longer "
            f"number begins with it). The log never shows a card you "
            f"could not see at a real table. <b>Undo</b> takes back only your own moves since the table last "
            f"showed you something new: once you have drawn or bought a card, or another seat has moved, what "
            f"came before stays (at every table, practice too), so Undo never lets you choose again knowing a "
            f"card you were not meant to see.</div>")


REVEALS = "it holds the deal: every hand, this round's and the rounds to come"
"""What a match record shows before the match is over (it holds the seed): said wherever a
practice table offers it then (a classroom table offers it only once the match is over)."""


def record_link(game: Game) -> str:
    """A link that downloads the match record (:mod:`tenpennies.play.record` JSON, what
    ``tenpennies review`` reads), made in the kernel: no server folder is written. Before
    the match is over the link says that the record shows every hand (:data:`REVEALS`)."""
    import base64

    data = base64.b64encode(game.record().encode("utf-8")).decode("ascii")
    name = f"tenpennies-match-round{game.match.round_no}.json"
    warning = "" if game.is_over else f" ({REVEALS})"
    return (f"<a download='{name}' href='data:application/json;base64,{data}' "
            f"title='the match record, for tenpennies review'>Download the match record</a>{escape(warning)}")


def _log_html(lines: Sequence[str], height: int = 230) -> str:
    """The log's last lines, in time order, in a box that opens scrolled to its end: the
    box is laid out bottom up (``column-reverse``) around one block of lines, which is how a
    browser keeps a box's newest line in view without a script (and the text still reads,
    and copies, oldest first)."""
    shown = "".join(f"<div>{escape(line)}</div>" for line in lines[-LOG_LINES:])
    return (f"<div class='tenpennies-log' style='font-size:12px;line-height:1.35;display:flex;"
            f"flex-direction:column-reverse;max-height:{height}px;overflow-y:auto'><div>{shown}</div></div>")


def _canvas(width: int, height: int) -> MultiCanvas:
    canvas = MultiCanvas(LAYERS, width=width, height=height)
    canvas.layout.width, canvas.layout.height = f"{width}px", f"{height}px"
    return canvas



def secret_seed() -> int:
    """A deal nobody can guess: 64 bits from :mod:`secrets` (the classroom's deals, and its
    New Match: the next seed of a known one would be guessable)."""
    return secrets.randbits(64)


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


class PlayTable(_Board):
    """Play against bots: ``PlayTable(seed=1, seat=0, bots=("strong", "thumb", "strong"))``, or
    Ten Card Rummy at a bigger table: ``PlayTable(rules=TEN_CARD_RUMMY.with_players(6))``
    (bots in the other seats, :func:`tenpennies.front.table.default_bots` unless named).

    Click cards of your hand to select them, then use the buttons. ``position`` starts
    the match's current round from a rigged :class:`~tenpennies.play.match.Position` (or use
    :meth:`from_position`). ``delay`` is the pause between bot moves in seconds (0 plays
    them at once); ``learning`` allows Hint and Undo.

    For tests and scripts the parts are public: :attr:`game` (the controller),
    :attr:`buttons` (name -> ``ipywidgets.Button``; ``buttons["meld"].click()`` runs its
    handler), :meth:`click` (the canvas's click handler, in canvas pixels),
    :attr:`layout_now` (where everything is) and :attr:`shapes` (what was drawn). A
    refusal shows in red (the game's :attr:`~tenpennies.front.table.Game.message`); a hint or
    an instruction in green (:attr:`note`). Each button's tooltip says what it does and,
    when it is greyed out, why (:meth:`tenpennies.front.table.Game.tooltip`).

    ``offers`` says which offers of the top discard the table asks about
    (:data:`tenpennies.front.table.OFFERS`): ``"useful"`` (the default) only those where buying
    could help, by the buy judgment's own test; ``"ask"`` every one; ``"never"`` none.
    Offers not asked about are passed and told in the log with the reason. The
    offers picker (:attr:`offers`) changes it during play.

    When a round ends, a summary panel (:attr:`summary`) takes the table's place: who
    went out, the cards left with their points, the round's and the match's scores, a
    Continue button (:attr:`continue_button`) and a link that downloads the match record
    (for ``tenpennies review``); after the last round it names the winners; after every
    round it offers Review (:meth:`open_review`: the analyst's judgment of each of the
    person's decisions so far, :class:`tenpennies.widgets.reviewing.ReviewPanel`). ``width``
    and ``max_height`` size the table (:data:`tenpennies.pictures.layout.APP_WIDTH` and
    ``APP_HEIGHT`` fit a 1366x768 screen with the scores beside it). Keyboard
    play: click the table (or tab to it), then the arrow keys move along the hand,
    space selects, and a button's letter (:data:`tenpennies.front.table.KEYS`, said in its
    tooltip) presses it; after Add to Set, a set's number picks it. :attr:`spoken`
    tells screen readers each move and the table in words.

    ``classroom=True`` keeps the deal secret from the browser: the repr names no seed,
    and New Match deals from :mod:`secrets` rather than the next seed (the classroom
    server's tables, :func:`tenpennies.widgets.page.play_table`); the match record
    (which holds the seed) is offered only once the match is over. The seed stays in
    the kernel (:attr:`game`), which is the server's side.
    """

    def __init__(self, seed: int | str = 0, seat: int = 0, bots: Sequence | None = None,
                 rules: RuleSet = TEN_PENNIES, *, position: Position | None = None, delay: float = 0.4,
                 learning: bool = True, four_colour: bool = False, width: int = WIDTH,
                 classroom: bool = False, offers: str = "useful", max_height: int | None = None,
                 game: Game | None = None) -> None:
        super().__init__()
        # ``game``: a controller made elsewhere with Game's interface (a room's seat,
        # tenpennies.front.remote.RemoteGame); by default this table's own match against bots.
        self.game = game if game is not None else Game(seed, seat=seat, bots=bots, rules=rules, position=position,
                                                       learning=learning, offers=offers)
        self.classroom = classroom
        self.max_height = max_height  # a taller table shrinks the other seats' panels to words
        self.keyboard = False  # a key was pressed: the hand shows where the keyboard is
        self.shown_summary: RoundSummary | None = None  # the round end on show, until Continue
        self.adding = False  # Add to Set was pressed: the next click on a set adds the selection
        self._set_number = ""  # the digits of a set's number typed after Add, so far
        self.note = ""  # a hint or an instruction, shown (not in red) until the person's next move
        self._ticket = 0  # bumped when bots start moving, so a stale timer stops
        self.lines: list[str] = []
        self._four = four_colour
        self._setup_canvas(width)
        self.canvas.on_mouse_down(self._shown(self.click))
        if hasattr(self.canvas, "on_key_down"):
            self.canvas.on_key_down(self._shown(lambda key, *_modifiers: self.press_key(key)))
        # Only the moves this rule set has: Ten Pennies' table has no Take Discard (T6).
        # The labels are the game's (tenpennies.front.table.BUTTON_LABELS), which hints name too.
        rules = self.game.rules
        self.buttons = {name: widgets.Button(description=button_label(name, rules),
                                             tooltip=self._tooltip(name), layout=widgets.Layout(width="auto"))
                        for name in BUTTON_LABELS if name in self.game.moves}
        # Every move goes through the game's press(), which refuses what a greyed-out button
        # would do: ipywidgets runs a Button's handlers for any "click" message a page sends,
        # a disabled button's too, so a forged comm message must change nothing.
        for name in ("take", "draw", "buy", "pass", "lay_down", "meld", "discard"):
            if name in self.buttons:
                self.buttons[name].on_click(self._shown(lambda _b, name=name: self._human(name)))
        self.buttons["add"].on_click(self._shown(lambda _b: self._arm_add()))
        self.buttons["hint"].on_click(self._shown(lambda _b: self.show_hint()))
        self.buttons["undo"].on_click(self._shown(lambda _b: self._undo()))
        self.buttons["new"].on_click(self._shown(lambda _b: self._new()))
        self.sort = widgets.ToggleButtons(options=[("sort by rank", "rank"), ("group into sets", "contract")],
                                          value="rank", style={"button_width": "auto"},
                                          tooltips=["your hand in rank order",
                                                    "your hand grouped as the contract's sets, then by rank"])
        self.sort.observe(self._shown(self._sorted), names="value")
        self.speed = widgets.FloatSlider(value=delay, min=0, max=2, step=0.1, description="bot pause (s)",
                                         style={"description_width": "initial"},
                                         layout=widgets.Layout(width="320px", margin="0 0 0 16px"))
        self.four_colour.layout.width = "auto"
        self.help = widgets.HTML(help_html(self.game, canvas=SvgCanvas is None), layout=widgets.Layout(display="none"))
        self.help_button = widgets.ToggleButton(value=False, description="Help", icon="question",
                                                tooltip="how to play this table",
                                                layout=widgets.Layout(width="auto"))
        self.help_button.observe(lambda change: setattr(self.help.layout, "display",
                                                        None if change["new"] else "none"), names="value")
        self.offers = widgets.Dropdown(options=[(words, name) for name, words in OFFERS.items()], value=offers,
                                       description="offers:", style={"description_width": "initial"},
                                       layout=widgets.Layout(width="auto"),
                                       tooltip="which offers of the top discard the table asks you about")
        self.offers.observe(self._shown(self._offers_changed), names="value")
        self.status = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        # No wider than the table: a long refusal ("... is not a set: ...") would widen the
        # board and push the scores and the log below it, off a 1366x768 screen.
        self.message = widgets.HTML(layout=widgets.Layout(max_width=f"{width}px"))
        self.why_button = widgets.Button(description="Why?", tooltip="the numbers behind the hint",
                                         layout=widgets.Layout(width="auto", display="none"))
        self.why_button.on_click(self._shown(lambda _b: self.toggle_why()))
        self.log_box = widgets.HTML()  # the log scrolls inside its own box (_log_html)
        self.scores = widgets.HTML(layout=widgets.Layout(max_width="100%", overflow_x="auto"))
        self.save = widgets.HTML()  # the download link, made when Save is pressed
        self.save_button = widgets.Button(description="Save", icon="download", layout=widgets.Layout(width="auto"))
        self.save_button.on_click(self._shown(lambda _b: self.offer_record()))  # (it checks itself)
        # Screen readers: what happened since the last move, said as it happens, and the
        # table in words; kept out of sight (not display:none, which readers skip).
        self.spoken = widgets.HTML(layout=widgets.Layout(height="1px", width="1px", overflow="hidden"))
        self.summary_text = widgets.HTML()
        self.continue_button = widgets.Button(description="Continue", button_style="primary",
                                              tooltip="back to the table (key C)",
                                              layout=widgets.Layout(width="auto"))
        self.continue_button.on_click(self._shown(lambda _b: self.close_summary()))
        self.summary_save = widgets.HTML()
        self.review_button = widgets.Button(description="Review", icon="search", button_style="info",
                                            tooltip="the analyst judges each of your decisions: what it would "
                                                    "have played and what each choice cost",
                                            layout=widgets.Layout(width="auto", display="none"))
        # Shown only with a round's summary: a forged click at any other time would judge the
        # turn being played (a hint, at a table without hints).
        self.review_button.on_click(self._shown(
            lambda _b: self.open_review() if self.shown_summary is not None else None))
        self.review_box = widgets.VBox(layout=widgets.Layout(display="none"))
        self.review_panel = None  # the match's review, once opened
        self._reviewed_upto = 0  # how much of the match's log it judged
        self.summary = widgets.VBox([self.summary_text, widgets.HBox([self.continue_button, self.review_button,
                                                                      self.summary_save],
                                                                     layout=widgets.Layout(align_items="center"))],
                                    layout=widgets.Layout(display="none", padding="8px",
                                                          border="2px solid #1f6b3f", overflow="auto"))
        self.sort.layout.width = "auto"
        self.speed.layout = widgets.Layout(width="300px")
        board = widgets.VBox([self.canvas, self.summary, widgets.HBox([self.message, self.why_button],
                                                                      layout=widgets.Layout(align_items="center")),
                              widgets.HBox(list(self.buttons.values()), layout=widgets.Layout(flex_flow="row wrap"))],
                             layout=widgets.Layout(flex="0 0 auto"))
        # Scores, the log and the settings beside the table (below it when the page is narrow).
        side = widgets.VBox([self.scores, self.log_box, self.offers, self.sort,
                             widgets.HBox([self.four_colour, self.help_button]),
                             self.speed, widgets.HBox([self.save_button, self.save],  # the link's warning wraps
                                                      layout=widgets.Layout(align_items="center",
                                                                            flex_flow="row wrap")),
                             self.help],
                            layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="420px",
                                                  padding="0 0 0 10px"))
        self.main = widgets.HBox([board, side], layout=widgets.Layout(flex_flow="row wrap",
                                                                      align_items="flex-start"))
        self.children = [self.status, self.review_box, self.main, self.spoken]
        self._run_bots()

    @classmethod
    def from_position(cls, position: Position, seed: int | str = 0, **options) -> "PlayTable":
        """A table whose current round starts from ``position`` (a rigged, seeded table)."""
        return cls(seed, position=position, **options)

    @classmethod
    def from_trial(cls, trial) -> "PlayTable":
        """The table of a review's "Try it from here" (a :class:`tenpennies.review.session.Trial`):
        the seat's hand, the table and the piles as they were at the decision, the cards
        the seat could not see dealt afresh, and the passes that led to it played."""
        # The decision tried may be an offer: a table that passes offers without asking
        # (offers="useful") would pass it for the person, so this one asks.
        table = cls(trial.seed, seat=trial.seat, bots=trial.seated_bots(), rules=trial.rules,
                    position=trial.position, delay=0, offers="ask")
        trial.open(table.game)  # the passes that led to the decision, as they were played
        table.redraw()
        table.speed.value = 0.4  # from here on, the bots' moves are paced as at any table
        return table

    def __repr__(self) -> str:
        # The notebook's text/plain for this widget: short and the same run to run (nbval).
        # A classroom table names no seed: with it, Match(seed) shows every hand.
        g = self.game
        where = "over" if g.is_over else f"round {g.match.round_no} of {g.rules.rounds}"
        seed = "" if self.classroom else f" seed={g.seed!r}"
        return f"<PlayTable{seed} seat={g.seat}: {where}>"

    # -- drawing ----------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the table and refresh the words, from the person's view only."""
        game = self.game
        view = game.view
        # What the bots just did: a line above the hand, the card they moved marked (the
        # controller's words; the layout keeps the line's row even when it is empty).
        layout = table_layout(view, order=game.hand, selected=game.selected, groups=game.groups,
                              names=game.names, width=self.width, cursor=game.cursor if self.keyboard else None,
                              max_height=self.max_height, happened=game.what_happened, last=game.last_move)
        self._show(layout, targets=game.addable_sets() if self.adding else ())
        new = []
        for line in game.new_words():
            if "\n" in line:
                continue  # a score table: the scores box shows it
            new.append(line)
            if " is over: " in line and line.startswith("Round"):
                self.show_summary(game.round_summary())
        self.lines.extend(new)
        # Whose decision it is shows once, on the canvas; above it only the round's end,
        # while the next round is not yet under way (the controller's banner).
        text = game.banner
        self.status.value = f"<b>{escape(text)}</b>" if text else ""
        said, ink = (game.message, ERROR_INK) if game.message else (self.note, NOTE_INK)
        self.message.value = f"<span style='color:{ink}'>{escape(said)}</span>" if said else ""
        # "Why?" opens the numbers behind a hint's plain sentence (the game keeps which).
        hinted = game.hint_shown if not game.message and self.note.startswith("Hint: ") else None
        self.why_button.layout.display = None if hinted is not None and hinted.why else "none"
        self.why_button.description = "Hide why" if game.why_open else "Why?"
        self.log_box.value = _log_html(self.lines)
        self.scores.value = _score_html(view, view.seat, game.names)
        for name, button in self.buttons.items():
            button.disabled = self._blind(name) or bool(game.unavailable(name))
            button.tooltip = self._tooltip(name)
        self.save_button.disabled = self.classroom and not game.is_over
        # In practice the record may be saved mid-match (to review it, or to report a
        # problem), but the person is told first that it shows every hand, then and later.
        reveals = not game.is_over and not self.classroom
        self.save_button.description = "Save (shows every hand)" if reveals else "Save"
        self.save_button.tooltip = ("the match record holds the deal: a classroom table offers it once the match "
                                    "is over" if self.save_button.disabled else
                                    f"a link to download the match so far, for tenpennies review: {REVEALS}"
                                    if reveals else "a link to download the match, for tenpennies review")
        self.spoken.value = self._spoken(new, layout)

    def _spoken(self, new, layout) -> str:
        """The screen readers' text: the news (read out as it changes), then the table in words."""
        game = self.game
        news = " ".join(new + [game.message or self.note or ""]).strip()  # all since the last move
        table = describe(game.view, game.names, order=game.hand)
        return (f"<div role='status' aria-live='polite'>{escape(news)} {escape(status_line(game.view, game.seat, game.names))}."
                f"</div><pre role='region' aria-label='the table in words'>{escape(table)}</pre>")

    def _tooltip(self, name: str) -> str:
        """The game's tooltip (what the move does; why not now) with its key in it."""
        from ..front.table import move_words

        letter = next((k for k, move in KEYS.items() if move == name), None)
        if letter is None:
            return self.game.tooltip(name)
        why = self.game.unavailable(name)
        said = f"{move_words(name, self.game.rules)}. Key {letter.upper()}."
        return f"{said} Not now: {why}." if why else said

    def show_summary(self, summary: RoundSummary | None) -> None:
        """Show a finished round's summary in the table's place, until Continue."""
        if summary is None:
            return
        self.shown_summary = summary
        game = self.game
        text = summary_html(summary, game.names, self.four_colour.value)
        if summary.last:
            text += f"<p><b>{escape(winners_sentence(game.view, game.seat, game.names))}</b></p>"
        self.summary_text.value = text
        self.summary_save.value = record_link(game) if (not self.classroom or game.is_over) else ""
        self.continue_button.description = "See the final table" if summary.last else "Continue"
        # After each round and the match, its review so far (the analyst's judgment of each
        # of the person's decisions, from what they knew then).
        self.review_button.layout.display = None if game.seat is not None else "none"
        self.review_button.description = "Review the match" if summary.last else "Review so far"
        self.summary.layout.display = None
        self.canvas.layout.display = "none"

    def open_review(self, **options) -> None:
        """Review the match so far for the person's seat (after a round, or the whole
        match once it is over: :class:`tenpennies.widgets.reviewing.ReviewPanel`) in the
        table's place, with a progress bar while the analyst works; ``options`` go to the
        review (``rollouts``, ``workers``, ...). "Back to the table" returns. A review is
        made again once more has been played since the last."""
        if self.game.seat is None:
            self.game.message = "the review judges a person's decisions: bots play every seat here"
            self.redraw()
            return
        if self.game.match is None:  # a room's seat: the match comes once it is over
            self.game.message = "the review opens once the match is over"
            self.redraw()
            return
        played = len(self.game.match.log)
        if self.review_panel is not None and self._reviewed_upto != played:
            self.review_panel = None  # more was played since: judge it again
        self._reviewed_upto = played
        back = widgets.Button(description="Back to the table", icon="arrow-left", layout=widgets.Layout(width="auto"))
        back.on_click(self._shown(lambda _b: self.close_review()))
        if self.review_panel is None:
            bar = widgets.IntProgress(value=0, min=0, max=1, description="reviewing",
                                      style={"description_width": "initial"})
            self.review_box.children = [widgets.HTML("<b>The analyst is judging each of your decisions "
                                                     "(rollouts from what you knew at the time)…</b>"), bar]
            self.review_box.layout.display = None
            self.main.layout.display = "none"

            def tell(done: int, total: int) -> None:
                bar.max, bar.value = max(total, 1), done

            # Offers the table passed without asking were not the person's decisions: not judged.
            self.review_panel = ReviewPanel.judged(self.game.match, self.game.seat, progress=tell,
                                                   try_table=PlayTable.from_trial,
                                                   unasked=self.game.unasked_actions(), **options)
        self.review_box.children = [back, self.review_panel]
        self.review_box.layout.display = None
        self.main.layout.display = "none"

    def close_review(self) -> None:
        """Back from the review to the table."""
        self.review_box.layout.display = "none"
        self.main.layout.display = None

    def offer_record(self) -> None:
        """Save: a link that downloads the match record so far (a classroom table: once it is over)."""
        if self.classroom and not self.game.is_over:
            self.save.value = ""
            return
        self.save.value = record_link(self.game)

    def close_summary(self) -> None:
        """Continue: back to the table, and the bots play on."""
        if self.shown_summary is None:
            return
        self.shown_summary = None
        self.summary.layout.display = "none"
        self.canvas.layout.display = None
        self._run_bots()

    # -- what the person does -------------------------------------------------------------------
    def click(self, x: float, y: float) -> None:
        """The canvas's click handler: select a card of the hand, or pick a set to add to."""
        region = self.layout_now.hit(x, y) if self.layout_now is not None else None
        if region is None:
            return
        self.note = ""
        if region.kind == "hand":
            self.game.select(region.index)
            self.game.message = ""
        elif region.kind == "set" and self.adding:
            self.adding = False
            if self.game.press("add", region.index, self._end(region, x)):
                self._run_bots()
                return
        self.redraw()

    def press_key(self, key: str) -> None:
        """The canvas's key handler (:meth:`tenpennies.front.table.Game.key`): arrows and space
        move and select, a button's letter presses it, a set's number after Add picks it."""
        if self.shown_summary is not None:
            if key.lower() in ("c", "enter", " "):
                self.close_summary()
            return
        self.keyboard = True
        if self.adding and (key.isdigit() or (key == "Enter" and self._set_number)):
            # A set's number may have two digits (set 10 on): while the digits typed begin
            # a longer number of a set the cards fit, wait for the next one (Enter: this one).
            if key.isdigit():
                self._set_number += key
            typed = self._set_number
            if key.isdigit() and any(str(i).startswith(typed) and str(i) != typed for i in self.game.addable_sets()):
                self.note = f"set {typed}… : type its next digit, or Enter for set {typed}"
                self.redraw()
                return
            self.adding, self._set_number = False, ""
            if self.game.press("add", int(typed)):
                self._run_bots()
                return
        elif key in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Spacebar"):
            self.game.key(key)
            self.game.message = self.note = ""
        else:
            move = self.game.key(key)
            if move:
                why = self.game.unavailable(move)
                if why:
                    self.game.message = f"{button_label(move, self.game.rules)}: not now: {why}"
                else:
                    self.buttons[move].click()
                    return
        self.redraw()

    def _offers_changed(self, change) -> None:
        self.game.offers = change["new"]
        if self.game.unasked_reason() is not None:
            self._run_bots()  # the offer now waiting is one not to be asked about any more

    def _end(self, region, x: float) -> str | None:
        """Where a wild goes on a run: the end of the run that was clicked (C4); None else."""
        view = self.game.view
        meld = view.table[region.index]
        wild = view.rules.wild_table(view.round_no)
        if meld.kind.value != "run" or not any(wild[c.index] for c in self.game.selected_cards):
            return None
        return "low" if x < region.rect.x + region.rect.w / 2 else "high"

    def _blind(self, name: str) -> bool:
        """True when ``name`` would be a move made blind: a round's summary hides the table
        (the next round is already dealt), so its moves and hint wait for Continue. Undo
        and New Match stay: they take the summary away themselves."""
        return self.shown_summary is not None and name not in ("undo", "new")

    def _human(self, move: str) -> None:
        if self._blind(move):
            return  # pressed from Python or a stale page while the summary is on show
        self.adding = False
        self.note = ""
        if self.game.press(move):
            self._run_bots()
        else:
            self.redraw()

    def _arm_add(self) -> None:
        if self._blind("add"):
            return
        self.note = ""
        why = self.game.unavailable("add")
        if why:  # a greyed-out Add pressed anyway (a forged click): refused, nothing armed
            self.game.message = f"{button_label('add', self.game.rules)}: not now: {why}"
            self.redraw()
            return
        if not self.game.selected:
            label, noun = button_label("add", self.game.rules), "meld" if self.game.rules.has_runs else "set"
            self.game.message = f"select the cards to add first, then press {label} and click a {noun}"
        elif not self.game.addable_sets():
            # Let the engine say why (not open yet, or the cards fit no set).
            self.game.add_to_set(0)
        else:
            self.adding, self._set_number = True, ""
            self.game.message = ""
            self.note = "click the set (outlined) to add the selected cards to"
        self.redraw()

    def show_hint(self) -> None:
        """Show the strong bot's suggestion and select the cards it would play."""
        if self._blind("hint"):
            return
        why = self.game.unavailable("hint")
        if why:  # (greyed out: not learning mode, or not the person's decision)
            self.game.message = f"{button_label('hint', self.game.rules)}: not now: {why}"
            self.redraw()
            return
        try:
            h = self.game.show_hint()
        except IllegalActionError as exc:
            self.game.message = str(exc)
        else:
            a = h.action
            cards = (a.card,) if isinstance(a, Discard) else a.cards if isinstance(a, (LayDown, Meld, AddToSet)) else ()
            if cards:
                self.game.select_cards(cards)
            self.game.message = ""
            self.note = "Hint: " + self.game.hint_words
        self.redraw()

    def toggle_why(self) -> None:
        """Open (or close) the numbers behind the hint on show (:meth:`tenpennies.front.table.Game.toggle_why`)."""
        if self.note.startswith("Hint: "):
            self.game.toggle_why()
            self.note = "Hint: " + self.game.hint_words
        self.redraw()

    def _undo(self) -> None:
        self.adding = False
        self.note = ""
        # (A round's end is news to the seat, so the move that ended it is never taken back:
        # Undo refuses with the summary on show, and the summary stays.)
        if self.game.press("undo"):
            self._ticket += 1
            # The log forgets the moves taken back: it is the match's words as it now stands.
            self.lines = [line for line in self.game.words() if "\n" not in line]
            self.lines.append("(You took back your last move.)")
        self.redraw()

    def _new(self) -> None:
        self.adding = False
        self.note = ""
        self.save.value = ""
        self.review_panel = None
        self.close_review()
        if self.shown_summary is not None:
            self.shown_summary = None
            self.summary.layout.display = "none"
            self.canvas.layout.display = None
        if self.classroom:
            self.game.new_match(secret_seed())  # not the next seed: that would be guessable
        else:
            self.game.new_match()
        self.lines = []
        self._run_bots()

    def _sorted(self, change) -> None:
        self.game.sort_hand(change["new"])
        self.redraw()

    # -- the bots' turns ----------------------------------------------------------------------
    def _run_bots(self) -> None:
        """Play the bots until the person must decide, pausing between moves when a loop runs."""
        self._ticket += 1
        ticket = self._ticket
        delay = self.speed.value
        try:
            loop = asyncio.get_running_loop() if delay > 0 else None
        except RuntimeError:
            loop = None  # no event loop (a script or a test): play them at once
        if loop is None:
            self.game.advance()
            self.redraw()
            return
        if self.shown_summary is not None:
            self.redraw()
            return

        def tick() -> None:
            if ticket != self._ticket:
                return  # a newer run (after New Match or Undo) has taken over
            if self.shown_summary is not None:
                return  # a round's summary is on show: Continue plays on
            if self.game.step():
                self.redraw()
                loop.call_later(self.speed.value, tick)
            else:
                self.redraw()

        self.redraw()
        loop.call_later(delay, tick)


class ReplayTable(_Board):
    """Step through a saved match (``tenpennies.play.record`` JSON text, its dict, or a Match).

    ``seat`` chooses whose view to show; ``None`` is the teacher's view, with every hand
    face up. The seat picker and the buttons change both.
    """

    def __init__(self, source, seat: int | None = None, *, four_colour: bool = False, width: int = WIDTH) -> None:
        super().__init__()
        self.replay = Replay(source, seat)
        self._four = four_colour
        self._setup_canvas(width)
        players = self.replay.match.rules.players
        self.seat_picker = widgets.Dropdown(
            options=[("teacher: every hand", None)] + [(f"seat {s}", s) for s in range(players)],
            value=seat, description="view:")
        self.message = widgets.HTML()
        self.seat_picker.observe(self._shown(self._seat), names="value")
        self.buttons = {name: widgets.Button(description=label, layout=widgets.Layout(width="auto"))
                        for name, label in (("start", "⏮"), ("back", "◀"), ("forward", "▶"), ("end", "⏭"))}
        self.buttons["start"].on_click(self._shown(lambda _b: self.goto(0)))
        self.buttons["back"].on_click(self._shown(lambda _b: self.goto(self.replay.at - 1)))
        self.buttons["forward"].on_click(self._shown(lambda _b: self.goto(self.replay.at + 1)))
        self.buttons["end"].on_click(self._shown(lambda _b: self.goto(self.replay.total)))
        self.slider = widgets.IntSlider(value=0, min=0, max=self.replay.total, description="action")
        self.slider.observe(self._shown(lambda change: self.goto(change["new"])), names="value")
        self.status = widgets.HTML()
        self.log_box = widgets.HTML()
        self.children = [
            self.status, self.canvas,
            widgets.HBox([*self.buttons.values(), self.slider, self.seat_picker, self.four_colour],
                         layout=widgets.Layout(flex_flow="row wrap")),
            self.message, self.log_box,
        ]
        self.redraw()

    def __repr__(self) -> str:
        view = "the teacher's view" if self.replay.seat is None else f"seat {self.replay.seat}'s view"
        return f"<ReplayTable: action {self.replay.at} of {self.replay.total}, {view}>"

    def goto(self, at: int) -> None:
        self.replay.goto(at)
        if self.slider.value != self.replay.at:
            self.slider.value = self.replay.at  # its observer comes back here with nothing to do
        self.redraw()

    def _seat(self, change) -> None:
        self.replay.seat = change["new"]
        self.redraw()

    def redraw(self) -> None:
        r = self.replay
        view = r.view
        layout = table_layout(view, viewer=r.seat, hands=r.hands)
        self._show(layout)
        text = winners_sentence(view, r.seat) if view.phase is Phase.OVER else status_line(view, r.seat)
        self.status.value = f"<b>{escape(text)}</b> · action {r.at} of {r.total}"
        self.log_box.value = _log_html(r.words(), height=200)
