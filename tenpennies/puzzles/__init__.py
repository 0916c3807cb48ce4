"""Puzzles: loading the shipped set, checking answers, showing solutions.

A puzzle is one ``[[puzzle]]`` table in a TOML file under the repository's ``puzzles/``
folder (one file per kind, read with the standard library's ``tomllib``)::

    [[puzzle]]
    id = "cost-001"                 # unique; the kind, a dash, a number
    kind = "cost"                   # see tenpennies.puzzles.kinds.KINDS
    title = "..."
    position = "r1 s0 a0 h:... "    # a seat's view, in SeatPosition's notation
    question = "..."
    answer = "85"                   # as a learner types it; recomputed by the engine
    accepted = []                   # other answers that are just as right
    margin = "exact"                # or a fraction "7/96": how far the answer beats the next best
    hints = ["...", "..."]          # each more revealing than the one before
    explanation = "..."
    tier = 1                        # 1 (first steps) to 3 (hard)
    themes = ["joker"]              # from THEMES
    source = "match ten-pennies/4 seed 12 bots strong,thumb,strong,thumb decision 57 seat 2"
                                    # the match and decision it came from (parse_source), or "built: why"
    params = { draws = 2 }          # only for kinds that take some (each kind checks its own)
    allow_unreachable = true        # only for a what-if position no play reaches (see below)
    rating = 1500                   # optional: Glicko-2 rating (1500 when unrated)
    rating_deviation = 350          # optional: the rating's deviation
    [[puzzle.wrong]]                # tempting wrong answers and what to say to each
    answer = "..."
    feedback = "..."

The answer in a file is never trusted: :meth:`Puzzle.solution` recomputes it with the
engine, and :meth:`Puzzle.check` judges a learner's answer against that. A malformed file
is refused with a :class:`PuzzleError` naming the file, the puzzle, the field and the
problem. A mined puzzle's position is exactly what its match reached: the match's actions
are stored (:mod:`tenpennies.puzzles.matches`) and the tests replay every one. A position
no play reaches (:meth:`SeatPosition.problems`) is refused, unless its
puzzle says ``allow_unreachable = true``: a what-if position, which the widget and the
terminal say it is (or unless the caller passes ``allow_unreachable=True``).

Where the shipped files are: the ``puzzles/`` folder beside the ``tenpennies`` package in
the repository (an editable install, as ``dev.py`` makes, finds it there); every function
that reads puzzles also takes a ``folder``.

    >>> cost = [p for p in load(kind="cost") if p.tier == 1][0]
    >>> cost.check(cost.solution().answer).correct
    True
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable

from ..engine.errors import TenPenniesError
from ..play.seat_position import SeatPosition
from ..engine.rules import RuleSet
from .answers import Solution, Verdict
from .kinds import KINDS

__all__ = ["FOLDER", "KINDS", "THEMES", "MatchSource", "Puzzle", "PuzzleError", "Solution", "Verdict",
           "load", "parse_source", "read_file", "read_text", "rederive"]

FOLDER = Path(__file__).resolve().parent.parent.parent / "puzzles"
"""The shipped puzzles: ``puzzles/`` at the repository's root."""

THEMES = {
    "wild-limit": "more wilds than a set may hold",
    "suit-clash": "two naturals of one suit cannot share a set",
    "aces-wild": "rounds 5-7: aces and twos are wild",
    "joker": "a joker in hand",
    "few-tokens": "buying with few tokens left",
    "off-turn": "an offer on another player's turn",
    "two-sets": "a contract of two sets",
    "one-set": "a contract of one set",
    "near-miss": "one card short",
    "big-hand": "a full hand to read",
    "table": "cards on the table matter",
    "runs": "Ten Card Rummy: a run, one suit in rank order (C3)",
    "over-the-top": "a run that turns the corner: Q K A 2 (C3)",
    "separate-melds": "two melds must be separate: one long run is one meld (C5)",
}
"""The theme vocabulary: tags are set by the generator's predicates, never by hand."""

FIELDS = {
    "id": str, "kind": str, "title": str, "position": str, "question": str, "answer": str,
    "accepted": list, "margin": str, "hints": list, "explanation": str, "tier": int,
    "themes": list, "source": str,
}
OPTIONAL = {"params": dict, "wrong": list, "allow_unreachable": bool, "rating": int, "rating_deviation": int}
UNRATED = 1500
"""The rating of a puzzle not yet rated (Glicko-2's starting point)."""
UNRATED_DEVIATION = 350
"""The rating deviation of a puzzle not yet rated (Glicko-2's starting point)."""
MAX_TEXT = 20_000
"""The longest text a puzzle's field may hold (a long explanation is a few thousand characters)."""
MAX_FILE = 5_000_000
"""The largest puzzle file read (the shipped ones are tens of kilobytes)."""


class PuzzleError(TenPenniesError):
    """A puzzle file that is malformed: the message names the file, the field and the problem."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle, as read from its file; see the module for the fields."""

    id: str
    kind: str
    title: str
    notation: str
    """The position in :class:`SeatPosition`'s notation, as the file writes it (see :attr:`position`)."""
    question: str
    answer: str
    accepted: tuple[str, ...]
    margin: Fraction | None
    hints: tuple[str, ...]
    explanation: str
    tier: int
    themes: tuple[str, ...]
    source: str
    params: dict[str, Any] = field(default_factory=dict, compare=False)
    wrong: tuple[tuple[str, str], ...] = ()
    file: str = field(default="", compare=False)
    allow_unreachable: bool = field(default=False, compare=False)
    """A what-if position that no play reaches, on purpose (its file says so)."""
    rating: int = UNRATED
    """The puzzle's Glicko-2 rating: how strong a solver it takes (1500 when unrated)."""
    rating_deviation: int = UNRATED_DEVIATION
    """How sure the rating is (Glicko-2's deviation; 350 when unrated)."""

    @property
    def position(self) -> SeatPosition:
        """The seat's view the puzzle shows, read from :attr:`notation` when first asked for.

        Every position is read and checked for reachability as its file loads, a mined
        one's too (a file may be edited after its match made it); a mined puzzle's answer
        is checked where it is made, by replaying its match (``tests/test_puzzle_replay.py``)."""
        seen = self.__dict__.get("_position")
        if seen is None:
            try:
                seen = SeatPosition.parse(self.notation)
            except ValueError as exc:
                raise _problem(self.file, self.id, "position", str(exc)) from None
            object.__setattr__(self, "_position", seen)  # a cache of a value the fields fix
        return seen

    @property
    def match(self) -> "MatchSource | None":
        """The seeded match the position comes from (None for a built one): see :func:`parse_source`."""
        return parse_source(self.source)

    @property
    def what_if_note(self) -> str:
        """A line saying the position is a what-if one ('' for a position play reaches)."""
        if not self.allow_unreachable:
            return ""
        problems = self.position.problems()
        why = f" ({problems[0]})" if problems else ""
        return f"A what-if position: no real match reaches it{why}."

    def solution(self) -> Solution:
        """The engine's answer and its reasoning, computed now (never read from the file)."""
        bad = KINDS[self.kind].params_problems(self.params)
        if bad:
            raise PuzzleError(f"{self.id}: field 'params': " + "; ".join(bad))
        return KINDS[self.kind].solve(self.position, self.params)

    def check(self, answer: str, solution: Solution | None = None) -> Verdict:
        """Judge a typed answer; a listed wrong answer gets the file's feedback too."""
        verdict = KINDS[self.kind].check(answer, self.position, self.params, solution)
        if not verdict.correct and verdict.readable:
            said = _normal(answer)
            for text, feedback in self.wrong:
                if _normal(text) == said:
                    more = "" if verdict.feedback in feedback else f" {verdict.feedback}"
                    return Verdict(False, feedback + more)
        return verdict

    @property
    def answer_form(self) -> str:
        """What a typed answer looks like, with an example, as this puzzle's game types it
        (Ten Card Rummy's go-out has no discard, C7; its lay-offs may name a run's end, C4)."""
        return KINDS[self.kind].answer_form_for(self.position)

    def hint(self, n: int) -> str:
        """Hint ``n`` (from 0); the last hint when ``n`` is past the end."""
        return self.hints[min(n, len(self.hints) - 1)]

    def __str__(self) -> str:
        note = f"\n{self.what_if_note}" if self.allow_unreachable else ""
        return (f"{self.id} (tier {self.tier}): {self.title}\n{self.question}\n{self.answer_form}\n"
                f"{self.position}{note}")

    def _repr_svg_(self) -> str:
        return self.position._repr_svg_()


def _normal(text: str) -> str:
    return " ".join(text.lower().replace(",", " ").split())


def _problem(file: str, where: str, field_name: str, problem: str) -> PuzzleError:
    return PuzzleError(f"{file}: {where}: field {field_name!r}: {problem}")


def _margin(text: str) -> Fraction | None:
    if text == "exact":
        return None
    if not re.fullmatch(r"\d{1,12}/\d{1,12}|\d{1,12}", text, flags=re.ASCII):
        raise TenPenniesError(f"{text[:40]!r} is neither 'exact' nor a fraction like '7/96'")
    if text.partition("/")[2].strip("0") == "" and "/" in text:
        raise TenPenniesError(f"{text!r} divides by zero")
    return Fraction(text)


def _from_table(data: Any, file: str, n: int, allow_unreachable: bool = False) -> Puzzle:
    where = f"puzzle {n}" + (f" ({data['id'][:40]})" if isinstance(data, dict) and isinstance(data.get("id"), str)
                             else "")
    if not isinstance(data, dict):
        raise PuzzleError(f"{file}: {where}: a puzzle is a table of fields")
    for name, kind in FIELDS.items():
        if name not in data:
            raise _problem(file, where, name, "missing")
        if not isinstance(data[name], kind) or isinstance(data[name], bool):
            raise _problem(file, where, name, f"should be a {kind.__name__}, not {type(data[name]).__name__}")
    for name, kind in OPTIONAL.items():
        if name in data and (not isinstance(data[name], kind) or (kind is int and isinstance(data[name], bool))):
            raise _problem(file, where, name, f"should be a {kind.__name__}, not {type(data[name]).__name__}")
    unknown = set(data) - set(FIELDS) - set(OPTIONAL)
    if unknown:
        raise _problem(file, where, sorted(unknown)[0][:40], "unknown field")
    for name, value in data.items():
        texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        if any(isinstance(t, str) and len(t) > MAX_TEXT for t in texts) or len(texts) > 100:
            raise _problem(file, where, name, f"too long: at most {MAX_TEXT} characters and 100 entries")
    kind = data["kind"]
    if kind not in KINDS:
        raise _problem(file, where, "kind", f"{kind!r} is not one of {', '.join(KINDS)}")
    if not re.fullmatch(re.escape(kind) + r"-\d{3,}", data["id"]):
        raise _problem(file, where, "id", f"{data['id']!r} should be the kind and a number, like {kind}-001")
    for name in ("title", "question", "answer", "explanation", "source"):
        if not data[name].strip():
            raise _problem(file, where, name, "empty")
    mined = _SOURCE.fullmatch(data["source"].strip()) is not None
    # Every position is read and checked here, a mined one's too: its match's replay checks it
    # where it is made, but a file can be edited after (the loader refuses every position no
    # play reaches, issue 35). Only a mined answer is left to the replay's test.
    position = _read_position(data, file, where, kind, answer=not mined)
    for name in ("accepted", "hints", "themes"):
        if not all(isinstance(x, str) and x.strip() for x in data[name]):
            raise _problem(file, where, name, "should hold only non-empty strings")
    if not data["hints"]:
        raise _problem(file, where, "hints", "give at least one hint")
    if not 1 <= data["tier"] <= 3:
        raise _problem(file, where, "tier", f"should be 1, 2 or 3, not {data['tier']}")
    for name, low, high in (("rating", 0, 5000), ("rating_deviation", 0, 1000)):
        if name in data and not low <= data[name] <= high:
            raise _problem(file, where, name, f"should be from {low} to {high}, not {data[name]}")
    for theme in data["themes"]:
        if theme not in THEMES:
            raise _problem(file, where, "themes", f"{theme!r} is not a theme ({', '.join(THEMES)})")
    try:
        margin = _margin(data["margin"])
    except ValueError as exc:
        raise _problem(file, where, "margin", str(exc)) from None
    if KINDS[kind].ranked and margin is None:
        raise _problem(file, where, "margin", f"a {kind} puzzle ranks choices: give the margin as a fraction")
    if not KINDS[kind].ranked and margin is not None:
        raise _problem(file, where, "margin", f"a {kind} puzzle is a matter of fact: write 'exact'")
    params = data.get("params", {})
    bad = KINDS[kind].params_problems(params)
    if bad:
        raise _problem(file, where, "params", "; ".join(bad))
    wrong = []
    for w in data.get("wrong", []):
        if not (isinstance(w, dict) and set(w) == {"answer", "feedback"}
                and all(isinstance(v, str) and v.strip() for v in w.values())):
            raise _problem(file, where, "wrong", "each wrong answer is a table with 'answer' and 'feedback'")
        wrong.append((w["answer"], w["feedback"]))
    marked = data.get("allow_unreachable", False)
    if position is not None and not (marked or allow_unreachable):
        problems = position.problems()
        if problems:
            raise _problem(file, where, "position", "no play reaches it: " + "; ".join(problems)
                           + " (mark a what-if puzzle with allow_unreachable = true)")
    puzzle = Puzzle(
        id=data["id"], kind=kind, title=data["title"], notation=data["position"], question=data["question"],
        answer=data["answer"], accepted=tuple(data["accepted"]), margin=margin,
        hints=tuple(data["hints"]), explanation=data["explanation"], tier=data["tier"],
        themes=tuple(data["themes"]), source=data["source"], params=dict(params),
        wrong=tuple(wrong), file=file, allow_unreachable=marked,
        rating=data.get("rating", UNRATED), rating_deviation=data.get("rating_deviation", UNRATED_DEVIATION))
    object.__setattr__(puzzle, "_position", position)  # (read once: Puzzle.position's cache)
    return puzzle


def _read_position(data: dict, file: str, where: str, kind: str, answer: bool = True) -> SeatPosition:
    try:
        position = SeatPosition.parse(data["position"])
    except ValueError as exc:
        raise _problem(file, where, "position", str(exc)) from None
    if not answer:
        return position
    try:
        KINDS[kind].read(data["answer"], position)
    except ValueError as exc:
        raise _problem(file, where, "answer", f"cannot be read as a {kind} answer: {exc}") from None
    return position


def read_file(path: str | Path, *, allow_unreachable: bool = False) -> list[Puzzle]:
    """The puzzles of one TOML file, checked against the schema (raises :class:`PuzzleError`).

    A position no play reaches is refused unless its puzzle is marked
    ``allow_unreachable = true`` or ``allow_unreachable`` is given here.
    """
    path = Path(path)
    try:
        if path.stat().st_size > MAX_FILE:
            raise PuzzleError(f"{path.name}: {path.stat().st_size} bytes; a puzzle file holds at most {MAX_FILE}")
        raw = path.read_bytes()
    except OSError as exc:
        raise PuzzleError(f"{path.name}: cannot be read: {exc.strerror or exc}") from None
    return read_text(raw, path.name, allow_unreachable=allow_unreachable)


def read_text(text: str | bytes, name: str = "<text>", *, allow_unreachable: bool = False) -> list[Puzzle]:
    """The puzzles of one file's TOML text (``name`` names it in messages); see :func:`read_file`."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PuzzleError(f"{name}: not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise PuzzleError(f"{name}: a puzzle file is text, not {type(text).__name__}")
    if len(text) > MAX_FILE:
        raise PuzzleError(f"{name}: {len(text)} characters; a puzzle file holds at most {MAX_FILE}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PuzzleError(f"{name}: not TOML: {exc}") from None
    except RecursionError:
        raise PuzzleError(f"{name}: not TOML this kit reads: nested too deeply") from None
    except ValueError as exc:  # e.g. a number of more digits than Python converts
        raise PuzzleError(f"{name}: not TOML this kit reads: {str(exc)[:120]}") from None
    unknown = set(data) - {"puzzle"}
    if unknown:
        raise PuzzleError(f"{name}: unknown top-level key {sorted(unknown)[0][:40]!r}: puzzles go in [[puzzle]] tables")
    tables = data.get("puzzle", [])
    if not isinstance(tables, list):
        raise PuzzleError(f"{name}: 'puzzle' should be an array of tables ([[puzzle]])")
    return [_from_table(t, name, n, allow_unreachable) for n, t in enumerate(tables, 1)]


def load(folder: str | Path | None = None, *, kind: str | None = None, tier: int | None = None,
         theme: str | None = None, allow_unreachable: bool = False) -> list[Puzzle]:
    """Every puzzle in ``folder`` (default: the shipped ones), optionally of one kind, tier or theme.
    ``allow_unreachable`` accepts what-if positions that their files do not mark.

    Ids must be unique across the folder. Puzzles come in file order (files by name).
    """
    root = Path(folder) if folder is not None else FOLDER
    if not root.is_dir():
        raise PuzzleError(f"no puzzle folder at {root}: pass the folder that holds the .toml files")
    if kind is not None and kind not in KINDS:
        raise TenPenniesError(f"no puzzle kind {kind!r}: choose from {', '.join(KINDS)}")
    if theme is not None and theme not in THEMES:
        raise TenPenniesError(f"no theme {theme!r}: choose from {', '.join(THEMES)}")
    puzzles: list[Puzzle] = []
    seen: dict[str, str] = {}
    for path in sorted(root.glob("*.toml")):
        for p in read_file(path, allow_unreachable=allow_unreachable):
            if p.id in seen:
                raise PuzzleError(f"{path.name}: puzzle {p.id}: field 'id': also used in {seen[p.id]}")
            seen[p.id] = path.name
            puzzles.append(p)
    chosen = [p for p in puzzles
              if (kind is None or p.kind == kind) and (tier is None or p.tier == tier)
              and (theme is None or theme in p.themes)]
    if not chosen and puzzles and (kind, tier, theme) != (None, None, None):
        raise PuzzleError(_nothing_matches(puzzles, kind, tier, theme))
    return chosen


def _nothing_matches(puzzles: list[Puzzle], kind: str | None, tier: int | None, theme: str | None) -> str:
    """Why a filter found nothing, with the choices that do find something."""
    asked = ", ".join(f"{name} {value!r}" for name, value in (("kind", kind), ("tier", tier), ("theme", theme))
                      if value is not None)
    lines = [f"no puzzle has {asked}"]
    if theme is not None:
        same = [p for p in puzzles if (kind is None or p.kind == kind) and (tier is None or p.tier == tier)]
        found = sorted({t for p in same for t in p.themes}, key=list(THEMES).index)
        lines.append(f"themes there: {', '.join(found) or 'none'}")
    if kind is not None:
        same = [p for p in puzzles if (theme is None or theme in p.themes) and (tier is None or p.tier == tier)]
        found = [k for k in KINDS if any(p.kind == k for p in same)]
        lines.append(f"kinds there: {', '.join(found) or 'none'}")
    if tier is not None:
        same = [p for p in puzzles if (kind is None or p.kind == kind) and (theme is None or theme in p.themes)]
        lines.append(f"tiers there: {', '.join(map(str, sorted({p.tier for p in same}))) or 'none'}")
    return "; ".join(lines)


@dataclass(frozen=True)
class MatchSource:
    """Where a mined puzzle comes from: one decision of one seeded match.

    ``rules`` is the rule set's name (:meth:`RuleSet.named`), ``players`` the seats,
    ``seed`` the match's seed, ``bots`` the bot at each seat, ``decision`` how many
    actions the match had taken when the seat came to decide (replaying that many
    reaches the position: ``tenpennies.play.record.from_dict(data, upto=decision)``), and
    ``seat`` the deciding seat. Its text is what a puzzle's ``source`` says::

        >>> s = parse_source("match ten-pennies/4 seed 12 bots strong,thumb,strong,thumb decision 57 seat 2")
        >>> (s.rules, s.players, s.seed, s.decision, s.seat, s.bots[2])
        ('ten-pennies', 4, 12, 57, 2, 'strong')
        >>> parse_source(str(s)) == s
        True
    """

    rules: str
    players: int
    seed: int
    bots: tuple[str, ...]
    decision: int
    seat: int

    @property
    def rule_set(self) -> RuleSet:
        """The rule set the match was played by."""
        base = RuleSet.named(self.rules)
        return base if base.players == self.players else base.with_players(self.players)

    @property
    def key(self) -> str:
        """The match this decision belongs to, as stored matches are keyed: 'ten-pennies/4 seed 12'."""
        return f"{self.rules}/{self.players} seed {self.seed}"

    def __str__(self) -> str:
        return f"match {self.key} bots {','.join(self.bots)} decision {self.decision} seat {self.seat}"


_SOURCE = re.compile(r"match ([a-z-]+)/(\d{1,2}) seed (\d{1,20}) bots ([a-z]+(?:,[a-z]+)*) "
                     r"decision (\d{1,7}) seat (\d{1,2})", flags=re.ASCII)


def parse_source(text: str) -> MatchSource | None:
    """The match a puzzle's ``source`` names, or ``None`` for a built position (``built: ...``).

    Anything else is refused with a :class:`PuzzleError` saying the form expected.
    """
    if text.startswith("built"):
        return None
    m = _SOURCE.fullmatch(text.strip())
    if m is None:
        raise PuzzleError(f"source {text[:80]!r} is neither 'built: ...' nor 'match RULES/PLAYERS seed N "
                          "bots A,B,... decision N seat N'")
    rules, players, seed, bots, decision, seat = m.groups()
    source = MatchSource(rules, int(players), int(seed), tuple(bots.split(",")), int(decision), int(seat))
    if len(source.bots) != source.players or source.seat >= source.players:
        raise PuzzleError(f"source {text[:80]!r}: {len(source.bots)} bots for {players} seats, seat {seat}")
    return source


def rederive(puzzle: Puzzle) -> list[str]:
    """Where the stored answer, accepted answers or margin differ from the engine's ([] if nowhere)."""
    s = puzzle.solution()
    problems = []
    if s.answer != puzzle.answer:
        problems.append(f"answer: stored {puzzle.answer!r}, engine {s.answer!r}")
    if tuple(s.accepted) != puzzle.accepted:
        problems.append(f"accepted: stored {list(puzzle.accepted)}, engine {list(s.accepted)}")
    if s.margin != puzzle.margin:
        problems.append(f"margin: stored {puzzle.margin}, engine {s.margin}")
    return problems


def by_kind(puzzles: Iterable[Puzzle]) -> dict[str, list[Puzzle]]:
    """Puzzles grouped by kind, in the order of :data:`KINDS`."""
    groups: dict[str, list[Puzzle]] = {k: [] for k in KINDS}
    for p in puzzles:
        groups[p.kind].append(p)
    return groups
