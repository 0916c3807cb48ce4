"""Drawing to the contract, and buying for it: the cards a player cannot see, the exact
chance that the next draws complete the contract (:func:`draw_odds`), and the exact chances
with and without a purchase (:func:`buy_or_pass`, :class:`BuyDecision`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..engine.cards import ALL_CARDS, Card, format_cards, sort_key
from ..engine.errors import TenPenniesError
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.words import plural
from ..solver import can_lay_down, cards_needed, completing_draws, idle_cards, outs

# ---------------------------------------------------------------------------------
# Drawing to the contract, and buying for it
# ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=32)
def _deck_counts(rules: RuleSet) -> Counter:
    """Copies of each card value in the deck (cached: bots ask on every decision)."""
    return Counter(rules.deck())


def unseen_cards(hand: Iterable[Card], seen: Iterable[Card] = (),
                 rules: RuleSet = TEN_PENNIES) -> Counter:
    """The cards a player cannot see, as a Counter of card values.

    That is the whole deck less the player's hand and less ``seen`` (every card it
    has seen elsewhere: the discard pile, the table's sets, cards others bought).
    Raises ``TenPenniesError`` (a ``ValueError``) when hand and seen hold more of a card than the deck has.
    """
    pool = Counter(_deck_counts(rules))
    for card in itertools.chain(hand, seen):
        if pool[card] == 0:
            raise TenPenniesError(
                f"the hand and seen cards hold more {card} than the deck has "
                f"({rules.deck().count(card)} in {rules.decks} deck(s))"
            )
        pool[card] -= 1
    return +pool


@dataclass(frozen=True)
class DrawOdds:
    """The chance that ``k`` more unseen cards complete a hand's contract.

    ``probability == Fraction(ways, total)``: of the ``total`` equally likely sets of
    ``k`` physical unseen cards, ``ways`` complete the contract. ``completing`` lists
    each completing draw as card values with the number of physical draws that give
    it, most likely first. ``needs`` lists the smallest completing draws (none of
    their cards can be spared): for ``k = 1`` these are exactly the outs. A hand
    that already holds the contract needs nothing (``needs == ((),)``), and its
    ``completing`` is left empty rather than listing every possible draw.
    """

    round_no: int
    k: int
    probability: Fraction
    ways: int
    total: int
    completing: tuple[tuple[tuple[Card, ...], int], ...]
    needs: tuple[tuple[Card, ...], ...]

    @property
    def outs(self) -> tuple[Card, ...]:
        """The card values that complete the contract on their own."""
        return tuple(d[0] for d in self.needs if len(d) == 1)

    def __str__(self) -> str:
        shown = ", ".join(format_cards(d) for d in self.needs[:8])
        more = f" and {len(self.needs) - 8} more" if len(self.needs) > 8 else ""
        return (f"round {self.round_no}, {plural(self.k, 'card')}: "
                f"{self.ways}/{self.total} = {float(self.probability):.4f}"
                + (f"; completed by {shown}{more}" if self.needs else ""))


def draw_odds(hand: Iterable[Card], k: int, round_no: int, seen: Iterable[Card] = (),
              rules: RuleSet = TEN_PENNIES) -> DrawOdds:
    """The exact chance that drawing ``k`` unseen cards completes the contract.

    Meant for small ``k``: a draw (1) or a purchase (3). The work grows like the
    number of distinct ``k``-card draws, under a second for ``k = 3``.

    The unseen cards are the deck less ``hand`` and less ``seen`` (see
    :func:`unseen_cards`); every set of ``k`` of them is taken as equally likely, as
    it is for cards from a shuffled stock. A drawn hand "completes" when the solver
    says it can lay the contract down (``solver.can_lay_down``). Draws are counted
    as card values with multiplicities (two unseen 7♠ give two ways to draw a 7♠),
    and wild cards, which the contract cannot tell apart, are tried once per count.

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    >>> result = draw_odds(hand, 1, round_no=1)
    >>> result.probability, format_cards(result.outs)
    (Fraction(8, 97), '9D 9C JK')
    >>> print(draw_odds(hand, 2, round_no=2))
    round 2, 2 cards: 565/4656 = 0.1213; completed by 7C, JK, 9D 9C
    """
    hand = tuple(hand)
    if not (isinstance(k, int) and k >= 0):
        raise TenPenniesError(f"k is the number of cards drawn, 0 or more, not {k!r}")
    rules._check_round(round_no)
    pool = unseen_cards(hand, seen, rules)
    unseen = sum(pool.values())
    if k > unseen:
        raise TenPenniesError(f"cannot draw {k} cards: only {unseen} are unseen")
    wild = rules.wild_table(round_no)
    # Classes of cards the contract cannot tell apart: each natural value alone, all
    # wild values together. A class is tried with real cards, so each try is a hand
    # that could really occur.
    wild_cards = [c for c in sorted(pool, key=sort_key) if wild[c.index] for _ in range(pool[c])]
    classes: list[tuple[Card, ...]] = [
        (c,) * pool[c] for c in sorted(pool, key=sort_key) if not wild[c.index]
    ]
    if wild_cards:
        classes.append(tuple(wild_cards))
    # completes[draw] for every draw of up to k cards (a draw: counts per class).
    total = math.comb(unseen, k)
    if can_lay_down(hand, round_no, rules):
        return DrawOdds(round_no, k, Fraction(1), total, total, (), ((),))
    completes: dict[tuple[int, ...], bool] = {}
    zero = (0,) * len(classes)
    completes[zero] = False
    for size in range(1, k + 1):
        for chosen in itertools.combinations_with_replacement(range(len(classes)), size):
            draw = list(zero)
            for i in chosen:
                draw[i] += 1
            if any(draw[i] > len(classes[i]) for i in chosen):
                continue
            key = tuple(draw)
            # Adding cards never spoils a contract, so a completing part completes.
            done = False
            for i in set(chosen):
                draw[i] -= 1
                if completes.get(tuple(draw), False):
                    done = True
                draw[i] += 1
                if done:
                    break
            if not done:
                cards = [card for i in set(chosen) for card in classes[i][:draw[i]]]
                done = can_lay_down(hand + tuple(cards), round_no, rules, trusted=True)
            completes[key] = done

    def values(draw: tuple[int, ...]) -> list[tuple[tuple[Card, ...], int]]:
        # Expand a class draw into card-value draws, with physical counts.
        parts: list[list[tuple[tuple[Card, ...], int]]] = []
        for i, n in enumerate(draw):
            if n:
                c = Counter(classes[i])
                options = []
                for combo in itertools.combinations_with_replacement(sorted(c, key=sort_key), n):
                    m = Counter(combo)
                    if all(m[v] <= c[v] for v in m):
                        options.append((combo, math.prod(math.comb(c[v], m[v]) for v in m)))
                parts.append(options)
        out = []
        for pick in itertools.product(*parts):
            cards = tuple(sorted((v for combo, _ in pick for v in combo), key=sort_key))
            out.append((cards, math.prod(w for _, w in pick)))
        return out

    completing = []
    needs = []
    for draw, done in completes.items():
        if not done:
            continue
        if sum(draw) == k:
            completing.extend(values(draw))
        minimal = all(
            not completes.get(tuple(n - (j == i) for j, n in enumerate(draw)), False)
            for i in range(len(draw)) if draw[i]
        )
        if minimal:
            needs.extend(cards for cards, _ in values(draw))
    completing.sort(key=lambda cw: (-cw[1], [sort_key(c) for c in cw[0]]))
    needs.sort(key=lambda cards: (len(cards), [sort_key(c) for c in cards]))
    ways = sum(w for _, w in completing)
    return DrawOdds(round_no, k, Fraction(ways, total), ways, total, tuple(completing),
                    tuple(needs))


@dataclass(frozen=True)
class BuyDecision:
    """Buy the offered discard, or pass? The chance of holding the contract either way.

    ``buy_probability`` and ``pass_probability`` are exact; ``assumptions`` says in
    words what the numbers take for granted. The odds give no verdict: whether to buy
    is the one buy judgment's question (:func:`tenpennies.bots.buying.should_buy`), which
    weighs the token, the points and the cards each choice really gets.
    """

    round_no: int
    discard: Card
    my_turn: bool
    buy_probability: Fraction
    pass_probability: Fraction
    assumptions: tuple[str, ...]
    buy: DrawOdds
    pass_: DrawOdds

    def __str__(self) -> str:
        return (f"buy {self.discard}: {float(self.buy_probability):.4f}, "
                f"pass: {float(self.pass_probability):.4f}")

    def _repr_svg_(self) -> str:
        from ..pictures.svg import groups_svg  # pictures are drawn only when asked for

        return groups_svg([("offered", (self.discard,))], self.round_no, title=str(self), desc=str(self))


def buy_or_pass(hand: Iterable[Card], discard: Card, round_no: int, seen: Iterable[Card] = (),
                my_turn: bool = True, rules: RuleSet = TEN_PENNIES) -> BuyDecision:
    """Compare buying the offered ``discard`` with passing, for one seat (T5, T6).

    ``seen`` is every other card the player has seen outside its hand (discards
    below the top, table sets, bought cards), *not* including ``discard``.

    * Buying takes the discard plus ``rules.buy_extra_cards`` stock cards; where the
      rule set lets the active player take the discard freely (Ten Card Rummy, C8),
      on its own turn "buying" is that free take, with no extra card.
    * Passing, on the player's own turn (``my_turn``), means drawing one stock card
      (T6); on someone else's turn it means no new card now.

    The chance compared is that of holding the contract right after this, before
    any discard. Stock cards are taken as uniformly random among the unseen cards
    (all of which are in the stock or other hands, equally likely each). Nothing
    else is weighed: not the token spent, not the points of the extra cards, not
    what other players might buy or discard.

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    >>> decision = buy_or_pass(hand, Card("9D"), round_no=1)
    >>> decision.buy_probability, decision.pass_probability
    (Fraction(1, 1), Fraction(7, 96))
    """
    hand = tuple(hand)
    seen = tuple(seen)
    # In Ten Card Rummy the active player takes the top discard as its draw, free (C8).
    free = my_turn and rules.free_discard_take
    extra = 0 if free else rules.buy_extra_cards
    buy = draw_odds(hand + (discard,), extra, round_no, seen, rules)
    pass_ = draw_odds(hand, 1 if my_turn else 0, round_no, seen + (discard,), rules)
    cost = "" if free or rules.tokens is None else ", and spends a token"
    assumptions = (
        f"taking: the hand gets the {discard.symbol} as its draw, for nothing" if free else
        f"buying: the hand gets the {discard.symbol} and {plural(extra, 'stock card')}{cost}",
        "passing: the hand draws one stock card (its own turn)" if my_turn
        else "passing: the hand gets no card now (not its turn)",
        "stock cards are uniformly random among the cards this player has not seen",
        "the chance compared is of holding the contract right after the draw",
        "tokens, points of extra cards and other players' choices are not weighed",
    )
    return BuyDecision(round_no, discard, my_turn, buy.probability, pass_.probability, assumptions, buy, pass_)


# ---------------------------------------------------------------------------------
# The draws a choice brings: exact counts and cheap sound bounds
# ---------------------------------------------------------------------------------
def _falling(n: int, k: int) -> int:
    """Ordered draws of ``k`` cards from ``n``."""
    return math.perm(n, k) if 0 <= k <= n else 0


@dataclass(frozen=True)
class DrawChance:
    """The chance that a run of draws completes a hand's contract, exact or as bounds.

    ``low <= exact <= high`` always; ``exact`` is set (and equals both) when it was counted
    or when the bounds meet. ``method`` says which: ``"exact"`` (every draw counted),
    ``"bounds"`` (cheap bounds, not met), or ``"certain"`` (the bounds meet: nothing drawn,
    the contract held already, or too few cards to complete it).
    """

    low: Fraction
    high: Fraction
    method: str
    exact: Fraction | None = None


def _need(hand, round_no, rules) -> float:
    n = cards_needed(hand, round_no, rules, trusted=True)
    return math.inf if n is None else n


def draw_chance(hand: tuple, round_no: int, rules: RuleSet, pools: tuple, sources: tuple, *,
                exact: bool = True, need: float | None = None) -> DrawChance:
    """The chance that the draws ``sources`` complete ``hand``'s contract.

    ``pools`` holds count lists by ``Card.index`` (the cards a draw can come from: the
    unseen cards, or the recycled pile when the stock runs short, T16/C12); ``sources[i]``
    is the pool the ``i``-th card is drawn from, without replacement within a pool, every
    order equally likely; ``need`` is the hand's :func:`~tenpennies.solver.cards_needed`
    (counted when not given). With ``exact=False`` only cheap bounds are given (a few
    solver calls): certain when the hand holds the contract already or is shorter than
    the draws can mend; otherwise the low end counts draws holding a one-card out
    (sound: adding cards never spoils a contract) and the high end is 1. With
    ``exact=True`` every draw is counted: for contracts of one or two sets without runs,
    rank by rank (:func:`tenpennies.solver.completing_draws`: tens of microseconds);
    otherwise every ordered run of draws (:func:`_ordered_ways`), pruned by the solver's
    count of cards still needed (a hand short by more cards than are left to draw
    completes in no way), followed only through its outs where it is short by exactly as
    many, and at the last but one card lumping the cards that can take part in no
    completing draw (:func:`tenpennies.solver.idle_cards`).

    >>> from tenpennies import parse_cards
    >>> hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    >>> left = [0] * 53
    >>> for card, n in unseen_cards(hand).items():
    ...     left[card.index] = n
    >>> draw_chance(hand, 1, TEN_PENNIES, (left,), (0, 0)).exact  # two stock cards, round 1
    Fraction(203, 1164)
    """
    k = len(sources)
    if need is None:
        need = _need(hand, round_no, rules)
    if k == 0 or any(sum(p) < sources.count(i) for i, p in enumerate(pools)):
        one = Fraction(int(need == 0))
        return DrawChance(one, one, "certain", one)
    if need == 0 or need > k:
        one = Fraction(int(need == 0))
        return DrawChance(one, one, "certain", one)
    total = 1
    for i, pool in enumerate(pools):
        total *= _falling(sum(pool), sources.count(i))
    if exact:
        counts = [sources.count(i) for i in range(len(pools))]
        ways = completing_draws(hand, round_no, rules, pools, counts, trusted=True)
        if ways is not None:  # set-only contracts of one or two sets: counted rank by rank
            draws = 1
            for pool, n in zip(pools, counts):
                draws *= math.comb(sum(pool), n)
            value = Fraction(ways, draws)
        else:
            value = Fraction(_ordered_ways(hand, round_no, rules, pools, sources, (), need), total)
        return DrawChance(value, value, "exact", value)
    low = Fraction(0)
    if need == 1:
        found = [c.index for c in outs(hand, round_no, rules, trusted=True)]
        missing = 1
        for i, pool in enumerate(pools):
            n = sum(pool)
            missing *= _falling(n - sum(pool[j] for j in found), sources.count(i))
        low = 1 - Fraction(missing, total)
        if k == 1:
            return DrawChance(low, low, "certain", low)
    return DrawChance(low, Fraction(1), "bounds")


def _ordered_ways(hand, round_no, rules, pools, sources, drawn: tuple, need) -> int:
    """Ordered runs of the remaining draws (``sources[len(drawn):]``) that complete
    ``hand + drawn``; ``need`` is that hand's count of cards still needed."""
    memo: dict[tuple, int] = {}

    def left_in(pool_no: int, taken: tuple) -> list[int]:
        left = list(pools[pool_no])
        for j, idx in enumerate(taken):
            if sources[j] == pool_no:
                left[idx] -= 1
        return left

    def rest_total(d: int, taken: tuple) -> int:
        total = 1
        for i in range(len(pools)):
            used = sum(1 for j in range(d) if sources[j] == i)
            total *= _falling(sum(pools[i]) - used, sources[d:].count(i))
        return total

    def ways(taken: tuple, n) -> int:
        d = len(taken)
        r = len(sources) - d
        if n == 0:
            return rest_total(d, taken)
        if n > r:
            return 0
        # Runs that differ only in the order of cards from one pool lead to the same hand.
        key = tuple(sorted((sources[j], idx) for j, idx in enumerate(taken)))
        found = memo.get(key)
        if found is not None:
            return found
        h = hand + tuple(ALL_CARDS[i] for i in taken)
        left = left_in(sources[d], taken)
        helpful = [c.index for c in outs(h, round_no, rules, trusted=True)]
        count = 0
        if r == 1:
            count = sum(left[i] for i in helpful) if n == 1 else 0
        else:
            helps = set(helpful)
            rest_after_out = None
            # With one card to come after this one, a card that can take part in no
            # completing draw leaves exactly the outs there are now.
            last_outs = None
            if r == 2 and n == 1 and idle:
                following = left_in(sources[d + 1], taken)
                last_outs = sum([following[i] for i in helpful])
            for idx in (helpful if n == r else range(53)):
                copies = left[idx]
                if not copies:
                    continue
                if n == 1 and idx in helps:  # an out completes it: any rest will do
                    if rest_after_out is None:
                        rest_after_out = rest_total(d + 1, taken + (idx,))
                    count += copies * rest_after_out
                    continue
                if last_outs is not None and idx in idle:
                    count += copies * last_outs
                    continue
                # An out brings it a card closer; any other card leaves it as short.
                count += copies * ways(taken + (idx,), n - 1 if idx in helps else n)
        memo[key] = count
        return count

    idle = idle_cards(hand + tuple(ALL_CARDS[i] for i in drawn), round_no, rules, len(sources) - len(drawn))
    return ways(drawn, need)

