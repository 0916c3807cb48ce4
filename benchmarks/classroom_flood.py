"""One script against a class: can it keep the students out of the classroom server?

    python benchmarks/classroom_flood.py            # 8 students, a 60 s flood; --students 4 --seconds 30

Starts the classroom server (``python -m tenpennies.front.classroom``, as ``python3 dev.py app``
does, with ``--max-players`` set to the students plus the flooder's allowance) on loopback.
One flooding address (127.0.0.1) asks for pages as fast as its threads can, never opening
their websockets, for ``--seconds``; meanwhile each student, on an address of its own
(127.0.0.2, 127.0.0.3, ...: every 127.x.y.z address reaches loopback on Linux), asks for one
page, as a student opening the class's address would. Prints how many pages the flood got
and how many it was refused, how many students got a table and how long each waited, and
the server's memory before and after. Bounded: at most ``--seconds`` of flood plus the
students' pages, and every request has a timeout.

With ``--seats-per-address 4`` (the default) the flood holds at most 4 seats at any moment,
each freed after ``--unopened-seconds``, so every student gets in; with
``--seats-per-address 0`` (no limit, as before issue 35) the flood takes every seat and the
students are told the table is full.
"""

from __future__ import annotations

import argparse
import http.client
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from tests.browser.browserkit import Server, classroom_args, rss_mb  # noqa: E402


def get(port: int, source: str, timeout: float = 120) -> int:
    """GET the table's page from ``source``; its HTTP status (0 when the request failed)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        connection.request("GET", "/")
        reply = connection.getresponse()
        reply.read()
        return reply.status
    except OSError:
        return 0
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60, help="how long the flood lasts")
    parser.add_argument("--threads", type=int, default=4, help="the flood's requests at once")
    parser.add_argument("--seats-per-address", type=int, default=4)
    parser.add_argument("--unopened-seconds", type=int, default=30)
    args = parser.parse_args()
    seats = args.students + max(args.seats_per_address, 1)
    with tempfile.TemporaryDirectory() as base:
        server = Server(Path(base), classroom_args(
            ROOT / "notebooks" / "play.ipynb", f"--max-players={seats}",
            f"--seats-per-address={args.seats_per_address}", f"--unopened-seconds={args.unopened_seconds}"))
        try:
            before = rss_mb(server.proc.pid)
            flood: dict[int, int] = {}
            stop = time.monotonic() + args.seconds
            lock = threading.Lock()

            def flooder() -> None:
                while time.monotonic() < stop:
                    status = get(server.port, "127.0.0.1", timeout=max(1.0, stop - time.monotonic()))
                    with lock:
                        flood[status] = flood.get(status, 0) + 1

            students: dict[int, tuple[int, float]] = {}

            def student(k: int) -> None:
                start = time.monotonic()
                students[k] = (get(server.port, f"127.0.0.{k + 2}"), time.monotonic() - start)

            threads = [threading.Thread(target=flooder) for _ in range(args.threads)]
            for t in threads:
                t.start()
            time.sleep(min(5.0, args.seconds / 4))  # the flood first: it has taken what it can
            joining = [threading.Thread(target=student, args=(k,)) for k in range(args.students)]
            for t in joining:
                t.start()
            for t in joining + threads:
                t.join()
            after = rss_mb(server.proc.pid)
        finally:
            server.stop()
    served = sum(1 for status, _ in students.values() if status == 200)
    print(f"seats-per-address {args.seats_per_address}, unopened-seconds {args.unopened_seconds}, "
          f"max-players {seats}, a {args.seconds:.0f} s flood from one address ({args.threads} at once)")
    print("the flood's pages by status: " + ", ".join(f"{s}: {n}" for s, n in sorted(flood.items())))
    print(f"students with a table: {served} of {args.students}; waits "
          + ", ".join(f"{w:.1f} s ({s})" for s, w in (students[k] for k in sorted(students))))
    print(f"server memory: {before:.0f} MB before, {after:.0f} MB after")


if __name__ == "__main__":
    main()
