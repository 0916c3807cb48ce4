"""The error types, split by meaning (as python-chess splits parse from legality).

Every error the kit raises on purpose is a :class:`TenPenniesError`, so ``except
TenPenniesError`` catches any of them; all are ``ValueError``s too, and the few that are
also a ``TypeError`` or an ``IndexError`` say so, as Python's own errors for them would.
The rules they enforce are stated, under the ids their messages and tests cite, in
``docs/rules.md`` (one heading per ruling, with anchors ``#t1`` ... ``#t20``).
"""


class TenPenniesError(ValueError):
    """Base of every error the kit raises on purpose."""


class NotationError(TenPenniesError):
    """Text that cannot be read as cards (or as an action).

    How cards are written: the top of ``docs/rules.md``.
    """


class InvalidSetError(TenPenniesError):
    """Cards that do not form a set under the round's rules.

    What a set is: ``docs/rules.md#t14`` (T14); which cards are wild: ``docs/rules.md#t15``.
    """


class IllegalActionError(TenPenniesError):
    """An action that is well formed but not allowed now. The state is unchanged.

    The rules of a turn are in ``docs/rules.md``: the offer and buying (``#t5``-``#t9``),
    laying down, melding and adding (``#t10``, ``#t13``-``#t15``), the discard (``#t11``).
    """


class RecordError(TenPenniesError):
    """A saved match that is damaged, tampered with, or of an unknown format."""


class PositionError(TenPenniesError):
    """A position (or its notation) that cannot be: too many cards, a bad seat, a bad field."""


class RuleSetError(TenPenniesError):
    """A rule set that cannot be played (bad fields, a deck too small), or a round it lacks."""


class WrongTypeError(TenPenniesError, TypeError):
    """An argument of the wrong kind (a seed that cannot be saved, rules that are not a
    ``RuleSet``). Also a ``TypeError``, as Python's own errors for such mistakes are."""


class NoSuchCardError(TenPenniesError, IndexError):
    """A card position past the end of a hand or set. Also an ``IndexError``."""


class HandError(TenPenniesError):
    """A hand no deck of the rule set can hold: more copies of a card than the deck has (T1)."""


class UnreachablePositionError(PositionError):
    """A well-formed position that no play under its rules reaches; ``problems`` lists why,
    each reason led by the ruling it breaks. Accepted as a what-if with ``allow_unreachable``."""

    def __init__(self, message: str, problems=()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)


class ForgedResultError(TenPenniesError):
    """A class experiment's result the kit could not have made: an unknown or another
    experiment, cards that do not exist or more copies than the deck holds, counts the
    experiment does not deal, a result that does not follow from its cards, a time not
    the server's, a student name not in its one normal form. ``problems`` lists why."""

    def __init__(self, message: str, problems=()) -> None:
        super().__init__(message)
        self.problems = tuple(problems)
