"""Pictures: well-formed SVG, deterministic, and with a text fallback."""

import xml.etree.ElementTree as ET

from tenpennies import Card, Hand, Match
from tenpennies.svg import hand_svg

NS = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def test_card_and_hand_pictures_carry_their_notation():
    assert parse(Card("TH")._repr_svg_()).find(NS + "desc").text == "TH"
    root = parse(Hand("KS 7H JK")._repr_svg_())
    assert root.find(NS + "desc").text == "7H KS JK"
    assert len(root.findall(NS + "rect")) == 3


def test_wild_cards_are_framed_in_round_5_only():
    hand = Hand("AS 7H JK")
    assert hand_svg(hand, round_no=5).count("stroke-width='3'") == 2  # ace and joker
    assert hand_svg(hand, round_no=1).count("stroke-width='3'") == 1  # joker only


def test_table_and_view_pictures_are_stable_and_hide_what_they_must():
    m = Match(seed=12)
    assert m._repr_svg_() == Match(seed=12)._repr_svg_()
    table = parse(m._repr_svg_())
    assert "seat 0" in table.find(NS + "desc").text
    view = m.view(1)._repr_svg_()
    parse(view)
    desc = parse(view).find(NS + "desc").text
    assert str(m.hand(1)) in desc and not any(str(m.hand(s)) in desc for s in (0, 2, 3))
    assert view.count("fill='#2e5d8a'") == sum(len(m.hands[s]) for s in (0, 2, 3)) + 1  # backs + stock

