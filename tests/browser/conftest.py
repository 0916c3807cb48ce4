"""What the real-browser tests share: chromium, a Voila server, JupyterLab, canvas pixels.

The browser tests drive Debian's chromium through playwright. On a developer's machine
without chromium (or without playwright) they are skipped, saying why; when the
environment variable ``CI`` is set they fail instead, so CI can never pass by skipping
them. Every server gets a free localhost port and fresh runtime, config and data
directories, and is waited on at its TCP port (a ``GET /`` would run a notebook).

The click-to-redraw latencies the tests measure are printed at the end of the session
(whatever ``-s`` says) and written to ``benchmarks/out/browser_latency.txt``.
"""

from __future__ import annotations

import os
import shutil
import statistics
from pathlib import Path

import pytest

from .browserkit import CHROMIUM, CHROMIUM_ARGS, LATENCIES, LATENCY_FILE, ROOT, Server, classroom_args


def _unavailable(reason: str):
    if os.environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        pytest.fail(f"{reason}; CI is set, so the browser tests are required (see .ci/run)")
    pytest.skip(f"{reason}; install Debian's chromium to run the browser tests")


# Module-scoped: playwright's sync API runs an asyncio loop in this thread while it is
# open, and other tests (asyncio.run) need it closed once the browser tests are done.
@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        _unavailable(f"no chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("the playwright package is not installed (it comes with the test extra)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def notebook_dir(tmp_path_factory) -> Path:
    """A fresh directory of notebooks to serve: tests add theirs, play.ipynb is copied in."""
    d = tmp_path_factory.mktemp("served")
    play = ROOT / "notebooks" / "play.ipynb"
    if play.exists():
        shutil.copy(play, d / "play.ipynb")
    return d


@pytest.fixture(scope="module")
def voila(notebook_dir, tmp_path_factory):
    """A practice server (``python3 dev.py app --practice``: ``?seed=`` chooses the deal)
    serving ``notebook_dir``, the code hidden."""
    base = tmp_path_factory.mktemp("voila")
    # Every page of the test browser comes from one address, and a module opens more pages than
    # a student may hold (--seats-per-address, 4 by default): the limit is tested on its own.
    server = Server(base, classroom_args(notebook_dir, "--practice", "--seats-per-address=0"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def jupyterlab(notebook_dir, tmp_path_factory):
    """JupyterLab on ``notebook_dir``, no token, fresh workspace and settings directories."""
    base = tmp_path_factory.mktemp("lab")
    server = Server(base, [
        "jupyter", "lab", "--no-browser", "--allow-root", "--port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=", f"--ServerApp.root_dir={notebook_dir}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}", f"--LabApp.user_settings_dir={base / 'settings'}",
        # The test waits on the notebook's sessionContext, which needs the app object.
        "--LabApp.expose_app_in_browser=True",
    ])
    yield server
    server.stop()


def pytest_terminal_summary(terminalreporter):
    if not LATENCIES:
        return
    median = statistics.median(LATENCIES)
    line = (f"browser click-to-redraw latency: median {median:.1f} ms over {len(LATENCIES)} clicks "
            f"(min {min(LATENCIES):.1f}, max {max(LATENCIES):.1f})")
    terminalreporter.write_sep("-", "browser timings")
    terminalreporter.write_line(line)
    LATENCY_FILE.parent.mkdir(parents=True, exist_ok=True)
    LATENCY_FILE.write_text(line + "\n" + "\n".join(f"{ms:.1f}" for ms in LATENCIES) + "\n")
    terminalreporter.write_line(f"(written to {LATENCY_FILE.relative_to(ROOT)})")
