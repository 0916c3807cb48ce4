"""The state behind the interactive explorers, as small frozen values (no widgets here).

Four explorers, each a frozen value whose methods return the next value, so that a
lesson, a test or a widget can drive it from plain Python:

* :class:`SetCheck`: cards clicked into a set; valid, or every reason it is not
  (:func:`tenpennies.engine.sets.set_problems`).
* :class:`ContractView`: a seeded or typed hand; the solver's arrangements, what is
  missing and the outs (:mod:`tenpennies.solver`).
* :class:`OddsTable`: the rule-set fields a house changes, and the exact chance of
  being dealt each round's contract under them (:func:`tenpennies.odds.dealt_probability`).
* :class:`BuyChoice`: a hand and an offered card; the one buy judgment's verdict
  (:func:`tenpennies.bots.buying.judge_offer`), with its chances of holding the contract with
  the cards each choice gets, and beside them the chances right after this draw
  (:func:`tenpennies.odds.buy_or_pass`).

Each has ``svg()`` (its picture) and, where it helps, ``text()``;
:mod:`tenpennies.widgets.explorers` only draws these and forwards clicks::

    >>> check = SetCheck(round_no=1).add(Card("7S")).add(Card("7H"))
    >>> check.verdict
    'Not a set: only 2 cards: a set needs at least 3'
    >>> check.add(Card("JK")).verdict
    '7S 7H JK is a set in round 1.'
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable

from ..engine.cards import Card, Hand, parse_cards, sort_key
from ..engine.errors import NoSuchCardError, NotationError
from ..odds import BuyDecision, buy_or_pass, dealt_probability
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.sets import set_problems
from ..solver import Arrangement, MissingCards, contract_arrangements, what_is_missing
from ..bots.buying import judge_offer
from ..explain.decisions import buy_words
from ..engine.words import card_text, cards_text, melds_text, tens_as_written
from ..pictures import svg
from ..engine.words import plural

__all__ = ["SetCheck", "ContractView", "OddsTable", "OddsRow", "BuyChoice", "WILD_ACES_AND_TWOS",
           "deal_hand"]


def deal_hand(seed: int, rules: RuleSet = TEN_PENNIES) -> Hand:
    """A hand of ``rules.hand_size`` cards from a deck shuffled by ``random.Random(seed)``.

    >>> deal_hand(1) == deal_hand(1) != deal_hand(2)
    True
    """
    return Hand(random.Random(seed).sample(rules.deck(), rules.hand_size))


def _over_deck(cards: Iterable[Card], rules: RuleSet) -> list[Card]:
    """The card values ``cards`` hold more copies of than the deck has."""
    deck = Counter(rules.deck())
    held = Counter(cards)
    return sorted((c for c in held if held[c] > deck[c]), key=sort_key)


# ---------------------------------------------------------------------------------
# The set checker
# ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class SetCheck:
    """Cards picked for a set in one round, and whether they make one (T13-T15).

    ``note`` says why the last click changed nothing (the deck holds no more copies).
    """

    round_no: int = 1
    cards: tuple[Card, ...] = ()
    rules: RuleSet = TEN_PENNIES
    note: str = ""

    def __post_init__(self) -> None:
        self.rules.contract(self.round_no)  # a round that does not exist raises RuleSetError

    def add(self, card: Card) -> "SetCheck":
        """The cards with one more ``card``, if the deck has another copy of it."""
        if _over_deck(self.cards + (card,), self.rules):
            copies = self.rules.deck().count(card)
            return dataclasses.replace(
                self, note=f"the deck holds only {copies} {card_text(card)}: no more can be added")
        return dataclasses.replace(self, cards=self.cards + (card,), note="")

    def remove(self, position: int) -> "SetCheck":
        """The cards without the one at ``position`` (as clicked, from 0)."""
        if not 0 <= position < len(self.cards):
            raise NoSuchCardError(f"no card at position {position}: the set holds {len(self.cards)}")
        return dataclasses.replace(self, cards=self.cards[:position] + self.cards[position + 1:], note="")

    def clear(self) -> "SetCheck":
        return dataclasses.replace(self, cards=(), note="")

    def in_round(self, round_no: int) -> "SetCheck":
        """The same cards judged in another round (wilds and wild limits change, T14-T15)."""
        return dataclasses.replace(self, round_no=round_no, note="")

    @property
    def problems(self) -> tuple[str, ...]:
        """Every reason the cards are not a set; ``()`` when they are one."""
        return set_problems(self.cards, self.round_no, self.rules)

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def verdict(self) -> str:
        if not self.problems:
            return f"{cards_text(self.cards)} is a set in round {self.round_no}."
        return "Not a set: " + "; ".join(self.problems)

    def svg(self) -> str:
        """The picked cards in the order picked, the round's wilds framed in gold."""
        return svg.stack_svg([svg.hand_svg(self.cards, self.round_no, self.rules)], [self.verdict])


# ---------------------------------------------------------------------------------
# The contract explorer
# ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=128)
def _arrangements(hand: Hand, round_no: int, rules: RuleSet) -> tuple[Arrangement, ...]:
    return contract_arrangements(hand, round_no, rules)


@dataclass(frozen=True)
class ContractView:
    """A hand and a round: every way to lay the contract down, or what is missing.

    ``error`` holds why typed cards could not be read (the hand is then unchanged).
    """

    round_no: int = 1
    hand: Hand = Hand()
    rules: RuleSet = TEN_PENNIES
    error: str = ""

    def __post_init__(self) -> None:
        self.rules.contract(self.round_no)  # a round that does not exist raises RuleSetError

    def dealt(self, seed: int) -> "ContractView":
        """A hand dealt from a deck shuffled with ``seed`` (:func:`deal_hand`)."""
        return dataclasses.replace(self, hand=deal_hand(seed, self.rules), error="")

    def typed(self, text: str) -> "ContractView":
        """The hand written in notation (``"7S 7H JK ..."``); a bad card leaves it as it was."""
        try:
            cards = parse_cards(text)
        except NotationError as exc:
            return dataclasses.replace(self, error=str(exc))
        over = _over_deck(cards, self.rules)
        if over:
            return dataclasses.replace(
                self, error=f"the deck does not hold that many of {cards_text(over)}")
        return dataclasses.replace(self, hand=Hand(cards), error="")

    def in_round(self, round_no: int) -> "ContractView":
        return dataclasses.replace(self, round_no=round_no)

    @property
    def arrangements(self) -> tuple[Arrangement, ...]:
        """Every distinct way to lay the contract down (cached per hand and round)."""
        return _arrangements(self.hand, self.round_no, self.rules)

    @property
    def missing(self) -> MissingCards:
        """What the hand lacks, with its outs (:func:`tenpennies.solver.what_is_missing`)."""
        return what_is_missing(self.hand, self.round_no, self.rules)

    @property
    def outs(self) -> tuple[Card, ...]:
        return self.missing.outs

    def text(self, most: int = 6) -> str:
        """The answer in words: the arrangements (the first ``most``), or what is missing."""
        contract = self.rules.contract(self.round_no)
        lines = [f"{contract}", f"hand: {cards_text(self.hand)}"]
        found = self.arrangements
        if found:
            lines.append(f"{plural(len(found), 'way')} to lay it down:")
            lines += [f"  {melds_text(a.sets)}" for a in found[:most]]
            if len(found) > most:
                lines.append(f"  ... and {len(found) - most} more")
        else:
            lines.append(tens_as_written(str(self.missing)))  # (the solver's sentence)
        return "\n".join(lines)

    def svg(self, most: int = 6) -> str:
        """The hand, then each arrangement (up to ``most``) or else the outs, as cards."""
        pictures = [svg.hand_svg(self.hand, self.round_no, self.rules)]
        labels = [f"Round {self.round_no}: {self.rules.contract(self.round_no).words}"]
        found = self.arrangements
        for n, a in enumerate(found[:most], 1):
            pictures.append(svg.groups_svg([(f"set {i}", cards) for i, cards in enumerate(a.sets, 1)],
                                           self.round_no, self.rules, desc=str(a)))
            labels.append(f"way {n} of {len(found)}")
        if not found:
            gap = self.missing
            pictures.append(svg.hand_svg(gap.outs, self.round_no, self.rules))
            labels.append("outs: any one of these completes the contract" if gap.cards_needed == 1 else
                          f"{gap.cards_needed} cards short; each of these brings it one closer"
                          if gap.cards_needed else "no card can complete the contract")
        return svg.stack_svg(pictures, labels)


# ---------------------------------------------------------------------------------
# The odds table
# ---------------------------------------------------------------------------------
WILD_ACES_AND_TWOS = {
    "rounds 5-7": (frozenset(),) * 4 + (frozenset({1, 2}),) * 3,
    "never": (frozenset(),) * 7,
    "every round": (frozenset({1, 2}),) * 7,
}
"""When aces and twos are wild, for a seven-round rule set: Ten Pennies says rounds 5-7."""


def _round_chance(rules: RuleSet, round_no: int) -> Fraction:
    """``dealt_probability(round_no, rules)``, cached by what that round alone depends on.

    The chance of one round's contract reads only that round's contract, wild ranks and
    wild limit (and the deck and hand size), so it is asked of a one-round copy of the
    rule set: moving a control that changes other rounds (aces and twos wild in rounds
    1-4, say) finds the untouched rounds in the cache.
    """
    i = round_no - 1
    one_round = rules.replace(contracts=(rules.contracts[i],), wild_ranks=(rules.wild_ranks[i],),
                              wild_limits=(rules.wild_limits[i],))
    return dealt_probability(1, one_round)


@dataclass(frozen=True)
class OddsRow:
    """One round: its contract, the chance under the house rules and under Ten Pennies."""

    round_no: int
    contract: str
    house: Fraction
    ten_pennies: Fraction

    @property
    def ratio(self) -> float:
        """How many times likelier the house rules make it (inf when Ten Pennies never deals it)."""
        return float(self.house / self.ten_pennies) if self.ten_pennies else float("inf")


@dataclass(frozen=True)
class OddsTable:
    """The rule-set fields a house changes, and the exact chance of each round's contract.

    ``wild_limit_change`` is added to every round's wild limit (never below 0);
    ``wild_aces_and_twos`` is a key of :data:`WILD_ACES_AND_TWOS`. ``base`` is the rule
    set changed (Ten Pennies). The chances are cached by rule set, so moving a control
    back costs nothing.

    >>> table = OddsTable(repeated_suits=True)
    >>> row = table.rows[0]
    >>> row.contract, row.house > row.ten_pennies
    ('two sets of 3', True)
    """

    decks: int = 2
    jokers: int = 4
    hand_size: int = 11
    wild_limit_change: int = 0
    wild_aces_and_twos: str = "rounds 5-7"
    repeated_suits: bool = False
    base: RuleSet = TEN_PENNIES

    def replace(self, **changes) -> "OddsTable":
        return dataclasses.replace(self, **changes)

    @functools.cached_property
    def rules(self) -> RuleSet | str:
        """The house's rule set, or a sentence saying why these settings make none."""
        try:
            wild_ranks = WILD_ACES_AND_TWOS[self.wild_aces_and_twos]
        except KeyError:
            return f"aces and twos wild in {self.wild_aces_and_twos!r}? choose one of {list(WILD_ACES_AND_TWOS)}"
        if len(wild_ranks) != self.base.rounds:
            wild_ranks = self.base.wild_ranks
        limits = tuple(max(0, w + self.wild_limit_change) for w in self.base.wild_limits)
        try:
            return self.base.replace(decks=self.decks, jokers=self.jokers, hand_size=self.hand_size,
                                     wild_limits=limits, wild_ranks=wild_ranks,
                                     repeated_suits_allowed=self.repeated_suits)
        except ValueError as exc:
            return str(exc)

    @functools.cached_property
    def rows(self) -> tuple[OddsRow, ...]:
        """One row per round; empty when the settings make no rule set."""
        rules = self.rules
        if isinstance(rules, str):
            return ()
        return tuple(
            OddsRow(r, rules.contract(r).words, _round_chance(rules, r), _round_chance(self.base, r))
            for r in range(1, rules.rounds + 1)
        )

    def changes(self) -> str:
        """The settings that differ from the base rule set, in words."""
        default = OddsTable(base=self.base)
        words = []
        for f in dataclasses.fields(self):
            if f.name != "base" and getattr(self, f.name) != getattr(default, f.name):
                words.append(f"{f.name.replace('_', ' ')} {getattr(self, f.name)}")
        return ", ".join(words) or "none (Ten Pennies)"

    def text(self) -> str:
        """The table as aligned text: round, contract, both chances and their ratio."""
        if isinstance(self.rules, str):
            return self.rules
        lines = [f"house changes: {self.changes()}",
                 f"{'round':<6}{'contract':<16}{'house':>11}{'Ten Pennies':>13}{'ratio':>9}"]
        for row in self.rows:
            lines.append(f"{row.round_no:<6}{row.contract:<16}{float(row.house):>11.4%}"
                         f"{float(row.ten_pennies):>13.4%}{row.ratio:>9.2f}")
        return "\n".join(lines)

    def svg(self) -> str:
        """A bar chart of both chances per round, on a log scale (they span five powers of ten)."""
        if isinstance(self.rules, str):
            return svg.message_svg(self.rules)
        labels = [f"round {row.round_no}" for row in self.rows]
        return svg.bar_chart_svg(
            labels,
            [("house rules", [float(row.house) for row in self.rows]),
             ("Ten Pennies", [float(row.ten_pennies) for row in self.rows])],
            title="Chance of being dealt the contract (log scale)", log_low=1e-7,
            fmt=lambda v: f"{v:.3%}" if v < 0.001 else f"{v:.2%}")


# ---------------------------------------------------------------------------------
# The buy calculator
# ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=256)
def _decision(hand: Hand, offered: Card, round_no: int, seen: tuple[Card, ...], my_turn: bool,
              rules: RuleSet) -> BuyDecision:
    return buy_or_pass(hand, offered, round_no, seen, my_turn, rules)


@functools.lru_cache(maxsize=256)
def _judgment(hand: Hand, offered: Card, round_no: int, seen: tuple[Card, ...], my_turn: bool,
              tokens: int | None, rules: RuleSet):
    return judge_offer(hand, offered, round_no, seen, my_turn=my_turn, tokens=tokens, rules=rules)


@dataclass(frozen=True)
class BuyChoice:
    """A hand, the discard on offer and what else the player has seen: buy or pass?

    ``error`` holds why typed cards could not be used (the values are then unchanged).
    """

    round_no: int = 1
    hand: Hand = Hand()
    offered: Card | None = None
    seen: tuple[Card, ...] = ()
    my_turn: bool = True
    rules: RuleSet = TEN_PENNIES
    error: str = ""
    tokens: int | None = None  # tokens held (None: a match's start), for the judgment's token worth

    def __post_init__(self) -> None:
        self.rules.contract(self.round_no)  # a round that does not exist raises RuleSetError

    def replace(self, **changes) -> "BuyChoice":
        return dataclasses.replace(self, **changes)

    def in_round(self, round_no: int) -> "BuyChoice":
        return dataclasses.replace(self, round_no=round_no)

    def dealt(self, seed: int) -> "BuyChoice":
        """A hand and the card on offer, dealt from a deck shuffled with ``seed``; nothing seen."""
        cards = random.Random(seed).sample(self.rules.deck(), self.rules.hand_size + 1)
        return dataclasses.replace(self, hand=Hand(cards[:-1]), offered=cards[-1], seen=(), error="")

    def typed(self, hand: str | None = None, offered: str | None = None,
              seen: str | None = None) -> "BuyChoice":
        """New cards in notation for any of the three; a mistake leaves all as they were."""
        try:
            new_hand = Hand(hand) if hand is not None else self.hand
            new_offered = self.offered
            if offered is not None:
                cards = parse_cards(offered)
                if len(cards) != 1:
                    raise NotationError(f"one card is offered, not {len(cards)}")
                new_offered = cards[0]
            new_seen = parse_cards(seen) if seen is not None else self.seen
        except NotationError as exc:
            return dataclasses.replace(self, error=str(exc))
        over = _over_deck(new_hand + ((new_offered,) if new_offered else ()) + new_seen, self.rules)
        if over:
            return dataclasses.replace(
                self, error=f"hand, offer and seen cards hold more {cards_text(over)} than the deck")
        return dataclasses.replace(self, hand=new_hand, offered=new_offered, seen=new_seen, error="")

    @property
    def decision(self) -> BuyDecision | None:
        """The exact comparison (cached), or None before a card is offered."""
        if self.offered is None:
            return None
        return _decision(self.hand, self.offered, self.round_no, tuple(self.seen), self.my_turn,
                         self.rules)

    @property
    def judgment(self):
        """The one buy judgment (:func:`tenpennies.bots.buying.judge_offer`) for this hand and
        offer, or None before a card is offered."""
        if self.offered is None:
            return None
        return _judgment(self.hand, self.offered, self.round_no, tuple(self.seen), self.my_turn,
                         self.tokens, self.rules)

    def text(self) -> str:
        d = self.decision
        if d is None:
            return "Choose the card on offer."
        j = self.judgment
        lines = [f"judgment: {j.verdict} ({buy_words(j, self.rules.contract(self.round_no).words)})",
                 f"right after this draw: buy {card_text(d.discard)}: {d.buy.ways}/{d.buy.total} = "
                 f"{float(d.buy_probability):.2%}, pass: {d.pass_.ways}/{d.pass_.total} = "
                 f"{float(d.pass_probability):.2%}"]
        lines += [f"  ({a})" for a in d.assumptions]
        return "\n".join(lines)

    def svg(self) -> str:
        """The hand, the offered card and the two chances as bars."""
        pictures = [svg.hand_svg(self.hand, self.round_no, self.rules)]
        labels = [f"Round {self.round_no}: {self.rules.contract(self.round_no).words}"]
        d = self.decision
        if d is not None:
            pictures.append(svg.hand_svg((d.discard,), self.round_no, self.rules))
            labels.append("on offer")
            j = self.judgment
            pictures.append(svg.bar_chart_svg(
                [j.action_word, "pass"], [("chance of holding the contract with the cards each choice gets",
                                   [float(j.next_buy), float(j.next_pass)])]))
            verdict = {"buy": "Buy", "pass": "Pass", "close": "A close call"}[j.verdict]
            labels.append(f"{verdict}: {float(j.next_buy):.1%} if you {j.action_word}, {float(j.next_pass):.1%} if you pass")
        return svg.stack_svg(pictures, labels)
