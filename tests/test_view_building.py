"""Views are built fast (issue 12) and still say exactly what the seat may know (T20).

A view's fields are filled without the dataclass's __init__, its hand is the one last
shown when unchanged, and what it has seen is kept entry by entry as the log grows: each
is checked here against the plain way of building it.
"""

import dataclasses

import pytest
from collections import Counter

from tenpennies.actions import AddToSet, Deal, Discard, Draw, DrawSource, LayDown, Meld
from tenpennies.bots import make_bot
from tenpennies.cards import Hand
from tenpennies.match import Match
from tenpennies.view import PlayerView


def seen_by_reading_the_log(view) -> Counter:
    """The definition of PlayerView.seen_cards, asked the slow way: the discard pile, the
    table, and what others bought this round and have not played since, from the log."""
    entries = list(view.log)
    start = max((i for i, e in enumerate(entries) if type(e) is Deal), default=-1) + 1
    known: dict[int, Counter] = {}
    for e in entries[start:]:
        if type(e) is Draw:
            if e.source == DrawSource.DISCARD and e.seat != view.seat:
                known.setdefault(e.seat, Counter())[e.card] += 1
        elif type(e) in (Discard, Meld, AddToSet, LayDown) and e.seat in known:
            for c in (e.card,) if type(e) is Discard else e.cards:
                if known[e.seat][c] > 0:
                    known[e.seat][c] -= 1
    seen = Counter(view.discard_pile) + Counter(c for s in view.table for c in s.cards)
    for counts in known.values():
        seen += counts
    return seen


def test_t20_seen_cards_agree_with_the_public_log_at_every_decision():
    checked = bought_seen = 0
    for seed, lineup in enumerate([("strong", "thumb", "random", "thumb")]):
        m = Match(seed=seed)
        bots = [make_bot(name, seed) for name in lineup]
        while not m.is_over:
            seat = m.to_act
            for s in range(4):
                view = m.view(s)
                seen = Counter(view.seen_cards())
                assert seen == seen_by_reading_the_log(view), (seed, len(m.log), s)
                bought_seen += sum(seen.values()) > len(view.discard_pile) + sum(len(t.cards) for t in view.table)
                checked += 1
            m.apply(bots[seat].act(m.view(seat)))
    assert checked > 1000 and bought_seen > 100  # purchases known in hands were checked, many times


def test_t20_an_old_view_keeps_what_it_had_seen():
    m = Match(seed=3)
    bot = make_bot("thumb")
    while not any(type(e) is Draw and e.source == DrawSource.DISCARD for e in m.log):
        m.apply(bot.act(m.view(m.to_act)))
    buyer = next(e.seat for e in m.log if type(e) is Draw and e.source == DrawSource.DISCARD)
    other = (buyer + 1) % 4
    old = m.view(other)
    before = Counter(old.seen_cards())
    while not m.is_over and m.round_no == old.round_no:
        m.apply(bot.act(m.view(m.to_act)))
    assert Counter(old.seen_cards()) == before == seen_by_reading_the_log(old)


def plainly_built(match, seat) -> PlayerView:
    """The view as the dataclass's own constructor builds it, every field computed afresh."""
    return PlayerView(
        seat=seat, rules=match.rules, round_no=match.round_no, contract=match.contract, phase=match.phase,
        active=match.active, to_act=match.to_act, hand=Hand(match.hands[seat]),
        hand_sizes=tuple(len(h) for h in match.hands), tokens=tuple(match.tokens), scores=tuple(match.scores),
        opened=tuple(match.opened), table=tuple(match.table), discard_pile=tuple(match.discard_pile),
        top_discarder=match.top_discarder, stock_size=len(match.stock), turns=match.turns,
        log=match.view(seat).log, buys=tuple(match.buys),
        legal_actions=tuple(match.legal_actions()) if match.to_act == seat else ())


def test_a_view_fills_every_field_as_the_constructor_would():
    names = {f.name for f in dataclasses.fields(PlayerView)}
    m, bots = Match(seed=8), [make_bot(name) for name in ("strong", "random", "thumb", "random")]
    kept, plays = [], 0
    while not m.is_over and len(m.round_results) < 3:
        for s in range(4):
            view = m.view(s)
            # Most fields are filled when first read (a bot reads few of them) ...
            assert names - set(vars(view))
            kept.append((view, plainly_built(m, s)))
        # ... from the match as it still is: read now, a view equals the plain one.
        seat = m.to_act
        assert m.view(seat) == plainly_built(m, seat)
        plays += m.phase.value == "play"
        m.apply(bots[seat].act(m.view(seat)))
    # Views kept unread while the match went on (their actions listed only now) hold what they held then.
    assert plays > 100 and any(plain.legal_actions for _, plain in kept)
    for view, plain in kept:
        assert names - {"legal_actions"} <= set(vars(view))  # filled before the match changed
        assert view.legal_actions == plain.legal_actions
        assert view == plain
        assert names <= set(vars(view))
    assert all(type(v.hand) is Hand and type(v.hand_sizes) is tuple for v, _ in kept)
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept[0][0].seat = 3
    with pytest.raises(AttributeError):
        kept[0][0].no_such_field


@pytest.mark.parametrize("game", ["ten_pennies", "ten_card_rummy"])
def test_public_fields_follow_every_logged_change(game):
    # A view's public fields are copied again only where the log shows a change (a draw
    # changes hand sizes and the stock, a purchase the tokens, a meld the table ...):
    # through whole matches of each game, every one must equal the match's own state.
    from tenpennies.rules import TEN_CARD_RUMMY, TEN_PENNIES

    rules = {"ten_pennies": TEN_PENNIES, "ten_card_rummy": TEN_CARD_RUMMY}[game]
    kinds = Counter()
    for seed in range(2):
        m = Match(seed=seed, rules=rules)
        bots = [make_bot(name, seed) for name in ("strong", "random", "thumb", "random")][:rules.players]
        while not m.is_over:
            for s in range(rules.players):
                view = m.view(s)
                assert (view.round_no, view.contract, view.scores) == (m.round_no, m.contract, tuple(m.scores))
                assert view.hand_sizes == tuple(len(h) for h in m.hands)
                assert (view.tokens, view.buys) == (tuple(m.tokens), tuple(m.buys))
                assert (view.table, view.opened) == (tuple(m.table), tuple(m.opened))
                assert view.discard_pile == tuple(m.discard_pile) and view.top_discarder == m.top_discarder
                assert (view.stock_size, view.turns) == (len(m.stock), m.turns)
            before = len(m.log)
            m.apply(bots[m.to_act].act(m.view(m.to_act)))
            kinds.update(type(e).__name__ for e in m.log[before:])
    # Every kind of change was met, more than once: a recycled stock in Ten Pennies, the
    # top discard taken as the draw in Ten Card Rummy (C8).
    assert all(kinds[k] > 1 for k in ("Draw", "Discard", "Buy", "LayDown", "Meld", "AddToMeld", "Deal",
                                      "RoundEnd", "Recycle" if rules is TEN_PENNIES else "TakeDiscard")), kinds


def test_t20_a_copied_view_holds_what_it_was_made_with():
    # A view's fields are filled when read, from the match; a copy (or a pickle) must not
    # read the match later, when it has moved on: it holds every field at once.
    import copy
    import pickle

    m = Match(seed=5)
    bot = make_bot("thumb")
    for _ in range(40):
        m.apply(bot.act(m.view(m.to_act)))
    seat = m.to_act
    plain = plainly_built(m, seat)
    copied, pickled = copy.copy(m.view(seat)), pickle.dumps(m.view(seat))
    assert "_match" not in vars(copied)
    for _ in range(40):
        m.apply(bot.act(m.view(m.to_act)))
    assert copied == plain == pickle.loads(pickled)
    assert copied.legal_actions == plain.legal_actions
