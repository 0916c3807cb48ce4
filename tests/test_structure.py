"""The package's layers, read from its folders and its imports (ast).

The package docstring lists its folders in floor order, from the ground up
(:func:`floors`); the folders on disk are exactly those. A module imports only from its
own floor or those below, except in a picture hook (``_repr_svg_``, ``_repr_html_``: it
runs when a notebook asks for a picture, never at import time nor in play), and except
the few imports listed in :data:`UPWARD`, each with its reason.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tenpennies"

HOOKS = {"_repr_svg_", "_repr_html_"}

TYPE_ONLY = {"TYPE_CHECKING": "<type checking>", "typing.TYPE_CHECKING": "<type checking>"}
"""An ``if TYPE_CHECKING:`` block's imports run for a type checker only, never in Python:
they are reported as made in this pseudo-function."""

OLD_NAMES = "__getattr__"
"""A module's ``__getattr__`` fetching an old name from its new home ties no module to
another in use."""

UPWARD = {
    ("bots/buying.py", "explain.decisions"): "the judgment's verdict in words (buy_words), said where it is made",
    ("play/simulate.py", "bots"): "a simulation plays bots' matches, named by the caller",
    ("front/classroom.py", "widgets.page"): "the classroom server serves the table's Voila page",
    ("front/cli_review.py", "review.judge"): "the CLI's review command, the top of the house",
    ("front/cli_review.py", "review.page"): "the CLI's review command writes the review's page",
}
"""The imports that run up the floors today, each (file, module) with why."""


def floors(package: Path = PACKAGE) -> list[str]:
    """The package's folders in floor order, ground first, as its docstring lists them
    (a line ``    name/    what it holds``)."""
    text = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
    return re.findall(r"^ {4}(\w+)/ ", text, re.M)


def imports(path: Path, package: Path = PACKAGE):
    """``(module imported, line, enclosing function or None)`` for each import of the
    file, as dotted names inside ``tenpennies`` (``"svg"``, ``"bots.loop"``)."""
    inside = path.relative_to(package).with_suffix("").parts
    here = inside[:-1]  # the package the module sits in (its own, for an __init__)
    found = []

    def visit(node, function):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child, child.name)
                continue
            if isinstance(child, ast.If) and ast.unparse(child.test) in TYPE_ONLY:
                visit(child, TYPE_ONLY[ast.unparse(child.test)])  # (an import for annotations only)
                continue
            if isinstance(child, ast.ImportFrom):
                if child.level:
                    base = here[:len(here) - child.level + 1]
                elif (child.module or "").split(".")[0] == package.name:
                    base = ()
                else:
                    base = None
                if base is not None:
                    module = tuple((child.module or "").split(".")) if child.module else ()
                    if not child.level:
                        module = module[1:]
                    target = base + module
                    # "from . import svg" names modules; "from .svg import x" names one module
                    targets = [target + (a.name,) for a in child.names] if not module else [target]
                    found.extend((".".join(t), child.lineno, function) for t in targets if t)
            elif isinstance(child, ast.Import):
                for alias in child.names:
                    parts = alias.name.split(".")
                    if parts[0] == package.name and len(parts) > 1:
                        found.append((".".join(parts[1:]), child.lineno, function))
            visit(child, function)

    visit(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def upward_imports(package: Path = PACKAGE) -> list[tuple[str, str, str]]:
    """Every import from a lower floor to a higher one, outside picture hooks and type
    checking: ``(file, module, where)``."""
    order = {name: n for n, name in enumerate(floors(package))}
    found = []
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package).parts
        if len(parts) == 1:
            continue  # the package's face, compat and __main__ sit on top of the house
        for module, line, function in imports(path, package):
            first = module.split(".")[0]
            if first in order and order[first] > order[parts[0]] and function not in HOOKS \
                    and function not in TYPE_ONLY.values():
                found.append((str(path.relative_to(package)), module, f"line {line}, in {function or 'the top level'}"))
    return found


def test_the_docstring_lists_every_folder_once_in_floor_order():
    on_disk = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").is_file()}
    assert sorted(floors()) == sorted(on_disk) and len(set(floors())) == len(floors())
    assert floors()[0] == "engine" and floors()[-1] == "widgets"


def test_every_import_runs_down_the_floors_or_says_why():
    assert [(f, m) for f, m, _ in upward_imports() if (f, m) not in UPWARD] == []


def test_every_listed_upward_import_is_still_made():
    assert {(f, m) for f, m, _ in upward_imports()} == set(UPWARD)


def test_the_engine_still_draws_its_pictures_lazily():
    """The picture hooks are there and do import the pictures (else the tests above would
    pass for a package that reads no imports at all)."""
    lazy = {(path.name, module) for path in PACKAGE.rglob("*.py")
            for module, _, function in imports(path) if function in HOOKS}
    assert {("cards.py", "pictures.svg"), ("_core.py", "pictures.svg"), ("actions.py", "pictures.svg")} <= lazy


def plant(tmp_path, files: dict[str, str]) -> Path:
    package = tmp_path / "tenpennies"
    package.mkdir()
    (package / "__init__.py").write_text('"""The house.\n\nIts folders:\n    engine/  ground\n    bots/  players\n    widgets/  w\n"""\n')
    for name, text in files.items():
        (package / Path(name).parent).mkdir(parents=True, exist_ok=True)
        (package / Path(name).parent / "__init__.py").touch()
        (package / name).write_text(text)
    return package


@pytest.mark.parametrize("planted", [
    {"engine/cards.py": "from ..bots import make_bot\n"},
    {"engine/cards.py": "def f():\n    from ..widgets.table import PlayTable\n"},
    {"bots/quick.py": "import tenpennies.widgets\n"},
    {"engine/__init__.py": "from ..bots import quick\n"},
])
def test_a_planted_upward_import_is_found(planted, tmp_path):
    package = plant(tmp_path, planted)
    assert floors(package) == ["engine", "bots", "widgets"]
    assert len(upward_imports(package)) == 1


def test_a_picture_hook_may_import_upward(tmp_path):
    package = plant(tmp_path, {"engine/cards.py": "class Card:\n    def _repr_svg_(self):\n"
                                                  "        from ..widgets.svg import card_svg\n",
                               "bots/quick.py": "from ..engine.cards import Card\n"})
    assert upward_imports(package) == []


def module_file(module: str, package: Path = PACKAGE) -> str | None:
    """The file a dotted name inside the package stands for (``"bots.quick"`` ->
    ``"bots/quick.py"``, ``"bots"`` -> ``"bots/__init__.py"``), or None for a name that is
    no module of it (``"bots.make_bot"``, a name imported from a package's face)."""
    path = package.joinpath(*module.split("."))
    if path.with_suffix(".py").is_file():
        return str(path.with_suffix(".py").relative_to(package))
    if (path / "__init__.py").is_file():
        return str((path / "__init__.py").relative_to(package))
    return None


def import_circles(package: Path = PACKAGE) -> list[list[str]]:
    """The files that import each other in a loop (strongly connected, two or more),
    counting imports inside functions too (a lazy import still ties two modules together)
    but not those inside a picture hook, which the layers allow, nor those made for a type
    checker only or for an old name (issue 23: one home for each concept, and no circle
    but the pictures')."""
    graph: dict[str, set[str]] = {}
    for path in sorted(package.rglob("*.py")):
        me = str(path.relative_to(package))
        edges = graph.setdefault(me, set())
        for module, _, function in imports(path, package):
            if function in HOOKS or function in TYPE_ONLY.values() or function == OLD_NAMES:
                continue
            target = module_file(module, package) or module_file(module.rpartition(".")[0], package)
            if target and target != me:
                edges.add(target)
    # Tarjan's strongly connected components, iteratively (no recursion limit to meet).
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    circles.append(sorted(group))
    return circles


def test_no_modules_import_each_other_except_through_picture_hooks():
    assert import_circles() == []


@pytest.mark.parametrize("files", [
    {"analysis.py": "def f():\n    from .bots.expert import quick_action\n",
     "bots/__init__.py": "", "bots/expert.py": "from ..analysis import rollout_margins\n"},
    {"widgets/__init__.py": "", "widgets/table.py": "def f():\n    from .review import review_panel\n",
     "widgets/review.py": "from .table import PlayTable\n"},
    {"a.py": "from . import b\n", "b.py": "from .c import x\n", "c.py": "import tenpennies.a\n"},
])
def test_a_planted_circle_is_found(files, tmp_path):
    package = tmp_path / "tenpennies"
    for name, text in files.items():
        (package / Path(name).parent).mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text)
    assert len(import_circles(package)) == 1


def test_a_circle_through_a_picture_hook_is_allowed(tmp_path):
    package = tmp_path / "tenpennies"
    package.mkdir()
    (package / "cards.py").write_text("class Card:\n    def _repr_svg_(self):\n        from .svg import card_svg\n")
    (package / "svg.py").write_text("from .cards import Card\n")
    assert import_circles(package) == []


def test_imports_for_a_type_checker_or_an_old_name_tie_nothing(tmp_path):
    package = tmp_path / "tenpennies"
    package.mkdir()
    (package / "view.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .match import Match\n")
    (package / "match.py").write_text("from .view import PlayerView\n")
    (package / "sets.py").write_text("def __getattr__(name):\n    from .melds import TableMeld\n    return TableMeld\n")
    (package / "melds.py").write_text("from .sets import is_valid_set\n")
    assert import_circles(package) == []


LONG = 600
"""Lines past which a module is split by concept (issue 37: no module over 600 lines)."""


def long_modules(package: Path = PACKAGE) -> list[str]:
    """Modules over :data:`LONG` lines."""
    found = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONG:
            found.append(f"{path.relative_to(package.parent)} ({text.count(chr(10))} lines)")
    return found


def test_no_module_is_over_600_lines():
    assert long_modules() == []


def test_a_long_module_is_found(tmp_path):
    package = tmp_path / "tenpennies"
    package.mkdir()
    (package / "long.py").write_text('"""Several things."""\n' + "x = 1\n" * (LONG + 1))
    (package / "short.py").write_text('"""A thing."""\n' + "x = 1\n" * (LONG - 1))
    assert long_modules(package) == [f"tenpennies/long.py ({LONG + 2} lines)"]


def function_imports_without_a_reason(package: Path = PACKAGE) -> list[str]:
    """Imports inside a function with no comment, on their line or the one above, saying
    why they are not at the top (a cycle, an upward import, an optional package, a picture
    hook, the weight of ``import tenpennies``, a fresh process): ``file:line``."""
    found = []
    for path in sorted(package.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                    if "#" not in lines[node.lineno - 1] and not above.startswith("#"):
                        found.append(f"{path.relative_to(package.parent)}:{node.lineno}")
    return sorted(set(found))


def test_every_import_inside_a_function_says_why():
    assert function_imports_without_a_reason() == []


def test_an_import_inside_a_function_without_a_reason_is_found(tmp_path):
    package = tmp_path / "tenpennies"
    package.mkdir()
    (package / "lazy.py").write_text("def f():\n    import json\n    return json\n\n\n"
                                     "def g():\n    # (a cycle: json imports this module)\n    import json\n"
                                     "    from os import path  # (optional)\n    return json, path\n")
    assert function_imports_without_a_reason(package) == ["tenpennies/lazy.py:2"]
