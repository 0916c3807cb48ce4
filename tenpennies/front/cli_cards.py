"""The commands that look at cards: ``tenpennies deal`` (a seeded deal and the contracts
each hand holds), ``tenpennies solve`` (a hand's contract, or what is missing; a seat's
position and how to go out) and ``tenpennies odds`` (the chance of being dealt each
round's contract, or a hand's outs)."""

from __future__ import annotations

from fractions import Fraction

from ..engine.cards import parse_cards
from ..engine.errors import HandError
from ..engine.words import card_text, cards_text, melds_text, tens_as_written
from ..odds import Estimate, dealt_chance, draw_odds
from ..play.match import Match
from ..play.seat_position import SeatPosition
from ..solver import additions, can_lay_down, cards_needed, find_contract, outs, plan_go_out, what_is_missing
from .cli_args import _UsageError, _rules


def _deal(args) -> int:
    rules = _rules(args)
    match = Match(args.seed, rules)
    print(f"Seed {args.seed}: seat {match.dealer} deals; the up card is {card_text(match.top_discard)}; "
          f"seat {match.active} plays first.")
    for seat in range(rules.players):
        hand = match.hand(seat)
        held = [r for r in range(1, rules.rounds + 1) if can_lay_down(hand, r, rules)]
        holds = ", ".join(f"R{r} ({rules.contract(r).words})" for r in held) or "none"
        print(f"seat {seat}: {cards_text(hand)}")
        print(f"        contracts held: {holds}")
    return 0


# -- solve ----------------------------------------------------------------------------------
def _solve(args) -> int:
    if args.position is not None:
        return _solve_position(args)
    if not args.hand:
        raise _UsageError("give a hand and --round, or --position")
    if args.round is None:
        raise _UsageError("the following arguments are required: --round (or give --position)")
    rules = _rules(args)
    try:
        rules.contract(args.round)
        hand = parse_cards(" ".join(args.hand))
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    if not hand:  # '' parses to no cards; a hand to solve holds at least one
        raise _UsageError("the hand is empty: give its cards, like \"7S 7H JK 9D 9C 9S\"")
    contract = rules.contract(args.round)
    try:
        found = find_contract(hand, args.round, rules)
    except HandError as exc:  # more copies of a card than the deck has (T1)
        raise _UsageError(str(exc)) from None
    if found is not None:
        print(f"Round {args.round}, {contract.words}: lay down {melds_text(found.sets)}")
    else:
        print(f"Round {args.round}, {contract.words}: {tens_as_written(str(what_is_missing(hand, args.round, rules)))}")
    return 0


def _solve_position(args) -> int:
    if args.hand or args.round is not None:
        raise _UsageError("--position holds the hand and the round: give no other cards or --round")
    if args.rules != "ten-pennies":
        raise _UsageError("--position names its own rule set (its g: field): give no --rules")
    try:
        p = SeatPosition.parse(args.position)
        p.check_reachable(allow_unreachable=args.allow_unreachable)
    except ValueError as exc:
        raise _UsageError(f"--position: {exc}") from None
    me, rules = p.seat, p.rules
    print(f"Seat {me}, round {p.round_no} ({p.contract.words}): {cards_text(p.hand)}")
    opened = p.opened[me]
    if not opened:
        found = find_contract(p.hand, p.round_no, rules)
        print(f"Lay down {melds_text(found.sets)}" if found is not None
              else tens_as_written(str(what_is_missing(p.hand, p.round_no, rules))))
    adds = additions(p.hand, p.table, p.round_no, rules)
    if adds and opened:
        print("Cards that can be added: " + ", ".join(f"{card_text(c)} to set {n}" for c, n in adds))
    plan = plan_go_out(p.hand, p.table, p.round_no, opened, rules)
    print(f"Go out: {tens_as_written(str(plan))}" if plan is not None else "No way to go out with this hand.")
    return 0


# -- odds -----------------------------------------------------------------------------------
def _odds(args) -> int:
    rules = _rules(args)
    if args.samples < 1:
        raise _UsageError(f"--samples must be at least 1, not {args.samples}")
    if args.round is not None:
        try:
            rules.contract(args.round)
        except ValueError as exc:
            raise _UsageError(str(exc)) from None
    if args.hand:
        if args.round is None:
            raise _UsageError("a hand's outs need --round")
        try:
            hand = parse_cards(" ".join(args.hand))
            short = cards_needed(hand, args.round, rules)
        except ValueError as exc:  # a bad card, or more copies than the deck has (T1)
            raise _UsageError(str(exc)) from None
        contract = rules.contract(args.round)
        print(f"{rules.name}, round {args.round}, {contract.words}: {cards_text(hand)}")
        if short == 0:
            print("The hand holds the contract.")
        elif short is None:
            print("No cards the deck still holds complete the contract.")
        else:
            helps = outs(hand, args.round, rules)
            print(f"{short} card{'s' if short > 1 else ''} short; these bring it closer: {cards_text(helps)}")
            if short == 1:
                odds = draw_odds(hand, 1, args.round, rules=rules)
                print(f"The next unseen card completes it: {odds.ways}/{odds.total} = {float(odds.probability):.2%}")
        return 0
    rounds = [args.round] if args.round is not None else range(1, rules.rounds + 1)
    print(f"{rules.name}, {rules.players} players ({rules.deck_size} cards): "
          f"the chance a dealt hand of {rules.hand_size} holds the contract")
    for r in rounds:
        p = dealt_chance(r, rules, samples=args.samples, seed=args.seed)
        if isinstance(p, Estimate) and p.hits == 0:
            # No hit gives a standard error of 0, which would read as certainty; the rule of
            # three bounds the chance instead (95% confidence).
            text = f"no hit in {p.samples} seeded deals (under {3 / p.samples:.4%}, 95% confidence)"
        elif isinstance(p, Estimate):
            # A 95% interval, as the no-hit line gives, and two decimals: the third would
            # be noise at any sample size a command line waits for.
            half = 1.959963984540054 * p.standard_error
            text = (f"{p.estimate:.2%} ± {half:.2%} (95% confidence, estimated from "
                    f"{p.samples:,} seeded deals)")
        else:
            # Four decimals would show round 11's chance as 0.0000%, as if it could not happen.
            text = f"{float(p):.4%}" if p >= Fraction(1, 10_000) or p == 0 else f"about 1 in {round(1 / p):,}"
            text += f" (exact: {p.numerator}/{p.denominator})"
        print(f"  round {r:>2}, {rules.contract(r).words}: {text}")
    return 0
