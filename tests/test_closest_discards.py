"""solver.closest_discards, discard_chances and what_is_missing give the answers of cards_needed and outs asked throw by throw."""

from hypothesis import given, settings
from hypothesis import strategies as st

from tenpennies import TEN_PENNIES
from tenpennies.engine.cards import ALL_CARDS
from tenpennies.odds import unseen_cards
from tenpennies.solver import cards_needed, closest_discards, discard_chances, outs, what_is_missing

RULE_SETS = [TEN_PENNIES, TEN_PENNIES.replace(repeated_suits_allowed=True),
             TEN_PENNIES.replace(decks=1, jokers=2), TEN_PENNIES.replace(decks=3, jokers=6)]


def throw_by_throw(hand, r, rules):
    """What closest_discards must say, asked the slow way: each discard in turn."""
    needs = {}
    for card in set(hand):
        rest = list(hand)
        rest.remove(card)
        needs[card] = (cards_needed(rest, r, rules), rest)
    least = min((n for n, _ in needs.values() if n is not None), default=None)
    return least, {card: outs(rest, r, rules) for card, (n, rest) in needs.items() if n == least}


def draw_deal(data, most_seen: int = 0):
    """A rule set, a round, a hand of up to 16 cards and up to ``most_seen`` other cards of its deck."""
    rules = data.draw(st.sampled_from(RULE_SETS))
    deck = list(rules.deck())
    r = data.draw(st.integers(1, rules.rounds))
    picked = data.draw(st.lists(st.sampled_from(range(len(deck))), min_size=1, max_size=16 + most_seen, unique=True))
    split = data.draw(st.integers(1, min(16, len(picked))))
    return rules, r, [deck[i] for i in picked[:split]], [deck[i] for i in picked[split:]]


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_closest_discards_agrees_with_each_discard_asked_alone(data):
    rules, r, hand, _ = draw_deal(data)
    need, best = closest_discards(hand, r, rules)
    expected_need, expected = throw_by_throw(hand, r, rules)
    assert need == expected_need
    assert best == expected


def test_a_contract_the_deck_cannot_hold_leaves_every_discard_alike_with_no_outs():
    # One deck and at most two wilds in round 7's set of 7: five naturals of one rank
    # are needed, and a deck holds four suits. No discard helps; none is preferred.
    rules = TEN_PENNIES.replace(decks=1, wild_limits=(1, 1, 1, 2, 2, 2, 2))
    hand = [c for c in rules.deck() if c.rank in (5, 9)][:6]
    assert cards_needed(hand, 7, rules) is None
    assert closest_discards(hand, 7, rules) == (None, {card: () for card in hand})


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_discard_chances_count_the_unseen_copies_of_each_closest_discards_outs(data):
    rules, r, hand, seen = draw_deal(data, most_seen=30)
    unseen = unseen_cards(hand, seen, rules)
    need, best = closest_discards(hand, r, rules)
    expected = {card: sum(unseen[c] for c in helpful) for card, helpful in best.items()}
    assert discard_chances(hand, r, rules, unseen) == (need, expected)
    by_index = [unseen[c] for c in ALL_CARDS]
    assert discard_chances(hand, r, rules, by_index) == (need, expected)


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_with_runs_too_the_closest_discards_are_each_discard_asked_alone(data):
    from tenpennies.engine.rules import TEN_CARD_RUMMY

    deck = list(TEN_CARD_RUMMY.deck())
    r = data.draw(st.integers(1, TEN_CARD_RUMMY.rounds))
    picked = data.draw(st.lists(st.sampled_from(range(len(deck))), min_size=1, max_size=12, unique=True))
    hand = [deck[i] for i in picked]
    unseen = unseen_cards(hand, (), TEN_CARD_RUMMY)
    expected_need, expected = throw_by_throw(hand, r, TEN_CARD_RUMMY)
    assert closest_discards(hand, r, TEN_CARD_RUMMY) == (expected_need, expected)
    chances = {card: sum(unseen[c] for c in helpful) for card, helpful in expected.items()}
    assert discard_chances(hand, r, TEN_CARD_RUMMY, unseen) == (expected_need, chances)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_what_is_missing_without_words_gives_cards_needed_and_outs(data):
    rules, r, hand, _ = draw_deal(data)
    gap = what_is_missing(hand, r, rules, words=False)
    assert (gap.cards_needed, gap.outs, gap.sentence) == (cards_needed(hand, r, rules), outs(hand, r, rules), "")
    worded = what_is_missing(hand, r, rules)
    assert (worded.cards_needed, worded.outs) == (gap.cards_needed, gap.outs) and worded.sentence
