"""Write the puzzle notebooks of this folder (then execute them to save their outputs).

    .venv/bin/python puzzles/build_notebooks.py
    for f in puzzles/solutions-*.ipynb; do .venv/bin/jupyter nbconvert --to notebook --execute --inplace \
        --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False "$f"; done

(Without those two options nbconvert saves each cell's timings and the widgets' state in
the notebook: unstable from run to run, and nothing a learner needs.)

``play-KIND.ipynb``: one per kind, a :class:`tenpennies.widgets.PuzzleWidget` to solve
them by clicking. These are written here whole and never executed for saving: a saved
widget output, once its kernel is gone, shows only "Loading widget..." where the puzzle
should be, so the widget's cell is saved without output, under words that say to run it
(:data:`RUN_ME`). (Words saved as the cell's output would need an execution count that
no run made: nbval refuses an unrun cell with outputs.) When nbval runs it, its output is
not compared (a widget's view is not a picture): the cell is tagged
``nbval-ignore-output``, out of the learner's sight. nbval 0.11 reads
such tags from the cell's metadata as it reads its comment markers (its plugin's
``find_metadata_tags``).
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


RUN_ME = ("**Run the cell below** (click in it, then press Shift+Enter, or ▶ in the toolbar): the puzzles "
          "open under it. Nothing shows there until you do.")
"""The words above a widget's cell, which is saved without output (see the module)."""


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


def _by_count(names) -> list[tuple[str, int]]:
    tally: dict[str, int] = {}
    for name in names:
        tally[name] = tally.get(name, 0) + 1
    return sorted(tally.items(), key=lambda item: (-item[1], item[0]))


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
        # A theme on every puzzle of the kind chooses nothing: offer the others first.
        themes = sorted(_by_count(t for p in chosen for t in p.themes), key=lambda item: item[1] == len(chosen))
        ratings = sorted(p.rating for p in chosen)
        spread = (f" Their ratings run from {ratings[0]} to {ratings[-1]}." if ratings[0] != ratings[-1] else "")
        cells = [
            ("md", f"# Puzzles: {kind}\n\n{question}\n\n{k.answer_form}\n\n"
                   f"There are {len(chosen)} {kind} puzzles, {in_tiers}.{games}{spread} "
                   "Click cards or buttons (or type, then Enter), then **Check**. **Hint** gives a hint; "
                   "each one adds to those before, and all stay shown. **Show solution** shows the engine's "
                   "answer and why. **Next** moves on.\n\n"
                   "You have a rating, as the puzzles do: each puzzle you meet for the first time moves it "
                   "(solved alone, up; solved after hints, about even; missed, down), and each next puzzle is "
                   "chosen near it. **Streak** serves puzzles that climb in rating, without hints, until the "
                   "first miss. Your rating, history and streak are kept in a file on this computer (in the "
                   "browser site: in the site's own storage), so they are still there next time."),
            # Before it runs, a saved widget shows only "Loading widget...": say what to do.
            ("md", RUN_ME),
            ("code nbval-ignore-output",
             f"from tenpennies.widgets import PuzzleWidget\nPuzzleWidget(kind={kind!r})"),
            ("md", "## Choose\n\n"
                   + (f"One tier: `PuzzleWidget(kind={kind!r}, tier={tiers[0]})`. " if len(tiers) > 1 else "")
                   + (f"One theme: `PuzzleWidget(kind={kind!r}, theme={themes[0][0]!r})`; the themes of "
                      f"{kind} puzzles: " + ", ".join(f"`{t}` ({n})" for t, n in themes) + ". " if themes else "")
                   + f"Harder or easier than your rating: `PuzzleWidget(kind={kind!r}, difficulty=300)` "
                   "(or `-300`). A streak from the start: `streak=True`. Every kind at once: `PuzzleWidget()`."),
            ("md", "## Your progress\n\nYour rating, streak and themes, weakest first (run the cell)."),
            ("code nbval-ignore-output",
             "from tenpennies.puzzles.progress import Progress\nme = Progress()\nprint(me)\nme.themes()"),
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
