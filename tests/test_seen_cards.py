"""T20: what a seat has seen, kept entry by entry as the log grows, agrees with its public log read whole."""

from collections import Counter

from tenpennies.actions import AddToSet, Deal, Discard, Draw, DrawSource, LayDown, Meld
from tenpennies.bots import make_bot
from tenpennies.match import Match


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
