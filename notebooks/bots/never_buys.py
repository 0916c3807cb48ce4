"""A bot that plays by the rules of thumb, except that it never buys (lessons 10 and 12)."""

from tenpennies import Pass, Phase
from tenpennies.bots.thumb import ThumbBot


class NeverBuys:
    """The thumb bot, except that it passes every offer."""

    name = "never buys"

    def __init__(self, seed=0):
        self.inner = ThumbBot(seed)

    def act(self, view):
        if view.phase is Phase.OFFER:
            return Pass(view.seat)
        return self.inner.act(view)
