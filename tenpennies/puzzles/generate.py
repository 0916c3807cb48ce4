"""The puzzle generator: mine positions from seeded bot matches, keep the good ones, write TOML.

    python -m tenpennies.puzzles.generate [--out puzzles] [--matches 12] [--seed 0] [--per-tier 5]

What it does, in order (everything seeded, so a rerun writes the same files):

1. Plays ``--matches`` seeded matches between the bots and, at each decision, takes the
   deciding seat's view as a candidate position for the kinds it fits (an offer is a
   ``buy`` candidate, a hand after its draw a ``lay-down``, ``discard``, ``go-out`` ...
   candidate), noting what the bot chose there. A few themed positions are built too
   (:data:`THEMED`), for ideas the bots seldom meet.
2. Solves each candidate with the engine and keeps it only when the answer is clear:
   unique up to equal cards, and, for kinds that rank choices, ahead of the next best
   by at least :data:`MARGINS`.
3. Removes what does not matter (in mined positions; built ones are kept as written): table sets, cards below the top discard, and (for
   kinds about the hand alone) cards in hand, one at a time, re-solving after each
   removal and keeping it only if the answer and a clear margin stay.
4. Tags themes by predicates (:func:`themes_of`) and sets the tier from features of the
   position and from whether the bot got it wrong (:func:`tier_of`).
5. Picks up to ``--per-tier`` puzzles of each kind and tier, and writes one TOML file per
   kind with the question, answer, hints, wrong answers and an explanation built from
   the engine's reasoning.

The written files are reviewed before they are committed; the test suite re-derives
every committed answer (``tenpennies.puzzles.rederive``).

(One concept in one file, over 600 lines: mining puzzles, whose steps, numbered in the
source as above, hand each other their candidates; split, each would be a fragment.)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Any, Iterator

from ..actions import Buy, Discard, LayDown
from ..bots import bot_seed, make_bot
from ..cards import Card, format_cards, parse_cards, sort_key
from ..match import Match, Phase
from ..position import SeatPosition
from ..solver import can_lay_down, cards_needed
from . import FOLDER, THEMES, PuzzleError
from . import wording
from .kinds import KINDS, Solution

BOTS = ("strong", "thumb", "strong", "thumb")
"""The seats of every mined match: two strong bots and two rule-of-thumb bots."""

JUDGES = ("thumb", "strong")
"""The bots asked what they would do at a mined decision: each that errs raises the tier."""

MARGINS = {"buy": Fraction(1, 50), "discard": Fraction(1, 100)}
"""The least margin a ranked answer must have over the next best to be a puzzle."""

THEMED = (
    # (kind, notation, params, what it shows)
    ("lay-down", "r1 s0 a0 h:7S7HJKJK9S9HQD4C5D6H3S t:- d:KC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60",
     {}, "two jokers and two pairs: one joker per set"),
    ("lay-down", "r2 s0 a0 h:8S8H8SJKJK4C5D6H3SKD9C t:- d:QC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60",
     {}, "two eights of spades cannot share a set"),
    ("lay-down", "r5 s0 a0 h:ASAH2C9S9H9DJK4C4D6H3S t:- d:KC k:9/10/10/10 p:0/40/10/5 n:11/11/11/11 st:60",
     {}, "aces and twos are wild in round 5"),
    ("lay-down", "r7 s0 a0 h:QSQHQDQCJK2H2S5C7D8H3S t:- d:KC k:6/10/7/10 p:90/40/110/75 n:11/11/11/11 st:60",
     {}, "seven cards with three wilds"),
    ("additions", "r4 s0 a0 h:9CJK2SKD t:0=5S5H5D5CJK,1=9S9H9DJKJK d:KC k:8/10/7/10 p:30/40/10/75 n:4/9/11/7 st:40",
     {}, "a set at its wild limit takes no more wilds"),
    ("additions", "r1 s0 a0 h:7S7CJK4D t:0=7S7H7D,2=KSKHJK d:KC k:8/10/7/10 p:0/0/0/0 n:4/9/11/7 st:40",
     {}, "a suit already in a set"),
    ("buy", "r6 s0 a0 h:KSKHKD9C9D4C5D6H3S7C8H t:- d:3C5HKC@3 k:2/10/7/10 p:120/40/110/75 n:11/11/11/11 st:40",
     {}, "buying with few tokens late in the match"),
    ("buy", "r3 s0 a0 h:7S7H7D9S9H9DJK4C5C6DQH t:- d:3H7C@3 k:1/6/5/4 p:40/25/60/30 n:11/11/11/11 st:50",
     {}, "the last token, spent where it completes the contract"),
    ("buy", "r2 s0 a0 h:KSKH4C5C6D8H9STDJC3S2D t:- d:3HKD@3 k:1/6/5/4 p:40/25/60/30 n:11/11/11/11 st:50",
     {}, "the last token, kept: a third king is not yet a set of 4"),
    ("cost", "r5 s0 a0 h:AS2HJK9C t:1=KSKHKDKCJKJK d:KC k:6/10/7/10 p:90/40/110/75 n:4/2/11/7 st:40",
     {}, "aces and twos cost 20 even when wild"),
)


TCR_TAIL = " t:- d:KC@5 k:- p:0/0/0/0/0/0 n:10/10/10/10/10/10 st:47 g:ten-card-rummy"
TCR_THEMED = (
    # Ten Card Rummy at a table of six (C1): built, as the bots' matches are Ten Pennies'.
    ("lay-down", "r2 s0 a0 h:4S5S6S7S8SKDQC9H2D3C" + TCR_TAIL, {}, "a run of five is one meld, not two (C5)"),
    ("lay-down", "r2 s0 a0 h:4S5S6S7S8S9SKDQC2D3C" + TCR_TAIL, {}, "a run of six split into two runs of three"),
    ("lay-down", "r3 s0 a0 h:QHKHAH2H5C7D9SJC4D8C" + TCR_TAIL, {}, "over the top: Q K A 2 of hearts (C3)"),
    ("lay-down", "r1 s0 a0 h:7SJKJK2D4C9HQDKSTC5H" + TCR_TAIL, {}, "two jokers and one natural make no meld (C4)"),
    ("lay-down", "r4 s0 a0 h:9S9S9H9D5C6C7CJKKD2H" + TCR_TAIL, {}, "a set repeating a suit and a run with a joker"),
)
"""Built Ten Card Rummy puzzles, written to ``tcr-KIND.toml`` with numbers from 101."""

TCR_FIRST = 101


# -- 1. mining -------------------------------------------------------------------------
def mine(matches: int, seed: int) -> Iterator[tuple[str, SeatPosition, dict[str, Any], Any, str]]:
    """Candidate ``(kind, position, params, the judging bots' choices, source)`` from seeded bot matches."""
    for m in range(matches):
        match_seed = seed * 1000 + m
        bots = [make_bot(name, bot_seed(match_seed, s)) for s, name in enumerate(BOTS)]
        match = Match(match_seed)
        decision = 0
        while not match.is_over:
            seat = match.to_act
            view = match.view(seat)
            action = bots[seat].act(view)
            decision += 1
            source = (f"bot match: seed {match_seed}, bots {' '.join(BOTS)}, round {view.round_no}, "
                      f"decision {decision}, seat {seat} ({BOTS[seat]})")
            # Sample sparsely: neighbouring decisions show nearly the same position.
            if decision % 3 == 0:
                yield from _candidates(view, source)
            match.apply(action)


def _choices(view) -> tuple:
    """What each of :data:`JUDGES` would do here (fresh bots, seeded by the position)."""
    return tuple(make_bot(name, bot_seed(0, view.seat)).act(view) for name in JUDGES)


def _candidates(view, source):
    p = SeatPosition.of(view)
    me, r = p.seat, p.round_no
    opened = p.opened[me]
    hand = p.hand
    if view.phase is Phase.OFFER:
        if not opened and p.tokens[me] > 0 and p.top_discard is not None:
            yield "buy", p, {}, tuple(isinstance(a, Buy) for a in _choices(view)), source
        return
    if not opened:
        choices = _choices(view)
        yield "lay-down", p, {}, tuple(isinstance(a, LayDown) for a in choices), source
        if can_lay_down(hand, r):
            yield "count", p, {}, None, source
        else:
            if cards_needed(hand, r) == 1:
                yield "missing", p, {}, None, source
            need = cards_needed(hand, r)
            if need is not None and need <= 2 and all(isinstance(a, Discard) for a in choices):
                yield "discard", p, {"draws": need}, tuple(a.card for a in choices), source
    if opened or can_lay_down(hand, r):
        if len(hand) <= 9:
            yield "go-out", p, {}, None, source
    if opened and p.table and len(hand) <= 8:
        yield "additions", p, {}, None, source
    if len(hand) <= 9:
        yield "cost", p, {}, None, source


# -- 2. keeping clear answers ------------------------------------------------------------
def clear(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution,
          before_simplify: bool = False) -> bool:
    """Is this a puzzle worth giving: a unique answer (up to equal cards), a clear margin?

    ``before_simplify`` lets a discard with several unrelated best cards through, since
    :func:`simplify` takes the extra ones out of the hand."""
    r = p.round_no
    if kind in MARGINS and (s.margin is None or s.margin < MARGINS[kind]):
        return False
    if kind == "discard":
        best = s.facts["best"]
        # Equal cards: several best discards are fine when they are all of one rank
        # (a learner sees them as one choice), never a mix.
        if s.facts["chances"][best[0]] == 0:
            return False
        if not before_simplify and (len({equal_key(c, p) for c in best}) != 1 or len(best) > 2):
            return False
    if kind == "buy":
        return s.options[0][1] > 0 and s.answer != "close"  # a close call makes no puzzle
    if kind == "count":
        return 2 <= s.facts["count"] <= 40
    if kind == "missing":
        return s.facts["cards_needed"] == 1 and 1 <= len(s.facts["outs"]) <= 8
    if kind == "additions":
        return 0 < len(s.facts["pairs"]) <= 8 and len(p.table) <= 6
    if kind == "go-out" and len(p.hand) < (4 if s.answer == "no" else 3):
        return False  # one or two cards in hand leave nothing to think about
    if kind == "go-out" and s.answer == "no":
        # A "no" worth asking: the contract is there (or down), and at most two cards are stuck.
        return (p.opened[p.seat] or can_lay_down(p.hand, r)) and len(s.facts["stuck"]) <= 2
    if kind == "lay-down" and s.answer == "no":
        # A "no" is a puzzle only when it is close: one card short, or a wild too many.
        return s.facts["cards_needed"] == 1
    return True


def signature(kind: str, p: SeatPosition, s: Solution) -> Any:
    """What must not change when cards are removed: the answer, told apart from set numbers
    (which shift when a set is removed); the accepted answers; the margin's sign of life."""
    if kind == "additions":
        return sorted((str(c), tuple(map(str, p.table[n].cards))) for c, n in s.facts["pairs"])
    if kind == "go-out":
        return s.answer == "no"
    return s.answer, s.accepted


def equal_key(card: Card, p: SeatPosition) -> Any:
    """Discards a learner sees as one choice share a key: cards of one rank, or lone
    naturals (no other card of their rank in hand, so no set of yours can use them)."""
    if p.rules.is_wild(card, p.round_no):
        return "wild"
    same_rank = sum(1 for c in p.hand if c.rank == card.rank and not p.rules.is_wild(c, p.round_no))
    return "lone" if same_rank == 1 else card.rank


def simplify(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> tuple[SeatPosition, Solution]:
    """Remove table sets, buried discards and (for kinds about the hand) cards in hand that
    do not change the answer, re-solving after each removal."""
    solve = KINDS[kind].solve

    def same(q: SeatPosition) -> Solution | None:
        if q.opened[q.seat] != p.opened[p.seat]:
            return None  # laid down or not is part of the question
        t = solve(q, params)
        keep = (signature(kind, q, t) == signature(kind, p, s) and clear(kind, q, params, t)
                and (kind not in MARGINS or t.margin >= MARGINS[kind]))
        return t if keep else None

    if kind == "discard":
        # Several unrelated best discards are one question with many answers: drop all
        # but one of them from the hand (the hand is yours to read, not the pile).
        floor = max(p.contract.cards_needed + 1, len(p.hand) - 5)
        while ((len({equal_key(c, p) for c in s.facts["best"]}) > 1 or len(s.facts["best"]) > 2)
               and len(p.hand) > floor):
            rest = list(p.hand)
            rest.remove(s.facts["best"][-1])
            sizes = list(p.hand_sizes)
            sizes[p.seat] = len(rest)
            p = replace(p, hand=tuple(rest), hand_sizes=tuple(sizes))
            s = solve(p, params)
    # Whole groups first (one re-solve each); one at a time only where solving is quick.
    slow = kind in MARGINS
    tries = []
    if len(p.discard_pile) > 1:
        tries.append(dict(discard_pile=p.discard_pile[-1:]))
    own = tuple(t for t in p.table if t.owner == p.seat)[:1]  # the seat stays laid down (or not)
    if p.table:
        tries.append(dict(table=own))
        # The sets a card of the hand could go on, or almost (its rank), and the seat's own.
        ranks = {c.rank for c in p.hand}
        near = tuple(t for t in p.table if t.rank in ranks or t in own)
        if near != p.table:
            tries.append(dict(table=near))
    for change in tries:
        q = replace(p, **change)
        t = same(q)
        if t is not None:
            p, s = q, t
    for i in reversed(range(len(p.table))):
        if (kind == "additions" and len(p.table) == 1) or (slow and len(p.table) > 3):
            break
        q = replace(p, table=p.table[:i] + p.table[i + 1:])
        t = same(q)
        if t is not None:
            p, s = q, t
    if kind in ("lay-down", "missing", "count", "go-out", "additions"):
        floor = p.contract.cards_needed + 2
        for card in sorted(set(p.hand), key=sort_key, reverse=True):
            if len(p.hand) <= floor:
                break
            rest = list(p.hand)
            rest.remove(card)
            sizes = list(p.hand_sizes)
            sizes[p.seat] = len(rest)
            q = replace(p, hand=tuple(rest), hand_sizes=tuple(sizes))
            t = same(q)
            if t is not None:
                p, s = q, t
    return p, s


# -- 4. themes and tiers -----------------------------------------------------------------
def themes_of(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> list[str]:
    """Themes by predicate, from :data:`THEMES`."""
    r, rules, me = p.round_no, p.rules, p.seat
    wild = rules.wild_table(r)
    hand = p.hand
    tags = []
    wilds = sum(1 for c in hand if wild[c.index])
    if wilds > rules.contract(r).wild_limit * p.contract.sets or any(
            sum(1 for c in t.cards if wild[c.index]) == rules.contract(r).wild_limit for t in p.table
            if kind == "additions"):
        tags.append("wild-limit")
    naturals = Counter(c for c in hand if not wild[c.index])
    if not rules.repeated_suits_allowed and any(n > 1 for n in naturals.values()):
        tags.append("suit-clash")
    if r >= 5 and any(c.rank in (1, 2) for c in hand):
        tags.append("aces-wild")
    if any(c.is_joker for c in hand):
        tags.append("joker")
    if kind == "buy":
        if p.tokens[me] <= 3:
            tags.append("few-tokens")
        if p.active != me:
            tags.append("off-turn")
    tags.append("two-sets" if p.contract.sets == 2 else "one-set")
    if rules.has_runs:
        tags.extend(_run_themes(p, s))
    if s.facts.get("cards_needed") == 1 or kind == "missing":
        tags.append("near-miss")
    if len(hand) >= 11:
        tags.append("big-hand")
    if p.table and kind in ("go-out", "additions"):
        tags.append("table")
    assert all(t in THEMES for t in tags)
    return tags


def _run_themes(p: SeatPosition, s: Solution) -> list[str]:
    """Themes of a game with runs: a run in the answer, one over the top, melds kept apart."""
    from ..melds import MeldKind, meld_kinds, run_ranks

    r, rules = p.round_no, p.rules
    answer = s.answer.partition(":")[2]
    melds = [parse_cards(part) for part in answer.split("/") if part.strip()]
    runs = [m for m in melds if MeldKind.RUN in meld_kinds(m, r, rules)]
    tags = []
    long_run = any(MeldKind.RUN in meld_kinds(c, r, rules) for c in _windows(p.hand, p.contract.size + 1))
    if runs or long_run:
        tags.append("runs")
    if any(13 in run_ranks(m, r, rules) and 1 in run_ranks(m, r, rules) for m in runs):
        tags.append("over-the-top")
    if p.contract.sets > 1 and long_run:
        tags.append("separate-melds")
    return tags


def _windows(hand, size: int):
    from itertools import combinations

    return combinations(sorted(hand, key=sort_key), size)


def tier_of(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution, bot_wrong: int) -> int:
    """1-3 from what makes a position hard to read, plus one for each judging bot that erred."""
    r = p.round_no
    score = 0
    score += len(p.hand) >= 10
    score += r >= 5  # aces and twos wild
    score += any(p.rules.is_wild(c, r) for c in p.hand)
    if kind == "lay-down":
        score += s.answer == "no"
    elif kind == "missing":
        score += len(s.facts["outs"]) >= 4
    elif kind in MARGINS:
        score += s.margin < 4 * MARGINS[kind]
        score += kind == "discard" and params.get("draws", 1) > 1
    elif kind == "go-out":
        score += s.answer.count(";") >= 2
        score += "add" in s.answer or (s.answer == "no" and bool(p.table))
    elif kind == "additions":
        score += len(s.facts["pairs"]) >= 4
        score += any(p.rules.is_wild(c, r) for c, _ in s.facts["pairs"])
    elif kind == "count":
        score += s.facts["count"] >= 6
        score += s.facts["count"] >= 15
    elif kind == "cost":
        return 1  # the first thing to learn: every cost puzzle is tier 1
    score += bot_wrong
    return 1 if score <= 1 else 2 if score <= 3 else 3


def bots_wrong(kind: str, s: Solution, choices) -> int:
    """How many of the judging bots chose otherwise than the answer (0 when none were asked)."""
    if choices is None:
        return 0
    if kind == "buy":
        return sum(c != (s.answer == "buy") for c in choices)
    if kind == "discard":
        return sum(c not in s.facts["best"] for c in choices)
    if kind == "lay-down":
        return sum(c != (s.answer != "no") for c in choices)
    return 0


# -- 5. words: hints, wrong answers, explanation -------------------------------------------
def words_for(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> dict[str, Any]:
    """Title, question, hints, wrong answers and explanation: :func:`tenpennies.puzzles.wording.words_for`."""
    return wording.words_for(kind, p, params, s)


# -- writing -------------------------------------------------------------------------------
def _toml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _toml_list(items) -> str:
    return "[" + ", ".join(_toml_str(x) for x in items) + "]"


def render(entry: dict[str, Any]) -> str:
    lines = ["[[puzzle]]"]
    for key in ("id", "kind", "title", "position", "question", "answer"):
        lines.append(f"{key} = {_toml_str(entry[key])}")
    lines.append(f"accepted = {_toml_list(entry['accepted'])}")
    lines.append(f"margin = {_toml_str(entry['margin'])}")
    lines.append("hints = [\n" + "".join(f"  {_toml_str(h)},\n" for h in entry["hints"]) + "]")
    lines.append(f"explanation = {_toml_str(entry['explanation'])}")
    lines.append(f"tier = {entry['tier']}")
    lines.append(f"themes = {_toml_list(entry['themes'])}")
    lines.append(f"source = {_toml_str(entry['source'])}")
    if SeatPosition.parse(entry["position"]).problems():
        lines.append("allow_unreachable = true")  # a what-if position says so (the loader refuses it otherwise)
    if entry["params"]:
        lines.append("params = { " + ", ".join(f"{k} = {v}" for k, v in entry["params"].items()) + " }")
    for answer, feedback in entry["wrong"]:
        lines.append("[[puzzle.wrong]]")
        lines.append(f"answer = {_toml_str(answer)}")
        lines.append(f"feedback = {_toml_str(feedback)}")
    return "\n".join(lines) + "\n"


def generate(matches: int = 12, seed: int = 0, per_tier: int = 5) -> dict[str, list[dict[str, Any]]]:
    """Puzzle entries by kind (not yet numbered), chosen as the module describes."""
    chosen: dict[str, dict[int, list[dict[str, Any]]]] = {k: {1: [], 2: [], 3: []} for k in KINDS}
    caps = {k: {1: per_tier, 2: per_tier, 3: per_tier} for k in KINDS}
    caps["cost"] = {1: 3 * per_tier, 2: 0, 3: 0}  # cost puzzles are all first tier
    seen_hands: set[tuple[str, str]] = set()

    def consider(kind, p, params, choice, source):
        tiers = chosen[kind]
        if all(len(v) >= caps[kind][t] for t, v in tiers.items()):
            return
        s = KINDS[kind].solve(p, params)
        if not clear(kind, p, params, s, before_simplify=True):
            return
        if not source.startswith("built"):  # a built position is already what it means to show
            p, s = simplify(kind, p, params, s)
        if not clear(kind, p, params, s):
            return
        key = (kind, format_cards(sorted(p.hand, key=sort_key)))
        if key in seen_hands:
            return
        tier = tier_of(kind, p, params, s, bots_wrong(kind, s, choice))
        if len(tiers[tier]) >= caps[kind][tier]:
            return
        seen_hands.add(key)
        words = words_for(kind, p, params, s)
        tiers[tier].append(dict(
            kind=kind, position=str(p), answer=s.answer, accepted=list(s.accepted),
            margin="exact" if s.margin is None else str(s.margin), tier=tier,
            themes=themes_of(kind, p, params, s), source=source, params=params, **words))

    for kind, notation, params, why in THEMED:
        consider(kind, SeatPosition.parse(notation), params, None, f"built: {why}")
    for kind, p, params, choice, source in mine(matches, seed):
        consider(kind, p, params, choice, source)
    return {k: [e for t in (1, 2, 3) for e in chosen[k][t]] for k in KINDS}


def write(entries: dict[str, list[dict[str, Any]]], out: Path) -> dict[str, Counter]:
    out.mkdir(parents=True, exist_ok=True)
    counts = {}
    for kind, items in entries.items():
        text = [f"# {kind} puzzles: written by `python -m tenpennies.puzzles.generate`, then reviewed.\n"]
        for n, e in enumerate(items, 1):
            text.append("\n" + render(dict(e, id=f"{kind}-{n:03d}")))
        (out / f"{kind}.toml").write_text("".join(text), encoding="utf-8")
        counts[kind] = Counter(e["tier"] for e in items)
    return counts


def generate_tcr() -> dict[str, list[dict[str, Any]]]:
    """The built Ten Card Rummy puzzles (:data:`TCR_THEMED`), solved and worded as the rest."""
    chosen: dict[str, list[dict[str, Any]]] = {}
    for kind, notation, params, why in TCR_THEMED:
        p = SeatPosition.parse(notation)
        s = KINDS[kind].solve(p, params)
        if not clear(kind, p, params, s):
            raise PuzzleError(f"built puzzle {notation!r} has no clear answer")
        chosen.setdefault(kind, []).append(dict(
            kind=kind, position=str(p), answer=s.answer, accepted=list(s.accepted),
            margin="exact" if s.margin is None else str(s.margin), tier=tier_of(kind, p, params, s, 0),
            themes=themes_of(kind, p, params, s), source=f"built: {why}", params=params,
            **words_for(kind, p, params, s)))
    return chosen


def write_tcr(entries: dict[str, list[dict[str, Any]]], out: Path) -> dict[str, Counter]:
    """Write ``tcr-KIND.toml`` files, numbered from :data:`TCR_FIRST` (ids stay unique)."""
    out.mkdir(parents=True, exist_ok=True)
    counts = {}
    for kind, items in entries.items():
        text = [f"# {kind} puzzles of Ten Card Rummy: written by `python -m tenpennies.puzzles.generate`, "
                "then reviewed.\n"]
        for n, e in enumerate(items, TCR_FIRST):
            text.append("\n" + render(dict(e, id=f"{kind}-{n:03d}")))
        (out / f"tcr-{kind}.toml").write_text("".join(text), encoding="utf-8")
        counts[f"tcr-{kind}"] = Counter(e["tier"] for e in items)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenpennies.puzzles.generate", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FOLDER, help=f"folder to write (default {FOLDER})")
    parser.add_argument("--matches", type=int, default=12, help="bot matches to mine (default 12)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mined matches (default 0)")
    parser.add_argument("--per-tier", type=int, default=5, help="puzzles per kind and tier (default 5)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    counts = write(generate(args.matches, args.seed, args.per_tier), args.out)
    counts |= write_tcr(generate_tcr(), args.out)
    total = sum(sum(c.values()) for c in counts.values())
    for kind, c in counts.items():
        print(f"{kind:10} " + "  ".join(f"tier {t}: {c[t]:2}" for t in (1, 2, 3)) + f"   total {sum(c.values())}")
    print(f"{total} puzzles written to {args.out} in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
