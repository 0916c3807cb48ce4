"""Finding, checking, listing and explaining contract arrangements; adding to sets; going out.

This module owns the contract solver (T13-T15): is the round's contract in a hand
(:func:`can_lay_down`), the best way to lay it down (:func:`find_contract`), every
way (:func:`contract_arrangements`, :func:`count_arrangements`), whether a player's
own arrangement is one (:func:`contract_problems`, :func:`is_contract`), what is
missing when it is not there (:func:`cards_needed`, :func:`outs`,
:func:`what_is_missing`), which cards can be added to the table's sets
(:func:`additions`) and whether a player can go out this turn (:func:`plan_go_out`)::

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H JK 3C KD KS 5H 4D")
    >>> can_lay_down(hand, 1)                  # two sets of 3
    True
    >>> print(find_contract(hand, 1))          # kings shed more points than nines
    7S 7H 7D; KS KD JK

Why it is fast: a set is all one rank, so the hand is boiled down to a few counts
per rank. For ``m`` contract sets drawn from one rank, the most naturals they can
hold is ``T = sum over suits of min(copies of that suit, m)`` (each set takes a
suit at most once; with repeated suits allowed, every copy of the rank), and those
naturals can always be shared out as evenly as possible. Evenly shared, the sets need ``max(0, m * size - T)`` wild cards and are
possible at all when ``T >= m * max(1, size - wild_limit)``. So a contract is a
choice of ranks (usually one or two out of the few ranks a hand is strong in) and
a little arithmetic, never a search over cards.

What is missing is the same arithmetic run the other way: sets that hold ``T``
naturals from the hand still lack ``m * size - T`` cards, at least
``m * max(1, size - wild_limit) - T`` of them naturals, and the hand's wilds can
stand in for the rest; the deck's copies bound what can still come. So the outs
are judged rank by rank, not card by card (a new suit of ranks held alike helps
alike), which is quick enough for bots that ask many times a turn.

Rule sets with runs (Ten Card Rummy, C3-C5) take another road: counts per rank no
longer decide, so :mod:`._runs` searches real melds (a set of one rank, or a run of
one suit over a window of consecutive ranks) for finding and listing, and
:mod:`._run_gaps` and :mod:`._run_outs` search meld *templates* with empty slots
(:mod:`._run_templates`) for what is missing and the outs; the set-only fast path above is
untouched, so Ten Pennies keeps its speed::

    >>> from tenpennies import TEN_CARD_RUMMY
    >>> print(find_contract(parse_cards("QH KH AH 2H 9S 9D 9C 5D"), 2, TEN_CARD_RUMMY))
    9S 9D 9C; QH KH AH 2H

The solver is split by concept: :mod:`.contracts` (finding and listing),
:mod:`.checking` (a player's own arrangement), :mod:`.missing` (what is missing and the
outs), :mod:`.draws` (how many draws of some cards complete a hand), :mod:`.discards` (which discard leaves a hand closest), :mod:`.going_out` (adding to sets and going out); :mod:`._core` holds the
per-round tables they share and :class:`Arrangement`, :mod:`._runs`, :mod:`._run_templates`,
:mod:`._run_gaps` and :mod:`._run_outs` the search where melds may be runs.
"""

from ._core import Arrangement
from .checking import contract_problems, is_contract
from .contracts import (OBJECTIVES, can_lay_down, contract_arrangements, count_arrangements, find_contract,
                        find_contracts)
from .going_out import GoOutPlan, additions, plan_go_out
from .draws import completing_cards, completing_draws, idle_cards
from .missing import MissingCards, cards_needed, outs, what_is_missing

__all__ = [
    "OBJECTIVES", "Arrangement", "GoOutPlan", "MissingCards",
    "additions", "can_lay_down", "cards_needed", "completing_cards", "completing_draws", "idle_cards", "contract_arrangements", "contract_problems",
    "count_arrangements", "find_contract", "find_contracts", "is_contract", "outs", "plan_go_out", "what_is_missing",
]

# Asked by bots on every turn before they lay down (issue 12): every discard weighed in one pass.
from .discards import closest_discards, discard_chances  # noqa: E402

__all__ += ["closest_discards", "discard_chances"]
