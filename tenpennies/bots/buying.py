"""One judgment of "buy or pass?": the chances, the points at stake, a token's measured worth.

Every part of the kit that answers an offer of the top discard asks :func:`should_buy`
(the bots through the same fast core, :func:`~tenpennies.bots.buy_core.judge`, the strong
bot of a card that is no out only whether it says buy,
:func:`~tenpennies.bots.buy_core.buys`): the strong and expert bots, ``hint``, the buy
calculator (:class:`tenpennies.lessons.explorers.BuyChoice`), the buy check, the buy puzzles, the
should-you-buy class experiment and the table, which passes unasked what it calls a pass
(:func:`tenpennies.front.offers.unasked_reason`). The odds (:mod:`tenpennies.odds`) count chances
and give no verdict. It works for both games: Ten Pennies'
offers on one's own turn and on another's (T5, T6: passing off-turn means no card now),
Ten Card Rummy's free take of the active player (C8) and the others' purchases from
round 4 (C9).

The judgment
------------
``gain = points at stake x (buy chance - pass chance) - cost``, in points, with an interval:

* **the chances** (``next_buy``, ``next_pass``, exact ``Fraction`` values) are of holding
  the contract with exactly the cards the rules give each choice (:func:`~tenpennies.bots.buy_core.draws_of`):
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
  it settles, first bounded soundly (:func:`~tenpennies.bots.buy_core.judge`): nothing when
  the hand with the card is further from the contract than the purchase's cards can mend,
  certain when it holds it; otherwise at least the chance of drawing one of its outs, at most that plus the
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

A token's worth is measured, not invented: :mod:`tenpennies.bots.tokens` says how, and
reads the shipped table.

The strong bot and this judgment
--------------------------------
The strong bot asks :func:`~tenpennies.bots.buy_core.judge` and breaks a close call with its rule of thumb (for outs
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

import math
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Sequence

from ..engine.actions import Buy, Pass, TakeDiscard
from ..engine.cards import Card
from .decision import Decision
from ..engine.errors import TenPenniesError, WrongTypeError
from ..odds import buy_or_pass
from ..odds.intervals import Interval
from ..engine.rules import TEN_PENNIES, RuleSet
from ..solver import cards_needed
from ..play.view import PlayerView
from ..explain.decisions import buy_words
from ..engine.words import card_text, plural
from .buy_core import _unseen_counts, draws_of, judge
from .tokens import token_worth

if TYPE_CHECKING:
    from ..odds import BuyDecision

HORIZON = "the cards each choice gets"
"""What the chances count (see the module): buying, the offered card, its stock cards and off
one's turn the own draw; passing, one card."""


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
    which say where the draws come from at the stock's end (:func:`~tenpennies.bots.buy_core.draws_of`)."""
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



__all__ = ["BuyJudgment", "HORIZON", "decision_words", "judge_offer", "offer_odds", "offer_sentence", "should_buy"]
