"""The review panel, wired to the live table: a reviewed match replayed with the seat's
mistakes marked, and "Try it from here" playing on at a :class:`~tenpennies.widgets.table.PlayTable`.

This module only joins the two: the panel is :class:`~tenpennies.widgets.reviewing.ReviewPanel`
(which never imports the table) and the table is :mod:`tenpennies.widgets.table` (which
makes its own review panels and never imports this module), so neither imports the other.

    from tenpennies.widgets.review import review_panel
    review_panel("match.json", seat=0)      # reviews the match, with a progress bar
"""

from __future__ import annotations

from .reviewing import ReviewPanel
from .table import PlayTable

__all__ = ["ReviewPanel", "review_panel"]


def review_panel(record, seat: int, *, review=None, progress=True, **options) -> ReviewPanel:
    """The review panel for ``seat`` of a saved match (a Match, its data, JSON text or a
    path); the review is computed (:func:`tenpennies.review.judge.review`, with a progress bar
    unless ``progress=False``; ``options`` such as ``rollouts`` go to it) unless given.
    "Try it from here" opens a :class:`PlayTable` (:meth:`PlayTable.from_trial`)."""
    return ReviewPanel.judged(record, seat, review=review, progress=progress, try_table=PlayTable.from_trial,
                              **options)
