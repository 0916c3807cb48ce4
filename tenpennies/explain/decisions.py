"""Every sentence a decision is said in: an action as an instruction, the buy judgment,
a bot's reasons, a set on the table, a hint's turn.

The bots decide with a reason code (:class:`tenpennies.bots.decision.Decision`); the
table, the hint and the review say it here, in one voice, with the plain word helpers
of :mod:`tenpennies.engine.words` (counts, ranks, cards as written).
"""

from __future__ import annotations

from ..engine.actions import Action, AddToMeld, Buy, Discard, LayDown, Meld, Pass, TakeDiscard
from ..engine.cards import SUIT_NAMES, Card
from ..engine.words import (capitalized, card_text, cards_text, join_and, melds_text, percent, plural, points_interval,
                            rank_plural, rank_word)


def action_words(action: Action, view=None) -> str:
    """A decision in a few words, as an instruction: 'discard KH', 'buy 6D', 'pass on 6D',
    'lay down 7S 7H 7D / 9S 9H JK', 'add 7C to set 0' (to meld 0 where the rules have
    runs), its cards as sentences write them (:func:`card_text`). ``view`` (the seat's
    :class:`~tenpennies.play.view.PlayerView` at the decision) names the offered card, and
    tells an offer's pass from leaving the top card to draw from the stock."""
    top = view.top_discard if view is not None else None
    offered = f" {card_text(top)}" if top is not None else ""
    if isinstance(action, Discard):
        return f"discard {card_text(action.card)}"
    if isinstance(action, Buy):
        return f"buy{offered}"
    if isinstance(action, TakeDiscard):
        return f"take{offered}"
    if isinstance(action, Pass):
        if view is not None and view.phase.value != "offer":  # (Phase.OFFER: match.py sits above words)
            return f"leave{offered} and draw from the stock" if top is not None else "draw from the stock"
        return f"pass on{offered}" if top is not None else "pass"
    if isinstance(action, LayDown):
        return "lay down " + " / ".join(cards_text(s) for s in action.sets)
    if isinstance(action, Meld):
        return f"meld {cards_text(action.cards)}"
    if isinstance(action, AddToMeld):
        noun = "meld" if view is not None and view.rules.has_runs else "set"
        return f"add {cards_text(action.cards)} to {noun} {action.set_index}"
    return action.text


def choice_cards_words(judgment) -> str:
    """The cards a purchase (or a free take) brings, as the buy judgment counts them (T5,
    T6, C8, C9): 'buying, with the 9D and two stock cards' ('..., then your own draw' off
    one's turn)."""
    card = card_text(judgment.card)
    if judgment.free:
        return f"taking {card} as your draw"
    extras = judgment.buy_cards - (0 if judgment.my_turn else 1)
    said = f"buying, with the {card} and {_number_word(extras)} stock card{'s' if extras != 1 else ''}"
    return said + ("" if judgment.my_turn else ", then your own draw")


def _number_word(n: int) -> str:
    return ("no", "one", "two", "three")[n] if 0 <= n <= 3 else str(n)


def buy_words(judgment, contract_words: str = "the contract", card: str | None = None) -> str:
    """The buy judgment (:class:`tenpennies.bots.buying.BuyJudgment`) in two sentences: its verdict
    with the gain and its interval, then what the gain is made of (the chances at its
    horizon, the points at stake, the token's measured worth, the extra cards). The offered
    card reads as every sentence writes it (:func:`card_text`); ``card`` is kept for the
    callers that still pass that text themselves."""
    card, verb = card or card_text(judgment.card), judgment.action_word
    facts = judgment.decision.facts
    if facts.get("opened"):
        if judgment.verdict == "pass":
            return (f"you are down already, so a purchase would only add {judgment.extra_cards + 1} cards "
                    f"to your hand: the buy judgment says pass")
        return (f"you are down already: the chances cannot tell taking {card} from drawing "
                f"(you hold {contract_words} either way), so the buy judgment calls it close")
    if facts.get("unavailable"):
        return (f"the stock cannot supply a purchase's {plural(judgment.extra_cards, 'stock card')}, even "
                f"rebuilt, so none can be made: the buy judgment says pass")
    gain = judgment.gain
    said = {"buy": f"the buy judgment says {verb}: it gains {points_interval(gain)}",
            "pass": (f"the buy judgment says pass: {'taking' if judgment.free else 'buying'} gives no better "
                     f"chance than passing and could cost up to {-gain.low:.1f} points"
                     if judgment.reason == "pass-no-gain" else
                     f"the buy judgment says pass: {'taking' if judgment.free else 'buying'} would gain "
                     f"{points_interval(gain)}"),
            "close": f"the buy judgment calls it close: {'taking' if judgment.free else 'buying'} gains "
                     + ("nothing either way" if gain.low == gain.high == 0 else
                        f"{points_interval(gain)}, an interval that reaches zero" if 0 in (gain.low, gain.high) else
                        f"{points_interval(gain)}, an interval on both sides of zero")}[judgment.verdict]
    parts = [f"{choice_cards_words(judgment)}, you would hold {contract_words} {percent(judgment.next_buy)} of the "
             f"time; passing, with one card, {percent(judgment.next_pass)}",
             f"{judgment.points_at_stake} points in hand are at stake"]
    if judgment.reaches_beyond:
        kept = "stays in hand for later melds" if judgment.free else "still keeps the hand a card closer"
        parts.append(f"after that the {card} {kept}, which could save up to all {judgment.points_at_stake}")
    if judgment.token_worth.high > 0:
        parts.append(f"a token is worth {points_interval(judgment.token_worth)} (measured)")
    if judgment.tempo:
        parts.append(f"the {card} brings the contract no closer: buying it buys only the stock cards' tempo, "
                     "which the gain's low end does not count")
    if judgment.extra_cost.high > 0:
        what = f"its stock cards and the {card}" if judgment.tempo else "its stock cards"
        parts.append(f"{what} may cost up to {judgment.extra_cost.high:.1f} points")
    return f"{said} ({'; '.join(parts)})"



def buy_plain(judgment, taking: bool, contract_words: str = "the contract") -> str:
    """The buy judgment (:class:`tenpennies.bots.buying.BuyJudgment`) as one plain sentence, no
    numbers, for a learner who wants the answer first (the numbers are
    :func:`buy_words`'s): "Pass: you are down, and buying only adds cards." ``taking``:
    the action followed takes the card (a close call is settled by the strong bot's
    tie-break, and the sentence says which way)."""
    card = card_text(judgment.card)
    facts = judgment.decision.facts
    take = "Take" if judgment.free else "Buy"
    if facts.get("opened"):
        if judgment.verdict == "pass":
            return "Pass: you are down, and buying only adds cards."
        return (f"{take if taking else 'Draw'}: you are down, so {card} is worth taking only if it "
                f"lays off or is wild.")
    if facts.get("unavailable"):
        return "Pass: the stock cannot supply a purchase's cards."
    if judgment.verdict == "buy":
        if judgment.reason == "buy-completes":
            return f"{take} {card}: with it you hold {contract_words}."
        return f"{take} {card}: it makes {contract_words} likely enough to be worth {'it' if judgment.free else 'its cost'}."
    if judgment.verdict == "pass":
        if judgment.reason == "pass-no-gain":
            if judgment.next_buy == 0:
                return f"Pass: even with {card} and its stock cards you could not hold {contract_words} yet."
            return f"Pass: buying {card} gives you no better chance than passing."
        return f"Pass: {card} helps too little to pay for {'a token and ' if judgment.token_worth.high > 0 else ''}its extra cards."
    doing = ("take it" if judgment.free else "buy it") if taking else ("draw instead" if judgment.free else "pass")
    return (f"A close call: {'taking' if judgment.free else 'buying'} {card} may help or may cost as much; "
            f"the strong bot would {doing}.")


def meld_cards_text(action) -> str:
    """A new meld's cards as a sentence writes them, with the end its wild goes to
    ('7S 8S JK low'), as the action's text has them."""
    return cards_text(action.cards) + ("" if action.end is None else f" {action.end}")


def laid_down_text(action) -> str:
    """A lay-down's melds as a sentence writes them: '7S 7H 7D / 10S 10H JK'."""
    return melds_text(action.sets, " / ")


def _owner(view, meld) -> str:
    """'your' or "seat 2's": whose a table meld is, to ``view``'s seat."""
    return "your" if meld.owner == view.seat else f"seat {meld.owner}'s"


def set_words(view, index: int) -> str:
    """'set 8 (seat 3's twos)', 'meld 4 (your run 7S 8S 9S)': a table meld of ``view``'s
    table by its number and what it is, so the number does not read as a rank."""
    noun = "meld" if view is not None and view.rules.has_runs else "set"
    if view is None or not 0 <= index < len(view.table):
        return f"{noun} {index}"
    meld = view.table[index]
    what = rank_plural(meld.rank) if meld.rank is not None else f"{meld.kind} {cards_text(meld.cards)}"
    return f"{noun} {index} ({_owner(view, meld)} {what})"


def outs_words(cards, wild) -> str:
    """'a 9 or a joker', 'an ace, a 7 or a wild': the ranks that bring a hand closer
    (``cards``, its outs), each said once, and the wild cards among them (``wild``, the
    round's wild table) as one choice."""
    ranks = sorted({c.rank for c in cards if not wild[c.index]}, key=lambda r: (r == 1, r))
    parts = [("an " if rank_word(r)[0] in "a8" else "a ") + rank_word(r) for r in ranks]
    if any(wild[c.index] for c in cards):
        parts.append("a joker" if all(c.suit is None for c in cards if wild[c.index]) else "a wild")
    return " or ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " or " + parts[-1]


def danger_words(facts) -> str:
    """'seat 2 is open with 1 card': the open opponent nearest to going out, from a
    decision's facts (``danger_seat``, ``danger_cards``); 'an open opponent is close to
    going out' where they are not given."""
    if "danger_seat" in facts and "danger_cards" in facts:
        return f"seat {facts['danger_seat']} is open with {plural(facts['danger_cards'], 'card')}"
    return "an open opponent is close to going out"


def command_words(decision, view) -> str:
    """A decision as the start of a hint: 'Discard KC and keep the sevens and nines', 'Lay
    down 7S 7H 7D / 9S 9H JK', 'Add 4H to set 0 (seat 2's fours)' (:func:`why_words` says why)."""
    action, facts = decision.action, decision.facts
    if isinstance(action, AddToMeld):
        return f"Add {cards_text(action.cards)} to {set_words(view, action.set_index)}"
    said = capitalized(action_words(action, view))
    if isinstance(action, Discard) and facts.get("kept_ranks"):
        said += f" and keep the {join_and([rank_plural(r) for r in facts['kept_ranks']])}"
    return said


def why_words(decision, view) -> str:
    """Why a bot chose its action, from its decision's reason and facts alone
    (:class:`~tenpennies.bots.decision.Decision`: the codes of :mod:`tenpennies.bots.strong` and
    :mod:`tenpennies.bots.expert`, and the expert's ``"rollouts"``), as a clause: 'you are
    one card from two sets of 3, and 8 unseen cards complete it (a 9 or a joker)'. The hint
    puts it after :func:`command_words`; the review after the analyst's move. An offer is
    worded by the buy judgment (:func:`tenpennies.bots.buying.decision_words`), and a reason
    with no words here (a random move, Ten Card Rummy's bare "take") gives ''.

    Nothing is worked out here: every number comes from the facts the bot decided by, so
    the hint and the review say the same thing of the same decision."""
    facts, reason, action = decision.facts, decision.reason, decision.action
    if "why" in facts:  # a turn with runs, explained (tenpennies.bots.melding.explained)
        return turn_words(decision, view)[1].rstrip(".")
    contract = view.contract.words
    points = facts.get("points")
    short = facts.get("cards_short")  # (infinite where no card could bring the contract closer)
    if reason == "pass-nothing-offered":
        return "nothing is offered"
    if reason == "lay-down" and "points_left" in facts:
        wilds = facts["wilds"]
        return (f"your hand holds {contract}, and this way spends {plural(wilds, 'wild') if wilds else 'no wild'}, "
                f"leaving {plural(facts['cards_left'], 'card', spelled=facts['cards_left'] == 1)} "
                f"({facts['points_left']} points) in your hand")
    if reason == "lay-down":
        return f"your hand holds {contract}: lay it down while you can"
    if reason == "discard-points-danger":
        return f"{danger_words(facts)} and may go out soon, so shed points ({points}) rather than chase {contract}"
    if reason == "discard-wild-danger":
        far = f", and you are {plural(short, 'card', spelled=True)} from {contract}" if isinstance(short, int) else ""
        return (f"{danger_words(facts)} and may go out soon{far}: the contract is unlikely in time, so even a "
                f"wild goes, the costliest card ({points} points)")
    if reason == "discard-most-outs" and isinstance(short, int):
        if short == 0:
            return f"you hold {contract} even without it, and it would cost {points} points at the round's end"
        outs = facts.get("outs", ())
        which = f" ({outs_words(outs, view.rules.wild_table(view.round_no))})" if outs else ""
        n = facts.get("unseen_outs", 0)
        unseen, s = plural(n, "unseen card"), "s" if n == 1 else ""  # (1 unseen card completes it)
        if n == 0:  # every card that would help is in sight: none is left to draw
            return (f"you are {plural(short, 'card', spelled=True)} from {contract}, but no unseen card "
                    f"{'completes it' if short == 1 else 'brings it closer'}")
        if short == 1:
            return f"you are one card from {contract}, and {unseen} complete{s} it{which}"
        return f"you are {plural(short, 'card', spelled=True)} from {contract}, and {unseen} bring{s} it one closer{which}"
    if reason == "discard-most-outs":
        return f"no cards can complete {contract} any more, so shed the most points ({points})"
    if reason == "discard-costliest-single":
        return (f"you are down already, and of the cards you cannot play it is the costliest ({points} points) "
                f"not kept for a pair")
    if reason in ("shed", "go-out-plan"):
        noun = "meld" if view.rules.has_runs else "set"
        shed = None
        if points and isinstance(action, Meld):
            shed = f"a new {noun} sheds {points} points from your hand"
        elif points and isinstance(action, AddToMeld):
            shed = f"it fits there and sheds {points} points"
        if reason == "shed":
            return shed or "it sheds points onto the table"
        if isinstance(action, Discard) and facts.get("cards") == 1:
            return "it is your last card: discard it and you go out"
        step = "a step of your way to go out this turn"
        return f"{shed}, {step}" if shed else f"it is {step}"
    if reason == "rollouts" and "rollouts" in facts and "candidates" in facts:
        said = (f"tried out in {plural(facts['rollouts'], 'world')} of its own, it ends the round best of "
                f"{plural(facts['candidates'], 'choice')}")
        if "gain" in facts and "gain_stderr" in facts:
            said += f", {facts['gain']:.1f} ± {facts['gain_stderr']:.1f} points ahead of the next"
        return said
    if reason == "discard" and points is not None:  # Ten Card Rummy's bots
        return f"it throws away {points} points"
    return ""



# -- a turn in a game with runs (Ten Card Rummy), from tenpennies.bots.melding.explained ---------
def _cards_word(n: int) -> str:
    return plural(n, "card", spelled=n == 1)


def _goes_with(card: Card, facts) -> str | None:
    """'goes with 8C toward a run of clubs': ``card``'s partners, from the facts."""
    parts = []
    if facts.get("partners_rank"):
        parts.append(f"{join_and([card_text(c) for c in facts['partners_rank']])} toward a set of "
                     f"{rank_plural(card.rank)}")
    if facts.get("partners_suit"):
        parts.append(f"{join_and([card_text(c) for c in facts['partners_suit']])} toward a run of "
                     f"{SUIT_NAMES[card.suit]}s")
    return "goes with " + " and with ".join(parts) if parts else None


def _meld_words(view, index: int, end: str | None = None) -> str:
    """'meld 4 (seat 1's set 7S 7H 7D)': a table meld by its number, owner and cards (in a
    game with runs, where a set's rank alone would not say which cards a run needs)."""
    meld = view.table[index]
    at = "" if end is None else f", at the {end} end"
    return f"meld {index} ({_owner(view, meld)} {meld.kind} {cards_text(meld.cards)}{at})"


def turn_words(decision, view, named=None) -> tuple[str, str]:
    """A decision in a game with runs or melding before the draw, explained
    (:func:`tenpennies.bots.melding.explained`), as its move and its reason: ('Discard 9H
    (9 points)', 'of the cards you can throw without falling further behind, it goes with
    ...'). ``named(move, then)`` names a move as the front end shows it (the table's button,
    or the command to type); by default, by the move's word."""
    named = named or (lambda move, then="": move + then)
    facts, action = decision.facts, decision.action
    why, contract = facts["why"], view.contract.words
    top = facts.get("card")

    def chances(need: int, n: int) -> str:
        counted = plural(n, "unseen card") if n else "no unseen card"
        return f"{counted} would {'complete it' if need == 1 else 'bring it one card closer'}"

    def standing(prefix: str = "", still: bool = False) -> str:
        need = facts["need"]
        if need is None:
            said = f"{prefix}no cards can complete {contract} any more"
        elif need == 0:
            said = f"{prefix}you hold {contract}"
        else:
            said = (f"{prefix}you are {'still ' if still else ''}{_cards_word(need)} from {contract}; "
                    f"{chances(need, facts['unseen_outs'])}")
        return capitalized(said) + "."

    def kept() -> str:
        return f"you keep {_cards_word(facts['kept_cards'])} ({facts['kept_points']} points) in hand"

    if why.startswith("take-"):
        extra = facts["extra_cards"]
        start = (f"Take {card_text(top)} from the discard pile ({named('take')}), free" if facts["free"]
                 else f"Buy {card_text(top)} (it comes with {plural(extra, 'stock card')})")
        if why == "take-lays-off":
            return start, (f"it lays off on {_meld_words(view, facts['lays_on'])}, so its {facts['card_points']} "
                           f"points can go next turn.")
        if why == "take-wild":
            return start, f"{card_text(top)} is wild, worth keeping for a meld."
        after = facts["short_after"]
        if why == "take-closer":
            if after == 0:
                return start, f"with it you hold {contract}."
            said = f"it brings you to {_cards_word(after)} from {contract}"
            if "buy_chance" in facts:
                return start, (f"{said}. With the stock card{'s' if extra > 1 else ''} that come"
                               f"{'' if extra > 1 else 's'} with it, you hold {contract} at once "
                               f"{float(facts['buy_chance']):.0%} of the time (passing: "
                               f"{float(facts['pass_chance']):.0%}).")
            return start, f"{said}; {chances(after, facts['unseen_outs'])}."
        keeps = "is wild: it can stand for a missing card" if facts["wild"] else _goes_with(top, facts)
        return start, (f"{card_text(top)} {keeps or 'is kept'}; it does not bring the contract closer now. "
                       f"{standing(still=True)}")
    if why in ("draw-nothing", "pass-down", "pass-danger", "pass-not-closer"):
        mine = facts["my_turn"]
        if mine:
            start = f"Draw from the stock ({named('draw')})"
            if why == "draw-nothing":
                return start, "the discard pile is empty."
            start += f" and leave {card_text(top)}"
        else:
            start = f"Pass on {card_text(top)}"
        if why == "pass-down":
            if not mine:
                return start, (f"you are down already, so a purchase would only add "
                               f"{_cards_word(facts['extra_cards'] + 1)} to your hand.")
            return start, f"it lays off on no meld on the table. You are down, and {kept()} before the draw."
        if why == "pass-danger":
            return start, (f"{danger_words(facts)} and may go out soon; "
                           f"{_cards_word(facts['extra_cards'] + 1)} more in hand would cost points.")
        partner = " and goes with none of your cards" if mine else ""
        return start, f"it does not bring the contract closer{partner}. {standing()}"
    if why == "lay-down":
        return f"Lay down {laid_down_text(action)}", f"it makes {contract}, and {kept()}."
    if why == "shed-meld":
        return f"Meld {meld_cards_text(action)}", f"it sheds {facts['points']} points, and {kept()}."
    if why == "shed-add":
        where = _meld_words(view, action.set_index, end=action.end)
        return (f"Add {cards_text(action.cards)} to {where[:-1]}; {named('add', ', then click the meld')})",
                f"it sheds {facts['points']} points, and {kept()}.")
    card = action.card
    start = f"Discard {card_text(card)} ({facts['points']} points)"
    partner = _goes_with(card, facts)
    fewest = partner.replace("goes with", "goes with the fewest:", 1) if partner else None
    if why == "discard-down":
        if facts["lays_off"]:
            loose, group = "every card you hold that is not a joker lays off on the table", "of them"
        else:
            loose, group = "it lays off on no meld on the table", "of the cards that lay off nowhere"
        joined = f"{group} it {fewest}" if fewest else "it goes with none of your other cards"
        return start, f"{loose}; {joined}. Then {kept()}."
    if why == "discard-danger":
        return start, (f"{danger_words(facts)} and may go out soon, so shed points: "
                       f"of your cards that are not jokers it costs the most.")
    joined = (f"of the cards you can throw without falling further behind, it {fewest}" if fewest
              else "it goes with none of your other cards")
    return start, f"{joined}. {standing('without it ')}"
