from tenpennies import ALL_CARDS, Discard, Pass, Phase


class Cheats:
    """Passes every offer, then discards a card it does not hold."""

    def __init__(self, seed=0):
        pass

    def act(self, view):
        if view.phase is Phase.OFFER:
            return Pass(view.seat)
        missing = next(card for card in ALL_CARDS if card not in view.hand)
        return Discard(view.seat, missing)
