"""Every decision the strong bot makes, pinned for a handful of seeded matches.

Made to guard work on the bots' speed: making them faster must not change a single
decision. Each match's actions (seat and text, in order) are compared with
tests/data/bot_decisions.json, written by the code before the speed work. The expert
bot's decisions (its rollouts play the match engine and the rules of thumb from seeded
worlds, so they pin those too) are kept the same way in tests/data/expert_decisions.json,
written before the second round of speed work. If a change of policy is intended,
regenerate the files and read their diff:

    TENPENNIES_REGENERATE=1 python3 -m pytest tests/test_bot_decisions.py
"""

import json
import os
from collections import Counter
from pathlib import Path

from functools import partial

import pytest

from tenpennies import play_match
from tenpennies.play import record
from tenpennies.engine.actions import AddToSet, Buy, Discard, LayDown, Meld, Pass
from tenpennies.bots.expert import ExpertBot

DECISIONS = Path(__file__).parent / "data" / "bot_decisions.json"
EXPERT_DECISIONS = Path(__file__).parent / "data" / "expert_decisions.json"

# Line-ups with the strong bot against itself, the rule-of-thumb bot and the random bot;
# a few seeds each, enough for buys, lay-downs, melds, additions and go-outs.
MATCHES = [
    (("strong",) * 4, 1),
    (("strong",) * 4, 2),
    (("strong", "thumb", "strong", "thumb"), 1),
    (("strong", "thumb", "strong", "thumb"), 2),
    (("strong", "thumb", "strong", "thumb"), 3),
    (("thumb", "strong", "thumb", "strong"), 4),
    (("strong", "random", "thumb", "strong"), 5),
    (("strong",) * 4, 6),
    (("strong",) * 4, 7),
    (("strong", "thumb", "strong", "thumb"), 8),
    (("strong", "thumb", "strong", "thumb"), 9),
    (("random", "strong", "random", "strong"), 10),
]


def key(lineup, seed) -> str:
    return f"{' '.join(lineup)} seed {seed}"


@pytest.fixture(scope="module")
def matches() -> dict[str, tuple]:
    """Each pinned match, played now: its line-up and the finished match."""
    return {key(lineup, seed): (lineup, play_match(list(lineup), seed=seed)) for lineup, seed in MATCHES}


def check_pinned(played: dict[str, list[str]], pinned_file: Path) -> None:
    """Each match's actions equal the ones pinned in ``pinned_file`` (or rewrite it, when asked)."""
    if os.environ.get("TENPENNIES_REGENERATE"):
        pinned_file.write_text(json.dumps(played, indent=1) + "\n", encoding="utf-8")
        # Comparing the file with what was just written could not fail: say so instead.
        pytest.skip(f"regenerated {pinned_file.name}; read its diff, then run again without TENPENNIES_REGENERATE")
    pinned = json.loads(pinned_file.read_text(encoding="utf-8"))
    assert pinned.keys() == played.keys()
    for name, actions in pinned.items():
        assert played[name] == actions, f"the decisions of {name} changed"


def test_strong_bot_decisions_are_unchanged(matches):
    check_pinned({name: [f"{a.seat} {a.text}" for a in record.actions_of(m)] for name, (_, m) in matches.items()},
                 DECISIONS)


# The expert against strong bots: with few rollouts (cheap, so several seeds) and once with
# its default budget. A rollout plays the match engine with the strong bot in every seat,
# so any change to legal_actions' order, Match.apply, the strong bot or the random draws
# would show here.
EXPERT_MATCHES = [
    (("expert/4", "strong", "expert/4", "strong"), 1),
    (("strong", "expert/4", "strong", "expert/4"), 2),
    (("expert", "strong", "strong", "strong"), 3),
]


def expert_bots(lineup):
    """Bots for a line-up where ``expert/N`` is the expert bot with ``N`` rollouts per candidate."""
    return [partial(ExpertBot, rollouts=int(b.split("/")[1])) if b.startswith("expert/") else b for b in lineup]


def test_expert_bot_decisions_are_unchanged():
    check_pinned({key(lineup, seed): [f"{a.seat} {a.text}"
                                      for a in record.actions_of(play_match(expert_bots(lineup), seed=seed))]
                  for lineup, seed in EXPERT_MATCHES},
                 EXPERT_DECISIONS)


def test_pinned_matches_cover_every_kind_of_strong_decision(matches):
    """The pinned matches hold every kind of decision the strong bot makes, so none goes unchecked."""
    kinds, outs = Counter(), 0
    for lineup, m in matches.values():
        strong = {s for s, b in enumerate(lineup) if b == "strong"}
        kinds.update(type(a) for a in record.actions_of(m) if a.seat in strong)
        outs += sum(r.how == "out" and r.went_out in strong for r in m.round_results)
    for kind in (Buy, Pass, LayDown, Meld, AddToSet, Discard):
        assert kinds[kind] > 0, f"no strong {kind.__name__} in the pinned matches"
    assert outs > 0, "the strong bot never goes out in the pinned matches"
