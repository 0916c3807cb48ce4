"""The puzzle kinds about the contract in hand: can you lay it down (``lay-down``), which
cards would complete it (``missing``), and in how many ways can you lay it down
(``count``).

Each is a matter of fact the solver settles (:func:`~tenpennies.solver.find_contract`,
:func:`~tenpennies.solver.outs`, :func:`~tenpennies.solver.contract_arrangements`); where
melds may be runs (Ten Card Rummy, C3-C5) they find runs too. A "no" to ``lay-down``
comes with the near misses that tempt a learner: too many wilds, a suit twice, one long
run that is one meld.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ..engine.cards import format_cards, parse_cards, sort_key
from ..engine.errors import NotationError
from ..engine.melds import MeldKind, meld_kinds
from ..engine.words import card_text, cards_text, melds_text, plural, tens_as_written
from ..play.seat_position import SeatPosition
from ..solver import contract_arrangements, contract_problems, count_arrangements, find_contract, outs, what_is_missing
from .answers import Kind, Solution, Verdict, _cards_text, _round_words, _sentence, _sets_text, _yes_no

__all__ = ["CountKind", "LayDownKind", "MissingKind"]


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

