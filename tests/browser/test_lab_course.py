"""The course as ``python3 dev.py lab`` opens it in JupyterLab: saved pictures show.

JupyterLab shows the SVG outputs of an untrusted notebook as text, and a fresh clone's
notebooks are untrusted, so ``dev.py lab`` trusts the kit's own notebooks first. This
opens a lesson with saved pictures (without running it) the way a learner first sees it.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys

import pytest

from .browserkit import ROOT

pytestmark = pytest.mark.browser

LESSON = "15_when_the_odds_mislead.ipynb"


def _dev():
    spec = importlib.util.spec_from_file_location("dev", ROOT / "dev.py")
    dev = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dev)
    return dev


def test_dev_lab_trusts_the_lessons_so_their_saved_pictures_show(browser, jupyterlab, notebook_dir):
    shutil.copy(ROOT / "notebooks" / LESSON, notebook_dir / LESSON)
    # What dev.py lab does before starting JupyterLab, in this server's Jupyter data
    # directory (a signature is of the notebook's content, so the copy is trusted too).
    _dev().trust_notebooks(python=sys.executable, env=jupyterlab.env)
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.goto(f"{jupyterlab.url}/lab/tree/{LESSON}")
    page.wait_for_selector(".jp-OutputArea-output", timeout=60000)
    # The first saved picture is a seat's view of a table: drawn from its SVG (JupyterLab
    # shows a trusted SVG output as an image), not its text fallback.
    page.wait_for_selector(".jp-RenderedSVG img", timeout=30000)
    first = page.locator(".jp-OutputArea-output").first
    assert "jp-RenderedSVG" in first.get_attribute("class")
    assert "Seat 0's view" in first.locator("img").get_attribute("src").replace("%20", " ").replace("%27", "'")
    page.close()
