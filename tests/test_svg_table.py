"""The table without ipycanvas (as in the JupyterLite site): SVG pictures, buttons for clicks.

A fixture imports a fresh copy of ``tenpennies.widgets.table`` (with the canvas it draws
on, ``tenpennies.widgets.board``, and the replay viewer) while ``import ipycanvas`` fails,
exactly as it does in Pyodide, and puts everything back afterwards. The table is then driven
only through its handlers: the card and set buttons, and the action buttons.
"""

from __future__ import annotations

import importlib
import re
import sys

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

require("ipywidgets")

from tenpennies import parse_cards  # noqa: E402
from tenpennies.pictures.layout import paint  # noqa: E402
from tenpennies.pictures.svg import shapes_svg  # noqa: E402
from tenpennies.play.view import PlayerView  # noqa: E402


@pytest.fixture
def table_module(monkeypatch):
    """``tenpennies.widgets.table`` as imported where ipycanvas cannot be (the replay viewer's
    module is then imported afresh too, when asked for)."""
    import tenpennies.widgets as package

    fresh = ("board", "table", "replay_table")  # the canvas's fallback is chosen in board
    for name in fresh:  # the real ones first, so they are what comes back
        importlib.import_module(f"tenpennies.widgets.{name}")
    monkeypatch.setitem(sys.modules, "ipycanvas", None)  # makes `import ipycanvas` raise ImportError
    for name in fresh:
        monkeypatch.delitem(sys.modules, f"tenpennies.widgets.{name}")
        monkeypatch.setattr(package, name, getattr(package, name))  # the imports below rebind them
    module = importlib.import_module("tenpennies.widgets.table")
    yield module
    monkeypatch.undo()


def test_without_ipycanvas_the_table_draws_svg_in_an_html_widget(table_module):
    from tenpennies.widgets.svg_table import SvgCanvas

    table = table_module.PlayTable(seed=5, delay=0)
    assert isinstance(table.canvas, SvgCanvas)
    picture = table.canvas.picture.value
    layout = table.layout_now
    # The same shapes the canvas would get, as the same SVG the notebooks show.
    assert table.shapes == paint(layout, targets=())
    assert picture.startswith("<svg") and picture.count("<rect") == sum(s.kind == "rect" for s in table.shapes)
    assert picture == shapes_svg(table.shapes, layout.width, layout.height,
                                 " ".join(str(c) for c in layout.cards_shown()))


def test_the_picture_shows_only_what_the_seat_may_see_t20(table_module):
    table = table_module.PlayTable(seed=9, delay=0)
    view: PlayerView = table.game.view
    desc = re.search(r"<desc>(.*?)</desc>", table.canvas.picture.value).group(1)
    shown = parse_cards(desc) if desc else ()
    allowed = set(view.hand) | set(view.discard_pile) | {c for s in view.table for c in s.cards}
    assert set(shown) <= allowed
    assert set(view.hand) <= set(shown)


def test_a_card_button_selects_that_card_and_pressing_again_puts_it_back(table_module):
    table = table_module.PlayTable(seed=3, delay=0)
    board = table.canvas
    assert [b.description for b in board.hand_buttons] == [r.card.symbol for r in table.layout_now.regions_of("hand")]
    board.hand_buttons[2].click()
    assert table.game.selected == (2,)
    assert board.hand_buttons[2].button_style == "info"
    board.hand_buttons[2].click()
    assert table.game.selected == ()
    assert board.hand_buttons[2].button_style == ""


def test_a_whole_match_plays_through_the_buttons(table_module):
    """Every kind of move made through the buttons, as the hint suggests, until the match ends."""
    table = table_module.PlayTable(seed=11, delay=0)
    game, board = table.game, table.canvas
    added = 0
    for _ in range(2000):
        # The buttons always match what the picture shows: one per card, one per set.
        assert len(board.hand_row.children) == len(table.layout_now.regions_of("hand"))
        assert len(board.set_row.children) == len(table.layout_now.regions_of("set"))
        if game.is_over:
            break
        if table.shown_summary is not None:  # a round's end: its summary hides the table until Continue
            table.continue_button.click()
        if not table.buttons["pass"].disabled:
            table.buttons["pass"].click()
            continue
        # The hint picks (it selects the cards of the strong bot's move); the move is then
        # made as a person would: the button for its kind, a set's button to add to a set.
        action = game.hint().action
        kind = type(action).__name__
        table.buttons["hint"].click()
        chosen = [i for i, b in enumerate(board.hand_row.children) if b.button_style == "info"]
        assert tuple(chosen) == tuple(sorted(game.selected))
        before = len(game.match.log)
        if kind == "AddToMeld":
            table.buttons["add"].click()
            number = [r.index for r in table.layout_now.regions_of("set")].index(action.set_index)
            board.set_buttons[number].click()
            added += 1
        else:
            table.buttons[{"LayDown": "lay_down", "Meld": "meld", "Discard": "discard"}[kind]].click()
        assert len(game.match.log) > before, game.message  # the move was made, not refused
    assert game.is_over
    assert added, "this seeded match adds to a set at least once: the set buttons were used"
    assert "Match over" in table.status.value or "win" in table.status.value


def test_the_replay_table_also_draws_without_ipycanvas(table_module):
    from tenpennies import play_match
    from tenpennies.play import record
    from tenpennies.widgets.replay_table import ReplayTable  # (afresh, beside table_module)

    match = play_match(("thumb",) * 4, seed=4)
    replay = ReplayTable(record.dumps(match), seat=None)
    replay.buttons["end"].click()
    assert replay.canvas.picture.value.startswith("<svg")
    # Nothing to click in a replay: no card buttons.
    assert list(replay.canvas.children) == [replay.canvas.picture]


def test_keyboard_play_works_through_the_keys_box_as_on_the_canvas(table_module):
    """No key event reaches the kernel from SVG: the keys box stands in. Each key typed there
    goes to the table's key handler as the canvas's keys would (Game.key): a move's letter
    presses its button, ',' and '.' move along the hand, space selects."""
    from tenpennies.play.match import Phase

    table = table_module.PlayTable(seed=7, delay=0, offers="ask")
    board, game = table.canvas, table.game
    assert board.key_box in board.children and "space selects" in board.key_box.placeholder
    assert "keys box" in table.help.value and "arrow keys" not in table.help.value
    board.type_keys("p")  # Pass
    assert game.waiting and not game.message
    while game.view.phase is Phase.OFFER:
        board.type_keys("p")
    board.type_keys(".")
    assert game.cursor == 1 and table.keyboard
    board.type_keys(",.")  # several keys at once: each in turn
    assert game.cursor == 1
    board.type_keys(" ")
    card = game.hand[1]
    assert game.selected == (1,) and board.hand_buttons[1].button_style == "info"
    assert [r.index for r in table.layout_now.regions_of("hand") if r.focused] == [1]
    board.type_keys("d")
    assert f"You discarded {card}." in table.lines


def test_only_keys_added_at_the_end_of_the_box_are_pressed(table_module):
    """The browser sends the box's whole text at each key: a key taken back, or the box
    cleared, presses nothing, and the keys before are not pressed again."""
    table = table_module.PlayTable(seed=7, delay=0, offers="ask")
    board, game = table.canvas, table.game
    board.type_keys("..")
    assert game.cursor == 2
    board.key_box.value = "."  # backspace
    board.key_box.value = ""  # cleared
    assert game.cursor == 2
    board.key_box.value = "."  # typed again into the empty box
    assert game.cursor == 3


def test_enter_in_the_keys_box_picks_the_set_whose_number_was_typed(table_module):
    from conftest import eleven_sets_on_the_table

    table = table_module.PlayTable.from_position(eleven_sets_on_the_table(), seed=1, offers="never", delay=0)
    board, game = table.canvas, table.game
    board.type_keys("s")  # draw from the stock
    game.select_cards("JK")
    board.type_keys("a1")  # Add, then '1', which begins '10': it waits
    assert table.adding and "next digit" in table.note
    before = len(game.view.table[1].cards)
    board.key_box._handle_custom_msg({"event": "submit"}, [])  # what the browser sends on Enter
    assert not table.adding and len(game.view.table[1].cards) == before + 1
