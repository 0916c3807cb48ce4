"""Every shipped puzzle is a position a seeded match reached (issue 24): its source names
the match and the decision, and replaying the stored actions arrives at that very position.

Each match is replayed once, to its last puzzle's decision, checking every puzzle of it on
the way; no bot is asked (the stored actions are applied through the match's own checks).
The matches of each game are one test, naming every match and puzzle that fails
(tests/every_puzzle.py).
"""

from collections import defaultdict

import pytest

from every_puzzle import game_of, groups, shipped
from tenpennies.engine.cards import Card
from tenpennies.play.seat_position import SeatPosition
from tenpennies.puzzles import PuzzleError, parse_source
from tenpennies.puzzles.matches import read_matches, replay, replay_position

PUZZLES = shipped()
STORED = read_matches()
BY_MATCH = defaultdict(list)
for _p in PUZZLES:
    if _p.match is not None:
        BY_MATCH[_p.match.key].append(_p)


def test_every_shipped_puzzle_is_mined_or_built_and_no_position_has_problems():
    built = [p.id for p in PUZZLES if p.match is None]
    assert all(p.source.startswith("built: ") for p in PUZZLES if p.match is None)
    assert len(built) < len(PUZZLES) / 50  # nearly all are from real matches
    assert [p.id for p in PUZZLES if p.position.problems()] == []
    assert not any(p.allow_unreachable for p in PUZZLES)
    assert set(BY_MATCH) == set(STORED)  # every stored match is used, every used one stored


MATCHES = groups(sorted(BY_MATCH), kind=lambda key: "replay", game=lambda key: game_of(BY_MATCH[key][0]))
"""The stored matches' keys by game: ``{"replay-tcr": [...], "replay-tp": [...]}``."""


@pytest.mark.parametrize("group", MATCHES)
def test_replaying_the_match_reaches_each_puzzles_position(group, every_puzzle):
    every_puzzle(MATCHES[group], replay_reaches_each_puzzles_position, name=lambda key: f"match {key}")


def replay_reaches_each_puzzles_position(key):
    puzzles = sorted(BY_MATCH[key], key=lambda p: p.match.decision)
    wanted = [(p.match.decision, p.match.seat) for p in puzzles]
    reached = list(replay(puzzles[0].match, STORED[key], wanted))
    assert [(d, s) for d, s, _ in reached] == wanted
    for p, (_, _, position) in zip(puzzles, reached):
        assert position == p.position, p.id
        assert position.rules == p.position.rules and str(position) == str(p.position), p.id


def test_no_two_puzzles_from_one_decision_or_consecutive_decisions_of_one_seat():
    for key, puzzles in BY_MATCH.items():
        decisions = [p.match.decision for p in puzzles]
        assert len(set(decisions)) == len(decisions), key
        data = STORED[key]
        for a in puzzles:
            for b in puzzles:
                if a is b or a.match.seat != b.match.seat:
                    continue
                lo, hi = sorted((a.match.decision, b.match.decision))
                between = [seat for seat, _ in data["actions"][lo + 1:hi]]
                assert a.match.seat in between, (a.id, b.id)  # the seat decided again in between


def test_a_changed_action_or_seat_is_caught():
    p = next(p for p in PUZZLES if p.match is not None and p.match.decision > 0)
    data = dict(STORED[p.match.key])
    assert replay_position(p.match, stored=STORED) == p.position
    with pytest.raises(PuzzleError, match="not seat"):
        wrong_seat = type(p.match)(**{**p.match.__dict__, "seat": (p.match.seat + 1) % p.match.players})
        replay_position(wrong_seat, stored=STORED)
    seat, text = data["actions"][0]
    data["actions"] = [[seat, "discard JK" if text != "discard JK" else "pass"]] + data["actions"][1:]
    with pytest.raises(PuzzleError, match="cannot be replayed"):
        replay_position(p.match, stored={p.match.key: data})


def test_a_replayed_position_differs_when_the_puzzle_is_not_the_matchs():
    p = next(p for p in PUZZLES if p.match is not None)
    hand = list(p.position.hand)
    hand[0] = Card("JK") if hand[0] != Card("JK") else Card("3C")
    other = SeatPosition.parse(str(p.position).replace(f"h:{''.join(map(str, p.position.hand))}",
                                                       f"h:{''.join(map(str, hand))}"))
    assert other != p.position and replay_position(p.match, stored=STORED) != other


def test_sources_read_back():
    for p in PUZZLES:
        if p.match is not None:
            assert parse_source(str(p.match)) == p.match and str(p.match) == p.source
