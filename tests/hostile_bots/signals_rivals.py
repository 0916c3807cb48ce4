"""Stops and kills its rivals' worker processes (issue 35: both honest bots forfeited, blamed)."""

import os
import signal


def rivals() -> list[int]:
    """The other bots' workers of its match: the processes beside it, started by the same parent."""
    me, parent, found = os.getpid(), os.getppid(), []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                worker = b"tenpennies.lessons.tournament.worker" in f.read()
        except (OSError, ValueError, IndexError):
            continue
        if worker and ppid == parent and parent > 1:
            found.append(int(entry))
    return found


class SignalsRivals:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        seen, hit = rivals(), 0
        for pid in seen:
            for sig in (signal.SIGSTOP, signal.SIGKILL):
                try:
                    os.kill(pid, sig)
                    hit += 1
                except OSError:
                    pass
        raise RuntimeError(f"signalled {hit} times; {len(seen)} rival workers in sight")
