"""Prints, to stdout and stderr and into every pipe it can find (issue 35: it printed into the
parent's stdout)."""

import os
import sys

WORDS = "PRINTED BY A HOSTILE BOT"


class PrintsIntoProtocol:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        print(WORDS)
        print(WORDS, file=sys.stderr)
        os.write(1, f"{WORDS}\n".encode())
        os.write(2, f"{WORDS}\n".encode())
        for fd in range(3, 64):  # the answer pipe, wherever the worker keeps it
            try:
                os.write(fd, f'{{"action": [0, "{WORDS}"]}}\n'.encode())
            except OSError:
                pass
        return view.legal_actions[0]
