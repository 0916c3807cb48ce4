"""Every notebook is saved as JupyterLab saves it, so opening one leaves a clean clone clean.

``tools/normalize_notebooks.py`` writes a notebook as JupyterLab 4 does after opening it
(the browser test ``tests/browser/test_notebooks_clean.py`` checks that in a real
JupyterLab); these tests catch, without a browser, a notebook saved by another tool, and
nbval markers left as comments in the code a learner reads.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

_spec = importlib.util.spec_from_file_location("normalize_notebooks", ROOT / "tools" / "normalize_notebooks.py")
normalize_notebooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(normalize_notebooks)

NOTEBOOKS = list(normalize_notebooks.notebooks())


def test_the_notebooks_are_found():
    names = {str(p.relative_to(ROOT)) for p in normalize_notebooks.notebooks()}
    assert {"notebooks/10_write_a_bot.ipynb", "notebooks/exercises/12_buy_solutions.ipynb",
            "puzzles/play-buy.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_each_notebook_is_saved_as_jupyterlab_saves_it(path):
    saved = path.read_text(encoding="utf-8")
    assert saved == normalize_notebooks.normalized_text(path), (
        f"{path.relative_to(ROOT)} is not as JupyterLab saves it: run tools/normalize_notebooks.py on it")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_code_cell_shows_an_nbval_comment(path):
    for n, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        assert "NBVAL_" not in "".join(cell["source"]), f"{path.relative_to(ROOT)}, cell {n}: use a cell tag"


def test_the_kernelspec_and_language_info_are_what_ipykernel_reports():
    """What the normaliser writes is what JupyterLab would write from this kernel."""
    from ipykernel.ipkernel import IPythonKernel
    from jupyter_client.kernelspec import KernelSpecManager

    spec = KernelSpecManager().get_kernel_spec("python3")
    assert normalize_notebooks.KERNELSPEC == {"display_name": spec.display_name, "language": spec.language,
                                              "name": "python3"}
    # The Python version is the venv's; elsewhere only that one line would differ.
    reported = dict(IPythonKernel.language_info, version=normalize_notebooks.LANGUAGE_INFO["version"])
    assert normalize_notebooks.LANGUAGE_INFO == reported


def test_normalising_keeps_outputs_and_turns_markers_into_tags():
    nb = {"cells": [{"cell_type": "code", "execution_count": 1, "id": "a", "metadata": {},
                     "outputs": [{"name": "stdout", "output_type": "stream", "text": ["1\n"]}],
                     "source": "# NBVAL_IGNORE_OUTPUT\nprint(1)\n  #  NBVAL_SKIP\n"},
                    {"cell_type": "markdown", "id": "b", "metadata": {}, "source": "# NBVAL_SKIP is a word here"}],
          "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                       "widgets": {"kept": True}},
          "nbformat": 4, "nbformat_minor": 5}
    out = normalize_notebooks.normalize(nb)
    code, text = out["cells"]
    assert code["source"] == "print(1)\n"
    assert code["metadata"]["tags"] == ["nbval-ignore-output", "nbval-skip"]
    assert code["outputs"] == nb["cells"][0]["outputs"] and code["execution_count"] == 1
    assert text == nb["cells"][1]
    assert out["metadata"]["kernelspec"]["display_name"] == "Python 3 (ipykernel)"
    assert out["metadata"]["widgets"] == {"kept": True}
    assert normalize_notebooks.normalize(out) == out
    assert normalize_notebooks.dumps(out).endswith("}\n")
