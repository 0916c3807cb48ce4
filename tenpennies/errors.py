"""The error types, split by meaning (as python-chess splits parse from legality).

All are ``ValueError``s, so ``except ValueError`` in a notebook catches any of them.
"""


class TenPenniesError(ValueError):
    """Base of every error the kit raises on purpose."""


class NotationError(TenPenniesError):
    """Text that cannot be read as cards (or as an action)."""


class InvalidSetError(TenPenniesError):
    """Cards that do not form a set under the round's rules."""


class IllegalActionError(TenPenniesError):
    """An action that is well formed but not allowed now. The state is unchanged."""


class RecordError(TenPenniesError):
    """A saved match that is damaged, tampered with, or of an unknown format."""


class PositionError(TenPenniesError):
    """A position (or its notation) that cannot be: too many cards, a bad seat, a bad field."""
