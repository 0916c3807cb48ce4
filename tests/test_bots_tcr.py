"""The bots in Ten Card Rummy (C3-C11): they finish matches at every table size, shed
before they draw, lay off on runs, keep cards that make runs, and never spend a token."""

from dataclasses import replace

import pytest

from tenpennies import TEN_CARD_RUMMY, TEN_PENNIES, parse_cards
from tenpennies.engine.actions import AddToSet, Buy, Discard, LayDown, Meld, Pass, TakeDiscard
from tenpennies.bots import make_bot, play_match
from tenpennies.bots.melding import partners, plays_runs, shedding_action
from tenpennies.engine.cards import Card
from tenpennies.play.match import Match, Phase

TCR = TEN_CARD_RUMMY


class Watcher:
    """Plays as the named bot and keeps each (view, action) pair."""

    def __init__(self, name, seed=0):
        self.inner = make_bot(name, seed)
        self.name = name
        self.seen = []

    def act(self, view):
        action = self.inner.act(view)
        self.seen.append((view, action))
        return action


def test_plays_runs_only_where_the_rule_set_has_them():
    assert plays_runs(TCR) and plays_runs(TCR.with_players(8))
    assert not plays_runs(TEN_PENNIES)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_c1_c2_every_bot_finishes_a_match_at_every_table_size(players):
    rules = TCR.with_players(players)
    bots = (["random", "thumb", "strong"] * 3)[:players]
    m = play_match(bots, seed=players, rules=rules)
    assert m.is_over and len(m.round_results) == 11


def test_c6_c10_thumb_and_strong_lay_down_and_shed_before_they_draw():
    watchers = [Watcher("strong"), Watcher("thumb"), Watcher("strong"), Watcher("thumb")]
    play_match(watchers, seed=11, rules=TCR)
    laid = shed = 0
    for w in watchers:
        for view, action in w.seen:
            kinds = {type(a) for a in view.legal_actions}
            if LayDown in kinds:
                assert isinstance(action, LayDown)
                laid += 1
            elif view.opened[view.seat] and kinds & {Meld, AddToSet}:
                assert isinstance(action, (Meld, AddToSet))
                shed += 1
            if isinstance(action, (Meld, AddToSet, LayDown)):
                assert view.phase is Phase.MELD  # C6: melding comes before the draw
    assert laid > 5 and shed > 5


def test_c11_the_bots_lay_off_on_runs():
    watchers = [Watcher("strong"), Watcher("thumb"), Watcher("strong"), Watcher("thumb")]
    play_match(watchers, seed=12, rules=TCR)
    on_runs = [a for w in watchers for view, a in w.seen
               if isinstance(a, AddToSet) and view.table[a.set_index].kind == "run"]
    assert on_runs


def test_c9_buys_come_only_from_round_4_and_no_token_is_spent():
    watchers = [Watcher("strong"), Watcher("thumb"), Watcher("strong"), Watcher("thumb")]
    m = play_match(watchers, seed=13, rules=TCR)
    buys = [(view.round_no, a) for w in watchers for view, a in w.seen if isinstance(a, Buy)]
    assert buys and all(r >= TCR.buy_from_round for r, _ in buys)
    takes = [a for w in watchers for _, a in w.seen if isinstance(a, TakeDiscard)]
    assert takes and m.is_over


def test_c3_partners_count_same_rank_and_same_suit_neighbours_round_the_corner():
    wild = TCR.wild_table(1)
    hand = parse_cards("KH AH 3H 9C 9S JK 5D")
    assert partners(Card("AH"), hand, wild) == 2  # K and 3 of hearts: K A 2 3 go round (C3)
    assert partners(Card("9C"), hand, wild) == 1  # the 9 of spades: sets repeat suits
    assert partners(Card("5D"), hand, wild) == 0
    assert partners(Card("JK"), hand, wild) == 0


def _discard_view(hand_text, seed=3):
    """A real Ten Card Rummy view, its hand replaced, at a discard decision."""
    m = Match(seed, TCR)
    view = m.view(m.to_act)
    hand = parse_cards(hand_text)
    return replace(view, hand=hand, phase=Phase.DISCARD, opened=(False,) * 4,
                   legal_actions=tuple(Discard(view.seat, c) for c in dict.fromkeys(hand)))


@pytest.mark.parametrize("bot", ["thumb", "strong"])
def test_c3_the_bots_keep_cards_that_make_runs(bot):
    view = _discard_view("5H 6H 8H 9C 9S QD 2C 3S JK 4D KS")
    card = make_bot(bot).act(view).card
    assert card not in parse_cards("5H 6H 8H 9C 9S JK")


def test_shedding_prefers_a_new_meld_without_wilds_then_naturals_laid_off():
    wild = TCR.wild_table(1)
    natural = AddToSet(0, 1, (Card("7H"),))
    joker = AddToSet(0, 0, (Card("JK"),))
    meld = Meld(0, parse_cards("4S 5S 6S"))
    wild_meld = Meld(0, parse_cards("4D JK 6D"))
    assert shedding_action([joker, natural, wild_meld, meld, Pass(0)], wild) == meld
    assert shedding_action([joker, natural, Pass(0)], wild) == natural
    assert shedding_action([Pass(0), TakeDiscard(0)], wild) is None


def test_c3_c11_counts_for_every_card_at_once_agree_with_asking_card_by_card():
    """partner_counts and laying_off (one count of the hand, one look at each meld, as the
    bots' discards ask) give what partners and lays_off give card by card, on the views of
    a seeded match (hands with pairs, runs round the corner, melds on the table)."""
    from tenpennies.bots.melding import laying_off, lays_off, partner_counts

    watcher = Watcher("strong", 1)
    play_match([watcher, "thumb", "strong", "thumb"], seed=9, rules=TCR)
    laid = 0
    for view, _ in watcher.seen[::3]:
        wild = TCR.wild_table(view.round_no)
        links = partner_counts(view.hand, wild)
        assert links == {c: partners(c, view.hand, wild) for c in view.hand}
        fits = laying_off(view.hand, view)
        assert fits == {c for c in view.hand if lays_off(c, view)}
        laid += bool(fits)
    assert laid > 10
