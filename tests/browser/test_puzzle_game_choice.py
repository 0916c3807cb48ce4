"""The Ten Pennies puzzle notebooks serve Ten Pennies (issue 33, item 4), in a real browser.

The page runs the widget cell of ``puzzles/play-buy.ipynb`` as the notebook holds it
(with a fresh progress file). Every puzzle served, over several Next clicks, must be a
Ten Pennies one (the table's ``<desc>`` is its position's notation, which names any other
game with ``g:``); one click on "Ten Card Rummy" must serve that game's.
"""

from __future__ import annotations

import json

import pytest

from .browserkit import ROOT, write_notebook

pytestmark = pytest.mark.browser
NOTEBOOK = ROOT / "puzzles" / "play-buy.ipynb"


def widget_cell() -> str:
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    return next("".join(c["source"]) for c in cells if c["cell_type"] == "code" and "PuzzleWidget(" in "".join(c["source"]))


def notation(page) -> str:
    return page.locator(".tp-puzzle-table svg desc").first.text_content()


def test_the_ten_pennies_notebook_serves_only_ten_pennies_until_the_learner_switches(
        browser, voila, notebook_dir, tmp_path):
    write_notebook(notebook_dir / "play_buy.ipynb",
                   f"import os\nos.environ['TENPENNIES_PROGRESS'] = {str(tmp_path / 'p.db')!r}", widget_cell())
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{voila.url}/voila/render/play_buy.ipynb", timeout=180000)
        page.locator(".tp-puzzle-table svg desc").first.wait_for(state="attached", timeout=180000)
        seen = []
        for _ in range(6):
            seen.append(notation(page))
            page.get_by_role("button", name="Show solution").click()
            page.get_by_role("button", name="Next").click()
            page.wait_for_function(f"() => document.querySelector('.tp-puzzle-table svg desc').textContent "
                                   f"!== {seen[-1]!r}", timeout=30000)
        assert len(set(seen)) == 6 and not any("g:ten-card-rummy" in n for n in seen), seen
        before = notation(page)
        page.get_by_role("button", name="Ten Card Rummy").click()
        page.wait_for_function(f"() => document.querySelector('.tp-puzzle-table svg desc').textContent "
                               f"!== {before!r}", timeout=30000)
        assert "g:ten-card-rummy" in notation(page)
        # The rating line is redrawn after the puzzle (a later message): wait for it.
        page.get_by_text("your Ten Card Rummy rating").first.wait_for(timeout=30000)
        assert page.get_by_text("your Ten Card Rummy rating").count() == 1
        assert errors == []
    finally:
        page.close()
