"""What every puzzle kind is: the :class:`Kind` it is made from, the :class:`Solution` it
computes and the :class:`Verdict` it gives an answer.

A kind answers one question about a :class:`~tenpennies.play.seat_position.SeatPosition`: it
reads an answer from text (:meth:`Kind.read`), solves the position (:meth:`Kind.solve`,
numbers as exact fractions) and judges an answer against the solution
(:meth:`Kind.judge`). The kinds themselves, and :data:`~tenpennies.puzzles.kinds.KINDS`
that lists them, sit above this module; here too are the few reading and wording helpers
every kind shares (a yes or no, cards typed loosely, the round's contract in a sentence).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import NotationError
from ..play.seat_position import SeatPosition, wild_limit_words

__all__ = ["Kind", "Solution", "Verdict", "percent"]

_MARGIN_UNITS: dict[str, str] = {}
"""Each kind's :attr:`Kind.margin_unit` by its name, filled as each kind's class is made:
a :class:`Solution` says its margin in its kind's unit, and the kinds, which make
solutions, sit above this module."""


@dataclass(frozen=True)
class Verdict:
    """Was an answer right, and why, in words."""

    correct: bool
    feedback: str
    readable: bool = True  # an answer that cannot be read is no attempt: it says what to type

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        if not self.readable:
            return self.feedback
        return ("Right. " if self.correct else "Not quite. ") + self.feedback


@dataclass(frozen=True)
class Solution:
    """The engine's answer to a puzzle, with what else is accepted and why.

    ``answer`` is the answer as text (as a learner would type it); ``accepted`` other
    texts that are equally right; ``margin`` how far the answer beats the next best
    choice (``None`` for matters of fact); ``options`` each choice weighed, as
    ``(answer, value)`` pairs; ``reasoning`` the argument, sentence by sentence.
    """

    kind: str
    answer: str
    accepted: tuple[str, ...] = ()
    margin: Fraction | None = None
    options: tuple[tuple[str, Fraction], ...] = ()
    reasoning: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def headline(self) -> str:
        """The answer, what else is right, and the margin, without the reasoning."""
        lines = [f"Answer: {self.answer}"]
        if self.accepted:
            lines.append("Also right: " + "; ".join(self.accepted))
        if self.margin is not None:
            unit = _MARGIN_UNITS.get(self.kind, "points")
            lines.append(f"Margin: {margin_words(self.margin, unit)}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return "\n".join([self.headline(), *self.reasoning])


def percent(p: Fraction) -> str:
    """A chance as a percentage with one decimal, for words next to the exact fraction."""
    return f"{float(p) * 100:.1f}%"


def margin_words(margin: Fraction, unit: str) -> str:
    """How far the answer beats the next best choice, as a person says it: in points
    (``unit`` ``"points"``: "wins by at least 40.4 points", a buy's margin being the near
    end of its gain's interval) or in a chance (``"chance"``: "its chance is 2.6
    percentage points higher (1/39)"), never a bare fraction or a percent of nothing."""
    if unit == "points":
        return f"wins by at least {float(margin):.1f} point{'' if margin == 1 else 's'} over the other choice"
    return (f"its chance is {float(margin) * 100:.1f} percentage points higher than the next best "
            f"choice's ({margin.numerator}/{margin.denominator})")


def _exact(p: Fraction) -> str:
    return f"{p.numerator}/{p.denominator} ({percent(p)})" if p.denominator != 1 else f"{p} ({percent(p)})"


class Kind:
    """One kind of puzzle. Subclasses set ``name``, ``question``, ``answer_form`` and the three methods.

    ``answer_form`` says what a typed answer looks like, with an example: the terminal,
    the widget and the printed sheet show it under the question, and an answer that
    cannot be read is met with it. A wrong answer's verdict says what is wrong with that
    answer, never what the right one is: the solution stays behind :meth:`solve`.
    """

    name: str = ""
    question: str = ""
    answer_form: str = ""
    ranked: bool = False  # does the answer beat other choices by a margin?
    margin_unit: str = "points"  # what a ranked answer's margin counts: points, or a chance
    params: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        _MARGIN_UNITS[cls.name] = cls.margin_unit

    def question_for(self, position: SeatPosition) -> str:
        """The question as this position's game asks it: :attr:`question`, unless the kind
        asks it otherwise in a game whose turn differs (Ten Card Rummy melds before its
        draw, C6, and buys only off-turn from round 4, C9)."""
        return self.question

    def answer_form_for(self, position: SeatPosition) -> str:
        """:attr:`answer_form` as this position's game types it (Ten Card Rummy's go-out
        has no discard, C7; its lay-offs may name a run's end, C4)."""
        return self.answer_form

    def read(self, text: str, position: SeatPosition) -> Any:
        """The answer in ``text``, as a value; raises ``NotationError`` saying what is expected."""
        raise NotImplementedError

    def params_problems(self, params: dict[str, Any]) -> list[str]:
        """What is wrong with a puzzle's ``params`` for this kind ([] if nothing): a kind
        takes only the parameters it names, each checked by :meth:`param_problem`."""
        problems = [f"{name!r} is not a parameter of a {self.name} puzzle"[:200]
                    for name in params if name not in self.params]
        problems += [p for name in self.params if name in params
                     for p in [self.param_problem(name, params[name])] if p]
        return problems

    def param_problem(self, name: str, value: Any) -> str | None:
        """What is wrong with one parameter's value (None if nothing); kinds with
        parameters say."""
        return None

    def solve(self, position: SeatPosition, params: dict[str, Any]) -> Solution:
        raise NotImplementedError

    def judge(self, value: Any, solution: Solution, position: SeatPosition, params: dict[str, Any]) -> Verdict:
        raise NotImplementedError

    def check(self, text: str, position: SeatPosition, params: dict[str, Any],
              solution: Solution | None = None) -> Verdict:
        """Judge a typed answer: unreadable answers get a verdict saying what to type."""
        try:
            value = self.read(text, position)
        except (NotationError, ValueError) as exc:
            return Verdict(False, f"That answer cannot be read ({exc}). {self.answer_form_for(position)}",
                           readable=False)
        return self.judge(value, solution or self.solve(position, params), position, params)


def _round_words(position: SeatPosition) -> str:
    r, rules = position.round_no, position.rules
    return (f"Round {r} asks for {position.contract.words}; the wild cards are {rules.wild_words(r)}, "
            f"{wild_limit_words(position.contract)}.")


def _sentence(parts: list[str]) -> str:
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]  # str.capitalize would lower the cards' letters


def _yes_no(text: str) -> str | None:
    word = text.strip().lower().rstrip(".!")
    return {"yes": "yes", "y": "yes", "no": "no", "n": "no"}.get(word)


def _cards_text(text: str) -> tuple[Card, ...]:
    return parse_cards(text.replace("and", " ").replace(";", " "))


def _sets_text(sets) -> str:
    return " / ".join(format_cards(s) for s in sets)
