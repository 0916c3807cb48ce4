"""How the whole suite is marked and shared out, wherever its tests are collected from.

These hooks live at the repository's root, not in tests/conftest.py, because pytest loads a
conftest only for the folders it collects: a run of notebooks alone
(``python3 dev.py test -n 2 notebooks/03_*.ipynb notebooks/04_*.ipynb``) collected no file
under tests/, so it had none of the groups below, and the two notebooks ran as one unit on
one worker.

- :func:`pytest_collection_modifyitems` marks nbval's notebook cells ``notebook`` and the
  :data:`SLOW` tests ``slow`` (tests/browser's are ``browser``, their own ``pytestmark``).
- Under xdist (``dev.py test``), :func:`xdist_group` says which tests share a worker, and
  the heaviest groups (:data:`HEAVY`) are handed out first.

What the tests themselves share (the hypothesis profiles, ``require``, the ``every_puzzle``
fixture) is in tests/conftest.py.
"""

import re

import pytest

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
    # 7 December 2026, a whole run's CPU per test (HEAVY's run, below):
    "tests/test_hidden_information.py::test_t20_fifty_matches_at_the_table_send_no_card_the_seat_may_not_see",
    "tests/test_puzzle_session.py::test_play_notebooks_say_to_run_the_widget_cell_and_suggest_only_what_exists",
    "tests/test_widgets_table.py::test_a_rounds_end_offers_the_review_so_far_and_a_later_one_judges_again",
    "tests/test_course.py::test_course_site_says_where_a_widget_would_be_and_hides_nbval_markers",
    "tests/test_luck.py::test_the_expert_loses_less_to_skill_than_a_random_player",
    "tests/test_luck.py::test_the_expert_loses_less_to_skill_than_the_thumb_bot_over_whole_matches",
)
"""Node-id prefixes of the tests a quick run leaves out: each took about a second of CPU or more
in a whole run (6 December 2026; measured as CPU, since the machine was shared); a file's path
marks the whole file."""

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
    "tests/test_luck.py": 70,  # (with the whole-match skill test, measured alone)
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


