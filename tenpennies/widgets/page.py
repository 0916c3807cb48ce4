"""The live table of one page of the classroom server (``notebooks/play.ipynb`` calls it).

Each page's kernel deals its own match. On a classroom server the deal comes from
:mod:`secrets` (64 random bits) and nothing the browser gets names it: the table is a
``PlayTable(..., classroom=True)``, whose repr, words and widget states hold no seed, and
whose New Match deals from :mod:`secrets` again. A seed from ``randrange(1_000_000)``
could be found by trying every one against the eleven cards a student holds, and then
``Match(seed)`` shows every hand and the stock.

On a *practice* server (``python3 dev.py app --practice``, which sets :data:`PRACTICE_ENV`
for the kernels) ``?seed=N`` in the page's address chooses the deal, and the page says
so. Elsewhere (JupyterLab, a classroom server) ``?seed=`` is ignored.

Any page may say which offers it asks about with ``?offers=ask`` (every one),
``?offers=useful`` (only when it could help, the default) or ``?offers=never``
(:data:`tenpennies.front.offers.OFFERS`); the table's offers picker changes it too.

On a server running a class experiment (``--experiment NAME``) the page shows the
student's experiment panel above the table; its deals come from :mod:`secrets` too.

A classroom server keeps a few *preheated* kernels (Voila's pool, see
:mod:`tenpennies.front.classroom`): each has started and imported the kit before any page asks
for it. Such a kernel knows nothing of the page that will take it (its address, so its
``?seed=``, ``?offers=``, ``?code=&token=``), so :func:`wait_for_page` waits there for
it: everything slow is done before, only the match is dealt after.
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
from html import escape
from typing import Mapping
from urllib.parse import parse_qs

import ipywidgets as widgets

from ..front.offers import OFFERS
from ..lessons.experiments import current
from ..pictures.layout import APP_HEIGHT, APP_WIDTH
from .experiment import ExperimentPanel

PRACTICE_ENV = "TENPENNIES_PRACTICE"
# A test-only hook: when set, the kernel writes its deal's seed to this file (never to
# the page or the log), so a test can check that nothing the browser gets reveals it.
SEED_FILE_ENV = "TENPENNIES_TEST_SEED_FILE"
PRACTICE_NOTE = "practice server: deals chosen by ?seed= in the page's address"
PREHEAT_ENV = "VOILA_PREHEAT"
"""Set to ``True`` by Voila in a kernel it starts for its pool, before any page asked for it."""
_waited: list[bool] = []


def wait_for_page(environ: Mapping[str, str] = os.environ) -> None:
    """In a preheated kernel, wait until a page takes it and put that page's request
    (``QUERY_STRING`` and the rest Voila sends) into :data:`os.environ`; elsewhere return at once.

    Voila's own ``voila.utils.wait_for_request`` does this, but importing ``voila.utils``
    cost a kernel 42 MB and 3 s (it imports jupyter_server and jupyterlab_server), more
    than the rest of the page. This is the same exchange with tornado's websocket client,
    which every kernel has loaded already: one connection to the server's
    ``voila/query/KERNEL_ID``, one message, in a thread with a loop of its own (the
    kernel's loop is running this cell).
    """
    if environ.get(PREHEAT_ENV) != "True" or _waited:
        return
    # (optional: tornado is a server's and a kernel's package, asked for only in a preheated kernel)
    from tornado.websocket import websocket_connect

    base = environ.get("VOILA_WS_BASE_URL") or environ.get("VOILA_SERVER_URL") or "/"
    url = (f"{environ.get('VOILA_WS_PROTOCOL', 'ws')}://{environ.get('VOILA_APP_IP', '127.0.0.1')}:"
           f"{environ.get('VOILA_APP_PORT', '8866')}{base.rstrip('/')}/voila/query/"
           f"{environ.get('VOILA_KERNEL_ID', '')}")
    told: list[str] = []

    async def ask() -> None:
        connection = await websocket_connect(url, connect_timeout=30)
        message = await connection.read_message()
        connection.close()
        if message is not None:
            told.append(message)

    thread = threading.Thread(target=lambda: asyncio.run(ask()), name="wait-for-page", daemon=True)
    thread.start()
    thread.join()
    _waited.append(True)
    if told:
        os.environ.update({str(k): str(v) for k, v in json.loads(told[0]).items()})


def is_practice(environ: Mapping[str, str] = os.environ) -> bool:
    """True in a kernel of a practice server (``--practice``)."""
    return environ.get(PRACTICE_ENV, "") == "1"


def page_seed(environ: Mapping[str, str] = os.environ) -> int | str | None:
    """The seed a practice page's ``?seed=`` asks for, or None (a classroom page, or none given).

    A number is the seed as a number (``?seed=7`` deals as ``Match(7)``); anything else
    is a string seed.
    """
    if not is_practice(environ):
        return None
    values = parse_qs(environ.get("QUERY_STRING", "")).get("seed")
    if not values:
        return None
    text = values[0].strip()
    return int(text) if text.lstrip("-").isdigit() else text


def page_offers(environ: Mapping[str, str] = os.environ) -> str:
    """The offer setting ``?offers=`` asks for (:data:`tenpennies.front.offers.OFFERS`), "useful"
    when none is given or the one given is not a setting."""
    values = parse_qs(environ.get("QUERY_STRING", "")).get("offers")
    chosen = values[0].strip().lower() if values else ""
    return chosen if chosen in OFFERS else "useful"


def play_table(environ: Mapping[str, str] = os.environ, **options):
    """The page's :class:`~tenpennies.widgets.PlayTable`: seeded by ``?seed=`` on a practice
    server, secretly dealt otherwise. On a practice server it is shown below a line
    saying so; when the server runs a class experiment (``--experiment``, which sets
    :data:`tenpennies.lessons.experiments.EXPERIMENT_VARIABLE`), below the student's
    :class:`~tenpennies.widgets.experiment.ExperimentPanel`. The return value is then a
    box holding them."""
    # (import weight: the table brings ipycanvas, and the classroom server imports this module for PRACTICE_ENV)
    from .table import PlayTable, secret_seed

    wait_for_page(environ)  # (a preheated kernel: the page's address is known from here on)
    chosen = page_seed(environ)
    practice = is_practice(environ)
    seed = secret_seed() if chosen is None else chosen
    seed_file = environ.get(SEED_FILE_ENV)
    if seed_file:
        with open(seed_file, "a", encoding="utf-8") as f:
            f.write(f"{seed}\n")

    options.setdefault("offers", page_offers(environ))
    options.setdefault("width", APP_WIDTH)
    options.setdefault("max_height", APP_HEIGHT)
    table = PlayTable(seed=seed, classroom=not practice, **options)
    parts = [table]
    run = current(environ)
    if run is not None:
        parts.insert(0, ExperimentPanel(run))
    if practice:
        parts.insert(0, widgets.HTML(f"<div style='font-size:12px;color:#555'>{escape(PRACTICE_NOTE)}</div>"))
    return table if len(parts) == 1 else widgets.VBox(parts)
