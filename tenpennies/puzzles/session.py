"""A puzzle session: the state behind the puzzle widget and the terminal, in plain Python.

The widget (:mod:`tenpennies.widgets.puzzle`) only draws this state and forwards clicks;
the terminal (``tenpennies puzzle``) types into it. Everything can be driven and tested
without a browser::

    >>> from tenpennies.puzzles import load
    >>> s = PuzzleSession(load(kind="buy")[:2])
    >>> s.press(s.puzzle.answer); s.check().correct
    True
    >>> s.score
    (1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..cards import Card, SUITS, format_cards, sort_key
from ..errors import TenPenniesError
from . import Puzzle
from .kinds import Solution, Verdict

__all__ = ["Choices", "PuzzleSession"]


@dataclass(frozen=True)
class Choices:
    """What a learner can click for the current puzzle.

    ``words``: answer buttons (``yes``, ``buy`` ...); ``cards``: cards to pick, with
    ``pick`` saying how (``"one"``, ``"many"``, or ``"sets"``: several groups, each closed
    with :meth:`PuzzleSession.close_set`); ``pairs``: ``CARD:SET`` choices; ``typed``:
    whether the answer is typed (a number, or moves).
    """

    words: tuple[str, ...] = ()
    cards: tuple[Card, ...] = ()
    pick: str = ""
    pairs: tuple[str, ...] = ()
    typed: bool = False


class PuzzleSession:
    """Puzzles one after another, with an answer being built, hints, a verdict and a score.

    ``score`` is ``(solved, tried)``: a puzzle counts as solved when its first checked
    answer is right and its solution was not shown first.
    """

    def __init__(self, puzzles: Sequence[Puzzle]):
        if not puzzles:
            raise TenPenniesError("a session needs at least one puzzle")
        self.puzzles = list(puzzles)
        self.index = 0
        self.solved = 0
        self.tried = 0
        self._reset()

    def _reset(self) -> None:
        self.word: str | None = None
        self.selected: list[Card] = []
        self.sets: list[tuple[Card, ...]] = []
        self.pairs: list[str] = []
        self.typed = ""
        self.hints_shown = 0
        self.verdict: Verdict | None = None
        self.revealed = False
        self._counted = False
        self._solution: Solution | None = None

    # -- reading the state -------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.index]

    @property
    def score(self) -> tuple[int, int]:
        return self.solved, self.tried

    def solution(self) -> Solution:
        if self._solution is None:
            self._solution = self.puzzle.solution()
        return self._solution

    def choices(self) -> Choices:
        p = self.puzzle
        hand = tuple(sorted(set(p.position.hand), key=sort_key))
        if p.kind == "lay-down":
            return Choices(words=("yes", "no"), cards=tuple(p.position.hand), pick="sets")
        if p.kind == "missing":
            return Choices(cards=_palette(p), pick="many")
        if p.kind == "buy":
            return Choices(words=("buy", "pass", "close"))
        if p.kind == "discard":
            return Choices(cards=hand, pick="one")
        if p.kind == "additions":
            return Choices(words=("none",), pairs=tuple(f"{c}:{n}" for n in range(len(p.position.table))
                                                        for c in hand))
        if p.kind == "go-out":
            return Choices(words=("no",), typed=True)
        return Choices(typed=True)

    def answer(self) -> str:
        """The answer as built so far, as text the puzzle's kind reads."""
        if self.typed.strip():
            return self.typed.strip()
        kind = self.puzzle.kind
        if kind == "lay-down":
            if self.word == "no":
                return "no"
            groups = self.sets + ([tuple(self.selected)] if self.selected else [])
            return ("yes: " + " / ".join(format_cards(g) for g in groups)) if groups or self.word else ""
        if kind in ("missing", "discard"):
            return format_cards(self.selected)
        if kind == "additions":
            return " ".join(self.pairs) if self.pairs else (self.word or "")
        return self.word or ""

    def picture(self) -> str:
        """The position as SVG (cards as pictures)."""
        return self.puzzle.position._repr_svg_()

    def status(self) -> str:
        p = self.puzzle
        return (f"Puzzle {self.index + 1} of {len(self.puzzles)} · {p.id} · tier {p.tier} · "
                f"score {self.solved}/{self.tried}")

    # -- building an answer ------------------------------------------------------------
    def press(self, word: str) -> None:
        """An answer button: ``yes``, ``no``, ``buy``, ``pass``, ``none``."""
        if word not in self.choices().words:
            raise TenPenniesError(f"{word!r} is not an answer to a {self.puzzle.kind} puzzle")
        self.word = word
        if word in ("no", "none"):
            self.selected, self.sets, self.pairs = [], [], []

    def toggle(self, card: Card | str) -> None:
        """Pick a card, or unpick it (one card only for a discard)."""
        card = Card(card) if isinstance(card, str) else card
        choices = self.choices()
        if card not in choices.cards:
            raise TenPenniesError(f"{card} is not a choice here")
        if choices.pick == "one":
            self.selected = [] if self.selected == [card] else [card]
            return
        if choices.pick == "sets":
            self.word = "yes"
            held = list(self.puzzle.position.hand)
            for c in [c for g in self.sets for c in g] + self.selected:
                held.remove(c)
            if card in held:
                self.selected.append(card)
            elif card in self.selected:
                self.selected.remove(card)
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)

    def close_set(self) -> None:
        """Lay-down answers: the picked cards make one set; the next picks start another."""
        if self.selected:
            self.sets.append(tuple(self.selected))
            self.selected = []

    def toggle_pair(self, pair: str) -> None:
        if pair not in self.choices().pairs:
            raise TenPenniesError(f"{pair} is not a choice here")
        self.word = None
        if pair in self.pairs:
            self.pairs.remove(pair)
        else:
            self.pairs.append(pair)

    def type(self, text: str) -> None:
        """A typed answer; it replaces whatever was clicked."""
        self.typed = text

    def clear(self) -> None:
        """Start the answer again (hints and score stay)."""
        self.word, self.selected, self.sets, self.pairs, self.typed = None, [], [], [], ""

    # -- check, hints, solution, next ----------------------------------------------------
    def check(self) -> Verdict:
        text = self.answer()
        if not text:
            self.verdict = Verdict(False, "Give an answer first: click cards or buttons, or type it.")
            return self.verdict
        self.verdict = self.puzzle.check(text, self.solution())
        if not self._counted and self.verdict.readable:  # an unreadable answer is no attempt
            self._counted = True
            self.tried += 1
            self.solved += self.verdict.correct and not self.revealed
        return self.verdict

    def hint(self) -> str:
        """The next hint (each more revealing); the last one again once all are shown."""
        text = self.puzzle.hint(self.hints_shown)
        self.hints_shown = min(self.hints_shown + 1, len(self.puzzle.hints))
        return text

    def show_solution(self) -> str:
        """The engine's solution with its reasoning; the puzzle no longer scores."""
        if not self._counted:
            self._counted = True
            self.tried += 1
        self.revealed = True
        return f"{self.solution().headline()}\n{self.puzzle.explanation}"

    def next(self) -> None:
        """On to the next puzzle (back to the first after the last)."""
        self.index = (self.index + 1) % len(self.puzzles)
        self._reset()


def _palette(puzzle: Puzzle) -> tuple[Card, ...]:
    """Cards that could complete a contract: every suit of the ranks in hand, and the wilds.

    A single card completes a contract only by joining a rank already held, or as a wild,
    so the answer to a "missing" puzzle is always among these.
    """
    p = puzzle.position
    rules = p.rules
    wild_ranks = {r for r in rules.wild_ranks[p.round_no - 1]}
    ranks = {c.rank for c in p.hand if not c.is_joker} | wild_ranks
    cards = [Card.of(r, s) for r in sorted(ranks) for s in SUITS] + [Card("JK")]
    return tuple(sorted(set(cards), key=sort_key))
