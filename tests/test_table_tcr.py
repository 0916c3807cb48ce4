"""The table's controller (:class:`tenpennies.front.table.Game`) and widget playing Ten Card Rummy:
the draw chosen after melding (C6, C8), buying as offers to the other seats (C9), a wild
laid off at the chosen end of a run (C4, C11), up to eight seats (C1), no tokens."""

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from tenpennies import Position
from tenpennies.engine.actions import Buy, Pass, TakeDiscard
from tenpennies.front.table import MOVES, Game
from tenpennies.play.match import Phase
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES

SIX = TEN_CARD_RUMMY.with_players(6)


class Script:
    """A bot for rigged tests: it passes when it may, else plays the first legal action."""

    name = "script"

    def act(self, view):
        passes = [a for a in view.legal_actions if isinstance(a, Pass)]
        return passes[0] if passes else view.legal_actions[0]


def game_from(position, **options):
    return Game.from_position(position, seed=1, seat=0, rules=SIX, bots=[Script()] * 5, **options)


HANDS = ("7S 8S 9S JK 4D 4C KC 2H 5D 6C", "AS AH 3D 3C 5S 6H 8C TD QS QH", "2S 2C 4S 4H 6S 6D 8H TH JC JD",
         "3S 3H 5C 7C 9C 9D TS JS QC KH", "AC 2D 3C 4C 5H 7D 8D 9H QD KD", "KS 7H TC JH AD 9S 4D 5S 6H 8S")


@pytest.mark.parametrize("players", [4, 6, 8])
def test_c1_a_game_seats_four_to_eight_with_bots_in_the_other_seats(players):
    game = Game(3, seat=0, rules=TEN_CARD_RUMMY.with_players(players), bots=("random",))
    game.advance()
    assert len(game.bots) == players - 1 and game.waiting and game.view.phase is Phase.MELD
    assert game.moves == tuple(MOVES) and "token" not in "\n".join(game.words())


def test_c6_c8_take_the_discard_after_melding_then_discard():
    game = game_from(Position(round_no=1, hands=HANDS, discard_pile="QD", top_discarder=5, stock="2H 3H 5C",
                              dealer=5))
    assert game.waiting and game.view.phase is Phase.MELD
    assert [m for m in ("take", "draw", "buy", "pass", "lay_down", "discard") if not game.unavailable(m)] == \
        ["take", "draw", "lay_down"]
    assert game.unavailable("discard") == "first take the top discard or draw from the stock"
    assert game.tooltip("take") == "Take the top discard as your draw, for nothing."
    game.new_words()
    assert game.take_discard(), game.message
    assert game.new_words() == ["You took QD from the discard pile."]
    assert game.view.phase is Phase.DISCARD and "QD" in map(str, game.hand)
    assert game.unavailable("lay_down") == "melding comes before the draw: now discard"
    assert game.unavailable("take") == "you have drawn this turn already"
    game.select_cards("KC")
    assert game.discard()
    assert game.undo() and game.view.phase is Phase.DISCARD  # undo takes back the discard only
    # The free take showed nothing new (QD was face up, C8): it may be taken back too.
    assert "QD" in map(str, game.hand) and game.undo() and game.view.phase is Phase.MELD
    assert game.take_discard(), game.message
    game.select_cards("KC")
    assert game.discard()
    game.advance()
    words = game.new_words()[1:]  # (after the take told afresh)
    assert words[0] == "You discarded KC." and words[1].startswith("Seat 1 (script) passed on the discard.")
    assert not game.undo()  # the seats after have answered: the discard is fixed


def test_c6_a_contract_laid_down_before_the_draw_from_the_stock():
    game = game_from(Position(round_no=1, hands=HANDS, discard_pile="QD", top_discarder=5, stock="2H 3H 5C",
                              dealer=5))
    game.select_cards("7S 8S 9S")  # a run of three is round 1's contract: one meld of 3
    assert game.lay_down(), game.message
    assert game.view.opened[0] and game.view.table[0].kind.value == "run"
    assert game.unavailable("meld") == "" and game.unavailable("discard") != ""
    game.new_words()
    assert game.draw_from_stock(), game.message
    assert game.new_words() == ["You passed on the discard.", "You drew 2H."]  # C8: not taken
    assert game.view.phase is Phase.DISCARD


def test_c9_buying_is_an_offer_to_the_other_seats_with_no_token():
    # Round 4: seat 5 is active and declines QD; seat 0, first clockwise, is offered it.
    position = Position(round_no=4, hands=HANDS, discard_pile="KD QD", top_discarder=4, stock="2H 3H 5C",
                        dealer=4)
    game = game_from(position)
    game.advance()
    assert game.waiting and game.view.phase is Phase.OFFER and game.view.active == 5
    assert [m for m in ("take", "draw", "buy", "pass") if not game.unavailable(m)] == ["buy", "pass"]
    assert game.unavailable("take") == "it is seat 5 (script)'s turn: buy or pass"
    assert game.tooltip("buy") == "Buy the offered card: it and 1 stock card."
    game.new_words()
    assert game.buy(), game.message
    game.advance()
    words = game.new_words()
    assert words[:2] == ["You bought QD.", "You drew 2H as part of the purchase."]
    assert not any("token" in w for w in words)


def test_c4_c11_a_wild_laid_off_at_the_chosen_end_of_a_run():
    table = ((0, "7S 8S 9S"), (1, "TD TH TC"))
    hands = ("JK 4D 4C KC 2H 5D 6C",) + HANDS[1:]
    for end, cards in (("low", "JK 7S 8S 9S"), ("high", "7S 8S 9S JK"), (None, "7S 8S 9S JK")):
        game = game_from(Position(round_no=2, hands=hands, table=table, discard_pile="QD", top_discarder=5,
                                  stock="2H 3H 5C", dealer=5))
        game.select_cards("JK")
        assert game.addable_sets() == (0, 1)  # a joker may go on the run or the set (C4)
        assert game.add_to_set(0, end), game.message
        assert " ".join(map(str, game.view.table[0].cards)) == cards
        words = game.new_words()[-1]
        assert words == f"You added JK to meld 0{'' if end is None else f' (the wild at the {end} end)'}."


def test_the_tables_buttons_are_the_rule_sets_moves_and_a_run_end_is_clicked():
    widgets = require("tenpennies.widgets")
    tcr = widgets.PlayTable(rules=SIX, bots=("random",), delay=0, seed=3)
    tp = widgets.PlayTable(rules=TEN_PENNIES, bots=("random",), delay=0, seed=3)
    assert set(tcr.buttons) == set(MOVES) and set(MOVES) - set(tp.buttons) == {"take", "draw"}
    assert "run" in tcr.buttons["add"].tooltip and "run" not in tp.buttons["add"].tooltip
    assert (tcr.buttons["add"].description, tp.buttons["add"].description) == ("Add to Meld", "Add to Set")
    assert len(tcr.layout_now.regions_of("seat")) == 6 and "joker to a run" in tcr.help.value
    assert repr(tcr) == "<PlayTable seed=3 seat=0: round 1 of 11>"
    # A joker onto a run: clicking the run's left half puts it at the low end.
    table = ((0, "7S 8S 9S"),)
    hands = ("JK 4D 4C KC 2H 5D 6C",) + HANDS[1:]
    board = widgets.PlayTable.from_position(
        Position(round_no=2, hands=hands, table=table, discard_pile="QD", top_discarder=5, stock="2H 3H 5C",
                 dealer=5), seed=1, rules=SIX, bots=[Script()] * 5, delay=0)
    board.game.select_cards("JK")
    board.buttons["add"].click()
    run = board.layout_now.regions_of("set")[0]
    board.click(run.rect.x + 4, run.rect.y + 30)
    assert " ".join(map(str, board.game.view.table[0].cards)) == "JK 7S 8S 9S"
    board.buttons["take"].click()
    assert board.game.view.phase is Phase.DISCARD and "You took QD from the discard pile." in board.log_box.value


def test_a_take_and_a_buy_are_actions_of_the_right_seat():
    game = game_from(Position(round_no=4, hands=HANDS, discard_pile="KD QD", top_discarder=4,
                              stock="2H 3H 5C", dealer=4))
    game.advance()
    assert TakeDiscard(0) not in game.view.legal_actions and Buy(0) in game.view.legal_actions
    assert not game.take_discard() and game.message


def test_a_hint_in_ten_card_rummy_is_a_legal_move_named_by_its_button_with_numbers():
    game = game_from(Position(round_no=1, hands=HANDS, discard_pile="QD", top_discarder=5, stock="2H 3H 5C",
                              dealer=5))
    hint = game.hint()
    assert game.match.is_legal(hint.action)
    # The active player's pass is the Draw From Stock button; a take is Take Discard (C6, C8).
    if type(hint.action).__name__ == "Pass":
        assert hint.sentence.startswith("Draw from the stock (Draw From Stock) and leave QD")
    elif type(hint.action).__name__ == "TakeDiscard":
        assert hint.sentence.startswith("Take QD from the discard pile (Take Discard)")
    assert any(ch.isdigit() for ch in hint.sentence.split(":", 1)[1])  # its reason carries numbers
    assert game.view.phase is Phase.MELD  # asking for a hint changes nothing


def test_c8_a_hint_to_take_the_discard_names_the_button_and_counts_the_unseen_cards():
    # 2S 5H 9C KD 7D 4C JS QH 3D 6S: the KH makes KD KH a pair and QH KH a run's start.
    hands = ("2S 5H 9C KD 7D 4C JS QH 3D 6S",) + HANDS[1:]
    game = game_from(Position(round_no=1, hands=hands, discard_pile="KH", top_discarder=5, stock="2H 3H 5C",
                              dealer=5))
    hint = game.hint()
    assert type(hint.action).__name__ == "TakeDiscard"
    assert hint.sentence.startswith("Take KH from the discard pile (Take Discard), free:")
    # The taken KH counts in the hand, not among the seen cards, so no card is counted twice.
    assert "one card from one meld of 3" in hint.sentence and "14 unseen cards" in hint.sentence


def test_c12_the_log_says_the_pile_was_turned_over_not_shuffled():
    from tenpennies.engine.actions import Recycle
    from tenpennies.engine.cards import Card
    from tenpennies.front.table import narrate

    said = narrate(Recycle(40, Card("7H")), 0, TEN_CARD_RUMMY)
    assert "turned over" in said and "shuffled" not in said and "7H turned up" in said
    assert "shuffled" in narrate(Recycle(40), 0)  # Ten Pennies shuffles (T16)


def test_c4_the_log_tells_a_new_run_in_the_order_the_table_shows_it():
    # 7S 9S and a joker: the table shows 7-8-9 with the joker in the gap, and the log's
    # words must say the same, not the order the cards were played in.
    hands = ("9S 7S JK 5D 4D 4C KC 2H 5D 6C",) + HANDS[1:]
    game = game_from(Position(round_no=1, hands=hands, table=((0, "TD TH TC"),), opened=(True,) + (False,) * 5,
                              discard_pile="QD", top_discarder=5, stock="2H 3H 5C", dealer=5))
    game.new_words()
    game.select_cards("9S JK 7S")
    assert game.meld(), game.message
    shown = " ".join(map(str, game.view.table[1].cards))
    assert shown == "7S JK 9S"
    assert game.new_words() == [f"You melded {shown}."]
    assert game.words()[-1] == f"You melded {shown}."
