"""A student's desk: what one student's panel of a class experiment on the classroom app
does, without a browser (:class:`StudentDesk`), so the panel
(:class:`tenpennies.widgets.experiment.ExperimentPanel`) only draws it and a test drives
it from Python.
"""

from __future__ import annotations

import random

from .experiments import ClassExperiment
from .ready_experiments import ExperimentError, Trial

__all__ = ["StudentDesk"]


class StudentDesk:
    """What one student's panel on the classroom app does, without a browser.

    The student types a name (:attr:`student`), then :meth:`trial` does one trial of the
    class's experiment: a fresh deal from :mod:`secrets`, recorded at once; for
    should-you-buy it shows an offer, and :meth:`answer` records the buy or pass. The
    panel shows :attr:`shown` (the cards), :attr:`words` (the result) and
    :meth:`pooled_words` (the class's count so far). Nothing it holds for the page names
    a seed or a card the student was not shown; the kit's judgment of an offer is said
    only after the answer.

        >>> import tempfile, os, random
        >>> from tenpennies.lessons.experiments import start
        >>> desk = StudentDesk(start("dealt-round-1", os.path.join(tempfile.mkdtemp(), "c.db")))
        >>> desk.student = "Ana"
        >>> desk.trial(rng=random.Random(3)).words
        'dealt: no contract yet (round 1 asks two sets of 3)'
        >>> desk.pooled_words()
        'the class so far: 1 result, 0 hits (0.000)'
    """

    def __init__(self, run: ClassExperiment) -> None:
        self.run = run
        self.student = ""
        self.shown: Trial | None = None
        self.words = run.experiment.question
        self.waiting = False
        """True while an offer is shown and not yet answered."""

    @property
    def asks_answer(self) -> bool:
        """True when a trial shows an offer that waits for buy or pass (should-you-buy)."""
        return self.run.experiment.asks_answer

    def trial(self, rng: random.Random | None = None) -> StudentDesk:
        """One trial for :attr:`student` (a name is required): a deal recorded, or an offer shown
        (recorded as unanswered; while it waits, no other offer is shown)."""
        if self.waiting:
            raise ExperimentError("answer the offer shown first: buy or pass")
        self.shown = self.run.deal(student=self.student, rng=rng)
        self.words = self.shown.words
        self.waiting = self.asks_answer
        return self

    def answer(self, word: str) -> StudentDesk:
        """Record ``"buy"`` or ``"pass"`` for the offer shown; the words then give the kit's judgment."""
        if not self.waiting:
            raise ExperimentError(f"answer {word!r}: no offer is waiting; press the trial button first")
        expected = self.run.answer(self.shown, word, student=self.student)
        self.waiting = False
        said = str(word).strip().lower()
        agree = "you agree with the kit" if said == expected else "the kit says " + expected
        self.words = f"offer answered: {said}; {agree}"
        return self

    def pooled_words(self) -> str:
        """The class's pooled count so far, in words."""
        results = self.run.results()
        n, hits = len(results), sum(r.hit for r in results)
        what = "agreeing with the kit" if self.asks_answer else "hits"
        return (f"the class so far: {n} result{'' if n == 1 else 's'}, {hits} {what} "
                f"({hits / n if n else 0:.3f})")
