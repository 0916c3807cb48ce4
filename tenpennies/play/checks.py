"""Why an action is not legal now: a match's checks, one per phase and one per thing put on
the table (T5-T14, C3-C11), each refusal an :class:`IllegalActionError` that says why in
words; and the table meld a checked lay-down, meld or addition makes.

:class:`MatchChecks` is a base class of :class:`~tenpennies.play.match.Match`, so its
checks are the match's own methods and a decision pays no call more for them. They read
the match's state (its hands, table, ``opened``, round, rules and discard pile, and the
turn's rule fields ``_runs`` and ``_free_take``, which the match reads once) and change
none of it. :meth:`~tenpennies.play.match.Match.verify` picks the check of the phase, and
:meth:`~tenpennies.play.match.Match.apply` plays what passed; what may be played is listed
by :mod:`tenpennies.play.legal`.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from ..engine.actions import Action, AddToSet, Buy, Discard, LayDown, Meld, Pass, TakeDiscard
from ..engine.cards import Card, format_cards, sort_key
from ..engine.errors import IllegalActionError, InvalidSetError
from ..engine.melds import MeldKind, TableMeld, laid_out_run, meld_kinds, meld_problems, run_ranks
from ..solver import contract_problems
from ..engine.sets import is_valid_set, set_problems, set_rank


class MatchChecks:
    """The checks of a :class:`~tenpennies.play.match.Match`, which holds the state they
    read (see the module)."""

    def _takes_freely(self, seat: int) -> bool:
        """Is ``seat`` the active player, which takes the top discard for nothing (C8)?"""
        return self._free_take and seat == self.active

    def _verify_offer(self, action: Action) -> None:
        seat = action.seat
        if self._takes_freely(seat):
            if not isinstance(action, (TakeDiscard, Pass)):
                raise IllegalActionError(
                    f"seat {seat} may take {self.discard_pile[-1]} as its draw or pass: nothing else now")
        elif not isinstance(action, (Buy, Pass)):
            raise IllegalActionError(
                f"seat {seat} is being offered {self.discard_pile[-1]}: it may only buy or pass")

    def _verify_play(self, action: Action) -> None:
        if isinstance(action, Discard):
            # (Asked first: most plays are discards; _verify_discard's test, in line.)
            card = action.card
            if not isinstance(card, Card) or card not in self.hands[action.seat]:
                self._verify_discard(action)  # says why not
            return
        if isinstance(action, (Buy, Pass, TakeDiscard)):
            raise IllegalActionError("there is no offer now: seat %d has drawn and plays" % action.seat)
        self._verify_melding(action)

    def _verify_meld_phase(self, action: Action) -> None:
        seat = action.seat
        if isinstance(action, TakeDiscard):
            if not self.discard_pile:
                raise IllegalActionError(f"the discard pile is empty: seat {seat} passes to draw from the stock")
            return
        if isinstance(action, Pass):
            return
        if isinstance(action, Buy):
            raise IllegalActionError(
                f"seat {seat} is the active player: it takes the top discard for nothing (take) or passes (C8)")
        if isinstance(action, Discard):
            raise IllegalActionError(
                f"seat {seat} has not drawn yet: it melds first, then takes the top discard or passes (C6)")
        self._verify_melding(action)

    def _verify_discard_phase(self, action: Action) -> None:
        if not isinstance(action, Discard):
            raise IllegalActionError(
                f"seat {action.seat} has drawn and may only discard now (C6: melding comes before the draw)")
        self._verify_discard(action)

    def _verify_discard(self, action: Discard) -> None:
        seat = action.seat
        if not isinstance(action.card, Card) or action.card not in self.hands[seat]:
            raise IllegalActionError(f"seat {seat} has no {action.card} to discard")

    def _verify_melding(self, action: Action) -> None:
        """Lay down, meld or add to a meld (T10, C6, C11), said why not in words."""
        seat = action.seat
        hand = self.hands[seat]
        if isinstance(action, LayDown):
            self._verify_lay_down(action, hand)
            return
        if not isinstance(action, (Meld, AddToSet)):
            raise IllegalActionError(f"{action!r} is not an action")
        if not self.opened[seat]:
            raise IllegalActionError(
                f"seat {seat} has not laid down its contract ({self.contract.words}) yet, "
                "so it may not meld or add to sets")
        self._verify_in_hand(action.cards, hand, seat)
        if isinstance(action, Meld):
            self._verify_new_meld(action)
            return
        if not isinstance(action.set_index, int) or not 0 <= action.set_index < len(self.table):
            raise IllegalActionError(
                f"there is no set {action.set_index} on the table (it has {len(self.table)} sets)")
        if not action.cards:
            raise IllegalActionError("adding to a set needs at least one card")
        self._verify_addition(action)

    def _verify_new_meld(self, action: Meld) -> None:
        if self._runs:
            self._run_or_set(action.seat, action.cards, action.end)  # raises, saying why
            return
        if action.end is not None:
            raise IllegalActionError("an end ('low'/'high') places a wild on a run, and this game has no runs")
        if is_valid_set(action.cards, self.round_no, self.rules):
            return  # the fast check, which set_problems agrees with: words only for a refusal
        problems = set_problems(action.cards, self.round_no, self.rules)
        if problems:
            raise IllegalActionError(f"{format_cards(action.cards)} is not a set: " + "; ".join(problems))

    def _verify_addition(self, action: AddToSet) -> None:
        if self._runs:
            self._added_meld(action)  # raises, saying why
            return
        if action.end is not None:
            raise IllegalActionError("an end ('low'/'high') places a wild on a run, and this game has no runs")
        target = self.table[action.set_index]
        cards = target.cards + action.cards
        if not is_valid_set(cards, self.round_no, self.rules):  # words only for a refusal
            self._refuse_addition(action, target, set_problems(cards, self.round_no, self.rules))

    def _refuse_addition(self, action: AddToSet, target: TableMeld, problems: Sequence[str]) -> None:
        if problems:
            raise IllegalActionError(
                f"adding {format_cards(action.cards)} to set {action.set_index} "
                f"({format_cards(target.cards)}) breaks it: " + "; ".join(problems))

    def _table_meld(self, seat: int, cards: tuple[Card, ...], end: str | None = None) -> TableMeld:
        """The table meld of checked ``cards``: a set, or where runs count, a set or a run."""
        if self._runs:
            return self._run_or_set(seat, cards, end)
        return TableMeld(seat, MeldKind.SET, cards, set_rank(cards, self.round_no, self.rules))

    def _run_or_set(self, seat: int, cards: tuple[Card, ...], end: str | None) -> TableMeld:
        """The meld ``cards`` make where runs count (C3, C4), or IllegalActionError why not."""
        r, rules = self.round_no, self.rules
        kinds = meld_kinds(cards, r, rules)
        if not kinds:
            why = "; ".join(f"not a {kind} ({', '.join(meld_problems(cards, kind, r, rules))})"
                            for kind in sorted(rules.meld_kinds))
            raise IllegalActionError(f"{format_cards(cards)} is not a meld: {why}")
        if MeldKind.RUN in kinds and MeldKind.SET not in kinds:
            ordered = laid_out_run(cards, r, rules, end)
            return TableMeld(seat, MeldKind.RUN, ordered, ranks=run_ranks(ordered, r, rules))
        if end is not None:
            raise IllegalActionError(f"{format_cards(cards)} is a set: an end places a wild on a run only")
        return TableMeld(seat, MeldKind.SET, cards, set_rank(cards, r, rules))

    def _added_meld(self, action: AddToSet) -> TableMeld:
        """The table meld after ``action`` (T14, C4, C11): checked already in a set-only
        game; where runs count, IllegalActionError says why not."""
        target = self.table[action.set_index]
        if not self._runs:
            return target.added(action.cards)
        r, rules, end = self.round_no, self.rules, action.end
        if target.kind is MeldKind.RUN:
            added = target.added(action.cards, end)
            problems = meld_problems(added.cards, MeldKind.RUN, r, rules)
            if not problems:
                try:  # each card must sit where its rank fits, at the end it was put (C11)
                    if run_ranks(added.cards, r, rules) == added.ranks:
                        return added
                    problems = ("a card does not fit at that end",)
                except InvalidSetError as exc:
                    problems = (str(exc),)
        else:
            if end is not None:
                raise IllegalActionError(f"meld {action.set_index} is a set: an end places a wild on a run only")
            problems = meld_problems(target.cards + action.cards, MeldKind.SET, r, rules)
        self._refuse_addition(action, target, problems)
        return target.added(action.cards)

    def _verify_in_hand(self, cards: Sequence[Card], hand: list[Card], seat: int) -> None:
        if not isinstance(cards, tuple) or not all(isinstance(c, Card) for c in cards):
            raise IllegalActionError(f"an action's cards must be a tuple of Card values, not {cards!r}")
        # Counted with list.count (cards compare by identity, in C): Counters would hash
        # every card of the hand in Python, and this is asked of every meld.
        if any(cards.count(c) > hand.count(c) for c in cards):
            missing = Counter(cards) - Counter(hand)
            raise IllegalActionError(
                f"seat {seat} does not hold {format_cards(sorted(missing.elements(), key=sort_key))}")

    def _verify_lay_down(self, action: LayDown, hand: list[Card]) -> None:
        seat = action.seat
        if self.opened[seat]:
            raise IllegalActionError(f"seat {seat} has already laid down its contract this round")
        if not isinstance(action.sets, tuple) or not all(
                isinstance(s, tuple) and all(isinstance(c, Card) for c in s) for s in action.sets):
            raise IllegalActionError(f"a lay-down's sets must be tuples of Card values, not {action.sets!r}")
        # The solver owns what a contract is (T13-T15, C5), and says why not in words.
        problems = contract_problems(action.sets, self.round_no, self.rules, hand=hand)
        if problems:
            raise IllegalActionError(f"seat {seat} cannot lay down {action.text[4:]}: " + "; ".join(problems))
