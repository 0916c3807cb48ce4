"""Build the classroom site: JupyterLite with the Pyodide kernel, the kit and its notebooks.

    python3 dev.py site            (or: .venv/bin/python tools/site.py [OUTPUT_DIR])

makes ``build/lite/``, a folder of static files that runs the course and puzzle notebooks
in any modern browser with nothing installed. Any static web server can publish it (or
``python3 -m http.server`` from a USB stick); at run time it fetches nothing from outside
its own folder.

What goes in, all from the package registries and cached under ``build/cache/``:

- the Pyodide runtime, from the npm package ``pyodide@PYODIDE`` (``npm pack``);
- the pure-Python wheels the kernel loads at start (micropip, IPython, jedi and their
  dependencies, at the versions Pyodide's ``pyodide-lock.json`` names), from PyPI;
- ``comm`` and ``ipywidgets`` (at the versions installed here, so the Python side matches
  the widget manager labextension that goes in beside it), from PyPI;
- the ``tenpennies`` wheel, built from this tree, with the puzzle files (``puzzles/*.toml``)
  added at the wheel's top level: unpacked into site-packages they sit where
  ``tenpennies.puzzles.FOLDER`` looks (beside the package), as they do in a checkout.

Pyodide's lock file is rewritten to list exactly those wheels (with their sha256 checked
by Pyodide on load), so a notebook asking for anything else (numpy, matplotlib, ipycanvas)
gets an ImportError at once instead of a download, and ``disablePyPIFallback`` stops
``%pip install`` from reaching PyPI. ``tenpennies`` and ``ipywidgets`` are loaded with
the kernel, so the notebooks run unchanged: the kit's own fallbacks (SVG table and
charts, pure-Python odds) do the rest.

A learner's puzzle progress (rating, history, streak: :mod:`tenpennies.puzzles.progress`)
is kept in ``/drive/puzzle-progress.db``, the site's own browser storage (IndexedDB), so
it survives a page reload and shows in the file browser, where a learner can download it
for the teacher's ``tenpennies puzzles export``. Clearing the browser's data for the site
clears it too. Python's ``sqlite3`` is in Pyodide's standard library: nothing to add here.

The build tools are the ``site`` extra of pyproject.toml (jupyterlite-core and
jupyterlite-pyodide-kernel, pinned to the Pyodide below).
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import zipfile
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
CACHE = BUILD / "cache"
OUTPUT = BUILD / "lite"

PYODIDE = "314.0.6"
"""The Pyodide that jupyterlite-pyodide-kernel 0.8.6 expects (Python 3.14 in the browser)."""

KERNEL_NEEDS = ("micropip", "ipython", "jedi")
"""What the Pyodide kernel installs at start besides its own wheels (which come with its
labextension); their dependencies are followed through the lock file."""

EXTRA_WHEELS = {
    # name in the lock: (PyPI project, modules it provides, lock dependencies)
    "comm": ("comm", ["comm"], []),
    "ipywidgets": ("ipywidgets", ["ipywidgets"], ["comm", "ipython", "traitlets"]),
}

PRELOAD = ["ipywidgets", "tenpennies"]
"""Loaded with the kernel, so notebooks import them as they do in JupyterLab."""

LABEXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager")
"""The only labextensions the site carries: the kernel and the widget manager (not the
ipycanvas or Voila ones installed here, which cannot work in the site)."""

CONTENTS = {"notebooks": ".", "puzzles": "puzzles"}
"""The folders published in the site (this tree's folder: where it goes in the site): the
course at the top, where the start notebook is the first thing a student sees."""

RUNTIME_FILES = ("pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide.mjs", "pyodide.js", "python_stdlib.zip")


def _normal(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _run(args: list, **kw) -> None:
    print("  $", " ".join(str(a) for a in args), flush=True)
    subprocess.run([str(a) for a in args], check=True, **kw)


def fetch_pyodide() -> Path:
    """The Pyodide runtime unpacked from its npm package (cached)."""
    unpacked = CACHE / f"pyodide-{PYODIDE}"
    if (unpacked / "pyodide-lock.json").exists():
        return unpacked
    npm_dir = CACHE / "npm"
    npm_dir.mkdir(parents=True, exist_ok=True)
    tgz = npm_dir / f"pyodide-{PYODIDE}.tgz"
    if not tgz.exists():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit("the site needs npm (to fetch the Pyodide runtime from the npm registry)")
        _run([npm, "pack", f"pyodide@{PYODIDE}", "--silent"], cwd=npm_dir)
    staging = CACHE / "pyodide-unpacking"
    shutil.rmtree(staging, ignore_errors=True)
    with tarfile.open(tgz) as archive:
        # The "data" filter (Python 3.11.4+) refuses links and paths outside the folder.
        archive.extractall(staging, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    shutil.rmtree(unpacked, ignore_errors=True)
    (staging / "package").rename(unpacked)
    shutil.rmtree(staging)
    return unpacked


def lock_closure(lock: dict, names) -> list[str]:
    """The lock's package names that ``names`` need, following ``depends``."""
    by_normal = {_normal(k): k for k in lock["packages"]}
    seen: list[str] = []
    todo = [by_normal[_normal(n)] for n in names]
    while todo:
        name = todo.pop()
        if name not in seen:
            seen.append(name)
            todo.extend(by_normal[_normal(d)] for d in lock["packages"][name]["depends"])
    return sorted(seen)


def download_wheels(requirements: list[str], into: Path) -> None:
    """Pure-Python wheels from PyPI for Python 3.14, no dependencies (the lock lists them)."""
    into.mkdir(parents=True, exist_ok=True)
    missing = [r for r in requirements if not any(into.glob(_wheel_glob(r)))]
    if missing:
        _run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
              "--python-version", "3.14", "--implementation", "py", "-d", into, *missing])


def _wheel_glob(requirement: str) -> str:
    name, version = requirement.split("==")
    return f"{name.replace('-', '_')}-{version}-*.whl"


def _find_wheel(into: Path, name: str, version: str) -> Path:
    for path in into.glob("*.whl"):
        dist, ver = path.name.split("-")[:2]
        if _normal(dist) == _normal(name) and ver == version:
            return path
    raise FileNotFoundError(f"no wheel for {name}=={version} in {into}")


def build_tenpennies_wheel(into: Path) -> Path:
    """The kit's wheel, built from this tree (rebuilt every time: the tree changes)."""
    for old in into.glob("tenpennies-*.whl"):
        old.unlink()
    _clear_setuptools_build()  # a module deleted from the tree must not linger in the wheel
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", into, ROOT])
    _clear_setuptools_build()
    return next(into.glob("tenpennies-*.whl"))


def _clear_setuptools_build() -> None:
    # setuptools builds in the tree's build/ (beside our cache): its lib/ and bdist.* only.
    shutil.rmtree(BUILD / "lib", ignore_errors=True)
    for path in BUILD.glob("bdist.*"):
        shutil.rmtree(path, ignore_errors=True)


def add_puzzle_files(wheel: Path) -> None:
    """Put ``puzzles/*.toml`` into the wheel (and its RECORD) at the top level."""
    files = sorted((ROOT / "puzzles").glob("*.toml"))
    with zipfile.ZipFile(wheel) as old:
        entries = [(info, old.read(info)) for info in old.infolist()]
    record = next(info.filename for info, _ in entries if info.filename.endswith(".dist-info/RECORD"))
    added = [(f"puzzles/{f.name}", f.read_bytes()) for f in files]
    lines = []
    for name, data in added:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        lines.append(f"{name},sha256={digest},{len(data)}\n")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in entries:
            if info.filename == record:
                data = data + "".join(lines).encode()
            new.writestr(info, data)
        for name, data in added:
            new.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)


def _entry(name: str, wheel: Path, imports: list[str], depends: list[str]) -> dict:
    return {"name": name, "version": wheel.name.split("-")[1], "file_name": wheel.name,
            "install_dir": "site", "package_type": "package", "sha256": _sha256(wheel),
            "imports": imports, "depends": depends, "unvendored_tests": False}


def stage_pyodide(lite_dir: Path) -> list[str]:
    """``lite_dir/static/pyodide``: the runtime, the wheels and a lock naming only them."""
    runtime = fetch_pyodide()
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    wheels = CACHE / "wheels"
    names = lock_closure(lock, KERNEL_NEEDS)
    pins = [f"{lock['packages'][n]['file_name'].split('-')[0]}=={lock['packages'][n]['version']}" for n in names]
    pins += [f"{project}=={metadata.version(project)}" for project, _, _ in EXTRA_WHEELS.values()]
    download_wheels(pins, wheels)

    target = lite_dir / "static" / "pyodide"
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(runtime / name, target / name)
    packages = {}
    for name in names:
        entry = dict(lock["packages"][name])
        wheel = _find_wheel(wheels, entry["file_name"].split("-")[0], entry["version"])
        # The wheel on PyPI is the one we serve, so its own hash is the one Pyodide checks.
        entry.update(file_name=wheel.name, sha256=_sha256(wheel), unvendored_tests=False)
        packages[name] = entry
        shutil.copy2(wheel, target / wheel.name)
    for name, (project, imports, depends) in EXTRA_WHEELS.items():
        wheel = _find_wheel(wheels, project, metadata.version(project))
        packages[name] = _entry(name, wheel, imports, depends)
        shutil.copy2(wheel, target / wheel.name)
    kit = build_tenpennies_wheel(CACHE / "kit")
    add_puzzle_files(kit)
    packages["tenpennies"] = _entry("tenpennies", kit, ["tenpennies"], [])
    shutil.copy2(kit, target / kit.name)
    lock["packages"] = dict(sorted(packages.items()))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def stage_extensions(lite_dir: Path) -> None:
    """Copy the two labextensions the site needs into ``lite_dir/labextensions``."""
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    target = lite_dir / "labextensions"
    shutil.rmtree(target, ignore_errors=True)
    for name in LABEXTENSIONS:
        if not (share / name / "package.json").exists():
            sys.exit(f"labextension {name} is not installed in {sys.prefix}")
        shutil.copytree(share / name, target / name, ignore=shutil.ignore_patterns("*.map"))


def stage_contents(lite_dir: Path) -> None:
    """``lite_dir/content``: the notebooks as saved (with outputs), in the site's folders."""
    target = lite_dir / "content"
    shutil.rmtree(target, ignore_errors=True)
    def skip(folder: str, names: list[str]) -> set[str]:
        # Python files are not course pages, except the example bots lesson 12 imports (lesson 10's).
        ignored = set(shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")(folder, names))
        return ignored | ({n for n in names if n.endswith(".py")} if Path(folder).name != "bots" else set())

    for folder, place in CONTENTS.items():
        if (ROOT / folder).is_dir():
            shutil.copytree(ROOT / folder, target / place, ignore=skip, dirs_exist_ok=True)


def write_config(lite_dir: Path, output: Path) -> None:
    kernel = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": PRELOAD}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Ten Pennies",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": kernel},
        },
    }, indent=1))
    (lite_dir / "jupyter_lite_config.json").write_text(json.dumps({
        "LiteBuildConfig": {
            "output_dir": str(output),
            "contents": [str(lite_dir / "content")],
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(lite_dir / "labextensions" / name) for name in LABEXTENSIONS],
            "no_sourcemaps": True,
            "apps": ["lab", "notebooks"],
        },
    }, indent=1))


def build(output: Path = OUTPUT) -> Path:
    """Build the site into ``output`` and return it."""
    lite_dir = CACHE / "lite-src"
    lite_dir.mkdir(parents=True, exist_ok=True)
    print("Staging the Pyodide runtime and wheels ...", flush=True)
    packages = stage_pyodide(lite_dir)
    print("  wheels in the site:", ", ".join(packages), flush=True)
    stage_extensions(lite_dir)
    stage_contents(lite_dir)
    write_config(lite_dir, output)
    shutil.rmtree(output, ignore_errors=True)
    # The doit database would skip tasks whose inputs look unchanged; a fresh one keeps
    # each build whole and predictable.
    for db in lite_dir.glob(".jupyterlite.doit.db*"):
        db.unlink()
    jupyter = Path(sys.executable).parent / "jupyter"
    _run([jupyter, "lite", "build", "--lite-dir", lite_dir], cwd=lite_dir)
    size = sum(p.stat().st_size for p in output.rglob("*") if p.is_file())
    print(f"The site is in {output} ({size / 1e6:.1f} MB). Publish the folder as it is.", flush=True)
    return output


if __name__ == "__main__":
    build(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else OUTPUT)
