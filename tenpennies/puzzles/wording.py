"""The words of every puzzle kind: title, question, hints, wrong answers and explanation.

One home for what a puzzle says, built from the engine's :class:`~tenpennies.puzzles.answers.Solution`
(the generator writes them into the puzzle files; the sheet and the widget show them).

Hints teach without telling (issue 24). They accumulate: each adds something the ones
before did not say, from the round's rules, to a way of looking, to a fact of this hand
that points the way. None of them, alone or together, states the answer, a number equal
to it, or every card of it, and none leaves only one answer possible: a hint of a yes/no
kind reads the same whichever the answer is, and a buy hint gives the chances, never the
gain. The answer and why come with "Show solution" (the explanation).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.cards import SUIT_NAMES, format_cards, sort_key
from ..play.seat_position import SeatPosition, wild_limit_words
from ..engine.rules import hand_points
from ..solver import cards_needed, contract_arrangements
from ..engine.words import card_text, join_and, plural, rank_plural
from .answers import Solution, percent
from .choice_kinds import buy_question, buy_wrong
from .going_out_kinds import points_words
from .kinds import KINDS

__all__ = ["headline_words", "margin_words", "position_hint", "round_words", "words_for"]


def round_words(p: SeatPosition) -> str:
    """The round's contract and wild cards, in a sentence: the first hint of most kinds.
    Its numbers are the round's rules, the same for every hand of the round."""
    wild_words = f"the wild cards are {p.rules.wild_words(p.round_no)}, {wild_limit_words(p.contract)}"
    return f"Round {p.round_no} asks for {p.contract.words}; {wild_words}."


def words_for(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> dict[str, Any]:
    """Title, question, hints (a tuple, each adding to the last), wrong answers (a list of
    ``(answer, feedback)``) and explanation, built from the solution."""
    r, rules = p.round_no, p.rules
    contract = p.contract.words
    k = params.get("draws", 1)
    question = buy_question(p) if kind == "buy" else KINDS[kind].question_for(p).format(
        draws="your next stock card completes" if k == 1 else f"your next {k} stock cards complete")
    wrong: list[tuple[str, str]] = []
    explanation = "\n".join(s.reasoning)
    runs = rules.has_runs
    melds = "melds" if runs else "sets"
    if kind == "lay-down":
        title = f"Round {r}: {contract}?"
        # The same three hints whether the answer is yes or no: the round, a way of
        # looking, and where this hand is strongest (read from the hand, not the answer).
        hints = [round_words(p),
                 ("Look for runs as well as sets: each meld of the contract is a meld of its own, and "
                  "a run is one meld however long (C5)." if runs else
                  "Count the naturals of each rank (no suit twice in a set), then the wilds each set "
                  "may really use."),
                 _strongest(p)]
        if s.answer == "no":
            why = s.reasoning[2] if len(s.reasoning) > 2 else "Each set may hold only so many wilds, and no natural suit twice."
            if runs:  # the reasoning names the near miss: the feedback only points at it
                why = ("A long run is one meld, not two; and in every meld natural cards must outnumber "
                       "wilds.")
            wrong.append(("yes", f"Look again: {why[0].lower() + why[1:]}"))
        else:
            w = s.facts["wilds"]
            wrong.append(("no", f"Look again: the contract is there, with {plural(w, 'wild card')}."))
    elif kind == "missing":
        title = f"Round {r}: one card short"
        outs = s.facts["outs"]
        hints = [round_words(p),
                 ("Any card that completes a set, or extends a run at either end or fills its gap, is an "
                  "out; a joker is one if a meld can still take a wild." if runs else
                  "Any card that completes it is an out; a wild card is one if your sets can still take a wild."),
                 _how_many(len(outs), "Only one card completes it.",
                           f"There are {len(outs)} different cards that complete it.")]
        seen = Counter(p.hand) + Counter(p.seen_cards())
        tempting = [c for c in sorted(set(p.hand), key=sort_key)  # another copy the deck still has
                    if c not in outs and not rules.is_wild(c, r) and seen[c] < rules.decks]
        for c in tempting[:1]:
            after = cards_needed(tuple(p.hand) + (c,), r, rules)
            wrong.append((format_cards(outs + (c,)),  # (an answer as typed: the notation)
                          f"Another {card_text(c)} does not help: with it you still need {plural(after, 'more card')}."))
    elif kind == "buy":
        title = f"Round {r}: buy the {card_text(p.top_discard)}?"
        # The chances and what buying brings, never the gain: weighing them is the puzzle.
        hints = ["Compare two chances: holding the contract after buying, and after simply drawing; "
                 "then weigh the difference against what buying costs.",
                 s.reasoning[0],
                 s.reasoning[1]]
        wrong.extend((other, buy_wrong(s)) for other in ("buy", "pass", "close") if other != s.answer)
    elif kind == "discard":
        title = f"Round {r}: which discard?"
        chances = s.facts["chances"]
        best = s.facts["best"]
        worst_useful = [c for c, q in sorted(chances.items(), key=lambda cq: (-cq[1], sort_key(cq[0])))
                        if c not in best]
        hints = [round_words(p),
                 f"Keep the cards that make {melds}; count, for each discard, the cards that would then "
                 "complete the contract.",
                 f"The best chance is {percent(chances[best[0]])}."]
        if worst_useful:
            c = worst_useful[0]
            wrong.append((str(c), f"Close, but discarding {card_text(c)} leaves {percent(chances[c])}, "
                                  f"less than {percent(chances[best[0]])}."))
    elif kind == "go-out":
        title = f"Round {r}: go out this turn?"
        # The same hints whether the answer is yes or no: how going out works, in order.
        if rules.meld_before_draw:
            hints = ["To go out, every card must be melded or laid off before your draw: none may be "
                     "left, as no discard ends a round (C7).",
                     "Lay down the contract first if you have not; then new melds of three or more and "
                     "lay-offs onto any meld, a set at its rank, a run at its ends (C6, C11).",
                     "Go through your cards one by one and find where each could go: a card that fits "
                     "nowhere stops you."]
        else:
            hints = ["To go out, every card must go down or onto a set, but one you may discard.",
                     "Lay down the contract first if you have not; then new sets and additions to any "
                     "set on the table, yours or another's (T10).",
                     "Go through your cards one by one and find where each could go: one card that fits "
                     "nowhere can be the discard, two stop you."]
        if s.answer == "no":
            wrong.append(("yes", f"Every card {'' if rules.meld_before_draw else 'but one '}must go down "
                                 f"or onto a {'meld' if runs else 'set'} this turn: look for what stops that."))
        else:
            steps = s.answer.split("; ")
            wrong.append(("no", f"Look again: you can go out in {plural(len(steps), 'move')}."))
    elif kind == "additions":
        title = f"Round {r}: where can these go?"
        if runs:
            hints = ["A set takes a card of its rank; a run takes the next card of its suit at either end "
                     "(C11); a joker goes only where natural cards still outnumber wilds (C4).",
                     "Check each run's two ends: the rank just below its lowest card and just above its "
                     "highest, turning the corner K-A-2 if need be (C3).",
                     _how_many(len(s.facts["pairs"]), _count_words(1, "card-and-meld pair") + ".",
                               _count_words(len(s.facts["pairs"]), "card-and-meld pair") + ".")]
        else:
            wild_words = f"the wild cards are {rules.wild_words(r)}, {wild_limit_words(p.contract)}"
            hints = [f"{wild_words[0].upper() + wild_words[1:]}; a natural needs the set's rank and a suit it lacks.",
                     "Check each set's wilds against its limit before adding a wild.",
                     _how_many(len(s.facts["pairs"]), _count_words(1, "card-and-set pair") + ".",
                               _count_words(len(s.facts["pairs"]), "card-and-set pair") + ".")]
    elif kind == "count":
        title = f"Round {r}: how many ways?"
        n = s.facts["count"]
        every = contract_arrangements(p.hand, r, rules)
        exact = sum(1 for a in every if all(len(x) == p.contract.size for x in a.sets))
        hints = [round_words(p),
                 ("Melds may be larger than the contract's size, a run may be cut shorter at either end, "
                  "and a meld with or without a joker is another way." if runs else
                  "Sets may be larger than the contract's size, and a set with or without a wild is another way."),
                 _sources(p, every)]
        if exact != n:
            wrong.append((str(exact), f"{exact} counts only {melds} of exactly {p.contract.size}; larger "
                                      f"{melds} are ways too ({'C5' if runs else 'T13'})."))
    else:  # cost
        title = f"Round {r}: what does your hand cost?"
        groups: dict[int, list[str]] = {}
        for c in sorted(p.hand, key=sort_key):
            groups.setdefault(rules.card_points[c.rank], []).append(card_text(c))
        hints = [points_words(rules),
                 ("Group your cards by cost, then add up each group." if runs else
                  "Wild or not, a card costs what its rank costs: group your cards by cost, then add up "
                  "each group.")]
        if len(p.hand) > 1:  # one card's cost would be the answer itself
            hints.append("Your cards by what each costs: "
                         + "; ".join(f"{v} each: {' '.join(cs)}" for v, cs in sorted(groups.items())) + ".")
        naive = hand_points(p.hand, rules) - 15 * sum(1 for c in p.hand if c.rank in (1, 2))
        if not runs and naive != s.facts["points"]:
            wrong.append((str(naive), "Aces and twos cost 20 each, not 5 (T18)."))
    return dict(title=title, question=question, hints=tuple(hints), wrong=wrong, explanation=explanation)


def position_hint(puzzle, solution: Solution) -> str:
    """The first hint, and the free one (:data:`tenpennies.puzzles.session.FREE_HINTS`):
    what this position holds that points the way, computed now by the engine from the
    position and its solution, never a sentence every puzzle of the kind shares. It is the
    hint :func:`words_for` writes from the hand (where the strength is, how many outs or
    pairs, the chances of the best discard, what the melds come from, the cards by cost,
    the buy's two chances), or for going out, what is in hand and on the table; a puzzle
    that reads its own position (a personal one) says it itself."""
    own = getattr(puzzle, "position_words", None)
    if callable(own):
        return own()
    p = puzzle.position
    if puzzle.kind == "go-out":
        open_words = "you have laid down already" if p.opened[p.seat] else "you have not laid down yet"
        melds = "melds" if p.rules.has_runs else "sets"
        return (f"You hold {plural(len(p.hand), 'card')} and {open_words}; the table holds "
                f"{plural(len(p.table), melds[:-1])} that cards may go onto.")
    return words_for(puzzle.kind, p, puzzle.params, solution)["hints"][-1]


def margin_words(solution: Solution) -> str:
    """How far the answer beats the next best choice, in the unit it is measured in:
    points for a buy, a chance for a discard ('' for a matter of fact)."""
    m = solution.margin
    if m is None:
        return ""
    if solution.kind == "buy":
        if solution.answer == "close":
            return "Too close to call: neither choice is clearly better."
        return f"It beats the other choice by at least {float(m):.1f} points."
    return f"It beats the next best discard by {float(m) * 100:.1f} percentage points of chance."


def headline_words(solution: Solution) -> str:
    """The answer, what else is right and the margin, as a learner reads them."""
    lines = [f"Answer: {solution.answer}"]
    if solution.accepted:
        lines.append("Also right: " + "; ".join(solution.accepted))
    if margin_words(solution):
        lines.append(margin_words(solution))
    return "\n".join(lines)


def _strongest(p: SeatPosition) -> str:
    """Where the hand is strongest, read from the hand alone: its rank with the most
    naturals and, where melds may be runs, its suit with the most naturals."""
    r, rules = p.round_no, p.rules
    naturals = [c for c in p.hand if not rules.is_wild(c, r)]
    wilds = len(p.hand) - len(naturals)
    if rules.repeated_suits_allowed:
        by_rank = Counter(c.rank for c in naturals)
    else:  # no natural suit twice in one set: count each suit once a rank
        by_rank = Counter(c.rank for c in set(naturals))
    parts = []
    if by_rank:
        rank, n = max(by_rank.items(), key=lambda rn: (rn[1], rn[0]))
        parts.append(f"your {rank_plural(rank)} ({plural(n, 'natural')}{'' if rules.repeated_suits_allowed else ' of different suits'})")
    if rules.has_runs and naturals:
        by_suit = Counter(c.suit for c in set(naturals))
        suit, n = max(by_suit.items(), key=lambda sn: (sn[1], sn[0]))
        parts.append(f"your {SUIT_NAMES[suit]}s ({n} different ranks)")
    if not parts:
        return f"Start from your {plural(wilds, 'wild')}: what may they stand for?"
    return f"Start from {join_and(parts)}" + (f", and see what your {plural(wilds, 'wild')} can add." if wilds else ".")


def _sources(p: SeatPosition, every) -> str:
    """Where the contract's melds come from in this hand (ranks of sets, suits of runs),
    without saying how many ways they make."""
    r, rules = p.round_no, p.rules
    ranks, suits = set(), set()
    for a in every:
        for meld in a.sets:
            naturals = [c for c in meld if not rules.is_wild(c, r)]
            if len({c.rank for c in naturals}) == 1:
                ranks.add(naturals[0].rank)
            else:
                suits.add(naturals[0].suit)
    parts = [f"your {rank_plural(x)}" for x in sorted(ranks)]
    parts += [f"a run of your {SUIT_NAMES[x]}s" for x in sorted(suits)]
    if not parts:
        return "Look for the contract first, then for the ways each part of it can be larger or take a wild."
    melds = "melds" if rules.has_runs else "sets"
    return f"The {melds} can come from {join_and(parts)}; count the ways each can be made, then combine them."


def _how_many(n: int, one: str, many: str) -> str:
    """How many answers to find, as a hint: never when there are none, which would be
    the answer itself ('none'); then the hint only says where to look."""
    if n == 0:
        return "Take each card in turn and ask where it could go, or what it would complete."
    return one if n == 1 else many


def _count_words(n: int, thing: str) -> str:
    return f"There is 1 {thing}" if n == 1 else f"There are {n} {thing}s"
