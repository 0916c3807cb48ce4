"""Hints a learner can trust: what a new-user trial of ``tenpennies play`` found wrong, each
fixed and checked here (issue 12, item 4). A hint's action stays the strong bot's; its
sentence must be true of the view, with the numbers the situation has."""

import io
import re
from collections import Counter

import pytest

from tenpennies import Match, Position
from tenpennies.engine.actions import AddToSet, Buy, Discard, Pass, TakeDiscard
from tenpennies.bots import make_bot
from tenpennies.bots.melding import partners
from tenpennies.bots.strong import StrongBot
from tenpennies.bots.buying import should_buy
from tenpennies.engine.cards import Card
from tenpennies.front.cli import main
from tenpennies.engine.errors import TenPenniesError
from tenpennies.front.table import Game, button_label
from tenpennies.explain.hint import hint, offer_odds
from tenpennies.play.match import Phase
from tenpennies.odds import buy_or_pass, unseen_cards
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES
from tenpennies.solver import cards_needed, outs

SIX = TEN_CARD_RUMMY.with_players(6)
OTHERS = ("AS AH 3D 3C 5S 6H 8C TD QS QH", "2S 2C 4S 4H 6S 6D 8H TH JC JD", "3S 3H 5C 7C 9C 9D TS JS QC KH",
          "AC 2D 3C 4C 5H 7D 8D 9H QD KD", "KS 7H TC JH AD 9S 4D 5S 6H 8S")  # seats 1-5 of a six-seat position


def first_decision(match, seat=0, bot="thumb"):
    """The view of ``seat`` at its first decision, the other seats played by ``bot``."""
    bots = [make_bot(bot, s) for s in range(match.rules.players)]
    while match.to_act != seat:
        match.apply(bots[match.to_act].act(match.view(match.to_act)))
    return match.view(seat)


def strong_views(rules, seeds, seat=0, limit=400):
    """Views of ``seat`` at its decisions in seeded matches between strong bots."""
    for seed in seeds:
        m, bot = Match(seed, rules), StrongBot()
        n = 0
        while not m.is_over and n < limit:
            view = m.view(m.to_act)
            if m.to_act == seat:
                n += 1
                yield view
            m.apply(bot.act(view))


def unseen_outs(view, cards):
    """Unseen cards that bring ``cards`` a card closer, counted from what the seat has seen."""
    unseen = unseen_cards(view.hand, view.seen_cards(), view.rules)
    return sum(unseen[c] for c in outs(cards, view.round_no, view.rules))


def short_words(n):
    return "one card" if n == 1 else f"{n} cards"


# -- 1. Ten Card Rummy: a take that does not bring the contract closer says what it goes with
def test_c8_a_take_for_a_partner_says_what_the_card_goes_with_not_that_it_brings_the_contract_closer():
    view = first_decision(Match(seed=7, rules=SIX))
    assert " ".join(map(str, view.hand)) == "AS AC 4D 5H 6H 7C 8H 8C JH KD" and view.top_discard == Card("TC")
    h = hint(view)
    assert h.action == TakeDiscard(0) == StrongBot().act(view)  # the strong bot's action, unchanged
    with_tc = view.hand + (Card("TC"),)
    assert cards_needed(with_tc, 1, SIX) == cards_needed(view.hand, 1, SIX) == 1  # TC brings nothing closer
    count = unseen_outs(view, with_tc)
    assert count == 20
    # Since issue 23 an offer's sentence ends with the buy judgment it follows (here: close,
    # taking gets no chance this draw but keeps the card, so the strong bot's rule of thumb takes the partner).
    assert h.sentence == ("Take 10C from the discard pile (Take Discard), free: 10C goes with 8C toward a run of clubs; "
                          "it does not bring the contract closer now. You are still one card from one meld of 3 "
                          f"(a set or a run); {count} unseen cards would complete it. The buy judgment calls it "
                          "close: taking gains -19.3 points [-19.3, 68.7], an interval on both sides of zero (taking "
                          "10C as your draw, you would hold one meld of 3 (a set or a run) 0% of the time; passing, "
                          "with one card, 22%; 88 points in hand are at stake; after that the 10C stays in hand for "
                          "later melds, which could save up to all 88); the strong bot's rule of thumb decides.")
    assert should_buy(view).verdict == "close"
    assert "for nothing" not in h.sentence


def test_c8_a_take_that_completes_the_contract_says_so_and_counts_nothing_more():
    p = Position(round_no=1, hands=("7S 8S 4D 4C KC 2H 5D 6C QH 3S",) + OTHERS,
                 discard_pile="9S", top_discarder=5, stock="2H 3H 5C", dealer=5)
    view = Match.from_position(p, seed=1, rules=SIX).view(0)
    h = hint(view)
    assert h.action == TakeDiscard(0)
    judgment = should_buy(view)
    assert judgment.verdict == "buy" and judgment.next_buy == 1
    assert h.sentence.startswith("Take 9S from the discard pile (Take Discard), free: with it you hold one meld of 3 "
                                 "(a set or a run). The buy judgment says take: it gains ")


def test_c8_c9_every_ten_card_rummy_hint_sentence_is_true_of_its_view():
    """How short the hand is, whether a card brings it closer, how many unseen cards complete
    it or bring it closer, and what a card goes with: each claim rechecked from the view."""
    kinds = Counter()
    for view in strong_views(TEN_CARD_RUMMY, seeds=(1, 2), limit=150):
        h = hint(view)
        s, a, r, rules = h.sentence, h.action, view.round_no, view.rules
        assert h.action == StrongBot().act(view)
        assert "for nothing" not in s and s.count(", and") <= 1, s
        kinds[type(a).__name__] += 1
        top, hand = view.top_discard, view.hand
        if view.opened[view.seat] or top is None:
            continue
        if isinstance(a, (TakeDiscard, Buy)):
            before, after = cards_needed(hand, r, rules), cards_needed(hand + (top,), r, rules)
            if after == 0:
                assert "with it you hold" in s and "closer" not in s, s
            elif after < before:
                assert f"it brings you to {short_words(after)} from" in s, s
            else:
                assert "it does not bring the contract closer now" in s and f"still {short_words(after)} from" in s, s
                assert f"{unseen_outs(view, hand + (top,))} unseen cards would" in s, s
            if after and after < before and isinstance(a, TakeDiscard):
                does = "complete it" if after == 1 else "bring it one card closer"
                assert f"{unseen_outs(view, hand + (top,))} unseen cards would {does}" in s, s
            found = re.search(r"goes with (.*?) toward", s)
            if found:
                for text in re.findall(r"\b(?:10|[2-9TJQKA])[SHDC]\b", found.group(1)):
                    assert Card(text) in hand and partners(top, (top, Card(text)), rules.wild_table(r)), s
        if isinstance(a, Discard) and "may go out" not in s:
            rest = list(hand)
            rest.remove(a.card)
            need = cards_needed(rest, r, rules)
            if need:
                does = "complete it" if need == 1 else "bring it one card closer"
                assert f"Without it you are {short_words(need)} from" in s, s
                assert f"; {unseen_outs(view, rest)} unseen cards would {does}." in s, s
            elif need == 0:
                assert "Without it you hold" in s, s
    assert kinds["TakeDiscard"] and kinds["Discard"] and kinds["Pass"]


# -- 2. Ten Pennies: a purchase's odds are buy_or_pass's (the card and two stock cards, T5)
def test_t5_a_buy_hint_gives_the_judgments_chances_gain_and_verdict():
    """Since issue 23 an offer is worded from the buy judgment (tenpennies.bots.buying), not from
    buy_or_pass alone: its verdict, the gain with its interval, and what it is made of."""
    view = first_decision(Match(seed=3))
    assert " ".join(map(str, view.hand)) == "AD 2D 3C 4D 5H 6S 6D 6C 7H JS QH" and view.top_discard == Card("7D")
    assert view.active != view.seat  # off-turn: passing brings no card now (T6)
    h = hint(view)
    j = should_buy(view)
    assert h.action == StrongBot().act(view)
    said = {"buy": "says buy", "pass": "says pass", "close": "calls it close"}[j.verdict]
    assert h.sentence.startswith(f"{'Buy' if h.action == Buy(0) else 'Pass on'} 7D: the buy judgment {said}")
    # (Issue 32: the chances with the cards each choice gets, said with those cards.)
    assert (f"you would hold two sets of 3 {float(j.next_buy):.0%} of the time; passing, with one card, "
            f"{float(j.next_pass):.0%}") in h.sentence
    assert f"{j.points_at_stake} points in hand are at stake" in h.sentence


def test_t5_every_offer_hint_states_the_judgments_numbers():
    checked = 0
    for view in strong_views(TEN_PENNIES, seeds=(4, 5), limit=200):
        if view.phase is not Phase.OFFER or view.opened[view.seat]:
            continue
        s = hint(view).sentence
        j = should_buy(view)
        assert f"{float(j.next_buy):.0%} of the time; passing, with one card, {float(j.next_pass):.0%}" in s, s
        if j.verdict == "close":
            assert "calls it close" in s, s
        checked += 1
    assert checked


# -- 4. refusals that say what to do
def test_a_hint_of_a_match_not_a_view_says_how_to_ask():
    m = Match(3)
    with pytest.raises(TypeError, match=r"hint needs a seat's view: hint\(match\.view\(match\.to_act\)\)"):
        hint(m)


def test_a_hint_out_of_turn_says_whose_decision_it_is():
    m = Match(3)
    other = (m.to_act + 1) % 4
    with pytest.raises(TenPenniesError, match=rf"it is seat {m.to_act}'s decision now, not seat {other}'s"):
        hint(m.view(other))


@pytest.mark.parametrize("bad", [-5, "40", 1, True, 2.5])
def test_rollouts_must_be_zero_or_a_whole_number_from_two(bad):
    m = Match(3)
    with pytest.raises(TypeError, match="rollouts must be a whole number, 0 .* or at least 2"):
        hint(m.view(m.to_act), rollouts=bad)


def test_c9_rollouts_in_ten_card_rummy_give_the_strong_hint_and_say_no_rollouts_were_played():
    view = first_decision(Match(seed=7, rules=SIX))
    h, strong = hint(view, rollouts=40, seed=1), hint(view)
    assert h.action == strong.action and "rollout" not in strong.sentence
    assert h.sentence == strong.sentence + " (No rollouts: in Ten Card Rummy the hint is the strong bot's.)"


# -- 5. a stronger expert by name
def test_make_bot_passes_keyword_options_to_the_bot_and_refuses_unknown_ones():
    bot = make_bot("expert", 1, rollouts=40)
    assert bot.name == "expert" and bot.rollouts == 40
    assert make_bot("expert", 1).rollouts != 40
    with pytest.raises(TypeError, match="'thumb' bot does not take rollouts"):
        make_bot("thumb", 1, rollouts=40)


# Ranks in the plural as every sentence of the kit says them (one home of words, issue 23:
# the hint once wrote "7s" where the rules said "sevens"), written out here, not asked of
# tenpennies.engine.words, so a word changed there is caught.
RANKS_SAID = dict(enumerate("aces twos threes fours fives sixes sevens eights nines tens jacks queens kings".split(),
                            start=1))


# -- 6, 7. Ten Pennies: table sets named with their owner and rank; the kept ranks listed whole
def test_t10_an_add_hint_names_the_set_by_its_owner_and_rank_not_only_its_number():
    found = 0
    for view in strong_views(TEN_PENNIES, seeds=(1, 2, 3), seat=1):
        h = hint(view)
        if isinstance(h.action, AddToSet):
            meld = view.table[h.action.set_index]
            owner = "your" if meld.owner == view.seat else f"seat {meld.owner}'s"
            plural = RANKS_SAID[meld.rank]
            assert f"to set {h.action.set_index} ({owner} {plural}):" in h.sentence, h.sentence
            found += 1
    assert found


def test_a_discard_hint_names_every_rank_it_keeps_in_two_or_more():
    found = 0
    for view in strong_views(TEN_PENNIES, seeds=(1, 2), seat=2):
        h = hint(view)
        kept = re.match(r"Discard \S+ and keep the (.*?): ", h.sentence)
        if not kept:
            continue
        rest = list(view.hand)
        rest.remove(h.action.card)
        wild = view.rules.wild_table(view.round_no)
        ranks = Counter(c.rank for c in rest if not wild[c.index])
        expected = {RANKS_SAID[k] for k, n in ranks.items() if n >= 2}
        assert set(re.split(r", | and ", kept.group(1))) == expected, h.sentence
        found += 1
    assert found


# -- 8. the CLI names a move by its command; the table by its button
def test_c8_the_cli_hint_names_the_command_to_type_and_the_table_hint_the_button(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nquit\n"))
    assert main(["play", "--seed", "7", "--rules", "ten-card-rummy", "--players", "6"]) == 0
    out = capsys.readouterr().out
    said = [line for line in out.splitlines() if "Hint:" in line]
    assert said and all("Take Discard" not in s and "Draw From Stock" not in s and "Add to Meld" not in s
                        for s in said)
    assert 'Take 10C from the discard pile (type "take"), free:' in said[0]
    game = Game(7, seat=0, bots=["thumb"] * 5, rules=SIX)
    game.advance()
    assert f"({button_label('take', SIX)})" in game.hint().sentence
    assert '(type "take")' in game.hint(moves="commands").sentence


def test_c11_an_add_hint_names_the_add_command_with_its_meld_number():
    p = Position(round_no=1, hands=("7C 5D 9H KS",) + OTHERS,
                 table=((1, "7S 7H 7D"),), opened=(True, True) + (False,) * 4,
                 discard_pile="2H", top_discarder=5, stock="2H 3H 5C", dealer=5)
    view = Match.from_position(p, seed=1, rules=SIX).view(0)
    assert hint(view).action == AddToSet(0, 0, (Card("7C"),))
    assert hint(view).sentence.startswith("Add 7C to meld 0 (seat 1's set 7S 7H 7D; Add to Meld, then click the meld):")
    assert hint(view, moves="commands").sentence.startswith('Add 7C to meld 0 (seat 1\'s set 7S 7H 7D; type "add 0 7C"):')

