"""The ready class experiments (:data:`EXPERIMENTS`), each a chance the class measures
together by pooling trials: ``"dealt-round-1"`` (deal 11 cards: do you hold round 1's
contract?), ``"outs-after-one-draw"`` (a given hand: does one draw complete it?) and
``"should-you-buy"`` (a seeded offer: buy or pass, against the kit's judgment).

Each has a name, a description, the exact value where there is one, and makes one
:class:`Trial` from a random source: :mod:`secrets` for a student, a seeded
:class:`random.Random` for a simulated class. The buy experiment deals from a few seeded
:func:`offers`, kept only where the kit's one buy judgment (:func:`kit_judgment`) is
clear. The deck the trials deal from is here too, so that a result's checks
(:mod:`tenpennies.lessons.experiment_results`) count copies against the same deck; and
:class:`ExperimentError`, which every part of a class experiment raises, sits here at
the bottom of them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Sequence

from ..engine.cards import Card, format_cards, parse_cards
from ..engine.errors import TenPenniesError
from ..odds import dealt_probability, draw_odds, unseen_cards
from ..engine.rules import TEN_PENNIES
from ..engine.words import card_text
from ..solver import can_lay_down
from ..bots.buying import judge_offer

__all__ = ["BUY_TOKENS", "EXPERIMENTS", "OFFERS", "Experiment", "ExperimentError", "Offer", "Trial",
           "experiment", "kit_judgment", "offers"]


class ExperimentError(TenPenniesError):
    """An unknown experiment, a bad student name or answer, or a database that cannot be used."""


@dataclass(frozen=True)
class Trial:
    """A hand a student was dealt (and the card drawn, or the card offered), with its result.

    Shown in JupyterLab as a picture of the cards and the outcome in words.
    """

    experiment: str
    round_no: int
    groups: tuple[tuple[str, tuple[Card, ...]], ...]
    words: str
    hit: bool | None
    expected: str = ""

    def _repr_svg_(self) -> str:
        from ..pictures.svg import groups_svg  # pictures only when shown

        return groups_svg([(label, cards) for label, cards in self.groups], self.round_no,
                          title=self.words, desc=self.words)

    def __str__(self) -> str:
        return self.words


# -- the ready experiments ------------------------------------------------------------------
_OUTS_HAND = "7S 7H 7D 9S 9H 4C 5C 6D KS QH JD"


def _deck() -> list[Card]:
    return [card for card, n in sorted(unseen_cards((), (), TEN_PENNIES).items(), key=lambda cn: cn[0].index)
            for _ in range(n)]


def _holds(cards: Sequence[Card], round_no: int) -> bool:
    return can_lay_down(tuple(cards), round_no, TEN_PENNIES)


@dataclass(frozen=True)
class Offer:
    """A seeded buy offer: a round-1 hand, the discard offered, not this seat's turn."""

    number: int
    hand: tuple[Card, ...]
    discard: Card

    @property
    def cards(self) -> str:
        return f"{format_cards(self.hand)} | {self.discard}"


def kit_judgment(offer: Offer) -> str:
    """The kit's answer to an offer, ``"buy"`` or ``"pass"``: the verdict of its one buy
    judgment, :func:`tenpennies.bots.buying.judge_offer`, for a seat holding :data:`BUY_TOKENS`
    tokens, off its turn (the offers are chosen where that verdict is clear, not close)."""
    if offer not in _JUDGMENTS:  # an offer's answer never changes
        _JUDGMENTS[offer] = _judge(offer.hand, offer.discard).verdict
    return _JUDGMENTS[offer]


def _judge(hand, discard):
    return judge_offer(hand, discard, 1, my_turn=False, tokens=BUY_TOKENS)


BUY_TOKENS = 3
"""The tokens the seat holds in the buy experiment: few enough that a token's measured worth
can make a purchase a clear pass (with all ten, a token may be worth nothing in round 1)."""


_JUDGMENTS: dict[Offer, str] = {}


OFFERS = 8
"""How many seeded offers the buy experiment deals from: few, so each gets many answers."""


def _offer(number: int) -> Offer:
    # A seeded 11-card round-1 hand that does not hold the contract, and a discard from the
    # rest of the deck that pairs with one of its cards, so the choice looks real; kept
    # only where the kit's judgment is clear, buy for even numbers and pass for odd ones,
    # so the class's answers can agree with it or not (a close call has no right answer).
    rng = random.Random(f"should-you-buy {number}")
    wanted = "buy" if number % 2 == 0 else "pass"
    while True:
        deck = _deck()
        rng.shuffle(deck)
        hand = tuple(sorted(deck[:11], key=lambda c: c.index))
        if _holds(hand, 1):
            continue
        for discard in deck[11:]:
            if not discard.is_joker and any(c.rank == discard.rank for c in hand):
                if _judge(hand, discard).verdict == wanted:
                    return Offer(number, hand, discard)
                break


@dataclass(frozen=True)
class Experiment:
    """A ready experiment: its name, what it asks, and how one result is made.

    ``exact`` is the exact chance the pooled frequency should close in on (``None``
    for should-you-buy, where the answers are compared with the kit's judgment
    instead). ``trial(rng)`` deals one result from ``rng`` (``secrets.SystemRandom()``
    for a student); ``simulated_answer(trial, rng)`` is what a simulated student
    answers to an offer.
    """

    name: str
    description: str
    question: str
    trial: Callable[[random.Random], Trial] = field(repr=False)
    exact_value: Callable[[], Fraction | None] = field(repr=False)
    asks_answer: bool = False

    @property
    def exact(self) -> Fraction | None:
        return self.exact_value()


def _dealt_trial(rng: random.Random) -> Trial:
    hand = tuple(sorted(rng.sample(_deck(), 11), key=lambda c: c.index))
    hit = _holds(hand, 1)
    words = "dealt: you hold round 1's contract (two sets of 3)" if hit else \
        "dealt: no contract yet (round 1 asks two sets of 3)"
    return Trial("dealt-round-1", 1, (("your 11 cards", hand),), words, hit)


def _outs_trial(rng: random.Random) -> Trial:
    hand = tuple(parse_cards(_OUTS_HAND))
    unseen = [card for card, n in sorted(unseen_cards(hand, (), TEN_PENNIES).items(),
                                         key=lambda cn: cn[0].index) for _ in range(n)]
    drawn = unseen[rng.randrange(len(unseen))]
    hit = _holds(hand + (drawn,), 1)
    words = f"drew the {card_text(drawn)}: " + ("the contract is complete" if hit else "not complete yet")
    return Trial("outs-after-one-draw", 1, (("the hand", hand), ("drawn", (drawn,))), words, hit)


def _buy_trial(rng: random.Random) -> Trial:
    offer = offers()[rng.randrange(OFFERS)]
    words = (f"offer {offer.number}: the {card_text(offer.discard)} is discarded; not your turn; you hold "
             f"{BUY_TOKENS} tokens. Buy or pass?")
    return Trial("should-you-buy", 1, (("your 11 cards", offer.hand), ("offered", (offer.discard,))),
                 words, None, kit_judgment(offer))


_OFFERS: list[Offer] = []


def offers() -> tuple[Offer, ...]:
    """The buy experiment's seeded offers (made once, the same on every machine)."""
    if not _OFFERS:
        _OFFERS.extend(_offer(i) for i in range(OFFERS))
    return tuple(_OFFERS)


EXPERIMENTS: dict[str, Experiment] = {e.name: e for e in (
    Experiment("dealt-round-1",
               "Deal 11 cards from two decks and four jokers: do you hold round 1's contract, "
               "two sets of 3, straight away?",
               "How often is a fresh hand dealt the round-1 contract?",
               _dealt_trial, lambda: dealt_probability(1)),
    Experiment("outs-after-one-draw",
               f"The hand {_OUTS_HAND} in round 1 (two sets of 3) draws one unseen card: "
               "does that one draw complete the contract?",
               "How often does one draw complete this hand?",
               _outs_trial, lambda: draw_odds(parse_cards(_OUTS_HAND), 1, 1).probability),
    Experiment("should-you-buy",
               "A seeded offer in round 1: a discard you could buy (with 2 stock cards, for one "
               "of your 3 tokens) when it is not your turn. Answer buy or pass; the class's "
               "answers are set against the kit's one buy judgment (should_buy), clear on each.",
               "How often does the class agree with the kit?",
               _buy_trial, lambda: None, asks_answer=True),
)}


def experiment(name: str) -> Experiment:
    """The ready experiment called ``name`` (one of :data:`EXPERIMENTS`)."""
    try:
        return EXPERIMENTS[name]
    except (KeyError, TypeError):
        raise ExperimentError(f"no experiment called {name!r}: the ready ones are "
                              f"{', '.join(EXPERIMENTS)}") from None


def _deck_copies() -> dict[Card, int]:
    if not _COPIES:
        for card in _deck():
            _COPIES[card] = _COPIES.get(card, 0) + 1
    return _COPIES


_COPIES: dict[Card, int] = {}
