"""``python -m tenpennies``: the command line (see :mod:`tenpennies.front.cli`)."""

import sys

from .front.cli import main

if __name__ == "__main__":
    sys.exit(main())
