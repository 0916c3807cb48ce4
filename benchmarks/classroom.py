"""A classroom at class size: 30 tabs opening within a minute, then 8 rooms of 4 students playing.

    python benchmarks/classroom.py                       # both parts, about 5 minutes
    python benchmarks/classroom.py --rooms 0             # the 30 tabs only (about 2 minutes)
    python benchmarks/classroom.py --tabs 0 --rooms 8    # the 8 rooms only
    python benchmarks/classroom.py --tabs 10 --within 20 --rooms 2 --seconds 30   # a quick look
    python benchmarks/classroom.py --within 0 --pool 0   # every tab at once, no preheated kernels

Starts the classroom server (``python -m tenpennies.front.classroom``, as ``python3 dev.py app``
does, with its pool of ``--pool`` preheated kernels: the server's default unless given),
waits until its pool is full, then opens the tabs in Debian's chromium (through
playwright), one every ``--within``/``--tabs`` seconds (30 tabs within 60 s by default;
``--within 0``: all at the same moment), and prints:

- the seconds from each tab's request to a *playable* table (the canvas drawn and one of
  Buy, Pass or Discard enabled: the bots have played up to the person's first decision):
  median, 95th percentile (goal under 3 s) and max, and how many came from the pool;
- each kernel's resident memory (RSS, from /proc) once every table is playable, and the
  server's, before and after;
- how many different deals the tabs got, read from each page (the cards face up on its
  table: the tab's own hand and the top discard, from the canvas's draw commands),
  since no seed is shown;
- what one kernel's memory is made of: a fresh Python, then the kernel's imports added
  one at a time (``ipykernel``, ``ipywidgets``, ``numpy``, ``PIL``, ``ipycanvas``, the kit).

The goal is under 80 MB a kernel.

With ``--rooms R`` (8 by default) a second server serves rooms (``--rooms``, as ``python3 dev.py app --rooms``):
R rooms of four student seats are opened and every seat joined (through the room
service's calls), then the seats' pages are opened as the tabs are (one every
``--within``/4R seconds; a browser context per room, as a class has a browser per
student), and once every page is in, all play for ``--seconds`` (60): each page presses
Pass (the stock's draw) whenever it is its decision, and the room's bot plays the rest
when the turn timer (3 s) runs out. It prints the time
to a playable table (the canvas drawn and the whose-turn line shown), each move's round
trip (the press to the page's table redrawn with the move: the kernel, the room service
and back; median and 95th percentile, goal under 300 ms) and the part of it until the
redraw's first websocket frame reached the page (the server and the kernel; the rest is
the one browser of the benchmark drawing every page), RSS per kernel and the server's.
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


async def print_page_end(page) -> None:
    """Print what an unplayable page shows: its buttons and its text's last lines (the log's
    newest and any banner), to see why."""
    try:
        buttons = await page.evaluate("() => [...document.querySelectorAll('button')].map("
                                      "b => b.innerText.trim() + (b.disabled ? '(off)' : '')).join(' ')")
        text = await page.evaluate("() => document.body.innerText")
    except Exception as exc:  # the page itself never loaded
        print(f"  its page could not be read ({type(exc).__name__})", flush=True)
        return
    print(f"  its buttons: {buttons[:200]}", flush=True)
    print("  its page ended:", " | ".join(line for line in text.splitlines() if line.strip())[-600:], flush=True)


async def one_tab(browser, url: str, delay: float = 0.0):
    """Open a tab after ``delay`` seconds; the seconds until its table is playable, its face-up cards, the page."""
    await asyncio.sleep(delay)
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
        print(f"a tab was not playable after {time.monotonic() - start:.0f} s ({type(exc).__name__})", flush=True)
        await print_page_end(page)
        return None, (), page
    seconds = time.monotonic() - start
    return seconds, face_up(frames), page


ROOM_PLAYABLE = """() => !!document.querySelector('.tenpennies-turn') && [...document.querySelectorAll('canvas')]
  .some(c => { if (!c.width || !c.height) return false;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    for (let i = 3; i < d.length; i += 4) { if (d[i] !== 0) return true; } return false; })"""
# Each websocket frame a page receives, [when, bytes]: which part of a move's round trip is
# the server and kernel (the press to the redraw's frame) and which the page drawing it.
HEAR_FRAMES = """(() => { window.__frames = []; const Socket = window.WebSocket;
  window.WebSocket = function (...args) { const ws = new Socket(...args);
    ws.addEventListener('message', e => window.__frames.push([performance.now(),
      (e.data && (e.data.byteLength || e.data.size || e.data.length)) || 0]));
    return ws; };
  window.WebSocket.prototype = Socket.prototype; Object.assign(window.WebSocket, Socket); })()"""
# One move: press Pass when it is the seat's decision; the milliseconds from the press to
# the first animation frame that shows it (the canvas differs: the stock's card drawn; or
# the whose-turn line does: a pass on another's discard changes nothing on the canvas,
# and waiting for the canvas then timed the next seat's move too), or null if not now.
ROOM_MOVE = r"""async () => {
  const turn = document.querySelector('.tenpennies-turn');
  const pass = [...document.querySelectorAll('button')].find(b => b.innerText.trim() === 'Pass');
  if (!turn || !turn.innerText.startsWith('Your decision') || !pass || pass.disabled) return null;
  const hash = () => { let h = 2166136261 >>> 0;
    for (const c of document.querySelectorAll('canvas')) { if (!c.width || !c.height) continue;
      const w = new Uint32Array(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.buffer);
      for (let i = 0; i < w.length; i += 7) h = Math.imul(h ^ w[i], 16777619) >>> 0; }
    return h; };
  const whose = () => turn.innerText.replace(/ \(\d+ s left\)/, '');  // (not the countdown)
  const before = hash(), said = whose(), start = performance.now(), heard = window.__frames.length;
  pass.click();
  return await new Promise(resolve => { const tick = () => {
    if (whose() !== said || hash() !== before) {
      // [press to drawn, press to the first websocket frame over 2 kB after it (the kernel's
      // redraw: the table's draw commands), or -1 if none came before the change showed]
      const big = window.__frames.slice(heard).find(f => f[0] >= start && f[1] > 2000);
      return resolve([performance.now() - start, big ? big[0] - start : -1]); }
    if (performance.now() - start > 20000) return resolve([-1, -1]);
    requestAnimationFrame(tick); }; requestAnimationFrame(tick); });
}"""


def _teacher(server, key: str, path: str, body: dict | None = None) -> dict:
    import urllib.request

    request = urllib.request.Request(f"{server.url}/rooms/api/{path}?key={key}",
                                     data=None if body is None else json.dumps(body).encode())
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.loads(response.read())


async def one_seat(context, url: str, seconds: float, delay: float, everyone: "Everyone"):
    """Open a seat's page in ``context`` after ``delay`` seconds; the seconds to playable, and
    the round trips (ms) of its moves made while every seat was in (for ``seconds`` from then)."""
    await asyncio.sleep(delay)
    page = await context.new_page()
    await page.add_init_script(HEAR_FRAMES)
    start = time.monotonic()
    try:
        await page.goto(url, timeout=TIMEOUT_MS)
        await page.wait_for_function(ROOM_PLAYABLE, timeout=TIMEOUT_MS, polling=200)
    except Exception as exc:
        print(f"a seat's page was not playable after {time.monotonic() - start:.0f} s ({type(exc).__name__})",
              flush=True)
        await print_page_end(page)
        everyone.arrived()
        return None, [], page
    playable = time.monotonic() - start
    everyone.arrived()
    trips: list[float] = []
    # The seat plays from the moment it is playable (its room's bots and timer are running),
    # but only the moves made with every page in count: the class playing at once.
    while not (everyone.all_in.is_set() and time.monotonic() > everyone.when + seconds):
        ms = await page.evaluate(ROOM_MOVE)
        if ms is not None and ms[0] >= 0 and everyone.all_in.is_set():
            trips.append(tuple(ms))
        await asyncio.sleep(0.1)
    return playable, trips, page


class Everyone:
    """Counts the seats' pages in (playable, or given up on); :attr:`all_in` is set with the last."""

    def __init__(self, seats: int) -> None:
        self.waiting, self.all_in, self.when = seats, asyncio.Event(), 0.0

    def arrived(self) -> None:
        self.waiting -= 1
        if self.waiting == 0:
            self.when = time.monotonic()
            self.all_in.set()


def pool_args(pool: int | None) -> list[str]:
    """The server's ``--pool``: always said, since :func:`classroom_args` (the browser tests'
    servers) keeps one preheated kernel unless told, not the server's own default."""
    from tenpennies.front.classroom import DEFAULT_POOL

    return [f"--pool={DEFAULT_POOL if pool is None else pool}"]


def wait_for_pool(server, pool: int | None) -> None:
    """Wait (up to 300 s) until the server's pool of preheated kernels is full, if it keeps one."""
    from tenpennies.front.classroom import DEFAULT_POOL

    if (DEFAULT_POOL if pool is None else pool) <= 0:
        return
    until = time.monotonic() + 300
    while "Kernel pool of" not in server.log.read_text(errors="replace") and time.monotonic() < until:
        time.sleep(0.2)


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]


def rooms_benchmark(count: int, seconds: float, within: float, pool: int | None = None,
                    unopened: int | None = None) -> None:
    import re

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "class.sqlite"
        server = Server(Path(tmp), classroom_args(ROOT / "notebooks" / "room.ipynb", "--rooms", "--db", str(db),
                                                  f"--max-players={4 * count + 5}", "--idle-seconds=3600",
                                                  "--seats-per-address=0",  # (one browser: one address)
                                                  *pool_args(pool),
                                                  *([f"--unopened-seconds={unopened}"] if unopened else [])))
        try:
            key = None
            for _ in range(300):
                found = re.search(r"/rooms/teacher\?key=([A-Za-z0-9_-]+)", server.log.read_text(errors="replace"))
                if found:
                    key = found.group(1)
                    break
                time.sleep(0.1)
            wait_for_pool(server, pool)
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
                    # A browser context per room: each has its own connections (a browser holds
                    # at most 6 to a host). With all 32 pages in one, the pages' scripts queued
                    # behind other pages' notebook renders, no page opened its websocket within
                    # the server's 30 s, and every kernel was ended: 0 of 32 playable. A class
                    # has a browser per student; a context per room is the nearest this
                    # 2-core machine can hold.
                    contexts = [await browser.new_context(viewport={"width": 1300, "height": 1000})
                                for _ in range(count)]
                    everyone = Everyone(len(urls))
                    gap = within / len(urls)
                    results = await asyncio.gather(*(one_seat(contexts[k // 4], url, seconds, k * gap, everyone)
                                                     for k, url in enumerate(urls)))
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
    trips = sorted(ms for _, t, _ in results for ms, _ in t)
    heard = sorted(ms for _, t, _ in results for _, ms in t if ms >= 0)
    cores = Path('/proc/cpuinfo').read_text().count('processor')
    when = "at once" if not within else f"one every {within / len(urls):.1f} s (all within {within:.0f} s)"
    print(f"{count} rooms of 4 students: {len(urls)} tabs opened {when} on {cores} cores: "
          f"{len(playable)} playable, the last after {playable[-1] if playable else float('nan'):.1f} s "
          f"(the run took {wall:.0f} s)")
    if playable:
        print(f"time to a playable table: median {statistics.median(playable):.1f} s, "
              f"p95 {p95(playable):.1f} s, max {playable[-1]:.1f} s")
    if trips:
        print(f"a move's round trip (press to the table redrawn), {len(trips)} moves: median "
              f"{statistics.median(trips):.0f} ms, p95 {p95(trips):.0f} ms (goal under 300 ms)")
    if heard:
        print(f"  of which the server and kernel (press to the redraw's frame at the page), {len(heard)} moves: "
              f"median {statistics.median(heard):.0f} ms, p95 {p95(heard):.0f} ms; the rest is this one "
              f"browser drawing {len(urls)} pages")
    print(f"kernels: {len(kernels)}; RSS per kernel: median {statistics.median(kernels):.1f} MB, "
          f"max {max(kernels):.1f} MB (goal: under 80 MB each)")
    print(f"server RSS: {server_before:.1f} MB before, {server_after:.1f} MB with {len(urls)} tabs in {count} rooms")
    print(f"decisions played in the rooms: rounds reached {[r['round'] for r in rooms_line]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=30, help="tabs of the solo table (0: skip this part)")
    parser.add_argument("--within", type=float, default=60.0,
                        help="seconds over which the tabs open, evenly spread (0: all at once)")
    parser.add_argument("--rooms", type=int, default=8, help="rooms of 4 students playing at once (0: skip)")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the rooms' students play")
    parser.add_argument("--unopened-seconds", type=int, default=None,
                        help="the server's --unopened-seconds for the tabs (default: the server's own); one "
                             "browser holds 6 connections to a host, so 30 tabs queue, and a kernel whose page "
                             "opens its websocket later than this is ended")
    parser.add_argument("--pool", type=int, default=None,
                        help="the server's preheated kernels (default: the server's own default)")
    args = parser.parse_args()
    print(f"(load average before: {' '.join(Path('/proc/loadavg').read_text().split()[:3])})", flush=True)
    if args.tabs:
        tabs_benchmark(args.tabs, args.within, args.pool, args.unopened_seconds)
    if args.rooms:
        rooms_benchmark(args.rooms, args.seconds, args.within, args.pool, args.unopened_seconds)


def tabs_benchmark(tabs: int, within: float, pool: int | None, unopened: int | None = None) -> None:
    imports = subprocess.run([sys.executable, "-c", IMPORTS, *IMPORT_STEPS], capture_output=True, text=True,
                             cwd=ROOT, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        # Culling held off: on a machine also running the 30 tabs' browser, a page can take
        # minutes to connect, and a culled kernel is no measurement.
        server = Server(Path(tmp), classroom_args(ROOT / "notebooks" / "play.ipynb",
                                                  f"--max-players={tabs + 5}", "--idle-seconds=3600",
                                                  "--seats-per-address=0",  # (one browser: one address)
                                                  *pool_args(pool),
                                                  *([f"--unopened-seconds={unopened}"] if unopened else [])))
        try:
            wait_for_pool(server, pool)
            server_before = rss_mb(server.proc.pid)
            start = time.monotonic()
            gap = within / tabs if tabs > 1 else 0.0

            async def run():
                from playwright.async_api import async_playwright

                async with async_playwright() as p:
                    browser = await p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
                    results = await asyncio.gather(*(one_tab(browser, server.url + "/", k * gap)
                                                     for k in range(tabs)))
                    # Measured with every tab still open: every kernel holds its match.
                    kernels = [rss_mb(pid) for pid in children(server.proc.pid)]
                    server_after = rss_mb(server.proc.pid)
                    await browser.close()
                    return results, kernels, server_after

            results, kernels, server_after = asyncio.run(run())
            wall = time.monotonic() - start
            log = server.log.read_text(errors="replace")
            pooled = log.count("Using pre-heated kernel")
            # Why kernels ended before the tabs closed: the server says it in its log.
            endings = {why: log.count(why) for why in ("no page opened it", "its page closed", "The table is full",
                                                     "An address holds", "Refused a websocket")}
        finally:
            server.stop()

    seconds = sorted(s for s, _, _ in results if s is not None)
    deals = [f for s, f, _ in results if s is not None]
    cores = Path('/proc/cpuinfo').read_text().count('processor')
    when = "at once" if not within else f"one every {within / tabs:.1f} s (all within {within:.0f} s)"
    print(f"{tabs} tabs opened {when} on {cores} cores: {len(seconds)} playable, the last after {wall:.1f} s; "
          f"{pooled} of them given a preheated kernel")
    if seconds:
        print(f"time to a playable table: median {statistics.median(seconds):.1f} s, p95 {p95(seconds):.1f} s "
              f"(goal under 3 s), min {seconds[0]:.1f} s, max {seconds[-1]:.1f} s")
    print(f"kernels: {len(kernels)} (the tabs' and the pool's); RSS per kernel: median "
          f"{statistics.median(kernels):.1f} MB, min {min(kernels):.1f} MB, max {max(kernels):.1f} MB, "
          f"total {sum(kernels):.0f} MB (goal: under 80 MB each)")
    print(f"server RSS: {server_before:.1f} MB before, {server_after:.1f} MB with {tabs} tabs")
    print("the server's log: " + ", ".join(f"{n} x '{why}'" for why, n in endings.items()))
    if deals:
        print(f"different deals: {len(set(deals))} of {len(deals)} tabs "
              f"(face-up cards read per tab: median {statistics.median(len(d) for d in deals):.0f})")
    print("what a kernel's memory is made of (RSS in MB as each import is added):")
    for line in imports.splitlines():
        name, mb = line.rsplit(" ", 1)
        print(f"  {name:<32} {float(mb):6.1f}")


if __name__ == "__main__":
    main()
