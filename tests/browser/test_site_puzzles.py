"""The puzzle widget in the classroom site (JupyterLite), and the learner's progress across a reload.

Python runs in the browser there, and the learner's file lives in the site's browser
storage (``/drive``, kept in IndexedDB). The test answers a puzzle by typing and pressing
Enter, asks for hints (all stay shown), then reloads the page: the rating, the history and
the streak must still be there, read by a new kernel from the browser's storage.

It reuses the site that ``test_site.py`` builds (built once per run) and its offline page.
"""

from __future__ import annotations

import re

import pytest

from .test_site import offline_page, open_and_run, site, site_server  # noqa: F401 (fixtures)

pytestmark = pytest.mark.browser

def _widget(page):
    box = page.locator(".jp-OutputArea-output .widget-vbox").first
    box.locator("button", has_text=re.compile(r"^Check$")).wait_for(timeout=60_000)
    return box


def _texts(cells) -> str:
    return "".join("".join(o.get("text", "")) + "".join(o.get("data", {}).get("text/plain", ""))
                   for c in cells for o in c["outputs"])


def test_an_answer_survives_a_page_reload(offline_page, site_server, tmp_path):  # noqa: F811
    from tenpennies.puzzles import load
    from tenpennies.puzzles.progress import Progress
    from tenpennies.puzzles.session import PuzzleSession, for_game, rating_words

    page, _, _ = offline_page
    # What a new learner is served first, worked out here the same way (the choice is seeded).
    # (The notebook's widget serves Ten Pennies unless the learner switches: issue 33.)
    desktop = PuzzleSession(for_game(load(kind="cost"), "Ten Pennies"), progress=Progress(tmp_path / "mirror.db"),
                            game="Ten Pennies")
    puzzle = desktop.puzzle
    desktop.type(puzzle.answer)
    assert desktop.check().correct
    rating = rating_words(desktop.progress.rating)  # as the session's status line says it
    short = desktop.progress.rating_text()  # as the progress file's summary says it

    cells = open_and_run(page, site_server.url, "puzzles/play-cost.ipynb")
    assert "0 attempts" in _texts(cells)  # the site's storage starts empty
    widget = _widget(page)
    assert puzzle.id in widget.inner_text()
    box = widget.locator("input[type='text']").first
    box.fill(puzzle.answer)
    box.press("Enter")  # Enter checks
    page.wait_for_function("(want) => [...document.querySelectorAll('.widget-html')].some("
                           "e => e.innerText.startsWith('Right.')) && document.body.innerText.includes(want)",
                           arg=f"your Ten Pennies rating {rating}", timeout=60_000)

    # The next puzzle's hints: each one shown stays shown.
    widget.locator("button", has_text=re.compile(r"^Next$")).click()
    page.wait_for_function("(id) => !document.body.innerText.includes(id + ' ·')", arg=puzzle.id, timeout=30_000)
    hint = widget.locator("button", has_text=re.compile(r"^(Hint \(free\)|Another hint)$"))  # (the first is free)
    hint.click()
    page.wait_for_function("() => document.querySelectorAll('.widget-html li').length === 1", timeout=30_000)
    if hint.is_enabled():
        hint.click()
        page.wait_for_function("() => document.querySelectorAll('.widget-html li').length === 2", timeout=30_000)

    # A reload: a new kernel, the same browser storage.
    cells = open_and_run(page, site_server.url, "puzzles/play-cost.ipynb")
    printed = _texts(cells)
    assert f"rating {short}, 1 attempt, streak 1 (best 1)" in printed, printed[-400:]
    widget = _widget(page)
    page.wait_for_function("(want) => document.body.innerText.includes(want)",
                           arg=f"your Ten Pennies rating {rating} · streak 1 (best 1)", timeout=30_000)
    assert puzzle.id not in widget.inner_text()  # a puzzle already solved is not served first again
    # The themes chart, drawn from the history the new kernel read.
    chart = widget.locator(".widget-html svg desc", has_text="Your themes").first
    from tenpennies.puzzles import THEMES

    assert all(THEMES[theme] in chart.text_content() for theme in puzzle.themes)  # each theme in words
