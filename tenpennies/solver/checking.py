"""Checking a player's own arrangement: is it the round's contract, and if not, why not.
"""

from __future__ import annotations

from typing import Iterable

from ..engine.cards import ALL_CARDS, SORT_KEYS, Card, format_cards
from ..engine.melds import MeldKind, is_valid_meld, meld_problems
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.sets import is_valid_set, set_problems
from ..engine.words import times
from ._core import _round

__all__ = ["contract_problems", "is_contract"]

# Card values in the order hands are shown: cards missing from a hand are named in it.
_SHOWING_ORDER = tuple(sorted(range(53), key=SORT_KEYS.__getitem__))



def contract_problems(
    sets: Iterable[Iterable[Card]],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    hand: Iterable[Card] | None = None,
) -> tuple[str, ...]:
    """Every reason, in plain words, why ``sets`` are not the round's contract; ``()`` if they are.

    With ``hand`` given, the cards must also come from it: a card value may be used
    only as many times as the hand holds it (two decks, so perhaps twice).

    >>> from tenpennies import parse_cards
    >>> contract_problems([parse_cards("7S 7H JK"), parse_cards("9S 9H")], 1)
    ('set 2 (9S 9H): only 2 cards: a set needs at least 3',)
    >>> contract_problems([parse_cards("7S 7H 7D")], 3, hand=parse_cards("7S 7H"))
    ('round 3 needs two sets of 4, not 1', 'set 1 (7S 7H 7D): 3 cards but the contract needs at least 4', '7D is not in the hand')
    >>> contract_problems([parse_cards("7S 7H JK"), parse_cards("7S 7D JK")], 1, hand=parse_cards("7S 7H 7D JK JK"))
    ('7S is used twice but the hand holds it once',)
    """
    t = _round(rules, round_no)
    contract = rules.contract(round_no)
    sets = [tuple(s) for s in sets]
    problems = []
    if t.has_runs:
        problems.extend(_meld_problems(sets, contract, round_no, rules))
    else:
        if len(sets) != contract.sets:
            problems.append(f"round {round_no} needs {contract.words}, not {len(sets)}")
        for n, cards in enumerate(sets, 1):
            # The fast check first: set_problems agrees with it, and words cost more.
            wrong = [] if is_valid_set(cards, round_no, rules) else list(set_problems(cards, round_no, rules))
            if rules.min_set_size <= len(cards) < t.size:
                wrong.append(f"{len(cards)} cards but the contract needs at least {t.size}")
            if wrong:  # (the label is written only when needed: the match checks every lay-down)
                label = f"set {n} ({format_cards(cards)})"
                problems.extend(f"{label}: {p}" for p in wrong)
    if hand is not None:
        held = [0] * 53
        for c in hand:
            held[c.index] += 1
        used = [0] * 53
        for cards in sets:
            for c in cards:
                used[c.index] += 1
        for i in _SHOWING_ORDER:
            if used[i] <= held[i]:
                continue
            if not held[i]:
                problems.append(f"{ALL_CARDS[i]} is not in the hand")
            else:
                problems.append(
                    f"{ALL_CARDS[i]} is used {times(used[i])} "
                    f"but the hand holds it {times(held[i])}"
                )
    return tuple(problems)


def _meld_problems(melds, contract, round_no: int, rules: RuleSet) -> list[str]:
    """:func:`contract_problems` of the melds themselves, where melds may be runs (C3-C5).

    Each meld is checked against its requirement (the n-th; contracts whose melds are
    alike, as in Ten Card Rummy, make the order moot). A meld that is neither kind it
    may be says why it is not each.
    """
    problems = []
    needs = contract.melds
    if len(melds) != len(needs):
        problems.append(f"round {round_no} needs {contract.words}, not {len(melds)}")
    for n, cards in enumerate(melds, 1):
        need = needs[min(n, len(needs)) - 1]
        kinds = [k for k in (MeldKind.SET, MeldKind.RUN) if k in need.kinds]
        # The fast check first, as for sets: meld_problems agrees with it, and its words
        # (and the label's) cost more; the listing checks every lay-down it lists.
        if any(is_valid_meld(cards, k, round_no, rules) for k in kinds):
            if len(cards) < need.size:
                problems.append(f"meld {n} ({format_cards(cards)}): {len(cards)} cards but the contract "
                                f"needs at least {need.size}")
            continue
        label = f"meld {n} ({format_cards(cards)})"
        why = {k: meld_problems(cards, k, round_no, rules) for k in kinds}
        if all(why.values()):
            if len(kinds) == 1:
                problems.extend(f"{label}: {p}" for p in why[kinds[0]])
            else:
                problems.append(f"{label}: " + " and ".join(
                    f"not a {k} ({'; '.join(why[k])})" for k in kinds))
        elif len(cards) < need.size:
            problems.append(f"{label}: {len(cards)} cards but the contract needs at least {need.size}")
    return problems


def is_contract(
    sets: Iterable[Iterable[Card]],
    round_no: int,
    rules: RuleSet = TEN_PENNIES,
    hand: Iterable[Card] | None = None,
) -> bool:
    """Are ``sets`` the round's contract (and, with ``hand``, all from the hand)?"""
    return not contract_problems(sets, round_no, rules, hand)

