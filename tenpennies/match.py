"""The match: seven rounds of Ten Pennies as one state machine (T1-T19).

A :class:`Match` is always in one of three phases:

- ``OFFER``: the top discard is being offered; ``to_act`` answers with Buy or Pass (T5-T9).
- ``PLAY``: the active seat has drawn and may lay down, meld, add to sets, then discards
  (T10-T12).
- ``OVER``: the seventh round has been scored (T19).

Draws, the deal, recycling the stock and the end of a round happen by themselves between
decisions, so a state always waits on one seat's decision (or is over). The state changes
only through :meth:`Match.apply`, which checks the action first: an illegal action raises
:class:`IllegalActionError` saying why, and then nothing has changed. Every action and
every event is appended to :attr:`Match.log`. All randomness comes from the match's seed.

    >>> m = Match(seed=7)
    >>> m.phase, m.round_no, m.to_act
    (<Phase.OFFER: 'offer'>, 1, 3)
    >>> m.apply(Pass(3)); m.to_act
    0
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from itertools import combinations
from functools import partial
from typing import Callable, Iterable, Sequence

from .actions import (
    Action, AddToSet, Buy, Deal, Discard, Draw, DrawSource, Event, HowEnded, LayDown, Meld, Pass, Recycle, RoundEnd,
)
from .cards import ALL_CARDS, SORT_KEYS, Card, Hand, format_cards, sort_key
from .errors import IllegalActionError, WrongTypeError
from .position import Position  # Position lives in position.py; imported here for old users
from .rules import TEN_PENNIES, Contract, RuleSet, hand_points
from .solver import OBJECTIVES, can_lay_down, contract_problems, find_contract
from .sets import TableSet, set_problems, set_rank, single_additions
from .view import PlayerView, PublicLogs


class Phase(enum.Enum):
    OFFER = "offer"
    PLAY = "play"
    OVER = "over"


class Match:
    """A whole match: ``Match(seed=1)`` deals round 1; :meth:`apply` plays it.

    Read-only state: ``round_no``, ``phase``, ``active`` (whose turn), ``to_act`` (whose
    decision now, also during an offer), ``hands``, ``stock`` (top card last),
    ``discard_pile`` (top card last), ``table`` (the sets, in the order laid), ``opened``,
    ``tokens``, ``scores`` (totals), ``round_results``, ``turns`` (completed this round),
    ``log``.
    """

    def __init__(self, seed: int | str = 0, rules: RuleSet = TEN_PENNIES, *, position: Position | None = None):
        if not isinstance(seed, (int, str)):
            raise WrongTypeError("a match's seed is an int or a str, so it can be saved")
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self.log: list[Action | Event] = []
        self.public_logs = PublicLogs(self.log, rules.players)  # what each seat may see of the log
        self.round_results: list[RoundEnd] = []
        self.start: Position | None = position
        n = rules.players
        self.tokens = [rules.tokens] * n
        self.scores = [0] * n
        self.out_of_play: list[Card] = []
        if position is None:
            # The first dealer comes from the seed (T2).
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
        # One card at a time, clockwise from the dealer's left (T3).
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
        self.table: list[TableSet] = table
        self.opened: list[bool] = opened
        self.active = active
        self.top_discarder = top_discarder
        self.turns = 0
        self.phase = Phase.OFFER
        self.to_act: int | None = active
        self._waiting: list[int] = []  # seats still to be asked after to_act, in order

    # -- the flow between decisions ----------------------------------------------------
    def purchase_available(self) -> bool:
        """Can a purchase's extra cards be drawn, counting recycling (T8)?"""
        if not self.discard_pile:
            return False
        # After the buyer takes the top discard, the new top card stays when recycling (T16).
        recyclable = max(0, len(self.discard_pile) - 2)
        return len(self.stock) + recyclable >= self.rules.buy_extra_cards

    def _may_be_offered(self, seat: int) -> bool:
        if self.tokens[seat] <= 0:
            return False  # T5: a player with no tokens is not asked
        # T7: the discarder is not offered its own card (the up card has no discarder).
        return seat != self.top_discarder or self.rules.discarder_may_buy_back

    def _start_turn(self) -> None:
        n = self.rules.players
        if self.purchase_available():
            order = [(self.active + k) % n for k in range(n)]
            asked = [s for s in order if self._may_be_offered(s)]
        else:
            asked = []
        if asked:
            self.phase, self.to_act, self._waiting = Phase.OFFER, asked[0], asked[1:]
        else:
            self._regular_draw()

    def _draw_one(self, seat: int, source: DrawSource) -> bool:
        if not self.stock:
            if len(self.discard_pile) <= 1:
                return False
            top = self.discard_pile.pop()
            self.stock = self.discard_pile
            self._rng.shuffle(self.stock)
            self.discard_pile = [top]
            self.log.append(Recycle(len(self.stock)))
        card = self.stock.pop()
        self.hands[seat].append(card)
        self.log.append(Draw(seat, card, source))
        return True

    def _regular_draw(self) -> None:
        # T6: after others bought or all passed, the active player draws automatically.
        if self._draw_one(self.active, DrawSource.STOCK):
            self.phase, self.to_act, self._waiting = Phase.PLAY, self.active, []
        else:
            self._end_round(HowEnded.NO_DRAW, None)  # T17

    def _end_round(self, how: HowEnded, went_out: int | None) -> None:
        points = tuple(hand_points(h, self.rules) for h in self.hands)
        result = RoundEnd(self.round_no, how, went_out, points,
                          tuple(tuple(sorted(h, key=sort_key)) for h in self.hands), self.turns)
        self.log.append(result)
        self.round_results.append(result)
        self.scores = [s + p for s, p in zip(self.scores, points)]
        if self.round_no >= self.rules.rounds:
            self.phase, self.to_act, self._waiting = Phase.OVER, None, []
        else:
            self._deal(self.round_no + 1, (self.dealer + 1) % self.rules.players)

    # -- checking actions --------------------------------------------------------------
    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` saying why ``action`` is not legal now."""
        if self.phase is Phase.OVER:
            raise IllegalActionError("the match is over")
        seat = getattr(action, "seat", None)
        if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
            raise IllegalActionError(f"{action!r} is not an action of a seat of this match")
        if seat != self.to_act:
            doing = "answer the offer" if self.phase is Phase.OFFER else "play"
            raise IllegalActionError(f"it is seat {self.to_act}'s turn to {doing}, not seat {seat}'s")
        if self.phase is Phase.OFFER:
            if not isinstance(action, (Buy, Pass)):
                raise IllegalActionError(
                    f"seat {seat} is being offered {self.discard_pile[-1]}: it may only buy or pass")
            return
        if isinstance(action, (Buy, Pass)):
            raise IllegalActionError("there is no offer now: seat %d has drawn and plays" % seat)
        hand = self.hands[seat]
        if isinstance(action, Discard):
            if not isinstance(action.card, Card) or action.card not in hand:
                raise IllegalActionError(f"seat {seat} has no {action.card} to discard")
            return
        if isinstance(action, LayDown):
            self._verify_lay_down(action, hand)
            return
        if not isinstance(action, (Meld, AddToSet)):
            raise IllegalActionError(f"{action!r} is not an action")
        if not self.opened[seat]:
            raise IllegalActionError(
                f"seat {seat} has not laid down its contract ({self.contract.words}) yet, "
                "so it may not meld or add to sets")
        self._verify_in_hand(action.cards, hand, seat)
        if isinstance(action, Meld):
            problems = set_problems(action.cards, self.round_no, self.rules)
            if problems:
                raise IllegalActionError(f"{format_cards(action.cards)} is not a set: " + "; ".join(problems))
            return
        if not isinstance(action.set_index, int) or not 0 <= action.set_index < len(self.table):
            raise IllegalActionError(
                f"there is no set {action.set_index} on the table (it has {len(self.table)} sets)")
        if not action.cards:
            raise IllegalActionError("adding to a set needs at least one card")
        target = self.table[action.set_index]
        problems = set_problems(target.cards + tuple(action.cards), self.round_no, self.rules)
        if problems:
            raise IllegalActionError(
                f"adding {format_cards(action.cards)} to set {action.set_index} "
                f"({format_cards(target.cards)}) breaks it: " + "; ".join(problems))

    def _verify_in_hand(self, cards: Sequence[Card], hand: list[Card], seat: int) -> None:
        if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
            raise IllegalActionError(f"an action's cards must be a tuple of Card values, not {cards!r}")
        missing = Counter(cards) - Counter(hand)
        if missing:
            raise IllegalActionError(
                f"seat {seat} does not hold {format_cards(sorted(missing.elements(), key=sort_key))}")

    def _verify_lay_down(self, action: LayDown, hand: list[Card]) -> None:
        seat = action.seat
        if self.opened[seat]:
            raise IllegalActionError(f"seat {seat} has already laid down its contract this round")
        if not isinstance(action.sets, tuple) or not all(
                isinstance(s, tuple) and all(isinstance(c, Card) for c in s) for s in action.sets):
            raise IllegalActionError(f"a lay-down's sets must be tuples of Card values, not {action.sets!r}")
        # The solver owns what a contract is (T13-T15), and says why not in words.
        problems = contract_problems(action.sets, self.round_no, self.rules, hand=hand)
        if problems:
            raise IllegalActionError(f"seat {seat} cannot lay down {action.text[4:]}: " + "; ".join(problems))

    def is_legal(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # -- applying actions --------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Check ``action`` and play it; raise :class:`IllegalActionError` (changing nothing) if illegal."""
        self.verify(action)
        self.log.append(action)
        seat = action.seat
        if isinstance(action, Pass):
            if self._waiting:
                self.to_act = self._waiting.pop(0)
            else:
                self._regular_draw()
        elif isinstance(action, Buy):
            self._buy(seat)
        elif isinstance(action, Discard):
            hand = self.hands[seat]
            hand.remove(action.card)
            self.discard_pile.append(action.card)
            self.top_discarder = seat
            self.turns += 1
            if not hand:
                self._end_round(HowEnded.OUT, seat)  # T12
            elif self.turns >= self.rules.turn_cap:
                self._end_round(HowEnded.TURN_CAP, None)  # T17
            else:
                self.active = (self.active + 1) % self.rules.players
                self._start_turn()
        else:
            self._meld(action)

    def _buy(self, seat: int) -> None:
        self.tokens[seat] -= 1
        card = self.discard_pile.pop()
        self.hands[seat].append(card)
        self.log.append(Draw(seat, card, DrawSource.DISCARD))
        for _ in range(self.rules.buy_extra_cards):
            drew = self._draw_one(seat, DrawSource.PURCHASE)
            assert drew, "purchase_available() promised these cards (T8)"
        if seat == self.active:
            self.phase, self.to_act, self._waiting = Phase.PLAY, seat, []  # T6: the buy is its draw
        else:
            self._regular_draw()  # T9: no second offer this turn

    def _meld(self, action: LayDown | Meld | AddToSet) -> None:
        seat, hand, r = action.seat, self.hands[action.seat], self.round_no
        if isinstance(action, AddToSet):
            self.table[action.set_index] = self.table[action.set_index].added(action.cards)
            cards: Iterable[Card] = action.cards
        elif isinstance(action, Meld):
            self.table.append(TableSet(seat, tuple(action.cards), set_rank(action.cards, r, self.rules)))
            cards = action.cards
        else:
            for s in action.sets:
                self.table.append(TableSet(seat, tuple(s), set_rank(s, r, self.rules)))
            self.opened[seat] = True
            cards = action.cards
        for c in cards:
            hand.remove(c)
        if not hand:
            self._end_round(HowEnded.OUT, seat)  # T12: going out by a meld ends the round at once

    # -- listing actions ---------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """What ``to_act`` can do now.

        During an offer: buy and pass. In play: discarding any card; once open, every
        legal single-card addition to a table set and every new set of three; before
        opening, laying down the solver's best arrangement for each of its objectives
        (fewest wilds, most points, fewest cards). Larger melds, additions of
        several cards and other valid arrangements are legal too (:meth:`is_legal` says),
        though not listed, since there can be thousands.
        """
        if self.phase is Phase.OVER:
            return []
        seat = self.to_act
        if self.phase is Phase.OFFER:
            return [_BUYS[seat], _PASSES[seat]]
        hand = self.hands[seat]
        distinct = sorted(set(hand), key=_SORT_KEYS.__getitem__)
        actions: list[Action] = []
        if not self.opened[seat]:
            # Most hands cannot lay down: the fast yes/no test spares building an arrangement.
            if can_lay_down(hand, self.round_no, self.rules, trusted=True):
                # One arrangement per objective the solver knows, without repeats.
                found = {find_contract(hand, self.round_no, self.rules, objective, trusted=True).sets: None
                         for objective in OBJECTIVES}
                actions.extend(LayDown(seat, sets) for sets in found)
        else:
            r, rules = self.round_no, self.rules
            # sets.single_additions is the O(1)-per-card check that solver.additions lists with.
            for i, s in enumerate(self.table):
                actions.extend(AddToSet(seat, i, (c,)) for c in single_additions(s.cards, distinct, r, rules))
            actions.extend(Meld(seat, trio) for trio in _new_sets_of_three(hand, r, rules))
        discards = _DISCARDS[seat]
        actions.extend(discards[c.index] for c in distinct)
        return actions

    # -- reading the state -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

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
            tuple(self.round_results), self._rng.getstate(),
        )

    def view(self, seat: int):
        """What one seat may know (T20): see :class:`tenpennies.view.PlayerView`."""
        return PlayerView.of(self, seat)

    # What listing the actions of the seat to act reads, besides its hand, the table and
    # who has laid down (see deferred_legal_actions).
    _LISTING_READS = ("rules", "round_no", "phase", "active", "to_act")

    def deferred_legal_actions(self) -> Callable[[], list[Action]]:
        """:meth:`legal_actions` as a call to make later, if a bot reads them (issue 12).

        In play, listing is the costly part of a view (lay-downs, additions, new sets),
        and a bot that can tell it will only discard need not pay for it. The call lists
        them for a copy of what listing reads, taken now: the hand of the seat to act,
        the table, who has laid down, the round and the phase. It holds nothing of
        another hand or of the stock (T20), so a view may keep it. In other phases the
        actions are listed at once: a buy and a pass cost nothing to list.
        """
        if self.phase is not Phase.PLAY:
            return partial(list, self.legal_actions())
        probe = object.__new__(Match)
        for name in self._LISTING_READS:
            setattr(probe, name, getattr(self, name))
        probe.hands = {self.to_act: list(self.hands[self.to_act])}  # its own hand, no other
        probe.opened, probe.table = list(self.opened), list(self.table)
        return probe.legal_actions

    def __str__(self) -> str:
        return self.describe()

    def describe(self, show_hands: bool = True) -> str:
        """The table as text; ``show_hands=False`` hides every hand."""
        lines = [f"Round {self.round_no} of {self.rules.rounds}: {self.contract.words}"
                 f" (wilds: {self.rules.wild_words(self.round_no)}, at most {self.contract.wild_limit} per set)"]
        if self.is_over:
            lines[0] = f"Match over after {self.rules.rounds} rounds; winner(s): " + ", ".join(
                f"seat {w}" for w in self.winners)
        for seat in range(self.rules.players):
            mark = ">" if seat == self.to_act else " "
            hand = format_cards(self.hand(seat)) if show_hands else f"{len(self.hands[seat])} cards"
            status = "open" if self.opened[seat] else "not open"
            lines.append(f"{mark} seat {seat}: {self.scores[seat]:>3} pts, {self.tokens[seat]:>2} tokens, "
                         f"{status:<8} | {hand}")
        top = self.top_discard
        lines.append(f"  stock: {len(self.stock)} cards   discard pile: {len(self.discard_pile)} cards, top "
                     f"{top if top else '(empty)'}")
        for i, s in enumerate(self.table):
            lines.append(f"  set {i}: {s}")
        if not self.is_over:
            doing = f"offered {top}: buy or pass" if self.phase is Phase.OFFER else "to play"
            lines.append(f"  seat {self.to_act} {doing} (turn {self.turns + 1}, seat {self.active}'s)")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        from .svg import match_svg

        return match_svg(self)

    def __repr__(self) -> str:
        return f"<Match seed={self.seed!r} round {self.round_no} {self.phase.value} to_act={self.to_act}>"


# Actions are frozen values, so the few that recur on every turn are made once and shared.
_SEATS = range(16)
_BUYS = [Buy(s) for s in _SEATS]
_PASSES = [Pass(s) for s in _SEATS]
_DISCARDS = [[Discard(s, c) for c in ALL_CARDS] for s in _SEATS]
_SORT_KEYS = dict(zip(ALL_CARDS, SORT_KEYS))  # keyed by card, for sorted(..., key=)


def _new_sets_of_three(hand: Iterable[Card], round_no: int, rules: RuleSet) -> list[tuple[Card, ...]]:
    """Every distinct valid new set of the smallest size in a hand (two 7♠ count once).

    Built as naturals of one rank plus a few wilds, so the work stays small even in
    round 7 with many wild cards about. Combinations of a sorted pool come out in a
    fixed order, so the listing is deterministic without sorting card tuples.
    """
    wild = rules.wild_table(round_no)
    size, limit, repeated = rules.min_set_size, rules.wild_limits[round_no - 1], rules.repeated_suits_allowed
    counts = Counter(hand)
    values = sorted(counts, key=_SORT_KEYS.__getitem__)
    wild_pool = [c for c in values if wild[c.index] for _ in range(min(counts[c], limit))]
    most_wilds = min(limit, size - 1, len(wild_pool))
    by_rank: dict[int, list[Card]] = {}
    for c in values:
        if not wild[c.index]:
            by_rank.setdefault(c.rank, []).extend([c] * (min(counts[c], size) if repeated else 1))
    found: list[tuple[Card, ...]] = []
    wild_groups: dict[int, list[tuple[Card, ...]]] = {}
    for naturals in by_rank.values():
        if len(naturals) + most_wilds < size:
            continue  # too few cards of this rank, even with every wild allowed
        for n_wild in range(max(0, size - len(naturals)), most_wilds + 1):
            if n_wild not in wild_groups:
                wild_groups[n_wild] = list(dict.fromkeys(combinations(wild_pool, n_wild)))
            for group in dict.fromkeys(combinations(naturals, size - n_wild)):
                if not repeated and len({c.suit for c in group}) < len(group):
                    continue
                found.extend(group + w for w in wild_groups[n_wild])
    return found
