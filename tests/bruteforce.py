"""A referee for the puzzles, written for the tests from the rulings alone.

Nothing here asks the engine: not its set check, its solver, its odds or its position
parser. It uses the kit's card parsing (:mod:`tenpennies.engine.cards`) and nothing else, and
decides each puzzle kind's answer by enumeration from the rulings (``docs/rules.md``):

* a set (T14, T15): at least three cards; the natural cards of one rank, no natural suit
  twice, at least one; wilds (jokers; aces and twos too in rounds 5-7) at most 1 in
  rounds 1-3, 2 in rounds 4-6, 3 in round 7;
* Ten Card Rummy (C3, C4): a set is three or more of one rank, suits may repeat; a run is
  three to thirteen cards of one suit in consecutive ranks, turning the corner K-A-2 if
  it likes; jokers are the only wilds and natural cards outnumber them in every meld;
* contracts (T13, C5): that many melds, each of at least that size, from separate cards;
* points (T18, C14); the deck (T1, C1); a purchase brings two stock cards (T5).

A hand "holds" the contract when some choice of its cards makes the contract. Chances
are exact: every set of k unseen cards (the deck less the hand and the seen cards) is
equally likely, and the completing ones are counted, card values weighted by how many
physical cards give them.

Two shortcuts keep the chances fast; ``tests/test_puzzle_answers.py`` checks both
against the plain enumeration:

* a valid Ten Pennies set longer than the contract's size holds one of exactly that size
  (drop a wild if it has one, else a natural: nothing T14 asks can break), so only sets
  of exactly the size need trying when asking whether a hand holds the contract;
* T14 treats every natural rank alike and every suit alike, and any wild stands for any
  other, so whether a hand holds the contract depends only on its shape: how many wilds,
  and per rank how many copies of each suit (a contract of k sets uses at most k copies
  of a card and k times the limit of wilds). Hands of one shape are decided once.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import comb, perm, prod
from pathlib import Path

from tenpennies.engine.cards import Card, parse_cards

PUZZLE_FOLDER = Path(__file__).resolve().parent.parent / "puzzles"
SUITS = "SHDC"
EXTRA_CARDS_WHEN_BUYING = 2  # T5: the discard and two stock cards


def key(card: Card) -> tuple:
    """Aces first, jokers last: an order to write multisets of cards in one way."""
    return (card.suit is None, card.rank, card.suit or "")


def canonical(cards) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=key))


# -- the two rule sets, from the rulings -------------------------------------------------------
class TenPennies:
    name = "Ten Pennies"
    runs = False
    contracts = {1: (2, 3), 2: (1, 4), 3: (2, 4), 4: (1, 5), 5: (2, 5), 6: (1, 6), 7: (1, 7)}  # T13

    @staticmethod
    def is_wild(card: Card, round_no: int) -> bool:
        return card.suit is None or (round_no >= 5 and card.rank in (1, 2))  # T15

    @staticmethod
    def wild_limit(round_no: int) -> int:
        return 1 if round_no <= 3 else 2 if round_no <= 6 else 3  # T14

    @classmethod
    def could_grow(cls, cards, round_no: int) -> bool:
        """Nothing T14 forbids yet, apart from size and the one natural card."""
        naturals = [c for c in cards if not cls.is_wild(c, round_no)]
        return (len({c.rank for c in naturals}) <= 1 and len({c.suit for c in naturals}) == len(naturals)
                and len(cards) - len(naturals) <= cls.wild_limit(round_no))

    @classmethod
    def is_set(cls, cards, round_no: int) -> bool:
        naturals = [c for c in cards if not cls.is_wild(c, round_no)]
        return len(cards) >= 3 and bool(naturals) and cls.could_grow(cards, round_no)

    @classmethod
    def is_meld(cls, cards, round_no: int) -> bool:
        return cls.is_set(cards, round_no)

    @staticmethod
    def points(card: Card) -> int:  # T18
        return 50 if card.suit is None else 20 if card.rank in (1, 2) else 10 if card.rank >= 10 else 5

    @staticmethod
    def deck() -> Counter:  # T1: two decks and four jokers
        return Counter({**{Card(r + s): 2 for r in "A23456789TJQK" for s in SUITS}, Card("JK"): 4})


class TenCardRummy(TenPennies):
    name = "Ten Card Rummy"
    runs = True
    contracts = {1: (1, 3), 2: (2, 3), 3: (1, 4), 4: (2, 4), 5: (1, 5), 6: (2, 5), 7: (1, 6), 8: (1, 7),
                 9: (1, 8), 10: (1, 9), 11: (1, 10)}  # C5

    @staticmethod
    def is_wild(card: Card, round_no: int) -> bool:
        return card.suit is None  # C4

    @classmethod
    def is_set(cls, cards, round_no: int) -> bool:  # C3, C4: suits may repeat
        naturals = [c for c in cards if c.suit is not None]
        return len(cards) >= 3 and len({c.rank for c in naturals}) == 1 and len(naturals) > len(cards) - len(naturals)

    @classmethod
    def could_grow(cls, cards, round_no: int) -> bool:
        """Nothing C3 forbids yet, apart from size and C4's count (which more naturals mend):
        the naturals all of one rank (a set), or all of one suit, no rank twice (a run)."""
        naturals = [c for c in cards if c.suit is not None]
        ranks = {c.rank for c in naturals}
        return len(ranks) <= 1 or (len({c.suit for c in naturals}) == 1 and len(ranks) == len(naturals))

    @classmethod
    def is_run(cls, cards, round_no: int) -> bool:  # C3, C4
        naturals = [c for c in cards if c.suit is not None]
        n = len(cards)
        if not 3 <= n <= 13 or len(naturals) <= n - len(naturals):
            return False
        if len({c.suit for c in naturals}) != 1 or len({c.rank for c in naturals}) != len(naturals):
            return False
        # Some n consecutive ranks, the corner K-A-2 allowed, take every natural; jokers fill the rest.
        return any(all((c.rank - start) % 13 < n for c in naturals) for start in range(1, 14))

    @classmethod
    def is_meld(cls, cards, round_no: int) -> bool:
        return cls.is_set(cards, round_no) or cls.is_run(cards, round_no)

    @staticmethod
    def points(card: Card) -> int:  # C14
        return 25 if card.suit is None else 15 if card.rank == 1 else 10 if card.rank >= 10 else card.rank


GAME_SLUGS = {"ten-card-rummy": TenCardRummy}


# -- a seat's position, read from its one-line notation -----------------------------------------
def _packed(text: str) -> tuple[Card, ...]:
    return tuple(parse_cards([text[i:i + 2] for i in range(0, len(text), 2)])) if text != "-" else ()


@dataclass(frozen=True)
class Seat:
    game: type
    round_no: int
    seat: int
    active: int
    hand: tuple[Card, ...]
    table: tuple[tuple[int, tuple[Card, ...]], ...]  # (owner, cards)
    pile: tuple[Card, ...]
    tokens: tuple[int, ...] | None
    stock: int = 1000  # the stock's size (``st:``); plenty when not written

    @classmethod
    def parse(cls, text: str) -> "Seat":
        fields = text.split()
        game = GAME_SLUGS[fields.pop()[2:]] if fields[-1].startswith("g:") else TenPennies
        r, s, a, h, t, d, k = fields[:7]
        table = tuple((int(part.partition("=")[0]), _packed(part.partition("=")[2]))
                      for part in t[2:].split(",")) if t != "t:-" else ()
        tokens = None if k == "k:-" else tuple(int(x) for x in k[2:].split("/"))
        stock = next((int(f[3:]) for f in fields[7:] if f.startswith("st:")), 1000)
        return cls(game, int(r[1:]), int(s[1:]), int(a[1:]), _packed(h[2:]), table,
                   _packed(d[2:].partition("@")[0]), tokens, stock)

    @property
    def opened(self) -> bool:
        return any(owner == self.seat for owner, _ in self.table)

    @property
    def seen(self) -> tuple[Card, ...]:
        return self.pile + tuple(c for _, cards in self.table for c in cards)


# -- enumeration ---------------------------------------------------------------------------------
def sub_multisets(cards, low: int, high: int, keep=None):
    """Every distinct choice of ``low`` to ``high`` of ``cards`` (copies not told apart).

    With ``keep``, a choice is grown further only while ``keep(choice)`` holds: for a
    test that more cards can never make true again once it is false (T14's own
    conditions but size are such: two ranks, a suit twice, too many wilds).
    """
    counts = sorted(Counter(cards).items(), key=lambda cn: key(cn[0]))

    def grow(i, chosen):
        if i == len(counts):
            if len(chosen) >= low:
                yield tuple(chosen)
            return
        card, n = counts[i]
        for m in range(min(n, high - len(chosen)) + 1):
            more = chosen + [card] * m
            if m and keep is not None and not keep(more):
                break
            yield from grow(i + 1, more)

    yield from grow(0, [])


def _fits_in(groups, hand: Counter) -> bool:
    return not (sum((Counter(g) for g in groups), Counter()) - hand)


def _grows(game, round_no: int):
    """A pruning test for :func:`sub_multisets`: what more cards can never make a meld again
    (each game's ``could_grow``; it leaves out a run's C4 count, which more naturals mend)."""
    return lambda cards: game.could_grow(cards, round_no)


def arrangements(hand, round_no: int, game=TenPennies) -> set[tuple[tuple[Card, ...], ...]]:
    """Every way to lay down the contract: k melds of at least the size, from the hand's
    cards at once; melds as multisets, their order not counted."""
    k, size = game.contracts[round_no]
    melds = [m for m in sub_multisets(hand, size, len(hand), _grows(game, round_no)) if game.is_meld(m, round_no)]
    held = Counter(hand)
    return {tuple(sorted(choice, key=lambda m: [key(c) for c in m]))
            for choice in combinations_with_replacement(melds, k) if _fits_in(choice, held)}


def holds_plainly(hand, round_no: int, game=TenPennies) -> bool:
    """Does the hand hold the contract? By listing every arrangement."""
    return bool(arrangements(hand, round_no, game))


def _holds_exact_size(hand, round_no: int, game) -> bool:
    k, size = game.contracts[round_no]
    melds = [m for m in sub_multisets(hand, size, size, _grows(game, round_no)) if game.is_meld(m, round_no)]
    held = Counter(hand)
    return any(_fits_in(choice, held) for choice in combinations_with_replacement(melds, k))


def shape(hand, round_no: int, game=TenPennies) -> tuple:
    """What decides whether a Ten Pennies hand holds the contract (see the module)."""
    k, _ = game.contracts[round_no]
    wild = _wilds(game, round_no)
    wilds = 0
    by_rank: dict[int, dict[str, int]] = {}
    for c in hand:
        if c in wild:
            wilds += 1
        else:
            suits = by_rank.setdefault(c.rank, {})
            suits[c.suit] = suits.get(c.suit, 0) + 1
    ranks = sorted((tuple(sorted((n if n < k else k for n in suits.values()), reverse=True))
                    for suits in by_rank.values()), reverse=True)
    return min(wilds, k * game.wild_limit(round_no)), tuple(ranks)


@lru_cache(maxsize=None)
def _wilds(game, round_no: int) -> frozenset[Card]:
    return frozenset(c for c in game.deck() if game.is_wild(c, round_no))


def hand_of_shape(form: tuple, round_no: int, game=TenPennies) -> tuple[Card, ...]:
    """A hand of this shape: jokers for the wilds, ranks and suits taken in order."""
    wilds, ranks = form
    natural = [r for r in range(13, 0, -1) if not game.is_wild(Card.of(r, "S"), round_no)]
    cards = [Card("JK")] * wilds
    for rank, copies in zip(natural, ranks):
        for suit, n in zip(SUITS, copies):
            cards += [Card.of(rank, suit)] * n
    return tuple(cards)


@lru_cache(maxsize=None)
def _holds_shape(form: tuple, round_no: int, game) -> bool:
    return _holds_exact_size(hand_of_shape(form, round_no, game), round_no, game)


def holds(hand, round_no: int, game=TenPennies) -> bool:
    """Does the hand hold the contract? Fast where the shortcuts apply (Ten Pennies)."""
    if game.runs:
        return holds_plainly(hand, round_no, game)
    return _holds_shape(shape(hand, round_no, game), round_no, game)


def unseen(hand, seen, game) -> Counter:
    known = Counter(hand) + Counter(seen)
    deck = game.deck()
    assert not known - deck, f"more cards than the deck holds: {known - deck}"
    return deck - known


def chance(hand, draws: int, round_no: int, seen=(), game=TenPennies) -> Fraction:
    """The exact chance that ``draws`` unseen cards, added to the hand, make it hold the contract."""
    pool = unseen(hand, seen, game)
    hand = tuple(hand)
    ways = 0
    for draw in combinations_with_replacement(sorted(pool, key=key), draws):
        taken = Counter(draw)
        if any(n > pool[c] for c, n in taken.items()):
            continue
        if holds(hand + draw, round_no, game):
            ways += prod(comb(pool[c], n) for c, n in taken.items())
    return Fraction(ways, comb(sum(pool.values()), draws))


# -- each kind's answer ---------------------------------------------------------------------------
def lay_down_sets(text: str) -> tuple[tuple[Card, ...], ...] | None:
    """``yes: 7S 7H 7D / 9S 9H JK`` as its sets in canonical form; None for ``no``."""
    head, _, rest = text.partition(":")
    if head.strip().lower() == "no":
        return None
    return tuple(sorted((canonical(parse_cards(part)) for part in rest.split("/")),
                        key=lambda m: [key(c) for c in m]))


def outs(hand, round_no: int, game=TenPennies) -> set[Card]:
    """The cards, one of which would make the hand hold the contract (ones the deck has to give)."""
    left = game.deck() - Counter(hand)
    return {c for c in left if holds(tuple(hand) + (c,), round_no, game)}


BUY_HORIZONS = {
    # name: (does the seat buy?, how many stock cards it draws, given whether it is its turn)
    "now_buy": (True, lambda my_turn: EXTRA_CARDS_WHEN_BUYING),   # right after buying (T5)
    "now_pass": (False, lambda my_turn: 1 if my_turn else 0),     # right after passing (T6)
    # the cards each choice gets (the buy judgment's chances): buying, the offered card, the
    # purchase's stock cards (T5: two; C9: one; none with C8's free take) and off one's turn
    # one's own draw (T6); passing, one card. Past the stock's end, the rebuilt pile (T16, C12).
    "next_buy": (True, None),
    "next_pass": (False, None),
    # by the end of your next draw: buying on your turn is that draw (T6); off-turn you
    # still draw on your turn after the purchase's stock cards
    "by_your_draw_buy": (True, lambda my_turn: EXTRA_CARDS_WHEN_BUYING + (0 if my_turn else 1)),
}


def buy_chance(p: Seat, horizon: str) -> Fraction:
    """The chance of holding the contract at one of :data:`BUY_HORIZONS`, for a seat offered
    the top discard; seen: the pile below it and the table (the offered card too, if passed)."""
    offered, below = p.pile[-1], p.pile[:-1]
    seen = below + tuple(c for _, cards in p.table for c in cards)
    buys, draws = BUY_HORIZONS[horizon]
    if draws is None:
        chances = offer_chances(p.hand, offered, p.round_no, seen, p.stock, p.pile, p.active == p.seat, p.game)
        return chances[0] if buys else chances[1]
    hand, seen = (p.hand + (offered,), seen) if buys else (p.hand, seen + (offered,))
    return chance(hand, draws(p.active == p.seat), p.round_no, seen, p.game)


def discard_chances(p: Seat, draws: int) -> dict[Card, Fraction]:
    """For each card of the hand: the chance of holding the contract after discarding it and drawing."""
    result = {}
    for card in set(p.hand):
        rest = list(p.hand)
        rest.remove(card)
        result[card] = chance(rest, draws, p.round_no, p.seen + (card,), p.game)
    return result


def addition_pairs(p: Seat) -> set[tuple[Card, int]]:
    """(card, set number) for each card of the hand a table meld takes on its own, staying valid."""
    pairs = set()
    for n, (_, cards) in enumerate(p.table):
        kind = p.game.is_set if p.game.is_set(cards, p.round_no) else p.game.is_meld
        pairs |= {(c, n) for c in set(p.hand) if kind(cards + (c,), p.round_no)}
    return pairs


def can_go_out(p: Seat) -> bool:
    """Can the seat empty its hand this turn (T10-T12)? Every discard (or none), every way
    to split the rest among new sets and the table's sets."""
    game, r = p.game, p.round_no
    assert not game.runs, "the referee's go-out search knows sets only (Ten Pennies)"
    k, size = game.contracts[r]
    tables = [cards for _, cards in p.table]
    for discard in [None, *set(p.hand)]:
        rest = list(p.hand)
        if discard is not None:
            rest.remove(discard)
        if _place(rest, 0, tables, [], game, r, k if not p.opened else 0, size):
            return True
    return False


def _place(cards, i, tables, new, game, r, contract_sets, size) -> bool:
    if i == len(cards):
        return (all(game.is_set(g, r) for g in new + tables)
                and sum(len(g) >= size for g in new) >= contract_sets)
    card = cards[i]
    for n, t in enumerate(tables):  # onto a table set (allowed once open, T10)
        if game.could_grow(t + (card,), r):
            if _place(cards, i + 1, tables[:n] + [t + (card,)] + tables[n + 1:], new, game, r, contract_sets, size):
                return True
    for n, g in enumerate(new):  # into a new set begun already
        if game.could_grow(g + (card,), r):
            if _place(cards, i + 1, tables, new[:n] + [g + (card,)] + new[n + 1:], game, r, contract_sets, size):
                return True
    return _place(cards, i + 1, tables, new + [(card,)], game, r, contract_sets, size)


def goes_out(text: str, p: Seat) -> bool:
    """Do these moves (``lay A / B; meld C; add N CARDS; discard X``) empty the hand legally?"""
    game, r = p.game, p.round_no
    k, size = game.contracts[r]
    hand = Counter(p.hand)
    tables = [cards for _, cards in p.table]
    opened = p.opened
    steps = [s.strip() for s in text.split(";") if s.strip()]
    for n, step in enumerate(steps):
        verb, _, rest = step.partition(" ")
        if verb == "lay":
            sets = [tuple(parse_cards(part)) for part in rest.split("/")]
            if opened or len(sets) != k or not all(len(s) >= size and game.is_meld(s, r) for s in sets):
                return False
            used, opened = [c for s in sets for c in s], True
            tables += sets
        elif verb == "meld":
            used = list(parse_cards(rest))
            if not opened or not game.is_meld(tuple(used), r):
                return False
            tables.append(tuple(used))
        elif verb == "add":
            where, _, cards = rest.partition(" ")
            used = list(parse_cards(cards))
            t = int(where)
            if not opened or not 0 <= t < len(tables) or not game.is_meld(tables[t] + tuple(used), r):
                return False
            tables[t] = tables[t] + tuple(used)
        elif verb == "discard":
            used = list(parse_cards(rest))
            if len(used) != 1 or n != len(steps) - 1:
                return False
        else:
            return False
        if Counter(used) - hand:
            return False
        hand -= Counter(used)
    return not +hand


def cost(p: Seat) -> int:
    return sum(p.game.points(c) for c in p.hand)


# -- the shipped puzzle files, read here ------------------------------------------------------------
def shipped(folder: Path = PUZZLE_FOLDER) -> list[dict]:
    """Every puzzle table of every file, as written (tomllib, not the kit's loader)."""
    found = []
    for path in sorted(folder.glob("*.toml")):
        found += tomllib.loads(path.read_text(encoding="utf-8"))["puzzle"]
    return found


# -- Ten Card Rummy's table melds, lay-offs and going out (C3-C7, C11), for the TCR kinds --------
# A meld on the table is kept as what lay-offs depend on, never its cards' order: a set as
# ("set", rank, naturals, wilds); a run as ("run", suit, lowest rank, length, naturals, wilds),
# the lowest rank of its window of consecutive ranks (the corner K-A-2 allowed, C3). A joker
# in a run stands where it was put (C4: no swaps), so a run's window is fixed once laid, and
# a lay-off only ever grows it at an end (C11).
def _step(rank: int, by: int) -> int:
    return (rank - 1 + by) % 13 + 1


def meld_states(cards, game=TenCardRummy) -> set[tuple]:
    """Every way ``cards`` can lie on the table as one meld (a run's jokers may stand at
    either end when the naturals leave room: each window is one way)."""
    cards = tuple(cards)
    naturals = [c for c in cards if c.suit is not None]
    wilds = len(cards) - len(naturals)
    states = set()
    if game.is_set(cards, 1):
        states.add(("set", naturals[0].rank, len(naturals), wilds))
    if game.is_run(cards, 1):
        n = len(cards)
        for low in range(1, 14):
            if all((c.rank - low) % 13 < n for c in naturals):
                states.add(("run", naturals[0].suit, low, n, len(naturals), wilds))
    return states


def table_meld_state(cards) -> tuple:
    """A meld read from the table, its cards in the order laid (a run's in rank order,
    each joker at its place): one state."""
    cards = tuple(cards)
    naturals = [c for c in cards if c.suit is not None]
    wilds = len(cards) - len(naturals)
    if len({c.rank for c in naturals}) == 1:  # a run's naturals differ in rank (C3)
        return ("set", naturals[0].rank, len(naturals), wilds)
    i, first = next((i, c) for i, c in enumerate(cards) if c.suit is not None)
    return ("run", first.suit, _step(first.rank, -i), len(cards), len(naturals), wilds)


def lay_off(state: tuple, card: Card) -> list[tuple]:
    """The states a meld can be in after ``card`` is laid off on it (C11, C4): [] if none."""
    wild = card.suit is None
    if state[0] == "set":
        _, rank, nat, w = state
        if wild:
            return [("set", rank, nat, w + 1)] if nat > w + 1 else []
        return [("set", rank, nat + 1, w)] if card.rank == rank else []
    _, suit, low, n, nat, w = state
    if n >= 13:
        return []
    high = _step(low, n - 1)
    out = []
    for new_low, place in ((_step(low, -1), _step(low, -1)), (low, _step(high, 1))):  # low end, high end
        if wild:
            if nat > w + 1:
                out.append(("run", suit, new_low, n + 1, nat, w + 1))
        elif card.suit == suit and card.rank == place:
            out.append(("run", suit, new_low, n + 1, nat + 1, w))
    return list(dict.fromkeys(out))


def tcr_addition_pairs(p: Seat) -> set[tuple[Card, int]]:
    """(card, meld number) for each card of the hand a table meld takes on its own (C11)."""
    return {(c, n) for n, (_, cards) in enumerate(p.table) for c in set(p.hand)
            if lay_off(table_meld_state(cards), c)}


def _meld_choices(cards, size: int, game=TenCardRummy):
    """Every distinct meld of at least ``size`` cards from ``cards``."""
    return [m for m in sub_multisets(cards, size, len(cards)) if game.is_meld(m, 1)]


def tcr_can_go_out(p: Seat) -> bool:
    """Can the seat meld or lay off every card now, before its draw (C6, C7)? Every
    contract (if not yet down), every choice of new melds, every order of lay-offs."""
    k, size = p.game.contracts[p.round_no]
    table = [frozenset([table_meld_state(cards)]) for _, cards in p.table]
    contracts = [()] if p.opened else [a for a in arrangements(p.hand, p.round_no, p.game)]
    for contract in contracts:
        rest = Counter(p.hand) - sum((Counter(m) for m in contract), Counter())
        laid = table + [frozenset(meld_states(m)) for m in contract]
        if _new_melds_then_lay_off(rest, laid):
            return True
    return False


def _new_melds_then_lay_off(rest: Counter, melds: list, kept: tuple = ()) -> bool:
    """New melds first (they use only the hand's cards), then the kept cards laid off one
    by one. Each card in turn is either kept to lay off or starts a new meld now."""
    cards = tuple(sorted(rest.elements(), key=key))
    if not cards:
        return _lay_off_all(tuple(sorted(kept, key=key)), tuple(melds))
    first = cards[0]
    if _new_melds_then_lay_off(rest - Counter([first]), melds, kept + (first,)):
        return True
    for m in _meld_choices(cards, 3):
        if first in m:
            if _new_melds_then_lay_off(rest - Counter(m), melds + [frozenset(meld_states(m))], kept):
                return True
    return False


@lru_cache(maxsize=100_000)
def _lay_off_all(cards: tuple, melds: tuple) -> bool:
    if not cards:
        return True
    for card in set(cards):
        rest = list(cards)
        rest.remove(card)
        for n, states in enumerate(melds):
            grown = frozenset(s for state in states for s in lay_off(state, card))
            if grown and _lay_off_all(tuple(rest), melds[:n] + (grown,) + melds[n + 1:]):
                return True
    return False


def tcr_goes_out(text: str, p: Seat) -> bool:
    """Do these moves (``lay A / B; meld C; add N CARD [low|high]``) meld every card of
    the hand now (C5-C7, C11)? A run's jokers may stand anywhere its cards allow."""
    k, size = p.game.contracts[p.round_no]
    hand = Counter(p.hand)
    melds = [frozenset([table_meld_state(cards)]) for _, cards in p.table]
    opened = p.opened
    for step in (s.strip() for s in text.split(";") if s.strip()):
        verb, _, rest = step.partition(" ")
        if verb == "lay":
            laid = [tuple(parse_cards(part)) for part in rest.split("/")]
            if opened or len(laid) != k or not all(len(m) >= size and p.game.is_meld(m, 1) for m in laid):
                return False
            used, opened = [c for m in laid for c in m], True
            melds += [frozenset(meld_states(m)) for m in laid]
        elif verb == "meld":
            words = rest.split()
            used = list(parse_cards(" ".join(w for w in words if w not in ("low", "high"))))
            if not opened or not p.game.is_meld(tuple(used), 1):
                return False
            melds.append(frozenset(meld_states(used)))
        elif verb == "add":
            words = rest.split()
            t, end = int(words[0]), next((w for w in words if w in ("low", "high")), None)
            used = list(parse_cards(" ".join(w for w in words[1:] if w not in ("low", "high"))))
            if not opened or not 0 <= t < len(melds):
                return False
            states = melds[t]
            for card in used:
                grown = set()
                for state in states:
                    options = lay_off(state, card)
                    if end is not None and state[0] == "run" and card.suit is None:
                        # the named end: low grows the window's start, high keeps it
                        options = [o for o in options if (o[2] != state[2]) == (end == "low")]
                    grown.update(options)
                states = frozenset(grown)
                if not states:
                    return False
            melds[t] = states
        else:  # a discard never ends a round of Ten Card Rummy (C7)
            return False
        if Counter(used) - hand:
            return False
        hand -= Counter(used)
    return not +hand


# -- an offer of the top discard: the cards each choice gets, from the rulings -------------------
BUY_EXTRA = {TenPennies: 2, TenCardRummy: 1}  # T5: two stock cards; C9: one


@lru_cache(maxsize=200_000)
def _holds_canonical(hand: tuple, round_no: int, game) -> bool:
    return holds(hand, round_no, game)


def _stage_draws(pool: Counter, n: int):
    """Every draw of ``n`` physical cards from ``pool``: (the cards, how many physical draws give them)."""
    for draw in combinations_with_replacement(sorted(pool, key=key), n):
        taken = Counter(draw)
        if all(k <= pool[c] for c, k in taken.items()):
            yield draw, prod(comb(pool[c], k) for c, k in taken.items())


def _shape_grown(form: tuple, round_no: int, game) -> set[tuple]:
    """Every shape one more card could make of ``form``: a wild, or a natural of a rank held
    (of a suit held or a new one) or of a new rank; more than the deck holds allowed, so
    that :func:`missing_at_least` is a lower bound."""
    k, _ = game.contracts[round_no]
    wilds, ranks = form
    grown = {(min(wilds + 1, k * game.wild_limit(round_no)), ranks)}
    for i, suits in enumerate(ranks + ((),)):
        options = [suits[:j] + (min(n + 1, k),) + suits[j + 1:] for j, n in enumerate(suits)]
        if len(suits) < 4:
            options.append(suits + (1,))
        for new in options:
            rest = ranks[:i] + ranks[i + 1:]
            grown.add((wilds, tuple(sorted(rest + (tuple(sorted(new, reverse=True)),), reverse=True))))
    return grown


@lru_cache(maxsize=None)
def missing_at_least(form: tuple, round_no: int, game, limit: int) -> int:
    """A lower bound on the cards a Ten Pennies hand of this shape still needs: the fewest
    cards, up to ``limit`` (``limit + 1``: more), that some hand of one more card each time
    would need to hold the contract, the deck's copies not counted."""
    if _holds_shape(form, round_no, game):
        return 0
    if limit == 0:
        return 1
    return 1 + min(missing_at_least(g, round_no, game, limit - 1) for g in _shape_grown(form, round_no, game))


def staged_chance(hand, round_no: int, stages, game=TenPennies) -> Fraction:
    """The chance that the hand holds the contract once every stage's cards are added; a
    stage is ``(pool, n)``: ``n`` cards drawn at random from the physical cards ``pool``
    (a Counter), the stages' pools apart from one another.

    Every ordered run of draws is counted, one card at a time. In Ten Pennies a hand whose
    shape needs (:func:`missing_at_least`) more cards than are left to draw completes in
    no way, and one that needs exactly as many completes only through cards each of which
    lowers that need: both follow from the bound being a lower bound, and skip most runs.
    """
    order = [i for i, (_, n) in enumerate(stages) for _ in range(n)]
    pools = [Counter(pool) for pool, _ in stages]
    total = 1
    for pool, n in stages:
        total *= perm(sum(pool.values()), n)
    memo = {}

    def rest(d):
        # Ordered runs of the draws from position d on, whatever they are.
        result = 1
        for i, pool in enumerate(pools):
            result *= perm(sum(pool.values()), order[d:].count(i))
        return result

    def ways(cards, d):
        r = len(order) - d
        if r == 0:
            return int(_holds_canonical(canonical(cards), round_no, game))
        memo_key = (canonical(cards), d)
        if memo_key in memo:
            return memo[memo_key]
        if _holds_canonical(canonical(cards), round_no, game):
            result = rest(d)
        else:
            pool = pools[order[d]]
            need = None if game.runs else missing_at_least(shape(cards, round_no, game), round_no, game, r)
            result = 0
            if need is None or need <= r:
                for c in sorted(pool, key=key):
                    if not pool[c]:
                        continue
                    if need == r and missing_at_least(shape(cards + (c,), round_no, game), round_no, game, r) >= need:
                        continue
                    copies = pool[c]
                    pool[c] -= 1
                    result += copies * ways(cards + (c,), d + 1)
                    pool[c] += 1
        memo[memo_key] = result
        return result

    return Fraction(ways(tuple(hand), 0), total)


def offer_chances(hand, offered: Card, round_no: int, seen, stock: int, pile, my_turn: bool,
                  game=TenPennies) -> tuple[Fraction, Fraction]:
    """(buying, passing): the chance of holding the contract with the cards each gets.

    Buying: the offered card and the purchase's stock cards (T5: two; C9: one), and off
    one's turn also one's own draw (T6); Ten Card Rummy's free take on one's turn (C8) is
    the draw itself. Passing: one card, this turn's draw or the next turn's (T6). Cards come
    from the unseen ones (the deck less hand, offered card and ``seen``) while the ``stock``
    lasts, then from the rebuilt pile: Ten Pennies shuffles the discard pile less its top
    card (T16); Ten Card Rummy turns it over and turns its first card up (C12), so the next
    cards are known. ``pile`` is the discard pile, ``offered`` on top (last).
    """
    hidden = unseen(tuple(hand) + (offered,), seen, game)
    free = my_turn and game.runs
    results = []
    for buys in (True, False):
        cards = tuple(hand) + ((offered,) if buys else ())
        n = (0 if free else BUY_EXTRA[game] + (0 if my_turn else 1)) if buys else 1
        below = tuple(pile[:-1]) if buys else tuple(pile)
        first = min(n, stock)
        stages = [(hidden, first)] if first else []
        if n > first:
            if game.runs:  # C12: turned over: below[0] turned up, then below[1], below[2], ... drawn
                cards += tuple(below[1:1 + n - first])
            else:  # T16: all but the top card, shuffled
                stages.append((Counter(below[:-1]), n - first))
        results.append(staged_chance(cards, round_no, stages, game))
    return results[0], results[1]


# -- a buy puzzle's verdict, from the rulings' chances and the judgment's stated cost model -------
# The gain of buying (tenpennies/bots/buying.py, its module's docstring, is where the model is
# stated; here it is rewritten from those words): points at stake x (buying's chance -
# passing's), with an interval. Its cost: a token, at the worth measured in play
# (tenpennies/data/token_worth.json, read as data, interpolated between its token levels,
# never below zero), and the extra cards, between nothing and the mean points of an unseen
# card each, the offered card too when it is no out. An out's gain reaches up to the hand's
# points times the chance passing leaves out; a card that is no out buys only tempo, whose
# low end counts nothing for the chances, and is a pass outright when buying does no better.
TOKEN_TABLE = PUZZLE_FOLDER.parent / "tenpennies" / "data" / "token_worth.json"


def token_worth(round_no: int, tokens: int) -> tuple[float, float]:
    """(low, high) of the measured worth of the ``tokens``-th token in ``round_no``."""
    import json

    cells = json.loads(TOKEN_TABLE.read_text())["tables"]["Ten Pennies"]["cells"]
    table = {(c["round"], c["tokens"]): (c["low"], c["high"]) for c in cells}
    rounds = sorted({r for r, _ in table})
    r = min(max(round_no, rounds[0]), rounds[-1])
    levels = sorted(t for rr, t in table if rr == r)
    t = min(max(tokens, levels[0]), levels[-1])
    lo, hi = max(x for x in levels if x <= t), min(x for x in levels if x >= t)
    f = 0.0 if lo == hi else (t - lo) / (hi - lo)
    a, b = table[(r, lo)], table[(r, hi)]
    return tuple(max(0.0, x + (y - x) * f) for x, y in zip(a, b))


def completes_with(hand, k: int, round_no: int, game=TenPennies) -> bool:
    """Do some ``k`` more cards the deck still holds complete the hand?"""
    left = game.deck() - Counter(hand)
    for draw in combinations_with_replacement(sorted(left, key=key), k):
        taken = Counter(draw)
        if all(n <= left[c] for c, n in taken.items()) and _holds_canonical(canonical(tuple(hand) + draw), round_no, game):
            return True
    return False


def brings_closer(hand, card: Card, round_no: int, game=TenPennies, most: int = 2) -> bool | None:
    """Does ``card`` bring the hand a card closer to the contract (by the deck's cards)?
    None when the hand with it needs more than ``most`` cards (not counted here)."""
    with_it = tuple(hand) + (card,)
    need = next((k for k in range(most + 1) if completes_with(with_it, k, round_no, game)), None)
    if need is None:
        return None
    return not completes_with(hand, need, round_no, game)


def buy_verdicts(p: Seat) -> set[str]:
    """The verdicts :func:`buy_verdict` could reach, where it cannot tell whether the card is
    an out (a hand far from the contract): one verdict, or that and the other."""
    try:
        return {buy_verdict(p)[0]}
    except FarHand as far:
        return set(far.args[0])


class FarHand(AssertionError):
    """The verdict turns on whether the card is an out, and the hand is too far to count it."""


def buy_verdict(p: Seat) -> tuple[str, Fraction, Fraction, float]:
    """The verdict a buy puzzle's seat should reach, re-derived: ``(verdict, buying's chance,
    passing's, margin)``, the margin the points by which the verdict wins at its worse end."""
    game, r = p.game, p.round_no
    offered, below = p.pile[-1], p.pile[:-1]
    seen = below + tuple(c for _, cards in p.table for c in cards)
    my_turn = p.active == p.seat
    free = my_turn and game.runs  # C8: the active player's free take is its draw
    buy, pass_ = offer_chances(p.hand, offered, r, seen, p.stock, p.pile, my_turn, game)
    stake = sum(game.points(c) for c in p.hand)
    low, high = token_worth(r, p.tokens[p.seat]) if p.tokens is not None else (0.0, 0.0)
    hidden = unseen(tuple(p.hand) + (offered,), seen, game)
    mean = sum(game.points(c) * n for c, n in hidden.items()) / sum(hidden.values())
    extras = 0 if free else BUY_EXTRA[game]

    def verdict(out: bool) -> tuple[str, float]:
        tempo = not free and not out
        extra = extras * mean + (game.points(offered) if tempo else 0)
        value = stake * float(buy - pass_)
        reach = stake * float(1 - pass_) if out or free else None
        gain_low = (0.0 if tempo else value) - high - extra
        gain_high = max(value, reach if reach is not None else value) - low
        if gain_low > 0:
            return "buy", gain_low
        if tempo and buy <= pass_:
            return "pass", -gain_high
        if gain_high < 0:
            return "pass", -gain_high
        return "close", 0.0

    either = (verdict(True), verdict(False))
    if either[0][0] == either[1][0]:  # out or not, one verdict: the lesser margin
        return either[0][0], buy, pass_, min(either[0][1], either[1][1])
    out = brings_closer(p.hand, offered, r, game)
    if out is None:
        raise FarHand({either[0][0], either[1][0]})
    found, margin = either[0] if out else either[1]
    return found, buy, pass_, margin
