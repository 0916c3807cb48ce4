"""A classroom at once: N tabs (30 by default) open the classroom server's table together.

    python benchmarks/classroom.py              # 30 tabs; --tabs 10 for a quicker look

Starts the classroom server (``python -m tenpennies.front.classroom``, as ``python3 dev.py app``
does) and Debian's chromium (through playwright), opens every tab at the same moment,
and prints:

- the seconds from each tab's request to a *playable* table (the canvas drawn and one of
  Buy, Pass or Discard enabled: the bots have played up to the person's first decision);
- each kernel's resident memory (RSS, from /proc) once every table is playable, and the
  server's, before and after;
- how many different deals the tabs got, read from each page (the cards face up on its
  table: the tab's own hand and the top discard, from the canvas's draw commands),
  since no seed is shown;
- what one kernel's memory is made of: a fresh Python, then the kernel's imports added
  one at a time (``ipykernel``, ``ipywidgets``, ``numpy``, ``PIL``, ``ipycanvas``, the kit).

The goal is under 80 MB a kernel.

    python benchmarks/classroom.py --rooms 8    # 8 rooms of 4 students: 32 tabs playing at once

With ``--rooms R`` the server serves rooms (``--rooms``, as ``python3 dev.py app --rooms``):
R rooms of four student seats are opened and every seat joined (through the room
service's calls), then every seat's page is opened at once and its students play for
``--seconds`` (90): each page presses Pass (the stock's draw) whenever it is its decision,
and the room's bot plays the rest when the turn timer (3 s) runs out. It prints the time
to a playable table (the canvas drawn and the whose-turn line shown), each move's round
trip (the press to the page's table redrawn with the move: the kernel, the room service
and back; median and 95th percentile, goal under 300 ms), RSS per kernel and the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tests.browser.browserkit import (  # noqa: E402
    CHROMIUM, CHROMIUM_ARGS, Server, children, classroom_args, kernel_message, rss_mb,
)
from tenpennies.engine.cards import SUIT_SYMBOLS  # noqa: E402

PLAYABLE = """() => {
  const drawn = [...document.querySelectorAll('canvas')].some(c => {
    if (!c.width || !c.height) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return true; }
    return false; });
  return drawn && [...document.querySelectorAll('button')].some(
    b => ['Buy', 'Pass', 'Discard'].includes(b.innerText.trim()) && !b.disabled);
}"""

TIMEOUT_MS = 300_000

IMPORT_STEPS = ["ipykernel.kernelapp", "ipywidgets", "numpy", "PIL.Image", "ipycanvas",
                "tenpennies", "tenpennies.widgets.page", "tenpennies.widgets.table"]
IMPORTS = """
import importlib, sys
def rss():
    for line in open('/proc/self/status'):
        if line.startswith('VmRSS'):
            return int(line.split()[1]) / 1024
print('a fresh Python', rss())
for name in sys.argv[1:]:
    importlib.import_module(name)
    print('+ ' + name, rss())
"""


def face_up(frames: list[bytes]) -> tuple[str, ...]:
    """The cards face up in the last full drawing of a tab's table (rank then suit texts)."""
    from test_hidden_information import canvas_texts

    suits = set(SUIT_SYMBOLS.values())
    last: list[str] = []
    for msg in filter(None, map(kernel_message, frames)):
        data = msg["content"].get("data") or {}
        if msg["header"].get("msg_type") == "comm_msg" and data.get("method") == "custom" and msg["buffers"]:
            try:
                texts = canvas_texts(json.loads(msg["buffers"][0]))
            except ValueError:
                continue
            if sum(t in suits for t in texts) > len(last) // 4:
                last = texts  # a whole table (the person's hand at least), not a highlight
    return tuple(sorted(a + b for a, b in zip(last, last[1:]) if b in suits and a not in suits))


async def one_tab(browser, url: str):
    """Open a tab; the seconds until its table is playable, its face-up cards, the page."""
    # One browser for every tab: it holds at most 6 connections to a host and each page's
    # HTML streams while its notebook runs, so later tabs queue behind earlier ones (a
    # context per tab was tried: 30 contexts loading the page's scripts each overwhelmed
    # this 2-core machine, and fewer tabs became playable).
    page = await browser.new_page(viewport={"width": 1100, "height": 1100})
    frames: list[bytes] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(
        p.encode() if isinstance(p, str) else bytes(p))))
    start = time.monotonic()
    try:
        await page.goto(url, timeout=TIMEOUT_MS)
        await page.wait_for_function(PLAYABLE, timeout=TIMEOUT_MS, polling=200)
    except Exception as exc:  # a tab that never became playable is counted, not fatal
        buttons = await page.evaluate("() => [...document.querySelectorAll('button')].map("
                                      "b => b.innerText.trim() + (b.disabled ? '(off)' : '')).join(' ')")
        print(f"a tab was not playable after {time.monotonic() - start:.0f} s ({type(exc).__name__}); "
              f"its buttons: {buttons[:200]}", flush=True)
        return None, (), page
    seconds = time.monotonic() - start
    return seconds, face_up(frames), page


ROOM_PLAYABLE = """() => !!document.querySelector('.tenpennies-turn') && [...document.querySelectorAll('canvas')]
  .some(c => { if (!c.width || !c.height) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return true; } return false; })"""
# One move: press Pass when it is the seat's decision; the milliseconds from the press to
# the first animation frame whose canvas differs (the move drawn), or null if not now.
ROOM_MOVE = """async () => {
  const turn = document.querySelector('.tenpennies-turn');
  const pass = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'Pass');
  if (!turn || !turn.innerText.startsWith('Your decision') || !pass || pass.disabled) return null;
  const hash = () => { let h = 2166136261 >>> 0;
    for (const c of document.querySelectorAll('canvas')) { if (!c.width || !c.height) continue;
      const w = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
      for (let i = 0; i < w.length; i += 7) h = Math.imul(h ^ w[i], 16777619) >>> 0; }
    return h; };
  const before = hash(), start = performance.now();
  pass.click();
  return await new Promise(resolve => { const tick = () => {
    if (hash() !== before) return resolve(performance.now() - start);
    if (performance.now() - start > 20000) return resolve(-1);
    requestAnimationFrame(tick); }; requestAnimationFrame(tick); });
}"""


def _teacher(server, key: str, path: str, body: dict | None = None) -> dict:
    import urllib.request

    request = urllib.request.Request(f"{server.url}/rooms/api/{path}?key={key}",
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


async def one_seat(browser, url: str, seconds: float):
    """Open a seat's page; the seconds to playable, and each of its moves' round trips (ms)."""
    page = await browser.new_page(viewport={"width": 1300, "height": 1000})
    start = time.monotonic()
    try:
        await page.goto(url, timeout=TIMEOUT_MS)
        await page.wait_for_function(ROOM_PLAYABLE, timeout=TIMEOUT_MS, polling=200)
    except Exception as exc:
        print(f"a seat's page was not playable after {time.monotonic() - start:.0f} s ({type(exc).__name__})",
              flush=True)
        return None, [], page
    playable = time.monotonic() - start
    trips: list[float] = []
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        ms = await page.evaluate(ROOM_MOVE)
        if ms is not None and ms >= 0:
            trips.append(ms)
        await asyncio.sleep(0.1)
    return playable, trips, page


def rooms_benchmark(count: int, seconds: float) -> None:
    import re

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "class.sqlite"
        server = Server(Path(tmp), classroom_args(ROOT / "notebooks" / "room.ipynb", "--rooms", "--db", str(db),
                                                  f"--max-players={4 * count + 5}", "--idle-seconds=3600"))
        try:
            key = None
            for _ in range(300):
                found = re.search(r"/rooms/teacher\?key=([A-Za-z0-9_-]+)", server.log.read_text(errors="replace"))
                if found:
                    key = found.group(1)
                    break
                time.sleep(0.1)
            server_before = rss_mb(server.proc.pid)
            urls = []
            for _ in range(count):
                code = _teacher(server, key, "open", {"game": "pennies", "students": 4, "turn_seconds": 3})["code"]
                for name in ("Ann", "Ben", "Cleo", "Dev"):
                    token = _teacher(server, key, f"{code}/join", {"name": name})["token"]
                    urls.append(f"{server.url}/?code={code}&token={token}")
            start = time.monotonic()

            async def run():
                from playwright.async_api import async_playwright

                async with async_playwright() as p:
                    browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                    results = await asyncio.gather(*(one_seat(browser, url, seconds) for url in urls))
                    kernels = [rss_mb(pid) for pid in children(server.proc.pid)]
                    server_after = rss_mb(server.proc.pid)
                    await browser.close()
                    return results, kernels, server_after

            results, kernels, server_after = asyncio.run(run())
            wall = time.monotonic() - start
            rooms_line = _teacher(server, key, "list")["rooms"]
        finally:
            server.stop()
    playable = sorted(s for s, _, _ in results if s is not None)
    trips = sorted(ms for _, t, _ in results for ms in t)
    cores = Path('/proc/cpuinfo').read_text().count('processor')
    print(f"{count} rooms of 4 students: {len(urls)} tabs opened at once on {cores} cores: "
          f"{len(playable)} playable, the last after {playable[-1] if playable else float('nan'):.1f} s "
          f"(the run took {wall:.0f} s)")
    if playable:
        print(f"time to a playable table: median {statistics.median(playable):.1f} s, "
              f"p95 {playable[max(0, int(0.95 * len(playable)) - 1)]:.1f} s, max {playable[-1]:.1f} s")
    if trips:
        print(f"a move's round trip (press to the table redrawn), {len(trips)} moves: median "
              f"{statistics.median(trips):.0f} ms, p95 {trips[max(0, int(0.95 * len(trips)) - 1)]:.0f} ms "
              f"(goal under 300 ms)")
    print(f"kernels: {len(kernels)}; RSS per kernel: median {statistics.median(kernels):.1f} MB, "
          f"max {max(kernels):.1f} MB (goal: under 80 MB each)")
    print(f"server RSS: {server_before:.1f} MB before, {server_after:.1f} MB with {len(urls)} tabs in {count} rooms")
    print(f"decisions played in the rooms: rounds reached {[r['round'] for r in rooms_line]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=30)
    parser.add_argument("--rooms", type=int, default=0, help="R rooms of 4 students playing at once, instead")
    parser.add_argument("--seconds", type=float, default=90.0, help="how long the rooms' students play (--rooms)")
    args = parser.parse_args()
    if args.rooms:
        rooms_benchmark(args.rooms, args.seconds)
        return

    imports = subprocess.run([sys.executable, "-c", IMPORTS, *IMPORT_STEPS], capture_output=True, text=True,
                             cwd=ROOT, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        # Culling held off: on a machine also running the 30 tabs' browser, a page can take
        # minutes to connect, and a culled kernel is no measurement.
        server = Server(Path(tmp), classroom_args(ROOT / "notebooks" / "play.ipynb",
                                                  f"--max-players={args.tabs + 5}", "--idle-seconds=3600"))
        try:
            server_before = rss_mb(server.proc.pid)
            start = time.monotonic()

            async def run():
                from playwright.async_api import async_playwright

                async with async_playwright() as p:
                    browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                    results = await asyncio.gather(*(one_tab(browser, server.url + "/") for _ in range(args.tabs)))
                    # Measured with every tab still open: every kernel holds its match.
                    kernels = [rss_mb(pid) for pid in children(server.proc.pid)]
                    server_after = rss_mb(server.proc.pid)
                    await browser.close()
                    return results, kernels, server_after

            results, kernels, server_after = asyncio.run(run())
            wall = time.monotonic() - start
        finally:
            server.stop()

    seconds = sorted(s for s, _, _ in results if s is not None)
    deals = [f for s, f, _ in results if s is not None]
    print(f"{args.tabs} tabs opened at once on {Path('/proc/cpuinfo').read_text().count('processor')} cores: "
          f"{len(seconds)} playable, the last after {wall:.1f} s")
    print(f"time to a playable table: median {statistics.median(seconds):.1f} s, "
          f"min {seconds[0]:.1f} s, max {seconds[-1]:.1f} s")
    print(f"kernels: {len(kernels)}; RSS per kernel: median {statistics.median(kernels):.1f} MB, "
          f"min {min(kernels):.1f} MB, max {max(kernels):.1f} MB, total {sum(kernels):.0f} MB (goal: under 80 MB each)")
    print(f"server RSS: {server_before:.1f} MB before, {server_after:.1f} MB with {args.tabs} tabs")
    print(f"different deals: {len(set(deals))} of {len(deals)} tabs "
          f"(face-up cards read per tab: median {statistics.median(len(d) for d in deals):.0f})")
    print("what a kernel's memory is made of (RSS in MB as each import is added):")
    for line in imports.splitlines():
        name, mb = line.rsplit(" ", 1)
        print(f"  {name:<32} {float(mb):6.1f}")


if __name__ == "__main__":
    main()
