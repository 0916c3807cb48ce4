"""The bot loop: bots decide for their seats, and the match plays what they chose.

Written once, here, for every caller: :func:`tenpennies.bots.play_match` and so
:func:`tenpennies.simulate.simulate` (bots in every seat), and
:class:`tenpennies.game.Game` (people at some seats: the loop stops when one of them
must decide). ``bots`` maps a seat to its bot; a seat not in it is a person's.

    >>> from tenpennies.bots import make_bot
    >>> from tenpennies.match import Match
    >>> match = Match(seed=7)
    >>> bots = {s: make_bot("thumb", s) for s in (1, 2, 3)}    # seat 0 is a person's
    >>> played = play(match, bots)
    >>> match.to_act, played > 0
    (0, True)
    >>> step(match, bots), play(match, bots)                   # seat 0 must decide: nothing moves
    (False, 0)

With ``until``, the loop stops early, before the first decision it answers True for:

    >>> match = Match(seed=3)
    >>> everyone = {s: make_bot("random", s) for s in range(4)}
    >>> played = play(match, everyone, until=lambda m: m.round_no > 1)
    >>> match.round_no, match.is_over, played > 0
    (2, False, True)

An action a bot may not take raises the match's error, naming the bot and its seat, and
nothing changes (the match refuses it whole).
"""

from __future__ import annotations

from typing import Callable, Mapping

from ..match import Match
from ..view import PlayerView


def decide(match: Match, seat: int, bot) -> None:
    """``bot`` at ``seat`` decides from its view, and the match plays what it chose; an
    illegal choice raises the match's error, naming the bot."""
    action = bot.act(PlayerView.of(match, seat))
    try:
        match.apply(action)
    except ValueError as exc:
        raise type(exc)(f"bot {bot.name!r} at seat {seat} chose {action!r}: {exc}") from None


def step(match: Match, bots: Mapping[int, object]) -> bool:
    """Play one bot decision; False (and nothing played) when the seat to act has no bot
    in ``bots`` or the match is over."""
    seat = match.to_act
    bot = bots.get(seat) if seat is not None else None
    if bot is None:
        return False
    decide(match, seat, bot)
    return True


def play(match: Match, bots: Mapping[int, object], until: Callable[[Match], bool] | None = None) -> int:
    """Play the bots of ``bots`` (seat -> bot) until a seat without one must decide or the
    match is over; returns how many decisions were played.

    ``until``, if given, is asked before each decision and stops the loop when it
    answers True (say, ``lambda m: m.round_no > 2`` to stop when round 3 is dealt).
    """
    # A simulated match is some 1,500 decisions, most of them an offer answered in a few
    # microseconds: what the loop reads each time is read once, and the plain loop stays
    # free of the ``until`` test.
    played = 0
    seat = match.to_act
    if until is None:
        while seat in bots:
            decide(match, seat, bots[seat])
            played += 1
            seat = match.to_act
        return played
    while seat in bots and not until(match):
        decide(match, seat, bots[seat])
        played += 1
        seat = match.to_act
    return played


__all__ = ["decide", "play", "step"]
