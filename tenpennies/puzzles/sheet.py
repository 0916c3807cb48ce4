"""A printable sheet of puzzles (HTML with card pictures) and its answer page."""

from __future__ import annotations

from html import escape
from typing import Sequence

from . import Puzzle

__all__ = ["sheet_html"]

_STYLE = ("<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
          ".puzzle{page-break-inside:avoid;border-top:1px solid #999;padding:0.5em 0}"
          "pre{white-space:pre-wrap}</style>")


def _page(title: str, body: list[str]) -> str:
    return (f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{escape(title)}</title>{_STYLE}</head>"
            f"<body><h1>{escape(title)}</h1>\n" + "\n".join(body) + "\n</body></html>\n")


def sheet_html(puzzles: Sequence[Puzzle], answers_name: str = "answers.html") -> tuple[str, str]:
    """The puzzle page and the answer page, as HTML text; answers are the engine's, recomputed."""
    kinds = sorted({p.kind for p in puzzles})
    title = f"Ten Pennies puzzles: {', '.join(kinds)}"
    sheet, key = [f"<p>Answers: <a href='{escape(answers_name)}'>{escape(answers_name)}</a></p>"], []
    for n, p in enumerate(puzzles, 1):
        sheet.append(f"<div class='puzzle'><h2>{n}. {escape(p.title)} <small>({p.id}, tier {p.tier}, rated {p.rating})</small></h2>"
                     f"{p.position._repr_svg_()}<pre>{escape(p.position.describe())}</pre>"
                     f"<p>{escape(p.question)}</p><p><i>{escape(p.answer_form)}</i></p></div>")
        s = p.solution()
        key.append(f"<div class='puzzle'><h2>{n}. {escape(p.id)}</h2><p><b>{escape(s.answer)}</b></p>"
                   f"<pre>{escape(p.explanation)}</pre></div>")
    return _page(title, sheet), _page(title + ": answers", key)
