"""The strong player: counts its outs, weighs the odds, budgets its tokens, watches danger.

Policy:

* Discards before laying down: for each card it might throw, how many cards short of
  the contract the rest of the hand would be (the solver's ``cards_needed``, counted
  fast by :func:`~tenpennies.bots.tactics.cards_short`), then how many unseen cards
  are outs for it (cards not in its hand, the discard pile or on the table); of the
  best, the most expensive. When an open opponent is near going out and the contract
  is still far, it throws points instead.
* Buys only cards that are outs, and only while it has not laid down. A card that
  completes the contract is bought whenever a token is left; otherwise only with
  tokens to spare (it keeps some for the harder later rounds), and not when the round
  may end before the extra cards can be shed. When buying leaves it
  one card short, it buys only if the exact odds that one unseen card completes the
  contract (:func:`tenpennies.odds.draw_odds`) are worth it: the outs are not all seen.
* Lays down as soon as it can; then sheds every card it can each turn (melds, then
  additions, wilds last), and discards the most expensive card that is not in a pair.

    >>> from tenpennies.bots import play_match
    >>> m = play_match(["strong", "thumb", "strong", "thumb"], seed=4)
    >>> m.is_over
    True
"""

from __future__ import annotations

from collections import Counter

from ..actions import Action, Buy, Discard, LayDown, Pass
from ..cards import Card
from ..match import Phase
from ..view import PlayerView
from .tactics import hand_counts, outs_of_counts, shape, shedding_action, short_of_counts


class StrongBot:
    """Plays by the policy above. Deterministic: the seed is accepted for the protocol."""

    name = "strong"

    def __init__(self, seed: int | str = 0, *, spare: float = 1.0, danger_cards: int = 2,
                 min_odds: float = 0.04) -> None:
        self.seed = seed
        self.min_odds = min_odds
        # Tokens kept per round still to come; and an opponent this close to going out
        # (cards in hand, once open) makes points matter more than the contract.
        self.spare = spare
        self.danger_cards = danger_cards

    def act(self, view: PlayerView) -> Action:
        seat = view.seat
        if view.phase is Phase.OFFER:
            return Buy(seat) if self._wants(view) else Pass(seat)
        legal = view.legal_actions
        wild = view.rules.wild_table(view.round_no)
        if not view.opened[seat]:
            for a in legal:
                if isinstance(a, LayDown):
                    return a
            return Discard(seat, self._discard_closed(view))
        shed = shedding_action(legal, wild)
        if shed is not None:
            return shed
        return Discard(seat, self._discard_open(view, wild))

    # -- reading the table ------------------------------------------------------------
    @staticmethod
    def _unseen(view: PlayerView) -> Counter:
        """Cards this seat has not seen: the deck less its hand, the pile and the table."""
        pool = Counter(view.rules.deck())
        pool.subtract(view.hand)
        pool.subtract(view.seen_cards())
        return pool

    def _danger(self, view: PlayerView) -> bool:
        """Could an open opponent go out on its next turn?"""
        return any(view.opened[s] and view.hand_sizes[s] <= self.danger_cards
                   for s in range(len(view.hand_sizes)) if s != view.seat)

    # -- decisions ----------------------------------------------------------------------
    def _wants(self, view: PlayerView) -> bool:
        seat, card, rules, r = view.seat, view.top_discard, view.rules, view.round_no
        if view.opened[seat] or card is None:
            return False
        sh = shape(rules, r)
        copies, one, two, w = hand_counts(view.hand, sh)
        short = short_of_counts(one, two, w, sh)
        after = cards_short_with(card, copies, one, two, w, sh)
        if after >= short:
            return False
        if after == 0:
            return True  # the contract goes down this turn or next: worth any token
        spare = view.tokens[seat] - self.spare * (rules.rounds - r)
        if spare < 1:
            return False
        if self._danger(view):
            return False  # three more cards in hand just as the round may end
        if after == 1:
            # One card from the contract after buying: is the last card still likely to
            # come? The exact odds that one unseen card completes it.
            from ..odds import draw_odds

            seen = view.discard_pile[:-1] + tuple(c for t in view.table for c in t.cards)
            odds = draw_odds(view.hand + (card,), 1, r, seen, rules)
            return odds.probability >= self.min_odds
        return spare >= 2

    def _discard_closed(self, view: PlayerView) -> Card:
        rules, r = view.rules, view.round_no
        sh = shape(rules, r)
        points = rules.card_points
        copies, one, two, w = hand_counts(view.hand, sh)
        short_now = short_of_counts(one, two, w, sh)
        if self._danger(view) and short_now >= 2:
            # The round is likely to end before the contract: shed points, keep wilds.
            naturals = [c for c in view.hand if not sh.wild[c.index]] or list(view.hand)
            return max(naturals, key=lambda c: (points[c.rank], c.rank, c.index))
        unseen = self._unseen(view)
        best, best_key = None, None
        for card in sorted(set(view.hand), key=lambda c: c.index):
            i = card.index
            # Take the card out of the counts, judge the rest, put it back.
            copies[i] -= 1
            is_wild = sh.wild[i]
            if is_wild:
                w -= 1
            else:
                rank = card.rank
                two_before, one_before = two[rank], one[rank]
                if sh.repeated:
                    one[rank] -= 1
                    two[rank] -= 1
                else:
                    if copies[i] == 0:
                        one[rank] -= 1
                    if copies[i] < 2:  # this copy was one that two sets could use
                        two[rank] -= 1
            short = short_of_counts(one, two, w, sh)
            chances = sum(outs_of_counts(copies, one, two, w, sh, unseen).values()) if short else 0
            if is_wild:
                w += 1
            else:
                one[rank], two[rank] = one_before, two_before
            copies[i] += 1
            key = (short, -chances, -points[card.rank], -card.rank, -i)
            if best_key is None or key < best_key:
                best, best_key = card, key
        return best

    def _discard_open(self, view: PlayerView, wild) -> Card:
        points = view.rules.card_points
        naturals = [c for c in view.hand if not wild[c.index]]
        ranks = Counter(c.rank for c in naturals)
        singles = [c for c in view.hand if wild[c.index] or ranks[c.rank] < 2]
        return max(singles or view.hand, key=lambda c: (points[c.rank], c.rank, c.index))

    def __repr__(self) -> str:
        return f"StrongBot(spare={self.spare}, danger_cards={self.danger_cards})"


def cards_short_with(card: Card, copies, one, two, w: int, sh) -> int:
    """How short the counted hand would be with ``card`` added (the counts are restored)."""
    i = card.index
    if sh.wild[i]:
        return short_of_counts(one, two, w + 1, sh)
    r = card.rank
    d1 = 1 if (copies[i] == 0 or sh.repeated) else 0
    d2 = 1 if (copies[i] < 2 or sh.repeated) else 0
    one[r] += d1
    two[r] += d2
    short = short_of_counts(one, two, w, sh)
    one[r] -= d1
    two[r] -= d2
    return short
