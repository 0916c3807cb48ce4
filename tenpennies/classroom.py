"""The classroom server: Voila serving the live table to a room of students, safely.

``python3 dev.py app`` runs ``python -m tenpennies.classroom``, which is Voila
(:class:`ClassroomVoila`) with three changes, each against something a student found:

- :class:`ClassroomWebsocketHandler` serves a kernel's websocket only to a client that
  speaks the current kernel protocol (the ``v1.kernel.websocket.jupyter.org``
  subprotocol, which every Voila and JupyterLab page asks for). Voila 0.5.13's handler
  reads the header of every binary message it sends as if it were in that protocol;
  a client without the subprotocol is sent the legacy binary format, whose first bytes
  read as a count of about 10**17 offsets, and the list of them grew the server by
  GBs until the OOM killer ended every student's match (the event loop stuck in it, so
  no other page was answered meanwhile).
- :class:`ClassroomKernelManager` caps the kernels (one per open page, so one per
  player) at ``max_kernels``; a page asked for beyond it gets a short page saying the
  table is full, not a stack trace. Kernels of closed tabs end: Voila's page asks for
  its kernel's shutdown when it closes, and a kernel with no page connected is culled
  after ``cull_idle_timeout`` seconds (a tab that vanished without a word, a ``GET``
  that never opened its websocket).
- A *practice* server (``--practice``) lets ``?seed=`` choose the deal; a classroom
  server deals from :mod:`secrets` and ignores it (see :mod:`tenpennies.widgets.page`,
  which the kernel runs, and the environment variable :data:`PRACTICE_ENV`).

Only this process imports it; the kernels never do (they import
:mod:`tenpennies.widgets.page`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer
from voila.app import Voila
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from .widgets.page import PRACTICE_ENV

KERNEL_PROTOCOL = "v1.kernel.websocket.jupyter.org"
DEFAULT_MAX_PLAYERS = 40
DEFAULT_IDLE_SECONDS = 180
ROOT = Path(__file__).resolve().parent.parent


def _v1_offsets(message: bytes) -> list[int] | None:
    """The offsets of a message's parts in the v1 kernel websocket protocol, or None.

    The layout: a count ``n``, then ``n`` offsets (8-byte little-endian integers), then
    the parts (channel, header, parent header, metadata, content, buffers) between
    consecutive offsets. Voila's reader and jupyter_server's both trust the count and
    build a list that long; this refuses a count the message is too short to hold, and
    offsets that run backwards or past its end.
    """
    if not isinstance(message, (bytes, bytearray)) or len(message) < 8:
        return None
    count = int.from_bytes(message[:8], "little")
    if count < 3 or 8 * (count + 1) > len(message):
        return None
    offsets = [int.from_bytes(message[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] < 8 * (count + 1) or any(a > b for a, b in zip(offsets, offsets[1:])) or offsets[-1] > len(message):
        return None
    return offsets


def _header_of_v1(message: bytes) -> dict | None:
    """The header of a kernel message in the v1 websocket protocol, or None."""
    offsets = _v1_offsets(message)
    if offsets is None:
        return None
    try:
        header = json.loads(bytes(message[offsets[1]:offsets[2]]).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return header if isinstance(header, dict) else None


class ClassroomWebsocketHandler(VoilaKernelWebsocketHandler):
    """A kernel's websocket for pages that speak the v1 kernel protocol, and no one else.

    Why refuse rather than fix the reader only: the legacy protocol is what no page of
    ours uses, and every message sent in it goes through code (Voila's header reader)
    that was written for the other protocol; refusing the handshake keeps a hostile
    client away from all of it. The reader is bounded as well (:func:`_header_of_v1`),
    and so is what is accepted from a client that does speak v1 (:meth:`on_message`):
    one bad frame can never again cost more than its own length.
    """

    async def get(self, *args, **kwargs):
        offered = [p.strip() for p in self.request.headers.get("Sec-WebSocket-Protocol", "").split(",")]
        if KERNEL_PROTOCOL not in offered:
            # Before the upgrade, so no kernel connection is made at all.
            self.set_status(400)
            self.finish(f"this server speaks only the {KERNEL_PROTOCOL} websocket subprotocol")
            return
        await super().get(*args, **kwargs)

    def on_message(self, message):
        # jupyter_server reads an incoming frame's offsets as Voila reads outgoing ones,
        # trusting its count: eight bytes of 0xff would stall and swell the server as
        # surely. A v1 page sends only well-formed binary frames; anything else is dropped.
        if _v1_offsets(message) is None:
            self.log.warning("Dropped a malformed frame (%d bytes) on a kernel websocket.", len(message))
            return None
        return super().on_message(message)

    def select_subprotocol(self, subprotocols):
        return KERNEL_PROTOCOL if KERNEL_PROTOCOL in subprotocols else None

    def write_message(self, message, binary: bool = False):
        # Voila drops each cell's execute_input, so a page never sees the code it hides;
        # this keeps that, with a header reader that cannot be made to run away.
        if isinstance(message, bytes):
            header = _header_of_v1(message)
        elif isinstance(message, dict):
            header = message.get("header")
        else:
            header = None
        if header and header.get("msg_type") == "execute_input":
            return None
        return super(VoilaKernelWebsocketHandler, self).write_message(message, binary)


class TableFull(web.HTTPError):
    """Every seat of the server is taken (HTTP 503, with a page saying so)."""

    def __init__(self, players: int):
        word = "player is" if players == 1 else "players are"
        reason = f"The table is full: {players} {word} playing; try again in a minute"
        super().__init__(503, reason, reason=reason)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Voila's kernel manager with a cap: at most ``max_kernels`` kernels at once.

    A kernel being started counts from the moment it is asked for, so pages asked for
    together cannot all slip under the cap.
    """

    max_kernels = Integer(DEFAULT_MAX_PLAYERS, config=True,
                          help="The most kernels (players) at once; 0 for no limit.")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._starting = 0

    async def _async_start_kernel(self, *, kernel_id=None, path=None, **kwargs):
        if kernel_id is not None and kernel_id in self:
            return await super()._async_start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        running = len(self.list_kernel_ids()) + self._starting
        if self.max_kernels and running >= self.max_kernels:
            self.log.warning("The table is full (%d kernels): a page was turned away.", running)
            raise TableFull(running)
        self._starting += 1
        try:
            return await super()._async_start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting -= 1

    start_kernel = _async_start_kernel


class ClassroomVoila(Voila):
    """Voila whose kernel websockets are :class:`ClassroomWebsocketHandler`'s.

    Voila lists its websocket handler in ``init_handlers`` with no setting to change it,
    so the one entry is swapped here; every other handler is Voila's own.
    """

    name = "tenpennies-classroom"

    def init_handlers(self):
        return [(pattern, ClassroomWebsocketHandler, *rest) if handler is VoilaKernelWebsocketHandler
                else (pattern, handler, *rest)
                for pattern, handler, *rest in super().init_handlers()]


def voila_arguments(notebook: str, *, max_players: int, idle_seconds: int, practice: bool) -> list[str]:
    """The Voila command-line settings of a classroom server."""
    return [
        notebook,
        f"--VoilaConfiguration.multi_kernel_manager_class={__name__}.ClassroomKernelManager",
        f"--ClassroomKernelManager.max_kernels={max_players}",
        # A kernel with no page connected for idle_seconds is ended (a tab closed without
        # Voila hearing of it); a page that is open stays connected and is never culled.
        f"--ClassroomKernelManager.cull_idle_timeout={idle_seconds}",
        f"--ClassroomKernelManager.cull_interval={max(1, min(60, idle_seconds // 4))}",
        "--ClassroomKernelManager.cull_connected=False",
        # A student's page must not show the server's stack traces.
        "--VoilaConfiguration.show_tracebacks=False",
    ]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m tenpennies.classroom",
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
    args, voila_extra = parser.parse_known_args(argv)
    if args.max_players < 0 or args.idle_seconds < 1:
        parser.error("--max-players must be 0 or more and --idle-seconds 1 or more")
    # The kernels inherit this process's environment (Voila passes it on to each).
    if args.practice:
        os.environ[PRACTICE_ENV] = "1"
    else:
        os.environ.pop(PRACTICE_ENV, None)
    ClassroomVoila.launch_instance(
        voila_arguments(args.notebook, max_players=args.max_players, idle_seconds=args.idle_seconds,
                        practice=args.practice) + voila_extra)


if __name__ == "__main__":
    main(sys.argv[1:])
