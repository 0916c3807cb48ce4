"""The one listing (tenpennies.play.legal): the same actions, in the same order, whatever the
order of the hand it is given.

The match lists from its hand as held (in the order drawn), a view from its sorted
Hand; both must give the very same list, since Match.legal_actions()'s order is public
and the random bot draws from it by place.
"""

import random

import pytest

from tenpennies.engine.actions import AddToSet, Discard, LayDown, Meld
from tenpennies.engine.cards import Hand
from tenpennies.play.legal import legal_actions
from tenpennies.play.match import Match, Phase
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES

RULES = {"ten_pennies": TEN_PENNIES, "ten_card_rummy": TEN_CARD_RUMMY,
         "ten_pennies_with_runs": TEN_PENNIES.replace(meld_kinds=TEN_CARD_RUMMY.meld_kinds)}


def listed(m: Match, hand) -> list:
    pile = m.discard_pile
    return legal_actions(m.phase, m.to_act, active=m.active, hand=hand, opened=m.opened, table=m.table,
                         round_no=m.round_no, rules=m.rules, top_discard=pile[-1] if pile else None)


@pytest.mark.parametrize("name", RULES)
def test_the_listing_is_the_same_for_every_order_of_the_hand(name):
    # Matches played by a greedy melder (any lay-down, meld or addition listed, else a
    # random action), so that many listings are of open hands beside a full table:
    # additions, new sets and new runs, whose order a hand's order could change.
    rules, kinds, shuffled = RULES[name], set(), 0
    for seed in range(2):
        m, rng = Match(seed=seed, rules=rules), random.Random(seed)
        while not m.is_over and m.round_no <= 4:
            actions = m.legal_actions()
            if m.phase is not Phase.OFFER:
                seat = m.to_act
                assert listed(m, Hand(m.hands[seat])) == actions, (seed, len(m.log))
                for _ in range(2):
                    hand = list(m.hands[seat])
                    rng.shuffle(hand)
                    assert listed(m, hand) == actions, (seed, len(m.log), hand)
                    shuffled += 1
                kinds.update(type(a).__name__ for a in actions)
            melding = [a for a in actions if isinstance(a, (LayDown, Meld, AddToSet))]
            m.apply(rng.choice(melding or actions))
    assert shuffled > 200
    assert {LayDown.__name__, Meld.__name__, AddToSet.__name__, Discard.__name__} <= kinds, kinds


def _cold_listing(m: Match, hand) -> list:
    """The listing with every remembered answer forgotten first (interned new melds, runs'
    ends, the solver's run tables): what it gives with nothing carried over."""
    from tenpennies.play import _fast as _interned
    from tenpennies.engine import melds
    from tenpennies.solver import _core

    _interned._NEW_MELDS.clear()
    melds._ENDS.clear()
    _core._ROUNDS.clear()
    return listed(m, hand)


RUN_RULES = {"ten_card_rummy": TEN_CARD_RUMMY, "ten_card_rummy_6": TEN_CARD_RUMMY.with_players(6),
             "no_wrap_any_wilds": TEN_CARD_RUMMY.replace(wilds_outnumbered=False, runs_wrap=False),
             "ten_pennies_with_runs": RULES["ten_pennies_with_runs"]}


def test_remembered_melds_and_ends_list_as_if_worked_out_afresh():
    # New sets and runs are made once per rank's or suit's cards (per rule set, round and
    # seat), a run's ends once per run: played side by side, four rule sets share those
    # caches, and a key that left out what an answer depends on would list another
    # seat's, round's or rule set's melds. Every listing must equal the cold one.
    games = [(Match(seed=seed, rules=rules), random.Random(seed)) for seed, rules in enumerate(RUN_RULES.values())]
    compared = opened = 0
    while any(not m.is_over and m.round_no <= 5 for m, _ in games):
        for m, rng in games:
            if m.is_over or m.round_no > 5:
                continue
            actions = m.legal_actions()
            if m.phase is not Phase.OFFER and rng.random() < 0.3:
                assert _cold_listing(m, m.hands[m.to_act]) == actions, (m.rules.name, len(m.log))
                compared += 1
                opened += m.opened[m.to_act] and any(isinstance(a, (Meld, AddToSet)) for a in actions)
            melding = [a for a in actions if isinstance(a, (LayDown, Meld, AddToSet))]
            m.apply(rng.choice(melding or actions))
    assert compared > 300 and opened > 50, (compared, opened)


@pytest.mark.parametrize("name", RUN_RULES)
def test_c11_run_additions_are_what_meld_additions_says(name):
    # The listing looks a run's two natural cards up in the hand (melds.run_ends);
    # melds.meld_additions walks every card: the same additions, in the same order.
    from tenpennies.engine.cards import IN_ORDER
    from tenpennies.engine.melds import MeldKind, meld_additions

    rules, runs_seen = RUN_RULES[name], 0
    for seed in range(2):
        m, rng = Match(seed=seed, rules=rules), random.Random(seed)
        while not m.is_over and m.round_no <= 5:
            actions = m.legal_actions()
            seat = m.to_act
            if m.phase in (Phase.PLAY, Phase.MELD) and m.opened[seat]:
                distinct = [c for c in IN_ORDER if c in m.hands[seat]]
                expected = [AddToSet(seat, i, (c,), end) for i, meld in enumerate(m.table)
                            for c, end in meld_additions(meld, distinct, m.round_no, rules)]
                assert [a for a in actions if isinstance(a, AddToSet)] == expected, (seed, len(m.log))
                runs_seen += sum(meld.kind is MeldKind.RUN for meld in m.table)
            melding = [a for a in actions if isinstance(a, (LayDown, Meld, AddToSet))]
            m.apply(rng.choice(melding or actions))
    assert runs_seen > 100, runs_seen


@pytest.mark.parametrize("name", RUN_RULES)
def test_each_seat_lists_its_own_new_melds_from_the_same_hand(name):
    # New melds are remembered per seat: two open seats holding the very same cards are
    # each listed their own actions (a key without the seat would hand one the other's).
    from tenpennies.engine.cards import parse_cards

    rules = RUN_RULES[name]
    hand = parse_cards("5S 6S 7S 7H 7D 7C 9C TC JK QD")
    for round_no in (1, 4):
        for seat in range(rules.players):
            actions = legal_actions(Phase.MELD if rules.meld_before_draw else Phase.PLAY, seat, active=seat,
                                    hand=hand, opened=(True,) * rules.players, table=(), round_no=round_no,
                                    rules=rules, top_discard=None)
            melds = [a for a in actions if isinstance(a, Meld)]
            assert len(melds) >= 3 and {a.seat for a in actions} == {seat}, (round_no, seat, melds)
