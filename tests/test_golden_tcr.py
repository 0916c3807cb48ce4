"""A golden transcript of Ten Card Rummy: one whole seeded match for six, pinned byte for byte.

Six random bots (``tenpennies.bots`` "random": uniform over the legal actions its view
lists) play all eleven rounds. Any change to the deal, the meld-first turn (C6), free
takes (C8), buying and the card beneath (C9, C10), turning the stock over (C12), the
ends of rounds (C7, C13), scoring (C14) or the record format shows up here as a diff. If
a change is intended, regenerate the file and read the diff:

    TENPENNIES_REGENERATE=1 python3 -m pytest tests/test_golden_tcr.py
"""

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from tenpennies import TEN_CARD_RUMMY, Match
from tenpennies.play import record
from tenpennies.engine.actions import Draw, DrawSource, Recycle
from tenpennies.bots import bot_seed, make_bot

GOLDEN = Path(__file__).parent / "data" / "golden_tcr_match.json"
SEED = 1941  # the Blitz, where the seed says the game was first played
RULES = TEN_CARD_RUMMY.with_players(6)


def golden_match() -> Match:
    """Six seeded random bots, each seeing only its own view (C16, C17)."""
    m = Match(seed=SEED, rules=RULES)
    bots = [make_bot("random", bot_seed(SEED, s)) for s in range(RULES.players)]
    while not m.is_over:
        seat = m.to_act
        m.apply(bots[seat].act(m.view(seat)))
    return m


def test_golden_tcr_transcript_is_unchanged():
    text = record.dumps(golden_match(), indent=1) + "\n"
    if os.environ.get("TENPENNIES_REGENERATE"):
        GOLDEN.write_text(text, encoding="utf-8")
        # Comparing the file with what was just written could not fail: say so instead.
        pytest.skip(f"regenerated {GOLDEN.name}; read its diff, then run again without TENPENNIES_REGENERATE")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_golden_tcr_file_loads_replays_and_shows_the_whole_turn():
    m = record.load(GOLDEN)
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert m.is_over and data["state"]["scores"] == m.scores and len(m.round_results) == 11
    assert m.rules == RULES and data["version"] == record.VERSION
    verbs = Counter(text.split()[0] for _, text in data["actions"])
    sources = Counter(e.source for e in m.log if isinstance(e, Draw))
    # The transcript pins every part of the turn, not a match that never bought or took.
    assert verbs["take"] and verbs["buy"] and verbs["pass"] and verbs["discard"] and verbs["lay"]
    assert sources[DrawSource.TAKEN] and sources[DrawSource.PURCHASE] and sources[DrawSource.STOCK]
    assert any(isinstance(e, Recycle) and e.up_card is not None for e in m.log)  # C12
    assert [r.how for r in m.round_results].count("out") >= 1
