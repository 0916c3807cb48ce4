"""The classroom site (tools/site.py) in a real browser, served as static files, offline.

The site is built from this tree into a temporary folder (the downloads are cached under
``build/cache``), served by Python's ``http.server`` on a free loopback port, and opened
in headless chromium. The test starts the Pyodide kernel, runs the start notebook, a
puzzle notebook (and answers the puzzle by clicking) and the play notebook (and makes a
move at the table by clicking), and checks what they show. Every request the browser
makes is recorded; any that is not for the local server fails the test (and is refused).

The times to a ready kernel and to the first card picture drawn by the kernel are printed
at the end of the session and written to ``benchmarks/out/site_times.txt``.

The one change made to the site as served: ``jupyter-lite.json`` gains
``exposeAppInBrowser`` so the test can reach the notebook's kernel session, as the
JupyterLab tests do.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from .browserkit import ROOT
from .conftest import _unavailable

pytestmark = pytest.mark.browser

TIMES_FILE = ROOT / "benchmarks" / "out" / "site_times.txt"
KERNEL_TIMEOUT_MS = 180_000
TIMES: dict[str, float] = {}
REQUESTS = {"made by the browser": 0, "off the local server": 0}


def _build_inputs_reachable() -> str | None:
    """Why the site cannot be built here, or None (npm for Pyodide, the build tools)."""
    if shutil.which("npm") is None and not any((ROOT / "build" / "cache" / "npm").glob("pyodide-*.tgz")):
        return "npm is not installed (the site's Pyodide comes from the npm registry)"
    if not all(importlib.util.find_spec(m) for m in ("jupyterlite_core", "jupyterlite_pyodide_kernel")):
        return "the site's build tools are not installed (pip install -e .[site])"
    return None


_BUILT: dict[str, Path] = {}
"""The site built in this test run: other modules import these fixtures (pytest then
holds one fixture per module), and the slow build must still happen once."""


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    if "site" in _BUILT:
        return _BUILT["site"]
    reason = _build_inputs_reachable()
    if reason:
        _unavailable(reason)
    out = tmp_path_factory.mktemp("site") / "lite"
    log = out.parent / "build.log"
    with log.open("wb") as f:
        done = subprocess.run([sys.executable, str(ROOT / "tools" / "site.py"), str(out)],
                              stdout=f, stderr=subprocess.STDOUT)
    assert done.returncode == 0, f"the site did not build:\n{log.read_text()[-4000:]}"
    TIMES["site size (MB)"] = sum(p.stat().st_size for p in out.rglob("*") if p.is_file()) / 1e6
    _BUILT["site"] = out
    return out


class _Handler(SimpleHTTPRequestHandler):
    served: list[str]

    def log_message(self, *args) -> None:  # keep the test's output quiet
        pass

    def do_GET(self) -> None:
        self.served.append(self.path)
        if self.path.split("?")[0] == "/jupyter-lite.json":
            config = json.loads((Path(self.directory) / "jupyter-lite.json").read_text())
            config["jupyter-config-data"]["exposeAppInBrowser"] = True
            body = json.dumps(config).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


@pytest.fixture(scope="session", autouse=True)
def report_times(request):
    """Print the measured times at the end and write them to benchmarks/out/site_times.txt."""
    yield
    if not TIMES:
        return
    lines = [f"site {name}: {value:.1f}" for name, value in TIMES.items()]
    lines += [f"site requests {name}: {count}" for name, count in REQUESTS.items()]
    TIMES_FILE.parent.mkdir(parents=True, exist_ok=True)
    TIMES_FILE.write_text("\n".join(lines) + "\n")
    plugins = request.config.pluginmanager
    reporter, capture = plugins.get_plugin("terminalreporter"), plugins.get_plugin("capturemanager")
    if reporter is not None and capture is not None:
        with capture.global_and_fixture_disabled():  # shown whatever -s says
            reporter.write_sep("-", "site timings")
            for line in lines:
                reporter.write_line(line)
            reporter.write_line(f"(written to {TIMES_FILE.relative_to(ROOT)})")


@pytest.fixture(scope="session")
def site_server(site):
    """``python -m http.server`` for the site folder, on a free loopback port."""
    served: list[str] = []
    handler = type("Handler", (_Handler,), {"served": served})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    server.url = f"http://127.0.0.1:{server.server_address[1]}"
    server.served = served
    yield server
    server.shutdown()
    server.server_close()


@pytest.fixture
def offline_page(browser, site_server):
    """A page whose every request is recorded; requests off the local server are refused."""
    context = browser.new_context(service_workers="allow")
    requests: list[str] = []
    off_site: list[str] = []

    def route(r):
        url = r.request.url
        requests.append(url)
        if url.startswith(site_server.url + "/") or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            off_site.append(url)
            r.abort()

    context.route("**/*", route)
    context.on("request", lambda req: None if req.url.startswith((site_server.url + "/", "data:", "blob:"))
               else off_site.append(req.url))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    yield page, requests, off_site
    context.close()
    REQUESTS["made by the browser"] += len(requests)
    REQUESTS["off the local server"] += len(set(off_site))  # the route and the listener both record one
    assert not off_site, f"{len(off_site)} requests left the local server: {sorted(set(off_site))[:10]}"
    assert requests, "no request was recorded: the recorder is broken"


OPEN_JS = """(name) => window.jupyterapp && window.jupyterapp.shell.currentWidget
      && window.jupyterapp.shell.currentWidget.context
      && window.jupyterapp.shell.currentWidget.context.path === name"""

DONE_JS = """() => { const p = window.jupyterapp.shell.currentWidget;
    return p.sessionContext.session.kernel.status === 'idle'
      && p.content.widgets.every(c => c.model.type !== 'code' || c.model.executionCount !== null); }"""

OUTPUTS_JS = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = [];
    for (const cell of panel.content.widgets) {
        if (cell.model.type !== 'code') continue;
        cells.push({count: cell.model.executionCount, outputs: cell.model.outputs.toJSON()});
    }
    return cells;
}"""


def wait_for_kernel(page) -> None:
    """Until the notebook's Pyodide kernel is connected, idle and answers a request."""
    page.wait_for_function(
        """() => { const k = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;
                   return k && k.connectionStatus === 'connected' && k.status === 'idle'; }""",
        timeout=KERNEL_TIMEOUT_MS, polling=100)
    page.evaluate("() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.requestKernelInfo()"
                  ".then(() => true)")


def open_and_run(page, base: str, name: str) -> list[dict]:
    """Open notebook ``name`` in the site's JupyterLab, clear its saved outputs, run every
    cell; return the cells. The first notebook opened gives the session's times."""
    started = time.monotonic()
    page.goto(f"{base}/lab/index.html?path={name}")
    page.wait_for_function(OPEN_JS, arg=name, timeout=KERNEL_TIMEOUT_MS)
    wait_for_kernel(page)
    TIMES.setdefault("to a ready kernel (s)", time.monotonic() - started)
    # Cleared first, so any picture seen is drawn by the kernel (JupyterLab shows an SVG
    # output as an image in a .jp-RenderedSVG box).
    page.evaluate("""async () => {
        await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
        window.jupyterapp.commands.execute('notebook:run-all-cells');
    }""")
    if "to the first card picture (s)" not in TIMES:
        page.wait_for_selector(".jp-RenderedSVG", timeout=KERNEL_TIMEOUT_MS)
        TIMES["to the first card picture (s)"] = time.monotonic() - started
    page.wait_for_function(DONE_JS, timeout=KERNEL_TIMEOUT_MS)
    cells = page.evaluate(OUTPUTS_JS)
    errors = [o for c in cells for o in c["outputs"] if o.get("output_type") == "error"]
    assert not errors, f"{name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
    return cells


def _svg_outputs(cells) -> list[str]:
    # A saved notebook may hold a long text as a list of lines.
    return ["".join(o["data"]["image/svg+xml"]) for c in cells for o in c["outputs"]
            if "image/svg+xml" in o.get("data", {})]


def test_the_start_notebook_runs_in_the_site_with_pictures(offline_page, site_server):
    page, requests, _ = offline_page
    cells = open_and_run(page, site_server.url, "00_start_here.ipynb")
    pictures = _svg_outputs(cells)
    # The same pictures, byte for byte, as the notebook saved from JupyterLab (which nbval
    # keeps true): Python in the browser draws exactly what Python on the desktop draws.
    saved = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text())
    saved_cells = [{"outputs": c["outputs"]} for c in saved["cells"] if c["cell_type"] == "code"]
    assert pictures and pictures == _svg_outputs(saved_cells)
    texts = "".join("".join(o.get("text", "")) for c in cells for o in c["outputs"])
    assert "two sets of 3" in texts
    assert any("/static/pyodide/tenpennies-" in u for u in requests), "the kit's wheel was not loaded"


def test_a_puzzle_is_answered_by_clicking(offline_page, site_server, tmp_path):
    page, _, _ = offline_page
    open_and_run(page, site_server.url, "puzzles/play-buy.ipynb")
    widget = page.locator(".jp-OutputArea-output .widget-vbox").first
    buy = widget.locator("button", has_text=re.compile(r"^buy$"))
    buy.wait_for(timeout=60_000)
    buy.click()
    widget.locator("button", has_text=re.compile(r"^Check$")).click()
    # The verdict shown is the engine's, word for word, for the first buy puzzle served to
    # a new learner (the browser's storage is fresh: the one chosen nearest 1500).
    from tenpennies.puzzles import load
    from tenpennies.puzzles.progress import Progress
    from tenpennies.puzzles.session import PuzzleSession, for_game

    # (The notebook's widget serves Ten Pennies unless the learner switches: issue 33.)
    first = PuzzleSession(for_game(load(kind="buy"), "Ten Pennies"), progress=Progress(tmp_path / "new-learner.db"),
                          game="Ten Pennies").puzzle
    expected = str(first.check("buy"))
    page.wait_for_function("(text) => [...document.querySelectorAll('.widget-html')]"
                           ".some(e => e.innerText.trim() === text)", arg=expected, timeout=60_000)


def the_table_waits_for_the_person(page, base: str):
    """Run the site's play notebook until the person must decide; the table's picture."""
    open_and_run(page, base, "play.ipynb")
    picture = page.locator(".jp-OutputArea-output .widget-html svg").first
    picture.wait_for(timeout=60_000)
    # The bots play with a pause: wait until the person must decide (Pass or Discard enabled).
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-OutputArea-output button')]
              .some(b => ['Pass', 'Discard'].includes(b.innerText.trim()) && !b.disabled)""",
        timeout=60_000)
    return picture


def test_a_move_at_the_table_is_made_by_clicking(offline_page, site_server):
    page, _, _ = offline_page
    picture = the_table_waits_for_the_person(page, site_server.url)
    old = picture.evaluate("e => e.outerHTML")
    # A card button of the hand (its label is the card, e.g. "7♠"); selecting it raises it.
    card = page.locator(".jp-OutputArea-output button").filter(has_text=re.compile(r"^((10|[2-9AJQK])[♠♥♦♣]|JK)$")).first
    card.click()
    page.wait_for_function("(old) => { const s = document.querySelector('.jp-OutputArea-output .widget-html svg');"
                           " return s && s.outerHTML !== old; }", arg=old, timeout=30_000)
    # Then a move: pass the offer, or discard the selected card; the log says so.
    offered = page.locator(".jp-OutputArea-output button", has_text=re.compile(r"^Pass$"))
    if offered.is_enabled():
        offered.click()
        words = "You passed."
    else:
        page.locator(".jp-OutputArea-output button", has_text=re.compile(r"^Discard$")).click()
        words = "You discarded"
    page.wait_for_function("(words) => [...document.querySelectorAll('.jp-OutputArea-output .widget-html')]"
                           ".some(e => e.innerText.includes(words))", arg=words, timeout=30_000)


def test_a_move_at_the_table_is_made_by_typing(offline_page, site_server):
    """Keyboard play without a canvas: keys typed into the table's keys box reach the kernel
    one by one ('.' moves along the hand, space selects, a letter presses its move)."""
    page, _, _ = offline_page
    picture = the_table_waits_for_the_person(page, site_server.url)
    keys = page.locator(".jp-OutputArea-output input[placeholder^='keys:']").first
    offered = page.locator(".jp-OutputArea-output button", has_text=re.compile(r"^Pass$"))
    if offered.is_enabled():
        keys.press_sequentially("p")
        words = "You passed."
    else:
        old = picture.evaluate("e => e.outerHTML")
        keys.press_sequentially(". ")  # the second card selected: the picture changes
        page.wait_for_function("(old) => { const s = document.querySelector('.jp-OutputArea-output .widget-html svg');"
                               " return s && s.outerHTML !== old; }", arg=old, timeout=30_000)
        keys.press_sequentially("d")
        words = "You discarded"
    page.wait_for_function("(words) => [...document.querySelectorAll('.jp-OutputArea-output .widget-html')]"
                           ".some(e => e.innerText.includes(words))", arg=words, timeout=30_000)
    assert keys.input_value() in ("p", ". d")  # the keys typed stay in the box, like a command line
