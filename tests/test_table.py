"""The live table's driver (tenpennies.front.table): bots advanced once, a scripted person, refusals, undo, words, replay."""

import re
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from tenpennies import Match, Position, find_contract
from tenpennies.play import record
from tenpennies.engine.actions import AddToSet, Buy, Discard, Draw, LayDown, Meld, Pass
from tenpennies.bots import play_match
from tenpennies.front.replay import Replay
from tenpennies.front.table import MOVES, Game, grouped_hand, narrate, score_rows, to_you
from tenpennies.play.match import Phase
from tenpennies.engine.words import card_text

KINDS = (Buy, Pass, LayDown, Meld, AddToSet, Discard)


def play_hint(game: Game) -> type:
    """Play the hint through the button-like methods, selecting its cards first."""
    a = game.hint().action
    if isinstance(a, Buy):
        assert game.buy(), game.message
    elif isinstance(a, Pass):
        assert game.pass_offer(), game.message
    elif isinstance(a, Discard):
        game.select_cards([a.card])
        assert game.discard(), game.message
    elif isinstance(a, LayDown):
        assert game.lay_down(), game.message  # nothing selected: the solver's arrangement
    elif isinstance(a, Meld):
        game.select_cards(a.cards)
        assert game.meld(), game.message
    else:
        game.select_cards(a.cards)
        assert game.add_to_set(a.set_index), game.message
    return type(a)


def rigged() -> Position:
    """Seat 0 holds two sets of 3 and more; seats 1 and 2 are open with sets to add to."""
    return Position(
        round_no=1,
        hands=("7S 7H 7D 9S 9H JK KC 4D 4H 4S QD", "QS QH 3C 3D 8S", "2S 2H 5C 5D 6S", "TS TH JC JD 6H"),
        discard_pile="6C", table=((1, "KS KH KD"), (2, "8H 8D 8C")), dealer=3, top_discarder=3,
        stock="5S 8S 2C 3H TC AD AH AS 6D 7C")


def test_scripted_person_plays_whole_matches_with_every_action_kind():
    played = Counter()
    for seed in range(3):
        game = Game(seed, seat=seed % 4, bots=("strong", "thumb", "random"))
        game.advance()
        while not game.is_over:
            assert game.waiting
            played[play_hint(game)] += 1
            game.advance()
        assert len(game.match.round_results) == 7 and game.match.winners
    assert set(played) == set(KINDS)


def test_play_match_is_game_advance_with_bots_in_every_seat():
    lineup = ["strong", "thumb", "random", "thumb"]
    game = Game(5, seat=None, bots=lineup)
    game.advance()
    assert game.is_over and not game.waiting
    assert game.match.snapshot() == play_match(lineup, seed=5).snapshot()


def test_a_rigged_position_lays_down_melds_adds_and_goes_out():
    game = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3)
    assert game.waiting and game.view.phase is Phase.OFFER
    assert game.pass_offer()
    game.advance()
    assert game.view.phase is Phase.PLAY and len(game.view.hand) == 12  # 11 and the stock's 5S
    # The selected cards' own arrangement is laid down as chosen (the joker joins the 9s).
    game.select_cards("7S 7H 7D 9S 9H JK")
    assert game.lay_down(), game.message
    assert sorted(str(c) for s in game.view.table[2:] for c in s.cards) == sorted("7S 7H 7D 9S 9H JK".split())
    game.select_cards("4D 4H 4S")
    assert game.meld(), game.message
    game.select_cards("QD")
    assert game.addable_sets() == ()  # no set of queens on the table
    game.select_cards("KC")
    assert game.addable_sets() == (0,)
    assert game.add_to_set(0), game.message
    assert sorted(map(str, game.view.hand)) == ["5S", "QD"]
    game.select_cards("QD")
    assert game.discard(), game.message
    assert [str(c) for c in game.match.hand(0)] == ["5S"] and game.match.top_discard.symbol == "Q♦"


def test_refusals_carry_the_engines_reason_and_change_nothing():
    game = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3)
    state = game.match.snapshot()
    checks = [
        (game.discard, "select exactly one card to discard"),
        (game.meld, "select the cards of the new set first"),
        (lambda: game.add_to_set(0), "select the cards to add first"),
    ]
    for attempt, reason in checks:
        assert attempt() is False and reason in game.message
    game.select_cards("KC")
    assert not game.discard() and "you are being offered 6C: you may only buy or pass" in game.message
    assert game.pass_offer()
    game.advance()
    state = game.match.snapshot()
    assert not game.buy() and "there is no offer now" in game.message
    game.select_cards("4D 4H 4S")
    assert not game.meld() and "you have not laid down your contract" in game.message
    assert not game.add_to_set(1) and "you have not laid down your contract" in game.message
    game.select_cards("7S 7H 9S 9H")
    assert not game.lay_down() and "you cannot lay down" in game.message
    assert "one set per rank" in game.message  # the refusal says how the selection was read
    assert "seat 0" not in game.message
    assert game.match.snapshot() == state
    game.select_cards("7S")
    assert not game.act(Discard(1, game.view.hand[0])) and "not your seat" in game.message


def test_lay_down_without_the_contract_says_what_is_missing():
    p = Position(round_no=2, hands=("7S 7H 9D 5C", "QS QH 3C", "2S 2H 5S", "TS TH JC"), discard_pile="6C",
                 dealer=3, tokens=(0, 0, 0, 0))
    game = Game.from_position(p, seat=0, bots=("thumb",) * 3)
    assert game.view.phase is Phase.PLAY
    assert not game.lay_down()
    assert game.message.startswith("you cannot lay down yet: 2 more cards are needed for one set of 4")


def test_undo_restores_the_state_before_the_persons_own_moves_since_the_draw():
    game = Game(11, seat=2, bots=("thumb", "strong", "random"))
    game.advance()
    while not (game.waiting and game.view.phase is Phase.PLAY):
        play_hint(game)
        game.advance()
    before = game.match.snapshot()
    game.select_cards(game.hand[:1])
    assert game.discard()  # not yet answered by the bots: nothing new seen
    assert game.undo() and game.match.snapshot() == before
    assert not game.undo() and game.message.startswith("nothing to undo since the table showed you")
    game.select_cards(game.hand[:1])
    assert game.discard()
    game.advance()  # the bots answer: what they did is fixed, and the discard with it
    assert not game.undo() and "undo never takes back what you have seen" in game.message
    fresh = Game(11, seat=2, bots=("thumb",))
    assert not fresh.undo() and fresh.message == "there is nothing to undo"
    locked = Game(11, seat=2, bots=("thumb",), learning=False)
    locked.advance()
    locked.pass_offer() if locked.view.phase is Phase.OFFER else None
    assert not locked.undo() and "learning mode" in locked.message


def test_words_announce_draws_and_never_name_anothers_stock_card():
    game = Game(4, seat=1, bots=("strong", "thumb", "strong"))
    game.advance()
    for _ in range(60):
        if game.is_over:
            break
        play_hint(game)
        game.advance()
    words = game.words()
    mine = [e for e in game.match.log if isinstance(e, Draw) and e.seat == 1 and e.source != "discard"]
    assert sum(1 for w in words if re.fullmatch(r"You drew (?:10|\w)\w( as part of the purchase)?\.", w)) == len(mine)
    assert any(re.fullmatch(r"Seat \d \(\w+\) drew a card\.", w) for w in words)
    for w in words:
        assert not re.match(r"Seat \d .*drew [A2-9TJQK][SHDC]", w)
    assert words[0].startswith("Round 1 of 7: two sets of 3.")


def test_new_words_tell_each_thing_once_and_end_rounds_with_the_score_table():
    game = Game(2, seat=0, bots=("thumb",) * 3)
    told = []
    game.advance()
    while not game.is_over:
        told += game.new_words()
        play_hint(game)
        game.advance()
    told += game.new_words()
    assert game.new_words() == []
    said = [w for w in told if "\n" not in w]
    assert said[:-1] == game.words() and said[-1] == told[-1]
    tables = [w for w in told if w.startswith(" ") and "\n" in w]
    assert len(tables) == 7 and tables[-1].splitlines()[-1].split()[1:] == [str(s) for s in game.match.scores]
    assert told[-1].startswith("The match is over:")
    assert score_rows(game.view)[-1] == ("total", tuple(game.match.scores))


def test_sorting_for_the_contract_puts_the_solvers_sets_first_and_keeps_the_selection():
    game = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3)
    game.select_cards("KC QD")
    game.sort_hand("contract")
    contract = find_contract(game.view.hand, 1)
    assert game.hand[:len(contract.cards)] == contract.cards
    assert sorted(map(str, game.selected_cards)) == ["KC", "QD"]
    assert Counter(game.hand) == Counter(game.view.hand)
    assert grouped_hand(game.view.hand, 1)[:3] == game.hand[:3]
    with pytest.raises(ValueError):
        game.sort_hand("suit")


def test_replay_steps_forward_and_back_and_hides_hands_from_a_seat():
    match = play_match(["thumb", "random", "strong", "thumb"], seed=8)
    text = record.dumps(match)
    replay = Replay(text, seat=2)
    replay.goto(40)
    assert replay.match.snapshot() == record.loads(text, upto=40).snapshot()
    replay.back(15)
    assert replay.at == 25 and replay.match.snapshot() == record.loads(text, upto=25).snapshot()
    replay.forward(10_000)
    assert replay.at == replay.total and replay.match.snapshot() == match.snapshot()
    assert replay.hands is None and replay.view.seat == 2
    teacher = Replay(match, seat=None)
    teacher.goto(30)
    assert teacher.hands == {s: tuple(teacher.match.hand(s)) for s in range(4)}
    # The teacher is told every drawn card; a seat only its own.
    assert all("drew a card" not in w for w in teacher.words())
    replay.goto(30)
    assert any(w.startswith("Seat") and "drew a card" in w for w in replay.words())
    assert all(not re.match(r"Seat \d .*drew [A2-9TJQK][SHDC]", w) for w in replay.words())


def test_narrate_speaks_to_the_viewer():
    assert narrate(Discard(2, Match(1).hand(2)[0]), viewer=2).startswith("You discarded")
    assert narrate(Draw(3, None, "stock"), viewer=0) == "Seat 3 drew a card."
    assert narrate(Buy(1), viewer=0) is None


def test_game_checks_its_seats_and_bots():
    with pytest.raises(ValueError, match="seat must be"):
        Game(1, seat=4)
    with pytest.raises(ValueError, match="needs 3 bots"):
        Game(1, seat=0, bots=("thumb", "thumb"))
    assert set(Game(1, seat=2, bots=("thumb",)).bots) == {0, 1, 3}


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 3), st.randoms(use_true_random=False))
def test_whatever_the_person_does_the_words_hold_only_what_the_seat_may_know(seed, seat, rng):
    """T20: a person playing at random (legal or not) is never told another seat's stock card."""
    game = Game(seed, seat=seat, bots=("random", "thumb", "strong"))
    game.advance()
    for _ in range(150):
        if game.is_over:
            break
        legal = list(game.view.legal_actions)
        state = game.match.snapshot()
        if rng.random() < 0.2:  # a refused move changes nothing
            game.select(rng.randrange(len(game.hand)))
            if not rng.choice([game.meld, game.discard, game.buy, game.lay_down, game.pass_offer])():
                assert game.match.snapshot() == state and game.message
                assert not re.search(rf"\bseat {seat}(?!\d)", game.message)  # a refusal speaks to you
            game.clear_selection()
        else:
            assert game.act(rng.choice(legal)), game.message
        game.advance()
    others = sum(1 for e in game.match.log if isinstance(e, Draw) and e.seat != seat and e.source != "discard")
    words = game.words()
    assert sum(1 for w in words if re.match(r"Seat \d .*drew a card", w)) == others
    for line in words:
        assert not re.match(r"Seat \d .*drew [A2-9TJQK][SHDC]", line)


def test_after_an_undo_the_words_go_on_from_the_restored_state():
    game = Game(3, seat=1, bots=("thumb",) * 3)
    game.advance()
    while not (game.waiting and game.view.phase is Phase.PLAY):
        game.pass_offer() if game.waiting else game.step()
    game.new_words()
    first, second = game.hand[0], game.hand[-1]
    game.select_cards([first])
    assert game.discard() and game.new_words() == [f"You discarded {first}."]
    assert game.undo()
    game.select_cards([second])
    assert game.discard() and game.new_words() == [f"You discarded {second}."]
    assert f"You discarded {first}." not in game.words()


def test_a_game_of_bots_alone_is_told_in_full():
    game = Game(5, seat=None, bots=["thumb"] * 4)
    game.advance()
    words = game.words()
    assert not any("drew a card" in w for w in words)  # nobody's hand is hidden from nobody
    assert sum(1 for w in words if re.fullmatch(r"Seat \d \(thumb\) drew (?:10|\w)\w( as part of the purchase)?\.", w)) \
        == sum(1 for e in game.match.log if isinstance(e, Draw) and e.source != "discard")


def test_selected_cards_lay_down_one_set_per_rank_with_the_wild_joining_the_short_set():
    game = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3)
    game.pass_offer()
    game.advance()
    game.select_cards("9S JK 7S 9H 7H 7D")  # in any order: grouped by rank, not by the order chosen
    assert game.lay_down(), game.message
    laid = sorted(sorted(map(str, s.cards)) for s in game.view.table if s.owner == 0)
    assert laid == [["7D", "7H", "7S"], ["9H", "9S", "JK"]]


def test_a_selection_that_is_not_the_contract_is_refused_with_the_rule_and_nothing_changes():
    game = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3)
    game.pass_offer()
    game.advance()
    state = game.match.snapshot()
    game.select_cards("4D 7S 9S")
    assert not game.lay_down()
    assert game.message.startswith("you cannot lay down") and "one set per rank" in game.message
    assert game.match.snapshot() == state
    game.clear_selection()
    assert game.lay_down(), game.message  # nothing selected: the solver's arrangement
    assert game.view.opened[0]


@pytest.mark.parametrize("reason, seat, said", [
    ("seat 0 has no 5H to discard", 0, "you have no 5H to discard"),
    ("seat 1 does not hold 9S", 1, "you do not hold 9S"),
    ("seat 2 has already laid down its contract this round", 2,
     "you have already laid down your contract this round"),
    ("it is seat 3's turn to buy or pass, not seat 1's", 1, "it is seat 3's turn to buy or pass, not yours"),
    ("seat 1 cannot lay down 7S / 9S: set 1 (7S): only 1 card", 1, "you cannot lay down 7S / 9S: set 1 (7S): only 1 card"),
    ("seat 1 has not laid down its contract", 0, "seat 1 has not laid down its contract"),  # another seat: as said
    ("seat 10 has no 5H", 1, "seat 10 has no 5H"),  # seat 1 is not seat 10
    ("seat 0 has no 5H", None, "seat 0 has no 5H"),  # bots only: nobody to speak to
])
def test_refusals_speak_to_the_person_in_the_second_person(reason, seat, said):
    assert to_you(reason, seat) == said


def test_each_move_says_what_it_does_and_why_it_is_unavailable():
    game = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3)
    assert set(MOVES) == {"take", "draw", "buy", "pass", "lay_down", "meld", "add", "discard", "hint", "undo", "new"}
    # Ten Pennies has no choice of draw (T6): its table shows no Take Discard or Draw From Stock.
    assert game.moves == tuple(m for m in MOVES if m not in ("take", "draw"))
    assert game.unavailable("take") == "Ten Pennies has no such move"
    # Answering an offer: only buy, pass, hint and a new match; lay down waits though seat 0 holds the contract.
    assert game.view.phase is Phase.OFFER and find_contract(game.view.hand, 1)
    assert [m for m in MOVES if not game.unavailable(m)] == ["buy", "pass", "hint", "new"]
    assert game.unavailable("lay_down") == "first buy or pass: you are being offered 6C"
    assert game.tooltip("lay_down") == "Lay down your contract. Not now: first buy or pass: you are being offered 6C."
    assert game.unavailable("undo") == "there is nothing to undo"
    assert game.tooltip("buy") == MOVES["buy"] + "."
    game.pass_offer()
    assert game.unavailable("undo") == ""
    assert game.unavailable("discard").startswith("wait: it is seat 1 (thumb)'s decision")
    game.advance()
    assert game.unavailable("buy") == "no card is being offered to you now"
    assert game.unavailable("meld") == game.unavailable("add") == "lay down your contract first"
    assert game.unavailable("lay_down") == game.unavailable("discard") == ""
    assert game.lay_down(), game.message
    assert game.unavailable("lay_down") == "you have laid down your contract already this round"
    assert game.unavailable("meld") == ""
    with pytest.raises(ValueError):
        game.unavailable("shuffle")
    locked = Game.from_position(rigged(), seed=1, seat=0, bots=("thumb",) * 3, learning=False)
    assert locked.unavailable("hint") == "hint is for learning mode"


# -- what the table shows of play: the last move, the line above the hand, the banner ------------
TEN_IN_NOTATION = re.compile(r"\bT[SHDC]\b")


def test_the_other_seats_last_moves_are_said_in_one_line_and_the_card_just_discarded_is_marked():
    from tenpennies.pictures.layout import LAST_EDGE, paint, table_layout

    game = Game(seed=7, seat=0, bots=("thumb", "thumb", "thumb"))
    game.advance()
    play_hint(game)      # the person buys 6D (see the module's doctest), then discards
    game.advance()
    play_hint(game)
    game.advance()
    last, said = game.last_move, game.what_happened
    top = game.view.top_discard
    assert last is not None and last.what == "discarded" and last.card == top and last.seat != 0
    assert said.endswith(f"discarded {card_text(top)}.")
    assert said.startswith("Seat ") and "passed" not in said and "\n" not in said
    layout = table_layout(game.view, names=game.names, happened=said, last=last)
    pile = layout.regions_of("discard")[0]
    assert pile.marked and pile.card == top
    assert any(s.stroke == LAST_EDGE and s.x < pile.rect.x for s in paint(layout))
    assert said in [r.text for r in layout.regions_of("text")]
    # Without the line (happened=None) a picture is as it was: no row kept, nothing marked.
    plain = table_layout(game.view, names=game.names)
    assert plain.height < layout.height and not any(r.marked for r in plain.regions)


def test_a_purchase_by_another_seat_names_the_card_by_the_buyer():
    from tenpennies.pictures.layout import table_layout

    game = Game(seed=7, seat=0, bots=("thumb", "thumb", "thumb"))
    game.advance()
    for _ in range(200):
        if game.is_over:
            break
        if game.last_move is not None and game.last_move.what == "bought":
            break
        play_hint(game)
        game.advance()
    last = game.last_move
    assert last is not None and last.what == "bought" and last.seat != 0
    assert f"bought {card_text(last.card)}" in game.what_happened
    labels = [r.text for r in table_layout(game.view, names=game.names, happened="", last=last).regions_of("text")]
    assert any(t.endswith(f"bought {last.card.symbol}") and f"seat {last.seat}" in t for t in labels)


def test_the_round_end_banner_is_gone_once_the_next_round_is_under_way():
    game = Game(seed=4, seat=0, bots=("strong", "thumb", "strong"))
    shown = under_way = 0
    while not game.is_over and game.match.round_no < 3:
        if not game.step():
            play_hint(game)
        round_no, banner = game.match.round_no, game.banner
        entries = game.view.log
        since_end = entries[max(i for i, e in enumerate(entries) if type(e).__name__ in ("RoundEnd", "Deal")):]
        if banner:
            # Only between a round's end and the next round's first move.
            assert banner.startswith(f"Round {round_no - 1} is over: ") and "Points: you " in banner
            assert all(type(e).__name__ in ("RoundEnd", "Deal") for e in since_end)
            shown += 1
        elif round_no > 1:
            under_way += 1
    assert shown and under_way  # both were seen: the banner up, then gone in the next round


def test_tens_are_written_10_in_every_line_the_table_says():
    game = Game(seed=3, seat=0, bots=("thumb", "thumb", "thumb"))
    game.advance()
    said = []
    while not game.is_over and game.match.round_no < 3:
        said += [game.what_happened, game.banner, game.hint().sentence]
        play_hint(game)
        game.advance()
        said += game.new_words()
    assert any("10" in line for line in said)          # the match showed tens ...
    assert not [line for line in said if TEN_IN_NOTATION.search(line)]  # ... never as TS
