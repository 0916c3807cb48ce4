"""A lesson's question in a real browser (Voila): a wrong answer gets the kit's reason and a
second try, and the answer shows only once the question is settled.

``TENPENNIES_SCREENSHOT=1`` retakes ``docs/screenshots/question-before.png`` (after a wrong
first answer: the reason and the second try), ``question-after.png`` (answered: the answer
shown) and ``table-last-move.png`` (the app's table after the bots' moves: the line above the
hand and the card just discarded marked), all at 1366x768.
"""

from __future__ import annotations

import os

import pytest

from .browserkit import ROOT, write_notebook

pytestmark = pytest.mark.browser

SHOTS = ROOT / "docs" / "screenshots"
QUESTIONS = """\
from tenpennies import parse_cards
from tenpennies.lessons.choices import is_set, points_of
from tenpennies.widgets import ask
from IPython.display import display
display(ask(is_set(parse_cards("9S AH 2D 9C"), round_no=5, ruling="T15")))
display(ask(points_of(parse_cards("3S KD AS"), [25, 30, 35])))
"""


def _shoot(page, name: str) -> None:
    if os.environ.get("TENPENNIES_SCREENSHOT"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name))


def test_a_wrong_answer_gets_the_reason_and_a_second_try_before_the_answer_shows(browser, voila, notebook_dir):
    from playwright.sync_api import expect

    write_notebook(notebook_dir / "questions.ipynb", QUESTIONS)
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{voila.url}/voila/render/questions.ipynb")
    first = page.locator(".widget-vbox").filter(has_text="Is 9S AH 2D 9C a set in round 5?").first
    first.wait_for(timeout=60000)
    no, yes = (first.get_by_role("button", name=n, exact=True) for n in ("no", "yes"))

    # The first, wrong answer: the reason in the rules' words, and one more try; no answer yet.
    no.click()
    reason = first.get_by_text("One more try.")
    reason.wait_for(timeout=30000)
    said = reason.inner_text()
    assert said.startswith("Not so. 9S AH 2D 9C is a set in round 5:")
    assert "aces and twos are wild in round 5, T15" in said and "at most 2 wilds (T14)" in said
    expect(no).to_be_disabled()
    expect(yes).to_be_enabled()
    assert first.locator(".widget-html").filter(has_text="T15.").count() == 0  # the answer box is empty
    _shoot(page, "question-before.png")

    # The second try, right: the answer shows, and nothing more can be answered.
    yes.click()
    first.get_by_text("Right.").wait_for(timeout=30000)
    first.locator("b", has_text="T15.").wait_for(timeout=30000)
    expect(first.get_by_role("button", name="Show the answer")).to_be_disabled()
    _shoot(page, "question-after.png")

    # Two wrong answers settle a question too: the second wrong one shows the answer.
    second = page.locator(".widget-vbox").filter(has_text="what do 3S KD AS cost?").first
    second.get_by_role("button", name="25 points", exact=True).click()
    second.get_by_text("One more try.").wait_for(timeout=30000)
    assert "= 35 points" not in second.inner_text()  # the first try is told the rule, not the sum
    second.get_by_role("button", name="30 points", exact=True).click()
    second.locator("b", has_text="T18.").wait_for(timeout=30000)
    assert "3S 5 + KD 10 + AS 20 = 35 points" in second.inner_text()
    expect(second.get_by_role("button", name="35 points", exact=True)).to_be_disabled()
    page.close()


def test_the_app_table_shows_the_bots_last_moves(browser, voila):
    """The app's table after the bots have played: the canvas is drawn and the log's
    newest line is in view (its box opens scrolled to the end)."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(f"{voila.url}/voila/render/play.ipynb?seed=7")
    page.locator("canvas").first.wait_for(timeout=60000)
    log = page.locator(".tenpennies-log").first
    log.wait_for(timeout=60000)
    # Play as a person would (pass an offer; discard what the hint selects) until a bot has
    # discarded; the bots play with a pause between moves.
    bot_discarded = "() => /Seat \\d[^\\n]* discarded/.test(document.querySelector('.tenpennies-log').innerText)"
    for _ in range(12):
        page.wait_for_timeout(1500)
        if page.evaluate(bot_discarded):
            break
        pass_button = page.get_by_role("button", name="Pass", exact=True)
        if pass_button.is_enabled():
            pass_button.click()
        elif page.get_by_role("button", name="Discard", exact=True).is_enabled():
            page.get_by_role("button", name="Hint", exact=True).click()
            page.wait_for_timeout(500)
            page.get_by_role("button", name="Discard", exact=True).click()
    page.wait_for_function(bot_discarded, timeout=30000)
    page.wait_for_timeout(2000)
    newest = log.locator("div > div").last   # the newest line, at the bottom of the box
    box, line = log.bounding_box(), newest.bounding_box()
    assert box["y"] <= line["y"] and line["y"] + line["height"] <= box["y"] + box["height"] + 1
    _shoot(page, "table-last-move.png")
    page.close()
