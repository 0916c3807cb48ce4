"""The child process a bot from a file plays in: ``python -m tenpennies.tournament.worker FILE NAME``.

It loads the bot's file, then answers the parent one JSON line at a time, on the pipes
it was started with (stdin and stdout, kept for that alone: the bot's own ``print``
goes nowhere, and ``input()`` reads nothing):

* ``{"start": SEED}``: build the bot with ``make_bot(factory, SEED)``; answer ``{"ok": true}``.
* ``{"act": VIEW}``: rebuild the view (:func:`~tenpennies.tournament.wire.view_from_data`),
  ask ``bot.act(view)``, answer ``{"action": [seat, text]}``.

What goes wrong is answered too, as ``{"crash": WORDS}`` (the last line of the
traceback, with the bot file's line it came from) or ``{"malformed": WORDS}`` (``act``
returned something that is not an action). This process never holds a match: only the
data of the views it is sent.
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
import traceback
from pathlib import Path


def _load_factory(path: Path, name: str | None):
    """The bot class (or function) ``name`` of the file at ``path``; without a name, the
    one class the file defines that has an ``act`` method."""
    sys.path.insert(0, str(path.parent))  # a bot file may import its neighbours
    spec = importlib.util.spec_from_file_location(f"_tenpennies_bot_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    if name is not None:
        try:
            return getattr(module, name)
        except AttributeError:
            raise LookupError(f"{path.name} defines no {name}") from None
    mine = [v for v in vars(module).values()
            if isinstance(v, type) and v.__module__ == module.__name__ and callable(getattr(v, "act", None))]
    if len(mine) != 1:
        found = ", ".join(sorted(v.__name__ for v in mine)) or "none"
        raise LookupError(f"{path.name} should define one bot class (with an act method), "
                          f"or be named as {path.name}:NAME; it defines {found}")
    return mine[0]


def crash_words(exc: BaseException, path: Path) -> str:
    """The last line of ``exc``'s traceback, and the line of the bot's file it came from."""
    words = traceback.format_exception_only(type(exc), exc)[-1].strip()
    line = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if Path(frame.f_code.co_filename) == path:
            line = lineno
    if isinstance(exc, SyntaxError) and exc.filename and Path(exc.filename) == path:
        line = exc.lineno  # the file could not be read as Python: no frame of it ran
    return words if line is None else f"{words} ({path.name}, line {line})"


def main(argv: list[str]) -> None:
    from ..bots import make_bot
    from .wire import action_to_data, view_from_data

    path, name = Path(argv[0]), (argv[1] or None)
    # The pipes are the parent's alone: the bot's prints and reads get /dev/null.
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    nothing = os.open(os.devnull, os.O_RDWR)
    os.dup2(nothing, 0)
    os.dup2(nothing, 1)
    sys.stdin = open(os.devnull, encoding="utf-8")
    sys.stdout = open(os.devnull, "w", encoding="utf-8")

    def reply(message: dict) -> None:
        replies.write(json.dumps(message) + "\n")
        replies.flush()

    try:
        factory = _load_factory(path, name)
    except BaseException as exc:  # a bot file may raise anything, SystemExit included
        factory, failure = None, crash_words(exc, path)
    bot = None
    log: list = []
    rules_seen: tuple[str, object] | None = None
    for line in requests:
        request = json.loads(line)
        try:
            if factory is None:
                reply({"crash": failure})
            elif "start" in request:
                bot, log, rules_seen = make_bot(factory, request["start"]), [], None
                reply({"ok": True})
            else:
                data = request["act"]
                if data["log_from"] == 0:
                    log = []
                # The rule set is read once: it is the same for every view of a match.
                key = json.dumps(data["rules"], sort_keys=True)
                if rules_seen is None or rules_seen[0] != key:
                    from ..rules import RuleSet

                    rules_seen = (key, RuleSet.from_dict(data["rules"]))
                view = view_from_data(data, log, rules_seen[1])
                action = bot.act(view)
                try:
                    sent = action_to_data(action)
                except AttributeError:
                    reply({"malformed": f"act returned {action!r:.60}, not an action"})
                    continue
                if not isinstance(sent[0], int) or not isinstance(sent[1], str):
                    reply({"malformed": f"act returned {action!r:.60}, not an action"})
                    continue
                reply({"action": sent})
        except BaseException as exc:
            reply({"crash": crash_words(exc, path)})


if __name__ == "__main__":
    main(sys.argv[1:])
