"""The sorted hand a view shows is kept step by step (issue 12): it must always be the hand
the match holds, sorted, however that hand changed since the seat last looked."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies.engine.cards import ALL_CARDS, Hand
from tenpennies.play.view import PublicLogs

cards = st.sampled_from(ALL_CARDS)
# One change to a hand, as the match makes them: a card drawn (appended), a card played
# (removed in place), or a whole new hand (a deal, a purchase seen at once).
changes = st.one_of(
    st.tuples(st.just("draw"), cards),
    st.tuples(st.just("play"), st.integers(min_value=0, max_value=30)),
    st.tuples(st.just("deal"), st.lists(cards, max_size=14)),
)


@given(st.lists(cards, max_size=14), st.lists(st.tuples(changes, st.booleans()), max_size=40))
@settings(max_examples=200, deadline=None)
def test_t20_the_shown_hand_is_the_held_hand_sorted(start, steps):
    logs = PublicLogs([], 4)
    hand = list(start)
    assert logs.hand(2, hand) == Hand(hand)
    for (kind, what), look in steps:
        if kind == "draw":
            hand.append(what)
        elif kind == "play" and hand:
            del hand[what % len(hand)]
        elif kind == "deal":
            hand = list(what)
        if look:  # a seat looks at some decisions only: changes pile up between looks
            shown = logs.hand(2, hand)
            assert shown == Hand(hand) and type(shown) is Hand
