"""Tournaments a class can trust: a bot from a file plays in a process of its own, sees only
data, and forfeits with its reason when it crashes, stalls, cheats or babbles."""

import importlib.util
import json
import os
import textwrap
from pathlib import Path

import pytest

import tenpennies
from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Match, TenPenniesError, make_bot, play_match, summarize
from tenpennies.bots import bot_seed
from tenpennies.front.cli import main
from tenpennies.play.simulate import match_seed
from tenpennies.lessons.tournament import (FORFEIT_KINDS, BotFile, play_tournament, view_from_data, view_to_data)

ROOT = Path(tenpennies.__file__).resolve().parent.parent
NEVER_BUYS = ROOT / "notebooks" / "bots" / "never_buys.py"

# The time limit the forfeit tests use: far above a real decision (a few milliseconds),
# far below the stalling bot's sleep.
LIMIT = 1.0

BAD_BOTS = '''
import time
from tenpennies import Card, Discard, Pass, Phase


class Crashes:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        return 1 / 0


class Stalls:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        time.sleep(60)


class Cheats:
    """Discards a card it does not hold (whatever the match asks)."""

    def __init__(self, seed=0):
        pass

    def act(self, view):
        missing = next(c for c in (Card("KS"), Card("KH")) if c not in view.hand)
        return Discard(view.seat, missing)


class Babbles:
    """Writes a line that is not JSON where its answer should go."""

    def __init__(self, seed=0):
        pass

    def act(self, view):
        import os
        for fd in range(3, 32):  # the answer pipe, wherever the worker keeps it
            try:
                os.write(fd, b"hello\\n")
            except OSError:
                pass
        return view.legal_actions[0]


class ReturnsANumber:
    def __init__(self, seed=0):
        pass

    def act(self, view):
        return 42


class BreaksWhenBuilt:
    def __init__(self, seed=0):
        raise KeyError("no such strategy")

    def act(self, view):
        return view.legal_actions[0]


class Spies:
    """Looks for the match: in the whole process, and among everything its view reaches."""

    def __init__(self, seed=0):
        pass

    def act(self, view):
        import gc
        import sys
        Match = sys.modules["tenpennies.play.match"].Match
        anywhere = sum(type(o) is Match for o in gc.get_objects())  # (type, not isinstance: a dead weak proxy raises)
        seen, todo = set(), [view, vars(view)]
        while todo:
            o = todo.pop()
            if id(o) not in seen and not isinstance(o, type):
                seen.add(id(o))
                todo.extend(gc.get_referents(o))
        reached = [o for o in gc.get_objects() if id(o) in seen and type(o) is Match]
        raise RuntimeError(f"{anywhere} matches in this process, {len(reached)} reached from the view")
'''

STUDENT = '''
import os
from pathlib import Path

from tenpennies import Pass, Phase
from tenpennies.bots.thumb import ThumbBot


class Student:
    """A thumb bot that never buys, talks a lot, and notes the process it runs in."""

    def __init__(self, seed=0):
        self.inner = ThumbBot(seed)
        self.asked = 0
        Path("notes.txt").write_text(f"{os.getpid()}")  # its own folder is its to write in
        print(f"built with seed {seed} in {os.getcwd()}, process {os.getpid()}, parent {os.getppid()}")

    def act(self, view):
        self.asked += 1
        if self.asked == 1:
            print("thinking about", view)   # a bot's prints must not disturb its answers
        assert view.legal_actions and view.hand == tuple(view.hand) and view.seen_cards() is not None
        if view.phase is Phase.OFFER:
            return Pass(view.seat)
        return self.inner.act(view)
'''


def _line(text: str, code: str) -> int:
    """The line of ``text`` that holds ``code`` (as a traceback numbers it)."""
    return next(k for k, line in enumerate(text.splitlines(), 1) if code in line)


def _file(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    here = tmp_path_factory.mktemp("bots")
    _file(here, "bad.py", BAD_BOTS)
    _file(here, "student.py", STUDENT)
    return here


@pytest.fixture(scope="module")
def student_tournament(folder, tmp_path_factory):
    logs = tmp_path_factory.mktemp("logs")
    return play_tournament([f"{folder}/student.py", "thumb"], matches=2, seed=3, time_limit=LIMIT, log_dir=logs), logs


@pytest.fixture(scope="module")
def forfeits(folder):
    bots = [f"{folder}/bad.py:{name}" for name in ("Crashes", "Stalls", "Cheats", "Babbles")]
    return play_tournament(bots, matches=1, seed=1, time_limit=LIMIT)


# -- the view as data ------------------------------------------------------------------------------
def _seeded_views(rules, seeds, every):
    """Views of every seat at every ``every``-th decision of seeded thumb-bot matches."""
    for seed in seeds:
        match = Match(seed, rules)
        bots = [make_bot("thumb", bot_seed(seed, s)) for s in range(rules.players)]
        k = 0
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            if k % every == 0:
                yield view
                yield match.view((seat + 1) % rules.players)  # a seat not to act: nothing listed
            match.apply(bots[seat].act(view))
            k += 1


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY, TEN_CARD_RUMMY.with_players(6)],
                         ids=["ten-pennies", "ten-card-rummy", "ten-card-rummy-6"])
def test_a_view_sent_as_json_comes_back_equal(rules):
    n = 0
    for view in _seeded_views(rules, seeds=(0,), every=31):
        data = json.loads(json.dumps(view_to_data(view)))  # only JSON crosses
        back = view_from_data(data)
        assert back == view
        assert back.legal_actions == view.legal_actions and back.log == view.log
        assert [m.ranks for m in back.table] == [m.ranks for m in view.table]  # where a run's wilds stand (C4)
        assert back.seen_cards() == view.seen_cards() and back.purchases == view.purchases
        assert str(back) == str(view)
        n += 1
    assert n > 50


def test_the_data_holds_the_views_fields_and_nothing_more():
    # T20: what crosses to a bot's process is the view, no more (the contract follows from the
    # rules and the round; "bought" is the log's own note of bought cards; "log_from" says
    # where the log goes on from).
    from dataclasses import fields
    from tenpennies import PlayerView

    match = Match(seed=3)
    data = view_to_data(match.view(match.to_act))
    assert set(data) == {f.name for f in fields(PlayerView)} - {"contract"} | {"bought", "log_from"}


def test_a_view_sent_after_earlier_ones_needs_only_the_new_log_entries():
    views = list(_seeded_views(TEN_PENNIES, seeds=(4,), every=5))
    mine = [v for v in views if v.seat == 2]
    log, sent = [], 0
    for view in mine:
        data = json.loads(json.dumps(view_to_data(view, sent)))
        assert len(data["log"]) == len(view.log) - sent
        assert view_from_data(data, log) == view
        sent = len(view.log)
    with pytest.raises(TenPenniesError, match="goes on from entry"):
        view_from_data(view_to_data(mine[-1], 3), [])


# -- a student's bot in a process of its own --------------------------------------------------------
def test_a_bot_from_a_file_plays_in_its_own_process_and_sees_its_view(student_tournament, folder):
    t, logs = student_tournament
    assert t.forfeits == () and t.bots == ("student", "thumb")  # a file alone: its one bot class
    assert [r.bots for r in t.results] == [("student", "thumb") * 2, ("thumb", "student") * 2]  # seats rotate
    assert all(len(r.rounds) == 7 for r in t.results)
    # One process per seat per match, each in a folder of its own, built with a secret seed
    # (not the match's), its prints kept in its log.
    written = sorted(p.name for p in logs.iterdir())
    assert written == [f"match-{i}-seat-{s}-student.log" for i, r in enumerate(t.results)
                       for s, b in enumerate(r.bots) if b == "student"]
    built = [(logs / name).read_text().splitlines()[0].split() for name in written]
    assert all(line[:3] == ["built", "with", "seed"] and "thinking about" in (logs / name).read_text()
               for line, name in zip(built, written))
    seeds = {int(line[3]) for line in built}
    folders = {line[5].rstrip(",") for line in built}
    match_seeds = {bot_seed(match_seed(3, i), s) for i in range(2) for s in range(4)}
    assert len(seeds) == 4 and not seeds & match_seeds and len(folders) == 4
    assert not any(Path(f).exists() for f in folders)  # each seat's folder is gone with it
    assert t.summary.stats["student"].tokens_spent.mean == 0  # it never bought: its choices were played


def test_the_results_table_is_summarize_of_the_results(student_tournament):
    t, _ = student_tournament
    assert str(t.summary) == str(summarize(t.results, TEN_PENNIES))
    assert str(t) == str(summarize(t.results)) + "\nforfeits: none"


def test_same_seed_same_tournament_with_one_or_two_workers(student_tournament, folder):
    again = play_tournament([f"{folder}/student.py", "thumb"], matches=2, seed=3, time_limit=LIMIT, workers=2)
    assert again.results == student_tournament[0].results


def test_the_shipped_example_bot_plays_ten_card_rummy_too():
    t = play_tournament([f"{NEVER_BUYS}:NeverBuys", "thumb", "thumb"], matches=1, seed=2, rules=TEN_CARD_RUMMY,
                        time_limit=LIMIT)
    assert t.forfeits == () and t.results[0].bots == ("NeverBuys", "thumb", "thumb", "NeverBuys")
    assert len(t.results[0].rounds) == TEN_CARD_RUMMY.rounds
    assert "buys" in str(t).splitlines()[1]


# -- forfeits ----------------------------------------------------------------------------------------
def _only(t, bot):
    mine = t.forfeits_of(bot)
    assert len(mine) == 1, mine
    return mine[0]


def test_a_bot_that_crashes_forfeits_with_the_last_line_of_its_traceback(forfeits):
    f = _only(forfeits, "Crashes")
    assert (f.kind, f.reason) == ("crash", f"ZeroDivisionError: division by zero (bad.py, line {_line(BAD_BOTS, '1 / 0')})")
    assert (f.match, f.seat, f.round_no) == (0, 0, 1)


def test_a_bot_that_stalls_is_stopped_at_the_time_limit_and_forfeits(forfeits):
    f = _only(forfeits, "Stalls")
    # It sleeps: its CPU time stays near nothing, and the clock's backstop (2 x 1 s + 1 s) ends it.
    assert (f.kind, f.reason) == ("timeout", "took longer than 3 s of the clock to decide "
                                             "(it used only 0.0 s of CPU time: it waited, it did not think)")


def test_a_bot_that_plays_an_illegal_action_forfeits_with_the_matchs_reason(forfeits):
    f = _only(forfeits, "Cheats")
    # Offered the first discard, it discards: the match's own words say why not.
    assert (f.kind, f.reason) == ("illegal", "chose 'discard KS': seat 2 is being offered 7H: it may only buy or pass")


def test_a_bot_that_answers_what_is_not_json_forfeits(forfeits):
    f = _only(forfeits, "Babbles")
    assert (f.kind, f.reason) == ("malformed", "answered 'hello', which is not JSON")


def test_forfeited_seats_are_played_out_by_the_stand_in_and_shown_per_bot(forfeits):
    result = forfeits.results[0]
    assert len(result.rounds) == 7 and result.bots == ("Crashes", "Stalls", "Cheats", "Babbles")
    assert forfeits.stand_in == "random" and sorted(f.kind for f in forfeits.forfeits) == sorted(FORFEIT_KINDS)
    words = forfeits.forfeit_words().splitlines()
    assert words[0].startswith("forfeits (a forfeited seat is played by the random bot")
    assert words[1].startswith("  Crashes: 1 forfeit (1 crash); the first in match 0, seat 0, round 1: ZeroDivisionError")
    assert words[2].startswith("  Stalls: 1 forfeit (1 timeout); the first in match 0, seat 1, round 1: took longer "
                               "than 3 s of the clock to decide")
    # The same match with the random bot in every seat from the first decision: the same scores.
    assert result.scores == tuple(play_match(["random"] * 4, match_seed(1, 0)).scores)


def test_a_spying_bot_finds_no_match_in_its_process_nor_through_its_view(folder):
    t = play_tournament([f"{folder}/bad.py:Spies", f"{folder}/bad.py:ReturnsANumber",
                         f"{folder}/bad.py:BreaksWhenBuilt", "thumb"], matches=1, seed=5, time_limit=LIMIT)
    spy = _only(t, "Spies")
    assert (spy.kind, spy.reason) == ("crash", "RuntimeError: 0 matches in this process, "
                                               f"0 reached from the view (bad.py, line {_line(BAD_BOTS, 'raise RuntimeError')})")
    number = _only(t, "ReturnsANumber")
    assert (number.kind, number.reason) == ("malformed", "act returned 42, not an action")
    built = _only(t, "BreaksWhenBuilt")
    assert (built.kind, built.reason) == ("crash", f"KeyError: 'no such strategy' (bad.py, line {_line(BAD_BOTS, 'no such strategy')})")


def test_the_same_spy_in_this_process_would_find_the_match(folder):
    # Why the test above can fail: played in the match's process, the spy finds the match
    # (gc sees every object of a process: hence a process per bot), though no longer
    # through its view, which holds only data (tests/test_view_walk.py).
    spec = importlib.util.spec_from_file_location("spies_here", folder / "bad.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.Spies.name = "spies"
    with pytest.raises(RuntimeError, match=r"^[1-9]\d* matches in this process, 0 reached from the view"):
        play_match([module.Spies, "thumb", "thumb", "thumb"], seed=5)


# -- naming bots and bad input -------------------------------------------------------------------------
def test_a_file_alone_names_its_one_bot_class_and_alike_names_are_told_apart(tmp_path):
    alice = _file(tmp_path, "alice.py", "class Bot:\n    def __init__(self, seed=0): pass\n"
                                        "    def act(self, view): raise SystemExit(3)\n")
    bob = _file(tmp_path, "bob.py", alice.read_text())
    assert BotFile.parse(str(alice)) == BotFile(alice.resolve(), None)
    assert BotFile.parse(f"{alice}:Bot") == BotFile(alice.resolve(), "Bot")
    t = play_tournament([f"{alice}:Bot", f"{bob}:Bot"], matches=1, seed=0, time_limit=LIMIT)
    assert t.bots == ("alice.Bot", "bob.Bot")
    assert t.forfeits_of("bob.Bot")[0].reason == "SystemExit: 3 (bob.py, line 3)"  # a bot cannot end the worker
    two = _file(tmp_path, "two.py", alice.read_text() + "class Other(Bot): pass\n")
    broken = _file(tmp_path, "broken.py", "class Bot:\n    def act(self, view) return 1\n")
    t = play_tournament([str(two), str(broken)], matches=1, seed=0, time_limit=LIMIT)
    assert t.forfeits_of("two")[0].reason == ("LookupError: two.py should define one bot class (with an act "
                                              "method), or be named as two.py:NAME; it defines Bot, Other")
    syntax = t.forfeits_of("broken")[0]  # a file that is not Python: a crash at the start, where it is
    assert syntax.kind == "crash" and syntax.reason.startswith("SyntaxError: ")
    assert syntax.reason.endswith("(broken.py, line 2)")


@pytest.mark.parametrize("bots, options, message", [
    (["nowhere.py:Bot", "thumb"], {}, "no bot file 'nowhere.py'"),
    (["thumb", "strongest"], {}, "no bot named 'strongest'"),
    (["thumb"], {}, "takes 2 to 4 bots"),
    (["thumb"] * 5, {}, "takes 2 to 4 bots"),
    (["thumb", "random"], {"time_limit": 0}, "the time limit must be more than 0"),
    (["thumb", "random"], {"time_limit": 601}, "at most 600 seconds"),
    (["thumb", "random"], {"matches": 0}, "matches must be a whole number"),
    (["thumb", "random"], {"stand_in": "nobody"}, "the stand-in is a built-in bot"),
    (["thumb", "random"], {"workers": 0}, "workers must be a whole number"),
])
def test_bad_input_is_refused_saying_what_is_wrong(bots, options, message):
    options = {"matches": 1, **options}
    with pytest.raises(TenPenniesError, match=message):
        play_tournament(bots, **options)


def test_a_bot_object_is_refused_since_it_would_play_beside_the_match():
    with pytest.raises(TenPenniesError, match="a bot object would play in this process"):
        play_tournament([make_bot("thumb"), "random"], matches=1)


# -- the command line ------------------------------------------------------------------------------------
def test_tournament_command_prints_the_summary_and_the_forfeits(capsys, folder):
    code = main(["tournament", f"{NEVER_BUYS}:NeverBuys", f"{folder}/bad.py:Crashes", "thumb", "random",
                 "--matches", "1", "--seed", "1", "--time-limit", "2"])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "1 matches; 95% confidence intervals: means by t, shares by Wilson; lower points are better"
    assert [line.split()[0] for line in lines[2:6]] == ["NeverBuys", "Crashes", "thumb", "random"]
    assert lines[-3].startswith("forfeits (a forfeited seat is played by the random bot for the rest of its match; "
                                "time limit 2 s of CPU time a decision)")
    assert lines[-2].startswith("  Crashes: 1 forfeit (1 crash); the first in match 0, seat 1, round 1: ZeroDivisionError")
    assert lines[-1].startswith("sandbox: ")  # the layer its bots from files ran in


@pytest.mark.parametrize("argv, message", [
    (["--matches", "0"], "argument --matches: must be from 1 to 100000, not 0"),
    (["--matches", "many"], "argument --matches: 'many' is not a whole number"),
    (["--time-limit", "0"], "argument --time-limit: must be from 0.05 to 600, not 0"),
    (["--time-limit", "nan"], "argument --time-limit: must be from 0.05 to 600, not nan"),
    (["--time-limit", "1e9"], "argument --time-limit: must be from 0.05 to 600, not 1e9"),
    (["--stand-in", "x"], "the stand-in is a built-in bot"),
])
def test_tournament_command_refuses_bad_bounds_in_one_line(capsys, argv, message):
    code = main(["tournament", "thumb", "random", *argv])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1
    assert "Traceback" not in err


def test_tournament_command_names_a_missing_bot_file(capsys):
    code = main(["tournament", "missing.py:Bot", "thumb"])
    out, err = capsys.readouterr()
    assert code == 2 and err == "tenpennies tournament: no bot file 'missing.py' (a path from the current folder)\n"
