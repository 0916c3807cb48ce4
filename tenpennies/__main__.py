"""``python -m tenpennies``: the command line (see :mod:`tenpennies.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
