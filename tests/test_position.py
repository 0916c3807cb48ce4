"""Positions: the moved Position, and a seat's view in one line of notation (round trip)."""

import pytest
from hypothesis import given, settings, strategies as st

import tenpennies
from tenpennies import Match, Position, PositionError, SeatPosition, TenPenniesError
from tenpennies.engine.cards import ALL_CARDS, format_cards
from tenpennies.front.cli import main
from tenpennies.engine.sets import is_valid_set

EXAMPLE = "r3 s1 a2 h:7S7H7D7CJK3S t:0=KSKHKDJK,2=5S5H5D5C d:4C9H@2 k:10/9/10/8 p:0/15/20/5 n:4/6/11/9 st:40"


def test_position_moved_but_old_imports_work():
    from tenpennies.play.match import Position as OldHome

    assert OldHome is Position is tenpennies.Position
    assert issubclass(PositionError, TenPenniesError) and issubclass(PositionError, ValueError)


def test_position_is_keyword_only():
    with pytest.raises(TypeError):
        Position(1, ("7S", "8S", "9S", "TS"))


def test_position_dict_round_trip_starts_the_same_match():
    p = Position(round_no=4, hands=("7S 7H 7D 7C JK 3S", "4S 4H 5D", "8S 8H 9D", "TS TH QD"),
                 discard_pile="KS QS", table=((2, "9S 9H 9C 9D JK"),), tokens=(3, 4, 5, 6), dealer=1)
    again = Position.from_dict(p.to_dict())
    assert Match.from_position(again, seed=3).snapshot() == Match.from_position(p, seed=3).snapshot()


def test_bad_position_raises_position_error():
    with pytest.raises(PositionError, match="needs 4 hands"):
        Match.from_position(Position(round_no=1, hands=("7S",)))


def test_seat_position_reads_every_field():
    p = SeatPosition.parse(EXAMPLE)
    assert (p.round_no, p.seat, p.active, p.stock_size) == (3, 1, 2, 40)
    assert format_cards(p.hand) == "3S 7S 7H 7D 7C JK"
    assert [(t.owner, format_cards(t.cards)) for t in p.table] == [(0, "KS KH KD JK"), (2, "5S 5H 5D 5C")]
    assert p.top_discard == tenpennies.Card("9H") and p.top_discarder == 2
    assert p.tokens == (10, 9, 10, 8) and p.scores == (0, 15, 20, 5) and p.hand_sizes == (4, 6, 11, 9)
    assert p.opened == (True, False, True, False)
    assert SeatPosition.parse(str(p)) == p
    assert SeatPosition.from_dict(p.to_dict()) == p
    assert eval(repr(p), {"SeatPosition": SeatPosition}) == p


@pytest.mark.parametrize("text, words", [
    ("r3 s1", "10 fields"),
    (EXAMPLE.replace("r3", "r9"), "round 9 does not exist"),
    (EXAMPLE.replace("s1", "s4"), "seat must be a seat from 0 to 3"),
    (EXAMPLE.replace("h:7S7H7D7CJK3S", "h:7S7H7D7CJK3"), "two characters each"),
    (EXAMPLE.replace("h:7S7H7D7CJK3S", "h:7S7H7D7CJK3X"), "hand"),
    (EXAMPLE.replace("0=KSKHKDJK", "0=KSJKJK"), "is not a set"),
    (EXAMPLE.replace("0=KSKHKDJK", "KSKHKDJK"), "OWNER=CARDS"),
    (EXAMPLE.replace("k:10/9/10/8", "k:10/9/-1/8"), "tokens"),
    (EXAMPLE.replace("n:4/6", "n:4/7"), "holds 6 cards but its hand size says 7"),
    (EXAMPLE.replace("d:4C9H@2", "d:-@2"), "top discarder is given"),
    (EXAMPLE.replace("st:40", "st:400"), "the deck has 108"),
    (EXAMPLE.replace("t:", "x:"), "should start with 't:'"),
    (EXAMPLE.replace("d:4C9H", "d:7S7S"), "more cards than the deck has: 7S"),
])
def test_bad_notation_is_refused_with_the_reason(text, words):
    with pytest.raises(PositionError, match=words):
        SeatPosition.parse(text)


cards = st.sampled_from(ALL_CARDS)


@st.composite
def seat_positions(draw):
    round_no = draw(st.integers(1, 7))
    seat = draw(st.integers(0, 3))
    hand = draw(st.lists(cards, min_size=1, max_size=14))
    table = []
    for _ in range(draw(st.integers(0, 3))):
        s = draw(st.lists(cards, min_size=3, max_size=7))
        if is_valid_set(s, round_no):
            table.append((draw(st.integers(0, 3)), format_cards(s)))
    pile = draw(st.lists(cards, max_size=5))
    sizes = [draw(st.integers(0, 11)) for _ in range(4)]
    sizes[seat] = len(hand)
    try:
        return SeatPosition(
            round_no=round_no, seat=seat, hand=hand, table=tuple(table), discard_pile=pile,
            top_discarder=draw(st.none() | st.integers(0, 3)) if pile else None,
            tokens=tuple(draw(st.integers(0, 10)) for _ in range(4)),
            scores=tuple(draw(st.integers(-5, 400)) for _ in range(4)),
            hand_sizes=tuple(sizes), stock_size=draw(st.integers(0, 50)),
            active=draw(st.integers(0, 3)))
    except PositionError:
        return None  # too many copies of a card: not a position


@settings(max_examples=200, deadline=None)
@given(seat_positions())
def test_notation_round_trips(p):
    if p is not None:
        assert SeatPosition.parse(str(p)) == p
        assert str(SeatPosition.parse(str(p))) == str(p)
        assert SeatPosition.from_dict(p.to_dict()) == p


def test_seat_position_draws_as_svg():
    svg = SeatPosition.parse(EXAMPLE)._repr_svg_()
    assert svg.startswith("<svg") and "r3 s1 a2" in svg


WHAT_IF = "r1 s0 a0 h:7S7H7DJK9S9HKC4D t:2=KSKHKD d:4C k:10/10/10/10 p:0/0/0/0 n:8/11/11/11 st:60"


def test_cli_solves_a_position(capsys):
    code = main(["solve", "--position", WHAT_IF, "--allow-unreachable"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "Lay down 7S 7H 7D; 9S 9H JK" in out
    assert "Go out: lay down 7S 7H 7D; 9S 9H JK, then add KC to set 0, then discard 4D" in out


@pytest.mark.parametrize("argv, words", [
    (["solve", "--position", "r1 s0"], "10 fields"),
    (["solve", "7S", "--round", "1", "--position", EXAMPLE], "give no other cards"),
    (["solve"], "give a hand and --round, or --position"),
    # T3: seat 0 holds 8 cards, unopened, in round 1 with no token spent; T13: seat 2's one
    # set of 3 cannot be round 1's contract of two sets
    (["solve", "--position", WHAT_IF], "T3: seat 0 (its turn) has not laid down and holds 8 cards"),
    (["solve", "--position", WHAT_IF], "T13: seat 2 owns KS KH KD"),
    (["solve", "--position", WHAT_IF], "--allow-unreachable"),
])
def test_cli_bad_position(capsys, argv, words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert words in err and len(err.strip().splitlines()) == 1


def test_describe_names_hand_table_and_turn():
    text = SeatPosition.parse(EXAMPLE).describe()
    assert "Round 3: two sets of 4" in text and "your hand: 3S 7S 7H 7D 7C JK" in text
    assert "set 1 (seat 2): 5S 5H 5D 5C" in text and "it is seat 2's turn" in text


def test_describe_gives_each_seat_a_line_with_counts_in_words():
    p = SeatPosition.parse("r1 s0 a0 h:7S7H7D t:- d:- k:1/2/10/10 p:0/5/40/0 n:3/1/11/11 st:40")
    lines = p.describe().splitlines()
    assert "  discard pile: empty; stock: 40 cards" in lines
    assert "  seat 0: 3 cards, 1 token, 0 points" in lines and "  seat 1: 1 card, 2 tokens, 5 points" in lines
    assert sum(line.startswith("  seat ") for line in lines) == 4


TCR = "r2 s0 a0 h:4H4D7S8S9S t:3=QHKHAH2H d:5C@2 k:- p:0/0/0/0/0/0 n:5/10/10/7/10/10 st:50 g:ten-card-rummy"


def test_c1_a_ten_card_rummy_position_names_its_rule_set_and_seats_six():
    from tenpennies.engine.melds import MeldKind
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    p = SeatPosition.parse(TCR)
    assert p.rules == TEN_CARD_RUMMY.with_players(6) and p.tokens is None
    assert str(p) == TCR and SeatPosition.parse(str(p)) == p and SeatPosition.from_dict(p.to_dict()) == p
    (run,) = p.table
    assert run.kind is MeldKind.RUN and run.ranks == (12, 13, 1, 2) and p.opened == (False, False, False, True,
                                                                                      False, False)
    assert "token" not in p.describe() and "run 0 (seat 3): QH KH AH 2H" in p.describe()
    # Given the rule set instead of naming it, the notation reads the same.
    assert SeatPosition.parse(TCR.removesuffix(" g:ten-card-rummy"), TEN_CARD_RUMMY) == p
    eight = TCR.replace("p:0/0/0/0/0/0 n:5/10/10/7/10/10", "p:0/0/0/0/0/0/0/0 n:5/10/10/7/10/10/10/10")
    assert SeatPosition.parse(eight).rules.deck_size == 162


@pytest.mark.parametrize("table, words", [
    ("3=KHQHAH2H", "out of order: write a run in rank order, each wild at its place, like QH KH AH 2H"),
    ("3=QHJKJK", "is no meld: as a set, 2 wilds and 1 natural card"),
    ("3=7S8S8H", "is no meld"),
])
def test_c3_c4_a_table_meld_of_ten_card_rummy_is_checked(table, words):
    with pytest.raises(PositionError, match=words):
        SeatPosition.parse(TCR.replace("3=QHKHAH2H", table))


def test_c4_a_wild_in_a_run_keeps_the_place_it_is_written_at():
    low = SeatPosition.parse(TCR.replace("3=QHKHAH2H", "3=JK8S9S"))
    high = SeatPosition.parse(TCR.replace("3=QHKHAH2H", "3=8S9SJK"))
    assert low.table[0].ranks == (7, 8, 9) and high.table[0].ranks == (8, 9, 10)
    assert "t:3=JK8S9S" in str(low) and "t:3=8S9SJK" in str(high)
    # Sets of Ten Card Rummy may repeat a suit (C3); Ten Pennies' may not (T14).
    assert SeatPosition.parse(TCR.replace("3=QHKHAH2H", "3=6S6S6H")).table[0].rank == 6
    with pytest.raises(PositionError, match="is not a set"):
        SeatPosition.parse(EXAMPLE.replace("2=5S5H5D5C", "2=5S5S5D"))


# -- malformed input (issue 22): a PositionError naming the field -----------------------------
GOOD_DICT = SeatPosition.parse(EXAMPLE).to_dict()


@pytest.mark.parametrize("change, words", [
    (dict(round_no=True), "round_no must be a whole number, not True"),
    (dict(round_no=10**5000), "round_no must be at most"),
    (dict(seat=None), "seat must be a whole number, not None"),
    (dict(stock_size=1.5), "the stock size must be a whole number, not 1.5"),
    (dict(stock_size=-(10**40)), "the stock size must be at least 0, not a number of more than 9 digits"),
    (dict(tokens=[10, 10, 10, True]), "each of tokens must be a whole number, not True"),
    (dict(scores="0/0/0/0"), "scores must be a list"),
    (dict(hand=7), "hand must be a list, not 7"),
    (dict(hand="7S" * 3000), "hand: 6000 characters of cards; at most 4000"),
    (dict(table=[[0]]), "table meld 0 is a pair"),
    (dict(table=[["0", "KS KH KD"]]), "table meld 0's owner must be a whole number"),
    (dict(discard_pile=[7]), "discard pile: a card is written as text"),
    (dict(rules=["x"]), "rules: a rule set's name"),
    (dict(unknown=1), "unknown position fields: unknown"),
    (dict(hand_sizes=[1] * 5000), "hand_sizes holds 5000 entries; at most 1000"),
])
def test_seat_position_from_dict_refuses_malformed_fields(change, words):
    with pytest.raises(PositionError, match=words):
        SeatPosition.from_dict(GOOD_DICT | change)


def test_seat_position_from_dict_needs_its_keys_and_a_table_of_fields():
    with pytest.raises(PositionError, match="a position needs hand"):
        SeatPosition.from_dict({k: v for k, v in GOOD_DICT.items() if k != "hand"})
    with pytest.raises(PositionError, match="a position is a table of fields, not a list of 2"):
        SeatPosition.from_dict([1, 2])


@pytest.mark.parametrize("change, words", [
    (dict(round_no="1"), "round_no must be a whole number, not '1'"),
    (dict(hands="7S 7H"), "hands must be a list"),
    (dict(hands=[["7S", None]] * 4), "hand 0: a card is written as text"),
    (dict(opened=[1, 0, 0, 0]), "opened must be a list of true/false"),
    (dict(tokens=[10**20] * 4), "each of tokens must be at most"),
    (dict(dealer=False), "dealer \\(a seat\\) must be a whole number, not False"),
    (dict(table=[[0, "KS KH KD", "extra"]]), "table meld 0 is a pair"),
])
def test_position_from_dict_refuses_malformed_fields(change, words):
    data = Position(round_no=1, hands=("7S 7H 7D", "8S 8H 8D", "9S 9H 9D", "TS TH TD")).to_dict()
    with pytest.raises(PositionError, match=words):
        Position.from_dict(data | change)
    with pytest.raises(PositionError, match="a position needs hands"):
        Position.from_dict({"round_no": 1})


@pytest.mark.parametrize("text, words", [
    ("r1 s0 a0 h:7S t:- d:- k:10/10/10/10 p:0/0/0/0 n:1/11/11/11 st:" + "9" * 5000, "at most 4000 characters"),
    ("r1 s0 a0 h:7S t:- d:- k:10/10/10/10 p:0/0/0/0 n:1/11/11/11 st:" + "9" * 30, "more than 9 digits"),
    ("r1 s0 a0 h:7S t:- d:- k:10/10/10/10 p:0/0/0/0 n:1/11/11/11 st:１２", "not a whole number"),
])
def test_notation_refuses_huge_or_strange_numbers(text, words):
    with pytest.raises(PositionError, match=words):
        SeatPosition.parse(text)


def test_position_of_a_match_starts_the_same_round():
    m = Match(5)
    for _ in range(30):
        m.apply(m.legal_actions()[-1])
    p = Position.of(m)
    again = Match(5, position=p)
    assert [sorted(map(str, h)) for h in again.hands] == [sorted(map(str, h)) for h in m.hands]
    assert again.stock == m.stock and again.table == m.table and again.tokens == m.tokens
    assert Position.from_dict(p.to_dict()).to_dict() == p.to_dict()
