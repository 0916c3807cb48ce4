"""Today's notebooks, records and puzzle files load unchanged after the move into folders.

The shipped notebooks import through the new paths; a notebook saved before the move
wrote the old flat ones (``from tenpennies.play.match import Match``). Every name the shipped
notebooks and puzzle notebooks import is imported here through its old path, as
:data:`tenpennies.compat.OLD_PATHS` keeps it, and must be the very object the new path
gives; every match record of ``tests/data/`` and every shipped puzzle file loads.
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

import pytest

from tenpennies import puzzles
from tenpennies.play import record
from tenpennies.compat import OLD_PATHS
from tenpennies.puzzles.matches import read_matches

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").rglob("*.ipynb")) + sorted((ROOT / "puzzles").glob("*.ipynb"))
OLD_OF = {new: old for old, news in OLD_PATHS.items() for new in news}
"""Each new module, and the old path that offers its names."""

FROM = re.compile(r"^[ \t]*from tenpennies\.([\w.]+) import (?:\(([^)]*)\)|([\w ,]+))", re.M)


def notebook_imports() -> list[tuple[str, str, str]]:
    """``(module, name, notebook)`` for each name a shipped notebook imports from a module
    of the package (``from tenpennies.play.match import Match``: ``("play.match", "Match", ...)``)."""
    found = []
    for path in NOTEBOOKS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            for module, inside, names in FROM.findall("".join(cell["source"])):
                for name in (inside or names).replace("\n", " ").split(","):
                    if name.split():
                        found.append((module, name.split()[0], path.name))
    return found


def test_the_notebooks_import_through_moved_modules():
    """Else the test below would check nothing."""
    moved = {module for module, _, _ in notebook_imports() if module in OLD_OF}
    assert len(moved) >= 10, moved


@pytest.mark.parametrize("module, name, notebook", notebook_imports())
def test_a_notebooks_name_comes_through_its_old_path(module, name, notebook):
    new = importlib.import_module(f"tenpennies.{module}")
    old = importlib.import_module(f"tenpennies.{OLD_OF.get(module, module)}")
    assert getattr(old, name) is getattr(new, name)


@pytest.mark.parametrize("old", sorted(OLD_PATHS))
def test_an_old_path_is_its_new_module(old):
    module = importlib.import_module(f"tenpennies.{old}")
    homes = [importlib.import_module(f"tenpennies.{new}") for new in OLD_PATHS[old]]
    if len(homes) == 1:
        assert module is homes[0] and module.__spec__.name == homes[0].__name__
    for home in homes:
        public = getattr(home, "__all__", [n for n in vars(home) if not n.startswith("_")])
        assert all(getattr(module, n) is getattr(home, n) for n in public)


def test_an_old_path_that_never_was_is_not_found():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("tenpennies.no_such_module")


def test_the_old_review_module_path_offers_its_names():
    from tenpennies.review.judge import review  # the module review.py was; now the review folder's face
    from tenpennies.review.judge import review as judged
    assert review is judged


RECORDS = [p for p in sorted((ROOT / "tests" / "data").glob("*.json"))
           if json.loads(p.read_text(encoding="utf-8")).get("format") == "tenpennies-match"]


def test_the_data_folder_holds_records():
    assert len(RECORDS) >= 3


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_record_of_today_loads(path):
    match = record.load(path)
    assert record.loads(record.dumps(match)).log == match.log


@pytest.mark.slow
def test_every_shipped_puzzle_file_loads():
    assert len(puzzles.load()) > 2000
    assert len(read_matches()) >= 3


def test_importing_the_old_simulate_path_leaves_the_packages_simulate_the_function():
    # A saved notebook's `import tenpennies.simulate` must not turn the face's function
    # into the module (the README's `from tenpennies import simulate` failed so, by test order).
    import importlib

    import tenpennies

    importlib.import_module("tenpennies.simulate")
    from tenpennies import simulate

    assert callable(simulate) and simulate is tenpennies.play.simulate.simulate
    assert importlib.import_module("tenpennies.simulate") is tenpennies.play.simulate
