"""A saved match stepped forward and back, from any seat's view or the teacher's.

:class:`Replay` is the table's read-only twin (:class:`tenpennies.front.table.Game` plays;
a replay only shows): what :class:`tenpennies.widgets.replay_table.ReplayTable` draws.
"""

from __future__ import annotations

import json

from ..engine.actions import parse_action
from ..engine.cards import Card
from ..explain.narrate import narrated
from ..play import record
from ..play.match import Match
from ..play.view import PlayerView

__all__ = ["Replay"]


class Replay:
    """Step forward and back through a saved match (``tenpennies.play.record`` JSON, or a Match).

    ``seat`` picks whose view to show; ``None`` is the teacher's view, with every hand.
    :attr:`at` counts the actions played so far (0 = the deal).
    """

    def __init__(self, source, seat: int | None = None) -> None:
        if isinstance(source, Match):
            data = record.to_dict(source)
        elif isinstance(source, str):
            data = json.loads(source)
        else:
            data = source
        self._data = data
        self.total = len(data["actions"])
        self.seat = seat
        self.match = record.from_dict(data, upto=0)
        self.at = 0

    def goto(self, at: int) -> None:
        at = max(0, min(self.total, at))
        if at >= self.at:
            for seat, text in self._data["actions"][self.at:at]:
                self.match.apply(parse_action(text, seat))
        else:
            self.match = record.from_dict(self._data, upto=at)
        self.at = at

    def forward(self, steps: int = 1) -> None:
        self.goto(self.at + steps)

    def back(self, steps: int = 1) -> None:
        self.goto(self.at - steps)

    @property
    def view(self) -> PlayerView:
        return self.match.view(0 if self.seat is None else self.seat)

    @property
    def hands(self) -> dict[int, tuple[Card, ...]] | None:
        """Every hand, in the teacher's view only (None from a seat's view)."""
        if self.seat is not None:
            return None
        return {s: tuple(self.match.hand(s)) for s in range(self.match.rules.players)}

    def words(self) -> list[str]:
        """What happened so far, in words, as the chosen seat (or the teacher) knows it."""
        log = self.match.log if self.seat is None else self.view.log
        return [said for _, said in narrated(log, self.seat, self.match.rules) if said]
