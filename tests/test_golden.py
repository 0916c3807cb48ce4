"""A golden transcript: one whole seeded match, pinned byte for byte.

Any change to dealing, offers, drawing, recycling, scoring or the record format shows up
here as a diff. If a change is intended, regenerate the file and read the diff:

    TENPENNIES_REGENERATE=1 python3 -m pytest tests/test_golden.py
"""

import json
import os
import random
from pathlib import Path

import pytest

from tenpennies import Match
from tenpennies.play import record

GOLDEN = Path(__file__).parent / "data" / "golden_match.json"


def golden_match() -> Match:
    """Seed 1958; a seeded random player that prefers laying down, melding and adding."""
    m, rng = Match(seed=1958), random.Random(1958)
    while not m.is_over:
        legal = m.legal_actions()
        eager = [a for a in legal if a.text.split()[0] in ("lay", "meld", "add")]
        m.apply(rng.choice(eager) if eager and rng.random() < 0.9 else rng.choice(legal))
    return m


def test_golden_transcript_is_unchanged():
    text = record.dumps(golden_match(), indent=1) + "\n"
    if os.environ.get("TENPENNIES_REGENERATE"):
        GOLDEN.write_text(text, encoding="utf-8")
        # Comparing the file with what was just written could not fail: say so instead.
        pytest.skip(f"regenerated {GOLDEN.name}; read its diff, then run again without TENPENNIES_REGENERATE")
    assert text == GOLDEN.read_text(encoding="utf-8")


def test_golden_file_loads_and_replays():
    m = record.load(GOLDEN)
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert m.is_over and data["state"]["scores"] == m.scores
    assert [r.how for r in m.round_results].count("out") >= 1
