"""Opening a notebook in JupyterLab and saving it changes nothing: a clean clone stays clean.

JupyterLab writes what the started kernel reports (its kernelspec's display name, its
``language_info``) into a notebook's metadata, and autosave then rewrites the file: a
notebook saved by another tool is dirty in ``git status`` after one look. This serves a
COPY of the repository's notebooks (a fresh git repository in a temporary folder, so the
real checkout is never touched), opens every notebook in one JupyterLab session, lets the
kernel's report in, saves it (``docmanager:save``, what autosave does) and closes it, then
asks ``git status`` of the copy. ``tools/normalize_notebooks.py`` is the fix for a failure.

One kernel serves them all: each notebook's session joins the kernel started once, so its
metadata is written exactly as when its own kernel starts (same spec, same kernel_info
reply) without paying 45 kernel starts. No cell runs.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from .browserkit import ROOT, Server

pytestmark = pytest.mark.browser

FOLDERS = ("notebooks", "puzzles")
STEP_MS = 60000  # one notebook's open, save and close, on a loaded machine

# JupyterLab's settings for the run: autosave soon (the save below is explicit too),
# shut nothing down on close (the one kernel serves every notebook), fetch no news.
OVERRIDES = {
    "@jupyterlab/docmanager-extension:plugin": {"autosave": True, "autosaveInterval": 1},
    "@jupyterlab/apputils-extension:notification": {"checkForUpdates": False, "fetchNews": "false"},
}

OPEN_SAVE_CLOSE = """
async ([path, kernelId, stepMs]) => {
  const app = window.jupyterapp;
  let stage = 'opening';
  const step = (async () => {
    const panel = await app.commands.execute('docmanager:open', {path, kernel: {id: kernelId}});
    stage = 'loading';
    await panel.context.ready;
    stage = 'joining the kernel';
    await panel.sessionContext.ready;
    const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
    if (!kernel) return 'no kernel joined';
    stage = 'asking the kernel';
    await kernel.info;
    // The panel writes the kernel's spec and language_info into the model when the
    // kernel's info arrives; let that and any other reaction to opening happen first.
    await new Promise((resolve) => setTimeout(resolve, 300));
    stage = 'saving';
    await panel.context.save();
    panel.dispose();
    return null;
  })();
  const late = new Promise((resolve) => setTimeout(() => resolve(stage + ' took over ' + stepMs + ' ms'), stepMs));
  return Promise.race([step, late]);
}
"""


def _git(repo, *args) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture(scope="module")
def repo_copy(tmp_path_factory):
    """The repository's notebooks as they are now, committed in a fresh git repository."""
    repo = tmp_path_factory.mktemp("copy")
    for folder in FOLDERS:
        shutil.copytree(ROOT / folder, repo / folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    # The repository's .gitignore: JupyterLab's checkpoints are no change.
    shutil.copy(ROOT / ".gitignore", repo / ".gitignore")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=test", "-c", "user.email=test@localhost", "commit", "-q", "-m", "as checked out")
    return repo


@pytest.fixture(scope="module")
def lab_on_copy(repo_copy, tmp_path_factory):
    base = tmp_path_factory.mktemp("lab-clean")
    (base / "app-settings").mkdir()
    (base / "app-settings" / "overrides.json").write_text(json.dumps(OVERRIDES))
    server = Server(base, [
        "jupyter", "lab", "--no-browser", "--allow-root", "--port={port}", "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", f"--ServerApp.root_dir={repo_copy}",
        f"--LabApp.workspaces_dir={base / 'workspaces'}", f"--LabApp.user_settings_dir={base / 'settings'}",
        f"--LabApp.app_settings_dir={base / 'app-settings'}", "--LabApp.expose_app_in_browser=True",
    ])
    yield server
    server.stop()


def test_opening_and_saving_every_notebook_in_jupyterlab_leaves_the_checkout_clean(browser, repo_copy, lab_on_copy):
    names = sorted(str(p.relative_to(repo_copy)) for folder in FOLDERS for p in (repo_copy / folder).rglob("*.ipynb"))
    opened = list(names)
    assert len(opened) > 25, opened  # the folders were found
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(f"{lab_on_copy.url}/lab")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell", timeout=STEP_MS)
    page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
    kernel_id = page.evaluate(
        "async () => (await window.jupyterapp.serviceManager.kernels.startNew({name: 'python3'})).id")
    problems = {}
    for name in opened:
        problem = page.evaluate(OPEN_SAVE_CLOSE, [name, kernel_id, STEP_MS])
        if problem:
            problems[name] = problem
            page.screenshot(path=str(repo_copy.parent / "stuck.png"))
    page.close()
    assert not problems, (f"JupyterLab could not open, save and close: {problems} "
                          f"(the page as it was: {repo_copy.parent / 'stuck.png'})")
    lab_on_copy.stop()  # every save is on disk
    dirty = [line[3:] for line in _git(repo_copy, "status", "--porcelain").splitlines()]
    assert not dirty, (
        f"opening and saving in JupyterLab changed {len(dirty)} notebook(s): {', '.join(dirty)}; "
        f"run tools/normalize_notebooks.py on them. The first one's change:\n"
        + _git(repo_copy, "diff", "--", dirty[0])[:4000])
