"""One judgment of "buy or pass?": the chances, the points at stake, a token's measured worth.

Every part of the kit that answers an offer of the top discard asks :func:`should_buy`
(the strong bot through the same fast core, :func:`judge`): the expert, ``hint``, the buy
calculator, the buy check and the buy puzzles. It works for both games: Ten Pennies'
offers on one's own turn and on another's (T5, T6: passing off-turn means no card now),
Ten Card Rummy's free take of the active player (C8) and the others' purchases from
round 4 (C9).

The judgment
------------
``gain = points at stake x (buy chance - pass chance) - cost``, in points, with an interval:

* **the chances** (``next_buy``, ``next_pass``, exact ``Fraction`` values) are of holding
  the contract once *one more stock card* is drawn (the horizon): buying, the hand with
  the offered card, then one stock card; passing, the hand as it is, then one stock card
  (on one's own turn that card is this turn's draw; off-turn it is the next turn's). The
  purchase's own extra stock cards are left out of the chance: so the chance of buying is
  a lower bound, and the judgment leans to passing. They are left out because counting
  them means every two- and three-card draw (:func:`tenpennies.odds.draw_odds`, a tenth
  of a second to a second each), while the one-card chances are the unseen copies of
  the hand's outs (:func:`tenpennies.solver.outs`), microseconds: a bot answers hundreds
  of offers a match. ``now_buy`` and ``now_pass`` (holding the contract right after this
  draw, :func:`tenpennies.odds.buy_or_pass`, with the extra cards) are given beside them,
  computed when first read.
* **the points at stake** are the points of the hand (T18, C14): what it costs if the
  round ends before it lays down; holding the contract is what lets it shed them.
* **the cost** is a token's worth (an interval, measured, below; none in Ten Card Rummy,
  which spends no token, C9) plus the extra stock cards' points, between nothing (shed
  later) and the mean points of an unseen card each (kept to the round's end).
* **beyond the horizon**: an offered out (a card that brings the hand one card closer)
  keeps helping after the next draw, which the chances above do not see. The gain's
  interval therefore reaches up to what certainty would save, the hand's points times the
  chance passing leaves out (``reach``); its low end and its mean stay the horizon's.

The verdict is ``"buy"`` when the whole interval of the gain is above zero, ``"pass"``
when it is below zero, and ``"close"`` whenever it holds zero: no pretending. (An
interval that ends at zero is close too: the token's worth may be nothing and the extra
cards may be shed. Making it "pass" made the strong bot 63 points a match weaker than at
48512b0; see below.)
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
``python benchmarks/token_worth.py`` (deterministic; parallel like ``simulate``) with four
strong bots buying by the strong bot's rule of 48512b0 (kept in ``benchmarks/old_strong.py``:
measuring with the bot that reads the table would be circular), at token levels 1, 3, 6
and 10 of every round, 120 pairs a cell (3,360 pairs, 6,720 partial matches: 639 s on
two workers of the shared machine, about fifteen minutes of one core). The intervals are
wide (about 20 points either side of the mean), so many offers are close calls; e.g. the
10th token in round 1: 8.2 [-3.6, 19.9] points, the 3rd in round 4: 32.8 [20.2, 45.3].
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
from ..solver import cards_needed, outs
from ..play.view import PlayerView
from ..explain.decisions import buy_words
from ..engine.words import card_text, plural

if TYPE_CHECKING:
    from ..odds import BuyDecision

TOKEN_LEVELS = (1, 3, 6, 10)
"""The tokens held at which the shipped table is measured, in every round."""

HORIZON = "one more stock card"


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


def judge(hand: tuple, card: Card, round_no: int, rules: RuleSet, unseen: Sequence[int], *,
          opened: bool, tokens: int | None, my_turn: bool, need: float | None = None,
          hand_outs: frozenset | None = None, worth: Interval | None = None) -> tuple:
    """The fast core of :func:`should_buy`, for bots: ``(verdict, reason, numbers)``.

    ``unseen`` holds the unseen copies of each card value by ``Card.index`` (the offered
    card counted as seen); ``need`` and ``hand_outs`` (the indices of :func:`~tenpennies.solver.outs`) may be
    passed when known.
    ``numbers`` is ``(buy_ways, pass_ways, unseen_total, stake, worth, extra, gain)``: the
    chances are ``buy_ways / unseen_total`` and ``pass_ways / unseen_total``.
    """
    free = my_turn and rules.free_discard_take
    if opened:
        verdict, reason = ("close", "open-free-take") if free else ("pass", "pass-open")
        return verdict, reason, None
    if need is None or hand_outs is None:
        n = cards_needed(hand, round_no, rules, trusted=True)
        need = math.inf if n is None else n
        hand_outs = frozenset(c.index for c in outs(hand, round_no, rules, trusted=True)) if need < math.inf else frozenset()
    total = sum(unseen)
    # The outs are exactly the cards that bring the hand one card closer; any other leaves it as short.
    after = need - 1 if card.index in hand_outs else need
    pass_ways = total if need == 0 else (sum([unseen[i] for i in hand_outs]) if need == 1 else 0)
    if after == 0:
        buy_ways = total
    elif after == 1:
        buy_ways = sum([unseen[c.index] for c in outs(hand + (card,), round_no, rules, trusted=True)])
    else:
        buy_ways = 0
    points = rules.card_points
    stake = sum([points[c.rank] for c in hand])
    if worth is None:
        worth = token_worth(rules, round_no, tokens)
    extras = 0 if free else rules.buy_extra_cards
    by_index = _POINTS_BY_INDEX.get(points)
    if by_index is None:
        by_index = _POINTS_BY_INDEX[points] = [points[r] for r in _RANK_OF]
    mean_card = sum(map(int.__mul__, unseen, by_index)) / total if total else 0.0
    extra = Interval(extras * mean_card / 2, 0.0, float(extras * mean_card), 0)
    value = stake * (buy_ways - pass_ways) / total if total else 0.0
    # Beyond the horizon: an out brings the hand a card closer for the rest of the round,
    # which the next draw's chance does not see. At most, buying turns the chance passing
    # leaves into certainty, saving the hand's points: that bounds the gain from above, so
    # a purchase of an out is never called a clear pass on the horizon's numbers alone.
    reach = stake * (total - pass_ways) / total if total and after < need else value
    gain = Interval(value - worth.mean - extra.mean, value - worth.high - extra.high,
                    max(value, reach) - worth.low - extra.low, 0)
    if gain.low > 0:
        verdict = "buy"
        reason = "buy-completes" if after == 0 else "buy-gain"
    elif gain.high < 0:
        verdict = "pass"
        reason = "pass-no-gain" if buy_ways <= pass_ways else "pass-cost"
    else:
        verdict, reason = "close", "close"
    return verdict, reason, (buy_ways, pass_ways, total, stake, worth, extra, gain)


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
                       tokens=view.tokens[seat], opened=view.opened[seat], rules=view.rules, worth=worth, seat=seat)


def judge_offer(hand, card: Card, round_no: int, seen=(), *, my_turn: bool = True, tokens: int | None = None,
                opened: bool = False, rules: RuleSet = TEN_PENNIES, worth: Interval | float | None = None,
                seat: int = 0) -> BuyJudgment:
    """:func:`should_buy` for a hand and an offer given as cards, as the buy calculator and
    the buy puzzles hold them: ``seen`` is every other card seen outside the hand (not the
    offered card), ``tokens`` those held (None: the rule set's full count)."""
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
    verdict, reason, numbers = judge(hand, card, round_no, rules, unseen, opened=opened, tokens=tokens,
                                     my_turn=my_turn, worth=worth)
    horizon = ("the chance of holding the contract once one more stock card is drawn: "
               + ("taking" if free else "buying") + f", with the {card} and then a stock card; passing, with "
               + ("this turn's stock card" if my_turn else "your next turn's stock card")
               + ("" if free else f" (the purchase's {plural(rules.buy_extra_cards, 'stock card')} counted in its "
                  "cost, not its chance)"))
    if rules.tokens is not None and rules.name != TEN_PENNIES.name:
        horizon += f"; a token's worth as measured in {TEN_PENNIES.name}"
    yes = TakeDiscard(seat) if free else Buy(seat)
    stake = sum(rules.card_points[c.rank] for c in hand)
    if numbers is None:  # a seat already down
        zero = Interval(0.0, 0.0, 0.0, 0)
        w = token_worth(rules, round_no, tokens) if worth is None else worth
        facts = {"card": card, "free": free, "my_turn": my_turn, "opened": True, "points_at_stake": stake}
        decision = Decision(Pass(seat), reason, facts)
        return BuyJudgment(verdict, reason, card, round_no, my_turn, free, Fraction(1), Fraction(1),
                           stake, w, zero, zero, horizon, decision, (hand, seen, rules))
    buy_ways, pass_ways, total, stake, w, extra, gain = numbers
    next_buy, next_pass = Fraction(buy_ways, total), Fraction(pass_ways, total)
    facts = {"card": card, "free": free, "my_turn": my_turn, "next_buy": next_buy, "next_pass": next_pass,
             "unseen": total, "buy_ways": buy_ways, "pass_ways": pass_ways, "points_at_stake": stake,
             "token_worth": w, "extra_cost": extra, "gain": gain, "tokens": tokens}
    decision = Decision(yes if verdict == "buy" else Pass(seat), reason, facts)
    return BuyJudgment(verdict, reason, card, round_no, my_turn, free, next_buy, next_pass, stake, w, extra, gain,
                       horizon, decision, (hand, seen, rules))


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


__all__ = ["BuyJudgment", "HORIZON", "TOKEN_LEVELS", "TokenWorthTable", "decision_words", "judge", "judge_offer",
           "offer_odds", "offer_sentence", "should_buy", "token_worth", "token_worth_table"]
