"""Kills its own process at every decision, as if killed from outside: it is started again a
few times, then forfeits (it must not stall the match)."""

import os
import signal


class KillsItself:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        os.kill(os.getpid(), signal.SIGKILL)
