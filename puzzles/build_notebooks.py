"""Write the puzzle notebooks of this folder (then execute them to save their outputs).

    .venv/bin/python puzzles/build_notebooks.py
    for f in puzzles/*.ipynb; do .venv/bin/jupyter nbconvert --to notebook --execute --inplace \
        --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False "$f"; done

(Without those two options nbconvert saves each cell's timings and the widgets' state in
the notebook: unstable from run to run, and nothing a learner needs.)

``play-KIND.ipynb``: one per kind, a :class:`tenpennies.widgets.PuzzleWidget` to solve
them by clicking (its output is not compared: a widget's view is not a picture, so its
cell is tagged ``nbval-ignore-output``, out of the learner's sight).
``solutions-tier-N.ipynb``: one per tier, the first puzzle of each kind in that tier,
drawn as cards, with the engine's recomputed answer and reasoning; nbval compares these
saved outputs, so a change of rule or solver that changes an answer shows there too.

Both are written as JupyterLab saves them (``tools/normalize_notebooks.py``), so opening
one leaves a clean checkout clean.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _normalizer():
    # tools/ is no package: load the one normaliser by its path.
    spec = importlib.util.spec_from_file_location("normalize_notebooks", HERE.parent / "tools" / "normalize_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _notebook(cells):
    """A notebook of ``(kind, text)`` cells; a code cell's kind may carry nbval tags
    (``"code nbval-ignore-output"``)."""
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.cells = []
    for kind, text in cells:
        if kind == "md":
            nb.cells.append(nbformat.v4.new_markdown_cell(text))
        else:
            cell = nbformat.v4.new_code_cell(text)
            if tags := kind.split()[1:]:
                cell.metadata["tags"] = tags
            nb.cells.append(cell)
    for n, cell in enumerate(nb.cells):
        cell.id = f"cell-{n}"  # stable ids: a rebuild changes only what changed
    return _normalizer().normalize(nb)


def _write(nb, path: Path) -> None:
    path.write_text(_normalizer().dumps(nb), encoding="utf-8")


def build() -> list[Path]:
    from tenpennies.puzzles import KINDS, load

    written = []
    for kind, k in KINDS.items():
        chosen = load(kind=kind)
        tiers = sorted({p.tier for p in chosen})
        in_tiers = (f"all of tier {tiers[0]}" if len(tiers) == 1 else
                    "in tiers " + ", ".join(map(str, tiers[:-1])) + f" and {tiers[-1]}")
        question = k.question.format(draws="the next stock cards complete")
        other = [p for p in chosen if p.position.rules.name != "Ten Pennies"]
        games = (f" {len(other)} of them are Ten Card Rummy's (runs as well as sets; tiers apply the same)."
                 if other else "")
        cells = [
            ("md", f"# Puzzles: {kind}\n\n{question}\n\n{k.answer_form}\n\n"
                   f"There are {len(chosen)} {kind} puzzles, {in_tiers}.{games} "
                   "Click cards or buttons (or type), then **Check**. **Hint** gives a hint, each more "
                   "revealing; **Show solution** shows the engine's answer and why. **Next** moves on."),
            # Before it runs, the cell's widget shows only "Loading widget...": say what to do.
            ("md", "Run the cell below (Shift+Enter) to open the puzzles."),
            ("code nbval-ignore-output", f"from tenpennies.widgets import PuzzleWidget\nPuzzleWidget(kind={kind!r})"),
            ("md", "Only one tier? `PuzzleWidget(kind=..., tier=1)`. One theme? `theme='wild-limit'`."),
        ]
        path = HERE / f"play-{kind}.ipynb"
        _write(_notebook(cells), path)
        written.append(path)
    for tier in (1, 2, 3):
        cells = [("md", f"# Solutions, tier {tier}\n\nThe first tier-{tier} puzzle of each kind, with the answer "
                        "the engine computes now (never the one typed in the puzzle file) and its reasoning. "
                        "The last cell checks that each stored answer is still the engine's."),
                 ("code", "from tenpennies.puzzles import load, rederive\n"
                          f"puzzles = {{p.kind: p for p in reversed(load(tier={tier}))}}\nlist(puzzles)")]
        for kind in KINDS:
            if not load(kind=kind, tier=tier):
                continue
            cells.append(("md", f"## {kind}"))
            cells.append(("code", f"p = puzzles[{kind!r}]\nprint(p.id, '-', p.title)\nprint(p.question)\np.position"))
            cells.append(("code", "print(p.solution())"))
        cells.append(("code", "assert all(rederive(p) == [] for p in puzzles.values())\n"
                              "len(puzzles), 'answers re-derived'"))
        path = HERE / f"solutions-tier-{tier}.ipynb"
        _write(_notebook(cells), path)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in build():
        print(path.name)
