"""The random player: the floor every other bot must clear.

Policy: at every decision, one of the listed legal actions, chosen uniformly with the
bot's own seeded generator. It buys and passes at even odds (so its tokens go early),
lays down only when the listed lay-down happens to be drawn, and discards at random;
its rounds mostly end at the turn cap (T17) with a full hand. It reads nothing of its
view but the legal actions, so it also chooses from a listing alone
(:meth:`RandomBot.act_on_listing`), as the bot loop asks it to.

    >>> from tenpennies.play.match import Match
    >>> m = Match(seed=2)
    >>> RandomBot(seed=5).act(m.view(m.to_act)) in m.legal_actions()
    True
    >>> RandomBot(seed=5).act(m.view(m.to_act)) == RandomBot(seed=5).act_on_listing(m.legal_actions())
    True
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine.actions import Action
from .decision import Decision
from ..play.view import PlayerView


class RandomBot:
    """Uniform over ``view.legal_actions``, from a generator seeded at construction."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def act(self, view: PlayerView) -> Action:
        return self.act_on_listing(view.legal_actions)

    def act_on_listing(self, legal_actions: Sequence[Action]) -> Action:
        """:meth:`act`'s choice, from the seat's legal actions alone (in the listing's
        order): all this bot reads of a view. So the bot loop gives it the match's own
        listing, the same actions in the same order (tests/test_bots.py holds it), and
        makes no view: making one cost a random match about a quarter of its
        instructions (benchmarks/matches.py)."""
        # random.Random.choice's own draw, without its call (a random bot decides some
        # 800 times a match): choice(seq) is seq[_randbelow(len(seq))], the same number.
        if not legal_actions:
            return self._rng.choice(legal_actions)  # (raises IndexError, as choice always did)
        return legal_actions[self._rng._randbelow(len(legal_actions))]

    def decide(self, view: PlayerView) -> Decision:
        """:meth:`act`'s choice (the same draw of the generator), with how many it was among."""
        legal = view.legal_actions
        return Decision(self._rng.choice(legal), "random", {"choices": len(legal)})

    def __repr__(self) -> str:
        return "RandomBot()"
