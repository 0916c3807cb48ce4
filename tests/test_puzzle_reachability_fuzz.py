"""The puzzle loader refuses every unreachable position unless asked (issue 35): an
independent fuzz set of mutated puzzles.

Each case is a real puzzle of ``puzzles/*.toml`` (a seeded sample of every file) with its
position changed in one way no play can reach: a card with more copies than the deck
holds, cards both in the hand and on the table past the deck's copies, a hand whose size
is not the one the position states, a seat holding more cards than the deck has, tokens
out of range, a score no cards make, a stock bigger than the deck, a round past the rule
set's last. The mutations are made here on the notation's text, not by the kit's own
checks, so the test does not compare the code with itself. Every one must be refused by
:func:`tenpennies.puzzles.read_text` with a :class:`~tenpennies.engine.errors.TenPenniesError`
unless ``allow_unreachable`` says the position is a what-if.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tenpennies.engine.errors import TenPenniesError
from tenpennies.puzzles import read_text

ROOT = Path(__file__).resolve().parent.parent
PER_FILE = 3  # puzzles sampled from each file


def puzzle_blocks(path: Path) -> list[str]:
    """Each ``[[puzzle]]`` table of a file as TOML text of its own (its wrong answers with it)."""
    text = path.read_text(encoding="utf-8")
    return ["[[puzzle]]\n" + part for part in text.split("\n[[puzzle]]\n")[1:]]


def fields(position: str) -> dict[str, str]:
    return {m.group(1): m.group(2) for m in re.finditer(r"(?:^| )([a-z]+):(\S*)", position)}


def with_field(position: str, name: str, value: str) -> str:
    return re.sub(rf"(^| ){name}:\S*", lambda m: f"{m.group(1)}{name}:{value}", position)


def seat_of(position: str) -> int:
    return int(re.search(r"(?:^| )s(\d+)", position).group(1))


def cards_of(text: str) -> list[str]:
    return re.findall(r"10[SHDC]|[2-9TJQKA][SHDC]|JK", text)


def with_count(position: str, seat: int, change: int) -> str:
    counts = fields(position)["n"].split("/")
    counts[seat] = str(int(counts[seat]) + change)
    return with_field(position, "n", "/".join(counts))


def mutations(position: str, tokens: bool, fives: bool) -> dict[str, str]:
    """The unreachable variants of ``position`` (notation text), by what is wrong."""
    f, me = fields(position), seat_of(position)
    hand = cards_of(f["h"])
    table = cards_of(f.get("t", ""))
    out = {}
    if hand:
        card = hand[0]
        out["too many copies of a card in the hand"] = with_count(
            with_field(position, "h", f["h"] + card * 2), me, 2)
    if table:
        card = table[0]
        out["a card both on the table and in the hand past the deck's copies"] = with_count(
            with_field(position, "h", f["h"] + card * 2), me, 2)
    out["a hand size that is not the hand's"] = with_count(position, me, 1)
    other = (me + 1) % len(f["n"].split("/"))
    out["a seat holding more cards than the deck has"] = with_count(position, other, 200)
    if tokens and "k" in f:
        spent = f["k"].split("/")
        out["tokens out of range"] = with_field(position, "k", "/".join(["11"] + spent[1:]))
        out["negative tokens"] = with_field(position, "k", "/".join(["-1"] + spent[1:]))
    if fives and "p" in f:
        scores = f["p"].split("/")
        out["a score no cards make"] = with_field(position, "p", "/".join(["7"] + scores[1:]))
    if "st" in f:
        out["a stock bigger than the deck"] = with_field(position, "st", str(int(f["st"]) + 200))
    out["a round past the last"] = re.sub(r"^r\d+", "r99", position)
    return out


def cases():
    rng = random.Random(35)
    found = []
    for path in sorted((ROOT / "puzzles").glob("*.toml")):
        blocks = [b for b in puzzle_blocks(path) if "allow_unreachable = true" not in b]
        tcr = path.name.startswith("tcr-")
        for block in rng.sample(blocks, min(PER_FILE, len(blocks))):
            position = re.search(r'^position = "(.*)"$', block, re.M).group(1)
            for what, mutated in mutations(position, tokens=not tcr, fives=not tcr).items():
                if mutated != position:
                    found.append(pytest.param(block, position, mutated, id=f"{path.stem}:{what}"))
    return found


CASES = cases()


def test_the_fuzz_set_covers_every_file_and_kind_of_mutation():
    ids = [c.id for c in CASES]
    assert len({i.split(":")[0] for i in ids}) == len(list((ROOT / "puzzles").glob("*.toml")))
    assert len(CASES) > 150


@pytest.mark.parametrize("block, position, mutated", CASES)
def test_a_mutated_puzzle_is_refused_unless_asked(block, position, mutated):
    assert len(read_text(block, "original.toml")) == 1  # the puzzle as written loads
    text = block.replace(f'position = "{position}"', f'position = "{mutated}"')
    with pytest.raises(TenPenniesError):
        read_text(text, "mutated.toml")
