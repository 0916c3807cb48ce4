"""What every test module shares: the hypothesis profiles, and :func:`require`.

The optional suites (the widgets, the hidden-information wire test, the parallel and
plotting helpers) need packages from the ``notebooks``/``test`` extras. A test module
asks for each with ``require("ipycanvas")`` instead of ``pytest.importorskip``: on a
developer's machine a missing package skips the module, saying what is missing; with the
environment variable ``CI`` set (``.ci/run`` sets it) it FAILS instead, so CI can never
pass by skipping a suite (as the browser tests do, tests/browser/conftest.py).
"""

import importlib
import os

import pytest
from hypothesis import HealthCheck, settings

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
