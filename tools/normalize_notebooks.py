"""Save notebooks exactly as JupyterLab would after opening them, so a clean clone stays clean.

    python tools/normalize_notebooks.py                 every notebook of notebooks/ and puzzles/
    python tools/normalize_notebooks.py NB.ipynb ...    just these
    python tools/normalize_notebooks.py --check [NB..]  change nothing; list those that would change

Opening a notebook in JupyterLab starts its kernel, and JupyterLab writes what the kernel
reports into the notebook's metadata: the kernelspec's display name ("Python 3 (ipykernel)",
where older tools wrote "Python 3") and the kernel's ``language_info``. Autosave then
rewrites the file, so a notebook saved any other way shows up in ``git status`` after one
look. The server saves with :func:`nbformat.write` (keys sorted, one-space indent, text
split into lines, a trailing newline); JupyterLab 4 keeps the nbformat minor version and
the cell ids as they were (a 4.4 notebook without ids stays so). Found by opening every
notebook in JupyterLab 4.6 and diffing (``tests/browser/test_notebooks_clean.py`` does it).

What this owns, and all it changes:

- ``metadata.kernelspec`` and ``metadata.language_info`` become :data:`KERNELSPEC` and
  :data:`LANGUAGE_INFO`; other metadata (saved widget state) is kept.
- nbval's comment markers (``# NBVAL_IGNORE_OUTPUT``, ``# NBVAL_SKIP``, ...) become cell
  tags (``nbval-ignore-output``, ``nbval-skip``, ...), which nbval 0.11 honours the same
  way, so a learner no longer reads test machinery in the code.
- The file is written as the Jupyter server writes it.

Outputs and execution counts are never touched: nbval still compares what was saved.
The notebook writers (``puzzles/build_notebooks.py``) use :func:`normalize` and
:func:`dumps`, so a regenerated notebook is clean too.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# What JupyterLab writes once ipykernel's "python3" kernel has started: the kernelspec
# from the kernel's spec (ipykernel's kernel.json) ...
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
# ... and the language_info of its kernel_info reply. ipykernel 6 and 7 report these
# fields; "version" is the kernel's Python, the project venv's 3.11.7 (a learner on
# another Python sees this one line change when their kernel starts: nothing can stop that).
LANGUAGE_INFO = {
    "codemirror_mode": {"name": "ipython", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.11.7",
}

# nbval 0.11's comment markers and the cell tag that means the same (nbval's plugin.py
# derives its tags from the comments this very way: lower case, '_' -> '-').
NBVAL_TAGS = {
    "NBVAL_IGNORE_OUTPUT": "nbval-ignore-output",
    "NBVAL_CHECK_OUTPUT": "nbval-check-output",
    "NBVAL_RAISES_EXCEPTION": "nbval-raises-exception",
    "NBVAL_SKIP": "nbval-skip",
}
_MARKER_LINE = re.compile(r"^[ \t]*#+[ \t]*(" + "|".join(NBVAL_TAGS) + r")[ \t]*(?:\n|$)", re.MULTILINE)

# The folders whose notebooks are the repository's (checkpoints are JupyterLab's backups).
FOLDERS = ("notebooks", "puzzles")


def notebooks(root: Path = ROOT) -> list[Path]:
    """Every notebook of the repository under ``root``, sorted."""
    return sorted(p for folder in FOLDERS for p in (root / folder).rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in p.parts)


def _source(cell) -> str:
    s = cell.get("source", "")
    return "".join(s) if isinstance(s, list) else s


def normalize(nb: dict) -> dict:
    """A copy of notebook ``nb`` (a dict or NotebookNode) with the metadata JupyterLab
    writes and nbval's markers as cell tags; cells' outputs are left as they were."""
    nb = copy.deepcopy(nb)
    metadata = nb.setdefault("metadata", {})
    metadata["kernelspec"] = dict(KERNELSPEC)
    metadata["language_info"] = copy.deepcopy(LANGUAGE_INFO)
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        source = _source(cell)
        found = [m.group(1) for m in _MARKER_LINE.finditer(source)]
        if not found:
            continue
        cell["source"] = _MARKER_LINE.sub("", source)
        tags = cell.setdefault("metadata", {}).setdefault("tags", [])
        tags.extend(NBVAL_TAGS[m] for m in found if NBVAL_TAGS[m] not in tags)
    return nb


def dumps(nb: dict) -> str:
    """The text the Jupyter server writes for ``nb`` (what :func:`nbformat.write` writes)."""
    import nbformat  # only the tools need it; the engine never does

    text = nbformat.writes(nbformat.from_dict(nb), version=nbformat.NO_CONVERT)
    return text if text.endswith("\n") else text + "\n"


def normalized_text(path: Path) -> str:
    """What ``path`` holds once normalised."""
    import json

    return dumps(normalize(json.loads(path.read_text(encoding="utf-8"))))


def normalize_file(path: Path) -> bool:
    """Rewrite ``path`` normalised; True if it changed."""
    text = normalized_text(path)
    if path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


def _shown(path: Path) -> str:
    path = path.resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path, help="notebooks (default: all of notebooks/ and puzzles/)")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if any would change")
    args = parser.parse_args(argv)
    paths = args.paths or notebooks()
    changed = [p for p in paths if (normalized_text(p) != p.read_text(encoding="utf-8") if args.check
                                    else normalize_file(p))]
    for p in changed:
        print(f"{'would change' if args.check else 'normalised'}: {_shown(p)}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
