"""The puzzle generator: seeded and deterministic for any worker count, positions exactly as
the matches reached them, clear answers only, no duplicates by canonical form."""

from fractions import Fraction

from tenpennies import SeatPosition
from tenpennies.puzzles import KINDS, THEMES, load, parse_source
from tenpennies.puzzles.generate import THEMED, generate, select
from tenpennies.puzzles.mining import match_plan, mine_match
from tenpennies.puzzles.puzzle_files import render, write
from tenpennies.puzzles.sifting import MARGINS, canonical, clear, themes_of
from tenpennies.puzzles.matches import read_matches, replay_position


def test_a_small_run_is_the_same_with_one_worker_or_two_and_reads_back_and_replays(tmp_path):
    entries, stored = generate(matches=3, seed=5, workers=1, rate=False)
    again, stored_again = generate(matches=3, seed=5, workers=2, rate=False)
    assert entries == again and stored == stored_again and entries
    write(entries, stored, tmp_path)
    (tmp_path / "copy").mkdir()
    write(again, stored_again, tmp_path / "copy")
    for path in sorted(tmp_path.glob("*.toml")) + sorted(tmp_path.glob("matches/*")):
        assert path.read_bytes() == (tmp_path / "copy" / path.relative_to(tmp_path)).read_bytes(), path
    puzzles = load(tmp_path)
    assert len(puzzles) == len(entries)
    matches = read_matches(tmp_path)
    for p in puzzles:
        assert p.position.problems() == ()
        solution = p.solution()
        assert solution.answer == p.answer and p.check(p.answer).correct
        if p.margin is not None:
            assert p.margin >= MARGINS[p.kind]
        if p.match is not None:  # no trimming: the very position the match reached
            assert replay_position(p.match, stored=matches) == p.position


def test_match_plans_cover_both_games_and_both_table_sizes_of_ten_card_rummy():
    plans = [match_plan(i) for i in range(50)]
    assert {(p.rules, p.players) for p in plans} == {("ten-pennies", 4), ("ten-card-rummy", 4),
                                                     ("ten-card-rummy", 6)}
    assert len({p.seed for p in plans}) == 50 and match_plan(7) == match_plan(7)
    assert any("expert" in p.bots for p in plans) and all(len(p.bots) == p.players for p in plans)


def test_a_mined_match_never_gives_two_puzzles_of_one_decision_or_neighbouring_ones_of_a_seat():
    plan, actions, entries = mine_match(1, 0)
    sources = [parse_source(e["source"]) for e in entries]
    assert sources and all(s.key == plan.key for s in sources)
    assert len({s.decision for s in sources}) == len(sources)
    for a in sources:
        for b in sources:
            if a is not b and a.seat == b.seat:
                lo, hi = sorted((a.decision, b.decision))
                assert any(seat == a.seat for seat, _ in actions[lo + 1:hi])


def test_canonical_form_ignores_suit_names_and_select_drops_the_copy():
    p = SeatPosition.parse("r1 s0 a0 h:7S7H7D9S9H4C5C6DKSQHJD t:- d:9D k:10/10/10/10 p:0/0/0/0 "
                           "n:11/11/11/11 st:60")
    q = SeatPosition.parse("r1 s0 a0 h:7H7S7C9H9S4D5D6CKHQSJC t:- d:9C k:10/10/10/10 p:0/0/0/0 "
                           "n:11/11/11/11 st:60")  # spades and hearts swapped, diamonds and clubs
    assert canonical("lay-down", p, {}) == canonical("lay-down", q, {})
    assert canonical("lay-down", p, {}) != canonical("cost", p, {})
    s = KINDS["lay-down"].solve(p, {})
    from tenpennies.puzzles.mining import entry_of
    one, two = entry_of("lay-down", p, {}, s, "built: one"), entry_of("lay-down", q, {}, s, "built: two")
    assert select([], [one, two]) == [one]


def test_themes_come_from_predicates():
    kind, notation, params, _ = THEMED[0]  # two jokers in round 1
    p = SeatPosition.parse(notation)
    s = KINDS[kind].solve(p, params)
    tags = themes_of(kind, p, params, s)
    assert "joker" in tags and "two-sets" in tags and set(tags) <= set(THEMES)
    assert "aces-wild" not in tags  # round 1: aces are natural


def test_clear_refuses_thin_margins():
    p = SeatPosition.parse("r1 s0 a0 h:7S7H7D9S9H4C5C6DKSQHJD t:- d:9D k:10/10/10/10 p:0/0/0/0 "
                           "n:11/11/11/11 st:60")
    s = KINDS["buy"].solve(p, {})
    assert clear("buy", p, {}, s)
    thin = type(s)(s.kind, s.answer, s.accepted, MARGINS["buy"] - Fraction(1, 1000), s.options, s.reasoning, s.facts)
    assert not clear("buy", p, {}, thin)


def test_every_built_position_is_one_play_reaches_and_says_built():
    from tenpennies.puzzles.generate import built

    for e in built():
        assert SeatPosition.parse(e["position"]).problems() == () and e["source"].startswith("built: ")
        assert "allow_unreachable" not in render(dict(e, id=f"{e['kind']}-001"))


def test_every_shipped_buy_verdict_holds_at_both_ends_of_the_tokens_worth():
    """A buy puzzle is kept only when its answer does not depend on what a player values a
    token at (issue 24); the expert's rollouts were asked too, when it was mined (buy_holds)."""
    buys = load(kind="buy")
    assert {p.position.rules.slug for p in buys} == {"ten-pennies", "ten-card-rummy"}
    for p in buys:
        s = p.solution()
        assert s.answer in ("buy", "pass") and s.facts["steady"], p.id
        assert set(s.facts["verdict_at_worth"].values()) == {s.answer}, p.id


def test_buy_holds_refuses_a_close_call():
    from tenpennies.puzzles.sifting import buy_holds

    p = next(q for q in load(kind="buy"))
    close = type(p.solution())("buy", "close", facts=p.solution().facts)
    assert not buy_holds(None, close, seed=0)
