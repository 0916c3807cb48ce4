"""A review's mistake in the puzzle widget, in a real browser (issue 34, item 4).

The page reviews a late round-1 table with two planted blunders (tests/test_review.py's),
keeps its mistakes in a fresh progress file, and opens the puzzle widget at 1366x768. In
"Your mistakes" the first mistake must be asked from the seat's view, a wrong answer
(the move played) told its cost, and after the other mistake that one must come back.
The cards, the answer and the feedback must all be in view without scrolling.
``TENPENNIES_SCREENSHOT=1`` retakes ``docs/screenshots/personal_puzzle.png``.
"""

from __future__ import annotations

import os

import pytest

from .browserkit import ROOT, write_notebook

pytestmark = pytest.mark.browser
SCREENSHOT = ROOT / "docs" / "screenshots" / "personal_puzzle.png"


def source(db) -> str:
    return f"""\
import sys
sys.path.insert(0, {str(ROOT / "tests")!r})
from test_review import planted_blunders
from tenpennies.review.judge import review
from tenpennies.puzzles.progress import Progress
from tenpennies.widgets import PuzzleWidget

learner = Progress({str(db)!r})
learner.keep_mistakes(review(planted_blunders(), 0, workers=1))
PuzzleWidget(progress=learner)
"""


def question(page) -> str:
    return page.get_by_text("You played one of these").inner_text()


def test_a_reviewed_mistake_is_a_personal_puzzle_served_again_after_a_miss(browser, voila, notebook_dir, tmp_path):
    write_notebook(notebook_dir / "personal.ipynb", source(tmp_path / "learner.db"))
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{voila.url}/voila/render/personal.ipynb", timeout=180000)
        page.get_by_role("button", name="Your mistakes").wait_for(timeout=180000)
        page.get_by_role("button", name="Your mistakes").click()
        page.get_by_text("You played one of these").wait_for(timeout=30000)
        first = question(page)
        assert page.get_by_text("what would you play here?").count() == 1
        played = first.split("now: ")[1].rstrip("?").split(", or ")  # the two moves, as asked
        # The move played is the wrong one: try each until the feedback says so.
        for move in played:
            page.get_by_role("button", name=move, exact=True).click()
            page.get_by_role("button", name="Check").click()
            page.locator("p", has_text="Right.").or_(page.locator("p", has_text="Not quite.")).wait_for()
            if page.get_by_text("That is what you played").count():
                break
        feedback = page.get_by_text("That is what you played")
        feedback.wait_for(timeout=30000)
        assert "points against" in feedback.inner_text()  # the analyst's answer, with its cost
        # Cards, answer and feedback all in view at 1366x768.
        assert feedback.bounding_box()["y"] + feedback.bounding_box()["height"] <= 768
        assert page.locator("svg").first.bounding_box()["y"] < 768
        if os.environ.get("TENPENNIES_SCREENSHOT"):
            SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOT))
        page.get_by_role("button", name="Next").click()
        page.wait_for_function(f"() => !document.body.innerText.includes({first!r})", timeout=30000)
        second = question(page)
        assert second != first  # the other mistake, while the missed one waits
        page.get_by_role("button", name="Next").click()
        page.wait_for_function(f"() => document.body.innerText.includes({first!r})", timeout=30000)
        assert question(page) == first  # missed, so served again
        assert errors == []
    finally:
        page.close()
