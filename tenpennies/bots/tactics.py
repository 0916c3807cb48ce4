"""Tactics the bots share that are no part of the rules: which meld or addition to make first.

How far a hand is from its contract, and which cards help, are the solver's
questions (:func:`tenpennies.solver.cards_needed`, :func:`tenpennies.solver.outs`),
fast enough to ask many times a turn; bots ask it rather than keep a copy.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..actions import Action, AddToSet, Meld


def shedding_action(legal: Iterable[Action], wild: Sequence[bool]) -> Action | None:
    """The best listed meld or addition for an open player, or None.

    Order: sets of three naturals first (they shed the most), then naturals added to
    table sets, then sets that spend wilds on a pair, then wilds added to sets. Melds
    before additions, because a trio in hand melded sheds three where adding one of
    it to a table set may strand the other two.
    """
    best, best_key = None, None
    for a in legal:
        if isinstance(a, Meld):
            wilds = sum(wild[c.index] for c in a.cards)
            key = (0 if wilds == 0 else 2 + wilds, -sum(c.rank for c in a.cards))
        elif isinstance(a, AddToSet):
            wilds = sum(wild[c.index] for c in a.cards)
            key = (1 if wilds == 0 else 5, -a.cards[0].rank, a.set_index)
        else:
            continue
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best
