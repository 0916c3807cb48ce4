"""Saving, loading and replaying matches, as plain JSON (never pickle or eval).

A saved match holds its rule set (any: Ten Pennies, Ten Card Rummy, a house variant), its seed, the position it started from (if any) and
the list of actions; the deal, the draws and every other event follow from the seed, so
loading replays the actions one by one through the same checks as live play. A summary
of the final state is saved too: if a replayed match does not arrive at it, the file was
damaged or changed by hand, and loading refuses it::

    >>> from tenpennies import Match
    >>> m = Match(seed=3)
    >>> m.apply(m.legal_actions()[0])
    >>> again = loads(dumps(m))
    >>> again.snapshot() == m.snapshot()
    True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .actions import OFFER_ACTIONS, PLAY_ACTIONS, parse_action
from .cards import format_cards
from .errors import IllegalActionError, NotationError, RecordError
from .match import Match
from .position import Position
from .rules import RuleSet

FORMAT = "tenpennies-match"
VERSION = 2
"""Version 2 (Ten Card Rummy): the rule set's turn fields and the actions ``take``,
``meld CARDS low|high`` and ``add N CARDS low|high``. Version 1 (Ten Pennies only) files
still load: their rule sets lack the new fields, which read as Ten Pennies' defaults."""
READS = (1, 2)
_ACTION_TYPES = OFFER_ACTIONS + PLAY_ACTIONS


def actions_of(match: Match) -> list:
    """The decisions taken in a match so far, in order (its log without the events)."""
    return [e for e in match.log if isinstance(e, _ACTION_TYPES)]


def _summary(match: Match) -> dict[str, Any]:
    """What a replay must arrive at; any change to the actions or the seed shows here."""
    return {
        "round_no": match.round_no,
        "phase": match.phase.value,
        "to_act": match.to_act,
        "scores": list(match.scores),
        "tokens": list(match.tokens),
        "hands": [format_cards(h) for h in match.hands],
        "discard_pile": format_cards(match.discard_pile),
        "stock": len(match.stock),
        "log_length": len(match.log),
    }


def to_dict(match: Match) -> dict[str, Any]:
    """The match as JSON-ready data."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "position": None if match.start is None else match.start.to_dict(),
        "actions": [[a.seat, a.text] for a in actions_of(match)],
        "state": _summary(match),
    }


def dumps(match: Match, indent: int | None = None) -> str:
    """The match as JSON text."""
    return json.dumps(to_dict(match), indent=indent, ensure_ascii=False)


def from_dict(data: Any, upto: int | None = None) -> Match:
    """Rebuild a match by replaying saved data; ``upto`` stops after that many actions."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a saved Ten Pennies match (expected format {FORMAT!r})")
    if data.get("version") not in READS:
        raise RecordError(f"saved with format version {data.get('version')!r}; "
                          f"this kit reads versions {' and '.join(map(str, READS))}")
    missing = {"rules", "seed", "position", "actions", "state"} - set(data)
    if missing:
        raise RecordError(f"the saved match lacks {', '.join(sorted(missing))}")
    try:
        rules = RuleSet.from_dict(data["rules"])
        position = None if data["position"] is None else Position.from_dict(data["position"])
        if not isinstance(data["seed"], (int, str)) or isinstance(data["seed"], bool):
            raise TypeError("the seed must be an int or a str")
        match = Match(data["seed"], rules, position=position)
    except (TypeError, ValueError, KeyError) as exc:
        raise RecordError(f"the saved match's set-up is damaged: {exc}") from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RecordError("the saved actions are not a list")
    for k, entry in enumerate(actions[:upto] if upto is not None else actions):
        try:
            seat, text = entry
            if not isinstance(seat, int) or not isinstance(text, str):
                raise TypeError
            match.apply(parse_action(text, seat))
        except (TypeError, ValueError) as exc:
            why = exc if isinstance(exc, (IllegalActionError, NotationError)) else "it is not [seat, text]"
            raise RecordError(f"saved action {k} ({entry!r}) cannot be replayed: {why}") from None
    if upto is None and _summary(match) != data["state"]:
        raise RecordError("replaying the saved actions does not reach the saved state: "
                          "the file was damaged or edited")
    return match


def loads(text: str, upto: int | None = None) -> Match:
    """A match from JSON text (see :func:`from_dict`)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the saved match is not valid JSON: {exc}") from None
    return from_dict(data, upto)


def save(match: Match, path: str | Path) -> None:
    """Write the match to a JSON file."""
    Path(path).write_text(dumps(match, indent=1) + "\n", encoding="utf-8")


def load(path: str | Path, upto: int | None = None) -> Match:
    """Read a match saved by :func:`save`, replaying it (refusing a damaged file)."""
    return loads(Path(path).read_text(encoding="utf-8"), upto)


def replay(match: Match, upto: int | None = None) -> Match:
    """A fresh copy of ``match`` replayed from its start, through ``upto`` actions if given."""
    return from_dict(to_dict(match), upto)
