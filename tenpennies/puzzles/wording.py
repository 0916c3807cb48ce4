"""The words of every puzzle kind: question, title, hints, wrong answers and explanation.

One home for what a puzzle says, built from the engine's :class:`~tenpennies.puzzles.kinds.Solution`
(the generator, the sheet and the widget all read it from here). A puzzle's hints
accumulate: each adds to the ones before it, and none before "Show solution" gives the
answer away.
"""

from __future__ import annotations

from typing import Any

from ..cards import SUIT_NAMES, format_cards, parse_cards, sort_key
from ..position import SeatPosition, wild_limit_words
from ..rules import hand_points
from ..solver import cards_needed, contract_arrangements
from ..words import plural, rank_plural
from .kinds import KINDS, Solution, buy_question, buy_wrong, percent

__all__ = ["words_for"]


def words_for(kind: str, p: SeatPosition, params: dict[str, Any], s: Solution) -> dict[str, Any]:
    """Title, question, hints, wrong answers and explanation, built from the solution."""
    r, rules = p.round_no, p.rules
    contract = p.contract.words
    wild_words = f"the wild cards are {rules.wild_words(r)}, {wild_limit_words(p.contract)}"
    k = params.get("draws", 1)
    question = buy_question(p) if kind == "buy" else KINDS[kind].question.format(
        draws="your next stock card completes" if k == 1 else f"your next {k} stock cards complete")
    wrong: list[tuple[str, str]] = []
    explanation = "\n".join(s.reasoning)
    if kind == "lay-down":
        title = f"Round {r}: {contract}?"
        if s.answer == "no":
            hints = [f"Round {r} asks for {contract}; {wild_words}.",
                     ("Look for runs as well as sets; each meld of the contract is a meld of its own."
                      if rules.has_runs else "Count the naturals of each rank, then the wilds each set may really use."),
                     s.reasoning[1]]
            why = s.reasoning[2] if len(s.reasoning) > 2 else "Each set may hold only so many wilds, and no natural suit twice."
            if rules.has_runs:  # the reasoning names the near miss: the feedback only points at it
                why = ("A long run is one meld, not two; and in every meld natural cards must outnumber "
                       "wilds.")
            wrong.append(("yes", f"Look again: {why[0].lower() + why[1:]}"))
        else:
            sets = s.answer[5:]
            first = sets.split("/")[0].split()
            rank = next((c for c in parse_cards(first) if not rules.is_wild(c, r)), None)
            w = s.facts["wilds"]
            naturals = [c for c in parse_cards(first) if not rules.is_wild(c, r)]
            a_run = len({c.rank for c in naturals}) > 1  # a meld of several ranks is a run (C3)
            start = (f"Start from your {SUIT_NAMES[rank.suit]}s." if rank and a_run else
                     f"Start from your {rank_plural(rank.rank)}." if rank else "Start from your wilds.")
            hints = [f"Round {r} asks for {contract}; {wild_words}.",
                     start,
                     f"The contract uses {plural(w, 'wild card')}. {s.reasoning[-1]}"]
            wrong.append(("no", f"Look again: the contract is there, with {plural(w, 'wild card')}."))
    elif kind == "missing":
        title = f"Round {r}: one card short"
        outs = s.facts["outs"]
        hints = [f"Round {r} asks for {contract}; {wild_words}.",
                 "Any card that completes it is an out; a wild card is one if your sets can still take a wild.",
                 ("Only one card completes it." if len(outs) == 1 else
                  f"There are {len(outs)} different cards that complete it.")]
        tempting = [c for c in sorted(set(p.hand), key=sort_key)
                    if c not in outs and not rules.is_wild(c, r)]
        for c in tempting[:1]:
            after = cards_needed(tuple(p.hand) + (c,), r)
            wrong.append((format_cards(outs + (c,)),
                          f"Another {c} does not help: with it you still need {plural(after, 'more card')}."))
    elif kind == "buy":
        title = f"Round {r}: buy the {p.top_discard}?"
        hints = ["Compare two chances: holding the contract after buying, and after simply drawing.",
                 s.reasoning[0],
                 s.reasoning[2]]  # what holding the contract sooner is worth, in points (tenpennies.buying)
        wrong.extend((other, buy_wrong(s)) for other in ("buy", "pass", "close") if other != s.answer)
    elif kind == "discard":
        title = f"Round {r}: which discard?"
        chances = s.facts["chances"]
        best = s.facts["best"]
        worst_useful = [c for c, q in sorted(chances.items(), key=lambda cq: (-cq[1], sort_key(cq[0])))
                        if c not in best]
        hints = [f"Round {r} asks for {contract}; {wild_words}.",
                 "Keep the cards that complete sets; count, for each discard, the cards that would then complete the contract.",
                 f"The best chance is {percent(chances[best[0]])}."]
        if worst_useful:
            c = worst_useful[0]
            wrong.append((str(c), f"Close, but discarding {c} leaves {percent(chances[c])}, "
                                  f"less than {percent(chances[best[0]])}."))
    elif kind == "go-out":
        title = f"Round {r}: go out this turn?"
        if s.answer == "no":
            hints = ["To go out, every card must go down or onto a set, but one you may discard.",
                     "Look for the card that fits nowhere.", s.reasoning[0]]
            wrong.append(("yes", "Every card but one must go down or onto a set this turn: "
                                 "look for what stops that."))
        else:
            steps = s.answer.split("; ")
            hints = ["To go out, every card must go down or onto a set, but one you may discard.",
                     f"Begin with: {steps[0]}.", f"The plan has {len(steps)} moves."]
            wrong.append(("no", f"Look again: you can go out in {plural(len(steps), 'move')}."))
    elif kind == "additions":
        title = f"Round {r}: where can these go?"
        hints = [f"{wild_words[0].upper() + wild_words[1:]}; a natural needs the set's rank and a suit it lacks.",
                 "Check each set's wilds against its limit before adding a wild.",
                 _count_words(len(s.facts["pairs"]), "card-and-set pair") + "."]
    elif kind == "count":
        title = f"Round {r}: how many ways?"
        n = s.facts["count"]
        exact = sum(1 for a in contract_arrangements(p.hand, r)
                    if all(len(x) == p.contract.size for x in a.sets))
        hints = [f"Round {r} asks for {contract}; {wild_words}.",
                 "Sets may be larger than the contract's size, and a set with or without a wild is another way.",
                 f"{exact} of the ways use sets of exactly {p.contract.size}."]
        if exact != n:
            wrong.append((str(exact), f"{exact} counts only sets of exactly {p.contract.size}; larger sets are ways too (T13)."))
    else:  # cost
        title = f"Round {r}: what does your hand cost?"
        hints = ["3-9 cost 5, tens and faces 10.", "Aces and twos cost 20, even when wild; a joker 50.",
                 s.reasoning[1].split("; in all")[0] + "."]
        naive = hand_points(p.hand, rules) - 15 * sum(1 for c in p.hand if c.rank in (1, 2))
        if naive != s.facts["points"]:
            wrong.append((str(naive), "Aces and twos cost 20 each, not 5 (T18)."))
    return dict(title=title, question=question, hints=hints, wrong=wrong, explanation=explanation)


def _count_words(n: int, thing: str) -> str:
    return f"There is 1 {thing}" if n == 1 else f"There are {n} {thing}s"
