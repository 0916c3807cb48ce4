"""Undo never takes back what the seat has seen (:meth:`tenpennies.front.table.Game.undo`, T20).

Draw then Undo used to show the stock's top card and let the seat choose again (buy
instead, or take the discard). Now, at the classroom's tables and practice ones alike, in
both games: a card drawn or bought, another seat's move, a new deal fix the decisions
before them, and what the person can still take back is only its own moves since, which
show nothing new. A property test plays random games with random undos and checks, with
its own idea of what a seat has seen (the cards in its sight, the other seats' moves),
that no undo goes back past anything the seat saw.
"""

from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from conftest import require  # a missing package skips, or fails when CI is set

from tenpennies import Position
from tenpennies.engine.actions import Buy, Discard, Pass, TakeDiscard
from tenpennies.front.table import Game
from tenpennies.play.match import Phase
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES

# Ten Pennies: seat 0 is the active player, offered 6C (T5); it holds its contract.
TP = Position(round_no=1, hands=("7S 7H 7D 9S 9H JK KC 4D 4H 4S QD", "QS QH 3C 3D 8S", "2S 2H 5C 5D 6S",
                                 "TS TH JC JD 6H"),
              discard_pile="6C", table=((1, "KS KH KD"), (2, "8H 8D 8C")), dealer=3, top_discarder=3,
              stock="5S 8S 2C 3H TC AD AH AS 6D 7C")
# Ten Card Rummy: seat 0 melds, then chooses its draw (C6), QD on the pile; round 4 allows buying (C9).
TCR = Position(round_no=4, hands=("7S 8S 9S TS 4D 4C 4H 4S 5D 6C", "AS AH 3D 3C 5S 6H 8C TD QS QH",
                                  "2S 2C 4S 4H 6S 6D 8H TH JC JD", "3S 3H 5C 7C 9C 9D TS JS QC KH"),
               discard_pile="QD", top_discarder=3, stock="2H 3H 5C KD AD 7D", dealer=3, tokens=(0, 0, 0, 0))


class Script:
    """A bot that passes when it may, else plays its first legal action (rigged tests)."""

    name = "script"

    def act(self, view):
        passes = [a for a in view.legal_actions if isinstance(a, Pass)]
        return passes[0] if passes else view.legal_actions[0]


def table_of(rules, classroom: bool):
    require("ipywidgets")
    from tenpennies.widgets import PlayTable

    return PlayTable.from_position(TP if rules is TEN_PENNIES else TCR, seed=5, seat=0, bots=[Script()] * 3,
                                   rules=rules, delay=0, classroom=classroom, offers="ask")


def sight(view) -> Counter:
    """The cards a seat has in sight: its hand, the table's melds, the discard pile."""
    return Counter([*view.hand, *(c for meld in view.table for c in meld.cards), *view.discard_pile])


@pytest.mark.parametrize("classroom", [True, False], ids=["classroom", "practice"])
@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten-pennies", "ten-card-rummy"])
def test_t20_draw_then_undo_shows_nothing_the_seat_can_act_on(rules, classroom):
    table = table_of(rules, classroom)
    game = table.game
    if rules is TEN_CARD_RUMMY:  # C6: melding first is the person's own move, undoable
        game.select_cards("7S 8S 9S TS 4D 4C 4H 4S")  # R4: two melds of 4 (C5)
        table.buttons["lay_down"].click()
        assert game.view.opened[0] and not table.buttons["undo"].disabled
        table.buttons["undo"].click()
        assert not game.view.opened[0] and game.view.phase is Phase.MELD
    drawn_from = sight(game.view)
    table.buttons["draw" if rules is TEN_CARD_RUMMY else "pass"].click()  # the draw from the stock
    after = game.match.snapshot()
    view = game.view
    new = sight(view) - drawn_from
    assert sum(new.values()) == 1 and view.phase in (Phase.PLAY, Phase.DISCARD) and view.to_act == 0
    # Undo is greyed out, and pressing it anyway (a forged click, or the game's own method)
    # changes nothing: the seat cannot go back to choose its draw again knowing the card.
    assert table.buttons["undo"].disabled
    assert "never takes back what you have seen" in table.buttons["undo"].tooltip
    table.buttons["undo"].click()
    assert not game.undo() and not game.press("undo")
    assert game.match.snapshot() == after
    assert not any(type(a) in (Buy, Pass, TakeDiscard) for a in game.view.legal_actions)
    # What can be taken back after the draw is the person's own move, and it gives back
    # the same hand, the drawn card in it (the deal never changes).
    card = next(iter(new))
    game.select_cards([c for c in game.hand if c != card][:1])
    table.buttons["discard"].click()
    if not game.is_over and game.match.to_act != 0:  # (the bots have answered: fixed too)
        assert table.buttons["undo"].disabled and not game.undo()


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten-pennies", "ten-card-rummy"])
def test_t20_a_purchase_is_never_undone(rules):
    position = TP if rules is TEN_PENNIES else TCR
    game = Game.from_position(position, seed=5, seat=1, bots=[Script()] * 3, rules=rules)
    game.advance()  # seat 0 passes (in Ten Card Rummy: declines QD as its draw), seat 1 is offered it
    assert game.waiting and any(type(a) is Buy for a in game.view.legal_actions)
    before = sight(game.view)
    assert game.buy(), game.message
    assert sum((sight(game.view) - before).values()) >= 1  # a stock card came with it (T5, C9)
    snapshot = game.match.snapshot()
    assert not game.undo() and game.match.snapshot() == snapshot


def test_t20_an_own_move_after_the_draw_is_undone_to_the_same_hand():
    game = Game.from_position(TP, seed=5, seat=0, bots=[Script()] * 3, offers="ask")
    assert game.pass_offer()
    game.advance()  # the others pass too, and seat 0 draws (T6)
    assert game.waiting and game.view.phase is Phase.PLAY
    hand = game.hand
    assert game.lay_down() and game.view.opened[0]
    assert game.undo() and game.hand == hand and not game.view.opened[0]


def others_moves(view) -> int:
    """How many of the log's entries the seat did not make itself (any other seat's move,
    a draw of another seat, a deal)."""
    return sum(1 for entry in view.log if getattr(entry, "seat", None) != view.seat)


@settings(max_examples=30, deadline=None)
@given(rules=st.sampled_from([TEN_PENNIES, TEN_CARD_RUMMY]), seed=st.integers(0, 10**6),
       choices=st.lists(st.integers(0, 99), min_size=5, max_size=60))
def test_t20_no_undo_goes_back_past_anything_the_seat_saw(rules, seed, choices):
    game = Game(seed, seat=0, bots=("thumb",), rules=rules)
    game.advance()
    seen = [game.view]  # every view the person had, in order
    for choice in choices:
        if game.is_over:
            break
        if choice < 30:
            if game.undo():
                now = game.view
                # The view undone to is one the person had, and nothing it saw since was new to it.
                back = max(i for i, v in enumerate(seen) if len(v.log) == len(now.log))
                assert sight(seen[back]) == sight(now) and seen[back].hand == now.hand
                for later in seen[back:]:
                    assert not sight(later) - sight(now), "an undo went back past a card the seat saw"
                    assert others_moves(later) == others_moves(now), "an undo went back past another seat's move"
                del seen[back + 1:]
                continue
        elif game.waiting:
            legal = game.view.legal_actions
            discards = [a for a in legal if type(a) is Discard]
            # Mostly the discard (it ends a turn); else any legal action, a draw choice among them.
            action = discards[choice % len(discards)] if discards and choice % 3 else legal[choice % len(legal)]
            assert game.act(action), game.message
        if choice % 2:
            game.advance()
        else:
            game.step()
        seen.append(game.view)
