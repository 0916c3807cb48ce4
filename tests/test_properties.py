"""Invariants over random seeds and random play (hypothesis), for both games.

Every listed legal action applies; random actions are either legal or refused with an
IllegalActionError that leaves the state exactly as it was; all cards are always
accounted for; tokens are never created; scores follow T18 (C14); every match ends.
Ten Pennies runs with its four players, Ten Card Rummy with 4, 6 and 8 (C1).
"""

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, IllegalActionError
from tenpennies.engine.actions import AddToSet, Buy, Discard, LayDown, Meld, Pass, RoundEnd, TakeDiscard
from tenpennies.engine.cards import ALL_CARDS
from tenpennies.play.match import Match, Phase

DECK = Counter(TEN_PENNIES.deck())
GAMES = [TEN_PENNIES, TEN_CARD_RUMMY.with_players(4), TEN_CARD_RUMMY.with_players(6),
         TEN_CARD_RUMMY.with_players(8)]
GAME_IDS = ["tp", "tcr4", "tcr6", "tcr8"]


def random_action(rng: random.Random, m: Match):
    """An action of any kind, for any seat, mostly with cards from somewhere on the table."""
    seat = rng.randrange(m.rules.players) if rng.random() < 0.3 else m.to_act
    pool = list(m.hands[seat]) if rng.random() < 0.8 else list(ALL_CARDS)
    cards = tuple(rng.sample(pool, min(len(pool), rng.randint(1, 5))))
    kind = rng.randrange(7)
    end = rng.choice((None, None, "low", "high"))
    if kind == 0:
        return Buy(seat)
    if kind == 1:
        return Pass(seat)
    if kind == 2:
        split = rng.randint(0, len(cards))
        return LayDown(seat, (cards[:split], cards[split:]) if rng.random() < 0.5 else (cards,))
    if kind == 3:
        return Meld(seat, cards, end)
    if kind == 4:
        return AddToSet(seat, rng.randrange(-1, len(m.table) + 2), cards, end)
    if kind == 5:
        return TakeDiscard(seat)
    return Discard(seat, cards[0])


def tokens_left(m: Match) -> int:
    return sum(t for t in m.tokens if t is not None)


def check_invariants(m: Match, tokens_before: int):
    assert m.all_cards() == Counter(m.rules.deck())
    assert all(t is None or t >= 0 for t in m.tokens) and tokens_left(m) <= tokens_before
    assert m.phase is Phase.OVER or 0 <= m.to_act < m.rules.players


@pytest.mark.parametrize("rules", GAMES, ids=GAME_IDS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32), steps=st.integers(1, 400))
def test_random_play_keeps_every_invariant(rules, seed, play_seed, steps):
    m, rng = Match(seed=seed, rules=rules), random.Random(play_seed)
    for _ in range(steps):
        if m.is_over:
            break
        tokens = tokens_left(m)
        # A random action: legal ones apply, illegal ones change nothing.
        probe = random_action(rng, m)
        before = m.snapshot()
        try:
            m.verify(probe)
        except IllegalActionError:
            assert m.snapshot() == before
            try:
                m.apply(probe)
            except IllegalActionError:
                pass
            else:
                raise AssertionError(f"apply accepted {probe} that verify refused")
            assert m.snapshot() == before
        else:
            m.apply(probe)
            check_invariants(m, tokens)
            continue
        legal = m.legal_actions()
        assert legal and all(m.is_legal(a) for a in legal)
        m.apply(rng.choice(legal))
        check_invariants(m, tokens)


@pytest.mark.parametrize("rules", GAMES, ids=GAME_IDS)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_random_match_ends_and_scores_follow_t18(rules, seed):
    m, rng = Match(seed=seed, rules=rules), random.Random(seed)
    n = rules.players
    # A generous bound: the cap forces an end (a turn: a few buys, a draw, a discard).
    for _ in range(rules.rounds * (rules.turn_cap * (2 * n + 2) + 50)):
        if m.is_over:
            break
        m.apply(rng.choice(m.legal_actions()))
    assert m.is_over and [r.round_no for r in m.round_results] == list(range(1, rules.rounds + 1))
    assert m.round_results == [e for e in m.log if isinstance(e, RoundEnd)]  # one per round, as logged
    for result in m.round_results:
        assert result.points == tuple(sum(rules.points(c) for c in h) for h in result.hands)
        assert result.how in ("out", "no draw", "turn cap")
        assert (result.how == "out") == (result.went_out is not None)
        if result.went_out is not None:
            assert result.points[result.went_out] == 0
    assert m.scores == [sum(r.points[s] for r in m.round_results) for s in range(n)]
    assert m.winners and all(m.scores[w] == min(m.scores) for w in m.winners)


def test_malformed_actions_are_refused_as_illegal_and_lists_are_frozen():
    import pytest

    from tenpennies import parse_cards

    m = Match(seed=3)
    while m.phase is Phase.OFFER:
        m.apply(Pass(m.to_act))
    seat, before = m.to_act, m.snapshot()
    for bad in (Meld(seat, None), LayDown(seat, None), LayDown(seat, (None,)), AddToSet(seat, 0, None),
                Discard(seat, None), Discard(seat, "7S"), Meld(seat, ("7S", "7H", "7D"))):
        with pytest.raises(IllegalActionError):
            m.apply(bad)
        assert m.snapshot() == before
    listed = Meld(seat, list(parse_cards("7S 7H 7D")))
    assert listed == Meld(seat, parse_cards("7S 7H 7D")) and hash(listed)
    assert LayDown(seat, [list(parse_cards("7S 7H 7D"))]).sets == (parse_cards("7S 7H 7D"),)
