"""The review panel in a real browser: served by Voila, a mistake jumped to, then tried again.

The panel (:func:`tenpennies.widgets.review.review_panel`) draws the review that
tests/test_review_page.py builds from a real seeded match (its planted mistakes do not
depend on the analyst's strength). In the page, "mistake ▶" must show the first mistake's words and its
table drawn from the seat's view (SVG), and "Try it from here" must open a live table
(its canvas) at that decision.
"""

from __future__ import annotations

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from .browserkit import ROOT, write_notebook

pytestmark = pytest.mark.browser
require("ipycanvas")

PANEL_SOURCE = f"""\
import sys
sys.path.insert(0, {str(ROOT / "tests")!r})
from test_review_page import reviewed_match
from tenpennies.widgets.review import review_panel

data, judged = reviewed_match()
review_panel(data, 0, review=judged)
"""


def test_the_panel_jumps_to_a_mistake_and_tries_it_from_there(browser, voila, notebook_dir):
    write_notebook(notebook_dir / "review_panel.ipynb", PANEL_SOURCE)
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{voila.url}/voila/render/review_panel.ipynb", timeout=120000)
        page.get_by_text("Try it from here").wait_for(timeout=120000)
        assert page.locator("svg desc", has_text="expected points at").count() == 1  # the chart
        page.get_by_role("button", name="mistake ▶").click()
        page.get_by_text("Mistake 1 (").first.wait_for(timeout=30000)
        # The table at the mistake, as the seat saw it, its words in the picture's desc.
        assert page.locator("svg desc", has_text="Mistake 1 (").count() == 1
        assert page.locator("canvas").count() == 0
        page.get_by_role("button", name="Try it from here").click()
        page.get_by_text("dealt afresh").wait_for(timeout=60000)
        page.locator("canvas").first.wait_for(timeout=60000)
        assert errors == []
    finally:
        page.close()
