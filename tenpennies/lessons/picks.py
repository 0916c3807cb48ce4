"""The click-the-cards questions (:class:`PickCards`, made by :func:`pick_cards`): click
the cards of a shown hand that make a set, a meld, the round's contract, or what can be
added to a set on the table (:data:`GOALS`).

Every right pick is found by the kit's own checks, trying every part of the hand, so a
pick that is not yet enough can be judged "so far so good" exactly, and a wrong one gets
the reason in the engine's words. The attempt that asks a pick is
:class:`tenpennies.lessons.quiz.Attempt`.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass
from typing import ClassVar, Iterable

from ..engine.cards import ALL_CARDS, Card, Cards, format_cards
from ..engine.melds import MeldKind, meld_kinds, meld_problems
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.sets import set_problems
from ..solver import contract_arrangements, find_contract, what_is_missing
from ..pictures import svg as _svg
from ..engine.words import cards_text, melds_text, plural, tens_as_written
from .feedback import Answer, Feedback, QuizError

__all__ = ["GOALS", "PickCards", "pick_cards"]

GOALS = ("set", "meld", "contract", "add")
"""What a :class:`PickCards` question asks for: a set, a meld (set or run, C3), the
round's contract, or the cards that can be added to a set on the table."""


def _counts(cards: Iterable[Card]) -> Counter:
    return Counter(c.index for c in cards)


def _within(part: Counter, whole: Counter) -> bool:
    return all(whole[k] >= n for k, n in part.items())


@dataclass(frozen=True)
class PickCards:
    """Pick cards of ``hand`` (by position) that make what ``goal`` names (:data:`GOALS`).

    ``onto`` is the set on the table for the goal ``"add"``. The kit checks every pick;
    a pick that is not yet enough, but part of a right one, is "so far so good".
    ``stated`` is the pick the author believes right: if the kit disagrees,
    :class:`~tenpennies.lessons.feedback.QuizError`.
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
