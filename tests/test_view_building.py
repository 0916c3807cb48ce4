"""Views are built fast (issue 12) and still say exactly what the seat may know (T20).

A view's fields are filled without the dataclass's __init__, from values the match's
PublicLogs keeps step by step (the public fields, the sorted hand, each seat's log, the
cards known to be bought): each is checked here against the same field built the plain
way from the match's own state (its log, hands, table ...), never from a view.
"""

import copy
import dataclasses
import pickle
from collections import Counter

import pytest

from tenpennies.play import view as view_module
from tenpennies.engine.actions import AddToSet, Deal, Discard, Draw, DrawSource, LayDown, Meld, RoundEnd
from tenpennies.bots import make_bot
from tenpennies.engine.cards import Hand
from tenpennies.play.match import Match
from tenpennies.engine.rules import TEN_CARD_RUMMY, TEN_PENNIES
from tenpennies.play.view import PlayerView, PublicLog

_SEEN_BY_ALL = (DrawSource.DISCARD, DrawSource.TAKEN)  # bought or taken discards (T20, C8)


def log_as_seen(match, seat) -> tuple:
    """``seat``'s public log, from the match's log: another seat's stock cards hidden
    (a draw from the stock, a purchase's extra cards), and every other hand at a round's end."""
    seen = []
    for e in match.log:
        if type(e) is Draw and e.seat != seat and e.source not in _SEEN_BY_ALL:
            e = Draw(e.seat, None, e.source)
        elif type(e) is RoundEnd:
            e = dataclasses.replace(e, hands=tuple(h if s == seat else () for s, h in enumerate(e.hands)))
        seen.append(e)
    return tuple(seen)


def bought_as_seen(match) -> tuple:
    """Per seat, the cards it bought or took from the pile this round and has not played
    since, read from the match's log: what every seat knows to be in that hand."""
    entries = match.log
    start = max((i for i, e in enumerate(entries) if type(e) is Deal), default=-1) + 1
    known = [[] for _ in range(match.rules.players)]
    for e in entries[start:]:
        if type(e) is Draw and e.source in _SEEN_BY_ALL:
            known[e.seat].append(e.card)
        elif type(e) in (Discard, Meld, AddToSet, LayDown):
            for c in (e.card,) if type(e) is Discard else e.cards:
                if c in known[e.seat]:
                    known[e.seat].remove(c)
    return tuple(map(tuple, known))


def plainly_built(match, seat) -> PlayerView:
    """The view as the dataclass's own constructor builds it, every field from the match."""
    return PlayerView(
        seat=seat, rules=match.rules, round_no=match.round_no, contract=match.contract, phase=match.phase,
        active=match.active, to_act=match.to_act, hand=Hand(match.hands[seat]),
        hand_sizes=tuple(len(h) for h in match.hands), tokens=tuple(match.tokens), scores=tuple(match.scores),
        opened=tuple(match.opened), table=tuple(match.table), discard_pile=tuple(match.discard_pile),
        top_discarder=match.top_discarder, stock_size=len(match.stock), turns=match.turns,
        log=PublicLog.of_entries(log_as_seen(match, seat), bought_as_seen(match)), buys=tuple(match.buys),
        legal_actions=tuple(match.legal_actions()) if match.to_act == seat else ())


def differences(view, plain) -> list[str]:
    """The fields where ``view`` differs from ``plain`` (and the cards it knows bought)."""
    found = [f.name for f in dataclasses.fields(PlayerView) if getattr(view, f.name) != getattr(plain, f.name)]
    if view.log.bought != plain.log.bought:
        found.append("log.bought")
    if Counter(view.seen_cards()) != Counter(plain.seen_cards()):
        found.append("seen_cards")
    return found


def walk(rules, seed, lineup, rounds=7):
    """(match, seat) at every decision of a seeded match, for its first ``rounds`` rounds."""
    m = Match(seed=seed, rules=rules)
    bots = [make_bot(name, seed) for name in lineup][:rules.players]
    while not m.is_over and m.round_no <= rounds:
        yield m
        m.apply(bots[m.to_act].act(m.view(m.to_act)))


@pytest.mark.parametrize("rules", [TEN_PENNIES, TEN_CARD_RUMMY], ids=["ten_pennies", "ten_card_rummy"])
def test_t20_every_field_of_every_view_is_the_matchs_state_as_the_seat_may_see_it(rules):
    # Every seat's view at one decision in five (the plain log is built afresh each time).
    kinds, bought_seen = Counter(), 0
    for seed in range(2):
        for step, m in enumerate(walk(rules, seed, ("strong", "random", "thumb", "random"))):
            if step % 5:
                continue
            for s in range(rules.players):
                view, plain = m.view(s), plainly_built(m, s)
                assert differences(view, plain) == [], (seed, len(m.log), s)
                bought_seen += any(view.log.bought[o] for o in range(rules.players) if o != s)
        kinds.update(type(e).__name__ for e in m.log)
    # Every kind of change was met, more than once: a recycled stock in Ten Pennies, the
    # top discard taken as the draw in Ten Card Rummy (C8); and cards known bought.
    assert bought_seen > 50
    assert all(kinds[k] > 1 for k in ("Draw", "Discard", "Buy", "LayDown", "Meld", "AddToMeld", "Deal",
                                      "RoundEnd", "Recycle" if rules is TEN_PENNIES else "TakeDiscard")), kinds


def test_the_check_finds_a_view_that_leaks_another_seats_stock_draw(monkeypatch):
    # A fault planted in the view's building: stock draws treated as public, so a view's
    # log shows the card another seat drew. Checked against the match's own log, every
    # such view differs in its log.
    monkeypatch.setattr(view_module, "_PUBLIC_SOURCES", (*_SEEN_BY_ALL, DrawSource.STOCK))
    m = next(m for m in walk(TEN_PENNIES, 0, ("thumb",) * 4) if len(m.log) > 20)
    assert "log" in differences(m.view(0), plainly_built(m, 0))


def test_a_view_holds_its_fields_at_once_and_keeps_them():
    names = {f.name for f in dataclasses.fields(PlayerView)}
    kept, plays = [], 0
    for m in walk(TEN_PENNIES, 8, ("strong", "random", "thumb", "random"), rounds=2):
        for s in range(4):
            view = m.view(s)
            # Filled when made, but for those made from its own frozen values when first
            # read: its log, the listing of the seat to act, and the fields every seat
            # sees alike (from one shared tuple).
            assert names - {"log", "legal_actions", *view_module._PUBLIC_FIELDS} <= set(vars(view))
            kept.append((view, plainly_built(m, s)))
        plays += m.phase.value == "play"
    # Views kept unread while the match went on (their actions listed only now) hold what they held then.
    assert plays > 50 and any(plain.legal_actions for _, plain in kept)
    for view, plain in kept[::7]:
        assert differences(view, plain) == []
    assert all(type(v.hand) is Hand and type(v.hand_sizes) is tuple for v, _ in kept)
    with pytest.raises(dataclasses.FrozenInstanceError):
        kept[0][0].seat = 3
    with pytest.raises(AttributeError):
        kept[0][0].no_such_field
    with pytest.raises(AttributeError, match="frozen"):
        kept[0][0].log.bought = ()


def test_t20_a_copied_view_holds_what_it_was_made_with():
    # A copy (or a pickle) holds every field, its log as entries.
    m = Match(seed=5)
    bot = make_bot("thumb")
    for _ in range(40):
        m.apply(bot.act(m.view(m.to_act)))
    seat = m.to_act
    plain = plainly_built(m, seat)
    copied, pickled = copy.copy(m.view(seat)), pickle.dumps(m.view(seat))
    for _ in range(40):
        m.apply(bot.act(m.view(m.to_act)))
    assert differences(copied, plain) == differences(pickle.loads(pickled), plain) == []


def test_a_public_log_reads_as_the_entries_it_holds():
    m = next(m for m in walk(TEN_PENNIES, 3, ("thumb",) * 4) if len(m.log) > 150 and m.round_no == 2)
    entries = log_as_seen(m, 1)
    log = m.view(1).log
    assert len(log) == len(entries) and tuple(log) == entries and log == entries
    assert [log[i] for i in (0, 7, -1, -len(entries))] == [entries[i] for i in (0, 7, -1, -len(entries))]
    assert log[5:9] == entries[5:9] and tuple(reversed(log)) == entries[::-1]
    last_deal = max(i for i, e in enumerate(entries) if type(e) is Deal)
    assert log.since_last(Deal) == entries[last_deal + 1:]
    assert log.since_last(type(None)) == entries
    with pytest.raises(IndexError):
        log[len(entries)]
