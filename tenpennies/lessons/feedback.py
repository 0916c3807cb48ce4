"""What the kit says back about a lesson's question, whatever its kind: :class:`Feedback`
on one answer (right or not, and the reason in words), the :class:`Answer` a lesson shows
once the question is settled, and :class:`QuizError` for a question the kit will not ask.

Both kinds of question (:mod:`tenpennies.lessons.choices`, :mod:`tenpennies.lessons.picks`)
and the attempt that asks them (:mod:`tenpennies.lessons.quiz`) speak in these values, so
they sit below all three.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..engine.errors import TenPenniesError

__all__ = ["QuizError", "Feedback", "Answer"]


class QuizError(TenPenniesError):
    """A question that cannot be asked: its stated answer disagrees with the kit, it has
    no right answer, or an answer names an option it lacks."""


@dataclass(frozen=True)
class Feedback:
    """What the kit says to one answer: right or not, the reason in words, and whether
    the attempt is over (``done=False``: a partial pick that may go on)."""

    correct: bool
    text: str
    done: bool = True


@dataclass(frozen=True)
class Answer:
    """A question's answer as a sentence and a picture, for a lesson to show after asking.

    In a notebook it shows as the sentence above the picture (``_repr_html_``); its
    plain text is the sentence.
    """

    ruling: str
    text: str
    picture: str = ""

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"{self.ruling}: {self.text}"

    def _repr_html_(self) -> str:
        return f"<p><b>{escape(self.ruling)}.</b> {escape(self.text)}</p>{self.picture}"
