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

from ..engine.actions import OFFER_ACTIONS, PLAY_ACTIONS, parse_action
from ..engine.cards import format_cards
from ..engine.errors import IllegalActionError, NotationError, RecordError
from .match import Match
from .position import Position
from ..engine.rules import RuleSet

FORMAT = "tenpennies-match"
VERSION = 2
"""Version 2 (Ten Card Rummy): the rule set's turn fields and the actions ``take``,
``meld CARDS low|high`` and ``add N CARDS low|high``. Version 1 (Ten Pennies only) files
still load: their rule sets lack the new fields, which read as Ten Pennies' defaults."""
READS = (1, 2)
_ACTION_TYPES = OFFER_ACTIONS + PLAY_ACTIONS


def is_action(entry) -> bool:
    """Is a log entry a decision (an action a seat took), not an event of the match?"""
    return isinstance(entry, _ACTION_TYPES)


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


# What a saved match may hold: far more than a real one (a Ten Card Rummy match for eight
# logs tens of thousands of actions), little enough that a hostile file is refused quickly.
MAX_TEXT = 50_000_000
"""The most characters (or bytes) :func:`loads` reads."""
MAX_DEPTH = 32
"""The deepest nesting of lists and tables a record may hold (a real one nests 4 deep)."""
_SEED_DIGITS = 40
_DAMAGE = (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError, OverflowError,
           ZeroDivisionError)  # what damaged data makes the set-up raise, reported as a RecordError


def _shown(value: Any) -> str:
    """A saved value for a message, cut short (it may be huge, or nested deep)."""
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, (int, str)) for v in value):
        text = repr([v if not isinstance(v, int) or abs(v) < 10**9 else "a huge number" for v in value])
    elif isinstance(value, (list, dict)):
        text = f"a {type(value).__name__} of {len(value)}"
    elif isinstance(value, int) and abs(value) >= 10**9:
        text = "a huge number"
    else:
        text = repr(value) if isinstance(value, (str, int, float, bool, type(None))) else type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _depth(value: Any, limit: int) -> int:
    """How deep ``value`` nests (lists and tables), looking no deeper than ``limit``."""
    deepest, level, todo = 0, 0, [(value, 1)]
    while todo:
        item, level = todo.pop()
        if isinstance(item, (list, dict)):
            deepest = max(deepest, level)
            if deepest > limit:
                return deepest
            todo.extend((v, level + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def from_dict(data: Any, upto: int | None = None) -> Match:
    """Rebuild a match by replaying saved data; ``upto`` stops after that many actions.

    Anything damaged, of the wrong kind or out of range is refused with a
    :class:`RecordError` naming the field.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"not a saved Ten Pennies match (expected format {FORMAT!r})")
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise RecordError(f"the saved match nests deeper than {MAX_DEPTH} levels: it is not one this kit wrote")
    version = data.get("version")
    if isinstance(version, bool) or version not in READS:
        raise RecordError(f"saved with format version {_shown(version)}; "
                          f"this kit reads versions {' and '.join(map(str, READS))}")
    missing = {"rules", "seed", "position", "actions", "state"} - set(data)
    if missing:
        raise RecordError(f"the saved match lacks {', '.join(sorted(missing))}")
    unknown = set(data) - {"format", "version", "rules", "seed", "position", "actions", "state"}
    if unknown:
        raise RecordError(f"the saved match has unknown fields: {', '.join(sorted(map(str, unknown)))[:200]}")
    if upto is not None and (not isinstance(upto, int) or isinstance(upto, bool) or upto < 0):
        raise RecordError(f"upto must be a whole number of actions, at least 0, not {_shown(upto)}")
    seed = data["seed"]
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise RecordError(f"field 'seed': an int or a str, not {type(seed).__name__}")
    if len(str(seed) if isinstance(seed, str) or abs(seed) < 10**_SEED_DIGITS else "x" * 99) > _SEED_DIGITS:
        raise RecordError(f"field 'seed': at most {_SEED_DIGITS} characters or digits")
    if not isinstance(data["rules"], dict):
        raise RecordError(f"field 'rules': a table of rule set fields, not {_shown(data['rules'])}")
    try:
        rules = RuleSet.from_dict(data["rules"])
    except _DAMAGE as exc:
        raise RecordError(f"the saved match's set-up is damaged: field 'rules': {str(exc)[:300]}") from None
    try:
        position = None if data["position"] is None else Position.from_dict(data["position"])
        match = Match(seed, rules, position=position)
    except _DAMAGE as exc:
        raise RecordError(f"the saved match's set-up is damaged: field 'position': {str(exc)[:300]}") from None
    actions = data["actions"]
    if not isinstance(actions, list):
        raise RecordError("field 'actions': the saved actions are not a list")
    for k, entry in enumerate(actions[:upto] if upto is not None else actions):
        try:
            seat, text = entry
            if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(text, str) or len(text) > 2_000:
                raise TypeError
            action = parse_action(text, seat)
        except (TypeError, ValueError) as exc:
            why = exc if isinstance(exc, NotationError) else "it is not [seat, text]"
            raise RecordError(f"saved action {k} ({_shown(entry)}) cannot be replayed: {why}") from None
        if match.is_over:
            raise RecordError(f"saved action {k} ({_shown(entry)}) comes after the match is over")
        try:
            match.apply(action)
        except _DAMAGE as exc:
            why = str(exc)[:300] if isinstance(exc, (IllegalActionError, NotationError)) else "it is not [seat, text]"
            raise RecordError(f"saved action {k} ({_shown(entry)}) cannot be replayed: {why}") from None
    if upto is None and _summary(match) != data["state"]:
        raise RecordError("replaying the saved actions does not reach the saved state: "
                          "the file was damaged or edited")
    return match


def loads(text: str | bytes, upto: int | None = None) -> Match:
    """A match from JSON text or UTF-8 bytes (see :func:`from_dict`); anything else, or
    anything damaged, is refused with a :class:`RecordError`."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT:
            raise RecordError(f"the saved match is {len(text)} bytes; this kit reads at most {MAX_TEXT}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"the saved match is not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise RecordError(f"a saved match is JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise RecordError(f"the saved match is {len(text)} characters; this kit reads at most {MAX_TEXT}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"the saved match is not valid JSON: {exc}") from None
    except RecursionError:
        raise RecordError("the saved match nests too deeply to be one this kit wrote") from None
    except ValueError as exc:  # e.g. a number of more digits than Python converts
        raise RecordError(f"the saved match holds a value JSON cannot give: {str(exc)[:200]}") from None
    return from_dict(data, upto)


def save(match: Match, path: str | Path) -> None:
    """Write the match to a JSON file."""
    Path(path).write_text(dumps(match, indent=1) + "\n", encoding="utf-8")


def load(path: str | Path, upto: int | None = None) -> Match:
    """Read a match saved by :func:`save`, replaying it (refusing a damaged file)."""
    path = Path(path)
    if path.stat().st_size > MAX_TEXT:
        raise RecordError(f"{path.name} is {path.stat().st_size} bytes; this kit reads at most {MAX_TEXT}")
    return loads(path.read_bytes(), upto)


def replay(match: Match, upto: int | None = None) -> Match:
    """A fresh copy of ``match`` replayed from its start, through ``upto`` actions if given."""
    return from_dict(to_dict(match), upto)
