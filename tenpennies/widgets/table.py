"""The live table: a match against bots on an ipycanvas ``MultiCanvas``.

The widget holds a :class:`~tenpennies.front.table.Game` and only draws it and forwards clicks:
every rule, refusal and bot move is the game's. What reaches the browser is built from
the person's :class:`~tenpennies.play.view.PlayerView` alone (the canvas shapes, the words of
the log, the score table, the hint and the engine's refusals), so no card that seat may
not see leaves the kernel (T20). Only the replay viewer,
:class:`tenpennies.widgets.replay_table.ReplayTable`, in its explicit teacher view shows
every hand.

The canvas and its drawing are :mod:`tenpennies.widgets.board`, the HTML panels
(scores, log, summary, help) :mod:`tenpennies.widgets.panels`, and the replay viewer
:mod:`tenpennies.widgets.replay_table`; this module is the live table's widget, its
controls and what each does. Every rule is the controller's,
:class:`tenpennies.front.table.Game`.
"""

from __future__ import annotations

import secrets

import asyncio
from html import escape
from typing import Sequence

import ipywidgets as widgets

from ..engine.actions import AddToSet, Discard, LayDown, Meld
from ..engine.errors import IllegalActionError
from ..front.buttons import KEYS
from ..front.offers import OFFERS
from ..front.table import BUTTON_LABELS, Game, button_label, describe, move_words, winners_sentence
from ..front.table_words import RoundSummary
from ..pictures.layout import WIDTH, status_line, table_layout
from ..play.match import Position
from ..engine.rules import TEN_PENNIES, RuleSet
from .board import SvgCanvas, _Board
from .callbacks import ERROR_INK
from .panels import REVEALS, _log_html, _score_html, help_html, record_link, summary_html
from .reviewing import ReviewPanel

NOTE_INK = "#1e6b34"  # a hint or an instruction in green (a refusal in red: ERROR_INK)


def secret_seed() -> int:
    """A deal nobody can guess: 64 bits from :mod:`secrets` (the classroom's deals, and its
    New Match: the next seed of a known one would be guessable)."""
    return secrets.randbits(64)


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
    (:data:`tenpennies.front.offers.OFFERS`): ``"useful"`` (the default) only those where buying
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
    space selects, and a button's letter (:data:`tenpennies.front.buttons.KEYS`, said in its
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
