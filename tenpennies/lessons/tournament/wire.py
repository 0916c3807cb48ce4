"""A seat's view as plain JSON data, and back: what a bot in another process is sent.

:func:`view_to_data` writes every field of a :class:`~tenpennies.play.view.PlayerView` as
JSON-ready data (lists, numbers, strings and ``None``), in the kit's notation: cards as
``"7S"``, actions in the text form saved matches use (``"discard KH"``, with the seat
beside it, as :mod:`tenpennies.play.record` saves them), the rule set as
:meth:`RuleSet.to_dict` writes it. :func:`view_from_data` builds an equal view from it,
a real ``PlayerView`` whose ``legal_actions``, ``hand``, ``table``, ``seen_cards()`` and
log work as they do in the match's own process::

    >>> from tenpennies import Match
    >>> match = Match(seed=7)
    >>> view = match.view(match.to_act)
    >>> data = view_to_data(view)
    >>> data["hand"], data["legal_actions"]
    ('AS AH 2S 4H 5D 5C 7C 8S 9H QC KC', [[3, 'buy'], [3, 'pass']])
    >>> view_from_data(data) == view
    True

Nothing else crosses: the data holds only what the view holds (T20, C16), and decoding
it never runs code (no pickle, no eval), so a bot cannot send the parent anything but data.

A seat's log only grows during a match, so a bot in another process is sent only the
entries it has not had yet (``log_from``), and keeps the rest (``earlier``).
"""

from __future__ import annotations

from itertools import islice
from typing import Any, Sequence

from ...engine.actions import (OFFER_ACTIONS, PLAY_ACTIONS, Deal, Draw, DrawSource, HowEnded, Recycle, RoundEnd,
                       parse_action)
from ...engine.cards import Card, Hand, format_cards, parse_cards
from ...engine.errors import NotationError, WrongTypeError
from ...play.match import Phase
from ...engine.melds import TableMeld, meld_kind
from ...engine.rules import RuleSet
from ...play.view import PlayerView, PublicLog

_ACTION_TYPES = OFFER_ACTIONS + PLAY_ACTIONS


# -- cards, actions and log entries ------------------------------------------------------------
def _card(card: Card | None) -> str | None:
    return None if card is None else str(card)


def _read_card(text: str | None) -> Card | None:
    return None if text is None else Card(text)


def action_to_data(action) -> list:
    """An action as ``[seat, text]``, as :mod:`tenpennies.play.record` saves it: ``[1, 'discard KH']``."""
    return [action.seat, action.text]


def action_from_data(data: Any):
    """The action ``[seat, text]`` stands for; :class:`NotationError` if it is not one."""
    if not (isinstance(data, list) and len(data) == 2 and type(data[0]) is int and isinstance(data[1], str)):
        raise NotationError(f"an action is sent as [seat, text], like [1, 'discard KH'], not {data!r}")
    return parse_action(data[1], data[0])


def entry_to_data(entry) -> dict:
    """A public log entry (an action, or a deal, draw, recycle or round end) as a dict."""
    if isinstance(entry, _ACTION_TYPES):
        return {"seat": entry.seat, "action": entry.text}
    kind = type(entry)
    if kind is Draw:
        return {"event": "draw", "seat": entry.seat, "card": _card(entry.card), "source": entry.source.value}
    if kind is Deal:
        return {"event": "deal", "round": entry.round_no, "dealer": entry.dealer, "up_card": _card(entry.up_card)}
    if kind is Recycle:
        return {"event": "recycle", "cards": entry.cards, "up_card": _card(entry.up_card)}
    if kind is RoundEnd:
        return {"event": "round end", "round": entry.round_no, "how": entry.how.value, "went_out": entry.went_out,
                "points": list(entry.points), "hands": [format_cards(h) for h in entry.hands],
                "turns": entry.turns}
    raise WrongTypeError(f"no JSON form for a log entry of type {kind.__name__}")


def entry_from_data(data: dict):
    """The log entry :func:`entry_to_data` wrote."""
    if "action" in data:
        return parse_action(data["action"], data["seat"])
    event = data["event"]
    if event == "draw":
        return Draw(data["seat"], _read_card(data["card"]), DrawSource(data["source"]))
    if event == "deal":
        return Deal(data["round"], data["dealer"], _read_card(data["up_card"]))
    if event == "recycle":
        return Recycle(data["cards"], _read_card(data["up_card"]))
    if event == "round end":
        return RoundEnd(data["round"], HowEnded(data["how"]), data["went_out"], tuple(data["points"]),
                        tuple(tuple(parse_cards(h)) for h in data["hands"]), data["turns"])
    raise NotationError(f"no log entry is called {event!r}")


def _meld_to_data(meld: TableMeld) -> dict:
    data = {"owner": meld.owner, "kind": meld.kind.value, "cards": format_cards(meld.cards), "rank": meld.rank}
    if meld.rank is None:
        data["ranks"] = list(meld.ranks)  # where each wild of a run stands (C4)
    return data


def _meld_from_data(data: dict) -> TableMeld:
    ranks = data.get("ranks")
    return TableMeld(data["owner"], meld_kind(data["kind"]), tuple(parse_cards(data["cards"])), data["rank"],
                     ranks=None if ranks is None else tuple(ranks))


# -- views -----------------------------------------------------------------------------------------
def view_to_data(view: PlayerView, log_from: int = 0) -> dict:
    """Every field of ``view`` as JSON-ready data; :func:`view_from_data` reads it back.

    ``log_from`` leaves out the log's first entries (a receiver that has them already
    passes them back to :func:`view_from_data` as ``earlier``).
    """
    log = view.log
    return {
        "seat": view.seat,
        "rules": view.rules.to_dict(),
        "round_no": view.round_no,
        "phase": view.phase.value,
        "active": view.active,
        "to_act": view.to_act,
        "hand": format_cards(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "tokens": list(view.tokens),
        "scores": list(view.scores),
        "opened": list(view.opened),
        "table": [_meld_to_data(m) for m in view.table],
        "discard_pile": format_cards(view.discard_pile),
        "top_discarder": view.top_discarder,
        "stock_size": view.stock_size,
        "turns": view.turns,
        "buys": list(view.buys),
        "legal_actions": [action_to_data(a) for a in view.legal_actions],
        # Per seat, the cards it bought this round and has not played since (public, T20).
        "bought": [format_cards(cards) for cards in log.bought],
        "log_from": log_from,
        "log": [entry_to_data(e) for e in islice(log, log_from, None)],
    }


def view_from_data(data: dict, earlier: Sequence = (), rules: RuleSet | None = None) -> PlayerView:
    """The view :func:`view_to_data` wrote: a ``PlayerView`` equal to the one written.

    ``earlier`` holds the log's entries before ``data["log_from"]`` (a list it is given
    is extended with the new entries, so a receiver keeps one list for a whole match);
    ``rules``, if given, stands for the rule set the data names (a receiver reads it once).
    """
    start = data["log_from"]
    if len(earlier) != start:
        raise NotationError(f"the view's log goes on from entry {start}, but {len(earlier)} came before")
    entries = earlier if isinstance(earlier, list) else list(earlier)
    entries.extend(entry_from_data(e) for e in data["log"])
    bought = tuple(tuple(parse_cards(cards)) for cards in data["bought"])
    if rules is None:
        rules = RuleSet.from_dict(data["rules"])
    round_no = data["round_no"]
    return PlayerView(
        seat=data["seat"],
        rules=rules,
        round_no=round_no,
        contract=rules.contract(round_no),
        phase=Phase(data["phase"]),
        active=data["active"],
        to_act=data["to_act"],
        hand=Hand(parse_cards(data["hand"])),
        hand_sizes=tuple(data["hand_sizes"]),
        tokens=tuple(data["tokens"]),
        scores=tuple(data["scores"]),
        opened=tuple(data["opened"]),
        table=tuple(_meld_from_data(m) for m in data["table"]),
        discard_pile=tuple(parse_cards(data["discard_pile"])),
        top_discarder=data["top_discarder"],
        stock_size=data["stock_size"],
        turns=data["turns"],
        log=PublicLog.of_entries(entries, bought),
        legal_actions=tuple(action_from_data(a) for a in data["legal_actions"]),
        buys=tuple(data["buys"]),
    )


__all__ = ["action_from_data", "action_to_data", "entry_from_data", "entry_to_data", "view_from_data",
           "view_to_data"]
