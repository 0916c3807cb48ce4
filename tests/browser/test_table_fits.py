"""The app's table as a good card app plays: a round by the hint with offers asked only
when they could help, its summary, and a 1366x768 screen holding the whole table.

The page is the practice app (``python3 dev.py app --practice``, ``?seed=`` chooses the
deal); a :class:`tenpennies.widgets.PlayTable` made as the page makes it
(:func:`tenpennies.widgets.page.play_table`'s width and height) is played here with the
same clicks and says where each card is and what the page must show.

``TENPENNIES_SCREENSHOT=1`` writes the README's pictures of the table at 1366x768:
``docs/table_1366x768_ten_pennies.png`` and ``docs/table_1366x768_ten_card_rummy.png``.
"""

from __future__ import annotations

import os

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from .browserkit import ROOT, write_notebook
from .test_play_table import LiveTable, app_mirror
from tenpennies.front.table import button_label

pytestmark = pytest.mark.browser
widgets = require("tenpennies.widgets")

SEED = 7
SCREEN = {"width": 1366, "height": 768}
SCREENSHOTS = {"ten_pennies": ROOT / "docs" / "table_1366x768_ten_pennies.png",
               "ten_card_rummy": ROOT / "docs" / "table_1366x768_ten_card_rummy.png"}


def click_set(table: LiveTable, index: int) -> None:
    region = next(r for r in table.mirror.layout_now.regions_of("set") if r.index == index)
    x, y = region.rect.x + region.rect.w - 6, region.rect.y + 6
    table.kit.click_and_wait_redraw(*table._canvas_point(x, y))
    table.mirror.click(x, y)


def play_the_hint(table: LiveTable) -> None:
    """The hint's move, made in the page and here with the table's clicks and buttons."""
    from tenpennies.engine.actions import AddToMeld, Buy, Discard, LayDown, Meld, Pass

    action = table.game.hint().action
    kind = type(action)
    if kind in (Discard, Meld, AddToMeld):
        for card in ((action.card,) if kind is Discard else action.cards):
            table.click_card(str(card))
    if kind is AddToMeld:
        # Add to Set arms the table (a note, no move yet); the set's click makes the move.
        button = table.page.get_by_role("button", name=button_label("add", table.game.rules), exact=True)
        button.click()
        table.mirror.buttons["add"].click()
        table.page.get_by_text(table.mirror.note).first.wait_for(timeout=30000)
        click_set(table, action.set_index)
        table.wait_for_words()
        return
    name = {Buy: "buy", Pass: "pass", Discard: "discard", LayDown: "lay_down", Meld: "meld"}[kind]
    press(table, name)


def press(table: LiveTable, name: str) -> None:
    """Press a button here and in the page. A move that ends the round shows its summary:
    the page's bots wait for Continue there, while here they have played on (a table
    without an event loop plays its bots at once), so the page is waited on for the
    summary's first line instead of the log's last lines."""
    button = table.page.get_by_role("button", name=button_label(name, table.game.rules), exact=True)
    table.expect(button).to_be_enabled(timeout=30000)
    table.mirror.buttons[name].click()
    assert not table.game.message, table.game.message
    button.click()
    if table.mirror.shown_summary is None:
        table.wait_for_words()
    else:
        table.page.get_by_text(summary_head(table)).first.wait_for(timeout=60000)


def summary_head(table: LiveTable) -> str:
    summary = table.mirror.shown_summary
    how = summary.how_words(table.game.names)
    return f"Round {summary.round_no} of {summary.rounds} is over: {how[0].lower()}{how[1:]}."


def test_round_one_by_the_hint_asks_only_useful_offers_and_ends_with_its_summary(browser, voila):
    page = browser.new_page(viewport=SCREEN)
    page.goto(f"{voila.url}/voila/render/play.ipynb?seed={SEED}")
    table = LiveTable(page, app_mirror(seed=SEED))
    game = table.game
    assert game.offers == "useful"
    decisions = 0
    while table.mirror.shown_summary is None:
        play_the_hint(table)
        decisions += 1
    summary = table.mirror.shown_summary
    assert summary.round_no == 1
    # The offers the hint would pass as clear passes were not asked (benchmarks/table_clicks.py
    # counts the round both ways); the log says why.
    assert decisions < 40
    page.get_by_text(summary_head(table)).first.wait_for(timeout=60000)
    text = table.page_text()
    # Each says in one plain sentence why it was passed (explain.decisions.buy_plain), as
    # "You passed on 9H without being asked: you are down, and buying only adds cards."
    assert "without being asked: " in text
    for seat in range(4):
        for card, points in summary.points_by_card(seat):
            assert f"{card.symbol} {points}" in text
    assert "Download the match record" in text
    canvas = page.locator("canvas").last
    assert not canvas.is_visible()
    page.get_by_role("button", name="Continue", exact=True).click()
    canvas.wait_for(state="visible", timeout=30000)
    table.mirror.continue_button.click()
    assert game.match.round_no == 2
    page.close()


TCR_PAGE = """from tenpennies import TEN_CARD_RUMMY
from tenpennies.widgets.page import play_table
play_table(rules=TEN_CARD_RUMMY.with_players({players}))"""


@pytest.mark.parametrize("name, players", [("ten_pennies", 4), ("ten_card_rummy", 4), ("ten_card_rummy", 6)])
def test_the_whole_table_fits_a_1366x768_screen(browser, voila, notebook_dir, name, players):
    if name == "ten_pennies":
        notebook = "play.ipynb"
    else:
        notebook = f"tcr{players}.ipynb"
        write_notebook(notebook_dir / notebook, TCR_PAGE.format(players=players))
    page = browser.new_page(viewport=SCREEN)
    page.goto(f"{voila.url}/voila/render/{notebook}?seed={SEED}")
    from tenpennies import TEN_CARD_RUMMY

    options = {} if name == "ten_pennies" else {"rules": TEN_CARD_RUMMY.with_players(players)}
    table = LiveTable(page, app_mirror(seed=SEED, **options))
    assert len(table.mirror.layout_now.regions_of("seat")) == players
    sizes = page.evaluate("""() => {
        const e = document.scrollingElement || document.documentElement;
        const boxes = [...document.querySelectorAll('canvas, button, table, select')]
            .filter(b => b.offsetParent !== null).map(b => b.getBoundingClientRect());
        return {scrollHeight: e.scrollHeight, scrollWidth: e.scrollWidth,
                bottom: Math.max(...boxes.map(b => b.bottom)), right: Math.max(...boxes.map(b => b.right)),
                height: innerHeight, width: innerWidth};
    }""")
    # No scrollbar: the page is no taller or wider than the window, and every canvas,
    # button, score table and picker lies inside it.
    assert sizes["scrollHeight"] <= sizes["height"] and sizes["scrollWidth"] <= sizes["width"], sizes
    assert sizes["bottom"] <= sizes["height"] and sizes["right"] <= sizes["width"], sizes
    # The instructions are folded under Help, which unfolds them.
    help_text = "Click cards in your hand to select them"
    assert not page.get_by_text(help_text).first.is_visible()
    if os.environ.get("TENPENNIES_SCREENSHOT") and (name == "ten_pennies" or players == 6):
        SCREENSHOTS[name].parent.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS[name]))
    page.get_by_role("button", name="Help").click()
    page.get_by_text(help_text).first.wait_for(state="visible", timeout=30000)
    page.close()


REVIEW_PAGE = """import dataclasses
from tenpennies import Position, TEN_PENNIES
from tenpennies.pictures.layout import APP_HEIGHT, APP_WIDTH
from tenpennies.widgets import PlayTable
one = dataclasses.replace(TEN_PENNIES, name="Ten Pennies, round 1 only", contracts=TEN_PENNIES.contracts[:1],
                          wild_ranks=TEN_PENNIES.wild_ranks[:1], wild_limits=TEN_PENNIES.wild_limits[:1])
PlayTable.from_position({position!r}, seed=1, rules=one, offers="ask", width=APP_WIDTH, max_height=APP_HEIGHT)"""


def test_the_matchs_end_opens_its_review_and_jumps_to_a_mistake(browser, voila, notebook_dir):
    import dataclasses
    import html
    import re
    import sys

    sys.path.insert(0, str(ROOT / "tests"))
    from test_review import late_position  # seat 0 is offered 7D, which completes its contract

    from tenpennies import TEN_PENNIES

    one = dataclasses.replace(TEN_PENNIES, name="Ten Pennies, round 1 only", contracts=TEN_PENNIES.contracts[:1],
                              wild_ranks=TEN_PENNIES.wild_ranks[:1], wild_limits=TEN_PENNIES.wild_limits[:1])
    write_notebook(notebook_dir / "last_round.ipynb", REVIEW_PAGE.format(position=late_position()))
    page = browser.new_page(viewport=SCREEN)
    page.goto(f"{voila.url}/voila/render/last_round.ipynb")
    mirror = app_mirror(seed=1, rules=one, offers="ask", position=late_position())
    table = LiveTable(page, mirror)
    game = table.game
    press(table, "pass")  # a blunder: 7D completed the contract
    while game.waiting and game.view.phase.value == "offer":
        press(table, "pass")
    table.click_card("JK")
    press(table, "discard")  # a blunder: the joker completed it too
    while table.mirror.shown_summary is None:
        play_the_hint(table)
    assert game.is_over
    page.get_by_text("The match is over: ").first.wait_for(timeout=60000)
    page.get_by_role("button", name="Review").click()  # (its icon keeps the name from being exact)
    mirror.open_review()  # the same seed: the same review as the page's kernel makes
    panel = mirror.review_panel
    assert panel.session.mistakes
    page.get_by_text("Review of seat 0's match").first.wait_for(timeout=180000)
    label = panel.mistake_list.options[1][0]
    page.locator("select").filter(has_text=label).select_option(label=label)
    panel.mistake_list.value = 1
    caption = html.unescape(re.sub(r"<[^>]+>", " ", panel.caption.value)).split()
    words = " ".join(caption[:8])
    page.wait_for_function("(words) => document.body.innerText.replace(/\\s+/g, ' ').includes(words)",
                           arg=words, timeout=60000)
    page.close()
