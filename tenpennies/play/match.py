"""The match: every round of a contract rummy as one state machine (T1-T19, C1-C17).

The rule set decides the game: Ten Pennies (``TEN_PENNIES``, T1-T20) or Ten Card Rummy
(``TEN_CARD_RUMMY``, C1-C17). The turn rules are fields of the rule set, never
subclasses: ``meld_before_draw`` (C6), ``free_discard_take`` (C8), ``buy_from_round``,
``buy_extra_cards``, ``tokens``, ``buys_per_round``, ``buy_beneath_again`` (T5-T9, C9),
``stock_rebuild`` (T16, C12), ``meld_kinds`` (sets only, or sets and runs).

A :class:`Match` is always in one of these phases, each with one small function that
checks an action, and one that lists the actions (OpenSpiel style; the listing is
:mod:`tenpennies.play.legal`'s, a pure function of what the seat to act may know, which
the seat's view lists from too):

- ``OFFER``: the top discard is being offered; ``to_act`` answers with Buy or Pass
  (T5-T9, C9). In Ten Card Rummy the active player answers an offer of the card beneath
  a bought one with TakeDiscard or Pass (C9).
- ``PLAY``: (Ten Pennies) the active seat has drawn and may lay down, meld, add to
  sets, then discards (T10-T12).
- ``MELD``: (Ten Card Rummy) before its draw the active seat may lay down, meld and
  add, then takes the top discard (TakeDiscard, free, C8) or passes (C6, C9).
- ``DISCARD``: (Ten Card Rummy) the active seat has drawn and only discards (C6).
- ``OVER``: the last round has been scored (T19, C15).

Draws, the deal, rebuilding the stock and the end of a round happen by themselves
between decisions, so a state always waits on one seat's decision (or is over). The
state changes only through :meth:`Match.apply`, which checks the action first: an
illegal action raises :class:`IllegalActionError` saying why, and then nothing has
changed. Every action and every event is appended to :attr:`Match.log`. All randomness
comes from the match's seed.

    >>> m = Match(seed=7)
    >>> m.phase, m.round_no, m.to_act
    (<Phase.OFFER: 'offer'>, 1, 3)
    >>> m.apply(Pass(3)); m.to_act
    0

This module owns the round's state machine: the deal, the flow between decisions, one
small method per kind of action to play it (``apply``) and the state read back. The
check of each phase and of what goes on the table, saying why not, is
:class:`~tenpennies.play.checks.MatchChecks`'s, a base class of :class:`Match`; what may be
played is listed by :mod:`tenpennies.play.legal`, what a seat may see by :mod:`tenpennies.play.view`.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from typing import Iterable

from ..engine.actions import (
    Action, AddToSet, Buy, Deal, Discard, DrawSource, Event, HowEnded, LayDown, Meld, Pass, Recycle, RoundEnd,
    TakeDiscard,
)
from ._fast import draw_entry
from ..engine.cards import Card, Hand, format_cards, sort_key
from ..engine.errors import IllegalActionError, WrongTypeError
from ..engine.melds import TableMeld
from .position import Position  # Position lives in position.py; imported here for old users
from ..engine.rules import TEN_PENNIES, Contract, RuleSet, hand_points
from .checks import MatchChecks
from .legal import legal_actions as list_actions
from .view import PlayerView, PublicLogs


class Phase(enum.Enum):
    OFFER = "offer"
    PLAY = "play"
    MELD = "meld"
    DISCARD = "discard"
    OVER = "over"

    # Every decision looks its phase up in the tables below; Enum's own hash is Python
    # code, and members are singletons, so the identity hash is right and cheaper.
    __hash__ = object.__hash__


# The members read on every decision, as module names: in Python 3.11 reading an enum's
# member through its class (Phase.OFFER) goes through the hook of EnumType.__getattr__,
# some 0.2 us, several times a decision (a simulated match makes some 1,500).
_OFFER, _PLAY, _OVER = Phase.OFFER, Phase.PLAY, Phase.OVER
_MELD, _DISCARD = Phase.MELD, Phase.DISCARD
_FROM_STOCK = DrawSource.STOCK


class Match(MatchChecks):
    """A whole match: ``Match(seed=1)`` deals round 1; :meth:`apply` plays it.

    ``Match(seed, TEN_CARD_RUMMY.with_players(6))`` plays Ten Card Rummy for six.

    Read-only state: ``round_no``, ``phase``, ``active`` (whose turn), ``to_act`` (whose
    decision now, also during an offer), ``hands``, ``stock`` (top card last),
    ``discard_pile`` (top card last), ``table`` (the melds, in the order laid), ``opened``,
    ``tokens`` (``None`` each where the rules have no tokens), ``buys`` (purchases this
    round), ``scores`` (totals), ``round_results``, ``turns`` (completed this round),
    ``log``.
    """

    def __init__(self, seed: int | str = 0, rules: RuleSet = TEN_PENNIES, *, position: Position | None = None):
        if not isinstance(seed, (int, str)):
            raise WrongTypeError("a match's seed is an int or a str, so it can be saved")
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        # Runs cost only in rule sets that have them: Ten Pennies keeps its set-only paths.
        # The turn's fields are read on every decision, so they are read once here.
        self._runs = rules.has_runs
        self._free_take = rules.free_discard_take
        self._meld_first = rules.meld_before_draw
        self._buy_limit = rules.buys_per_round
        self._buy_from = rules.buy_from_round
        self._buy_back = rules.discarder_may_buy_back
        # After its draw the active seat plays (T10), or only discards (C6).
        self._after_draw = Phase.DISCARD if rules.meld_before_draw else Phase.PLAY
        # Per active seat, every seat clockwise from it: the order of a turn's offers (T5, C9).
        self._clockwise = tuple(tuple((a + k) % rules.players for k in range(rules.players))
                                for a in range(rules.players))
        self.log: list[Action | Event] = []
        self.public_logs = PublicLogs(self.log, rules.players)  # what each seat may see of the log
        self.round_results: list[RoundEnd] = []
        self.start: Position | None = position
        n = rules.players
        self.tokens = [rules.tokens] * n
        self.scores = [0] * n
        self.out_of_play: list[Card] = []
        if position is None:
            # The first dealer comes from the seed (T2, C2).
            self._deal(1, self._rng.randrange(n))
        else:
            self._set_up(position)

    @classmethod
    def from_position(cls, position: Position, seed: int | str = 0, rules: RuleSet = TEN_PENNIES) -> "Match":
        """A match whose current round starts from ``position`` (see :class:`Position`)."""
        return cls(seed, rules, position=position)

    # -- setting up a round ------------------------------------------------------------
    def _deal(self, round_no: int, dealer: int) -> None:
        rules, n = self.rules, self.rules.players
        deck = list(self.rules.deck())
        self._rng.shuffle(deck)
        size = rules.hand_size
        # One card at a time, clockwise from the dealer's left (T3, C2).
        hands = [deck[(i - dealer - 1) % n: n * size: n] for i in range(n)]
        stock = deck[n * size:][::-1]  # the top card is the list's last
        up = stock.pop()  # the next stock card is turned up to start the discard pile
        self._begin_round(round_no, dealer, hands, stock=stock, discard_pile=[up],
                          table=[], opened=[False] * n, active=(dealer + 1) % n, top_discarder=None)
        self.out_of_play = []
        self.log.append(Deal(round_no, dealer, up))
        self._start_turn()

    def _set_up(self, p: Position) -> None:
        given = p.setup(self.rules)  # raises PositionError saying what is wrong
        stock = given["stock"]
        if stock is None:
            stock = list(given["remaining"])
            self._rng.shuffle(stock)
        else:
            stock = stock[::-1]
        self.tokens, self.scores = given["tokens"], given["scores"]
        pile = given["discard_pile"]
        self._begin_round(p.round_no, p.dealer, given["hands"], stock=stock, discard_pile=pile,
                          table=given["table"], opened=given["opened"], active=given["active"],
                          top_discarder=p.top_discarder)
        self.out_of_play = given["out_of_play"]
        self.log.append(Deal(p.round_no, p.dealer, pile[-1] if pile else None))
        self._start_turn()

    def _begin_round(self, round_no, dealer, hands, *, stock, discard_pile, table, opened, active, top_discarder):
        self.round_no = round_no
        self.contract: Contract = self.rules.contract(round_no)
        self.dealer = dealer
        self.hands: list[list[Card]] = hands
        self.stock: list[Card] = stock
        self.discard_pile: list[Card] = discard_pile
        # Who discarded each card of the pile (None: turned up, or not known): the card
        # beneath a bought one is offered again in Ten Card Rummy, and T7 still holds.
        self._discarders: list[int | None] = [None] * len(discard_pile)
        if discard_pile:
            self._discarders[-1] = top_discarder
        self.table: list[TableMeld] = table
        self.opened: list[bool] = opened
        self.active = active
        self.top_discarder = top_discarder
        self.buys = [0] * self.rules.players  # purchases this round, for buys_per_round (C9)
        self.turns = 0
        self.phase = _OFFER
        self.to_act: int | None = active
        self._waiting: list[int] = []  # seats still to be asked after to_act, in order

    # -- the flow between decisions ----------------------------------------------------
    def purchase_available(self) -> bool:
        """Can a purchase's extra cards be drawn, counting the stock's rebuilding (T8, C10)?"""
        if not self.discard_pile:
            return False
        # After the buyer takes the top discard, a rebuild leaves one card of the rest face
        # up: the shuffle keeps the new top (T16), the turn-over turns one up (C12).
        recyclable = max(0, len(self.discard_pile) - 2)
        return len(self.stock) + recyclable >= self.rules.buy_extra_cards

    def _ask(self, phase: Phase, seat: int) -> None:
        self.phase, self.to_act, self._waiting = phase, seat, []

    def _start_turn(self) -> None:
        if self._meld_first:
            self._ask(Phase.MELD, self.active)  # C6: meld first, then take the top discard or pass
        elif self._free_take and self.discard_pile:
            self._ask(_OFFER, self.active)  # the active player may take the discard freely
        else:
            self._offer_top(0)  # T5: the offer starts with the active player

    def _offer_top(self, first: int) -> None:
        """Offer the top discard clockwise from ``active + first``; nobody asked: draw (T5, C9)."""
        # Asked after nearly every discard: purchase_available and _offered written out,
        # in plain loops (each call, and a comprehension's, costs more than its work here).
        pile = self.discard_pile
        if self.round_no >= self._buy_from and pile and (  # C9: from round 4
                len(self.stock) + max(0, len(pile) - 2) >= self.rules.buy_extra_cards):
            tokens = self.tokens
            discarder = None if self._buy_back else self.top_discarder  # T7, C17
            limit = self._buy_limit
            buys = self.buys
            asked = []
            for s in self._clockwise[self.active][first:]:
                # T5: no tokens, not asked (None: not counted, C9); C9: a house limit per round.
                if s != discarder and tokens[s] != 0 and (limit is None or buys[s] < limit):
                    asked.append(s)
            if asked:
                self.phase, self.to_act, self._waiting = _OFFER, asked[0], asked[1:]
                return
        self._regular_draw()

    def _rebuild_stock(self) -> None:
        pile = self.discard_pile
        if self.rules.stock_rebuild == "turn-over":
            # C12: the whole pile turned over unshuffled; its top card starts a new pile,
            # discarded by no one as far as T7 is concerned (like the deal's up card).
            self.stock = pile[::-1]
            up = self.stock.pop()
            self.discard_pile, self._discarders, self.top_discarder = [up], [None], None
            self.log.append(Recycle(len(self.stock), up))
            return
        top = pile.pop()  # T16: everything but the top card, shuffled
        self.stock = pile
        self._rng.shuffle(self.stock)
        self.discard_pile = [top]
        self._discarders = self._discarders[-1:]
        self.log.append(Recycle(len(self.stock)))

    def _draw_one(self, seat: int, source: DrawSource) -> bool:
        if not self.stock:
            if len(self.discard_pile) <= 1:
                return False
            self._rebuild_stock()
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.log.append(draw_entry(seat, card, source))
        return True

    def _take_top(self, seat: int, source: DrawSource) -> None:
        card = self.discard_pile.pop()
        self._discarders.pop()
        self.hands[seat].append(card)
        self.log.append(draw_entry(seat, card, source))

    def _regular_draw(self) -> None:
        # T6, C9: after others bought or all passed, the active player draws from the stock.
        stock = self.stock
        if stock:  # (most draws: _draw_one's, in line, as there is one every turn)
            seat = self.active
            card = stock.pop()
            self.hands[seat].append(card)
            self.log.append(draw_entry(seat, card, _FROM_STOCK))
            self.phase, self.to_act, self._waiting = self._after_draw, seat, []
        elif self._draw_one(self.active, _FROM_STOCK):
            self.phase, self.to_act, self._waiting = self._after_draw, self.active, []
        else:
            self._end_round(HowEnded.NO_DRAW, None)  # T17, C13

    def _end_round(self, how: HowEnded, went_out: int | None) -> None:
        points = tuple(hand_points(h, self.rules) for h in self.hands)
        result = RoundEnd(self.round_no, how, went_out, points,
                          tuple(tuple(sorted(h, key=sort_key)) for h in self.hands), self.turns)
        self.log.append(result)
        self.round_results.append(result)
        self.scores = [s + p for s, p in zip(self.scores, points)]
        if self.round_no >= self.rules.rounds:
            self.phase, self.to_act, self._waiting = _OVER, None, []
        else:
            self._deal(self.round_no + 1, (self.dealer + 1) % self.rules.players)

    # -- checking actions: one function per phase (MatchChecks') ----------------------
    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is not legal now."""
        if type(action) is Pass and action.seat == self.to_act and self.phase is _OFFER:
            return  # declining is always allowed (T5, C9), and most actions are passes: asked first
        seat = getattr(action, "seat", None)
        if seat is None or seat != self.to_act or not isinstance(seat, int):
            # Only an action of the seat to act gets past (it is asked every decision);
            # any other is refused here, saying why.
            if self.phase is Phase.OVER:
                raise IllegalActionError("the match is over")
            if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
                raise IllegalActionError(f"{action!r} is not an action of a seat of this match")
            raise IllegalActionError(f"it is seat {self.to_act}'s turn to {_DOING[self.phase]}, not seat {seat}'s")
        _VERIFY[self.phase](self, action)

    def is_legal(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # -- applying actions: one function per kind of action ----------------------------
    def apply(self, action: Action) -> None:
        """Check ``action`` and play it; raise :class:`IllegalActionError` (changing nothing) if illegal."""
        # The commonest actions are asked here what verify would find (the rest are
        # verified): a pass of the seat to act, in an offer or before its draw (T5, C6, C9);
        # a discard of a card in hand, after the draw (T11, C6); the free take (C8).
        kind, phase = type(action), self.phase
        if kind is Pass:
            if action.seat != self.to_act or (phase is not _OFFER and phase is not _MELD):
                self.verify(action)
        elif kind is Discard:
            if (action.seat != self.to_act or (phase is not _PLAY and phase is not _DISCARD)
                    or action.card not in self.hands[action.seat]):
                self.verify(action)
        elif kind is not TakeDiscard or action.seat != self.to_act or phase is not _MELD or not self.discard_pile:
            self.verify(action)
        self.log.append(action)
        _APPLY[type(action)](self, action)

    def _pass(self, action: Pass) -> None:
        if self.phase is _OFFER and not (self._free_take and action.seat == self.active):
            # T5, C9: an offered seat declined; the next is asked, or the active player draws.
            if self._waiting:
                self.to_act = self._waiting.pop(0)
            else:
                self._regular_draw()
        else:
            # C9: the active player declined the top discard (or the card beneath a bought
            # one): the others may buy it, clockwise (without a free take, the offer starts
            # with the active player, as in T5).
            self._offer_top(1 if self._free_take else 0)

    def _take(self, action: TakeDiscard) -> None:
        self._take_top(action.seat, DrawSource.TAKEN)  # C8: the draw, for nothing
        self.top_discarder = self._discarders[-1] if self._discarders else None
        self.phase, self.to_act, self._waiting = self._after_draw, self.active, []

    def _buy(self, action: Buy) -> None:
        seat, rules = action.seat, self.rules
        if self.tokens[seat] is not None:
            self.tokens[seat] -= 1
        self.buys[seat] += 1
        self._take_top(seat, DrawSource.DISCARD)
        for _ in range(rules.buy_extra_cards):
            drew = self._draw_one(seat, DrawSource.PURCHASE)
            assert drew, "purchase_available() promised these cards (T8, C10)"
        if seat == self.active:
            self.phase, self.to_act, self._waiting = self._after_draw, seat, []  # T6: the buy is its draw
        elif rules.buy_beneath_again and self.discard_pile:
            # C9: the card beneath is the top discard now, offered again from the active player.
            self.top_discarder = self._discarders[-1]
            if self._takes_freely(self.active):
                self._ask(_OFFER, self.active)
            else:
                self._offer_top(0)
        else:
            self._regular_draw()  # T9: no second offer this turn

    def _discard(self, action: Discard) -> None:
        seat = action.seat
        hand = self.hands[seat]
        hand.remove(action.card)
        self.discard_pile.append(action.card)
        self._discarders.append(seat)
        self.top_discarder = seat
        self.turns += 1
        if not hand:
            self._end_round(HowEnded.OUT, seat)  # T12
        elif self.turns >= self.rules.turn_cap:
            self._end_round(HowEnded.TURN_CAP, None)  # T17, C13
        else:
            self.active = (self.active + 1) % self.rules.players
            if self._meld_first or self._free_take:
                self._start_turn()
            else:
                self._offer_top(0)  # (_start_turn's answer in Ten Pennies, without its call: T5)

    def _meld(self, action: LayDown | Meld | AddToSet) -> None:
        seat, hand = action.seat, self.hands[action.seat]
        if isinstance(action, AddToSet):
            self.table[action.set_index] = self._added_meld(action)
        elif isinstance(action, Meld):
            self.table.append(self._table_meld(seat, action.cards, action.end))
        else:
            self.table.extend(self._table_meld(seat, s) for s in action.sets)
            self.opened[seat] = True
        for c in action.cards:
            hand.remove(c)
        if not hand:
            # T12, C7: going out by a meld ends the round at once (no draw, no discard).
            self._end_round(HowEnded.OUT, seat)

    # -- listing actions: one function per phase --------------------------------------
    def legal_actions(self) -> list[Action]:
        """What ``to_act`` can do now: :func:`tenpennies.play.legal.legal_actions`, the one
        listing, which a seat's view lists from too (from what the seat may know)."""
        if self.phase is _OVER:
            return []
        seat = self.to_act
        pile = self.discard_pile
        # The hand as held, unsorted: the listing is the same for every order of it (and
        # the seat's hand changes nearly every turn, so a sorted copy would be made anew).
        return list_actions(self.phase, seat, active=self.active, hand=self.hands[seat], opened=self.opened,
                            table=self.table, round_no=self.round_no, rules=self.rules,
                            top_discard=pile[-1] if pile else None)

    # -- reading the state -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase is _OVER

    @property
    def winners(self) -> tuple[int, ...]:
        """Seats with the lowest total after the last round; ties share the win (T19)."""
        if not self.is_over:
            return ()
        low = min(self.scores)
        return tuple(i for i, s in enumerate(self.scores) if s == low)

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def hand(self, seat: int) -> Hand:
        """A seat's hand, sorted for reading."""
        return Hand(self.hands[seat])

    def all_cards(self) -> Counter:
        """Every card of the round wherever it is: always the whole deck (for tests)."""
        everywhere = Counter(self.stock) + Counter(self.discard_pile) + Counter(self.out_of_play)
        for h in self.hands:
            everywhere.update(h)
        for s in self.table:
            everywhere.update(s.cards)
        return everywhere

    def snapshot(self) -> tuple:
        """The whole state as one comparable value (random generator included)."""
        return (
            self.round_no, self.dealer, self.active, self.phase, self.to_act, tuple(self._waiting),
            tuple(tuple(h) for h in self.hands), tuple(self.stock), tuple(self.discard_pile),
            tuple(self.table), tuple(self.opened), tuple(self.tokens), tuple(self.scores),
            self.turns, self.top_discarder, tuple(self.out_of_play), len(self.log),
            tuple(self.round_results), self._rng.getstate(), tuple(self._discarders), tuple(self.buys),
        )

    def view(self, seat: int):
        """What one seat may know (T20): see :class:`tenpennies.play.view.PlayerView`."""
        return PlayerView.of(self, seat)

    def __str__(self) -> str:
        return self.describe()

    def describe(self, show_hands: bool = True) -> str:
        """The table as text; ``show_hands=False`` hides every hand."""
        lines = [f"Round {self.round_no} of {self.rules.rounds}: {self.contract.words}"
                 f" (wilds: {self.rules.wild_words(self.round_no)}, " + (
                     "fewer than the naturals in every meld)" if self.rules.wilds_outnumbered
                     else f"at most {self.contract.wild_limit} per set)")]
        if self.is_over:
            lines[0] = f"Match over after {self.rules.rounds} rounds; winner(s): " + ", ".join(
                f"seat {w}" for w in self.winners)
        for seat in range(self.rules.players):
            mark = ">" if seat == self.to_act else " "
            hand = format_cards(self.hand(seat)) if show_hands else f"{len(self.hands[seat])} cards"
            status = "open" if self.opened[seat] else "not open"
            tokens = "" if self.tokens[seat] is None else f"{self.tokens[seat]:>2} tokens, "
            lines.append(f"{mark} seat {seat}: {self.scores[seat]:>3} pts, {tokens}{status:<8} | {hand}")
        top = self.top_discard
        lines.append(f"  stock: {len(self.stock)} cards   discard pile: {len(self.discard_pile)} cards, top "
                     f"{top if top else '(empty)'}")
        word = "meld" if self._runs else "set"
        for i, s in enumerate(self.table):
            lines.append(f"  {word} {i}: {s}")
        if not self.is_over:
            if self.phase is Phase.OFFER:
                doing = f"offered {top}: " + ("take or pass" if self._takes_freely(self.to_act) else "buy or pass")
            else:
                doing = "to " + _DOING[self.phase]
            lines.append(f"  seat {self.to_act} {doing} (turn {self.turns + 1}, seat {self.active}'s)")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from ..pictures.svg import match_svg  # (a picture hook: the engine never pays for pictures)

        return match_svg(self)

    def __repr__(self) -> str:
        return f"<Match seed={self.seed!r} round {self.round_no} {self.phase.value} to_act={self.to_act}>"


# The phase-driven tables: what a phase is called, how it checks actions, and how each
# kind of action is played (listing them is tenpennies.play.legal's).
_DOING = {Phase.OFFER: "answer the offer", Phase.PLAY: "play", Phase.MELD: "meld, then take or pass",
          Phase.DISCARD: "discard"}
_VERIFY = {Phase.OFFER: Match._verify_offer, Phase.PLAY: Match._verify_play,
           Phase.MELD: Match._verify_meld_phase, Phase.DISCARD: Match._verify_discard_phase}
_APPLY = {Pass: Match._pass, Buy: Match._buy, TakeDiscard: Match._take, Discard: Match._discard,
          LayDown: Match._meld, Meld: Match._meld, AddToSet: Match._meld}
