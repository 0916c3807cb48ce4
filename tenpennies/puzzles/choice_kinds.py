"""The puzzle kinds that rank choices: buy the offered discard or pass (``buy``), and which
discard leaves the best chance (``discard``).

Their answers beat the other choices by a margin, which a puzzle states: a buy in points,
the near end of buying's gain (the one buy judgment,
:func:`tenpennies.bots.buying.judge_offer`, with the token at its measured worth); a
discard in a chance, the exact odds of the next draws (:func:`tenpennies.odds.draw_odds`).
Ten Card Rummy asks its buy as that game's turn has it: a purchase off-turn from round 4
that spends no token (C9), or on one's own turn the free take (C8).
"""

from __future__ import annotations

from fractions import Fraction

from ..bots.buying import judge_offer
from ..engine.cards import sort_key
from ..engine.errors import NotationError, TenPenniesError
from ..engine.words import card_text, cards_text, plural
from ..explain.decisions import choice_cards_words
from ..odds import draw_odds
from ..play.seat_position import SeatPosition
from .answers import Kind, Solution, Verdict, _cards_text, _exact

__all__ = ["BuyKind", "DiscardKind", "buy_question", "buy_wrong", "token_price"]


# -- buy? ------------------------------------------------------------------------------
def token_price(tokens: int, rounds_left: int) -> Fraction:
    """The price once stated as fact in buy puzzles, ``rounds_left / (10 * tokens)`` (1 with
    no token): an invented number, kept only for old notebooks. Buy puzzles now ask the one
    buy judgment (:func:`tenpennies.bots.buying.should_buy`), whose token is worth what was
    measured in play."""
    return Fraction(rounds_left, 10 * tokens) if tokens else Fraction(1)


def buy_question(position: SeatPosition) -> str:
    """The buy puzzle's question for ``position``: the one question, whatever the tokens
    (the judgment states the token's measured worth in its explanation)."""
    me = position.seat
    question = BuyKind().question_for(position)  # (KINDS["buy"] is a BuyKind too; KINDS sits above this module)
    return (question if position.tokens is None or position.tokens[me] else
            f"{question} You hold no token, so you cannot buy.")


def _points(x: float) -> Fraction:
    """Points to one decimal, exactly (a puzzle's margin is a fraction)."""
    return Fraction(round(x * 10), 10)


class BuyKind(Kind):
    """Buy the offered discard, or pass? The one buy judgment's verdict
    (:func:`tenpennies.bots.buying.judge_offer`), with the token at its measured worth.

    The solution's facts hold ``judgment`` (the :class:`~tenpennies.bots.buying.BuyJudgment`),
    ``gain`` (its interval), ``verdict_at_worth`` (the verdict with the token worth each
    end of its measured interval, ``{"low": ..., "high": ...}``) and ``steady`` (the answer
    is ``buy`` or ``pass`` and holds at both ends): a buy puzzle worth giving is steady.
    """

    name = "buy"
    question = ("The top discard is offered to you. Buy it (spending a token), pass, or is it too close to "
                "call? Weigh what buying does to your chance of holding the contract against what it costs: "
                "a token (its worth, measured in play) and the extra stock cards' points.")
    answer_form = "Answer 'buy', 'pass' or 'close'."
    ranked = True
    purchase_question = (
        "The player whose turn it is declined the top discard, and it is offered to you. Buy it (it "
        "brings the top stock card with it; no token is spent), pass, or is it too close to call? Weigh "
        "what buying does to your chance of holding the contract against the extra stock card's points.")
    """Ten Card Rummy's own buy question (C9): a purchase off-turn, from round 4, spending no token."""
    take_question = (
        "It is your turn, and the top discard may be your draw, free (C8). Take it (answer 'take' or "
        "'buy'), draw from the stock instead ('pass'), or is it too close to call?")
    """Ten Card Rummy's question on one's own turn: the free take (C8), no purchase."""

    def question_for(self, position):
        if position.rules.tokens is not None:
            return self.question
        return self.take_question if position.active == position.seat else self.purchase_question

    def offer_problem(self, position: SeatPosition) -> str | None:
        """Why this position offers the seat no discard to weigh (None if it does): no top
        discard, or another's turn in a round before buying opens (C9). On one's own turn
        in Ten Card Rummy the offer is the free take (C8), asked by :attr:`take_question`;
        :meth:`is_purchase` tells a purchase from it."""
        rules = position.rules
        if position.top_discard is None:
            return "there is no top discard to buy"
        if not rules.may_buy(position.round_no) and position.active != position.seat:
            return f"{rules.name} allows buying from round {rules.buy_from_round} (C9), not in round {position.round_no}"
        return None

    @staticmethod
    def is_purchase(position: SeatPosition) -> bool:
        """Does taking the offer cost something (a purchase, T5, C9), rather than being the
        active player's free draw (C8)? Ten Card Rummy's own buy question is a purchase."""
        return not (position.rules.free_discard_take and position.active == position.seat)

    def read(self, text, position):
        word = text.strip().lower().rstrip(".!")
        if word in ("too close", "too close to call"):
            word = "close"
        if word == "take":  # the free take of Ten Card Rummy (C8) is its "buy"
            word = "buy"
        if word not in ("buy", "pass", "close"):
            raise NotationError("it is neither 'buy', 'pass' nor 'close'")
        return word

    def solve(self, position, params):
        problem = self.offer_problem(position)
        if problem:
            raise TenPenniesError(f"no buy question here: {problem}")
        me, r, rules = position.seat, position.round_no, position.rules
        hand, discard = tuple(position.hand), position.top_discard
        # What the seat has seen, the offered card apart: the pile below it and the table.
        seen = tuple(position.discard_pile[:-1]) + tuple(c for t in position.table for c in t.cards)
        my_turn = position.active == me
        opened = position.opened[me]
        tokens = position.tokens[me] if position.tokens is not None else None  # (none in Ten Card Rummy, C9)
        where = dict(stock=position.stock_size, pile=tuple(position.discard_pile))  # T16/C12 past the stock's end
        j = judge_offer(hand, discard, r, seen, my_turn=my_turn, tokens=tokens, opened=opened,
                        rules=rules, seat=me, **where)
        gain = j.gain
        # The answer is the judgment's verdict, "close" when the gain's interval holds zero.
        answer = j.verdict
        margin = _points(gain.low if answer == "buy" else -gain.high if answer == "pass" else 0.0)
        offered = card_text(discard)
        when = (f"It is your turn: taking the {offered} is your draw, free (C8); passing, you draw from "
                "the stock." if j.free else
                f"It is your turn, so buying is your draw: you get the {offered} and "
                f"{plural(rules.buy_extra_cards, 'stock card')}." if my_turn else
                f"It is not your turn: buying gets you the {offered} and {plural(rules.buy_extra_cards, 'stock card')} "
                "now, and passing gets you nothing until your turn.")
        contract = position.contract.words
        carried = f"its stock cards and the {offered}, one more card to carry" if j.tempo else "its stock cards"
        reasoning = (
            when,
            f"The chance of holding {contract}: {choice_cards_words(j)}, {_exact(j.next_buy)}; passing, "
            f"with one card, {_exact(j.next_pass)}"
            + ("" if position.stock_size >= j.buy_cards else
               " (past the stock's end the cards come from the rebuilt discard pile)") + ".",
            f"Holding it lets you shed your hand's {j.points_at_stake} points, so buying is worth "
            f"{j.points_at_stake} × ({_exact(j.next_buy - j.next_pass)}) = "
            f"{float(j.points_at_stake * (j.next_buy - j.next_pass)):.1f} points by then"
            + (f"; the {offered} keeps the hand a card closer after that too, which could save up to "
               f"the hand's {j.points_at_stake} points." if j.reaches_beyond else
               f"; but the {offered} brings the contract no closer, so buying buys only the stock cards' "
               "tempo, and the gain's low end counts none of it." if j.tempo else "."),
            (f"It costs a token, worth {_interval(j.token_worth)} points with {plural(tokens, 'token')} "
             f"in round {r} (measured in seeded play), and {carried}: up to {j.extra_cost.high:.1f} points."
             if tokens is not None else
             f"It costs no token ({rules.name}), and {carried}: up to {j.extra_cost.high:.1f} points."),
            f"So {answer}: buying gains {_interval(gain)} points, "
            + ("above zero all through." if answer == "buy" else
               "at most zero." if answer == "pass" else "an interval on both sides of zero: too close to call."),
        )
        # The verdict at each end of the token's measured worth, each end taken as the
        # worth itself: a puzzle whose answer changes between them depends on what a
        # player values a token at, and is no puzzle (issue 24).
        ends = {end: judge_offer(hand, discard, r, seen, my_turn=my_turn, tokens=tokens, opened=opened,
                                 rules=rules, seat=me, worth=getattr(j.token_worth, end), **where).verdict
                for end in ("low", "high")}
        return Solution(self.name, answer, margin=margin,
                        options=(("buy", j.next_buy), ("pass", j.next_pass)),
                        reasoning=reasoning,
                        facts={"gain": gain, "judgment": j, "verdict_at_worth": ends,
                               "steady": answer != "close" and set(ends.values()) == {answer}})

    def judge(self, value, solution, position, params):
        if value == solution.answer:
            return Verdict(True, " ".join(solution.reasoning[1:]))
        return Verdict(False, buy_wrong(solution))


def _interval(interval) -> str:
    return f"{interval.mean:.1f} [{interval.low:.1f}, {interval.high:.1f}]"


def buy_wrong(solution: Solution) -> str:
    """Why the other choice than ``solution.answer`` is wrong, in a sentence."""
    gain = solution.facts["gain"]
    if solution.answer == "close":
        return (f"Too close to call: buying gains {_interval(gain)} points, an interval on both sides of "
                "zero, so neither buying nor passing is clearly better.")
    if solution.answer == "buy":
        return f"Buying gains {_interval(gain)} points: more than nothing, even at the interval's low end."
    return f"Buying would gain {_interval(gain)} points: nothing, even at the interval's high end."


# -- which discard? --------------------------------------------------------------------
class DiscardKind(Kind):
    name = "discard"
    question = ("You must discard one card. Which discard gives the best chance that {draws} "
                "the contract (keeping every card you draw)?")
    answer_form = "Answer one card of your hand, like 'KD'."
    ranked = True
    margin_unit = "chance"
    params = ("draws",)

    # The exact chance over k draws counts every k-card draw from the unseen cards, a
    # number that grows as their count to the power k: two draws stay quick, six hang.
    MOST_DRAWS = 2

    def param_problem(self, name, value):
        if name == "draws" and (not isinstance(value, int) or isinstance(value, bool)
                                or not 1 <= value <= self.MOST_DRAWS):
            shown = type(value).__name__ if not isinstance(value, int) or isinstance(value, bool) else (
                value if abs(value) < 10**9 else "a huge number")
            return f"draws must be a whole number from 1 to {self.MOST_DRAWS}, not {shown}"
        return None

    def read(self, text, position):
        cards = _cards_text(text.replace("discard", ""))
        if len(cards) != 1:
            raise NotationError("it is not one card")
        return cards[0]

    def solve(self, position, params):
        k = params.get("draws", 1)
        problem = self.param_problem("draws", k)
        if problem:
            raise TenPenniesError(problem)  # refused before the count, which would never end
        r, rules = position.round_no, position.rules
        hand = list(position.hand)
        seen = position.seen_cards()
        chances = {}
        for card in sorted(set(hand), key=sort_key):
            rest = list(hand)
            rest.remove(card)
            chances[card] = draw_odds(rest, k, r, seen + (card,), rules).probability
        best = max(chances.values())
        top = [c for c, p in chances.items() if p == best]
        others = [p for c, p in chances.items() if p != best]
        second = max(others) if others else Fraction(0)
        ranked = sorted(chances.items(), key=lambda cp: (-cp[1], sort_key(cp[0])))
        drawn = "the next stock card completes" if k == 1 else f"the next {k} stock cards complete"
        lines = [f"For each discard, the exact chance that {drawn} {position.contract.words}:"]
        lines.extend(f"  discard {card_text(c)}: {_exact(p)}" for c, p in ranked)
        tied = (f"Discarding {cards_text(top)} is best ({_exact(best)})" if len(top) == 1 else
                f"Discarding any of {cards_text(top)} is equally best ({_exact(best)})")
        lines.append(f"{tied}, ahead of the next best by {_exact(best - second)}.")
        return Solution(self.name, str(top[0]), tuple(str(c) for c in top[1:]), best - second,
                        tuple((str(c), p) for c, p in ranked), tuple(lines),
                        facts={"chances": chances, "best": top})

    def judge(self, value, solution, position, params):
        chances = solution.facts["chances"]
        best = chances[solution.facts["best"][0]]
        if value in solution.facts["best"]:
            return Verdict(True, f"Discarding {card_text(value)} leaves the best chance, {_exact(best)}. "
                                 + solution.reasoning[-1])
        if value not in chances:
            return Verdict(False, f"{card_text(value)} is not in your hand.")
        return Verdict(False, f"Discarding {card_text(value)} leaves a chance of {_exact(chances[value])}; "
                              "another discard leaves more.")
