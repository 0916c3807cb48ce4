"""Questions for the learner, answered by the kit's own checks (no widgets here).

A lesson asks before it tells. Each question is a small frozen value tagged with the
ruling it teaches (``ruling="T14"``); whether an answer is right, and why, is computed
by the same functions the engine uses (:func:`tenpennies.engine.sets.set_problems`,
:func:`tenpennies.engine.melds.meld_problems`, :func:`tenpennies.solver.find_contract`,
:meth:`tenpennies.play.match.Match.verify`, :func:`tenpennies.engine.rules.hand_points` ...), so
the feedback is a reason in words, never a bare "wrong". A question whose author states
an answer (``stated=``) that the kit disagrees with cannot be built: :class:`QuizError`.

Two kinds of question:

* :class:`Choice`: pick one option; yes/no questions are choices of ``("yes", "no")``
  (:func:`choose`, :func:`is_set`, :func:`is_meld`, :func:`is_contract`, :func:`is_legal`,
  :func:`is_wild`, :func:`points_of`).
* :class:`PickCards`: click the cards of a shown hand that make a set, a meld, the
  round's contract, or what can be added to a set on the table (:func:`pick_cards`).

:class:`Attempt` is the controller: a frozen value whose methods return the next one,
so a test (or :func:`tenpennies.widgets.ask`) drives a question without a browser. A
wrong answer gets the kit's reason and one more try (:data:`Attempt.TRIES`); the answer
is shown (:attr:`Attempt.over`) only once the learner is right, has used both tries, or
asks for it (``reveal``)::

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

(One concept in one file, over 600 lines: a question, the kit's checks that answer it, and
the attempt that asks it twice before it tells; the kinds share their words and their
controller, and a lesson's question bank would only split them by the notebook.)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar, Iterable, Mapping, Sequence, Union

from ..engine.cards import ALL_CARDS, Card, Cards, format_cards
from ..engine.errors import IllegalActionError, TenPenniesError
from ..engine.melds import MeldKind, meld_kinds, meld_problems
from ..engine.rules import TEN_PENNIES, RuleSet, hand_points
from ..engine.sets import set_problems
from ..solver import contract_arrangements, contract_problems, find_contract, what_is_missing
from ..pictures import svg as _svg
from ..engine.words import card_text, cards_text, melds_text, number_word, plural, rank_plural, tens_as_written

__all__ = ["QuizError", "Feedback", "Answer", "Choice", "PickCards", "Question", "Attempt",
           "choose", "is_set", "is_meld", "is_contract", "is_legal", "is_wild", "points_of",
           "pick_cards", "GOALS", "rulings_asked"]

GOALS = ("set", "meld", "contract", "add")
"""What a :class:`PickCards` question asks for: a set, a meld (set or run, C3), the
round's contract, or the cards that can be added to a set on the table."""


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


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


# ---------------------------------------------------------------------------------
# Choices (multiple choice and yes/no)
# ---------------------------------------------------------------------------------
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
    disagrees, :class:`QuizError`.

    >>> from tenpennies import TEN_PENNIES
    >>> q = choose("How many sets does round 3's contract hold?", {"one": 1, "two": 2},
    ...            TEN_PENNIES.contract(3).sets, ruling="T13", why="round 3 is two sets of 4", stated="two")
    >>> Attempt(q).choose("one").choose("one").feedback.text
    'Not so. one is not it: round 3 is two sets of 4.'
    >>> choose("?", {"one": 1, "two": 2}, 2, ruling="T13", why="two", stated="one")
    Traceback (most recent call last):
    ...
    tenpennies.lessons.quiz.QuizError: '?': the stated answer 'one' is 1, but the kit says 2
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


# ---------------------------------------------------------------------------------
# Click the cards
# ---------------------------------------------------------------------------------
def _counts(cards: Iterable[Card]) -> Counter:
    return Counter(c.index for c in cards)


def _within(part: Counter, whole: Counter) -> bool:
    return all(whole[k] >= n for k, n in part.items())


@dataclass(frozen=True)
class PickCards:
    """Pick cards of ``hand`` (by position) that make what ``goal`` names (:data:`GOALS`).

    ``onto`` is the set on the table for the goal ``"add"``. The kit checks every pick;
    a pick that is not yet enough, but part of a right one, is "so far so good".
    ``stated`` is the pick the author believes right: if the kit disagrees, :class:`QuizError`.
    """

    prompt: str
    hand: Cards
    goal: str
    round_no: int
    ruling: str
    rules: RuleSet = TEN_PENNIES
    onto: Cards = Cards(())
    stated: Cards | None = None
    kind: ClassVar[str] = "pick"

    def __post_init__(self) -> None:
        if self.goal not in GOALS:
            raise QuizError(f"unknown goal {self.goal!r}: choose one of {', '.join(GOALS)}")
        if self.goal == "add" and not self.onto:
            raise QuizError(f"{self.prompt!r}: the goal 'add' needs the set on the table (onto=...)")
        if self.goal == "add" and self.rules.has_runs:
            # Adding to a run depends on which end a wild takes (C4): ask it as a choice.
            raise QuizError(f"{self.prompt!r}: the goal 'add' is for sets of Ten Pennies, not {self.rules.name}")
        if not self._right_picks():
            raise QuizError(f"{self.prompt!r}: no pick from {self.hand} makes {self._goal_words()}")
        if self.stated is not None:
            said = self._judge(Cards(self.stated))
            if not said.correct:
                raise QuizError(f"{self.prompt!r}: the stated answer {format_cards(self.stated)} is wrong "
                                f"by the kit: {said.text}")

    # -- what is right ---------------------------------------------------------------
    def _goal_words(self) -> str:
        if self.goal == "contract":
            return f"round {self.round_no}'s contract ({self.rules.contract(self.round_no).words})"
        if self.goal == "add":
            return f"cards to add to {cards_text(self.onto)}"
        return f"a {self.goal} in round {self.round_no}"

    def _valid(self, cards: Cards) -> bool:
        return _makes(self.goal, cards, self.round_no, self.rules, self.onto)

    def _right_picks(self) -> tuple[Counter, ...]:
        """Every right pick, as counts of card values (two 7S are not told apart), largest first."""
        return _right_picks(self.hand, self.goal, self.round_no, self.rules, self.onto)

    def solution(self) -> Cards:
        """One right pick, as cards: for the contract, the one :func:`find_contract` lays
        down; otherwise the largest the kit finds."""
        if self.goal == "contract":
            best = _counts(find_contract(self.hand, self.round_no, self.rules).cards)
        else:
            best = Counter(self._right_picks()[0])
        return Cards(c for c in self.hand if _take(best, c))

    def cards(self, picks: Iterable[int]) -> Cards:
        """The cards at positions ``picks`` of the hand."""
        return Cards(self.hand[i] for i in sorted(set(picks)))

    def _judge(self, cards: Cards) -> Feedback:
        goal = self._goal_words()
        if not cards:
            return Feedback(False, f"Nothing picked yet: click the cards that make {goal}.", done=False)
        if self._valid(cards):
            if self.goal == "contract":
                found = find_contract(cards, self.round_no, self.rules)
                return Feedback(True, f"Right. {melds_text(found.sets)} is {goal}.")
            if self.goal == "add":
                return Feedback(True, f"Right. {cards_text(cards)} can be added to {cards_text(self.onto)}: "
                                      f"{cards_text(self.onto + cards)} is a set in round {self.round_no}.")
            kinds = meld_kinds(cards, self.round_no, self.rules)
            what = " and a ".join(k.value for k in kinds) if self.goal == "meld" else "set"
            return Feedback(True, f"Right. {cards_text(cards)} is a {what} in round {self.round_no}.")
        picked = _counts(cards)
        partial = any(_within(picked, right) for right in self._right_picks())
        if partial and self.goal == "contract":
            more = min(sum(right.values()) - len(cards) for right in self._right_picks() if _within(picked, right))
            return Feedback(False, f"So far so good: {cards_text(cards)} could be part of {goal}, but it needs "
                                   f"{plural(more, 'more card')} from this hand.", done=False)
        reason = self._reason(cards)
        if partial:
            return Feedback(False, f"So far so good: {cards_text(cards)} could be part of {goal}, but {reason}.", done=False)
        if self.goal == "add":
            return Feedback(False, f"{cards_text(cards)} cannot be added to {cards_text(self.onto)}: {reason}.")
        return Feedback(False, f"{cards_text(cards)} is not {goal}: {reason}.")

    def _reason(self, cards: Cards) -> str:
        """Why ``cards`` are not (yet) what the goal asks, in the kit's words."""
        if self.goal == "set":
            return "; ".join(set_problems(cards, self.round_no, self.rules))
        if self.goal == "add":
            return f"{cards_text(self.onto + cards)} would not be a set: " + "; ".join(
                set_problems(Cards(self.onto + cards), self.round_no, self.rules))
        if self.goal == "meld":
            return "; ".join(f"not a {k.value} ({'; '.join(meld_problems(cards, k, self.round_no, self.rules))})"
                             for k in MeldKind if k in self.rules.meld_kinds)
        found = find_contract(cards, self.round_no, self.rules)
        if found is not None:
            spare = _counts(cards) - _counts(found.cards)
            left = Cards(c for c in cards if _take(spare, c))
            return f"{melds_text(found.sets)} is the contract, and {cards_text(left)} would stay in hand: pick only the cards that go down"
        return _missing_words(cards, self.round_no, self.rules)

    def check(self, picks: Iterable[int]) -> Feedback:
        """The kit's word on picking the cards at positions ``picks``."""
        picks = tuple(picks)
        bad = [i for i in picks if not 0 <= i < len(self.hand)]
        if bad:
            raise QuizError(f"position {bad[0]} of a hand of {len(self.hand)} cards")
        return self._judge(self.cards(picks))

    def answer(self) -> Answer:
        """One right pick and the kit's sentence for it, as a sentence and a picture."""
        best = self.solution()
        text = self._judge(best).text.removeprefix("Right. ")
        if self.goal == "contract":
            picture = _svg.arrangement_svg(find_contract(best, self.round_no, self.rules))
        elif self.goal == "add":
            picture = _svg.groups_svg([("on the table", self.onto), ("added", best)], self.round_no, self.rules)
        else:
            picture = _svg.hand_svg(best, self.round_no, self.rules)
        return Answer(self.ruling, text, picture)

    @property
    def picture(self) -> str:
        """The hand to pick from (and the set on the table, to add to)."""
        if self.goal == "add":
            return _svg.groups_svg([("on the table", self.onto), ("your hand", self.hand)], self.round_no,
                                   self.rules)
        return _svg.hand_svg(self.hand, self.round_no, self.rules)

    def __str__(self) -> str:
        return f"{self.ruling}: {self.prompt}"


def _take(counts: Counter, card: Card) -> bool:
    """Take one ``card`` from ``counts`` if any is left (so two 7S are both taken once)."""
    if counts[card.index] > 0:
        counts[card.index] -= 1
        return True
    return False


def _missing_words(cards: Cards, round_no: int, rules: RuleSet) -> str:
    text = tens_as_written(what_is_missing(cards, round_no, rules).sentence).rstrip(".")
    return text[0].lower() + text[1:] if text else f"they are not round {round_no}'s contract"


def _makes(goal: str, cards: Cards, round_no: int, rules: RuleSet, onto: Cards) -> bool:
    """Do ``cards`` make what ``goal`` asks, by the kit's checks?"""
    if goal == "set":
        return not set_problems(cards, round_no, rules)
    if goal == "meld":
        return bool(meld_kinds(cards, round_no, rules))
    if goal == "add":
        return bool(cards) and not set_problems(Cards(onto + cards), round_no, rules)
    found = find_contract(cards, round_no, rules)
    return found is not None and found.size == len(cards)


@functools.lru_cache(maxsize=256)
def _right_picks(hand: Cards, goal: str, round_no: int, rules: RuleSet, onto: Cards) -> tuple[Counter, ...]:
    """Every right pick from ``hand``, as counts of card values, largest first."""
    if goal == "contract":
        found = [_counts(a.cards) for a in contract_arrangements(hand, round_no, rules)]
    else:
        values = sorted(_counts(hand).items())
        found = []
        # Every sub-multiset of the hand (a hand holds at most 2^11 of them): cheap, and it
        # lets a partial pick be judged "part of a right one" exactly.
        for take in itertools.product(*(range(n + 1) for _, n in values)):
            counts = Counter({v: k for (v, _), k in zip(values, take) if k})
            if counts and _makes(goal, Cards(ALL_CARDS[v] for v in sorted(counts.elements())), round_no, rules, onto):
                found.append(counts)
    found.sort(key=lambda c: (-sum(c.values()), sorted(c.elements())))
    return tuple(found)


def pick_cards(hand: Iterable[Card], goal: str, round_no: int, *, rules: RuleSet = TEN_PENNIES,
               ruling: str | None = None, onto: Iterable[Card] = (), stated: Iterable[Card] | None = None,
               prompt: str | None = None) -> PickCards:
    """A "click the cards" question on ``hand``; ``goal`` is one of :data:`GOALS`.

    The ruling defaults to the one the goal teaches: T14 for a set, C3 for a meld, T13
    for the contract, T10 for adding to a set (the lesson may name another).
    """
    hand, onto = Cards(hand), Cards(onto)
    words = {"set": f"Click the cards that make a set in round {round_no}.",
             "meld": f"Click the cards that make a meld (a set or a run) in round {round_no}.",
             "contract": f"Click the cards that make round {round_no}'s contract "
                         f"({rules.contract(round_no).words}).",
             "add": f"Click the cards of your hand that can be added to {cards_text(onto)} in round {round_no}."}
    if goal not in words:
        raise QuizError(f"unknown goal {goal!r}: choose one of {', '.join(GOALS)}")
    default = {"set": "T14", "meld": "C3", "contract": "T13", "add": "T10"}[goal]
    return PickCards(prompt or words[goal], hand, goal, round_no, ruling or default, rules, onto,
                     None if stated is None else Cards(stated))


Question = Union[Choice, PickCards]


# ---------------------------------------------------------------------------------
# The controller
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """One learner's go at a question: the picks, the last feedback, the tries.

    ``choose`` answers a :class:`Choice`; ``pick`` (click a card: in or out) and
    ``check`` answer a :class:`PickCards`; ``reveal`` shows the answer. Each returns the
    next attempt. A wrong answer gets the kit's reason and, the first time, one more
    try; ``misses`` counts the wrong answers (a pick that is "so far so good" is none).
    Once :attr:`over`, the answer may be shown and nothing more can be answered.
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
