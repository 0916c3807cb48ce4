"""Save, load and replay (T20's log, kept as JSON)."""

import json
import random

import pytest

from tenpennies import RecordError
from tenpennies.play import record
from tenpennies.play.match import Match, Position
from tenpennies.engine.rules import TEN_PENNIES


def played(seed, steps):
    m, rng = Match(seed=seed), random.Random(seed)
    for _ in range(steps):
        if m.is_over:
            break
        m.apply(rng.choice(m.legal_actions()))
    return m


@pytest.mark.parametrize("steps", [0, 1, 37, 600, 100_000])
def test_save_load_reproduces_the_state(steps, tmp_path):
    m = played(seed=steps, steps=steps)
    path = tmp_path / "match.json"
    record.save(m, path)
    again = record.load(path)
    assert again.snapshot() == m.snapshot()
    assert again.log == m.log
    if steps == 100_000:
        assert m.is_over and again.winners == m.winners


def test_loaded_match_plays_on_identically():
    m = played(seed=9, steps=250)
    again = record.loads(record.dumps(m))
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(300):
        m.apply(rng_a.choice(m.legal_actions()))
        again.apply(rng_b.choice(again.legal_actions()))
    assert again.snapshot() == m.snapshot()


def test_replay_upto_steps_through_the_match():
    m = played(seed=4, steps=120)
    actions = record.actions_of(m)
    half = record.replay(m, upto=60)
    assert record.actions_of(half) == actions[:60]
    assert record.replay(m).snapshot() == m.snapshot()


def test_position_and_variant_rules_are_saved():
    rules = TEN_PENNIES.replace(turn_cap=40, tokens=3)
    p = Position(round_no=4, hands=("7S 7H 7D 7C JK 3S", "4S 4H 5D", "8S 8H 9D", "TS TH QD"),
                 discard_pile="KD", table=((1, "QS QH QC"),), tokens=(3, 2, 1, 0), scores=(5, 0, 10, 20))
    m = Match.from_position(p, seed="lesson", rules=rules)
    for _ in range(30):
        m.apply(m.legal_actions()[-1])
    again = record.loads(record.dumps(m))
    assert again.snapshot() == m.snapshot() and again.rules == rules


def tampered(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize("change, words", [
    (lambda d: d["state"]["scores"].__setitem__(0, 1), "does not reach the saved state"),
    (lambda d: d["actions"].__setitem__(3, [d["actions"][3][0], "discard QQ"]), "cannot be replayed"),
    (lambda d: d["actions"].__setitem__(3, "oops"), "cannot be replayed"),
    (lambda d: d.__setitem__("seed", 12345), "cannot be replayed|does not reach"),
    (lambda d: d.__setitem__("format", "chess"), "not a saved Ten Pennies match"),
    (lambda d: d.__setitem__("version", 99), "format version 99"),
    (lambda d: d["rules"].__setitem__("players", "four"), "set-up is damaged"),
    (lambda d: d.pop("actions"), "lacks actions"),
])
def test_damaged_or_tampered_files_are_refused(change, words):
    data = record.to_dict(played(seed=2, steps=80))
    with pytest.raises(RecordError, match=words):
        record.from_dict(tampered(data, change))


def test_not_json_is_refused():
    with pytest.raises(RecordError, match="not valid JSON"):
        record.loads("{not json")


@pytest.mark.parametrize("changes, words", [
    (dict(hands=("7S", "8S", "9S")), "needs 4 hands"),
    (dict(hands=("7S", "", "9S", "TS")), "at least one card"),
    (dict(hands=("7S 7S 7S", "8S", "9S", "TS")), "more cards than the deck has: 7S"),
    (dict(stock="8S 8S"), "already placed elsewhere: 8S"),
    (dict(active=4), "active must be a seat"),
    (dict(dealer=-1), "dealer must be a seat"),
    (dict(tokens=(1, 2, -1, 0)), "at least 0"),
    (dict(round_no=8), "round 8 does not exist"),
    (dict(table=((0, "7H 8H 9H"),)), "is not a set"),
])
def test_bad_positions_are_refused_with_a_reason(changes, words):
    fields = dict(round_no=1, hands=("7S", "8S", "9S", "TS"), discard_pile="KD")
    fields.update(changes)
    with pytest.raises(ValueError, match=words):
        Match.from_position(Position(**fields))


def test_draw_sources_and_round_ends_are_enum_members_equal_to_their_saved_words():
    from tenpennies import DrawSource, HowEnded
    from tenpennies.engine.actions import Draw
    from tenpennies.bots import play_match

    m = play_match(["thumb"] * 4, seed=3)
    sources = {e.source for e in m.log if isinstance(e, Draw)}
    assert sources <= set(DrawSource) and DrawSource.STOCK in sources
    assert all(type(r.how) is HowEnded for r in m.round_results)
    # The members are their words: comparisons, json and saved records read the same.
    assert HowEnded.TURN_CAP == "turn cap" and json.dumps([DrawSource.DISCARD]) == '["discard"]'
    assert f"{HowEnded.NO_DRAW}" == "no draw" and repr(DrawSource.PURCHASE) == "'purchase'"


# -- version 2: any rule set, Ten Card Rummy's actions; version 1 still loads -------------
V1_FILE = __import__("pathlib").Path(__file__).parent / "data" / "match_v1.json"


def test_a_version_1_file_still_loads_as_ten_pennies():
    data = json.loads(V1_FILE.read_text(encoding="utf-8"))
    assert data["version"] == 1 and "meld_kinds" not in data["rules"]  # saved before runs existed
    m = record.load(V1_FILE)
    assert m.rules == TEN_PENNIES and m.is_over and m.scores == data["state"]["scores"]
    # Saved again, it is a version 2 file of the same match.
    again = record.loads(record.dumps(m))
    assert json.loads(record.dumps(m))["version"] == record.VERSION == 2
    assert again.snapshot() == m.snapshot()


@pytest.mark.parametrize("players", [4, 7])
def test_ten_card_rummy_matches_save_load_and_replay(players, tmp_path):
    from tenpennies import TEN_CARD_RUMMY

    rules = TEN_CARD_RUMMY.with_players(players)
    m, rng = Match(seed=players, rules=rules), random.Random(players)
    for _ in range(1500):
        if m.is_over:
            break
        m.apply(rng.choice(m.legal_actions()))
    path = tmp_path / "tcr.json"
    record.save(m, path)
    again = record.load(path)
    assert again.rules == rules and again.snapshot() == m.snapshot() and again.log == m.log
    texts = {text.split()[0] for _, text in json.loads(path.read_text())["actions"]}
    assert {"take", "pass", "discard"} <= texts


@pytest.mark.parametrize("text, action", [
    ("take", "TakeDiscard(seat=2)"),
    ("meld 5S 6S JK low", "Meld(seat=2, cards=Cards('5S 6S JK'), end='low')"),
    ("add 3 JK high", "AddToMeld(seat=2, set_index=3, cards=Cards('JK'), end='high')"),
    ("add 0 7C", "AddToMeld(seat=2, set_index=0, cards=Cards('7C'))"),
])
def test_new_action_words_read_back(text, action):
    from tenpennies.engine.actions import parse_action

    parsed = parse_action(text, seat=2)
    assert repr(parsed) == action and parsed.text == text


# -- hostile files (issue 22): a RecordError naming the problem, never another exception ------
def _text(change=None):
    data = record.to_dict(played(seed=2, steps=40))
    if change:
        change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text, words", [
    (b'{"format": "tenpennies-match", "version": 2\xff}', "not UTF-8 text"),
    ("[" * 100_000 + "]" * 100_000, "nests too deeply"),
    ('{"format": "tenpennies-match", "version": ' + "9" * 5000 + "}", "a value JSON cannot give"),
    (_text(lambda d: d.__setitem__("seed", 10**60)), "field 'seed': at most 40"),
    (_text(lambda d: d.__setitem__("seed", True)), "field 'seed': an int or a str, not bool"),
    (_text(lambda d: d.__setitem__("version", True)), "format version True"),
    (_text(lambda d: d.__setitem__("extra", 1)), "unknown fields: extra"),
    (_text(lambda d: d.__setitem__("rules", [])), "field 'rules': a table"),
    (_text(lambda d: d["actions"].__setitem__(0, [True, "pass"])), "saved action 0"),
    (_text(lambda d: d.__setitem__("state", [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]])),
     "nests deeper than 32"),
    (_text(lambda d: d.__setitem__("position", {"round_no": 1, "hands": ["7S"] * 4, "dealer": 10**50})),
     "set-up is damaged: field 'position': dealer"),
    (17, "a saved match is JSON text, not int"),
])
def test_hostile_records_are_refused_with_a_record_error(text, words):
    with pytest.raises(RecordError, match=words):
        record.loads(text)


def test_a_record_reads_from_utf8_bytes_and_from_a_file(tmp_path):
    m = played(seed=4, steps=50)
    assert record.loads(record.dumps(m).encode("utf-8")).snapshot() == m.snapshot()
    path = tmp_path / "m.json"
    path.write_bytes(record.dumps(m).encode("utf-8")[:-3] + b"\xc3")
    with pytest.raises(RecordError, match="not UTF-8"):
        record.load(path)


def test_a_record_saved_before_add_to_set_was_named_add_to_meld_still_loads():
    """tests/data/record_48512b0_additions.json was saved at commit 48512b0, when the
    action was AddToSet: a record writes it as ``add N CARDS``, and it reads back as an
    AddToMeld (AddToSet is the same class), reaching the saved state."""
    from pathlib import Path

    from tenpennies.engine.actions import AddToMeld, AddToSet

    path = Path(__file__).parent / "data" / "record_48512b0_additions.json"
    saved = json.loads(path.read_text())
    m = record.load(path)
    assert m.is_over and list(m.scores) == saved["state"]["scores"]
    added = [a for a in record.actions_of(m) if isinstance(a, AddToMeld)]
    assert len(added) == sum(text.startswith("add ") for _, text in saved["actions"]) > 0
    assert AddToSet is AddToMeld and all(type(a) is AddToSet for a in added)
    assert record.to_dict(m)["actions"] == saved["actions"]  # written back as it was read
