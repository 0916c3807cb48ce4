"""The course as a static web site: every notebook, with its saved pictures, as HTML pages.

``python3 dev.py course`` (or ``python -m tenpennies.lessons.course OUT_DIR``) writes, under
``build/course/``, one page per notebook (``notebooks/``, its sub-folders such as
``exercises/`` and ``puzzles/``, and a top-level ``puzzles/`` if there is one), the rules
(``docs/rules.md``) and the teacher's guide (``notebooks/TEACHERS.md``) as pages, and an
``index.html`` linking them in order with their titles. Notebooks are converted as saved,
without running them (nbconvert, which comes with JupyterLab), so the site shows exactly
what the test suite compared. Links between notebooks and to the rules point at the pages.

This module imports nbconvert only when a site is built: ``import tenpennies`` never does.
"""

from __future__ import annotations

import base64
import html
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Page:
    """One page of the site: where its source is, where it goes, and its title."""

    source: Path
    target: str  # relative to the site's folder, with forward slashes
    title: str


APPS = ("play.ipynb",)
"""Notebooks that are apps (served by Voila), not pages to read: the site leaves them out."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NBVAL_MARK = re.compile(r"^# NBVAL_\w+[^\n]*\n?", re.MULTILINE)


def notebooks_in_order(root: Path = ROOT) -> list[Path]:
    """The course's notebooks: ``notebooks/*`` by name, then each sub-folder's, then ``puzzles/``."""
    folder = root / "notebooks"
    found = sorted(p for p in folder.glob("*.ipynb") if p.name not in APPS)
    for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")):
        found += sorted(p for p in sub.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    if (root / "puzzles").is_dir():
        found += sorted(p for p in (root / "puzzles").rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
    return found


def title_of(text: str, fallback: str) -> str:
    """The first ``# heading`` of Markdown text, or ``fallback``."""
    match = re.search(r"^#\s+(.+?)\s*$", text, re.MULTILINE)
    return match.group(1) if match else fallback


def _notebook_title(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return title_of(text, path.stem)


def plan(root: Path = ROOT) -> list[Page]:
    """Every page of the site, in reading order (the index comes first and is not listed)."""
    pages = []
    for path in notebooks_in_order(root):
        target = path.relative_to(root).with_suffix(".html").as_posix()
        target = target.removeprefix("notebooks/")
        pages.append(Page(path, target, _notebook_title(path)))
    # The index lists pages section by section; keep the pages in that same order.
    first_seen = {}
    for page in pages:
        first_seen.setdefault(section_of(page), len(first_seen))
    order = {"The game and its rules": -2, "Lessons": -1, "More": 98}
    pages.sort(key=lambda p: order.get(section_of(p), first_seen[section_of(p)]))
    for path, target in ((root / "docs" / "rules.md", "rules.html"),
                         (root / "notebooks" / "TEACHERS.md", "teachers.html")):
        if path.exists():
            pages.append(Page(path, target, title_of(path.read_text(encoding="utf-8"), path.stem)))
    return pages


def _relink(body: str, page: Page, pages: list[Page], root: Path) -> str:
    """Point links at the site's pages: ``X.ipynb`` and ``docs/rules.md`` become their ``.html``."""
    by_source = {p.source.resolve(): p.target for p in pages}
    depth = page.target.count("/")

    def fix(match: re.Match) -> str:
        quote, link, anchor = match.group(1), match.group(2), match.group(3) or ""
        if "://" in link or link.startswith(("#", "mailto:")):
            return match.group(0)
        target = by_source.get((page.source.parent / link).resolve())
        if target is None:
            return match.group(0)
        return f"href={quote}{'../' * depth}{target}{anchor}{quote}"

    return re.sub(r"href=(['\"])([^'\"#]+\.(?:ipynb|md))(#[^'\"]*)?\1", fix, body)


def _describe_pictures(body: str) -> str:
    """Give each picture its own ``<desc>`` (the cards in notation) as the image's alt text."""
    def fix(match: re.Match) -> str:
        svg = base64.b64decode(match.group(2)).decode("utf-8", "replace")
        desc = re.search(r"<desc>(.*?)</desc>", svg, re.DOTALL)
        alt = desc.group(1).replace('"', "&quot;") if desc else "a picture"
        return f'<img alt="{alt}"{match.group(1)}{match.group(2)}"'

    return re.sub(r'<img alt="[^"]*"( src="data:image/svg\+xml;base64,)([A-Za-z0-9+/=]+)"', fix, body)


def _export(page: Page) -> str:
    import nbformat  # the site needs nbconvert (from JupyterLab); the engine never does
    from nbconvert import HTMLExporter  # (optional: as nbformat, for the site alone)

    if page.source.suffix == ".ipynb":
        notebook = nbformat.read(page.source, as_version=4)
    else:
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell(
            page.source.read_text(encoding="utf-8"))])
    notebook.metadata["title"] = page.title
    for cell in notebook.cells:
        _for_reading(cell)
    body, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
    return body


def _for_reading(cell) -> None:
    """Make a saved cell read well on a static page.

    nbval's markers are for the test suite, not the reader. A widget needs a running
    kernel, which a static page has not: instead of its bare text form, the page says
    what is there and how to use it.
    """
    if cell.cell_type != "code":
        return
    if "hide-input" in cell.metadata.get("tags", []):
        cell.metadata["transient"] = {"remove_source": True}  # a lesson's check cell: hidden in JupyterLab too
    cell.source = NBVAL_MARK.sub("", cell.source)
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        if WIDGET_VIEW in data:
            shown = html.escape(str(data.get("text/plain", "")).splitlines()[0][:120])
            output["data"] = {"text/html": (
                "<p style='border:1px dashed #888;padding:.6em;background:#f6f6f0'>"
                f"Here the notebook shows an interactive widget (<code>{shown}</code>). A web page "
                "cannot run it: open this notebook in JupyterLab (<code>python3 dev.py lab</code>) "
                "to use it.</p>")}


def section_of(page: Page) -> str:
    """Which part of the index a page is listed in."""
    name = page.target
    if not name.endswith(".html") or page.source.suffix == ".md":
        return "Reference"
    if "/" in name:
        return name.split("/")[0].replace("_", " ").capitalize()
    if re.match(r"0[02-9]_", name):
        return "The game and its rules"
    if re.match(r"\d\d_", name):
        return "Lessons"
    return "More"


def _index(pages: list[Page]) -> str:
    sections: dict[str, list[str]] = {}
    for p in pages:
        sections.setdefault(section_of(p), []).append(
            f"<li><a href='{html.escape(p.target)}'>{html.escape(p.title)}</a> "
            f"<small>({html.escape(p.source.name)})</small></li>")
    body = "\n".join(f"<h2>{html.escape(name)}</h2>\n<ul>\n" + "\n".join(items) + "\n</ul>"
                     for name, items in sections.items())
    return ("<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>Ten Pennies: the course</title>"
            "<style>body{font-family:sans-serif;max-width:46em;margin:2em auto;line-height:1.5}"
            "small{color:#666}</style></head><body>\n<h1>Ten Pennies: the course</h1>\n"
            "<p>Every notebook of the course as it was saved, with its pictures, in reading order; "
            "then the rules and the teacher's guide. To run them yourself, open the notebooks in "
            "JupyterLab (<code>python3 dev.py lab</code>).</p>\n"
            f"{body}\n</body></html>\n")


def build(out_dir: str | Path, root: Path = ROOT) -> list[Page]:
    """Write the site into ``out_dir`` (made if needed); return its pages."""
    out = Path(out_dir)
    pages = plan(root)
    for page in pages:
        target = out / page.target
        target.parent.mkdir(parents=True, exist_ok=True)
        body = _describe_pictures(_relink(_export(page), page, pages, root))
        target.write_text(body, encoding="utf-8")
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html").write_text(_index(pages), encoding="utf-8")
    return pages


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "course"
    pages = build(out)
    print(f"wrote {len(pages)} pages and index.html to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
