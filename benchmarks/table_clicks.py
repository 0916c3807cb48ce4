"""How many decisions a person makes in a round at the app's table, by offer setting.

    python benchmarks/table_clicks.py [--seed 7] [--round 1]

Plays the app's table (:class:`tenpennies.widgets.PlayTable`, as ``python3 dev.py app
--practice`` deals it for ``?seed=7``: seat 0 against the default bots) through the
round, following Hint at every decision the table asks of the person: the hint's
action is made with the table's own buttons (and the canvas's clicks for a card to
select or a set to add to). Prints, for each offer setting (``tenpennies.front.offers.OFFERS``),
the decisions the round took, how many of them were Pass, and the clicks (a card
selected, a set picked, and each button press). "ask" is the table before the setting;
"useful" is its default now.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies.engine.actions import AddToMeld, Buy, Discard, LayDown, Meld, Pass, TakeDiscard  # noqa: E402
from tenpennies.front.offers import OFFERS  # noqa: E402

BUTTON = {Buy: "buy", Pass: "pass", TakeDiscard: "take", Discard: "discard", LayDown: "lay_down", Meld: "meld",
          AddToMeld: "add"}


def follow_hints(seed, round_no: int, offers: str) -> Counter:
    """Play round ``round_no`` of the app's table by Hint; count decisions, passes and clicks."""
    from tenpennies.widgets import PlayTable

    table = PlayTable(seed=seed, delay=0, offers=offers)
    game = table.game
    counts = Counter()
    while not game.is_over and game.match.round_no <= round_no:
        if game.match.round_no < round_no:  # an earlier round: played by the hint, not counted
            assert game.act(game.hint().action), game.message
            game.advance()
            continue
        if table.shown_summary is not None:  # an earlier round's summary: Continue, as a person would
            table.close_summary()
            continue
        table.show_hint()  # selects the hint's cards, as the Hint button does
        action = game.hint().action
        kind = type(action)
        counts["decisions"] += 1
        counts["pass"] += kind is Pass
        counts["clicks"] += 1 + len(game.selected)  # the hint selected them: a person clicks each card
        if kind is AddToMeld:
            table.buttons["add"].click()
            region = next(r for r in table.layout_now.regions_of("set") if r.index == action.set_index)
            table.click(region.rect.x + 4, region.rect.y + 4)
            counts["clicks"] += 1
        elif kind is LayDown and game.selected:
            table.buttons["lay_down"].click()
        else:
            table.buttons[BUTTON[kind]].click()
        assert not game.message, game.message
        if round_no < game.match.round_no or game.is_over:
            break
    table.close()
    return counts


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--round", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"round {args.round} of the app's match ?seed={args.seed}, played by following Hint:")
    for offers, words in OFFERS.items():
        c = follow_hints(args.seed, args.round, offers)
        print(f"  offers={offers!r:9} ({words}): {c['decisions']} decisions, {c['pass']} of them Pass, "
              f"{c['clicks']} clicks")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
