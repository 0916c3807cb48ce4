"""The puzzle generator: mine positions from seeded bot matches, keep the good ones, write TOML.

    python -m tenpennies.puzzles.generate [--out puzzles] [--matches 1100] [--seed 0] [--workers N]

What it does, in order (everything seeded, so a rerun writes the same files, with any
number of workers):

1. Plays ``--matches`` seeded matches (:func:`match_plan`: both games, Ten Pennies for
   four and Ten Card Rummy for four and for six, strong and rule-of-thumb bots with an
   expert seat in some) in parallel through the kit's executor
   (:func:`tenpennies.play.simulate.run_in_order`), with a progress bar. At each decision the
   deciding seat's view is a candidate for the kinds it fits (an offer is a ``buy``
   candidate, a hand after its draw a ``lay-down``, ``discard``, ``go-out`` ...
   candidate): the position exactly as the match reached it, never trimmed (what to fold
   away is the widget's and the sheet's choice).
2. In each match, solves a few candidates of each kind (picked by the match's seed) and
   keeps those whose answer is clear (:func:`clear`): unique up to equal cards and, for
   kinds that rank choices, ahead of the next best by :data:`MARGINS`; a buy puzzle
   also only when its verdict holds across the token's measured worth *and* by the
   expert's rollouts (:func:`buy_holds`). No two from one decision, nor from consecutive
   decisions of one seat.
3. Tags themes by predicates (:func:`themes_of`), words each puzzle
   (:mod:`tenpennies.puzzles.wording`), and sets a first tier (:func:`tier_of`).
4. Picks across matches (:func:`select`): at least one puzzle from each match that has
   one, none twice by canonical form (:func:`canonical`: suits relabelled, order that
   does not matter ignored), up to :data:`CAPS` of each kind in each game.
5. Rates them (:func:`tenpennies.puzzles.rating.rate`, a ladder of solver players and
   Glicko-2) and sets the tier from the rating's band, when that module is there.
6. Writes one TOML file per kind and game (``KIND.toml``, ``tcr-KIND.toml``) and the
   mined matches' actions (:mod:`tenpennies.puzzles.matches`), so a test replays every
   puzzle's match to its decision without a bot.

The built positions (:data:`THEMED`, for ideas the bots seldom meet) are kept only when
no rule says no play reaches them (:meth:`SeatPosition.problems`); their source says
``built``. The test suite re-derives every shipped answer and replays every match.

(One concept in one file, over 600 lines: mining puzzles, whose steps, numbered in the
source as above, hand each other their candidates; split, each would be a fragment.)
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import permutations
from pathlib import Path
from typing import Any

from ..engine.actions import Buy, Discard, LayDown
from ..bots import bot_seed, derive_seed, make_bot
from ..engine.cards import Card, format_cards, parse_cards, sort_key
from ..engine.errors import TenPenniesError
from ..play.match import Match, Phase
from ..play.position import SeatPosition
from ..play.record import actions_of
from ..engine.rules import RuleSet
from ..solver import can_lay_down, cards_needed
from . import FOLDER, THEMES, MatchSource, PuzzleError, read_text
from . import wording
from .answers import Solution
from .kinds import KINDS

GAMES = ("ten-pennies", "ten-card-rummy")
"""The games puzzles are mined from, by their rule set names."""

KINDS_BY_GAME = {
    "ten-pennies": tuple(KINDS),
    "ten-card-rummy": tuple(KINDS),
}
"""The kinds mined in each game (every kind is asked in both, each the game's own way)."""

MARGINS = {"buy": Fraction(1, 50), "discard": Fraction(1, 100)}
"""The least margin a ranked answer must have over the next best to be a puzzle."""

BUY_ROLLOUTS = 24
"""The expert's rollouts a buy puzzle's verdict is checked by (:func:`buy_holds`)."""
BUY_CHECKS = 1
"""The most offers of one match checked by rollouts."""

CAPS = {
    ("ten-pennies", "lay-down"): 220, ("ten-pennies", "missing"): 200, ("ten-pennies", "buy"): 100,
    ("ten-pennies", "discard"): 200, ("ten-pennies", "go-out"): 200, ("ten-pennies", "additions"): 200,
    ("ten-pennies", "count"): 180, ("ten-pennies", "cost"): 140,
}
"""The most puzzles of each kind in each game (a kind a game lacks here: :data:`CAP`)."""
CAP = 180

TRIES = 6
"""Candidates of one kind solved per match, at most (picked by the match's seed)."""

PER_MATCH = 4
"""The most puzzles one match gives."""

THEMED = (
    # (kind, notation, params, what it shows): only positions a play can reach (problems() is empty)
    ("lay-down", "r1 s0 a0 h:7S7HJKJK9S9HQD4C5D6H3S t:- d:KC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60",
     {}, "two jokers and two pairs: one joker per set"),
    ("lay-down", "r2 s0 a0 h:8S8H8SJKJK4C5D6H3SKD9C t:- d:QC k:10/10/10/10 p:0/0/0/0 n:11/11/11/11 st:60",
     {}, "two eights of spades cannot share a set"),
    ("lay-down", "r5 s0 a0 h:ASAH2C9S9H9DJK4C4D6H3S t:- d:KC k:9/10/10/10 p:0/40/10/5 n:11/11/11/11 st:60",
     {}, "aces and twos are wild in round 5"),
    ("lay-down", "r7 s0 a0 h:QSQHQDQCJK2H2S5C7D8H3S t:- d:KC k:6/10/7/10 p:90/40/110/75 n:11/11/11/11 st:60",
     {}, "seven cards with three wilds"),
    ("buy", "r6 s0 a0 h:KSKHKD9C9D4C5D6H3S7C8H t:- d:3C5HKC@3 k:2/10/7/10 p:120/40/110/75 n:11/11/11/11 st:40",
     {}, "buying with few tokens late in the match"),
    ("buy", "r3 s0 a0 h:7S7H7D9S9H9DJK4C5C6DQH t:- d:3H7C@3 k:1/6/5/4 p:40/25/60/30 n:11/11/11/11 st:50",
     {}, "the last token, spent where it completes the contract"),
    ("buy", "r2 s0 a0 h:KSKH4C5C6D8H9STDJC3S2D t:- d:3HKD@3 k:1/6/5/4 p:40/25/60/30 n:11/11/11/11 st:50",
     {}, "the last token, kept: a third king is not yet a set of 4"),
)

TCR_TAIL = " t:- d:KC@5 k:- p:0/0/0/0/0/0 n:10/10/10/10/10/10 st:47 g:ten-card-rummy"
TCR_THEMED = (
    # Ten Card Rummy at a table of six (C1), for the ideas of runs the bots seldom show.
    ("lay-down", "r2 s0 a0 h:4S5S6S7S8SKDQC9H2D3C" + TCR_TAIL, {}, "a run of five is one meld, not two (C5)"),
    ("lay-down", "r2 s0 a0 h:4S5S6S7S8S9SKDQC2D3C" + TCR_TAIL, {}, "a run of six split into two runs of three"),
    ("lay-down", "r3 s0 a0 h:QHKHAH2H5C7D9SJC4D8C" + TCR_TAIL, {}, "over the top: Q K A 2 of hearts (C3)"),
    ("lay-down", "r1 s0 a0 h:7SJKJK2D4C9HQDKSTC5H" + TCR_TAIL, {}, "two jokers and one natural make no meld (C4)"),
    ("lay-down", "r4 s0 a0 h:9S9S9H9D5C6C7CJKKD2H" + TCR_TAIL, {}, "a set repeating a suit and a run with a joker"),
)
"""Built Ten Card Rummy puzzles, written to ``tcr-KIND.toml`` with the mined ones."""


# -- 1. the matches --------------------------------------------------------------------
def match_plan(index: int, seed: int = 0) -> MatchSource:
    """Match ``index`` of the generation seeded ``seed``: its game, table, seed and bots
    (``decision`` and ``seat`` left 0). Six in ten are Ten Pennies for four, two Ten Card
    Rummy for four, two for six; strong and rule-of-thumb bots alternate, and one match
    in a few seats an expert (every 25th of Ten Pennies, where it plays by rollouts and is
    slow; every other of Ten Card Rummy, where it plays the strong bot's policy)."""
    slot = index % 10
    rules, players = ("ten-pennies", 4) if slot < 6 else ("ten-card-rummy", 4 if slot < 8 else 6)
    bots = ["strong" if s % 2 == 0 else "thumb" for s in range(players)]
    if (rules == "ten-pennies" and index % 25 == 12) or (rules == "ten-card-rummy" and index % 20 >= 10):
        bots[(index // 10) % players] = "expert"
    return MatchSource(rules, players, derive_seed("puzzle match", seed, index), tuple(bots), 0, 0)


@dataclass
class _Candidate:
    kind: str
    decision: int
    seat: int
    ordinal: int  # the seat's how-many-th decision of the match
    position: SeatPosition
    params: dict[str, Any]
    action: Any  # what the match's player did there
    view: Any = field(default=None, repr=False)  # kept for a buy's rollouts


def _kinds_here(view, rules: RuleSet, kinds: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    """The kinds this decision is a candidate for, from cheap facts of the view."""
    me, r, hand = view.seat, view.round_no, view.hand
    opened = view.opened[me]
    found: list[tuple[str, dict[str, Any]]] = []
    if len(hand) > rules.hand_size + (1 if rules.has_runs else 3):
        return found  # a hand swollen by purchases: slow to solve and to read, and seldom met
    if view.phase is Phase.OFFER:
        tokens = view.tokens[me] if view.tokens is not None else None
        if (not opened and view.top_discard is not None and rules.may_buy(r)
                and (tokens is None and view.active != me or tokens is not None and tokens > 0)):
            found.append(("buy", {}))  # (Ten Card Rummy: a purchase off-turn, C9, not the free take, C8)
        return [(k, p) for k, p in found if k in kinds]
    hand_phase = Phase.MELD if rules.meld_before_draw else Phase.PLAY
    if view.phase is hand_phase:
        can = can_lay_down(hand, r, rules)
        if not opened:
            need = 0 if can else cards_needed(hand, r, rules)
            if need is not None and need <= 1:  # a "no" is a puzzle only when it is close (see clear)
                found.append(("lay-down", {}))
            if can:
                found.append(("count", {}))
            else:
                if need == 1:
                    found.append(("missing", {}))
                if need == 1 and not rules.meld_before_draw:
                    found.append(("discard", {"draws": 1}))
        if (opened or can) and len(hand) <= 9:
            found.append(("go-out", {}))
        if opened and view.table and len(hand) <= 8:
            found.append(("additions", {}))
        if len(hand) <= 9:
            found.append(("cost", {}))
    elif view.phase is Phase.DISCARD and rules.meld_before_draw and not opened:
        # Ten Card Rummy discards after its draw (C6): which discard leaves the best chance.
        if cards_needed(hand, r, rules) == 1:
            found.append(("discard", {"draws": 1}))
    return [(k, p) for k, p in found if k in kinds]


def mined_round(plan: MatchSource) -> int:
    """The round of the planned match that puzzles are taken from, chosen by its seed: each
    round of the game as often, and the match is played no further than that round's end
    (the rounds after it would cost time and give nothing)."""
    rounds = len(plan.rule_set.contracts)
    return random.Random(derive_seed("puzzle round", plan.seed)).randint(1, rounds)


def play_and_collect(plan: MatchSource) -> tuple[list[list], list[_Candidate]]:
    """Play the planned match to the end of its :func:`mined_round` (or of the match); its
    actions (as ``[seat, text]``) and every candidate of that round."""
    rules = plan.rule_set
    kinds = KINDS_BY_GAME[plan.rules]
    last = mined_round(plan)
    bots = [make_bot(name, bot_seed(plan.seed, s)) for s, name in enumerate(plan.bots)]
    match = Match(plan.seed, rules)
    ordinals = [0] * rules.players
    candidates: list[_Candidate] = []
    decision = 0
    while not match.is_over and match.round_no <= last:
        seat = match.to_act
        view = match.view(seat)
        action = bots[seat].act(view)
        ordinals[seat] += 1
        here = _kinds_here(view, rules, kinds) if view.round_no == last else ()
        if here:
            p = SeatPosition.of(view)
            for kind, params in here:
                candidates.append(_Candidate(kind, decision, seat, ordinals[seat], p, params, action,
                                             view if kind == "buy" else None))
        match.apply(action)
        decision += 1
    return [[a.seat, a.text] for a in actions_of(match)], candidates


# -- 2. keeping clear answers ------------------------------------------------------------
def clear(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> bool:
    """Is this a puzzle worth giving: a unique answer (up to equal cards), a clear margin?"""
    r, rules = p.round_no, p.rules
    if kind in MARGINS and (s.margin is None or s.margin < MARGINS[kind]):
        return False
    if kind == "discard":
        best = s.facts["best"]
        # Equal cards: several best discards are fine when a learner sees them as one
        # choice (all of one rank, or all lone naturals), never a mix.
        if s.facts["chances"][best[0]] == 0:
            return False
        return len({equal_key(c, p) for c in best}) == 1 and len(best) <= 3
    if kind == "buy":
        # A close call makes no puzzle, nor one whose verdict changes with the token's worth.
        return s.options[0][1] > 0 and s.answer != "close" and s.facts.get("steady", True)
    if kind == "count":
        return 2 <= s.facts["count"] <= 40
    if kind == "missing":
        return s.facts["cards_needed"] == 1 and 1 <= len(s.facts["outs"]) <= 8
    if kind == "additions":
        return 0 < len(s.facts["pairs"]) <= 8 and len(p.table) <= 8
    if kind == "go-out" and len(p.hand) < (4 if s.answer == "no" else 3):
        return False  # one or two cards in hand leave nothing to think about
    if kind == "go-out" and s.answer == "no":
        # A "no" worth asking: the contract is there (or down), and at most two cards are stuck.
        return (p.opened[p.seat] or can_lay_down(p.hand, r, rules)) and len(s.facts["stuck"]) <= 2
    if kind == "lay-down" and s.answer == "no":
        # A "no" is a puzzle only when it is close: one card short, or a wild too many.
        return s.facts["cards_needed"] == 1
    return True


def equal_key(card: Card, p: SeatPosition) -> Any:
    """Discards a learner sees as one choice share a key: cards of one rank, or lone
    naturals (no other card of their rank in hand, so no set of yours can use them)."""
    if p.rules.is_wild(card, p.round_no):
        return "wild"
    same_rank = sum(1 for c in p.hand if c.rank == card.rank and not p.rules.is_wild(c, p.round_no))
    return "lone" if same_rank == 1 else card.rank


def buy_holds(view, s: Solution, seed: int, rollouts: int = BUY_ROLLOUTS) -> bool:
    """Does a buy puzzle's verdict hold whatever a reasonable player values a token at?

    The judgment's verdict already holds across the token worth's measured interval (it
    says "close" otherwise, and :func:`clear` drops those). Here the expert's rollouts
    (:func:`tenpennies.bots.buycheck.check_buy`: the round played out from worlds the view
    allows, the token not charged) must agree too: buying's gain in points, less the
    token's worth at the far end of its interval, keeps the verdict's sign by two
    standard errors. A game whose buys the rollouts cannot weigh (no tokens, runs) keeps
    the judgment's verdict alone."""
    from ..bots.buycheck import check_buy, refusal

    if s.answer not in ("buy", "pass"):
        return False
    if refusal(view):
        return True
    check = check_buy(view, rollouts, seed)
    worth = s.facts["judgment"].token_worth
    if s.answer == "buy":
        return check.gain - 2 * check.error > worth.high
    return check.gain + 2 * check.error < worth.low


def canonical(kind: str, p: SeatPosition, params: dict[str, Any]) -> tuple:
    """The puzzle with its suits relabelled to the first of the 24 ways in order, and
    what does not matter to the question sorted: two puzzles with one form are one."""
    rules, me = p.rules, p.seat
    suits = "SHDC"

    def relabel(cards, to) -> str:
        return format_cards(sorted((Card(f"{c}"[:-1] + to[suits.index(str(c)[-1])]) if c.suit else c
                                    for c in cards), key=sort_key)) if cards else ""

    forms = []
    for to in permutations(suits):
        hand = relabel(p.hand, to)
        table = tuple(sorted(relabel(t.cards, to) + ("*" if t.owner == me else "") for t in p.table))
        top = relabel(p.discard_pile[-1:], to) if kind == "buy" else ""
        seen = relabel(p.discard_pile[:-1], to) if kind in ("buy", "discard") else ""
        forms.append((hand, table, top, seen))
    tokens = p.tokens[me] if kind == "buy" and p.tokens is not None else None
    return (kind, rules.slug, p.round_no, p.opened[me], tokens, p.active == me,
            tuple(sorted(params.items())), min(forms))


def _bots_choices(kind: str, action) -> tuple:
    """What the match's own player did, as :func:`bots_wrong` reads a judge's choice."""
    if kind == "buy":
        return (isinstance(action, Buy),)
    if kind == "discard":
        return (action.card,) if isinstance(action, Discard) else ()
    if kind == "lay-down":
        return (isinstance(action, LayDown),)
    return ()


def mine_match(index: int, seed: int = 0) -> tuple[MatchSource, list[list], list[dict[str, Any]]]:
    """Play match ``index`` (:func:`match_plan`) and keep its clear puzzles (at most
    :data:`TRIES` solved of each kind, at most :data:`PER_MATCH` kept, never two from one
    decision or from consecutive decisions of one seat). Runs in a worker: the result
    depends on ``(index, seed)`` alone. Returns the plan, the match's actions and the
    puzzles' entries, rarest kind first."""
    plan = match_plan(index, seed)
    actions, candidates = play_and_collect(plan)
    rng = random.Random(derive_seed("puzzle pick", plan.seed))
    by_kind: dict[str, list[_Candidate]] = {}
    for c in candidates:
        by_kind.setdefault(c.kind, []).append(c)
    taken: set[int] = set()
    ordinals: set[tuple[int, int]] = set()
    entries = []
    checks = 0
    # The rare kinds first, each match in its own order, so no kind crowds out another.
    order = rng.sample(RAREST_FIRST[:4], 4) + rng.sample(RAREST_FIRST[4:], len(RAREST_FIRST) - 4)
    for kind in order:
        pool = by_kind.get(kind, [])
        for c in rng.sample(pool, min(TRIES, len(pool))):
            if len(entries) >= PER_MATCH:
                break
            if c.decision in taken or {(c.seat, c.ordinal - 1), (c.seat, c.ordinal + 1)} & ordinals:
                continue
            s = KINDS[kind].solve(c.position, c.params)
            if not clear(kind, c.position, c.params, s):
                continue
            if kind == "buy":
                checks += 1  # the rollouts are the slow part of mining: a few per match
                if checks > BUY_CHECKS or not buy_holds(c.view, s, derive_seed("puzzle buy", plan.seed, c.decision)):
                    continue
            source = MatchSource(plan.rules, plan.players, plan.seed, plan.bots, c.decision, c.seat)
            try:
                entry = entry_of(kind, c.position, c.params, s, str(source),
                                 bots_wrong(kind, s, _bots_choices(kind, c.action)))
            except TenPenniesError:
                continue  # words that cannot be made for this position: no puzzle of it
            entries.append(entry)
            taken.add(c.decision)
            ordinals.add((c.seat, c.ordinal))
            break  # one of each kind per match: variety across matches
    return plan, actions, entries


def entry_of(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution, source: str,
             bot_wrong: int = 0) -> dict[str, Any]:
    """A puzzle's fields (not yet numbered or rated), worded from the engine's solution."""
    return dict(kind=kind, position=str(p), answer=s.answer, accepted=list(s.accepted),
                margin="exact" if s.margin is None else str(s.margin),
                tier=tier_of(kind, p, params, s, bot_wrong), themes=themes_of(kind, p, params, s),
                source=source, params=params, canonical=canonical(kind, p, params),
                **words_for(kind, p, params, s))


RAREST_FIRST = ("buy", "additions", "go-out", "missing", "discard", "count", "lay-down", "cost")
"""The order a match's candidates are tried in: the kinds fewest decisions fit first."""


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
    if any(c.rank in (1, 2) and wild[c.index] for c in hand):
        tags.append("aces-wild")
    if any(c.is_joker for c in hand):
        tags.append("joker")
    if kind == "buy":
        if p.tokens is not None and p.tokens[me] <= 3:
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
    from ..engine.melds import MeldKind, meld_kinds, run_ranks

    r, rules = p.round_no, p.rules
    melds = []
    if s.kind == "lay-down" and s.answer.startswith("yes:"):
        melds = [parse_cards(part) for part in s.answer.partition(":")[2].split("/") if part.strip()]
    runs = [m for m in melds if MeldKind.RUN in meld_kinds(m, r, rules)]
    tags = []
    long_run = _longest_natural_run(p) > p.contract.size
    if runs or long_run:
        tags.append("runs")
    if any(13 in run_ranks(m, r, rules) and 1 in run_ranks(m, r, rules) for m in runs):
        tags.append("over-the-top")
    if p.contract.sets > 1 and long_run:
        tags.append("separate-melds")
    return tags


def _longest_natural_run(p: SeatPosition) -> int:
    """The most natural cards of one suit in consecutive ranks the hand holds (turning the
    corner K-A-2 where the rules let runs wrap, C3): a run that long is one meld (C5)."""
    wild = p.rules.wild_table(p.round_no)
    best = 0
    for suit in {c.suit for c in p.hand if c.suit and not wild[c.index]}:
        ranks = {c.rank for c in p.hand if c.suit == suit and not wild[c.index]}
        if len(ranks) == 13:
            return 13
        for start in ranks:
            if (start - 2) % 13 + 1 in ranks and (p.rules.runs_wrap or start != 1):
                continue  # not the start of a run
            n, rank = 0, start
            while rank in ranks and n < 13:
                n += 1
                rank = rank % 13 + 1
                if rank == 1 and not p.rules.runs_wrap:
                    break
            best = max(best, n)
    return best


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


def built() -> list[dict[str, Any]]:
    """The built positions (:data:`THEMED`, :data:`TCR_THEMED`) that pass every check."""
    entries = []
    for kind, notation, params, why in THEMED + TCR_THEMED:
        p = SeatPosition.parse(notation)
        if p.problems():
            raise PuzzleError(f"built puzzle {notation!r}: no play reaches it: {p.problems()[0]}")
        s = KINDS[kind].solve(p, params)
        if clear(kind, p, params, s) and (kind != "buy" or s.answer in ("buy", "pass")):
            entries.append(entry_of(kind, p, params, s, f"built: {why}"))
    return entries


def game_of(entry: dict[str, Any]) -> str:
    return entry["canonical"][1]


def select(mined: list[tuple[MatchSource, list, list[dict[str, Any]]]], first: list[dict[str, Any]] = ()
           ) -> list[dict[str, Any]]:
    """The puzzles kept: ``first`` (the built ones), then one from each match (its rarest
    kind that is neither a duplicate nor over its cap), then the rest in match order; none
    twice by :func:`canonical`, at most :data:`CAPS` of a kind in a game, and of those at
    most half answered "no"."""
    seen: set = set()
    counts: Counter = Counter()
    chosen: list[dict[str, Any]] = []
    taken: set[int] = set()

    def take(e) -> bool:
        game = game_of(e)
        cap = CAPS.get((game, e["kind"]), CAP)
        if e["canonical"] in seen or counts[game, e["kind"]] >= cap:
            return False
        # A yes-or-no kind keeps its "no" answers to half: answering "no" must not be a safe bet.
        if e["answer"] == "no" and counts[game, e["kind"], "no"] >= cap // 2:
            return False
        seen.add(e["canonical"])
        counts[game, e["kind"]] += 1
        counts[game, e["kind"], e["answer"] == "no" and "no"] += 1
        chosen.append(e)
        return True

    for e in first:
        take(e)
    for _, _, entries in mined:
        for n, e in enumerate(entries):
            if take(e):
                taken.add(id(e))
                break
    for _, _, entries in mined:
        for e in entries:
            if id(e) not in taken:
                take(e)
    return chosen


def rate_entries(entries: list[dict[str, Any]], seed: int, workers: int | None, progress: bool) -> bool:
    """Give each entry a ``rating`` and ``rating_deviation`` and a tier from the rating's
    band (:data:`TIER_BANDS`), by :func:`tenpennies.puzzles.rating.rate`; False (entries
    unrated, tiers from :func:`tier_of`) when that module is not there."""
    try:
        from .rating import rate
    except ImportError:
        return False
    for n, e in enumerate(entries):
        e["id"] = f"{e['kind']}-{n + 1:04d}"
    puzzles = [p for e in entries for p in read_text(render(e), "generated")]
    ratings = rate(puzzles, seed=seed, workers=workers, progress=progress)
    for e in entries:
        r = ratings[e["id"]]
        e["rating"], e["rating_deviation"] = round(r.rating), round(r.deviation)
        e["tier"] = 1 if e["rating"] < TIER_BANDS[0] else 2 if e["rating"] < TIER_BANDS[1] else 3
    return True


TIER_BANDS = (1400, 1700)
"""Ratings below the first are tier 1, below the second tier 2, the rest tier 3."""


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
    from .matches import matches_folder, write_matches

    for old in matches_folder(out).glob("*.json.gz"):
        old.unlink()
    write_matches(stored, out)
    return Counter({name: len(tables) for name, tables in files.items()})


def mine_cached(index: int, seed: int, cache: str | None) -> tuple[MatchSource, list[list], list[dict[str, Any]]]:
    """:func:`mine_match`, read from ``cache`` (a folder) when it was mined before with the
    same kinds for its game, and written there when not: a rerun after a change elsewhere
    (the ratings, the selection) need not replay every match. The result is the same
    with or without the cache."""
    if cache is None:
        return mine_match(index, seed)
    import hashlib
    import json

    plan = match_plan(index, seed)
    words = b"".join((Path(__file__).parent / name).read_bytes() for name in ANSWERS_AND_WORDS)
    tag = hashlib.sha256(repr((CACHE_VERSION, KINDS_BY_GAME[plan.rules], TRIES, PER_MATCH)).encode()
                         + words).hexdigest()[:12]  # new words or answers: mined again
    path = Path(cache) / f"{seed}-{index}-{tag}.json"
    if path.exists():
        data = json.loads(path.read_text())
        entries = [dict(e, canonical=_tuples(e["canonical"]), wrong=[tuple(w) for w in e["wrong"]])
                   for e in data["entries"]]
        return plan, data["actions"], entries
    plan, actions, entries = mine_match(index, seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"actions": actions, "entries": entries}))
    tmp.replace(path)
    return plan, actions, entries


CACHE_VERSION = 4
"""Raised when what :func:`mine_match` returns changes, so old cached matches are not read."""

ANSWERS_AND_WORDS = ("kinds.py", "answers.py", "contract_kinds.py", "choice_kinds.py", "going_out_kinds.py",
                     "wording.py")
"""The files whose text a cached match's tag hashes (:func:`mine_cached`): the kinds that
solve its puzzles and the words that say them."""


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def generate(matches: int = 1100, seed: int = 0, *, workers: int | None = None, progress: bool = False,
             rate: bool = True, cache: str | None = None) -> tuple[list[dict[str, Any]], dict[str, dict]]:
    """The puzzles (numbered, rated when it can) and the stored matches they come from;
    ``cache`` a folder that keeps each mined match (see :func:`mine_cached`)."""
    from ..play.simulate import run_in_order

    mined = list(run_in_order(mine_cached, [(i, seed, cache) for i in range(matches)], workers=workers,
                              progress=progress, unit="match"))
    chosen = select(mined, built())
    used: dict[str, int] = {}
    for e in chosen:
        source = _source(e)
        if source is not None:
            used[source.key] = max(used.get(source.key, 0), source.decision)
    stored = {}
    for plan, actions, _ in mined:
        key = plan.key
        if key in used:
            stored[key] = {"rules": plan.rules, "players": plan.players, "seed": plan.seed,
                           "actions": actions[:used[key]]}
    entries = number(chosen)
    if rate and rate_entries(entries, seed, workers, progress):
        entries = number(entries)
    return entries, stored


def _source(entry: dict[str, Any]) -> MatchSource | None:
    from . import parse_source
    return parse_source(entry["source"])


MIN_BUY_MARGIN = 5
"""Points a buy puzzle's answer must win by at the token's worse end (its margin)."""


def refresh_buy(path: Path) -> tuple[int, list[str]]:
    """Re-solve a stored file of buy puzzles with the buy judgment as it is now, and write
    it back: each puzzle's answer, margin, hints and explanation re-worded from the new
    solution, its id, tier, rating, themes and source kept; a puzzle whose answer is no
    longer steady at both ends of the token's measured worth (``facts["steady"]``), or
    steady by less than :data:`MIN_BUY_MARGIN` points at its worse end, is dropped: its
    stored answer would teach something the judgment no longer says, or hang on noise.
    Returns the puzzles kept and the ids dropped. (Used when the judgment's chances were
    made to count the purchase's own stock cards, T5/T6; mining anew is :func:`generate`.)"""
    import tomllib

    text = path.read_text(encoding="utf-8")
    head = text.split("\n", 1)[0] + "\n"
    kept, dropped = [], []
    for data in tomllib.loads(text)["puzzle"]:
        if data["kind"] != "buy":
            raise PuzzleError(f"{path.name}: {data['id']} is not a buy puzzle")
        params = data.get("params", {})
        position = SeatPosition.parse(data["position"])
        solution = KINDS["buy"].solve(position, params)
        if not solution.facts["steady"] or solution.margin < MIN_BUY_MARGIN:
            dropped.append(data["id"])
            continue
        entry = dict(data, answer=solution.answer, accepted=list(solution.accepted), params=params,
                     margin="exact" if solution.margin is None else str(solution.margin),
                     **words_for("buy", position, params, solution))
        kept.append(render(entry))
    path.write_text(head + "".join("\n" + t for t in kept), encoding="utf-8")
    return len(kept), dropped


BUY_SHARE = Fraction(3, 5)
"""No one answer over this share of a game's buy puzzles (issue 32): answering one word
without looking must not score."""

BUY_PER_MATCH = 3
"""The most new buy puzzles one mining match gives (:func:`mine_buy`)."""


def buy_match_plan(game: str, index: int, seed: int) -> MatchSource:
    """Match ``index`` of a buy mining run (:func:`mine_buy`) of ``game``, for four: strong
    and rule-of-thumb bots alternating, seeded apart from :func:`match_plan`'s."""
    bots = tuple("strong" if s % 2 == 0 else "thumb" for s in range(4))
    return MatchSource(game, 4, derive_seed("buy puzzle match", seed, game, index), bots, 0, 0)


def buy_candidates(game: str, index: int, seed: int, answers: tuple[str, ...]
                   ) -> tuple[MatchSource, list[list], list[dict[str, Any]]]:
    """Play buy mining match ``index`` to its end and keep, of the offers a buy puzzle can
    ask (:func:`_kinds_here`), those whose answer is one of ``answers``, steady at both ends
    of the token's worth by :data:`MIN_BUY_MARGIN` points (:func:`clear`) and, in Ten
    Pennies, held by the expert's rollouts (:func:`buy_holds`): at most
    :data:`BUY_PER_MATCH`, never two from one seat's consecutive decisions. Runs in a
    worker; the result depends on its arguments alone."""
    plan = buy_match_plan(game, index, seed)
    rules = plan.rule_set
    bots = [make_bot(name, bot_seed(plan.seed, s)) for s, name in enumerate(plan.bots)]
    match = Match(plan.seed, rules)
    decision, ordinals, last = 0, [0] * rules.players, {}
    entries: list[dict[str, Any]] = []
    while not match.is_over and len(entries) < BUY_PER_MATCH:
        seat = match.to_act
        view = match.view(seat)
        action = bots[seat].act(view)
        ordinals[seat] += 1
        if _kinds_here(view, rules, ("buy",)) and last.get(seat, -9) < ordinals[seat] - 1:
            p = SeatPosition.of(view)
            s = KINDS["buy"].solve(p, {})
            if (s.answer in answers and clear("buy", p, {}, s) and s.margin >= MIN_BUY_MARGIN
                    and buy_holds(view, s, derive_seed("puzzle buy", plan.seed, decision))):
                source = MatchSource(plan.rules, plan.players, plan.seed, plan.bots, decision, seat)
                try:
                    entries.append(entry_of("buy", p, {}, s, str(source),
                                            bots_wrong("buy", s, _bots_choices("buy", action))))
                    last[seat] = ordinals[seat]
                except TenPenniesError:
                    pass  # words that cannot be made for this position: no puzzle of it
        match.apply(action)
        decision += 1
    return plan, [[a.seat, a.text] for a in actions_of(match)], entries


def mine_buy(path: Path, game: str, answers: tuple[str, ...], want: int, seed: int = 32, *,
             workers: int | None = None, progress: bool = False, most_matches: int = 400) -> tuple[int, Counter]:
    """Re-mine one game's buy puzzles (issue 32): keep the stored ones still steady by
    :data:`MIN_BUY_MARGIN` points (:func:`refresh_buy`'s test, re-worded), add ``want``
    new ones answered one of ``answers`` from buy mining matches (:func:`buy_candidates`,
    none twice by :func:`canonical`), and drop the surplus of the commonest answer until
    none is over :data:`BUY_SHARE` of the file. New puzzles are rated on the scale of every
    shipped puzzle (the ladder calibrated on all of them, :func:`tenpennies.puzzles.rating.rate`)
    and numbered after every buy id in use; their matches' actions are stored beside the
    others (:mod:`tenpennies.puzzles.matches`). Returns the number written and its answers."""
    import tomllib

    from ..play.simulate import run_in_order
    from . import load, parse_source
    from .matches import read_matches, write_matches
    from .rating import calibrate, play_ladder, rate

    text = path.read_text(encoding="utf-8")
    head = text.split("\n", 1)[0] + "\n"
    kept: list[dict[str, Any]] = []
    for data in tomllib.loads(text)["puzzle"]:
        position = SeatPosition.parse(data["position"])
        solution = KINDS["buy"].solve(position, data.get("params", {}))
        if solution.facts["steady"] and solution.margin is not None and solution.margin >= MIN_BUY_MARGIN:
            kept.append(dict(data, answer=solution.answer, accepted=list(solution.accepted), params={},
                             margin=str(solution.margin), canonical=canonical("buy", position, {}),
                             **words_for("buy", position, {}, solution)))
    seen = {e["canonical"] for e in kept}
    new: list[dict[str, Any]] = []
    mined: dict[str, dict] = {}
    index = 0
    while len(new) < want and index < most_matches:
        batch = [(game, i, seed, answers) for i in range(index, index + 16)]
        index += 16
        for plan, actions, entries in run_in_order(buy_candidates, batch, workers=workers, progress=False):
            used = 0
            for e in entries:
                if e["canonical"] in seen or len(new) >= want:
                    continue
                seen.add(e["canonical"])
                new.append(e)
                used = max(used, parse_source(e["source"]).decision)
            if used:
                mined[plan.key] = {"rules": plan.rules, "players": plan.players, "seed": plan.seed,
                                   "actions": actions[:used]}
        if progress:
            print(f"{path.name}: {len(new)} of {want} new after {index} matches", file=sys.stderr)
    # Rate the new ones against the ladder calibrated on every shipped puzzle.
    taken = [int(p.id.split("-")[1]) for p in load(kind="buy")]
    for n, e in enumerate(new):
        e["id"] = f"buy-{max(taken) + 1 + n:03d}"
    if new:
        ladder = calibrate(play_ladder(load(), workers=workers))
        puzzles = [p for e in new for p in read_text(render(e), "generated")]
        ratings = rate(puzzles, seed=seed, workers=workers, ladder=ladder)
        for e in new:
            r = ratings[e["id"]]
            e["rating"], e["rating_deviation"] = round(r.rating), round(r.deviation)
            e["tier"] = 1 if e["rating"] < TIER_BANDS[0] else 2 if e["rating"] < TIER_BANDS[1] else 3
    chosen = kept + new
    # No answer over BUY_SHARE: the commonest answer's last puzzles go (the newest first).
    while len({e["answer"] for e in chosen}) > 1:
        counts = Counter(e["answer"] for e in chosen)
        top, n = counts.most_common(1)[0]
        if Fraction(n, len(chosen)) <= BUY_SHARE:
            break
        drop = next(e for e in reversed(chosen) if e["answer"] == top)
        chosen.remove(drop)
    for e in chosen:
        e.setdefault("params", {})
    path.write_text(head + "".join("\n" + render(e) for e in chosen), encoding="utf-8")
    if mined:
        stored = read_matches(path.parent)
        stored.update(mined)
        write_matches(stored, path.parent)
    return len(chosen), Counter(e["answer"] for e in chosen)


def prune_matches(folder: Path = FOLDER) -> int:
    """Keep, of the stored matches in ``folder``, those some puzzle there comes from, each up
    to the last decision one uses (what :func:`generate` stores): after puzzles are dropped
    (:func:`refresh_buy`, :func:`mine_buy`). Returns how many matches were let go."""
    import tomllib

    from . import parse_source
    from .matches import matches_folder, read_matches, write_matches

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tenpennies.puzzles.generate", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=FOLDER, help=f"folder to write (default {FOLDER})")
    parser.add_argument("--matches", type=int, default=1100, help="seeded matches to mine (default 1100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the mined matches (default 0)")
    parser.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    parser.add_argument("--no-rating", action="store_true", help="skip rating (tiers from the position's features)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.add_argument("--cache", default=None, help="folder keeping each mined match for a rerun")
    parser.add_argument("--mine-buy", type=int, default=0, metavar="N",
                        help="re-mine Ten Pennies' buy puzzles (mine_buy): keep the steady ones, add N "
                             "answered buy, balance the answers, and stop")
    parser.add_argument("--refresh-buy", nargs="*", type=Path, default=None, metavar="FILE",
                        help="re-solve stored buy puzzle files with the current judgment (refresh_buy) and stop")
    args = parser.parse_args(argv)
    if args.mine_buy:
        # Ten Pennies' buys, mined on purpose. (Ten Card Rummy has no clear pass to mine: with
        # no token, and cards that may be shed, the gain's high end is never below zero.)
        n, answers_now = mine_buy(args.out / "buy.toml", "ten-pennies", ("buy",), args.mine_buy,
                                  workers=args.workers, progress=not args.no_progress)
        print(f"buy.toml: {n} puzzles, answers {dict(answers_now)}")
        print(f"stored matches no puzzle uses any more, let go: {prune_matches(args.out)}")
        return 0
    if args.refresh_buy is not None:
        for path in args.refresh_buy or (FOLDER / "buy.toml", FOLDER / "tcr-buy.toml"):
            n, dropped = refresh_buy(path)
            print(f"{path.name}: {n} kept, {len(dropped)} no longer steady, dropped: {' '.join(dropped) or '-'}")
        print(f"stored matches no puzzle uses any more, let go: {prune_matches(args.out)}")
        return 0
    start = time.perf_counter()
    entries, stored = generate(args.matches, args.seed, workers=args.workers, progress=not args.no_progress,
                               rate=not args.no_rating, cache=args.cache)
    counts = write(entries, stored, args.out)
    by = Counter((game_of(e), e["kind"]) for e in entries)
    for game in GAMES:
        print(f"{game:15} " + "  ".join(f"{k} {by[game, k]}" for k in KINDS if by[game, k]))
    tiers = Counter(e["tier"] for e in entries)
    print("tiers " + "  ".join(f"{t}: {tiers[t]}" for t in (1, 2, 3)))
    if any("rating" in e for e in entries):
        bands = Counter(e["rating"] // 200 * 200 for e in entries)
        print("ratings " + "  ".join(f"{b}-{b + 199}: {bands[b]}" for b in sorted(bands)))
    print(f"{sum(counts.values())} puzzles from {len(stored)} matches written to {args.out} "
          f"in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
