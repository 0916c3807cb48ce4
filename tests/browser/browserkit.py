"""The browser tests' kit: chromium's arguments, servers on free ports, canvas pixels.

Used by ``tests/browser/conftest.py`` (its fixtures) and the browser tests. Nothing here
imports playwright; the pages it is given come from the ``browser`` fixture.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_server(port: int, proc: subprocess.Popen, log: Path) -> bool:
    """Wait until ``proc`` serves on ``port``; False if it stopped (its port was taken).

    The port must accept connections AND the server's log must name it: a port picked as
    free can be taken by another process (a kernel's socket) before the server binds it.
    """
    deadline = time.monotonic() + SERVER_START_SECONDS
    address = f"127.0.0.1:{port}/"
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        if address in log.read_text(errors="replace"):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    return True
        time.sleep(0.1)
    raise RuntimeError(f"nothing served on port {port} within {SERVER_START_SECONDS} s:\n{log.read_text()}")


class Server:
    """A Jupyter server process (Voila or JupyterLab) on a free localhost port."""

    ATTEMPTS = 3

    def __init__(self, base: Path, args: list[str], env: dict | None = None):
        env = {**os.environ, **(env or {})}
        for name in ("runtime", "config", "data"):
            d = base / f"jupyter-{name}"
            d.mkdir(parents=True, exist_ok=True)
            env[f"JUPYTER_{name.upper()}_DIR"] = str(d)
        env["IPYTHONDIR"] = str(base / "ipython")
        env.pop("JUPYTER_PLATFORM_DIRS", None)
        self.env = env  # the server's Jupyter directories, for a test to work in them too
        for attempt in range(self.ATTEMPTS):
            # The servers are told not to move to another port (port_retries=0): if this
            # one is taken meanwhile, the server stops and another free port is tried.
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self.log = base / f"server-{attempt}.log"
            self._log_file = self.log.open("wb")
            self.proc = subprocess.Popen(
                [sys.executable, "-m", *[a.format(port=self.port) for a in args]],
                cwd=base, env=env, stdout=self._log_file, stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            try:
                if wait_for_server(self.port, self.proc, self.log):
                    return
            except BaseException:
                self.stop()
                raise
            self.stop()
        raise RuntimeError(f"the server stopped {self.ATTEMPTS} times:\n{self.log.read_text()}")

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


def classroom_args(notebook: Path, *options: str) -> list[str]:
    """The arguments of a classroom server (``python3 dev.py app``) for :class:`Server`.

    One preheated kernel unless the options say otherwise: the pool's path is the one
    served, and each kernel it keeps warm costs a test server a kernel's start-up (the
    browser tests run side by side on two cores)."""
    pool = [] if any(o.startswith("--pool") for o in options) else ["--pool=1"]
    return ["tenpennies.front.classroom", str(notebook), *options, *pool, "--no-browser", "--port={port}",
            "--Voila.port_retries=0", "--Voila.ip=127.0.0.1"]


def rss_mb(pid: int) -> float:
    """A process's resident memory in MB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (a server's kernels)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def kernel_message(frame: bytes) -> dict | None:
    """A kernel message of the v1 websocket protocol as a dict (``channel``, ``header``,
    ``parent_header``, ``metadata``, ``content``, ``buffers``), or None if it is not one."""
    if not isinstance(frame, (bytes, bytearray)) or len(frame) < 8:
        return None
    count = int.from_bytes(frame[:8], "little")
    if count < 6 or 8 * (count + 1) > len(frame):
        return None
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    parts = [bytes(frame[offsets[i]:offsets[i + 1]]) for i in range(count - 1)]
    try:
        msg = {"channel": parts[0].decode()}
        for name, part in zip(("header", "parent_header", "metadata", "content"), parts[1:5]):
            msg[name] = json.loads(part)
    except (UnicodeDecodeError, ValueError):
        return None
    msg["buffers"] = parts[5:]
    return msg


class Frames:
    """Every websocket frame a page receives (``page.on("websocket")``), as bytes."""

    def __init__(self, page):
        self.received: list[bytes] = []
        page.on("websocket", self._socket)

    def _socket(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.received.append(
            payload.encode() if isinstance(payload, str) else bytes(payload)))

    def messages(self) -> list[dict]:
        return [m for m in map(kernel_message, self.received) if m is not None]


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
