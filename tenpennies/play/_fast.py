"""The action and log values made once and shared: their one home (private).

Actions and log entries are frozen values, so two equal ones are interchangeable, and
any holder may keep one: nobody can change it. Yet making a frozen dataclass costs more
than most decisions (its ``__init__`` sets each field through ``object.__setattr__``),
and a simulated match makes some 1,500 decisions, most of them a buy or a pass, a
discard, or a listing of them, and logs hundreds of draws. So the values that recur on
every turn are made here, once per seat (as many as any rule set seats) and card, and
shared by the match, the listing (:mod:`tenpennies.play.legal`), the views and the bots.
The discards are :meth:`tenpennies.engine.actions.Discard.of`'s own, made beside their class (the
public way to get one), so that actions.py needs nothing from here.

Nothing here is reachable from a view but the frozen values themselves: the tables and
caches are this module's own.
"""

from __future__ import annotations

from ..engine.actions import MOST_SEATS, AddToSet, Buy, Discard, Draw, DrawSource, Meld, Pass, TakeDiscard
from ..engine.cards import ALL_CARDS, IN_ORDER, Card

SEATS = MOST_SEATS  # more than any rule set seats (RuleSet.with_players refuses more)

BUYS = tuple(Buy(s) for s in range(SEATS))
PASSES = tuple(Pass(s) for s in range(SEATS))
TAKES = tuple(TakeDiscard(s) for s in range(SEATS))
# An offer's two answers per seat, as the listing gives them (the buyer's, or the
# active player's of Ten Card Rummy, C8), and as a bot picks one (``[buy]``).
BUY_OR_PASS = tuple((b, p) for b, p in zip(BUYS, PASSES))
TAKE_OR_PASS = tuple((t, p) for t, p in zip(TAKES, PASSES))
PASS_OR_BUY = tuple((p, b) for b, p in zip(BUYS, PASSES))

# Discard.of's values, per seat and card index; and the same values by the card's place
# in reading order (``Card.order``), as the listing walks a hand's distinct cards. Those
# rows are lists, never changed: the listing maps a row's ``__getitem__`` over a hand's
# places at nearly every decision, and a list's is a plain C method where a tuple's is a
# slot wrapper, called at twice the cost.
DISCARDS = tuple(tuple(Discard.of(s, c) for c in ALL_CARDS) for s in range(SEATS))  # (Discard.of's own)
DISCARDS_IN_ORDER = tuple([row[c.index] for c in IN_ORDER] for row in DISCARDS)

# A single card added to a meld, per seat, meld index (with the end of a run a card is
# listed at, if any) and the card's place in reading order, made when first listed and
# kept: an open hand lists its additions every turn.
ADDITIONS: tuple[dict, ...] = tuple({} for _ in range(SEATS))


def addition(seat: int, set_index: int, card: Card, end: str | None = None) -> AddToSet:
    """``AddToSet(seat, set_index, (card,), end)``, made once and shared."""
    made = ADDITIONS[seat]
    key = set_index if end is None else (set_index, end)
    row = made.get(key) or made.setdefault(key, [None] * 53)
    action = row[card.order]
    if action is None:
        action = row[card.order] = AddToSet(seat, set_index, (card,), end)
    return action


# Drawn cards everyone sees: a bought discard (T20, C16) and a discard taken as the draw (C8).
PUBLIC_SOURCES = (DrawSource.DISCARD, DrawSource.TAKEN)

# A stock draw as the other seats see it, by (seat, source): it holds no card (T20, C16),
# so the same frozen value stands for every such draw.
HIDDEN_DRAWS = {(s, source): Draw(s, None, source) for s in range(SEATS)
                for source in DrawSource if source not in PUBLIC_SOURCES}

_DRAWS: dict[tuple[int, int, DrawSource], Draw] = {}


def draw_entry(seat: int, card: Card, source: DrawSource) -> Draw:
    """The log entry of a draw, each (seat, card, source) made once and shared."""
    key = (seat, card.index, source)  # (a card's hash is Python code; its index is not)
    entry = _DRAWS.get(key)
    if entry is None:
        entry = _DRAWS[key] = Draw(seat, card, source)
    return entry


# New melds a seat may lay from its hand, as Meld actions, by rule set, round, seat and
# what they depend on in the hand (a set: the hand's cards of its rank and its wilds; a
# run: its suit's ranks held and a wild), as card indices: an open hand lists every new
# meld it holds at every meld phase, and one rank's or suit's cards change seldom. A rule
# set is a key by identity, kept in its entry (a new RuleSet never meets another's
# answers); emptied when large, as the solver's caches are.
_NEW_MELDS: dict[int, tuple] = {}


def new_melds(rules, round_no: int, seat: int, key: tuple, make) -> list:
    """The Meld actions of ``make()`` (a list of ``(cards, end)``) for ``seat``,
    remembered under ``key`` (all that ``make`` depends on besides the rules and round)."""
    entry = _NEW_MELDS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_NEW_MELDS) > 64:
            _NEW_MELDS.clear()
        entry = _NEW_MELDS[id(rules)] = (rules, {})
    made = entry[1]
    full = (round_no, seat, key)
    melds = made.get(full)
    if melds is None:
        if len(made) > 50_000:
            made.clear()
        melds = made[full] = [Meld(seat, cards, end) for cards, end in make()]
    return melds
