"""What every test module shares: the hypothesis profiles, :func:`require`, the
``every_puzzle`` fixture and the quick run's summary.

The optional suites (the widgets, the hidden-information wire test, the parallel and
plotting helpers) need packages from the ``notebooks``/``test`` extras. A test module
asks for each with ``require("ipycanvas")`` instead of ``pytest.importorskip``: on a
developer's machine a missing package skips the module, saying what is missing; with the
environment variable ``CI`` set (``.ci/run`` sets it) it FAILS instead, so CI can never
pass by skipping a suite (as the browser tests do, tests/browser/conftest.py).

How tests are marked (``notebook``, ``slow``; ``browser`` is tests/browser's own
``pytestmark``) and shared out over xdist's workers is in the repository's root
conftest.py, loaded whatever is collected (a notebook alone too).
The quick run (``python3 dev.py test --quick``) leaves out ``slow``, ``browser`` and
``notebook`` and checks a few puzzles of each kind and game (``--puzzle-sample``). A new test file is quick by default: when it
takes seconds, add it (or its slow tests) to the root conftest's ``SLOW``; the quick run's summary names
any test over :data:`QUICK_SECONDS`.
"""

import importlib
import os

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


QUICK_SECONDS = 3.0
"""A test slower than this in a quick run is named at its end, to be added to ``SLOW`` (conftest.py)."""


def pytest_addoption(parser):
    parser.addoption("--puzzle-sample", type=int, default=0, metavar="N",
                     help="check N puzzles spread over each kind and game, not all (0: all; the quick run)")


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
        terminalreporter.write_sep("-", f"quick run: tests over {QUICK_SECONDS:.0f} s (add them to SLOW in conftest.py)")
        for seconds, nodeid in sorted(slow, reverse=True):
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
