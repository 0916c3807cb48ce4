"""Puzzle ratings (tenpennies.puzzles.rating): a ladder of solver players, Glicko-2 (issue 24, item 4)."""

import statistics

import pytest

from tenpennies.engine.errors import TenPenniesError
from tenpennies.puzzles.glicko import Rating
from tenpennies.puzzles import load
from tenpennies.puzzles.rating import (
    ATTEMPTS, LADDER, LadderPlayer, LadderResults, attempts, calibrate, play_ladder, rate, rate_results,
)

PER_KIND = 20  # a sample of the shipped set: the whole set takes minutes once it holds thousands


@pytest.fixture(scope="module")
def sample():
    """Up to PER_KIND shipped puzzles of each kind and game, evenly spaced in id order."""
    groups: dict[tuple[str, str], list] = {}
    for p in sorted(load(), key=lambda p: p.id):
        groups.setdefault((p.kind, p.position.rules.name), []).append(p)
    return [p for group in groups.values() for p in group[::max(1, len(group) // PER_KIND)][:PER_KIND]]


@pytest.fixture(scope="module")
def ladder_results(sample):
    return play_ladder(sample, workers=1)


@pytest.fixture(scope="module")
def ratings(ladder_results):
    return rate_results(ladder_results)


def test_a_player_without_mistakes_solves_every_puzzle(sample):
    # The ladder's answers go through the kind's own solver and Puzzle.check: with no
    # mistakes every answer, of every kind and both games, must be judged right.
    perfect = LadderPlayer("perfect", lapse=0.0, slip=0.0, noise=0.0)
    for p in sample:
        assert attempts(p, [perfect], tries=2) == ((True, True),), p.id


def test_stronger_rungs_solve_more(ladder_results):
    rates = ladder_results.solve_rates()
    assert len(rates) == len(LADDER)
    assert all(a < b for a, b in zip(rates, rates[1:])), rates


def test_calibrated_ladder_rises_rung_by_rung(ladder_results):
    ladder = calibrate(ladder_results)
    assert all(a.rating < b.rating for a, b in zip(ladder, ladder[1:]))


def test_the_middle_puzzle_rates_near_1500_where_a_learner_starts(ratings):
    assert statistics.median(r.rating for r in ratings.values()) == pytest.approx(1500, abs=75)


def test_a_set_rated_later_on_a_pinned_ladder_keeps_its_ratings(sample, ladder_results, ratings):
    # Rating a few puzzles against the whole set's ladder gives them their ratings in the set.
    ladder = calibrate(ladder_results)
    some = sample[::15]
    assert rate(some, workers=1, ladder=ladder) == {p.id: ratings[p.id] for p in some}


def test_ratings_spread_across_800_points(sample, ratings):
    assert set(ratings) == {p.id for p in sample}
    values = [r.rating for r in ratings.values()]
    assert max(values) - min(values) >= 800


def test_every_rating_is_surer_than_an_unrated_one(ratings):
    assert all(r.deviation < 150 for r in ratings.values())


def test_near_miss_lay_downs_rate_above_easy_lay_downs(sample, ratings):
    # A hand one card short of its contract tempts a "yes"; a tier-1 hand that holds its
    # contract is found by most. (Medians: one puzzle may buck the trend.)
    lay_downs = [p for p in sample if p.kind == "lay-down"]
    near = [ratings[p.id].rating for p in lay_downs
            if p.solution().answer == "no" and p.solution().facts["cards_needed"] == 1]
    easy = [ratings[p.id].rating for p in lay_downs if p.tier == 1 and p.solution().answer != "no"]
    assert near and easy
    assert statistics.median(easy) < statistics.median(near)


def test_harder_tiers_rate_higher_on_average(sample, ratings):
    mean = {t: statistics.mean(ratings[p.id].rating for p in sample if p.tier == t) for t in (1, 2, 3)
            if any(p.tier == t for p in sample)}
    assert mean[1] < min(v for t, v in mean.items() if t > 1)


def test_both_games_are_rated(sample, ratings):
    games = {p.position.rules.name for p in sample}
    assert {"Ten Pennies", "Ten Card Rummy"} <= games
    for game in games:
        assert any(ratings[p.id].deviation < 350 for p in sample if p.position.rules.name == game)


def test_rate_is_deterministic_from_seed_whatever_the_workers(sample):
    some = sample[::12]
    one = rate(some, seed=7, workers=1)
    assert rate(some, seed=7, workers=2) == one
    assert rate(some, seed=8, workers=1) != one


def test_rating_results_counts_a_solve_as_the_puzzle_s_loss():
    # Three puzzles: every rung solves the first, the top half the second, none the third.
    n = len(LADDER)
    solved = {
        "all": tuple((True,) * ATTEMPTS for _ in range(n)),
        "half": tuple((k >= n // 2,) * ATTEMPTS for k in range(n)),
        "none": tuple((False,) * ATTEMPTS for _ in range(n)),
    }
    results = LadderResults(LADDER, solved)
    out = rate_results(results, [Rating(1000 + 100 * k, 30) for k in range(n)])
    assert out["all"].rating < out["half"].rating < out["none"].rating
    assert 1300 < out["half"].rating < 1500  # between the rungs that solve and those that fail


def test_calibrate_orders_rungs_by_what_they_solve():
    n = len(LADDER)
    # Puzzle j is solved by rung k exactly when k >= j % n: higher rungs solve more.
    solved = {f"p{j}": tuple((k >= j % n,) * 4 for k in range(n)) for j in range(40)}
    ladder = calibrate(LadderResults(LADDER, solved))
    assert all(a.rating < b.rating for a, b in zip(ladder, ladder[1:]))


def test_progress_callable_sees_every_puzzle(sample):
    some = sample[:5]
    seen = []
    play_ladder(some, players=LADDER[:2], tries=1, workers=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (5, 5) and [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_workers_must_be_at_least_one(sample):
    with pytest.raises(TenPenniesError, match="workers"):
        rate(sample[:1], workers=0)


def test_duplicate_ids_are_refused(sample):
    with pytest.raises(TenPenniesError, match="unique"):
        rate([sample[0], sample[0]], workers=1)



def _edge(puzzle) -> float:
    """How far a ranked puzzle's answer is from the next choice: the discard's margin, or
    how far the buy gain's interval is from crossing zero, the edge of its verdict."""
    s = puzzle.solution()
    if puzzle.kind == "discard":
        return float(s.margin)
    gain = s.facts["gain"]
    return {"buy": gain.low, "pass": -gain.high}.get(s.answer, min(-gain.low, gain.high))


@pytest.mark.parametrize("kind", ["discard", "buy"])
def test_close_calls_rate_above_clear_ones(sample, ratings, kind):
    ranked = sorted((p for p in sample if p.kind == kind), key=_edge)
    third = len(ranked) // 3
    assert third >= 2
    close = statistics.median(ratings[p.id].rating for p in ranked[:third])
    clear = statistics.median(ratings[p.id].rating for p in ranked[-third:])
    assert close > clear


# -- ratings from people (issue 34, item 6) ---------------------------------------------------
def test_people_who_miss_a_puzzle_raise_its_rating_from_the_ladders_prior(tmp_path, capsys):
    from tenpennies.front.cli import main
    from tenpennies.puzzles import load as load_puzzles
    from tenpennies.puzzles.progress import Progress, export_csv
    from tenpennies.puzzles.rating import people_attempts, rerate

    hard, easy = load_puzzles(kind="cost")[:2]
    files = []
    for n in range(6):  # six learners: all miss the first, all solve the second
        learner = Progress(tmp_path / f"l{n}.db")
        learner.record(hard, "missed")
        learner.record(easy, "solved")
        learner.record(easy, "missed")  # seen before: practice, not counted
        files.append(learner.path)
    found = rerate([hard, easy], people_attempts(files))
    assert found[hard.id][0].rating == hard.rating and found[hard.id][2] == 6 == found[easy.id][2]
    assert found[hard.id][1].rating > hard.rating and found[easy.id][1].rating < easy.rating
    assert found[hard.id][1].deviation < hard.rating_deviation  # people made it surer
    export_csv(files, tmp_path / "class.csv")
    again = rerate([hard, easy], people_attempts([tmp_path / "class.csv"]))  # the CSV says the same,
    for pid, (_, after, n) in found.items():  # to the tenth of a point it keeps ratings in
        assert again[pid][2] == n and abs(again[pid][1].rating - after.rating) < 0.5
    assert main(["puzzles", "rerate", str(tmp_path / "class.csv"), "--out", str(tmp_path / "new.csv")]) == 0
    out = capsys.readouterr().out
    assert "2 puzzles tried by people" in out and hard.id in out
    assert (tmp_path / "new.csv").read_text().splitlines()[0].startswith("puzzle,rating_before")
