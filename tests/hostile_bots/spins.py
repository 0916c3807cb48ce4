"""Thinks forever: a loop that never ends, on the CPU."""


class Spins:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        while True:
            pass
