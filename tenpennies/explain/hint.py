"""A hint: what the best bot asked would do here, and why, in one sentence with its numbers.

The action is the strong bot's own choice (:class:`tenpennies.bots.strong.StrongBot`), so
a hint and the bot never disagree; the reason is the bot's own
:class:`~tenpennies.bots.decision.Decision` put into words, once, by :mod:`tenpennies.engine.words`
(:func:`~tenpennies.explain.decisions.why_words`, which the review uses for the same decision): the
numbers the bot decided by, such as how many cards short of the contract the hand would be
(:func:`~tenpennies.solver.cards_needed`), which cards bring it closer
(:func:`~tenpennies.solver.outs`), and how many of them this seat has not seen. A hint
reads only the seat's :class:`~tenpennies.play.view.PlayerView`, so it cannot give away a card
the seat may not know about (T20).

    >>> from tenpennies import Position, Match
    >>> p = Position(round_no=1, hands=("7S 7H 7D 9S 9H KC 4D", "QS QH 3C", "2S 2H 5C", "TS TH JC"),
    ...              discard_pile="6C", dealer=3, stock="5S 8D 8D 8S")
    >>> m = Match.from_position(p); m.apply(m.legal_actions()[1])  # seat 0 passes on 6C
    >>> for s in (1, 2, 3): m.apply(m.legal_actions()[1])
    >>> print(hint(m.view(0)))
    Discard KC and keep the sevens and nines: you are one card from two sets of 3, and 8 unseen cards complete it (a 9 or a joker).

With ``rollouts``, a close decision is tried out the expert bot's way
(:mod:`tenpennies.bots.expert`): each candidate in the same seeded worlds the view allows,
played to the round's end, and the sentence gives the mean difference with its standard
error. A difference under two standard errors is too close to call: the sentence says so
and the action stays the strong bot's. A decision that is not close keeps the strong bot's
sentence. It costs about ``rollouts`` times the candidates (two or three) rounds played, a
few milliseconds each, so the table's Hint button keeps the fast hint by default. An
offer is put in words from the buy judgment (:func:`tenpennies.bots.buying.should_buy`): its
verdict, the gain with its interval, and what the gain is made of (here seat 0 is the
active player: buying is its draw, and brings two stock cards, T5, T6):

    >>> p = Position(round_no=1, hands=("7S 7H 9S 9H KC 4D 5C 8D JH QS 3C", "QS QH 3C KD 5S",
    ...              "2S 2H 5C 8C JD", "TS TH JC 4S 6H"), discard_pile="6C 7D", dealer=3, top_discarder=3)
    >>> view = Match.from_position(p, seed=2).view(0)
    >>> print(hint(view))
    Buy 7D: the buy judgment calls it close: buying gains -4.6 points [-27.1, 70.0], an interval on both sides of zero (buying, with the 7D and two stock cards, you would hold two sets of 3 18% of the time; passing, with one card, 0%; 70 points in hand are at stake; after that the 7D still keeps the hand a card closer, which could save up to all 70; a token is worth 6.3 points [0.0, 17.9] (measured); its stock cards may cost up to 21.9 points). The strong bot buys it by its tie-break.
    >>> print(hint(view).first)  # what the table says first; the sentence above is its "Why?"
    A close call: buying 7D may help or may cost as much; the strong bot would buy it.
    >>> print(hint(view, rollouts=40, seed=1))
    Too close to call: in 40 rollouts buying ends the round 8.6 ± 5.2 points better than passing (a token counted as 6.3 points); the strong bot buys.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.actions import Action, AddToSet, Buy, LayDown, Meld, Pass, TakeDiscard
from ..engine.cards import Card
from ..engine.errors import TenPenniesError, WrongTypeError
from ..play.view import PlayerView
from ..bots.buying import decision_words, offer_odds, offer_sentence, should_buy
from ..bots.melding import explained
from ..bots.strong import StrongBot
from ..engine.words import card_text, cards_text
from .decisions import buy_plain, command_words, laid_down_text, meld_cards_text, set_words, turn_words, why_words
from .narrate import button_label

DANGER_CARDS = 2
"""An open opponent with this many cards or fewer may go out on its next turn (as the strong bot judges)."""

MOVE_NAMES = ("buttons", "commands")
"""How a hint may name a move where its words differ by front end: by the table's button
(:func:`tenpennies.front.table.button_label`: "Take Discard") or by the command the CLI's ``play``
reads (the action's text: "take", "add 4 7C")."""


@dataclass(frozen=True)
class Hint:
    """The suggested action and the sentence that explains it.

    ``plain``: the answer in one plain sentence, where the sentence is long with numbers
    (an offer of the top discard: "Pass: you are down, and buying only adds cards.");
    the table shows it first and the sentence, the numbers behind it, under "Why?"
    (:meth:`tenpennies.front.table.Game.show_hint`). Empty where the sentence is plain already.
    """

    action: Action
    sentence: str
    plain: str = ""

    def __str__(self) -> str:
        return self.sentence

    @property
    def first(self) -> str:
        """What to say first: the plain sentence, or the sentence where there is none."""
        return self.plain or self.sentence

    @property
    def why(self) -> str:
        """The numbers behind :attr:`first`, for a "Why?" to open; empty when the sentence is all."""
        return self.sentence if self.plain else ""


def hint(view: PlayerView, *, rollouts: int = 0, seed: int | str = 0, moves: str = "buttons") -> Hint:
    """What the strong bot would do in ``view`` (it must be the seat's decision), and why.

    With ``rollouts`` (0, or at least 2 to measure the noise), the expert bot's way: a close
    buy or discard is tried out in that many sampled worlds (seeded by ``seed``, so the same
    hint each time) and the sentence says by how many points the better choice ends the
    round better, with its standard error. When that difference is under two standard
    errors the sentence says it is too close to call and the action stays the strong
    bot's. Where the expert sees nothing to try out, the strong bot's hint. Ten Card Rummy
    (runs, melding before the draw) has no rollouts: there ``rollouts`` is ignored and the
    hint is the strong bot's, whose sentence claims nothing about rollouts.

    ``moves`` says how the sentence names a move whose name depends on where the hint is
    shown (:data:`MOVE_NAMES`): "buttons" for the table, "commands" for ``tenpennies play``.
    """
    # (import weight: import tenpennies loads no expert bot; a hint asks for it here)
    from ..bots.expert import token_cost, tries_out

    if not isinstance(view, PlayerView):
        raise WrongTypeError(f"hint needs a seat's view: hint(match.view(match.to_act)), not a {type(view).__name__}")
    if isinstance(rollouts, bool) or not isinstance(rollouts, int) or rollouts < 0 or rollouts == 1:
        raise WrongTypeError(f"rollouts must be a whole number, 0 (no rollouts) or at least 2 (to measure the "
                             f"noise), not {rollouts!r}")
    if moves not in MOVE_NAMES:
        raise TenPenniesError(f"moves must be one of {', '.join(MOVE_NAMES)}, not {moves!r}")
    if view.to_act is None:
        raise TenPenniesError("no decision: the match is over")
    if view.to_act != view.seat:
        raise TenPenniesError(f"it is seat {view.to_act}'s decision now, not seat {view.seat}'s")
    decision = StrongBot().decide(view)
    action = decision.action
    offer = decision_words(decision, view)  # an offer of the top discard: the buy judgment's words
    if not tries_out(view.rules):
        # Ten Card Rummy's turn (meld, then take or draw, then discard) and its runs have
        # their own sentences; the rollouts are Ten Pennies' (the expert falls back there).
        # An offer's sentence adds the buy judgment (tenpennies.bots.buying.should_buy) it follows.
        sentence = _why_melds_game(view, decision, moves)
        if offer is not None:
            sentence += " " + offer_sentence(view)
        if rollouts > 0:  # asked for, but not played: say so rather than pass it off as theirs
            sentence += f" (No rollouts: in {view.rules.name} the hint is the strong bot's.)"
        return Hint(action, sentence)
    if rollouts > 0:
        # (import weight: import tenpennies loads no expert bot; a hint asks for it here)
        from ..bots.expert import ExpertBot

        # The hint tries out what it always did, every one of the rollouts asked for (no
        # step budget: its sentence names their count), with the quick rules of thumb in
        # every seat (several times cheaper than the expert's own strong rollouts: a hint
        # answers at once): every close offer, and close discards.
        bot = ExpertBot(seed, rollouts=rollouts, policy="quick", discards=True, offers="close", step_budget=None)
        options = bot.options(view, action)
        try:
            evaluation = bot.evaluate(view, options) if len(options) > 1 else None
        except TenPenniesError:
            evaluation = None  # no world can be dealt for this view: the strong bot's hint
        if evaluation is not None:
            best, runner = evaluation.estimates[0].action, evaluation.estimates[1].action
            gain, error = evaluation.advantage(best, runner)
            chosen = best if _clear(gain, error) else action  # within the noise: the strong bot's choice
            return Hint(chosen, rollout_sentence(evaluation, view.top_discard, view=view, choice=action,
                                                 token_points=token_cost(view, bot.token_points)))
    if offer is not None:
        plain = buy_plain(should_buy(view), isinstance(action, (Buy, TakeDiscard)), view.contract.words)
        return Hint(action, offer, plain)
    return Hint(action, _why(view, decision))


def _doing(action: Action, view: PlayerView | None = None) -> str:
    """'buying', 'discarding 7H', ...: an action as the subject of a sentence."""
    if isinstance(action, Buy):
        return "buying"
    if isinstance(action, Pass):
        return "passing"
    if isinstance(action, Meld):
        return f"melding {meld_cards_text(action)}"
    if isinstance(action, AddToSet):
        return f"adding {cards_text(action.cards)} to {set_words(view, action.set_index)}"
    if isinstance(action, LayDown):
        return f"laying down {laid_down_text(action)}"
    return f"discarding {card_text(action.card)}"


def _command(action: Action, offered: Card | None, view: PlayerView | None = None) -> str:
    """'Buy 7H', 'Pass on 7H', 'Discard KC', ...: an action as the start of a hint."""
    if isinstance(action, Buy):
        return f"Buy {card_text(offered)}"
    if isinstance(action, Pass):
        return f"Pass on {card_text(offered)}"
    verb, rest = _doing(action, view).split(" ", 1)
    return {"discarding": "Discard", "melding": "Meld", "adding": "Add", "laying": "Lay"}[verb] + " " + rest


def _does(action: Action, view: PlayerView | None = None) -> str:
    """'buys', 'passes', 'discards 7H', ...: what a player does, after its name."""
    doing = _doing(action, view)
    verb, _, rest = doing.partition(" ")
    verb = {"buying": "buys", "passing": "passes", "discarding": "discards", "melding": "melds",
            "adding": "adds", "laying": "lays"}[verb]
    return f"{verb} {rest}".rstrip()


def rollout_sentence(evaluation, offered: Card | None = None, *, view: PlayerView | None = None,
                     choice: Action | None = None, token_points: float | None = None) -> str:
    """The sentence for an expert evaluation (:class:`tenpennies.bots.expert.Evaluation`):
    its best action, and by how many points it ends the round better than the runner-up
    (paired over the same worlds), with the standard error. ``offered`` is the card on
    offer, named in a buy or pass; ``view`` names the table's sets.

    When the difference is under two standard errors it is too close to call, and the
    sentence says so and names ``choice`` (the strong bot's action, which the hint then
    keeps). ``token_points`` is what a token was counted as (unless told: its measured worth
    in ``view``, :func:`tenpennies.bots.expert.token_cost`), named when a purchase was tried.
    """
    # (import weight: import tenpennies loads no expert bot; a hint asks for it here)
    from ..bots.expert import TOKEN_POINTS, token_cost

    best, runner = evaluation.estimates[0], evaluation.estimates[1]
    gain, error = evaluation.advantage(best.action, runner.action)
    if token_points is not None:
        worth = token_points
    else:
        worth = token_cost(view) if view is not None else TOKEN_POINTS
    token = f" (a token counted as {worth:.1f} points)" if any(
        isinstance(e.action, Buy) for e in evaluation.estimates) else ""
    measured = (f"in {best.rollouts} rollouts {_doing(best.action, view)} ends the round "
                f"{gain:.1f} ± {error:.1f} points better than {_doing(runner.action, view)}{token}")
    if _clear(gain, error):
        return f"{_command(best.action, offered, view)}: {measured}."
    strong = "" if choice is None else f"; the strong bot {_does(choice, view)}"
    return f"Too close to call: {measured}{strong}."


def _clear(gain: float, error: float) -> bool:
    """Is a rollout difference more than two standard errors from a tie? (A tie never is.)"""
    return gain > 2 * error


# -- Ten Card Rummy ------------------------------------------------------------------------
def _why_melds_game(view: PlayerView, decision, moves: str) -> str:
    """The sentence for a game with runs or melding before the draw (Ten Card Rummy): the
    strong bot's decision explained (:func:`tenpennies.bots.melding.explained`: how short of
    the contract the hand is and how many unseen cards complete it or bring it a card
    closer, what a card goes with, what lays off where), put into words by
    :func:`tenpennies.explain.decisions.turn_words`. A move is named by the table's button or the CLI's
    command (``moves``)."""
    action = decision.action

    def named(move: str, then: str = "") -> str:
        if moves == "commands":
            # What the person types back, so in the notation the command reads (a ten as TS).
            return f'type "{action.text}"'
        return button_label(move, view.rules) + then

    start, why = turn_words(explained(decision, view, danger_cards=DANGER_CARDS), view, named)
    return f"{start}: {why}"


# -- Ten Pennies ---------------------------------------------------------------------------
def _why(view: PlayerView, decision) -> str:
    """The strong bot's ``decision`` in one sentence: the move, then why, from the
    decision's own facts (:func:`tenpennies.explain.decisions.why_words`, which the review shares)."""
    if isinstance(decision.action, (Buy, Pass)) and view.top_discard is None:
        return "Pass: nothing is offered."
    return f"{command_words(decision, view)}: {why_words(decision, view)}."


__all__ = ["DANGER_CARDS", "MOVE_NAMES", "Hint", "hint", "offer_odds", "rollout_sentence"]
