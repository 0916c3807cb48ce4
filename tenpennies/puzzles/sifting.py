"""What a mined candidate is worth as a puzzle: is its answer clear, is it new, and, if it
is kept, its themes and its first tier.

A position makes a puzzle only when its answer is clear (:func:`clear`): unique up to
cards a learner sees as one (:func:`equal_key`) and, for the kinds that rank choices,
ahead of the next best by :data:`MARGINS`; a buy's verdict must also hold by the expert's
rollouts (:func:`buy_holds`). Two puzzles of one :func:`canonical` form (suits relabelled)
are one. Themes are tagged by predicates (:func:`themes_of`), never by hand, and the tier
comes first from what makes a position hard to read (:func:`tier_of`), then from the
rating's band (:data:`TIER_BANDS`). The generator (:mod:`tenpennies.puzzles.generate`)
and the buy re-mining (:mod:`tenpennies.puzzles.buy_mining`) sift by these alike.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from typing import Any

from ..bots.buycheck import check_buy, refusal
from ..engine.cards import Card, format_cards, parse_cards, sort_key
from ..engine.melds import MeldKind, meld_kinds, run_ranks
from ..play.seat_position import SeatPosition
from ..solver import can_lay_down
from . import THEMES
from .answers import Solution

__all__ = ["BUY_ROLLOUTS", "MARGINS", "TIER_BANDS", "bots_wrong", "buy_holds", "canonical", "clear", "equal_key",
           "themes_of", "tier_of"]


MARGINS = {"buy": Fraction(1, 50), "discard": Fraction(1, 100)}
"""The least margin a ranked answer must have over the next best to be a puzzle."""

BUY_ROLLOUTS = 24
"""The expert's rollouts a buy puzzle's verdict is checked by (:func:`buy_holds`)."""

TIER_BANDS = (1400, 1700)
"""Ratings below the first are tier 1, below the second tier 2, the rest tier 3."""


# -- keeping clear answers ---------------------------------------------------------------
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


# -- themes and tiers --------------------------------------------------------------------
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
