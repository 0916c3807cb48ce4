"""The choice questions (:class:`Choice`): pick one option, of several or of yes and no.

:func:`choose` builds a multiple-choice question from its options and the value the kit
computed. The yes/no questions each ask one of the engine's own checks, so the reason a
learner reads is the engine's: :func:`is_set` (:func:`tenpennies.engine.sets.set_problems`),
:func:`is_meld` (:func:`tenpennies.engine.melds.meld_kinds`), :func:`is_contract`
(:func:`tenpennies.solver.contract_problems`), :func:`is_legal`
(:meth:`tenpennies.play.match.Match.verify`) and :func:`is_wild`
(:meth:`tenpennies.engine.rules.RuleSet.is_wild`); :func:`points_of` is a multiple choice
answered by :func:`tenpennies.engine.rules.hand_points`. Every option carries the kit's
reason, and a first wrong try gets a hint that does not give the answer away. The attempt
that asks a choice is :class:`tenpennies.lessons.quiz.Attempt`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from ..engine.cards import Card, Cards
from ..engine.errors import IllegalActionError
from ..engine.melds import MeldKind, meld_kinds, meld_problems
from ..engine.rules import TEN_PENNIES, RuleSet, hand_points
from ..engine.sets import set_problems
from ..solver import contract_problems
from ..pictures import svg as _svg
from ..engine.words import card_text, cards_text, melds_text, number_word, plural, rank_plural, tens_as_written
from .feedback import Answer, Feedback, QuizError

__all__ = ["Choice", "choose", "is_set", "is_meld", "is_contract", "is_legal", "is_wild", "points_of"]


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


@dataclass(frozen=True)
class Choice:
    """Pick one of ``options``; ``right`` holds the positions of the right ones.

    ``reasons`` holds one sentence per option, from the kit, saying why it is right or
    not; ``why`` is the answer in one sentence. ``hints`` (one per option, or none) say
    why a wrong option is wrong without giving the answer away: they are the reason a
    first wrong try gets, so the second try is still a question (a yes/no question's
    hint is its reason: the rule, said once). ``picture`` (SVG) shows what is asked
    about, ``answer_picture`` the answer (the question's picture if empty).
    """

    prompt: str
    options: tuple[str, ...]
    right: frozenset[int]
    reasons: tuple[str, ...]
    why: str
    ruling: str
    picture: str = ""
    answer_picture: str = ""
    hints: tuple[str, ...] = ()
    kind: ClassVar[str] = "choice"

    def __post_init__(self) -> None:
        if len(self.reasons) != len(self.options):
            raise QuizError(f"{self.prompt!r}: {len(self.options)} options but {len(self.reasons)} reasons")
        if self.hints and len(self.hints) != len(self.options):
            raise QuizError(f"{self.prompt!r}: {len(self.options)} options but {len(self.hints)} hints")
        if not self.right or not all(0 <= i < len(self.options) for i in self.right):
            raise QuizError(f"{self.prompt!r}: no right answer among {', '.join(self.options)}")

    @property
    def yes_no(self) -> bool:
        """Is this a yes/no question?"""
        return self.options == ("yes", "no")

    def option(self, option: int | str) -> int:
        """The position of ``option`` (its position or its words)."""
        if isinstance(option, str):
            if option not in self.options:
                raise QuizError(f"{option!r} is not an option of {self.prompt!r}: choose one of "
                                + ", ".join(repr(o) for o in self.options))
            return self.options.index(option)
        if not 0 <= option < len(self.options):
            raise QuizError(f"option {option} of {self.prompt!r}: there are {len(self.options)}")
        return option

    def check(self, option: int | str, *, last: bool = True) -> Feedback:
        """The kit's word on choosing ``option``; not ``last``: a first try, whose wrong
        answer gets the hint (not the answer) and may go on."""
        i = self.option(option)
        if i in self.right:
            return Feedback(True, "Right. " + self.reasons[i])
        if last:
            return Feedback(False, "Not so. " + self.reasons[i])
        return Feedback(False, "Not so. " + (self.hints[i] if self.hints else self.reasons[i]) + " One more try.",
                        done=False)

    def answer(self) -> Answer:
        """The right option and why, as a sentence and a picture."""
        return Answer(self.ruling, self.why[:1].upper() + self.why[1:], self.answer_picture or self.picture)

    def __str__(self) -> str:
        return f"{self.ruling}: {self.prompt}"


def choose(prompt: str, options: Mapping[str, Any], truth: Any, *, ruling: str, why: str,
           stated: str | None = None, reasons: Mapping[str, str] | None = None,
           hint: str = "", picture: str = "", answer_picture: str = "") -> Choice:
    """A multiple-choice question: ``options`` maps each option's words to its value,
    ``truth`` is the value the kit computed; the right options are those equal to it.

    ``why`` says the answer in a sentence (built from the kit's values); ``reasons`` may
    say more about particular wrong options. ``hint`` is the rule to apply, in words that
    do not give the answer: a first wrong try gets it (with that option's reason, if any)
    instead of ``why``. ``stated`` is the option the author believes right: if the kit
    disagrees, :class:`~tenpennies.lessons.feedback.QuizError`.

    >>> from tenpennies import TEN_PENNIES
    >>> from tenpennies.lessons.quiz import Attempt
    >>> q = choose("How many sets does round 3's contract hold?", {"one": 1, "two": 2},
    ...            TEN_PENNIES.contract(3).sets, ruling="T13", why="round 3 is two sets of 4", stated="two")
    >>> Attempt(q).choose("one").choose("one").feedback.text
    'Not so. one is not it: round 3 is two sets of 4.'
    >>> choose("?", {"one": 1, "two": 2}, 2, ruling="T13", why="two", stated="one")
    Traceback (most recent call last):
    ...
    tenpennies.lessons.feedback.QuizError: '?': the stated answer 'one' is 1, but the kit says 2
    """
    labels = tuple(options)
    right = frozenset(i for i, label in enumerate(labels) if options[label] == truth)
    if stated is not None:
        if stated not in options:
            raise QuizError(f"{prompt!r}: the stated answer {stated!r} is not an option")
        if options[stated] != truth:
            raise QuizError(f"{prompt!r}: the stated answer {stated!r} is {options[stated]!r}, "
                            f"but the kit says {truth!r}")
    if not right:
        raise QuizError(f"{prompt!r}: no option is {truth!r}, the kit's answer")
    why = _sentence(why)
    extra = reasons or {}
    said = tuple(_sentence(extra[label]) + " " + why if label in extra
                 else why if i in right else f"{label} is not it: {why}"
                 for i, label in enumerate(labels))
    hint = _sentence(hint) if hint else ""
    hints = tuple(" ".join(filter(None, (_sentence(extra[label]) if label in extra else f"{label} is not it.", hint)))
                  for label in labels)
    return Choice(prompt, labels, right, said, why, ruling, picture, answer_picture, hints)


def _yes_no(prompt: str, truth: bool, why: str, ruling: str, stated: bool | None,
            picture: str = "", answer_picture: str = "") -> Choice:
    if stated is not None and stated != truth:
        raise QuizError(f"{prompt!r}: the stated answer is {'yes' if stated else 'no'}, "
                        f"but the kit says {'yes' if truth else 'no'}: {why}")
    why = _sentence(why)
    return Choice(prompt, ("yes", "no"), frozenset({0 if truth else 1}), (why, why), why, ruling,
                  picture, answer_picture)


def is_set(cards: Iterable[Card], round_no: int, *, rules: RuleSet = TEN_PENNIES, ruling: str = "T14",
           stated: bool | None = None, prompt: str | None = None) -> Choice:
    """Yes/no: are ``cards`` a set in this round? Answered by :func:`set_problems`."""
    cards = Cards(cards)
    problems = set_problems(cards, round_no, rules)
    said = cards_text(cards)
    why = (f"{said} is a set in round {round_no}: {_set_reason(cards, round_no, rules)}" if not problems
           else f"{said} is not a set in round {round_no}: " + "; ".join(problems))
    return _yes_no(prompt or f"Is {said} a set in round {round_no}?", not problems, why, ruling, stated,
                   _svg.hand_svg(cards, round_no, rules))


def _set_reason(cards: Cards, round_no: int, rules: RuleSet) -> str:
    """Why a valid set is one, rule by rule (T14, T15), so a wrong "no" learns the rule."""
    naturals = [c for c in cards if not rules.is_wild(c, round_no)]
    wilds = [c for c in cards if rules.is_wild(c, round_no)]
    n, rank = len(naturals), rank_plural(naturals[0].rank)
    parts = [f"{'one natural ' + rank[:-1] if n == 1 else number_word(n) + ' natural ' + rank}"
             + ("" if n == 1 or rules.repeated_suits_allowed else ", no suit twice")]
    limit = rules.wild_limits[round_no - 1]
    # Ten Card Rummy words its wilds in C4; Ten Pennies in T15 (which) and T14 (how many).
    wild_ruling, limit_ruling = ("C4", "C4") if rules.has_runs else ("T15", "T14")
    if wilds:
        named = [c for c in wilds if c.rank in rules.wild_ranks[round_no - 1]]
        why_wild = (f": {rules.wild_words(round_no)} are wild in round {round_no}, {wild_ruling}"
                    if named else "")
        room = (f"natural cards must outnumber wilds" if rules.wilds_outnumbered
                else f"a set in round {round_no} holds at most {plural(limit, 'wild')}")
        parts.append(f"{plural(len(wilds), 'wild')} ({cards_text(wilds)}{why_wild}), and {room} ({limit_ruling})")
    else:
        parts.append("no wild")
    return " and ".join(parts)


def is_meld(cards: Iterable[Card], round_no: int, *, rules: RuleSet = TEN_PENNIES, ruling: str = "C3",
            stated: bool | None = None, prompt: str | None = None) -> Choice:
    """Yes/no: are ``cards`` a meld (a set or a run, C3) in this round? Answered by
    :func:`tenpennies.engine.melds.meld_kinds` and :func:`meld_problems`."""
    cards = Cards(cards)
    kinds = meld_kinds(cards, round_no, rules)
    said = cards_text(cards)
    if kinds:
        why = f"{said} is a {' and a '.join(k.value for k in kinds)} in round {round_no}"
    else:
        # MeldKind's order, not the rule set's (a frozenset): the words must not vary run to run.
        why = f"{said} is no meld in round {round_no}: " + "; ".join(
            f"not a {k.value} ({'; '.join(meld_problems(cards, k, round_no, rules))})"
            for k in MeldKind if k in rules.meld_kinds)
    return _yes_no(prompt or f"Is {said} a meld in round {round_no}?", bool(kinds), why, ruling, stated,
                   _svg.hand_svg(cards, round_no, rules))


def is_contract(sets: Sequence[Iterable[Card]], round_no: int, *, rules: RuleSet = TEN_PENNIES,
                ruling: str = "T13", stated: bool | None = None, prompt: str | None = None) -> Choice:
    """Yes/no: are these sets the round's contract? Answered by :func:`contract_problems`."""
    sets = tuple(Cards(s) for s in sets)
    shown = melds_text(sets, " / ")
    problems = [tens_as_written(p) for p in contract_problems(sets, round_no, rules)]  # (they name melds' cards)
    contract = rules.contract(round_no)
    why = (f"{shown} is round {round_no}'s contract ({contract.words})" if not problems
           else f"{shown} is not round {round_no}'s contract ({contract.words}): " + "; ".join(problems))
    # (The picture's own text keeps the notation, as every picture's does.)
    picture = _svg.groups_svg([(f"set {i}", s) for i, s in enumerate(sets, 1)], round_no, rules,
                              desc=" / ".join(str(s) for s in sets))
    return _yes_no(prompt or f"Is {shown} round {round_no}'s contract?", not problems, why, ruling, stated,
                   picture)


def is_legal(match, action, *, ruling: str, stated: bool | None = None, prompt: str | None = None,
             picture: str | None = None) -> Choice:
    """Yes/no: may ``action`` be played now in ``match``? Answered by
    :meth:`Match.verify` (its :class:`IllegalActionError` is the reason). The match is
    not changed, and the question keeps no reference to it."""
    try:
        match.verify(action)
    except IllegalActionError as error:
        # The action is quoted as it is typed (its notation); the engine's reason is a sentence.
        truth, why = False, f"The engine refuses “{action.text}”: {tens_as_written(str(error))}"
    else:
        truth, why = True, f"The engine allows “{action.text}” now"
    if picture is None:
        picture = _svg.view_svg(match.view(match.to_act)) if match.to_act is not None else ""
    return _yes_no(prompt or f"May seat {action.seat} play “{action.text}” now?", truth, why, ruling, stated,
                   picture)


def is_wild(card: Card | str, round_no: int, *, rules: RuleSet = TEN_PENNIES, ruling: str = "T15",
            stated: bool | None = None, prompt: str | None = None) -> Choice:
    """Yes/no: is ``card`` wild in this round? Answered by :meth:`RuleSet.is_wild`."""
    card = Card(card) if isinstance(card, str) else card
    truth = rules.is_wild(card, round_no)
    why = (f"The {card.name} is {'' if truth else 'not '}wild in round {round_no}: "
           f"the wild cards there are {rules.wild_words(round_no)}")
    return _yes_no(prompt or f"Is the {card.name} wild in round {round_no}?", truth, why, ruling, stated,
                   _svg.hand_svg([card], round_no, rules))


def points_of(cards: Iterable[Card], options: Iterable[int], *, rules: RuleSet = TEN_PENNIES,
              ruling: str = "T18", stated: int | None = None, prompt: str | None = None) -> Choice:
    """Multiple choice: what do ``cards`` left in hand score? Answered by :func:`hand_points`,
    with the points card by card as the reason."""
    cards = Cards(cards)
    truth = hand_points(cards, rules)
    each = " + ".join(f"{card_text(c)} {rules.points(c)}" for c in cards)
    labels = {f"{n} points": n for n in options}
    return choose(prompt or f"Left in hand at the end of a round, what do {cards_text(cards)} cost?", labels, truth,
                  ruling=ruling, why=f"{each} = {truth} points", hint=f"Add them up: {each.replace(' + ', ', ')}",
                  picture=_svg.hand_svg(cards, rules=rules),
                  stated=None if stated is None else f"{stated} points")
