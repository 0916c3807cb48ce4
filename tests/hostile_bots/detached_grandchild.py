"""Leaves a grandchild in a session of its own, holding every pipe it inherited, then crashes,
so that its seat closes (issue 35: it stalled a one-match tournament from 2 s to 40.8 s)."""

import os
import time


class DetachedGrandchild:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        try:
            child = os.fork()
        except OSError as exc:
            raise RuntimeError(f"could not start a process: {exc}") from None
        if child == 0:
            from forks_many import name_myself  # (its neighbour: a bot may import those)

            os.setsid()
            if os.fork() == 0:
                name_myself()
                time.sleep(600)
            os._exit(0)
        os.waitpid(child, 0)
        raise RuntimeError("left a grandchild holding the pipe")
