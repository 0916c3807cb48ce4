"""What one seat may know (T20, C16), as a frozen value bots and tables are given.

Public: every table meld and who made it, every discard, every purchase (who bought what
card), every top discard taken as a draw (C8), hand sizes, tokens, purchases this round,
scores, the contract, whose turn it is and the phase. Private: a player's own hand, its
stock draws, and the stock cards a buyer receives (two in Ten Pennies, one in Ten Card
Rummy). A view's fields hold only public facts and the seat's own hand, so they cannot
leak another hand or the stock order. (Its log shares the seat's public log, kept with
the match, which holds public entries only.)

A view is a snapshot: its fields are what they were when it was made, however the match
goes on. Most are filled when first read, since a bot reads few of them; until then the
view keeps the match (privately, to fill them from) and lets go of it before the match
next changes, filling whatever it still lacks (:meth:`PublicLogs.seal_lent`).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING
from weakref import ref

from .actions import (Action, AddToSet, Buy, Deal, Discard, Draw, DrawSource, LayDown, Meld, Pass, Recycle,
                      RoundEnd, TakeDiscard)
from .cards import BY_ORDER, Card, Hand, format_cards
from .errors import TenPenniesError
from .rules import Contract, RuleSet
from .sets import TableSet

if TYPE_CHECKING:
    from .match import Match, Phase


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of a match: ``match.view(seat)``. Its fields are filled when first
    read (see the module's notes); ``legal_actions`` is empty unless it is this seat's
    decision (listed when first read: most bots decide most turns without reading them)."""

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
        if not 0 <= seat < match.rules.players:
            raise TenPenniesError(f"there is no seat {seat}")
        view = object.__new__(cls)
        # Built when a bot reads it (issue 12): a view is made for every decision of every
        # bot, and most read little of it (the random bot only its listing; an open strong
        # bot answers an offer from who has laid down). So only the fields every decision
        # reads are filled now; the rest when first read, from the match, which has not
        # changed since; or, if the view is still kept when the match is about to change,
        # then (PublicLogs.seal_lent): either way what they were now (the descriptors at
        # the end of this module fill them).
        # (Filled directly: a frozen dataclass's __init__ sets its fields one at a time
        # through object.__setattr__; tests/test_view_building.py checks every field.)
        fields = view.__dict__
        to_act = match.to_act
        fields["seat"] = seat
        fields["rules"] = match.rules
        fields["round_no"] = match.round_no
        fields["contract"] = match.contract
        fields["phase"] = match.phase
        fields["active"] = match.active
        fields["to_act"] = to_act
        fields["opened"] = tuple(match.opened)
        if to_act != seat:
            fields["legal_actions"] = ()
        fields["_match"] = match  # until the view is sealed
        match.public_logs.lend(view)
        return view

    def __getstate__(self) -> dict:
        # A copy (or a pickle) holds every field, not a way to read the match later.
        _seal(self)
        return self.__dict__

    @property
    def top_discard(self) -> Card | None:
        fields = self.__dict__
        pile = fields.get("discard_pile")
        if pile is None:
            # Not filled yet: the match's pile is unchanged since the view was made, and
            # most offers are answered from the top card alone (no public fields copied).
            match = fields.get("_match")
            pile = self.discard_pile if match is None else match.discard_pile
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
        for s, cards in enumerate(self.log.bought):
            if s != self.seat:
                seen.extend(cards)
        return tuple(seen)

    def _repr_svg_(self) -> str:
        from .svg import view_svg

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
    """The first ``length`` entries of a seat's public log: an immutable read-only prefix.

    A match's log only grows, so a view can share the public log lists instead of
    copying them (which made every view cost time in proportion to the whole match).
    The entries are the ones every other seat sees, with this seat's own where it sees
    more (its stock draws, its hand at a round's end), kept by position.
    """

    __slots__ = ("_entries", "_own", "_length", "bought")

    def __init__(self, entries: list, own: dict, length: int, bought: tuple[tuple[Card, ...], ...]) -> None:
        self._entries, self._own, self._length = entries, own, length
        # Per seat, the cards it bought this round and has not played since (public, T20),
        # as of this prefix: kept by PublicLogs as the log grows.
        self.bought = bought

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self)[i]
        if i < 0:
            i += self._length
        if not 0 <= i < self._length:
            raise IndexError("log index out of range")
        return self._own.get(i, self._entries[i])

    def __iter__(self):
        own = self._own
        return map(own.get, range(self._length), self._entries[:self._length])

    def since_last(self, kind: type) -> tuple:
        """The entries after the last one of type ``kind`` (all of them if there is none)."""
        entries, own, end = self._entries, self._own, self._length
        start = 0
        for i in range(end - 1, -1, -1):
            if type(entries[i]) is kind:  # a seat's own entry is of the same type as the others'
                start = i + 1
                break
        return tuple(map(own.get, range(start, end), entries[start:end]))

    def __eq__(self, other) -> bool:
        return isinstance(other, (PublicLog, tuple)) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"PublicLog({self._length} entries)"


class PublicLogs:
    """Every seat's public log of one match, kept in step with the match's log.

    The match makes one and owns it (``match.public_logs``); this class alone changes it.
    Each new log entry is made public once per seat, so a view costs only what is new.
    It also keeps the hand each seat was last shown, sorted, for the same reason: a seat
    is shown its hand at every decision, and the hand changes far less often; and the
    fields of a view every seat sees alike (:meth:`public_fields`), since most decisions
    are answers to an offer, between which nothing on the table changes.
    """

    __slots__ = ("_log", "_done", "_shared", "_own", "_bought", "_hands", "_public", "_stale", "_lent")

    def __init__(self, log: list, players: int) -> None:
        self._log = log  # the match's own log list, which only grows
        self._done = 0
        # The log as every other seat sees an entry, and per seat its own entries where
        # it sees more, by position: most entries are public as they are, so each is
        # kept once rather than once per seat.
        self._shared: list = []
        self._own: list[dict] = [{} for _ in range(players)]
        self._bought: tuple[tuple[Card, ...], ...] = ((),) * players
        self._hands: list[tuple[list, Hand]] = [([], Hand())] * players
        self._public: dict | None = None
        self._stale = _EVERYTHING  # which of the public fields the log shows may have changed
        self._lent: list[ref] = []  # the views made since the match last changed (PlayerView.of)

    def lend(self, view: PlayerView) -> None:
        """Note a view just made, whose fields are filled when read (:meth:`PlayerView.of`)."""
        lent = self._lent
        if len(lent) >= 64:
            # Many views and no change (a table drawn again and again, a finished match):
            # only those still kept need noting.
            lent[:] = [made for made in lent if made() is not None]
        lent.append(ref(view))

    def seal_lent(self) -> None:
        """The match is about to change: fill every view made since it last changed that
        is still kept, from the match as it is, so each holds what it was made with. A
        view a bot was given and let go (most are) is gone by now, and costs nothing."""
        lent = self._lent
        for made in lent:
            view = made()
            if view is not None:
                _seal(view)
        lent.clear()

    def public_fields(self, match: "Match") -> dict:
        """The fields of a :class:`PlayerView` filled when read that are the same for every
        seat and phase (the table, the discard pile, hand sizes, tokens, scores ...; the
        round, its contract and who has laid down come with the view, :meth:`PlayerView.of`),
        copied from ``match`` when the log, brought up to date first, shows they may have
        changed: every change of them is logged, and a pass (an offer declined, or the
        active player's take declined) changes none of them. Most entries change only a
        few (a draw or a discard: hand sizes, the stock and the pile), and only those are
        copied again (see _STALE). A view copies the dict, whose values are frozen."""
        self._catch_up()
        stale, public = self._stale, self._public
        if not stale:
            return public
        self._stale = 0
        if not stale & _ROUND:
            # Views copy the dict when built, so it is brought up to date in place.
            if stale & _PLAY:
                public["hand_sizes"] = tuple(map(len, match.hands))
                public["discard_pile"] = tuple(match.discard_pile)
                public["top_discarder"] = match.top_discarder
                public["stock_size"] = len(match.stock)
                public["turns"] = match.turns
            if stale & _TOKENS:
                public["tokens"] = tuple(match.tokens)
                public["buys"] = tuple(match.buys)
            if stale & _TABLE:
                public["table"] = tuple(match.table)
            return public
        public = self._public = {
            "hand_sizes": tuple(map(len, match.hands)),
            "tokens": tuple(match.tokens),
            "scores": tuple(match.scores),
            "table": tuple(match.table),
            "discard_pile": tuple(match.discard_pile),
            "top_discarder": match.top_discarder,
            "stock_size": len(match.stock),
            "turns": match.turns,
            "buys": tuple(match.buys),
        }
        return public

    def hand(self, seat: int, cards: list[Card]) -> Hand:
        """``cards``, the seat's hand as the match holds it, sorted for reading: the Hand
        last shown to the seat if it holds the same cards in the same order."""
        held, shown = self._hands[seat]
        if held == cards:
            return shown
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
        self._catch_up()
        return PublicLog(self._shared, self._own[seat], self._done, self._bought)

    def _catch_up(self) -> None:
        """Make public the match's log entries since last asked (once each, for every seat),
        noting which public fields they may change (_STALE) and the bought cards they show."""
        log, done = self._log, self._done
        if done == len(log):
            return
        shared, own, stale = self._shared, self._own, self._stale
        for entry in log[done:]:
            kind = type(entry)
            if kind is Pass:
                shared.append(entry)  # most entries: a pass changes nothing a view shows
                continue
            stale |= _STALE.get(kind, _EVERYTHING)  # what public_fields copies again
            if kind is Draw:
                if entry.source in _PUBLIC_SOURCES:
                    shared.append(entry)
                    self._track_bought(entry, kind)  # a bought or taken discard: known to be in the hand
                else:
                    # Every other seat sees a stock draw alike: it says only who drew from
                    # where, so one value serves all.
                    key = (entry.seat, entry.source)
                    shown = _HIDDEN_DRAWS.get(key)
                    if shown is None:
                        shown = _HIDDEN_DRAWS[key] = Draw(entry.seat, None, entry.source)
                    own[entry.seat][len(shared)] = entry
                    shared.append(shown)
                continue
            if kind is RoundEnd:
                for s, mine in enumerate(own):
                    mine[len(shared)] = public_entry(entry, s)
                shared.append(public_entry(entry, None))
            else:
                shared.append(entry)  # offers, discards, melds: public as they are
            # A deal, or a play by a seat known to hold a bought card, changes what is
            # known of the bought cards (asked here: most entries are neither).
            if kind in _BOUGHT_CHANGES and (kind is Deal or self._bought[entry.seat]):
                self._track_bought(entry, kind)
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


# The fields PlayerView.of leaves to be filled when first read, in three groups, each
# filled at once when one of its fields is first read: a bot that reads the table and its
# hand (most decisions) does not pay for its log, nor one that reads its listing for either.
_PUBLIC_FIELDS = ("hand_sizes", "tokens", "scores", "table", "discard_pile", "top_discarder",
                  "stock_size", "turns", "buys")  # the same for every seat: PublicLogs.public_fields


def _fill_log(fields: dict, match: "Match") -> None:
    fields["log"] = match.public_logs.of(fields["seat"])


def _fill_hand(fields: dict, match: "Match") -> None:
    seat = fields["seat"]
    fields["hand"] = match.public_logs.hand(seat, match.hands[seat])


def _fill_public(fields: dict, match: "Match") -> None:
    fields.update(match.public_logs.public_fields(match))


# Each group by the field that tells whether it is filled, with how to fill it.
_GROUPS = (("log", _fill_log), ("hand", _fill_hand), (_PUBLIC_FIELDS[0], _fill_public))


class _FilledWhenRead:
    """A field of a view filled when first read, with the others of its group, from the
    match, unchanged since the view was made (:meth:`PlayerView.of`). A descriptor with
    no ``__set__``: once filled, the view's own value is found first, and this is never
    asked again."""

    __slots__ = ("name", "fill")

    def __init__(self, name: str, fill) -> None:
        self.name, self.fill = name, fill

    def __get__(self, view, owner=None):
        if view is None:
            return self
        fields = view.__dict__
        match = fields.get("_match")
        if match is None:
            raise AttributeError(f"this view has no {self.name}")
        self.fill(fields, match)
        return fields[self.name]


class _ListedWhenRead:
    """A view's ``legal_actions``, listed when first read: from the match, unchanged
    since the view was made; or, for a view sealed unread, by the call _seal kept."""

    def __get__(self, view, owner=None):
        if view is None:
            return self
        fields = view.__dict__
        match = fields.get("_match")
        if match is not None:
            actions = tuple(match.legal_actions())
        elif "_listing" in fields:
            actions = tuple(fields.pop("_listing")())
        else:
            raise AttributeError("this view has no legal_actions")
        fields["legal_actions"] = actions
        return actions


PlayerView.log = _FilledWhenRead("log", _fill_log)
PlayerView.hand = _FilledWhenRead("hand", _fill_hand)
for _name in _PUBLIC_FIELDS:
    setattr(PlayerView, _name, _FilledWhenRead(_name, _fill_public))
PlayerView.legal_actions = _ListedWhenRead()


def _seal(view: PlayerView) -> None:
    """Fill every field of ``view`` still to be filled, and let go of its match: before
    the match changes (or when the view is copied)."""
    fields = view.__dict__
    match = fields.pop("_match", None)
    if match is None:
        return  # sealed already
    for filled, fill in _GROUPS:
        if filled not in fields:
            fill(fields, match)
    if "legal_actions" not in fields:
        # A call that lists them later, from a copy of what listing reads (the seat's own
        # hand, the table ...), if a bot reads them; or the listing, where it is cheap.
        listing = match.deferred_legal_actions()
        if type(listing) is tuple:
            fields["legal_actions"] = listing
        else:
            fields["_listing"] = listing


# Which public fields of a view a log entry may change (public_fields copies them again):
# the draws, discards and recycling of play; a purchase's tokens; the melds on the table.
# Any other entry (a deal, a round's end) may change them all.
_PLAY, _TOKENS, _TABLE, _ROUND = 1, 2, 4, 8
_EVERYTHING = _PLAY | _TOKENS | _TABLE | _ROUND
_STALE = {Draw: _PLAY, Discard: _PLAY, Recycle: _PLAY, TakeDiscard: _PLAY, Buy: _TOKENS | _PLAY,
          LayDown: _TABLE | _PLAY, Meld: _TABLE | _PLAY, AddToSet: _TABLE | _PLAY}

# The log entries other than a draw that change which bought cards are known to be in a hand.
_BOUGHT_CHANGES = frozenset((Deal, Discard, Meld, AddToSet, LayDown))


# Drawn cards everyone sees: a bought discard (T20, C16) and a discard taken as the draw (C8).
_PUBLIC_SOURCES = (DrawSource.DISCARD, DrawSource.TAKEN)

# A stock draw as the other seats see it, by (seat, source): it holds no card (T20, C16),
# so the same frozen value stands for every such draw.
_HIDDEN_DRAWS: dict = {}


def public_entry(entry, seat: int | None):
    """A log entry as ``seat`` may see it: others' stock cards and final hands hidden
    (``None``: as no seat's own, every hand hidden)."""
    if isinstance(entry, Draw) and entry.seat != seat and entry.source not in _PUBLIC_SOURCES:
        return replace(entry, card=None)
    if isinstance(entry, RoundEnd):
        return replace(entry, hands=tuple(h if i == seat else () for i, h in enumerate(entry.hands)))
    return entry
