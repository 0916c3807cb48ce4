"""The seeded matches the puzzles were mined from: their actions, stored, and their replay.

Every mined puzzle's ``source`` names a decision of one seeded match
(:class:`~tenpennies.puzzles.MatchSource`). The actions of those matches are shipped,
compressed, in ``puzzles/matches/RULES-PLAYERS.json.gz`` (one file per game and table
size), up to the last decision a puzzle uses. Replaying them needs no bot: the deal, the
draws and every other event follow from the match's seed, and the actions are applied
through the same checks as live play (so a bot rewritten later changes nothing here).

    >>> from tenpennies.puzzles import load
    >>> p = next(q for q in load(kind="cost") if q.match is not None)
    >>> replay_position(p.match) == p.position
    True
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Iterable, Iterator, Mapping

from ..engine.actions import parse_action
from ..engine.errors import TenPenniesError
from ..play.match import Match
from ..play.seat_position import SeatPosition
from . import FOLDER, MatchSource, PuzzleError

__all__ = ["FORMAT", "matches_folder", "read_matches", "replay", "replay_position", "write_matches"]

FORMAT = "tenpennies-puzzle-matches"
VERSION = 1


def matches_folder(folder: str | Path | None = None) -> Path:
    """Where the stored matches of the puzzles in ``folder`` are: its ``matches/`` folder."""
    return (Path(folder) if folder is not None else FOLDER) / "matches"


def _file_name(rules: str, players: int) -> str:
    return f"{rules}-{players}.json.gz"


def write_matches(matches: Mapping[str, dict], folder: str | Path | None = None) -> list[Path]:
    """Write ``{key: {"rules", "players", "seed", "actions": [[seat, text], ...]}}`` (keys as
    :attr:`MatchSource.key`), one compressed file per game and table size, byte-stable: the
    same matches always give the same bytes (keys sorted, no time stamp in the gzip header)."""
    out = matches_folder(folder)
    out.mkdir(parents=True, exist_ok=True)
    groups: dict[str, dict[str, dict]] = {}
    for key, data in matches.items():
        groups.setdefault(_file_name(data["rules"], data["players"]), {})[key] = data
    written = []
    for name, group in sorted(groups.items()):
        text = json.dumps({"format": FORMAT, "version": VERSION, "matches": group}, sort_keys=True,
                          separators=(",", ":"), ensure_ascii=True)
        path = out / name
        with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                                    compresslevel=9) as gz:
            gz.write(text.encode("ascii"))
        written.append(path)
    return written


def read_matches(folder: str | Path | None = None) -> dict[str, dict]:
    """Every stored match of the puzzles in ``folder``, by :attr:`MatchSource.key`."""
    found: dict[str, dict] = {}
    for path in sorted(matches_folder(folder).glob("*.json.gz")):
        try:
            data = json.loads(gzip.decompress(path.read_bytes()))
        except (OSError, ValueError) as exc:
            raise PuzzleError(f"{path.name}: not a stored match file: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            raise PuzzleError(f"{path.name}: not a stored match file of format {FORMAT!r} version {VERSION}")
        found.update(data["matches"])
    return found


def replay(source: MatchSource, data: dict, decisions: Iterable[tuple[int, int]] = ()) -> Iterator[tuple[int, int, SeatPosition]]:
    """Replay one stored match and yield ``(decision, seat, position)`` at each wanted
    ``(decision, seat)`` (a decision is the number of actions taken before it), in order.

    The seat must be the one to decide there: a decision that is not its own is refused."""
    if (data["rules"], data["players"], data["seed"]) != (source.rules, source.players, source.seed):
        raise PuzzleError(f"the stored match {data['rules']}/{data['players']} seed {data['seed']} "
                          f"is not the source's ({source.key})")
    wanted: dict[int, list[int]] = {}
    for decision, seat in decisions:
        wanted.setdefault(decision, []).append(seat)
    actions = data["actions"]
    if wanted and max(wanted) > len(actions):
        raise PuzzleError(f"{source.key}: decision {max(wanted)} is past the {len(actions)} stored actions")
    match = Match(source.seed, source.rule_set)
    for n in range(max(wanted, default=-1) + 1):
        for seat in wanted.get(n, ()):
            if match.to_act != seat:
                raise PuzzleError(f"{source.key}: decision {n} is seat {match.to_act}'s, not seat {seat}'s")
            yield n, seat, SeatPosition.of(match.view(seat))
        if n < len(actions):
            seat, text = actions[n]
            try:
                match.apply(parse_action(text, seat))
            except TenPenniesError as exc:
                raise PuzzleError(f"{source.key}: stored action {n} ({seat} {text}) cannot be replayed: {exc}") from None


def replay_position(source: MatchSource, folder: str | Path | None = None,
                    stored: Mapping[str, dict] | None = None) -> SeatPosition:
    """The position the seat of ``source`` saw at its decision, replayed from the stored match."""
    stored = read_matches(folder) if stored is None else stored
    if source.key not in stored:
        raise PuzzleError(f"no stored match {source.key} in {matches_folder(folder)}")
    ((_, _, position),) = replay(source, stored[source.key], [(source.decision, source.seat)])
    return position
