"""Buy advice checked against play: the exact odds' better chance beside the rollouts' answer.

:func:`tenpennies.odds.buy_or_pass` gives the chance of holding the contract right after
the draw, buying or passing; "buy when buying gives the better chance" (:attr:`BuyCheck.chances_say`)
is the rule lesson 15 puts to the test, not advice the kit gives. It weighs nothing else: not the points of
the extra cards if the round ends first, not what the others do. The rollouts of the
expert bot (:func:`tenpennies.bots.expert.evaluate`) play the round to its end, from
worlds the seat's view allows, and measure points: the seat's points at the round's end
minus the mean of the others' (a token is not charged here, as the odds do not charge
it). :func:`check_buys` puts the two side by side for many offers; :class:`BuyReport`
says how often they agree and lists where they do not. Each check also holds the kit's
one buy judgment (:func:`tenpennies.bots.buying.should_buy`), which weighs the token (measured)
and the points at stake, and may call an offer close.

Only Ten Pennies: its purchases spend tokens (T4, T5) and its rollouts are the expert's.
Ten Card Rummy has no tokens (C9) and the expert plays it by the strong bot's policy
without rollouts, so :func:`check_buy` and :func:`check_buys` refuse its views up front
(:func:`refusal` says why).

The offers come from seeded bot matches (:func:`offers`): each offer of the top discard
to a seat that has not laid down, when the card would bring its contract closer, which
is when buying is a real question.

    >>> report = check_buys(offers(seeds=(1,), limit=2), rollouts=6, seed=0)
    >>> len(report.checks), 0 <= report.agreement <= 1
    (2, True)
    >>> report.checks[0].chances_say in ("buy", "pass")
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

from ..engine.actions import Buy, Pass
from . import bot_seed, make_bot
from ..engine.seeds import derive_seed
from .expert import Evaluation, evaluate, tries_out
from .buying import BuyJudgment, should_buy
from ..play.match import Match, Phase
from ..engine.errors import TenPenniesError
from ..odds import BuyDecision
from ..solver import cards_needed
from ..play.view import PlayerView
from ..engine.words import card_text, plural


@dataclass(frozen=True)
class BuyCheck:
    """One offer: the exact odds, what comparing their two chances alone says, the rollouts'
    estimates, and the one buy judgment (:func:`tenpennies.bots.buying.should_buy`: buy, pass or close)."""

    view: PlayerView
    odds: BuyDecision
    rollouts: Evaluation
    judgment: BuyJudgment | None = None

    @property
    def judged_agree(self) -> bool | None:
        """Does the rollouts' answer agree with the buy judgment? None when the judgment
        calls it close (either answer is allowed then)."""
        if self.judgment is None or self.judgment.verdict == "close":
            return None
        return self.judgment.verdict == self.played

    @property
    def gain(self) -> float:
        """Points by which buying ends the round better than passing (negative: worse)."""
        return self.rollouts.advantage(Buy(self.view.seat), Pass(self.view.seat))[0]

    @property
    def error(self) -> float:
        """The standard error of :attr:`gain` (paired over the same worlds)."""
        return self.rollouts.advantage(Buy(self.view.seat), Pass(self.view.seat))[1]

    @property
    def played(self) -> str:
        """'buy' or 'pass': what the rollouts say ends the round better."""
        return "buy" if self.gain > 0 else "pass"

    @property
    def chances_say(self) -> str:
        """'buy' when buying gives the better chance of holding the contract right after
        the draw, else 'pass': the two chances compared alone, the rule this check (and
        lesson 15) tests against play. Not the kit's advice, which is :attr:`judgment`."""
        return "buy" if self.odds.buy_probability > self.odds.pass_probability else "pass"

    @property
    def agree(self) -> bool:
        """Does comparing the chances alone say what the rollouts play?"""
        return self.chances_say == self.played

    @property
    def clear(self) -> bool:
        """Is the rollouts' answer more than two standard errors from a tie?"""
        return abs(self.gain) > 2 * self.error

    def __str__(self) -> str:
        v = self.view
        return (f"round {v.round_no}, seat {v.seat} offered {card_text(v.top_discard)}: chances say {self.chances_say} "
                f"({float(self.odds.buy_probability):.0%} vs {float(self.odds.pass_probability):.0%}), "
                f"play says {self.played} ({self.gain:+.1f} ± {self.error:.1f} points for buying)")

    def __repr__(self) -> str:
        v = self.view
        return (f"<BuyCheck round {v.round_no} seat {v.seat} offered {v.top_discard}: chances say "
                f"{self.chances_say}, play says {self.played}>")

    def _repr_svg_(self) -> str:
        from ..pictures.svg import groups_svg  # pictures are drawn only when asked for

        v = self.view
        title = f"round {v.round_no}: chances say {self.chances_say}, play says {self.played}"
        return groups_svg([("hand", tuple(v.hand)), ("offered", (v.top_discard,))], v.round_no, v.rules,
                          title=title, desc=str(self))


@dataclass(frozen=True)
class BuyReport:
    """Many :class:`BuyCheck` values: how often the odds and the rollouts agree."""

    checks: tuple[BuyCheck, ...]

    @property
    def agreement(self) -> float:
        """The share of offers where comparing the chances alone says what the rollouts play."""
        return sum(c.agree for c in self.checks) / len(self.checks) if self.checks else float("nan")

    @property
    def disagreements(self) -> tuple[BuyCheck, ...]:
        """The offers where they differ, clearest first (by standard errors from a tie)."""
        differ = [c for c in self.checks if not c.agree]
        return tuple(sorted(differ, key=lambda c: -abs(c.gain) / (c.error or 1.0)))

    def __repr__(self) -> str:
        return f"<BuyReport {len(self.checks)} offers, agreement {self.agreement:.0%}>"

    def __str__(self) -> str:
        n, agree = len(self.checks), sum(c.agree for c in self.checks)
        lines = [f"{plural(n, 'offer')}: the better chance and the rollouts agree on {agree} "
                 f"({self.agreement:.0%})"]
        lines += [f"  {c}" for c in self.disagreements]
        return "\n".join(lines)


def offers(seeds: Iterable[int] = range(10), bots: Sequence[str] = ("strong",) * 4,
           limit: int | None = None) -> Iterator[PlayerView]:
    """Views of seats offered a card that would bring their contract closer, before they
    have laid down, from seeded matches between ``bots`` (``limit`` views at most)."""
    found = 0
    for seed in seeds:
        players = [make_bot(b, bot_seed(seed, s)) for s, b in enumerate(bots)]
        m = Match(seed)
        while not m.is_over:
            seat = m.to_act
            view = m.view(seat)
            if view.phase is Phase.OFFER and _helps(view):
                yield view
                found += 1
                if limit is not None and found >= limit:
                    return
            m.apply(players[seat].act(view))


def _helps(view: PlayerView) -> bool:
    if view.opened[view.seat] or view.top_discard is None:
        return False
    r, rules = view.round_no, view.rules
    short, after = cards_needed(view.hand, r, rules), cards_needed(view.hand + (view.top_discard,), r, rules)
    return after is not None and (short is None or after < short)


def refusal(view: PlayerView) -> str:
    """Why the buy check cannot weigh the offer in ``view``, in words; "" when it can.

    It weighs Ten Pennies' token purchases with the expert's rollouts; a rule set with runs,
    melding before the draw or no tokens (Ten Card Rummy) has neither."""
    rules = view.rules
    if not tries_out(rules):
        return (f"check_buys weighs Ten Pennies' token purchases with the expert's rollouts; {rules.name} "
                "has no tokens and no rollouts (the expert plays it by the strong bot's policy)")
    if view.phase is not Phase.OFFER or view.to_act != view.seat or view.top_discard is None:
        return f"check_buys needs a view of a seat being offered a card, not {view!r}"
    return ""


def check_buy(view: PlayerView, rollouts: int = 100, seed: int = 0) -> BuyCheck:
    """The exact odds and the rollouts (``rollouts`` worlds, seeded) for one offer; a view
    the check cannot weigh (:func:`refusal`) raises :class:`~tenpennies.engine.errors.TenPenniesError`."""
    from .buying import offer_odds  # the one home of an offer's exact odds, shared with the hints

    why = refusal(view)
    if why:
        raise TenPenniesError(why)
    played = evaluate(view, (Buy(view.seat), Pass(view.seat)), rollouts, seed, token_points=0.0)
    return BuyCheck(view, offer_odds(view), played, should_buy(view))


def check_buys(views: Iterable[PlayerView], rollouts: int = 100, seed: int = 0) -> BuyReport:
    """:func:`check_buy` for each view (each with its own seed from ``seed``). Every view is
    checked first (:func:`refusal`), so a Ten Card Rummy view is refused before any rollout."""
    views = tuple(views)
    for v in views:
        why = refusal(v)
        if why:
            raise TenPenniesError(why)
    return BuyReport(tuple(check_buy(v, rollouts, derive_seed("buycheck", seed, i)) for i, v in enumerate(views)))


__all__ = ["BuyCheck", "BuyReport", "check_buy", "check_buys", "offers", "refusal"]
