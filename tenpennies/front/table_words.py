"""What the table tells the person: the log in words, what just happened, the line over
the table, and a finished round's summary, each as the person's seat may know it (T20).

:class:`GameWords` is the part of :class:`tenpennies.front.table.Game` (and so of
:class:`tenpennies.front.remote.RemoteGame`) that only reads: it builds its words from
the game's public log, seat, rules and names, and changes nothing but how much of the
log it has told. The sentences themselves are :mod:`tenpennies.explain.narrate`'s.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..engine.actions import Deal, RoundEnd
from ..engine.cards import Card
from ..engine.words import capitalized
from ..explain.narrate import (LastMove, happened_line, last_move, narrate, narrated, score_rows, score_table,
                               since_last_move, who, winners_sentence)

__all__ = ["GameWords", "RoundSummary"]


@dataclass(frozen=True)
class RoundSummary:
    """A finished round as the person's seat may know it
    (:meth:`tenpennies.front.table.Game.round_summary`).

    ``hands``: the cards each seat was left holding, face up for the person's own seat
    and ``None`` for the others (T20: a view never holds another player's hand, also
    at the round's end); ``cards_left`` how many each held (hand sizes are public);
    ``points`` the round's points (T18, C14), ``totals`` the match's after it;
    ``went_out`` the seat that emptied its hand (None when the round ended otherwise,
    ``how`` says: "out", "no draw", "turn cap").
    """

    round_no: int
    rounds: int
    how: str
    went_out: int | None
    seat: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    cards_left: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    card_points: tuple[int, ...] = field(repr=False)

    @property
    def last(self) -> bool:
        """Was it the match's last round?"""
        return self.round_no == self.rounds

    def points_by_card(self, seat: int) -> tuple[tuple[Card, int], ...]:
        """Each card the seat was left holding with its points (empty for a hidden hand)."""
        return tuple((c, self.card_points[c.rank]) for c in self.hands[seat] or ())

    def how_words(self, names: Mapping[int, str] | None = None) -> str:
        """Who went out, or how the round ended otherwise, in words."""
        if self.went_out is not None:
            return f"{capitalized(who(self.went_out, self.seat, names))} went out"
        return {"no draw": "Nobody went out: no card was left to draw",
                "turn cap": "Nobody went out: the round reached its turn cap"}.get(self.how, "The round ended")


class GameWords:
    """What a :class:`~tenpennies.front.table.Game` says: its words, what just happened, its
    banner and a round's summary (a base of the game, reading its ``match``, ``seat``,
    ``rules``, ``names`` and ``view``)."""

    def _log(self):
        """The log the words come from: the person's public log (everything, when only bots play)."""
        return self.match.log if self.seat is None else self.view.log

    def _told_words(self, start: int = 0):
        """``(entry, words)`` from ``start`` on, a pass made without asking told with its reason."""
        for i, (entry, said) in enumerate(narrated(self._log(), self.seat, self.rules, self.names, start=start),
                                          start):
            yield entry, self._unasked.get(i, said)

    def words(self) -> list[str]:
        """The whole log in words, as the person's seat may know it."""
        return [said for _, said in self._told_words() if said]

    def new_words(self) -> list[str]:
        """What happened since the last call, in words (after an undo: from there on).

        A round's end comes with the score table; the match's end with the winners.
        """
        view, log = self.view, self._log()
        lines = []
        viewer = self.seat
        for entry, said in self._told_words(self._told):
            if said:
                lines.append(said)
            if type(entry) is RoundEnd:
                lines.append(score_table(view, viewer, self.names, upto=entry.round_no))
        self._told = len(log)
        if lines and self.is_over:
            lines.append(winners_sentence(view, viewer, self.names))
        return lines

    # -- what just happened (the table shows it; the terminal can say it) ----------------------
    @property
    def last_move(self) -> LastMove | None:
        """The card another seat moved since the person's last move, for the table to
        mark: the discard still on top, or the discard just bought or taken (None if none)."""
        return last_move(since_last_move(self._log(), self.seat), self.view.top_discard)

    @property
    def what_happened(self) -> str:
        """The other seats' moves since the person's last move, in one line (the newest
        three seats' turns: :func:`tenpennies.explain.narrate.happened_line`); "" if none."""
        return happened_line(since_last_move(self._log(), self.seat), self.seat, self.rules, self.names)

    @property
    def banner(self) -> str:
        """The line over the table: the last round's end and its points until the next
        round is under way (so "Round 1 is over" is not up during round 2), and after the
        match, its end with the winners; "" otherwise."""
        for entry in reversed(self._log()):
            if type(entry) is RoundEnd:
                break
            if type(entry) is not Deal:
                return ""  # something was played since the round ended
        else:
            return ""
        points = ", ".join(f"{who(s, self.seat, self.names)} {p}" for s, p in enumerate(entry.points))
        said = f"{narrate(entry, self.seat, self.rules, self.names)} Points: {points}."
        return f"{said} {winners_sentence(self.view, self.seat, self.names)}" if self.is_over else said

    def round_summary(self, round_no: int | None = None) -> RoundSummary | None:
        """The summary of a finished round (the last one by default; None before any ends):
        the points and the cards left, as the person's seat may know them."""
        view = self.view
        ends = [e for e in self._log() if type(e) is RoundEnd and (round_no is None or e.round_no == round_no)]
        if not ends:
            return None
        end = ends[-1]
        # Hand sizes are public (T20): the counts come from the match's own record of the end,
        # and the cards only for the person's seat (every seat's when bots play them all).
        whole = next(e for e in reversed(self.match.log) if type(e) is RoundEnd and e.round_no == end.round_no)
        hands = tuple(tuple(h) if self.seat is None or s == self.seat else None for s, h in enumerate(whole.hands))
        totals = score_rows(view, upto=end.round_no)[-1][1]
        return RoundSummary(end.round_no, self.rules.rounds, end.how.value, end.went_out, self.seat, hands,
                            tuple(len(h) for h in whole.hands), tuple(end.points), tuple(totals),
                            tuple(self.rules.card_points))
