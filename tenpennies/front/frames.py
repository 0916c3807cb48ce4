"""Reading a kernel websocket's frames with bounds, in the protocol the connection speaks.

Jupyter sends a kernel message over a websocket in one of two binary layouts: the v1
protocol (``v1.kernel.websocket.jupyter.org``: 8-byte little-endian offsets of channel,
header, parent, metadata, content, buffers) or the legacy one (4-byte big-endian offsets
of the JSON message, then its buffers). Both begin with a count of offsets that Voila's
and jupyter_server's readers trust; these readers refuse a count the frame cannot hold,
so a frame costs no more than its own length (see
:class:`tenpennies.front.classroom.ClassroomWebsocketHandler`, the one user).
"""

from __future__ import annotations

import json

KERNEL_PROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The websocket subprotocol of the v1 kernel message layout."""


def _offsets(message, *, width: int, order: str, least: int) -> list[int] | None:
    """The offsets of a kernel message's parts in a binary websocket frame, or None.

    Both protocols begin with a count ``n`` and ``n`` offsets (``width`` bytes each, in
    byte ``order``), then the parts between consecutive offsets. Voila's reader and
    jupyter_server's both trust the count, building a list (or a format string) that
    long; this refuses a count the frame is too short to hold, and offsets that run
    backwards or past its end, so a frame costs no more than its own length.
    """
    if not isinstance(message, (bytes, bytearray)) or len(message) < width:
        return None
    count = int.from_bytes(message[:width], order)
    if count < least or width * (count + 1) > len(message):
        return None
    offsets = [int.from_bytes(message[width * (i + 1):width * (i + 2)], order) for i in range(count)]
    if offsets[0] < width * (count + 1) or offsets[-1] > len(message) or any(
            a > b for a, b in zip(offsets, offsets[1:])):
        return None
    return offsets


def v1_offsets(message) -> list[int] | None:
    """Offsets of a v1 frame: 8-byte little-endian; channel, header, ... (at least 3 offsets)."""
    return _offsets(message, width=8, order="little", least=3)


def legacy_offsets(message) -> list[int] | None:
    """Offsets of a legacy binary frame: 4-byte big-endian; the JSON message, then buffers."""
    return _offsets(message, width=4, order="big", least=1)


def _json_part(message, start: int, end: int):
    try:
        return json.loads(bytes(message[start:end]).decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None


def message_header(message, protocol: str | None) -> dict | None:
    """The header of a message about to be sent in ``protocol`` (v1, or None for legacy)."""
    if isinstance(message, dict):
        header = message.get("header")
    elif isinstance(message, str):
        # Legacy messages without buffers go as JSON text; only one that may be an
        # execute_input is worth reading whole.
        whole = _json_part(message.encode("utf-8"), 0, None) if "execute_input" in message else None
        header = whole.get("header") if isinstance(whole, dict) else None
    elif protocol == KERNEL_PROTOCOL:
        offsets = v1_offsets(message)
        header = _json_part(message, offsets[1], offsets[2]) if offsets else None
    else:
        offsets = legacy_offsets(message)
        whole = _json_part(message, offsets[0], offsets[1] if len(offsets) > 1 else len(message)) if offsets else None
        header = whole.get("header") if isinstance(whole, dict) else None
    return header if isinstance(header, dict) else None


__all__ = ["KERNEL_PROTOCOL", "legacy_offsets", "message_header", "v1_offsets"]
