"""Every picture the kit shows in a notebook, drawn from fixed inputs, and its golden copy.

Each entry of :func:`pictures` draws one ``_repr_svg_`` (or ``_repr_html_``-like page,
or chart) of the kit from values built here, with seeds fixed: cards, hands, sets and
runs on the table, arrangements, what is missing, a go-out plan, the four actions, the
buy decision and buy check, the match and a seat's view (both rule sets), a position, a
puzzle, the printable puzzle sheet, the explorers' pictures and the two charts.

``tests/test_reprs.py`` runs this file in two fresh Python processes with different
``PYTHONHASHSEED`` values and asks for identical bytes, and for the bytes of the golden
copies in ``tests/data/reprs/`` (one file per picture, so a changed picture is a diff a
reviewer can read, or open in a browser). After a deliberate change of picture, rewrite
the golden copies and read their diff::

    PYTHONPATH=. python tests/repr_gallery.py --write

``python tests/repr_gallery.py`` alone prints every picture as JSON (name -> text).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Callable

GOLDEN = Path(__file__).resolve().parent / "data" / "reprs"


def pictures() -> dict[str, Callable[[], str]]:
    from tenpennies import (
        AddToSet, Card, Discard, Hand, LayDown, Match, Meld, Position, SeatPosition, find_contract,
        parse_cards, plan_go_out, what_is_missing,
    )
    from tenpennies.lessons.explorers import BuyChoice, ContractView, OddsTable, SetCheck
    from tenpennies.odds import buy_or_pass
    from tenpennies.puzzles import load
    from tenpennies.puzzles.sheet import sheet_html
    from tenpennies.engine.rules import TEN_CARD_RUMMY
    from tenpennies.engine.sets import make_table_set
    from tenpennies.pictures.svg import bar_chart_svg, line_chart_svg

    arrangement = find_contract(parse_cards("7S 7H 7D 9S 9H JK KC 4D"), 1)
    table_set = make_table_set(2, parse_cards("QS QH JK"), 1)
    position = Position(round_no=1, hands=("7S 7H 7D 9S 9H JK KC 4D", "9D 5C", "2H 3H 4H", "KD"),
                        discard_pile="KC QD", table=((1, "QS QH JK"),))
    def tcr_match():
        # Ten Card Rummy, round 3 (one meld of 4); seat 0 holds a run of four to lay down.
        return Match.from_position(Position(round_no=3, hands=("4S 5S 6S 7S 9H", "2C 2D JK", "QH", "8C"),
                                            discard_pile="AC", active=0), rules=TEN_CARD_RUMMY)

    def tcr_run_on_table():
        match = tcr_match()
        (lay_down,) = [a for a in match.legal_actions() if isinstance(a, LayDown)]
        match.apply(lay_down)
        return match._repr_svg_()

    puzzles = load()

    def buy_check():
        from tenpennies.bots.buycheck import check_buys, offers

        return check_buys(offers(seeds=(1,), limit=1), rollouts=4, seed=0).checks[0]._repr_svg_()

    return {
        "card": lambda: Card("TH")._repr_svg_(),
        "joker": lambda: Card("JK")._repr_svg_(),
        "cards": lambda: parse_cards("KS 7H JK 7S")._repr_svg_(),
        "hand": lambda: Hand("KS 7H JK 7S AD 2C")._repr_svg_(),
        "table_set": lambda: table_set._repr_svg_(),
        "arrangement": lambda: arrangement._repr_svg_(),
        "missing": lambda: what_is_missing(parse_cards("7S 7H 9D 9C KS 4D"), 1)._repr_svg_(),
        "go_out_plan": lambda: plan_go_out(parse_cards("QD 5S 5H 5D 8C"), [table_set], 1, opened=True)._repr_svg_(),
        "lay_down": lambda: LayDown(0, arrangement.sets)._repr_svg_(),
        "meld": lambda: Meld(1, parse_cards("5S 5H 5D"))._repr_svg_(),
        "add_to_set": lambda: AddToSet(1, 0, parse_cards("7C"))._repr_svg_(),
        "discard": lambda: Discard(3, Card("KH"))._repr_svg_(),
        "buy_decision": lambda: buy_or_pass(parse_cards("7S 7H 9D 9C KS 4D 5H 6C 8D TD QS"), Card("7D"), 1)._repr_svg_(),
        "buy_check": buy_check,
        "match_seeded": lambda: Match(seed=12)._repr_svg_(),
        "match_position": lambda: Match.from_position(position)._repr_svg_(),
        "view_seat_0": lambda: Match.from_position(position).view(0)._repr_svg_(),
        "view_seat_1": lambda: Match(seed=12).view(1)._repr_svg_(),
        "tcr_match": lambda: tcr_match()._repr_svg_(),
        "tcr_view": lambda: tcr_match().view(1)._repr_svg_(),
        "tcr_run_on_table": tcr_run_on_table,
        "seat_position": lambda: SeatPosition.parse(
            "r1 s0 a0 h:7SKDJK t:1=QSQHJK d:4C@3 k:10/9/10/10 p:0/0/0/0 n:3/8/11/11 st:60")._repr_svg_(),
        "puzzle": lambda: puzzles[0]._repr_svg_(),
        "puzzle_tcr": lambda: next(p for p in puzzles if p.file == "tcr-lay-down.toml")._repr_svg_(),
        "puzzle_sheet": lambda: "\n".join(sheet_html(puzzles[:2])),
        "explore_set_check": lambda: SetCheck(round_no=1).add(Card("7S")).add(Card("7H")).add(Card("JK")).svg(),
        "explore_contract_view": lambda: ContractView().dealt(3).svg(),
        "explore_odds_table": lambda: OddsTable().svg(),
        "explore_buy_choice": lambda: BuyChoice().dealt(5).svg(),
        "bar_chart": lambda: bar_chart_svg(["round 1", "round 2"], [("odds", [0.5, 0.25]), ("other", [0.1, 0.3])],
                                           title="a bar chart"),
        "line_chart": lambda: line_chart_svg([("y = x", [(1, 1), (2, 2)]), ("flat", [(1, 0.5), (2, 0.5)])],
                                             band=[(1, 0.2, 0.8), (2, 1.5, 2.5)], title="a line chart"),
    }


def draw_all() -> dict[str, str]:
    """Every picture, by name."""
    return {name: draw() for name, draw in pictures().items()}


def golden_path(name: str) -> Path:
    return GOLDEN / (name + (".html" if name.endswith("sheet") else ".svg"))


def main(argv: list[str]) -> None:
    drawn = draw_all()
    if "--write" in argv:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for old in GOLDEN.iterdir():
            old.unlink()
        for name, text in drawn.items():
            golden_path(name).write_text(text, encoding="utf-8", newline="")
        print(f"wrote {len(drawn)} pictures to {GOLDEN}")
    else:
        json.dump(drawn, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
