"""The explorer widgets, driven from Python: each click or keystroke must become the right
next state (see tests/test_explorers.py for the states themselves) and redraw from it."""

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from tenpennies import Hand, dealt_probability, parse_cards
from tenpennies.lessons.explorers import BuyChoice, deal_hand

widgets = require("tenpennies.widgets")  # installed with the notebooks extra

HAND = "7S 7H 7D 9S 9H 4C 5C 6D KS QH JD"


def test_set_checker_clicks_cards_in_and_out():
    checker = widgets.set_checker(round_no=1)
    for text in ("7S", "7H", "JK"):
        checker.card_buttons[text].click()
    assert checker.state.cards == parse_cards("7S 7H JK")
    assert "is a set" in repr(checker) and "7S 7H JK" in checker.picture.value
    checker.picked.children[0].click()  # take the 7S out
    assert checker.state.cards == parse_cards("7H JK")
    checker.clear_button.click()
    assert checker.state.cards == () and checker.picked.children == ()


def test_set_checker_round_picker_rejudges_the_same_cards():
    checker = widgets.set_checker(round_no=4)
    for text in ("9S", "9H", "AD"):
        checker.card_buttons[text].click()
    assert "Not a set" in repr(checker)
    checker.round_picker.value = 5
    assert checker.state.round_no == 5 and checker.state.valid


def test_set_checker_says_when_the_deck_has_no_more_copies():
    checker = widgets.set_checker()
    for _ in range(3):
        checker.card_buttons["QD"].click()
    assert checker.state.cards == parse_cards("QD QD")
    assert "only 2 QD" in checker.message.value


def test_contract_explorer_deals_types_and_changes_round():
    explorer = widgets.contract_explorer(hand="7S 7H 7D 9S 9H JK KS KH")
    assert explorer.state.hand == Hand("7S 7H 7D 9S 9H JK KS KH")
    assert "2 ways" in repr(explorer)
    explorer.round_picker.value = 3
    assert explorer.state.round_no == 3 and "two sets of 4" in explorer.words.value
    explorer.hand_text.value = "8H 8D 8C 4S 4H 4D 9C JK"
    assert explorer.state.outs == parse_cards("4C 8S JK")
    explorer.hand_text.value = "8H 8Z"
    assert "8Z" in explorer.message.value and explorer.state.hand == Hand("8H 8D 8C 4S 4H 4D 9C JK")
    explorer.seed.value = 9
    explorer.deal_button.click()
    assert explorer.state.hand == deal_hand(9) and explorer.message.value == ""


def test_odds_explorer_controls_change_the_table():
    explorer = widgets.odds_explorer()
    explorer.controls["wild_aces_and_twos"].value = "never"
    explorer.controls["hand_size"].value = 13
    state = explorer.state
    assert state.rules.hand_size == 13 and not any(state.rules.wild_ranks)
    assert state.rows[6].house == dealt_probability(7, state.rules)
    assert "hand size 13" in explorer.table.value
    explorer.controls["decks"].value = 1
    explorer.controls["jokers"].value = 0
    explorer.controls["hand_size"].value = 13
    assert "too small" in explorer.message.value and "too small" in explorer.picture.value


def test_buy_calculator_types_and_toggles_turn():
    calc = widgets.buy_calculator(hand=HAND, offered="3C")
    assert calc.state.judgment.next_buy > calc.state.judgment.next_pass
    calc.offered_text.value = "9D"
    assert calc.state.decision.buy_probability == 1
    calc.my_turn.value = False
    assert calc.state.decision.pass_probability == 0
    calc.seen_text.value = "9C"
    assert calc.state.seen == parse_cards("9C")
    calc.round_picker.value = 2
    assert calc.state.decision.round_no == 2
    calc.deal_button.click()
    assert calc.state == BuyChoice(2, my_turn=False).dealt(1)


def test_explorer_reprs_are_stable_text():
    a, b = widgets.odds_explorer(), widgets.odds_explorer()
    assert repr(a) == repr(b) == "OddsExplorer(changes: none (Ten Pennies))"


def test_explorers_load_without_canvas_numpy_or_matplotlib():
    # JupyterLite can load ipywidgets but not ipycanvas, NumPy or matplotlib: the explorers
    # (and the widgets package they live in) must not import them.
    import subprocess
    import sys

    code = ("import sys; from tenpennies.widgets import odds_explorer, set_checker, contract_explorer, "
            "buy_calculator; odds_explorer(); set_checker(); contract_explorer(); buy_calculator(); "
            "print(sorted(m for m in ('ipycanvas', 'numpy', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_dealt_hands_show_in_the_typed_fields_for_editing():
    calc = widgets.buy_calculator(seed=4)
    state = calc.state
    assert calc.hand_text.value == str(state.hand) and calc.offered_text.value == str(state.offered)
    calc.seed.value = 5
    calc.deal_button.click()
    assert calc.state == BuyChoice().dealt(5) and calc.hand_text.value == str(calc.state.hand)
    explorer = widgets.contract_explorer(seed=4)
    assert explorer.hand_text.value == str(deal_hand(4)) and explorer.state.hand == deal_hand(4)


def test_set_checker_palette_holds_every_card_once_spades_first():
    checker = widgets.set_checker()
    assert len(checker.card_buttons) == 53
    assert list(checker.card_buttons)[:2] == ["AS", "2S"] and list(checker.card_buttons)[-1] == "JK"
