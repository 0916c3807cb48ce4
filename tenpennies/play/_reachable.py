"""What play can reach: every reason a round in a given state cannot occur in play, each
sentence led by the ruling it breaks (hand sizes against the purchases made, tokens,
scores, who owns the table's melds).

Both kinds of position ask it (:meth:`~tenpennies.play.position.Position.problems`,
:meth:`~tenpennies.play.seat_position.SeatPosition.problems`), and their
``check_reachable`` refuses with :class:`UnreachablePositionError`. It is kept apart from
the checks that a round can be played at all (:mod:`._position_fields`,
:meth:`~tenpennies.play.position.Position.setup`): a position play cannot reach is still
one to play from, as a what-if, on purpose.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..engine.cards import format_cards
from ..engine.errors import UnreachablePositionError
from ..engine.rules import RuleSet
from ..engine.words import plural


# -- what play can reach ---------------------------------------------------------------
# The invariants below follow from the rules and from match.py's flow of cards:
#
# - A turn draws one card and discards one (T6, T11; C6), so between turns a hand keeps
#   its size unless cards go to the table; the active seat holds one more between its
#   draw and its discard.
# - A purchase adds the discard and ``buy_extra_cards`` stock cards (T5: 1 + 2; C9:
#   1 + 1). Bought on the buyer's own turn it is that turn's draw (T6), so it adds one
#   card fewer than the turn's usual draw would; Ten Card Rummy's active seat takes the
#   top discard freely (C8) and never buys it.
# - Tokens are spent one per purchase for the whole match (T4), so a seat has made at
#   most as many purchases this round as it has spent tokens, and exactly as many in
#   round 1.
# - Only the table takes cards out of hands for good, so hands and table together never
#   hold fewer cards than were dealt (T3, C2).
_MAX_ROUND_BUYS = 200  # more than any deck could feed (a purchase takes a stock card)


def _purchases(rules: RuleSet, round_no: int, tokens, seat: int) -> tuple[int, int]:
    """The fewest and most purchases ``seat`` can have made this round (T4, T5, C9)."""
    if not rules.may_buy(round_no) or rules.buy_extra_cards is None:
        return 0, 0
    most = _MAX_ROUND_BUYS
    low = 0
    if rules.tokens is not None and tokens is not None:
        spent = max(0, rules.tokens - tokens[seat])
        most = spent
        if round_no == 1:
            low = spent  # T4: every token spent so far was spent this round
    if rules.buys_per_round is not None:
        most = min(most, rules.buys_per_round)
    return min(low, most), most


def _gains(rules: RuleSet, low: int, most: int) -> frozenset[int]:
    """How many cards ``low`` to ``most`` purchases can add to a hand (see above)."""
    return _sums(rules.buy_extra_cards + 1,  # bought on another seat's turn
                 rules.buy_extra_cards if not rules.free_discard_take else None,  # bought as one's draw
                 low, most)


@lru_cache(maxsize=256)
def _sums(late: int, own: int | None, low: int, most: int) -> frozenset[int]:
    gains = set()
    for k in range(low, most + 1):
        for i in range(k + 1 if own is not None else 1):
            gains.add(i * (own or 0) + (k - i) * late)
    return frozenset(gains)


def _largest_hand(rules: RuleSet) -> int:
    """The points of the costliest hand a round can end with (T18, C14): the deck's
    costliest cards, as many as a hand can hold (dealt, plus every purchase)."""
    buys = rules.tokens if rules.tokens is not None else _MAX_ROUND_BUYS
    if rules.buys_per_round is not None:
        buys = min(buys, rules.buys_per_round)
    size = rules.hand_size + buys * (rules.buy_extra_cards + 1)
    return sum(sorted((rules.points(c) for c in rules.deck()), reverse=True)[:size])


def _reach_problems(rules: RuleSet, round_no: int, sizes, active: int, table, opened, tokens,
                    scores) -> list[str]:
    """Every reason a round in this state cannot occur in play, each led by its ruling.

    ``sizes`` are the hand sizes; ``opened`` the seats' laid-down flags (None: as the
    table shows); ``tokens`` None where the rules count none.
    """
    tp = not rules.meld_before_draw  # the rulings to cite: Ten Pennies' (T) or Ten Card Rummy's (C)
    deal, buy_rule, end_rule, score_rule, open_rule, contract_rule = (
        ("T3", "T5", "T12", "T18", "T10", "T13") if tp else ("C2", "C9", "C7", "C14", "C6", "C5"))
    contract = rules.contract(round_no)
    n = rules.players
    out: list[str] = []
    owned = [[t for t in table if t.owner == s] for s in range(n)]
    laid = [bool(owned[s]) for s in range(n)] if opened is None else list(opened)
    word = "meld" if rules.has_runs else "set"
    for s in range(n):
        size = sizes[s]
        now = " (its turn)" if s == active else ""
        if size == 0:
            out.append(f"{end_rule}: seat {s} holds no cards, but the round ends the moment a hand is empty")
        low, most = _purchases(rules, round_no, tokens, s)
        gains = _gains(rules, low, most)
        extra = (0, 1) if s == active else (0,)
        bought = (("no purchase" if not low else f"exactly {plural(low, 'purchase')}") if low == most else
                  f"at most {plural(most, 'purchase')}" if low == 0 else f"{low} to {most} purchases")
        if not laid[s]:
            allowed = sorted({rules.hand_size + g + e for g in gains for e in extra})
            if size not in allowed:
                shown = ", ".join(map(str, allowed[:6])) + (", ..." if len(allowed) > 6 else "")
                out.append(f"{deal}: seat {s}{now} has not laid down and holds {size} cards; with "
                           f"{rules.hand_size} dealt, one discard per draw and {bought} this round "
                           f"({buy_rule}), it holds one of {shown}")
        else:
            top = rules.hand_size + max(gains) + extra[-1] - contract.cards_needed
            if size > top:
                out.append(f"{deal}: seat {s}{now} has laid down ({contract.words}) and holds {size} cards; "
                           f"with {rules.hand_size} dealt and {bought} this round ({buy_rule}) it holds "
                           f"at most {top}")
        fit = [t for t in owned[s] if t.kind in contract.kinds and len(t.cards) >= contract.size]
        if owned[s] and not laid[s]:
            out.append(f"{open_rule}: seat {s} owns a {word} on the table but has not laid down; "
                       "only an opened seat melds")
        elif laid[s] and not owned[s]:
            out.append(f"{contract_rule}: seat {s} has laid down but owns no {word} on the table; its contract "
                       f"({contract.words}) would be there")
        elif laid[s] and len(fit) < contract.sets:
            shown = "; ".join(format_cards(t.cards) for t in owned[s])
            out.append(f"{contract_rule}: seat {s} owns {shown}, which cannot hold round {round_no}'s contract "
                       f"({contract.words}, laid down whole): it needs {contract.sets} separate "
                       f"{word}{'s' if contract.sets > 1 else ''} of at least {contract.size}, and "
                       f"a {word} of 3 or more is made only once open")
    if rules.tokens is not None and tokens is not None:
        for s, k in enumerate(tokens):
            if k > rules.tokens:
                out.append(f"T4: seat {s} holds {k} tokens; each player has {rules.tokens} for the whole match")
    held = sum(sizes) + sum(len(t.cards) for t in table)
    if held < n * rules.hand_size:
        out.append(f"{deal}: hands and table hold {held} cards, fewer than the {n * rules.hand_size} dealt; "
                   "a card leaves a hand only for the table or, one per card drawn, the discard pile")
    step = 0
    for c in set(rules.deck()):
        step = math.gcd(step, rules.points(c))
    least = min(rules.points(c) for c in rules.deck())
    most_points = (round_no - 1) * _largest_hand(rules)
    for s, points in enumerate(scores):
        if points < 0:
            out.append(f"{score_rule}: seat {s} has {points} points; cards left in hand never score below 0")
        elif round_no == 1 and points:
            out.append(f"{score_rule}: seat {s} has {points} points in round 1, before any round was scored")
        elif step > 1 and points % step:
            out.append(f"{score_rule}: seat {s} has {points} points, not a multiple of {step}, "
                       f"as every card's points are")
        elif 0 < points < least:
            out.append(f"{score_rule}: seat {s} has {points} points, less than the cheapest card ({least})")
        elif points > most_points:
            out.append(f"{score_rule}: seat {s} has {points} points; {round_no - 1} round"
                       f"{'s' if round_no != 2 else ''} can cost at most {most_points} "
                       f"(the costliest hand is {_largest_hand(rules)})")
    return out


def _refuse_unreachable(problems) -> None:
    if problems:
        raise UnreachablePositionError(
            "no play reaches this position: " + "; ".join(problems)
            + " (pass allow_unreachable=True, or --allow-unreachable, to use it as a what-if position)",
            problems)
