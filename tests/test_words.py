"""The kit's words (tenpennies.engine.words): cards in sentences, decisions in sentences."""

import re

import pytest

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Card, Match
from tenpennies.engine.actions import Meld
from tenpennies.front.table import Game, describe
from tenpennies.bots.strong import StrongBot
from tenpennies.bots.buying import should_buy
from tenpennies.play.match import Phase
from tenpennies.bots.buying import decision_words
from tenpennies.explain.decisions import buy_words
from tenpennies.engine.words import card_text, cards_text


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
    # Alone, the buy judgment's words write the ten as every sentence does; the old
    # ``card=`` switch still works.
    judgment = should_buy(view)
    assert buy_words(judgment) == buy_words(judgment, card=card_text(ten))
    assert f"the {card_text(ten)} still keeps" in buy_words(judgment) and str(ten) not in buy_words(judgment)


# -- every sentence the table says: a ten reads 10 ----------------------------------------------
NOTATION_TEN = re.compile(r"\bT[SHDC]\b")
WRITTEN_TEN = re.compile(r"\b10[SHDC]\b")


def table_sentences(seed, rules):
    """What a person at the table reads over a whole seeded match against bots, by where
    it comes from: the log's narration (with the passes made without asking, whose reason
    is the buy judgment's), the table described, the buttons' tooltips, the hints, and the
    messages of refused moves (a lone ten melded, which the engine refuses with its reason;
    a discard with nothing selected, which the table refuses itself)."""
    game = Game(seed, seat=0, bots=("thumb",), rules=rules, offers="useful")
    said = {"narration": [], "described": [], "tooltips": [], "hints": [], "messages": []}
    while True:
        game.advance()
        said["narration"] += game.new_words()
        if game.is_over:
            return said
        said["described"].append(describe(game.view, game.names))
        said["tooltips"] += [game.tooltip(m) for m in game.moves]
        hint = game.hint()
        said["hints"].append(hint.sentence)
        tens = [c for c in game.view.hand if c.rank == 10]
        if tens and not game.act(Meld(game.seat, tens[:1])):
            said["messages"].append(game.message)
        game.selected = ()
        if not game.discard():
            said["messages"].append(game.message)
        assert game.act(hint.action), game.message


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten-pennies", "ten-card-rummy"])
def test_no_sentence_at_the_table_writes_a_ten_in_notation(rules):
    said = table_sentences(0, rules)
    for where, lines in said.items():
        assert not [line for line in lines if NOTATION_TEN.search(line)], where
    # Tens were played, hinted and refused, and each time read 10 (seed 0 deals them in both games).
    for where, lines in said.items():
        assert any(WRITTEN_TEN.search(line) for line in lines), where


def test_the_engines_reason_reads_10_when_spoken_to_the_table():
    from tenpennies.explain.narrate import to_you
    from tenpennies.engine.words import tens_as_written

    assert to_you("seat 0 does not hold TS TH 7D", 0) == "you do not hold 10S 10H 7D"
    assert tens_as_written("TS is not a set; QS KS TC JK") == "10S is not a set; QS KS 10C JK"
    assert tens_as_written("STOP at TSX") == "STOP at TSX"  # only a card on its own


def test_the_shipped_puzzles_words_read_10_and_their_answers_keep_the_notation():
    from tenpennies.puzzles import load

    puzzles = load()
    for p in puzzles:
        words = [p.title, p.question, *p.hints, p.explanation, *(feedback for _, feedback in p.wrong)]
        assert not [w for w in words if NOTATION_TEN.search(w)], p.id
    # Tens are in them, written 10, and the answers a learner types keep the notation (T).
    assert sum(bool(WRITTEN_TEN.search(p.explanation)) for p in puzzles) > 100
    assert any(NOTATION_TEN.search(p.answer) for p in puzzles)
    assert not any(WRITTEN_TEN.search(p.answer) for p in puzzles)


def test_why_words_agree_in_number_with_the_unseen_cards_they_count():
    """A decision's words count the unseen cards it names in the right number: "1 unseen card
    completes it", "3 unseen cards complete it", and "no unseen card" when every helpful
    card is in sight."""
    from tenpennies import Match
    from tenpennies.engine.actions import Discard
    from tenpennies.engine.cards import Card
    from tenpennies.bots.decision import Decision
    from tenpennies.explain.decisions import why_words

    view = Match(1).view(0)

    def said(short, n):
        facts = {"cards_short": short, "unseen_outs": n, "points": 10, "outs": ()}
        return why_words(Decision(Discard(0, Card("KC")), "discard-most-outs", facts), view)

    assert said(1, 1).endswith("and 1 unseen card completes it")
    assert said(1, 3).endswith("and 3 unseen cards complete it")
    assert said(2, 1).endswith("two cards from two sets of 3, and 1 unseen card brings it one closer")
    assert said(2, 0).endswith("but no unseen card brings it closer")
    assert said(1, 0).endswith("but no unseen card completes it")
