"""tenpennies: the contract-rummy game Ten Pennies, to play, puzzle over and learn from.

The public names live here; each is defined in the module that owns its concept.
"""

from .cards import ALL_CARDS, JOKER, Card, format_cards, parse_cards
from .errors import (
    IllegalActionError,
    InvalidSetError,
    NotationError,
    RecordError,
    TenPenniesError,
)
from .rules import TEN_PENNIES, Contract, RuleSet
from .sets import TableSet, check_set, is_valid_set, set_problems

__all__ = [
    "ALL_CARDS", "JOKER", "Card", "format_cards", "parse_cards",
    "IllegalActionError", "InvalidSetError", "NotationError", "RecordError", "TenPenniesError",
    "TEN_PENNIES", "Contract", "RuleSet",
    "TableSet", "check_set", "is_valid_set", "set_problems",
]
