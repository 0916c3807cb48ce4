"""The puzzle kinds: for each, how the engine computes the answer and judges a typed one.

Every kind answers one question about a :class:`~tenpennies.play.seat_position.SeatPosition` and is
solved by the engine, never by what a puzzle file says: the file's answer is compared with
this module's. Each kind reads an answer from text (:meth:`Kind.read`), solves the position
(:meth:`Kind.solve`, a :class:`Solution` with its reasoning, numbers as exact fractions)
and judges an answer against the solution (:meth:`Kind.judge`, a :class:`Verdict`).

=================  ============================================  ========================
kind               question                                      typed answer
=================  ============================================  ========================
``lay-down``       can you lay down your contract? how?          ``no`` / ``yes: 7S 7H 7D / 9S 9H JK``
``missing``        which cards would complete the contract?      ``4C 8S JK``
``buy``            buy the offered discard, or pass?             ``buy`` / ``pass``
``discard``        which discard gives the best chance?          ``KD``
``go-out``         can you go out this turn? how?                ``no`` / ``lay ... ; add 0 KC; discard 4D``
``additions``      which of your cards can go on which set?      ``KC:0 JK:1`` / ``none``
``count``          how many ways to lay down the contract?       ``6``
``cost``           what do your cards cost if the round ends?    ``85``
=================  ============================================  ========================

Every kind works in both games. In Ten Card Rummy (C1-C17) melds may be runs: lay-down,
missing and count find runs too; go-out is asked before the draw and never ends with a
discard (C6, C7); additions lay off at a run's ends (C11) and say which end; cost counts
pips (C14); buy is a purchase off-turn from round 4 that spends no token (C9), or on
one's own turn the free take (C8). :meth:`Kind.question_for` and :meth:`Kind.answer_form_for`
ask each question, and say how to type its answer, as the position's game does. The words
around a puzzle (hints, wrong answers) live in :mod:`tenpennies.puzzles.wording`.

Answers that rank choices (``buy``, ``discard``) carry a margin: how far the best choice
beats the next best. The other kinds are matters of fact; their margin is ``None``.

(One concept in one file, over 600 lines: the puzzle kinds, one small class each, sharing
the reading and judging helpers at the top.)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Any

from ..engine.actions import AddToSet, Discard, LayDown, Meld, parse_action
from ..engine.cards import Card, format_cards, parse_cards, sort_key
from ..engine.errors import NotationError, TenPenniesError
from ..odds import draw_odds
from ..play.seat_position import SeatPosition, wild_limit_words
from ..engine.rules import hand_points
from ..engine.sets import set_problems
from ..solver import (
    additions, can_lay_down, contract_arrangements, contract_problems, count_arrangements,
    find_contract, outs, plan_go_out, what_is_missing,
)
from ..engine.words import card_text, cards_text, melds_text, plural, rank_plural, tens_as_written
from ..explain.decisions import choice_cards_words

__all__ = ["KINDS", "Kind", "Solution", "Verdict", "buy_question", "buy_wrong", "go_out_problems", "percent",
           "plan_text", "points_words", "token_price"]


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
            unit = getattr(KINDS.get(self.kind), "margin_unit", "points")
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


# -- lay down? --------------------------------------------------------------------------
class LayDownKind(Kind):
    name = "lay-down"
    question = "Can you lay down your contract? If you can, how?"
    answer_form = "Answer 'no', or 'yes:' and your sets split by '/', like 'yes: 7S 7H 7D / 9S 9H JK'."

    def read(self, text, position):
        head, colon, rest = text.partition(":")
        answer = _yes_no(head)
        if answer is None:
            raise NotationError("it starts with neither 'yes' nor 'no'")
        sets = tuple(parse_cards(part) for part in rest.split("/")) if rest.strip() else ()
        return answer, sets

    def solve(self, position, params):
        hand, r, rules = position.hand, position.round_no, position.rules
        found = find_contract(hand, r, rules)
        if found is None:
            gap = what_is_missing(hand, r, rules)
            reasoning = (_round_words(position),
                         f"This hand cannot do it. {tens_as_written(str(gap))}",  # (the solver's sentence)
                         _why_not_lay_down(position))
            return Solution(self.name, "no", reasoning=tuple(x for x in reasoning if x),
                            facts={"cards_needed": gap.cards_needed})
        every = contract_arrangements(hand, r, rules)
        others = tuple(f"yes: {_sets_text(a.sets)}" for a in every if a.sets != found.sets)
        n = len(every)
        shown = others[:5]
        reasoning = [_round_words(position),
                     f"Lay down {melds_text(found.sets)}: {plural(found.wilds, 'wild')} used, "
                     f"{found.points} points out of your hand."]
        reasoning.append("It is the only way." if n == 1 else
                         f"There are {n} ways in all; any of them is right." if len(shown) + 1 == n else
                         f"Any of the {n} ways is right; {len(shown) + 1} of the {n} are listed, as the "
                         "answer and 'Also right'.")
        return Solution(self.name, f"yes: {_sets_text(found.sets)}", shown,
                        reasoning=tuple(reasoning), facts={"arrangements": n, "wilds": found.wilds})

    def judge(self, value, solution, position, params):
        answer, sets = value
        can = solution.answer != "no"
        if answer == "no":
            if not can:
                return Verdict(True, solution.reasoning[1])
            return Verdict(False, "'No' is wrong: this hand does hold the contract. Look for the sets.")
        if not sets:
            if not can:
                return Verdict(False, "'Yes' is wrong: try to write the sets, and see what stops you.")
            return Verdict(False, "Yes, you can, but show the sets. " + self.answer_form)
        problems = contract_problems(sets, position.round_no, position.rules, hand=position.hand)
        if problems or not can:  # what is wrong with these sets, never the engine's own
            return Verdict(False, "Those sets are not the contract: "
                           + ("; ".join(problems) or "they do not lay down this hand's contract") + ".")
        return Verdict(True, f"Those sets are the contract. {solution.reasoning[-1]}")


def _sets_text(sets) -> str:
    return " / ".join(format_cards(s) for s in sets)


def _why_not_lay_down(position: SeatPosition) -> str:
    """Sentences on tempting near misses: more wilds than the sets may hold, a suit twice."""
    r, rules = position.round_no, position.rules
    if rules.has_runs:
        return _why_not_melds(position)
    wild = rules.wild_table(r)
    hand = position.hand
    wilds = sum(1 for c in hand if wild[c.index])
    limit = rules.contract(r).wild_limit
    k = position.contract.sets
    said = []
    if wilds > limit * k:
        said.append(f"You hold {wilds} wilds, but each set may hold at most {limit}, so only "
                    f"{limit * k} can be used.")
    naturals = Counter(c for c in hand if not wild[c.index])
    by_rank = Counter(c.rank for c in naturals.elements())
    for card, n in sorted(naturals.items(), key=lambda cn: sort_key(cn[0])):
        if n > 1 and by_rank[card.rank] >= 3 and k == 1:
            said.append(f"Your two {card_text(card)} cannot share a set: no natural suit twice.")
    return " ".join(said)


def _why_not_melds(position: SeatPosition) -> str:
    """Near misses where melds may be runs: one long run is one meld (C5), and naturals
    must outnumber wilds (C4)."""
    from ..engine.melds import MeldKind, meld_kinds

    r, rules, hand = position.round_no, position.rules, tuple(position.hand)
    said = []
    if position.contract.sets > 1:
        need = position.contract.sets * position.contract.size
        for size in range(len(hand), position.contract.size - 1, -1):
            long = next((c for c in combinations(hand, size) if MeldKind.RUN in meld_kinds(c, r, rules)), None)
            if long is not None and size < need:
                said.append(f"{cards_text(long)} is one run, one meld: a run of {size} does not make "
                            f"{position.contract.words} (C5).")
                break
            if long is not None:
                break
    wilds = sum(1 for c in hand if rules.is_wild(c, r))
    if wilds >= position.contract.size - 1:
        said.append(f"Your {plural(wilds, 'wild')} cannot make a meld with one natural card: in every meld "
                    "natural cards must outnumber wilds (C4).")
    return " ".join(said)


# -- what is missing? ------------------------------------------------------------------
class MissingKind(Kind):
    name = "missing"
    question = "Which cards would complete your contract? Name every one (each card once)."
    answer_form = "Answer the cards, like '4C 8S JK', or 'none'."

    def read(self, text, position):
        if text.strip().lower() in ("none", "nothing", "-"):
            return frozenset()
        return frozenset(_cards_text(text))

    def solve(self, position, params):
        gap = what_is_missing(position.hand, position.round_no, position.rules)
        found = outs(position.hand, position.round_no, position.rules)
        reasoning = [_round_words(position), str(gap)]
        return Solution(self.name, format_cards(found), reasoning=tuple(reasoning),
                        facts={"outs": found, "cards_needed": gap.cards_needed})

    def judge(self, value, solution, position, params):
        right = frozenset(solution.facts["outs"])
        missed = sorted(right - value, key=sort_key)
        extra = sorted(value - right, key=sort_key)
        if not missed and not extra:
            return Verdict(True, solution.reasoning[-1])
        parts = []
        if extra:
            parts.append(f"{cards_text(extra)} would not complete it")
        if missed:  # how many, not which: naming them would give the answer away
            parts.append(f"you left out {plural(len(missed), 'card')} that would")
        return Verdict(False, _sentence(parts) + ".")


# -- buy? ------------------------------------------------------------------------------
def token_price(tokens: int, rounds_left: int) -> Fraction:
    """The price once stated as fact in buy puzzles, ``rounds_left / (10 * tokens)`` (1 with
    no token): an invented number, kept only for old notebooks. Buy puzzles now ask the one
    buy judgment (:func:`tenpennies.bots.buying.should_buy`), whose token is worth what was
    measured in play."""
    return Fraction(rounds_left, 10 * tokens) if tokens else Fraction(1)


def buy_question(position: SeatPosition) -> str:
    """The buy puzzle's question for ``position``: the one question, whatever the tokens
    (the judgment states the token's measured worth in its explanation)."""
    me = position.seat
    question = KINDS["buy"].question_for(position)
    return (question if position.tokens is None or position.tokens[me] else
            f"{question} You hold no token, so you cannot buy.")


def _points(x: float) -> Fraction:
    """Points to one decimal, exactly (a puzzle's margin is a fraction)."""
    return Fraction(round(x * 10), 10)


class BuyKind(Kind):
    """Buy the offered discard, or pass? The one buy judgment's verdict
    (:func:`tenpennies.bots.buying.judge_offer`), with the token at its measured worth.

    The solution's facts hold ``judgment`` (the :class:`~tenpennies.bots.buying.BuyJudgment`),
    ``gain`` (its interval), ``verdict_at_worth`` (the verdict with the token worth each
    end of its measured interval, ``{"low": ..., "high": ...}``) and ``steady`` (the answer
    is ``buy`` or ``pass`` and holds at both ends): a buy puzzle worth giving is steady.
    """

    name = "buy"
    question = ("The top discard is offered to you. Buy it (spending a token), pass, or is it too close to "
                "call? Weigh what buying does to your chance of holding the contract against what it costs: "
                "a token (its worth, measured in play) and the extra stock cards' points.")
    answer_form = "Answer 'buy', 'pass' or 'close'."
    ranked = True
    purchase_question = (
        "The player whose turn it is declined the top discard, and it is offered to you. Buy it (it "
        "brings the top stock card with it; no token is spent), pass, or is it too close to call? Weigh "
        "what buying does to your chance of holding the contract against the extra stock card's points.")
    """Ten Card Rummy's own buy question (C9): a purchase off-turn, from round 4, spending no token."""
    take_question = (
        "It is your turn, and the top discard may be your draw, free (C8). Take it (answer 'take' or "
        "'buy'), draw from the stock instead ('pass'), or is it too close to call?")
    """Ten Card Rummy's question on one's own turn: the free take (C8), no purchase."""

    def question_for(self, position):
        if position.rules.tokens is not None:
            return self.question
        return self.take_question if position.active == position.seat else self.purchase_question

    def offer_problem(self, position: SeatPosition) -> str | None:
        """Why this position offers the seat no discard to weigh (None if it does): no top
        discard, or another's turn in a round before buying opens (C9). On one's own turn
        in Ten Card Rummy the offer is the free take (C8), asked by :attr:`take_question`;
        :meth:`is_purchase` tells a purchase from it."""
        rules = position.rules
        if position.top_discard is None:
            return "there is no top discard to buy"
        if not rules.may_buy(position.round_no) and position.active != position.seat:
            return f"{rules.name} allows buying from round {rules.buy_from_round} (C9), not in round {position.round_no}"
        return None

    @staticmethod
    def is_purchase(position: SeatPosition) -> bool:
        """Does taking the offer cost something (a purchase, T5, C9), rather than being the
        active player's free draw (C8)? Ten Card Rummy's own buy question is a purchase."""
        return not (position.rules.free_discard_take and position.active == position.seat)

    def read(self, text, position):
        word = text.strip().lower().rstrip(".!")
        if word in ("too close", "too close to call"):
            word = "close"
        if word == "take":  # the free take of Ten Card Rummy (C8) is its "buy"
            word = "buy"
        if word not in ("buy", "pass", "close"):
            raise NotationError("it is neither 'buy', 'pass' nor 'close'")
        return word

    def solve(self, position, params):
        from ..bots.buying import judge_offer

        problem = self.offer_problem(position)
        if problem:
            raise TenPenniesError(f"no buy question here: {problem}")
        me, r, rules = position.seat, position.round_no, position.rules
        hand, discard = tuple(position.hand), position.top_discard
        # What the seat has seen, the offered card apart: the pile below it and the table.
        seen = tuple(position.discard_pile[:-1]) + tuple(c for t in position.table for c in t.cards)
        my_turn = position.active == me
        opened = position.opened[me]
        tokens = position.tokens[me] if position.tokens is not None else None  # (none in Ten Card Rummy, C9)
        where = dict(stock=position.stock_size, pile=tuple(position.discard_pile))  # T16/C12 past the stock's end
        j = judge_offer(hand, discard, r, seen, my_turn=my_turn, tokens=tokens, opened=opened,
                        rules=rules, seat=me, **where)
        gain = j.gain
        # The answer is the judgment's verdict, "close" when the gain's interval holds zero.
        answer = j.verdict
        margin = _points(gain.low if answer == "buy" else -gain.high if answer == "pass" else 0.0)
        offered = card_text(discard)
        when = (f"It is your turn: taking the {offered} is your draw, free (C8); passing, you draw from "
                "the stock." if j.free else
                f"It is your turn, so buying is your draw: you get the {offered} and "
                f"{plural(rules.buy_extra_cards, 'stock card')}." if my_turn else
                f"It is not your turn: buying gets you the {offered} and {plural(rules.buy_extra_cards, 'stock card')} "
                "now, and passing gets you nothing until your turn.")
        contract = position.contract.words
        carried = f"its stock cards and the {offered}, one more card to carry" if j.tempo else "its stock cards"
        reasoning = (
            when,
            f"The chance of holding {contract}: {choice_cards_words(j)}, {_exact(j.next_buy)}; passing, "
            f"with one card, {_exact(j.next_pass)}"
            + ("" if position.stock_size >= j.buy_cards else
               " (past the stock's end the cards come from the rebuilt discard pile)") + ".",
            f"Holding it lets you shed your hand's {j.points_at_stake} points, so buying is worth "
            f"{j.points_at_stake} × ({_exact(j.next_buy - j.next_pass)}) = "
            f"{float(j.points_at_stake * (j.next_buy - j.next_pass)):.1f} points by then"
            + (f"; the {offered} keeps the hand a card closer after that too, which could save up to "
               f"the hand's {j.points_at_stake} points." if j.reaches_beyond else
               f"; but the {offered} brings the contract no closer, so buying buys only the stock cards' "
               "tempo, and the gain's low end counts none of it." if j.tempo else "."),
            (f"It costs a token, worth {_interval(j.token_worth)} points with {plural(tokens, 'token')} "
             f"in round {r} (measured in seeded play), and {carried}: up to {j.extra_cost.high:.1f} points."
             if tokens is not None else
             f"It costs no token ({rules.name}), and {carried}: up to {j.extra_cost.high:.1f} points."),
            f"So {answer}: buying gains {_interval(gain)} points, "
            + ("above zero all through." if answer == "buy" else
               "at most zero." if answer == "pass" else "an interval on both sides of zero: too close to call."),
        )
        # The verdict at each end of the token's measured worth, each end taken as the
        # worth itself: a puzzle whose answer changes between them depends on what a
        # player values a token at, and is no puzzle (issue 24).
        ends = {end: judge_offer(hand, discard, r, seen, my_turn=my_turn, tokens=tokens, opened=opened,
                                 rules=rules, seat=me, worth=getattr(j.token_worth, end), **where).verdict
                for end in ("low", "high")}
        return Solution(self.name, answer, margin=margin,
                        options=(("buy", j.next_buy), ("pass", j.next_pass)),
                        reasoning=reasoning,
                        facts={"gain": gain, "judgment": j, "verdict_at_worth": ends,
                               "steady": answer != "close" and set(ends.values()) == {answer}})

    def judge(self, value, solution, position, params):
        if value == solution.answer:
            return Verdict(True, " ".join(solution.reasoning[1:]))
        return Verdict(False, buy_wrong(solution))


def _interval(interval) -> str:
    return f"{interval.mean:.1f} [{interval.low:.1f}, {interval.high:.1f}]"


def buy_wrong(solution: Solution) -> str:
    """Why the other choice than ``solution.answer`` is wrong, in a sentence."""
    gain = solution.facts["gain"]
    if solution.answer == "close":
        return (f"Too close to call: buying gains {_interval(gain)} points, an interval on both sides of "
                "zero, so neither buying nor passing is clearly better.")
    if solution.answer == "buy":
        return f"Buying gains {_interval(gain)} points: more than nothing, even at the interval's low end."
    return f"Buying would gain {_interval(gain)} points: nothing, even at the interval's high end."


# -- which discard? --------------------------------------------------------------------
class DiscardKind(Kind):
    name = "discard"
    question = ("You must discard one card. Which discard gives the best chance that {draws} "
                "the contract (keeping every card you draw)?")
    answer_form = "Answer one card of your hand, like 'KD'."
    ranked = True
    margin_unit = "chance"
    params = ("draws",)

    # The exact chance over k draws counts every k-card draw from the unseen cards, a
    # number that grows as their count to the power k: two draws stay quick, six hang.
    MOST_DRAWS = 2

    def param_problem(self, name, value):
        if name == "draws" and (not isinstance(value, int) or isinstance(value, bool)
                                or not 1 <= value <= self.MOST_DRAWS):
            shown = type(value).__name__ if not isinstance(value, int) or isinstance(value, bool) else (
                value if abs(value) < 10**9 else "a huge number")
            return f"draws must be a whole number from 1 to {self.MOST_DRAWS}, not {shown}"
        return None

    def read(self, text, position):
        cards = _cards_text(text.replace("discard", ""))
        if len(cards) != 1:
            raise NotationError("it is not one card")
        return cards[0]

    def solve(self, position, params):
        k = params.get("draws", 1)
        problem = self.param_problem("draws", k)
        if problem:
            raise TenPenniesError(problem)  # refused before the count, which would never end
        r, rules = position.round_no, position.rules
        hand = list(position.hand)
        seen = position.seen_cards()
        chances = {}
        for card in sorted(set(hand), key=sort_key):
            rest = list(hand)
            rest.remove(card)
            chances[card] = draw_odds(rest, k, r, seen + (card,), rules).probability
        best = max(chances.values())
        top = [c for c, p in chances.items() if p == best]
        others = [p for c, p in chances.items() if p != best]
        second = max(others) if others else Fraction(0)
        ranked = sorted(chances.items(), key=lambda cp: (-cp[1], sort_key(cp[0])))
        drawn = "the next stock card completes" if k == 1 else f"the next {k} stock cards complete"
        lines = [f"For each discard, the exact chance that {drawn} {position.contract.words}:"]
        lines.extend(f"  discard {card_text(c)}: {_exact(p)}" for c, p in ranked)
        tied = (f"Discarding {cards_text(top)} is best ({_exact(best)})" if len(top) == 1 else
                f"Discarding any of {cards_text(top)} is equally best ({_exact(best)})")
        lines.append(f"{tied}, ahead of the next best by {_exact(best - second)}.")
        return Solution(self.name, str(top[0]), tuple(str(c) for c in top[1:]), best - second,
                        tuple((str(c), p) for c, p in ranked), tuple(lines),
                        facts={"chances": chances, "best": top})

    def judge(self, value, solution, position, params):
        chances = solution.facts["chances"]
        best = chances[solution.facts["best"][0]]
        if value in solution.facts["best"]:
            return Verdict(True, f"Discarding {card_text(value)} leaves the best chance, {_exact(best)}. "
                                 + solution.reasoning[-1])
        if value not in chances:
            return Verdict(False, f"{card_text(value)} is not in your hand.")
        return Verdict(False, f"Discarding {card_text(value)} leaves a chance of {_exact(chances[value])}; "
                              "another discard leaves more.")


# -- go out this turn? -----------------------------------------------------------------
class GoOutKind(Kind):
    name = "go-out"
    question = "You have drawn. Can you go out this turn? If you can, give the moves in order."
    answer_form = ("Answer 'no', or the moves in order split by ';' (lay SETS, meld CARDS, add N CARDS, "
                   "discard CARD), like 'lay 7S 7H 7D / 9S 9H JK; add 0 KC; discard 4D'.")

    def question_for(self, position):
        if position.rules.meld_before_draw:
            return ("It is your turn, before your draw: melding comes first (C6). Can you go out now, "
                    "melding or laying off every card (no discard ends a round, C7)? If you can, give the "
                    "moves in order.")
        return self.question

    def answer_form_for(self, position):
        if position.rules.meld_before_draw:
            return ("Answer 'no', or the moves in order split by ';' (lay MELDS, meld CARDS, add N CARDS, "
                    "with 'low' or 'high' after a joker that could go at either end of a run), like "
                    "'lay 7S 7H 7D; add 0 7C; add 1 JK low'.")
        return self.answer_form

    def read(self, text, position):
        said = _yes_no(text)
        if said is not None:
            return said
        steps = [s for s in text.replace(", then", ";").split(";") if s.strip()]
        if not steps:
            raise NotationError("it holds no moves")
        return tuple(parse_action(s, position.seat) for s in steps)

    def solve(self, position, params):
        me = position.seat
        plan = plan_go_out(position.hand, position.table, position.round_no, position.opened[me], position.rules)
        if plan is None:
            stuck = _stuck_cards(position)
            if not position.opened[me] and not can_lay_down(position.hand, position.round_no, position.rules):
                why = "you have not laid down, and your hand does not hold the contract"
            elif position.rules.meld_before_draw and stuck:
                why = (f"{cards_text(stuck)} {'fits' if len(stuck) == 1 else 'fit'} nowhere (no meld on the "
                       "table takes it and no new meld of yours can hold it), and a round ends only "
                       "when every card is melded (C7)")
            elif position.rules.meld_before_draw:
                why = ("your cards cannot all go into melds at once: each card has a place, but not "
                       "all of them together")
            elif len(stuck) > 1:
                why = (f"{cards_text(stuck)} fit nowhere (no set on the table takes them and no new "
                       "set of yours can hold them), and only one card may be discarded")
            else:
                why = ("your cards cannot all go into sets at once: with the wild limit and no "
                       "natural suit twice in a set, more than one card is left with nowhere to go")
            return Solution(self.name, "no", reasoning=(f"You cannot go out: {why}.",),
                            facts={"plan": None, "stuck": stuck})
        return Solution(self.name, plan_text(plan),
                        reasoning=(f"Go out: {tens_as_written(str(plan))}.",  # (the solver's words for its plan)
                                   "Other orders and other sets that use every card are right too."),
                        facts={"plan": plan})

    def judge(self, value, solution, position, params):
        if value == "no":
            if solution.answer == "no":
                return Verdict(True, solution.reasoning[0])
            return Verdict(False, "'No' is wrong: you can go out this turn. Find the moves.")
        if value == "yes":
            if solution.answer == "no":
                return Verdict(False, "'Yes' is wrong: try to write the moves, and see what stops you.")
            return Verdict(False, "Yes, you can, but give the moves. " + self.answer_form_for(position))
        problems = go_out_problems(value, position)
        if problems:
            return Verdict(False, "Those moves do not go out: " + "; ".join(problems) + ".")
        return Verdict(True, "Those moves empty your hand this turn.")


def _stuck_cards(position: SeatPosition) -> tuple[Card, ...]:
    """Cards of the hand no table set takes and no set of three from the hand can hold."""
    r, rules = position.round_no, position.rules
    hand = list(position.hand)
    fits = {c for c, _ in additions(hand, position.table, r, rules)}
    if rules.has_runs:  # a card with no meld of three from the hand (a set or a run, C3) and no lay-off
        from ..engine.melds import meld_kinds

        return tuple(c for i, c in enumerate(hand) if c not in fits and not any(
            meld_kinds((c,) + pair, r, rules) for pair in combinations(hand[:i] + hand[i + 1:], 2)))
    wild = rules.wild_table(r)
    stuck = []
    for i, card in enumerate(hand):
        if card in fits:
            continue
        rest = hand[:i] + hand[i + 1:]
        partners = [c for c in rest if wild[c.index] or wild[card.index] or c.rank == card.rank]
        if not any(not set_problems((card,) + pair, r, rules)
                   for pair in combinations(partners, 2)):
            stuck.append(card)
    return tuple(stuck)


def plan_text(plan) -> str:
    """A :class:`~tenpennies.solver.GoOutPlan` as moves a learner types, joined by '; '."""
    steps = []
    if plan.lay_down is not None:
        steps.append("lay " + _sets_text(plan.lay_down.sets))
    steps.extend("meld " + format_cards(m) for m in plan.melds)
    ends = plan.ends or (None,) * len(plan.additions)  # a wild's end of a run (C4), where it has two
    steps.extend(f"add {n} {format_cards(cards)}" + (f" {end}" if end else "")
                 for (n, cards), end in zip(plan.additions, ends))
    if plan.discard is not None:
        steps.append(f"discard {plan.discard}")
    return "; ".join(steps)


def go_out_problems(actions, position: SeatPosition) -> list[str]:
    """Why ``actions`` (in order) do not empty the seat's hand this turn (T10-T12); [] if they do."""
    r, rules, me = position.round_no, position.rules, position.seat
    if rules.has_runs:
        return _meld_go_out_problems(actions, position)
    hand = Counter(position.hand)
    table = [list(t.cards) for t in position.table]
    opened = position.opened[me]
    problems: list[str] = []
    for n, action in enumerate(actions, 1):
        if isinstance(action, Discard):
            cards: tuple[Card, ...] = (action.card,)
            if n != len(actions):
                problems.append(f"move {n}: the discard ends the turn, so it must come last")
        elif isinstance(action, LayDown):
            cards = action.cards
            if opened:
                problems.append(f"move {n}: you have laid down already")
            problems.extend(f"move {n}: {p}" for p in contract_problems(action.sets, r, rules))
            opened = True
            table.extend(list(s) for s in action.sets)
        elif isinstance(action, (Meld, AddToSet)):
            cards = action.cards
            if not opened:
                problems.append(f"move {n}: lay down your contract before melding or adding (T10)")
            if isinstance(action, Meld):
                problems.extend(f"move {n}: {p}" for p in set_problems(cards, r, rules))
                table.append(list(cards))
            elif not 0 <= action.set_index < len(table):
                problems.append(f"move {n}: there is no set {action.set_index}")
            else:
                table[action.set_index].extend(cards)
                problems.extend(f"move {n}: set {action.set_index} would break: {p}"
                                for p in set_problems(table[action.set_index], r, rules))
        else:
            problems.append(f"move {n}: {action.text} is not a move of this turn")
            continue
        missing = Counter(cards) - hand
        if missing:
            problems.append(f"move {n}: you do not hold {cards_text(sorted(missing.elements(), key=sort_key))}")
        hand -= Counter(cards)
    if +hand:
        problems.append(f"{cards_text(sorted(hand.elements(), key=sort_key))} would still be in your hand")
    return problems


def _meld_go_out_problems(actions, position: SeatPosition) -> list[str]:
    """:func:`go_out_problems` where melds may be runs (Ten Card Rummy): the contract as
    separate melds (C5), new melds of three or more, lay-offs one card at a time at a
    set or a run's end (C4, C11); where melding comes before the draw, no discard (C7)."""
    from ..engine.melds import make_table_meld, meld_additions, meld_kinds

    r, rules, me = position.round_no, position.rules, position.seat
    hand = Counter(position.hand)
    table = list(position.table)
    opened = position.opened[me]
    problems: list[str] = []
    for n, action in enumerate(actions, 1):
        cards = getattr(action, "cards", ())
        if isinstance(action, Discard):
            cards = (action.card,)
            if rules.meld_before_draw:
                problems.append(f"move {n}: a round ends only when every card is melded (C7); "
                                "a discard comes after the draw")
            elif n != len(actions):
                problems.append(f"move {n}: the discard ends the turn, so it must come last")
        elif isinstance(action, LayDown):
            if opened:
                problems.append(f"move {n}: you have laid down already")
            found = contract_problems(action.sets, r, rules)
            problems.extend(f"move {n}: {p}" for p in found)
            opened = True
            if not found:
                table.extend(make_table_meld(me, None, m, r, rules) for m in action.sets)
        elif isinstance(action, Meld):
            if not opened:
                problems.append(f"move {n}: lay down your contract before melding (C6)")
            if not meld_kinds(cards, r, rules):
                problems.append(f"move {n}: {cards_text(cards)} is neither a set nor a run (C3, C4)")
            else:
                table.append(make_table_meld(me, None, cards, r, rules, wild_end=action.end or "high"))
        elif isinstance(action, AddToSet):
            if not opened:
                problems.append(f"move {n}: lay down your contract before laying off (C6)")
            if not 0 <= action.set_index < len(table):
                problems.append(f"move {n}: there is no meld {action.set_index}")
            else:
                meld = table[action.set_index]
                for card in cards:  # one card at a time, each where the meld takes it (C11)
                    places = [end for c, end in meld_additions(meld, [card], r, rules) if c == card]
                    if not places or (action.end is not None and len(places) > 1 and action.end not in places):
                        problems.append(f"move {n}: meld {action.set_index} does not take {card_text(card)}")
                        break
                    end = action.end if action.end in places else places[0]
                    meld = meld.added([card], end)
                table[action.set_index] = meld
        else:
            problems.append(f"move {n}: {action.text} is not a move of this turn")
            continue
        missing = Counter(cards) - hand
        if missing:
            problems.append(f"move {n}: you do not hold {cards_text(sorted(missing.elements(), key=sort_key))}")
        hand -= Counter(cards)
    if +hand:
        problems.append(f"{cards_text(sorted(hand.elements(), key=sort_key))} would still be in your hand")
    return problems


# -- where can these go? ---------------------------------------------------------------
class AdditionsKind(Kind):
    name = "additions"
    question = ("You have laid down. Which of your cards could you add to which set on the table, "
                "each on its own?")
    answer_form = "Answer CARD:SET for each pair (sets are numbered from 0), like 'KC:0 JK:1', or 'none'."

    def read(self, text, position):
        if text.strip().lower() in ("none", "nothing", "-"):
            return frozenset()
        pairs = set()
        for word in text.replace(",", " ").split():
            card, colon, n = word.partition(":")
            n, _, end = n.partition(":")  # a run's end may be named (C4): it does not change the pair
            if not colon or not (n.isdecimal() and n.isascii()) or end not in ("", "low", "high"):
                raise NotationError(f"{word!r} is not CARD:SET")
            pairs.add((parse_cards(card)[0], int(n)))
        return frozenset(pairs)

    def answer_form_for(self, position):
        if position.rules.has_runs:
            return ("Answer CARD:MELD for each pair (melds are numbered from 0), like 'KC:0 JK:1', or 'none'; "
                    "a joker's end of a run may follow, like 'JK:1:low'.")
        return self.answer_form

    def question_for(self, position):
        if position.rules.has_runs:
            return ("You have laid down. Which of your cards could you lay off on which meld on the table, "
                    "each on its own (a set takes its rank; a run the next card at either end)?")
        return self.question

    def solve(self, position, params):
        found = additions(position.hand, position.table, position.round_no, position.rules)
        if position.rules.has_runs:
            return self._solve_melds(position, found)
        lines = [_round_words(position) + " No set holds a natural suit twice."]
        r, rules = position.round_no, position.rules
        wild = rules.wild_table(r)
        held_wilds = any(wild[c.index] for c in position.hand)
        for n, t in enumerate(position.table):
            fits = [card_text(c) for c, m in found if m == n]
            line = (f"Set {n} ({cards_text(t.cards)}): "
                    + (f"takes {', '.join(fits)}." if fits else "takes none of your cards."))
            # Say why a card that looks as if it fits does not: the limit, or a suit held twice.
            wilds = sum(1 for c in t.cards if wild[c.index])
            if held_wilds and wilds >= rules.contract(r).wild_limit:
                line += f" It holds {plural(wilds, 'wild')} already, its limit."
            clash = sorted({c for c in position.hand if not wild[c.index] and c.rank == t.rank
                            and c in t.cards}, key=sort_key)
            if clash:
                line += f" It has the {cards_text(clash)} already."
            lines.append(line)
        return Solution(self.name, _pairs_text(found), reasoning=tuple(lines), facts={"pairs": found})

    def _solve_melds(self, position, found):
        """Where melds may be runs (C11): a set takes a card of its rank, a run the next
        card at either end; a joker may go at either end of a run, and the reasoning says
        which end each card goes to."""
        r, rules = position.round_no, position.rules
        ends = additions(position.hand, position.table, r, rules, ends=True)
        lines = [_round_words(position) + " A set takes a card of its rank (suits may repeat, C3); "
                 "a run takes the next card of its suit at either end (C11), never past 13 cards."]
        for n, t in enumerate(position.table):
            places: dict[Card, list[str]] = {}
            for c, m, end in ends:
                if m == n:
                    places.setdefault(c, []).append(end or "")
            fits = [f"{card_text(c)} ({' or '.join(e for e in es if e)} end)" if any(es) else card_text(c)
                    for c, es in sorted(places.items(), key=lambda ce: sort_key(ce[0]))]
            what = f"set of {rank_plural(t.rank)}" if t.rank is not None else "run"
            lines.append(f"Meld {n} ({what}, {cards_text(t.cards)}): "
                         + (f"takes {', '.join(fits)}." if fits else "takes none of your cards."))
        return Solution(self.name, _pairs_text(found), reasoning=tuple(lines),
                        facts={"pairs": found, "ends": ends})

    def judge(self, value, solution, position, params):
        right = frozenset(solution.facts["pairs"])
        missed, extra = right - value, value - right
        if not missed and not extra:
            return Verdict(True, " ".join(solution.reasoning[1:]))
        parts = []
        held = [c for c, n in sorted(extra, key=lambda cn: (cn[1], sort_key(cn[0])))
                if c not in position.hand]
        if held:
            parts.append(f"{cards_text(held)} {'is' if len(held) == 1 else 'are'} not in your hand")
        if extra:
            parts.append(f"{_pairs_text(extra)} cannot be added")
        if missed:  # how many, not which: naming them would give the answer away
            parts.append(f"you left out {plural(len(missed), 'pair')} that can")
        return Verdict(False, _sentence(parts) + ".")


def _pairs_text(pairs) -> str:
    ordered = sorted(pairs, key=lambda cn: (cn[1], sort_key(cn[0])))
    return " ".join(f"{c}:{n}" for c, n in ordered) or "none"


# -- how many ways? --------------------------------------------------------------------
class CountKind(Kind):
    name = "count"
    question = ("In how many distinct ways can you lay down your contract? (Sets of at least the "
                "contract's size; two copies of a card are not told apart, nor is the order of sets.)")
    answer_form = "Answer a whole number, like '6'."

    def question_for(self, position):
        if position.rules.has_runs:
            return ("In how many distinct ways can you lay down your contract? (Melds of at least the "
                    "contract's size, sets or runs; two copies of a card are not told apart, nor is the order "
                    "of melds.)")
        return self.question

    def read(self, text, position):
        word = text.strip()
        if not (word.isdecimal() and word.isascii()):
            raise NotationError("it is not a whole number")
        return int(word)

    def solve(self, position, params):
        every = contract_arrangements(position.hand, position.round_no, position.rules)
        n = count_arrangements(position.hand, position.round_no, position.rules)
        lines = [_round_words(position) + f" The {plural(n, 'way')}:"]
        lines.extend(f"  {melds_text(a.sets)}" for a in every[:12])
        if n > 12:
            lines.append(f"  ... and {n - 12} more")
        return Solution(self.name, str(n), reasoning=tuple(lines), facts={"count": n})

    def judge(self, value, solution, position, params):
        n = solution.facts["count"]
        if value == n:
            return Verdict(True, f"There are {n} ways.")
        return Verdict(False, f"There are {'more' if n > value else 'fewer'} ways than {value}.")


# -- what does it cost? ----------------------------------------------------------------
def points_words(rules) -> str:
    """What each card costs in a hand at the round's end, in words, from the rule set's
    own points (T18, C14): the same sentence for every hand of that game."""
    pts = rules.card_points  # by rank, the joker at 0
    if pts[3:10] == tuple(range(3, 10)):  # pip values (Ten Card Rummy, C14)
        return (f"2-9 cost their pips, tens and faces {pts[10]}, an ace {pts[1]}, "
                f"a joker {pts[0]} (C14).")
    return (f"3-9 cost {pts[3]}, tens and faces {pts[10]}, aces and twos {pts[1]} (wild or not), "
            f"jokers {pts[0]} (T18).")


class CostKind(Kind):
    name = "cost"
    question = "If the round ended now, how many points would the cards in your hand cost you?"
    answer_form = "Answer a whole number of points, like '85'."

    def read(self, text, position):
        word = text.strip().lower().removesuffix("points").strip()
        if not (word.isdecimal() and word.isascii()):
            raise NotationError("it is not a whole number")
        return int(word)

    def solve(self, position, params):
        rules = position.rules
        total = hand_points(position.hand, rules)
        groups: dict[int, list[str]] = {}
        for c in position.hand:
            groups.setdefault(rules.card_points[c.rank], []).append(card_text(c))
        parts = [f"{len(cs)} × {v} ({' '.join(cs)}) = {len(cs) * v}" for v, cs in sorted(groups.items())]
        lines = (points_words(rules), "; ".join(parts) + f"; in all {total}.")
        return Solution(self.name, str(total), reasoning=lines, facts={"points": total})

    def judge(self, value, solution, position, params):
        total = solution.facts["points"]
        if value == total:
            return Verdict(True, solution.reasoning[1])
        return Verdict(False, f"{value} is too {'low' if value < total else 'high'}. {solution.reasoning[0]}")


KINDS: dict[str, Kind] = {k.name: k for k in (
    LayDownKind(), MissingKind(), BuyKind(), DiscardKind(), GoOutKind(), AdditionsKind(),
    CountKind(), CostKind())}
"""Every puzzle kind by its name, in the order puzzles are listed."""
