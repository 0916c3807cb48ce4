"""The puzzle set: every shipped answer re-derived by the engine; the schema; each kind's checker.

The checks of each shipped puzzle run as one test per kind and game (tests/every_puzzle.py),
which names every puzzle that fails.
"""

from collections import Counter
from fractions import Fraction

import pytest

from every_puzzle import groups, shipped
from tenpennies import Card, SeatPosition, TenPenniesError, parse_cards
from tenpennies.engine.cards import sort_key
from tenpennies.odds import buy_or_pass
from tenpennies.puzzles import FOLDER, KINDS, THEMES, PuzzleError, load, read_file, rederive
from tenpennies.puzzles.choice_kinds import token_price
from tenpennies.engine.words import card_text, tens_as_written

PUZZLES = shipped()
GROUPS = groups(PUZZLES)
"""The shipped puzzles by kind and game: ``{"lay-down-tp": [...], ...}``."""


@pytest.mark.parametrize("group", GROUPS)
def test_every_shipped_answer_and_margin_is_the_engines(group, every_puzzle):
    every_puzzle(GROUPS[group], answer_and_margin_are_the_engines)


def answer_and_margin_are_the_engines(puzzle):
    assert rederive(puzzle) == []
    solution = puzzle.solution()
    assert puzzle.check(puzzle.answer, solution).correct
    for other in puzzle.accepted:
        assert puzzle.check(other, solution).correct, other
    for answer, feedback in puzzle.wrong:
        verdict = puzzle.check(answer, solution)
        assert not verdict.correct and verdict.feedback.startswith(feedback)
    assert puzzle.hints and puzzle.explanation


def test_the_set_covers_every_kind_and_tier():
    counts = Counter((p.kind, p.tier) for p in PUZZLES)
    assert len(PUZZLES) >= 100
    assert {k for k, _ in counts} == set(KINDS)
    assert {t for _, t in counts} == {1, 2, 3}
    assert all(t in THEMES for p in PUZZLES for t in p.themes)


def test_shipped_folder_is_the_repositorys():
    assert FOLDER.name == "puzzles" and (FOLDER / "lay-down.toml").exists()
    assert load(FOLDER) == PUZZLES


def test_load_filters_by_kind_tier_and_theme():
    assert all(p.kind == "buy" for p in load(kind="buy")) and load(kind="buy")
    assert all(p.tier == 3 for p in load(tier=3))
    assert all("joker" in p.themes for p in load(theme="joker")) and load(theme="joker")
    with pytest.raises(ValueError, match="no puzzle kind 'chess'"):
        load(kind="chess")


def test_a_filter_that_matches_nothing_lists_what_exists(tmp_path):
    write(tmp_path, GOOD)  # one cost puzzle, tier 1, theme joker
    with pytest.raises(PuzzleError) as err:
        load(tmp_path, kind="cost", theme="wild-limit")
    assert str(err.value) == "no puzzle has kind 'cost', theme 'wild-limit'; themes there: joker; kinds there: none"
    with pytest.raises(PuzzleError, match="no puzzle has kind 'buy'; kinds there: cost"):
        load(tmp_path, kind="buy")
    with pytest.raises(PuzzleError, match="no puzzle has tier 3; tiers there: 1"):
        load(tmp_path, tier=3)
    for kind in ("buy", "cost"):  # the shipped set: every theme a kind lacks is refused with the ones it has
        have = {t for p in PUZZLES if p.kind == kind for t in p.themes}
        for theme in set(THEMES) - have:
            with pytest.raises(PuzzleError, match=f"themes there: {', '.join(t for t in THEMES if t in have)};"):
                load(kind=kind, theme=theme)


GOOD = '''
[[puzzle]]
id = "cost-001"
kind = "cost"
title = "What does it cost?"
position = "r1 s0 a0 h:7SKDJK t:- d:4C k:10/10/10/10 p:0/0/0/0 n:3/11/11/11 st:60"
question = "How many points?"
answer = "65"
accepted = []
margin = "exact"
hints = ["Jokers cost 50."]
explanation = "5 + 10 + 50."
tier = 1
themes = ["joker"]
source = "written for the tests"
allow_unreachable = true
'''


def write(tmp_path, text, name="cost.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_good_file_reads(tmp_path):
    (p,) = read_file(write(tmp_path, GOOD))
    assert p.id == "cost-001" and p.check("65").correct and not p.check("60").correct
    assert load(tmp_path) == [p]


@pytest.mark.parametrize("change, field, words", [
    (('answer = "65"\n', ''), "answer", "missing"),
    (('tier = 1', 'tier = 4'), "tier", "should be 1, 2 or 3"),
    (('tier = 1', 'tier = "1"'), "tier", "should be a int"),
    (('kind = "cost"', 'kind = "poker"'), "kind", "'poker' is not one of"),
    (('id = "cost-001"', 'id = "c1"'), "id", "should be the kind and a number"),
    (('h:7SKDJK', 'h:7SKDJQ'), "position", "bad card"),
    (('n:3/11', 'n:4/11'), "position", "hand size says 4"),
    (('answer = "65"', 'answer = "lots"'), "answer", "cannot be read as a cost answer"),
    (('margin = "exact"', 'margin = "1/3"'), "margin", "matter of fact"),
    (('margin = "exact"', 'margin = "much"'), "margin", "neither 'exact' nor a fraction"),
    (('hints = ["Jokers cost 50."]', 'hints = []'), "hints", "at least one hint"),
    (('themes = ["joker"]', 'themes = ["luck"]'), "themes", "'luck' is not a theme"),
    (('source = "written for the tests"', 'source = "written"\ncolour = "red"'), "colour", "unknown field"),
    (('explanation = "5 + 10 + 50."', 'explanation = "  "'), "explanation", "empty"),
])
def test_malformed_puzzles_are_refused_naming_file_field_and_problem(tmp_path, change, field, words):
    old, new = change
    assert old in GOOD
    path = write(tmp_path, GOOD.replace(old, new))
    with pytest.raises(PuzzleError) as err:
        read_file(path)
    message = str(err.value)
    assert message.startswith("cost.toml: puzzle 1") and f"field {field!r}" in message and words in message


def test_a_buy_puzzle_needs_a_margin_and_ids_are_unique(tmp_path):
    buy = GOOD.replace('kind = "cost"', 'kind = "buy"').replace('id = "cost-001"', 'id = "buy-001"')
    with pytest.raises(PuzzleError, match="field 'margin': a buy puzzle ranks choices"):
        read_file(write(tmp_path, buy.replace('answer = "65"', 'answer = "pass"')))
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, GOOD, "b.toml")
    with pytest.raises(PuzzleError, match="b.toml: puzzle cost-001: field 'id': also used in a.toml"):
        load(tmp_path)
    with pytest.raises(PuzzleError, match="not TOML"):
        read_file(write(tmp_path, "[[puzzle]\n"))


# -- each kind's checker, on positions written here ------------------------------------------
def position(hand, round_no=1, table="-", pile="KC", active=0, tokens=10):
    cards = len(parse_cards(hand))
    return SeatPosition.parse(f"r{round_no} s0 a{active} h:{hand.replace(' ', '')} t:{table} d:{pile} "
                              f"k:{tokens}/10/10/10 p:0/0/0/0 n:{cards}/11/11/11 st:40")


def test_t13_lay_down_accepts_any_valid_arrangement():
    kind = KINDS["lay-down"]
    p = position("7S 7H 7D 7C 9S 9H JK 4D")
    solution = kind.solve(p, {})
    assert solution.answer.startswith("yes: ")
    assert kind.check("yes: 7H 7D 7C / 9S 9H JK", p, {}).correct          # not the engine's pick
    assert kind.check("yes: 7S 7H JK / 7D 7C 9S", p, {}).feedback.startswith("Those sets are not")
    assert not kind.check("no", p, {}).correct
    assert "cannot be read" in kind.check("maybe", p, {}).feedback


def test_t14_lay_down_no_when_the_wilds_exceed_the_limit():
    p = position("7S 7H JK JK JK 4D 5C")
    solution = KINDS["lay-down"].solve(p, {})
    assert solution.answer == "no" and "at most 1" in " ".join(solution.reasoning)


def test_missing_names_every_out():
    p = position("8H 8D 8C 4S 4H 4D 9C JK", round_no=3)
    kind = KINDS["missing"]
    assert kind.solve(p, {}).answer == "4C 8S JK"
    assert kind.check("JK 8S 4C", p, {}).correct
    # a wrong answer says how many it left out, never which: that would be the answer
    assert kind.check("4C JK", p, {}).feedback == "You left out 1 card that would."
    assert kind.check("4C JK 9C", p, {}).feedback == "9C would not complete it; you left out 1 card that would."


def test_t5_buy_is_the_one_buy_judgment_on_your_own_turn():
    from tenpennies.bots.buying import judge_offer

    hand = "7S 7H 7D 9S 9H 4C 5C 6D KS QH JD"
    p = position(hand, pile="9D")
    s = KINDS["buy"].solve(p, {})
    judgment = judge_offer(parse_cards(hand), Card("9D"), 1, tokens=10)
    assert dict(s.options) == {"buy": judgment.next_buy, "pass": judgment.next_pass}
    assert judgment.next_buy == 1 and s.answer == judgment.verdict == "buy"
    assert s.margin == Fraction(round(judgment.gain.low * 10), 10) > 0


def test_token_price_rises_as_tokens_run_out():
    assert token_price(2, 4) == Fraction(1, 5) > token_price(10, 4)
    assert token_price(0, 3) == 1


def test_discard_keeps_the_cards_that_complete_sets():
    p = position("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD KD")
    s = KINDS["discard"].solve(p, {"draws": 1})
    assert Card(s.answer) not in parse_cards("7S 7H 7D 9S 9H")
    worst = min(s.options, key=lambda o: o[1])[0]
    assert worst in ("7S", "7H", "7D", "9S", "9H")
    verdict = KINDS["discard"].check(worst, p, {"draws": 1})
    assert not verdict.correct and "leaves a chance of" in verdict.feedback


def test_t10_t12_go_out_checks_any_order_of_moves():
    p = position("7S 7H 7D 9S 9H JK KC 4D", table="2=KSKHKD")
    kind = KINDS["go-out"]
    s = kind.solve(p, {})
    assert s.answer == "lay 7S 7H 7D / 9S 9H JK; add 0 KC; discard 4D"
    assert kind.check("lay 9S 9H JK / 7S 7H 7D; add 0 KC; discard 4D", p, {}).correct
    assert kind.check("lay 7S 7H 7D / 9S 9H JK, then add 0 KC, then discard 4D", p, {}).correct
    bad = kind.check("add 0 KC; lay 7S 7H 7D / 9S 9H JK; discard 4D", p, {})
    assert not bad.correct and "lay down your contract before" in bad.feedback
    left = kind.check("lay 7S 7H 7D / 9S 9H JK; discard 4D", p, {})
    assert "KC would still be in your hand" in left.feedback
    assert not kind.check("no", p, {}).correct


def test_t14_additions_respect_the_wild_limit():
    p = position("9C JK 5S KD", round_no=4, table="0=5H5D5CJKJK,1=9S9H9DJK")
    s = KINDS["additions"].solve(p, {})
    assert s.answer == "5S:0 9C:1 JK:1"
    verdict = KINDS["additions"].check("5S:0 JK:0 9C:1 JK:1", p, {})
    assert not verdict.correct and "JK:0 cannot be added" in verdict.feedback


def test_count_and_cost():
    p = position("9S 9H 9D 9C JK", round_no=2)
    assert KINDS["count"].solve(p, {}).answer == "6"
    assert KINDS["cost"].solve(position("AS 2H JK 9C"), {}).answer == "95"
    assert KINDS["cost"].check("95 points", position("AS 2H JK 9C"), {}).correct


# -- what a learner is shown, and told when wrong ---------------------------------------------
@pytest.mark.parametrize("group", [g for g in GROUPS if g.startswith("buy-")])
def test_t5_a_buy_question_states_no_invented_price(group, every_puzzle):
    """The token's worth is measured (tenpennies.bots.buying), and a close call is answered 'close'."""
    every_puzzle(GROUPS[group], buy_question_states_no_invented_price)


def buy_question_states_no_invented_price(puzzle):
    judgment = puzzle.solution().facts["judgment"]
    assert "ten times the tokens" not in puzzle.question
    assert puzzle.answer == judgment.verdict
    if puzzle.position.rules.tokens is not None:
        assert "measured" in puzzle.question and "measured in seeded play" in puzzle.explanation
    else:  # C9: Ten Card Rummy's purchase spends no token
        assert "It costs no token" in puzzle.explanation


def tempting(puzzle, solution):
    """Wrong answers a learner might type: the file's own, and a few of each kind."""
    kind, answer = puzzle.kind, solution.answer
    hand = sorted(set(puzzle.position.hand), key=sort_key)
    tries = [a for a, _ in puzzle.wrong]
    if kind == "lay-down":
        tries += ["no", "yes", "yes: JK JK JK / 7S 7H 7D"]
    elif kind == "missing":
        tries += ["none", answer.split()[0], f"{answer} {hand[0]}"]
    elif kind == "buy":
        tries += ["buy", "pass", "close"]
    elif kind == "discard":
        tries += [str(c) for c in hand]
    elif kind == "go-out":
        tries += ["no", "yes", f"discard {hand[0]}"]
    elif kind == "additions":
        tries += ["none", answer.split()[0], f"{hand[0]}:9"]
    else:
        tries += [str(int(answer) + 1), str(max(int(answer) - 1, 0))]
    return [t for t in tries if not puzzle.check(t, solution).correct]


@pytest.mark.parametrize("group", GROUPS)
def test_a_wrong_answer_does_not_give_the_solution_away(group, every_puzzle):
    every_puzzle(GROUPS[group], wrong_answer_does_not_give_the_solution_away)


def wrong_answer_does_not_give_the_solution_away(puzzle):
    solution = puzzle.solution()
    for typed in tempting(puzzle, solution):
        said = puzzle.check(typed, solution).feedback
        if puzzle.kind in ("count", "cost"):
            rest = said.replace(solution.reasoning[0], "") if puzzle.kind == "cost" else said
            assert solution.answer not in rest.split(), (typed, said)
        # The answer is notation (a ten is TS); the feedback is a sentence (a ten reads 10S):
        # neither form may appear.
        elif puzzle.kind == "lay-down" and solution.answer != "no":
            assert all(x not in said for x in (solution.answer[5:], tens_as_written(solution.answer[5:]))), (typed, said)
        elif puzzle.kind in ("missing", "additions"):
            secret = set(solution.answer.split()) - set(typed.split())
            secret |= {tens_as_written(x) for x in secret}
            assert not secret & set(said.replace(".", " ").replace(",", " ").split()), (typed, said)
        elif puzzle.kind == "discard":
            best = set(solution.facts["best"])
            shown = {str(c) for c in best} | {card_text(c) for c in best}
            assert not shown & set(said.replace(".", " ").replace(";", " ").split())
        elif puzzle.kind == "go-out" and solution.answer != "no":
            for answer in (solution.answer, tens_as_written(solution.answer)):
                assert answer not in said and answer.split("; ")[0] not in said
        if puzzle.kind != "cost":
            assert not any(line in said for line in solution.reasoning if len(line) > 40), (typed, said)


@pytest.mark.parametrize("kind", KINDS)
def test_an_answer_that_cannot_be_read_says_what_to_type(kind):
    puzzle = load(kind=kind)[0]
    verdict = puzzle.check("maybe")
    assert not verdict.correct and not verdict.readable
    assert str(verdict).startswith("That answer cannot be read") and puzzle.answer_form in str(verdict)
    assert puzzle.answer_form.startswith("Answer ") and "'" in puzzle.answer_form  # with an example


def test_c5_ten_card_rummy_puzzles_pose_runs_over_the_top_and_separate_melds():
    from tenpennies.puzzles import load
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    tcr = [p for p in load(kind="lay-down") if p.position.rules.name == TEN_CARD_RUMMY.name]
    assert len(tcr) >= 5 and all(p.file == "tcr-lay-down.toml" for p in tcr)
    assert {len(p.position.hand_sizes) for p in tcr} == {4, 6}  # mined at tables of four and of six
    themes = {t for p in tcr for t in p.themes}
    assert {"runs", "over-the-top", "separate-melds"} <= themes
    by_answer = {p.solution().answer: p for p in tcr}
    # C5: a run of five is one meld, so two melds of 3 are one card away; six split in two are there.
    assert "yes: 4S 5S 6S / 7S 8S 9S" in by_answer
    five = next(p for p in tcr if "separate-melds" in p.themes and p.solution().answer == "no")
    assert not five.check("yes: 4S 5S 6S 7S 8S").correct
    assert by_answer["yes: QH KH AH 2H"].check("yes: QH KH AH 2H").correct  # C3: over the top
    assert by_answer["yes: QH KH AH 2H"] in load(theme="over-the-top")
    assert all(p.position.rules.has_runs for p in load(theme="over-the-top"))


# -- what-if positions: marked, and only where needed (issue 22) -----------------------------
def test_every_shipped_puzzle_is_reachable_or_marked_as_a_what_if_and_every_mark_is_needed():
    puzzles = load(allow_unreachable=True)
    unmarked = [p.id for p in puzzles if not p.allow_unreachable and p.position.problems()]
    needless = [p.id for p in puzzles if p.allow_unreachable and not p.position.problems()]
    assert unmarked == [] and needless == []
    assert load() == puzzles  # the marks are what lets the loader accept them


def test_an_unmarked_what_if_position_is_refused_naming_the_ruling(tmp_path):
    path = write(tmp_path, GOOD.replace("allow_unreachable = true\n", ""))
    with pytest.raises(PuzzleError, match=r"field 'position': no play reaches it: T3: seat 0 \(its turn\) "
                                          r"has not laid down and holds 3 cards"):
        read_file(path)
    (p,) = read_file(path, allow_unreachable=True)
    assert not p.allow_unreachable and p.what_if_note == ""
    (marked,) = read_file(write(tmp_path, GOOD))
    assert marked.what_if_note.startswith("A what-if position: no real match reaches it (T3: seat 0")
    assert marked.what_if_note in str(marked)


@pytest.mark.parametrize("params, words", [
    ("{ draws = 6 }", "draws must be a whole number from 1 to 2, not 6"),
    ("{ draws = true }", "draws must be a whole number from 1 to 2, not bool"),
    ("{ draws = 0 }", "draws must be a whole number from 1 to 2, not 0"),
    ('{ draws = "2" }', "draws must be a whole number from 1 to 2, not str"),
    ("{ rollouts = 2 }", "'rollouts' is not a parameter of a discard puzzle"),
])
def test_discard_params_are_checked_by_the_kind(tmp_path, params, words):
    text = (GOOD.replace('kind = "cost"', 'kind = "discard"').replace('id = "cost-001"', 'id = "discard-001"')
            .replace('answer = "65"', 'answer = "KD"').replace('margin = "exact"', 'margin = "1/10"')
            + f"params = {params}\n")
    with pytest.raises(PuzzleError, match=f"field 'params': {words}"):
        read_file(write(tmp_path, text, "discard.toml"))


@pytest.mark.parametrize("margin, words", [("1/0", "divides by zero"), ("1/00", "divides by zero"),
                                           ("9" * 40, "neither 'exact' nor a fraction")])
def test_a_margin_is_a_fraction_with_a_denominator(tmp_path, margin, words):
    text = (GOOD.replace('kind = "cost"', 'kind = "discard"').replace('id = "cost-001"', 'id = "discard-001"')
            .replace('answer = "65"', 'answer = "KD"').replace('margin = "exact"', f'margin = "{margin}"'))
    with pytest.raises(PuzzleError, match=f"field 'margin': .*{words}"):
        read_file(write(tmp_path, text, "discard.toml"))


def test_a_puzzle_file_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "cost.toml"
    path.write_bytes(GOOD.encode("utf-8").replace(b"What", b"Wh\xffat"))
    with pytest.raises(PuzzleError, match="cost.toml: not UTF-8 text"):
        read_file(path)


def test_a_discard_puzzle_made_in_python_with_six_draws_is_refused_not_left_to_run():
    p = next(q for q in load(kind="discard", allow_unreachable=True))
    with pytest.raises(PuzzleError, match="draws must be a whole number from 1 to 2, not 6"):
        replace_params(p, {"draws": 6}).solution()
    with pytest.raises(TenPenniesError, match="draws must be a whole number from 1 to 2, not bool"):
        KINDS["discard"].solve(p.position, {"draws": True})


def replace_params(puzzle, params):
    from dataclasses import replace
    return replace(puzzle, params=params)


# -- ratings and sources (issue 24) ------------------------------------------------------------
def test_a_rating_is_optional_and_read_when_given(tmp_path):
    (unrated,) = read_file(write(tmp_path, GOOD))
    assert (unrated.rating, unrated.rating_deviation) == (1500, 350)
    (rated,) = read_file(write(tmp_path, GOOD + "rating = 1834\nrating_deviation = 61\n"))
    assert (rated.rating, rated.rating_deviation) == (1834, 61)
    for bad, words in (("rating = true", "should be a int"), ('rating = "high"', "should be a int"),
                       ("rating = 9000", "should be from 0 to 5000"), ("rating_deviation = -1", "should be from 0 to 1000")):
        with pytest.raises(PuzzleError, match=f"field '{bad.split()[0]}': {words}"):
            read_file(write(tmp_path, GOOD + bad + "\n"))


def test_a_source_names_the_match_and_reads_back():
    from tenpennies.puzzles import MatchSource, parse_source
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    text = "match ten-card-rummy/6 seed 40213 bots strong,thumb,strong,thumb,expert,thumb decision 811 seat 4"
    s = parse_source(text)
    assert s == MatchSource("ten-card-rummy", 6, 40213, ("strong", "thumb", "strong", "thumb", "expert", "thumb"),
                            811, 4)
    assert str(s) == text and s.rule_set == TEN_CARD_RUMMY.with_players(6) and s.bots[s.seat] == "expert"
    assert parse_source("built: two jokers and two pairs") is None
    for bad in ("bot match: seed 3, round 2", "match ten-pennies/4 seed 3 bots strong decision 5 seat 0",
                "match ten-pennies/4 seed 3 bots a,b,c,d decision 5 seat 4"):
        with pytest.raises(PuzzleError, match="source"):
            parse_source(bad)


def test_a_ranked_answers_margin_reads_as_points_or_a_chance_never_a_bare_fraction():
    """A buy's margin is points ("wins by at least 40.4 points"), a discard's a chance
    ("2.6 percentage points higher (1/39)"): not "202/5 (4040.0%)", a fraction of points
    shown as a percent."""
    import re

    for kind, unit in (("buy", "point"), ("discard", "percentage points higher")):
        puzzle = next(iter(load(kind=kind)))
        solution = puzzle.solution()
        (line,) = [x for x in solution.headline().splitlines() if x.startswith("Margin")]
        assert unit in line and not re.search(r"\d+/\d+ \(", line), line
        shown = float(re.search(r"(\d+\.\d)", line).group(1))
        scale = 1 if kind == "buy" else 100
        assert shown == pytest.approx(float(solution.margin) * scale, abs=0.05)
