"""The child process a bot from a file plays in: ``python -m tenpennies.lessons.tournament.worker CONFIG``.

It confines itself first (:func:`~tenpennies.lessons.tournament.sandbox.confine`: its own user,
limits, no new privileges, the system-call filter; ``CONFIG`` is the sandbox's JSON, with
nothing secret in it), then answers the parent one JSON line at a time, on the pipes it
was started with (stdin and stdout, kept for that alone: the bot's own ``print`` and
errors go to ``bot.log`` in its folder, and ``input()`` reads nothing):

* ``{"load": {"source": TEXT, "path": PATH, "name": NAME}}``: run the bot's file (its
  text is sent, so the worker's user need not read the teacher's folders); answer
  ``{"ok": true}``, or the crash that loading it raised.
* ``{"start": SEED}``: build the bot with ``make_bot(factory, SEED)``; answer ``{"ok": true}``.
* ``{"act": VIEW}``: rebuild the view (:func:`~tenpennies.lessons.tournament.wire.view_from_data`),
  ask ``bot.act(view)``, answer ``{"action": [seat, text]}``.

What goes wrong is answered too, as ``{"crash": WORDS}`` (the last line of the
traceback, with the bot file's line it came from) or ``{"malformed": WORDS}`` (``act``
returned something that is not an action). This process never holds a match: only the
data of the views it is sent.
"""

from __future__ import annotations

import json
import os
import sys
import traceback
import types
from pathlib import Path


def _load_factory(source: str, path: Path, name: str | None):
    """The bot class (or function) ``name`` of the file at ``path``, whose text is ``source``;
    without a name, the one class the file defines that has an ``act`` method."""
    sys.path.insert(0, str(path.parent))  # a bot file may import its neighbours (where its user may read)
    module = types.ModuleType(f"_tenpennies_bot_{path.stem}")
    module.__file__ = str(path)
    sys.modules[module.__name__] = module
    # A bot is code by design: this runs the student's file, confined already (confine() ran
    # first), from text sent over stdin so the seat's user need not read the teacher's folders.
    # No saved record or puzzle is ever read this way.
    exec(compile(source, str(path), "exec"), vars(module))
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
    # (a fresh process: the worker imports the kit itself, the sandbox first, to confine itself)
    from .sandbox import confine

    confine(json.loads(argv[0]))  # before anything of the bot's is read
    from ...bots import make_bot  # (a fresh process: imported once confined)
    from ...engine.rules import RuleSet  # (a fresh process: imported once confined)
    from .wire import action_to_data, view_from_data  # (a fresh process: imported once confined)

    # The pipes are the parent's alone: the bot's prints and errors go to its log, its reads
    # get nothing.
    replies = os.fdopen(os.dup(1), "w", encoding="utf-8")
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    nothing = os.open(os.devnull, os.O_RDONLY)
    log_file = os.open("bot.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.dup2(nothing, 0)
    os.dup2(log_file, 1)
    os.dup2(log_file, 2)
    os.close(nothing)
    os.close(log_file)
    sys.stdin = open(os.devnull, encoding="utf-8")
    sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", closefd=False)

    def reply(message: dict) -> None:
        replies.write(json.dumps(message) + "\n")
        replies.flush()

    factory, failure, path = None, "the bot's file was never sent", Path("bot.py")
    bot = None
    log: list = []
    rules_seen: tuple[str, object] | None = None
    for line in requests:
        request = json.loads(line)
        try:
            if "load" in request:
                load = request["load"]
                path = Path(load["path"])
                try:
                    factory = _load_factory(load["source"], path, load["name"])
                    reply({"ok": True})
                except BaseException as exc:  # a bot file may raise anything, SystemExit included
                    factory, failure = None, crash_words(exc, path)
                    reply({"crash": failure})
            elif factory is None:
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
