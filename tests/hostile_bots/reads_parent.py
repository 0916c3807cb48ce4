"""Looks for the teacher's secrets: the parent's memory, environment and command line, and
those of every process it can see (issue 35: a bot read 42 MB of the tournament's memory)."""

import os

SECRET = "TEACHER_SECRET"
"""The name of a variable the teacher's environment holds (tests set it)."""

SEED = "8642097531"
"""The tournament seed the command-line test gives (``--seed 8642097531``)."""

MEMORY_READ = 1 << 30
"""At most this many bytes of memory are read from the parent, its heap first: that is where
``setenv`` copies a variable set after start, and a long-running parent (a pytest worker, in
CI) can hold more than a small budget before it."""

CHUNK = 16 << 20
"""Read this much at a time, so the spy itself stays small."""


def _memory(pid: int) -> list[str]:
    found, left = set(), MEMORY_READ
    markers = [m.encode() for m in (SECRET, SEED)]
    try:
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
            lines = sorted(maps, key=lambda line: not line.rstrip().endswith(("[heap]", "[stack]")))
            for line in lines:
                span, perms = line.split()[:2]
                start, end = (int(x, 16) for x in span.split("-"))
                # Chunks overlap by a marker's length, so none is missed at a seam.
                for at in range(start, end, CHUNK) if perms.startswith("r") else ():
                    if left <= 0:
                        break
                    try:
                        mem.seek(at)
                        data = mem.read(min(end - at, CHUNK + 16))
                    except (OSError, ValueError, OverflowError):
                        break
                    left -= len(data)
                    found |= {m.decode() for m in markers if m in data}
    except OSError:
        pass
    return [f"{marker} in the memory of {pid}" for marker in sorted(found)]


def look() -> str:
    """What it found, in words: ``"found nothing ..."`` when the sandbox holds."""
    me, parent = os.getpid(), os.getppid()
    others = sorted(int(p) for p in os.listdir("/proc") if p.isdigit() and int(p) != me)
    found = [f"{SECRET} in its own environment"] if SECRET in os.environ else []
    for pid in others:
        for part in ("environ", "cmdline"):
            try:
                with open(f"/proc/{pid}/{part}", "rb") as f:
                    data = f.read()
            except OSError:
                continue
            found += [f"{marker} in the {part} of {'its parent' if pid == parent else pid}"
                      for marker in (SECRET, SEED) if marker.encode() in data]
    if parent in others:
        found += _memory(parent)
    return "found " + (", ".join(sorted(set(found))) or "nothing")


class ReadsParent:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        raise RuntimeError(look())
