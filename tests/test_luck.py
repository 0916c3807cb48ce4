"""Luck and skill, separated (issue 34, item 5): from a review's own measurements.

Small seeded matches with cheap settings: one round each (round 1 dealt afresh), the
review at 4 rollouts a decision. Among four strong bots a seat's luck must average zero
within its interval; a seat played by the expert must lose less to skill than one
played at random; and per round, margin = deal luck + draw luck + skill. Over whole
matches (seven rounds) the expert must lose less to skill than the thumb bot.
"""

import random
import statistics

import pytest

from tenpennies import TEN_PENNIES, Match
from tenpennies.bots import make_bot
from tenpennies.play.loop import play
from tenpennies.odds.intervals import Z95
from tenpennies.review.luck import luck_and_skill, obvious
from tenpennies.review.judge import review
from tenpennies.play.simulate import _deal_position, t_quantile

DEALS = 16


def one_round(seed: int, seat0: str) -> Match:
    """Round 1 of a fresh deal, played to its end: ``seat0`` at seat 0, strong bots elsewhere."""
    m = Match.from_position(_deal_position(TEN_PENNIES, 1, random.Random(seed), (10,) * 4), seed=seed)
    bots = {0: make_bot(seat0, seed=seed), **{s: make_bot("strong", seed=seed + s) for s in (1, 2, 3)}}
    play(m, bots, until=lambda m: bool(m.round_results))
    return m


@pytest.fixture(scope="module")
def strong_reviews():
    return [review(one_round(seed, "strong"), 0, rollouts=4, workers=1, seed=seed) for seed in range(DEALS)]


def test_a_rounds_margin_is_its_deal_luck_plus_its_draw_luck_plus_skill(strong_reviews):
    for r in strong_reviews:
        figures = luck_and_skill(r)
        (one,) = figures.rounds
        assert one.margin == pytest.approx(one.deal.points + one.draws.points + one.skill.points)
        assert figures.skill == one.skill and figures.luck.points == pytest.approx(one.luck.points)
        low, high = figures.luck.interval
        assert low <= figures.luck.points <= high and figures.luck.se > 0 or not one.steps
        assert figures.counted + figures.obvious == len(r.decisions)
        assert figures.counted == sum(not obvious(d) for d in r.decisions) > 0
        assert "Luck and skill" in r.to_text() and "performance" in r.to_text()  # the review prints them


def test_luck_averages_zero_over_seeded_deals(strong_reviews):
    luck = [luck_and_skill(r).luck.points for r in strong_reviews]
    mean, se = statistics.fmean(luck), statistics.stdev(luck) / len(luck) ** 0.5
    assert abs(mean) <= 2.2 * se, (mean, se)  # t(15) at 95%: 2.13
    assert statistics.stdev(luck) > 5  # the cards do move the margin: the term is not idle


def test_the_expert_loses_less_to_skill_than_a_random_player():
    """The skill term tells a strong player from a weak one, in one round. (Against the
    thumb bot one round is not enough: over 30 round-1 deals at 8 rollouts the expert lost
    +1.2 points a round and the thumb bot +0.8 ± 5.4; the whole-match test below tells them
    apart.)"""
    def lost(bot, deals=6):
        return [luck_and_skill(review(one_round(seed, bot), 0, rollouts=4, workers=1, seed=seed)).skill.points
                for seed in range(deals)]

    expert, wild = lost("expert"), lost("random")
    assert statistics.fmean(wild) - Z95 * statistics.stdev(wild) / len(wild) ** 0.5 > max(expert)


def whole_match(seed: int, seat0: str) -> Match:
    """A whole seeded match: ``seat0`` at seat 0, strong bots elsewhere."""
    m = Match(seed=seed)
    play(m, {0: make_bot(seat0, seed=seed), **{s: make_bot("strong", seed=seed + s) for s in (1, 2, 3)}})
    return m


def test_the_expert_loses_less_to_skill_than_the_thumb_bot_over_whole_matches():
    """The skill term tells the expert from the rule-of-thumb bot, over whole matches paired
    by seed. One round is not enough: over 120 round-5 deals (8 rollouts a decision) the
    thumb bot lost 7.1 points to skill and the expert 1.3, a difference of 5.9 +/- 12.0, and
    their real margins differed by only 4.3 +/- 15.5: one round asks little of a player.
    Over 39 whole matches (4 rollouts) the thumb bot lost 173.9 points a match to skill and
    the expert -9.8, a difference of 183.7 +/- 85.3, lost more in 29 of the 39 (7 December
    2026). Eight matches here, about 50 s of CPU."""
    seeds = range(8)
    lost = {bot: [luck_and_skill(review(whole_match(seed, bot), 0, rollouts=4, workers=1, seed=seed)).skill.points
                  for seed in seeds] for bot in ("thumb", "expert")}
    gaps = [thumb - expert for thumb, expert in zip(lost["thumb"], lost["expert"])]
    mean, se = statistics.fmean(gaps), statistics.stdev(gaps) / len(gaps) ** 0.5
    assert mean - t_quantile(len(gaps) - 1) * se > 0, (mean, se, lost)
