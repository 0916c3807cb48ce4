"""What a student is shown when the classroom server has no seat for them.

The server answers a page it cannot seat with a short page, never a stack trace: the
table is full (:class:`TableFull`, HTTP 503), or this computer holds all the seats one
address may (:class:`SeatsTaken`, HTTP 429). When the server knows a JupyterLite site,
the table-full page offers the solo table there, which runs in the student's own browser
and needs no seat (:func:`full_page`).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from tornado import web

ROOT = Path(__file__).resolve().parents[2]


class TableFull(web.HTTPError):
    """Every seat of the server is taken (HTTP 503, with a page saying so, which offers
    the JupyterLite site when the server knows one: :func:`full_page`)."""

    def __init__(self, players: int):
        word = "player is" if players == 1 else "players are"
        reason = f"The table is full: {players} {word} playing; try again in a minute"
        super().__init__(503, reason, reason=reason)


LITE_BUILD = ROOT / "build" / "lite"
"""Where ``python3 dev.py site`` (tools/site.py) builds the JupyterLite site."""
LITE_PATH = "lite"
"""Where a classroom server serves a JupyterLite folder (``/lite/``)."""
LITE_TABLE = "lab/index.html?path=play.ipynb"
"""The solo table in a JupyterLite site (tools/site.py publishes notebooks/ at its root)."""


def full_page(reason: str, lite: str | None) -> str:
    """The page a student sees when the table is full: the reason and, when the server
    knows a JupyterLite site (``lite``: its address), the table there, which runs in the
    student's own browser and needs no seat."""
    offer = "" if not lite else (
        f"<p>Meanwhile you can play alone in this browser, nothing installed: "
        f"<a id='lite' href='{escape(lite.rstrip('/'), quote=True)}/{LITE_TABLE}'>the table on the kit's "
        f"JupyterLite site</a> (its first start takes about 15 seconds; it plays against the bots only).</p>")
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>The table is full</title></head>"
            f"<body style='font-family:DejaVu Sans,Arial,sans-serif;margin:24px'><h2>{escape(reason)}</h2>"
            f"{offer}</body></html>")


class SeatsTaken(web.HTTPError):
    """One address holds all the seats it may (HTTP 429, with a page saying so)."""

    def __init__(self, seats: int):
        reason = (f"This computer already has {seats} table{'' if seats == 1 else 's'} open: close one "
                  f"(or wait a minute) to open another")
        super().__init__(429, reason, reason=reason)


__all__ = ["LITE_BUILD", "LITE_PATH", "LITE_TABLE", "SeatsTaken", "TableFull", "full_page"]
