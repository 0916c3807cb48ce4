"""The live table's words as HTML, beside the canvas or in its place: the scores, the log,
a finished round's summary, the help, and the link that downloads the match record.

Each is built from what the person's seat may know (the view, the round's summary,
the game's own words), so no card that seat may not see leaves the kernel (T20).
"""

from __future__ import annotations

import base64
from html import escape
from typing import Sequence

from ..engine.words import capitalized, plural
from ..front.buttons import KEYS
from ..front.offers import OFFERS
from ..front.table import Game, button_label, lay_down_rule, move_words, score_rows, who
from ..front.table_words import RoundSummary
from ..pictures.svg import hand_svg

LOG_LINES = 14


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
