"""What one seat may know (T20, C16), as a frozen value bots and tables are given.

Public: every table meld and who made it, every discard, every purchase (who bought what
card), every top discard taken as a draw (C8), hand sizes, tokens, purchases this round,
scores, the contract, whose turn it is and the phase. Private: a player's own hand, its
stock draws, and the stock cards a buyer receives (two in Ten Pennies, one in Ten Card
Rummy). A view holds only public facts and the seat's
own hand, so it cannot leak another hand or the stock order: there is nothing hidden
inside it to read. (Its log shares the seat's public log, kept with the match, which holds
public entries only.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .actions import Action, AddToSet, Deal, Discard, Draw, DrawSource, LayDown, Meld, RoundEnd
from .cards import Card, Hand, format_cards
from .errors import TenPenniesError
from .rules import Contract, RuleSet
from .sets import TableSet

if TYPE_CHECKING:
    from .match import Match, Phase


@dataclass(frozen=True)
class PlayerView:
    """One seat's view of a match. ``legal_actions`` is filled when it is this seat's decision."""

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
    buys: tuple[int, ...] = ()  # purchases this round, per seat (for buys_per_round, C9)

    @classmethod
    def of(cls, match: "Match", seat: int) -> "PlayerView":
        if not 0 <= seat < match.rules.players:
            raise TenPenniesError(f"there is no seat {seat}")
        return cls(
            seat=seat,
            rules=match.rules,
            round_no=match.round_no,
            contract=match.contract,
            phase=match.phase,
            active=match.active,
            to_act=match.to_act,
            hand=match.hand(seat),
            hand_sizes=tuple(len(h) for h in match.hands),
            tokens=tuple(match.tokens),
            scores=tuple(match.scores),
            opened=tuple(match.opened),
            table=tuple(match.table),
            discard_pile=tuple(match.discard_pile),
            top_discarder=match.top_discarder,
            stock_size=len(match.stock),
            turns=match.turns,
            log=match.public_logs.of(seat),
            legal_actions=tuple(match.legal_actions()) if match.to_act == seat else (),
            buys=tuple(match.buys),
        )

    @property
    def top_discard(self) -> Card | None:
        return self.discard_pile[-1] if self.discard_pile else None

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
        known: dict[int, Counter] = {}
        for entry in self._this_round():
            kind = type(entry)
            if kind is Draw:
                if entry.source in _PUBLIC_SOURCES and entry.seat != self.seat:
                    known.setdefault(entry.seat, Counter())[entry.card] += 1
                continue
            counts = known.get(getattr(entry, "seat", None))
            if counts is None:
                continue  # nothing bought by that seat is still known to be in its hand
            played = (entry.card,) if kind is Discard else entry.cards if kind in (Meld, AddToSet, LayDown) else ()
            for c in played:
                if counts[c] > 0:
                    counts[c] -= 1
        in_hands = tuple(c for counts in known.values() for c in counts.elements())
        return self.discard_pile + tuple(c for s in self.table for c in s.cards) + in_hands

    def _this_round(self):
        """The public log since this round's deal."""
        return self.log.since_last(Deal)

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

    A match's log only grows, so a view can share the seat's public log list instead of
    copying it (which made every view cost time in proportion to the whole match).
    """

    __slots__ = ("_entries", "_length")

    def __init__(self, entries: list, length: int) -> None:
        self._entries, self._length = entries, length

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self._entries[: self._length][i])
        if i < 0:
            i += self._length
        if not 0 <= i < self._length:
            raise IndexError("log index out of range")
        return self._entries[i]

    def __iter__(self):
        return iter(self._entries[: self._length])

    def since_last(self, kind: type) -> tuple:
        """The entries after the last one of type ``kind`` (all of them if there is none)."""
        entries = self._entries
        for i in range(self._length - 1, -1, -1):
            if type(entries[i]) is kind:
                return tuple(entries[i + 1:self._length])
        return tuple(entries[:self._length])

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
    """

    __slots__ = ("_log", "_done", "_seats")

    def __init__(self, log: list, players: int) -> None:
        self._log = log  # the match's own log list, which only grows
        self._done = 0
        self._seats: list[list] = [[] for _ in range(players)]

    def of(self, seat: int) -> PublicLog:
        """``seat``'s public log: the match's log with what ``seat`` may not see hidden."""
        log = self._log
        if self._done < len(log):
            seats = self._seats
            for entry in log[self._done:]:
                kind = type(entry)
                if kind is Draw or kind is RoundEnd:
                    for s, public in enumerate(seats):
                        public.append(public_entry(entry, s))
                else:
                    # Most entries (offers, discards, melds) are public as they are: one
                    # test per entry, not per seat, as this runs on every decision.
                    for public in seats:
                        public.append(entry)
            self._done = len(log)
        return PublicLog(self._seats[seat], len(log))


# Drawn cards everyone sees: a bought discard (T20, C16) and a discard taken as the draw (C8).
_PUBLIC_SOURCES = (DrawSource.DISCARD, DrawSource.TAKEN)


def public_entry(entry, seat: int):
    """A log entry as ``seat`` may see it: others' stock cards and final hands hidden."""
    if isinstance(entry, Draw) and entry.seat != seat and entry.source not in _PUBLIC_SOURCES:
        return replace(entry, card=None)
    if isinstance(entry, RoundEnd):
        return replace(entry, hands=tuple(h if i == seat else () for i, h in enumerate(entry.hands)))
    return entry
