"""Writing mined puzzles as the shipped files: each puzzle a ``[[puzzle]]`` TOML table
(:func:`render`), numbered in file order (:func:`number`), in its kind's and game's file
(:func:`file_of`: ``KIND.toml``, ``tcr-KIND.toml``), beside the stored actions of the
matches they come from (:mod:`tenpennies.puzzles.matches`), kept no longer than a puzzle
there uses them (:func:`prune_matches`).

A table is read back by :func:`tenpennies.puzzles.read_text` like any shipped file (the
rating reads each new puzzle so, before it is written).
"""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from . import FOLDER, parse_source
from .kinds import KINDS
from .matches import matches_folder, read_matches, write_matches
from .mining import GAMES

__all__ = ["KINDS_ORDER", "file_of", "game_of", "number", "prune_matches", "render", "write"]


def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _toml_list(items) -> str:
    return "[" + ", ".join(_toml_str(x) for x in items) + "]"


def render(entry: dict[str, Any]) -> str:
    """One puzzle as a ``[[puzzle]]`` TOML table."""
    lines = ["[[puzzle]]"]
    for key in ("id", "kind", "title", "position", "question", "answer"):
        lines.append(f"{key} = {_toml_str(entry[key])}")
    lines.append(f"accepted = {_toml_list(entry['accepted'])}")
    lines.append(f"margin = {_toml_str(entry['margin'])}")
    lines.append("hints = [\n" + "".join(f"  {_toml_str(h)},\n" for h in entry["hints"]) + "]")
    lines.append(f"explanation = {_toml_str(entry['explanation'])}")
    lines.append(f"tier = {entry['tier']}")
    if "rating" in entry:
        lines.append(f"rating = {entry['rating']}")
        lines.append(f"rating_deviation = {entry['rating_deviation']}")
    lines.append(f"themes = {_toml_list(entry['themes'])}")
    lines.append(f"source = {_toml_str(entry['source'])}")
    if entry["params"]:
        lines.append("params = { " + ", ".join(f"{k} = {v}" for k, v in entry["params"].items()) + " }")
    for answer, feedback in entry["wrong"]:
        lines.append("[[puzzle.wrong]]")
        lines.append(f"answer = {_toml_str(answer)}")
        lines.append(f"feedback = {_toml_str(feedback)}")
    return "\n".join(lines) + "\n"


def game_of(entry: dict[str, Any]) -> str:
    return entry["canonical"][1]


def file_of(entry: dict[str, Any]) -> str:
    """The file a puzzle goes in: ``KIND.toml`` for Ten Pennies, ``tcr-KIND.toml`` for Ten Card Rummy."""
    return (f"{entry['kind']}.toml" if game_of(entry) == "ten-pennies" else f"tcr-{entry['kind']}.toml")


def number(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Ids in file order: each kind numbered from 1, Ten Pennies' first."""
    ordered = sorted(entries, key=lambda e: (KINDS_ORDER.index(e["kind"]), GAMES.index(game_of(e))))
    counts: Counter = Counter()
    out = []
    for e in ordered:
        counts[e["kind"]] += 1
        out.append(dict(e, id=f"{e['kind']}-{counts[e['kind']]:03d}"))
    return out


KINDS_ORDER = tuple(KINDS)


def write(entries: list[dict[str, Any]], stored: dict[str, dict], out: Path) -> Counter:
    """Write the puzzle files and the stored matches to ``out`` (old puzzle files there are
    replaced); the number of puzzles per file."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.toml"):
        old.unlink()
    files: dict[str, list[str]] = {}
    for e in entries:
        files.setdefault(file_of(e), []).append(render(e))
    for name, tables in files.items():
        head = (f"# {name[:-5]} puzzles: written by `python -m tenpennies.puzzles.generate` from seeded "
                "matches (their actions in matches/).\n")
        (out / name).write_text(head + "".join("\n" + t for t in tables), encoding="utf-8")
    for old in matches_folder(out).glob("*.json.gz"):
        old.unlink()
    write_matches(stored, out)
    return Counter({name: len(tables) for name, tables in files.items()})


def prune_matches(folder: Path = FOLDER) -> int:
    """Keep, of the stored matches in ``folder``, those some puzzle there comes from, each up
    to the last decision one uses (what :func:`~tenpennies.puzzles.generate.generate`
    stores): after puzzles are dropped (:func:`~tenpennies.puzzles.buy_mining.refresh_buy`,
    :func:`~tenpennies.puzzles.buy_mining.mine_buy`). Returns how many matches were let go."""
    used: dict[str, int] = {}
    for path in sorted(folder.glob("*.toml")):
        for data in tomllib.loads(path.read_text(encoding="utf-8")).get("puzzle", []):
            if data["source"].startswith("match "):
                source = parse_source(data["source"])
                used[source.key] = max(used.get(source.key, 0), source.decision)
    stored = read_matches(folder)
    kept = {key: dict(data, actions=data["actions"][:used[key]]) for key, data in stored.items() if key in used}
    for old in matches_folder(folder).glob("*.json.gz"):
        old.unlink()
    write_matches(kept, folder)
    return len(stored) - len(kept)
