"""Every error the kit raises on purpose is a TenPenniesError, so one ``except`` catches
them all; each keeps the built-in type (ValueError, TypeError, IndexError) it always had."""

import re
from pathlib import Path

import pytest

import tenpennies
from tenpennies import (
    TEN_PENNIES,
    Match,
    NoSuchCardError,
    RuleSet,
    RuleSetError,
    TenPenniesError,
    WrongTypeError,
    find_contract,
    parse_cards,
)
from tenpennies.bots import make_bot
from tenpennies.front.table import Game
from tenpennies.odds import draw_odds


@pytest.mark.parametrize("call, kind, builtin, words", [
    (lambda: RuleSet(decks=0), RuleSetError, ValueError, "decks must be a whole number"),
    (lambda: RuleSet.from_dict({"colour": "red"}), RuleSetError, ValueError, "unknown rule set fields"),
    (lambda: TEN_PENNIES.contract(8), RuleSetError, ValueError, "round 8 does not exist"),
    (lambda: make_bot("clever"), TenPenniesError, ValueError, "no bot named 'clever'"),
    (lambda: Match(seed=1.5), WrongTypeError, TypeError, "seed is an int or a str"),
    (lambda: find_contract(parse_cards("7S"), 1, rules="house"), WrongTypeError, TypeError, "must be a RuleSet"),
    (lambda: draw_odds(parse_cards("7S"), -1, 1), TenPenniesError, ValueError, "0 or more"),
    (lambda: Game(seat=9), TenPenniesError, ValueError, "seat must be"),
    (lambda: Game().select(99), NoSuchCardError, IndexError, "no card 99"),
])
def test_errors_raised_on_purpose_are_tenpennies_errors(call, kind, builtin, words):
    with pytest.raises(kind, match=words) as caught:
        call()
    assert isinstance(caught.value, TenPenniesError) and isinstance(caught.value, builtin)


def test_the_package_raises_no_bare_builtin_errors():
    # A new `raise ValueError(...)` would slip past `except TenPenniesError`. Allowed: the
    # sequence protocol's IndexError (view.py's log), the mapping protocol's KeyError (a
    # learner's theme rates by name, progress.py) and record.py's TypeErrors, which it
    # catches itself and turns into a RecordError.
    allowed = {("view.py", "IndexError"), ("progress.py", "KeyError"), ("record.py", "TypeError")}
    found = []
    for path in Path(tenpennies.__file__).parent.rglob("*.py"):
        for name in re.findall(r"raise (ValueError|TypeError|KeyError|IndexError)\b", path.read_text()):
            if (path.name, name) not in allowed:
                found.append(f"{path.name}: {name}")
    assert found == []
