"""A decision with its reasons: the action a player chose, a short code for why, and the numbers.

Every bot has a fast ``act(view) -> Action`` and an explained ``decide(view) ->
Decision`` that chooses the same action (a test plays seeded matches of both games and
checks it, as ``is_valid_set`` and ``set_problems`` agree). :func:`tenpennies.explain.hint.hint`
only puts a decision into words (:func:`tenpennies.bots.buying.decision_words`); the engine that
judges is one component, the words only show what it returned.

    >>> from tenpennies.engine.actions import Pass
    >>> d = Decision(Pass(1), "pass-no-gain", {"outs": 0})
    >>> d.facts["outs"], d.reason
    (0, 'pass-no-gain')
    >>> d.facts["outs"] = 3
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ..engine.actions import Action


@dataclass(frozen=True)
class Decision:
    """``action`` chosen for ``reason`` (a short code such as ``"buy-completes"`` or
    ``"discard-most-outs"``), with ``facts``: the numbers behind it (outs, unseen counts,
    chances as ``Fraction``, points at stake, a rollout's mean and standard error), read-only."""

    action: Action
    reason: str
    facts: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.facts, MappingProxyType):
            object.__setattr__(self, "facts", MappingProxyType(dict(self.facts)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return (self.action, self.reason, dict(self.facts)) == (other.action, other.reason, dict(other.facts))

    def __hash__(self) -> int:
        return hash((self.action, self.reason))

    def __repr__(self) -> str:
        return f"Decision({self.action!r}, {self.reason!r}, {dict(self.facts)!r})"


__all__ = ["Decision"]
