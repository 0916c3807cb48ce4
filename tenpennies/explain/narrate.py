r"""The table in words: what a front end says and labels, from public facts only.

Narration of the log (:func:`narrate`, spoken to one seat as "you"), the moves and their
buttons' labels and tooltips (:data:`MOVES`, :func:`button_label`, :func:`move_words`),
an engine's reason spoken to its player (:func:`to_you`), score tables and the winners
(:func:`score_table`, :func:`winners_sentence`), the table described in lines
(:func:`describe`), a hand shown in groups for the contract (:func:`hand_groups`), and what
the other seats did since the viewer's last move (:func:`since_last_move`: the card to mark,
:class:`LastMove`, and the one line said above the hand, :func:`happened_line`).
The controller, :class:`tenpennies.front.table.Game`, and the widgets, the command line and the
hints all say things through this module, so their words agree; it knows nothing of
bots or of a game in progress, only of views, log entries and rule sets.

    >>> from tenpennies.play.match import Match
    >>> m = Match(seed=7)
    >>> print(narrate(m.view(0).log[0], viewer=0))
    Round 1 of 7: two sets of 3. Seat 2 dealt; the up card is 6D.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ..engine.actions import (AddToMeld, Buy, Deal, Discard, Draw, DrawSource, HowEnded, LayDown, Meld, Pass, Recycle,
                      RoundEnd, TakeDiscard)
from ..engine.cards import Card, sort_key
from ..engine.melds import MeldKind, laid_out_run, meld_kinds
from ..play.seat_position import wild_limit_words
from ..engine.rules import TEN_PENNIES, RuleSet
from ..play.view import PlayerView
from ..solver import find_contract
from ..engine.words import capitalized, card_text, cards_text, join_and, plural, tens_as_written

SORTS = ("rank", "contract")
"""How a hand may be shown: by rank, or as the solver would group it for the contract."""

LAY_DOWN_RULE = ("Lay Down Contract with nothing selected lays down the best arrangement of your hand; "
                 "with cards selected, each rank makes one set and wilds join the sets short of cards.")
"""How selected cards become the contract's sets, said once for every front end."""

LAY_DOWN_RULE_RUNS = ("Lay Down Contract with nothing selected lays down the best arrangement of your hand; "
                      "with cards selected, they must make the contract's melds (sets or runs) by themselves. "
                      "To add a joker to a run, click the run's end where it should go.")
"""The same, for a game with runs (C3, C4)."""


def lay_down_rule(rules: RuleSet) -> str:
    """How selected cards become the contract's melds under ``rules``, in words."""
    return LAY_DOWN_RULE_RUNS if rules.has_runs else LAY_DOWN_RULE

MOVES = {
    "take": "Take the top discard as your draw, for nothing",
    "draw": "Leave the top discard (others may buy it) and draw from the stock",
    "buy": "Buy the offered card: it and 2 stock cards, for a token",
    "pass": "Let the offered card go",
    "lay_down": "Lay down your contract",
    "meld": "Put the selected cards on the table as a new set",
    "add": "Add the selected cards to a set on the table (then click the set)",
    "discard": "Discard the one selected card, ending your turn",
    "hint": "Ask the strong bot what it would do and why",
    "undo": "Take back your last decision",
    "new": "Start a new match",
}
"""What each of the table's moves does, in words (the buttons' tooltips); a rule set may
use only some of them (:func:`moves_of`), and words a rule set changes come from
:func:`move_words`."""

RUN_MOVES = {
    "meld": "Put the selected cards on the table as a new set or run",
    "add": "Add the selected cards to a meld on the table (then click it; for a joker on a run, click the end)",
}
"""The words of moves that differ where melds may be runs (C3, C4)."""

BUTTON_LABELS = {
    "take": "Take Discard", "draw": "Draw From Stock", "buy": "Buy", "pass": "Pass", "lay_down": "Lay Down Contract",
    "meld": "Meld", "add": "Add to Set", "discard": "Discard", "hint": "Hint", "undo": "Undo", "new": "New Match",
}
"""The label of each move's button on the table, as :mod:`tenpennies.widgets.table` shows
it; a hint names a move by it (:func:`button_label`), so the words match the button."""

RUN_BUTTON_LABELS = {"add": "Add to Meld"}
"""Labels that differ where melds may be runs (C3, C11): a run is no set."""


def button_label(move: str, rules: RuleSet = TEN_PENNIES) -> str:
    """The table's button for a move of :data:`MOVES` under ``rules``.

    >>> from tenpennies.engine.rules import TEN_CARD_RUMMY
    >>> button_label("add"), button_label("add", TEN_CARD_RUMMY)
    ('Add to Set', 'Add to Meld')
    """
    if rules.has_runs and move in RUN_BUTTON_LABELS:
        return RUN_BUTTON_LABELS[move]
    return BUTTON_LABELS[move]


DRAW_MOVES = ("take", "draw")
"""The moves of a turn whose draw is a choice (C6, C8): take the top discard, or the stock."""


def moves_of(rules: RuleSet) -> tuple[str, ...]:
    """The moves of :data:`MOVES` a rule set uses: "take" and "draw" only where the active
    player chooses its draw (C8).

    >>> moves_of(TEN_PENNIES)
    ('buy', 'pass', 'lay_down', 'meld', 'add', 'discard', 'hint', 'undo', 'new')
    """
    return tuple(m for m in MOVES if rules.free_discard_take or m not in DRAW_MOVES)


def move_words(move: str, rules: RuleSet = TEN_PENNIES) -> str:
    """What a move does under ``rules``, in words: a purchase's price is the rule set's, and
    where melds may be runs, melding and adding say so."""
    if rules.has_runs and move in RUN_MOVES:
        return RUN_MOVES[move]
    if move != "buy":
        return MOVES[move]
    extra = plural(rules.buy_extra_cards, "stock card", spelled=False)
    price = "" if rules.tokens is None else ", for a token"
    return f"Buy the offered card: it and {extra}{price}"


# -- words ---------------------------------------------------------------------------------
def who(seat: int | None, viewer: int | None, names: Mapping[int, str] | None = None) -> str:
    """'you' for the viewer, else 'seat 2' (with the bot's name when given)."""
    if seat == viewer:
        return "you"
    name = (names or {}).get(seat)
    return f"seat {seat} ({name})" if name else f"seat {seat}"


def to_you(reason: str, seat: int | None) -> str:
    """An engine's reason about ``seat`` spoken to that seat's player.

    >>> to_you("seat 0 has not laid down its contract (two sets of 3) yet", 0)
    'you have not laid down your contract (two sets of 3) yet'
    >>> to_you("it is seat 2's turn to play, not seat 0's", 0)
    "it is seat 2's turn to play, not yours"
    >>> to_you("seat 1 is being offered 6C: it may only buy or pass", 1)
    'you are being offered 6C: you may only buy or pass'

    The engine writes cards in notation; spoken to a person, a ten reads 10
    (:func:`~tenpennies.engine.words.tens_as_written`):

    >>> to_you("seat 0 does not hold TS", 0)
    'you do not hold 10S'
    """
    reason = tens_as_written(reason)
    if seat is None:
        return reason
    me = rf"\bseat {seat}(?!\d)"
    if not re.search(me, reason):
        return reason
    for pattern, words in ((rf"not {me}'s", "not yours"), (rf"{me}'s", "your"), (rf"{me} is\b", "you are"),
                           (rf"{me} has\b", "you have"), (rf"{me} does\b", "you do"), (me, "you"),
                           (r"\bits contract\b", "your contract"), (r"\bit may\b", "you may")):
        reason = re.sub(pattern, words, reason)
    return reason


def narrate(entry, viewer: int | None, rules: RuleSet = TEN_PENNIES,
            names: Mapping[int, str] | None = None, round_no: int | None = None) -> str | None:
    """One log entry in words, spoken to ``viewer`` ('you'); None for entries said elsewhere.

    Give it entries of the viewer's public log (:attr:`PlayerView.log`): another seat's
    stock card is hidden there, so it is told as "drew a card". ``viewer=None`` narrates
    for a teacher who sees everything. Given the entry's ``round_no``, a new run is told in
    the order the table shows it (rank order, C4), not the order it was played in.
    """
    kind = type(entry)
    if kind is Deal:
        up = f"the up card is {card_text(entry.up_card)}" if entry.up_card else "no card is turned up"
        return (f"Round {entry.round_no} of {rules.rounds}: {rules.contract(entry.round_no).words}. "
                f"{capitalized(who(entry.dealer, viewer, names))} dealt; {up}.")
    if kind is Draw:
        name = capitalized(who(entry.seat, viewer, names))
        if entry.source == DrawSource.DISCARD:
            price = "" if rules.tokens is None else " for a token"  # C9: no tokens in some games
            return f"{name} bought {card_text(entry.card)}{price}."
        if entry.source == DrawSource.TAKEN:
            return f"{name} took {card_text(entry.card)} from the discard pile."
        card = "a card" if entry.card is None else card_text(entry.card)
        extra = " as part of the purchase" if entry.source == DrawSource.PURCHASE else ""
        return f"{name} drew {card}{extra}."
    if kind is Recycle:
        if entry.up_card is not None:  # C12: turned over, not shuffled
            return (f"The stock ran out: the discard pile was turned over into a new stock of "
                    f"{plural(entry.cards, 'card')}, and {card_text(entry.up_card)} turned up to start a new discard pile.")
        return f"The stock ran out: {plural(entry.cards, 'card')} of the discard pile were shuffled into a new stock."
    if kind is RoundEnd:
        how = {HowEnded.OUT: f"{who(entry.went_out, viewer, names)} went out",
               HowEnded.NO_DRAW: "nobody could draw from the stock",
               HowEnded.TURN_CAP: f"the turn limit ({rules.turn_cap} turns) was reached"}[entry.how]
        return f"Round {entry.round_no} is over: {how}."
    if kind is Buy or kind is TakeDiscard:
        return None  # the card's Draw says it, with the card
    name = capitalized(who(entry.seat, viewer, names))
    if kind is Pass:
        # Where the active player may take the discard (C8), "passed" alone could be read
        # as ending the turn: both the active player and a seat offered a buy pass on it.
        return f"{name} passed on the discard." if rules.free_discard_take else f"{name} passed."
    if kind is LayDown:
        melds = " / ".join(cards_text(_laid_out(s, None, rules, round_no)) for s in entry.sets)
        return f"{name} laid down {melds}."
    if kind is Meld:
        return f"{name} melded {cards_text(_laid_out(entry.cards, entry.end, rules, round_no))}{_at_end(entry.end)}."
    if kind is AddToMeld:
        noun = "meld" if rules.has_runs else "set"
        return f"{name} added {cards_text(entry.cards)} to {noun} {entry.set_index}{_at_end(entry.end)}."
    if kind is Discard:
        return f"{name} discarded {card_text(entry.card)}."
    return None


def narrated(log: Sequence, viewer: int | None, rules: RuleSet = TEN_PENNIES,
             names: Mapping[int, str] | None = None, start: int = 0):
    """``(entry, words)`` for each entry of ``log`` from ``start`` on (words None where
    :func:`narrate` says nothing), each told knowing its round."""
    round_no = None
    for i, entry in enumerate(log):
        if type(entry) is Deal:
            round_no = entry.round_no
        if i >= start:
            yield entry, narrate(entry, viewer, rules, names, round_no)


def _laid_out(cards: Sequence[Card], end: str | None, rules: RuleSet, round_no: int | None) -> Sequence[Card]:
    """A new meld's cards as the table shows them: a run in rank order (C4), a set as played."""
    if not rules.has_runs or round_no is None:
        return cards
    kinds = meld_kinds(cards, round_no, rules)
    if MeldKind.RUN not in kinds or MeldKind.SET in kinds:
        return cards
    return laid_out_run(cards, round_no, rules, end)


def _at_end(end: str | None) -> str:
    return "" if end is None else f" (the wild at the {end} end)"


def score_table(view: PlayerView, viewer: int | None = "view", names: Mapping[int, str] | None = None,
                upto: int | None = None) -> str:
    """Each round's points and the totals, as a text table (from public facts only).

    ``upto`` stops after that round (the totals then are those after it).
    """
    if viewer == "view":
        viewer = view.seat
    rows = score_rows(view, upto)
    heads = [who(s, viewer, names) for s in range(len(view.scores))]
    widths = [max(len(h), 5) for h in heads]
    lines = ["         " + "  ".join(h.rjust(w) for h, w in zip(heads, widths))]
    for label, values in rows:
        lines.append(f"{label:<9}" + "  ".join(str(v).rjust(w) for v, w in zip(values, widths)))
    return "\n".join(lines)


def score_rows(view: PlayerView, upto: int | None = None) -> list[tuple[str, tuple[int, ...]]]:
    """``[("round 1", points...), ..., ("total", totals)]`` from the view's public log."""
    ends = [e for e in view.log if type(e) is RoundEnd]
    later = [e.points for e in ends if upto is not None and e.round_no > upto]
    totals = tuple(t - sum(p[s] for p in later) for s, t in enumerate(view.scores))
    rows = [(f"round {e.round_no}", e.points) for e in ends if upto is None or e.round_no <= upto]
    return rows + [("total", totals)]


def winners_sentence(view: PlayerView, viewer: int | None = "view", names: Mapping[int, str] | None = None) -> str:
    """Who won, in words (T19: the lowest total; ties share the win)."""
    if viewer == "view":
        viewer = view.seat
    low = min(view.scores)
    won = [who(s, viewer, names) for s, p in enumerate(view.scores) if p == low]
    verb = "win" if len(won) > 1 or won == ["you"] else "wins"
    return f"The match is over: {join_and(won)} {verb} with {plural(low, 'point')}."


def describe(view: PlayerView, names: Mapping[int, str] | None = None, order: Sequence[Card] | None = None) -> str:
    """The table as one seat sees it, in words, spoken to that seat."""
    me = view.seat
    lines = [f"Round {view.round_no} of {view.rules.rounds}: {view.contract.words} "
             f"(wild: {view.rules.wild_words(view.round_no)}, {wild_limit_words(view.contract)})."]
    for s in range(len(view.hand_sizes)):
        if s == me:
            continue
        mark = ">" if s == view.to_act else " "
        lines.append(f"{mark} {who(s, me, names)}: {plural(view.hand_sizes[s], 'card')}, "
                     f"{_tokens(view, s)}{plural(view.scores[s], 'point')} so far, "
                     f"{'open' if view.opened[s] else 'not open'}")
    lines.append(f"  stock: {plural(view.stock_size, 'card')}; discard pile: {plural(len(view.discard_pile), 'card')}"
                 + (f", top {card_text(view.top_discard)}" if view.top_discard else ""))
    for i, t in enumerate(view.table):
        lines.append(f"  {t.kind.value} {i} ({who(t.owner, me, names)}): {cards_text(t.cards)}")
    hand = order if order is not None else view.hand
    lines.append(f"  your hand ({plural(len(hand), 'card')}, "
                 f"{_tokens(view, me)}{plural(view.scores[me], 'point')} so far, "
                 f"{'open' if view.opened[me] else 'not open'}): {cards_text(hand)}")
    return "\n".join(lines)


def _tokens(view: PlayerView, seat: int) -> str:
    """'9 tokens, ', or nothing where the rule set has no tokens (C9)."""
    return "" if view.rules.tokens is None else f"{plural(view.tokens[seat], 'token')}, "


def hand_groups(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[tuple[Card, ...], ...]:
    """The hand in groups, as the solver would see it: the contract's sets first (if the
    hand holds it), then cards of one rank together, biggest groups first, wilds last."""
    hand = list(hand)
    found = find_contract(hand, round_no, rules)
    groups: list[tuple[Card, ...]] = list(found.melds) if found else []
    rest = Counter(hand) - Counter(c for g in groups for c in g)
    wild = rules.wild_table(round_no)
    by_rank: dict[int, list[Card]] = {}
    wilds = []
    for c in sorted(rest.elements(), key=sort_key):
        (wilds if wild[c.index] else by_rank.setdefault(c.rank, [])).append(c)
    groups += sorted((tuple(g) for g in by_rank.values()), key=lambda g: (-len(g), sort_key(g[0])))
    return tuple(groups) + ((tuple(wilds),) if wilds else ())


def grouped_hand(hand: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[Card, ...]:
    """:func:`hand_groups`, one card after another."""
    return tuple(c for g in hand_groups(hand, round_no, rules) for c in g)


# -- what just happened ----------------------------------------------------------------------
@dataclass(frozen=True)
class LastMove:
    """The newest move by another seat that moved a public card, for the table to mark:
    ``what`` is ``"discarded"`` (``card`` is the top discard now), ``"bought"`` or
    ``"took"`` (``card`` went from the discard pile to ``seat``'s hand, C8)."""

    seat: int
    card: Card
    what: str


def since_last_move(log: Sequence, viewer: int | None) -> tuple:
    """The entries of ``log`` after the viewer's own last move of this round (after the
    round's deal, if it has made none): what the others did while it waited. A pass on an
    offer is no move here: the turns it watched go on being told. With no viewer (bots
    in every seat), the entries since the last deal."""
    start = 0
    for i, entry in enumerate(log):
        kind = type(entry)
        if kind is Deal or (viewer is not None and getattr(entry, "seat", None) == viewer
                            and kind is not Draw and kind is not Pass):  # (its draws come with its move)
            start = i + 1
    return tuple(log[start:])


def last_move(entries: Sequence, top_discard: Card | None) -> LastMove | None:
    """The newest discard still on top, or purchase or take of the discard pile, among
    ``entries`` (:func:`since_last_move`); None if there is none."""
    for entry in reversed(entries):
        kind = type(entry)
        if kind is Discard:
            return LastMove(entry.seat, entry.card, "discarded") if entry.card == top_discard else None
        if kind is Draw and entry.source in (DrawSource.DISCARD, DrawSource.TAKEN):
            return LastMove(entry.seat, entry.card, "bought" if entry.source == DrawSource.DISCARD else "took")
    return None


def happened_line(entries: Sequence, viewer: int | None, rules: RuleSet = TEN_PENNIES,
                  names: Mapping[int, str] | None = None, most: int = 3) -> str:
    """What the other seats did in ``entries`` (:func:`since_last_move`), in one line: each
    seat's moves in a row joined ("Seat 1 (strong) drew a card and discarded 10H."), the
    purchase's extra stock cards and the passes left out (the purchase and the draw say
    it), at most the ``most`` newest seats' turns (an ellipsis says more came before).

        >>> from tenpennies.engine.actions import Discard, Draw, DrawSource, Pass
        >>> log = [Pass(2), Draw(1, None), Discard(1, Card("TH")), Draw(2, Card("TH"), DrawSource.DISCARD),
        ...        Draw(2, None, DrawSource.PURCHASE)]
        >>> happened_line(log, viewer=0)
        'Seat 1 drew a card and discarded 10H. Seat 2 bought 10H for a token.'
    """
    turns: list[tuple[int, list[str]]] = []
    for entry in entries:
        kind = type(entry)
        if kind is Pass or (kind is Draw and entry.source == DrawSource.PURCHASE):
            continue
        seat = getattr(entry, "seat", None)
        said = narrate(entry, viewer, rules, names)
        if seat is None or seat == viewer or not said:
            continue
        name = capitalized(who(seat, viewer, names))
        verb = said.removeprefix(name + " ").rstrip(".")
        if turns and turns[-1][0] == seat:
            turns[-1][1].append(verb)
        else:
            turns.append((seat, [verb]))
    lines = [f"{capitalized(who(seat, viewer, names))} {join_and(verbs)}." for seat, verbs in turns[-most:]]
    return ("… " if len(turns) > most else "") + " ".join(lines)
