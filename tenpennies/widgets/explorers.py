"""Interactive explorers for any lesson: set checker, contract explorer, odds table, buy calculator.

Only ipywidgets (no canvas, NumPy or matplotlib), so they also run in JupyterLite. Each
explorer is a ``VBox`` holding a frozen state value from :mod:`tenpennies.lessons.explorers`;
a control's handler computes the next state there and redraws the whole picture (SVG
made in Python) from it. The controls are attributes, so a test or a lesson can click
and type from Python::

    >>> odds = odds_explorer()
    >>> odds.controls["repeated_suits"].value = True
    >>> odds.state.repeated_suits, odds.state.rows[0].house > odds.state.rows[0].ten_pennies
    (True, True)

A mistake the player makes (a card the deck lacks, bad notation, impossible house
rules) is said in the explorer's message line; an unexpected error is shown there too,
then raised, never swallowed.
"""

from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as widgets

from ..engine.cards import ALL_CARDS, SUITS, sort_key
from ..lessons.explorers import WILD_ACES_AND_TWOS, BuyChoice, ContractView, OddsTable, SetCheck
from ..engine.rules import TEN_PENNIES, RuleSet
from ..engine.words import plural

__all__ = ["SetChecker", "ContractExplorer", "OddsExplorer", "BuyCalculator",
           "set_checker", "contract_explorer", "odds_explorer", "buy_calculator"]

_RED = "#c0392b"
_CARD_BUTTON = "56px"  # wide enough for "10♥"


def _pre(text: str) -> str:
    return f"<pre style='margin:0;font-size:12px;line-height:1.35'>{escape(text)}</pre>"


class _Explorer(widgets.VBox):
    """What every explorer shares: a state, a picture, a message line and the redraw."""

    def __init__(self, state, controls: list[widgets.Widget]) -> None:
        self.state = state
        self.message = widgets.HTML()
        self.picture = widgets.HTML()
        super().__init__(controls + [self.message, self.picture])

    def _update(self, step: Callable) -> None:
        """Apply ``step`` to the state and redraw; show an unexpected error, then raise it."""
        try:
            self.state = step(self.state)
            self._draw()
        except Exception as exc:
            self.message.value = f"<b style='color:{_RED}'>error: {escape(repr(exc))}</b>"
            raise

    def _draw(self) -> None:
        raise NotImplementedError

    def _say(self, text: str, alert: bool = False) -> None:
        style = f" style='color:{_RED}'" if alert else ""
        self.message.value = f"<span{style}>{escape(text)}</span>" if text else ""

    def __repr__(self) -> str:
        # A short, stable text: nbval compares a widget's text/plain output byte for byte.
        return f"{type(self).__name__}({self._summary()})"


def _round_picker(rules: RuleSet, round_no: int) -> widgets.Dropdown:
    return widgets.Dropdown(
        options=[(str(rules.contract(r)), r) for r in range(1, rules.rounds + 1)],
        value=round_no, description="Round", layout=widgets.Layout(width="420px"))


# ---------------------------------------------------------------------------------
class SetChecker(_Explorer):
    """Click cards into a set; it says whether they make one, or every reason not.

    ``card_buttons["7S"]`` adds a 7♠; ``picked`` holds a button per chosen card (click
    to take it out); ``clear_button`` empties the set; ``round_picker`` changes the round.
    """

    def __init__(self, round_no: int = 1, rules: RuleSet = TEN_PENNIES) -> None:
        self.round_picker = _round_picker(rules, round_no)
        self.card_buttons: dict[str, widgets.Button] = {}
        # One row per suit (spades, hearts, diamonds, clubs), then the joker.
        for card in sorted(ALL_CARDS, key=lambda c: (SUITS.index(c.suit) if c.suit else 4, sort_key(c))):
            button = widgets.Button(description=card.symbol, tooltip=card.name,
                                    layout=widgets.Layout(width=_CARD_BUTTON))
            if card.suit in ("H", "D"):
                button.style.text_color = _RED
            button.on_click(lambda _, card=card: self._update(lambda s: s.add(card)))
            self.card_buttons[str(card)] = button
        palette = widgets.GridBox(list(self.card_buttons.values()),
                                  layout=widgets.Layout(grid_template_columns=f"repeat(13, {_CARD_BUTTON})"))
        self.picked = widgets.HBox()
        self.clear_button = widgets.Button(description="Clear")
        self.clear_button.on_click(lambda _: self._update(lambda s: s.clear()))
        self.round_picker.observe(lambda ch: self._update(lambda s: s.in_round(ch["new"])), "value")
        super().__init__(SetCheck(round_no, rules=rules),
                         [self.round_picker, palette,
                          widgets.HBox([widgets.Label("In the set (click to take out):"), self.picked,
                                        self.clear_button])])
        self._draw()

    def _draw(self) -> None:
        buttons = []
        for i, card in enumerate(self.state.cards):
            button = widgets.Button(description=card.symbol, tooltip=f"take out the {card.name}",
                                    layout=widgets.Layout(width=_CARD_BUTTON))
            button.on_click(lambda _, i=i: self._update(lambda s: s.remove(i)))
            buttons.append(button)
        self.picked.children = buttons
        self._say(self.state.note, alert=True)
        self.picture.value = self.state.svg()

    def _summary(self) -> str:
        return f"round {self.state.round_no}: {self.state.verdict}"


# ---------------------------------------------------------------------------------
class _HandExplorer(_Explorer):
    """An explorer of one hand: a round picker, a seed and a Deal button, the typed
    fields given, the answer in words and its picture."""

    def __init__(self, state, seed: int, fields: list[widgets.Widget]) -> None:
        self.round_picker = _round_picker(state.rules, state.round_no)
        self.seed = widgets.IntText(value=seed, description="Seed", layout=widgets.Layout(width="160px"))
        self.deal_button = widgets.Button(description="Deal")
        self.words = widgets.HTML()
        self.deal_button.on_click(lambda _: self._deal())
        self.round_picker.observe(lambda ch: self._update(lambda s: s.in_round(ch["new"])), "value")
        super().__init__(state, [self.round_picker, widgets.HBox([self.seed, self.deal_button]),
                                 *fields, self.words])
        self._draw()
        self._fill_fields()

    def _deal(self) -> None:
        self._update(lambda s: s.dealt(self.seed.value))
        self._fill_fields()

    def _fill_fields(self) -> None:
        """Show the hand held in the typed fields (after a deal), so the player can edit it."""
        raise NotImplementedError

    def _draw(self) -> None:
        self._say(self.state.error, alert=True)
        self.words.value = _pre(self.state.text())
        self.picture.value = self.state.svg()


def _text_field(description: str, placeholder: str = "") -> widgets.Text:
    # continuous_update=False: the hand is read when the player presses Enter or leaves the field.
    return widgets.Text(description=description, placeholder=placeholder, continuous_update=False,
                        layout=widgets.Layout(width="420px"))


class ContractExplorer(_HandExplorer):
    """Deal a seeded hand or type one; see every way to lay down the contract, or what
    is missing and the outs.

    ``seed`` and ``deal_button`` deal; typing in ``hand_text`` (then Enter) sets the
    hand; ``round_picker`` changes the round.
    """

    def __init__(self, round_no: int = 1, hand: str | None = None, seed: int = 1,
                 rules: RuleSet = TEN_PENNIES) -> None:
        self.hand_text = _text_field("Hand", "e.g. 7S 7H 7D 9S 9H JK")
        self.hand_text.observe(lambda ch: self._update(lambda s: s.typed(ch["new"])), "value")
        state = ContractView(round_no, rules=rules)
        state = state.typed(hand) if hand is not None else state.dealt(seed)
        super().__init__(state, seed, [self.hand_text])

    def _fill_fields(self) -> None:
        # Setting the field asks typed() for the hand it already holds: the state stays the same.
        self.hand_text.value = str(self.state.hand)

    def _summary(self) -> str:
        found = len(self.state.arrangements)
        told = plural(found, 'way') if found else str(self.state.missing)
        return f"round {self.state.round_no}, {self.state.hand}: {told}"


# ---------------------------------------------------------------------------------
class OddsExplorer(_Explorer):
    """The fields a house changes, and a live table and chart of the exact chance of
    being dealt each round's contract, beside Ten Pennies.

    ``controls`` maps each :class:`~tenpennies.lessons.explorers.OddsTable` field to its control.
    The ranges keep every redraw quick (see ``benchmarks/explorers.py``).
    """

    def __init__(self, table: OddsTable | None = None) -> None:
        table = table or OddsTable()
        wide = {"style": {"description_width": "150px"}, "layout": widgets.Layout(width="420px")}
        self.controls: dict[str, widgets.Widget] = {
            "decks": widgets.IntSlider(value=table.decks, min=1, max=3, description="decks", **wide),
            "jokers": widgets.IntSlider(value=table.jokers, min=0, max=12, description="jokers", **wide),
            "hand_size": widgets.IntSlider(value=table.hand_size, min=5, max=13,
                                           description="hand size", **wide),
            "wild_limit_change": widgets.IntSlider(value=table.wild_limit_change, min=-1, max=2,
                                                   description="wild limit change", **wide),
            "wild_aces_and_twos": widgets.Dropdown(options=list(WILD_ACES_AND_TWOS),
                                                   value=table.wild_aces_and_twos,
                                                   description="aces and twos wild", **wide),
            "repeated_suits": widgets.Checkbox(value=table.repeated_suits,
                                               description="suits may repeat in a set", **wide),
        }
        for name, control in self.controls.items():
            control.observe(lambda ch, name=name: self._update(lambda s: s.replace(**{name: ch["new"]})),
                            "value")
        self.table = widgets.HTML()
        super().__init__(table, list(self.controls.values()) + [self.table])
        self._draw()

    def _draw(self) -> None:
        rules = self.state.rules
        self._say(rules if isinstance(rules, str) else "", alert=True)
        self.table.value = _pre(self.state.text())
        self.picture.value = self.state.svg()

    def _summary(self) -> str:
        return f"changes: {self.state.changes()}"


# ---------------------------------------------------------------------------------
class BuyCalculator(_HandExplorer):
    """A hand and an offered card: the exact chance of holding the contract after
    buying, and after passing, and the one buy judgment's verdict (in the summary).

    Type in ``hand_text``, ``offered_text`` and ``seen_text`` (cards seen elsewhere), or
    deal with ``seed`` and ``deal_button``; ``my_turn`` says whether passing means
    drawing a card (T6); ``round_picker`` changes the round.
    """

    def __init__(self, round_no: int = 1, hand: str | None = None, offered: str | None = None,
                 seed: int = 1, rules: RuleSet = TEN_PENNIES) -> None:
        self.hand_text = _text_field("Hand")
        self.offered_text = _text_field("Offered")
        self.seen_text = _text_field("Seen", "other cards you have seen")
        self.my_turn = widgets.Checkbox(value=True, description="my turn (passing draws a card)",
                                        layout=widgets.Layout(width="420px"))
        self.hand_text.observe(lambda ch: self._update(lambda s: s.typed(hand=ch["new"])), "value")
        self.offered_text.observe(lambda ch: self._update(lambda s: s.typed(offered=ch["new"])), "value")
        self.seen_text.observe(lambda ch: self._update(lambda s: s.typed(seen=ch["new"])), "value")
        self.my_turn.observe(lambda ch: self._update(lambda s: s.replace(my_turn=ch["new"])), "value")
        state = BuyChoice(round_no, rules=rules)
        state = state.typed(hand, offered) if hand is not None else state.dealt(seed)
        super().__init__(state, seed, [self.hand_text, self.offered_text, self.seen_text, self.my_turn])

    def _fill_fields(self) -> None:
        self.hand_text.value = str(self.state.hand)
        self.offered_text.value = str(self.state.offered or "")
        self.seen_text.value = " ".join(map(str, self.state.seen))

    def _summary(self) -> str:
        d = self.state.decision
        told = f"{d}; judgment: {self.state.judgment.verdict}" if d is not None else "nothing offered"
        return f"round {self.state.round_no}, {self.state.hand}: {told}"


# The lowercase names read well in a lesson: ``odds_explorer()``.
set_checker = SetChecker
contract_explorer = ContractExplorer
odds_explorer = OddsExplorer
buy_calculator = BuyCalculator
