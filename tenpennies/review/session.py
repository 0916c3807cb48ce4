"""A review's replay: step through a reviewed match as the seat saw it, and play on from a decision.

:class:`ReviewSession` is the replay behind :mod:`tenpennies.widgets.review`, in plain
Python (tested without a browser): step through the match as the reviewed seat saw it,
jump to a mistake, see the analyst's move on the table, and "try it from here": a
:class:`Trial`, the seat's decision with the cards it could not see dealt afresh, to play
on from on the live table. Nothing here imports a widget library, and what it shows of a
position is the reviewed seat's own view (T20).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

from ..bots import seat_bot
from ..bots.rollouts import Worlds
from ..engine.actions import Action
from ..engine.errors import TenPenniesError
from ..front.replay import Replay
from ..front.table import Game
from ..pictures.layout import TableLayout
from ..play.match import Phase
from ..play.record import actions_of
from ..pictures.svg import layout_svg
from .chart import _grade, chart_svg, interval_words, mistake_numbers
from .judge import review as judge
from .positions import _record_of, decision_layout, record_data

if TYPE_CHECKING:
    from ..play.position import Position
    from ..play.view import PlayerView


class _Scripted:
    """A bot that first plays the given actions (the passes that led to the decision, as
    they were played), then decides as ``then`` does."""

    def __init__(self, actions: Sequence[Action], then) -> None:
        self.actions = list(actions)
        self.then = then
        self.name = then.name

    def act(self, view: "PlayerView") -> Action:
        return self.actions.pop(0) if self.actions else self.then.act(view)


@dataclass(frozen=True)
class Trial:
    """A reviewed decision to play on from: ``position`` is a round dealt afresh where
    the seat sees what it saw then (its hand, the table, the discard pile, hand sizes,
    tokens, scores, cards others are known to hold) and every card it could not see is
    dealt at random (:class:`tenpennies.bots.rollouts.Worlds`, from the seat's view alone);
    ``opening`` are the passes that bring the round from its start to the decision, as
    they were played. :meth:`game` seats ``bots`` in the other seats.
    """

    seed: int
    seat: int
    rules: Any
    position: "Position"
    opening: tuple[Action, ...]
    bots: tuple[str, ...]

    def game(self) -> "Game":
        """A :class:`~tenpennies.front.table.Game` at the decision: the person's move is next."""
        game = Game(self.seed, seat=self.seat, bots=self.seated_bots(), rules=self.rules, position=self.position)
        self.open(game)
        return game

    def seated_bots(self) -> list:
        """One bot per other seat, in seat order, that first plays its passes of the opening."""
        others = [s for s in range(self.rules.players) if s != self.seat]
        return [_Scripted([a for a in self.opening if a.seat == s], seat_bot(name, self.seed, s))
                for s, name in zip(others, self.bots)]

    def open(self, game: "Game") -> None:
        """Play the opening in ``game`` (built from :meth:`seated_bots` and :attr:`position`,
        as a live table builds its own, which may have played some of it already): the
        bots' passes, and the seat's own (a draw from the stock, when the decision came
        after it), until the person must decide. A table that passed the decision itself
        (an offer it was told not to ask about) is refused."""
        while True:
            played = actions_of(game.match)
            if played != list(self.opening[:len(played)]):
                raise TenPenniesError("the trial's table went past the reviewed decision "
                                      "(is it passing offers without asking?)")
            if len(played) == len(self.opening):
                break
            action = self.opening[len(played)]
            if action.seat == self.seat:
                if not game.act(action):
                    raise TenPenniesError(f"the trial's opening was refused: {game.message}")
            elif not game.step():
                raise TenPenniesError("the trial's bots did not play the opening")
        if not game.waiting:
            raise TenPenniesError("the trial's table does not reach the reviewed decision")


class ReviewSession:
    """A review's replay, in plain Python (the review panel only draws it): step through
    the saved match as the reviewed seat saw it, jump to each mistake, read the analyst's
    move and its reason, and play on from a decision with :meth:`try_from_here`.

    ``record`` is the saved match (a Match, its data, JSON text or a path; None: the one
    the review keeps) and ``review`` its :class:`tenpennies.review.judged.Review` (computed with
    :func:`tenpennies.review.judge.review` when not given; ``options`` go to it). :attr:`at` counts the actions played so far;
    the position shown is the one before action :attr:`at`, where the judged decision of
    that index (if any) was taken.
    """

    def __init__(self, record, seat: int, review=None, **options) -> None:
        if review is None:
            if record is None:
                raise TenPenniesError("give the saved match, or its review")
            review = judge(record_data(record), seat, **options)
        self.data = _record_of(review, record)
        if self.data is None:
            raise TenPenniesError("the review keeps no saved match: give the record to replay")
        if review.seat != seat:
            raise TenPenniesError(f"the review is of seat {review.seat}, not seat {seat}")
        self.review = review
        self.seat = seat
        self.replay = Replay(self.data, seat)
        self.judged = {d.index: d for d in review.decisions}
        self.mistakes = tuple(sorted(review.mistakes, key=lambda d: d.index))
        self.numbers = mistake_numbers(review)

    def __repr__(self) -> str:
        k = self.mistake_number
        here = f", mistake {k} of {len(self.mistakes)}" if k else ""
        return f"<ReviewSession seat {self.seat}: action {self.at} of {self.total}{here}>"

    # -- where we are --------------------------------------------------------------------
    @property
    def at(self) -> int:
        return self.replay.at

    @property
    def total(self) -> int:
        return self.replay.total

    @property
    def view(self) -> "PlayerView":
        """The reviewed seat's view now (never another seat's cards)."""
        return self.replay.view

    @property
    def decision(self):
        """The judged decision taken here (the seat's, before action :attr:`at`), or None."""
        return self.judged.get(self.at)

    @property
    def mistake_number(self) -> int | None:
        """This position's mistake number (1, 2, ...), or None if no mistake was made here."""
        return self.numbers.get(self.at)

    def goto(self, at: int) -> None:
        """Show the position before action ``at`` (0: the deal; clamped to the match)."""
        self.replay.goto(at)

    def forward(self, steps: int = 1) -> None:
        self.goto(self.at + steps)

    def back(self, steps: int = 1) -> None:
        self.goto(self.at - steps)

    def jump(self, number: int):
        """Go to mistake ``number`` (1 is the first) and return its judged decision."""
        if not 1 <= number <= len(self.mistakes):
            raise TenPenniesError(f"there is no mistake {number}: this review has {len(self.mistakes)}")
        decision = self.mistakes[number - 1]
        self.goto(decision.index)
        return decision

    def next_mistake(self):
        """Go to the first mistake after this position (None, and stay, if there is none)."""
        later = [d for d in self.mistakes if d.index > self.at]
        return self.jump(self.numbers[later[0].index]) if later else None

    def previous_mistake(self):
        """Go to the last mistake before this position (None, and stay, if there is none)."""
        earlier = [d for d in self.mistakes if d.index < self.at]
        return self.jump(self.numbers[earlier[-1].index]) if earlier else None

    # -- what is shown -------------------------------------------------------------------
    def layout(self, **options) -> TableLayout:
        """The seat's table here; at a judged decision, the analyst's cards raised."""
        d = self.decision
        return decision_layout(self.view, d.preferred if d is not None else None, **options)

    def table_svg(self) -> str:
        return layout_svg(self.layout(), self.caption() or f"action {self.at} of {self.total}")

    def caption(self) -> str:
        """This decision in words: what was played, the analyst's move, the reason and the
        cost; '' where the seat made no judged decision."""
        d = self.decision
        if d is None:
            return ""
        k = self.mistake_number
        head = f"Mistake {k} ({_grade(d)})" if k else f"Round {d.round_no}, {d.kind} ({_grade(d)})"
        if d.preferred == d.played:
            return f"{head}: {d.reason}"
        return f"{head}: {d.reason} Cost: {interval_words(d.cost)}."

    def words(self) -> list[str]:
        """What happened so far, in words, as the seat knows it."""
        return self.replay.words()

    def chart_svg(self) -> str:
        return chart_svg(self.review)

    # -- playing on -------------------------------------------------------------------------
    def try_from_here(self, seed: int = 0, bots: str | Sequence[str] = "strong") -> Trial:
        """A :class:`Trial` at this decision: the seat's view as it was, the cards it could
        not see dealt afresh from ``seed`` (never the real ones: the deal reads the view
        only), ``bots`` in the other seats."""
        view = self.view
        if view.phase is Phase.OVER or view.to_act != self.seat:
            raise TenPenniesError(f"it is not seat {self.seat}'s decision here: go to one of its decisions first")

        world = Worlds(view).sample(random.Random(seed), seed=seed)
        others = self.review.rules.players - 1
        names = (bots,) * others if isinstance(bots, str) else tuple(bots)
        if len(names) != others:
            raise TenPenniesError(f"name {others} bots, one per other seat, not {len(names)}")
        return Trial(seed=seed, seat=self.seat, rules=view.rules, position=world.start,
                     opening=tuple(actions_of(world)), bots=names)



__all__ = ["ReviewSession", "Trial"]
