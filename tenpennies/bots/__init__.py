"""Players for the kit: the bot protocol, the bots by name, and a match between them.

A bot is anything with an ``act(view) -> Action`` method. It is given only its seat's
:class:`~tenpennies.play.view.PlayerView` (T20): its own hand and the public table, never
another hand or the stock, because the view does not hold them. A view is a value: it
holds frozen data only (tuples, cards, frozen records), and no reference to the match or
anything that reaches it, so a bot can neither look past its seat nor change the match
(tests/test_view_walk.py walks every object a view reaches to check it). The match
changes only through the action the bot returns, which it checks first.
``view.legal_actions`` lists actions it may take (by :func:`tenpennies.play.legal.legal_actions`,
from the view's own fields); any other action the match accepts is fine too. A bot that
reads nothing of its view but that listing may also have ``act_on_listing(legal_actions)
-> Action``, the same choice from the listing alone: the bot loop then gives it the match's
own listing (the same actions, in the same order) and makes it no view (the random bot
does; see :mod:`tenpennies.play.loop`).

Bots are reproducible: each is built from a seed, and :func:`play_match` gives seat
``s`` of the match seeded ``seed`` the seed ``bot_seed(seed, s)``::

    >>> m = play_match(["thumb", "random", "thumb", "random"], seed=3)
    >>> m.is_over, len(m.round_results)
    (True, 7)
    >>> play_match(["thumb", "random", "thumb", "random"], seed=3).scores == m.scores
    True

=========  ====================================================================
name       policy (each module's docstring says more)
=========  ====================================================================
random     any listed legal action, uniformly
thumb      rules of thumb: keep pairs, buy what builds, lay down, shed, dump points
strong     counts outs and odds for discards and buys, budgets tokens, plans going out
expert     the strong bot, with close buys and discards tried out by seeded rollouts
=========  ====================================================================
"""

from __future__ import annotations

import inspect
from typing import Callable, Protocol, Sequence, Union, runtime_checkable

from ..engine.actions import Action
from ..engine.errors import TenPenniesError, WrongTypeError
from ..play.match import Match
from ..engine.rules import TEN_PENNIES, RuleSet
# The one seed function lives below the bots (the rollouts of tenpennies.bots.rollouts use it
# too, and the expert bot uses those): named here, where bots and simulations find it.
from ..engine.seeds import derive_seed
from ..play.view import PlayerView
from ..play.loop import play, step


@runtime_checkable
class Bot(Protocol):
    """A player: given its seat's view, when it is that seat's decision, one action."""

    name: str

    def act(self, view: PlayerView) -> Action:
        ...


BotFactory = Callable[[Union[int, str]], Bot]
"""Anything that builds a bot from a seed: a bot class, or a function."""


def _registry() -> dict[str, BotFactory]:
    # (a registry, lazy on purpose: a bot's module loads when it is asked for by name, and
    # import tenpennies does not load the expert bot)
    from .random_bot import RandomBot  # (lazy: the registry's, as above)
    from .strong import StrongBot  # (lazy: the registry's, as above)
    from .thumb import ThumbBot  # (lazy: the registry's, as above)
    from .expert import ExpertBot  # (lazy: the registry's, as above)

    return {"random": RandomBot, "thumb": ThumbBot, "strong": StrongBot, "expert": ExpertBot}


def bot_names() -> tuple[str, ...]:
    """The names :func:`make_bot` knows, weakest first."""
    return tuple(_registry())


def make_bot(name: str | BotFactory, seed: int | str = 0, **options) -> Bot:
    """A bot by name ("random", "thumb", "strong", "expert") or from a factory, seeded.

    Keyword ``options`` go on to the bot's constructor, so a stronger expert can be made
    by name (each bot's class says which options it takes; one it does not take is refused):

    >>> make_bot("thumb", seed=1).name
    'thumb'
    >>> make_bot("expert", 1, rollouts=40).rollouts
    40
    """
    if callable(name):
        factory = name
    else:
        factories = _registry()
        try:
            factory = factories[name]
        except (KeyError, TypeError):
            raise TenPenniesError(f"no bot named {name!r}: choose from {', '.join(factories)}") from None
    if not options:
        return factory(seed)

    try:
        inspect.signature(factory).bind(seed, **options)
    except TypeError as exc:
        raise WrongTypeError(f"the {getattr(factory, 'name', name)!r} bot does not take "
                             f"{', '.join(options)}: {exc}") from None
    except ValueError:
        pass  # no signature to check (a builtin): let the factory itself refuse
    return factory(seed, **options)


def bot_seed(match_seed: int | str, seat: int) -> int:
    """The seed of the bot at ``seat`` in the match seeded ``match_seed``."""
    return derive_seed("bot", match_seed, seat)


def play_match(
    bots: Sequence[str | BotFactory | Bot],
    seed: int | str = 0,
    rules: RuleSet = TEN_PENNIES,
) -> Match:
    """Play a whole match between bots, one per seat, and return the finished match.

    ``bots`` holds names or factories (built here with :func:`bot_seed`) or bots
    already built. Each decision the bot to act gets its view and returns an action;
    an illegal one raises :class:`~tenpennies.engine.errors.IllegalActionError` naming the bot.
    """
    if len(bots) != rules.players:
        raise TenPenniesError(f"a match needs {rules.players} bots, one per seat, not {len(bots)}")
    players = {s: seat_bot(b, seed, s) for s, b in enumerate(bots)}
    match = Match(seed, rules)
    play(match, players)
    return match


def seat_bot(bot: str | BotFactory | Bot, match_seed: int | str, seat: int) -> Bot:
    """The bot for ``seat`` of the match seeded ``match_seed``: ``bot`` itself if it is a
    bot already built, else made from its name or factory with :func:`bot_seed`."""
    if isinstance(bot, Bot) and not isinstance(bot, type):
        return bot
    return make_bot(bot, bot_seed(match_seed, seat))


__all__ = ["Bot", "BotFactory", "bot_names", "bot_seed", "derive_seed", "make_bot", "play", "play_match",
           "seat_bot", "step"]
