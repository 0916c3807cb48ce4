import gc
import sys


class Spies:
    """Looks for the match anywhere in its process, and at everything its view holds."""

    def __init__(self, seed=0):
        pass

    def act(self, view):
        Match = sys.modules["tenpennies.play.match"].Match
        gc.collect()
        found = any(type(thing) is Match for thing in gc.get_objects())
        raise LookupError(f"found {'a' if found else 'no'} match in its process; "
                          f"its view holds {', '.join(sorted(vars(view)))}")
