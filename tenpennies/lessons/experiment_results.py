"""One result of a class experiment as stored (:class:`Result`, a row of :data:`COLUMNS`),
and why the kit trusts it.

Every row is made by the kit on the server's side (the deal is dealt there, an answer is
recorded with the offer it answers) and checked again on arrival (:func:`result_problems`:
cards that exist, no more copies than the deck holds, the counts the experiment deals, a
result that follows from its cards, the server's own time); the database
(:class:`tenpennies.lessons.class_database.ClassDatabase`) refuses a row that fails with a
:class:`~tenpennies.engine.errors.ForgedResultError`. Every should-you-buy offer shown is
recorded when shown, as :data:`UNANSWERED` (a miss) until answered, so a student cannot
choose which offers count. A student's name is stored in one normal form
(:func:`student_name`: NFKC, look-alike letters folded to Latin, case folded, control
characters refused), so "Ana", "ANA" and "Аna" with a Cyrillic А are one student.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from ..engine.cards import parse_cards
from ..engine.errors import TenPenniesError
from .ready_experiments import (EXPERIMENTS, _OUTS_HAND, ExperimentError, _deck_copies, _holds, kit_judgment,
                                offers)

__all__ = ["COLUMNS", "LOOK_ALIKES", "NAME_CHARS", "UNANSWERED", "Result", "result_problems", "student_name"]


COLUMNS = ("id", "experiment", "student", "at", "hit", "answer", "expected", "cards")
"""One result per row: arrival number, experiment, student's name (:func:`student_name`),
the server's UTC time (ISO), hit (1 or 0: the event happened, or the answer agreed with
the kit), the student's answer (:data:`UNANSWERED` until given) and the expected one
(should-you-buy), and the cards, in notation."""

UNANSWERED = "unanswered"
"""The answer of a should-you-buy offer shown and not (yet) answered: recorded when the
offer is shown, and counted as not agreeing with the kit, so every offer shown counts."""


@dataclass(frozen=True)
class Result:
    """One student's result, as stored (see :data:`COLUMNS`)."""

    experiment: str
    student: str
    hit: bool
    cards: str
    answer: str = ""
    expected: str = ""
    at: str = ""
    id: int | None = None


LOOK_ALIKES = str.maketrans({
    # Cyrillic letters drawn like Latin ones (after case folding: А, В, Е, К, М, Н, О, Р,
    # С, Т, Х and their small forms), and a few of Ukrainian, Serbian and Komi.
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i", "ј": "j", "һ": "h",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y",
    # Greek letters drawn like Latin ones (Α, Β, Ε, Ζ, Η, Ι, Κ, Μ, Ν, Ο, Ρ, Τ, Υ, Χ folded).
    "α": "a", "β": "b", "ε": "e", "ζ": "z", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "n",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "y", "χ": "x", "ϲ": "c", "ϳ": "j",
    # Latin letters that pass for others: dotless i, long s, Armenian o and h.
    "ı": "i", "ſ": "s", "օ": "o", "հ": "h",
})
"""Letters of other scripts that look like Latin ones, folded to them by :func:`student_name`
(an explicit small table, not the whole Unicode confusables list: enough that a name cannot
be copied with a look-alike of a Latin letter from the scripts a keyboard offers)."""

NAME_CHARS = 40
"""The longest student name, in characters (after normalising)."""


def student_name(name: object) -> str:
    """A student's name in its one normal form, as results are recorded under it.

    NFKC (full-width and styled letters to plain ones), case folded, look-alike letters
    of other scripts folded to Latin (:data:`LOOK_ALIKES`), runs of spaces made one; a
    name with a control or invisible formatting character (a zero-width space, a
    right-to-left override) is refused, as is an empty or a long one. So "Ana", " ANA "
    and "Аna" (a Cyrillic А) are one student:

    >>> student_name("Ana"), student_name(" ANA "), student_name("\u0410na"), student_name("Ａｎａ")
    ('ana', 'ana', 'ana', 'ana')
    """
    if not isinstance(name, str) or not name.strip():
        raise ExperimentError(f"student: choose a name to record results under, not {name!r}")
    bad = sorted({f"U+{ord(c):04X}" for c in name if unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn")
                  and c not in " \t"})
    if bad:
        raise ExperimentError(f"student: a name without control or invisible characters ({', '.join(bad)})")
    folded = unicodedata.normalize("NFKC", name).casefold().translate(LOOK_ALIKES)
    folded = " ".join(unicodedata.normalize("NFKC", folded).split())
    if len(folded) > NAME_CHARS:
        raise ExperimentError(f"student: a name of at most {NAME_CHARS} characters, not {len(folded)}")
    return folded


def result_problems(result: object, *, stamped: bool = True) -> list[str]:
    """Why ``result`` could not have been made by the kit ([] when it could).

    The experiment is a ready one; the student's name is in its normal form
    (:func:`student_name`); the cards exist, no card has more copies than the deck
    holds, and they are what the experiment deals (11 cards; the set hand and one unseen
    card drawn; one of the seeded offers); the hit follows from the cards (and the answer,
    for an offer, whose expected answer is the kit's judgment); with ``stamped`` the time
    is left to the server (a row brought with its own time, a backdated one, is refused).
    """
    if not isinstance(result, Result):
        return [f"a result is a Result, not {type(result).__name__}"]
    r, problems = result, []
    if r.experiment not in EXPERIMENTS:
        return [f"no experiment called {r.experiment!r}"]
    if r.id is not None:
        problems.append("its arrival number is the database's to give")
    if stamped and r.at:
        problems.append(f"its time is the server's, not {r.at!r}")
    try:
        if student_name(r.student) != r.student:
            problems.append(f"the name {r.student!r} is not in its normal form ({student_name(r.student)!r})")
    except ExperimentError as exc:
        problems.append(str(exc))
    if not isinstance(r.hit, bool):
        problems.append(f"hit is True or False, not {r.hit!r}")
    try:
        groups = [tuple(parse_cards(part)) for part in str(r.cards).split("|")]
    except TenPenniesError as exc:
        return problems + [f"cards that do not exist: {exc}"]
    copies = _deck_copies()
    held = {}
    for card in (c for g in groups for c in g):
        held[card] = held.get(card, 0) + 1
    over = [f"{n} copies of {c}" for c, n in held.items() if n > copies[c]]
    if over:
        return problems + ["more copies than the deck holds: " + ", ".join(over)]
    sizes = tuple(len(g) for g in groups)
    if r.experiment == "should-you-buy":
        offer = next((o for o in offers() if (o.hand, (o.discard,)) == tuple(groups)), None)
        if offer is None:
            return problems + ["cards that are none of the experiment's offers"]
        if r.expected != kit_judgment(offer):
            problems.append(f"the kit's judgment of offer {offer.number} is {kit_judgment(offer)}, "
                            f"not {r.expected!r}")
        if r.answer not in ("buy", "pass", UNANSWERED):
            problems.append(f"an answer is buy, pass or {UNANSWERED}, not {r.answer!r}")
        elif r.hit != (r.answer == kit_judgment(offer)):
            problems.append(f"hit {r.hit} does not follow from the answer {r.answer!r}")
        return problems
    if r.answer or r.expected:
        problems.append(f"{r.experiment} asks no answer")
    if r.experiment == "dealt-round-1":
        if sizes != (11,):
            return problems + [f"a deal is 11 cards, not {'+'.join(map(str, sizes))}"]
        hit = _holds(groups[0], 1)
    else:
        if sizes != (11, 1) or groups[0] != tuple(parse_cards(_OUTS_HAND)):
            return problems + [f"the hand is {_OUTS_HAND} and one card drawn, not {r.cards!r}"]
        hit = _holds(groups[0] + groups[1], 1)
    if r.hit != hit:
        problems.append(f"hit {r.hit} does not follow from the cards (they say {hit})")
    return problems
