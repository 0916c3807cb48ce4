"""What every test module shares: the hypothesis profiles, :func:`require`, the markers of
a quick run, and the ``every_puzzle`` fixture.

The optional suites (the widgets, the hidden-information wire test, the parallel and
plotting helpers) need packages from the ``notebooks``/``test`` extras. A test module
asks for each with ``require("ipycanvas")`` instead of ``pytest.importorskip``: on a
developer's machine a missing package skips the module, saying what is missing; with the
environment variable ``CI`` set (``.ci/run`` sets it) it FAILS instead, so CI can never
pass by skipping a suite (as the browser tests do, tests/browser/conftest.py).

Markers, given here so that no test file has to: nbval's notebook cells are ``notebook``;
tests/browser's are ``browser`` (their own ``pytestmark``); the tests listed in :data:`SLOW`
are ``slow``. Under xdist (dev.py test) :func:`xdist_group` says which tests share a worker, and the
heaviest groups (:data:`HEAVY`) are handed out first.
The quick run (``python3 dev.py test --quick``) leaves out ``slow``, ``browser`` and
``notebook`` and checks a few puzzles of each kind and game (``--puzzle-sample``). A new test file is quick by default: when it
takes seconds, add it (or its slow tests) to :data:`SLOW`; the quick run's summary names
any test over :data:`QUICK_SECONDS`.
"""

import importlib
import os
import re

import pytest
from hypothesis import HealthCheck, settings

from every_puzzle import check_every, spread

# CI is derandomized so a run is reproducible; locally hypothesis explores freely.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def in_ci() -> bool:
    """Is ``CI`` set to something other than empty, 0, false or no?"""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def require(module: str):
    """Import ``module`` and return it; when it cannot be imported, skip (fail under ``CI``).

    Works at module level (skipping or failing the whole module) and inside a test.
    The message names the module and what is missing (the ImportError's own words).
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        missing = getattr(exc, "name", None) or module
        reason = f"{module} cannot be imported ({missing} is missing: {exc})"
    # Outside the except clause, so the report is the reason alone, not a chained traceback.
    if in_ci():
        pytest.fail(f"{reason}; CI is set, so this suite is required: install the test extra "
                    "(pip install -e '.[notebooks,test]')", pytrace=False)
    pytest.skip(f"{reason}; install the test extra to run it", allow_module_level=True)


def eleven_sets_on_the_table():
    """Round 1, eleven sets on the table (seat 0 owns two, so it is down); seat 0 holds a
    joker and JC, and draws KC. The joker fits every set (at most one wild each); JC only
    set 10 (the jacks). For the keyboard's set numbers, on the canvas table and the SVG one."""
    from tenpennies import Position

    sets = ((0, "AS AH AD"), (0, "2S 2H 2D"), (1, "3S 3H 3D"), (1, "4S 4H 4D"), (1, "5S 5H 5D"),
            (2, "6S 6H 6D"), (2, "7S 7H 7D"), (2, "8S 8H 8D"), (3, "9S 9H 9D"), (3, "TS TH TD"),
            (3, "JS JH JD"))
    return Position(round_no=1, hands=("JK JC QS", "QH QD", "KS KH", "KD 4C"), table=sets,
                    discard_pile="3C", stock="KC 5C 6C 7C 8C 9C", dealer=3, active=0, top_discarder=3)


# -- markers and the quick run -----------------------------------------------------------------
SLOW = (
    "tests/test_course.py::test_course_site_links_every_notebook_and_holds_the_pictures",
    "tests/test_cli.py::test_c5_odds_exact_and_estimated_rounds",
    "tests/test_odds.py::test_t13_two_sets_of_4_in_8_cards_equals_enumeration",
    "tests/test_odds.py::test_t13_t14_t15_dealt_probability_equals_enumeration_every_round",
    "tests/test_odds.py::test_t13_simulation_agrees_with_exact_real_deck",
    "tests/test_odds.py::test_dealt_probability_equals_enumeration_for_any_small_rule_set",
    "tests/test_puzzle_kinds_tcr.py::test_c3_c5_discard_chances_are_the_referees",
    "tests/test_puzzle_kinds_tcr.py::test_c9_buy_stands_on_the_referees_chances",
    "tests/test_puzzle_kinds_tcr.py::test_c7_a_shipped_ten_card_rummy_go_out_puzzle_asks_for_its_own_answer_form",
    "tests/test_puzzles.py::test_a_filter_that_matches_nothing_lists_what_exists",
    "tests/test_puzzles.py::test_load_filters_by_kind_tier_and_theme",
    "tests/test_puzzles.py::test_every_shipped_puzzle_is_reachable_or_marked_as_a_what_if_and_every_mark_is_needed",
    "tests/test_puzzles.py::test_c5_ten_card_rummy_puzzles_pose_runs_over_the_top_and_separate_melds",
    "tests/test_solver.py::test_plan_go_out_matches_brute_force",
    "tests/test_solver.py::test_cards_needed_and_outs_match_exhaustive_search_two_cards_away",
    "tests/test_solver.py::test_outs_are_the_completing_cards_when_one_is_needed",
    "tests/test_solver_runs.py::test_the_solver_agrees_with_exhaustive_search_in_every_round",
    "tests/test_buy_judgment.py",
    # 7 December 2026, a whole run's CPU per test (tests/conftest.py HEAVY's run):
    "tests/test_hidden_information.py::test_t20_fifty_matches_at_the_table_send_no_card_the_seat_may_not_see",
    "tests/test_puzzle_session.py::test_play_notebooks_say_to_run_the_widget_cell_and_suggest_only_what_exists",
    "tests/test_widgets_table.py::test_a_rounds_end_offers_the_review_so_far_and_a_later_one_judges_again",
    "tests/test_course.py::test_course_site_says_where_a_widget_would_be_and_hides_nbval_markers",
    "tests/test_luck.py::test_the_expert_loses_less_to_skill_than_a_random_player",
)
"""Node-id prefixes of the tests a quick run leaves out: each took about a second of CPU or more
in a whole run (6 December 2026; measured as CPU, since the machine was shared); a file's path
marks the whole file."""

QUICK_SECONDS = 3.0
"""A test slower than this in a quick run is named at its end, to be added to :data:`SLOW`."""


def pytest_addoption(parser):
    parser.addoption("--puzzle-sample", type=int, default=0, metavar="N",
                     help="check N puzzles spread over each kind and game, not all (0: all; the quick run)")


def pytest_collection_modifyitems(config, items):
    """Mark notebook cells ``notebook`` and the :data:`SLOW` tests ``slow``."""
    for item in items:
        if type(item).__module__.startswith("nbval"):
            item.add_marker(pytest.mark.notebook)
        if item.nodeid.startswith(SLOW):
            item.add_marker(pytest.mark.slow)


PUZZLE_GROUP = re.compile(r"^tests/test_puzzle[a-z_]*\.py::test_\w+\[[a-z-]+-(?:tp|tcr)\]$")
"""The node id of a test over one group of puzzles (``every_puzzle``): such tests share nothing."""


def xdist_group(nodeid: str) -> str:
    """The group of a test under ``--dist loadgroup``: a group runs on one worker.

    Every test file is a group: a notebook's cells share one kernel, a file's tests its
    module-scoped fixtures (a browser test file its own chromium and servers, on free
    ports and fresh directories), computed once rather than on each worker. So two browser
    files can run at once, one per worker: they were one group, and that one worker's
    serial run was the suite's critical path. The classroom site's two files are one group
    (``browser-site``): they share the site's slow build, made once per process. The
    per-puzzle tests are each their own group (any worker may take one)."""
    path = nodeid.split("::")[0]
    if path.startswith("tests/browser/test_site"):
        return "browser-site"
    if PUZZLE_GROUP.match(nodeid):
        return nodeid
    return path


HEAVY = {
    "tests/browser/test_rooms.py": 350,
    "tests/browser/test_table_fits.py": 200,
    "tests/browser/test_classroom_server.py": 170,
    "browser-site": 110,
    "tests/test_puzzles.py": 75,
    "tests/test_hidden_information.py": 60,
    "tests/browser/test_play_table.py": 55,
    "tests/browser/test_notebooks_clean.py": 55,
    "tests/browser/test_personal_puzzles.py": 50,
    "tests/test_puzzle_session.py": 50,
    "tests/test_tournament.py": 40,
    "tests/test_puzzle_cli.py": 40,
}
"""Rough seconds of the slowest groups (one whole run, 7 December 2026, the machine shared:
ceilings, good for ordering only). The scheduler hands out the heaviest group first, so a
long group does not start last and leave one worker running alone at the end; a group not
listed weighs its number of tests (a fraction of a second each)."""


def group_weight(group: str, tests: int) -> float:
    return HEAVY.get(group, 0.3 * tests)


@pytest.hookimpl(optionalhook=True)  # xdist's hook: unknown when xdist is absent or -p no:xdist
def pytest_xdist_make_scheduler(config, log):
    """``--dist loadgroup`` by :func:`xdist_group`, read from the node ids, heaviest group
    first (:func:`group_weight`). (xdist's own loadgroup reads ``xdist_group`` marks by
    renaming node ids, which pytest 9 ignores: its groups were silently lost.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling  # only under xdist, which is then loaded

    class ByGroup(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return xdist_group(nodeid)

        def _assign_work_unit(self, node) -> None:
            # The parent takes the first group of the queue: move the heaviest to the front.
            heaviest = max(self.workqueue, key=lambda g: group_weight(g, len(self.workqueue[g])))
            self.workqueue.move_to_end(heaviest, last=False)
            super()._assign_work_unit(node)

    return ByGroup(config, log)


@pytest.fixture
def every_puzzle(request):
    """``every_puzzle(items, check)``: run ``check`` on each item (every one, or under
    ``--puzzle-sample N`` N spread over them) and fail once, naming each failing item
    (tests/every_puzzle.py). The number checked is kept with the test's report, and the
    run's summary adds them up."""
    n = request.config.getoption("puzzle_sample")

    def run(items, check, name=lambda p: p.id):
        chosen = spread(list(items), n)
        request.node.user_properties.append(("puzzle_checks", len(chosen)))
        return check_every(chosen, check, name)

    return run


def pytest_terminal_summary(terminalreporter, config):
    checked = tests = 0
    slow = []
    for reports in terminalreporter.stats.values():
        for report in reports:
            if getattr(report, "when", None) != "call":
                continue
            n = sum(v for k, v in getattr(report, "user_properties", ()) if k == "puzzle_checks")
            if n:
                checked, tests = checked + n, tests + 1
            if config.getoption("puzzle_sample") and report.duration > QUICK_SECONDS:
                slow.append((report.duration, report.nodeid))
    if tests:
        terminalreporter.write_line(f"puzzle checks: {checked} in {tests} tests (one per check, kind and game)")
    if slow:
        terminalreporter.write_sep("-", f"quick run: tests over {QUICK_SECONDS:.0f} s (add them to SLOW in tests/conftest.py)")
        for seconds, nodeid in sorted(slow, reverse=True):
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
