"""The bot loop: bots decide for their seats, and the match plays what they chose.

Written once, here, for every caller: :func:`tenpennies.bots.play_match` and so
:func:`tenpennies.play.simulate.simulate` (bots in every seat), and
:class:`tenpennies.front.table.Game` (people at some seats: the loop stops when one of them
must decide). ``bots`` maps a seat to its bot; a seat not in it is a person's.

    >>> from tenpennies.bots import make_bot
    >>> from tenpennies.play.match import Match
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

A bot decides from its seat's view, :meth:`act` (``bot.act(view)``), with one exception:
a bot whose choice depends on nothing but the seat's legal actions may say so with an
``act_on_listing(legal_actions)`` method (the random bot has one), and is then given the
match's own listing, :meth:`Match.legal_actions`, instead of a view. That listing is the
view's, the same actions in the same order (both are :mod:`tenpennies.play.legal`'s, from
what the seat may know), so the bot chooses as it would from the view, and sees nothing
more; and no view is made that the bot would read nothing else of.
"""

from __future__ import annotations

from typing import Callable, Mapping

from .match import Match
from .view import PlayerView


def decide(match: Match, seat: int, bot) -> None:
    """``bot`` at ``seat`` decides from its view (or the listing alone, see the module's
    notes), and the match plays what it chose; an illegal choice raises the match's
    error, naming the bot."""
    on_listing = getattr(bot, "act_on_listing", None)
    if on_listing is not None:
        action = on_listing(match.legal_actions())
    else:
        action = bot.act(PlayerView.of(match, seat))
    try:
        match.apply(action)
    except ValueError as exc:
        raise _named(exc, bot, seat, action) from None


def _named(exc: ValueError, bot, seat: int, action) -> ValueError:
    """The match's refusal of a bot's action, naming the bot, its seat and the action."""
    return type(exc)(f"bot {bot.name!r} at seat {seat} chose {action!r}: {exc}")


def step(match: Match, bots: Mapping[int, object]) -> bool:
    """Play one bot decision; False (and nothing played) when the seat to act has no bot
    in ``bots`` or the match is over."""
    bot = bots.get(match.to_act)
    if bot is None:
        return False
    decide(match, match.to_act, bot)
    return True


def play(match: Match, bots: Mapping[int, object], until: Callable[[Match], bool] | None = None) -> int:
    """Play the bots of ``bots`` (seat -> bot) until a seat without one must decide or the
    match is over; returns how many decisions were played.

    ``until``, if given, is asked before each decision and stops the loop when it
    answers True (say, ``lambda m: m.round_no > 1`` to stop when round 2 is dealt).
    """
    # A simulated match is some 1,500 decisions, most of them an offer answered in a few
    # microseconds, so the loop is :func:`decide` written out, with what it reads each
    # time read once (a call per decision would cost more than the loop itself).
    played = 0
    get, view_of, apply, listing = bots.get, PlayerView.of, match.apply, match.legal_actions
    # The seats whose bots choose from the listing alone (see the module's notes).
    on_listing = {s: b.act_on_listing for s, b in bots.items() if getattr(b, "act_on_listing", None) is not None}
    seat = match.to_act
    bot = get(seat)
    while bot is not None and (until is None or not until(match)):
        if seat in on_listing:
            action = on_listing[seat](listing())
        else:
            action = bot.act(view_of(match, seat))
        try:
            apply(action)
        except ValueError as exc:
            raise _named(exc, bot, seat, action) from None
        played += 1
        seat = match.to_act
        bot = get(seat)
    return played


__all__ = ["decide", "play", "step"]
