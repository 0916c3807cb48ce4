"""A reviewed decision's position: the saved match read back, and the seat's table drawn.

The chart, the page (:mod:`tenpennies.review.page`) and the replay
(:mod:`tenpennies.review.session`) all show a judged decision where it was taken. What they
show of it is built from the reviewed seat's :class:`~tenpennies.play.view.PlayerView`
alone (T20): a page a learner shares holds no card that seat could not see. This module
reads the saved match a review was judged on (a Match, its data, JSON text or a path),
replays it to a decision, and draws the seat's table there with the cards a move plays
raised, and the move itself.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.actions import Action, AddToMeld, Buy, Discard, LayDown, Meld, TakeDiscard
from ..engine.cards import Card, format_cards
from ..engine.errors import TenPenniesError
from ..pictures.layout import TableLayout, table_layout
from ..play import record as saved
from ..play.match import Match
from ..play.record import from_dict
from ..pictures.svg import groups_svg, layout_svg
from ..explain.decisions import action_words

if TYPE_CHECKING:
    from ..play.view import PlayerView


# -- reading a review and a saved match ---------------------------------------------------
def record_data(record) -> dict[str, Any]:
    """A saved match as :mod:`tenpennies.play.record` data: from a Match, that data, its JSON
    text or a path to a file (a saved match is checked by replaying it)."""
    if isinstance(record, Match):
        return saved.to_dict(record)
    if isinstance(record, dict):
        saved.from_dict(record)  # refuses a damaged record, naming the field
        return record
    if isinstance(record, Path) or (isinstance(record, str) and not record.lstrip().startswith("{")):
        return saved.to_dict(saved.load(record))
    if isinstance(record, (str, bytes)):
        return saved.to_dict(saved.loads(record))
    raise TenPenniesError(f"a saved match is a Match, its data, JSON text or a path, not {type(record).__name__}")



def _record_of(review, record) -> dict[str, Any] | None:
    """The saved match to draw a review on: ``record`` if given, else the one the review
    keeps (:attr:`tenpennies.review.judged.Review.record`), else None."""
    if record is not None:
        return record_data(record)
    kept = getattr(review, "record", None)
    return record_data(kept) if kept else None



def view_before(data: dict, index: int, seat: int) -> "PlayerView":
    """The seat's view of the saved match just before action ``index`` was played."""
    return from_dict(data, upto=index).view(seat)




# -- a decision drawn ---------------------------------------------------------------------
def action_cards(action: Action) -> tuple[Card, ...]:
    """The cards an action moves out of the hand (none for a buy or a pass)."""
    if isinstance(action, Discard):
        return (action.card,)
    if isinstance(action, LayDown):
        return tuple(c for s in action.sets for c in s)
    if isinstance(action, (Meld, AddToMeld)):
        return tuple(action.cards)
    return ()


def decision_layout(view: "PlayerView", action: Action | None = None, **options) -> TableLayout:
    """The seat's table at a decision (its own view: T20), the cards ``action`` would
    play raised out of the hand, as the live table raises selected cards; for a buy or a
    take, the top discard outlined."""
    hand = list(view.hand)
    chosen: list[int] = []
    for card in action_cards(action) if action is not None else ():
        for i, c in enumerate(hand):
            if c == card and i not in chosen:
                chosen.append(i)
                break
    layout = table_layout(view, order=hand, selected=chosen, **options)
    if isinstance(action, (Buy, TakeDiscard)):
        layout = replace(layout, regions=tuple(replace(r, selected=True) if r.kind == "discard" else r
                                               for r in layout.regions))
    return layout


def decision_svg(view: "PlayerView", action: Action | None = None, caption: str = "") -> str:
    """:func:`decision_layout` as an SVG picture, its ``<desc>`` the caption in words."""
    desc = caption or f"Round {view.round_no}: {format_cards(view.hand)}"
    return layout_svg(decision_layout(view, action), desc)


def move_svg(label: str, action: Action, view: "PlayerView") -> str:
    """A decision as a picture: the cards it plays, or the offered card for a buy or a
    pass, titled with ``label`` and the decision in words."""
    words = action_words(action, view)
    cards = action_cards(action)
    if isinstance(action, LayDown):
        groups = [(f"set {i + 1}", tuple(s)) for i, s in enumerate(action.sets)]
    elif cards:
        groups = [("", cards)]
    elif view.top_discard is not None:
        groups = [("offered", (view.top_discard,))]
    else:
        groups = []
    return groups_svg(groups, view.round_no, view.rules, title=f"{label}: {words}", desc=f"{label}: {words}",
                      width=560)



__all__ = ["action_cards", "decision_layout", "decision_svg", "move_svg", "record_data", "view_before"]
