"""Every shipped puzzle's answer, decided again by a referee that shares no code with the engine.

``tests/bruteforce.py`` holds the rulings as a few lines of code (a set by T14/T15, a run
by C3/C4, the contracts by T13/C5, points by T18/C14) and decides each puzzle by plain
enumeration; its exact chances count every draw of unseen cards. Each puzzle's answer in
its file, and the engine's ``solution()``, must agree with it: regenerating the puzzles
with a wrong engine cannot make this pass. The referee's own set and run checks are held
to hand-drawn cases from the rulings first, and its two shortcuts to its plain search.

Buy puzzles: another branch moves the buy verdict to ``tenpennies.bots.buying.should_buy``, so
only the exact chances they state are checked here, not the verdict.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import bruteforce as bf
from bruteforce import Seat, TenCardRummy, TenPennies
from every_puzzle import groups, shipped
from tenpennies.engine.cards import Card, parse_cards

SHIPPED = bf.shipped()
ENGINE = {p.id: p for p in shipped()}


def refereed_sample(shipped: list[dict], per_group: dict[str, int], most_cards: dict[str, int]) -> list[dict]:
    """The puzzles the referee decides: in each game and kind, ``per_group[game]`` spread
    evenly across the ids, among those whose hand holds at most ``most_cards[game]`` cards.
    The referee enumerates by plain search, minutes for one full Ten Card Rummy hand, so it
    cannot decide each of thousands in a test run; every shipped answer is re-derived by the
    engine in tests/test_puzzles.py and every position replayed in tests/test_puzzle_replay.py."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for d in shipped:
        game = "ten-card-rummy" if "g:ten-card-rummy" in d["position"] else "ten-pennies"
        hand = d["position"].split(" h:")[1].split()[0]
        if len(hand) // 2 <= most_cards[game]:  # the notation writes each card in two letters
            groups.setdefault((game, d["kind"]), []).append(d)
    chosen = []
    for (game, _), group in sorted(groups.items()):
        n = min(per_group[game], len(group))
        chosen += [group[i * len(group) // n] for i in range(n)]
    return chosen


REFEREED = refereed_sample(SHIPPED, per_group={"ten-pennies": 25, "ten-card-rummy": 12},
                           most_cards={"ten-pennies": 12, "ten-card-rummy": 9})


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards(text))


# -- the referee's checks, held to the rulings ---------------------------------------------------
@pytest.mark.parametrize("text, round_no, valid", [
    ("7S 7H JK", 1, True),            # T14: two naturals of one rank, one wild
    ("7S 7H 7D", 1, True),
    ("7S 7H", 1, False),              # at least three cards
    ("7S 7S 7H", 1, False),           # no natural suit twice
    ("7S 7H 8D", 1, False),           # naturals of one rank
    ("7S 7H JK JK", 1, False),        # at most 1 wild in rounds 1-3
    ("7S 7H JK JK", 3, False),
    ("7S 7H JK JK", 4, True),         # 2 in rounds 4-6
    ("7S JK JK JK", 6, False),
    ("7S JK JK JK", 7, True),         # 3 in round 7
    ("JK JK JK", 7, False),           # at least one natural card
    ("7S 7H 7D 7C JK JK", 6, True),   # an R6 contract: 4 naturals + 2 wilds
    ("7S 7H 7D 7C 7S JK", 6, False),  # a fifth natural repeats a suit
    ("AS AH AD", 1, True),            # T15: aces natural in rounds 1-4
    ("AS AH AD", 5, False),           # ... wild in rounds 5-7: no natural card
    ("7S 7H 2C", 1, False),           # a two is a natural two in round 1
    ("7S 7H 2C", 5, True),            # and wild in round 5
    ("7S 7H 2C AD", 5, True),
    ("7S 7H 2C AD JK", 5, False),     # three wilds, two allowed
])
def test_t14_t15_the_referees_set_check(text, round_no, valid):
    assert TenPennies.is_set(cards(text), round_no) is valid


@pytest.mark.parametrize("text, valid", [
    ("7S 7S 7H", True),               # C3: suits may repeat in a set
    ("7S 7H JK", True),
    ("7S JK JK", False),              # C4: naturals outnumber wilds
    ("7S 7H JK JK", False),
    ("7S 7H 7D JK JK", True),
    ("AH 2H 3H", True),               # C3: an ace low
    ("QH KH AH", True),               # high
    ("QH KH AH 2H", True),            # over the top
    ("KH AH 2H 3H", True),
    ("4S 5S JK", True),               # C4: a joker stands for the rank of its place
    ("5S JK 7S", True),
    ("4S JK JK", False),
    ("4S 5H 6S", False),              # one suit
    ("4S 4S 5S", False),              # no rank twice
    ("4S 6S 8S", False),              # consecutive
    ("4S 5S 6S 7S 8S 9S", True),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS", True),   # all thirteen
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS JK", False),  # no run of fourteen
])
def test_c3_c4_the_referees_meld_check(text, valid):
    assert TenCardRummy.is_meld(cards(text), 1) is valid


def test_t13_c5_the_referees_contracts():
    # T13: two sets of a two-set contract may share a rank; C5: one long run is one meld.
    assert bf.holds_plainly(cards("7S 7H 7D 7S 7H JK"), 1)
    assert not bf.holds_plainly(cards("7S 7H 7D 7C JK"), 3)   # 5 cards cannot make two sets of 4
    assert bf.holds_plainly(cards("4S 5S 6S 7S 8S 9S"), 2, TenCardRummy)
    assert not bf.holds_plainly(cards("4S 5S 6S 7S 8S"), 2, TenCardRummy)
    # R2, one set of at least 4: three naturals and the joker (4 ways), four naturals, all five.
    ways = {"9S 9H 9D JK", "9S 9H 9C JK", "9S 9D 9C JK", "9H 9D 9C JK", "9S 9H 9D 9C", "9S 9H 9D 9C JK"}
    assert bf.arrangements(cards("9S 9H 9D 9C JK"), 2) == {(bf.canonical(cards(w)),) for w in ways}


def test_t18_c14_the_referees_points():
    seat = Seat.parse("r1 s0 a0 h:3S9HTDKCAS2HJK t:- d:- k:10/10/10/10 p:0/0/0/0 n:7/11/11/11 st:60")
    assert bf.cost(seat) == 5 + 5 + 10 + 10 + 20 + 20 + 50
    assert sum(TenCardRummy.points(c) for c in cards("2S 9H TD AS JK")) == 2 + 9 + 10 + 15 + 25


def test_the_referees_shortcuts_agree_with_its_plain_search():
    """A set of exactly the contract's size is enough, and a hand's shape decides (see bruteforce)."""
    rng = random.Random(23)
    tried = Counter()
    for _ in range(200):
        r = rng.randint(1, 7)
        # Few ranks, with jokers, aces and twos, so that many hands come near a contract.
        ranks = {1, 2, *rng.sample(range(3, 14), 2)}
        deck = [c for c in TenPennies.deck().elements() if c.suit is None or c.rank in ranks]
        hand = tuple(rng.sample(deck, rng.randint(6, 10)))
        plain = bf.holds_plainly(hand, r)
        assert bf.holds(hand, r) == plain, (r, hand)
        assert bf.holds_plainly(bf.hand_of_shape(bf.shape(hand, r), r), r) == plain
        tried[plain] += 1
    assert tried[True] >= 20 and tried[False] >= 20  # both answers were put to the test


def test_the_referees_chance_on_a_hand_counted_by_hand():
    # 7S 7H 7D 9S 9H + six others, round 1; nothing seen: 97 unseen cards. The 9D and 9C
    # (two copies each) and the four jokers complete: 8 of 97. The other 9S or 9H would
    # repeat a suit in the set of nines (T14).
    hand = cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    assert bf.chance(hand, 1, 1) == Fraction(2 + 2 + 4, 97)
    assert bf.outs(hand, 1) == set(cards("9D 9C JK"))


# -- the shipped puzzles --------------------------------------------------------------------------
def test_every_shipped_puzzle_is_refereed():
    assert len(SHIPPED) == len(ENGINE) >= 100
    assert {p["id"] for p in SHIPPED} == set(ENGINE)


def _sets(text):
    return bf.lay_down_sets(text)


def _pairs(text):
    if text.strip() in ("none", ""):
        return set()
    return {(Card(c), int(n)) for c, _, n in (w.partition(":") for w in text.split())}


def test_the_referee_decides_each_kind_of_each_game():
    kinds = {(d["kind"], "g:ten-card-rummy" in d["position"]) for d in REFEREED}
    assert {k for k, _ in kinds} == {p.kind for p in ENGINE.values()} and len(REFEREED) >= 100
    assert {tcr for _, tcr in kinds} == {True, False}


BY_KIND = groups(REFEREED, kind=lambda d: d["kind"],
                 game=lambda d: "tcr" if "g:ten-card-rummy" in d["position"] else "tp")
"""The refereed puzzles by kind and game (tests/every_puzzle.py): one test each, naming each failure."""


@pytest.mark.parametrize("group", BY_KIND)
def test_the_answer_is_the_brute_forces(group, every_puzzle):
    every_puzzle(BY_KIND[group], answer_is_the_brute_forces, name=lambda d: d["id"])


def answer_is_the_brute_forces(data):
    seat, kind, params = Seat.parse(data["position"]), data["kind"], data.get("params", {})
    game, r = seat.game, seat.round_no
    solution = ENGINE[data["id"]].solution()
    given = [data["answer"], solution.answer]  # the file's and the engine's

    if kind in ("lay-down", "count"):
        ways = bf.arrangements(seat.hand, r, game)
        if kind == "count":
            assert [int(a) for a in given] == [len(ways)] * 2
        elif not ways:
            assert given == ["no", "no"]
        else:
            for answer in given + list(data["accepted"]) + list(solution.accepted):
                assert _sets(answer) in ways, answer
            assert solution.facts["arrangements"] == len(ways)
    elif kind == "missing":
        right = bf.outs(seat.hand, r, game)
        assert right, "a missing puzzle whose hand no single card completes"
        for answer in given:
            assert set(parse_cards(answer)) == right, answer
    elif kind == "buy":  # the chances stated, not the verdict (see the module)
        judgment = solution.facts.get("judgment")
        if judgment is None:  # the buy kind before the one buy judgment: by the end of your next draw
            assert dict(solution.options) == {"buy": bf.buy_chance(seat, "by_your_draw_buy"),
                                              "pass": bf.buy_chance(seat, "next_pass")}
        else:  # tenpennies.bots.buying's BuyJudgment (docs/design.md): its four chances
            assert dict(solution.options) == {"buy": judgment.next_buy, "pass": judgment.next_pass}
            for horizon in ("next_buy", "next_pass", "now_buy", "now_pass"):
                assert getattr(judgment, horizon) == bf.buy_chance(seat, horizon), horizon
    elif kind == "discard":
        chances = bf.discard_chances(seat, params.get("draws", 1))
        best = max(chances.values())
        top = {c for c, p in chances.items() if p == best}
        assert {Card(c): p for c, p in solution.options} == chances
        assert {Card(a) for a in given + list(data["accepted"]) + list(solution.accepted)} <= top
        assert set(solution.facts["best"]) == top
        second = max((p for p in chances.values() if p != best), default=Fraction(0))
        assert solution.margin == Fraction(data["margin"]) == best - second
    elif kind == "go-out":
        can, goes = (bf.tcr_can_go_out, bf.tcr_goes_out) if game.runs else (bf.can_go_out, bf.goes_out)
        if can(seat):
            assert all(goes(a, seat) for a in given), given
        else:
            assert given == ["no", "no"]
    elif kind == "additions":
        right = bf.tcr_addition_pairs(seat) if game.runs else bf.addition_pairs(seat)
        for answer in given:
            assert _pairs(answer) == right, answer
    elif kind == "cost":
        assert [int(a) for a in given] == [bf.cost(seat)] * 2
    else:
        raise AssertionError(f"the referee knows no puzzle kind {kind!r}: teach it in tests/bruteforce.py")
