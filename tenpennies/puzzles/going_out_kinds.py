"""The puzzle kinds about emptying the hand once the contract is down: can you go out this
turn (``go-out``), which of your cards can go on which meld of the table (``additions``),
and what the cards still in hand cost if the round ends now (``cost``).

A go-out answer is a list of moves, and any order and any melds that empty the hand are
right: :func:`go_out_problems` checks a learner's moves one by one (T10-T12; in Ten Card
Rummy melds and lay-offs before the draw and no discard, C6, C7, C11), where the solver
(:func:`~tenpennies.solver.plan_go_out`) finds one plan, which :func:`plan_text` writes
as moves. The cost counts the rule set's own points (T18, C14).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ..engine.actions import AddToSet, Discard, LayDown, Meld, parse_action
from ..engine.cards import Card, format_cards, parse_cards, sort_key
from ..engine.errors import NotationError
from ..engine.melds import make_table_meld, meld_additions, meld_kinds
from ..engine.rules import hand_points
from ..engine.sets import set_problems
from ..engine.words import card_text, cards_text, plural, rank_plural, tens_as_written
from ..play.seat_position import SeatPosition
from ..solver import additions, can_lay_down, contract_problems, plan_go_out
from .answers import Kind, Solution, Verdict, _round_words, _sentence, _sets_text, _yes_no

__all__ = ["AdditionsKind", "CostKind", "GoOutKind", "go_out_problems", "plan_text", "points_words"]


# -- go out this turn? -----------------------------------------------------------------
class GoOutKind(Kind):
    name = "go-out"
    question = "You have drawn. Can you go out this turn? If you can, give the moves in order."
    answer_form = ("Answer 'no', or the moves in order split by ';' (lay SETS, meld CARDS, add N CARDS, "
                   "discard CARD), like 'lay 7S 7H 7D / 9S 9H JK; add 0 KC; discard 4D'.")

    def question_for(self, position):
        if position.rules.meld_before_draw:
            return ("It is your turn, before your draw: melding comes first (C6). Can you go out now, "
                    "melding or laying off every card (no discard ends a round, C7)? If you can, give the "
                    "moves in order.")
        return self.question

    def answer_form_for(self, position):
        if position.rules.meld_before_draw:
            return ("Answer 'no', or the moves in order split by ';' (lay MELDS, meld CARDS, add N CARDS, "
                    "with 'low' or 'high' after a joker that could go at either end of a run), like "
                    "'lay 7S 7H 7D; add 0 7C; add 1 JK low'.")
        return self.answer_form

    def read(self, text, position):
        said = _yes_no(text)
        if said is not None:
            return said
        steps = [s for s in text.replace(", then", ";").split(";") if s.strip()]
        if not steps:
            raise NotationError("it holds no moves")
        return tuple(parse_action(s, position.seat) for s in steps)

    def solve(self, position, params):
        me = position.seat
        plan = plan_go_out(position.hand, position.table, position.round_no, position.opened[me], position.rules)
        if plan is None:
            stuck = _stuck_cards(position)
            if not position.opened[me] and not can_lay_down(position.hand, position.round_no, position.rules):
                why = "you have not laid down, and your hand does not hold the contract"
            elif position.rules.meld_before_draw and stuck:
                why = (f"{cards_text(stuck)} {'fits' if len(stuck) == 1 else 'fit'} nowhere (no meld on the "
                       "table takes it and no new meld of yours can hold it), and a round ends only "
                       "when every card is melded (C7)")
            elif position.rules.meld_before_draw:
                why = ("your cards cannot all go into melds at once: each card has a place, but not "
                       "all of them together")
            elif len(stuck) > 1:
                why = (f"{cards_text(stuck)} fit nowhere (no set on the table takes them and no new "
                       "set of yours can hold them), and only one card may be discarded")
            else:
                why = ("your cards cannot all go into sets at once: with the wild limit and no "
                       "natural suit twice in a set, more than one card is left with nowhere to go")
            return Solution(self.name, "no", reasoning=(f"You cannot go out: {why}.",),
                            facts={"plan": None, "stuck": stuck})
        return Solution(self.name, plan_text(plan),
                        reasoning=(f"Go out: {tens_as_written(str(plan))}.",  # (the solver's words for its plan)
                                   "Other orders and other sets that use every card are right too."),
                        facts={"plan": plan})

    def judge(self, value, solution, position, params):
        if value == "no":
            if solution.answer == "no":
                return Verdict(True, solution.reasoning[0])
            return Verdict(False, "'No' is wrong: you can go out this turn. Find the moves.")
        if value == "yes":
            if solution.answer == "no":
                return Verdict(False, "'Yes' is wrong: try to write the moves, and see what stops you.")
            return Verdict(False, "Yes, you can, but give the moves. " + self.answer_form_for(position))
        problems = go_out_problems(value, position)
        if problems:
            return Verdict(False, "Those moves do not go out: " + "; ".join(problems) + ".")
        return Verdict(True, "Those moves empty your hand this turn.")


def _stuck_cards(position: SeatPosition) -> tuple[Card, ...]:
    """Cards of the hand no table set takes and no set of three from the hand can hold."""
    r, rules = position.round_no, position.rules
    hand = list(position.hand)
    fits = {c for c, _ in additions(hand, position.table, r, rules)}
    if rules.has_runs:  # a card with no meld of three from the hand (a set or a run, C3) and no lay-off
        return tuple(c for i, c in enumerate(hand) if c not in fits and not any(
            meld_kinds((c,) + pair, r, rules) for pair in combinations(hand[:i] + hand[i + 1:], 2)))
    wild = rules.wild_table(r)
    stuck = []
    for i, card in enumerate(hand):
        if card in fits:
            continue
        rest = hand[:i] + hand[i + 1:]
        partners = [c for c in rest if wild[c.index] or wild[card.index] or c.rank == card.rank]
        if not any(not set_problems((card,) + pair, r, rules)
                   for pair in combinations(partners, 2)):
            stuck.append(card)
    return tuple(stuck)


def plan_text(plan) -> str:
    """A :class:`~tenpennies.solver.GoOutPlan` as moves a learner types, joined by '; '."""
    steps = []
    if plan.lay_down is not None:
        steps.append("lay " + _sets_text(plan.lay_down.sets))
    steps.extend("meld " + format_cards(m) for m in plan.melds)
    ends = plan.ends or (None,) * len(plan.additions)  # a wild's end of a run (C4), where it has two
    steps.extend(f"add {n} {format_cards(cards)}" + (f" {end}" if end else "")
                 for (n, cards), end in zip(plan.additions, ends))
    if plan.discard is not None:
        steps.append(f"discard {plan.discard}")
    return "; ".join(steps)


def go_out_problems(actions, position: SeatPosition) -> list[str]:
    """Why ``actions`` (in order) do not empty the seat's hand this turn (T10-T12); [] if they do."""
    r, rules, me = position.round_no, position.rules, position.seat
    if rules.has_runs:
        return _meld_go_out_problems(actions, position)
    hand = Counter(position.hand)
    table = [list(t.cards) for t in position.table]
    opened = position.opened[me]
    problems: list[str] = []
    for n, action in enumerate(actions, 1):
        if isinstance(action, Discard):
            cards: tuple[Card, ...] = (action.card,)
            if n != len(actions):
                problems.append(f"move {n}: the discard ends the turn, so it must come last")
        elif isinstance(action, LayDown):
            cards = action.cards
            if opened:
                problems.append(f"move {n}: you have laid down already")
            problems.extend(f"move {n}: {p}" for p in contract_problems(action.sets, r, rules))
            opened = True
            table.extend(list(s) for s in action.sets)
        elif isinstance(action, (Meld, AddToSet)):
            cards = action.cards
            if not opened:
                problems.append(f"move {n}: lay down your contract before melding or adding (T10)")
            if isinstance(action, Meld):
                problems.extend(f"move {n}: {p}" for p in set_problems(cards, r, rules))
                table.append(list(cards))
            elif not 0 <= action.set_index < len(table):
                problems.append(f"move {n}: there is no set {action.set_index}")
            else:
                table[action.set_index].extend(cards)
                problems.extend(f"move {n}: set {action.set_index} would break: {p}"
                                for p in set_problems(table[action.set_index], r, rules))
        else:
            problems.append(f"move {n}: {action.text} is not a move of this turn")
            continue
        missing = Counter(cards) - hand
        if missing:
            problems.append(f"move {n}: you do not hold {cards_text(sorted(missing.elements(), key=sort_key))}")
        hand -= Counter(cards)
    if +hand:
        problems.append(f"{cards_text(sorted(hand.elements(), key=sort_key))} would still be in your hand")
    return problems


def _meld_go_out_problems(actions, position: SeatPosition) -> list[str]:
    """:func:`go_out_problems` where melds may be runs (Ten Card Rummy): the contract as
    separate melds (C5), new melds of three or more, lay-offs one card at a time at a
    set or a run's end (C4, C11); where melding comes before the draw, no discard (C7)."""
    r, rules, me = position.round_no, position.rules, position.seat
    hand = Counter(position.hand)
    table = list(position.table)
    opened = position.opened[me]
    problems: list[str] = []
    for n, action in enumerate(actions, 1):
        cards = getattr(action, "cards", ())
        if isinstance(action, Discard):
            cards = (action.card,)
            if rules.meld_before_draw:
                problems.append(f"move {n}: a round ends only when every card is melded (C7); "
                                "a discard comes after the draw")
            elif n != len(actions):
                problems.append(f"move {n}: the discard ends the turn, so it must come last")
        elif isinstance(action, LayDown):
            if opened:
                problems.append(f"move {n}: you have laid down already")
            found = contract_problems(action.sets, r, rules)
            problems.extend(f"move {n}: {p}" for p in found)
            opened = True
            if not found:
                table.extend(make_table_meld(me, None, m, r, rules) for m in action.sets)
        elif isinstance(action, Meld):
            if not opened:
                problems.append(f"move {n}: lay down your contract before melding (C6)")
            if not meld_kinds(cards, r, rules):
                problems.append(f"move {n}: {cards_text(cards)} is neither a set nor a run (C3, C4)")
            else:
                table.append(make_table_meld(me, None, cards, r, rules, wild_end=action.end or "high"))
        elif isinstance(action, AddToSet):
            if not opened:
                problems.append(f"move {n}: lay down your contract before laying off (C6)")
            if not 0 <= action.set_index < len(table):
                problems.append(f"move {n}: there is no meld {action.set_index}")
            else:
                meld = table[action.set_index]
                for card in cards:  # one card at a time, each where the meld takes it (C11)
                    places = [end for c, end in meld_additions(meld, [card], r, rules) if c == card]
                    if not places or (action.end is not None and len(places) > 1 and action.end not in places):
                        problems.append(f"move {n}: meld {action.set_index} does not take {card_text(card)}")
                        break
                    end = action.end if action.end in places else places[0]
                    meld = meld.added([card], end)
                table[action.set_index] = meld
        else:
            problems.append(f"move {n}: {action.text} is not a move of this turn")
            continue
        missing = Counter(cards) - hand
        if missing:
            problems.append(f"move {n}: you do not hold {cards_text(sorted(missing.elements(), key=sort_key))}")
        hand -= Counter(cards)
    if +hand:
        problems.append(f"{cards_text(sorted(hand.elements(), key=sort_key))} would still be in your hand")
    return problems


# -- where can these go? ---------------------------------------------------------------
class AdditionsKind(Kind):
    name = "additions"
    question = ("You have laid down. Which of your cards could you add to which set on the table, "
                "each on its own?")
    answer_form = "Answer CARD:SET for each pair (sets are numbered from 0), like 'KC:0 JK:1', or 'none'."

    def read(self, text, position):
        if text.strip().lower() in ("none", "nothing", "-"):
            return frozenset()
        pairs = set()
        for word in text.replace(",", " ").split():
            card, colon, n = word.partition(":")
            n, _, end = n.partition(":")  # a run's end may be named (C4): it does not change the pair
            if not colon or not (n.isdecimal() and n.isascii()) or end not in ("", "low", "high"):
                raise NotationError(f"{word!r} is not CARD:SET")
            pairs.add((parse_cards(card)[0], int(n)))
        return frozenset(pairs)

    def answer_form_for(self, position):
        if position.rules.has_runs:
            return ("Answer CARD:MELD for each pair (melds are numbered from 0), like 'KC:0 JK:1', or 'none'; "
                    "a joker's end of a run may follow, like 'JK:1:low'.")
        return self.answer_form

    def question_for(self, position):
        if position.rules.has_runs:
            return ("You have laid down. Which of your cards could you lay off on which meld on the table, "
                    "each on its own (a set takes its rank; a run the next card at either end)?")
        return self.question

    def solve(self, position, params):
        found = additions(position.hand, position.table, position.round_no, position.rules)
        if position.rules.has_runs:
            return self._solve_melds(position, found)
        lines = [_round_words(position) + " No set holds a natural suit twice."]
        r, rules = position.round_no, position.rules
        wild = rules.wild_table(r)
        held_wilds = any(wild[c.index] for c in position.hand)
        for n, t in enumerate(position.table):
            fits = [card_text(c) for c, m in found if m == n]
            line = (f"Set {n} ({cards_text(t.cards)}): "
                    + (f"takes {', '.join(fits)}." if fits else "takes none of your cards."))
            # Say why a card that looks as if it fits does not: the limit, or a suit held twice.
            wilds = sum(1 for c in t.cards if wild[c.index])
            if held_wilds and wilds >= rules.contract(r).wild_limit:
                line += f" It holds {plural(wilds, 'wild')} already, its limit."
            clash = sorted({c for c in position.hand if not wild[c.index] and c.rank == t.rank
                            and c in t.cards}, key=sort_key)
            if clash:
                line += f" It has the {cards_text(clash)} already."
            lines.append(line)
        return Solution(self.name, _pairs_text(found), reasoning=tuple(lines), facts={"pairs": found})

    def _solve_melds(self, position, found):
        """Where melds may be runs (C11): a set takes a card of its rank, a run the next
        card at either end; a joker may go at either end of a run, and the reasoning says
        which end each card goes to."""
        r, rules = position.round_no, position.rules
        ends = additions(position.hand, position.table, r, rules, ends=True)
        lines = [_round_words(position) + " A set takes a card of its rank (suits may repeat, C3); "
                 "a run takes the next card of its suit at either end (C11), never past 13 cards."]
        for n, t in enumerate(position.table):
            places: dict[Card, list[str]] = {}
            for c, m, end in ends:
                if m == n:
                    places.setdefault(c, []).append(end or "")
            fits = [f"{card_text(c)} ({' or '.join(e for e in es if e)} end)" if any(es) else card_text(c)
                    for c, es in sorted(places.items(), key=lambda ce: sort_key(ce[0]))]
            what = f"set of {rank_plural(t.rank)}" if t.rank is not None else "run"
            lines.append(f"Meld {n} ({what}, {cards_text(t.cards)}): "
                         + (f"takes {', '.join(fits)}." if fits else "takes none of your cards."))
        return Solution(self.name, _pairs_text(found), reasoning=tuple(lines),
                        facts={"pairs": found, "ends": ends})

    def judge(self, value, solution, position, params):
        right = frozenset(solution.facts["pairs"])
        missed, extra = right - value, value - right
        if not missed and not extra:
            return Verdict(True, " ".join(solution.reasoning[1:]))
        parts = []
        held = [c for c, n in sorted(extra, key=lambda cn: (cn[1], sort_key(cn[0])))
                if c not in position.hand]
        if held:
            parts.append(f"{cards_text(held)} {'is' if len(held) == 1 else 'are'} not in your hand")
        if extra:
            parts.append(f"{_pairs_text(extra)} cannot be added")
        if missed:  # how many, not which: naming them would give the answer away
            parts.append(f"you left out {plural(len(missed), 'pair')} that can")
        return Verdict(False, _sentence(parts) + ".")


def _pairs_text(pairs) -> str:
    ordered = sorted(pairs, key=lambda cn: (cn[1], sort_key(cn[0])))
    return " ".join(f"{c}:{n}" for c, n in ordered) or "none"


# -- what does it cost? ----------------------------------------------------------------
def points_words(rules) -> str:
    """What each card costs in a hand at the round's end, in words, from the rule set's
    own points (T18, C14): the same sentence for every hand of that game."""
    pts = rules.card_points  # by rank, the joker at 0
    if pts[3:10] == tuple(range(3, 10)):  # pip values (Ten Card Rummy, C14)
        return (f"2-9 cost their pips, tens and faces {pts[10]}, an ace {pts[1]}, "
                f"a joker {pts[0]} (C14).")
    return (f"3-9 cost {pts[3]}, tens and faces {pts[10]}, aces and twos {pts[1]} (wild or not), "
            f"jokers {pts[0]} (T18).")


class CostKind(Kind):
    name = "cost"
    question = "If the round ended now, how many points would the cards in your hand cost you?"
    answer_form = "Answer a whole number of points, like '85'."

    def read(self, text, position):
        word = text.strip().lower().removesuffix("points").strip()
        if not (word.isdecimal() and word.isascii()):
            raise NotationError("it is not a whole number")
        return int(word)

    def solve(self, position, params):
        rules = position.rules
        total = hand_points(position.hand, rules)
        groups: dict[int, list[str]] = {}
        for c in position.hand:
            groups.setdefault(rules.card_points[c.rank], []).append(card_text(c))
        parts = [f"{len(cs)} × {v} ({' '.join(cs)}) = {len(cs) * v}" for v, cs in sorted(groups.items())]
        lines = (points_words(rules), "; ".join(parts) + f"; in all {total}.")
        return Solution(self.name, str(total), reasoning=lines, facts={"points": total})

    def judge(self, value, solution, position, params):
        total = solution.facts["points"]
        if value == total:
            return Verdict(True, solution.reasoning[1])
        return Verdict(False, f"{value} is too {'low' if value < total else 'high'}. {solution.reasoning[0]}")
