"""Every decision the strong bot makes in Ten Card Rummy, pinned for a handful of seeded matches.

tests/test_bot_decisions.py pins Ten Pennies; this pins the policy of
tenpennies/bots/melding.py and the run solver under it (issue 25's speed work must not
change a single decision). Each match's actions (seat and text, in order) are compared
with tests/data/bot_decisions_tcr.json, written by the code before that work (main at
5272cd9). The expert trying its Ten Card Rummy offers out (``in_ten_card_rummy``, few
rollouts) is pinned too: its rollouts play the strong bot in every seat of seeded worlds,
so they pin the rollouts a review plays. If a change of policy is intended, regenerate the
file and read its diff:

    TENPENNIES_REGENERATE=1 python3 -m pytest tests/test_bot_decisions_tcr.py
"""

from collections import Counter
from functools import partial
from pathlib import Path

import pytest

from tenpennies import TEN_CARD_RUMMY, play_match
from tenpennies.play import record
from tenpennies.engine.actions import AddToSet, Buy, Discard, LayDown, Meld, Pass, TakeDiscard
from tenpennies.bots.expert import ExpertBot

from test_bot_decisions import check_pinned

DECISIONS = Path(__file__).parent / "data" / "bot_decisions_tcr.json"

# Four and six seats; the strong bot against itself and the rules of thumb.
MATCHES = [
    (("strong",) * 4, 1),
    (("strong",) * 4, 2),
    (("strong", "thumb", "strong", "thumb"), 3),
    (("thumb", "strong", "thumb", "strong"), 4),
    (("strong",) * 6, 5),
    (("strong", "thumb") * 3, 6),
]
EXPERT = (("expert/2", "strong", "strong", "strong"), 7)


def key(lineup, seed) -> str:
    return f"{' '.join(lineup)} seed {seed}"


def bots(lineup):
    """Bots for a line-up where ``expert/N`` is the expert trying its Ten Card Rummy offers
    out with ``N`` rollouts per candidate."""
    return [partial(ExpertBot, rollouts=int(b.split("/")[1]), in_ten_card_rummy=True) if b.startswith("expert/")
            else b for b in lineup]


@pytest.fixture(scope="module")
def matches() -> dict[str, tuple]:
    """Each pinned match, played now: its line-up and the finished match."""
    return {key(lineup, seed): (lineup, play_match(bots(lineup), seed=seed,
                                                   rules=TEN_CARD_RUMMY.with_players(len(lineup))))
            for lineup, seed in MATCHES + [EXPERT]}


def test_strong_bot_decisions_in_ten_card_rummy_are_unchanged(matches):
    check_pinned({name: [f"{a.seat} {a.text}" for a in record.actions_of(m)] for name, (_, m) in matches.items()},
                 DECISIONS)


def test_pinned_matches_cover_every_kind_of_strong_decision(matches):
    """The pinned matches hold every kind of decision the strong bot makes in Ten Card
    Rummy (C6-C11), so none goes unchecked."""
    kinds, outs = Counter(), 0
    for lineup, m in matches.values():
        strong = {s for s, b in enumerate(lineup) if b == "strong"}
        kinds.update(type(a) for a in record.actions_of(m) if a.seat in strong)
        outs += sum(r.how == "out" and r.went_out in strong for r in m.round_results)
    for kind in (TakeDiscard, Buy, Pass, LayDown, Meld, AddToSet, Discard):
        assert kinds[kind] > 0, f"no strong {kind.__name__} in the pinned matches"
    assert outs > 0, "the strong bot never goes out in the pinned matches"
