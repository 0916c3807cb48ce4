"""Which offers of the top discard a person is asked about, and why one is passed unasked.

A person may choose to be asked about every offer, only those where buying could help,
or none (:data:`OFFERS`); :func:`unasked_reason` is the one test, and its words, by which
both the solo table (:class:`tenpennies.front.table.Game`) and the room service
(:mod:`tenpennies.front.rooms`) pass the others.
"""

from __future__ import annotations

from ..bots.buying import should_buy
from ..engine.actions import Buy
from ..engine.words import card_text
from ..explain.decisions import buy_plain
from ..play.match import Phase
from ..play.view import PlayerView

__all__ = ["OFFERS", "unasked_reason"]

OFFERS = {
    "ask": "ask me about every offer",
    "useful": "ask me only when it could help",
    "never": "never ask me",
}
"""Which offers of the top discard a person is asked about (:class:`~tenpennies.front.table.Game`'s ``offers``).

``"ask"``: every one, as the engine makes them (T5, C9). ``"useful"``: only those where
buying could help, the buy judgment's own test (:func:`tenpennies.bots.buying.should_buy`):
an offer it calls a pass (a purchase after laying down only adds cards; a card that is no
out and whose purchase gives no better chance than passing; one that cannot pay for its
token and cards) is passed without asking, and the log says why in the hint's plain
sentence (:func:`tenpennies.engine.words.buy_plain`). ``"never"``: every offer is passed. A free
take of the top discard as one's own draw (C8) is a draw, not an offer: always asked."""


def unasked_reason(view: PlayerView, offers: str) -> str | None:
    """Why the offer before ``view``'s seat, whose decision it is, is passed without
    asking under the setting ``offers`` (:data:`OFFERS`), in words; None when the seat is
    to be asked (or is not being offered a card to buy). :class:`~tenpennies.front.table.Game` and the room
    service (:mod:`tenpennies.front.rooms`) pass offers by this one test."""
    if offers == "ask":
        return None
    if view.phase is not Phase.OFFER or not any(type(a) is Buy for a in view.legal_actions):
        return None  # not an offer to buy (C8's free take is the turn's draw: always asked)
    card = view.top_discard
    if offers == "never":
        return f"You passed on {card_text(card)} without being asked (you chose never to be asked)."
    judgment = should_buy(view)
    if judgment.verdict != "pass":
        return None
    said = buy_plain(judgment, False, view.contract.words).removeprefix("Pass: ")
    return f"You passed on {card_text(card)} without being asked: {said}"
