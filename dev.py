"""The two set-up commands of the README, with nothing but Python 3.11+ installed.

    python3 dev.py lab     make .venv if needed, then open JupyterLab on the course (notebooks/),
                           its notebooks trusted so their saved pictures show; extra
                           arguments go to JupyterLab (e.g. --no-browser --port 8899)
    python3 dev.py test    make .venv if needed, then run every test (unit, property,
                           doctest, notebook, browser and puzzle tests) on every core
                           (pytest-xdist, -n auto), with any extra pytest arguments
                           (-n 0 runs in one process, e.g. for --pdb)
    python3 dev.py test --quick
                           the edit-test loop, a few minutes: leaves out the tests marked
                           slow, browser or notebook and checks 3 puzzles of each kind and
                           game (conftest.py says how tests are marked)
    python3 dev.py app     make .venv if needed, then serve the live table
                           (notebooks/play.ipynb) with Voila, code hidden; each browser
                           tab gets its own match, dealt in secret (options:
                           --max-players 40, --close-seconds 30, --idle-seconds 300,
                           --practice for ?seed=, --experiment NAME [--db PATH]
                           for a class experiment's student panel; --rooms [--db PATH]
                           seats classmates at shared tables: the teacher opens rooms
                           at /rooms/teacher, students join at /rooms/join)
    python3 dev.py course  make .venv if needed, then build the course as a static web site
                           (every notebook as saved, the rules, an index) in build/course/
    python3 dev.py site    make .venv if needed, then build the classroom site in build/lite/:
                           JupyterLite, the notebooks runnable in any browser, nothing
                           installed (tools/site.py; needs npm and the package registries)

The environment is rebuilt when pyproject.toml changes (its hash is kept in .venv).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".tenpennies-installed"


def ensure_env() -> None:
    if sys.version_info < (3, 11):
        sys.exit(f"tenpennies needs Python 3.11 or newer; this is {sys.version.split()[0]}")
    wanted = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == wanted and PYTHON.exists():
        return
    if not PYTHON.exists():
        print(f"Creating the environment in {VENV} ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("Installing tenpennies with its notebook, test and site extras (first time takes a minute) ...", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    subprocess.run(
        [str(PYTHON), "-m", "pip", "install", "-q", "-e", f"{ROOT}[notebooks,test,site]"], check=True
    )
    STAMP.write_text(wanted)


def trust_notebooks(python: Path = PYTHON, env: dict | None = None) -> None:
    """Sign the kit's own notebooks as trusted (``jupyter trust``), in this user's Jupyter
    data directory: JupyterLab shows the saved pictures (SVG) of an untrusted notebook as
    text, and every notebook of a fresh clone is untrusted there."""
    books = sorted(str(p) for folder in ("notebooks", "puzzles") for p in (ROOT / folder).rglob("*.ipynb")
                   if ".ipynb_checkpoints" not in p.parts)
    subprocess.run([str(python), "-m", "jupyter", "trust", *books], env=env, check=True,
                   stdout=subprocess.DEVNULL)


QUICK = ["-m", "not slow and not browser and not notebook", "--puzzle-sample", "3"]
"""What ``--quick`` adds: no slow, browser or notebook tests, 3 puzzles of each kind and game."""


def test_args(extra: list[str]) -> list[str]:
    """pytest's arguments for ``dev.py test [--quick] EXTRA...``.

    Every core by default (``-n auto``), the 20 slowest tests listed at the end; ``--dist loadgroup`` keeps together what shares a
    worker's state: a notebook's cells (one kernel), a browser test file (its chromium and servers),
    a test file's module fixtures (conftest.py gives the groups). An ``-n`` of the
    caller's wins; the quick run is one process when ``-n`` is not given, since starting
    workers costs more than it saves there."""
    quick = "--quick" in extra
    extra = [a for a in extra if a != "--quick"]
    args = ["--nbval", "--nbval-current-env"]
    given_n = any(a == "-n" or (a.startswith("-n") and not a.startswith("--")) or a.startswith("--numprocesses")
                  for a in extra)
    if not given_n and not quick:
        args += ["-n", "auto"]
    if not quick and not any(a.startswith("--durations") for a in extra):
        args += ["--durations=20"]  # the whole run ends with its 20 slowest tests: where the minutes go
    if not any(a.startswith("--dist") for a in extra):
        args += ["--dist", "loadgroup"]
    return args + (QUICK if quick else []) + extra


def main(argv: list[str]) -> int:
    command, extra = (argv[0], argv[1:]) if argv else ("", [])
    if command not in ("lab", "test", "app", "course", "site"):
        print(__doc__)
        return 2
    ensure_env()
    os.chdir(ROOT)
    if command == "site":
        return subprocess.call([str(PYTHON), str(ROOT / "tools" / "site.py"), *extra])
    if command == "course":
        return subprocess.call([str(PYTHON), "-m", "tenpennies.lessons.course", str(ROOT / "build" / "course"), *extra])
    if command == "lab":
        # The whole repository is the root, so puzzles/ and docs/rules.md open too (the
        # notebooks link to them); the course's first notebook opens first.
        args = [str(PYTHON), "-m", "jupyter", "lab", "--notebook-dir", str(ROOT),
                "--LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb", *extra]
        trust_notebooks()
        if getattr(os, "geteuid", lambda: None)() == 0 and "--allow-root" not in extra:
            # JupyterLab refuses to start as root unless told; a container or a classroom
            # VM often runs everything as root, and the README's command must just work.
            args.append("--allow-root")
    elif command == "app":
        # The classroom server (tenpennies/front/classroom.py): Voila with one kernel per page,
        # so every tab plays its own match, dealt in secret; at most --max-players tabs
        # at once (40 by default); a kernel ends --close-seconds (30) after its page
        # closed, or --idle-seconds (300) with no page connected; every kernel websocket
        # frame is read with bounds (one raw client could otherwise exhaust the server's
        # memory). --practice lets ?seed= choose a page's deal. Other arguments go to
        # Voila (--port=8866 ...).
        args = [str(PYTHON), "-m", "tenpennies.front.classroom", *extra]
    else:
        args = [str(PYTHON), "-m", "pytest", *test_args(extra)]
    return subprocess.call(args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
