"""The live table at offers "useful" (issue 32): a round played in a real browser, by the
hint, asks about no offer the buy judgment calls a pass, and none once the seat is down;
the hint on an offer says its answer plainly, its numbers behind "Why?".

The round is played by clicking, as in test_play_table.py, with the same table played in
this process (the mirror) to say what the page must show and to count the questions.
"""

from __future__ import annotations

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from .test_play_table import LABELS, LiveTable, app_mirror
from tenpennies.engine.actions import Buy, Discard, LayDown, Meld
from tenpennies.bots.buying import should_buy
from tenpennies.play.match import Phase

pytestmark = pytest.mark.browser
widgets = require("tenpennies.widgets")

SEED = 3


def click_at(table, index: int) -> None:
    """Click the hand's card at ``index`` in the page and in the mirror (as LiveTable.click_card)."""
    rect = table.mirror.layout_now.regions_of("hand")[index].rect
    x, y = rect.x + 8, rect.y + 10
    table.kit.click_and_wait_redraw(*table._canvas_point(x, y))
    table.mirror.click(x, y)


def discard(table, round_no: int) -> None:
    """Press Discard in the page and the mirror. When a bot then ends the round, the page
    stops at the round's summary (its Continue button) while the mirror plays on, so the
    page's words are awaited only while the round goes on."""
    button = table.page.get_by_role("button", name=LABELS["discard"], exact=True)
    table.expect(button).to_be_enabled(timeout=30000)
    before = len(table.mirror.lines)
    table.mirror.buttons["discard"].click()
    assert len(table.mirror.lines) > before, table.game.message
    box = button.bounding_box()
    table.kit.click_and_wait_redraw(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    if table.game.match.round_no == round_no:
        table.wait_for_words()


def test_t5_a_round_at_offers_useful_asks_no_offer_the_judgment_calls_a_pass(browser, voila):
    page = browser.new_page(viewport={"width": 1100, "height": 1100})
    page.goto(f"{voila.url}/voila/render/play.ipynb?seed={SEED}")
    table = LiveTable(page, app_mirror(seed=SEED))
    game = table.game
    assert game.offers == "useful"
    first = game.match.round_no
    asked, decisions, why_shown = 0, 0, False
    while not game.is_over and game.match.round_no == first:
        assert game.waiting, "the bots play until the person must decide"
        view = game.view
        decisions += 1
        action = game.hint().action
        if view.phase is Phase.OFFER:
            assert any(type(a) is Buy for a in view.legal_actions)
            asked += 1
            assert not view.opened[view.seat], "an offer asked after laying down"
            assert should_buy(view).verdict != "pass", "an offer the judgment calls a pass was asked"
            if not why_shown:
                # The hint says its answer in one sentence; "Why?" opens the numbers behind it.
                page.get_by_role("button", name=LABELS["hint"], exact=True).click()
                table.mirror.buttons["hint"].click()
                hint = game.hint_shown
                page.get_by_text(hint.first).first.wait_for(timeout=30000)
                page.get_by_role("button", name="Why?", exact=True).click()
                table.mirror.toggle_why()
                page.get_by_text(hint.why[:60]).first.wait_for(timeout=30000)
                why_shown = True
            table.press("buy" if isinstance(action, Buy) else "pass")
        elif isinstance(action, (LayDown, Meld)):
            for i in list(game.selected):
                click_at(table, i)
            left = list(game.hand)
            for card in action.cards:  # (a card held twice is clicked at each of its places)
                i = next(i for i, c in enumerate(left) if c == card and i not in game.selected)
                click_at(table, i)
            assert table.press("lay_down" if isinstance(action, LayDown) else "meld")
        else:
            # The hint's discard; where it melds or adds to a set, a discard will do here.
            card = action.card if isinstance(action, Discard) else max(game.hand, key=lambda c: c.rank)
            for i in list(game.selected):
                click_at(table, i)
            click_at(table, game.hand.index(card))
            discard(table, first)
    print(f"seed {SEED}, round {first} at offers 'useful': {asked} offers asked of {decisions} decisions")
    assert asked and why_shown
    page.close()
