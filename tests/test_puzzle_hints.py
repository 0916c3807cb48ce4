"""Hints teach without telling (issue 24, item 3).

A puzzle's hints accumulate: each adds to the ones before it. None of them, alone or all
together, may give the answer away before "Show solution":

* state the answer, or any accepted answer, as text;
* give a number equal to a numeric answer (the round's own words, the same for every
  hand of the round, and the game's card points are rules, not hints about this hand);
* name every card of the answer (for a one-card answer: name the card);
* leave only one answer possible: say the hand cannot do it, that a way is the only
  one, begin the plan, count its moves, or state the buy's gain. For the yes/no kinds
  (lay-down, go-out) the hints must read the same whatever the answer is.

:func:`giveaways` says what in a puzzle's hints tells; it is checked on every shipped
puzzle's position with the hints :func:`tenpennies.puzzles.wording.words_for` writes,
on positions from seeded matches of both games (so the test bites when the shipped set
changes), and on the hints stored in the shipped files (those written before wording.py
are expected to fail, and say so, until the files are regenerated).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from every_puzzle import Stale, groups, shipped
from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES
from tenpennies.bots import bot_seed, make_bot
from tenpennies.engine.cards import Card, parse_cards
from tenpennies.play.match import Match, Phase
from tenpennies.play.seat_position import SeatPosition
from tenpennies.puzzles import load
from tenpennies.puzzles.going_out_kinds import points_words
from tenpennies.puzzles.kinds import KINDS
from tenpennies.puzzles.wording import round_words, words_for
from tenpennies.solver import can_lay_down, cards_needed

CARD = re.compile(r"(?<![A-Za-z0-9])(?:(?:10|[2-9TJQKA])[SHDC]|JK)(?![A-Za-z0-9])")  # a ten in a sentence reads 10S
NUMBER = re.compile(r"(?<![\d.])\d+(?![\d/])")

TELLING = [re.compile(p, re.I) for p in (
    r"cannot do it", r"can(?:not|'t) (?:lay down|go out)", r"\bthe only way\b", r"\bways in all\b",
    r"\bbegin with\b", r"\bthe plan has\b", r"\byou can go out\b", r"\bthe contract uses\b",
    r"\bthe contract is there\b", r"\bof the ways use\b", r"\bbuying (?:gains|is worth)\b",
    r"\bso (?:buy|pass)\b", r"\bmoves? in all\b")]
"""Sentences that leave only one answer possible, whatever the hand."""

CARD_ANSWERS = {"lay-down", "missing", "discard", "go-out", "additions"}


def cards_in(text: str) -> set:
    return set(parse_cards(CARD.findall(text))) if CARD.search(text) else set()


def _telling_lines(kind: str, s) -> list[str]:
    """The solution's sentences that state or decide the answer (the explanation's)."""
    lines = list(s.reasoning)
    keep_from = {"buy": 2, "cost": 1, "lay-down": 1, "additions": 1, "missing": 1, "count": 1}.get(kind, 0)
    return [x.strip() for x in lines[keep_from:] if len(x.strip()) > 15]


def giveaways(kind: str, p: SeatPosition, params: dict, s, hints) -> list[str]:
    """What in ``hints`` gives away the answer of solution ``s``; [] when nothing does."""
    found = []
    hints = list(hints)
    for i, h in enumerate(hints):
        if not h.strip():
            found.append(f"hint {i + 1} is empty")
        for j in range(i):
            if h.strip() in hints[j] or hints[j].strip() in h:
                found.append(f"hint {i + 1} repeats hint {j + 1} instead of adding to it")
    answers = [s.answer, *s.accepted]
    rules_text = [round_words(p), points_words(p.rules)]
    for n, text in [*((f"hint {i + 1}", h) for i, h in enumerate(hints)), ("the hints together", " ".join(hints))]:
        low = text.lower()
        for a in answers:
            # (a buy answer is a word any buy hint uses: its giveaways are the gain and the verdict)
            if len(a) >= 3 and a not in ("yes", "none") and a.lower() in low and kind not in ("count", "cost", "buy"):
                found.append(f"{n} states the answer {a!r}")
        if kind in ("count", "cost"):
            bare = text
            for rule in rules_text:
                bare = bare.replace(rule, "")
            if s.answer in NUMBER.findall(bare):
                found.append(f"{n} gives the number {s.answer}, the answer")
        if kind in CARD_ANSWERS:
            named = cards_in(text)
            for a in answers:
                if a in ("no", "none"):
                    continue
                wanted = cards_in(a.replace("yes:", "").replace("lay ", " ").replace("add ", " "))
                if wanted and wanted <= named:
                    found.append(f"{n} names every card of the answer {a!r}")
        if s.answer in ("none", "") and NUMBER.search(text) and re.search(r"\b0 ", text):
            found.append(f"{n} counts none, the answer")
        for pattern in TELLING:
            if pattern.search(text):
                found.append(f"{n} says {pattern.search(text).group(0)!r}")
        for line in _telling_lines(kind, s):
            if line in text:
                found.append(f"{n} gives the explanation's {line!r}")
        if kind == "buy":
            gain = s.facts["gain"]
            if f"{gain.low:.1f}, {gain.high:.1f}" in text or f"{gain.mean:.1f} [" in text:
                found.append(f"{n} states the gain")
    if kind in ("lay-down", "go-out"):  # the hints must not tell yes from no
        flipped = _flipped(kind, s)
        if list(words_for(kind, p, params, flipped)["hints"]) != hints:
            found.append("the hints change with the answer, so they tell it")
    return found


def _flipped(kind, s):
    """The solution with the other answer of a yes/no kind (for the hints, which must not care)."""
    facts = dict(s.facts, wilds=s.facts.get("wilds", 0), cards_needed=s.facts.get("cards_needed", 1),
                 stuck=s.facts.get("stuck", ()), plan=None)
    if s.answer != "no":
        return replace(s, answer="no", accepted=(), facts=facts)
    return replace(s, answer="yes: JK JK JK" if kind == "lay-down" else "discard JK", facts=facts)


def _solved(kind, p, params):
    return KINDS[kind].solve(p, params)


# -- the checker itself bites on the hints issue 24 found -----------------------------------------
LAY_NO = SeatPosition.parse("r2 s0 a0 h:8S8H8SJKJK4C5D6H3SKD9C t:- d:QC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60")
COUNT = SeatPosition.parse("r1 s0 a0 h:7S7H7D7C9S9H9DJK4C5D6H t:- d:KC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60")


def test_the_checker_catches_the_old_giveaways():
    s = _solved("lay-down", LAY_NO, {})
    assert s.answer == "no"
    old = [round_words(LAY_NO), "Count the naturals.", s.reasoning[1]]  # "This hand cannot do it. ..."
    assert any("cannot do it" in g or "explanation" in g for g in giveaways("lay-down", LAY_NO, {}, s, old))
    c = _solved("count", COUNT, {})
    n = c.facts["count"]
    assert giveaways("count", COUNT, {}, c, [round_words(COUNT), f"{n} of the ways use sets of exactly 3."])
    plan = "lay 7S 7H 7D / 9S 9H 9D; discard 4C"
    fake = replace(c, kind="go-out", answer=plan)
    assert giveaways("go-out", COUNT, {}, fake, ["Begin with: lay 7S 7H 7D / 9S 9H 9D.", "The plan has 2 moves."])
    assert giveaways("cost", COUNT, {}, replace(c, answer="85"), ["In all 85."])
    assert giveaways("discard", COUNT, {}, replace(c, answer="4C", accepted=()), ["Think about 4C."])
    assert giveaways("additions", COUNT, {}, replace(c, answer="none"), ["There are 0 card-and-set pairs."])


def test_the_checker_asks_each_hint_to_add_to_the_last():
    c = _solved("count", COUNT, {})
    assert any("repeats" in g for g in giveaways("count", COUNT, {}, c, ["Look at sevens.", "Look at sevens."]))


def test_the_plan_never_says_1_moves():
    p = SeatPosition.parse("r1 s0 a0 h:7S7H7D9S9H9D4C t:- d:KC k:10/10/10/10 p:0/0/0/0 n:7/11/11/11 st:60")
    s = _solved("go-out", p, {})
    words = words_for("go-out", p, {}, s)
    text = " ".join([*words["hints"], *(f for _, f in words["wrong"])])
    assert "1 moves" not in text and not re.search(r"\b1 [a-z]+s\b", text)


# -- the shipped puzzles ---------------------------------------------------------------------------
SHIPPED = shipped()
GROUPS = groups(SHIPPED)
"""The shipped puzzles by kind and game (tests/every_puzzle.py): one test each, naming each failure."""


@pytest.mark.parametrize("group", GROUPS)
def test_hints_written_for_each_shipped_position_give_nothing_away(group, every_puzzle):
    every_puzzle(GROUPS[group], hints_written_give_nothing_away)


def hints_written_give_nothing_away(puzzle):
    s = _solved(puzzle.kind, puzzle.position, puzzle.params)
    assert s.answer == puzzle.answer or puzzle.answer in s.accepted or s.answer in puzzle.accepted
    words = words_for(puzzle.kind, puzzle.position, puzzle.params, s)
    assert giveaways(puzzle.kind, puzzle.position, puzzle.params, s, words["hints"]) == []


@pytest.mark.parametrize("group", GROUPS)
def test_hints_stored_in_each_shipped_puzzle_give_nothing_away(group, every_puzzle):
    every_puzzle(GROUPS[group], hints_stored_give_nothing_away)


def hints_stored_give_nothing_away(puzzle):
    solved = _solved(puzzle.kind, puzzle.position, puzzle.params)
    s = replace(solved, answer=puzzle.answer, accepted=tuple(puzzle.accepted))
    found = giveaways(puzzle.kind, puzzle.position, puzzle.params, s, puzzle.hints)
    if found and tuple(puzzle.hints) != words_for(puzzle.kind, puzzle.position, puzzle.params, solved)["hints"]:
        # Hints written before wording.py (issue 24): regenerating the files rewrites them.
        raise Stale(f"stale hints, written before wording.py: {found[0]}")
    assert found == []


# -- positions from seeded matches of both games ----------------------------------------------------
def _seeded(rules, seed, every=3):
    """(kind, position, params) for each kind a decision of a seeded match fits."""
    bots = [make_bot(name, bot_seed(seed, s)) for s, name in enumerate(("strong", "thumb", "strong", "thumb"))]
    match = Match(seed, rules=rules)
    out, decision = [], 0
    while not match.is_over:
        view = match.view(match.to_act)
        action = bots[match.to_act].act(view)
        decision += 1
        # Every decision where the contract is held (a bot lays it down at once), else a sample.
        held = not view.opened[view.seat] and can_lay_down(view.hand, view.round_no, rules)
        if decision % every == 0 or held:
            p = SeatPosition.of(view)
            me, r = p.seat, p.round_no
            if view.phase is Phase.OFFER:
                if not p.opened[me] and KINDS["buy"].offer_problem(p) is None and (p.tokens is None or p.tokens[me]):
                    out.append(("buy", p, {}))
            elif not p.opened[me]:
                out.append(("lay-down", p, {}))
                if can_lay_down(p.hand, r, rules):
                    out.append(("count", p, {}))
                elif cards_needed(p.hand, r, rules) == 1:
                    out.append(("missing", p, {}))
                    if view.phase is not Phase.MELD:
                        out.append(("discard", p, {"draws": 1}))
            if len(p.hand) <= 8 and (p.opened[me] or can_lay_down(p.hand, r, rules)):
                out.append(("go-out", p, {}))
            if p.opened[me] and p.table:
                out.append(("additions", p, {}))
            if len(p.hand) >= 2:
                out.append(("cost", p, {}))
        match.apply(action)
    return out


SEEDED = [(kind, p, params) for rules, seed in ((TEN_PENNIES, 5), (TEN_CARD_RUMMY.with_players(4), 6))
          for kind, p, params in _seeded(rules, seed)]
PICKED = [x for kind in KINDS for runs in (False, True)
          for x in [y for y in SEEDED if y[0] == kind and y[1].rules.has_runs == runs][:10]]


def test_the_seeded_positions_cover_every_kind_in_both_games():
    games = {(kind, p.rules.has_runs) for kind, p, _ in PICKED}
    assert {(k, g) for k in KINDS for g in (False, True)} <= games


NAMED = [(f"{k}-{'tcr' if p.rules.has_runs else 'tp'}-{n}", k, p, params) for n, (k, p, params) in enumerate(PICKED)]
SEEDED_GROUPS = groups(NAMED, kind=lambda x: x[1], game=lambda x: "tcr" if x[2].rules.has_runs else "tp")


@pytest.mark.parametrize("group", SEEDED_GROUPS)
def test_hints_for_seeded_positions_give_nothing_away(group, every_puzzle):
    every_puzzle(SEEDED_GROUPS[group], lambda x: seeded_hints_give_nothing_away(*x[1:]), name=lambda x: x[0])


def seeded_hints_give_nothing_away(kind, p, params):
    s = _solved(kind, p, params)
    words = words_for(kind, p, params, s)
    assert isinstance(words["hints"], tuple) and len(words["hints"]) >= 2
    assert giveaways(kind, p, params, s, words["hints"]) == []


# -- the free first hint reads the position (issue 34, item 2) -----------------------------
def _sessions(kind, n=12):
    from tenpennies.puzzles.session import PuzzleSession

    return [PuzzleSession([p]) for p in load(kind=kind)[:n]]


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_first_hint_reads_this_position_and_gives_nothing_away(kind):
    """The first hint is computed from the puzzle's position by the engine: never the
    round's boilerplate, not the same sentence for every puzzle of the kind, and, with
    the hints after it, still telling no answer."""
    sessions = _sessions(kind)
    firsts = [s.hints()[0] for s in sessions]
    for s, first in zip(sessions, firsts):
        p = s.puzzle
        assert first != round_words(p.position) and first != points_words(p.position.rules)
        # With the hints wording.py writes (some stored ones predate it: see the module).
        written = words_for(kind, p.position, p.params, s.solution())["hints"]
        shown = (first, *(h for h in written if h != first))  # as the session gives them
        if kind in ("lay-down", "go-out"):
            # A yes/no kind's first hint reads the same whichever the answer is; giveaways
            # checks that of the written hints, in their own order.
            from tenpennies.puzzles.wording import position_hint

            assert position_hint(p, _flipped(kind, s.solution())) == first, p.id
            assert not any(pattern.search(first) for pattern in TELLING), first
            continue
        assert giveaways(kind, p.position, p.params, s.solution(), shown) == [], (p.id, shown)
    assert len(set(firsts)) >= 3, firsts  # about this hand, not one sentence for the kind


def test_the_first_hint_is_free_and_later_ones_say_they_cost_before_they_show(tmp_path):
    from tenpennies.puzzles.progress import Progress
    from tenpennies.puzzles.session import PuzzleSession

    puzzles = [p for p in load(kind="discard") if len(p.hints) >= 2][:2]
    s = PuzzleSession(puzzles, progress=Progress(tmp_path / "p.db"), order="given")
    assert "free" in s.hint_price()
    s.hint()
    assert "costs" in s.hint_price() and "half" in s.hint_price()  # said before the second shows
    s.type(s.puzzle.answer)
    s.check()
    assert s.last_attempt.result == "solved" and s.score == (1, 1)  # a full win after the free hint
    s.next()
    s.hint()
    s.hint()
    s.type(s.puzzle.answer)
    s.check()
    assert s.last_attempt.result == "helped" and s.last_attempt.hints == 1


def test_a_buys_margin_is_said_in_points_not_as_a_percentage():
    from tenpennies.puzzles.session import PuzzleSession

    s = PuzzleSession([p for p in load(kind="buy") if p.margin and p.margin > 1][:1])
    text = s.show_solution()
    assert "%" not in text.splitlines()[1] and "points" in text.splitlines()[1]
    discard = PuzzleSession(load(kind="discard")[:1])
    assert "percentage points of chance" in discard.show_solution()


def test_picked_cards_and_then_the_solutions_are_raised_on_the_table():
    from tenpennies.puzzles.session import PuzzleSession

    s = PuzzleSession(load(kind="discard")[:1])
    answer = Card(s.puzzle.answer)
    other = next(c for c in s.puzzle.position.hand if c != answer)
    assert s.marked() == ((), "")
    s.toggle(other)
    assert s.marked() == ((other,), "your picked cards raised") and "your picked cards raised" in s.picture()
    s.check()
    assert s.marked() == ((answer,), "the solution's cards raised") and "solution's cards raised" in s.picture()
