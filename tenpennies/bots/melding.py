"""How the thumb and strong bots play a rule set with runs (Ten Card Rummy, C3-C11).

Ten Pennies keeps its own, faster policies (``thumb.py``, ``strong.py``); a bot hands
its decision here when :func:`plays_runs` says the rule set needs it. Decisions are
read off the listed legal actions, so one policy serves either turn order: a listed
``Buy`` is an offer on another seat's turn (C9: one extra stock card, no tokens), a
listed ``TakeDiscard`` is the active player's free take of the top discard (C8), a
listed ``LayDown``, ``Meld`` or ``AddToSet`` is a chance to shed, and a listed
``Discard`` ends the turn.

What both bots know about runs: a card is worth keeping when it has a partner, a
natural of its rank (toward a set) or of its suit one or two ranks away, ace next to
both king and two (toward a run, C3); a joker is always worth keeping in hand until
it can be laid. Once open, a player sheds before it draws (C6): every new meld, then
every card that lays off on a table meld (C11), naturals before jokers.

========  =======================================================================
bot       policy in a rule set with runs
========  =======================================================================
thumb     takes or buys a joker or a card with a partner; lays down as soon as it
          can; sheds; discards the most expensive card without a partner
strong    asks the solver (which knows runs) how many cards the hand is short:
          takes or buys the top discard by tenpennies.bots.buying's judgment; when
          that is close: takes a free discard that is a joker, has a partner or
          brings the contract closer, buys a joker or a card that brings it closer
          unless an open opponent may go out; lays down the arrangement that
          sheds the most; discards what leaves the hand least short, of those the
          card with fewest partners; once open it keeps cards that lay off on the
          table and sheds the rest by points
========  =======================================================================

    >>> from tenpennies.bots import play_match
    >>> from tenpennies.engine.rules import TEN_CARD_RUMMY
    >>> m = play_match(["strong", "thumb", "strong", "thumb"], seed=5, rules=TEN_CARD_RUMMY)
    >>> m.is_over, len(m.round_results)
    (True, 11)
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

from ..engine.actions import Action, AddToSet, Buy, Discard, LayDown, Meld, Pass, TakeDiscard
from .buy_core import judge
from .buying import offer_odds, should_buy
from ..engine.cards import Card
from .decision import Decision
from ..engine.melds import meld_additions
from ..odds import unseen_cards
from ..engine.rules import RuleSet
from ..solver import cards_needed, outs
from ..play.view import PlayerView
from .tactics import costliest, nearest_open_opponent, opponent_near_out


def plays_runs(rules: RuleSet) -> bool:
    """Does this rule set need the policies here: runs, or the meld-before-draw turn?"""
    return rules.has_runs or rules.meld_before_draw


# -- what the bots read off the table ----------------------------------------------------
def partners(card: Card, hand: Sequence[Card], wild: Sequence[bool]) -> int:
    """How many other naturals in ``hand`` help ``card`` toward a set or a run.

    A natural of the same rank (a set may repeat suits, C3), or of the same suit one or
    two ranks away, going round the circle (K A 2 are neighbours). A wild has none:
    it fits anywhere, which is why it is kept.
    """
    if wild[card.index]:
        return 0
    n = 0
    seen_self = False
    for other in hand:
        if other is card and not seen_self:
            seen_self = True  # the card itself (cards are interned values)
            continue
        if wild[other.index]:
            continue
        if other.rank == card.rank:
            n += 1
        elif other.suit == card.suit and (other.rank - card.rank) % 13 in (1, 2, 11, 12):
            n += 1
    return n


def partner_counts(hand: Sequence[Card], wild: Sequence[bool]) -> dict[Card, int]:
    """:func:`partners` of each card in ``hand``, from one count of the hand (a bot
    weighing its discard asks of every card)."""
    by_rank = [0] * 14  # naturals of each rank
    by_index = [0] * 53  # and of each card value
    for c in hand:
        if not wild[c.index]:
            by_rank[c.rank] += 1
            by_index[c.index] += 1
    if by_index[52]:  # a joker played as a natural: no suit to count by (no rule set here does)
        return {c: partners(c, hand, wild) for c in hand}
    links = {}
    for c in hand:
        i = c.index
        if wild[i]:
            links[c] = 0
            continue
        base, place = i - i % 13, i % 13
        links[c] = (by_rank[c.rank] - 1 + by_index[base + (place + 1) % 13] + by_index[base + (place + 2) % 13]
                    + by_index[base + (place + 11) % 13] + by_index[base + (place + 12) % 13])
    return links


def lays_off(card: Card, view: PlayerView) -> bool:
    """Does ``card`` lay off on some table meld now (C11)?"""
    return any(meld_additions(meld, (card,), view.round_no, view.rules) for meld in view.table)


def laying_off(cards: Iterable[Card], view: PlayerView) -> set[Card]:
    """Those of ``cards`` that lay off on some table meld now (C11): :func:`lays_off` of
    each, one look at each meld."""
    cards = tuple(cards)
    return {c for meld in view.table for c, _ in meld_additions(meld, cards, view.round_no, view.rules)}


def shedding_action(legal: Iterable[Action], wild: Sequence[bool]) -> Action | None:
    """The first meld or lay-off to make, or None.

    New melds first, the largest and those with fewest wilds first (they shed the
    most and keep jokers for later), then naturals laid off, then wilds laid off. A
    lay-down is not a shed: the caller chooses it first.
    """
    best, best_key = None, None
    for a in legal:
        if isinstance(a, Meld):
            wilds = sum(wild[c.index] for c in a.cards)
            key = (0, wilds, -len(a.cards), -sum(c.rank for c in a.cards))
        elif isinstance(a, AddToSet):
            wilds = sum(wild[c.index] for c in a.cards)
            key = (1 + (wilds > 0), 0, -len(a.cards), a.set_index)
        else:
            continue
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def _turn_opening(view: PlayerView, legal: Sequence[Action]) -> Action | None:
    """Lay down, then shed, whenever the listed actions allow (both bots, C6, C10)."""
    for a in legal:
        if isinstance(a, LayDown):
            return a
    if view.opened[view.seat]:
        return shedding_action(legal, view.rules.wild_table(view.round_no))
    return None


def _answer(legal: Sequence[Action], yes: bool) -> Action:
    """The listed take or buy when ``yes``, else the listed pass."""
    for a in legal:
        if yes and isinstance(a, (TakeDiscard, Buy)):
            return a
    for a in legal:
        if isinstance(a, Pass):
            return a
    return legal[0]


def _kinds(legal: Sequence[Action]) -> set[type]:
    return {type(a) for a in legal}


# -- the thumb bot -----------------------------------------------------------------------
def thumb_act(view: PlayerView) -> Action:
    """The thumb bot's decision in a rule set with runs (see the table above)."""
    legal = view.legal_actions
    kinds = _kinds(legal)
    wild = view.rules.wild_table(view.round_no)
    card = view.top_discard
    if Buy in kinds:
        return _answer(legal, not view.opened[view.seat] and _thumb_likes(card, view, wild))
    shed = _turn_opening(view, legal)
    if shed is not None:
        return shed
    if TakeDiscard in kinds:
        if view.opened[view.seat]:
            likes = card is not None and (wild[card.index] or lays_off(card, view))
        else:
            likes = _thumb_likes(card, view, wild)
        return _answer(legal, likes)
    if Discard in kinds:
        return Discard.of(view.seat, _thumb_discard(view, wild))
    return legal[0]


def _thumb_likes(card: Card | None, view: PlayerView, wild) -> bool:
    if card is None:
        return False
    return wild[card.index] or partners(card, view.hand + (card,), wild) > 0


def _thumb_discard(view: PlayerView, wild) -> Card:
    hand = view.hand
    naturals = [c for c in hand if not wild[c.index]]
    if view.opened[view.seat]:
        fits = laying_off(naturals, view)
        naturals = [c for c in naturals if c not in fits] or naturals
    links = partner_counts(hand, wild)
    fewest = min((links[c] for c in naturals), default=None)
    useless = [c for c in naturals if links[c] == fewest] or list(hand)
    return costliest(useless, view.rules)


# -- the strong bot ----------------------------------------------------------------------
def _needed(hand: Sequence[Card], view: PlayerView) -> float:
    need = cards_needed(hand, view.round_no, view.rules, trusted=True)
    return math.inf if need is None else need


def strong_act(view: PlayerView, *, danger_cards: int = 2) -> Action:
    """The strong bot's decision in a rule set with runs (see the table above)."""
    legal = view.legal_actions
    kinds = _kinds(legal)
    wild = view.rules.wild_table(view.round_no)
    seat = view.seat
    if Buy in kinds:
        return _answer(legal, _strong_offer(view, danger_cards)[0])
    for a in legal:
        if isinstance(a, LayDown):
            # Of the listed arrangements, the one that lays the most cards and points.
            points = view.rules.card_points
            return max((a for a in legal if isinstance(a, LayDown)),
                       key=lambda a: (len(a.cards), sum(points[c.rank] for c in a.cards)))
    shed = _turn_opening(view, legal)
    if shed is not None:
        return shed
    if TakeDiscard in kinds:
        return _answer(legal, _strong_offer(view, danger_cards)[0])
    if Discard in kinds:
        return Discard.of(seat, _strong_discard(view, wild, danger_cards))
    return legal[0]


def _strong_offer(view: PlayerView, danger_cards: int) -> tuple[bool, str, tuple | None]:
    """Take or buy the top discard? :func:`tenpennies.bots.buy_core.judge`'s verdict (the fast core
    of :func:`~tenpennies.bots.buying.should_buy`); when it is "close" (the chances cannot
    tell), this bot's rule of thumb: a free take (C8) of a wild, a card with a partner or
    one that brings the contract closer (once down: a wild or a card that lays off); a
    purchase (C9) of a wild or a card that brings it closer, unless an open opponent is
    near going out."""
    card, seat = view.top_discard, view.seat
    if card is None:
        return False, "pass-nothing-offered", None
    free = view.active == seat and view.rules.free_discard_take
    if view.opened[seat]:  # (judged without counts: none are made)
        verdict, reason, numbers = judge(view.hand, card, view.round_no, view.rules, (), opened=True,
                                         tokens=view.tokens[seat], my_turn=view.active == seat)
    else:
        need, hand_outs = _offer_gap(view, card)
        verdict, reason, numbers = judge(view.hand, card, view.round_no, view.rules, _unseen(view),
                                         opened=False, tokens=view.tokens[seat], my_turn=view.active == seat,
                                         need=need, hand_outs=hand_outs, stock=view.stock_size,
                                         pile=view.discard_pile)
    if verdict != "close":
        return verdict == "buy", reason, numbers
    wild = view.rules.wild_table(view.round_no)
    if free:
        if view.opened[seat]:
            yes = wild[card.index] or lays_off(card, view)
        else:
            yes = wild[card.index] or partners(card, view.hand + (card,), wild) > 0 or _strong_improves(card, view)
    else:
        yes = (not view.opened[seat] and not opponent_near_out(view, danger_cards)
               and (wild[card.index] or _strong_improves(card, view) or _pays_outright(view, card, numbers)))
    return yes, "close-buys" if yes else "close-passes", numbers


def _pays_outright(view: PlayerView, card: Card, numbers) -> bool:
    """This bot's tie-break for a purchase (C9) of a card that is no out, which the judgment
    never calls a clear buy (it buys only tempo: :func:`tenpennies.bots.buy_core.judge`): buy when
    the chances at the horizon alone pay for the token and the stock card at their high
    ends (the hand's points times the chance buying adds), the card's own points left out.
    Measured in Ten Card Rummy (no token, one stock card) against the bot before issue 32
    (``benchmarks/buy_rule.py --before 8a4dce7 --rules ten-card-rummy``): see
    :func:`_strong_offer`."""
    buy, pass_, stake, worth, extra, _, _ = numbers
    chance = buy.exact
    if chance is None:  # (settled by bounds: count it now)
        chance = judge(view.hand, card, view.round_no, view.rules, _unseen(view), opened=False,
                       tokens=view.tokens[view.seat], my_turn=view.active == view.seat, stock=view.stock_size,
                       pile=view.discard_pile, exact=True)[2][0].exact
    stock_cards = extra.high - view.rules.card_points[card.rank]  # (the judgment counts the card as carried)
    return stake * float(chance - pass_.exact) - worth.high - stock_cards > 0


def _offer_gap(view: PlayerView, card: Card) -> tuple[float, frozenset]:
    """How short the hand is (infinity: no cards can complete it), and its outs as
    :func:`~tenpennies.bots.buy_core.judge` reads them for ``card``: every out (by index) when
    one card is missing, since the chance of passing counts them all; else only whether
    ``card`` is one, all judge asks then. Whether it is one is asked of the hand with it
    (an out leaves it a card shorter: tests/test_solver_runs.py), one count where
    listing every out tries each card value in turn, in hands with runs the bot's
    costliest question."""
    need = _needed(view.hand, view)
    if need == 1:
        return need, frozenset([c.index for c in outs(view.hand, view.round_no, view.rules, trusted=True)])
    if need == 0 or need == math.inf:
        return need, frozenset()  # (no card brings it closer)
    return need, (frozenset((card.index,)) if _needed(view.hand + (card,), view) == need - 1 else frozenset())


def _unseen(view: PlayerView) -> list[int]:
    """Copies of each card value (by index) the seat has not seen: the deck's copies
    (:func:`tenpennies.odds.unseen_cards` of nothing seen, once per rule set) less its
    hand and what its view has seen, counted by index (a Counter hashes each card in
    Python, and this is asked at every offer)."""
    rules = view.rules
    if _DECK[0] is not rules:
        copies = [0] * 53
        for c, n in unseen_cards((), (), rules).items():
            copies[c.index] = n
        _DECK[:] = [rules, copies]
    left = list(_DECK[1])
    for c in view.hand:
        left[c.index] -= 1
    for c in view.seen_cards():
        left[c.index] -= 1
    return left


_DECK: list = [None, []]  # the last rule set asked of, and its copies of each card value


def strong_decide(view: PlayerView, *, danger_cards: int = 2) -> Decision:
    """:func:`strong_act` with its reason: an offer by :func:`tenpennies.bots.buying.should_buy`
    (and the tie-break above), any other decision by the kind of action it is."""
    legal = view.legal_actions
    kinds = _kinds(legal)
    # An offer: another's purchase (C9) at once; the free take (C8) once the turn's
    # lay-down and melds are made (they come first, C6).
    offered = view.top_discard is not None and (
        Buy in kinds or (TakeDiscard in kinds and _turn_opening(view, legal) is None
                         and not any(isinstance(a, LayDown) for a in legal)))
    if offered:
        judgment = should_buy(view)
        yes = judgment.verdict == "buy"
        reason = judgment.reason
        if judgment.verdict == "close":
            yes = _strong_offer(view, danger_cards)[0]
            reason = "close-buys" if yes else "close-passes"
        return Decision(_answer(legal, yes), reason, dict(judgment.decision.facts))
    return _decision_of(strong_act(view, danger_cards=danger_cards), view)


def explained(decision: Decision, view: PlayerView, *, danger_cards: int = 2) -> Decision:
    """The strong bot's ``decision`` in ``view`` (a game with runs) with the facts its words
    give (:func:`tenpennies.explain.decisions.why_words`): ``facts["why"]`` names the case, and the
    numbers beside it are the ones the bot weighed: how short of the contract the hand is
    and how many unseen cards complete it or bring it a card closer, what a card goes with
    (:func:`partners`), where it lays off, the open opponent near going out. The action and
    reason stay the decision's own.

    Asked for when a decision is put into words (a hint, a review's mistake), not on every
    decision: counting outs in a hand with runs is the costliest question the bot asks."""
    action, rules, r, hand, me = decision.action, view.rules, view.round_no, view.hand, view.seat
    points, top = rules.card_points, view.top_discard
    wild = rules.wild_table(r)
    opened = view.opened[me]
    # What the seat cannot see: the same whichever cards it holds of what it has seen
    # (a taken discard moves from the seen cards to the hand; a discard the other way).
    unseen = unseen_cards(hand, view.seen_cards(), rules)
    facts = dict(decision.facts)

    def standing(cards, need: int | None | bool = False) -> dict:
        """Where ``cards`` leave a closed hand: cards short (None: never; counted unless
        given), and the unseen outs."""
        if need is False:
            need = cards_needed(cards, r, rules)
        found = {"need": need}
        if need:
            found["unseen_outs"] = sum(unseen[c] for c in outs(cards, r, rules))
        return found

    def kept(cards) -> dict:
        return {"kept_cards": len(cards), "kept_points": sum(points[c.rank] for c in cards)}

    def partnered(card: Card, cards) -> dict:
        """The other cards of ``cards`` that ``card`` goes with, as the bot counts partners."""
        others = list(cards)
        if card in others:
            others.remove(card)
        # A card is a partner of ``card`` exactly when the pair of them counts one partner.
        found = [c for c in dict.fromkeys(others) if partners(card, (card, c), wild)]
        return {"partners_rank": tuple(c for c in found if c.rank == card.rank),
                "partners_suit": tuple(c for c in found if c.rank != card.rank)}

    left = list((Counter(hand) - Counter(getattr(action, "cards", ()))).elements())
    short = None if opened else cards_needed(hand, r, rules)
    facts["opened"] = opened
    if isinstance(action, (TakeDiscard, Buy)):
        facts.update(card=top, free=isinstance(action, TakeDiscard), extra_cards=rules.buy_extra_cards,
                     card_points=points[top.rank], wild=wild[top.index])
        if opened:
            lays_on = next((i for i, meld in enumerate(view.table) if meld_additions(meld, (top,), r, rules)), None)
            facts.update(why="take-lays-off" if lays_on is not None else "take-wild", lays_on=lays_on)
            return Decision(action, decision.reason, facts)
        after = cards_needed(hand + (top,), r, rules)
        facts["short_after"] = after
        if after is not None and (short is None or after < short):
            facts["why"] = "take-closer"
            if isinstance(action, Buy) and after == 1:
                odds = offer_odds(view)
                if odds.buy_probability > 0:
                    facts.update(buy_chance=odds.buy_probability, pass_chance=odds.pass_probability)
            if after and "buy_chance" not in facts:
                facts["unseen_outs"] = sum(unseen[c] for c in outs(hand + (top,), r, rules))
            return Decision(action, decision.reason, facts)
        facts.update(why="take-keeps", **partnered(top, hand + (top,)), **standing(hand + (top,)))
        return Decision(action, decision.reason, facts)
    if isinstance(action, Pass):
        facts.update(card=top, my_turn=view.active == me)
        if top is None:
            facts["why"] = "draw-nothing"
        elif opened:
            facts.update(why="pass-down", extra_cards=rules.buy_extra_cards, **kept(hand))
        else:
            after = cards_needed(hand + (top,), r, rules)
            helps = wild[top.index] or (after is not None and (short is None or after < short))
            danger = nearest_open_opponent(view, danger_cards)
            if view.active != me and helps and danger:
                facts.update(why="pass-danger", extra_cards=rules.buy_extra_cards, **danger)
            else:
                facts.update(why="pass-not-closer", **standing(hand, short))
        return Decision(action, decision.reason, facts)
    if isinstance(action, LayDown):
        facts.update(why="lay-down", **kept(left))
    elif isinstance(action, (Meld, AddToSet)):
        facts.update(why="shed-meld" if isinstance(action, Meld) else "shed-add",
                     points=sum(points[c.rank] for c in action.cards), **kept(left))
    elif isinstance(action, Discard):
        card = action.card
        rest = list(hand)
        rest.remove(card)
        facts.update(points=points[card.rank], **partnered(card, hand), **kept(rest))
        danger = nearest_open_opponent(view, danger_cards)
        if opened:
            facts.update(why="discard-down", lays_off=lays_off(card, view))
        elif danger and (short is None or short >= 2):
            facts.update(why="discard-danger", **danger)
        else:
            facts.update(why="discard-partners", **standing(rest))
    return Decision(action, decision.reason, facts)


def thumb_decide(view: PlayerView) -> Decision:
    """:func:`thumb_act` with its reason, by the kind of action it is."""
    return _decision_of(thumb_act(view), view)


def _decision_of(action: Action, view: PlayerView) -> Decision:
    """A decision named by its kind of action, with the points it sheds or throws."""
    points = view.rules.card_points
    if isinstance(action, (TakeDiscard, Buy)):
        return Decision(action, "take" if isinstance(action, TakeDiscard) else "buy", {"card": view.top_discard})
    if isinstance(action, Pass):
        return Decision(action, "pass", {"card": view.top_discard})
    if isinstance(action, LayDown):
        return Decision(action, "lay-down", {"cards": len(action.cards)})
    if isinstance(action, (Meld, AddToSet)):
        return Decision(action, "shed", {"points": sum(points[c.rank] for c in action.cards)})
    if isinstance(action, Discard):
        return Decision(action, "discard", {"points": points[action.card.rank]})
    return Decision(action, "listed", {})


def _strong_improves(card: Card, view: PlayerView) -> bool:
    """Does adding ``card`` bring the contract closer, by the solver's count?"""
    return _needed(view.hand + (card,), view) < _needed(view.hand, view)


def _strong_discard(view: PlayerView, wild, danger_cards: int) -> Card:
    hand, rules = view.hand, view.rules
    naturals = [c for c in hand if not wild[c.index]] or list(hand)
    if view.opened[view.seat]:
        # Cards that lay off next turn go for nothing then; of the rest, keep partners.
        fits = laying_off(naturals, view)
        loose = [c for c in naturals if c not in fits] or naturals
        links = partner_counts(hand, wild)
        fewest = min(links[c] for c in loose)
        return costliest([c for c in loose if links[c] == fewest], rules)
    if opponent_near_out(view, danger_cards) and _needed(hand, view) >= 2:
        return costliest(naturals, rules)  # the round may end before the contract: shed points
    # How short the hand is without each card it might throw (the solver knows runs);
    # of the throws that leave it least short, the card with the fewest partners, then
    # the most points. (Counting unseen outs per throw, as in Ten Pennies, costs tens of
    # milliseconds a hand with runs: too slow for a bot asked thousands of times.)
    points = rules.card_points
    links = partner_counts(hand, wild)
    throws = sorted(dict.fromkeys(naturals), key=lambda c: (links[c], -points[c.rank], -c.rank, -c.index))
    # No throw leaves the hand less short than it is (a card more never makes the
    # solver's count larger: tests/test_solver_runs.py), so the first throw in that
    # order that leaves it no shorter is the best; the solver is asked of few throws.
    least = _needed(hand, view)
    best, best_short = None, None
    for card in throws:
        n = hand.index(card)
        short = _needed(hand[:n] + hand[n + 1:], view)
        if short <= least:
            return card
        if best_short is None or short < best_short:
            best, best_short = card, short
    return best

__all__ = ["laying_off", "lays_off", "partner_counts", "partners", "plays_runs", "shedding_action", "strong_act",
           "strong_decide", "thumb_act", "thumb_decide"]
