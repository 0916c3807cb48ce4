"""Everything that holds cards shows as a picture (``_repr_svg_``) with a readable text
fallback, and reprs evaluate back to an equal value (as python-chess's do).

The pictures are byte-stable run to run (nbval compares saved notebook outputs): every
picture of ``tests/repr_gallery.py`` is drawn in two fresh processes with different hash
seeds and must match byte for byte, and match its golden copy in ``tests/data/reprs/``.
After a deliberate change of picture: ``PYTHONPATH=. python tests/repr_gallery.py --write``,
then read the diff of tests/data/reprs.
"""

import json
import os
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from hypothesis import given, strategies as st

import tenpennies
from tenpennies import (
    AddToSet, Card, Cards, Discard, Hand, LayDown, Match, Meld, Position, find_contract,
    parse_cards, plan_go_out, what_is_missing,
)
from tenpennies.odds import buy_or_pass
from tenpennies.engine.sets import make_table_set

NAMES = {name: getattr(tenpennies, name) for name in tenpennies.__all__}


def _desc(svg: str) -> str:
    root = ElementTree.fromstring(svg)  # well-formed XML, or this raises
    return root.find("{http://www.w3.org/2000/svg}desc").text


def test_parse_cards_keeps_order_and_tuple_behaviour():
    cards = parse_cards("KS 7H JK 7S")
    assert isinstance(cards, tuple) and isinstance(cards, Cards)
    assert [str(c) for c in cards] == ["KS", "7H", "JK", "7S"]
    assert cards == tuple(cards) and hash(cards) == hash(tuple(cards))
    assert str(cards) == "KS 7H JK 7S"
    assert repr(cards) == "Cards('KS 7H JK 7S')"
    assert _desc(cards._repr_svg_()) == "KS 7H JK 7S"


def test_hand_is_sorted_cards():
    hand = Hand("KS 7H JK 7S")
    assert isinstance(hand, Cards) and str(hand) == "7S 7H KS JK"
    assert eval(repr(hand), NAMES) == hand


ARRANGEMENT = find_contract(parse_cards("7S 7H 7D 9S 9H JK KC 4D"), 1)
MISSING = what_is_missing(parse_cards("7S 7H 9D 9C KS 4D"), 1)
TABLE_SET = make_table_set(2, parse_cards("QS QH JK"), 1)
PLAN = plan_go_out(parse_cards("QD 5S 5H 5D 8C"), [TABLE_SET], 1, opened=True)
VALUES = [
    parse_cards("7S 7H TD JK"), Hand("7S 7H TD JK"), ARRANGEMENT, MISSING, TABLE_SET, PLAN,
    LayDown(0, ARRANGEMENT.sets), Meld(1, parse_cards("5S 5H 5D")), AddToSet(1, 0, parse_cards("7C")),
    Discard(3, parse_cards("KH")[0]),
]


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_card_values_show_as_svg_with_a_text_description(value):
    svg = value._repr_svg_()
    assert svg.startswith("<svg")  # byte-stability across processes: test_pictures_are_byte_stable_...
    desc = _desc(svg)
    assert desc and all(str(c) in desc for c in getattr(value, "cards", ()) or ())


@pytest.mark.parametrize("value", VALUES, ids=lambda v: type(v).__name__)
def test_reprs_evaluate_back(value):
    assert eval(repr(value), NAMES | {"Card": tenpennies.Card}) == value
    assert "(Card('" not in repr(value)  # groups of cards read as notation, not Card by Card


def test_plan_picture_shows_each_step():
    assert PLAN is not None
    desc = _desc(PLAN._repr_svg_())
    assert desc == str(PLAN) and "add" in desc


def test_arrangement_picture_frames_wild_cards_in_gold():
    from tenpennies.pictures.svg import hand_svg

    def body(svg):
        return svg[svg.index(">") + 1:]

    with_joker = ARRANGEMENT.sets[1]
    assert Card("JK") in with_joker and hand_svg(with_joker, 1) != hand_svg(with_joker)  # wilds framed
    assert body(hand_svg(with_joker, 1, label="set 2")) in ARRANGEMENT._repr_svg_()


def test_buy_decision_shows_the_offered_card():
    decision = buy_or_pass(parse_cards("7S 7H 9D 9C KS 4D 5H 6C 8D TD QS"), parse_cards("7D")[0], 1)
    assert "7D" in _desc(decision._repr_svg_())


def test_match_and_view_pictures_hold_the_hands():
    match = Match.from_position(Position(round_no=1, hands=("7S 7H 7D", "9S", "9H", "9D"), discard_pile="KC"))
    assert "7S 7H 7D" in _desc(match._repr_svg_())
    assert "7S 7H 7D" in _desc(match.view(0)._repr_svg_())
    assert "7S 7H 7D" not in _desc(match.view(1)._repr_svg_())



from tenpennies import ALL_CARDS, format_cards  # noqa: E402


@given(st.lists(st.sampled_from(ALL_CARDS), max_size=15))
def test_cards_round_trip_through_repr_notation_and_picture(cards):
    value = Cards(cards)
    assert list(value) == cards  # order kept, nothing sorted
    assert eval(repr(value), NAMES) == value == parse_cards(format_cards(cards)) == tuple(cards)
    assert _desc(value._repr_svg_()) == (format_cards(cards) or None)


# -- byte-stable across processes, and as the golden copies ---------------------------------
GALLERY = Path(__file__).resolve().parent / "repr_gallery.py"
ROOT = GALLERY.parent.parent


def draw_in_a_fresh_process(hash_seed: str) -> dict[str, str]:
    """Every picture of the gallery, drawn by a new interpreter with this ``PYTHONHASHSEED``."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed,
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run([sys.executable, str(GALLERY)], env=env, capture_output=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr.decode()
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def two_runs():
    return draw_in_a_fresh_process("1"), draw_in_a_fresh_process("2024")


def test_pictures_are_byte_stable_across_processes_and_hash_seeds(two_runs):
    first, second = two_runs
    assert len(first) >= 30 and first.keys() == second.keys()
    differ = [name for name in first if first[name] != second[name]]
    assert not differ, f"pictures that differ between two processes (an id, a hash order, unseeded randomness?): {differ}"
    for name, text in first.items():
        if not name.endswith("sheet"):
            ElementTree.fromstring(text)  # well-formed SVG, or this raises


def test_pictures_match_their_golden_copies(two_runs):
    from repr_gallery import GOLDEN, golden_path

    drawn, _ = two_runs
    on_disk = {p.stem for p in GOLDEN.iterdir()}
    assert on_disk == set(drawn), "pictures and golden copies differ in name: regenerate (see the module)"
    changed = [name for name, text in drawn.items()
               if golden_path(name).read_bytes() != text.encode("utf-8")]
    assert not changed, (f"pictures changed: {changed}; if meant, run "
                         "`PYTHONPATH=. python tests/repr_gallery.py --write` and read the diff of tests/data/reprs")
