import pytest

from conftest import TablePage, open_in_lab_and_run, write_notebook
from test_probe import PROBE

pytestmark = pytest.mark.browser


def test_the_probe_canvas_appears_in_jupyterlab(browser, jupyterlab, notebook_dir):
    write_notebook(notebook_dir / "probe_lab.ipynb", PROBE)
    page = browser.new_page()
    open_in_lab_and_run(page, jupyterlab, "probe_lab.ipynb")
    page.wait_for_selector(".jp-OutputArea canvas", timeout=60000)
    TablePage(page).wait_until_canvas_drawn()
    page.close()
