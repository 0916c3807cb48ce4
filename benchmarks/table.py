"""The live table's costs: laying out, painting and drawing one table, and a person's whole match.

    python benchmarks/table.py               # needs the notebooks extra (ipycanvas) for the canvas line

Prints, for tables taken from seeded matches between bots: milliseconds to lay out a
seat's view (``table_layout``), to paint it (``paint``, the shapes), to write it as SVG,
and to draw it on an ipycanvas ``MultiCanvas`` (no browser: the commands are built and
queued, which is the kernel's share of a redraw), with the shapes per table; then how
long a scripted person takes to play a whole match through :class:`tenpennies.front.table.Game`.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies import Match  # noqa: E402
from tenpennies.bots import make_bot  # noqa: E402
from tenpennies.front.table import Game  # noqa: E402
from tenpennies.pictures.layout import paint, table_layout  # noqa: E402
from tenpennies.pictures.svg import layout_svg  # noqa: E402


def views(seeds=range(3), every=25):
    """Seat 0's view every ``every`` decisions of thumb-bot matches."""
    out = []
    for seed in seeds:
        m, bot = Match(seed), make_bot("thumb", seed)
        k = 0
        while not m.is_over:
            if k % every == 0:
                out.append(m.view(0))
            m.apply(bot.act(m.view(m.to_act)))
            k += 1
    return out


def timed(fn, items):
    start = time.perf_counter()
    results = [fn(x) for x in items]
    return (time.perf_counter() - start) * 1000 / len(items), results


def main() -> None:
    vs = views()
    ms_layout, layouts = timed(table_layout, vs)
    ms_paint, shapes = timed(paint, layouts)
    ms_svg, _ = timed(lambda lay: layout_svg(lay, ""), layouts)
    print(f"{len(vs)} tables: layout {ms_layout:.2f} ms, paint {ms_paint:.2f} ms, SVG {ms_svg:.2f} ms; "
          f"shapes per table median {statistics.median(len(s) for s in shapes):.0f}, max {max(len(s) for s in shapes)}")
    try:
        from tenpennies.widgets.board import _canvas, draw_shapes
    except ImportError:
        print("canvas: ipycanvas is not installed (the notebooks extra)")
    else:
        canvas = _canvas(900, 600)
        ms_draw, _ = timed(lambda s: draw_shapes(canvas, s), shapes)
        print(f"canvas draw (kernel side, no browser): {ms_draw:.2f} ms per table")
    for seed in range(3):
        game = Game(seed, seat=0, bots=("strong", "thumb", "strong"))
        start = time.perf_counter()
        decisions = 0
        game.advance()
        while not game.is_over:
            action = game.hint().action
            game.act(action)
            game.advance()
            decisions += 1
        took = time.perf_counter() - start
        print(f"seed {seed}: a person following hints plays {decisions} decisions in {took:.2f} s "
              f"({1000 * took / decisions:.2f} ms per decision, bots and hints included)")


if __name__ == "__main__":
    main()
