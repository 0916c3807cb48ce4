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

Given a learner's :class:`~tenpennies.puzzles.progress.Progress`, a session serves each
next puzzle near the learner's rating and records every attempt there (its first
answer checked, or the solution shown first), so the rating, history and streak last.
In a streak (``streak=True``) the puzzles climb in rating, without hints, until the
first miss.

Hints teach before they cost (issue 34): the first one (:data:`FREE_HINTS`) reads this
position, computed by the engine (:func:`tenpennies.puzzles.wording.position_hint`), and
is free, so a right answer after it is still a win; each later one costs (a right answer
then counts half), and :meth:`PuzzleSession.hint_price` says so before it is shown.

A session serves one game (``game``: the rule set's name, :data:`GAMES`), so a learner
of Ten Pennies is not handed Ten Card Rummy; :func:`for_game` and :func:`choose` pick
the puzzles (a game, several themes, a rating range), and the learner's rating is kept
per game (:meth:`Progress.rating_in`).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import Sequence

from ..engine.cards import Card, SUITS, format_cards, sort_key
from ..engine.errors import TenPenniesError
from ..pictures.layout import table_layout
from ..pictures.svg import layout_svg
from . import Puzzle
from .answers import Solution, Verdict
from .progress import PROVISIONAL, Attempt, Progress, ProgressError
from .wording import headline_words, position_hint
from ..engine.words import plural

__all__ = ["Choices", "FREE_HINTS", "GAMES", "PuzzleSession", "attempt_words", "choose", "for_game",
           "game_of", "rating_words"]

GAMES = ("Ten Pennies", "Ten Card Rummy")
"""The games a learner can choose between, by rule set name; the first is the default."""
ORDERS = ("rating", "given", "mistakes")
"""How a session serves: near the learner's rating (the learner's own mistakes first when
one is due), in the order given, or only the learner's mistakes, soonest due first."""
FREE_HINTS = 1
"""Hints shown before a right answer counts only half: the first, about this position."""

STREAK_STEP = 40
"""How far each puzzle of a streak is rated above the one before (lichess's streak climbs too)."""
STREAK_CHOICE = 3
"""How many puzzles nearest a streak's next rating it draws from (so two streaks differ)."""
NOTHING_GIVEN = "Type an answer, or click cards or buttons, first: nothing was given yet."


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

    ``progress``: the learner's :class:`~tenpennies.puzzles.progress.Progress` (or
    ``None``: nothing recorded). ``order``: ``"rating"`` serves each puzzle near the
    learner's rating (plus ``difficulty``), ``"given"`` the puzzles in the order given
    (the default without ``progress``), ``"mistakes"`` the learner's own mistakes
    (:meth:`Progress.mistakes`), soonest due first. ``mistakes_first``: in rated practice,
    a mistake of the learner's that is due comes before the ladder's next puzzle.
    ``streak``: a streak, see the module. ``game``: the game served (its rating is the
    learner's at it). ``seed`` makes the choices repeatable.
    """

    def __init__(self, puzzles: Sequence[Puzzle], *, progress: Progress | None = None,
                 order: str | None = None, streak: bool = False, difficulty: int = 0, seed: int | str = 0,
                 game: str | None = None, mistakes_first: bool = False):
        if not puzzles:
            raise TenPenniesError("a session needs at least one puzzle")
        order = order or ("rating" if progress is not None else "given")
        if order not in ORDERS:
            raise TenPenniesError(f"order: one of {', '.join(map(repr, ORDERS))}, not {order!r}")
        if order in ("rating", "mistakes") and progress is None:
            raise TenPenniesError(f"serving by {order} needs the learner's progress (progress=Progress())")
        self.puzzles = list(puzzles)
        self.mistakes_first = mistakes_first
        """In rated practice: serve the learner's own mistake that is due before a puzzle of the ladder."""
        self.game = game
        """The game served (a rule set's name), or None for the puzzles as given; it says
        which rating is the learner's (each game has its own)."""
        self.progress = progress
        self.order = order
        self.difficulty = difficulty
        self.seed = seed
        self.streak = streak
        self.run = 0
        """In a streak: puzzles solved in this run."""
        self.run_over = False
        """In a streak: the run ended with a miss (the next puzzle starts a new one)."""
        self.solved = 0
        self.tried = 0
        self.served: list[str] = []
        self.last_attempt: Attempt | None = None
        """The attempt recorded for the current puzzle (None until it is decided)."""
        self.progress_problem = ""
        """Why the last attempt could not be kept in the learner's file ('' when it was)."""
        self.index = self._choose()
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
        self._hints: tuple[str, ...] | None = None
        self.last_attempt = None

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
        if p.kind == "mistake":  # one's own mistake: the move played, or the analyst's
            return Choices(words=p.options)
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

    def marked(self) -> tuple[tuple[Card, ...], str]:
        """The cards of the hand to raise on the table, and what they are: the solution's
        once the puzzle is decided or its solution shown, else the ones picked so far."""
        hand = self.puzzle.position.hand
        if self.revealed or (self.verdict is not None and self.verdict.readable):
            cards = _cards_of(self.solution().answer)
            what = "the solution's cards raised"
        else:
            cards = [c for g in self.sets for c in g] + list(self.selected)
            what = "your picked cards raised"
        held, raised = list(hand), []
        for c in cards:
            if c in held:
                held.remove(c)
                raised.append(c)
        return tuple(raised), (what if raised else "")

    def picture(self) -> str:
        """The position as SVG (cards as pictures), the :meth:`marked` cards raised out of the hand."""
        p = self.puzzle.position
        hand = list(p.hand)
        raised, what = self.marked()
        chosen: list[int] = []
        for card in raised:
            chosen.append(next(i for i, c in enumerate(hand) if c == card and i not in chosen))
        return layout_svg(table_layout(p, order=hand, selected=chosen), str(p) + (f" ({what})" if what else ""))

    def status(self) -> str:
        """One line: where the learner is, the puzzle's rating, the learner's, the streak."""
        p = self.puzzle
        where = (f"Streak {self.run}" + (" (over)" if self.run_over else "") if self.streak else
                 "Your mistakes" if self.order == "mistakes" or p.kind == "mistake" else
                 f"Puzzle {len(self.served)}" if self.order == "rating" else
                 f"Puzzle {self.index + 1} of {len(self.puzzles)}")
        parts = [where, p.id] + ([f"solve it twice to retire it"] if p.kind == "mistake" else
                                 [f"tier {p.tier}", f"rated {p.rating}"])
        if self.progress is not None:
            try:
                rating = self.progress.rating_in(self.game) if self.game else self.progress.rating
                parts.append(f"your {self.game} rating" if self.game else "your rating")
                parts[-1] += f" {rating_words(rating)}"
                parts.append(f"streak {self.progress.streak} (best {self.progress.best_streak})")
            except ProgressError as exc:  # the file broke meanwhile: the puzzle goes on
                self.progress_problem = str(exc)
        parts.append(f"score {self.solved}/{self.tried}")
        return " · ".join(parts)

    def outcome(self) -> str:
        """How the decided puzzle moved the learner's rating, in words ('' until it is
        decided, or without a learner's progress): :func:`attempt_words`."""
        return attempt_words(self.last_attempt) if self.last_attempt is not None else ""

    def hints(self) -> tuple[str, ...]:
        """Every hint of this puzzle, in the order given: first the one that reads this
        position (the engine's, :func:`~tenpennies.puzzles.wording.position_hint`), then
        the puzzle's own that do not repeat it."""
        if self._hints is None:
            first = position_hint(self.puzzle, self.solution())
            self._hints = (first, *(h for h in self.puzzle.hints if h != first))
        return self._hints

    def shown_hints(self) -> tuple[str, ...]:
        """The hints shown so far for this puzzle, in order (each adds to the one before)."""
        return self.hints()[:self.hints_shown]

    def hint_price(self) -> str:
        """What the next hint costs, in words, said before it is shown ('' when none is left,
        or in a streak)."""
        if self.streak or self.hints_shown >= len(self.hints()):
            return ""
        if self.hints_shown < FREE_HINTS:
            return "The first hint is free: a right answer after it still counts as solved alone."
        return "This hint costs: a right answer after it counts as half a win."

    @property
    def paid_hints(self) -> int:
        """Hints shown beyond the free one(s): only these make a right answer 'helped'."""
        return max(0, self.hints_shown - FREE_HINTS)

    # -- building an answer ------------------------------------------------------------
    def press(self, word: str) -> None:
        """An answer button: ``yes``, ``no``, ``buy``, ``pass``, ``none``."""
        if word not in self.choices().words:
            raise TenPenniesError(f"{word!r} is not an answer to a {self.puzzle.kind} puzzle")
        self.word = word
        if word in ("no", "none") and self.puzzle.kind != "mistake":
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
            # Nothing given is no attempt and no mistake: say what to do, not "Not quite".
            self.verdict = Verdict(False, NOTHING_GIVEN, readable=False)
            return self.verdict
        self.verdict = self.puzzle.check(text, self.solution())
        if not self._counted and self.verdict.readable:  # an unreadable answer is no attempt
            self._counted = True
            self.tried += 1
            self.solved += self.verdict.correct and not self.revealed
            self._decided("missed" if not self.verdict.correct else "helped" if self.paid_hints else "solved")
        return self.verdict

    def hint(self) -> str:
        """The next hint (each adds to the ones before); the last one again once all are shown.

        A streak has no hints (it measures what the learner sees alone).
        """
        if self.streak:
            raise TenPenniesError("a streak has no hints: solve it alone, or show the solution (which ends it)")
        hints = self.hints()
        text = hints[min(self.hints_shown, len(hints) - 1)]
        self.hints_shown = min(self.hints_shown + 1, len(hints))
        return text

    def show_solution(self) -> str:
        """The engine's solution with its reasoning; the puzzle no longer scores."""
        if not self._counted:
            self._counted = True
            self.tried += 1
            self._decided("missed")
        self.revealed = True
        return f"{headline_words(self.solution())}\n{self.puzzle.explanation}"

    def _decided(self, result: str) -> None:
        """The puzzle's outcome is known: keep it in the learner's progress; a streak goes on or ends."""
        if self.progress is not None:
            try:
                self.last_attempt = self.progress.record(self.puzzle, result, hints=self.paid_hints,
                                                         mode="streak" if self.streak else "practice")
            except ProgressError as exc:
                # The answer is still judged; the learner is told the file failed, not left wondering.
                self.progress_problem = str(exc)
        if self.streak:
            if result == "solved":
                self.run += 1
            else:
                self.run_over = True

    def next(self) -> None:
        """On to the next puzzle: near the learner's rating, up the streak, or the next given
        (back to the first after the last)."""
        if self.streak and self.run_over:
            self.run, self.run_over, self.served = 0, False, []
        self.index = self._choose()
        self._reset()

    def _choose(self) -> int:
        """The index of the puzzle to serve now (and note it as served)."""
        due = self._due_mistake()
        if due is not None:
            chosen = due
        elif self.streak:
            chosen = self._streak_puzzle()
        elif self.order == "rating" and not self.progress_problem:
            try:
                chosen = self.progress.next_puzzle(
                    self.puzzles, difficulty=self.difficulty, seed=self.seed, game=self.game,
                    exclude=self.served[-len(self.puzzles) + 1:] if len(self.puzzles) > 1 else ())
            except ProgressError as exc:  # the file broke: serve the next given one
                self.progress_problem = str(exc)
                return self._choose()
        else:
            chosen = self.puzzles[(self.index + 1) % len(self.puzzles)] if self.served else self.puzzles[0]
        self.served.append(chosen.id)
        for i, p in enumerate(self.puzzles):
            if p.id == chosen.id:
                self.puzzles[i] = chosen  # a kept mistake read afresh
                return i
        self.puzzles.append(chosen)
        return len(self.puzzles) - 1

    def _due_mistake(self):
        """The learner's own mistake to serve now, if any: in a ``mistakes`` session the
        soonest due (then the next soonest, so one is never served twice running while
        another waits); in rated practice one that is due. A streak serves none."""
        if self.streak or self.progress is None or self.progress_problem or self.order == "given":
            return None
        try:
            if self.order == "mistakes":
                kept = self.progress.mistakes(self.game)
                if not kept:
                    return self.puzzles[0]  # every one solved twice: the session says so (status)
                fresh = [p for p in kept if not self.served or p.id != self.served[-1]]
                return (fresh or kept)[0]
            due = self.progress.mistakes(self.game, due=True) if self.mistakes_first else ()
        except ProgressError as exc:
            self.progress_problem = str(exc)
            return None
        return due[0] if due else None

    def _streak_puzzle(self) -> Puzzle:
        # The run's n-th puzzle is rated about STREAK_STEP * n above the easiest (or above
        # the learner's rating less 300, once the learner has one): each solve asks more.
        ratings = [p.rating for p in self.puzzles]
        start = min(ratings)
        try:
            if self.progress is not None and not self.progress_problem and self.progress.history(last=1):
                rating = self.progress.rating_in(self.game) if self.game else self.progress.rating
                start = max(start, min(rating.rating - 300, max(ratings)))
        except ProgressError as exc:
            self.progress_problem = str(exc)
        target = start + STREAK_STEP * self.run
        fresh = [p for p in self.puzzles if p.id not in self.served] or self.puzzles
        rng = random.Random(f"{self.seed}:streak:{len(self.served)}")
        pool = sorted(fresh, key=lambda p: p.id)
        rng.shuffle(pool)
        near = sorted(pool, key=lambda p: abs(p.rating - target))[:STREAK_CHOICE]
        return rng.choice(near)


def rating_words(rating) -> str:
    """A learner's rating (a Glicko-2 :class:`~tenpennies.puzzles.glicko.Rating`) as the learner reads
    it: '1530', or '1530 (provisional)' while its deviation is still wide (a new learner's:
    a few more rated puzzles settle it), where :meth:`Progress.rating_text` writes '1530?'."""
    provisional = " (provisional)" if rating.deviation > PROVISIONAL else ""
    return f"{rating.rating:.0f}{provisional}"


HOW_IT_COUNTS = {
    "solved": "solved alone: a win",
    "helped": "solved with {hints}: half a win",
    "missed": "missed (a wrong first answer, or the solution shown first): a loss",
}
"""Why an attempt moved the rating as it did (:data:`tenpennies.puzzles.progress.RESULTS`)."""


def attempt_words(attempt: Attempt) -> str:
    """One decided puzzle and the learner's rating, in words: how the attempt counted and
    how far the rating moved, "no rating change" where it did not move by a whole point
    (solved with hints against a puzzle rated near the learner's: half a win is what the
    rating expected), never a bare "(+0)"; a puzzle seen before is practice, unrated.

    >>> from tenpennies.puzzles.progress import Attempt
    >>> print(attempt_words(Attempt(1, "", "buy-001", "buy", "Ten Pennies", (), 1500, "helped", 2,
    ...                             "practice", True, 1500.0, 1500.2, 290.0, 0.06)))
    this puzzle (rated 1500): solved with 2 hints: half a win; no rating change (yours stays 1500, provisional)
    """
    if attempt.kind == "mistake":
        return "your own mistake: practice (unrated); solve it twice and it retires"
    if not attempt.rated:
        return "this puzzle: seen before, so practice (unrated)"
    counted = HOW_IT_COUNTS[attempt.result].format(hints=plural(attempt.hints, "hint"))
    provisional = ", provisional" if attempt.deviation > PROVISIONAL else ""
    change = round(attempt.rating) - round(attempt.rating_before)
    moved = (f"no rating change (yours stays {attempt.rating:.0f}{provisional})" if change == 0 else
             f"your rating {attempt.rating_before:.0f} → {attempt.rating:.0f} ({change:+d}){provisional}")
    return f"this puzzle (rated {attempt.puzzle_rating}): {counted}; {moved}"


def game_of(puzzle) -> str:
    """The game a puzzle is played in: its rule set's name (one of :data:`GAMES`)."""
    return puzzle.position.rules.name


def for_game(puzzles: Sequence[Puzzle], game: str | None) -> list[Puzzle]:
    """The puzzles of one game (``None``: all of them), in the order given."""
    if game is not None and game not in GAMES:
        raise TenPenniesError(f"game: one of {', '.join(GAMES)}, not {game!r}")
    return [p for p in puzzles if game is None or game_of(p) == game]


def choose(puzzles: Sequence[Puzzle], *, game: str | None = None, themes: Sequence[str] = (),
           ratings: tuple[int, int] | None = None) -> list[Puzzle]:
    """The puzzles a learner picked: of ``game``, with any of ``themes`` (none: every
    theme), rated within ``ratings`` (low, high; both ends included). Several themes
    widen the choice, as lichess's theme picker does."""
    wanted = set(themes)
    low, high = ratings if ratings is not None else (-math.inf, math.inf)
    return [p for p in for_game(puzzles, game)
            if (not wanted or wanted & set(p.themes)) and low <= p.rating <= high]


_CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])|(?<![A-Za-z0-9])JK(?![A-Za-z0-9])")


def _cards_of(answer: str) -> list[Card]:
    """The cards an answer names (a discard, a lay-down's sets, a plan's moves), in order."""
    return [Card(t.replace("10", "T")) for t in _CARD_TOKEN.findall(answer)]


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
