"""Re-mining the buy puzzles on purpose: re-solving the stored ones with the buy judgment
as it is now, and mining new ones from matches played for their offers.

A buy puzzle is worth giving only when its verdict is steady: the same at both ends of the
token's measured worth, by at least :data:`MIN_BUY_MARGIN` points at the worse end, and
(in Ten Pennies) held by the expert's rollouts. A judgment that changed leaves stored
puzzles that teach what it no longer says: :func:`refresh_buy` re-words or drops them.
Mining in general seldom meets clear offers, and answering one word without looking must
not score: :func:`mine_buy` adds new ones from matches of their own
(:func:`buy_candidates`) and keeps no answer over :data:`BUY_SHARE` of a file.
"""

from __future__ import annotations

import sys
import tomllib
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..bots import bot_seed, derive_seed, make_bot
from ..engine.errors import TenPenniesError
from ..play.match import Match
from ..play.seat_position import SeatPosition
from ..play.record import actions_of
from ..play.simulate import run_in_order
from . import MatchSource, PuzzleError, load, parse_source, read_text
from .kinds import KINDS
from .matches import read_matches, write_matches
from .mining import _bots_choices, _kinds_here, entry_of, words_for
from .puzzle_files import render
from .sifting import TIER_BANDS, bots_wrong, buy_holds, canonical, clear

__all__ = ["BUY_PER_MATCH", "BUY_SHARE", "MIN_BUY_MARGIN", "buy_candidates", "buy_match_plan", "mine_buy",
           "refresh_buy"]


MIN_BUY_MARGIN = 5
"""Points a buy puzzle's answer must win by at the token's worse end (its margin)."""


def refresh_buy(path: Path) -> tuple[int, list[str]]:
    """Re-solve a stored file of buy puzzles with the buy judgment as it is now, and write
    it back: each puzzle's answer, margin, hints and explanation re-worded from the new
    solution, its id, tier, rating, themes and source kept; a puzzle whose answer is no
    longer steady at both ends of the token's measured worth (``facts["steady"]``), or
    steady by less than :data:`MIN_BUY_MARGIN` points at its worse end, is dropped: its
    stored answer would teach something the judgment no longer says, or hang on noise.
    Returns the puzzles kept and the ids dropped. (Used when the judgment's chances were
    made to count the purchase's own stock cards, T5/T6; mining anew is
    :func:`~tenpennies.puzzles.generate.generate`.)"""
    text = path.read_text(encoding="utf-8")
    head = text.split("\n", 1)[0] + "\n"
    kept, dropped = [], []
    for data in tomllib.loads(text)["puzzle"]:
        if data["kind"] != "buy":
            raise PuzzleError(f"{path.name}: {data['id']} is not a buy puzzle")
        params = data.get("params", {})
        position = SeatPosition.parse(data["position"])
        solution = KINDS["buy"].solve(position, params)
        if not solution.facts["steady"] or solution.margin < MIN_BUY_MARGIN:
            dropped.append(data["id"])
            continue
        entry = dict(data, answer=solution.answer, accepted=list(solution.accepted), params=params,
                     margin="exact" if solution.margin is None else str(solution.margin),
                     **words_for("buy", position, params, solution))
        kept.append(render(entry))
    path.write_text(head + "".join("\n" + t for t in kept), encoding="utf-8")
    return len(kept), dropped


BUY_SHARE = Fraction(3, 5)
"""No one answer over this share of a game's buy puzzles (issue 32): answering one word
without looking must not score."""

BUY_PER_MATCH = 3
"""The most new buy puzzles one mining match gives (:func:`mine_buy`)."""


def buy_match_plan(game: str, index: int, seed: int) -> MatchSource:
    """Match ``index`` of a buy mining run (:func:`mine_buy`) of ``game``, for four: strong
    and rule-of-thumb bots alternating, seeded apart from :func:`~tenpennies.puzzles.mining.match_plan`'s."""
    bots = tuple("strong" if s % 2 == 0 else "thumb" for s in range(4))
    return MatchSource(game, 4, derive_seed("buy puzzle match", seed, game, index), bots, 0, 0)


def buy_candidates(game: str, index: int, seed: int, answers: tuple[str, ...]
                   ) -> tuple[MatchSource, list[list], list[dict[str, Any]]]:
    """Play buy mining match ``index`` to its end and keep, of the offers a buy puzzle can
    ask (:func:`~tenpennies.puzzles.mining._kinds_here`), those whose answer is one of ``answers``, steady at both ends
    of the token's worth by :data:`MIN_BUY_MARGIN` points (:func:`~tenpennies.puzzles.sifting.clear`) and, in
    Ten Pennies, held by the expert's rollouts (:func:`~tenpennies.puzzles.sifting.buy_holds`): at most
    :data:`BUY_PER_MATCH`, never two from one seat's consecutive decisions. Runs in a
    worker; the result depends on its arguments alone."""
    plan = buy_match_plan(game, index, seed)
    rules = plan.rule_set
    bots = [make_bot(name, bot_seed(plan.seed, s)) for s, name in enumerate(plan.bots)]
    match = Match(plan.seed, rules)
    decision, ordinals, last = 0, [0] * rules.players, {}
    entries: list[dict[str, Any]] = []
    while not match.is_over and len(entries) < BUY_PER_MATCH:
        seat = match.to_act
        view = match.view(seat)
        action = bots[seat].act(view)
        ordinals[seat] += 1
        if _kinds_here(view, rules, ("buy",)) and last.get(seat, -9) < ordinals[seat] - 1:
            p = SeatPosition.of(view)
            s = KINDS["buy"].solve(p, {})
            if (s.answer in answers and clear("buy", p, {}, s) and s.margin >= MIN_BUY_MARGIN
                    and buy_holds(view, s, derive_seed("puzzle buy", plan.seed, decision))):
                source = MatchSource(plan.rules, plan.players, plan.seed, plan.bots, decision, seat)
                try:
                    entries.append(entry_of("buy", p, {}, s, str(source),
                                            bots_wrong("buy", s, _bots_choices("buy", action))))
                    last[seat] = ordinals[seat]
                except TenPenniesError:
                    pass  # words that cannot be made for this position: no puzzle of it
        match.apply(action)
        decision += 1
    return plan, [[a.seat, a.text] for a in actions_of(match)], entries


def mine_buy(path: Path, game: str, answers: tuple[str, ...], want: int, seed: int = 32, *,
             workers: int | None = None, progress: bool = False, most_matches: int = 400) -> tuple[int, Counter]:
    """Re-mine one game's buy puzzles (issue 32): keep the stored ones still steady by
    :data:`MIN_BUY_MARGIN` points (:func:`refresh_buy`'s test, re-worded), add ``want``
    new ones answered one of ``answers`` from buy mining matches (:func:`buy_candidates`,
    none twice by :func:`~tenpennies.puzzles.sifting.canonical`), and drop the surplus of the commonest answer until
    none is over :data:`BUY_SHARE` of the file. New puzzles are rated on the scale of every
    shipped puzzle (the ladder calibrated on all of them, :func:`tenpennies.puzzles.rating.rate`)
    and numbered after every buy id in use; their matches' actions are stored beside the
    others (:mod:`tenpennies.puzzles.matches`). Returns the number written and its answers."""
    # (Here, not at the top: the generator runs without the rating module, rate_entries.)
    from .rating import calibrate, play_ladder, rate

    text = path.read_text(encoding="utf-8")
    head = text.split("\n", 1)[0] + "\n"
    kept: list[dict[str, Any]] = []
    for data in tomllib.loads(text)["puzzle"]:
        position = SeatPosition.parse(data["position"])
        solution = KINDS["buy"].solve(position, data.get("params", {}))
        if solution.facts["steady"] and solution.margin is not None and solution.margin >= MIN_BUY_MARGIN:
            kept.append(dict(data, answer=solution.answer, accepted=list(solution.accepted), params={},
                             margin=str(solution.margin), canonical=canonical("buy", position, {}),
                             **words_for("buy", position, {}, solution)))
    seen = {e["canonical"] for e in kept}
    new: list[dict[str, Any]] = []
    mined: dict[str, dict] = {}
    index = 0
    while len(new) < want and index < most_matches:
        batch = [(game, i, seed, answers) for i in range(index, index + 16)]
        index += 16
        for plan, actions, entries in run_in_order(buy_candidates, batch, workers=workers, progress=False):
            used = 0
            for e in entries:
                if e["canonical"] in seen or len(new) >= want:
                    continue
                seen.add(e["canonical"])
                new.append(e)
                used = max(used, parse_source(e["source"]).decision)
            if used:
                mined[plan.key] = {"rules": plan.rules, "players": plan.players, "seed": plan.seed,
                                   "actions": actions[:used]}
        if progress:
            print(f"{path.name}: {len(new)} of {want} new after {index} matches", file=sys.stderr)
    # Rate the new ones against the ladder calibrated on every shipped puzzle.
    taken = [int(p.id.split("-")[1]) for p in load(kind="buy")]
    for n, e in enumerate(new):
        e["id"] = f"buy-{max(taken) + 1 + n:03d}"
    if new:
        ladder = calibrate(play_ladder(load(), workers=workers))
        puzzles = [p for e in new for p in read_text(render(e), "generated")]
        ratings = rate(puzzles, seed=seed, workers=workers, ladder=ladder)
        for e in new:
            r = ratings[e["id"]]
            e["rating"], e["rating_deviation"] = round(r.rating), round(r.deviation)
            e["tier"] = 1 if e["rating"] < TIER_BANDS[0] else 2 if e["rating"] < TIER_BANDS[1] else 3
    chosen = kept + new
    # No answer over BUY_SHARE: the commonest answer's last puzzles go (the newest first).
    while len({e["answer"] for e in chosen}) > 1:
        counts = Counter(e["answer"] for e in chosen)
        top, n = counts.most_common(1)[0]
        if Fraction(n, len(chosen)) <= BUY_SHARE:
            break
        drop = next(e for e in reversed(chosen) if e["answer"] == top)
        chosen.remove(drop)
    for e in chosen:
        e.setdefault("params", {})
    path.write_text(head + "".join("\n" + render(e) for e in chosen), encoding="utf-8")
    if mined:
        stored = read_matches(path.parent)
        stored.update(mined)
        write_matches(stored, path.parent)
    return len(chosen), Counter(e["answer"] for e in chosen)
