"""The live table in a real browser: the classroom app served by Voila, and JupyterLab.

The page is played by clicking, as a learner would: cards on the canvas, then buttons.
The same table is played in this process too (a :class:`tenpennies.widgets.PlayTable`
with the same seed, bots and clicks, its bots played at once), which says where each
card is drawn (:attr:`PlayTable.layout_now`) and what the page's log and messages must
say after each click. Canvas pixels are read in the page (``getImageData``).
"""

from __future__ import annotations

import os

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from .browserkit import ROOT, TablePage, open_in_lab_and_run, write_notebook
from tenpennies import Position
from tenpennies.front.table import BUTTON_LABELS
from tenpennies.play.match import Phase

pytestmark = pytest.mark.browser
widgets = require("tenpennies.widgets")

SEED = 7
SCREENSHOT = ROOT / "docs" / "table.png"

# Round 1 (two sets of 3): seat 0 holds 7S 7H 7D and 9S 9H JK, and is offered AC first.
RIGGED = Position(
    round_no=1,
    hands=("7S 7H 7D 9S 9H JK KC 4D 2C 5H 8D",
           "AS AH 3D 3C 5S 6H 8C 10D QS QH KD",
           "2S 2H 4S 4C 6S 6D 8S 10H JC JD KS",
           "3S 3H 5C 5D 7C 9C 9D 10S JS QC KH"),
    discard_pile="AC", stock="QD 4H 6C 8H 10C JH KC 2D 3D 5D", dealer=3,
)
# Every offer asked: the test buys and passes by hand (the table's default asks only useful ones).
RIGGED_OPTIONS = {"seed": 5, "bots": ("thumb", "thumb", "thumb"), "offers": "ask"}
RIGGED_SOURCE = f"""from tenpennies import Position
from tenpennies.widgets import PlayTable
PlayTable(position={RIGGED!r}, **{RIGGED_OPTIONS!r})"""
LABELS = BUTTON_LABELS


def mirror(**options):
    """The table played in this process, its bots at once (delay 0): playwright's sync API
    runs an event loop, on which a table with a delay would play its bots later."""
    return widgets.PlayTable(delay=0, **options)


def app_mirror(**options):
    """The table as the app's page makes it (play.ipynb: its width and height), its bots
    played at once: a narrower mirror wraps the sets into more rows than the page draws."""
    from tenpennies.pictures.layout import APP_HEIGHT, APP_WIDTH

    return mirror(width=APP_WIDTH, max_height=APP_HEIGHT, **options)


class LiveTable:
    """A page showing a PlayTable, and the same table played here to say what it must show."""

    def __init__(self, page, mirror):
        from playwright.sync_api import expect

        self.expect = expect
        self.page = page
        self.mirror = mirror
        page.wait_for_selector("canvas", timeout=60000)
        self.kit = TablePage(page)
        self.kit.wait_until_canvas_drawn()
        # The first words come after the bots' opening moves, paced 0.4 s each: on a loaded
        # CI machine (two test workers, their kernels and chromium on two cores) that once
        # took more than 30 s (Ten Card Rummy at four).
        self.wait_for_words(timeout_ms=90000)

    @property
    def game(self):
        return self.mirror.game

    def hand(self) -> list[str]:
        return [str(c) for c in self.game.hand]

    def page_text(self) -> str:
        return self.page.evaluate("() => document.body.innerText")

    def wait_for_words(self, timeout_ms: int = 30000) -> None:
        """Wait until the page's log ends with the mirror's last lines (a score table aside)."""
        lines = [line for line in self.mirror.lines[-6:] if "\n" not in line]
        self.page.wait_for_function(
            """(lines) => { const text = document.body.innerText;
                 let at = 0;
                 for (const line of lines) { at = text.indexOf(line, at); if (at < 0) return false; }
                 return true; }""",
            arg=lines, timeout=timeout_ms)

    def _canvas_point(self, x: float, y: float) -> tuple[float, float]:
        canvas = self.page.locator("canvas").last
        box = canvas.bounding_box()
        scale = box["width"] / canvas.evaluate("c => c.width")
        return box["x"] + x * scale, box["y"] + y * scale

    def click_card(self, card: str) -> None:
        """Click the first card ``card`` of the hand (selecting or unselecting it)."""
        index = self.hand().index(card)
        was_selected = index in self.game.selected
        rect = self.mirror.layout_now.regions_of("hand")[index].rect
        # The top-left corner of a fanned card is never covered by its neighbour.
        x, y = rect.x + 8, rect.y + 10
        self.kit.click_and_wait_redraw(*self._canvas_point(x, y))
        self.mirror.click(x, y)
        assert (index in self.game.selected) != was_selected

    def press(self, name: str) -> bool:
        """Press a button in the page and here; wait for the words; True if the move was played."""
        before_lines = len(self.mirror.lines)
        before_pixels = self.kit.pixels()
        button = self.page.get_by_role("button", name=LABELS[name], exact=True)
        self.expect(button).to_be_enabled(timeout=30000)
        box = button.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        self.mirror.buttons[name].click()
        played = len(self.mirror.lines) > before_lines
        if played:
            self.kit.click_and_wait_redraw(x, y)
            self.wait_for_words()
        else:
            self.page.mouse.click(x, y)
            assert self.game.message, "a refused move must say why"
            self.page.get_by_text(self.game.message).first.wait_for(timeout=30000)
            assert self.kit.pixels() == before_pixels, "a refused move changed the table"
        return played


def test_the_rigged_table_buys_refuses_lays_down_and_discards(browser, voila, notebook_dir):
    write_notebook(notebook_dir / "rigged.ipynb", RIGGED_SOURCE)
    page = browser.new_page(viewport={"width": 1100, "height": 1100})
    page.goto(f"{voila.url}/voila/render/rigged.ipynb")
    table = LiveTable(page, mirror(position=RIGGED, **RIGGED_OPTIONS))
    game = table.game
    assert game.waiting and game.match.phase is Phase.OFFER and table.hand()[-1] == "JK"

    assert table.press("buy")
    assert game.match.phase is Phase.PLAY and len(game.hand) == 14
    assert "You bought AC for a token." in table.page_text()

    # A refused move: 7S 7H and KC are no contract; the engine says why, nothing changes.
    for card in ("7S", "7H", "KC"):
        table.click_card(card)
    assert not table.press("lay_down")
    assert "cannot lay down" in game.message

    table.click_card("KC")  # unselect it
    for card in ("7D", "9S", "9H", "JK"):
        table.click_card(card)
    assert table.press("lay_down")
    assert game.view.opened[0] and len(game.view.table) == 2
    table.click_card("KC")
    assert table.press("discard")
    assert "You discarded KC." in table.page_text()
    if os.environ.get("TENPENNIES_SCREENSHOT"):
        SCREENSHOT.parent.mkdir(exist_ok=True)
        page.locator(".widget-vbox").first.screenshot(path=str(SCREENSHOT))
    page.close()


def test_the_app_plays_several_turns_of_a_seeded_match(browser, voila):
    page = browser.new_page(viewport={"width": 1100, "height": 1100})
    page.goto(f"{voila.url}/voila/render/play.ipynb?seed={SEED}")
    table = LiveTable(page, mirror(seed=SEED))
    game = table.game
    turns = 0
    while turns < 3 and not game.is_over:
        if game.match.phase is Phase.OFFER:
            table.press("pass")
        else:
            table.click_card(table.hand()[0])
            table.press("discard")
            turns += 1
    page.close()


def test_the_play_notebook_shows_the_table_in_jupyterlab(browser, jupyterlab):
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    open_in_lab_and_run(page, jupyterlab, "play.ipynb")
    page.wait_for_selector(".jp-OutputArea canvas", timeout=60000)
    TablePage(page).wait_until_canvas_drawn()
    assert page.get_by_role("button", name="Discard", exact=True).count() == 1
    page.close()


# Random bots: any bot that knows the rule set will do for what is checked here.
TCR_OPTIONS = {"seed": 11, "seat": 0, "bots": ("random",)}
TCR_SOURCE = f"""from tenpennies import TEN_CARD_RUMMY
from tenpennies.widgets import PlayTable
PlayTable(rules=TEN_CARD_RUMMY.with_players(6), **{TCR_OPTIONS!r})"""


def test_a_six_player_ten_card_rummy_table_takes_a_discard_and_plays_the_bots(browser, voila, notebook_dir):
    from tenpennies import TEN_CARD_RUMMY

    write_notebook(notebook_dir / "tcr.ipynb", TCR_SOURCE)
    page = browser.new_page(viewport={"width": 1100, "height": 1200})
    page.goto(f"{voila.url}/voila/render/tcr.ipynb")
    table = LiveTable(page, mirror(rules=TEN_CARD_RUMMY.with_players(6), **TCR_OPTIONS))
    game = table.game
    assert len(game.view.hand_sizes) == 6 and len(table.mirror.layout_now.regions_of("seat")) == 6
    # Ten Card Rummy's draw is a choice (C8): its buttons show; Ten Pennies' table has none.
    assert page.get_by_role("button", name=LABELS["take"], exact=True).count() == 1
    while not (game.waiting and game.match.phase is Phase.MELD):
        table.press("pass")  # an offer to buy another seat's discard (C9): let it go
    top = str(game.view.top_discard)
    assert table.press("take")
    assert f"You took {top} from the discard pile." in table.page_text()
    assert game.match.phase is Phase.DISCARD
    card = table.hand()[0]
    table.click_card(card)
    assert table.press("discard")
    text = table.page_text()
    assert f"You discarded {card}." in text
    # The bots played on: seat 1 (the next seat clockwise) has had its turn or its offer.
    after = text[text.index(f"You discarded {card}."):]
    assert "Seat 1 (" in after
    # Six seats' scores fit: the score table is whole in the window, not cut off at the edge
    # of its box (found by a new user with the sidebar open); at this width it wraps below
    # the log.
    box, table_box, window = page.evaluate("""() => {
        const t = [...document.querySelectorAll('table')].find(t => t.innerText.includes('total'));
        const b = t.closest('.widget-html');
        return [b.getBoundingClientRect().right, t.getBoundingClientRect().right,
                document.documentElement.clientWidth];
    }""")
    assert table_box <= min(box, window) + 1
    page.close()
