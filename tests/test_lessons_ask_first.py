"""Every lesson asks before it tells: no answer is in sight before its question is answered.

What "the answer" means here, precisely. A question is a :mod:`tenpennies.lessons.quiz` question
that a cell shows as an :class:`tenpennies.widgets.quiz.Ask` widget; the test finds them by
running the notebook's cells in order in an in-process IPython shell (the notebook's own
code, no kernel) and noting, for each Ask, the first cell that holds it. Its answer is:

* the answer's sentence, ``question.answer().text`` (for a choice, its ``why``: the kit's
  working put in words; for a pick, the kit's sentence on its solution), compared with
  case and spacing ignored; and
* the authored working of a choice: a visible ``choose(`` call, or a ``why=`` or
  ``stated=`` argument, which spell the answer out in the code.

What "in sight" means: the source of every markdown cell and of every code cell whose input
is not hidden (JupyterLab's ``jupyter.source_hidden`` and the ``hide-input`` tag), and every
saved output of any code cell (text, HTML with its tags removed, stream), in the cells up
to and including the question's cell; and the saved outputs of the cells after it, in its
section, up to the next question (where the old "answer cell" was, which a learner saw at
once): up to the next cell that asks a question or the next markdown heading, whichever comes
first. The notebook's saved widget state counts as seen from the top. The Ask widget itself shows the answer once the question is settled
(:attr:`tenpennies.lessons.quiz.Attempt.over`), which a saved notebook never is.
"""

from __future__ import annotations

import copy
import html
import json
import os
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

from tenpennies.widgets.quiz import Ask  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# The notebooks that ask questions: the first steps and the rule lessons.
ASKING = ("00_start_here.ipynb", "02_cards_sets_and_wilds.ipynb", "03_the_seven_contracts.ipynb",
          "04_a_turn.ipynb", "05_laying_down_and_going_out.ipynb", "06_stock_and_turn_cap.ipynb",
          "07_scoring_a_whole_match.ipynb", "09_ten_card_rummy.ipynb")
WORKING = re.compile(r"\bchoose\(|\b(?:why|stated)\s*=")
TAG = re.compile(r"<[^>]+>")


def hidden(cell: dict) -> bool:
    meta = cell.get("metadata", {})
    return meta.get("jupyter", {}).get("source_hidden") is True and "hide-input" in meta.get("tags", [])


def plain(text: str) -> str:
    """Text as compared: no tags, entities read, case and runs of spaces ignored."""
    return " ".join(html.unescape(TAG.sub(" ", text)).split()).lower()


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def outputs_text(cell: dict) -> str:
    """What a learner reads of a code cell's saved outputs (pictures aside)."""
    parts = []
    for output in cell.get("outputs", []):
        if "text" in output:
            parts.append(_joined(output["text"]))
        data = output.get("data", {})
        for mime in ("text/plain", "text/html", "text/markdown"):
            if mime in data:
                parts.append(_joined(data[mime]))
    return "\n".join(parts)


def source_in_sight(cell: dict) -> str:
    if cell["cell_type"] == "markdown" or (cell["cell_type"] == "code" and not hidden(cell)):
        return _joined(cell["source"])
    return ""


def widget_state_text(nb: dict) -> str:
    state = nb.get("metadata", {}).get("widgets", {})
    return json.dumps(state) if state else ""


def answer_sentence(question) -> str:
    return plain(question.answer().text).rstrip(".")


def ask_first_problems(nb: dict, asked: list[tuple[int, object]]) -> list[str]:
    """Every answer in sight before its question is answered; ``asked`` pairs each
    question with the index of the cell that asks it."""
    problems = []
    state = plain(widget_state_text(nb))
    asking = sorted({k for k, _ in asked})
    for k, question in asked:
        answer = answer_sentence(question)
        for j, cell in enumerate(nb["cells"][:section_end(nb, k, asking)]):
            seen = {"source": source_in_sight(cell) if j <= k else "", "output": outputs_text(cell)}
            for where, text in seen.items():
                if answer in plain(text):
                    problems.append(f"cell {j}'s {where} shows the answer to cell {k}'s question "
                                    f"({question}): {question.answer().text}")
            if j <= k and WORKING.search(seen["source"]):
                problems.append(f"cell {j}'s visible code holds the working of a choice "
                                f"(cell {k}: {question}): hide its input")
        if answer in state:
            problems.append(f"the saved widget state shows the answer to cell {k}'s question ({question})")
    return list(dict.fromkeys(problems))


def section_end(nb: dict, k: int, asking: list[int]) -> int:
    """The index after the last cell whose outputs a learner sees with the question at cell
    ``k`` still open: up to the next asking cell, or the next markdown heading."""
    for j in range(k + 1, len(nb["cells"])):
        cell = nb["cells"][j]
        if j in asking or (cell["cell_type"] == "markdown" and _joined(cell["source"]).lstrip().startswith("#")):
            return j
    return len(nb["cells"])


def _load(name: str) -> dict:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))


_ASKED: dict[str, list[tuple[int, object]]] = {}


def questions_asked(name: str) -> list[tuple[int, object]]:
    """Run the notebook's cells in order (cwd notebooks/, as Jupyter does) and note each
    question with the first cell that holds its Ask widget."""
    if name in _ASKED:
        return _ASKED[name]
    import ipywidgets

    shell = InteractiveShell.instance()
    shell.reset(new_session=True)
    here = os.getcwd()
    os.chdir(NOTEBOOKS)
    found, seen = [], set()
    before = set(_widgets(ipywidgets))
    try:
        for k, cell in enumerate(_load(name)["cells"]):
            if cell["cell_type"] != "code":
                continue
            result = shell.run_cell(_joined(cell["source"]))
            result.raise_error()
            values = [result.result, *shell.user_ns.values()]
            for value in values:
                if isinstance(value, Ask) and id(value.attempt.question) not in seen:
                    seen.add(id(value.attempt.question))
                    found.append((k, value.attempt.question))
    finally:
        os.chdir(here)
        # Leave no trace for later tests: the notebook's widgets closed, the shell gone
        # (tests/test_hidden_information.py reads every live widget's state off the wire).
        for model_id, widget in list(_widgets(ipywidgets).items()):
            if model_id not in before:
                widget.close()
        shell.reset(new_session=False)
        InteractiveShell.clear_instance()
    _ASKED[name] = found
    return found


def _widgets(ipywidgets) -> dict:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: still the registry in 8
        return dict(ipywidgets.Widget.widgets)


@pytest.mark.parametrize("name", ASKING)
def test_no_answer_is_in_sight_before_its_question(name):
    asked = questions_asked(name)
    assert asked, f"{name} asks no question"
    assert ask_first_problems(_load(name), asked) == []


def test_a_planted_answer_above_its_question_is_caught():
    name = "03_the_seven_contracts.ipynb"
    nb, asked = _load(name), questions_asked(name)
    assert ask_first_problems(nb, asked) == []
    k, question = asked[0]
    # Planted: a markdown cell above the question that states its answer.
    above = copy.deepcopy(nb)
    above["cells"].insert(k, {"cell_type": "markdown", "metadata": {}, "source": [question.answer().text]})
    shifted = [(i + (i >= k), q) for i, q in asked]
    assert any("cell " + str(k) + "'s source shows the answer" in p for p in ask_first_problems(above, shifted))
    # Planted: the answer as the saved output of the cell right after the question.
    after = copy.deepcopy(nb)
    after["cells"].insert(k + 1, {"cell_type": "code", "metadata": {}, "source": ["question.answer()"],
                                  "execution_count": 99, "outputs": [
                                      {"output_type": "execute_result", "execution_count": 99, "metadata": {},
                                       "data": {"text/plain": [f"{question.ruling}: {question.answer().text}"]}}]})
    assert any("output shows the answer" in p for p in ask_first_problems(after, shifted))
    # Planted: a choice's working in visible code above its question.
    working = copy.deepcopy(nb)
    working["cells"].insert(k, {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
                                "source": ['q = choose("?", {"8": 8}, 8, ruling="T13", why="2 × 4 = 8 cards")']})
    assert any("holds the working" in p for p in ask_first_problems(working, shifted))
    # The same cell with its input hidden is out of sight.
    working["cells"][k]["metadata"] = {"jupyter": {"source_hidden": True}, "tags": ["hide-input"]}
    assert not any("holds the working" in p for p in ask_first_problems(working, shifted))
