"""Preheated kernels (``--pool``, :func:`tenpennies.front.classroom.pooled_kernel_manager`) keep
the classroom server's caps and serve each page what its address asks for.

No browser is needed: a plain ``GET`` of a Voila page returns once its notebook has run,
so the page's HTML (or the refusal) is the answer. Each server keeps one kernel in its
pool, and the test waits until the log says the pool is full before asking.

- A preheated kernel started before any page asked: it deals the seed its page's
  ``?seed=`` names (on a practice server), so the page's address reached it
  (:func:`tenpennies.widgets.page.wait_for_page`); without the wait the deal is secret.
- A kernel handed out of the pool counts as its address's seat (the next page from that
  address is refused), while the kernel refilling the pool, started inside that page's
  request, is no one's.
- The pool is not a player: with ``--max-players=1`` the first page is served from the
  pool and the second is told the table is full though a preheated kernel waits; the
  full page offers the table on the JupyterLite site (``--lite``), which the server
  serves from its folder. (A stand-in folder here: building the real site takes minutes;
  tests/browser/test_site.py plays its table.)
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import pytest

from .browserkit import ROOT, Server, classroom_args

pytestmark = pytest.mark.browser
pytest.importorskip("voila")
from tenpennies.widgets.page import SEED_FILE_ENV  # noqa: E402

FILLED = "is filled with 1 kernel"
TAKEN = "Using pre-heated kernel"


def wait_for_log(server: Server, text: str, count: int = 1, seconds: float = 120) -> None:
    until = time.monotonic() + seconds
    while server.log.read_text(errors="replace").count(text) < count:
        assert time.monotonic() < until, f"the server's log never said {text!r} {count} times"
        time.sleep(0.2)


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=120) as response:
            return response.status, response.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def test_a_preheated_kernel_deals_its_pages_seed_and_is_that_addresss_seat(tmp_path):
    seeds = tmp_path / "seeds.txt"
    server = Server(tmp_path, classroom_args(ROOT / "notebooks" / "play.ipynb", "--practice", "--pool=1",
                                             "--seats-per-address=1"), env={SEED_FILE_ENV: str(seeds)})
    try:
        wait_for_log(server, FILLED)
        status, page = get(server.url + "/?seed=7")
        assert status == 200 and "widget-view" in page
        assert server.log.read_text().count(TAKEN) == 1  # served from the pool, not started for the page
        assert seeds.read_text().split() == ["7"]  # the page's address reached the kernel started before it
        wait_for_log(server, FILLED, count=2)  # the refill, started inside that request
        status, page = get(server.url + "/?seed=8")
        assert status == 429 and "already has 1 table open" in page
        assert server.log.read_text().count(TAKEN) == 1  # the refilled kernel still waits, no one's
    finally:
        server.stop()


def test_the_pool_is_not_a_player_and_a_full_table_offers_the_lite_site(tmp_path):
    import re

    lite = tmp_path / "lite"
    (lite / "lab").mkdir(parents=True)
    (lite / "index.html").write_text("the site")
    (lite / "lab" / "index.html").write_text("the site's lab")
    server = Server(tmp_path, classroom_args(ROOT / "notebooks" / "play.ipynb", "--pool=1", "--max-players=1",
                                             "--seats-per-address=0", f"--lite={lite}"))
    try:
        wait_for_log(server, FILLED)
        status, page = get(server.url + "/")
        assert status == 200 and "widget-view" in page and "JupyterLite" not in page
        wait_for_log(server, FILLED, count=2)
        status, page = get(server.url + "/")
        assert status == 503 and "The table is full: 1 player is playing" in page
        link = re.search(r"<a id='lite' href='([^']+)'", page).group(1)
        assert link == "/lite/lab/index.html?path=play.ipynb"
        assert get(server.url + link) == (200, "the site's lab")
    finally:
        server.stop()
