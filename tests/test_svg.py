"""Pictures: well-formed SVG, deterministic, and with a text fallback."""

import xml.etree.ElementTree as ET

from tenpennies import Card, Hand, Match
from tenpennies.pictures.svg import hand_svg

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



def test_a_line_chart_labels_the_ticks_asked_for_and_a_labelled_band_in_its_own_colour():
    from tenpennies.pictures.svg import BAND_COLOR, CHART_COLORS, line_chart_svg

    series = [("difference", [(3, -200), (24, -160)]), ("no difference", [(3, 0), (24, 0)])]
    band = [(3, -400, -20), (24, -210, -110)]
    root = parse(line_chart_svg(series, band=band, y_range=(-450, 50), fmt=lambda v: f"{v:.0f}",
                                x_ticks=[5, 10, 15, 20], y_ticks=[-400, -200, 0], band_label="95% interval"))
    labels = [t.text for t in root.iter(NS + "text")]
    assert {"0", "-200", "-400", "5", "20", "95% interval"} <= set(labels)
    assert "50" not in labels and "3" not in labels  # only the ticks asked for
    (polygon,) = root.iter(NS + "polygon")
    assert polygon.get("fill") == BAND_COLOR and BAND_COLOR not in CHART_COLORS
    swatches = [r.get("fill") for r in root.iter(NS + "rect")]
    assert swatches == [CHART_COLORS[0], CHART_COLORS[1], BAND_COLOR]
    # The 0 label sits level with the "no difference" line (y at 0).
    zero = next(t for t in root.iter(NS + "text") if t.text == "0")
    line = list(root.iter(NS + "polyline"))[1]
    assert abs(float(zero.get("y")) - 4 - float(line.get("points").split()[0].split(",")[1])) < 0.11
