"""A hint: what the best bot asked would do here, and why, in one sentence with its numbers.

The action is the strong bot's own choice (:class:`tenpennies.bots.strong.StrongBot`), so
a hint and the bot never disagree; the reason is built from the same questions the bot
asks the solver and the odds: how many cards short of the contract the hand would be
(:func:`~tenpennies.solver.cards_needed`), which cards bring it closer
(:func:`~tenpennies.solver.outs`), and how many of them this seat has not seen. A hint
reads only the seat's :class:`~tenpennies.view.PlayerView`, so it cannot give away a card
the seat may not know about (T20).

    >>> from tenpennies import Position, Match
    >>> p = Position(round_no=1, hands=("7S 7H 7D 9S 9H KC 4D", "QS QH 3C", "2S 2H 5C", "TS TH JC"),
    ...              discard_pile="6C", dealer=3, stock="5S 8D 8D 8S")
    >>> m = Match.from_position(p); m.apply(m.legal_actions()[1])  # seat 0 passes on 6C
    >>> for s in (1, 2, 3): m.apply(m.legal_actions()[1])
    >>> print(hint(m.view(0)))
    Discard KC and keep the 7s and 9s: you are one card from two sets of 3, and 8 unseen cards complete it (a 9 or a joker).

With ``rollouts``, a close decision is tried out the expert bot's way
(:mod:`tenpennies.bots.expert`): each candidate in the same seeded worlds the view allows,
played to the round's end, and the sentence gives the mean difference with its standard
error. A decision that is not close keeps the strong bot's sentence. It costs about
``rollouts`` times the candidates (two or three) rounds played, a few milliseconds each,
so the table's Hint button keeps the fast hint by default.

    >>> p = Position(round_no=1, hands=("7S 7H 9S 9H KC 4D 5C 8D JH QS 3C", "QS QH 3C KD 5S",
    ...              "2S 2H 5C 8C JD", "TS TH JC 4S 6H"), discard_pile="6C 7D", dealer=3, top_discarder=3)
    >>> view = Match.from_position(p, seed=2).view(0)
    >>> print(hint(view))
    Buy 7D: it brings you to one card from two sets of 3, and the next card completes it 8% of the time.
    >>> print(hint(view, rollouts=40, seed=1))
    Buy 7D: in 40 rollouts buying ends the round 6.9 ± 5.2 points better than passing (a token counted as its worth in later rounds).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .actions import Action, AddToSet, Buy, LayDown, Meld, Pass, TakeDiscard
from .cards import Card, format_cards
from .errors import TenPenniesError
from .odds import draw_odds, unseen_cards
from .solver import cards_needed, outs
from .view import PlayerView
from .words import plural

DANGER_CARDS = 2
"""An open opponent with this many cards or fewer may go out on its next turn (as the strong bot judges)."""


@dataclass(frozen=True)
class Hint:
    """The suggested action and the sentence that explains it."""

    action: Action
    sentence: str

    def __str__(self) -> str:
        return self.sentence


def hint(view: PlayerView, *, rollouts: int = 0, seed: int | str = 0) -> Hint:
    """What the strong bot would do in ``view`` (it must be the seat's decision), and why.

    With ``rollouts`` > 0, the expert bot's choice instead (seeded by ``seed``, so the same
    hint each time): a close buy or discard is tried out in that many sampled worlds and
    the sentence says by how many points the choice ends the round better, with its
    standard error. Where the expert sees nothing to try out, the strong bot's hint.
    """
    from .bots.strong import StrongBot

    if view.to_act != view.seat:
        raise TenPenniesError(f"it is not seat {view.seat}'s decision now")
    action = StrongBot().act(view)
    if view.rules.has_runs or view.rules.meld_before_draw:
        # Ten Card Rummy's turn (meld, then take or draw, then discard) and its runs have
        # their own sentences; the rollouts are Ten Pennies' (the expert falls back there).
        return Hint(action, _why_melds_game(view, action))
    if rollouts > 0:
        from .bots.expert import ExpertBot

        bot = ExpertBot(seed, rollouts=rollouts)
        options = bot.options(view, action)
        try:
            evaluation = bot.evaluate(view, options) if len(options) > 1 else None
        except TenPenniesError:
            evaluation = None  # no world can be dealt for this view: the strong bot's hint
        if evaluation is not None:
            return Hint(evaluation.best.action, rollout_sentence(evaluation, view.top_discard))
    return Hint(action, _why(view, action))


def _doing(action: Action) -> str:
    """'buying', 'discarding 7H', ...: an action as the subject of a sentence."""
    if isinstance(action, Buy):
        return "buying"
    if isinstance(action, Pass):
        return "passing"
    if isinstance(action, Meld):
        return f"melding {action.text[5:]}"
    if isinstance(action, AddToSet):
        return f"adding {' '.join(str(c) for c in action.cards)} to set {action.set_index}"
    if isinstance(action, LayDown):
        return f"laying down {action.text[4:]}"
    return f"discarding {action.card}"


def _command(action: Action, offered: Card | None) -> str:
    """'Buy 7H', 'Pass on 7H', 'Discard KC', ...: an action as the start of a hint."""
    if isinstance(action, Buy):
        return f"Buy {offered}"
    if isinstance(action, Pass):
        return f"Pass on {offered}"
    verb, rest = _doing(action).split(" ", 1)
    return {"discarding": "Discard", "melding": "Meld", "adding": "Add", "laying": "Lay"}[verb] + " " + rest


def rollout_sentence(evaluation, offered: Card | None = None) -> str:
    """The sentence for an expert evaluation (:class:`tenpennies.bots.expert.Evaluation`):
    its best action, and by how many points it ends the round better than the runner-up
    (paired over the same worlds), with the standard error. ``offered`` is the card on
    offer, named in a buy or pass."""
    best, runner = evaluation.estimates[0], evaluation.estimates[1]
    gain, error = evaluation.advantage(best.action, runner.action)
    token = " (a token counted as its worth in later rounds)" if any(
        isinstance(e.action, Buy) for e in evaluation.estimates) else ""
    return (f"{_command(best.action, offered)}: in {best.rollouts} rollouts {_doing(best.action)} ends the round "
            f"{gain:.1f} ± {error:.1f} points better than {_doing(runner.action)}{token}.")


def _rank_plural(rank: int) -> str:
    return {1: "aces", 11: "jacks", 12: "queens", 13: "kings"}.get(rank, f"{rank}s")


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _cards_word(n: int) -> str:
    return plural(n, "card", spelled=n == 1)


def _danger(view: PlayerView) -> str | None:
    """'seat 2 is open with 1 card' for the nearest opponent to going out, if any is near."""
    near = [s for s in range(len(view.hand_sizes))
            if s != view.seat and view.opened[s] and view.hand_sizes[s] <= DANGER_CARDS]
    if not near:
        return None
    s = min(near, key=lambda s: view.hand_sizes[s])
    n = view.hand_sizes[s]
    return f"seat {s} is open with {plural(n, 'card')}"


def _outs_words(cards: tuple[Card, ...], wild) -> str:
    ranks = sorted({c.rank for c in cards if not wild[c.index]}, key=lambda r: (r == 1, r))
    parts = [{1: "an ace", 11: "a jack", 12: "a queen", 13: "a king"}.get(r, f"a {r}") for r in ranks]
    if any(wild[c.index] for c in cards):
        parts.append("a joker" if all(c.suit is None for c in cards if wild[c.index]) else "a wild")
    return " or ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " or " + parts[-1]


def _why_melds_game(view: PlayerView, action: Action) -> str:
    """The sentence for a game with runs or melding before the draw (Ten Card Rummy), named by
    the table's buttons, with the numbers the strong bot weighs: how short of the contract the
    hand is, and how many unseen cards would bring it closer."""
    rules, r, hand, me = view.rules, view.round_no, view.hand, view.seat
    points, words, top = rules.card_points, view.contract.words, view.top_discard
    opened = view.opened[me]
    short = None if opened else cards_needed(hand, r, rules)

    def state(cards, seen=None, down=opened) -> str:
        if down:
            return f"you are down, with {_cards_word(len(cards))} ({sum(points[c.rank] for c in cards)} points) in hand"
        need = cards_needed(cards, r, rules)
        if need is None:
            return f"no cards can complete {words} any more"
        if need == 0:
            return f"you hold {words}"
        helpful = outs(cards, r, rules)
        unseen = unseen_cards(cards, view.seen_cards() if seen is None else seen, rules)
        chances = sum(unseen[c] for c in helpful)
        return f"you are {_cards_word(need)} from {words}, and {chances} unseen cards would bring it closer"

    left = list((Counter(hand) - Counter(getattr(action, "cards", ()))).elements())
    # A card taken from the discard pile is in the hand now, no longer among the seen cards.
    taken = tuple((Counter(view.seen_cards()) - Counter([top])).elements()) if top is not None else ()
    if isinstance(action, TakeDiscard):
        after = None if opened else cards_needed(hand + (top,), r, rules)
        gain = " it brings you one card closer, and" if short is not None and after is not None and after < short else ""
        return f"Take {top} from the discard pile (Take Discard), for nothing:{gain} {state(hand + (top,), taken)}."
    if isinstance(action, Pass) and view.active == me:
        return f"Draw from the stock (Draw From Stock) and leave {top}: it does not help; {state(hand)}."
    if isinstance(action, Pass):
        return f"Pass on {top}: it does not help; {state(hand)}."
    if isinstance(action, Buy):
        extra = plural(rules.buy_extra_cards, "stock card")
        return f"Buy {top} (it comes with {extra}): {state(hand + (top,), taken)} with it."
    if isinstance(action, LayDown):
        return f"Lay down {action.text[4:]}: your hand holds {words}; {state(left, down=True)}."
    if isinstance(action, Meld):
        return f"Meld {action.text[5:]}: {state(left)}."
    if isinstance(action, AddToSet):
        meld = view.table[action.set_index]
        owner = "your" if meld.owner == me else f"seat {meld.owner}'s"
        cards = " ".join(str(c) for c in action.cards)
        end = "" if action.end is None else f", at the {action.end} end"
        button = "Add to Meld" if rules.has_runs else "Add to Set"  # the table's label (widgets/table.py)
        return (f"Add {cards} to meld {action.set_index} ({owner} {meld.kind} {format_cards(meld.cards)}{end}; {button}, then "
                f"click the meld): {state(left)}.")
    card = action.card
    rest = list(hand)
    rest.remove(card)
    return f"Discard {card} ({points[card.rank]} points): {state(tuple(rest))}."


def _why(view: PlayerView, action: Action) -> str:
    rules, r, hand, me = view.rules, view.round_no, view.hand, view.seat
    words = view.contract.words
    wild = rules.wild_table(r)
    points = rules.card_points
    if isinstance(action, (Buy, Pass)):
        return _why_offer(view, isinstance(action, Buy))
    if isinstance(action, LayDown):
        used = sum(wild[c.index] for c in action.cards)
        wilds = "no wild" if used == 0 else plural(used, 'wild')
        left = list((Counter(hand) - Counter(action.cards)).elements())
        return (f"Lay down {action.text[4:]}: your hand holds {words}, and this way spends {wilds}, "
                f"leaving {_cards_word(len(left))} ({sum(points[c.rank] for c in left)} points) in your hand.")
    if isinstance(action, Meld):
        shed = sum(points[c.rank] for c in action.cards)
        return f"Meld {action.text[5:]}: a new set sheds {shed} points from your hand."
    if isinstance(action, AddToSet):
        shed = sum(points[c.rank] for c in action.cards)
        cards = " ".join(str(c) for c in action.cards)
        return f"Add {cards} to set {action.set_index}: it fits there and sheds {shed} points."
    card = action.card
    if view.opened[me]:
        return (f"Discard {card}: you are down already, and of the cards you cannot play it is the costliest "
                f"({points[card.rank]} points) not kept for a pair.")
    danger = _danger(view)
    need_now = cards_needed(hand, r, rules)
    if danger and (need_now is None or need_now >= 2):
        return (f"Discard {card}: {danger} and may go out soon, so shed points ({points[card.rank]}) "
                f"rather than chase {words}.")
    n = hand.index(card)
    rest = hand[:n] + hand[n + 1:]
    need = cards_needed(rest, r, rules)
    if need is None:
        return (f"Discard {card}: no cards can complete {words} any more, so shed the most points "
                f"({points[card.rank]}).")
    naturals = Counter(c.rank for c in rest if not wild[c.index])
    kept = [_rank_plural(k) for k in sorted(naturals, key=lambda k: (-naturals[k], k)) if naturals[k] >= 2]
    keep = f" and keep the {_join(kept[:3])}" if kept else ""
    helpful = outs(rest, r, rules)
    unseen = unseen_cards(hand, view.seen_cards(), rules)
    chances = sum(unseen[c] for c in helpful)
    which = f" ({_outs_words(helpful, wild)})" if helpful else ""
    if need == 0:
        return (f"Discard {card}{keep}: you hold {words} even without it, and it would cost "
                f"{points[card.rank]} points at the round's end.")
    if need == 1:
        return (f"Discard {card}{keep}: you are one card from {words}, and {chances} unseen cards "
                f"complete it{which}.")
    return (f"Discard {card}{keep}: you are {_cards_word(need)} from {words}, and {chances} unseen cards "
            f"bring it one closer{which}.")


def _why_offer(view: PlayerView, buy: bool) -> str:
    rules, r, hand, me = view.rules, view.round_no, view.hand, view.seat
    card, words = view.top_discard, view.contract.words
    if card is None:
        return "Pass: nothing is offered."
    if view.opened[me]:
        return (f"Pass on {card}: you are down already, so a purchase would only add "
                f"{rules.buy_extra_cards + 1} cards to your hand.")
    short, after = cards_needed(hand, r, rules), cards_needed(hand + (card,), r, rules)
    rounds_left = rules.rounds - r
    tokens = view.tokens[me]
    if buy:
        if after == 0:
            return f"Buy {card}: with it your hand holds {words}, for one of your {tokens} tokens."
        if after == 1:
            seen = Counter(view.seen_cards())
            seen[card] -= 1  # the offered card would join the hand
            odds = draw_odds(hand + (card,), 1, r, tuple(seen.elements()), rules)
            return (f"Buy {card}: it brings you to one card from {words}, and the next card completes it "
                    f"{float(odds.probability):.0%} of the time.")
        return (f"Buy {card}: it brings you from {_cards_word(short)} to {_cards_word(after)} short of {words}, "
                f"and {tokens} tokens leave enough for the {rounds_left} rounds to come.")
    if short is not None and (after is None or after >= short):
        return f"Pass on {card}: it does not bring {words} any closer."
    if after == 0:
        return f"Pass on {card}: you have no token to buy it with."
    danger = _danger(view)
    if tokens - (rules.rounds - r) < 1:
        return (f"Pass on {card}: it would help, but your {tokens} tokens must last the "
                f"{rounds_left} rounds to come.")
    if danger:
        return f"Pass on {card}: {danger} and may go out soon; three more cards in hand would cost points."
    return (f"Pass on {card}: it would bring you only to {_cards_word(after)} from {words}, "
            "too little for a token.")
