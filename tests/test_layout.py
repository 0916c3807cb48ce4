"""Card geometry: one layout for SVG and canvas, hit-tested without a browser."""

from collections import Counter

from hypothesis import given, settings, strategies as st

from tenpennies import Card, Match, Position, parse_cards
from tenpennies.bots import play_match
from tenpennies.pictures.layout import (
    CARD_H, CARD_W, FOUR_COLOURS, GAP, RAISE, TWO_COLOURS, card_shapes, paint, table_layout,
)
from tenpennies.pictures.svg import layout_svg, shape_svg, view_svg


def open_position():
    return Position(
        round_no=1,
        hands=("7S 7H 7D 9S 9H JK KC 4D", "QS QH 3C 3D 8S", "2S 2H 5C 5D 6S", "TS TH JC JD 6H"),
        discard_pile="4C", table=((1, "KS KH KD"), (2, "8H 8D 8C")), opened=(False, True, True, False),
        dealer=3, active=0)


def test_each_hand_card_is_hit_where_it_shows():
    view = Match(seed=5).view(2)
    layout = table_layout(view)
    hand = layout.regions_of("hand")
    assert [r.card for r in hand] == list(view.hand)
    for i, r in enumerate(hand):
        # The visible strip of an overlapped card is its own; the last card shows whole.
        assert layout.hit(r.rect.x + 1, r.rect.y + CARD_H / 2) == r
        if i + 1 < len(hand):
            nxt = hand[i + 1]
            assert layout.hit(nxt.rect.x + 1, r.rect.y + 5) == nxt
    last = hand[-1]
    assert layout.hit(last.rect.x + CARD_W - 1, last.rect.y + 1) == last
    assert layout.hit(last.rect.x + CARD_W + 1, last.rect.y + 1) is None or \
        layout.hit(last.rect.x + CARD_W + 1, last.rect.y + 1).kind == "hand"


def test_a_selected_card_rises_and_is_hit_where_it_rose_to():
    view = Match(seed=5).view(2)
    plain = table_layout(view).regions_of("hand")
    layout = table_layout(view, selected=[3])
    raised = layout.regions_of("hand")[3]
    assert raised.selected and raised.rect.y == plain[3].rect.y - RAISE
    assert layout.hit(raised.rect.x + 2, raised.rect.y + 2) == raised
    assert table_layout(view).hit(raised.rect.x + 2, raised.rect.y + 2) is None


def test_sets_piles_and_empty_felt_are_hit_tested():
    m = Match.from_position(open_position(), seed=1)
    layout = table_layout(m.view(0))
    sets = layout.regions_of("set")
    assert [s.index for s in sets] == [0, 1] and [s.seat for s in sets] == [1, 2]
    for s in sets:
        cards = [r for r in layout.regions if r.kind == "card" and s.rect.contains(r.rect.x + 1, r.rect.y + 1)]
        assert [c.card for c in cards] == list(m.table[s.index].cards)
        hit = layout.hit(cards[0].rect.x + 3, cards[0].rect.y + 10)  # a click on a set's card means the set
        assert hit.kind == "set" and hit.index == s.index
    (stock,), (discard,) = layout.regions_of("stock"), layout.regions_of("discard")
    assert layout.hit(stock.rect.x + 5, stock.rect.y + 5).kind == "stock"
    assert layout.hit(discard.rect.x + 5, discard.rect.y + 5).card == Card("4C")
    assert layout.hit(layout.width - 3, 3) is None


def test_a_seat_picture_shows_only_what_the_seat_may_see():
    m = Match.from_position(open_position(), seed=1)
    view = m.view(0)
    shown = Counter(table_layout(view).cards_shown())
    allowed = Counter(view.hand) + Counter(c for s in view.table for c in s.cards) + Counter([view.top_discard])
    assert shown == allowed
    assert len(table_layout(view).regions_of("back")) == sum(view.hand_sizes) - len(view.hand)
    teacher = table_layout(view, hands={s: m.hand(s) for s in range(4)})
    assert Counter(teacher.cards_shown()) == allowed + sum((Counter(m.hand(s)) for s in (1, 2, 3)), Counter())


@settings(max_examples=15)
@given(st.integers(0, 10_000), st.integers(0, 3))
def test_views_over_whole_matches_never_picture_another_hand(seed, seat):
    m = play_match(["random"] * 4, seed=seed)
    # Every round's final state is gone; check the deal of a fresh match and the end.
    for match in (Match(seed=seed), m):
        view = match.view(seat)
        shown = Counter(table_layout(view).cards_shown())
        allowed = Counter(view.hand) + Counter(c for s in view.table for c in s.cards)
        allowed += Counter([view.top_discard] if view.top_discard else [])
        assert shown == allowed


def test_svg_draws_exactly_the_painted_shapes():
    m = Match.from_position(open_position(), seed=1)
    layout = table_layout(m.view(0), selected=[0, 1])
    shapes = paint(layout)
    svg = layout_svg(layout, "desc")
    assert svg.count("<rect") + svg.count("<text") == len(shapes)
    for s in shapes:
        assert shape_svg(s) in svg
    assert len(paint(layout, targets=[1])) == len(shapes) + 1  # the target set's outline
    assert view_svg(m.view(0)) == layout_svg(table_layout(m.view(0)), str(m.view(0)))


def test_card_faces_have_large_corners_a_clear_joker_and_marked_wilds():
    seven = card_shapes(Card("7D"), 0, 0)
    texts = [s for s in seven if s.kind == "text"]
    assert texts[0].text == "7" and texts[0].size >= 16 and texts[0].x < CARD_W / 2
    assert texts[1].text == "♦" and texts[1].y < CARD_H * 0.6  # the corner, above the big pip
    assert "10" in [s.text for s in card_shapes(Card("TS"), 0, 0)]
    joker = "".join(s.text for s in card_shapes(Card("JK"), 0, 0, wild=True))
    assert "JOKER" in joker and "wild" in joker
    assert "wild" not in "".join(s.text for s in card_shapes(Card("AS"), 0, 0, wild=False))
    assert {s.fill for s in card_shapes(Card("AS"), 0, 0, wild=True) if s.kind == "text"} >= {TWO_COLOURS["S"]}


def test_four_colour_suits_tell_every_suit_apart():
    inks = {suit: card_shapes(Card("5" + suit), 0, 0, four_colour=True)[1].fill for suit in "SHDC"}
    assert inks == FOUR_COLOURS and len(set(inks.values())) == 4
    two = {suit: card_shapes(Card("5" + suit), 0, 0)[1].fill for suit in "SHDC"}
    assert two["H"] == two["D"] != two["S"] == two["C"]


def test_round_five_marks_aces_and_twos_wild_in_the_layout():
    p = Position(round_no=5, hands=("AS 2H 7D JK", "3C 3D 3H", "4C 4D 4H", "5C 5D 5H"), discard_pile="9C")
    layout = table_layout(Match.from_position(p).view(0))
    wild = {r.card: r.wild for r in layout.regions_of("hand")}
    assert wild == {Card("AS"): True, Card("2H"): True, Card("7D"): False, Card("JK"): True}


def test_order_lays_the_hand_out_as_given():
    view = Match(seed=5).view(1)
    order = list(reversed(view.hand))
    assert [r.card for r in table_layout(view, order=order).regions_of("hand")] == order
    assert parse_cards("7S")[0] not in [r.card for r in table_layout(view, viewer=None).regions_of("hand")]


def test_groups_of_a_hand_are_set_apart_and_still_hit_where_they_show():
    view = Match.from_position(open_position(), seed=1).view(0)
    order = list(view.hand)
    plain = table_layout(view, order=order).regions_of("hand")
    grouped = table_layout(view, order=order, groups=(3, 2, len(order) - 5))
    hand = grouped.regions_of("hand")
    steps = [round(b.rect.x - a.rect.x, 6) for a, b in zip(hand, hand[1:])]
    step = steps[0]
    assert steps[2] == steps[4] == step + GAP and all(s == step for k, s in enumerate(steps) if k not in (2, 4))
    assert step <= plain[1].rect.x - plain[0].rect.x
    for r in hand:
        assert grouped.hit(r.rect.x + 1, r.rect.y + CARD_H / 2) == r


def _panels_apart(layout):
    panels = [r.rect for r in layout.regions_of("seat")]
    for i, a in enumerate(panels):
        assert 0 <= a.x and a.right <= layout.width and a.bottom <= layout.height
        for b in panels[i + 1:]:
            assert a.right <= b.x or b.right <= a.x or a.bottom <= b.y or b.bottom <= a.y, (a, b)


@settings(max_examples=10, deadline=None)
@given(st.integers(4, 8), st.integers(0, 1000))
def test_every_seat_of_a_table_of_four_to_eight_has_its_own_panel(players, seed):
    from tenpennies import TEN_PENNIES

    decks = 3 if players > 6 else 2
    rules = TEN_PENNIES.replace(players=players, decks=decks, jokers=2 * decks)
    m = Match(seed=seed, rules=rules)
    for seat in (0, players - 1):
        layout = table_layout(m.view(seat))
        assert sorted(r.seat for r in layout.regions_of("seat")) == list(range(players))
        _panels_apart(layout)
        backs = Counter(r.seat for r in layout.regions_of("back"))
        assert backs == {s: m.view(seat).hand_sizes[s] for s in range(players) if s != seat}
        # Seven other seats take two rows: the table stays about as tall as a four-seat one.
        rows = len({r.rect.y for r in layout.regions_of("seat") if r.seat != seat})
        assert rows == (1 if players <= 5 else 2)
    teacher = table_layout(m.view(0), viewer=None, hands={s: m.hand(s) for s in range(players)})
    _panels_apart(teacher)
    assert Counter(teacher.cards_shown()) == sum((Counter(m.hand(s)) for s in range(players)), Counter()) \
        + Counter([m.view(0).top_discard])


def test_c4_runs_lie_in_rank_order_with_each_wild_at_its_place_and_no_tokens_show():
    from tenpennies.play.seat_position import SeatPosition

    p = SeatPosition.parse("r2 s0 a0 h:4H4D7S8S9SJK t:3=QHKHAH2H,1=JK8S9S,2=6S6S6H,4=9DTDJK d:5C@2 k:- "
                           "p:0/0/0/0/0/0 n:6/10/10/7/10/10 st:30 g:ten-card-rummy")
    layout = table_layout(p)
    texts = [r.text for r in layout.regions_of("text")]
    assert "run 0 · seat 3" in texts and "run 1 · seat 1 · JK=7♠" in texts and "run 3 · seat 4 · JK=J♦" in texts
    assert "set 2 · seat 2" in texts and not any("token" in t for t in texts)
    assert texts[0] == "Round 2 of 11: two melds of 3 (sets or runs) · wild: jokers"
    for meld in layout.regions_of("set"):
        cards = [r.card for r in layout.regions if r.kind == "card" and meld.rect.contains(r.rect.x + 1, r.rect.y + 1)]
        assert cards == list(p.table[meld.index].cards)  # over the top: Q K A 2, as laid


# -- a table that reads like a good card app (issue 25) ----------------------------------------------
def _corner_right(shape) -> float:
    """Where a card's text ends on the right, by the layout's own width estimate."""
    width = len(shape.text) * shape.size * 0.62  # the layout's own estimate (text_width)
    return shape.x + (width / 2 if shape.anchor == "middle" else width if shape.anchor == "start" else 0)


def test_every_corner_mark_of_a_card_lies_within_its_corner():
    from tenpennies.pictures.layout import CORNER_W, ROW_STEP

    assert ROW_STEP >= CORNER_W
    for card in ("JK", "10H", "QS", "2C"):
        shapes = card_shapes(Card(card), 0, 0, wild=True)
        corner = [s for s in shapes if s.kind == "text" and s.y <= 60 or s.text == "wild"]
        assert corner and all(_corner_right(s) <= CORNER_W for s in corner if s.size < 20), card


def test_t15_a_joker_inside_a_set_shows_its_letters_and_wild_tag_whole():
    from tenpennies.pictures.layout import CORNER_W

    position = Position(round_no=1, hands=("7S 7H 7D 9S", "QS QH 3C 3D 8S", "2S 2H 5C 5D 6S", "TS TH JC JD 6H"),
                        discard_pile="4C", table=((1, "KS JK KH KD"), (2, "8H 8D 8C")),
                        opened=(False, True, True, False), dealer=3, active=0)
    layout = table_layout(Match.from_position(position, seed=1).view(0))
    for meld in layout.regions_of("set"):
        cards = [r for r in layout.regions if r.kind == "card" and meld.rect.contains(r.rect.x, r.rect.y)]
        assert len(cards) >= 3
        # Each card but the last is covered only beyond its corner by the next.
        assert all(b.rect.x - a.rect.x >= CORNER_W for a, b in zip(cards, cards[1:]))
    joker = next(r for r in layout.regions if r.card == Card("JK") and r.kind == "card")
    assert joker.wild


def test_the_apps_table_fits_its_height_in_both_games_at_four_and_six_seats():
    from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES
    from tenpennies.bots import make_bot
    from tenpennies.pictures.layout import APP_HEIGHT, APP_WIDTH

    squeezed = 0
    for rules in (TEN_PENNIES, TEN_CARD_RUMMY, TEN_CARD_RUMMY.with_players(6)):
        # Thumb bots meld the most: whole matches, every 5th decision as seat 0 saw it.
        match = Match(seed=1, rules=rules)
        bots = [make_bot("thumb", seat) for seat in range(rules.players)]
        k = 0
        while not match.is_over:
            if k % 5 == 0:
                view = match.view(0)
                layout = table_layout(view, width=APP_WIDTH, max_height=APP_HEIGHT)
                assert layout.height <= APP_HEIGHT, (rules.name, rules.players, k, len(view.table))
                assert all(r.rect.right <= APP_WIDTH for r in layout.regions if r.kind != "text")
                squeezed += not layout.regions_of("back")
            match.apply(bots[match.to_act].act(match.view(match.to_act)))
            k += 1
    assert squeezed  # some table was too tall with its backs: the squeeze was tried and fits


def test_c1_six_seats_backs_share_one_row_on_the_apps_table():
    from tenpennies import TEN_CARD_RUMMY
    from tenpennies.pictures.layout import APP_WIDTH

    view = Match(seed=2, rules=TEN_CARD_RUMMY.with_players(6)).view(0)
    panels = table_layout(view, width=APP_WIDTH).regions_of("seat")
    others = [p for p in panels if p.seat != 0]
    assert len(others) == 5 and len({p.rect.y for p in others}) == 1


def test_the_keyboards_card_is_marked_under_it():
    view = Match(seed=5).view(0)
    plain = paint(table_layout(view))
    layout = table_layout(view, cursor=3)
    marked = [r for r in layout.regions_of("hand") if r.focused]
    assert [r.index for r in marked] == [3]
    extra = set(paint(layout)) - set(plain)
    (mark,) = extra
    assert mark.y >= marked[0].rect.bottom and marked[0].rect.x <= mark.x < marked[0].rect.x + 28
