"""The tournament's sandbox against hostile bots (issue 35), in every layer this machine has.

Each hostile bot of ``tests/hostile_bots/`` attacks at its first decision (or plays on, when
its attack is one that lasts), sitting at seat 0 of a one-round match beside an honest bot
from a file and two built-in ones. Each must be stopped, forfeit with its reason (or be
harmless), and leave the honest bots' results exactly as they are in the same match with the
stand-in at seat 0 from the start (same seeds). The pure-Python layer runs everywhere; the
bubblewrap layer wherever its binary runs (the test extra installs it).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

import tenpennies
from tenpennies import TEN_PENNIES, TenPenniesError
from tenpennies.lessons.tournament import LIMITS, MAX_RESTARTS, file_bot_seed, play_tournament
from tenpennies.lessons.tournament import sandbox as sandboxes

ROOT = Path(tenpennies.__file__).resolve().parent.parent
HOSTILE = Path(__file__).resolve().parent / "hostile_bots"
NEVER_BUYS = ROOT / "notebooks" / "bots" / "never_buys.py"

ONE_ROUND = TEN_PENNIES.replace(contracts=TEN_PENNIES.contracts[:1], wild_ranks=TEN_PENNIES.wild_ranks[:1],
                                wild_limits=TEN_PENNIES.wild_limits[:1])
"""A one-round Ten Pennies: each hostile match is over in a moment."""

SEED = 11
LIMIT = 1.0
MARK = "tp-hostile"  # what the forking bots' children call themselves (hostile_bots/forks_many.py)

LAYERS = [pytest.param("pure", id="pure"),
          pytest.param("bubblewrap", id="bubblewrap", marks=pytest.mark.skipif(
              sandboxes.bwrap_path() is None,
              reason="no bwrap that runs here (pip install tenpennies[sandbox]; a kernel that lets it make namespaces)"))]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"hostile_{name}", HOSTILE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def bots():
    """The hostile bots and two honest ones, side by side in one folder (a class's bots/),
    which every user may read, as a class's shared folder is (a bot may import its neighbours)."""
    folder = Path(tempfile.mkdtemp(prefix="class-bots-"))
    folder.chmod(0o755)
    Path("/tmp/PWNED_BY_BOT").unlink(missing_ok=True)  # (left by a run of the attack without Landlock)
    for path in HOSTILE.glob("*.py"):
        if path.name != "__init__.py":
            shutil.copy(path, folder / path.name)
    shutil.copy(NEVER_BUYS, folder / "ada.py")
    shutil.copy(NEVER_BUYS, folder / "ben.py")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def _play(bots: Path, seat0: str, layer: str, time_limit: float = LIMIT):
    # One honest bot from a file (ada's; ben's file lies beside it, a target too) and two built-in ones.
    return play_tournament([seat0, f"{bots}/ada.py:NeverBuys", "thumb", "thumb"], matches=1,
                           seed=SEED, rules=ONE_ROUND, time_limit=time_limit, sandbox=layer)


_HONEST: dict[str, object] = {}


def honest(bots: Path, layer: str):
    """The match with the stand-in (random) at seat 0 from the start: what the honest bots score."""
    if layer not in _HONEST:
        _HONEST[layer] = _play(bots, "random", layer)
    return _HONEST[layer]


def _leftovers() -> list[int]:
    """Processes the hostile bots started that still live (they name themselves MARK; a
    zombie, dead and holding nothing, waits for its reaper)."""
    found = []
    for entry in os.listdir("/proc"):
        try:
            if (entry.isdigit() and Path(f"/proc/{entry}/comm").read_text().strip() == MARK
                    and Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"):
                found.append(int(entry))
        except (OSError, IndexError):
            pass
    return found


def assert_only_seat_0_forfeits(t, bots, layer):
    """Seat 0 forfeited, once; the honest bots neither forfeited nor were restarted, and the
    match's every score is what it is with the stand-in at seat 0 from the start."""
    assert [f.seat for f in t.forfeits] == [0], t.forfeits
    assert t.restarts == () and t.sandbox.layer == layer
    control = honest(bots, layer).results[0]
    assert t.results[0].scores == control.scores
    assert [r.points for r in t.results[0].rounds] == [r.points for r in control.rounds]
    assert _leftovers() == []  # nothing the bot started outlives its seat
    return t.forfeits[0]


# -- one test per attack -------------------------------------------------------------------------------
ATTACKS = {
    # bot: (kind, the reason's words)
    "reads_parent.py:ReadsParent": ("crash", "RuntimeError: found nothing"),
    "signals_rivals.py:SignalsRivals": ("crash", "RuntimeError: signalled 0 times"),
    "writes_outside.py:WritesOutside": ("crash", "RuntimeError: wrote 0 files outside its folder"),
    "forks_many.py:ForksMany": ("crash", f"RuntimeError: started {LIMITS.processes if os.geteuid() == 0 else 0} "
                                         "of 20 processes"),
    "allocates.py:Allocates": ("crash", "MemoryError"),
    "opens_socket.py:OpensSocket": ("crash", "RuntimeError: could not listen (PermissionError); "
                                             "could not reach the network (PermissionError)"),
    "prints_into_protocol.py:PrintsIntoProtocol": ("malformed", "bad action 'PRINTED BY A HOSTILE BOT'"),
    "detached_grandchild.py:DetachedGrandchild": ("crash", "RuntimeError: left a grandchild holding the pipe"),
    # (A short limit: on a loaded machine a spinning bot gets a small share of a core, and
    # must reach its CPU limit well before the clock's backstop.)
    "spins.py:Spins": ("timeout", "took longer than 0.25 s of CPU time to decide"),
    "kills_itself.py:KillsItself": ("crash", f"its process was killed from outside (SIGKILL), after {MAX_RESTARTS} "
                                             "restarts this match"),
}


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("bot", list(ATTACKS), ids=[b.split(":")[1] for b in ATTACKS])
def test_a_hostile_bot_is_stopped_and_forfeits_alone(bots, bot, layer, monkeypatch, capfd):
    monkeypatch.setenv("TEACHER_SECRET", "the answers to the exam")
    with pytest.MonkeyPatch.context() as inside:
        inside.chdir(bots)  # the folder the tournament is started in: a target too
        t = _play(bots, f"{bots}/{bot}", layer, 0.25 if bot.startswith("spins") else LIMIT)
    kind, words = ATTACKS[bot]
    if bot.startswith("kills_itself") and layer == "bubblewrap":
        # The first process of its own PID namespace: a signal it sends itself does nothing.
        kind, words = "malformed", "act returned None, not an action"
    elif bot.startswith("kills_itself"):
        # Killed "from outside" (by itself): started again, asked again, a few times; then it forfeits.
        assert [r.seat for r in t.restarts] == [0] * MAX_RESTARTS
        assert all(r.reason == "its process was killed from outside (SIGKILL)" for r in t.restarts)
        assert "restarts (a worker stopped or killed from outside is started again" in str(t)
        t = type(t)(**{**vars(t), "restarts": ()})
    forfeit = assert_only_seat_0_forfeits(t, bots, layer)
    assert forfeit.kind == kind and words in forfeit.reason, forfeit
    out, err = capfd.readouterr()
    assert "PRINTED BY A HOSTILE BOT" not in out + err  # its prints went to its own log
    assert (bots / "ada.py").read_text() == NEVER_BUYS.read_text()  # the other bots' files as they were
    assert not (ROOT / "tenpennies" / "PWNED_BY_BOT.py").exists() and not (bots / "PWNED_BY_BOT").exists()
    assert not Path("/tmp/PWNED_BY_BOT").exists()  # (Landlock: not even where every user may write)


def test_the_forks_and_the_grandchild_are_real_attacks_without_the_sandbox(bots, tmp_path):
    # Why the tests above can fail: as a plain child process, the same code starts its twenty
    # processes and leaves a grandchild behind, holding the pipe it was given.
    script = (f"import sys; sys.path.insert(0, {str(bots)!r})\n"
              "import forks_many, detached_grandchild\n"
              "print(forks_many.fork_many(3), flush=True)\n")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, cwd=tmp_path)
    try:
        assert child.stdout.readline() == b"3\n"
        child.wait(timeout=30)
        time.sleep(0.2)
        assert len(_leftovers()) == 3  # they outlived it
    finally:
        for pid in _leftovers():
            os.kill(pid, signal.SIGKILL)
        child.stdout.close()
    time.sleep(0.2)
    assert _leftovers() == []


def test_the_spy_finds_the_secret_without_the_sandbox(bots, monkeypatch):
    # A plain child of this process, as the tournament's workers were: it reads the
    # teacher's secret in its environment and in its parent's memory.
    monkeypatch.setenv("TEACHER_SECRET", "the answers to the exam")
    script = f"import sys; sys.path.insert(0, {str(bots)!r})\nimport reads_parent\nprint(reads_parent.look())\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert "TEACHER_SECRET in its own environment" in done.stdout
    assert f"TEACHER_SECRET in the memory of {os.getpid()}" in done.stdout


def test_the_socket_opens_without_the_sandbox(bots):
    script = f"import sys; sys.path.insert(0, {str(bots)!r})\nimport opens_socket\nprint(opens_socket.attack())\n"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith("listened on port ")


# -- blaming the offender, not its victim ------------------------------------------------------------------
def _workers_of_this_process() -> list[int]:
    """This process's bot workers: its children (the pure layer), or its bwraps' children."""
    parents, workers = {}, []
    for entry in os.listdir("/proc"):
        try:
            stat = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if b"tenpennies.lessons.tournament.worker" in cmdline:
            parents[int(entry)] = int(stat[1])
            if not cmdline.split(b"\0")[0].endswith(b"bwrap"):
                workers.append(int(entry))
    me = os.getpid()
    return [w for w in workers if parents[w] == me or parents.get(parents[w]) == me]


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGSTOP], ids=["killed", "stopped"])
def test_a_worker_interfered_with_from_outside_is_restarted_uncharged(bots, layer, how):
    done = threading.Event()
    hit: list[int] = []

    def interfere():
        # As soon as the honest worker is up (loading, or deciding: either is asked again), hit it once.
        while not done.is_set():
            workers = _workers_of_this_process()
            if workers:
                os.kill(workers[0], how)
                hit.append(workers[0])
                return
            time.sleep(0.01)

    thread = threading.Thread(target=interfere)
    thread.start()
    try:
        t = _play(bots, "random", layer)
    finally:
        done.set()
        thread.join()
    assert hit and t.forfeits == ()
    name = signal.Signals(how).name
    reason = ("its process was stopped from outside" if how == signal.SIGSTOP
              else f"its process was killed from outside ({name})")
    assert [r.reason for r in t.restarts] == [reason], t.restarts
    assert (t.restarts[0].seat, t.restarts[0].bot) == (1, "NeverBuys")
    # The honest bot was built again and asked again: the match is the one it would have been.
    assert t.results[0].scores == honest(bots, layer).results[0].scores
    assert "started again" in str(t)


# -- seeds and the command line --------------------------------------------------------------------------
def test_a_file_bots_seed_is_a_secret_not_the_match_seed(tmp_path):
    bot = tmp_path / "tells.py"
    bot.write_text("class Tells:\n    def __init__(self, seed=0):\n        self.seed = seed\n"
                   "    def act(self, view):\n        raise RuntimeError(f'seed {self.seed}')\n")
    runs = [play_tournament([f"{bot}:Tells", "thumb"], matches=1, seed=SEED, rules=ONE_ROUND, time_limit=LIMIT)
            for _ in range(2)]
    seeds = [int(t.forfeits[0].reason.split()[2]) for t in runs]
    assert seeds[0] != seeds[1]  # the same tournament seed, a fresh secret each time
    # ...kept in the results, to play it again
    assert seeds == [file_bot_seed(t.bot_key, t.forfeits[0].match, t.forfeits[0].seat) for t in runs]
    again = play_tournament([f"{bot}:Tells", "thumb"], matches=1, seed=SEED, rules=ONE_ROUND, time_limit=LIMIT,
                            bot_key=runs[0].bot_key)
    assert again.forfeits[0].reason == runs[0].forfeits[0].reason


@pytest.mark.parametrize("layer", LAYERS)
def test_the_tournament_seed_on_the_command_line_is_hidden_from_the_bots(bots, layer):
    # The spy looks for the seed and the teacher's variable in every process it can see,
    # the tournament's own command line and memory first.
    seed = _load("reads_parent").SEED
    env = {**os.environ, "TEACHER_SECRET": "the answers to the exam"}
    done = subprocess.run([sys.executable, "-m", "tenpennies", "tournament", f"{bots}/reads_parent.py:ReadsParent",
                           "thumb", "--matches", "1", "--seed", seed, "--time-limit", "1", "--sandbox", layer],
                          capture_output=True, text=True, timeout=300, env=env, cwd=bots)
    assert done.returncode == 0, done.stderr
    forfeit = next(line for line in done.stdout.splitlines() if line.startswith("  ReadsParent: "))
    assert forfeit.startswith("  ReadsParent: 2 forfeits (2 crash)")  # it sat at two of the four seats
    assert forfeit.endswith("RuntimeError: found nothing (reads_parent.py, line 70)")
    assert done.stdout.splitlines()[-1].startswith(f"sandbox: {layer}, ")


def test_hide_from_command_line_blanks_an_options_value(tmp_path):
    script = ("import sys; sys.path.insert(0, %r)\n"
              "from tenpennies.lessons.tournament.sandbox import hide_from_command_line\n"
              "print(hide_from_command_line('--seed'))\n"
              "print(open('/proc/self/cmdline', 'rb').read().split(b'\\0')[1:])\n") % str(ROOT)
    done = subprocess.run([sys.executable, "-c", script, "--matches", "1", "--seed", "8642097531", "--seed=77"],
                          capture_output=True, text=True, timeout=60)
    said = done.stdout.splitlines()
    assert said[0] == "True"
    assert "8642097531" not in said[1] and "77" not in said[1] and "'--matches', b'1'" in said[1]


@pytest.mark.skipif(sandboxes.landlock_abi() < 1, reason="no Landlock in this kernel")
def test_the_sandbox_used_is_recorded_in_the_results(bots):
    t = _play(bots, "random", "pure")
    assert t.sandbox.layer == "pure" and t.sandbox.landlock and t.sandbox.own_users == (os.geteuid() == 0)
    assert str(t.sandbox).startswith("pure, ") and "landlock" in str(t.sandbox)


def test_an_unknown_sandbox_layer_is_refused():
    with pytest.raises(TenPenniesError, match="the sandbox is one of best, pure, bubblewrap"):
        play_tournament([f"{NEVER_BUYS}:NeverBuys", "thumb"], matches=1, sandbox="chroot")
