"""What one seat may know (T20, C16), as a frozen value bots and tables are given.

Public: every table meld and who made it, every discard, every purchase (who bought what
card), every top discard taken as a draw (C8), hand sizes, tokens, purchases this round,
scores, the contract, whose turn it is and the phase. Private: a player's own hand, its
stock draws, and the stock cards a buyer receives (two in Ten Pennies, one in Ten Card
Rummy). A view's fields hold only public facts and the seat's own hand, so they cannot
leak another hand or the stock order.

A view is a value: every field is filled when it is made, with frozen data only
(tuples, frozen dataclasses, cards, ints, the frozen rule set), and it keeps no
reference to the match, its lists, or a call that reaches them. A bot given a view can
read only what its seat may know and change nothing (tests/test_view_walk.py walks
everything a view reaches to prove it). Two fields are made when first read, from the
view's own frozen fields only: ``legal_actions``, listed by the one listing,
:func:`tenpennies.play.legal.legal_actions`, and ``log``, from the frozen chain it holds.

Made for every decision of every bot, a view is kept cheap by sharing frozen values the
match's :class:`PublicLogs` keeps up to date as the log grows: the fields every seat
sees alike, each seat's sorted hand, and each seat's log as a chain of frozen pairs
(:class:`PublicLog`), so making a view copies nothing in proportion to the match.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ._fast import HIDDEN_DRAWS as _HIDDEN_DRAWS, PUBLIC_SOURCES as _PUBLIC_SOURCES
from ..engine.actions import (Action, AddToSet, Buy, Deal, Discard, Draw, DrawSource, LayDown, Meld, Pass, Recycle,
                      RoundEnd, TakeDiscard)
from ..engine.cards import BY_ORDER, Card, Hand, format_cards
from ..engine.errors import TenPenniesError
from .legal import legal_actions as _list_actions
from ..engine.rules import Contract, RuleSet
from ..engine.sets import TableSet

if TYPE_CHECKING:
    from .match import Match, Phase


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of a match: ``match.view(seat)``, a frozen value holding only what
    the seat may know. ``legal_actions`` is empty unless it is this seat's decision; then
    it is listed from the view's own fields when first read (most bots decide most turns
    without reading it)."""

    seat: int
    rules: RuleSet
    round_no: int
    contract: Contract
    phase: "Phase"
    active: int
    to_act: int | None
    hand: Hand
    hand_sizes: tuple[int, ...]
    tokens: tuple[int, ...]
    scores: tuple[int, ...]
    opened: tuple[bool, ...]
    table: tuple[TableSet, ...]
    discard_pile: tuple[Card, ...]
    top_discarder: int | None
    stock_size: int
    turns: int
    log: "PublicLog"
    legal_actions: tuple[Action, ...]
    buys: tuple[int, ...]  # purchases this round, per seat (for buys_per_round, C9)

    @classmethod
    def of(cls, match: "Match", seat: int) -> "PlayerView":
        logs = match.public_logs
        if seat not in logs._seats:
            raise TenPenniesError(f"there is no seat {seat}")
        # Filled directly: a frozen dataclass's __init__ sets its fields one at a time
        # through object.__setattr__, and a view is made for every decision of every bot
        # (tests/test_view_building.py checks every field against the match's state).
        # The values are frozen and shared, kept by PublicLogs as the log grows: the
        # public fields (two tuples for all seats until they change), the seat's sorted
        # hand, and what its log is made of (the last links of its chains). The public
        # fields and the log are made from them when first read (most bots read few).
        # PublicLogs' fast paths are taken here, in line: this runs at every decision.
        done = logs._done
        log = logs._log
        if done != len(log):
            entry = log[-1]
            kind = type(entry)
            if done + 1 == len(log) and (kind is Pass or kind is Discard and not logs._bought[entry.seat]):
                # Most often one entry since the last view, a pass (an offer declined),
                # which changes no public field, or a discard (of no card known bought),
                # which changes only the fields of play: _catch_up's, in line.
                logs._last = (logs._last, entry)
                logs._done = done = done + 1
                if kind is Discard:
                    logs._stale |= _PLAY
            else:
                logs._catch_up()
                done = logs._done
        stale = logs._stale
        if stale:
            if stale == _PLAY:
                # After most draws and discards only these change (in line: a view is
                # made after nearly every one of them; the rest are shared as they were).
                hands = match.hands
                if len(hands) == 4:
                    # The hand sizes of four seats, as both games are played: read one by
                    # one, at a fifth of the cost of tuple(map(len, hands)) (a map object,
                    # and a tuple of unknown length).
                    first, second, third, fourth = hands
                    sizes = (len(first), len(second), len(third), len(fourth))
                else:
                    sizes = tuple(map(len, hands))
                logs._play = (sizes, tuple(match.discard_pile), match.top_discarder, len(match.stock), match.turns)
                logs._stale = 0
            else:
                logs.public_state(match)
        settled = logs._settled
        cards = match.hands[seat]
        held, shown = logs._hands[seat]
        if held != cards:
            shown = logs._sorted(seat, cards, held, shown)
        to_act = match.to_act
        view = object.__new__(cls)
        # The fields at once, as one dict (a frozen dataclass's __init__ sets them one at
        # a time through object.__setattr__): a copy of the seat's own dict of the fields
        # that change only with the round (PublicLogs._fields), with those of the moment
        # set in it (copying a dict costs a fifth of making one of ten entries). What the
        # rest are made from when first read is one frozen tuple, ``_made_of``: the two
        # shared tuples of the public fields every seat sees alike (_Shared), then what
        # the log is made of (_Logged: the last links of the seat's two chains, the
        # length, the cards known bought). The listing of the seat to act is listed when
        # first read (_Listed).
        fields = logs._fields[seat].copy()
        fields["phase"] = match.phase
        fields["active"] = match.active
        fields["hand"] = shown
        fields["opened"] = settled[_OPENED]  # (read by most decisions: filled now)
        fields["_made_of"] = (logs._play, settled, logs._last, logs._own[seat], done, logs._bought)
        if to_act != seat:  # (a view is nearly always made for the seat to act)
            fields["to_act"] = to_act
            fields["legal_actions"] = ()
        _set_dict(view, fields)
        return view

    def __getstate__(self) -> dict:
        # A copy (or a pickle) holds its log as made, not the chain it is made from
        # (as deep as the log is long: too deep for pickle).
        self.log, self.table  # (every field made)
        fields = dict(self.__dict__)
        fields.pop("_made_of", None)
        return fields

    @property
    def top_discard(self) -> Card | None:
        fields = self.__dict__
        pile = fields.get("discard_pile")
        if pile is None:
            pile = fields["_made_of"][0][_PILE]  # (most offers are answered from the top card alone)
        return pile[-1] if pile else None

    @property
    def purchases(self) -> tuple[tuple[int, Card], ...]:
        """Who bought what card, this match so far, in order (public, T20)."""
        return tuple((e.seat, e.card) for e in self.log if isinstance(e, Draw) and e.source == DrawSource.DISCARD)

    def seen_cards(self) -> tuple[Card, ...]:
        """Every card this seat knows to be outside its hand and the stock.

        The discard pile, the table's melds, and the cards other seats bought or took
        from the discard pile this round that they have not played since (a bought 7♠ is
        known to be in that hand until a 7♠ of theirs is melded, added or discarded). This is what
        :func:`tenpennies.odds.unseen_cards` takes as ``seen``: the one definition of
        what a seat has seen.
        """
        seen = list(self.discard_pile)  # (plain loops: a bot asks this before most discards)
        for meld in self.table:
            seen.extend(meld.cards)
        made_of = self.__dict__.get("_made_of")  # (the bought cards, without making the log)
        for s, cards in enumerate(self.log.bought if made_of is None else made_of[-1]):
            if s != self.seat:
                seen.extend(cards)
        return tuple(seen)

    def _repr_svg_(self) -> str:
        from ..pictures.svg import view_svg  # (a picture hook: the engine never pays for pictures)

        return view_svg(self)

    def __repr__(self) -> str:
        # The fields hold the whole public log: a short repr keeps notebook text readable.
        return f"<PlayerView seat={self.seat} round {self.round_no} {self.phase.value} to_act={self.to_act}>"

    def __str__(self) -> str:
        lines = [f"Seat {self.seat}'s view, round {self.round_no}: {self.contract.words}"]
        lines.append(f"  your hand: {format_cards(self.hand)}")
        for s in range(len(self.hand_sizes)):
            tokens = "" if self.tokens[s] is None else f"{self.tokens[s]} tokens, "
            lines.append(f"  seat {s}: {self.hand_sizes[s]} cards, {tokens}"
                         f"{self.scores[s]} pts{', open' if self.opened[s] else ''}")
        lines.append(f"  stock {self.stock_size}, top discard {self.top_discard}")
        word = "meld" if self.rules.has_runs else "set"
        for i, t in enumerate(self.table):
            lines.append(f"  {word} {i}: {t}")
        return "\n".join(lines)


class PublicLog(Sequence):
    """A seat's public log as of when its view was made: a frozen sequence of entries.

    The entries are the ones every other seat sees, with this seat's own where it sees
    more (its stock draws, its hand at a round's end). Held as chains of frozen pairs,
    ``(earlier, entry)``, ending in the last entry, which the match's :class:`PublicLogs`
    extends as the log grows: the entries as every other seat sees them (one chain for
    all seats), and the seat's own entries, ``(earlier, link, entry)``, each standing in
    for the ``link`` of the first chain that holds the entry as the others see it. Every view
    shares the chains up to its own length, so making a view copies nothing of the log
    (copying it made every view cost time in proportion to the whole match). Reading
    from the end (``log[-1]``, :meth:`since_last`) walks back only as far as it reads.
    """

    __slots__ = ("_last", "_own", "_length", "bought")

    def __init__(self, last: tuple | None, own: tuple | None, length: int,
                 bought: tuple[tuple[Card, ...], ...] = ()) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "_last", last)  # (earlier pair, last entry), or None: no entries
        setattr_(self, "_own", own)  # (earlier, link, entry) of the seat's own last, or None
        setattr_(self, "_length", length)
        # Per seat, the cards it bought this round and has not played since (public, T20),
        # as of this log: kept by PublicLogs as the log grows.
        setattr_(self, "bought", bought)

    @classmethod
    def of_entries(cls, entries, bought: tuple[tuple[Card, ...], ...] = ()) -> "PublicLog":
        """A public log holding ``entries``, in order."""
        last, length = None, 0
        for entry in entries:
            last, length = (last, entry), length + 1
        return cls(last, None, length, bought)

    def __setattr__(self, name, value):
        raise AttributeError(f"a public log is frozen: it cannot set {name!r}")

    __delattr__ = __setattr__

    def __reduce__(self):
        # As its entries: the chain is as deep as the log is long, too deep for pickle.
        return PublicLog.of_entries, (tuple(self), self.bought)

    def __len__(self) -> int:
        return self._length

    def _backwards(self):
        """The entries from the last to the first."""
        pair, own = self._last, self._own
        mine = None if own is None else own[1]
        while pair is not None:
            if pair is mine:  # the seat's own entry here (a stock draw it made, its hand ...)
                own, _, entry = own
                mine = None if own is None else own[1]
                pair = pair[0]
            else:
                pair, entry = pair
            yield entry

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self)[i]
        if i < 0:
            i += self._length
        if not 0 <= i < self._length:
            raise IndexError("log index out of range")
        for back, entry in enumerate(self._backwards(), 1):
            if back == self._length - i:
                return entry

    def __iter__(self):
        entries = list(self._backwards())
        entries.reverse()
        return iter(entries)

    def __reversed__(self):
        return self._backwards()

    def since_last(self, kind: type) -> tuple:
        """The entries after the last one of type ``kind`` (all of them if there is none)."""
        found = []
        for entry in self._backwards():
            if type(entry) is kind:  # a seat's own entry is of the same type as the others'
                break
            found.append(entry)
        found.reverse()
        return tuple(found)

    def __eq__(self, other) -> bool:
        return isinstance(other, (PublicLog, tuple)) and len(self) == len(other) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PublicLog({self._length} entries)"


class PublicLogs:
    """Every seat's public log of one match, kept in step with the match's log, and the
    frozen values views share.

    The match makes one and owns it (``match.public_logs``); this class alone changes it,
    and no view holds it: a view holds only the frozen values it hands out. Each new log
    entry is made public once per seat, so a view costs only what is new. It also keeps
    the hand each seat was last shown, sorted, for the same reason: a seat is shown its
    hand at every decision, and the hand changes far less often; and the fields of a view
    every seat sees alike (:meth:`public_fields`), since most decisions are answers to an
    offer, between which nothing on the table changes.
    """

    __slots__ = ("_log", "_seats", "_done", "_last", "_own", "_bought", "_hands", "_play", "_settled", "_stale",
                 "_fields")

    def __init__(self, log: list, players: int) -> None:
        self._log = log  # the match's own log list, which only grows
        self._seats = range(players)
        self._done = 0
        # The public log's chains (PublicLog): the entries as every other seat sees them,
        # and per seat its own where it sees more.
        self._last: tuple | None = None
        self._own: list[tuple | None] = [None] * players
        self._bought: tuple[tuple[Card, ...], ...] = ((),) * players
        self._hands: list[tuple[list, Hand]] = [([], Hand())] * players
        self._play: tuple = ()  # the public fields play changes, frozen (public_state)
        self._settled: tuple = ()  # and those that change seldom
        self._stale = _EVERYTHING  # which of the public fields the log shows may have changed
        # Per seat, a view's fields that change only with the round (and whose decision it
        # is, nearly always the seat's own), each dict copied into a view and never given.
        self._fields: list[dict] = []

    def public_state(self, match: "Match") -> tuple:
        """The values of :meth:`public_fields`, in the order of ``_PUBLIC_FIELDS``, made
        again only when they change: what a view holds, to fill those fields from when
        first read. Kept as two frozen tuples: those that change at nearly every draw and
        discard (hand sizes, the pile, the stock, the turn count) and those that change
        seldom (tokens, scores, the table, purchases, who has laid down), each shared by
        every view until it changes. The log, brought up to date first, shows what may
        have changed: every change of them is logged, and a pass (an offer declined, or
        the active player's take declined) changes none of them (see _STALE)."""
        if self._done != len(self._log):
            self._catch_up()
        stale = self._stale
        if stale or not self._settled:
            self._stale = 0
            self._play = (tuple(map(len, match.hands)), tuple(match.discard_pile), match.top_discarder,
                          len(match.stock), match.turns)
            if stale & ~_PLAY or not self._settled:
                tokens, scores, table, buys, opened = self._settled or (None,) * 5
                if stale & (_TOKENS | _ROUND) or not self._settled:
                    tokens, buys = tuple(match.tokens), tuple(match.buys)
                if stale & (_TABLE | _ROUND) or not self._settled:
                    table, opened = tuple(match.table), tuple(match.opened)  # (a lay-down changes the table)
                if stale & _ROUND or not self._settled:
                    scores = tuple(match.scores)
                    # (Every key PlayerView.of sets too, so that a copy never grows.)
                    self._fields = [{"seat": seat, "rules": match.rules, "round_no": match.round_no,
                                     "contract": match.contract, "phase": None, "active": None, "to_act": seat,
                                     "hand": None, "opened": None, "_made_of": None} for seat in self._seats]
                self._settled = (tokens, scores, table, buys, opened)
        return self._play + self._settled

    def public_fields(self, match: "Match") -> dict:
        """The fields of a :class:`PlayerView` that are the same for every seat and phase
        (the table and who has laid down, the discard pile, hand sizes, tokens, scores
        ...; the round, its contract and whose turn it is are read by
        :meth:`PlayerView.of`), by name: :meth:`public_state`'s values, frozen, copied
        from ``match`` only when they may have changed."""
        return dict(zip(_PUBLIC_FIELDS, self.public_state(match)))

    def hand(self, seat: int, cards: list[Card]) -> Hand:
        """``cards``, the seat's hand as the match holds it, sorted for reading: the Hand
        last shown to the seat if it holds the same cards in the same order."""
        held, shown = self._hands[seat]
        if held == cards:
            return shown
        return self._sorted(seat, cards, held, shown)

    def _sorted(self, seat: int, cards: list[Card], held: list[Card], shown: Hand) -> Hand:
        """:meth:`hand`, once ``cards`` are known to differ from ``held``, the cards last
        shown (``shown``, sorted): asked by :meth:`PlayerView.of`, which compared them."""
        n = len(held)
        if len(cards) > n and cards[:n] == held:
            # Cards drawn or bought (the match appends them): each put in its place, no new sort.
            cards_sorted = list(shown)
            for card in cards[n:]:
                insort(cards_sorted, card, key=BY_ORDER)
            shown = tuple.__new__(Hand, cards_sorted)
        else:
            # A card played (and perhaps others drawn since): sorting a hand afresh costs
            # less than finding what changed (timed on hands of 11 cards).
            shown = tuple.__new__(Hand, sorted(cards, key=BY_ORDER))  # (cards already: no checks)
        self._hands[seat] = (list(cards), shown)
        return shown

    def of(self, seat: int) -> PublicLog:
        """``seat``'s public log: the match's log with what ``seat`` may not see hidden."""
        return PublicLog(*self.log_state(seat))

    def log_state(self, seat: int) -> tuple:
        """What :class:`PublicLog` is made of, for ``seat`` now: frozen values (the last
        links of its chains, the length, the bought cards). A view holds these and makes
        its log when first read."""
        self._catch_up()
        return self._last, self._own[seat], self._done, self._bought

    def _catch_up(self) -> None:
        """Make public the match's log entries since last asked (once each, for every seat),
        noting which public fields they may change (_STALE) and the bought cards they show."""
        log, last, own, stale = self._log, self._last, self._own, self._stale
        # (No entry new: the loop does nothing.) The kinds by how often they come: passes, discards, draws, then the rest.
        for entry in log[self._done:]:
            kind = type(entry)
            if kind is Pass:
                last = (last, entry)  # a pass changes nothing a view shows
            elif kind is Discard:
                last = (last, entry)
                stale |= _PLAY
                if self._bought[entry.seat]:  # a seat known to hold a bought card may throw it
                    self._track_bought(entry, kind)
            elif kind is Draw:
                stale |= _PLAY
                if entry.source in _PUBLIC_SOURCES:
                    last = (last, entry)
                    self._track_bought(entry, kind)  # a bought or taken discard: known to be in the hand
                else:
                    # Every other seat sees a stock draw alike: it says only who drew from
                    # where, so one value serves all; the drawer sees its card.
                    seat = entry.seat
                    last = (last, _HIDDEN_DRAWS[(seat, entry.source)])
                    own[seat] = (own[seat], last, entry)
            elif kind is RoundEnd:
                stale = _EVERYTHING
                last = (last, public_entry(entry, None))
                for s in range(len(own)):
                    own[s] = (own[s], last, public_entry(entry, s))
            else:
                stale |= _STALE.get(kind, _EVERYTHING)  # what public_state copies again
                last = (last, entry)  # offers, melds, deals: public as they are
                # A deal, or a play by a seat known to hold a bought card, changes what is
                # known of the bought cards (asked here: most entries are neither).
                if kind in _BOUGHT_CHANGES and (kind is Deal or self._bought[entry.seat]):
                    self._track_bought(entry, kind)
        self._last = last
        self._stale = stale
        self._done = len(log)

    def _track_bought(self, entry, kind: type) -> None:
        """Keep, per seat, the cards it bought this round and has not played since: what
        :meth:`PlayerView.seen_cards` reads, counted once per entry instead of once per
        decision. Each change makes a new tuple, so a view's snapshot never changes.
        Asked (by :meth:`of`) only of a deal, a draw the other seats see, or a play by a
        seat known to hold bought cards: the entries that can change them."""
        bought = self._bought
        if kind is Deal:
            self._bought = ((),) * len(bought)
            return
        seat = entry.seat
        if kind is Draw:
            # A drawn card the other seats see (a bought discard) is known to be in the hand.
            self._bought = bought[:seat] + (bought[seat] + (entry.card,),) + bought[seat + 1:]
            return
        held = bought[seat]
        kept = list(held)
        for c in ((entry.card,) if kind is Discard else entry.cards):
            if c in kept:
                kept.remove(c)
        if len(kept) != len(held):
            self._bought = bought[:seat] + (tuple(kept),) + bought[seat + 1:]

class _Listed:
    """A view's ``legal_actions``, listed when first read (a bot that can tell it will
    only discard, or answers an offer, need not pay for the listing) by the one listing,
    :func:`tenpennies.play.legal.legal_actions`, from the view's own frozen fields: the
    seat's hand, the table, who has laid down, the phase, the round and the rules. A
    descriptor with no ``__set__``: once listed, the view's own value is found first."""

    def __get__(self, view, owner=None):
        if view is None:
            return self
        fields = view.__dict__
        made_of = fields.get("_made_of")
        # (From the shared tuples where the view has them: reading view.table would fill
        # every public field, and the random bot lists at every decision.)
        if made_of is None:
            table, pile = view.table, view.discard_pile
        else:
            table, pile = made_of[1][_TABLE_AT], made_of[0][_PILE]
        actions = tuple(_list_actions(fields["phase"], fields["to_act"], active=fields["active"],
                                      hand=fields["hand"], opened=fields["opened"], table=table,
                                      round_no=fields["round_no"], rules=fields["rules"],
                                      top_discard=pile[-1] if pile else None))
        fields["legal_actions"] = actions
        return actions


class _Logged:
    """A view's ``log``, made when first read (most bots never read it) from what the
    view holds: the frozen chain of its seat's public log up to when it was made."""

    def __get__(self, view, owner=None):
        if view is None:
            return self
        fields = view.__dict__
        log = fields["log"] = PublicLog(*fields["_made_of"][2:])
        return log


class _Shared:
    """A public field of a view (the same for every seat: :meth:`PublicLogs.public_fields`),
    filled with the others when first read from the frozen tuple of their values the view
    holds (a bot answering an offer from the top card reads none of them)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, view, owner=None):
        if view is None:
            return self
        fields = view.__dict__
        play, settled = fields["_made_of"][:2]
        fields.update(zip(_PUBLIC_FIELDS, play + settled))
        return fields[self.name]


# The fields every seat sees alike, in the order PublicLogs.public_state makes them.
# The first five change with play (nearly every draw and discard), the rest seldom.
_PUBLIC_FIELDS = ("hand_sizes", "discard_pile", "top_discarder", "stock_size", "turns",
                  "tokens", "scores", "table", "buys", "opened")
_PILE = _PUBLIC_FIELDS.index("discard_pile")  # in the play tuple
_OPENED, _TABLE_AT = (_PUBLIC_FIELDS.index(name) - 5 for name in ("opened", "table"))  # in the settled one
# A view's __dict__ set directly by its descriptor (a frozen dataclass refuses setattr):
# cheaper than object.__setattr__(view, "__dict__", fields), which looks it up first.
_set_dict = PlayerView.__dict__["__dict__"].__set__

PlayerView.legal_actions = _Listed()
PlayerView.log = _Logged()
for _name in _PUBLIC_FIELDS:
    setattr(PlayerView, _name, _Shared(_name))


# Which public fields of a view a log entry may change (public_state copies them again):
# the draws, discards and recycling of play; a purchase's tokens; the melds on the table.
# Any other entry (a deal, a round's end) may change them all.
_PLAY, _TOKENS, _TABLE, _ROUND = 1, 2, 4, 8
_EVERYTHING = _PLAY | _TOKENS | _TABLE | _ROUND
_STALE = {Draw: _PLAY, Discard: _PLAY, Recycle: _PLAY, TakeDiscard: _PLAY, Buy: _TOKENS | _PLAY,
          LayDown: _TABLE | _PLAY, Meld: _TABLE | _PLAY, AddToSet: _TABLE | _PLAY}

# The log entries other than a draw that change which bought cards are known to be in a hand.
_BOUGHT_CHANGES = frozenset((Deal, Discard, Meld, AddToSet, LayDown))


def public_entry(entry, seat: int | None):
    """A log entry as ``seat`` may see it: others' stock cards and final hands hidden
    (``None``: as no seat's own, every hand hidden)."""
    if isinstance(entry, Draw) and entry.seat != seat and entry.source not in _PUBLIC_SOURCES:
        return replace(entry, card=None)
    if isinstance(entry, RoundEnd):
        return replace(entry, hands=tuple(h if i == seat else () for i, h in enumerate(entry.hands)))
    return entry
