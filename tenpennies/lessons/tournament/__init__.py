"""Tournaments between bots that a class can trust: each bot from a file plays in a process
of its own, is sent its view as data, and forfeits (without harm to anyone else) if it
crashes, stalls, cheats or babbles.

A bot from a file is named ``FILE.py:NAME``: ``NAME`` is a class (or a function) in the
file that builds a bot from a seed, as the kit's own bots are built
(:func:`~tenpennies.bots.make_bot`); ``FILE.py`` alone names the one class the file
defines with an ``act`` method. Built-in bots are named as everywhere ("random",
"thumb", "strong", "expert") and play in this process, as in :func:`~tenpennies.play.simulate`.

How a bot from a file plays (OpenSpiel and RLCard hand an agent a copy of what it may
see, never the game; so does this):

* Each match, each of its seats starts ``python -m tenpennies.lessons.tournament.worker``, a
  child process that is sent the bot's file and builds the bot with a seed of its own.
  The child never holds the match: at each decision it is sent the seat's view as JSON
  (:func:`view_to_data`), rebuilds a real :class:`~tenpennies.play.view.PlayerView` from the
  data (:func:`view_from_data`), and answers with an action as JSON (``[seat, text]``).
  Nothing is pickled either way, so a bot can neither read nor change the match, and
  its answer can only be data, which the match checks like any other action.
* The child runs in a sandbox (:mod:`tenpennies.lessons.tournament.sandbox`, and
  ``docs/tournament-sandbox.md`` for which layer stops which attack): a user of its own
  per seat (when started as root), no network, resource limits, an empty folder of its
  own, nothing of the teacher's environment, and, where bubblewrap runs, namespaces that
  show it no other process and no file to write but its folder's. It is started before
  the match is dealt, and this process cannot be read while it holds matches. Every bot's
  seed comes from a secret (``bot_key``), never from the match's seed; the layer used is
  in the results (``Tournament.sandbox``). When its seat closes, every process it started
  is killed with it.
* Each decision has a time limit (``time_limit``, 2 s unless told) of the bot's own **CPU
  time**, counted from ``/proc`` in this process, which kills the child past it; a
  bot that waits instead of thinking is ended by the clock, at twice the limit and a
  second. Building the bot (and starting Python) has its own, longer limit
  (``start_limit``). A worker stopped or killed from outside (not by its own limits) is
  not charged: it is started again, asked the same decision again (:class:`Restart`), up
  to :data:`MAX_RESTARTS` times a match.
* A bot that crashes (an exception: the reason is the traceback's last line, with the
  line of the bot's file), chooses an action the match refuses (the match's reason),
  runs out of time, or answers something that is not an action *forfeits* that seat
  for the rest of the match (:data:`FORFEIT_KINDS`). The seat is then played by the
  **stand-in** bot (``stand_in``, "random" unless told: the weakest bot, so that
  forfeiting never pays), and its points still count for the bot that forfeited: the
  other seats play the match out as usual, and the results stay whole matches. The
  next match starts the bot afresh, in a new process.

Matches are seeded as :func:`~tenpennies.play.simulate.simulate` seeds them (match ``i`` by
``match_seed(seed, i)``, each built-in bot by ``bot_seed(match seed, seat)``; a bot from a
file by :func:`file_bot_seed` from the secret ``bot_key``), so a tournament is played again
by its ``seed`` and ``bot_key`` together; seats rotate, match
``i`` seating bot ``(seat + i) % n`` of the ``n`` given at each seat, so that each bot
plays each seat. Results are summed up by :func:`~tenpennies.play.simulate.summarize`, the same
table ``tenpennies simulate`` prints, followed by the forfeits::

    >>> t = play_tournament(["thumb", "random", "thumb", "random"], matches=4, seed=1)
    >>> t.summary.bots, len(t.results), t.forfeits
    (('thumb', 'random'), 4, ())
    >>> print(t.forfeit_words())
    forfeits: none
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import math
import secrets
from collections import deque
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Sequence

from ...bots import bot_names, bot_seed, make_bot
from ...engine.errors import IllegalActionError, TenPenniesError, WrongTypeError
from ...play.match import Match
from ...engine.rules import TEN_PENNIES, RuleSet
from ...engine.words import plural
from ...play.simulate import MatchResult, Summary, _progress_bar, match_seed, summarize
from . import sandbox as sandboxes
from .sandbox import LAYERS, LIMITS, Limits, Sandbox
from .seat import FORFEIT_KINDS, Forfeited, Interrupted, ProcessSeat
from .wire import view_from_data, view_to_data

TIME_LIMIT = 2.0
"""Seconds a bot from a file may take over one decision, unless told otherwise."""

START_LIMIT = 20.0
"""Seconds a bot's process may take to start Python, load the file and build the bot."""

MAX_TIME_LIMIT = 600.0
"""The longest time limit a tournament takes (ten minutes a decision is no game)."""


# -- naming bots ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class BotFile:
    """A bot from a Python file: ``path`` (absolute), and ``name``, the class or function in
    it that builds the bot from a seed (``None``: the one class with an ``act`` method)."""

    path: Path
    name: str | None = None

    @classmethod
    def parse(cls, text: str) -> "BotFile":
        """``"bots/never_buys.py:NeverBuys"`` or ``"bots/never_buys.py"`` (relative to the
        current folder); :class:`TenPenniesError` if the file is not there."""
        where, colon, name = text.rpartition(":")
        if not colon or not where.endswith(".py") or not name.isidentifier():
            where, name = text, None
        path = Path(where).expanduser()
        if path.suffix != ".py":
            raise TenPenniesError(f"a bot from a file is named FILE.py or FILE.py:NAME, not {text!r}")
        if not path.is_file():
            here = "" if path.is_absolute() else " (a path from the current folder)"
            raise TenPenniesError(f"no bot file {where!r}{here}")
        return cls(path.resolve(), name)

    @property
    def label(self) -> str:
        """How results name it: the class's name (the file's name without one)."""
        return self.name or self.path.stem

    def __str__(self) -> str:
        return self.path.name + ("" if self.name is None else f":{self.name}")


def is_bot_file(text: str) -> bool:
    """Does ``text`` name a bot from a file (``FILE.py`` or ``FILE.py:NAME``), not a built-in bot?"""
    return text.endswith(".py") or ".py:" in text


def _entries(bots: Sequence) -> tuple[list, tuple[str, ...]]:
    """The bots as built-in names and :class:`BotFile` values, with the label of each."""
    entries: list = []
    for b in bots:
        if isinstance(b, BotFile):
            entries.append(b)
        elif isinstance(b, Path):
            entries.append(BotFile.parse(str(b)))
        elif isinstance(b, str) and is_bot_file(b):
            entries.append(BotFile.parse(b))
        elif isinstance(b, str):
            make_bot(b)  # an unknown name is refused here, saying which names there are
            entries.append(b)
        else:
            raise WrongTypeError(f"a tournament's bots are names ({', '.join(bot_names())}) or "
                                 f"files (FILE.py:NAME), not {b!r:.60}: a bot object would play in this "
                                 "process, with the match in reach")
    plain = [e if isinstance(e, str) else e.label for e in entries]
    # Two different bots called alike (alice.py:Bot, bob.py:Bot) are told apart by file.
    labels = [f"{e.path.stem}.{e.name}" if isinstance(e, BotFile) and e.name
              and any(plain[j] == plain[k] and entries[j] != e for j in range(len(entries))) else plain[k]
              for k, e in enumerate(entries)]
    for k, e in enumerate(entries):
        if any(labels[j] == labels[k] and entries[j] != e for j in range(len(entries))):
            raise TenPenniesError(f"two different bots would both be called {labels[k]!r} in the results: "
                                  "rename one's file or class")
    return entries, tuple(labels)


# -- results ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Forfeit:
    """A bot that forfeited a seat: in which match, seat and round, how (one of
    :data:`FORFEIT_KINDS`) and why, in words."""

    match: int
    seat: int
    bot: str
    kind: str
    reason: str
    round_no: int

    def __str__(self) -> str:
        return f"match {self.match}, seat {self.seat}, round {self.round_no}: {self.kind}: {self.reason}"


@dataclass(frozen=True)
class Restart:
    """A bot's worker that was stopped or killed from outside, not by its own doing: it was
    started again (built afresh with its seed) and asked the same decision again, uncharged."""

    match: int
    seat: int
    bot: str
    reason: str
    round_no: int

    def __str__(self) -> str:
        return f"match {self.match}, seat {self.seat}, round {self.round_no}: {self.reason}; started again"


@dataclass(frozen=True)
class Tournament:
    """A finished tournament: every match's result, the forfeits, and the summary.

    ``str()`` is the summary table (as :func:`~tenpennies.play.simulate.summarize` prints it)
    and then the forfeits, per bot: how many, of which kinds, and the first one's reason
    (and the restarts, if a worker was interrupted from outside). ``sandbox`` is the
    sandbox its bots from files ran in; ``seed`` the tournament's seed (drawn in secret
    when none was given) and ``bot_key`` the secret the file bots' seeds came from: both
    together play the tournament again.
    """

    bots: tuple[str, ...]
    results: tuple[MatchResult, ...]
    forfeits: tuple[Forfeit, ...]
    summary: Summary
    stand_in: str
    time_limit: float
    restarts: tuple[Restart, ...] = ()
    sandbox: Sandbox | None = None
    seed: int | str | None = None
    bot_key: int | None = None

    def forfeits_of(self, bot: str) -> tuple[Forfeit, ...]:
        """The forfeits of the bot labelled ``bot``, in match order."""
        return tuple(f for f in self.forfeits if f.bot == bot)

    def forfeit_words(self) -> str:
        """The forfeits per bot in words (one line per bot that forfeited)."""
        if not self.forfeits:
            return "forfeits: none"
        lines = [f"forfeits (a forfeited seat is played by the {self.stand_in} bot for the rest of its match; "
                 f"time limit {self.time_limit:g} s of CPU time a decision):"]
        for bot in dict.fromkeys(self.bots):
            mine = self.forfeits_of(bot)
            if not mine:
                continue
            counts = [f"{sum(f.kind == k for f in mine)} {k}" for k in FORFEIT_KINDS if any(f.kind == k for f in mine)]
            first = mine[0]
            lines.append(f"  {bot}: {plural(len(mine), 'forfeit')} ({', '.join(counts)}); the first in match "
                         f"{first.match}, seat {first.seat}, round {first.round_no}: {first.reason}")
        return "\n".join(lines)

    def restart_words(self) -> str:
        """The restarts in words: one line each (none: an empty string)."""
        if not self.restarts:
            return ""
        return "\n".join(["restarts (a worker stopped or killed from outside is started again and asked the "
                          "same decision, not charged):"] + [f"  {r.bot}: {r}" for r in self.restarts])

    def __str__(self) -> str:
        restarts = self.restart_words()
        return f"{self.summary}\n{self.forfeit_words()}" + (f"\n{restarts}" if restarts else "")

    def __repr__(self) -> str:
        return (f"<Tournament {len(self.results)} matches, bots {', '.join(dict.fromkeys(self.bots))}: "
                f"{len(self.forfeits)} forfeits>")


# -- playing ---------------------------------------------------------------------------------------
def _seating(entries: list, labels: tuple[str, ...], index: int, players: int) -> list[tuple[object, str]]:
    """Match ``index``'s bot and label at each seat: bot ``(seat + index) % n`` of the ``n`` given."""
    n = len(entries)
    return [(entries[(s + index) % n], labels[(s + index) % n]) for s in range(players)]


MAX_RESTARTS = 3
"""How many times one seat's worker is started again in a match after being stopped or
killed from outside; past that, the seat forfeits (a bot that kills itself over and over
must not stall the match)."""


def file_bot_seed(key: int, index: int, seat: int) -> int:
    """The seed a bot from a file is built with at seat ``seat`` of match ``index``: drawn from
    the tournament's secret ``key`` (:mod:`secrets`), never from the match's seed, so that no
    bot can work out the deal from its own seed."""
    digest = hashlib.sha256(f"{key}:{index}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_match_isolated(entries: list, labels: tuple[str, ...], seed, index: int, rules: RuleSet,
                        time_limit: float, stand_in: str, start_limit: float,
                        sandbox: sandboxes.Sandbox | None = None, key: int | None = None,
                        log_dir: Path | None = None,
                        ) -> tuple[MatchResult, tuple[Forfeit, ...], tuple[Restart, ...]]:
    """Play match ``index`` of the tournament seeded ``seed``; its result, forfeits and restarts.

    ``sandbox`` is where bots from files run (the best there is, unless told); ``key`` the
    secret their seeds are drawn from (a fresh one, unless told); ``log_dir``, if given,
    receives each bot from a file's log (what it printed), ``match-I-seat-S-BOT.log``."""
    seating = _seating(entries, labels, index, rules.players)
    if sandbox is None and any(isinstance(entry, BotFile) for entry, _ in seating):
        sandbox = sandboxes.choose()
    key = secrets.randbits(128) if key is None else key
    forfeits: list[Forfeit] = []
    restarts: list[Restart] = []
    players: list = []
    processes: dict[int, ProcessSeat] = {}
    try:
        # Every worker starts before the match is dealt, and all at once (they load the kit
        # side by side); then each is built.
        for seat, (entry, _) in enumerate(seating):
            if isinstance(entry, BotFile):
                processes[seat] = ProcessSeat(entry.path, entry.name, sandbox)
                players.append(processes[seat])
            else:
                players.append(None)
        seed_of_match = match_seed(seed, index)
        match = Match(seed_of_match, rules)

        def forfeit(seat: int, why: Forfeited) -> None:
            forfeits.append(Forfeit(index, seat, seating[seat][1], why.kind, why.reason, match.round_no))
            players[seat].close(kill=True)
            players[seat] = make_bot(stand_in, bot_seed(seed_of_match, seat))

        def patiently(seat: int, ask):
            """``ask()``, started again in a fresh worker each time it is interrupted from outside."""
            while True:
                try:
                    return ask()
                except Interrupted as why:
                    mine = sum(r.seat == seat for r in restarts)
                    if mine >= MAX_RESTARTS:
                        raise Forfeited("crash", f"{why.reason}, after {plural(mine, 'restart')} "
                                                 "this match") from None
                    restarts.append(Restart(index, seat, seating[seat][1], why.reason, match.round_no))
                    try:
                        players[seat].restart()
                    except Interrupted:
                        continue  # counted at the next ask: it is interrupted again at once

        for seat, (entry, _) in enumerate(seating):
            if players[seat] is None:
                players[seat] = make_bot(entry, bot_seed(seed_of_match, seat))
                continue
            try:
                patiently(seat, lambda: players[seat].start(file_bot_seed(key, index, seat), start_limit))
            except Forfeited as why:
                forfeit(seat, why)
        seat = match.to_act
        while seat is not None:
            player = players[seat]
            view = match.view(seat)
            if type(player) is not ProcessSeat:
                match.apply(player.act(view))  # the kit's own bots, trusted as in simulate
            else:
                try:
                    action = patiently(seat, lambda: player.act(view, time_limit))
                    try:
                        match.apply(action)  # checked first: an illegal action changes nothing
                    except IllegalActionError as exc:
                        raise Forfeited("illegal", f"chose {action.text!r}: {exc}") from None
                except Forfeited as why:
                    forfeit(seat, why)
            seat = match.to_act
    finally:
        for p in processes.values():
            p.close()
    if log_dir is not None:
        for seat, p in processes.items():
            (Path(log_dir) / f"match-{index}-seat-{seat}-{seating[seat][1]}.log").write_text(p.log, encoding="utf-8")
    return MatchResult.of(match, index, [label for _, label in seating]), tuple(forfeits), tuple(restarts)


def _play_chunk(entries, labels, seed, start: int, stop: int, *args):
    # Runs in a worker process: a few matches per task keep the pool's overhead small.
    with sandboxes.undumpable():
        return [play_match_isolated(entries, labels, seed, i, *args) for i in range(start, stop)]


def _check_limit(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or math.isnan(value):
        raise WrongTypeError(f"{what} is a number of seconds, not {value!r}")
    if not 0 < value <= MAX_TIME_LIMIT:
        raise TenPenniesError(f"{what} must be more than 0 and at most {MAX_TIME_LIMIT:g} seconds, not {value!r}")
    return float(value)


def play_tournament(
    bots: Sequence[str | Path | BotFile],
    matches: int,
    seed: int | str | None = None,
    *,
    rules: RuleSet = TEN_PENNIES,
    time_limit: float = TIME_LIMIT,
    stand_in: str = "random",
    workers: int = 1,
    progress: bool = False,
    start_limit: float = START_LIMIT,
    sandbox: str = "best",
    limits: Limits = LIMITS,
    bot_key: int | None = None,
    log_dir: str | Path | None = None,
) -> Tournament:
    """Play ``matches`` seeded matches between ``bots`` and sum them up.

    ``bots`` are built-in names ("strong") and files (``"bots/never_buys.py:NeverBuys"``,
    a :class:`~pathlib.Path` or a :class:`BotFile`): from two to one per seat of
    ``rules``, seated in turn (see the module's notes). ``time_limit`` is the seconds a
    bot from a file may take per decision; ``stand_in`` the built-in bot that plays a
    forfeited seat. ``workers`` processes play matches side by side (each starting its
    own bots' processes); ``progress=True`` shows a tqdm bar, if tqdm is installed.

    ``seed`` deals the matches (``None``: a seed drawn in secret, kept in the result).
    ``sandbox`` is the layer bots from files run in, one of :data:`LAYERS` or ``"best"``
    (bubblewrap where it runs, else pure: :mod:`tenpennies.lessons.tournament.sandbox`), and
    ``limits`` what each may use. Each bot from a file is built with a seed drawn from
    ``bot_key`` (``None``: a fresh secret), never from the deal's seed. A bot's prints go
    to its log; ``log_dir`` (a folder) keeps them, one file per seat and match.
    """
    if not isinstance(rules, RuleSet):
        raise WrongTypeError(f"rules must be a RuleSet, not {rules!r:.60}")
    entries, labels = _entries(bots)
    if not 2 <= len(entries) <= rules.players:
        raise TenPenniesError(f"a tournament of {rules.name} takes 2 to {rules.players} bots "
                              f"(they take the seats in turn), not {len(entries)}")
    if isinstance(matches, bool) or not isinstance(matches, int) or matches < 1:
        raise TenPenniesError(f"matches must be a whole number, at least 1, not {matches!r}")
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TenPenniesError(f"workers must be a whole number, at least 1, not {workers!r}")
    time_limit = _check_limit(time_limit, "the time limit")
    start_limit = _check_limit(start_limit, "the start limit")
    if stand_in not in bot_names():
        raise TenPenniesError(f"the stand-in is a built-in bot ({', '.join(bot_names())}), not {stand_in!r}")
    if not isinstance(limits, Limits):
        raise WrongTypeError(f"limits must be a Limits, not {limits!r:.60}")
    chosen = sandboxes.choose(sandbox, limits) if any(isinstance(e, BotFile) for e in entries) else None
    seed = secrets.randbits(63) if seed is None else seed
    bot_key = secrets.randbits(128) if bot_key is None else bot_key
    with sandboxes.undumpable():  # while the matches are held here, no process of this user reads them
        played = list(_run(entries, labels, matches, seed, rules, time_limit, stand_in, start_limit, workers,
                           progress, chosen, bot_key, log_dir))
    results = tuple(r for r, _, _ in played)
    forfeits = tuple(f for _, fs, _ in played for f in fs)
    restarts = tuple(r for _, _, rs in played for r in rs)
    return Tournament(labels, results, forfeits, summarize(results, rules), stand_in, time_limit, restarts,
                      chosen, seed, bot_key)


def _run(entries, labels, matches, seed, rules, time_limit, stand_in, start_limit, workers, progress, sandbox,
         key, log_dir) -> Iterator[tuple[MatchResult, tuple[Forfeit, ...], tuple[Restart, ...]]]:
    bar = _progress_bar(matches) if progress else None
    args = (rules, time_limit, stand_in, start_limit, sandbox, key, log_dir)
    try:
        if workers == 1:
            for i in range(matches):
                played = play_match_isolated(entries, labels, seed, i, *args)
                if bar is not None:
                    bar.update(1)
                yield played
            return
        size = max(1, min(4, matches // (workers * 4) or 1))
        starts = iter(range(0, matches, size))
        with concurrent.futures.ProcessPoolExecutor(workers) as pool:
            pending: deque = deque()
            for start in starts:  # a bounded window of chunks in flight, yielded in match order
                pending.append(pool.submit(_play_chunk, entries, labels, seed, start,
                                           min(start + size, matches), *args))
                if len(pending) >= 2 * workers:
                    break
            while pending:
                for played in pending.popleft().result():
                    if bar is not None:
                        bar.update(1)
                    yield played
                start = next(starts, None)
                if start is not None:
                    pending.append(pool.submit(_play_chunk, entries, labels, seed, start,
                                               min(start + size, matches), *args))
    finally:
        if bar is not None:
            bar.close()


__all__ = ["FORFEIT_KINDS", "LAYERS", "LIMITS", "MAX_RESTARTS", "MAX_TIME_LIMIT", "START_LIMIT", "TIME_LIMIT",
           "BotFile", "Forfeit", "Limits", "Restart", "Sandbox", "Tournament", "file_bot_seed", "is_bot_file",
           "play_match_isolated", "play_tournament", "view_from_data", "view_to_data"]
