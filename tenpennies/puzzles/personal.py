"""Your mistakes become your puzzles: a reviewed match's graded mistakes, asked again.

Every decision a review graded an inaccuracy or worse (:attr:`tenpennies.review.judged.Review.mistakes`,
from the table's review, ``tenpennies review`` or a saved record's) becomes a
:class:`PersonalPuzzle`: the table as that seat saw it then (its own view only, T20),
"what would you play here?", the move played and the analyst's as the two answers, and
the analyst's answer with its measured cost. They are kept with the learner's progress
(:meth:`tenpennies.puzzles.progress.Progress.keep_mistakes`) and served again until
solved twice, spaced (:data:`SPACING`), as lichess's "learn from your mistakes" does::

    >>> from tenpennies.review.grades import Grade
    >>> from tenpennies.review.judged import JudgedDecision
    >>> p = PersonalPuzzle.of_words("r1 s0 a0 h:7S7H7D9S9HJKKC4D5D8C2H t:- d:QS@3 k:10/10/10/10 "
    ...     "p:0/0/0/0 n:11/11/11/11 st:63", played="discard 7S", preferred="discard KC",
    ...     cost=12.0, se=2.0, reason="7S breaks a set.", decision_kind="discard", source="built: a doctest")
    >>> p.check("discard KC").correct, p.check("discard 7S").correct
    (True, False)

A personal puzzle has the interface a :class:`~tenpennies.puzzles.session.PuzzleSession`
serves (kind :data:`KIND`); it is practice, never rated (the ladder rates the shipped
puzzles), and its themes are the kind of decision it was.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import TenPenniesError
from ..engine.words import join_and
from ..explain.decisions import action_words
from ..play.seat_position import SeatPosition
from .answers import Solution, Verdict

__all__ = ["KIND", "PersonalPuzzle", "SPACING", "SOLVES", "mistake_puzzles"]

KIND = "mistake"
"""The kind a session knows a personal puzzle by."""
SOLVES = 2
"""How many solves retire a personal puzzle."""
SPACING = (1, 4)
"""How many other attempts pass before a personal puzzle is due again: after a miss (the
first), after its first solve (the second), so the second solve is not from memory."""


def _normal(text: str) -> str:
    return " ".join(text.lower().split())


@dataclass(frozen=True)
class PersonalPuzzle:
    """One of the learner's own mistakes, as a puzzle; see the module.

    ``notation``: the seat's view then (:class:`SeatPosition` notation); ``played`` and
    ``preferred``: the two moves in words (the learner's, the analyst's); ``cost`` and
    ``se``: what the played move lost, in points of the round's margin, with its error;
    ``reason``: the review's words; ``decision_kind``: the review's kind of decision;
    ``source``: where it came from (the match and the decision).
    """

    id: str
    notation: str
    played: str
    preferred: str
    cost: float
    se: float
    reason: str
    decision_kind: str
    source: str
    rating: int = 1500
    rating_deviation: int = 350
    params: dict = field(default_factory=dict, compare=False)

    kind = KIND
    tier = 1
    allow_unreachable = False
    what_if_note = ""
    wrong: tuple = ()

    @classmethod
    def of_words(cls, notation: str, *, played: str, preferred: str, cost: float, se: float, reason: str,
                 decision_kind: str, source: str) -> "PersonalPuzzle":
        """A personal puzzle, its id made from where it came from (the same mistake twice is one puzzle)."""
        digest = hashlib.sha1(f"{source}|{notation}|{played}".encode()).hexdigest()[:10]
        return cls(f"{KIND}-{digest}", notation, played, preferred, cost, se, reason, decision_kind, source)

    @property
    def position(self) -> SeatPosition:
        seen = self.__dict__.get("_position")
        if seen is None:
            seen = SeatPosition.parse(self.notation)
            object.__setattr__(self, "_position", seen)
        return seen

    @property
    def themes(self) -> tuple[str, ...]:
        return (f"your-{self.decision_kind}",)

    @property
    def options(self) -> tuple[str, str]:
        """The two answers, in an order fixed by the puzzle (not always the analyst's first)."""
        pair = (self.played, self.preferred)
        return pair if int(self.id[-1], 16) % 2 else pair[::-1]

    @property
    def title(self) -> str:
        return f"Your mistake, round {self.position.round_no}: what would you play here?"

    @property
    def question(self) -> str:
        return (f"You played one of these in a match, and the review marked it a mistake. "
                f"Which would you play now: {self.options[0]}, or {self.options[1]}?")

    answer_form = "Click one of the two moves."

    @property
    def answer(self) -> str:
        return self.preferred

    @property
    def hints(self) -> tuple[str, ...]:
        return (self.position_words(), "Weigh what each move keeps in your hand for the contract "
                                       "against what it leaves the others, and how near they are to going out.")

    def hint(self, n: int) -> str:
        return self.hints[min(n, len(self.hints) - 1)]

    def position_words(self) -> str:
        """The free first hint: what this table holds, read from the seat's view (the
        opponents' hand sizes and who has laid down), never which move is right."""
        p = self.position
        others = [s for s in range(len(p.hand_sizes)) if s != p.seat]
        near = min(others, key=lambda s: (p.hand_sizes[s], s))
        down = [s for s in others if p.opened[s]]
        down_words = ("no other seat has laid down" if not down else
                      f"seat {down[0]} has laid down" if len(down) == 1 else
                      f"seats {join_and([str(s) for s in down])} have laid down")
        return (f"You hold {len(p.hand)} cards; {down_words}; the nearest to going out is seat {near}, "
                f"with {p.hand_sizes[near]} cards.")

    @property
    def explanation(self) -> str:
        return self.reason

    def solution(self) -> Solution:
        return Solution(KIND, self.preferred, reasoning=(
            f"The analyst plays {self.preferred}: {self.played} loses {self.cost:.1f} ± {self.se:.1f} points "
            "of the round's margin against it (measured in rollouts from your view then).", self.reason))

    def check(self, answer: str, solution: Solution | None = None) -> Verdict:
        said = _normal(answer)
        if said == _normal(self.preferred):
            return Verdict(True, self.solution().reasoning[0])
        if said == _normal(self.played):
            return Verdict(False, f"That is what you played: it loses {self.cost:.1f} ± {self.se:.1f} points "
                                  f"against {self.preferred}. {self.reason}")
        return Verdict(False, f"Answer one of: {self.options[0]}; {self.options[1]}.", readable=False)

    def _repr_svg_(self) -> str:
        return self.position._repr_svg_()

    # -- kept in the learner's file -------------------------------------------------------
    def to_data(self) -> dict[str, Any]:
        return {"id": self.id, "notation": self.notation, "played": self.played, "preferred": self.preferred,
                "cost": self.cost, "se": self.se, "reason": self.reason, "decision_kind": self.decision_kind,
                "source": self.source}

    @classmethod
    def from_data(cls, data: dict[str, Any] | str) -> "PersonalPuzzle":
        if isinstance(data, str):
            data = json.loads(data)
        try:
            return cls(str(data["id"]), str(data["notation"]), str(data["played"]), str(data["preferred"]),
                       float(data["cost"]), float(data["se"]), str(data["reason"]), str(data["decision_kind"]),
                       str(data["source"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise TenPenniesError(f"a kept personal puzzle is damaged: {exc}") from None


def mistake_puzzles(review) -> list[PersonalPuzzle]:
    """Every graded mistake of a :class:`~tenpennies.review.judged.Review` as a personal puzzle,
    from the reviewed seat's view at that decision, in the match's order."""
    found = []
    record = hashlib.sha1(review.record.encode()).hexdigest()[:8]
    for d in review.mistakes:
        view = review.view_at(d)
        found.append(PersonalPuzzle.of_words(
            str(SeatPosition.of(view)), played=action_words(d.played, view), preferred=action_words(d.preferred, view),
            cost=d.cost.mean, se=0.0 if d.cost.se != d.cost.se else d.cost.se, reason=d.reason, decision_kind=d.kind,
            source=f"review of match {record} seat {review.seat} action {d.index}"))
    return found
