"""The kit's words (tenpennies.words): cards in sentences, decisions in sentences."""

from tenpennies import Card, Match
from tenpennies.bots.strong import StrongBot
from tenpennies.buying import should_buy
from tenpennies.match import Phase
from tenpennies.buying import decision_words
from tenpennies.words import buy_words, card_text, cards_text


def offered_a_ten():
    """The view of the seat first offered the up card, in a seeded match whose up card is a ten."""
    for seed in range(300):
        match = Match(seed=seed)
        if match.top_discard.rank == 10 and match.phase is Phase.OFFER:
            return match.view(match.to_act)
    raise AssertionError("no seed of 300 turns up a ten")


def test_a_ten_reads_10_in_a_sentence_and_its_notation_keeps_t():
    assert [card_text(Card(t)) for t in ("TS", "TH", "7D", "KC", "JK")] == ["10S", "10H", "7D", "KC", "JK"]
    assert cards_text([Card("TD"), Card("AS")]) == "10D AS" and cards_text([Card("TD")], ", ") == "10D"
    assert str(Card("TS")) == "TS"  # notation, for input and records, as it was


def test_an_offer_of_a_ten_reads_10_all_through_its_sentence():
    view = offered_a_ten()
    ten = view.top_discard
    said = decision_words(StrongBot().decide(view), view)
    assert said.startswith(("Buy ", "Pass on ")) and f"the {card_text(ten)} still keeps" in said  # twice named
    assert f" {ten}" not in said and f"{ten}:" not in said
    # Alone, the buy judgment's words keep the notation the table's own messages write
    # (game.py's "You passed on TS without being asked: ..."), so no sentence mixes the two.
    judgment = should_buy(view)
    assert buy_words(judgment) == buy_words(judgment, card=str(ten))
    assert card_text(ten) not in buy_words(judgment)


def test_decision_words_keeps_its_old_home():
    import tenpennies.words as words

    assert words.decision_words is decision_words
