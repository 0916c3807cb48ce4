"""Fuzzing every reader of user input, as a hostile student would: a case may be refused
only with a ``TenPenniesError`` (the CLI's parser: its one-line usage error), never with
another exception, and never hang.

Two sources of cases: hypothesis (with the ``ci`` profile conftest.py registers), and a
seeded mutator over real inputs (the shipped puzzles' notations and TOML entries, records
and positions of seeded matches of both games, command lines). ``benchmarks/fuzz.py``
runs the mutator over many more cases and prints a table; the cases here keep CI quick.
"""

from __future__ import annotations

import json
import random
import re
import signal
import tomllib
from functools import lru_cache

import pytest
from hypothesis import given, settings, strategies as st

from tenpennies import TEN_CARD_RUMMY, Match
from tenpennies.play import record
from tenpennies.front.cli import _parser
from tenpennies.front.cli_args import _UsageError
from tenpennies.engine.errors import TenPenniesError
from tenpennies.play.position import Position
from tenpennies.play.seat_position import SeatPosition
from tenpennies.puzzles import FOLDER, read_text

CASE_SECONDS = 5  # far above any case's cost (a record replays a short match): a case past it hangs


class Hang(Exception):
    """A case that ran past CASE_SECONDS."""


def _alarm(signum, frame):
    raise Hang


def run_case(reader, case, seconds: float = CASE_SECONDS) -> str:
    """``"ok"``, or ``"refused"`` (a TenPenniesError, or the CLI's usage error); any other
    exception, or a hang, propagates (a Hang when past ``seconds``)."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        reader(case)
        return "ok"
    except (TenPenniesError, _UsageError):
        return "refused"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


# -- the readers, each followed by what a caller does next ------------------------------
def read_notation(text):
    SeatPosition.parse(text).problems()


def read_seat_dict(data):
    SeatPosition.from_dict(data).problems()


def read_position_dict(data):
    Position.from_dict(data).problems()


def read_record(text):
    record.loads(text)


def read_puzzle_toml(text):
    read_text(text, "fuzz.toml")


def read_command_line(argv):
    _parser().parse_args(argv)


# -- real inputs to start from ----------------------------------------------------------
def _decisions(rules, seed: int, steps: int, every: int):
    """A seeded match of random legal play, yielded every ``every`` decisions."""
    m = Match(seed, rules) if rules is not None else Match(seed)
    rng = random.Random(seed)
    for k in range(steps):
        if m.is_over:
            return
        if k % every == 0:
            yield m
        m.apply(rng.choice(m.legal_actions()))


@lru_cache(maxsize=None)
def seeds() -> dict[str, tuple]:
    """Real inputs per reader: the mutator starts from these."""
    notations, seat_dicts, position_dicts, records = [], [], [], []
    for rules in (None, TEN_CARD_RUMMY):
        for seed in (1, 2):
            for m in _decisions(rules, seed, 240, 40):
                seat = m.to_act if m.to_act is not None else 0
                p = SeatPosition.of(m.view(seat))
                notations.append(str(p))
                seat_dicts.append(p.to_dict())
                if rules is None:  # a Position holds no rule set: its reader assumes Ten Pennies
                    position_dicts.append(Position.of(m).to_dict())
            m = Match(seed, rules) if rules is not None else Match(seed)
            rng = random.Random(seed)
            for _ in range(60):
                m.apply(rng.choice(m.legal_actions()))
            records.append(record.dumps(m))
    entries = []
    for path in sorted(FOLDER.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        blocks = re.split(r"(?m)^(?=\[\[puzzle\]\]\n)", text)[1:]
        entries.extend(blocks[:3])
        notations.extend(t["position"] for t in tomllib.loads(text)["puzzle"][:4])
    argvs = [
        ["simulate", "--matches", "10", "--workers", "2", "--seed", "3", "--players", "4"],
        ["odds", "--samples", "500", "--seed", "1", "--round", "2"],
        ["play", "--seat", "1", "--seed", "9"],
        ["puzzle", "--tier", "2", "--seed", "4"],
        ["solve", "7S 7H 7D", "--round", "1"],
        ["deal", "--seed", "12", "--rules", "ten-card-rummy", "--players", "6"],
    ]
    return {"SeatPosition.parse": tuple(notations), "SeatPosition.from_dict": tuple(seat_dicts),
            "Position.from_dict": tuple(position_dicts), "record.loads": tuple(records),
            "puzzle loader": tuple(entries), "CLI arguments": tuple(map(tuple, argvs))}


READERS = {"SeatPosition.parse": read_notation, "SeatPosition.from_dict": read_seat_dict,
           "Position.from_dict": read_position_dict, "record.loads": read_record,
           "puzzle loader": read_puzzle_toml, "CLI arguments": lambda argv: read_command_line(list(argv))}


# -- the mutator ------------------------------------------------------------------------
NASTY_TEXT = ["", "-", "0", "-5", "99", "107", "9" * 5000, "1/0", "true", "@", "=", ",", "/", ":", "JK" * 300,
              "\x00", "é", "\u2028", "１２", "⁹", "nan", "1e9", " ", "\n", "[[puzzle]]", "{", "\"",
              "st:", "g:ten-card-rummy", "g:nothing", "k:-", "t:-", "d:-", "@9", "r0", "s-1", "n:0/0/0/0"]
NASTY_VALUES = [None, True, False, 0, -1, 1, 6, 107, 10**5000, -(10**30), 1.5, float("nan"), "", "x" * 20_000,
                "7S", "JK", [], {}, [[[[[[[[[[[[]]]]]]]]]]]], ["7S"] * 500, {"unknown": 1}, "1/0"]


def mutate_text(text: str, rng: random.Random, pool: tuple = ()) -> str:
    """``text`` changed in one to three places, as a careless or hostile hand would."""
    for _ in range(rng.randint(1, 3)):
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        how = rng.randrange(9)
        if how == 0:
            text = text[:i] + text[j:]  # cut
        elif how == 1:
            text = text[:i] + rng.choice(NASTY_TEXT) + text[i:]  # insert something nasty
        elif how == 2:
            text = text[:i] + rng.choice(NASTY_TEXT) + text[j:]  # replace a stretch
        elif how == 3:
            text = text[:j] + text[i:j] * rng.randint(2, 40) + text[j:]  # repeat a stretch
        elif how == 4 and text:
            k = rng.randrange(len(text))
            code = rng.choice([ord(text[k]) + 1, ord(text[k]) - 1, rng.randrange(32, 0x3000)])
            text = text[:k] + chr(min(max(code, 0), 0x10FFFF)) + text[k + 1:]  # one character off
        elif how == 5:
            words = text.split(" ")
            a, b = rng.randrange(len(words)), rng.randrange(len(words))
            words[a], words[b] = words[b], words[a]  # fields swapped
            text = " ".join(words)
        elif how == 6:
            text = re.sub(r"\d+", lambda m: rng.choice([m.group(), "0", "-1", "99", "1" + "0" * 30, "2"]), text,
                          count=rng.randint(1, 4))  # numbers changed
        elif how == 7 and pool:
            other = rng.choice(pool)
            if isinstance(other, str):
                text = text[:i] + other[rng.randrange(len(other) + 1):]  # spliced with another input
        else:
            text = text[:i]  # truncated
    return text


def mutate_value(value, rng: random.Random, depth: int = 0):
    """A JSON-like value with one node changed: another type, a nasty value, a key lost
    or added, a list entry dropped or repeated, or its text mutated."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        copy = dict(value)
        how = rng.randrange(5)
        if how == 0:
            del copy[key]
        elif how == 1:
            copy[rng.choice(["unknown", "hands ", "Round_no", key + "_"])] = rng.choice(NASTY_VALUES)
        else:
            copy[key] = mutate_value(value[key], rng, depth + 1)
        return copy
    if isinstance(value, list) and value and rng.random() < 0.8:
        copy = list(value)
        k = rng.randrange(len(copy))
        how = rng.randrange(4)
        if how == 0:
            del copy[k]
        elif how == 1:
            copy.insert(k, copy[k])
        else:
            copy[k] = mutate_value(copy[k], rng, depth + 1)
        return copy
    if isinstance(value, str) and rng.random() < 0.6:
        return mutate_text(value, rng)
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return rng.choice([value + 1, value - 1, -value, value * 1000, 10**400, 0])
    return rng.choice(NASTY_VALUES)


def mutate_argv(argv: tuple, rng: random.Random) -> list:
    argv = list(argv)
    k = rng.randrange(len(argv))
    how = rng.randrange(4)
    if how == 0:
        argv[k] = rng.choice(["0", "-1", "1" + "0" * 40, "9" * 5000, "", "many", "1.5", "-3",
                              "100001", "65", "1000001", "17", "--matches", "--workers"])
    elif how == 1:
        del argv[k]
    elif how == 2:
        argv.insert(k, rng.choice(["--matches", "--workers", "--samples", "--seed", "--players", "--seat",
                                   "--round", "--tier", "--allow-unreachable"]))
    else:
        argv[k] = mutate_text(argv[k], rng)
    if "--help" in argv or "-h" in argv:
        argv = [a for a in argv if a not in ("--help", "-h")]  # help prints and exits: not a parse
    return argv


def mutated_case(name: str, rng: random.Random):
    pool = seeds()[name]
    base = rng.choice(pool)
    if name == "CLI arguments":
        return mutate_argv(base, rng)
    if name == "record.loads":
        try:
            text = json.dumps(mutate_value(json.loads(base), rng)) if rng.random() < 0.5 else None
        except ValueError:  # a huge number json will not write: put one in as text
            text = base.replace("\"seed\": ", "\"seed\": " + "9" * 5000, 1)
        if text is None:
            text = mutate_text(base, rng)
        if rng.random() < 0.2 and text:
            raw = bytearray(text.encode("utf-8"))
            raw[rng.randrange(len(raw))] = rng.choice([0x80, 0xC3, 0xFF, 0xED])  # not UTF-8
            return bytes(raw)
        return text
    if isinstance(base, str):
        return mutate_text(base, rng, pool)
    return mutate_value(base, rng)


def fuzz(name: str, cases: int, seed: int = 0, seconds: float = CASE_SECONDS) -> dict:
    """Run ``cases`` mutated inputs through one reader; the tally, with every failure."""
    rng = random.Random(f"{name}/{seed}")
    reader = READERS[name]
    tally = {"cases": 0, "ok": 0, "refused": 0, "failures": []}
    for _ in range(cases):
        case = mutated_case(name, rng)
        tally["cases"] += 1
        try:
            tally[run_case(reader, case, seconds)] += 1
        except Hang:
            tally["failures"].append((repr(case)[:300], f"no answer within {seconds} s"))
        except Exception as exc:  # the very thing looked for: any other exception is a failure
            tally["failures"].append((repr(case)[:300], f"{type(exc).__name__}: {str(exc)[:200]}"))
    return tally


# -- the tests --------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(READERS))
def test_real_inputs_read_back(name):
    """The unmutated real inputs read without refusal (so the mutants start from good input)."""
    for case in seeds()[name]:
        reader = READERS[name]
        assert run_case(reader, case) == "ok", case


@pytest.mark.parametrize("name", list(READERS))
def test_mutated_real_inputs_are_read_or_refused_cleanly(name):
    tally = fuzz(name, 150 if name != "record.loads" else 60)
    assert tally["failures"] == []
    assert tally["refused"] > 0  # the mutator does reach the checks


def test_a_hang_is_caught_and_counted():
    def forever(_):
        while True:
            pass
    with pytest.raises(Hang):
        run_case(forever, None, seconds=0.2)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=12), inner,
                                                                                 max_size=5), max_leaves=20)
FIELDS_OF_SEAT = st.fixed_dictionaries({}, optional={
    "round_no": JSON | st.integers(), "seat": st.integers(), "hand": st.text(max_size=30) | JSON,
    "table": JSON, "discard_pile": st.text(max_size=12) | JSON, "top_discarder": JSON | st.integers(),
    "tokens": st.lists(st.integers(), max_size=5) | JSON, "scores": st.lists(st.integers(), max_size=5),
    "hand_sizes": st.lists(st.integers(-2, 200), max_size=9) | JSON, "stock_size": st.integers() | JSON,
    "active": st.integers() | JSON, "rules": st.sampled_from(["ten-card-rummy", "ten-pennies", "x"]) | JSON})
FIELDS_OF_POSITION = st.fixed_dictionaries({}, optional={
    "round_no": st.integers() | JSON, "hands": st.lists(st.text(max_size=20) | JSON, max_size=5) | JSON,
    "discard_pile": st.text(max_size=12) | JSON, "stock": JSON, "table": JSON, "opened": JSON,
    "tokens": st.lists(st.integers(), max_size=5) | JSON, "scores": JSON, "dealer": st.integers() | JSON,
    "active": JSON, "top_discarder": JSON})
NOTATION_WORDS = st.lists(st.sampled_from(["r1", "r7", "r0", "r99", "s0", "s9", "a0", "a3", "h:7S7HJK", "h:",
                                           "t:-", "t:0=KSKHKD", "t:1=", "d:4C@2", "d:-", "d:@", "k:10/10/10/10",
                                           "k:-", "k:99/0/0/0", "p:0/0/0/0", "p:-5/0/0/0", "n:3/11/11/11",
                                           "n:107/0/0/0", "st:60", "st:", "g:ten-card-rummy", "g:x"])
                          | st.text(max_size=12), max_size=12)


@settings(max_examples=150)
@given(st.text(max_size=200) | NOTATION_WORDS.map(" ".join))
def test_hypothesis_notation(text):
    run_case(read_notation, text)


@settings(max_examples=150)
@given(JSON | FIELDS_OF_SEAT)
def test_hypothesis_seat_position_dict(data):
    run_case(read_seat_dict, data)


@settings(max_examples=150)
@given(JSON | FIELDS_OF_POSITION)
def test_hypothesis_position_dict(data):
    run_case(read_position_dict, data)


@settings(max_examples=100)
@given(st.binary(max_size=200) | st.text(max_size=200) | JSON.map(json.dumps)
       | JSON.map(lambda v: json.dumps({"format": "tenpennies-match", "version": 2, "rules": v, "seed": 0,
                                        "position": None, "actions": [], "state": {}})))
def test_hypothesis_record(text):
    run_case(read_record, text)


@settings(max_examples=100)
@given(st.text(max_size=300) | st.sampled_from(list(seeds()["puzzle loader"])).flatmap(
    lambda entry: st.integers(0, len(entry)).flatmap(
        lambda i: st.text(max_size=20).map(lambda t: entry[:i] + t + entry[i:]))))
def test_hypothesis_puzzle_toml(text):
    run_case(read_puzzle_toml, text)


@settings(max_examples=100)
@given(st.sampled_from(["--matches", "--workers", "--samples", "--seed", "--players", "--seat", "--round",
                        "--tier"]),
       st.integers() | st.text(max_size=8))
def test_hypothesis_bounded_options(option, value):
    command = {"--matches": "simulate", "--workers": "simulate", "--samples": "odds", "--seat": "play",
               "--tier": "puzzle", "--round": "odds"}.get(option, "simulate")
    run_case(read_command_line, [command, option, str(value)])


def test_the_seeds_cover_both_games_and_every_reader():
    s = seeds()
    assert any("g:ten-card-rummy" in n for n in s["SeatPosition.parse"])
    assert any(d.get("rules") == "ten-card-rummy" for d in s["SeatPosition.from_dict"])
    assert all(len(v) >= 4 for v in s.values())



@pytest.mark.parametrize("argv, words", [
    (["simulate", "--matches", "100001"], "argument --matches: --matches must be at most 100,000, not 100001"),
    (["simulate", "--workers", "65"], "argument --workers: --workers must be at most 64, not 65"),
    (["simulate", "--workers", "0"], "argument --workers: --workers must be at least 1, not 0"),
    (["odds", "--samples", "1000001"], "argument --samples: --samples must be at most 1,000,000"),
    (["simulate", "--seed", "9" * 5000], "argument --seed: invalid int value"),
    (["simulate", "--seed", str(2**63)], "argument --seed: --seed must be at most"),
    (["simulate", "--players", "1" + "0" * 20], "argument --players: --players must be at most 16"),
    (["play", "--seat", "-1"], "argument --seat: --seat must be at least 0, not -1"),
    (["odds", "--round", "100"], "argument --round: --round must be at most 99, not 100"),
])
def test_cli_bounds_name_the_option_and_the_range(argv, words):
    with pytest.raises(_UsageError, match=words):
        _parser().parse_args(argv)


def test_cli_bounds_keep_what_a_classroom_uses():
    args = _parser().parse_args(["simulate", "--matches", "100000", "--workers", "64", "--seed", "-5"])
    assert (args.matches, args.workers, args.seed) == (100_000, 64, -5)
    assert _parser().parse_args(["odds", "--samples", "1000000"]).samples == 1_000_000
