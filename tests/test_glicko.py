"""Glicko-2 (tenpennies.puzzles.glicko): Glickman's worked example and the invariants users rely on."""

import math

import pytest
from hypothesis import given, settings, strategies as st

from tenpennies.puzzles.glicko import Rating, expected, update

ratings = st.floats(min_value=600, max_value=2800)
deviations = st.floats(min_value=30, max_value=350)
volatilities = st.floats(min_value=0.03, max_value=0.12)
players = st.builds(Rating, ratings, deviations, volatilities)
scores = st.sampled_from([0.0, 0.5, 1.0])
results_lists = st.lists(st.tuples(players, scores), min_size=1, max_size=8)


def test_glickmans_worked_example():
    # Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30 (win),
    # 1550/100 (loss), 1700/300 (loss) -> 1464.06, 151.52, 0.05999 (hand-rounded).
    after = update(Rating(1500, 200, 0.06),
                   [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    assert after.rating == pytest.approx(1464.06, abs=0.02)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_glickmans_example_intermediate_expectations():
    # Step 3 of the example: E = 0.639, 0.432, 0.303 against the three opponents.
    me = Rating(1500, 200)
    assert [round(expected(me, o), 3) for o in (Rating(1400, 30), Rating(1550, 100), Rating(1700, 300))] \
        == [0.639, 0.432, 0.303]


def test_unrated_defaults():
    assert Rating() == Rating(1500.0, 350.0, 0.06)


def test_empty_period_grows_deviation_only():
    # Step 6 alone: a player who sits the period out keeps rating and volatility.
    before = Rating(1600, 80, 0.06)
    after = update(before, [])
    assert after.rating == before.rating and after.volatility == before.volatility
    assert after.deviation == pytest.approx(math.hypot(80 / 173.7178, 0.06) * 173.7178)


def test_rating_is_frozen():
    with pytest.raises(AttributeError):
        Rating().rating = 1600


@pytest.mark.parametrize("bad", [dict(deviation=0), dict(deviation=-5), dict(volatility=0)])
def test_rating_refuses_nonpositive_deviation_or_volatility(bad):
    with pytest.raises(ValueError):
        Rating(**bad)


def test_score_outside_zero_one_is_refused():
    with pytest.raises(ValueError, match="score"):
        update(Rating(), [(Rating(), 2)])


@settings(max_examples=300, deadline=None)
@given(players, results_lists)
def test_games_never_add_uncertainty(player, results):
    # Games shrink the deviation below what the period alone (at the new volatility)
    # would leave: playing never makes the rating less certain than sitting out.
    after = update(player, results)
    sat_out = update(Rating(player.rating, player.deviation, after.volatility), [])
    assert after.deviation <= sat_out.deviation + 1e-9


@settings(max_examples=300, deadline=None)
@given(players, players)
def test_a_win_never_lowers_a_loss_never_raises(player, opponent):
    assert update(player, [(opponent, 1)]).rating > player.rating
    assert update(player, [(opponent, 0)]).rating < player.rating


@settings(max_examples=300, deadline=None)
@given(players, results_lists, st.data())
def test_turning_a_loss_into_a_win_never_lowers_the_rating(player, results, data):
    # (Adding a game is not monotone: a loss to a far stronger opponent costs almost
    # nothing yet shrinks the deviation, so it can nudge a falling rating up a hair.
    # Changing one game's score, the games held fixed, is.)
    i = data.draw(st.integers(0, len(results) - 1))
    opponent, _ = results[i]
    lost = results[:i] + [(opponent, 0.0)] + results[i + 1:]
    drew = results[:i] + [(opponent, 0.5)] + results[i + 1:]
    won = results[:i] + [(opponent, 1.0)] + results[i + 1:]
    assert update(player, lost).rating <= update(player, drew).rating <= update(player, won).rating


@settings(max_examples=200, deadline=None)
@given(players, results_lists, st.randoms(use_true_random=False))
def test_order_of_results_in_a_period_does_not_matter(player, results, rng):
    shuffled = list(results)
    rng.shuffle(shuffled)
    a, b = update(player, results), update(player, shuffled)
    assert a.rating == pytest.approx(b.rating) and a.deviation == pytest.approx(b.deviation)
    assert a.volatility == pytest.approx(b.volatility)


@settings(max_examples=300, deadline=None)
@given(players, players)
def test_expected_score_is_a_probability_rising_with_the_gap(player, opponent):
    e = expected(player, opponent)
    assert 0.0 < e < 1.0
    stronger = Rating(player.rating + 100, player.deviation, player.volatility)
    assert expected(stronger, opponent) > e
    # Between equally uncertain players the two expectations share one point.
    mirror = Rating(opponent.rating, player.deviation, opponent.volatility)
    assert expected(player, mirror) + expected(mirror, player) == pytest.approx(1.0)


@settings(max_examples=200, deadline=None)
@given(players, results_lists)
def test_ratings_stay_finite_and_positive(player, results):
    after = update(player, results)
    assert math.isfinite(after.rating) and after.deviation > 0 and after.volatility > 0


def test_many_wins_against_a_fixed_opponent_converge_above_it():
    me, rival = Rating(), Rating(1500, 50)
    for _ in range(30):
        me = update(me, [(rival, 1), (rival, 1), (rival, 0)])
    # Two of three won: the rating settles about 120 points above (expected 2/3).
    assert expected(me, rival) == pytest.approx(2 / 3, abs=0.06)
