"""Starts twenty processes that sleep for ten minutes (issue 35: 20 grandchildren, no forfeit)."""

import ctypes
import os
import time

MARK = b"tp-hostile"
"""The name its children give themselves (``/proc/PID/comm``), so a test can look for them."""


def name_myself() -> None:
    ctypes.CDLL(None).prctl(15, MARK, 0, 0, 0)  # PR_SET_NAME


def fork_many(n: int = 20) -> int:
    started = 0
    for _ in range(n):
        try:
            pid = os.fork()
        except OSError:
            break
        if pid == 0:
            name_myself()
            time.sleep(600)
            os._exit(0)
        started += 1
    return started


class ForksMany:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        raise RuntimeError(f"started {fork_many()} of 20 processes")
