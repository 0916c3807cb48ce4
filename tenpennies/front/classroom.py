"""The classroom server: Voila serving the live table to a room of students, safely.

``python3 dev.py app`` runs ``python -m tenpennies.front.classroom``, which is Voila
(:class:`ClassroomVoila`) with three changes, each against something a student found:

- :class:`ClassroomWebsocketHandler` reads every frame of a kernel's websocket with bounds,
  in the protocol the connection speaks. Voila 0.5.13 read the frames it sends to a client
  without the ``v1.kernel.websocket.jupyter.org`` subprotocol as if they were v1, and
  their first bytes as a count of about 10**17 offsets: one such client sending nothing
  grew the server by GBs until the OOM killer ended every student's match.
- :class:`ClassroomKernelManager` caps the kernels (one per open page, so one per
  player) at ``max_kernels``; a page asked for beyond it gets a short page saying the
  table is full, not a stack trace. Kernels of closed tabs end: ``close_seconds`` (30)
  after a kernel's last websocket closes, if no page came back; and a kernel with no
  page connected is culled after ``cull_idle_timeout`` seconds (300: a ``GET`` that
  never opened its websocket, a page too slow to).
- One script must not keep a class out. One address holds at most
  ``seats_per_address`` kernels (4: a student's tabs, or a few students behind one
  school router; ``--seats-per-address``); a page whose websocket never opens (a bare
  ``GET``, a script) loses its seat after ``unopened_seconds`` (30,
  ``--unopened-seconds``) rather than the idle cull's 300; and a kernel takes at most
  ``sockets_per_kernel`` websockets at once (8: a page needs one, and one more while it
  reconnects; ``--sockets-per-kernel``), the next refused before it costs the server
  anything (each open socket held about 0.3 MB that stayed).
- A tab is playable at once: ``--pool`` (:data:`DEFAULT_POOL`) kernels are kept started,
  with the page's imports done, before any tab asks (Voila's preheated kernels, with the
  caps above kept: :func:`pooled_kernel_manager`).
- Past the cap, the table-full page offers the JupyterLite site (``--lite``; by default
  ``build/lite`` when ``python3 dev.py site`` has built it, served at ``/lite/``), where a
  student plays alone in the browser without a seat (:func:`~tenpennies.front.full_page.full_page`).
- A *practice* server (``--practice``) lets ``?seed=`` choose the deal; a classroom
  server deals from :mod:`secrets` and ignores it (see :mod:`tenpennies.widgets.page`,
  which the kernel runs, and the environment variable :data:`PRACTICE_ENV`).

``--experiment NAME [--db PATH]`` starts a class experiment (:mod:`tenpennies.lessons.experiments`)
and sets its environment variables for the kernels (:func:`experiment_environment`), so
every page shows a student panel above the table.

Only this process imports it; the kernels never do (they import
:mod:`tenpennies.widgets.page`).

The frames' bounded readers are :mod:`tenpennies.front.frames`; the pages a student
without a seat is shown, :mod:`tenpennies.front.full_page`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import os
import sys
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer, Unicode
import voila.app as voila_app
from voila.app import Voila
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from ..lessons.experiments import DATABASE_VARIABLE, EXPERIMENT_VARIABLE, start
from ..lessons.ready_experiments import ExperimentError, experiment
from ..widgets.page import PRACTICE_ENV
from .frames import KERNEL_PROTOCOL, legacy_offsets, message_header, v1_offsets
from .full_page import LITE_BUILD, LITE_PATH, SeatsTaken, TableFull, full_page
from .remote import ROOMS_URL_ENV

DEFAULT_MAX_PLAYERS = 40
DEFAULT_IDLE_SECONDS = 300
DEFAULT_CLOSE_SECONDS = 30
DEFAULT_SEATS_PER_ADDRESS = 4
DEFAULT_UNOPENED_SECONDS = 30
DEFAULT_SOCKETS_PER_KERNEL = 8
DEFAULT_POOL = 4
"""Preheated kernels kept waiting for the next pages (``--pool``; see :func:`pooled_kernel_manager`)."""
OUTPUT_SECONDS = 120
"""How long Voila waits for a cell's output after the kernel says the cell is done
(nbclient's ``iopub_timeout``, 4 s unless set). Past it Voila goes on without the output:
the page shows the notebook's text and no table, for good. Eight rooms of four opening
within a minute on two cores made 8 of 32 pages so (``benchmarks/classroom.py --tabs 0``)."""
ROOT = Path(__file__).resolve().parents[2]


class ClassroomWebsocketHandler(VoilaKernelWebsocketHandler):
    """A kernel's websocket whose frames are read with bounds, in either protocol.

    Voila 0.5.13 reads the header of every binary message it sends (to drop each cell's
    ``execute_input``, so a page never sees the code it hides) as if it were in the v1
    protocol. A client without the v1 subprotocol is sent the legacy binary format,
    whose first bytes then read as a count of about 10**17 offsets: the list of them
    grew the server by GBs, the event loop stuck in it, until the OOM killer ended every
    student's match. jupyter_server reads an *incoming* frame's count the same way, so
    a client that does speak v1 could send eight bytes of 0xff to the same effect.

    Why serve the legacy protocol at all rather than refuse it: a page whose first
    connection fails reconnects without the subprotocol (JupyterLab's kernel client
    does, to reach old servers), so refusing it would strand a real student's tab after
    one network hiccup. Each frame is read here with the reader of the protocol the
    connection speaks (:func:`~tenpennies.front.frames.message_header`), and an incoming frame whose offsets do
    not fit it is dropped, so one bad frame costs no more than its length. Voila is at
    its newest release (0.5.13) and jupyter_server's reader is unchanged in 2.21.1, so
    no version to move to fixes this.
    """

    def on_message(self, message):
        if isinstance(message, (bytes, bytearray)):
            fits = v1_offsets(message) if self.selected_subprotocol == KERNEL_PROTOCOL else legacy_offsets(message)
            if fits is None:
                self.log.warning("Dropped a malformed frame (%d bytes) on a kernel websocket.", len(message))
                return None
        elif self.selected_subprotocol == KERNEL_PROTOCOL:
            self.log.warning("Dropped a text frame on a v1 kernel websocket (v1 frames are binary).")
            return None
        return super().on_message(message)

    async def get(self, kernel_id):
        # A kernel takes a bounded number of websockets: the next is refused before the
        # upgrade, so it costs no connection to the kernel (ClassroomKernelManager.sockets_per_kernel).
        manager = self.kernel_manager
        self._holds = None
        if isinstance(manager, ClassroomKernelManager):
            if not manager.take_socket(kernel_id):
                self.log.warning("Refused a websocket on kernel %s: it has %d open.", kernel_id,
                                 manager.sockets_per_kernel)
                # (Answered here: jupyter_server's error page fails to render for a websocket.)
                self.set_status(503, reason="This page's kernel has all the connections it may have")
                self.finish()
                return None
            self._holds = kernel_id
        try:
            return await super().get(kernel_id)
        finally:
            if not getattr(self, "_was_opened", False):  # (no upgrade: no on_close will come)
                self._let_go()

    def open(self, *args, **kwargs):
        self._was_opened = True
        manager = self.kernel_manager
        if isinstance(manager, ClassroomKernelManager):
            manager.opened(self.kernel_id)
        return super().open(*args, **kwargs)

    def _let_go(self) -> None:
        kernel_id, self._holds = getattr(self, "_holds", None), None
        if kernel_id is not None:
            self.kernel_manager.let_go_socket(kernel_id)

    def on_close(self):
        kernel_id = getattr(self, "kernel_id", None)
        self._let_go()
        super().on_close()
        manager = self.kernel_manager
        if kernel_id is not None and isinstance(manager, ClassroomKernelManager):
            manager.end_when_abandoned(kernel_id)

    def write_message(self, message, binary: bool = False):
        header = message_header(message, self.selected_subprotocol)
        if header and header.get("msg_type") == "execute_input":
            return None
        return super(VoilaKernelWebsocketHandler, self).write_message(message, binary)


_PAGE_ADDRESS: contextvars.ContextVar[str | None] = contextvars.ContextVar("page_address", default=None)
"""The address of the page whose kernel is being started (set by :class:`ClassroomPageHandler`)."""
_PAGE_KERNELS: contextvars.ContextVar[list | None] = contextvars.ContextVar("page_kernels", default=None)
"""The kernels started for the page being served (the manager appends to it)."""
_FILLING_POOL: contextvars.ContextVar[bool] = contextvars.ContextVar("filling_pool", default=False)
"""True while kernels are started for the preheated pool (no page's; see :func:`pooled_kernel_manager`)."""


class ClassroomPageHandler(TornadoVoilaHandler):
    """Voila's page handler, telling the kernel manager which address asked for the page
    (Voila starts the page's kernel inside this request, so it sees the context), and
    starting the page's :attr:`ClassroomKernelManager.unopened_seconds` once the page is sent."""

    def write_error(self, status_code: int, **kwargs) -> None:
        error = (kwargs.get("exc_info") or (None, None))[1]
        if isinstance(error, TableFull):
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.finish(full_page(error.reason, self.settings.get("tenpennies_lite")))
            return None
        return super().write_error(status_code, **kwargs)

    async def get(self, *args, **kwargs):
        _PAGE_ADDRESS.set(self.request.remote_ip)
        started: list[str] = []
        _PAGE_KERNELS.set(started)
        try:
            return await super().get(*args, **kwargs)
        finally:
            manager = self.kernel_manager
            if isinstance(manager, ClassroomKernelManager) and manager.unopened_seconds:
                for kernel_id in started:  # (counted from now: a page cannot connect before it has arrived)
                    manager._end_if_never_opened(kernel_id)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with caps: at most ``max_kernels`` kernels at once, at most
    ``seats_per_address`` of them for one address, at most ``sockets_per_kernel``
    websockets on one kernel; it ends a kernel ``close_seconds`` after its last page
    closed, and ``unopened_seconds`` after its page was sent if the page never opened its websocket.

    A kernel being started counts from the moment it is asked for, so pages asked for
    together cannot all slip under the caps.
    """

    max_kernels = Integer(DEFAULT_MAX_PLAYERS, config=True,
                          help="The most kernels (players) at once; 0 for no limit.")
    close_seconds = Integer(DEFAULT_CLOSE_SECONDS, config=True,
                            help="End a kernel this long after its last page closed, unless one came back.")
    seats_per_address = Integer(DEFAULT_SEATS_PER_ADDRESS, config=True,
                                help="The most kernels one client address may hold at once; 0 for no limit.")
    unopened_seconds = Integer(DEFAULT_UNOPENED_SECONDS, config=True,
                               help="End a kernel this long after its page was sent, if the page never "
                                    "opened a websocket.")
    sockets_per_kernel = Integer(DEFAULT_SOCKETS_PER_KERNEL, config=True,
                                 help="The most websockets open at once on one kernel; 0 for no limit.")

    def take_socket(self, kernel_id: str) -> bool:
        """Count one more websocket on ``kernel_id``; False (counting nothing) when it has its fill."""
        held = self._sockets.get(kernel_id, 0)
        if self.sockets_per_kernel and held >= self.sockets_per_kernel:
            return False
        self._sockets[kernel_id] = held + 1
        return True

    def let_go_socket(self, kernel_id: str) -> None:
        held = self._sockets.get(kernel_id, 0) - 1
        if held > 0:
            self._sockets[kernel_id] = held
        else:
            self._sockets.pop(kernel_id, None)

    def opened(self, kernel_id: str) -> None:
        """A page opened ``kernel_id``'s websocket: it keeps its seat past :attr:`unopened_seconds`."""
        self._opened.add(kernel_id)

    def _end_if_never_opened(self, kernel_id: str) -> None:
        async def end() -> None:
            if kernel_id in self and kernel_id not in self._opened:
                self.log.info("Ending kernel %s: no page opened it in %d s.", kernel_id, self.unopened_seconds)
                await self.shutdown_kernel(kernel_id)

        asyncio.get_running_loop().call_later(self.unopened_seconds, lambda: asyncio.ensure_future(end()))

    def _held_by(self, address: str) -> int:
        live = set(self.list_kernel_ids())
        for kernel_id in [k for k in self._addresses if k not in live]:
            self._addresses.pop(kernel_id)
            self._opened.discard(kernel_id)
        return sum(a == address for a in self._addresses.values()) + self._starting_at.get(address, 0)

    def end_when_abandoned(self, kernel_id: str) -> None:
        """End ``kernel_id`` in :attr:`close_seconds` if no page is connected to it then.

        A closed tab's websocket closes, and its seat should come free soon; the wait
        lets a reloaded page or a page reconnecting after a hiccup keep its match.
        """
        if kernel_id in self._ending:
            return  # (many sockets closing at once: one end is enough)
        self._ending.add(kernel_id)

        async def end() -> None:
            self._ending.discard(kernel_id)
            if kernel_id in self and self.kernel_model(kernel_id).get("connections", 0) == 0:
                self.log.info("Ending kernel %s: its page closed %d s ago.", kernel_id, self.close_seconds)
                await self.shutdown_kernel(kernel_id)

        asyncio.get_running_loop().call_later(self.close_seconds, lambda: asyncio.ensure_future(end()))

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0
        self._starting_at: dict[str, int] = {}  # address -> kernels being started for it
        self._addresses: dict[str, str] = {}  # kernel -> the address its page came from
        self._opened: set[str] = set()  # kernels whose page opened a websocket
        self._sockets: dict[str, int] = {}  # kernel -> websockets open on it
        self._ending: set[str] = set()  # kernels whose end is scheduled (end_when_abandoned)
        self._pooled: set[str] = set()  # preheated kernels no page has taken yet (pool_size)

    def _players(self) -> int:
        """Kernels held for pages, or being started for them (a preheated kernel waiting in the pool is not one)."""
        return len([k for k in self.list_kernel_ids() if k not in self._pooled]) + self._starting

    def _make_room_for(self, address: str | None) -> None:
        """Raise :class:`TableFull` or :class:`SeatsTaken` unless a page from ``address`` may have a kernel."""
        running = self._players()
        if self.max_kernels and running >= self.max_kernels:
            self.log.warning("The table is full (%d kernels): a page was turned away.", running)
            raise TableFull(running)
        if address is not None and self.seats_per_address and self._held_by(address) >= self.seats_per_address:
            self.log.warning("An address holds %d seats already: a page was turned away.", self.seats_per_address)
            raise SeatsTaken(self.seats_per_address)

    def _seat(self, kernel_id: str, address: str | None) -> None:
        """``kernel_id`` is now the kernel of the page being served (from ``address``)."""
        if address is not None:
            self._addresses[kernel_id] = address
        page = _PAGE_KERNELS.get()
        if page is not None:
            page.append(kernel_id)

    async def _async_start_kernel(self, *, kernel_id=None, path=None, **kwargs):
        if kernel_id is not None and kernel_id in self:
            return await super()._async_start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        if _FILLING_POOL.get():  # a preheated kernel: no page's, and bounded by the pool's size
            started = await super()._async_start_kernel(kernel_id=kernel_id, path=path, **kwargs)
            self._pooled.add(started)
            return started
        address = _PAGE_ADDRESS.get()
        self._make_room_for(address)
        self._starting += 1
        if address is not None:
            self._starting_at[address] = self._starting_at.get(address, 0) + 1
        try:
            started = await super()._async_start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting -= 1
            if address is not None:
                self._starting_at[address] -= 1
        self._seat(started, address)
        return started

    async def shutdown_kernel(self, kernel_id, *args, **kwargs):
        self._pooled.discard(kernel_id)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    start_kernel = _async_start_kernel


def pooled_kernel_manager(made: type) -> type:
    """Voila's preheating kernel manager (``made``: what ``voila_kernel_manager_factory``
    made of :class:`ClassroomKernelManager` with ``preheat_kernel``) with the classroom's caps kept.

    Voila's pool (0.5.13) keeps ``pool_size`` kernels that have started and run the
    notebook as far as it goes before a page asks (the kit's pages run to
    :func:`tenpennies.widgets.page.wait_for_page`: every import done, nothing dealt), and
    hands one to each page that comes. Three things it does are changed here:

    - A kernel handed to a page never went through a start that counts the caps, so the
      page is counted here first (:meth:`ClassroomKernelManager._make_room_for`: the
      table-full page, the seats of an address) and the kernel is seated as a started
      one would be (its address, its ``unopened_seconds``). Kernels waiting in the pool
      are not players: ``max_kernels`` counts pages' kernels, the pool comes on top.
    - The pool is refilled from inside the page's request, so the refills would inherit
      that page's context (counted as its address's kernels, ended with its unopened
      timer) and its request URL, which Voila passes on in the next kernel's environment
      (``VOILA_REQUEST_URL``: for a room, the previous student's seat token, in a
      classmate's kernel). Refills start in a context of their own, without it.
    - Upstream, large pools crashed the server (voila issue 1178: a pool per notebook of
      a folder, all filled at start). A classroom server serves one notebook, so one
      pool of ``--pool`` kernels (:data:`DEFAULT_POOL`).
    """

    class ClassroomPool(made):
        def fill_if_needed(self, delay=None, notebook_name=None, extra_kernel_env_variables=None, **kwargs):
            def fill() -> None:
                _FILLING_POOL.set(True)
                made.fill_if_needed(self, delay=delay, notebook_name=notebook_name, **kwargs)

            contextvars.Context().run(fill)

        async def get_rendered_notebook(self, notebook_name, extra_kernel_env_variables=None, **kwargs):
            address = _PAGE_ADDRESS.get()
            self._make_room_for(address)
            self._starting += 1  # (held while a kernel still starting in the pool is awaited)
            if address is not None:
                self._starting_at[address] = self._starting_at.get(address, 0) + 1
            try:
                task, rendered, kernel_id = await made.get_rendered_notebook(self, notebook_name, **kwargs)
            finally:
                self._starting -= 1
                if address is not None:
                    self._starting_at[address] -= 1
            self._pooled.discard(kernel_id)
            self._seat(kernel_id, address)
            return task, rendered, kernel_id

    ClassroomPool.__name__ = ClassroomPool.__qualname__ = "ClassroomPool"
    return ClassroomPool


class ClassroomVoila(Voila):
    """Voila whose kernel websockets are :class:`ClassroomWebsocketHandler`'s.

    Voila lists its websocket handler in ``init_handlers`` with no setting to change it,
    so the one entry is swapped here; every other handler is Voila's own.
    """

    name = "tenpennies-classroom"
    rooms_db = Unicode("", config=True,
                       help="Serve rooms (tenpennies.front.room_server), kept in this database; empty: no rooms.")
    lite = Unicode("", config=True,
                   help="A JupyterLite site the table-full page offers: a folder (served at /lite/) or an "
                        "address; empty: none.")

    def lite_address(self) -> str | None:
        """The JupyterLite site's address as a page links to it, or None."""
        if not self.lite:
            return None
        if "://" in self.lite:
            return self.lite
        return f"{self.base_url.rstrip('/')}/{LITE_PATH}"

    def init_settings(self):
        # The kernel manager is made here, and a pool's first kernels copy the environment
        # now: the room service's address must be in it already.
        if self.rooms_db:
            os.environ[ROOMS_URL_ENV] = f"http://127.0.0.1:{self.port}{self.base_url.rstrip('/')}"
        factory = voila_app.voila_kernel_manager_factory

        def classroom_factory(base_class, preheat_kernel, default_pool_size, **kwargs):
            made = factory(base_class, preheat_kernel, default_pool_size, **kwargs)
            return pooled_kernel_manager(made) if preheat_kernel else made

        voila_app.voila_kernel_manager_factory = classroom_factory  # (Voila has no setting for its wrapper)
        try:
            settings = super().init_settings()
        finally:
            voila_app.voila_kernel_manager_factory = factory
        settings["tenpennies_lite"] = self.lite_address()
        return settings

    def init_handlers(self):
        mine = {VoilaKernelWebsocketHandler: ClassroomWebsocketHandler, TornadoVoilaHandler: ClassroomPageHandler}
        handlers = [(pattern, mine.get(handler, handler), *rest) for pattern, handler, *rest in super().init_handlers()]
        if self.rooms_db:
            from .room_server import rooms_service  # only a rooms server loads the room service

            handlers = rooms_service(self.rooms_db, port=self.port, base=self.base_url) + handlers
        if self.lite and "://" not in self.lite:
            handlers = [(rf"{self.base_url.rstrip('/')}/{LITE_PATH}/(.*)", web.StaticFileHandler,
                         {"path": self.lite, "default_filename": "index.html"})] + handlers
        return handlers


def voila_arguments(notebook: str, *, max_players: int, idle_seconds: int, close_seconds: int,
                    seats_per_address: int = DEFAULT_SEATS_PER_ADDRESS,
                    unopened_seconds: int = DEFAULT_UNOPENED_SECONDS,
                    sockets_per_kernel: int = DEFAULT_SOCKETS_PER_KERNEL, pool: int = 0) -> list[str]:
    """The Voila command-line settings of a classroom server (``pool``: preheated kernels,
    for a notebook; a folder of notebooks gets none, see :func:`pooled_kernel_manager`)."""
    preheat = [] if pool <= 0 or Path(notebook).is_dir() else [
        "--VoilaConfiguration.preheat_kernel=True", f"--VoilaConfiguration.default_pool_size={pool}"]
    return preheat + [
        notebook,
        f"--VoilaConfiguration.multi_kernel_manager_class={__name__}.ClassroomKernelManager",
        f"--ClassroomKernelManager.max_kernels={max_players}",
        f"--ClassroomKernelManager.close_seconds={close_seconds}",
        f"--ClassroomKernelManager.seats_per_address={seats_per_address}",
        f"--ClassroomKernelManager.unopened_seconds={unopened_seconds}",
        f"--ClassroomKernelManager.sockets_per_kernel={sockets_per_kernel}",
        # A kernel with no page connected for idle_seconds is ended (a tab closed without
        # Voila hearing of it); a page that is open stays connected and is never culled.
        f"--ClassroomKernelManager.cull_idle_timeout={idle_seconds}",
        f"--ClassroomKernelManager.cull_interval={max(1, min(60, idle_seconds // 4))}",
        "--ClassroomKernelManager.cull_connected=False",
        # A student's page must not show the server's stack traces.
        "--VoilaConfiguration.show_tracebacks=False",
        f"--VoilaExecutor.iopub_timeout={OUTPUT_SECONDS}",
    ]


DEFAULT_EXPERIMENT_DB = "class-experiments.sqlite"
"""The class experiment's database when ``--experiment`` is given without ``--db`` (in the current folder)."""


def experiment_environment(name: str, db: str | os.PathLike = DEFAULT_EXPERIMENT_DB) -> dict[str, str]:
    """Start the class experiment ``name`` in ``db`` and return the environment variables
    that let every kernel's :func:`tenpennies.lessons.experiments.current` join it.

    A file path is made absolute (the kernels run in the notebook's folder); an unknown
    name raises :class:`tenpennies.lessons.ready_experiments.ExperimentError` listing the ready ones.
    """
    experiment(name)  # an unknown name is refused before any file is made
    where = os.fspath(db)
    if "://" not in where:
        where = str(Path(where).resolve())
    start(name, where)
    return {EXPERIMENT_VARIABLE: name, DATABASE_VARIABLE: where}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tenpennies.front.classroom",
        description="Serve the live table to a classroom with Voila: one match per browser tab.",
        epilog="Other arguments go to Voila (e.g. --port=8866 --no-browser --Voila.ip=0.0.0.0).")
    parser.add_argument("notebook", nargs="?", default=str(ROOT / "notebooks" / "play.ipynb"),
                        help="the notebook (or a folder of notebooks) to serve; notebooks/play.ipynb by default")
    parser.add_argument("--max-players", type=int, default=DEFAULT_MAX_PLAYERS,
                        help=f"the most tabs (kernels) at once; more are told the table is full "
                             f"(default {DEFAULT_MAX_PLAYERS}; 0 for no limit)")
    parser.add_argument("--idle-seconds", type=int, default=DEFAULT_IDLE_SECONDS,
                        help=f"end a kernel whose page has been gone this long (default {DEFAULT_IDLE_SECONDS})")
    parser.add_argument("--practice", action="store_true",
                        help="a practice server: ?seed=N in a page's address chooses its deal")
    parser.add_argument("--close-seconds", type=int, default=DEFAULT_CLOSE_SECONDS,
                        help=f"end a kernel this long after its tab closed (default {DEFAULT_CLOSE_SECONDS})")
    parser.add_argument("--seats-per-address", type=int, default=DEFAULT_SEATS_PER_ADDRESS,
                        help=f"the most tabs one computer (one address) may hold at once, so one script cannot "
                             f"take every seat (default {DEFAULT_SEATS_PER_ADDRESS}; 0 for no limit)")
    parser.add_argument("--unopened-seconds", type=int, default=DEFAULT_UNOPENED_SECONDS,
                        help=f"free the seat of a page that never opened its connection to the table after this "
                             f"long (default {DEFAULT_UNOPENED_SECONDS}; 0: only the idle cull)")
    parser.add_argument("--sockets-per-kernel", type=int, default=DEFAULT_SOCKETS_PER_KERNEL,
                        help=f"the most websockets one tab's kernel takes at once; more are refused "
                             f"(default {DEFAULT_SOCKETS_PER_KERNEL}; 0 for no limit)")
    parser.add_argument("--pool", type=int, default=DEFAULT_POOL,
                        help=f"keep this many kernels started and the page's imports done before any tab "
                             f"asks, so a tab is playable at once (default {DEFAULT_POOL}; 0 for none; a "
                             f"folder of notebooks gets none)")
    parser.add_argument("--lite", metavar="FOLDER_OR_URL",
                        help="the JupyterLite site a full table's page offers: a folder, served at /lite/, or "
                             "its address (default: build/lite, if python3 dev.py site has built it; "
                             "'' for none)")
    parser.add_argument("--experiment", metavar="NAME",
                        help="run a class experiment: each page shows a student panel whose results are "
                             "pooled (dealt-round-1, outs-after-one-draw, should-you-buy)")
    parser.add_argument("--rooms", action="store_true",
                        help="seat classmates at shared tables: the teacher opens rooms at /rooms/teacher "
                             "(its key is printed here), students join at /rooms/join; rooms are kept in --db")
    parser.add_argument("--db", metavar="PATH",
                        help=f"the class experiment's database: a file path or postgresql:// URL "
                             f"(default {DEFAULT_EXPERIMENT_DB} in the current folder)")
    args, voila_extra = parser.parse_known_args(argv)
    if min(args.max_players, args.close_seconds, args.seats_per_address, args.unopened_seconds,
           args.sockets_per_kernel, args.pool) < 0 or args.idle_seconds < 1:
        parser.error("--max-players, --close-seconds, --seats-per-address, --unopened-seconds, "
                     "--sockets-per-kernel and --pool must be 0 or more, --idle-seconds 1 or more")
    if args.db and not (args.experiment or args.rooms):
        parser.error("--db names the class database: give --experiment NAME or --rooms too")
    if args.rooms and args.notebook == str(ROOT / "notebooks" / "play.ipynb"):
        args.notebook = str(ROOT / "notebooks" / "room.ipynb")  # the student's page of a room
    # The kernels inherit this process's environment (Voila passes it on to each).
    if args.practice:
        os.environ[PRACTICE_ENV] = "1"
    else:
        os.environ.pop(PRACTICE_ENV, None)
    if args.experiment:
        try:
            variables = experiment_environment(args.experiment, args.db or DEFAULT_EXPERIMENT_DB)
        except ExperimentError as exc:
            parser.error(str(exc))
        os.environ.update(variables)
        print(f"Class experiment {args.experiment!r}: results go to {variables[DATABASE_VARIABLE]}", flush=True)
    else:  # no experiment on this server, whatever the shell had set
        os.environ.pop(EXPERIMENT_VARIABLE, None)
        os.environ.pop(DATABASE_VARIABLE, None)
    lite = args.lite if args.lite is not None else (str(LITE_BUILD) if (LITE_BUILD / "index.html").exists() else "")
    if lite and "://" not in lite:
        if not (Path(lite) / "index.html").exists():
            parser.error(f"--lite {lite}: no JupyterLite site there (no index.html); "
                         "build one with python3 dev.py site")
        lite = str(Path(lite).resolve())
    rooms = [f"--ClassroomVoila.rooms_db={Path(args.db or DEFAULT_EXPERIMENT_DB).resolve()}"
             if "://" not in (args.db or "") else f"--ClassroomVoila.rooms_db={args.db}"] if args.rooms else []
    ClassroomVoila.launch_instance(
        voila_arguments(args.notebook, max_players=args.max_players, idle_seconds=args.idle_seconds,
                        close_seconds=args.close_seconds, seats_per_address=args.seats_per_address,
                        unopened_seconds=args.unopened_seconds, sockets_per_kernel=args.sockets_per_kernel,
                        pool=args.pool)
        + rooms + [f"--ClassroomVoila.lite={lite}"] + voila_extra)


if __name__ == "__main__":
    main(sys.argv[1:])
