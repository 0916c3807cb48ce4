"""Melds: sets and runs (C3, C4, C11), the contracts of Ten Card Rummy (C5), its deck (C1)
and card points (C14), and Ten Pennies unchanged beside them (T13, T14)."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies import (
    ALL_CARDS,
    JOKER,
    TEN_CARD_RUMMY as TCR,
    TEN_PENNIES as TP,
    Card,
    Cards,
    Contract,
    InvalidSetError,
    MeldKind,
    TableMeld,
    TableSet,
    arrange_run,
    contract_meld_problems,
    hand_points,
    is_valid_meld,
    is_valid_set,
    make_table_meld,
    meld_additions,
    meld_kinds,
    meld_problems,
    parse_cards,
    run_ranks,
)

C = parse_cards
RUN, SET = MeldKind.RUN, MeldKind.SET
NO_WRAP = TCR.replace(runs_wrap=False)
# Ten Pennies with runs as a house rule: aces and twos wild from round 5, wild limits per round.
TP_RUNS = TP.replace(meld_kinds={"set", "run"})
RULE_SETS = [TP, TCR, NO_WRAP, TP_RUNS, TCR.replace(wilds_outnumbered=False)]


def run(text, rules=TCR, round_no=1, owner=0, **kw):
    return make_table_meld(owner, RUN, C(text), round_no, rules, **kw)


# -- C1: decks and jokers by the number of players ---------------------------------------
@pytest.mark.parametrize("players, decks, jokers, size", [
    (4, 2, 4, 108), (5, 2, 4, 108), (6, 2, 4, 108), (7, 3, 6, 162), (8, 3, 6, 162),
    (2, 2, 4, 108), (3, 2, 4, 108),  # two or three players: a house rule, two decks
])
def test_c1_decks_and_jokers_by_player_count(players, decks, jokers, size):
    rules = TCR.with_players(players)
    assert (rules.players, rules.decks, rules.jokers, rules.deck_size) == (players, decks, jokers, size)
    assert len(rules.deck()) == size and rules.deck().count(JOKER) == jokers
    assert rules.deck().count(Card("7S")) == decks


def test_c1_more_than_eight_players_is_refused_and_ten_pennies_keeps_its_deck():
    with pytest.raises(ValueError, match="at most 8 players"):
        TCR.with_players(9)
    assert TCR.players == 4 and TCR.deck_size == 108
    six = TP.with_players(6)
    assert (six.players, six.decks, six.jokers) == (6, 2, 4)  # no table: T1's deck


def test_c2_ten_cards_and_eleven_rounds():
    assert TCR.hand_size == 10 and TCR.rounds == 11


# -- C3: what a set and a run are -------------------------------------------------------------
def test_c3_sets_may_repeat_suits_in_ten_card_rummy_only():
    assert is_valid_meld(C("7S 7S 7H"), SET, 1, TCR)
    assert meld_kinds(C("7S 7S 7S 7H"), 1, TCR) == (SET,)
    assert not is_valid_meld(C("7S 7S 7H"), SET, 1, TP)
    assert meld_problems(C("7S 7S 7H"), SET, 1, TP) == ("two natural spades",)


@pytest.mark.parametrize("text", [
    "3H 4H 5H", "AH 2H 3H", "QH KH AH", "QH KH AH 2H 3H", "KS AS 2S", "9C TC JC QC KC",
    "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
])
def test_c3_runs_of_one_suit_with_the_ace_low_high_or_over_the_top(text):
    assert meld_kinds(C(text), 1, TCR) == (RUN,)
    assert meld_problems(C(text), RUN, 1, TCR) == ()


@pytest.mark.parametrize("text, words", [
    ("3H 4H 5S", "natural cards of different suits (spades, hearts)"),
    ("3H 4H 4H 5H", "two natural fours: a run holds each rank once"),
    ("3H 4H 6H", "not consecutive: 3 to 6 takes 4 cards, there are 3"),
    ("3H 4H", "only 2 cards: a run needs at least 3"),
    ("AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD JK", "14 cards: a run holds each rank once, so at most 13"),
])
def test_c3_not_runs_say_why(text, words):
    assert words in meld_problems(C(text), RUN, 1, TCR)
    assert not is_valid_meld(C(text), RUN, 1, TCR)


def test_c3_no_rank_twice_so_a_run_never_passes_thirteen_cards():
    thirteen = C("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert is_valid_meld(thirteen, RUN, 1, TCR)
    assert not is_valid_meld(thirteen + C("AH"), RUN, 1, TCR)
    assert meld_additions(run(str(thirteen)), ALL_CARDS, 1, TCR) == []


def test_c3_over_the_top_is_a_rule_set_field():
    assert is_valid_meld(C("QH KH AH"), RUN, 1, NO_WRAP) and is_valid_meld(C("AH 2H 3H"), RUN, 1, NO_WRAP)
    assert not is_valid_meld(C("KH AH 2H"), RUN, 1, NO_WRAP)
    assert "not consecutive: A to K takes 13 cards, there are 3" in meld_problems(C("KH AH 2H"), RUN, 1, NO_WRAP)


def test_t14_ten_pennies_has_no_runs():
    assert meld_problems(C("5H 6H 7H"), RUN, 1, TP) == ("Ten Pennies has no runs: its melds are sets",)
    assert not is_valid_meld(C("5H 6H 7H"), RUN, 1, TP) and meld_kinds(C("5H 6H 7H"), 1, TP) == ()


# -- C4: wilds ----------------------------------------------------------------------------------
def test_c4_jokers_are_the_only_wilds():
    assert not any(TCR.is_wild(c, r) for c in ALL_CARDS[:52] for r in range(1, 12))
    assert is_valid_meld(C("2S 2H 2D"), SET, 11, TCR) and is_valid_meld(C("AS 2S 3S"), RUN, 11, TCR)


@pytest.mark.parametrize("text, kind, ok", [
    ("7S 7H JK", SET, True), ("7S JK JK", SET, False), ("7S 7H JK JK", SET, False), ("7S 7H 7D JK JK", SET, True),
    ("5H 6H JK", RUN, True), ("5H JK JK", RUN, False), ("5H JK 7H JK", RUN, False), ("5H JK 7H JK 9H", RUN, True),
])
def test_c4_natural_cards_outnumber_wilds_in_every_meld(text, kind, ok):
    assert is_valid_meld(C(text), kind, 1, TCR) is ok
    if not ok:
        assert any("natural cards must outnumber wilds" in p for p in meld_problems(C(text), kind, 1, TCR))


def test_c4_naturals_outnumber_wilds_also_after_lay_offs():
    assert meld_additions(run("5H 6H JK"), [JOKER], 1, TCR) == []  # 2 naturals, 2 wilds: no
    assert [c for c, _ in meld_additions(run("5H 6H 7H JK"), [JOKER], 1, TCR)] == [JOKER, JOKER]
    seven_set = make_table_meld(0, SET, C("7S 7H JK"), 1, TCR)
    assert meld_additions(seven_set, C("JK 7D 8D"), 1, TCR) == [(Card("7D"), None)]
    assert meld_additions(seven_set.added(C("7D")), C("JK"), 1, TCR) == [(JOKER, None)]


def test_c4_a_wild_stands_for_the_rank_of_its_place():
    meld = run("7H JK 5H")
    assert meld.cards == C("5H JK 7H") and meld.ranks == (5, 6, 7)
    assert run_ranks(C("QH KH JK 2H"), 1, TCR) == (12, 13, 1, 2)


def test_c4_a_wild_at_either_end_takes_the_higher_rank_by_default():
    assert arrange_run(C("JK 5H 6H"), 1, TCR) == C("5H 6H JK")
    assert arrange_run(C("JK 5H 6H"), 1, TCR, wild_end="low") == C("JK 5H 6H")
    assert run("5H 6H 7H JK", wild_end="low").ranks == (4, 5, 6, 7)
    meld = run("5H 6H 7H")
    assert meld_additions(meld, [JOKER], 1, TCR) == [(JOKER, "low"), (JOKER, "high")]
    assert meld.added([JOKER]).ranks == (5, 6, 7, 8)
    assert meld.added([JOKER], end="low").ranks == (4, 5, 6, 7)
    assert meld.added([JOKER], end="low").cards == C("JK 5H 6H 7H")


def test_c4_no_joker_swaps():
    # The six of hearts is what the joker stands for, but the joker stays: 6H fits no end.
    meld = run("5H JK 7H")
    assert meld_additions(meld, C("6H 4H 8H"), 1, TCR) == [(Card("4H"), None), (Card("8H"), None)]


# -- C5: contracts ------------------------------------------------------------------------------
def test_c5_the_eleven_contracts():
    shapes = [(TCR.contract(r).sets, TCR.contract(r).size) for r in range(1, 12)]
    assert shapes == [(1, 3), (2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6), (1, 7), (1, 8), (1, 9), (1, 10)]
    assert all(req.kinds == {SET, RUN} for r in range(1, 12) for req in TCR.contract(r).melds)
    assert [len(TCR.contract(r).melds) for r in range(1, 12)] == [s for s, _ in shapes]
    assert TCR.contract(2).words == "two melds of 3 (sets or runs)"
    assert TCR.contract(11).words == "one meld of 10 (a set or a run)"
    assert TCR.contract(11).melds[0].words == "meld of 10 (a set or a run)"
    assert repr(TCR.contract(2)) == ("Contract(round_no=2, sets=2, size=3, wild_limit=6, "
                                     "kinds=frozenset(['set', 'run']), wilds_outnumbered=True)")
    assert eval(repr(TCR.contract(2)), {"Contract": Contract}) == TCR.contract(2)
    assert str(TCR.contract(4)) == "round 4: two melds of 4 (sets or runs; more natural cards than wilds in each)"


def test_t13_ten_pennies_contracts_print_as_before():
    assert repr(TP.contract(3)) == "Contract(round_no=3, sets=2, size=4, wild_limit=1)"
    assert str(TP.contract(7)) == "round 7: one set of 7 (at most 3 wilds per set)"
    assert TP.contract(1).words == "two sets of 3"
    assert TP.contract(1).melds[0].kinds == {SET} and TP.contract(1).melds[0].words == "set of 3"


def test_c5_one_run_of_six_is_not_two_runs_of_three():
    assert contract_meld_problems([(RUN, C("3H 4H 5H 6H 7H 8H"))], 2, TCR) == (
        "1 meld but round 2 asks for two melds of 3 (sets or runs)",)
    assert contract_meld_problems([(RUN, C("3H 4H 5H")), (RUN, C("6H 7H 8H"))], 2, TCR) == ()
    assert contract_meld_problems([(SET, C("9S 9S 9D")), (RUN, C("6H 7H JK"))], 2, TCR) == ()
    assert contract_meld_problems([(RUN, C("6H 7H 8H"))], 3, TCR) == (
        "meld 1 (6H 7H 8H) has 3 cards; the contract asks for at least 4",)
    assert contract_meld_problems([C("3H 4H 5H"), C("9S 9S JK")], 2, TCR) == ()  # kinds found from the cards
    assert contract_meld_problems([C("3H 4H 6H"), C("9S 9S JK")], 2, TCR) == (
        "meld 1 (3H 4H 6H) is not a set or a run: as a set: natural cards of different ranks (threes, fours, sixes); "
        "as a run: not consecutive: 3 to 6 takes 4 cards, there are 3",)
    assert contract_meld_problems([(SET, C("3H 4H 5H")), C("9S 9D JK")], 2, TCR)[0].startswith(
        "meld 1 (3H 4H 5H) is not a set: natural cards of different ranks")
    assert contract_meld_problems([C("7S 7H 7D"), C("7S 7C JK")], 1, TP) == ()  # T13: two sets may share a rank


# -- C11: lay-offs ------------------------------------------------------------------------------
def test_c11_a_run_takes_the_next_card_at_either_end():
    meld = run("5H 6H 7H")
    assert meld_additions(meld, C("4H 8H 9H 4S 3H"), 1, TCR) == [(Card("4H"), None), (Card("8H"), None)]
    assert meld.added(C("4H")).cards == C("4H 5H 6H 7H")
    assert meld.added(C("8H")).cards == C("5H 6H 7H 8H")


def test_c11_lay_offs_wrap_over_the_top():
    meld = run("QH KH AH")
    assert meld_additions(meld, C("2H JH"), 1, TCR) == [(Card("2H"), None), (Card("JH"), None)]
    assert meld.added(C("2H")).ranks == (12, 13, 1, 2)
    low = run("2H 3H 4H")
    assert meld_additions(low, C("AH"), 1, TCR) == [(Card("AH"), None)]
    assert meld_additions(low.added(C("AH")), C("KH"), 1, TCR) == [(Card("KH"), None)]
    assert low.added(C("AH")).added(C("KH")).cards == C("KH AH 2H 3H 4H")
    # Without over the top, an ace ends the run.
    assert meld_additions(run("QH KH AH", NO_WRAP), C("2H JH JK"), 1, NO_WRAP) == [
        (Card("JH"), None), (JOKER, "low")]


def test_c11_never_past_thirteen_cards():
    twelve = run("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH")
    assert meld_additions(twelve, C("AH JK"), 1, TCR) == [(Card("AH"), None), (JOKER, "high")]
    assert meld_additions(twelve.added(C("AH")), ALL_CARDS, 1, TCR) == []


# -- C14: card points ---------------------------------------------------------------------------
def test_c14_card_points():
    assert hand_points(C("2S 9H TD JC QS KH AS JK"), TCR) == 2 + 9 + 10 + 10 + 10 + 10 + 15 + 25
    assert [TCR.points(Card(f"{r}S")) for r in "A23456789TJQK"] == [15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert hand_points(C("2S 9H AS JK"), TP) == 20 + 5 + 20 + 50  # T18 unchanged


# -- table melds --------------------------------------------------------------------------------
def test_t14_table_sets_are_built_and_shown_as_before():
    old = TableSet(0, C("7S 7H JK 7D"), 7)
    assert TableSet is TableMeld
    assert repr(old) == "TableSet(owner=0, cards=Cards('7S 7H JK 7D'), rank=7)"
    assert eval(repr(old), {"TableSet": TableSet, "Cards": Cards}) == old and old.kind is SET and old.ranks == (7, 7, 7, 7)
    assert str(old.added(C("7C"))) == "sevens of seat 0: 7S 7H 7D 7C JK"
    assert old.added(C("7C")).cards == C("7S 7H JK 7D 7C")


def test_c3_table_runs_print_and_read_back():
    meld = run("JK 9S TS", owner=2)
    assert str(meld) == "run of spades 9-J of seat 2: 9S TS JK" and meld.rank is None and meld.suit == "S"
    assert eval(repr(meld), {"TableMeld": TableMeld, "Cards": Cards}) == meld
    picture = meld._repr_svg_()
    assert "<desc>9S TS JK</desc>" in picture and "seat 2 9-J" in picture


def test_c4_a_run_read_back_from_the_table_keeps_its_wilds_in_place():
    low = make_table_meld(1, None, C("JK 5H 6H"), 1, TCR, keep_order=True)
    assert low.kind is RUN and low.ranks == (4, 5, 6)
    assert make_table_meld(1, None, C("JK 5H 6H"), 1, TCR).ranks == (5, 6, 7)
    assert make_table_meld(1, None, C("7S JK 7H"), 1, TCR).kind is SET
    with pytest.raises(InvalidSetError, match="not in rank order"):
        make_table_meld(1, RUN, C("5H JK 6H"), 1, TCR, keep_order=True)
    with pytest.raises(InvalidSetError, match="is not a meld: as a set: .*; as a run: "):
        make_table_meld(1, None, C("5H 7S 9D"), 1, TCR)


def test_c3_a_kind_of_meld_that_does_not_exist_is_refused_in_words():
    with pytest.raises(InvalidSetError, match="no kind of meld is called 'sequence': the kinds are set, run"):
        meld_problems(C("5H 6H 7H"), "sequence", 1, TCR)
    assert not is_valid_meld(C("5H 6H 7H"), "sequence", 1, TCR)
    assert meld_problems(C("5H 6H 7H"), "run", 1, TCR) == ()


def test_c4_a_run_made_unchecked_is_refused_when_out_of_order():
    with pytest.raises(InvalidSetError, match="not in rank order"):
        run_ranks(C("5H 7H 6H"), 1, TCR)
    with pytest.raises(InvalidSetError, match="not a run"):
        arrange_run(C("5H 7H 9H"), 1, TCR)


# -- properties ---------------------------------------------------------------------------------
suited = st.sampled_from("SHDC").flatmap(
    lambda s: st.lists(st.sampled_from([Card(f"{r}{s}") for r in "A23456789TJQK"] + [JOKER]),
                       min_size=0, max_size=15))
noisy = st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=8)
groups = st.one_of(suited, noisy, st.tuples(suited, noisy.map(lambda x: x[:1])).map(lambda t: t[0] + t[1]))
rule_sets = st.sampled_from(RULE_SETS)


@settings(max_examples=400)
@given(cards=groups, rules=rule_sets, round_no=st.integers(1, 7))
def test_c3_c4_is_valid_meld_agrees_with_meld_problems(cards, rules, round_no):
    for kind in MeldKind:
        assert is_valid_meld(cards, kind, round_no, rules) == (meld_problems(cards, kind, round_no, rules) == ())
    assert meld_kinds(cards, round_no, rules) == tuple(k for k in MeldKind if is_valid_meld(cards, k, round_no, rules))
    if rules is TP:
        assert is_valid_meld(cards, SET, round_no, rules) == is_valid_set(cards, round_no, rules)


@settings(max_examples=300)
@given(cards=suited, rules=st.sampled_from(RULE_SETS[1:]), round_no=st.integers(1, 7),
       end=st.sampled_from(["low", "high"]))
def test_c4_arrange_run_gives_a_valid_run_of_the_same_cards(cards, rules, round_no, end):
    if not is_valid_meld(cards, RUN, round_no, rules):
        with pytest.raises(InvalidSetError):
            arrange_run(cards, round_no, rules, wild_end=end)
        return
    ordered = arrange_run(cards, round_no, rules, wild_end=end)
    assert sorted(ordered, key=lambda c: c.index) == sorted(cards, key=lambda c: c.index)
    ranks = run_ranks(ordered, round_no, rules)
    assert all(b == a % 13 + 1 for a, b in zip(ranks, ranks[1:]))
    wild = rules.wild_table(round_no)
    assert all(c.rank == r for c, r in zip(ordered, ranks) if not wild[c.index])


def _still_a_meld(meld, added, round_no, rules):
    """Is ``added`` (a table meld after one card) a valid meld, placed where it claims?"""
    if meld.kind is SET:
        return is_valid_set(added.cards, round_no, rules)
    try:
        return run_ranks(added.cards, round_no, rules) == added.ranks
    except InvalidSetError:
        return False


@settings(max_examples=200)
@given(cards=suited, rules=st.sampled_from(RULE_SETS[1:]), round_no=st.integers(1, 7))
def test_c11_meld_additions_agree_with_the_validity_of_the_meld_after_adding(cards, rules, round_no):
    kinds = meld_kinds(cards, round_no, rules)
    for kind in kinds:
        meld = make_table_meld(1, kind, cards, round_no, rules)
        offered = meld_additions(meld, ALL_CARDS, round_no, rules)
        for card, end in offered:
            assert _still_a_meld(meld, meld.added([card], end), round_no, rules), (meld, card, end)
        offered_cards = {card for card, _ in offered}
        for card in ALL_CARDS:
            fits = any(_still_a_meld(meld, meld.added([card], end), round_no, rules) for end in ("low", "high"))
            assert fits == (card in offered_cards), (meld, card)


# -- the rules page -----------------------------------------------------------------------------
def test_c1_to_c17_are_stated_in_the_rules_page_each_with_an_anchor():
    text = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = re.findall(r"^### (C\d+)\. ", text, re.MULTILINE)
    assert ids == [f"C{n}" for n in range(1, 18)]
    for ruling in ids:
        assert f'<a id="{ruling.lower()}"></a>\n### {ruling}. ' in text
