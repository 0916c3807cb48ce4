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

import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("TENPENNIES_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
LATENCY_FILE = ROOT / "benchmarks" / "out" / "browser_latency.txt"
SERVER_START_SECONDS = 60

# Click-to-redraw latencies in milliseconds, gathered over the session.
LATENCIES: list[float] = []


def _unavailable(reason: str):
    if os.environ.get("CI"):
        pytest.fail(f"{reason}; CI is set, so the browser tests are required (see .ci/run)")
    pytest.skip(f"{reason}; install Debian's chromium to run the browser tests")


@pytest.fixture(scope="session")
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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped (exit {proc.returncode}):\n{log.read_text()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listened on port {port} within {SERVER_START_SECONDS} s:\n{log.read_text()}")


class Server:
    """A Jupyter server process (Voila or JupyterLab) on a free localhost port."""

    def __init__(self, base: Path, args: list[str]):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        for name in ("runtime", "config", "data"):
            d = base / f"jupyter-{name}"
            d.mkdir(parents=True, exist_ok=True)
            env[f"JUPYTER_{name.upper()}_DIR"] = str(d)
        env["IPYTHONDIR"] = str(base / "ipython")
        env.pop("JUPYTER_PLATFORM_DIRS", None)
        self.log = base / "server.log"
        self._log_file = self.log.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", *[a.format(port=self.port) for a in args]],
            cwd=base, env=env, stdout=self._log_file, stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            wait_for_port(self.port, self.proc, self.log)
        except BaseException:
            self.stop()
            raise

    def stop(self) -> None:
        if self.proc.poll() is None:
            # The server's kernels are its children: end the whole process group we made.
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self._log_file.close()


@pytest.fixture(scope="session")
def notebook_dir(tmp_path_factory) -> Path:
    """A fresh directory of notebooks to serve: tests add theirs, play.ipynb is copied in."""
    d = tmp_path_factory.mktemp("served")
    play = ROOT / "notebooks" / "play.ipynb"
    if play.exists():
        shutil.copy(play, d / "play.ipynb")
    return d


@pytest.fixture(scope="session")
def voila(notebook_dir, tmp_path_factory):
    """Voila serving ``notebook_dir`` with the code hidden, as ``python3 dev.py app`` does."""
    base = tmp_path_factory.mktemp("voila")
    server = Server(base, [
        "voila", "--no-browser", "--port={port}", "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True", str(notebook_dir),
    ])
    yield server
    server.stop()


def write_notebook(path: Path, *sources: str) -> Path:
    """A notebook of code cells, without outputs, for a test to serve."""
    cells = [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
              "source": s} for s in sources]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                        "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb, indent=1))
    return path


# JavaScript run in the page. A canvas's picture is summarised by a hash of its pixels
# (getImageData); a click's latency is measured in the page, from the pointer press
# (recorded by a capturing listener) to the first animation frame whose pixels differ.
PAGE_KIT = """
() => {
  if (window.__tp) return;
  const hashCanvases = (root) => {
    let h = 2166136261 >>> 0;
    for (const c of (root || document).querySelectorAll('canvas')) {
      if (!c.width || !c.height) continue;
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const words = new Uint32Array(data.buffer);
      for (let i = 0; i < words.length; i++) { h = Math.imul(h ^ words[i], 16777619) >>> 0; }
      h = Math.imul(h ^ c.width, 16777619) >>> 0;
    }
    return h;
  };
  window.__tp = {lastPress: null, hashCanvases};
  document.addEventListener('pointerdown', () => { window.__tp.lastPress = performance.now(); }, true);
  window.__tp.waitChange = (before, timeoutMs) => new Promise((resolve) => {
    const start = performance.now();
    const tick = () => {
      const now = performance.now();
      if (hashCanvases() !== before) {
        resolve({changed: true, ms: now - (window.__tp.lastPress ?? start)});
      } else if (now - start > timeoutMs) {
        resolve({changed: false, ms: null});
      } else {
        requestAnimationFrame(tick);
      }
    };
    requestAnimationFrame(tick);
  });
}
"""


class TablePage:
    """A page holding one live table: pixels, clicks with their redraw latency, text."""

    def __init__(self, page):
        self.page = page
        page.evaluate(PAGE_KIT)

    def pixels(self) -> int:
        return self.page.evaluate("() => window.__tp.hashCanvases()")

    def click_and_wait_redraw(self, x: float, y: float, timeout_ms: int = 15000) -> float:
        """Click at page coordinates; return the milliseconds until the canvas changed."""
        before = self.pixels()
        self.page.evaluate("() => { window.__tp.lastPress = null; }")
        self.page.mouse.click(x, y)
        result = self.page.evaluate(f"() => window.__tp.waitChange({before}, {timeout_ms})")
        assert result["changed"], f"the canvas did not change within {timeout_ms} ms of a click at ({x}, {y})"
        LATENCIES.append(result["ms"])
        return result["ms"]

    def wait_until_canvas_drawn(self, timeout_ms: int = 30000) -> None:
        """Wait until some canvas in the page has a pixel that is not transparent."""
        self.page.wait_for_function(
            """() => [...document.querySelectorAll('canvas')].some(c => {
                 if (!c.width || !c.height) return false;
                 const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
                 for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return true; }
                 return false; })""",
            timeout=timeout_ms,
        )


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


@pytest.fixture(scope="session")
def jupyterlab(notebook_dir, tmp_path_factory):
    """JupyterLab on ``notebook_dir``, no token, fresh workspace and settings directories."""
    base = tmp_path_factory.mktemp("lab")
    server = Server(base, [
        "jupyter", "lab", "--no-browser", "--allow-root", "--port={port}", "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=", f"--ServerApp.root_dir={notebook_dir}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}", f"--LabApp.user_settings_dir={base / 'settings'}",
        # The test waits on the notebook's sessionContext, which needs the app object.
        "--LabApp.expose_app_in_browser=True",
    ])
    yield server
    server.stop()


def open_in_lab_and_run(page, server: Server, name: str, timeout_ms: int = 90000) -> None:
    """Open notebook ``name`` in JupyterLab, wait for its kernel session, run all cells."""
    page.goto(f"{server.url}/lab/tree/{name}")
    page.wait_for_function(
        """(name) => window.jupyterapp && window.jupyterapp.shell.currentWidget
              && window.jupyterapp.shell.currentWidget.context
              && window.jupyterapp.shell.currentWidget.context.path.endsWith(name)""",
        arg=name, timeout=timeout_ms,
    )
    page.evaluate(
        """async () => {
             const panel = window.jupyterapp.shell.currentWidget;
             await panel.sessionContext.ready;
             await window.jupyterapp.commands.execute('notebook:run-all-cells');
           }""",
    )
