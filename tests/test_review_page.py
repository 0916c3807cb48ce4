"""The review drawn (tenpennies.review.chart, .positions, .page): the chart, the shareable page, and what they show.

The reviews drawn here are built from real seeded matches: every judged decision is one
the seat really took, with the legal choices it really had; the costs and grades are
this file's own numbers (a fixture for drawing; tests/test_review.py tests the judging).
"""

from __future__ import annotations

import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from functools import lru_cache

import pytest

from tenpennies.engine.actions import Buy, Discard, Pass, parse_action
from tenpennies.bots.rollouts import Estimate
from tenpennies.bots import make_bot, play
from tenpennies.play.match import Match, Phase
from tenpennies.play.record import from_dict, to_dict
from tenpennies.review.grades import BLUNDER_POINTS, INACCURACY_POINTS, MISTAKE_POINTS, Grade, grade_of
from tenpennies.review.judged import JudgedDecision, Review, kind_of
from tenpennies.odds.intervals import Z95
from tenpennies.explain.decisions import action_words
from tenpennies.review.chart import GRADE_INKS, chart_svg, interval_words, mistake_numbers
from tenpennies.review.page import review_html, write_html
from tenpennies.review.positions import action_cards, decision_layout, view_before
from tenpennies.engine.rules import TEN_PENNIES
from tenpennies.engine.words import card_text

SVG = "{http://www.w3.org/2000/svg}"
COSTS = (BLUNDER_POINTS + 5, MISTAKE_POINTS + 2, INACCURACY_POINTS + 1)
"""Points lost by the planted choices: a blunder, a mistake, an inaccuracy, in turn."""


@lru_cache(maxsize=None)
def reviewed_match(seed: int = 11, seat: int = 0, rounds: int = 2, every: int = 6, rules=TEN_PENNIES):
    """A seeded match of strong bots, ``rounds`` rounds long, as saved data, and a review
    of ``seat``'s decisions: each one the seat really took with more than one legal
    choice; every ``every``-th prefers another of the legal choices of that moment, at a
    cost graded a blunder, a mistake, an inaccuracy in turn (:func:`tenpennies.review.grades.grade_of`)."""
    match = Match(seed, rules)
    play(match, {s: make_bot("strong", s) for s in range(rules.players)}, until=lambda m: m.round_no > rounds)
    data = to_dict(match)
    replay = from_dict(data, upto=0)
    decisions = []
    for index, (s, text) in enumerate(data["actions"]):
        played = parse_action(text, s)
        legal = replay.legal_actions() if s == seat else ()
        if len(legal) > 1:
            k = len(decisions)
            graded = k % every == every - 1
            preferred = next(a for a in legal if a != played) if graded else played
            # The analyst's own choice costs nothing; the others cost enough for each grade in turn.
            cost = Estimate(COSTS[(k // every) % 3], 1.5, 32) if graded else Estimate(0.0, 0.0, 0)
            grade = grade_of(cost)
            reason = (f"{action_words(preferred, replay.view(seat))} keeps more outs" if graded
                      else "as good as any")
            view = replay.view(seat)
            # As the review does, an offer answered as the analyst would, off the seat's own
            # turn, has no expected margin of its own (the chart skips it).
            off_turn = not graded and view.phase is Phase.OFFER and view.active != seat
            expected = None if off_turn else Estimate(5.0 - 0.04 * index, 1.0 + k % 3, 32)
            decisions.append(JudgedDecision(index=index, round_no=replay.round_no, turn=replay.view(seat).turns,
                                            kind=kind_of(replay.view(seat), played, preferred),
                                            played=played, preferred=preferred, cost=cost, grade=grade,
                                            reason=reason, expected=expected))
        replay.apply(played)
    return data, Review(seat=seat, rules=rules, decisions=tuple(decisions), record=json.dumps(data),
                        rollouts=32, seed=0)


def svg_root(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


# -- the chart ---------------------------------------------------------------------------
def test_chart_is_well_formed_svg_with_its_words():
    data, review = reviewed_match()
    root = svg_root(chart_svg(review))
    desc = root.find(SVG + "desc").text
    charted = sum(d.expected is not None for d in review.decisions)
    assert f"at {charted} of its {len(review.decisions)} judged decisions" in desc and "95% band" in desc
    assert f"{len(review.mistakes)} mistakes marked" in desc and len(review.mistakes) > 1


def test_chart_band_is_the_mean_plus_or_minus_1_96_se_of_each_decision():
    data, review = reviewed_match()
    root = svg_root(chart_svg(review))
    bands = root.findall(f"{SVG}polygon[@class='band']")
    lines = root.findall(SVG + "polyline")
    charted = [d for d in review.decisions if d.expected is not None]
    assert len(charted) < len(review.decisions)  # some have no expected margin to draw
    per_round = Counter(d.round_no for d in charted)
    assert [len(b.get("points").split()) for b in bands] == [2 * n for _, n in sorted(per_round.items())]
    # Heights in pixels are proportional to values: the scale, from the line's two ends,
    # turns each decision's 1.96 se into the band's half-height there.
    ys = [float(p.split(",")[1]) for line in lines for p in line.get("points").split()]
    means = [d.expected.mean for d in charted]
    scale = (ys[-1] - ys[0]) / (means[-1] - means[0])
    k = 0
    for band, line in zip(bands, lines):
        outline = [float(p.split(",")[1]) for p in band.get("points").split()]
        n = len(outline) // 2
        for j, y in enumerate(float(p.split(",")[1]) for p in line.get("points").split()):
            upper, lower, d = outline[j], outline[2 * n - 1 - j], charted[k + j]
            assert upper < y < lower  # the band holds the line (y grows downwards)
            assert (lower - upper) / 2 == pytest.approx(abs(scale) * Z95 * d.expected.se, abs=0.1)
        k += n


def test_chart_marks_every_mistake_numbered_and_each_round_start():
    data, review = reviewed_match()
    root = svg_root(chart_svg(review))
    marks = root.findall(f"{SVG}g[@class='mistake']")
    assert {d.grade for d in review.mistakes} == {Grade.BLUNDER, Grade.MISTAKE, Grade.INACCURACY}
    assert sorted(int(g.find(SVG + "text").text) for g in marks) == list(range(1, len(review.mistakes) + 1))
    numbers = mistake_numbers(review)
    for g in marks:
        k = int(g.find(SVG + "text").text)
        (d,) = [d for d in review.mistakes if numbers[d.index] == k]
        assert g.find(SVG + "circle").get("fill") == GRADE_INKS[d.grade]
        assert f"round {d.round_no}, {d.kind}, {d.grade}" in g.find(SVG + "title").text
    rounds = len({d.round_no for d in review.decisions})
    assert len(root.findall(f"{SVG}line[@class='round']")) == rounds - 1


def test_chart_of_a_review_without_mistakes_marks_none():
    data, review = reviewed_match()
    clean = dataclasses.replace(review, decisions=tuple(dataclasses.replace(d, grade=Grade.GOOD)
                                                        for d in review.decisions))
    root = svg_root(chart_svg(clean))
    assert not root.findall(f"{SVG}g[@class='mistake']") and "no mistakes" in root.find(SVG + "desc").text


def test_chart_is_the_same_text_run_to_run():
    assert chart_svg(reviewed_match()[1]) == chart_svg(reviewed_match()[1])


# -- the page ----------------------------------------------------------------------------
def test_page_lists_every_mistake_with_its_moves_reason_and_cost():
    data, review = reviewed_match()
    page = review_html(review, data)
    numbers = mistake_numbers(review)
    assert page.count("<li id='mistake-") == len(review.mistakes)
    for d in review.mistakes:
        k = numbers[d.index]
        item = page.split(f"<li id='mistake-{k}'")[1].split("</li>")[0]
        view = view_before(data, d.index, review.seat)
        assert f"Round {d.round_no}, {d.kind}" in item and f">{d.grade}<" in item
        assert f"<desc>played: {action_words(d.played, view)}</desc>" in item
        assert f"<desc>the analyst: {action_words(d.preferred, view)}</desc>" in item
        assert d.reason in item and interval_words(d.cost) in item
        assert item.count("<svg xmlns") >= 3  # the table, the move played, the analyst's


def test_page_is_self_contained():
    data, review = reviewed_match()
    page = review_html(review, data)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    assert not re.search(r"<script|<link|<img|<iframe|\bsrc=|\bhref=|url\(|@import", page, re.I)
    # The only addresses are the SVG namespace's, which names a language and loads nothing.
    assert set(re.findall(r"https?://[^'\"\s]+", page)) == {"http://www.w3.org/2000/svg"}


def test_page_pictures_are_well_formed_svg():
    data, review = reviewed_match()
    page = review_html(review, data)
    pictures = re.findall(r"<figure>(<svg .*?</svg>)(?:<figcaption|</figure>)", page)
    assert len(pictures) == 2 + len(review.mistakes)  # the two charts and each mistake's table
    for svg in pictures:
        svg_root(svg)


def test_page_escapes_the_words_it_is_given():
    data, review = reviewed_match()
    first = review.mistakes[0]
    nasty = "<script>alert('x')</script> & \"more\""
    changed = dataclasses.replace(review, decisions=tuple(dataclasses.replace(d, reason=nasty) if d == first else d
                                                          for d in review.decisions))
    page = review_html(changed, data, title="<b>Ann's</b> match")
    assert "<script>" not in page and "<b>Ann's</b>" not in page
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &amp; &quot;more&quot;" in page
    assert "&lt;b&gt;Ann&#x27;s&lt;/b&gt; match" in page


def test_t20_page_pictures_show_only_what_the_seat_could_see():
    data, review = reviewed_match(seat=2)
    for d in review.mistakes:
        match = from_dict(data, upto=d.index)
        view = match.view(review.seat)
        layout = decision_layout(view, d.preferred)
        others = [r for r in layout.regions if r.seat is not None and r.seat != review.seat and r.kind == "back"]
        assert len(others) == sum(n for s, n in enumerate(view.hand_sizes) if s != review.seat)
        seen = Counter(view.hand) + Counter(c for s in view.table for c in s.cards) + Counter(view.discard_pile[-1:])
        assert not Counter(layout.cards_shown()) - seen


def test_the_analysts_cards_are_raised_on_the_table():
    data, review = reviewed_match()
    moving = [d for d in review.mistakes if action_cards(d.preferred)]
    assert moving
    for d in moving:
        layout = decision_layout(view_before(data, d.index, review.seat), d.preferred)
        raised = [r.card for r in layout.regions_of("hand") if r.selected]
        assert Counter(raised) == Counter(action_cards(d.preferred))


def test_the_analysts_buy_outlines_the_offered_card():
    data, review = reviewed_match()
    buys = [d for d in review.mistakes if isinstance(d.preferred, Buy)]
    passes = [d for d in review.decisions if isinstance(d.preferred, Pass)]
    assert buys and passes
    for d in buys + passes:
        view = view_before(data, d.index, review.seat)
        (pile,) = decision_layout(view, d.preferred).regions_of("discard")
        assert pile.card == view.top_discard and pile.selected == (d in buys)


def test_write_html_writes_the_page(tmp_path):
    data, review = reviewed_match()
    path = write_html(review, tmp_path / "review.html", data)
    assert path.read_text(encoding="utf-8") == review_html(review, data)


def test_page_without_the_record_still_lists_the_mistakes():
    data, review = reviewed_match()
    page = review_html(dataclasses.replace(review, record=""))
    assert page.count("<li id='mistake-") == len(review.mistakes) and page.count("<figure>") == 1
    for d in review.mistakes:
        assert f"Played: <b>{action_words(d.played)}</b>. The analyst prefers: <b>{action_words(d.preferred)}" in page


def test_action_words_name_the_offered_card():
    data, review = reviewed_match()
    offers = [d for d in review.decisions if isinstance(d.played, (Buy, Pass))]
    d = offers[0]
    view = view_before(data, d.index, review.seat)
    top = card_text(view.top_discard)
    assert action_words(Buy(review.seat), view) == f"buy {top}"
    assert action_words(Pass(review.seat), view) == f"pass on {top}"
    discard = next(d for d in review.decisions if isinstance(d.played, Discard))
    assert action_words(discard.played) == f"discard {card_text(discard.played.card)}"


def test_a_ten_reads_10_in_the_reviews_words_and_its_notation_stays_t():
    """The review's sentences write a ten as people do (10S), from the one home of the
    words (tenpennies.explain.decisions.action_words); the record's notation keeps TS."""
    from tenpennies import Card
    from tenpennies.bots.rollouts import Estimate
    from tenpennies.bots.decision import Decision
    from tenpennies.review.judge import reason_words
    from tenpennies.engine import words
    from tenpennies.explain import decisions

    assert action_words is decisions.action_words  # the review page's name is the decisions' one
    seed = next(s for s in range(100) if any(c.rank == 10 for c in Match(seed=s).view(0).hand))
    view = Match(seed=seed).view(0)
    ten = next(c for c in view.hand if c.rank == 10)
    other = next(c for c in view.hand if c.rank != 10)
    played, preferred = Discard(0, ten), Discard(0, other)
    assert action_words(played) == f"discard 10{str(ten)[1]}" and played.text == f"discard {ten}"
    assert action_words(parse_action("lay TS TC JK / KS KD KC", 0)) == "lay down 10S 10C JK / KS KD KC"
    said = reason_words(view, played, Decision(preferred, ""), Estimate(3.0, 1.0, 8), Grade.MISTAKE)
    assert said.startswith(f"You chose to discard 10{str(ten)[1]}; the analyst would discard {words.card_text(other)}")
    assert str(ten) not in said
    assert words.card_text(Card("JK")) == "JK" and words.cards_text([Card("TH"), Card("9H")]) == "10H 9H"


def test_cli_review_html_writes_the_page_of_the_review(tmp_path, capsys):
    from tenpennies.front.cli import main
    from tenpennies.play.record import save
    from tenpennies.review.judge import review

    match = Match(2)
    players = {0: make_bot("thumb", 0)} | {s: make_bot("strong", s) for s in (1, 2, 3)}
    play(match, players, until=lambda m: m.round_no > 1)
    path, page = tmp_path / "match.json", tmp_path / "review.html"
    save(match, path)
    code = main(["review", str(path), "--seat", "0", "--rollouts", "4", "--seed", "3", "--workers", "1",
                 "--no-progress", "--html", str(page)])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err and f"Wrote {page}." in out
    judged = review(path, 0, rollouts=4, seed=3, workers=1)
    assert page.read_text(encoding="utf-8") == review_html(judged, path)
    assert page.read_text(encoding="utf-8").count("<li id='mistake-") == len(judged.mistakes)
