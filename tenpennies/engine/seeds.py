"""Seeds made from several parts: the same on every machine and in every process.

Every seeded thing in the kit that derives one seed from others (a bot's seed from the
match's, a rollout world's from a decision's, a simulation's matches from its seed) goes
through :func:`derive_seed`, so a seed's meaning never depends on which module asked.
"""

from __future__ import annotations

import hashlib


def derive_seed(*parts: int | str) -> int:
    """A seed made from several parts, the same on every machine and in every process.

    Python's ``hash`` of a string changes between processes, so this uses SHA-256.

    >>> derive_seed(1, 0) == derive_seed(1, 0) != derive_seed(1, 1)
    True
    """
    text = "/".join(f"{type(p).__name__}:{p}" for p in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


__all__ = ["derive_seed"]
