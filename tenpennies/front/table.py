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

Two bases give :class:`Game` its faces: its buttons (which moves a rule set has, why one
cannot be pressed now, pressing it, their keys and Undo's rule) are
:class:`~tenpennies.front.buttons.GameButtons`, and what it says (the log in words, what
just happened, the banner, a round's summary) :class:`~tenpennies.front.table_words.GameWords`.
Which offers the person is asked about is :mod:`tenpennies.front.offers`;
:class:`~tenpennies.front.replay.Replay` steps forward and back through a saved match on
the same footing, from any seat's view or the teacher's all-hands view.

What the table says (narration, the moves' words and labels, score tables, a hand in
groups) lives in :mod:`tenpennies.explain.narrate`; its names are importable from here too.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ..engine.actions import Action, AddToMeld, Buy, Discard, LayDown, Meld, Pass, TakeDiscard
from ..bots import seat_bot
from ..play.loop import play, step
from ..engine.cards import Card, parse_cards
from ..engine.errors import IllegalActionError, NoSuchCardError, TenPenniesError
from ..engine.melds import meld_kinds, meld_problems
from ..play.match import Match, Position
from ..play.record import actions_of, dumps, is_action, replay, save
from ..solver import contract_arrangements, find_contract, what_is_missing
from ..explain.hint import hint
from ..explain.narrate import (BUTTON_LABELS, DRAW_MOVES, LAY_DOWN_RULE, LAY_DOWN_RULE_RUNS, MOVES, RUN_BUTTON_LABELS,
                      RUN_MOVES, SORTS, button_label, describe, grouped_hand, hand_groups, lay_down_rule,
                      move_words, moves_of, narrate, narrated, score_rows, score_table, to_you, who,
                      winners_sentence)
from ..engine.rules import TEN_PENNIES, RuleSet
from ..play.view import PlayerView
from ..engine.words import cards_text, plural
from .buttons import _NOTHING_TO_UNDO, KEYS, GameButtons, is_news
from .offers import OFFERS, unasked_reason
from .table_words import GameWords

__all__ = [
    "Game", "default_bots",
    # the table's words live in tenpennies.explain.narrate; kept here, where front ends and notebooks import them
    "BUTTON_LABELS", "DRAW_MOVES", "LAY_DOWN_RULE", "LAY_DOWN_RULE_RUNS", "MOVES", "RUN_BUTTON_LABELS",
    "RUN_MOVES", "SORTS", "button_label", "describe", "grouped_hand", "hand_groups", "lay_down_rule",
    "move_words", "moves_of", "narrate", "narrated", "score_rows", "score_table", "to_you", "who",
    "winners_sentence",
]


def default_bots(count: int) -> tuple[str, ...]:
    """The bots a game seats when none are named: strong and thumb taking turns round the
    table, so a table of four is ``("strong", "thumb", "strong")`` and a bigger one (C1)
    is as mixed.

    >>> default_bots(5)
    ('strong', 'thumb', 'strong', 'thumb', 'strong')
    """
    return tuple("thumb" if k % 2 else "strong" for k in range(count))


class Game(GameWords, GameButtons):
    """A match with some seats played by bots and the rest by people.

    ``seat`` is the person's seat (``None``: bots in every seat). ``bots`` names one bot
    per other seat, in seat order (or one per seat, with anything at the person's
    seat, or one for all); names, factories or built bots all do; by default
    :func:`default_bots`. ``rules`` may seat up to eight
    (``rules=TEN_CARD_RUMMY.with_players(6)``). ``position`` starts the current
    round from a :class:`~tenpennies.play.match.Position` (a rigged table for lessons and
    tests). ``learning`` allows :meth:`undo` (of the person's moves since the table last
    showed it something new: see :meth:`undo`) and :meth:`hint`. ``offers`` says which
    offers of the top discard the person is asked about
    (:data:`~tenpennies.front.offers.OFFERS`: ``"ask"``, the default here, asks every one;
    the table and the terminal game default to ``"useful"``); the others are passed by
    :meth:`advance` and :meth:`step`, and told in :meth:`new_words` with the reason.

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
        view, cards = self.view, self.selected_cards
        if not cards or not view.opened[view.seat]:
            return ()
        return tuple(i for i, s in enumerate(view.table)
                     if not meld_problems(s.cards + cards, s.kind, view.round_no, view.rules))

    def record(self) -> str:
        """The match so far as :mod:`tenpennies.play.record` JSON (what ``tenpennies review`` reads)."""
        return dumps(self.match)

    def save(self, path) -> None:
        """Save the match record to ``path`` (:func:`tenpennies.play.record.save`)."""
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
        arrow unselects it); a letter of :data:`~tenpennies.front.buttons.KEYS`
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
        """Forget the undo points that news has passed (see :meth:`undo` and
        :func:`~tenpennies.front.buttons.is_news`)."""
        log = self.match.log
        if any(is_news(entry, self.seat) for entry in log[self._checked:]):
            self._fixed = self._fixed or bool(self._undo)
            self._undo.clear()
        self._checked = len(log)

    def buy(self) -> bool:
        return self.act(Buy(self.seat))

    def take_discard(self) -> bool:
        """Take the top discard as the turn's draw, for nothing (C8)."""
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

    def hint(self, *, moves: str = "buttons"):
        """What the strong bot would do now and why (:func:`tenpennies.explain.hint.hint`); ``moves``
        says how the sentence names a move: "buttons" (the table's) or "commands" (the CLI's)."""
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
        back (:func:`~tenpennies.front.buttons.is_news`): a card drawn from the stock or bought, another seat's
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
        """Why the offer now before the person is passed without asking
        (:data:`~tenpennies.front.offers.OFFERS`), in words; None when the person is to be
        asked (or is not being offered a card)."""
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


def _as_melds(cards: Sequence[Card], round_no: int, rules: RuleSet) -> tuple[tuple[Card, ...], ...]:
    """Selected cards as the melds a player means: all of them as one meld where they make
    one (a run, say), else one set per rank (:func:`_by_rank`), for the engine to judge."""
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
