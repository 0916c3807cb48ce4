"""The course holds together: every ruling of docs/rules.md is shown working in a notebook,
cards in saved notebooks are pictures, and the static site links up and holds them."""

import base64
import json
import re
from pathlib import Path

import pytest

from tenpennies.lessons import course

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
NOTEBOOKS = course.notebooks_in_order(ROOT)

# Reprs of values that hold cards: a saved output showing one must also hold its picture.
CARD_REPR = re.compile(r"^(Card|Cards|Hand|Arrangement|TableSet|MissingCards|GoOutPlan|LayDown|Meld|"
                       r"AddToSet|Discard)\(|^<(Match|PlayerView) ")


def ruling_ids(text: str) -> list[str]:
    """The rulings a rules page states: one ``### T7. ...`` (or ``### C9. ...``) heading each."""
    return re.findall(r"^### ([TC]\d+)\. ", text, re.MULTILINE)


def demonstrated(notebooks: dict[str, dict]) -> dict[str, list[str]]:
    """Ruling id -> the notebooks with a code cell whose comment names it and that has saved output."""
    found: dict[str, list[str]] = {}
    for name, nb in notebooks.items():
        for cell in nb["cells"]:
            if cell["cell_type"] != "code" or not cell.get("outputs") or cell.get("execution_count") is None:
                continue
            comments = [line for line in "".join(cell["source"]).splitlines() if line.lstrip().startswith("#")]
            for ruling in set(re.findall(r"\b([TC]\d+)\b", "\n".join(comments))):
                found.setdefault(ruling, []).append(name)
    return found


def _load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_rules_page_states_t1_to_t20_and_c1_to_c17_each_with_an_anchor():
    text = RULES.read_text(encoding="utf-8")
    ids = ruling_ids(text)
    assert ids == [f"T{n}" for n in range(1, 21)] + [f"C{n}" for n in range(1, 18)]
    for ruling in ids:
        assert f'<a id="{ruling.lower()}"></a>\n### {ruling}. ' in text


def test_rules_page_is_linked_from_readme_and_errors():
    import tenpennies.engine.errors as errors

    assert "docs/rules.md" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in errors.__doc__
    assert "docs/rules.md#t14" in errors.InvalidSetError.__doc__


def test_every_ruling_is_demonstrated_in_a_notebook_cell_with_saved_output():
    shown = demonstrated({p.name: _load(p) for p in NOTEBOOKS})
    missing = [r for r in ruling_ids(RULES.read_text(encoding="utf-8")) if r not in shown]
    assert not missing, f"no notebook cell with saved output demonstrates {missing}"


def test_rules_page_links_each_ruling_to_the_notebooks_that_show_it():
    text = RULES.read_text(encoding="utf-8")
    shown = demonstrated({p.name: _load(p) for p in NOTEBOOKS})
    lines = re.findall(r"^### ([TC]\d+)\. .*\n\n\*Shown in (.*)\.\*$", text, re.MULTILINE)
    assert [ruling for ruling, _ in lines] == ruling_ids(text)
    for ruling, linked in lines:
        assert sorted(re.findall(r"\(\.\./notebooks/([^)]+)\)", linked)) == sorted(set(shown[ruling])), ruling


def test_removing_a_rulings_cells_is_noticed():
    notebooks = {p.name: _load(p) for p in NOTEBOOKS}
    owner = demonstrated(notebooks)["T8"]
    for name in owner:
        notebooks[name]["cells"] = [c for c in notebooks[name]["cells"] if "T8" not in "".join(c["source"])]
    assert "T8" not in demonstrated(notebooks)


def test_at_least_six_rule_notebooks_with_saved_outputs():
    rule_books = [p for p in NOTEBOOKS if re.match(r"0[2-7]_", p.name)]
    assert len(rule_books) >= 6
    for path in rule_books:
        code = [c for c in _load(path)["cells"] if c["cell_type"] == "code"]
        assert all(c["execution_count"] is not None for c in code), path.name


def card_outputs_without_pictures(nb: dict) -> list[str]:
    """The text of every saved output that shows a card value but holds no SVG picture of it."""
    bad = []
    for cell in nb["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            if CARD_REPR.match(text) and "image/svg+xml" not in data:
                bad.append(text)
    return bad


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_cards_in_saved_notebooks_show_as_svg(path):
    assert not card_outputs_without_pictures(_load(path))


def test_a_card_output_without_its_picture_is_noticed():
    output = {"output_type": "execute_result", "data": {"text/plain": "Cards('7S 7H')"}}
    assert card_outputs_without_pictures({"cells": [{"cell_type": "code", "outputs": [output]}]})
    output["data"]["image/svg+xml"] = "<svg/>"
    assert not card_outputs_without_pictures({"cells": [{"cell_type": "code", "outputs": [output]}]})


def test_start_here_shows_cards_as_pictures():
    svgs = [o for c in _load(ROOT / "notebooks" / "00_start_here.ipynb")["cells"]
            for o in c.get("outputs", []) if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) >= 3


def test_course_site_links_every_notebook_and_holds_the_pictures(tmp_path):
    pages = course.build(tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    links = re.findall(r"href='([^']+)'", index)
    assert links == [p.target for p in pages]
    assert {p.source for p in pages} >= set(NOTEBOOKS) | {RULES}
    for page in pages:
        body = (tmp_path / page.target).read_text(encoding="utf-8")
        assert page.title in index and "<html" in body.lower()
        for link in re.findall(r'href="([^"#:]+\.html)', body):
            assert (tmp_path / page.target).parent.joinpath(link).resolve().exists(), (page.target, link)
    rules = (tmp_path / "rules.html").read_text(encoding="utf-8")
    assert all(f'id="t{n}"' in rules for n in range(1, 21)) and all(f'id="c{n}"' in rules for n in range(1, 18))
    cards_page = (tmp_path / "02_cards_sets_and_wilds.html").read_text(encoding="utf-8")
    assert 'href="rules.html' in cards_page
    pictures = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', cards_page)
    assert any("<desc>7S 7H TD JK QC AS</desc>" in base64.b64decode(p).decode() for p in pictures)
    assert 'alt="7S 7H TD JK QC AS"' in cards_page


def test_teachers_guide_has_a_plan_for_every_numbered_notebook():
    guide = (ROOT / "notebooks" / "TEACHERS.md").read_text(encoding="utf-8")
    numbered = [p for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")]
    assert len(numbered) >= 7
    for path in numbered:
        assert f"]({path.name})" in guide, f"TEACHERS.md has no row linking {path.name}"
        assert f"### {path.name[:2]} " in guide, f"no lesson plan for {path.name}"


def test_course_site_says_where_a_widget_would_be_and_hides_nbval_markers(tmp_path):
    pages = course.build(tmp_path)
    assert not any(p.source.name in course.APPS for p in pages)  # the Voila app is no page to read
    table = (tmp_path / "08_play_against_the_bots.html").read_text(encoding="utf-8")
    assert "interactive widget" in table and "python3 dev.py lab" in table
    for page in pages:
        assert "NBVAL_" not in (tmp_path / page.target).read_text(encoding="utf-8"), page.target
