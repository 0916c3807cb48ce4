"""How fast are the odds? Run: ``python3 benchmarks/odds.py`` (from the repo root).

Prints the cold time of all seven exact dealt-contract chances for Ten Pennies (the
first call in this process, nothing cached: the goal is a quarter of a second or
less in total), the chances themselves, the exact draw-k and buy-or-pass answers for
one hand, and the samples per second of the simulations (NumPy and pure Python).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tenpennies import TEN_PENNIES, Card, parse_cards  # noqa: E402
from tenpennies import odds  # noqa: E402


def timed(fn, *args, **kwargs):
    start = time.perf_counter()
    result = fn(*args, **kwargs)
    return result, time.perf_counter() - start


def main() -> None:
    print("Exact chance of being dealt the contract (11 cards from 108), cold:")
    total = 0.0
    for round_no in range(1, TEN_PENNIES.rounds + 1):
        p, seconds = timed(odds.dealt_probability, round_no)
        total += seconds
        print(f"  {TEN_PENNIES.contract(round_no).words:<15} {float(p):.8f}  "
              f"= {p.numerator}/{p.denominator} "
              f"({p.numerator.bit_length()}/{p.denominator.bit_length()} bits)  {seconds * 1000:6.1f} ms")
    verdict = "within" if total <= 0.25 else "OVER"
    print(f"  all seven: {total * 1000:.1f} ms ({verdict} the 250 ms goal)")

    loose = TEN_PENNIES.replace(repeated_suits_allowed=True, decks=3, jokers=6, players=4)
    _, seconds = timed(lambda: [odds.dealt_probability(r, loose) for r in range(1, 8)])
    print(f"  three decks, repeated suits, all seven: {seconds * 1000:.1f} ms")

    hand = parse_cards("7S 7H 7D 9S 9H 4C 5C 6D KS QH JD")
    print(f"\nDrawing to {' '.join(map(str, hand))} in round 1 (nothing else seen):")
    for k in (1, 2, 3):
        result, seconds = timed(odds.draw_odds, hand, k, 1)
        print(f"  k={k}: {result.ways}/{result.total} = {float(result.probability):.4f}  "
              f"{seconds * 1000:7.1f} ms")
    decision, seconds = timed(odds.buy_or_pass, hand, Card("3C"), 1)
    print(f"  offered 3C: {decision}  {seconds * 1000:.1f} ms")

    print("\nSimulation, samples per second (round 1 deals, round 1 three-card draws):")
    engines = [("numpy", None, 400_000)] if odds._numpy() is not None else []
    engines.append(("python", False, 40_000))
    for name, use_numpy, samples in engines:
        est, seconds = timed(odds.simulate_dealt, 1, samples=samples, seed=1, use_numpy=use_numpy)
        z = est.z_score(odds.dealt_probability(1))
        print(f"  {name:<6} dealt: {samples / seconds:>10,.0f}/s   {est}  z={z:+.2f}")
        est, seconds = timed(odds.simulate_draw, hand, 3, 1, samples=samples, seed=1,
                             use_numpy=use_numpy)
        z = est.z_score(odds.draw_odds(hand, 3, 1).probability)
        print(f"  {name:<6} draw:  {samples / seconds:>10,.0f}/s   {est}  z={z:+.2f}")


if __name__ == "__main__":
    main()
