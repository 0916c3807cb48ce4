r"""A game at the table: one driver for every front end (the terminal, the widgets, bots alone).

A :class:`Game` holds a :class:`~tenpennies.play.match.Match`, which seats are bots (the
others are people), the cards a person has selected, the log of what happened in words,
and, in learning mode, an undo stack. :meth:`Game.advance` plays the bots until a person
must decide (or the match is over), through the bots' one loop,
:func:`tenpennies.bots.play`; ``tenpennies play`` and
:class:`tenpennies.widgets.PlayTable` drive a match through a :class:`Game`.

A front end reads only :attr:`Game.view` (the person's
:class:`~tenpennies.play.view.PlayerView`) and what is built from it (the hand as shown, the
words, the hint), so nothing it shows can hold a card that seat may not see (T20).

    >>> game = Game(seed=7, seat=0, bots=("thumb", "thumb", "thumb"))
    >>> game.advance(); game.waiting
    True
    >>> print("\n".join(game.new_words()))
    Round 1 of 7: two sets of 3. Seat 2 (thumb) dealt; the up card is 6D.
    Seat 3 (thumb) passed.
    >>> game.buy(), game.message                 # seat 0 is offered 6D
    (True, '')
    >>> game.advance(); print("\n".join(game.new_words()))
    You bought 6D for a token.
    You drew JH as part of the purchase.
    You drew 6C as part of the purchase.
    Seat 3 (thumb) drew a card.
    Seat 3 (thumb) discarded KC.
    >>> game.discard(), game.message             # a discard needs one selected card
    (False, 'select exactly one card to discard (0 cards selected)')

Undo never takes back what the seat has seen (:meth:`Game.undo`, in every mode, the
classroom's tables and practice alike): once the table shows the person something it
did not choose (a card from the stock, a purchase's cards, another seat's move, a new
deal), the decisions before it are fixed. So Draw then Undo cannot show the stock's top
card and let the seat choose again; what can be taken back is the person's own moves
since, which reveal nothing (a lay-down, a meld, an added card, a free take of the face-up
discard, a discard the bots have not yet answered). Every button a front end shows goes
through :meth:`Game.press`, which refuses what a greyed-out button would do, whoever
sends it.

:class:`Replay` steps forward and back through a saved match on the same footing, from
any seat's view or the teacher's all-hands view.

What the table says (narration, the moves' words and labels, score tables, a hand in
groups) lives in :mod:`tenpennies.explain.narrate`; its names are importable from here too.

(One concept in one file, over 600 lines: the table's controller, every click a person
can make and what it does, the bots' turns between them and the round's summary; its
words, pictures and the bot loop live elsewhere, and :class:`Replay` is its read-only
twin.)
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Sequence

from ..engine.actions import Action, AddToMeld, Buy, Deal, Discard, Draw, DrawSource, LayDown, Meld, Pass, RoundEnd
from ..bots import seat_bot
from ..play.loop import play, step
from ..engine.cards import Card
from ..engine.errors import IllegalActionError, NoSuchCardError, TenPenniesError
from ..play.match import Match, Phase, Position
from ..explain.narrate import (BUTTON_LABELS, DRAW_MOVES, LAY_DOWN_RULE, LAY_DOWN_RULE_RUNS, MOVES, RUN_BUTTON_LABELS,
                      RUN_MOVES, SORTS, LastMove, button_label, describe, grouped_hand, hand_groups, happened_line,
                      last_move, lay_down_rule, since_last_move,
                      move_words, moves_of, narrate, narrated, score_rows, score_table, to_you, who,
                      winners_sentence)
from ..engine.rules import TEN_PENNIES, RuleSet
from ..play.view import PlayerView
from ..engine.words import capitalized, card_text, cards_text, plural

__all__ = [
    "Game", "KEYS", "OFFERS", "Replay", "RoundSummary", "default_bots", "is_news",
    # the table's words live in tenpennies.explain.narrate; kept here, where front ends and notebooks import them
    "BUTTON_LABELS", "DRAW_MOVES", "LAY_DOWN_RULE", "LAY_DOWN_RULE_RUNS", "MOVES", "RUN_BUTTON_LABELS",
    "RUN_MOVES", "SORTS", "button_label", "describe", "grouped_hand", "hand_groups", "lay_down_rule",
    "move_words", "moves_of", "narrate", "narrated", "score_rows", "score_table", "to_you", "who",
    "winners_sentence",
]


# -- the game ------------------------------------------------------------------------------
OFFERS = {
    "ask": "ask me about every offer",
    "useful": "ask me only when it could help",
    "never": "never ask me",
}
"""Which offers of the top discard a person is asked about (:class:`Game`'s ``offers``).

``"ask"``: every one, as the engine makes them (T5, C9). ``"useful"``: only those where
buying could help, the buy judgment's own test (:func:`tenpennies.bots.buying.should_buy`):
an offer it calls a pass (a purchase after laying down only adds cards; a card that is no
out and whose purchase gives no better chance than passing; one that cannot pay for its
token and cards) is passed without asking, and the log says why in the hint's plain
sentence (:func:`tenpennies.engine.words.buy_plain`). ``"never"``: every offer is passed. A free
take of the top discard as one's own draw (C8) is a draw, not an offer: always asked."""

KEYS = {"b": "buy", "p": "pass", "t": "take", "s": "draw", "l": "lay_down", "m": "meld", "a": "add",
        "d": "discard", "h": "hint", "u": "undo"}
"""Keyboard play: the letter for each move's button (:meth:`Game.key`). The arrow keys
move along the hand and the space bar selects the card there. New Match has no key: one
slip of a finger would throw the match away."""


@dataclass(frozen=True)
class RoundSummary:
    """A finished round as the person's seat may know it (:meth:`Game.round_summary`).

    ``hands``: the cards each seat was left holding, face up for the person's own seat
    and ``None`` for the others (T20: a view never holds another player's hand, also
    at the round's end); ``cards_left`` how many each held (hand sizes are public);
    ``points`` the round's points (T18, C14), ``totals`` the match's after it;
    ``went_out`` the seat that emptied its hand (None when the round ended otherwise,
    ``how`` says: "out", "no draw", "turn cap").
    """

    round_no: int
    rounds: int
    how: str
    went_out: int | None
    seat: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    cards_left: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]
    card_points: tuple[int, ...] = field(repr=False)

    @property
    def last(self) -> bool:
        """Was it the match's last round?"""
        return self.round_no == self.rounds

    def points_by_card(self, seat: int) -> tuple[tuple[Card, int], ...]:
        """Each card the seat was left holding with its points (empty for a hidden hand)."""
        return tuple((c, self.card_points[c.rank]) for c in self.hands[seat] or ())

    def how_words(self, names: Mapping[int, str] | None = None) -> str:
        """Who went out, or how the round ended otherwise, in words."""
        if self.went_out is not None:
            return f"{capitalized(who(self.went_out, self.seat, names))} went out"
        return {"no draw": "Nobody went out: no card was left to draw",
                "turn cap": "Nobody went out: the round reached its turn cap"}.get(self.how, "The round ended")


def default_bots(count: int) -> tuple[str, ...]:
    """The bots a game seats when none are named: strong and thumb taking turns round the
    table, so a table of four is ``("strong", "thumb", "strong")`` and a bigger one (C1)
    is as mixed.

    >>> default_bots(5)
    ('strong', 'thumb', 'strong', 'thumb', 'strong')
    """
    return tuple("thumb" if k % 2 else "strong" for k in range(count))


def unasked_reason(view: PlayerView, offers: str) -> str | None:
    """Why the offer before ``view``'s seat, whose decision it is, is passed without
    asking under the setting ``offers`` (:data:`OFFERS`), in words; None when the seat is
    to be asked (or is not being offered a card to buy). :class:`Game` and the room
    service (:mod:`tenpennies.front.rooms`) pass offers by this one test."""
    if offers == "ask":
        return None
    if view.phase is not Phase.OFFER or not any(type(a) is Buy for a in view.legal_actions):
        return None  # not an offer to buy (C8's free take is the turn's draw: always asked)
    card = view.top_discard
    if offers == "never":
        return f"You passed on {card_text(card)} without being asked (you chose never to be asked)."
    from ..bots.buying import should_buy
    from ..explain.decisions import buy_plain

    judgment = should_buy(view)
    if judgment.verdict != "pass":
        return None
    said = buy_plain(judgment, False, view.contract.words).removeprefix("Pass: ")
    return f"You passed on {card_text(card)} without being asked: {said}"


class Game:
    """A match with some seats played by bots and the rest by people.

    ``seat`` is the person's seat (``None``: bots in every seat). ``bots`` names one bot
    per other seat, in seat order (or one per seat, with anything at the person's
    seat, or one for all); names, factories or built bots all do; by default
    :func:`default_bots`. ``rules`` may seat up to eight
    (``rules=TEN_CARD_RUMMY.with_players(6)``). ``position`` starts the current
    round from a :class:`~tenpennies.play.match.Position` (a rigged table for lessons and
    tests). ``learning`` allows :meth:`undo` (of the person's moves since the table last
    showed it something new: see :meth:`undo`) and :meth:`hint`. ``offers`` says which
    offers of the top discard the person is asked about (:data:`OFFERS`: ``"ask"``, the
    default here, asks every one; the table and the terminal game default to
    ``"useful"``); the others are passed by :meth:`advance` and :meth:`step`, and told
    in :meth:`new_words` with the reason.

    Button-like methods (:meth:`buy`, :meth:`pass_offer`, :meth:`lay_down`,
    :meth:`meld`, :meth:`add_to_meld`, :meth:`discard`) build the action from the
    selected cards and play it: they return True when it was played and False when it
    was refused, with the engine's reason in :attr:`message`. They do not move the bots:
    call :meth:`advance` (all at once) or :meth:`step` (one decision at a time).

    What a front end shows of play comes from here too: :attr:`what_happened` (the other
    seats' moves since the person's last, in one line), :attr:`last_move` (the card they
    just discarded or bought, to mark) and :attr:`banner` (a round's end, only until the
    next round is under way).
    """

    hint_shown = None  # the hint on show (show_hint), until the person's next move
    why_open = False  # whether its numbers are shown ("Why?", toggle_why)

    def __init__(self, seed: int | str = 0, *, seat: int | None = 0,
                 bots: Sequence | None = None, rules: RuleSet = TEN_PENNIES,
                 position: Position | None = None, learning: bool = True, offers: str = "ask") -> None:
        if offers not in OFFERS:
            raise TenPenniesError(f"offers must be one of {', '.join(map(repr, OFFERS))}, not {offers!r}")
        n = rules.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise TenPenniesError(f"seat must be 0 to {n - 1} or None, not {seat!r}")
        others = [s for s in range(n) if s != seat]
        bots = list(default_bots(len(others)) if bots is None else bots)
        if len(bots) == 1 and len(others) > 1:
            bots = bots * len(others)
        if len(bots) == n and seat is not None:
            bots = [b for s, b in enumerate(bots) if s != seat]
        if len(bots) != len(others):
            raise TenPenniesError(f"a game needs {len(others)} bots (one per seat but yours), not {len(bots)}")
        self.seat = seat
        self.rules = rules
        self.seed = seed
        self.learning = learning
        self.offers = offers
        self.bots = {s: seat_bot(b, seed, s) for s, b in zip(others, bots)}
        self._bot_specs = dict(zip(others, bots))
        self.names = {s: getattr(b, "name", "bot") for s, b in self.bots.items()}
        self.position = position
        self.match = Match(seed, rules, position=position)
        self.sort = "rank"
        self.selected: tuple[int, ...] = ()
        self.cursor = 0  # the hand's card the keyboard is on (see key())
        self.message = ""
        self._unasked: dict[int, str] = {}  # log index of a pass made without asking -> its words
        self._undo: list[int] = []  # actions played before each of the person's decisions still undoable
        self._checked = 0  # log entries already checked for news (see _fix_what_was_seen)
        self._fixed = False  # news emptied the undo stack: undo says why, not "nothing to undo"
        self._told = 0  # how many log entries new_words() has already told
        self.hint_shown, self.why_open = None, False

    @classmethod
    def from_position(cls, position: Position, seed: int | str = 0, **options) -> "Game":
        """A game whose current round starts from ``position``."""
        return cls(seed, position=position, **options)

    # -- what a front end reads ----------------------------------------------------------
    @property
    def view(self) -> PlayerView:
        """The person's view (seat 0's when bots play every seat)."""
        return self.match.view(0 if self.seat is None else self.seat)

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def waiting(self) -> bool:
        """Is it the person's decision now?"""
        return self.seat is not None and self.match.to_act == self.seat

    @property
    def hand(self) -> tuple[Card, ...]:
        """The person's hand in the order shown (see :attr:`sort`)."""
        view = self.view
        if self.sort == "contract":
            return grouped_hand(view.hand, view.round_no, view.rules)
        return tuple(view.hand)

    @property
    def groups(self) -> tuple[int, ...] | None:
        """Sizes of the groups of :attr:`hand` when grouped for the contract (None by rank)."""
        if self.sort != "contract":
            return None
        view = self.view
        return tuple(len(g) for g in hand_groups(view.hand, view.round_no, view.rules))

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        hand = self.hand
        return tuple(hand[i] for i in self.selected if i < len(hand))

    def addable_sets(self) -> tuple[int, ...]:
        """The table melds the selected cards may be added to now (none before laying down)."""
        from ..engine.melds import meld_problems

        view, cards = self.view, self.selected_cards
        if not cards or not view.opened[view.seat]:
            return ()
        return tuple(i for i, s in enumerate(view.table)
                     if not meld_problems(s.cards + cards, s.kind, view.round_no, view.rules))

    def _log(self):
        """The log the words come from: the person's public log (everything, when only bots play)."""
        return self.match.log if self.seat is None else self.view.log

    def _told_words(self, start: int = 0):
        """``(entry, words)`` from ``start`` on, a pass made without asking told with its reason."""
        for i, (entry, said) in enumerate(narrated(self._log(), self.seat, self.rules, self.names, start=start),
                                          start):
            yield entry, self._unasked.get(i, said)

    def words(self) -> list[str]:
        """The whole log in words, as the person's seat may know it."""
        return [said for _, said in self._told_words() if said]

    def new_words(self) -> list[str]:
        """What happened since the last call, in words (after an undo: from there on).

        A round's end comes with the score table; the match's end with the winners.
        """
        view, log = self.view, self._log()
        lines = []
        viewer = self.seat
        for entry, said in self._told_words(self._told):
            if said:
                lines.append(said)
            if type(entry) is RoundEnd:
                lines.append(score_table(view, viewer, self.names, upto=entry.round_no))
        self._told = len(log)
        if lines and self.is_over:
            lines.append(winners_sentence(view, viewer, self.names))
        return lines

    # -- what just happened (the table shows it; the terminal can say it) ----------------------
    @property
    def last_move(self) -> LastMove | None:
        """The card another seat moved since the person's last move, for the table to
        mark: the discard still on top, or the discard just bought or taken (None if none)."""
        return last_move(since_last_move(self._log(), self.seat), self.view.top_discard)

    @property
    def what_happened(self) -> str:
        """The other seats' moves since the person's last move, in one line (the newest
        three seats' turns: :func:`tenpennies.explain.narrate.happened_line`); "" if none."""
        return happened_line(since_last_move(self._log(), self.seat), self.seat, self.rules, self.names)

    @property
    def banner(self) -> str:
        """The line over the table: the last round's end and its points until the next
        round is under way (so "Round 1 is over" is not up during round 2), and after the
        match, its end with the winners; "" otherwise."""
        for entry in reversed(self._log()):
            if type(entry) is RoundEnd:
                break
            if type(entry) is not Deal:
                return ""  # something was played since the round ended
        else:
            return ""
        points = ", ".join(f"{who(s, self.seat, self.names)} {p}" for s, p in enumerate(entry.points))
        said = f"{narrate(entry, self.seat, self.rules, self.names)} Points: {points}."
        return f"{said} {winners_sentence(self.view, self.seat, self.names)}" if self.is_over else said

    def round_summary(self, round_no: int | None = None) -> RoundSummary | None:
        """The summary of a finished round (the last one by default; None before any ends):
        the points and the cards left, as the person's seat may know them."""
        view = self.view
        ends = [e for e in self._log() if type(e) is RoundEnd and (round_no is None or e.round_no == round_no)]
        if not ends:
            return None
        end = ends[-1]
        # Hand sizes are public (T20): the counts come from the match's own record of the end,
        # and the cards only for the person's seat (every seat's when bots play them all).
        whole = next(e for e in reversed(self.match.log) if type(e) is RoundEnd and e.round_no == end.round_no)
        hands = tuple(tuple(h) if self.seat is None or s == self.seat else None for s, h in enumerate(whole.hands))
        totals = score_rows(view, upto=end.round_no)[-1][1]
        return RoundSummary(end.round_no, self.rules.rounds, end.how.value, end.went_out, self.seat, hands,
                            tuple(len(h) for h in whole.hands), tuple(end.points), tuple(totals),
                            tuple(self.rules.card_points))

    def record(self) -> str:
        """The match so far as :mod:`tenpennies.play.record` JSON (what ``tenpennies review`` reads)."""
        from ..play.record import dumps

        return dumps(self.match)

    def save(self, path) -> None:
        """Save the match record to ``path`` (:func:`tenpennies.play.record.save`)."""
        from ..play.record import save

        save(self.match, path)

    # -- selecting and sorting ----------------------------------------------------------------
    def select(self, index: int) -> None:
        """Select the card at ``index`` of :attr:`hand`, or unselect it."""
        if not 0 <= index < len(self.hand):
            raise NoSuchCardError(f"there is no card {index} in a hand of {len(self.hand)}")
        chosen = list(self.selected)
        chosen.remove(index) if index in chosen else chosen.append(index)
        self.selected = tuple(chosen)

    def select_cards(self, cards: Iterable[Card] | str) -> None:
        """Select these cards (notation or cards), replacing the selection."""
        from ..engine.cards import parse_cards

        wanted = Counter(parse_cards(cards) if isinstance(cards, str) else cards)
        chosen = []
        for i, c in enumerate(self.hand):
            if wanted[c] > 0:
                wanted[c] -= 1
                chosen.append(i)
        if +wanted:
            raise TenPenniesError(f"the hand holds no {cards_text(wanted.elements())}")
        self.selected = tuple(chosen)

    def clear_selection(self) -> None:
        self.selected = ()

    def sort_hand(self, how: str) -> None:
        """Show the hand by ``"rank"`` or grouped for the ``"contract"`` (the selection is kept)."""
        if how not in SORTS:
            raise TenPenniesError(f"sort by one of {', '.join(SORTS)}, not {how!r}")
        cards = self.selected_cards
        self.sort = how
        self.select_cards(cards)

    def key(self, key: str) -> str:
        """Keyboard play: the arrow keys move :attr:`cursor` along the hand, the space bar
        selects or unselects the card there (the up arrow selects it, the down
        arrow unselects it); a letter of :data:`KEYS`
        names a move. Returns that move's name for the front end to make as if its
        button were pressed ("" when the key was handled here or means nothing).

        >>> game = Game(seed=7)
        >>> game.key("ArrowRight"), game.cursor, game.key(" "), game.selected, game.key("D")
        ('', 1, '', (1,), 'discard')
        """
        size = len(self.hand)
        if key in ("ArrowRight", "ArrowLeft"):
            if size:
                self.cursor = (min(self.cursor, size - 1) + (1 if key == "ArrowRight" else -1)) % size
            return ""
        if key in (" ", "Spacebar", "ArrowUp", "ArrowDown"):
            if size:
                self.cursor = min(self.cursor, size - 1)
                chosen = self.cursor in self.selected
                # Space turns the card over; up only raises it, down only lowers it.
                if key in (" ", "Spacebar") or chosen == (key == "ArrowDown"):
                    self.select(self.cursor)
            return ""
        move = KEYS.get(key.lower(), "") if len(key) == 1 else ""
        return move if move in self.moves else ""

    # -- the person's decisions -------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Play the person's action; False (and the engine's reason in :attr:`message`) if refused."""
        if self.seat is None or getattr(action, "seat", None) != self.seat:
            self.message = "that is not your seat's action"
            return False
        from ..play.record import actions_of

        before = len(actions_of(self.match))
        self._fix_what_was_seen()  # (news before this decision that this game did not play: a test's)
        try:
            self.match.apply(action)
        except IllegalActionError as exc:
            self.message = to_you(str(exc), self.seat)
            return False
        self._undo.append(before)
        self._fix_what_was_seen()
        self.selected = ()
        self.message = ""
        self.hint_shown, self.why_open = None, False
        return True

    def _fix_what_was_seen(self) -> None:
        """Forget the undo points that news has passed (see :meth:`undo` and :func:`is_news`)."""
        log = self.match.log
        if any(is_news(entry, self.seat) for entry in log[self._checked:]):
            self._fixed = self._fixed or bool(self._undo)
            self._undo.clear()
        self._checked = len(log)

    def press(self, move: str, *args) -> bool:
        """Press a move's button (a name of :data:`MOVES`; ``"add"`` takes the meld's index
        and, optionally, a wild's end): what every front end's button and key goes through.

        A move :meth:`unavailable` greys out is refused with its reason in :attr:`message`
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

    def buy(self) -> bool:
        return self.act(Buy(self.seat))

    def take_discard(self) -> bool:
        """Take the top discard as the turn's draw, for nothing (C8)."""
        from ..engine.actions import TakeDiscard

        return self.act(TakeDiscard(self.seat))

    def draw_from_stock(self) -> bool:
        """Leave the top discard and draw from the stock (C9: others may buy it first);
        the engine's word for it is a pass by the active player."""
        return self.act(Pass(self.seat))

    def pass_offer(self) -> bool:
        return self.act(Pass(self.seat))

    def discard(self) -> bool:
        cards = self.selected_cards
        if len(cards) != 1:
            return self._refuse(f"select exactly one card to discard ({plural(len(cards), 'card')} selected)")
        return self.act(Discard(self.seat, cards[0]))

    def meld(self, end: str | None = None) -> bool:
        """Meld the selected cards; ``end`` places a wild at one end of a new run (C4)."""
        if not self.selected:
            return self._refuse("select the cards of the new meld first" if self.rules.has_runs
                                else "select the cards of the new set first")
        return self.act(Meld(self.seat, self.selected_cards, end))

    def add_to_meld(self, set_index: int, end: str | None = None) -> bool:
        """Add the selected cards to a table meld; ``end`` (``"low"``/``"high"``) says where
        a wild goes on a run (C4: the high end if not said)."""
        if not self.selected:
            return self._refuse("select the cards to add first")
        return self.act(AddToMeld(self.seat, set_index, self.selected_cards, end))

    add_to_set = add_to_meld  # its first name, which the widgets and notebooks use

    def lay_down(self) -> bool:
        """Lay down the contract: the selected cards' own arrangement, or the solver's.

        With cards selected, they must make the whole contract by themselves, grouped
        as a player means them (:data:`LAY_DOWN_RULE`): one set per rank, wilds joining
        the sets short of cards (the engine checks it and says why not); with none, the
        solver's best arrangement (fewest wilds) is laid down, or the refusal says what
        is missing.
        """
        from ..solver import contract_arrangements, find_contract, what_is_missing

        view = self.view
        if self.selected:
            cards = self.selected_cards
            exact = [a for a in contract_arrangements(cards, view.round_no, view.rules) if a.size == len(cards)]
            sets = exact[0].melds if exact else _as_melds(cards, view.round_no, view.rules)
            if self.act(LayDown(self.seat, sets)):
                return True
            if "already laid down" not in self.message and not view.rules.has_runs:
                self.message += (" (the selected cards make one set per rank, wilds joining the sets short of "
                                 "cards; select nothing to lay down the best arrangement)")
            return False
        found = find_contract(view.hand, view.round_no, view.rules)
        if found is None:
            if view.opened[view.seat]:
                return self.act(LayDown(self.seat, ()))  # the engine says it is down already
            return self._refuse("you cannot lay down yet: " + str(what_is_missing(view.hand, view.round_no,
                                                                                  view.rules)))
        return self.act(LayDown(self.seat, found.melds))

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves this game's rule set uses (:func:`moves_of`): a front end shows only these."""
        return moves_of(self.rules)

    def unavailable(self, move: str) -> str:
        """Why a move of :data:`MOVES` cannot be made now, in words; "" when it can.

        It is what a front end greys a button out for; a move that is available may
        still be refused by the engine (with the reason in :attr:`message`).
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

    def hint(self, *, moves: str = "buttons"):
        """What the strong bot would do now and why (:func:`tenpennies.explain.hint.hint`); ``moves``
        says how the sentence names a move: "buttons" (the table's) or "commands" (the CLI's)."""
        from ..explain.hint import hint

        if not self.learning:
            raise IllegalActionError("hints are for learning mode")
        if not self.waiting:
            raise IllegalActionError("it is not your decision now")
        view = self.view
        found = hint(view, moves=moves)
        if not self.match.is_legal(found.action):  # a bot that does not know this game's turn
            raise IllegalActionError(f"no hint: the strong bot cannot play {self.rules.name} here")
        return found

    def show_hint(self, *, moves: str = "buttons"):
        """:meth:`hint`, kept as the hint on show until the person's next move: its plain
        sentence first (:attr:`hint_words`), the numbers behind it closed until
        :meth:`toggle_why` opens them."""
        found = self.hint(moves=moves)
        self.hint_shown, self.why_open = found, False
        return found

    def toggle_why(self) -> bool:
        """Open (or close again) the numbers behind the hint on show; whether they are open.
        Nothing to open without a hint on show, or where its sentence is plain already."""
        self.why_open = bool(self.hint_shown is not None and self.hint_shown.why and not self.why_open)
        return self.why_open

    @property
    def hint_words(self) -> str:
        """The hint on show as the table says it: the plain sentence, then, once "Why?" is
        open, the numbers behind it; "" with no hint on show."""
        found = self.hint_shown
        if found is None:
            return ""
        return f"{found.first} Why: {found.why}" if self.why_open and found.why else found.first

    def undo(self) -> bool:
        """Take back the person's last decision; learning mode only.

        Only a decision since which the table showed the person nothing new can be taken
        back (:func:`is_news`): a card drawn from the stock or bought, another seat's
        move, a new deal fix everything before them. Draw then Undo would otherwise
        show the stock's top card and let the seat choose again (buy instead, or take
        the discard), which is a peek (T20: a seat never sees what it was not dealt).
        The rule is the same at every table, a practice one too, so a habit learnt in
        practice is honest in class; what stays undoable is the person's own moves of
        the turn since its draw (in Ten Card Rummy, C6, its melds before the draw too),
        which reveal nothing. The deal never changes: an undo replays the match's own
        seed to the point taken back.
        """
        if not self.learning:
            return self._refuse("undo is for learning mode")
        self._fix_what_was_seen()  # (news the match got without this game hearing of it)
        if not self._undo:
            return self._refuse(_NOTHING_TO_UNDO[self._fixed])
        from ..play.record import replay

        self.match = replay(self.match, upto=self._undo.pop())
        self._checked = len(self.match.log)
        self._unasked = {i: said for i, said in self._unasked.items() if i < len(self.match.log)}
        self._told = min(self._told, len(self.match.log))  # words from here on are told afresh
        self.selected = ()
        self.message = ""
        self.hint_shown, self.why_open = None, False
        return True

    def new_match(self, seed: int | str | None = None) -> None:
        """Start again: the same seats and bots, a new seed (the next one by default)."""
        seed = (self.seed + 1 if isinstance(self.seed, int) else f"{self.seed}+") if seed is None else seed
        self.__init__(seed, seat=self.seat, bots=list(self._bot_specs.values()), rules=self.rules,
                      learning=self.learning, offers=self.offers)

    # -- offers not asked about ------------------------------------------------------------
    def unasked_reason(self) -> str | None:
        """Why the offer now before the person is passed without asking (:data:`OFFERS`),
        in words; None when the person is to be asked (or is not being offered a card)."""
        if not self.waiting:
            return None
        return unasked_reason(self.view, self.offers)

    def _pass_unasked(self) -> bool:
        """Pass the offer now before the person if :attr:`offers` says not to ask; True if passed."""
        said = self.unasked_reason()
        if said is None:
            return False
        self._unasked[len(self._log())] = said  # the pass is the log's next entry
        self.match.apply(Pass(self.seat))
        return True

    def unasked_actions(self) -> tuple[int, ...]:
        """The indices, among the match record's actions (:func:`tenpennies.play.record.actions_of`),
        of the passes this game made for the person without asking (:attr:`offers`): not the
        person's decisions, so the review leaves them out
        (``tenpennies.review.judge.review(..., unasked=...)``)."""
        from ..play.record import is_action

        found, actions = [], 0
        for i, entry in enumerate(self.match.log):
            if i in self._unasked:
                found.append(actions)
            actions += is_action(entry)
        return tuple(found)

    # -- the bots -----------------------------------------------------------------------------
    def step(self) -> bool:
        """Play one bot decision (or pass an offer the person is not asked about); False when
        it is a person's decision or the match is over."""
        played = self._pass_unasked() or step(self.match, self.bots)
        self._fix_what_was_seen()
        return played

    def advance(self) -> None:
        """Play the bots until a person must decide or the match is over (the bots' loop,
        :func:`tenpennies.bots.play`), passing the offers the person is not asked about."""
        play(self.match, self.bots)
        while self._pass_unasked():
            play(self.match, self.bots)
        self._fix_what_was_seen()


_NOTHING_TO_UNDO = {False: "there is nothing to undo",
                    True: "nothing to undo since the table showed you something new (a card drawn or bought, "
                          "another seat's move): undo never takes back what you have seen"}


def is_news(entry, seat: int | None) -> bool:
    """Does this log entry show ``seat`` something it did not choose (what :meth:`Game.undo`
    never takes back)?

    Everything but the seat's own actions and its taking a face-up card: a card from the
    stock (its draw, a purchase's extra cards), another seat's action or draw, a deal, a
    recycled stock, a round's end. (A person's own pass or buy is not news by itself:
    the draws and the other seats' answers after it are.)
    """
    if type(entry) is Draw:
        return entry.seat != seat or entry.source not in (DrawSource.DISCARD, DrawSource.TAKEN)
    return getattr(entry, "seat", None) != seat or seat is None


def _as_melds(cards: Sequence[Card], round_no: int, rules: RuleSet) -> tuple[tuple[Card, ...], ...]:
    """Selected cards as the melds a player means: all of them as one meld where they make
    one (a run, say), else one set per rank (:func:`_by_rank`), for the engine to judge."""
    from ..engine.melds import meld_kinds

    if rules.has_runs and meld_kinds(cards, round_no, rules):
        return (tuple(cards),)
    return _by_rank(cards, round_no, rules)


def _by_rank(cards: Sequence[Card], round_no: int, rules: RuleSet) -> tuple[tuple[Card, ...], ...]:
    """Selected cards grouped into sets by rank, wilds shared out, for the engine to judge."""
    wild = rules.wild_table(round_no)
    groups: dict[int, list[Card]] = {}
    for c in cards:
        if not wild[c.index]:
            groups.setdefault(c.rank, []).append(c)
    sets = list(groups.values()) or [[]]
    for c in cards:
        if wild[c.index]:
            min(sets, key=len).append(c)
    return tuple(tuple(s) for s in sets)


# -- replay --------------------------------------------------------------------------------
class Replay:
    """Step forward and back through a saved match (``tenpennies.play.record`` JSON, or a Match).

    ``seat`` picks whose view to show; ``None`` is the teacher's view, with every hand.
    :attr:`at` counts the actions played so far (0 = the deal).
    """

    def __init__(self, source, seat: int | None = None) -> None:
        from ..play import record

        if isinstance(source, Match):
            data = record.to_dict(source)
        elif isinstance(source, str):
            data = json.loads(source)
        else:
            data = source
        self._data = data
        self.total = len(data["actions"])
        self.seat = seat
        self.match = record.from_dict(data, upto=0)
        self.at = 0

    def goto(self, at: int) -> None:
        from ..play import record

        at = max(0, min(self.total, at))
        if at >= self.at:
            from ..engine.actions import parse_action

            for seat, text in self._data["actions"][self.at:at]:
                self.match.apply(parse_action(text, seat))
        else:
            self.match = record.from_dict(self._data, upto=at)
        self.at = at

    def forward(self, steps: int = 1) -> None:
        self.goto(self.at + steps)

    def back(self, steps: int = 1) -> None:
        self.goto(self.at - steps)

    @property
    def view(self) -> PlayerView:
        return self.match.view(0 if self.seat is None else self.seat)

    @property
    def hands(self) -> dict[int, tuple[Card, ...]] | None:
        """Every hand, in the teacher's view only (None from a seat's view)."""
        if self.seat is not None:
            return None
        return {s: tuple(self.match.hand(s)) for s in range(self.match.rules.players)}

    def words(self) -> list[str]:
        """What happened so far, in words, as the chosen seat (or the teacher) knows it."""
        log = self.match.log if self.seat is None else self.view.log
        return [said for _, said in narrated(log, self.seat, self.match.rules) if said]
