"""The puzzle generator: seeded and deterministic, keeps only clear answers, trims what does not matter."""

from fractions import Fraction

from tenpennies import SeatPosition
from tenpennies.puzzles import KINDS, THEMES, load
from tenpennies.puzzles.generate import MARGINS, THEMED, clear, generate, render, simplify, themes_of


def test_a_small_run_is_the_same_twice_and_every_entry_reads_back(tmp_path):
    first = generate(matches=1, seed=0, per_tier=1)
    assert first == generate(matches=1, seed=0, per_tier=1)
    assert any(first.values())
    for kind, entries in first.items():
        text = "".join(render(dict(e, id=f"{kind}-{n:03d}")) for n, e in enumerate(entries, 1))
        (tmp_path / f"{kind}.toml").write_text(text)
    again = load(tmp_path)
    assert len(again) == sum(len(v) for v in first.values())
    for p in again:
        solution = p.solution()
        assert solution.answer == p.answer and p.check(p.answer).correct
        if p.margin is not None:
            assert p.margin >= MARGINS[p.kind]


def test_themes_come_from_predicates():
    kind, notation, params, _ = THEMED[0]  # two jokers in round 1
    p = SeatPosition.parse(notation)
    s = KINDS[kind].solve(p, params)
    tags = themes_of(kind, p, params, s)
    assert "joker" in tags and "two-sets" in tags and set(tags) <= set(THEMES)
    assert "aces-wild" not in tags  # round 1: aces are natural


def test_simplify_drops_what_does_not_matter_and_keeps_the_answer():
    p = SeatPosition.parse("r1 s0 a0 h:7S7H7D9S9HJK4C5DKC8D t:1=KSKHKD,2=QSQHQD d:3C4H5S@3 "
                           "k:10/10/10/10 p:0/0/0/0 n:10/11/11/11 st:40")
    s = KINDS["lay-down"].solve(p, {})
    q, t = simplify("lay-down", p, {}, s)
    assert t.answer == s.answer and q.table == () and len(q.discard_pile) == 1
    assert len(q.hand) < len(p.hand) and t == KINDS["lay-down"].solve(q, {})


def test_clear_refuses_thin_margins():
    p = SeatPosition.parse("r1 s0 a0 h:7S7H7D9S9H4C5C6DKSQHJD t:- d:9D k:10/10/10/10 p:0/0/0/0 "
                           "n:11/11/11/11 st:60")
    s = KINDS["buy"].solve(p, {})
    assert clear("buy", p, {}, s)
    thin = type(s)(s.kind, s.answer, s.accepted, MARGINS["buy"] - Fraction(1, 1000), s.options, s.reasoning, s.facts)
    assert not clear("buy", p, {}, thin)
