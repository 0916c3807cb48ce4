"""The buy judgment's fast core, for bots: the chances of each choice, bounded or counted, and the verdict.

Bots answer hundreds of offers a match, so :func:`judge` answers an offer of the top
discard from the hand, the card and the unseen cards' counts, without a view and without
building a :class:`~tenpennies.bots.buying.BuyJudgment`: the verdict, its reason and the
numbers it rests on, soundly bounded first and every draw counted only when the bounds
leave the verdict open. :func:`buys` asks it only whether the verdict is "buy". The
judgment it computes, and why, is stated in :mod:`tenpennies.bots.buying` (whose
:func:`~tenpennies.bots.buying.should_buy` gives one verdict with it:
``tests/test_buy_judgment.py``); :func:`draws_of` says which cards each choice gets.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

from ..engine.cards import ALL_CARDS, Card
from ..odds.intervals import Interval
from ..engine.rules import RuleSet
from ..solver import cards_needed, completing_cards, outs
from ..odds import DrawChance, draw_chance, unseen_cards
from .tokens import token_worth


def _unseen_counts(hand, seen, rules: RuleSet) -> list[int]:
    left = [0] * 53
    for card, n in unseen_cards(hand, seen, rules).items():
        left[card.index] = n
    return left


def draws_of(rules: RuleSet, unseen: Sequence[int], *, my_turn: bool, buys: bool, stock: int | None = None,
             pile: Sequence[Card] = ()) -> tuple[tuple, tuple]:
    """The cards a choice gets, as :func:`tenpennies.odds.draw_chance` reads them: ``(pools, sources)``.

    Buying (T5, C9) gets the offered card (held apart) and ``rules.buy_extra_cards`` stock
    cards; off one's own turn the buyer still makes its own draw when its turn comes (T6),
    one more card. A free take (C8) is the turn's draw: nothing more. Passing gets one
    card: this turn's draw (T6), or off turn the next turn's. Each card comes from the
    unseen cards while the stock lasts (``stock``: its size, None for plenty); past that
    from the rebuilt stock: Ten Pennies shuffles the pile but its top card (T16), so any
    of those cards, alike; Ten Card Rummy turns the pile over (C12), so exactly the cards
    next in its order. ``pile`` is the discard pile, its top (the offered card) last.
    Between an off-turn choice and one's own draw the other seats draw too: while the stock
    holds enough this changes nothing (their cards are as unseen as the rest); at the
    stock's very end it is left out.
    """
    free = my_turn and rules.free_discard_take
    if buys:
        k = 0 if free else rules.buy_extra_cards + (0 if my_turn else 1)
        below = tuple(pile[:-1])  # the offered card is taken
    else:
        k = 1
        below = tuple(pile)
    from_stock = k if stock is None else min(k, stock)
    pools, sources = [list(unseen)], [0] * from_stock
    if k > from_stock:
        rebuilt = [0] * 53
        if rules.stock_rebuild == "turn-over":
            # C12: the pile turned over; its old bottom card is turned up, the next ones drawn in order.
            for c in below[1:1 + k - from_stock]:
                rebuilt[c.index] += 1
        else:
            for c in below[:-1]:  # T16: all but the top card, shuffled
                rebuilt[c.index] += 1
        pools.append(rebuilt)
        sources += [1] * (k - from_stock)
    return tuple(pools), tuple(sources)


def purchase_available(rules: RuleSet, stock: int | None, pile: Sequence[Card]) -> bool:
    """Can a purchase's extra cards be drawn, counting the stock's rebuilding (T8, C10)?
    (As :meth:`tenpennies.play.match.Match.purchase_available` asks it, from what a seat sees.)"""
    return stock is None or stock + max(0, len(pile) - 2) >= rules.buy_extra_cards


def judge(hand: tuple, card: Card, round_no: int, rules: RuleSet, unseen: Sequence[int], *,
          opened: bool, tokens: int | None, my_turn: bool, need: float | None = None,
          hand_outs: frozenset | None = None, worth: Interval | None = None, stock: int | None = None,
          pile: Sequence[Card] = (), exact: bool = False, only_buy: bool = False) -> tuple:
    """The fast core of :func:`~tenpennies.bots.buying.should_buy`, for bots: ``(verdict, reason, numbers)``.

    ``unseen`` holds the unseen copies of each card value by ``Card.index`` (the offered
    card counted as seen); ``stock`` (its size) and ``pile`` (the discard pile, the offered
    card on top) say where draws come from once the stock runs short (:func:`draws_of`);
    ``need`` and ``hand_outs`` (the indices of :func:`~tenpennies.solver.outs`) may be
    passed when known.

    The chance of passing (one card) is always exact: the unseen copies of the outs. The
    chance of buying is first bounded, soundly and in a few steps: nothing when the hand
    with the card is further from the contract than the cards a purchase brings, certain
    when it holds it; otherwise, with one card missing, at least the chance that the draws
    hold one of the hand's outs, and at most 1. When those bounds leave the verdict open
    (or always, with ``exact=True``) every draw is counted
    (:func:`tenpennies.odds.draw_chance`: rank by rank in Ten Pennies, a few tens of
    microseconds; ``benchmarks/offers.py``). ``only_buy=True`` asks only whether the
    verdict is "buy" (what the strong bot asks of a card that is not an out: its
    tie-break passes one whether the verdict is pass or close): the answer is then
    ``("buy", ...)`` or ``("no-buy", "no-buy", None)``, settled as soon as that is known.

    ``numbers`` is ``(buy, pass_, stake, worth, extra, gain, method)``: ``buy`` and
    ``pass_`` are :class:`~tenpennies.odds.DrawChance` values, ``method`` is ``"bounds"``
    or ``"exact"``: which settled the verdict. The gain's interval is computed from the
    exact chance when it was counted, else from the bounds (low end from the low bound,
    high end from the high).
    """
    free = my_turn and rules.free_discard_take
    if opened:
        verdict, reason = ("close", "open-free-take") if free else ("pass", "pass-open")
        return verdict, reason, None
    if not free and not purchase_available(rules, stock, pile):
        return "pass", "pass-unavailable", None
    if need is None or hand_outs is None:
        n = cards_needed(hand, round_no, rules, trusted=True)
        need = math.inf if n is None else n
        hand_outs = frozenset(c.index for c in outs(hand, round_no, rules, trusted=True)) if need < math.inf else frozenset()
    # The outs are exactly the cards that bring the hand one card closer; any other leaves it as short.
    after = need - 1 if card.index in hand_outs else need
    drawn = 0 if free else rules.buy_extra_cards + (0 if my_turn else 1)  # the cards a purchase brings
    if stock is not None and stock < max(drawn, 1):  # the stock runs out: some draws from the rebuilt pile
        pools, sources = draws_of(rules, unseen, my_turn=my_turn, buys=False, stock=stock, pile=pile)
        pass_pool = pools[sources[0]]
        buy_pools, buy_sources = draws_of(rules, unseen, my_turn=my_turn, buys=True, stock=stock, pile=pile)
    else:
        pass_pool = unseen
        buy_pools = buy_sources = None
    # Passing: one card, which completes the hand exactly when it is one of its outs.
    pass_total = sum(pass_pool)
    if need == 0:
        pass_ways, pass_total = 1, 1
    elif need == 1 and pass_total:
        pass_ways = sum([pass_pool[i] for i in hand_outs])
    else:
        pass_ways, pass_total = 0, 1
    pass_float = pass_ways / pass_total
    points = rules.card_points
    stake = sum([points[c.rank] for c in hand])
    if worth is None:
        worth = token_worth(rules, round_no, tokens)
    extras = 0 if free else rules.buy_extra_cards
    total = sum(unseen)
    by_index = _POINTS_BY_INDEX.get(points)
    if by_index is None:
        by_index = _POINTS_BY_INDEX[points] = [points[r] for r in _RANK_OF]
    mean_card = sum(map(int.__mul__, unseen, by_index)) / total if total else 0.0
    extra_high = extras * mean_card
    tempo = not free and after == need
    if tempo:
        # A card that is no out is one more card to carry, as the stock cards are: its own
        # points, between nothing (shed later) and all of them (kept to the round's end).
        extra_high += points[card.rank]
    cost_high = worth.high + extra_high  # what a purchase may cost: the gain's low end pays for it
    cost_low = worth.low  # (the extra cards may be shed: nothing)
    # Beyond the horizon: an out brings the hand a card closer for the rest of the round,
    # which the draws counted here do not see. At most, buying turns the chance passing
    # leaves into certainty, saving the hand's points: that bounds the gain from above, so
    # a purchase of an out is never called a clear pass on the counted draws alone.
    # A free take (C8) spends nothing and keeps its card for later melds as a stock card
    # would be kept: the same bound holds for any card taken, so a free take is never a
    # clear pass on this draw's chances alone (its tie-break decides a close one).
    reach = stake * (1 - pass_float) if after < need or free else None
    # Buying: bounds first.
    if buy_sources is None:
        buy_draws = drawn
    else:
        buy_draws = len(buy_sources)
    low = high = None
    if after > buy_draws:
        low = high = Fraction(0)
    elif after == 0:
        low = high = Fraction(1)
    method = "bounds"
    if only_buy and tempo and cost_high > _MARGIN:
        return "no-buy", "no-buy", None  # (a card that is no out is never a clear buy: see _verdict)
    # A one-set contract of sets is counted outright: rank by rank it costs no more than
    # the bounds would (tests/test_buy_judgment.py; benchmarks/offers.py).
    counted_outright = buy_sources is None and rules.contract(round_no).sets == 1 and not rules.has_runs
    if low is None and not exact and not counted_outright:
        lo_ways, hi_ways, lo_total = 0, 1, 1
        if buy_sources is None and total >= buy_draws:
            useful = completing_cards(hand + (card,), round_no, rules, unseen, buy_draws, trusted=True)
            lo_total = everything = math.comb(total, buy_draws)
            hi_ways = everything
            if after == 1:
                # Drawing one of the outs completes it; without one, a completing draw
                # holds at least two of the other cards that could take part. (Where
                # melds may be runs, listing the outs costs more than this saves: a card
                # that is no out keeps every out of the hand an out, and that bounds it
                # from below; from above, a completing draw holds one card that could
                # take part.)
                if not rules.has_runs:
                    found = outs(hand + (card,), round_no, rules, trusted=True)
                    held = sum([unseen[c.index] for c in found])
                elif need == 1:
                    held = pass_ways
                else:
                    held = 0
                lo_ways = everything - math.comb(total - held, buy_draws)
                if useful is not None:
                    hi_ways = _at_least(1, useful, total, buy_draws) if rules.has_runs else \
                        min(everything, lo_ways + _at_least(2, useful - held, total, buy_draws))
            elif useful is not None:
                hi_ways = _at_least(after, useful, total, buy_draws)
        else:
            hi_ways = lo_total
        lo_f, hi_f = lo_ways / lo_total, hi_ways / lo_total
        # Settled when no chance within the bounds could move the verdict (a margin far
        # above the floats' rounding, so that the exact count could not disagree).
        surely_buy = stake * (lo_f - pass_float) - cost_high > _MARGIN and not tempo
        never_buy = stake * (hi_f - pass_float) - cost_high < -_MARGIN or (tempo and cost_high > _MARGIN)
        top_low = stake * (lo_f - pass_float)
        if reach is not None and reach > top_low:
            top_low = reach
        never_pass = top_low - cost_low > _MARGIN
        top_high = stake * (hi_f - pass_float)
        if reach is not None and reach > top_high:
            top_high = reach
        # Buying that cannot do better than passing (and holds no out) is a pass outright.
        no_better = reach is None and hi_ways * pass_total <= pass_ways * lo_total
        surely_pass = no_better or top_high - cost_low < -_MARGIN
        if reach is None and lo_ways * pass_total <= pass_ways * lo_total:
            never_pass = False  # buying may do no better than passing: a pass then
        if only_buy and never_buy:
            return "no-buy", "no-buy", None
        if surely_buy or (never_buy and (surely_pass or never_pass)):
            buy = DrawChance(Fraction(lo_ways, lo_total), Fraction(hi_ways, lo_total), "bounds")
            return _verdict(buy, lo_f, hi_f, pass_ways, pass_total, pass_float, stake, worth, extra_high, reach,
                            after, "bounds", no_better, tempo)
    if low is None:
        bought = hand + (card,)
        if buy_sources is None:
            buy_pools, buy_sources = (unseen,), (0,) * drawn
        buy = draw_chance(bought, round_no, rules, buy_pools, buy_sources, need=after)
        low = high = buy.exact
        method = "exact"
    else:
        buy = DrawChance(low, high, "certain", low)
    value = float(low)
    if only_buy and not ((0.0 if tempo else stake * (value - pass_float)) - cost_high > 0):
        return "no-buy", "no-buy", None
    no_better = reach is None and low.numerator * pass_total <= pass_ways * low.denominator
    return _verdict(buy, value, value, pass_ways, pass_total, pass_float, stake, worth, extra_high, reach, after,
                    method, no_better, tempo)


def _at_least(k: int, among: int, total: int, drawn: int) -> int:
    """How many draws of ``drawn`` cards from ``total`` hold at least ``k`` of ``among`` of them."""
    return sum([math.comb(among, i) * math.comb(total - among, drawn - i) for i in range(k, drawn + 1)])


_MARGIN = 1e-9
"""Points by which a bound must clear a verdict's edge to settle it (the floats' rounding is far smaller)."""


def _verdict(buy, lo_f: float, hi_f: float, pass_ways: int, pass_total: int, pass_float: float, stake: int,
             worth: Interval, extra_high: float, reach, after, method: str, no_better: bool,
             tempo: bool) -> tuple:
    """:func:`judge`'s answer from the chance of buying (``lo_f`` to ``hi_f``, equal when counted);
    ``no_better``: buying's chance is no better than passing's and the card is no out."""
    lo = stake * (lo_f - pass_float)
    hi = stake * (hi_f - pass_float)
    top = hi if reach is None or reach < hi else reach
    extra = Interval(extra_high / 2, 0.0, extra_high, 0)
    # A card that is no out buys only tempo: its stock cards are cards the next turns draw
    # anyway, so what holding the contract sooner saves depends on how long the round still
    # runs, which nothing here knows. The gain's low end counts nothing for it, its high
    # end the chances (measured: counting them at the low end too made the strong bot
    # 15.8 [11.0, 20.6] points a match weaker in Ten Pennies, benchmarks/buy_rule.py).
    floor = 0.0 if tempo else lo
    gain = Interval(lo - worth.mean - extra.mean, floor - worth.high - extra.high, top - worth.low - extra.low, 0)
    if gain.low > 0:
        verdict = "buy"
        reason = "buy-completes" if after == 0 else "buy-gain"
    elif no_better:
        # At best it gains nothing (a token worth nothing, extra cards shed), at worst it
        # costs: passing is never worse, so it is a pass, not a close call.
        verdict, reason = "pass", "pass-no-gain"
    elif gain.high < 0:
        verdict = "pass"
        reason = "pass-cost"
    else:
        verdict, reason = "close", "close"
    chance = Fraction(pass_ways, pass_total)
    pass_ = DrawChance(chance, chance, "certain", chance)
    return verdict, reason, (buy, pass_, stake, worth, extra, gain, method)


def buys(hand: tuple, card: Card, round_no: int, rules: RuleSet, unseen: Sequence[int], **options) -> bool:
    """Whether :func:`judge`'s verdict is "buy" (``only_buy=True``): the strong bot's one
    question about a card that is not an out, which its tie-break passes whether the
    verdict is pass or close."""
    return judge(hand, card, round_no, rules, unseen, only_buy=True, **options)[0] == "buy"


_CERTAIN = DrawChance(Fraction(1), Fraction(1), "certain", Fraction(1))
_CERTAIN_NOT = DrawChance(Fraction(0), Fraction(0), "certain", Fraction(0))
_RANK_OF = [0] * 53
_POINTS_BY_INDEX: dict[tuple, list[int]] = {}  # a rule set's card points, by Card.index


def _fill_ranks() -> None:
    for c in ALL_CARDS:
        _RANK_OF[c.index] = c.rank


_fill_ranks()


__all__ = ["buys", "draws_of", "judge", "purchase_available"]
