"""Tactics the bots share: how far a hand is from its contract, which cards help, shedding.

These are a player's quick judgements, made many times a turn, so they work on rank
counts rather than on arrangements. :func:`cards_short` answers the same question as
:func:`tenpennies.solver.what_is_missing` (its ``cards_needed``), in microseconds
instead of milliseconds, by assuming the deck still holds whatever card is wanted (it
nearly always does: two decks, and a hand holds a dozen cards)::

    >>> from tenpennies import parse_cards
    >>> cards_short(parse_cards("8H 8D 8C 4S 4H 4D 9C JK"), 3)   # two sets of 4
    1
    >>> cards_short(parse_cards("KS KH 5C"), 2)                   # one set of 4
    2
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ..actions import Action, AddToSet, Meld
from ..cards import ALL_CARDS, Card
from ..rules import TEN_PENNIES, RuleSet


class Shape:
    """What one round's contract asks, in the numbers :func:`short_of_counts` uses."""

    __slots__ = ("sets", "size", "low", "ranks", "wild", "repeated")

    def __init__(self, rules: RuleSet, round_no: int) -> None:
        contract = rules.contract(round_no)
        self.sets, self.size = contract.sets, contract.size
        # Each contract set needs this many naturals even with all its wilds (T14).
        self.low = max(1, contract.size - contract.wild_limit)
        wild_ranks = rules.wild_ranks[round_no - 1]
        self.ranks = tuple(r for r in rules.ranks if r not in wild_ranks)
        self.wild = rules.wild_table(round_no)
        self.repeated = rules.repeated_suits_allowed


_SHAPES: dict[tuple[int, int], tuple[RuleSet, Shape]] = {}


def shape(rules: RuleSet, round_no: int) -> Shape:
    """The round's :class:`Shape`, built once per rule set and round."""
    # Keyed on id(): hashing a RuleSet hashes every field; the stored rules keep the id alive.
    entry = _SHAPES.get((id(rules), round_no))
    if entry is None or entry[0] is not rules:
        entry = (rules, Shape(rules, round_no))
        _SHAPES[(id(rules), round_no)] = entry
    return entry[1]


def hand_counts(hand: Iterable[Card], sh: Shape):
    """Copies of each card value, and per rank the counts :func:`short_of_counts` reads."""
    wild = sh.wild
    copies = [0] * 53
    w = 0
    for c in hand:
        copies[c.index] += 1
        if wild[c.index]:
            w += 1
    one = [0] * 14
    two = [0] * 14
    for i in range(52):
        n = copies[i]
        if n and not wild[i]:
            r = i % 13 + 1
            if sh.repeated:
                one[r] += n
                two[r] += n
            else:
                one[r] += 1
                two[r] += 2 if n > 1 else 1
    return copies, one, two, w


def short_of_counts(one: Sequence[int], two: Sequence[int], w: int, sh: Shape) -> int:
    """:func:`cards_short` from counts: ``one[r]`` suits of rank ``r`` held (copies when
    suits may repeat), ``two[r]`` naturals of it two sets can share, ``w`` wilds.

    Wild cards are never counted in ``one`` or ``two``, and ranks outside the deck are
    never held, so the best rank is simply the largest count: the shortfall only falls
    as a count grows. This is the bots' innermost loop, hence builtins over loops.
    """
    s, low = sh.size, sh.low
    if sh.sets == 1:
        d = max(one)
        return max(0, low - d) + max(0, s - max(d, low) - w)
    # Two sets of one rank share its naturals evenly...
    cap = max(two)
    same = max(0, 2 * low - cap) + max(0, 2 * s - max(cap, 2 * low) - w)
    # ...or two ranks take one set each: the two ranks with most suits. Each set's
    # wilds fill only that set: spare naturals of one do not help the other.
    b, a = sorted(one)[-2:]
    apart = max(0, low - a) + max(0, low - b) + max(0, max(0, s - max(a, low)) + max(0, s - max(b, low)) - w)
    return same if same < apart else apart


def cards_short(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> int:
    """The fewest more cards that would put the round's contract in ``hand``.

    0 means the contract is there. Every drawn card counts one: a natural of a
    missing suit or a wild. Contracts of one or two sets (every Ten Pennies round)
    are worked out from the counts; others are asked of the solver.
    """
    sh = shape(rules, round_no)
    if sh.sets > 2:
        from ..solver import what_is_missing

        need = what_is_missing(tuple(hand), round_no, rules).cards_needed
        return 10**6 if need is None else need
    _, one, two, w = hand_counts(hand, sh)
    return short_of_counts(one, two, w, sh)


def outs(hand: Sequence[Card], round_no: int, rules: RuleSet = TEN_PENNIES,
         unseen: Counter | None = None) -> dict[Card, int]:
    """The card values that bring ``hand`` one card closer to its contract.

    Each maps to how many of it may still come: its ``unseen`` copies, or when
    ``unseen`` is not given the deck's copies less the hand's.

    >>> from tenpennies import parse_cards
    >>> sorted(outs(parse_cards("8H 8D 8C 4S 4H 4D 9C JK"), 3).items())
    [(Card('4C'), 2), (Card('8S'), 2), (Card('JK'), 3)]
    """
    sh = shape(rules, round_no)
    copies, one, two, w = hand_counts(hand, sh)
    if unseen is None:
        unseen = Counter({c: (rules.jokers if c.suit is None else rules.decks) - copies[c.index]
                          for c in ALL_CARDS if c.suit is None or c.rank in rules.ranks})
    if sh.sets > 2:
        short = cards_short(hand, round_no, rules)
        return {c: n for c, n in unseen.items()
                if n > 0 and cards_short(tuple(hand) + (c,), round_no, rules) < short}
    return outs_of_counts(copies, one, two, w, sh, unseen)


def outs_of_counts(copies, one, two, w: int, sh: Shape, unseen: Counter) -> dict[Card, int]:
    """:func:`outs` from :func:`hand_counts` (which it leaves as it found them).

    Only contracts of one or two sets are read from counts (:func:`outs` asks the
    solver for others).
    """
    short = short_of_counts(one, two, w, sh)
    if short == 0:
        return {}
    found: dict[Card, int] = {}
    wild = sh.wild
    if short_of_counts(one, two, w + 1, sh) < short:
        for c, n in unseen.items():
            if n > 0 and wild[c.index]:
                found[c] = n
    effects: dict[tuple[int, int], tuple[bool, bool]] = {}
    for r in sh.ranks:
        # A card of a suit not held adds a suit; a second copy only helps two sets
        # (unless suits may repeat, when every copy counts as one more). Ranks held
        # alike gain alike, so each count pair is judged once.
        key = (one[r], two[r])
        if key not in effects:
            one[r] += 1
            two[r] += 1
            new_suit = short_of_counts(one, two, w, sh) < short
            one[r] -= 1
            second_copy = short_of_counts(one, two, w, sh) < short
            two[r] -= 1
            effects[key] = (new_suit, second_copy)
        new_suit, second_copy = effects[key]
        for suit in range(4):
            i = suit * 13 + r - 1
            held = copies[i]
            helps = new_suit if (held == 0 or sh.repeated) else (held == 1 and second_copy)
            if helps:
                c = ALL_CARDS[i]
                n = unseen.get(c, 0)
                if n > 0:
                    found[c] = n
    return found


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
