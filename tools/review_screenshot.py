"""Take docs/review.png: the review page of a seeded match, as chromium shows it.

    python tools/review_screenshot.py [--out docs/review.png] [--rollouts 16]

The match is lesson 17's (notebooks/17_review_your_match.ipynb): seed 11, seat 0 played by
the rules of thumb against three strong bots, its first two rounds. It is reviewed
(:func:`tenpennies.review.judge.review`), written as the page a learner shares
(:func:`tenpennies.review.page.write_html`), and opened in Debian's chromium through
playwright (``executable_path=/usr/bin/chromium``, as tests/browser does); the top of the
page (title, chart, summaries, down to the end of the first mistake) is saved.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

WIDTH, HEIGHT = 1000, 1400


def lesson_match():
    """Lesson 17's match: seed 11, the thumb bot at seat 0, strong bots elsewhere, two rounds."""
    from tenpennies import Match
    from tenpennies.bots import make_bot, play

    players = {0: make_bot("thumb", 0)} | {seat: make_bot("strong", seat) for seat in (1, 2, 3)}
    match = Match(seed=11)
    play(match, players, until=lambda m: m.round_no > 2)
    return match


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "review.png")
    parser.add_argument("--rollouts", type=int, default=16)
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    from browserkit import CHROMIUM, CHROMIUM_ARGS
    from tenpennies.review.judge import review
    from tenpennies.review.page import write_html

    match = lesson_match()
    judged = review(match, 0, rollouts=args.rollouts, seed=1, workers=1, progress=False)
    with tempfile.TemporaryDirectory() as folder:
        page_path = write_html(judged, Path(folder) / "review.html", match)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
                page.goto(page_path.as_uri())
                # Down to the end of the first mistake: its table, both moves, the reason, the cost.
                box = page.locator("#mistake-1").bounding_box()
                bottom = box["y"] + box["height"] + 16 if box else HEIGHT
                page.screenshot(path=str(args.out), full_page=True,
                                clip={"x": 0, "y": 0, "width": WIDTH, "height": bottom})
            finally:
                browser.close()
    print(f"{args.out}: the review page of {judged!r}, {WIDTH} pixels wide")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
