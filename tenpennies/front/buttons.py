"""The table's buttons: the moves a rule set has, when each can be pressed and why not (what
a front end greys out), the key that presses it, and what Undo may take back.

:class:`GameButtons` is the part of :class:`tenpennies.front.table.Game` that answers for
its buttons; every button and key of every front end presses through
:meth:`GameButtons.press`, which refuses what a greyed-out button would do, whoever
sends it. Undo never takes back what the seat has seen (:func:`is_news`).
"""

from __future__ import annotations

from ..engine.actions import Draw, DrawSource
from ..engine.errors import TenPenniesError
from ..engine.words import card_text
from ..explain.narrate import DRAW_MOVES, MOVES, button_label, move_words, moves_of, who
from ..play.match import Phase

__all__ = ["GameButtons", "KEYS", "is_news"]

KEYS = {"b": "buy", "p": "pass", "t": "take", "s": "draw", "l": "lay_down", "m": "meld", "a": "add",
        "d": "discard", "h": "hint", "u": "undo"}
"""Keyboard play: the letter for each move's button
(:meth:`tenpennies.front.table.Game.key`). The arrow keys move along the hand and the space
bar selects the card there. New Match has no key: one slip of a finger would throw the
match away."""


class GameButtons:
    """The buttons of a :class:`~tenpennies.front.table.Game` (a base of the game, reading its
    view, seat, rules and undo points, and pressing through its own moves' methods)."""

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves this game's rule set uses (:func:`~tenpennies.explain.narrate.moves_of`): a
        front end shows only these."""
        return moves_of(self.rules)

    def unavailable(self, move: str) -> str:
        """Why a move of :data:`~tenpennies.explain.narrate.MOVES` cannot be made now, in words; "" when it can.

        It is what a front end greys a button out for; a move that is available may
        still be refused by the engine (with the reason in :attr:`~tenpennies.front.table.Game.message`).
        """
        if move not in MOVES:
            raise TenPenniesError(f"no move {move!r}: one of {', '.join(MOVES)}")
        if move not in self.moves:
            return f"{self.rules.name} has no such move"
        if move == "new":
            return ""
        if move in ("hint", "undo") and not self.learning:
            return f"{move} is for learning mode"
        if move == "undo":
            return "" if self._undo else _NOTHING_TO_UNDO[self._fixed]
        if self.is_over:
            return "the match is over"
        view = self.view
        if not self.waiting:
            return f"wait: it is {who(view.to_act, self.seat, self.names)}'s decision"
        if move == "hint":
            return ""
        phase, top = view.phase, view.top_discard
        offer = phase is Phase.OFFER
        mine = view.active == view.seat
        # C6, C8, C9: the active player chooses its draw (before it, it may meld; also
        # when a purchase left the card beneath on top).
        choosing = "take" in self.moves and mine and (offer or phase is Phase.MELD)
        if move in DRAW_MOVES:
            if not choosing:
                return ("you have drawn this turn already" if mine
                        else f"it is {who(view.active, self.seat, self.names)}'s turn: buy or pass")
            return "the discard pile is empty" if move == "take" and top is None else ""
        if move in ("buy", "pass"):
            if choosing:
                return "no card is being offered to you now" if not offer else \
                    f"it is your turn: take {card_text(top)} or draw from the stock"
            return "" if offer else "no card is being offered to you now"
        if offer:
            if choosing:
                return f"first take {card_text(top)} or draw from the stock"
            return f"first buy or pass: you are being offered {card_text(top)}"
        if move == "discard" and phase is Phase.MELD:
            return "first take the top discard or draw from the stock"
        if move in ("lay_down", "meld", "add") and phase is Phase.DISCARD:
            return "melding comes before the draw: now discard"
        opened = view.opened[view.seat]
        if move == "lay_down" and opened:
            return "you have laid down your contract already this round"
        if move in ("meld", "add") and not opened:
            return "lay down your contract first"
        return ""

    def tooltip(self, move: str) -> str:
        """A move's words for its button: what it does and, when it cannot be made now, why."""
        why = self.unavailable(move)
        words = move_words(move, self.rules)
        return f"{words}. Not now: {why}." if why else f"{words}."

    def press(self, move: str, *args) -> bool:
        """Press a move's button (a name of :data:`~tenpennies.explain.narrate.MOVES`; ``"add"`` takes the meld's index
        and, optionally, a wild's end): what every front end's button and key goes through.

        A move :meth:`unavailable` greys out is refused with its reason in :attr:`~tenpennies.front.table.Game.message`
        and changes nothing, whoever sends it (a page's forged "click" on a disabled button
        included); an available one is made as its method makes it.
        """
        why = self.unavailable(move)
        if why:
            return self._refuse(f"{button_label(move, self.rules)}: not now: {why}")
        if move == "hint":
            raise TenPenniesError("the hint is asked for with Game.hint(), which returns it")
        if move == "new":
            self.new_match(*args)
            return True
        methods = {"take": self.take_discard, "draw": self.draw_from_stock, "buy": self.buy,
                   "pass": self.pass_offer, "lay_down": self.lay_down, "meld": self.meld,
                   "add": self.add_to_meld, "discard": self.discard, "undo": self.undo}
        return methods[move](*args)

    def _refuse(self, why: str) -> bool:
        self.message = why
        return False


_NOTHING_TO_UNDO = {False: "there is nothing to undo",
                    True: "nothing to undo since the table showed you something new (a card drawn or bought, "
                          "another seat's move): undo never takes back what you have seen"}


def is_news(entry, seat: int | None) -> bool:
    """Does this log entry show ``seat`` something it did not choose (what
    :meth:`tenpennies.front.table.Game.undo` never takes back)?

    Everything but the seat's own actions and its taking a face-up card: a card from the
    stock (its draw, a purchase's extra cards), another seat's action or draw, a deal, a
    recycled stock, a round's end. (A person's own pass or buy is not news by itself:
    the draws and the other seats' answers after it are.)
    """
    if type(entry) is Draw:
        return entry.seat != seat or entry.source not in (DrawSource.DISCARD, DrawSource.TAKEN)
    return getattr(entry, "seat", None) != seat or seat is None
