"""The puzzle kinds: for each, how the engine computes the answer and judges a typed one.

Every kind answers one question about a :class:`~tenpennies.play.seat_position.SeatPosition` and is
solved by the engine, never by what a puzzle file says: the file's answer is compared with
the kind's. Each kind reads an answer from text (:meth:`~tenpennies.puzzles.answers.Kind.read`),
solves the position (:meth:`~tenpennies.puzzles.answers.Kind.solve`, a
:class:`~tenpennies.puzzles.answers.Solution` with its reasoning, numbers as exact fractions)
and judges an answer against the solution (:meth:`~tenpennies.puzzles.answers.Kind.judge`, a
:class:`~tenpennies.puzzles.answers.Verdict`). This module lists the kinds (:data:`KINDS`);
each lives with the kinds it is akin to:

- :mod:`tenpennies.puzzles.contract_kinds`: ``lay-down``, ``missing``, ``count``, the contract in hand;
- :mod:`tenpennies.puzzles.choice_kinds`: ``buy``, ``discard``, the kinds that rank choices;
- :mod:`tenpennies.puzzles.going_out_kinds`: ``go-out``, ``additions``, ``cost``, emptying the hand.

=================  ============================================  ========================
kind               question                                      typed answer
=================  ============================================  ========================
``lay-down``       can you lay down your contract? how?          ``no`` / ``yes: 7S 7H 7D / 9S 9H JK``
``missing``        which cards would complete the contract?      ``4C 8S JK``
``buy``            buy the offered discard, or pass?             ``buy`` / ``pass``
``discard``        which discard gives the best chance?          ``KD``
``go-out``         can you go out this turn? how?                ``no`` / ``lay ... ; add 0 KC; discard 4D``
``additions``      which of your cards can go on which set?      ``KC:0 JK:1`` / ``none``
``count``          how many ways to lay down the contract?       ``6``
``cost``           what do your cards cost if the round ends?    ``85``
=================  ============================================  ========================

Every kind works in both games. In Ten Card Rummy (C1-C17) melds may be runs: lay-down,
missing and count find runs too; go-out is asked before the draw and never ends with a
discard (C6, C7); additions lay off at a run's ends (C11) and say which end; cost counts
pips (C14); buy is a purchase off-turn from round 4 that spends no token (C9), or on
one's own turn the free take (C8). :meth:`~tenpennies.puzzles.answers.Kind.question_for`
and :meth:`~tenpennies.puzzles.answers.Kind.answer_form_for` ask each question, and say how
to type its answer, as the position's game does. The words around a puzzle (hints, wrong
answers) live in :mod:`tenpennies.puzzles.wording`.

Answers that rank choices (``buy``, ``discard``) carry a margin: how far the best choice
beats the next best. The other kinds are matters of fact; their margin is ``None``.
"""

from __future__ import annotations

from .answers import Kind
from .choice_kinds import BuyKind, DiscardKind
from .contract_kinds import CountKind, LayDownKind, MissingKind
from .going_out_kinds import AdditionsKind, CostKind, GoOutKind

__all__ = ["KINDS"]


KINDS: dict[str, Kind] = {k.name: k for k in (
    LayDownKind(), MissingKind(), BuyKind(), DiscardKind(), GoOutKind(), AdditionsKind(),
    CountKind(), CostKind())}
"""Every puzzle kind by its name, in the order puzzles are listed."""
