"""Takes 1.5 GB of memory (issue 35: it touched 1.5 GB without a forfeit)."""


class Allocates:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        hoard = bytearray(1536 << 20)
        hoard[::4096] = b"x" * len(hoard[::4096])  # every page touched
        return view.legal_actions[0]
