"""The table's controller as a good card app needs it: which offers are asked about, the
round's summary, the match record, keyboard moves (tenpennies.front.table, no widgets)."""

import io
import json

import pytest
from hypothesis import given, settings, strategies as st

from tenpennies import TEN_CARD_RUMMY
from tenpennies.play import record
from tenpennies.engine.actions import Buy, Pass, RoundEnd, TakeDiscard
from tenpennies.bots.buying import should_buy
from tenpennies.front.cli import main as cli_main
from tenpennies.engine.errors import TenPenniesError
from tenpennies.front.buttons import KEYS
from tenpennies.front.offers import OFFERS
from tenpennies.front.table import Game
from tenpennies.front.table_words import RoundSummary
from tenpennies.play.match import Phase
from tenpennies.explain.decisions import buy_plain


def offered_to_buy(game: Game) -> bool:
    """Is the person waiting on an offer to buy the top discard (T5, C9)?"""
    return (game.waiting and game.view.phase is Phase.OFFER
            and any(type(a) is Buy for a in game.view.legal_actions))


def play_round_by_hint(game: Game, asked: list | None = None) -> int:
    """Play the person's round by the hint; return how many decisions it took. ``asked``
    collects the buy judgment of each offer the person was asked about."""
    game.advance()
    start, decisions = game.match.round_no, 0
    while not game.is_over and game.match.round_no == start:
        if asked is not None and offered_to_buy(game):
            asked.append(should_buy(game.view))
        assert game.act(game.hint().action), game.message
        decisions += 1
        game.advance()
    return decisions


def person_passes(game: Game) -> int:
    return sum(1 for e in game.match.log if type(e) is Pass and e.seat == game.seat)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), offers=st.sampled_from(sorted(OFFERS)))
def test_t5_the_person_is_asked_only_about_the_offers_the_setting_names(seed, offers):
    game = Game(seed, seat=0, offers=offers)
    asked: list = []
    play_round_by_hint(game, asked)
    # "useful": never an offer the one buy judgment calls a clear pass; "never": none at all.
    if offers == "useful":
        assert all(j.verdict != "pass" for j in asked)
    if offers == "never":
        assert asked == []
    # Every pass made without asking is in the log, told with its reason, once.
    unasked = [w for w in game.words() if "without being asked" in w]
    if offers == "ask":
        assert unasked == []
    assert person_passes(game) >= len(unasked)
    if offers == "useful":  # in the hint's plain sentence, its numbers left to the hint's "Why?"
        assert all("the buy judgment" not in w for w in unasked)


def test_only_useful_offers_cut_seed_7s_first_round_to_a_third_of_its_decisions():
    ask = play_round_by_hint(Game(7, seat=0, offers="ask"))
    useful_game = Game(7, seat=0, offers="useful")
    useful = play_round_by_hint(useful_game)
    # The same round: with only these offers skipped, the hint plays the same cards.
    assert useful * 2 < ask
    said = [w for w in useful_game.words() if "without being asked" in w]
    assert len(said) == ask - useful  # every decision saved was a pass, told in words
    first = said[0]
    card = first.split()[3]
    assert first.startswith(f"You passed on {card} without being asked: ")


def test_the_unasked_pass_is_told_in_the_hints_words():
    game = Game(7, seat=0, offers="useful")
    while game.unasked_reason() is None:  # one decision at a time, until an offer is not asked
        assert not game.is_over, "no offer was passed without asking in the match"
        if game.waiting:
            assert game.act(game.hint().action), game.message
        else:
            assert game.step()
    view = game.view
    judgment = should_buy(view)
    assert judgment.verdict == "pass"
    said = buy_plain(judgment, False, view.contract.words).removeprefix("Pass: ")
    expected = f"You passed on {view.top_discard} without being asked: {said}"
    assert game.unasked_reason() == expected
    game.new_words()
    at = len(game.match.log)
    assert game.step()  # the step passes for the person
    assert game.match.log[at] == Pass(0)
    assert expected in game.new_words()


def test_c8_a_free_take_of_the_discard_is_a_draw_and_always_asked():
    game = Game(3, seat=0, rules=TEN_CARD_RUMMY, bots=("random",), offers="never")
    game.advance()
    takes = 0
    while not game.is_over and game.match.round_no <= 2:
        view = game.view
        assert not any(type(a) is Buy for a in view.legal_actions)  # never asked to buy
        takes += any(type(a) is TakeDiscard for a in view.legal_actions)
        assert game.act(view.legal_actions[0]), game.message
        game.advance()
    assert takes > 0


def test_an_undo_never_takes_back_a_pass_made_without_asking():
    # A pass made without asking answers an offer, which follows another seat's discard:
    # news to the person, so an undo never goes back past it (Game.undo).
    game = Game(7, seat=0, offers="useful")
    play_round_by_hint(game)
    told = [w for w in game.words() if "without being asked" in w]
    assert told
    while game.undo():
        pass
    assert [w for w in game.words() if "without being asked" in w] == told
    assert game.unasked_actions()


def test_an_unknown_offer_setting_is_refused_with_the_settings_named():
    with pytest.raises(TenPenniesError, match="'ask', 'useful', 'never'"):
        Game(1, offers="sometimes")


# -- the round's summary ------------------------------------------------------------------------
def person_by_bot(game: Game, rounds: int) -> list[RoundSummary]:
    """Let a bot make the person's decisions for ``rounds`` rounds; each round's summary."""
    from tenpennies.bots import make_bot

    bot = make_bot("thumb", 1)
    summaries = []
    game.advance()
    while not game.is_over and len(summaries) < rounds:
        before = game.match.round_no
        assert game.act(bot.act(game.view)), game.message
        game.advance()
        if game.match.round_no != before or game.is_over:
            summaries.append(game.round_summary())
    return summaries


@pytest.mark.parametrize("rules", [None, TEN_CARD_RUMMY], ids=["ten-pennies", "ten-card-rummy"])
def test_t18_the_summary_counts_the_persons_cards_and_the_rounds_points(rules):
    game = Game(5, seat=1, offers="ask", **({"rules": rules} if rules else {}))
    summaries = person_by_bot(game, 3)
    assert [s.round_no for s in summaries] == [1, 2, 3]
    ends = [e for e in game.match.log if type(e) is RoundEnd]
    totals = [0] * game.rules.players
    for summary, end in zip(summaries, ends):
        assert summary.points == end.points and summary.went_out == end.went_out and summary.how == end.how.value
        assert summary.hands[1] == end.hands[1]  # the person's own cards, face up
        points = game.rules.card_points
        assert summary.points_by_card(1) == tuple((c, points[c.rank]) for c in end.hands[1])
        assert sum(p for _, p in summary.points_by_card(1)) == summary.points[1]
        assert summary.cards_left == tuple(len(h) for h in end.hands)
        totals = [t + p for t, p in zip(totals, end.points)]
        assert summary.totals == tuple(totals)
    assert game.round_summary(2) == summaries[1]


def test_t20_the_summary_keeps_the_other_hands_hidden():
    game = Game(5, seat=2, offers="ask")
    (summary,) = person_by_bot(game, 1)
    assert [s for s, h in enumerate(summary.hands) if h is not None] == [2]
    assert summary.points_by_card(0) == ()
    words = summary.how_words(game.names)
    if summary.went_out is not None:
        assert words.endswith("went out") and ("You" in words) == (summary.went_out == 2)


def test_no_summary_before_a_round_ends():
    game = Game(5)
    game.advance()
    assert game.round_summary() is None


# -- the match record -------------------------------------------------------------------------------
def test_the_record_replays_to_the_same_match_and_saves_to_a_file(tmp_path):
    game = Game(7, seat=0, offers="useful")
    play_round_by_hint(game)
    again = record.loads(game.record())
    assert again.snapshot() == game.match.snapshot()
    path = tmp_path / "match.json"
    game.save(path)
    assert record.load(path).snapshot() == game.match.snapshot()


def test_the_terminal_game_saves_the_record_when_the_person_leaves(tmp_path, monkeypatch, capsys):
    path = tmp_path / "match.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 30 + "quit\n"))
    code = cli_main(["play", "--seed", "4", "--offers", "useful", "--save", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and f"The match record is saved in {path}" in out
    saved = record.load(path)
    assert json.loads(path.read_text())["seed"] == 4
    assert sum(1 for e in saved.log if getattr(e, "seat", None) == 0 and type(e).__name__ != "Draw") >= 30
    # What the terminal saved, the review reads (a quick one: few rollouts).
    assert cli_main(["review", str(path), "--seat", "0", "--rollouts", "2", "--workers", "1", "--no-progress"]) == 0
    assert "decisions judged" in capsys.readouterr().out


def test_the_terminal_game_asks_the_offers_its_option_names(monkeypatch, capsys):
    said = {}
    for offers in ("ask", "never"):
        monkeypatch.setattr("sys.stdin", io.StringIO("2\n" * 40 + "quit\n"))
        assert cli_main(["play", "--seed", "7", "--offers", offers]) == 0
        said[offers] = capsys.readouterr().out
    assert "without being asked" not in said["ask"] and "   1. buy" in said["ask"]
    assert "You passed on 6D without being asked (you chose never to be asked)." in said["never"]
    assert "   1. buy" not in said["never"]


# -- keyboard ---------------------------------------------------------------------------------------
def test_the_keyboard_moves_along_the_hand_selects_and_names_the_buttons():
    game = Game(7)
    game.advance()
    size = len(game.hand)
    assert game.key("ArrowLeft") == "" and game.cursor == size - 1  # round the end
    assert game.key("ArrowRight") == "" and game.cursor == 0
    game.key(" ")
    assert game.selected == (0,)
    game.key("ArrowUp")  # up only raises: the card stays selected
    assert game.selected == (0,)
    game.key("ArrowDown")
    assert game.selected == ()
    assert {game.key(k) for k in "bplmadhu"} == {m for m in KEYS.values() if m in game.moves}
    assert game.key("n") == ""  # no key throws the match away
    assert game.key("t") == "" and game.key("s") == ""  # Ten Pennies has no choice of draw (T6)
    assert game.key("B") == "buy" and game.key("x") == "" and game.key("Enter") == ""
    tcr = Game(7, rules=TEN_CARD_RUMMY)
    assert tcr.key("t") == "take" and tcr.key("s") == "draw"


def test_t5_the_review_leaves_out_the_offers_the_table_passed_without_asking():
    from tenpennies.review.judge import review

    game = Game(seed=7, offers="useful")
    play_round_by_hint(game)
    unasked = game.unasked_actions()
    actions = record.actions_of(game.match)
    assert unasked and all(type(actions[i]) is Pass and actions[i].seat == game.seat for i in unasked)
    everything = review(game.match, game.seat, rollouts=2, workers=1)
    assert set(unasked) <= {d.index for d in everything.decisions}  # offers with a choice: judged unless told
    judged = review(game.match, game.seat, rollouts=2, workers=1, unasked=unasked)
    assert {d.index for d in judged.decisions} == {d.index for d in everything.decisions} - set(unasked)


# -- issue 32: the table passes what is clearly a pass ------------------------------------------
def test_t5_at_offers_useful_a_round_asks_no_offer_the_judgment_calls_a_pass_and_none_once_down():
    asked: list = []
    useful = play_round_by_hint(Game(3, seat=0, offers="useful"), asked)
    everything: list = []
    ask = play_round_by_hint(Game(3, seat=0, offers="ask"), everything)
    assert asked and all(j.verdict != "pass" for j in asked)
    assert not any(j.decision.facts.get("opened") for j in asked)  # once down, every purchase is a pass
    passes = [j for j in everything if j.verdict == "pass"]
    assert passes and any(j.decision.facts.get("opened") for j in passes)
    assert useful == ask - len(passes)  # every offer the judgment calls a pass is one question fewer
    print(f"seed 3, round 1: {len(asked)} offers asked of {useful} decisions at offers 'useful'; "
          f"{len(everything)} of {ask} at 'ask', {len(passes)} of them passes")


def test_a_hint_on_an_offer_says_its_answer_plainly_and_opens_its_numbers_on_why():
    from tenpennies import Position

    # Seat 0 has laid down two sets of 3; the top discard is offered to it (T5).
    p = Position(round_no=1, hands=("4D 5C 8D JH QS", "QS QH 3C KD 5S", "2S 2H 5C 8C JD", "TS TH JC 4S 6H"),
                 discard_pile="6C 7D", dealer=3, top_discarder=3,
                 table=((0, "7S 7H 7D"), (0, "9S 9H 9D")))
    game = Game(0, seat=0, position=p, offers="ask")
    assert offered_to_buy(game)
    h = game.show_hint()
    assert h.first == "Pass: you are down, and buying only adds cards."
    assert game.hint_words == h.first and not game.why_open
    assert game.toggle_why() and game.hint_words == f"{h.first} Why: {h.sentence}"
    assert "the buy judgment says pass" in h.why
    assert not game.toggle_why() and game.hint_words == h.first
    assert game.pass_offer()
    assert game.hint_shown is None and game.hint_words == ""


def test_t8_each_verdict_has_its_plain_sentence():
    from tenpennies.bots.buying import judge_offer
    from tenpennies.engine.cards import Card, parse_cards

    completes = judge_offer(parse_cards("7S 7H 7D 9S 9H KC 4D 5C 8D JH QS"), Card("9D"), 1)
    assert (completes.verdict, completes.reason) == ("buy", "buy-completes")
    assert buy_plain(completes, True, "two sets of 3") == "Buy 9D: with it you hold two sets of 3."
    hand = parse_cards("7S 7H 9S 9H 4D 5C 8D JH QS KD 3C")
    unavailable = judge_offer(hand, Card("7D"), 1, (), stock=0, pile=parse_cards("4S 7D"))
    assert buy_plain(unavailable, False) == "Pass: the stock cannot supply a purchase's cards."
    hopeless = judge_offer(hand, Card("3S"), 7)  # one set of 7: no two cards make it
    assert (hopeless.verdict, hopeless.reason) == ("pass", "pass-no-gain")
    assert buy_plain(hopeless, False, "one set of 7") == \
        "Pass: even with 3S and its stock cards you could not hold one set of 7 yet."
