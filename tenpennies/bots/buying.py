"""One judgment of "buy or pass?": the chances, the points at stake, a token's measured worth.

Every part of the kit that answers an offer of the top discard asks :func:`should_buy`
(the bots through the same fast core, :func:`judge`, the strong bot of a card that is no
out only whether it says buy, :func:`buys`): the strong and expert bots, ``hint``, the buy
calculator (:class:`tenpennies.lessons.explorers.BuyChoice`), the buy check, the buy puzzles, the
should-you-buy class experiment and the table, which passes unasked what it calls a pass
(:func:`tenpennies.front.offers.unasked_reason`). The odds (:mod:`tenpennies.odds`) count chances
and give no verdict. It works for both games: Ten Pennies'
offers on one's own turn and on another's (T5, T6: passing off-turn means no card now),
Ten Card Rummy's free take of the active player (C8) and the others' purchases from
round 4 (C9).

(One concept in one file, over 600 lines: the one buy judgment, its chances, bounds, costs
and verdict and the measured token behind them; split, one question would again be
reasoned in two places.)

The judgment
------------
``gain = points at stake x (buy chance - pass chance) - cost``, in points, with an interval:

* **the chances** (``next_buy``, ``next_pass``, exact ``Fraction`` values) are of holding
  the contract with exactly the cards the rules give each choice (:func:`draws_of`):
  buying, the offered card and the purchase's stock cards (T5: two; C9: one), and off
  one's own turn also one's own draw when the turn comes (T6); a free take (C8) is the
  turn's draw, the offered card alone; passing, one card (this turn's draw, or the next
  turn's). The cards come from those the seat has not seen while the stock lasts, and past
  its end from the rebuilt stock (T16: the pile less its top, shuffled; C12: the pile
  turned over, so exactly its next cards); a purchase the stock cannot supply (T8, C10)
  is passed (``"pass-unavailable"``).
  Bots answer hundreds of offers a match, so the chance of buying is counted cheaply:
  rank by rank for contracts of sets (:func:`tenpennies.solver.completing_draws`, tens of
  microseconds: a one-set contract is always counted so), and where that costs more than
  it settles, first bounded soundly (:func:`judge`): nothing when the hand with the card
  is further from the contract than the purchase's cards can mend, certain when it holds
  it; otherwise at least the chance of drawing one of its outs, at most that plus the
  chance of drawing two of the other cards that could take part in a completing draw
  (:func:`tenpennies.solver.completing_cards`; where melds may be runs, one of them). Only
  when the bounds leave the verdict open is every draw counted (:func:`tenpennies.odds.draw_chance`;
  ``benchmarks/offers.py`` prints how often and how fast). The chance of passing (one
  card) is always exact: the unseen copies of the outs. The judgment says which settled
  it (``method``: ``"bounds"`` or ``"exact"``); the numbers a :class:`BuyJudgment` shows
  are always the exact ones, and both paths give one verdict (``tests/test_buy_judgment.py``).
  ``now_buy`` and ``now_pass`` (holding the contract right after this draw,
  :func:`tenpennies.odds.buy_or_pass`) are given beside them, computed when first read.
* **the points at stake** are the points of the hand (T18, C14): what it costs if the
  round ends before it lays down; holding the contract is what lets it shed them.
* **the cost** is a token's worth (an interval, measured, below; none in Ten Card Rummy,
  which spends no token, C9) plus the extra stock cards' points, between nothing (shed
  later) and the mean points of an unseen card each (kept to the round's end).
* **beyond the horizon**: an offered out (a card that brings the hand one card closer)
  keeps helping after these draws, which the chances above do not see (nor does a card
  taken free, C8, which is kept for later melds as a stock card would be). The gain's
  interval therefore reaches up to what certainty would save, the hand's points times the
  chance passing leaves out (``reach``); its low end and its mean stay the horizon's.

The verdict is ``"buy"`` when the whole interval of the gain is above zero, ``"pass"``
when it is below zero, and ``"close"`` whenever it holds zero: no pretending. (An
interval that ends at zero is close too, where the card is an out: the token's worth may
be nothing and the extra cards may be shed. Making it "pass" made the strong bot 63
points a match weaker than at 48512b0; see below.) One such interval is a pass: a card
that is no out, whose purchase gives no better chance than passing (most often none
either way). At best it gains nothing, at worst it costs a token and two cards, so
passing is never worse (``"pass-no-gain"``): the table passes it unasked.
A seat that has laid down passes a purchase (it only adds cards; the contract is held);
its free take (C8) is close: the chances cannot tell, the bot's own rule decides.

A token's worth: measured, not invented
---------------------------------------
No formula gives it (lesson 12). :func:`tenpennies.play.simulate.measure_token_worth` measures it the lesson's way,
made a tested function: paired seeded play from the start of round ``r``, the seat holding
``t`` tokens in one arm and ``t - 1`` in the other (every other seat ``t``), everything
else the same (common random numbers: the same deal, stock and bot seeds), the seat's
points to the match's end compared: the mean of ``points(t - 1) - points(t)`` with its
95% interval. The table shipped in ``tenpennies/data/token_worth.json`` was measured by
``python benchmarks/token_worth.py --bots strong --pairs 240`` (deterministic; parallel like
``simulate``) with four strong bots buying by this judgment as it reads the table measured
before it (issue 32: one step towards the table the judgment would measure for itself; the
first table was measured with the rule of 48512b0, kept in ``benchmarks/old_strong.py``,
since measuring with the bot that reads the table is circular), at token levels 1, 3, 6 and
10 of every round, 240 pairs a cell (6,720 pairs, 13,440 partial matches: 438 s on one
worker of the shared machine). The intervals are narrower than the first table's (their
width 16.8 points on average where it was 22.7, with twice the pairs) but still wide, so
many offers are close calls; e.g. the 10th token in round 1: 6.3 [-5.4, 17.9] points (it
was 8.2 [-3.6, 19.9]), the 3rd in round 4: 33.0 [23.7, 42.2] (it was 32.8 [20.2, 45.3]).
Between measured levels the worth is interpolated linearly, bounds
too; a worth below zero is read as zero (a token can always be left unspent, so holding
one more cannot cost points: negative means is noise). Other rule sets with tokens use
the Ten Pennies table (round and tokens clamped to it), and say so in the horizon.

The strong bot and this judgment
--------------------------------
The strong bot asks :func:`judge` and breaks a close call with its rule of thumb (for outs
only). The gain's upper end counts what an out does past the horizon (it keeps the hand a
card closer for the rest of the round), bounded by the hand's points, so a purchase of an
out is a clear pass only when even that cannot pay for the token. Without that bound the
judgment undervalued purchases: it called clear passes on outs that the strong bot of
48512b0 bought to its profit, and a strong bot following it lost +28.0 [19.1, 36.9] points a
match to the old one (``python benchmarks/buy_rule.py --matches 200``; +62.8 when an
interval ending at zero also counted as a pass). With the bound, every pinned strong
decision of ``tests/test_bot_decisions.py`` is the one the strong bot of 48512b0 made: the
judgment's clear verdicts are ones that bot reached too, and its close calls are where the
bot's rule of thumb, not the numbers, decides (and the words say so).

    >>> from tenpennies import Position, Match
    >>> p = Position(round_no=1, hands=("7S 7H 7D 9S 9H KC 4D 5C 8D JH QS", "QS QH 3C KD 5S",
    ...              "2S 2H 5C 8C JD", "TS TH JC 4S 6H"), discard_pile="6C 9D", dealer=3, top_discarder=3)
    >>> j = should_buy(Match.from_position(p, seed=2).view(0))
    >>> j.verdict, j.next_buy, j.reason
    ('buy', Fraction(1, 1), 'buy-completes')
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Sequence

from ..engine.actions import Buy, Pass, TakeDiscard
from ..engine.cards import Card
from .decision import Decision
from ..engine.errors import TenPenniesError, WrongTypeError
from ..odds.intervals import Interval
from ..engine.rules import TEN_PENNIES, RuleSet
from ..solver import cards_needed, completing_cards, outs
from ..play.view import PlayerView
from ..explain.decisions import buy_words
from ..engine.words import card_text, plural
from ..odds import DrawChance

if TYPE_CHECKING:
    from ..odds import BuyDecision

TOKEN_LEVELS = (1, 3, 6, 10)
"""The tokens held at which the shipped table is measured, in every round."""

HORIZON = "the cards each choice gets"
"""What the chances count (see the module): buying, the offered card, its stock cards and off
one's turn the own draw; passing, one card."""


@dataclass(frozen=True)
class TokenWorthTable:
    """Measured worths by round and tokens held (levels :data:`TOKEN_LEVELS`), for one rule set."""

    rules_name: str
    cells: dict = field(hash=False)  # (round_no, tokens) -> Interval
    method: str = ""

    def worth(self, round_no: int, tokens: int) -> Interval:
        """The worth of the ``tokens``-th token in round ``round_no``: interpolated
        between the measured levels, and never below zero (see the module's docstring)."""
        rounds = sorted({r for r, _ in self.cells})
        r = min(max(round_no, rounds[0]), rounds[-1])
        levels = sorted(t for rr, t in self.cells if rr == r)
        t = min(max(tokens, levels[0]), levels[-1])
        lo = max(l for l in levels if l <= t)
        hi = min(l for l in levels if l >= t)
        a, b = self.cells[(r, lo)], self.cells[(r, hi)]
        f = 0.0 if hi == lo else (t - lo) / (hi - lo)

        def mix(x: float, y: float) -> float:
            return max(0.0, x + (y - x) * f)

        return Interval(mix(a.mean, b.mean), mix(a.low, b.low), mix(a.high, b.high), min(a.n, b.n))


_TABLES: dict[str, TokenWorthTable] = {}


def token_worth_table(rules_name: str = TEN_PENNIES.name) -> TokenWorthTable:
    """The shipped table (``tenpennies/data/token_worth.json``) for a rule set by name."""
    table = _TABLES.get(rules_name)
    if table is None:
        data = json.loads(resources.files("tenpennies").joinpath("data/token_worth.json").read_text("utf-8"))
        for name, entry in data["tables"].items():
            cells = {(c["round"], c["tokens"]): Interval(c["mean"], c["low"], c["high"], c["n"])
                     for c in entry["cells"]}
            _TABLES[name] = TokenWorthTable(name, cells, data.get("method", ""))
        if rules_name not in _TABLES:
            raise TenPenniesError(f"no measured token worth for {rules_name!r}")
        table = _TABLES[rules_name]
    return table


NO_COST = Interval(0.0, 0.0, 0.0, 0)


def token_worth(rules: RuleSet, round_no: int, tokens: int | None) -> Interval:
    """What the token a purchase spends is worth, in points: measured (the shipped table;
    Ten Pennies' for any other rule set with tokens), nothing where purchases spend none."""
    if rules.tokens is None or tokens is None:
        return NO_COST
    found = _WORTHS.get((round_no, tokens))
    if found is None:  # (a bot asks on every offer it weighs)
        found = _WORTHS[(round_no, tokens)] = token_worth_table(TEN_PENNIES.name).worth(round_no, tokens)
    return found


_WORTHS: dict[tuple[int, int], Interval] = {}


# -- the judgment -------------------------------------------------------------------------
@dataclass(frozen=True)
class BuyJudgment:
    """Buy or pass the offered card, with every number the verdict rests on.

    ``next_buy``/``next_pass``: the exact chances at the judgment's horizon (one more
    stock card, see the module); ``now_buy``/``now_pass``: the exact chances right after
    this draw (:func:`tenpennies.odds.buy_or_pass`, computed when read). ``points_at_stake``
    the hand's points; ``token_worth`` and ``extra_cost`` intervals in points; ``gain`` the
    points buying is worth over passing, an interval; ``horizon`` in words.
    """

    verdict: str
    reason: str
    card: Card
    round_no: int
    my_turn: bool
    free: bool
    next_buy: Fraction
    next_pass: Fraction
    points_at_stake: int
    token_worth: Interval
    extra_cost: Interval
    gain: Interval
    horizon: str
    decision: Decision
    method: str = "exact"
    buy_cards: int = 0
    pass_cards: int = 1
    _odds_args: tuple = field(repr=False, compare=False, default=())

    @cached_property
    def _now(self):
        from ..odds import buy_or_pass

        hand, seen, rules = self._odds_args
        return buy_or_pass(hand, self.card, self.round_no, seen, my_turn=self.my_turn, rules=rules)

    @property
    def now_buy(self) -> Fraction:
        """The chance of holding the contract right after buying (the card and its stock cards)."""
        return self._now.buy_probability

    @property
    def now_pass(self) -> Fraction:
        """The chance of holding it right after passing (a stock card on one's turn; none off-turn)."""
        return self._now.pass_probability

    @property
    def reaches_beyond(self) -> bool:
        """Whether the gain's high end counts what the offered card does after the horizon
        (an out keeps the hand a card closer for the rest of the round: see the module's
        notes), beyond what the chances at the horizon show."""
        at_horizon = float(self.points_at_stake * (self.next_buy - self.next_pass))
        return self.gain.high > at_horizon - self.token_worth.low - self.extra_cost.low + 1e-9

    @property
    def tempo(self) -> bool:
        """A purchase of a card that brings the contract no closer: it buys only the stock
        cards' tempo, so the gain's low end counts nothing for the chances (see the module)
        and the card is one more to carry (counted in :attr:`extra_cost`)."""
        return bool(self.decision.facts.get("tempo"))

    @property
    def extra_cards(self) -> int:
        """The stock cards that come with a purchase (none with a free take)."""
        return 0 if self.free else self._odds_args[2].buy_extra_cards

    @property
    def action_word(self) -> str:
        """'take' for a free take (C8), else 'buy'."""
        return "take" if self.free else "buy"

    def __str__(self) -> str:
        return (f"{self.verdict}: {self.action_word} {card_text(self.card)} gains {self.gain.mean:.1f} points "
                f"[{self.gain.low:.1f}, {self.gain.high:.1f}]")


def _unseen_counts(hand, seen, rules: RuleSet) -> list[int]:
    from ..odds import unseen_cards

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
    """The fast core of :func:`should_buy`, for bots: ``(verdict, reason, numbers)``.

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
        from ..odds import draw_chance

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
    from ..engine.cards import ALL_CARDS

    for c in ALL_CARDS:
        _RANK_OF[c.index] = c.rank


_fill_ranks()


def offer_of(view: PlayerView) -> Card:
    """The card offered to the view's seat; raises when it is offered none."""
    if not isinstance(view, PlayerView):
        raise WrongTypeError(f"should_buy needs a seat's view (match.view(seat)), not a {type(view).__name__}")
    card = view.top_discard
    if card is None or view.to_act != view.seat:
        raise TenPenniesError(f"seat {view.seat} is not offered the top discard now")
    legal = view.legal_actions
    if not any(isinstance(a, (Buy, TakeDiscard)) for a in legal):
        raise TenPenniesError(f"seat {view.seat} is not offered the top discard now "
                              f"(phase {view.phase.value}: it may not buy or take it)")
    return card


def should_buy(view: PlayerView, *, worth: Interval | float | None = None) -> BuyJudgment:
    """Buy (or, in Ten Card Rummy on one's own turn, take) the offered top discard, or pass?

    ``worth`` overrides the measured token's worth: a number of points, or an
    :class:`~tenpennies.play.simulate.Interval`. See the module's docstring for the judgment.
    """
    card = offer_of(view)
    seat = view.seat
    seen = list(view.seen_cards())
    seen.remove(card)  # the offered card apart, as buy_or_pass takes it
    return judge_offer(view.hand, card, view.round_no, seen, my_turn=view.active == seat,
                       tokens=view.tokens[seat], opened=view.opened[seat], rules=view.rules, worth=worth, seat=seat,
                       stock=view.stock_size, pile=view.discard_pile)


def judge_offer(hand, card: Card, round_no: int, seen=(), *, my_turn: bool = True, tokens: int | None = None,
                opened: bool = False, rules: RuleSet = TEN_PENNIES, worth: Interval | float | None = None,
                seat: int = 0, stock: int | None = None, pile: Sequence[Card] = ()) -> BuyJudgment:
    """:func:`should_buy` for a hand and an offer given as cards, as the buy calculator and
    the buy puzzles hold them: ``seen`` is every other card seen outside the hand (not the
    offered card), ``tokens`` those held (None: the rule set's full count); ``stock`` the
    stock's size (None: plenty) and ``pile`` the discard pile with the offered card on top,
    which say where the draws come from at the stock's end (:func:`draws_of`)."""
    hand = tuple(hand)
    if worth is not None and not isinstance(worth, Interval):
        if isinstance(worth, bool) or not isinstance(worth, (int, float)) or math.isnan(worth):
            raise WrongTypeError(f"worth must be a number of points or an Interval, not {worth!r}")
        worth = Interval(float(worth), float(worth), float(worth), 0)
    if tokens is None:
        tokens = rules.tokens
    free = my_turn and rules.free_discard_take
    seen = tuple(seen)
    unseen = _unseen_counts(hand, seen + (card,), rules)
    options = dict(opened=opened, tokens=tokens, my_turn=my_turn, worth=worth, stock=stock, pile=pile)
    # The verdict as a bot reaches it (bounds first), and the exact chances the words show:
    # the bounds are sound, so both give one verdict (tests/test_buy_judgment.py checks it).
    verdict, reason, fast = judge(hand, card, round_no, rules, unseen, **options)
    _, _, numbers = judge(hand, card, round_no, rules, unseen, exact=True, **options)
    pools, buy_sources = draws_of(rules, unseen, my_turn=my_turn, buys=True, stock=stock, pile=pile)
    extras = 0 if free else rules.buy_extra_cards
    horizon = (("taking" if free else "buying") + f" gets the {card}"
               + ("" if free else f" and {plural(extras, 'stock card')}")
               + ("" if my_turn else ", then your own draw on your turn")
               + "; passing, " + ("this turn's draw" if my_turn else "your next turn's draw") + ": one card"
               + ("" if stock is None or stock >= len(buy_sources) else
                  "; past the stock's end the cards come from the rebuilt pile"))
    if rules.tokens is not None and rules.name != TEN_PENNIES.name:
        horizon += f"; a token's worth as measured in {TEN_PENNIES.name}"
    yes = TakeDiscard(seat) if free else Buy(seat)
    stake = sum(rules.card_points[c.rank] for c in hand)
    if numbers is None:  # a seat already down, or a purchase the stock cannot supply
        zero = Interval(0.0, 0.0, 0.0, 0)
        w = token_worth(rules, round_no, tokens) if worth is None else worth
        facts = {"card": card, "free": free, "my_turn": my_turn, "opened": opened, "points_at_stake": stake,
                 "unavailable": reason == "pass-unavailable"}
        decision = Decision(Pass(seat), reason, facts)
        return BuyJudgment(verdict, reason, card, round_no, my_turn, free, Fraction(int(opened)), Fraction(int(opened)),
                           stake, w, zero, zero, horizon, decision, "certain", 0, 1, (hand, seen, rules))
    buy, pass_, stake, w, extra, gain, _ = numbers
    method = fast[6]
    next_buy, next_pass = buy.exact, pass_.exact
    short = cards_needed(hand, round_no, rules, trusted=True)
    closer = cards_needed(hand + (card,), round_no, rules, trusted=True)
    tempo = not free and not (closer is not None and (short is None or closer < short))
    facts = {"card": card, "free": free, "my_turn": my_turn, "next_buy": next_buy, "next_pass": next_pass,
             "tempo": tempo,
             "buy_cards": len(buy_sources), "points_at_stake": stake, "token_worth": w, "extra_cost": extra,
             "gain": gain, "tokens": tokens, "method": method}
    decision = Decision(yes if verdict == "buy" else Pass(seat), reason, facts)
    return BuyJudgment(verdict, reason, card, round_no, my_turn, free, next_buy, next_pass, stake, w, extra, gain,
                       horizon, decision, method, len(buy_sources), 1, (hand, seen, rules))


def offer_odds(view: PlayerView) -> BuyDecision:
    """The exact odds of buying or passing on the card offered in ``view``
    (:func:`tenpennies.odds.buy_or_pass`): what a purchase brings under the view's rule set
    (the card and its stock cards), on this seat's turn or another's, from what the seat has
    seen. (Once in :mod:`tenpennies.explain.hint`, which still names it.)"""
    from collections import Counter

    from ..odds import buy_or_pass

    seen = Counter(view.seen_cards())
    seen[view.top_discard] -= 1  # buy_or_pass takes the offered card apart from what was seen
    return buy_or_pass(view.hand, view.top_discard, view.round_no, tuple(seen.elements()),
                       my_turn=view.seat == view.active, rules=view.rules)


def decision_words(decision, view) -> str | None:
    """A bot's decision about an offer of the top discard in one sentence, from its reason
    and facts (those :func:`should_buy` gives); None for a decision of another kind, which
    :func:`tenpennies.explain.hint.hint` words itself. The offered card reads as
    :func:`tenpennies.engine.words.card_text` writes it, all through the sentence ("Buy 10S: ...
    the 10S ..."). (Once in :mod:`tenpennies.engine.words`, which sits below this judgment.)"""
    facts = decision.facts
    if "card" not in facts or not (decision.reason.startswith(("buy", "pass", "close", "open"))):
        return None
    try:
        judgment = should_buy(view)
    except Exception:  # not an offer after all (a decision of another kind that names a card)
        return None
    card = card_text(judgment.card)
    taking = isinstance(decision.action, (Buy, TakeDiscard))
    if taking:
        start = f"Take {card}" if judgment.free else f"Buy {card}"
    else:
        start = f"Draw from the stock and leave {card}" if judgment.free else f"Pass on {card}"
    sentence = f"{start}: {buy_words(judgment, view.contract.words)}."
    if judgment.verdict == "close":
        sentence += f" The strong bot {'takes' if taking and judgment.free else 'buys' if taking else 'passes'} it by its tie-break."
    return sentence


def offer_sentence(view) -> str:
    """The buy judgment of the offer in ``view`` as one sentence, said after a turn's own
    words where a move of a game with runs takes or leaves the top discard (Ten Card
    Rummy's hint and review): 'The buy judgment calls it close: ...; the strong bot's rule
    of thumb decides.'"""
    judgment = should_buy(view)
    said = buy_words(judgment, view.contract.words)
    sentence = f"{said[0].upper()}{said[1:]}."
    if judgment.verdict == "close":
        sentence = sentence[:-1] + "; the strong bot's rule of thumb decides."
    return sentence


__all__ = ["BuyJudgment", "HORIZON", "TOKEN_LEVELS", "TokenWorthTable", "buys", "decision_words", "draws_of", "judge", "judge_offer",
           "offer_odds", "offer_sentence", "should_buy", "token_worth", "token_worth_table"]
