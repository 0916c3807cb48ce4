"""The simulator: reproducible whatever the workers, streamed, exported, summed up."""

import concurrent.futures
import csv
import io
import json
import math

import pytest

from conftest import require  # a missing package skips, or fails when CI is set

from tenpennies.play.simulate import (
    MatchResult, RoundResult, match_seed, simulate, summarize, write_csv, write_json,
)

LINEUP = ["thumb", "random", "strong", "thumb"]


@pytest.fixture(scope="module")
def one_worker():
    return list(simulate(LINEUP, matches=6, seed=42, workers=1))


def test_same_seed_same_results_with_one_and_two_workers(one_worker):
    two = list(simulate(LINEUP, matches=6, seed=42, workers=2, chunk=1))
    assert two == one_worker
    assert [r.index for r in two] == list(range(6))


def test_match_results_depend_only_on_seed_and_index(one_worker):
    from tenpennies.play.simulate import play_one

    assert play_one(LINEUP, 42, 4) == one_worker[4]
    assert len({r.seed for r in one_worker}) == 6
    assert one_worker[0].seed == match_seed(42, 0)
    assert list(simulate(LINEUP, matches=2, seed=43, workers=1)) != one_worker[:2]


class _Inline(concurrent.futures.Executor):
    """An executor that runs each task when submitted, and counts them."""

    def __init__(self):
        self.submitted = 0

    def submit(self, fn, *args, **kwargs):
        self.submitted += 1
        future = concurrent.futures.Future()
        future.set_result(fn(*args, **kwargs))
        return future


def test_any_executor_plugs_in_and_work_is_streamed(one_worker):
    executor = _Inline()
    stream = simulate(LINEUP, matches=1000, seed=42, executor=executor, workers=2, chunk=1)
    assert executor.submitted == 0  # nothing runs before the first result is asked for
    first = next(stream)
    assert first == one_worker[0]
    # Only a bounded window of chunks is in flight, not all 1000 matches.
    assert executor.submitted <= 5
    stream.close()


def test_dask_local_cluster_gives_the_same_results(one_worker):
    distributed = require("distributed")
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address=None) as client:
        results = list(simulate(LINEUP, matches=3, seed=42, executor=client.get_executor()))
    assert results == one_worker[:3]


def test_results_are_small_frozen_records(one_worker):
    r = one_worker[0]
    assert isinstance(r, MatchResult) and len(r.rounds) == 7
    with pytest.raises(AttributeError):
        r.scores = (0, 0, 0, 0)
    assert r.scores == tuple(sum(x.points[s] for x in r.rounds) for s in range(4))
    for rnd in r.rounds:
        assert rnd.how in ("out", "turn cap", "no draw")
        assert (rnd.went_out is None) == (rnd.how != "out")
        if rnd.went_out is not None:
            assert rnd.points[rnd.went_out] == 0
    assert all(0 <= t <= 10 for t in r.tokens_spent)


def test_csv_per_match_and_per_round(one_worker):
    per_match, per_round = io.StringIO(), io.StringIO()
    passed = list(write_csv(write_csv(iter(one_worker), per_match), per_round, per="round"))
    assert passed == one_worker
    rows = list(csv.DictReader(io.StringIO(per_match.getvalue())))
    assert len(rows) == 6 * 4
    assert [int(x["points"]) for x in rows[:4]] == list(one_worker[0].scores)
    rounds = list(csv.DictReader(io.StringIO(per_round.getvalue())))
    assert len(rounds) == 6 * 7 * 4
    assert sum(int(x["points"]) for x in rounds if x["match"] == "0") == sum(one_worker[0].scores)
    assert {x["how"] for x in rounds} <= {"out", "turn cap", "no draw"}
    with pytest.raises(ValueError, match="per is 'match' or 'round'"):
        write_csv([], io.StringIO(), per="seat")


def test_json_export_round_trips(one_worker, tmp_path):
    path = tmp_path / "results.json"
    list(write_json(iter(one_worker), path))
    data = json.loads(path.read_text())
    assert [m["match"] for m in data] == list(range(6))
    assert data[1]["scores"] == list(one_worker[1].scores)
    assert data[1]["rounds"][0]["how"] == one_worker[1].rounds[0].how
    empty = io.StringIO()
    list(write_json([], empty))
    assert json.loads(empty.getvalue()) == []


def _result(index, scores, bots=("a", "b", "a", "b")):
    rounds = (RoundResult(1, "out", scores.index(0) if 0 in scores else None, tuple(scores), 10, (0, 1, 0, 0)),)
    low = min(scores)
    return MatchResult(index, index, bots, rounds, tuple(scores), tuple(i for i, s in enumerate(scores) if s == low))


def test_t19_a_tie_shares_the_win():
    r = _result(0, [0, 0, 30, 40])
    assert r.win_share(0) == r.win_share(1) == 0.5 and r.win_share(2) == 0


def test_summary_means_intervals_and_paired_differences():
    results = [_result(0, [0, 10, 20, 30]), _result(1, [10, 0, 30, 50]), _result(2, [0, 20, 0, 60])]
    s = summarize(results)
    assert s.matches == 3 and s.bots == ("a", "b")
    a = s.stats["a"].points_per_match
    assert a.mean == pytest.approx((10 + 20 + 0) / 3)
    sd = math.sqrt(sum((x - a.mean) ** 2 for x in (10, 20, 0)) / 2)
    # Three matches: Student's t with 2 degrees of freedom (4.303), not the normal 1.96.
    assert a.high - a.mean == pytest.approx(4.302652729911275 * sd / math.sqrt(3))
    assert a.method == "t" and s.stats["a"].win_share.method == "wilson"
    d = s.difference("a", "b")
    assert d.mean == pytest.approx(((10 - 20) + (20 - 25) + (0 - 40)) / 3)
    assert s.difference("b", "a").mean == pytest.approx(-d.mean)
    # Win shares per seat: a won matches 0 and 2 (a tie of a's two seats in match 2).
    assert s.stats["a"].win_share.mean == pytest.approx((0.5 + 0 + 0.5) / 3)
    assert s.stats["a"].win_share.mean + s.stats["b"].win_share.mean == pytest.approx(0.5)
    assert "a - b" in str(s)


def test_summary_of_a_real_simulation(one_worker):
    s = summarize(one_worker)
    assert s.bots == ("thumb", "random", "strong")
    assert s.stats["thumb"].seats == 2 and s.stats["random"].seats == 1
    shares = sum(s.stats[b].win_share.mean * s.stats[b].seats for b in s.bots)
    assert shares == pytest.approx(1.0)
    assert s.stats["random"].points_per_round.mean == pytest.approx(s.stats["random"].points_per_match.mean / 7)


def test_plot_draws_bars_with_intervals(one_worker):
    require("matplotlib")
    import matplotlib

    matplotlib.use("Agg")
    ax = summarize(one_worker).plot()
    assert len(ax.patches) == 3


def test_progress_bar_counts_matches():
    # In a fresh interpreter, as a terminal user runs it: tqdm.auto picks its notebook bar
    # for good once any earlier test has made an IPython shell, and that bar does not
    # write its count where a terminal shows it.
    require("tqdm")
    import subprocess
    import sys

    code = "from tenpennies import simulate; list(simulate(['thumb'] * 4, matches=2, seed=1, workers=1, progress=True))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "2/2" in run.stderr


@pytest.mark.parametrize("kwargs, message", [
    (dict(bots=["thumb"] * 3, matches=1), "needs 4 bots"),
    (dict(bots=["thumb", "genius", "thumb", "thumb"], matches=1), "no bot named 'genius'"),
    (dict(bots=["thumb"] * 4, matches=-1), "matches must be"),
    (dict(bots=["thumb"] * 4, matches=1, workers=0), "workers must be at least 1"),
])
def test_bad_requests_fail_at_once(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate(**kwargs)


# -- Ten Card Rummy (C1, C2, C15) -----------------------------------------------------------
from tenpennies.engine.rules import TEN_CARD_RUMMY  # noqa: E402


@pytest.mark.parametrize("players", [5, 7])
def test_c1_c2_ten_card_rummy_simulates_for_any_table(players):
    rules = TEN_CARD_RUMMY.with_players(players)
    bots = (["thumb", "random"] * 4)[:players]
    results = list(simulate(bots, matches=2, seed=3, rules=rules, workers=1))
    assert [r.index for r in results] == [0, 1]
    for r in results:
        assert len(r.rounds) == 11 and len(r.scores) == players == len(r.bots)
        assert r.scores == tuple(sum(x.points[s] for x in r.rounds) for s in range(players))
        assert r.winners == tuple(s for s in range(players) if r.scores[s] == min(r.scores))  # C15
    assert results == list(simulate(bots, matches=2, seed=3, rules=rules, workers=2, chunk=1))
    summary = summarize(results)
    assert summary.bots == ("thumb", "random") and summary.matches == 2


def test_c1_ten_card_rummy_needs_one_bot_per_seat():
    with pytest.raises(ValueError, match="needs 6 bots"):
        simulate(["thumb"] * 4, matches=1, rules=TEN_CARD_RUMMY.with_players(6))


# -- honest intervals: shares stay in [0, 1] ------------------------------------------------
from hypothesis import given, settings, strategies as st  # noqa: E402

from tenpennies.play.simulate import bootstrap_interval, mean_interval, t_quantile, wilson_interval  # noqa: E402


def _share_ok(i):
    return 0 <= i.low <= i.mean <= i.high <= 1


def _shares(s):
    return [s.stats[b].win_share for b in s.bots]


@pytest.mark.parametrize("scores", [
    [[0, 10, 20, 30]] * 8,              # a wins every match: n of n
    [[10, 0, 20, 30]] * 8,              # a never wins: 0 of n
    [[0, 10, 20, 30]],                   # one match: n = 1
    [[0, 0, 0, 0]] * 5,                  # all tie: every seat a quarter of the win
    [[0, 0, 0, 0]],                      # one match, all tied
])
def test_summary_shares_stay_within_0_and_1_in_extreme_cases(scores):
    s = summarize(_result(i, list(row)) for i, row in enumerate(scores))
    for share in _shares(s):
        assert share.method == "wilson" and _share_ok(share), share
        assert share.high > share.low  # never a point: 0 of n is not "certainly 0"


def test_lesson_12s_negative_share_cannot_happen():
    # The table lesson 12 showed: a share of 0.02 with a normal interval reaching below 0.
    share = wilson_interval(0.02, 60)
    assert share.low >= 0 and share.low < 0.02 < share.high
    assert str(wilson_interval(0, 10)) == "0.00 [0.00, 0.28]"   # the textbook 0/10 (Wilson)
    assert str(wilson_interval(0.5, 10)) == "0.50 [0.24, 0.76]"


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=5000), st.data())
def test_wilson_contains_the_share_and_stays_in_0_1(n, data):
    hits = data.draw(st.integers(min_value=0, max_value=n))
    for share in (hits / n, data.draw(st.floats(min_value=0, max_value=1))):
        i = wilson_interval(share, n)
        assert _share_ok(i) and i.n == n


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.sampled_from([0, 10, 25, 40]), min_size=4, max_size=4), min_size=1, max_size=12))
def test_summary_shares_are_honest_for_any_results(rows):
    s = summarize(_result(i, row) for i, row in enumerate(rows))
    for share in _shares(s):
        assert _share_ok(share)
    for bot in s.bots:
        m = s.stats[bot].points_per_match
        assert m.method == "t" and (m.n < 2 or m.low <= m.mean <= m.high)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(min_value=-1e6, max_value=1e6), min_size=2, max_size=40))
def test_mean_interval_contains_the_mean(values):
    i = mean_interval(values)
    assert i.method == "t" and i.low <= i.mean + 1e-6 and i.mean - 1e-6 <= i.high


def test_t_quantiles_match_the_tables():
    # Two-sided 95%: the printed t table (df 1, 2, 5, 10, 30) and the normal limit.
    for df, q in [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042)]:
        assert t_quantile(df) == pytest.approx(q, abs=5e-4)
    assert t_quantile(10**6) == pytest.approx(1.95996, abs=1e-4)


def test_bootstrap_is_seeded_and_brackets_the_mean():
    values = [0, 1, 1, 0, 1, 1, 1, 0]
    a, b = bootstrap_interval(values, seed=3), bootstrap_interval(values, seed=3)
    assert a == b and a.method == "bootstrap" and a.low <= a.mean <= a.high


def test_summary_header_names_the_methods():
    s = summarize([_result(0, [0, 10, 20, 30]), _result(1, [10, 0, 30, 50])])
    assert str(s).splitlines()[0] == "2 matches; 95% confidence intervals: means by t, shares by Wilson; lower points are better"
