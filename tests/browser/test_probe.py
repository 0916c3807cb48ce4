"""The browser kit itself: Voila serves a canvas, a click redraws it, pixels tell."""

import pytest

from conftest import TablePage, write_notebook

pytestmark = pytest.mark.browser

PROBE = '''
import ipywidgets as w
from ipycanvas import Canvas, hold_canvas
canvas = Canvas(width=200, height=100, layout=w.Layout(width="200px", height="100px"))
log = w.HTML("<p class='probe-log'>nothing yet</p>")
clicks = []
def draw():
    with hold_canvas(canvas):
        canvas.fill_style = ["#2a6", "#c33", "#36c"][len(clicks) % 3]
        canvas.fill_rect(0, 0, 200, 100)
def on_down(x, y):
    clicks.append((x, y))
    draw()
    log.value = f"<p class='probe-log'>{len(clicks)} clicks</p>"
canvas.on_mouse_down(on_down)
canvas.on_client_ready(draw)
w.VBox([canvas, log])
'''


def test_a_click_on_the_canvas_redraws_it(browser, voila, notebook_dir):
    write_notebook(notebook_dir / "probe.ipynb", PROBE)
    page = browser.new_page()
    page.goto(f"{voila.url}/voila/render/probe.ipynb")
    page.wait_for_selector("canvas", timeout=60000)
    t = TablePage(page)
    t.wait_until_canvas_drawn()
    box = page.locator("canvas").last.bounding_box()
    for n in (1, 2, 3):
        t.click_and_wait_redraw(box["x"] + 50, box["y"] + 50)
        page.wait_for_selector(f".probe-log:text('{n} clicks')")
    page.close()
