"""The game review: planted blunders graded blunders, the analyst's own play no mistake,
judged from what the seat knew (never hindsight), saved and read back, and the CLI's text."""

import importlib.util
import json
import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tenpennies import Match, Position, parse_cards
from tenpennies.engine.actions import AddToMeld, Buy, Discard, LayDown, Pass, TakeDiscard
from tenpennies.bots.rollouts import Estimate
from tenpennies.bots import make_bot
from tenpennies.bots.expert import ExpertBot
from tenpennies.engine.cards import format_cards
from tenpennies.front.cli import main
from tenpennies.engine.errors import RecordError, TenPenniesError
from tenpennies.odds.intervals import Z95
from tenpennies.play.record import dumps, save
from tenpennies.review.grades import BLUNDER_POINTS, INACCURACY_POINTS, MISTAKE_POINTS, Grade, grade_of
from tenpennies.review.judged import KINDS, Review
from tenpennies.review.judge import kept_sign, recheck, review
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES

# Round 1 (two sets of 3, jokers wild), late: seats 1 and 2 are down with two cards each,
# so the round may end any turn. Seat 0 holds 7S 7H and 9S 9H 9D, and four cards that fit
# the sets on the table (kings, queens, jacks, tens): once down, it sheds nearly all.
# Every other 7 is in the discard pile and three jokers are seen, so 7D, on offer, is
# the last natural 7, and one joker is unseen (it tops the stock).
HANDS = ("7S 7H 9S 9H 9D KC QC JD TD 8D 6C", "4D 5D", "2S 2H", "8S 3H JC 5H 6C 5C QC 3D TS 6H 4S")
TABLE = ((1, "KH KS KD"), (1, "QD QH JK"), (2, "JC JS JH"), (2, "TS TH JK"))
PILE = "7C 7S JK 7H 7C 3C 7D"


def round_one(hands, table, pile: str, stock_top: str, shuffle: int) -> Position:
    """Seat 0 to start its turn in round 1, with ``stock_top`` its next draw; the deck's
    other cards make the rest of the stock, shuffled by ``shuffle``."""
    placed = Counter(parse_cards(" ".join(hands) + " " + pile + " " + stock_top + " "
                                 + " ".join(cards for _, cards in table)))
    rest = sorted((Counter(TEN_PENNIES.deck()) - placed).elements(), key=lambda c: c.index)
    random.Random(shuffle).shuffle(rest)
    return Position(round_no=1, hands=hands, table=table, discard_pile=pile, stock=f"{stock_top} {format_cards(rest)}",
                    dealer=3, active=0, top_discarder=3)


def late_position(stock_top: str = "JK", shuffle: int = 5) -> Position:
    return round_one(HANDS, TABLE, PILE, stock_top, shuffle)


def planted_blunders() -> Match:
    """Seat 0 passes on 7D, which completes its contract (T5: buying on its own turn is its
    draw), then draws the last joker, which completes it too, and throws it away instead of
    laying down (T10)."""
    m = Match.from_position(late_position(), seed=1)
    assert m.legal_actions() == [Buy(0), Pass(0)]
    m.apply(Pass(0))
    while m.phase.value == "offer":
        m.apply(Pass(m.to_act))
    joker = next(c for c in m.hands[0] if str(c) == "JK")
    assert any(isinstance(a, LayDown) for a in m.legal_actions())
    m.apply(Discard(0, joker))
    return m


@pytest.fixture(scope="module")
def planted():
    return review(planted_blunders(), 0, workers=1)


def test_t5_passing_on_the_buy_that_completes_the_contract_is_a_blunder(planted):
    first = planted.decisions[0]
    assert (first.index, first.kind, first.played, first.preferred) == (0, "buy", Pass(0), Buy(0))
    assert first.grade is Grade.BLUNDER
    assert first.cost.mean - Z95 * first.cost.se > 0 and first.cost.mean >= BLUNDER_POINTS


def test_t10_discarding_the_joker_that_completes_the_contract_is_a_blunder(planted):
    last = planted.decisions[-1]
    assert last.index == 3 and last.kind == "lay-down" and isinstance(last.preferred, LayDown)
    assert str(last.played.card) == "JK" and any(str(c) == "JK" for c in last.preferred.cards)
    assert last.grade is Grade.BLUNDER
    assert planted.mistakes == (planted.decisions[0], last)


def test_a_mistake_is_graded_on_fresh_worlds_by_the_analysis_paired_difference(planted):
    """A cost that looks like a mistake in the first worlds is measured again on twice as
    many fresh ones: tenpennies.bots.rollouts's paired difference, played minus preferred, from
    the seat's view at the decision; the grade is that measurement's."""
    from tenpennies.bots.rollouts import paired_difference
    from tenpennies.bots import derive_seed

    for d in planted.mistakes:
        again = paired_difference(planted.view_at(d), d.played, d.preferred, rollouts=2 * planted.rollouts,
                                  seed=derive_seed("review-confirm", planted.seed, d.index))
        assert again == d.cost and grade_of(again) is d.grade


def test_the_reason_names_both_actions_and_the_measured_cost(planted):
    first, last = planted.decisions[0], planted.decisions[-1]
    assert first.reason.startswith("You chose to pass on 7D; the analyst would buy 7D.")
    assert f"{first.cost.mean:.1f} ± {first.cost.se:.1f} points worse" in first.reason
    assert "the buy judgment says buy" in first.reason  # the analyst's own reason, in its words
    assert last.reason.startswith(f"You chose to discard JK; the analyst would lay down {last.preferred.text[4:]}.")


def test_a_decision_with_one_legal_action_is_not_judged():
    """Seat 0, down with 5C, passes on 7D, then draws the other 5C: discarding 5C is all it
    can do (no set of fives is on the table), and that is no decision to judge."""
    hands = ("5C", "4D 5D", "2S 2H", "8S 3H JC 5H 6C 4C QC 3D TS 6H 4S")
    table = ((0, "KH KS KD"), (0, "QD QH JK"), (1, "JC JS JH"), (1, "TS TH JK"), (2, "8C 8H 8D"), (2, "6S 6H 6D"))
    m = Match.from_position(round_one(hands, table, "7C 7D", "5C", 3), seed=1)
    m.apply(Pass(0))
    while m.phase.value == "offer":
        m.apply(Pass(m.to_act))
    assert m.legal_actions() == [Discard(0, parse_cards("5C")[0])]
    m.apply(m.legal_actions()[0])
    judged = review(m, 0, workers=1)
    assert [d.index for d in judged.decisions] == [0]
    assert judged.decisions[0].played == Pass(0) and judged.decisions[0].kind == "buy"


def test_t12_going_out_is_good_without_rollouts():
    """Seat 0, down with 8D, draws 6C, adds 8D to the eights and goes out with 6C (a
    discard, or an addition to the sixes: both empty the hand). Nothing betters an empty hand: good,
    and no rollouts (none could be dealt: the turn's start had one card fewer to put back)."""
    hands = ("8D", "4D 5D", "2S 2H", "9C 3H JC 5H 6C 4C QC 3D TS 6H 4S")
    table = ((0, "KH KS KD"), (0, "QD QH JK"), (2, "8C 8H 8S"), (2, "6S 6H 6D"))
    m = Match.from_position(round_one(hands, table, "7C 7D", "6C", 3), seed=1)
    m.apply(Pass(0))
    while m.phase.value == "offer":
        m.apply(Pass(m.to_act))
    eight_d, six_c = parse_cards("8D 6C")
    m.apply(AddToMeld(0, 2, (eight_d,)))
    assert len(m.legal_actions()) == 2
    m.apply(Discard(0, six_c))
    assert m.round_results and m.round_results[0].went_out == 0
    judged = review(m, 0, workers=1)
    out = judged.decisions[-1]
    assert out.played == Discard(0, six_c)
    assert (out.kind, out.grade, out.cost.n, out.expected) == ("go-out", Grade.GOOD, 0, None)


def test_the_analysts_own_play_gets_no_mistake():
    """Two rounds of a seeded match played by the analyst in seat 0 (its own choices, by
    another seed, so that its close calls may fall the other way) against strong bots:
    where the review's analyst would have chosen otherwise the rollouts call it close,
    and nothing is graded a mistake."""
    m = Match(2)
    players = [ExpertBot(seed=11)] + [make_bot("strong", s) for s in (1, 2, 3)]
    while m.round_no <= 2:
        m.apply(players[m.to_act].act(m.view(m.to_act)))
    judged = review(m, 0, workers=1)
    assert len(judged.decisions) > 50 and any(d.played != d.preferred for d in judged.decisions)
    assert not judged.mistakes
    assert all(d.grade in (Grade.GOOD, Grade.CLOSE) for d in judged.decisions)
    # The chart's points: every turn's discard, and every decision where the two differ.
    for d in judged.decisions:
        if d.played != d.preferred:
            assert d.expected.n == judged.rollouts
        elif isinstance(d.played, Discard) and d.kind != "go-out":
            assert d.expected.n == judged.rollouts // 4
        else:
            assert d.expected is None
    assert sum(d.expected is not None for d in judged.decisions) > 10


def test_c8_a_ten_card_rummy_round_is_reviewed_with_its_take_as_a_draw():
    """Ten Card Rummy (runs, meld before the draw, the free take of the top discard, C6,
    C8): a round of a random player in seat 0 reviewed; taking the discard or leaving it
    is a decision of kind "draw", and a random player's mistakes are found."""
    m = Match(3, TEN_CARD_RUMMY)
    bots = [make_bot("random", 0)] + [make_bot("strong", s) for s in (1, 2, 3)]
    while m.round_no == 1:
        m.apply(bots[m.to_act].act(m.view(m.to_act)))
    judged = review(m, 0, rollouts=16, workers=1)
    draws = [d for d in judged.decisions if d.kind == "draw"]
    assert draws and all(type(d.played) in (TakeDiscard, Pass) for d in draws)
    assert any(TakeDiscard(0) in (d.played, d.preferred) for d in draws)
    assert judged.mistakes and judged.rules == TEN_CARD_RUMMY
    for d in judged.decisions:
        assert (d.cost.n == 0) == (d.played == d.preferred)  # measured exactly where they differ


def test_the_review_never_judges_with_hindsight():
    """Two matches that differ only in cards seat 0 cannot see (the other hands and the
    stock, dealt afresh with their sizes kept), with the same decision of seat 0: the same
    review, word for word."""
    def twin(shuffle):
        p = late_position()
        hidden = list(parse_cards(" ".join(p.hands[1:]) + " " + p.stock))
        random.Random(shuffle).shuffle(hidden)
        sizes = [len(parse_cards(h)) for h in p.hands[1:]]
        hands = [p.hands[0]]
        for n in sizes:
            hands.append(format_cards(hidden[:n]))
            del hidden[:n]
        world = Position(round_no=1, hands=tuple(hands), table=p.table, discard_pile=p.discard_pile,
                         stock=format_cards(hidden), dealer=3, active=0, top_discarder=3)
        m = Match.from_position(world, seed=1)
        m.apply(Pass(0))
        return m

    a, b = twin(5), twin(6)
    assert a.hands[0] == b.hands[0] and a.hands[3] != b.hands[3] and a.stock != b.stock
    ra, rb = review(a, 0, workers=1), review(b, 0, workers=1)
    assert ra.decisions == rb.decisions and ra.decisions[0].grade is Grade.BLUNDER


def test_the_same_review_on_any_number_of_workers_or_any_executor(planted):
    from concurrent.futures import ThreadPoolExecutor

    assert review(planted_blunders(), 0, workers=2).decisions == planted.decisions
    seen = []
    with ThreadPoolExecutor(2) as pool:  # any Executor will do, as for simulate
        again = review(planted_blunders(), 0, executor=pool, progress=lambda done, total: seen.append((done, total)))
    assert again.decisions == planted.decisions
    assert seen[-1] == (2, 2) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_blunders_keep_their_sign_with_ten_times_the_rollouts(planted):
    blunders = [d for d in planted.decisions if d.grade is Grade.BLUNDER]
    again = recheck(planted, workers=1)
    assert len(again) == len(blunders) == 2
    assert all(kept_sign(d, e) for d, e in zip(blunders, again))
    assert all(e.n == 10 * planted.rollouts for e in again)


# -- grades --------------------------------------------------------------------------------------
def test_grades_follow_the_thresholds_only_when_the_interval_clears_zero():
    assert grade_of(Estimate(0.0, 0.0, 0)) is Grade.GOOD
    assert grade_of(Estimate(BLUNDER_POINTS, 1.0, 32)) is Grade.BLUNDER
    assert grade_of(Estimate(MISTAKE_POINTS, 1.0, 32)) is Grade.MISTAKE
    assert grade_of(Estimate(INACCURACY_POINTS, 1.0, 32)) is Grade.INACCURACY
    assert grade_of(Estimate(INACCURACY_POINTS - 0.1, 1.0, 32)) is Grade.GOOD
    assert grade_of(Estimate(40.0, 21.0, 32)) is Grade.CLOSE  # 40 ± 41: no verdict
    assert grade_of(Estimate(-10.0, 1.0, 32)) is Grade.GOOD  # clearly better than the analyst
    assert grade_of(Estimate(5.0, math.nan, 1)) is Grade.CLOSE  # one rollout measures no noise


@given(st.floats(-200, 200), st.floats(0.01, 50))
def test_a_grade_is_close_exactly_when_the_interval_holds_zero(mean, se):
    grade = grade_of(Estimate(mean, se, 32))
    assert (grade is Grade.CLOSE) == (mean - Z95 * se <= 0 <= mean + Z95 * se)
    if grade in (Grade.INACCURACY, Grade.MISTAKE, Grade.BLUNDER):
        assert mean >= INACCURACY_POINTS
        worse = grade_of(Estimate(mean + BLUNDER_POINTS, se, 32))
        assert list(Grade).index(worse) >= list(Grade).index(grade)  # more points lost: no milder grade


# -- summaries, data and text --------------------------------------------------------------------
def test_points_lost_by_round_and_by_kind_add_up(planted):
    total = planted.points_lost()
    for summary in (planted.by_round(), planted.by_kind()):
        assert sum(p.decisions for p in summary.values()) == len(planted.decisions)
        assert sum(p.mistakes for p in summary.values()) == len(planted.mistakes) == total.mistakes
        assert math.isclose(sum(p.points for p in summary.values()), total.points)
    assert set(planted.by_kind()) <= set(KINDS) and list(planted.by_round()) == [1]
    assert math.isclose(total.points, sum(d.cost.mean for d in planted.decisions))


def test_a_review_saved_as_data_reads_back_the_same(planted, tmp_path):
    path = tmp_path / "review.json"
    path.write_text(json.dumps(planted.to_data()))
    again = Review.from_data(path.read_text())
    assert again == planted
    assert again.view_at(again.decisions[-1]) == planted.view_at(planted.decisions[-1])


def test_a_damaged_saved_review_is_refused(planted):
    data = planted.to_data()
    with pytest.raises(RecordError, match="not a saved review"):
        Review.from_data({**data, "format": "x"})
    broken = json.loads(json.dumps(data))
    broken["decisions"][0]["grade"] = "superb"
    with pytest.raises(RecordError, match="damaged"):
        Review.from_data(broken)


def test_the_view_at_a_decision_is_the_seats_view_then(planted):
    last = planted.decisions[-1]
    view = planted.view_at(last)
    assert view.seat == 0 and view.to_act == 0 and last.played in view.legal_actions
    assert any(str(c) == "JK" for c in view.hand)


def test_review_reads_a_path_json_text_or_data(planted, tmp_path):
    m = planted_blunders()
    path = tmp_path / "match.json"
    save(m, path)
    assert review(str(path), 0, workers=1).decisions == planted.decisions
    assert review(dumps(m), 0, workers=1).decisions == planted.decisions


@pytest.mark.parametrize("seat, rollouts, message", [(4, 32, "no seat 4"), (0, 1, "at least 2"), (True, 32, "seat")])
def test_review_refuses_bad_arguments(seat, rollouts, message):
    with pytest.raises(TenPenniesError, match=message):
        review(planted_blunders(), seat, rollouts=rollouts, workers=1)


def test_the_text_lists_the_mistakes_with_their_reasons(planted):
    text = planted.to_text()
    assert text.startswith("Review of seat 0: Ten Pennies")
    assert "2 decisions judged" in text and "2 blunder" in text
    assert "Mistakes (2):" in text
    assert planted.decisions[0].reason in text and planted.decisions[-1].reason in text
    assert "buying or passing" in text and "laying down" in text


def test_cli_review_prints_the_text(tmp_path, capsys, planted):
    path = tmp_path / "match.json"
    save(planted_blunders(), path)
    code = main(["review", str(path), "--seat", "0", "--workers", "1", "--no-progress"])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err
    assert out.strip() == planted.to_text()


def test_cli_review_refuses_a_damaged_file(tmp_path, capsys):
    path = tmp_path / "match.json"
    path.write_text('{"format": "tenpennies-match"}')
    assert main(["review", str(path), "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert "tenpennies review:" in err and "Traceback" not in err


def test_cli_review_html_is_the_review_pages(tmp_path, capsys):
    path = tmp_path / "match.json"
    save(planted_blunders(), path)
    page = tmp_path / "review.html"
    code = main(["review", str(path), "--workers", "1", "--no-progress", "--html", str(page)])
    out, err = capsys.readouterr()
    if importlib.util.find_spec("tenpennies.review.page") is None:
        assert code == 2 and "not built" in err and not page.exists()
    else:
        assert code == 0 and page.exists()


def test_the_text_counts_grades_in_good_english(planted):
    """'0 inaccuracies, 0 mistakes, 2 blunders', not '0 inaccuracy, 0 mistake, 2 blunder'."""
    assert "2 decisions judged: 0 good, 0 close, 0 inaccuracies, 0 mistakes, 2 blunders" in planted.to_text()
    assert repr(planted).startswith("<Review seat 0: 2 decisions, 2 mistakes, ")


@pytest.mark.parametrize("n, grade, said", [
    (1, Grade.INACCURACY, "1 inaccuracy"), (3, Grade.INACCURACY, "3 inaccuracies"),
    (1, Grade.MISTAKE, "1 mistake"), (0, Grade.BLUNDER, "0 blunders"), (5, Grade.GOOD, "5 good"),
    (2, Grade.CLOSE, "2 close")])
def test_a_grades_count_is_said_in_the_singular_or_plural(n, grade, said):
    from tenpennies.review.grades import grade_count

    assert grade_count(n, grade) == said


def test_c13_ten_card_rummy_rollouts_stop_at_the_review_horizon():
    """In Ten Card Rummy a review's rollouts play at most RUNS_HORIZON turns a seat (40 at
    four seats), the hands then scored as the turn cap scores them (C13): a decision early
    in a round that ran to the cap is judged on the horizon's margins, not the round's end's."""
    from tenpennies.engine.actions import HowEnded
    from tenpennies.bots.rollouts import rollout_margins
    from tenpennies.bots import derive_seed, play_match
    from tenpennies.play.record import to_dict
    from tenpennies.review.budget import RUNS_HORIZON, rollout_horizon
    from tenpennies.review.judge import _analyst, _decisions, judge

    m = play_match(["thumb", "strong", "strong", "strong"], 1, TEN_CARD_RUMMY)
    capped = {r.round_no for r in m.round_results if r.how is HowEnded.TURN_CAP}
    analyst = _analyst(0)
    found = None
    for index, view, played in _decisions(to_dict(m), 0):
        if view.round_no in capped and view.turns < 10 and analyst.decide(view).action != played:
            found = index, view, played, analyst.decide(view).action
            break
    assert found, "no decision early in a round that ran to the turn cap"
    index, view, played, preferred = found
    assert rollout_horizon(view.rules) == RUNS_HORIZON * 4 == 40
    judged = judge(view, played, index=index, rollouts=4, seed=0, analyst=analyst)
    seed = derive_seed("review", 0, index)
    to_horizon = rollout_margins(view, (played, preferred), 4, seed, horizon=40)[0]
    to_the_end = rollout_margins(view, (played, preferred), 4, seed)[0]
    assert judged.expected == Estimate.of(to_horizon) != Estimate.of(to_the_end)


def test_a_ten_card_rummy_review_plays_its_own_budget_and_ten_pennies_keeps_its_own():
    """Ten Card Rummy's review by default: RUNS_ROLLOUTS paired rollouts a judged decision,
    and the chart's point of an agreed discard over an eighth of them; Ten Pennies keeps 32,
    a quarter, and rollouts to the round's end."""
    from tenpennies.review.budget import (DEFAULT_ROLLOUTS, EXPECTED_SHARE, RUNS_EXPECTED_SHARE, RUNS_ROLLOUTS,
                                          default_rollouts, expected_rollouts, rollout_horizon)

    assert (default_rollouts(TEN_PENNIES), expected_rollouts(32, TEN_PENNIES), rollout_horizon(TEN_PENNIES)) \
        == (DEFAULT_ROLLOUTS, 32 // EXPECTED_SHARE, None) == (32, 8, None)
    assert (default_rollouts(TEN_CARD_RUMMY), expected_rollouts(16, TEN_CARD_RUMMY)) \
        == (RUNS_ROLLOUTS, 16 // RUNS_EXPECTED_SHARE) == (16, 2)
    m = Match(3, TEN_CARD_RUMMY)
    bots = [make_bot("thumb", 0)] + [make_bot("strong", s) for s in (1, 2, 3)]
    while m.round_no == 1:
        m.apply(bots[m.to_act].act(m.view(m.to_act)))
    judged = review(m, 0, workers=1)
    assert judged.rollouts == 16 and "16 paired rollouts of at most 40 turns" in judged.to_text()
    points = [d for d in judged.decisions if d.played == d.preferred and d.expected is not None]
    assert points and all(d.expected.n == 2 for d in points)
    assert all(d.cost.n in (16, 32) for d in judged.decisions if d.played != d.preferred and d.kind != "go-out")
