"""The rule-set fields added for Ten Card Rummy (C1-C17): their values in both games, their
checks, saving and loading, and finding a rule set by name."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies import RULE_SET_NAMES, TEN_CARD_RUMMY as TCR, TEN_PENNIES as TP, MeldKind, RuleSet, RuleSetError


def test_c1_to_c14_the_fields_of_ten_card_rummy():
    assert TCR.name == "Ten Card Rummy"
    assert (TCR.players, TCR.decks, TCR.jokers, TCR.decks_by_players) == (4, 2, 4, ((6, 2, 4), (8, 3, 6)))  # C1
    assert (TCR.hand_size, TCR.rounds) == (10, 11)  # C2
    assert TCR.meld_kinds == {MeldKind.SET, MeldKind.RUN} and TCR.repeated_suits_allowed and TCR.runs_wrap  # C3
    assert TCR.wilds_outnumbered and all(not w for w in TCR.wild_ranks)  # C4
    assert TCR.meld_before_draw and TCR.free_discard_take  # C6, C8
    assert (TCR.buy_from_round, TCR.buy_extra_cards, TCR.tokens, TCR.buys_per_round) == (4, 1, None, None)  # C9
    assert TCR.buy_beneath_again and not TCR.discarder_may_buy_back  # C9, C17
    assert TCR.stock_rebuild == "turn-over" and TCR.turn_cap == 250  # C12, C13
    assert [TCR.may_buy(r) for r in (1, 3, 4, 11)] == [False, False, True, True] and TCR.has_runs


def test_t1_to_t18_ten_pennies_keeps_its_values_in_the_new_fields():
    assert TP.meld_kinds == {MeldKind.SET} and not TP.has_runs and not TP.wilds_outnumbered
    assert not TP.meld_before_draw and not TP.free_discard_take  # T5, T10
    assert (TP.buy_from_round, TP.buy_extra_cards, TP.tokens, TP.buys_per_round) == (1, 2, 10, None)  # T4, T5
    assert not TP.buy_beneath_again and TP.stock_rebuild == "shuffle" and TP.decks_by_players == ()  # T9, T16
    assert all(TP.may_buy(r) for r in range(1, 8))


@pytest.mark.parametrize("rules", [TP, TCR, TCR.with_players(8), TCR.replace(runs_wrap=False, buys_per_round=2),
                                   TP.replace(meld_kinds={"set", "run"}, stock_rebuild="turn-over")])
def test_c1_c9_rule_sets_round_trip_through_json(rules):
    data = json.loads(json.dumps(rules.to_dict()))
    assert RuleSet.from_dict(data) == rules


def test_t1_a_ten_pennies_rule_set_saves_as_before_and_old_files_load():
    old_fields = ["name", "players", "decks", "jokers", "ranks", "hand_size", "tokens", "contracts", "wild_ranks",
                  "wild_limits", "min_set_size", "buy_extra_cards", "turn_cap", "discarder_may_buy_back",
                  "repeated_suits_allowed", "card_points"]
    assert list(TP.to_dict()) == old_fields  # records of Ten Pennies matches stay byte-identical
    old = {k: v for k, v in TCR.to_dict().items() if k in old_fields}
    loaded = RuleSet.from_dict(old)
    assert loaded.meld_kinds == {MeldKind.SET} and loaded.stock_rebuild == "shuffle"  # missing = Ten Pennies'
    assert RuleSet.from_dict(TP.to_dict()) == TP


@pytest.mark.parametrize("changes, words", [
    (dict(meld_kinds={"set", "sequence"}), "meld_kinds must name kinds from"),
    (dict(meld_kinds=frozenset()), "meld_kinds must allow at least one kind"),
    (dict(tokens=-1), "tokens must be None"),
    (dict(buys_per_round="two"), "buys_per_round must be None"),
    (dict(buy_from_round=0), "buy_from_round must be a whole number"),
    (dict(stock_rebuild="riffle"), "stock_rebuild must be one of 'shuffle', 'turn-over'"),
    (dict(wilds_outnumbered=1), "wilds_outnumbered must be True or False"),
    (dict(meld_before_draw="yes"), "meld_before_draw must be True or False"),
    (dict(decks_by_players=((8, 3, 6), (6, 2, 4))), "increasing order"),
    (dict(decks_by_players=((6, 2),)), "decks_by_players holds"),
])
def test_c1_c9_rule_sets_refuse_impossible_values(changes, words):
    with pytest.raises(RuleSetError, match=words):
        TCR.replace(**changes)


def test_c1_a_deck_too_small_for_eight_players_is_refused():
    with pytest.raises(RuleSetError, match="deck is too small"):
        TCR.replace(players=8, hand_size=14)


@pytest.mark.parametrize("name, rules", [("ten-pennies", TP), ("ten-card-rummy", TCR), ("Ten Card Rummy", TCR),
                                         ("ten_pennies", TP)])
def test_c1_rule_sets_by_name(name, rules):
    assert RuleSet.named(name) is rules and rules.key in RULE_SET_NAMES


def test_c1_an_unknown_rule_set_name_lists_the_known_ones():
    with pytest.raises(RuleSetError, match="no rule set is called 'gin'.*ten-pennies, ten-card-rummy"):
        RuleSet.named("gin")
    assert TCR.with_players(7).key is None  # a variant has no name of its own


@settings(max_examples=60)
@given(base=st.sampled_from([TP, TCR]), players=st.integers(4, 8), wrap=st.booleans(), outnumbered=st.booleans(),
       before=st.booleans(), free=st.booleans(), buy_from=st.integers(1, 12), tokens=st.none() | st.integers(0, 20),
       per_round=st.none() | st.integers(0, 5), again=st.booleans(), rebuild=st.sampled_from(["shuffle", "turn-over"]),
       kinds=st.sampled_from([{"set"}, {"run"}, {"set", "run"}]))
def test_c1_c12_any_variant_of_the_new_fields_round_trips(base, players, wrap, outnumbered, before, free, buy_from,
                                                          tokens, per_round, again, rebuild, kinds):
    rules = base.with_players(players).replace(
        runs_wrap=wrap, wilds_outnumbered=outnumbered, meld_before_draw=before, free_discard_take=free,
        buy_from_round=buy_from, tokens=tokens, buys_per_round=per_round, buy_beneath_again=again,
        stock_rebuild=rebuild, meld_kinds=kinds)
    back = RuleSet.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert back == rules and hash(back) == hash(rules) and back.meld_kinds == {MeldKind(k) for k in kinds}


@pytest.mark.parametrize("rules", [
    TP, TCR, TCR.with_players(7), TP.replace(tokens=5, name="House"),
    TCR.replace(turn_cap=50), TCR.replace(players=9),
])
def test_a_rule_sets_repr_is_short_and_makes_it_again(rules):
    # help() shows a default rule set in every signature: a short repr that reads back.
    text = repr(rules)
    assert len(text) < 120 and text.startswith("RuleSet.named(")
    assert eval(text, {"RuleSet": RuleSet}) == rules
