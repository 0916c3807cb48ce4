"""What a meld is: a set or a run, why some cards are not one, and melds on the table.

A set (T14, C3) is cards of one rank; what makes one valid lives in :mod:`tenpennies.engine.sets`,
whose fast paths Ten Pennies keeps. A run (C3, C4) is at least three cards of one suit in
consecutive rank order: an ace may sit low (A 2 3), high (Q K A) or, where the rule set's
``runs_wrap`` allows, in between (Q K A 2 3); no rank twice, so at most 13 cards. A wild
card in a run stands for the rank of its place. In every meld the wilds stay within the
round's limit and, where ``wilds_outnumbered`` (C4), natural cards outnumber them::

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> meld_kinds(parse_cards("5H 7H JK"), 1, TCR)
    (<MeldKind.RUN: 'run'>,)
    >>> arrange_run(parse_cards("7H JK 5H"), 1, TCR)
    Cards('5H JK 7H')
    >>> meld_problems(parse_cards("QH KH JK JK"), MeldKind.RUN, 1, TCR)
    ('2 wilds and 2 natural cards: natural cards must outnumber wilds',)
    >>> meld_problems(parse_cards("QH KH AH 2H 3H"), MeldKind.RUN, 1, TCR)
    ()
    >>> run = make_table_meld(0, MeldKind.RUN, parse_cards("9S JK TS"), 1, TCR)
    >>> print(run)
    run of spades 9-J of seat 0: 9S TS JK
    >>> meld_additions(run, parse_cards("8S QS JK 8H"), 1, TCR)
    [(Card('8S'), None), (Card('QS'), None)]

(The last joker cannot be added: two wilds would not be outnumbered by two naturals.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

from .cards import RANKS, SUIT_NAMES, SUITS, Card, Cards, format_cards, sort_key
from .errors import InvalidSetError, WrongTypeError
from .rules import TEN_PENNIES, MeldKind, MeldRequirement, RuleSet
from .sets import check_set, is_valid_set, set_problems, set_rank, single_additions, wild_problems
from .words import number_word, plural, rank_plural

__all__ = [
    "MeldKind", "MeldRequirement", "TableMeld", "TableSet", "arrange_run", "check_meld", "is_valid_meld",
    "contract_meld_problems", "laid_out_run", "make_table_meld", "make_table_set", "meld_additions", "meld_kind", "meld_kinds", "meld_problems", "run_problems",
    "run_ranks",
]

END_LOW = "low"
END_HIGH = "high"
ENDS = (END_LOW, END_HIGH)
"""The two ends of a run a card can be added at (C4, C11)."""

_MAX_RUN = 13  # C3: no rank twice


def _next_rank(rank: int) -> int:
    """The rank above ``rank``, wrapping K to A."""
    return rank % 13 + 1


def _prev_rank(rank: int) -> int:
    """The rank below ``rank``, wrapping A to K."""
    return (rank - 2) % 13 + 1


def meld_kind(kind: MeldKind | str) -> MeldKind:
    """The :class:`MeldKind` named by ``kind`` (``"set"``, ``"run"``, or the member itself)."""
    try:
        return MeldKind(kind)
    except ValueError:
        raise InvalidSetError(f"no kind of meld is called {kind!r}: the kinds are "
                              f"{', '.join(k.value for k in MeldKind)}") from None


# -- runs: validity ---------------------------------------------------------------------
@lru_cache(maxsize=None)
def _span(mask: int, wrap: bool) -> int:
    """The fewest consecutive ranks that hold every rank in ``mask`` (bit r-1 for rank r).

    With ``wrap`` the ranks go round (K A 2); without, the ace sits at either end only.
    """
    ranks = [r for r in range(13) if mask >> r & 1]
    if len(ranks) <= 1:
        return len(ranks)
    if wrap:
        gaps = [b - a for a, b in zip(ranks, ranks[1:])] + [ranks[0] + 13 - ranks[-1]]
        return 14 - max(gaps)
    low = ranks[-1] - ranks[0] + 1
    if ranks[0] == 0:  # an ace may also sit high, above the king
        low = min(low, 13 - ranks[1] + 1)
    return low


@lru_cache(maxsize=None)
def _start(mask: int, wrap: bool) -> int:
    """The rank (0-12, or 13 for an ace above the king) of the lowest natural in the
    tightest window of :func:`_span`; ties go to the window that does not wrap."""
    ranks = [r for r in range(13) if mask >> r & 1]
    if len(ranks) == 1:
        return ranks[0]
    if wrap:
        gaps = [ranks[0] + 13 - ranks[-1]] + [b - a for a, b in zip(ranks, ranks[1:])]
        return ranks[gaps.index(max(gaps))]
    if ranks[0] == 0 and 13 - ranks[1] + 1 < ranks[-1] + 1:
        return ranks[1]
    return ranks[0]


def run_problems(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[str, ...]:
    """Every reason, in plain words, why ``cards`` (in any order) cannot be laid out as a
    run (C3, C4); ``()`` if they can. Whether runs are melds at all is
    :func:`meld_problems`' question."""
    cards = tuple(cards)
    wild = rules.wild_table(round_no)
    naturals = [c for c in cards if not wild[c.index]]
    wilds = len(cards) - len(naturals)
    n = len(cards)
    problems = []
    if n < rules.min_set_size:
        problems.append(f"only {plural(n, 'card')}: a run needs at least {rules.min_set_size}")
    if n > _MAX_RUN:
        problems.append(f"{n} cards: a run holds each rank once, so at most {_MAX_RUN}")
    if not naturals:
        problems.append("no natural card")
    suits = sorted({c.suit for c in naturals}, key=SUITS.index)
    if len(suits) > 1:
        problems.append("natural cards of different suits (" + ", ".join(SUIT_NAMES[s] + "s" for s in suits) + ")")
    counts: dict[int, int] = {}
    for c in naturals:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    for rank in sorted(counts):
        if counts[rank] > 1:
            problems.append(f"{number_word(counts[rank])} natural {rank_plural(rank)}: a run holds each rank once")
    mask = 0
    for rank in counts:
        mask |= 1 << (rank - 1)
    if naturals and n <= _MAX_RUN:
        span = _span(mask, rules.runs_wrap)
        if span > n:
            low = _start(mask, rules.runs_wrap) % 13 + 1
            high = (low - 1 + span - 1) % 13 + 1
            problems.append(f"not consecutive: {RANKS[low - 1]} to {RANKS[high - 1]} takes {span} cards, "
                            f"there are {n}")
    problems.extend(wild_problems(len(naturals), wilds, round_no, rules))
    return tuple(problems)


def _is_valid_run(cards: Iterable[Card], round_no: int, rules: RuleSet) -> bool:
    """:func:`run_problems` is empty, without building words."""
    wild = rules.wild_table(round_no)
    n = wilds = mask = 0
    suit = -1
    for c in cards:
        n += 1
        i = c.index
        if wild[i]:
            wilds += 1
            continue
        s, bit = divmod(i, 13)
        if suit != s:
            if suit != -1:
                return False
            suit = s
        if mask >> bit & 1:
            return False
        mask |= 1 << bit
    naturals = n - wilds
    return (naturals > 0 and rules.min_set_size <= n <= _MAX_RUN
            and wilds <= rules.wild_limits[round_no - 1]
            and (naturals > wilds or not rules.wilds_outnumbered)
            and _span(mask, rules.runs_wrap) <= n)


# -- any meld ---------------------------------------------------------------------------
def meld_problems(cards: Iterable[Card], kind: MeldKind, round_no: int,
                  rules: RuleSet = TEN_PENNIES) -> tuple[str, ...]:
    """Every reason, in plain words, why ``cards`` are not a valid meld of ``kind`` in this
    round; ``()`` if they are. A run's cards may come in any order (see :func:`arrange_run`).
    """
    kind = meld_kind(kind)
    if kind not in rules.meld_kinds:
        return (f"{rules.name} has no {kind.value}s: its melds are "
                + " and ".join(k.value + "s" for k in MeldKind if k in rules.meld_kinds),)
    if kind is MeldKind.SET:
        return set_problems(cards, round_no, rules)
    return run_problems(cards, round_no, rules)


def is_valid_meld(cards: Iterable[Card], kind: MeldKind, round_no: int, rules: RuleSet = TEN_PENNIES) -> bool:
    """Are ``cards`` a valid meld of ``kind`` in this round? Agrees with :func:`meld_problems`
    (tested) but builds no words."""
    if kind not in rules.meld_kinds:
        return False
    if kind == MeldKind.SET:
        return is_valid_set(cards, round_no, rules)
    return _is_valid_run(cards, round_no, rules)


def meld_kinds(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[MeldKind, ...]:
    """The kinds of meld ``cards`` make in this round, set first: ``()`` if none."""
    cards = tuple(cards)
    return tuple(k for k in MeldKind if k in rules.meld_kinds and is_valid_meld(cards, k, round_no, rules))


def check_meld(cards: Iterable[Card], kind: MeldKind, round_no: int, rules: RuleSet = TEN_PENNIES) -> None:
    """Raise :class:`InvalidSetError` saying why, unless ``cards`` are a valid meld of ``kind``."""
    cards = tuple(cards)
    problems = meld_problems(cards, kind, round_no, rules)
    if problems:
        raise InvalidSetError(f"{format_cards(cards)} is not a {meld_kind(kind).value}: " + "; ".join(problems))


# -- runs: order ------------------------------------------------------------------------
def arrange_run(cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES, *,
                wild_end: str = END_HIGH) -> Cards:
    """The cards of a valid run in rank order, each wild at the place it stands for (C4).

    Wilds fill the gaps between the natural cards first; any left over go to the higher
    end (the default, C4) or, with ``wild_end="low"``, the lower one, and to the other end
    when that one cannot grow (an ace high without ``runs_wrap``).

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> arrange_run(parse_cards("2H JK KH AH"), 1, TCR)
    Cards('KH AH 2H JK')
    >>> arrange_run(parse_cards("2H JK KH AH"), 1, TCR, wild_end="low")
    Cards('JK KH AH 2H')
    """
    if wild_end not in ENDS:
        raise InvalidSetError(f"a wild goes at the {' or '.join(ENDS)} end of a run, not {wild_end!r}")
    cards = tuple(cards)
    problems = run_problems(cards, round_no, rules)
    if problems:
        raise InvalidSetError(f"{format_cards(cards)} is not a run: " + "; ".join(problems))
    wild = rules.wild_table(round_no)
    naturals = {c.rank: c for c in cards if not wild[c.index]}
    wilds = [c for c in cards if wild[c.index]]
    mask = sum(1 << (r - 1) for r in naturals)
    wrap = rules.runs_wrap
    span = _span(mask, wrap)
    start = _start(mask, wrap)  # 0-12, or 13 for an ace high
    extra = len(cards) - span
    if wrap:
        low = start - (extra if wild_end == END_LOW else 0)
    else:
        # Positions 0 (ace low) to 13 (ace high): the run must stay inside them.
        low = start - extra if wild_end == END_LOW else start
        low = max(0, min(low, 14 - len(cards)))
    out: list[Card] = []
    spare = iter(wilds)
    for place in range(low, low + len(cards)):
        natural = naturals.get(place % 13 + 1)
        out.append(natural if natural is not None else next(spare))
    return Cards(out)


def run_ranks(cards: Sequence[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[int, ...]:
    """The rank (1-13) each place of a run in rank order stands for, wilds included.

    Raises :class:`InvalidSetError` if the cards in this order are not a run.

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> run_ranks(parse_cards("QH KH JK 2H"), 1, TCR)
    (12, 13, 1, 2)
    """
    cards = tuple(cards)
    wild = rules.wild_table(round_no)
    first = next((i for i, c in enumerate(cards) if not wild[c.index]), None)
    if first is None or not _is_valid_run(cards, round_no, rules):
        raise InvalidSetError(f"{format_cards(cards)} is not a run: "
                              + "; ".join(run_problems(cards, round_no, rules) or ("no natural card",)))
    base = cards[first].rank - 1 - first
    ranks = tuple((base + i) % 13 + 1 for i in range(len(cards)))
    misplaced = [c for c, r in zip(cards, ranks) if not wild[c.index] and c.rank != r]
    if misplaced:
        raise InvalidSetError(f"{format_cards(cards)} is not in rank order: {format_cards(misplaced)} "
                              f"out of place")
    if not rules.runs_wrap and 1 in ranks[1:-1]:
        raise InvalidSetError(f"{format_cards(cards)} goes over the top (the ace inside the run), "
                              f"which {rules.name} does not allow")
    if not rules.runs_wrap and len(cards) > 1 and ranks[0] == 1 and ranks[1] != 2:
        raise InvalidSetError(f"{format_cards(cards)} puts an ace low below something other than a two")
    return ranks


# -- melds on the table -----------------------------------------------------------------
@dataclass(frozen=True, init=False, repr=False)
class TableMeld:
    """A meld on the table: the seat that made it, its kind, and its cards in order (a run's
    in rank order, each wild at its place; a set's in the order played).

    ``rank`` is a set's rank (``None`` for a run); ``ranks`` the rank each place stands for.
    Build one checked with :func:`make_table_meld`. ``TableSet`` is the same class, and
    ``TableSet(owner, cards, rank)`` still makes a set, as before runs existed.
    """

    owner: int
    kind: MeldKind
    cards: tuple[Card, ...]
    rank: int | None
    # A run's ranks, one per place (a set's are its rank, see ``ranks``). Equal cards in
    # equal order make equal runs, so it takes no part in == and hash.
    _ranks: tuple[int, ...] | None = field(default=None, init=False, repr=False, compare=False)

    def __init__(self, owner: int, kind=None, cards=None, rank: int | None = None, *,
                 ranks: Iterable[int] | None = None) -> None:
        # Two call shapes: TableMeld(owner, kind, cards[, rank]) and the older
        # TableSet(owner, cards, rank), which Ten Pennies' code and saved reprs use. The
        # set path is the hot one (a match builds a table set on every addition): keep it lean.
        if kind is None or kind.__class__ is MeldKind:
            pass  # the usual case first
        elif isinstance(kind, str):
            kind = meld_kind(kind)
        else:  # the older shape: the second argument is the cards
            if rank is not None:
                raise WrongTypeError("TableSet(owner, cards, rank) takes at most 3 arguments")
            kind, cards, rank = None, kind, cards
        if cards.__class__ is not tuple:
            cards = () if cards is None else tuple(cards)
        # Written straight into __dict__ (the class is frozen to everyone else): the
        # fastest way to fill a frozen value.
        d = self.__dict__
        d["owner"] = owner
        d["cards"] = cards
        if kind is None or kind is _SET:
            if rank is None:  # jokers are the only wilds we can know of without a round
                rank = next((c.rank for c in cards if c.suit is not None), None)
            d["kind"] = _SET
            d["rank"] = rank
            return
        if ranks is None:
            first = next((i for i, c in enumerate(cards) if c.suit is not None), 0)
            base = cards[first].rank - 1 - first if cards else 0
            ranks = ((base + i) % 13 + 1 for i in range(len(cards)))
        d["kind"] = kind
        d["rank"] = None
        d["_ranks"] = tuple(ranks)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank each place stands for: a run's in order, a set's rank for every card."""
        return (self.rank,) * len(self.cards) if self._ranks is None else self._ranks

    @property
    def suit(self) -> str | None:
        """A run's suit letter (``None`` for a set)."""
        if self.kind is MeldKind.SET:
            return None
        # The cards at their own rank's place: the naturals, and any wild-rank card that
        # happens to stand for its own rank; the naturals' suit is the commonest.
        suits = [c.suit for c, r in zip(self.cards, self.ranks) if c.suit is not None and c.rank == r]
        return max(SUITS, key=suits.count) if suits else None

    def added(self, cards: Iterable[Card], end: str | None = None) -> "TableMeld":
        """This meld with ``cards`` added (unchecked: see :func:`meld_additions`).

        A set keeps the order played. On a run each card goes where its rank fits; a wild,
        or any card when ``end`` is given, goes to that end, the higher by default (C4).
        """
        if self.kind is _SET:
            return TableMeld(self.owner, _SET, self.cards + tuple(cards), self.rank)
        if end is not None and end not in ENDS:
            raise InvalidSetError(f"a card goes at the {' or '.join(ENDS)} end of a run, not {end!r}")
        out, ranks = list(self.cards), list(self.ranks)
        for c in cards:
            high, low = _next_rank(ranks[-1]), _prev_rank(ranks[0])
            place = end
            if place is None:
                place = END_LOW if c.suit is not None and c.rank == low != high else END_HIGH
            if place == END_HIGH:
                out.append(c)
                ranks.append(high)
            else:
                out.insert(0, c)
                ranks.insert(0, low)
        return TableMeld(self.owner, MeldKind.RUN, out, ranks=ranks)

    def __str__(self) -> str:
        if self.kind is MeldKind.SET:
            return f"{rank_plural(self.rank)} of seat {self.owner}: {format_cards(sorted(self.cards, key=sort_key))}"
        suit = self.suit
        name = f"run of {SUIT_NAMES[suit]}s" if suit else "run"
        return (f"{name} {RANKS[self.ranks[0] - 1]}-{RANKS[self.ranks[-1] - 1]} of seat {self.owner}: "
                f"{format_cards(self.cards)}")

    def __repr__(self) -> str:
        if self.kind is MeldKind.SET:
            return f"TableSet(owner={self.owner}, cards={Cards(self.cards)!r}, rank={self.rank})"
        text = f"TableMeld(owner={self.owner}, kind='run', cards={Cards(self.cards)!r}"
        if TableMeld(self.owner, MeldKind.RUN, self.cards).ranks != self.ranks:
            text += f", ranks={self.ranks!r}"
        return text + ")"

    def _repr_svg_(self) -> str:
        from ..pictures.svg import table_set_svg  # pictures are drawn only when asked for

        return table_set_svg(self)


_SET = MeldKind.SET
TableSet = TableMeld
"""The old name of :class:`TableMeld`, from when every meld was a set."""


def make_table_meld(owner: int, kind: MeldKind | None, cards: Iterable[Card], round_no: int,
                    rules: RuleSet = TEN_PENNIES, *, wild_end: str = END_HIGH, keep_order: bool = False) -> TableMeld:
    """A :class:`TableMeld` after checking the cards are a valid meld of ``kind``.

    A set keeps the order given. A run is put in rank order (:func:`arrange_run`, wilds
    left over going to ``wild_end``), or with ``keep_order`` must already be in it, as a
    run read back from the table is (its wilds stay where they were). ``kind=None`` takes
    the kind the cards make, a set first (:func:`meld_kinds`).

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> make_table_meld(3, None, parse_cards("JK 5H 6H"), 1, TCR, keep_order=True)
    TableMeld(owner=3, kind='run', cards=Cards('JK 5H 6H'))
    """
    cards = tuple(cards)
    if kind is None:
        kinds = meld_kinds(cards, round_no, rules)
        if not kinds:
            why = "; ".join(f"as a {k.value}: " + ", ".join(meld_problems(cards, k, round_no, rules))
                            for k in MeldKind if k in rules.meld_kinds)
            raise InvalidSetError(f"{format_cards(cards)} is not a meld: {why}")
        kind = kinds[0]
    check_meld(cards, kind, round_no, rules)
    if meld_kind(kind) is MeldKind.SET:
        return TableMeld(owner, MeldKind.SET, cards, set_rank(cards, round_no, rules))
    ordered = cards if keep_order else arrange_run(cards, round_no, rules, wild_end=wild_end)
    return TableMeld(owner, MeldKind.RUN, ordered, ranks=run_ranks(ordered, round_no, rules))


def laid_out_run(cards: Sequence[Card], round_no: int, rules: RuleSet = TEN_PENNIES,
                 end: str | None = None) -> Cards:
    """The order a new run is put on the table in (C4): cards given in rank order keep it,
    so ``JK 5S 6S`` is 4-5-6 as the player (or the solver's arrangement) put it; otherwise
    each wild goes to its place and a spare one to ``end`` (the higher end if not said).
    The match lays runs out with it, and the log's words tell them the same way.

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> laid_out_run(parse_cards("JK 5S 6S"), 1, TCR)
    Cards('JK 5S 6S')
    >>> laid_out_run(parse_cards("6S JK 5S"), 1, TCR)
    Cards('5S 6S JK')
    """
    if end is None:
        try:
            run_ranks(cards, round_no, rules)
            return Cards(cards)
        except InvalidSetError:
            pass
    return arrange_run(cards, round_no, rules, wild_end=end or END_HIGH)


def meld_additions(meld: TableMeld, candidates: Iterable[Card], round_no: int,
                   rules: RuleSet = TEN_PENNIES) -> list[tuple[Card, str | None]]:
    """Each of ``candidates`` that could, alone, be added to the table meld (T10, C11),
    with the end of a run it goes to.

    A natural card fits one place, so its end is ``None`` (except ``"low"`` for the last
    rank of a run that cannot grow at its high end). A wild on a run comes with its
    end, ``"low"`` or ``"high"``, once for each end it can go to (C4); a set has no ends.
    The meld stays valid after the addition: at most 13 cards in a run, wilds within
    their limits (T14, C4).
    """
    if meld.kind is MeldKind.SET:
        return [(c, None) for c in single_additions(meld.cards, candidates, round_no, rules)]
    wild = rules.wild_table(round_no)
    high, low, low_end, wild_ends = run_ends(meld, round_no, rules)
    out: list[tuple[Card, str | None]] = []
    for c in candidates:
        i = c.index
        if wild[i]:
            if wild_ends:
                out.extend((c, e) for e in wild_ends)
        elif i == high:
            out.append((c, None))
        elif i == low:
            out.append((c, low_end))
    return out


# What a run on the table takes at its ends, by the meld's id (the meld kept beside it, so
# the id is never another's): the listing asks of every run on the table at every meld
# phase, the bots and the solver of each run again, and a run changes only by being
# replaced. Emptied when large.
_ENDS: dict[int, tuple] = {}


def run_ends(meld: TableMeld, round_no: int, rules: RuleSet = TEN_PENNIES) -> tuple[int, int, str | None, tuple[str, ...]]:
    """What a run on the table takes, as :func:`meld_additions` lists it (C11, C4):
    ``(index of the natural card that goes at its high end, or -1; of the one that goes at
    its low end, or -1; the end that low card is listed with; the ends a wild may take)``.
    Worked out once per run and round: :mod:`tenpennies.play.legal` asks it of every run on
    the table and looks the two natural cards up in the hand.

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> from tenpennies.engine.cards import ALL_CARDS
    >>> run = make_table_meld(0, MeldKind.RUN, parse_cards("5S 6S 7S"), 1, TCR)
    >>> high, low, low_end, wild_ends = run_ends(run, 1, TCR)
    >>> ALL_CARDS[high], ALL_CARDS[low], low_end, wild_ends
    (Card('8S'), Card('4S'), None, ('low', 'high'))
    """
    known = _ENDS.get(id(meld))
    if known is not None and known[0] is meld and known[1] == round_no and known[2] is rules:
        return known[3]
    if len(_ENDS) > 4096:
        _ENDS.clear()
    ends = _run_ends(meld, round_no, rules)
    _ENDS[id(meld)] = (meld, round_no, rules, ends)
    return ends


def _run_ends(meld: TableMeld, round_no: int, rules: RuleSet) -> tuple:
    cards = meld.cards
    wild = rules.wild_table(round_no)
    if len(cards) >= _MAX_RUN:
        return -1, -1, None, ()
    wilds = sum(1 for c in cards if wild[c.index])
    naturals = len(cards) - wilds
    wild_room = (wilds < rules.wild_limits[round_no - 1]
                 and (naturals > wilds + 1 or not rules.wilds_outnumbered))
    ranks = meld.ranks
    top, bottom = ranks[-1], ranks[0]
    # Without wrapping an ace at an end closes it: nothing above an ace high, below an ace low.
    high_open = rules.runs_wrap or top != 1
    low_open = rules.runs_wrap or bottom != 1
    high, low = _next_rank(top), _prev_rank(bottom)
    base = 13 * (next(c.index for c in cards if not wild[c.index]) // 13)  # the suit's first index
    wild_ends = [e for e, is_open in ((END_LOW, low_open), (END_HIGH, high_open)) if is_open]
    if len(cards) == _MAX_RUN - 1 and len(wild_ends) == 2:
        wild_ends = [END_HIGH]  # both ends stand for the one missing rank: one choice, not two
    # Past 11 cards both ends want the same rank, and added() puts it high.
    return (base + high - 1 if high_open else -1, base + low - 1 if low_open else -1,
            None if low != high else END_LOW, tuple(wild_ends) if wild_room else ())


def contract_meld_problems(melds: Sequence[Sequence[Card] | tuple[MeldKind, Sequence[Card]]], round_no: int,
                           rules: RuleSet = TEN_PENNIES) -> tuple[str, ...]:
    """Why separate melds do not make the round's contract (T13, C5): ``()`` if they do.

    Each meld is its cards (of whatever kind they make) or a ``(kind, cards)`` pair. Each
    must be a valid meld with at least the contract's size, and there must be as many as
    the contract asks: one run of six passed as one meld counts once, never as two runs
    of three (C5).

    >>> from tenpennies import TEN_CARD_RUMMY as TCR, parse_cards
    >>> contract_meld_problems([parse_cards("3H 4H 5H 6H 7H 8H")], 2, TCR)
    ('1 meld but round 2 asks for two melds of 3 (sets or runs)',)
    >>> contract_meld_problems([parse_cards("3H 4H 5H"), ("run", parse_cards("6H 7H 8H"))], 2, TCR)
    ()
    """
    contract = rules.contract(round_no)
    problems = []
    if len(melds) != contract.sets:
        problems.append(f"{plural(len(melds), 'meld')} but round {round_no} asks for {contract.words}")
    for n, meld in enumerate(melds, 1):
        if len(meld) == 2 and isinstance(meld[0], str):
            kinds, cards = (meld_kind(meld[0]),), tuple(meld[1])
        else:
            kinds, cards = tuple(k for k in MeldKind if k in rules.meld_kinds), tuple(meld)
        whys = [meld_problems(cards, k, round_no, rules) for k in kinds]
        if all(whys):
            said = "; ".join(f"as a {k.value}: " + ", ".join(w) for k, w in zip(kinds, whys)) if len(kinds) > 1 \
                else "; ".join(whys[0])
            problems.append(f"meld {n} ({format_cards(cards)}) is not "
                            f"{' or '.join('a ' + k.value for k in kinds)}: {said}")
        elif len(cards) < contract.size:
            problems.append(f"meld {n} ({format_cards(cards)}) has {plural(len(cards), 'card')}; "
                            f"the contract asks for at least {contract.size}")
    return tuple(problems)


def make_table_set(owner: int, cards: Iterable[Card], round_no: int, rules: RuleSet = TEN_PENNIES) -> TableMeld:
    """A set on the table (a :class:`TableMeld` of kind set) after checking that the cards
    are a valid set (T13-T15): the sets-only games' short form of :func:`make_table_meld`.
    (Once written in :mod:`tenpennies.engine.sets`, where the old name still works.)"""
    cards = tuple(cards)
    check_set(cards, round_no, rules)
    return TableMeld(owner, cards, set_rank(cards, round_no, rules))
