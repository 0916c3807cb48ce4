"""A widget's callbacks: a failure is shown beside the widget, shortly, and logged in the kernel.

A click handler that raises has nobody to report to: the browser's console is out of
sight. Each widget wraps its handlers with :func:`shown`. What reaches the page is a
short message (:func:`short_error`), never a traceback nor a path on the server: the
kernel runs on the teacher's machine, and a student's page is not the place for its
folders or its code. The table says only the error's kind, since an error's text might
name a card its seat may not see (T20). The whole error goes to the kernel's log.
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable

from ..engine.errors import TenPenniesError

ERROR_INK = "#a93226"
"""A refusal or a failure, in red."""

SHORT_ERROR_CHARS = 200
"""The most characters of an error's text a page is shown (the log has the rest)."""

_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.+@~-]+){2,}[\\/]?")  # a path of two or more parts


def short_error(exc: BaseException, *, details: bool = True) -> str:
    """What a page is told of a failed callback: the error's kind, and with ``details``
    the first line of its text (the kit's own errors only: :class:`~tenpennies.engine.errors.TenPenniesError`,
    written for people), any path in it cut to its last part, at most
    :data:`SHORT_ERROR_CHARS` characters.

    >>> short_error(OSError(2, "No such file", "/srv/class/db/results.sqlite"))
    "Something went wrong (FileNotFoundError); the kernel's log has the details."
    >>> from tenpennies.engine.errors import TenPenniesError
    >>> short_error(TenPenniesError("cannot read /srv/class/db/results.sqlite\\nTraceback ..."))
    'TenPenniesError: cannot read …/results.sqlite'
    """
    kind = type(exc).__name__
    if not details or not isinstance(exc, TenPenniesError):
        return f"Something went wrong ({kind}); the kernel's log has the details."
    text = (str(exc).strip().splitlines() or [""])[0]
    text = _PATH.sub(lambda m: "…/" + re.split(r"[\\/]", m.group(0).rstrip("\\/"))[-1], text)
    if len(text) > SHORT_ERROR_CHARS:
        text = text[:SHORT_ERROR_CHARS - 1] + "…"
    return f"{kind}: {text}" if text else kind


def shown(owner, handler: Callable, what: str, *, details: bool = True) -> Callable:
    """``handler`` wrapped so that its failure shows in ``owner.message`` (an HTML widget)
    as :func:`short_error` says it (with ``details=False`` only its kind) and goes, whole,
    to ``owner.log``. ``what`` names the widget in the log ("table")."""
    def run(*args):
        try:
            handler(*args)
        except Exception as exc:  # a callback has nobody else to report to
            owner.log.exception("the %s's callback failed", what)
            said = escape(short_error(exc, details=details))
            owner.message.value = f"<span style='color:{ERROR_INK}'>{said}</span>"
    return run
