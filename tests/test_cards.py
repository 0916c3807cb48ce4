import copy
import pickle

import pytest

from tenpennies import JOKER, Card, NotationError, parse_cards
from tenpennies.engine.cards import ALL_CARDS, format_cards


def test_notation_round_trips_for_every_card():
    for card in ALL_CARDS:
        assert parse_cards(str(card)) == (card,)
        assert eval(repr(card)) is card  # the repr evaluates back (in a test, never in the package)


def test_ten_and_suit_symbols_accepted():
    assert parse_cards("10♥ 7♠ 9♦ 2♣ jk 7s") == parse_cards("TH 7S 9D 2C JK 7S")


def test_two_equal_cards_are_one_value():
    a, b = parse_cards("7S 7S")
    assert a == b and a is b and hash(a) == hash(b)


def test_cards_survive_pickle_and_copy_as_the_same_value():
    card = Card("QH")
    assert pickle.loads(pickle.dumps(card)) is card
    assert copy.deepcopy(card) is card and copy.copy(card) is card


def test_cards_are_immutable():
    with pytest.raises(AttributeError):
        Card("7S").rank = 8


@pytest.mark.parametrize("bad", ["1S", "7X", "77", "S7", "", "JKK", "11H"])
def test_bad_notation_names_the_token(bad):
    with pytest.raises(NotationError, match=repr(bad)):
        parse_cards(["7S", bad])


def test_card_words():
    assert Card("7S").name == "seven of spades" and JOKER.name == "joker"
    assert Card("TH").symbol == "10♥" and format_cards(parse_cards("JK 3S AS"), sort=True) == "AS 3S JK"


def test_card_order_sorts_as_sort_key():
    # Card.order is the one small int hot loops sort by: it must give the reading order.
    from tenpennies.engine.cards import ALL_CARDS, BY_ORDER, IN_ORDER, sort_key

    assert sorted(ALL_CARDS, key=BY_ORDER) == sorted(ALL_CARDS, key=sort_key)
    assert [c.order for c in IN_ORDER] == list(range(53))
    assert IN_ORDER[0] == Card("AS") and IN_ORDER[-1] == Card("JK")


def test_cards_equal_only_themselves_and_have_no_order():
    # Equality stays object identity in C (cards are interned): a Python comparison
    # method on Card would slow every `card in hand` of every match.
    assert Card("7S") == Card("7S") and Card("7S") != Card("7H")
    assert Card("7S") in [Card("7H"), Card("7S")]
    with pytest.raises(TypeError):
        Card("2S") < Card("3S")
