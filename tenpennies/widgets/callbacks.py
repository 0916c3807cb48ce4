"""A widget's callbacks: a failure is shown beside the widget and logged in the kernel.

A click handler that raises has nobody to report to: the browser's console is out of
sight. Each widget wraps its handlers with :func:`shown`; the table says only the
error's kind, since an error's text might name a card its seat may not see (T20).
"""

from __future__ import annotations

from html import escape
from typing import Callable

ERROR_INK = "#a93226"
"""A refusal or a failure, in red."""


def shown(owner, handler: Callable, what: str, *, details: bool = True) -> Callable:
    """``handler`` wrapped so that its failure shows in ``owner.message`` (an HTML widget)
    and goes, whole, to ``owner.log``: the error's kind and text, or with
    ``details=False`` only its kind. ``what`` names the widget in the log ("table")."""
    def run(*args):
        try:
            handler(*args)
        except Exception as exc:  # a callback has nobody else to report to
            owner.log.exception("the %s's callback failed", what)
            kind = escape(type(exc).__name__)
            said = (f"{kind}: {escape(str(exc))}" if details else
                    f"Something went wrong ({kind}); the kernel's log has the details.")
            owner.message.value = f"<span style='color:{ERROR_INK}'>{said}</span>"
    return run
