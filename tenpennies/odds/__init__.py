"""Exact and simulated odds: being dealt the contract, drawing to it, buying for it.

Three kinds of answer, each checkable against the others, as in a Norvig notebook:

* :func:`dealt_probability` counts, exactly, the hands that already hold a round's
  contract (a :class:`~fractions.Fraction`), without listing a single hand::

    >>> p = dealt_probability(1)       # two sets of 3 in 11 cards from 108
    >>> p
    Fraction(196995994817, 2211443056305)
    >>> f"{float(p):.2%}"
    '8.91%'

* :func:`draw_odds` and :func:`buy_or_pass` take one hand and what its player has
  seen, and count the unseen cards that would complete the contract;
  :func:`draw_chance` counts any run of draws (a purchase's cards, the rebuilt pile's)
  exactly, or bounds it. Chances only: no verdict. Whether to buy is the one buy
  judgment's (:func:`tenpennies.bots.buying.should_buy`), which reads these.
* :func:`simulate_dealt` and :func:`simulate_draw` deal or draw at random, seeded,
  and report an :class:`Estimate` with its standard error, so a lesson can watch the
  estimate close in on the exact value (:func:`plot_convergence` draws it).

Every function takes a rule set. In Ten Card Rummy (runs as well as sets) the dealt
chance is exact in the rounds whose contract is one meld (:func:`exact_dealt_rounds`);
:func:`dealt_chance` answers every round, with an :class:`Estimate` where no exact count
is made. Draw odds and outs come from the solver, which knows runs, in both games::

    >>> from tenpennies.engine.rules import TEN_CARD_RUMMY
    >>> f"{float(dealt_probability(1, TEN_CARD_RUMMY)):.2%}"   # one meld of 3 in 10 cards
    '65.36%'

The package's modules hold one kind of answer each: :mod:`~tenpennies.odds.dealt` (the
exact dealt counts), :mod:`~tenpennies.odds.drawing` (unseen cards, draw odds, buy or
pass), :mod:`~tenpennies.odds.estimates` (sampling, :class:`Estimate`, :func:`dealt_chance`)
and :mod:`~tenpennies.odds.plots` (pictures); every public name is importable from here.

NumPy, matplotlib and tqdm are optional: each is imported only by the function that
uses it, and everything works (more slowly, or without the picture) when it is absent.
"""

from .dealt import dealt_probability, exact_dealt_rounds
from .drawing import BuyDecision, DrawChance, DrawOdds, buy_or_pass, draw_chance, draw_odds, unseen_cards
from .estimates import Estimate, _numpy, dealt_chance, simulate_dealt, simulate_draw  # _numpy: for benchmarks/odds.py
from .plots import plot_convergence

__all__ = [
    "dealt_probability",
    "dealt_chance",
    "exact_dealt_rounds",
    "DrawOdds",
    "draw_odds",
    "DrawChance",
    "draw_chance",
    "unseen_cards",
    "BuyDecision",
    "buy_or_pass",
    "Estimate",
    "simulate_dealt",
    "simulate_draw",
    "plot_convergence",
]
