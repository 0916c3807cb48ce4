"""The package's layers, read from its imports (ast): the engine never imports the front end.

The engine (cards, rules, sets and melds, actions, the match, views, records, positions,
the solver, the bots and their loop, the odds, simulations, words) may import the front
end (the table's controller ``game``, its words ``narrate``, ``hint``, the pictures
``layout`` and ``svg``, ``widgets``) only inside a picture hook, ``_repr_svg_`` or
``_repr_html_``, which runs when a notebook asks for a picture, never at import time
nor in play. And the table's words and the hints sit below the controller: they do not
import ``game``. A module added to the package is engine unless it is listed as front end.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "tenpennies"

FRONT_END = {"game", "narrate", "hint", "layout", "svg", "widgets", "cli", "explore", "course", "puzzles",
             "buycheck", "experiments", "classroom", "quiz", "review_page", "__init__", "__main__"}
"""Top-level modules and packages of ``tenpennies`` that are front end (the puzzles and
the buy check explain themselves to a learner, the buy check with the hint's words; a
class experiment shows each student's cards and the teacher's dashboard; the classroom
server serves the table's page; the lessons' questions show cards and answers; the review's
page and replay draw a reviewed match; ``__init__``
gathers the public names); every other one is engine."""

SHOWN = {"game", "narrate", "hint", "layout", "svg", "widgets"}
"""What the engine may not import, except in a picture hook."""

BELOW_THE_CONTROLLER = {"narrate": {"game"}, "hint": {"game"}, "layout": {"game", "hint", "widgets"},
                        "svg": {"game", "hint", "widgets"}}
"""Front-end modules that the controller builds on, and what each may not import at all."""

HOOKS = {"_repr_svg_", "_repr_html_"}


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


def forbidden_imports(package: Path = PACKAGE) -> list[str]:
    """Every import that breaks the layers, as ``"file:line imports module (where)"``."""
    broken = []
    for path in sorted(package.rglob("*.py")):
        top = path.relative_to(package).with_suffix("").parts[0]
        for module, line, function in imports(path, package):
            first = module.split(".")[0]
            where = f"in {function}()" if function else "at the top level"
            if top not in FRONT_END and first in SHOWN and function not in HOOKS:
                broken.append(f"{path.relative_to(package.parent)}:{line} imports {module} {where}")
            if first in BELOW_THE_CONTROLLER.get(top, ()):
                broken.append(f"{path.relative_to(package.parent)}:{line} imports {module} {where}")
    return broken


def test_the_engine_imports_no_front_end_except_in_picture_hooks():
    assert forbidden_imports() == []


def test_the_engine_still_draws_its_pictures_lazily():
    """The picture hooks are there and do import the pictures (else the test above would
    pass for a package that reads no imports at all)."""
    lazy = [(path.name, module) for path in PACKAGE.rglob("*.py")
            if path.relative_to(PACKAGE).parts[0] not in FRONT_END
            for module, _, function in imports(path) if function in HOOKS]
    assert ("cards.py", "svg") in lazy and ("_core.py", "svg") in lazy and ("actions.py", "svg") in lazy


@pytest.mark.parametrize("planted, where", [
    ("from ..game import Game\n", "bots/planted.py"),
    ("from .hint import hint\n", "planted.py"),
    ("def f():\n    from ..svg import card_svg\n", "odds/planted.py"),
    ("import tenpennies.widgets\n", "solver/planted.py"),
    ("from . import layout\n", "planted.py"),
    ("def f():\n    from .game import who\n", "narrate.py"),
])
def test_a_planted_forbidden_import_is_found(planted, where, tmp_path):
    package = tmp_path / "tenpennies"
    (package / Path(where).parent).mkdir(parents=True, exist_ok=True)
    (package / where).write_text(planted)
    assert len(forbidden_imports(package)) == 1


def test_a_picture_hook_may_import_the_pictures(tmp_path):
    package = tmp_path / "tenpennies"
    package.mkdir()
    (package / "cards.py").write_text("class Card:\n    def _repr_svg_(self):\n        from .svg import card_svg\n")
    assert forbidden_imports(package) == []


def widget_circles(package: Path = PACKAGE) -> list[list[str]]:
    """Each circle of imports among the modules of ``widgets`` (any import, lazy ones too),
    as the list of modules around it: a module that needs another's widget is handed it
    (a callable) by a module above both, so none should be found (issue 23)."""
    widgets = package / "widgets"
    names = {p.stem for p in widgets.glob("*.py")}
    needs = {name: {m.split(".")[1] for m, _, _ in imports(widgets / f"{name}.py", package)
                    if m.startswith("widgets.") and m.split(".")[1] in names and m.split(".")[1] != name}
             for name in names}
    circles = []
    for start in sorted(names):
        path, seen = [start], {start}

        def walk(name):
            for nxt in sorted(needs[name]):
                if nxt == start and len(path) > 1:
                    circles.append(list(path))
                elif nxt not in seen and nxt > start:  # each circle once, from its first module
                    seen.add(nxt)
                    path.append(nxt)
                    walk(nxt)
                    path.pop()
                    seen.discard(nxt)

        walk(start)
    return circles


def test_the_widgets_import_one_another_without_a_circle():
    assert widget_circles() == []


def test_a_planted_widget_circle_is_found(tmp_path):
    widgets = tmp_path / "tenpennies" / "widgets"
    widgets.mkdir(parents=True)
    (widgets / "__init__.py").write_text("")
    (widgets / "table.py").write_text("def open_review():\n    from .review import review_panel\n")
    (widgets / "review.py").write_text("from .table import PlayTable\n")
    assert widget_circles(tmp_path / "tenpennies") == [["review", "table"]]
