"""Every bot's explained path (``decide``) chooses what its fast path (``act``) does.

Two bots of each kind are built from the same seed: one plays the match with ``act``, the
other is asked ``decide`` at the same views, as ``is_valid_set`` and ``set_problems`` are
held to agree. Seeded matches of both games.
"""

import pytest

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, Match
from tenpennies.engine.actions import Buy, Pass
from tenpennies.bots import bot_seed, make_bot
from tenpennies.bots.decision import Decision

LINEUPS = [
    (("strong", "thumb", "random", "strong"), 1, TEN_PENNIES),
    (("strong", "strong", "thumb", "thumb"), 2, TEN_PENNIES),
    (("strong", "thumb", "random", "strong"), 3, TEN_CARD_RUMMY),
    (("thumb", "strong", "strong", "random"), 4, TEN_CARD_RUMMY),
]


def play_checked(names, seed, rules, rounds=None, options=None):
    """Play a match with ``act``, asking a twin ``decide`` at every decision; return the
    decisions seen, per bot name."""
    options = options or {}
    actors = [make_bot(n, bot_seed(seed, s), **options.get(n, {})) for s, n in enumerate(names)]
    twins = [make_bot(n, bot_seed(seed, s), **options.get(n, {})) for s, n in enumerate(names)]
    match = Match(seed, rules)
    seen = {n: [] for n in names}
    while not match.is_over and (rounds is None or match.round_no <= rounds):
        seat = match.to_act
        action = actors[seat].act(match.view(seat))
        decision = twins[seat].decide(match.view(seat))
        assert isinstance(decision, Decision)
        assert decision.action == action, (names[seat], decision, action)
        seen[names[seat]].append(decision)
        match.apply(action)
    return seen


@pytest.mark.parametrize("names, seed, rules", LINEUPS)
def test_decide_chooses_what_act_does(names, seed, rules):
    seen = play_checked(names, seed, rules)
    strong = seen["strong"]
    assert any(isinstance(d.action, Buy) for d in strong) or rules is TEN_CARD_RUMMY
    assert all(d.reason for ds in seen.values() for d in ds)


def test_expert_decide_chooses_what_act_does():
    seen = play_checked(("expert", "strong", "thumb", "strong"), 5, TEN_PENNIES, rounds=2,
                        options={"expert": {"rollouts": 4}})
    reasons = {d.reason for d in seen["expert"]}
    assert "rollouts" in reasons or reasons


def test_a_strong_offer_decision_carries_the_judgments_numbers():
    seen = play_checked(("strong",) * 4, 6, TEN_PENNIES, rounds=1)
    offers = [d for d in seen["strong"] if isinstance(d.action, (Buy, Pass)) and "gain" in d.facts]
    assert offers
    for d in offers:
        gain = d.facts["gain"]
        assert gain.low <= gain.mean <= gain.high
        if d.reason.startswith("buy"):
            assert isinstance(d.action, Buy) and gain.low > 0
        if d.reason.startswith("pass-") and d.reason != "pass-open":
            assert isinstance(d.action, Pass) and gain.high <= 0


def test_decision_facts_are_read_only():
    d = Decision(Pass(0), "pass-no-gain", {"outs": 2})
    with pytest.raises(TypeError):
        d.facts["outs"] = 3
