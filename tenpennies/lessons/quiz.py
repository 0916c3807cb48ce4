"""Questions for the learner, answered by the kit's own checks (no widgets here), and
:class:`Attempt`, which asks one twice before it tells.

A lesson asks before it tells. Each question is a small frozen value tagged with the
ruling it teaches (``ruling="T14"``); whether an answer is right, and why, is computed
by the same functions the engine uses (:func:`tenpennies.engine.sets.set_problems`,
:func:`tenpennies.engine.melds.meld_problems`, :func:`tenpennies.solver.find_contract`,
:meth:`tenpennies.play.match.Match.verify`, :func:`tenpennies.engine.rules.hand_points` ...), so
the feedback is a reason in words, never a bare "wrong". A question whose author states
an answer (``stated=``) that the kit disagrees with cannot be built:
:class:`~tenpennies.lessons.feedback.QuizError`.

Two kinds of question (a :data:`Question` is either), each in its own module:

* :class:`~tenpennies.lessons.choices.Choice` (:mod:`tenpennies.lessons.choices`): pick
  one option; yes/no questions are choices of ``("yes", "no")`` (``choose``, ``is_set``,
  ``is_meld``, ``is_contract``, ``is_legal``, ``is_wild``, ``points_of``).
* :class:`~tenpennies.lessons.picks.PickCards` (:mod:`tenpennies.lessons.picks`): click
  the cards of a shown hand that make a set, a meld, the round's contract, or what can be
  added to a set on the table (``pick_cards``).

What the kit says back, :class:`~tenpennies.lessons.feedback.Feedback` and
:class:`~tenpennies.lessons.feedback.Answer`, lives in :mod:`tenpennies.lessons.feedback`.

This module owns the asking. :class:`Attempt` is the controller: a frozen value whose
methods return the next one, so a test (or :func:`tenpennies.widgets.ask`) drives a
question without a browser. A wrong answer gets the kit's reason and one more try
(:data:`Attempt.TRIES`); the answer is shown (:attr:`Attempt.over`) only once the learner
is right, has used both tries, or asks for it (``reveal``)::

    >>> from tenpennies import parse_cards
    >>> q = is_set(parse_cards("7S 7S 7H"), round_no=1)
    >>> print(q)
    T14: Is 7S 7S 7H a set in round 1?
    >>> first = Attempt(q).choose("yes")
    >>> print(first.feedback.text)
    Not so. 7S 7S 7H is not a set in round 1: two natural spades. One more try.
    >>> first.over, first.choose("no").solved
    (False, True)
    >>> pick = pick_cards(parse_cards("7S 7H 9D JK KC"), "set", round_no=1)
    >>> step = Attempt(pick).pick(0).pick(1).check()
    >>> step.feedback.done, step.feedback.text
    (False, 'So far so good: 7S 7H could be part of a set in round 1, but only 2 cards: a set needs at least 3.')
    >>> Attempt(pick).pick(0).pick(1).pick(3).check().solved
    True
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar, Iterable, Union

from ..engine.words import cards_text
from .choices import Choice
from .feedback import Feedback, QuizError
from .picks import PickCards
# The notebooks (00, 02-07, 09) import the questions' makers from here, where they were first written.
from .choices import choose, is_contract, is_legal, is_meld, is_set, is_wild, points_of  # noqa: F401
from .picks import pick_cards  # noqa: F401  (notebooks 02, 03, 05 and 09 import it from here)

__all__ = ["Question", "Attempt", "rulings_asked"]


Question = Union[Choice, PickCards]
"""A lesson's question, of either kind."""


@dataclass(frozen=True)
class Attempt:
    """One learner's go at a question: the picks, the last feedback, the tries.

    ``choose`` answers a :class:`~tenpennies.lessons.choices.Choice`; ``pick`` (click a
    card: in or out) and ``check`` answer a :class:`~tenpennies.lessons.picks.PickCards`;
    ``reveal`` shows the answer. Each returns the next attempt. A wrong answer gets the
    kit's reason and, the first time, one more try; ``misses`` counts the wrong answers
    (a pick that is "so far so good" is none). Once :attr:`over`, the answer may be shown
    and nothing more can be answered.
    """

    question: Question
    picked: tuple[int, ...] = ()
    chosen: int | None = None
    feedback: Feedback | None = None
    tries: int = 0
    revealed: bool = False
    misses: int = 0

    TRIES: ClassVar[int] = 2
    """Answers a learner may give before the answer is shown: one wrong, one more try."""

    @property
    def solved(self) -> bool:
        """Has the learner given a right answer (before the answer was shown)?"""
        return self.feedback is not None and self.feedback.correct and not self.revealed

    @property
    def over(self) -> bool:
        """Is the question settled: answered right, both tries used, or the answer asked
        for? Only then may a lesson show the answer."""
        return self.solved or self.revealed or self.misses >= self.TRIES

    def _still_open(self) -> None:
        if self.over:
            raise QuizError(f"{self.question.prompt!r} is settled: the answer is shown")

    def choose(self, option: int | str) -> "Attempt":
        if not isinstance(self.question, Choice):
            raise QuizError(f"{self.question.prompt!r} asks for cards to be picked, not an option")
        self._still_open()
        i = self.question.option(option)
        feedback = self.question.check(i, last=self.misses + 1 >= self.TRIES)
        return dataclasses.replace(self, chosen=i, feedback=feedback, tries=self.tries + 1,
                                   misses=self.misses + (not feedback.correct))

    def pick(self, position: int) -> "Attempt":
        """Click the card at ``position``: it goes into the pick, or out if it was in."""
        if not isinstance(self.question, PickCards):
            raise QuizError(f"{self.question.prompt!r} asks for an option, not cards")
        self._still_open()
        if not 0 <= position < len(self.question.hand):
            raise QuizError(f"position {position} of a hand of {len(self.question.hand)} cards")
        picked = tuple(p for p in self.picked if p != position) if position in self.picked \
            else tuple(sorted(self.picked + (position,)))
        return dataclasses.replace(self, picked=picked, feedback=None)

    def clear(self) -> "Attempt":
        self._still_open()
        return dataclasses.replace(self, picked=(), feedback=None)

    def check(self) -> "Attempt":
        """Check the cards picked so far."""
        if not isinstance(self.question, PickCards):
            raise QuizError(f"{self.question.prompt!r} is answered by choosing an option")
        self._still_open()
        feedback = self.question.check(self.picked)
        missed = not feedback.correct and feedback.done
        if missed and self.misses + 1 < self.TRIES:
            feedback = Feedback(False, feedback.text + " One more try.", done=False)
        return dataclasses.replace(self, feedback=feedback, tries=self.tries + 1, misses=self.misses + missed)

    def reveal(self) -> "Attempt":
        """Show the answer (the "Show the answer" button); once settled, nothing changes."""
        if self.over:
            return self
        answer = self.question.answer()
        return dataclasses.replace(self, revealed=True, feedback=Feedback(False, "The answer: " + answer.text))

    def text(self) -> str:
        """The attempt in words: the question, what was picked, the feedback."""
        lines = [str(self.question)]
        if isinstance(self.question, PickCards) and self.picked:
            lines.append(f"picked: {cards_text(self.question.cards(self.picked))}")
        if self.chosen is not None:
            lines.append(f"chosen: {self.question.options[self.chosen]}")
        if self.feedback is not None:
            lines.append(self.feedback.text)
        return "\n".join(lines)


def rulings_asked(questions: Iterable[Question]) -> tuple[str, ...]:
    """The rulings ``questions`` teach, each once, in the order first asked."""
    return tuple(dict.fromkeys(q.ruling for q in questions))
