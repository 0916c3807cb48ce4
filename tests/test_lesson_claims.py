"""Facts the lessons state in words (their prose and notebooks/TEACHERS.md), checked by ruling.

The lessons' code cells are checked by nbval and their hidden check cells; these are the
claims made in sentences, which no cell computes."""

import json
import re
from itertools import combinations
from pathlib import Path

from tenpennies import (TEN_CARD_RUMMY, TEN_PENNIES, Match, find_contract, format_cards, hand_points, is_valid_set,
                        parse_cards)
from tenpennies.engine.actions import LayDown
from tenpennies.front.table import Game


def test_t1_two_of_every_card_and_four_jokers():
    # 02 and 00: "108 cards of 53 kinds"
    deck = TEN_PENNIES.deck()
    assert len(deck) == 108 and len(set(deck)) == 53


def test_t3_the_stock_holds_63_cards_after_the_deal():
    # 06: "The stock is finite: 63 cards after the deal"
    assert len(Match(seed=0).stock) == 63


def test_t14_a_set_holds_at_most_four_naturals_so_r6_is_four_and_two_and_r7_four_and_three():
    # 02 and 03: "round 6's set of six is always four naturals and two wilds, round 7's four and three"
    naturals = parse_cards("8S 8H 8D 8C 8S 8H")
    assert max(n for n in range(1, 7) if is_valid_set(naturals[:n], 1)) == 4
    for round_no, wilds in ((6, 2), (7, 3)):
        size = TEN_PENNIES.contract(round_no).size
        assert TEN_PENNIES.contract(round_no).wild_limit == wilds == size - 4
        assert find_contract(parse_cards("8S 8H 8D 8C JK JK JK 5C"), round_no).wilds == wilds


def test_t13_t18_the_solver_lays_down_the_kings_not_the_nines():
    # 03 and TEACHERS.md: "Both need the joker; kings shed more points"
    best = find_contract(parse_cards("7S 7H 7D 9S 9H JK KC KD 4D 5H QS"), 1)
    assert sorted(map(str, best.sets[1])) == ["JK", "KC", "KD"]
    assert hand_points(parse_cards("KC KD")) > hand_points(parse_cards("9S 9H"))


def test_t15_no_set_of_aces_or_twos_in_rounds_5_to_7():
    # 02: "no set of aces or twos can be made then"
    for round_no in (5, 6, 7):
        for cards in combinations(parse_cards("AS AH AD AC 2S 2H 2D"), 3):
            assert not is_valid_set(cards, round_no)


def test_t18_card_points_as_the_lessons_state_them():
    # 07: "3 to 9 cost 5 points each; 10, J, Q and K cost 10; aces and twos cost 20; a joker costs 50"
    expected = {**{r: 5 for r in "3456789"}, **{r: 10 for r in "TJQK"}, "A": 20, "2": 20}
    for rank, points in expected.items():
        assert hand_points(parse_cards(f"{rank}S")) == points
    assert hand_points(parse_cards("JK")) == 50


def test_c14_card_points_of_ten_card_rummy():
    # 09: "cards left in hand cost their pips, 10 for 10-K, 15 an ace, 25 a joker"
    assert hand_points(parse_cards("2S 9H TD KC AS JK"), TEN_CARD_RUMMY) == 2 + 9 + 10 + 10 + 15 + 25


def test_start_here_seat_2_lays_down_first_then_you_after_buying_the_king():
    # TEACHERS.md, 00: "Seat 2 (thumb), with 4S 4D 4C / 5H 5D 5C; you (seat 0) follow after buying the K♣"
    game = Game(seed=2026, seat=0)
    game.advance()
    for _ in range(6):
        game.act(game.hint().action)
        game.advance()
    lay_downs = [a for a in game.match.log if isinstance(a, LayDown)]
    assert [a.seat for a in lay_downs][:2] == [2, 0]
    assert [format_cards(s) for s in lay_downs[0].sets] == ["4S 4D 4C", "5H 5D 5C"]
    assert "You bought KC for a token." in game.words()


QUOTES_OUTPUTS = "quotes-outputs"
"""The tag of a markdown cell that quotes numbers the cells above it printed ("pairing made it
wider (59.9 points against 54.7)"): each must be in one of those outputs, so a change that
moves the numbers cannot leave the prose saying the old ones (lesson 13's had, four times)."""


def _number_texts(text: str) -> list[str]:
    # Decimals only ("59.9", "−0.46", "+0.08"): whole numbers in prose are counts and rounds.
    return [m.replace("−", "-").lstrip("+-") for m in re.findall(r"[−+-]?\d+\.\d+", text)]


def test_prose_that_quotes_outputs_says_the_numbers_the_cells_printed():
    root = Path(__file__).resolve().parent.parent
    tagged = 0
    for path in sorted((root / "notebooks").rglob("*.ipynb")):
        printed = ""
        for cell in json.loads(path.read_text())["cells"]:
            if cell["cell_type"] == "code":
                for out in cell.get("outputs", []):
                    printed += "".join(out.get("text", "")) + "".join(out.get("data", {}).get("text/plain", ""))
            elif QUOTES_OUTPUTS in cell.get("metadata", {}).get("tags", []):
                tagged += 1
                prose = "".join(cell["source"])
                missing = [n for n in _number_texts(prose) if n not in printed.replace("−", "-")]
                assert not missing, f"{path.name}: {missing} in {prose[:80]!r}... are printed by no cell above it"
    assert tagged >= 5  # lesson 13 and its solutions
