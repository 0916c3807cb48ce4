"""Looks for the teacher's secrets: the parent's memory, environment and command line, and
those of every process it can see (issue 35: a bot read 42 MB of the tournament's memory)."""

import os

SECRET = "TEACHER_SECRET"
"""The name of a variable the teacher's environment holds (tests set it)."""

SEED = "8642097531"
"""The tournament seed the command-line test gives (``--seed 8642097531``)."""

MEMORY_READ = 64 << 20
"""At most this many bytes of memory are read from the parent (enough to find its environment)."""


def _memory(pid: int) -> list[str]:
    found, left = [], MEMORY_READ
    try:
        with open(f"/proc/{pid}/maps") as maps, open(f"/proc/{pid}/mem", "rb", buffering=0) as mem:
            for line in maps:
                span, perms = line.split()[:2]
                if not perms.startswith("r") or left <= 0:
                    continue
                start, end = (int(x, 16) for x in span.split("-"))
                try:
                    mem.seek(start)
                    data = mem.read(min(end - start, left))
                except (OSError, ValueError, OverflowError):
                    continue
                left -= len(data)
                found += [f"{marker} in the memory of {pid}" for marker in (SECRET, SEED) if marker.encode() in data]
    except OSError:
        pass
    return found


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
