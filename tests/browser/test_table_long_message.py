"""A long refusal keeps the app's table whole on a 1366x768 screen: the message under
the hand wraps within the table's width, and the scores and the log stay beside it."""

from __future__ import annotations

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from .test_play_table import LiveTable
from .test_table_fits import SCREEN, SEED, app_mirror

pytestmark = pytest.mark.browser
widgets = require("tenpennies.widgets")


def settled(page, table, quiet_ms: int = 1500) -> None:
    """Wait until the canvas has drawn the last key press: no change for ``quiet_ms``."""
    before = None
    while (now := table.kit.pixels()) != before:
        before = now
        page.wait_for_timeout(quiet_ms)


def test_a_long_refusal_keeps_the_scores_beside_the_table(browser, voila):
    page = browser.new_page(viewport=SCREEN)
    page.goto(f"{voila.url}/voila/render/play.ipynb?seed={SEED}&offers=never")
    table = LiveTable(page, app_mirror(seed=SEED, offers="never"))
    assert table.game.waiting
    # Every card of the hand selected from the keyboard (up raises, right moves on), as a
    # learner who wants to see why "lay down all of it" is refused would.
    page.locator("canvas").last.click(position={"x": 5, "y": 5})
    for _ in table.game.hand:
        for key in ("ArrowUp", "ArrowRight"):
            page.keyboard.press(key)
            table.mirror.press_key(key)
    assert len(table.game.selected) == len(table.game.hand)
    settled(page, table)
    assert not table.press("lay_down")  # refused, with the engine's reasons, one per set
    assert len(table.game.message) > 200, table.game.message
    boxes = page.evaluate("""() => {
        const e = document.scrollingElement || document.documentElement;
        const canvas = [...document.querySelectorAll('canvas')].pop().getBoundingClientRect();
        const scores = [...document.querySelectorAll('table')].filter(t => t.offsetParent !== null)[0]
            .getBoundingClientRect();
        return {canvasRight: canvas.right, canvasTop: canvas.top, canvasBottom: canvas.bottom,
                scoresLeft: scores.left, scoresTop: scores.top,
                scrollWidth: e.scrollWidth, width: innerWidth};
    }""")
    assert boxes["scoresLeft"] >= boxes["canvasRight"], boxes       # beside the table,
    assert boxes["scoresTop"] < boxes["canvasBottom"], boxes        # not pushed below it
    assert boxes["scrollWidth"] <= boxes["width"], boxes
    page.close()
