"""tenpennies: the contract-rummy game Ten Pennies, to play, puzzle over and learn from.

    >>> from tenpennies import Match, parse_cards, is_valid_set, find_contract
    >>> is_valid_set(parse_cards("7S 7H JK"), round_no=1)
    True
    >>> print(find_contract(parse_cards("7S 7H 7D 9S 9H JK KC"), round_no=1))
    7S 7H 7D; 9S 9H JK

The public names live here; each is defined in the module that owns its concept. The
package is a house of folders, one per layer, from the ground up; a folder imports only
those listed before it (tests/test_structure.py reads the layers from this list):

    engine/    cards, rule sets, melds, actions and the phases of a turn, errors, seeds, counts in words
    solver/    finding, checking and explaining contracts; outs; going out
    odds/      exact and simulated chances, intervals
    play/      the match and its log, legal actions, views, positions, records, the bot loop, simulations
    pictures/  where things sit on a table (layout), and the SVG drawn from it
    bots/      the players and the judgment they play by: decisions, buying, rollouts
    explain/   every sentence a decision, a judgment or a cost is said in; narration; the hint
    puzzles/   loading, checking, rating, generating puzzles (their data in ../puzzles/); progress
    lessons/   the lessons' questions, the explorers, class experiments, the course, tournaments
    front/     the table controller, the CLI, the classroom server and its rooms
    review/    judging a played match, its page, its session, luck against skill
    widgets/   everything that imports ipywidgets or ipycanvas

Beside them: ``compat`` (the old flat module paths saved notebooks import) and ``__main__``.
"""

from . import compat  # the old module paths saved notebooks import (before anything else is loaded)
import sys  # (compat.keep_the_face, at the end, takes the package module itself)

from .engine.actions import AddToMeld, AddToSet, Buy, Discard, DrawSource, HowEnded, LayDown, Meld, Pass, parse_action
from .engine.cards import ALL_CARDS, JOKER, Card, Cards, Hand, format_cards, parse_cards
from .engine.errors import (
    HandError,
    IllegalActionError,
    InvalidSetError,
    NoSuchCardError,
    NotationError,
    PositionError,
    RecordError,
    RuleSetError,
    TenPenniesError,
    WrongTypeError,
)
from .play.match import Match, Phase
from .play.position import Position
from .play.seat_position import SeatPosition
from .engine.rules import TEN_PENNIES, Contract, RuleSet, hand_points
from .engine.sets import TableSet, check_set, is_valid_set, set_problems
from .solver import (
    OBJECTIVES,
    Arrangement,
    GoOutPlan,
    MissingCards,
    additions,
    can_lay_down,
    cards_needed,
    contract_arrangements,
    contract_problems,
    count_arrangements,
    find_contract,
    is_contract,
    outs,
    plan_go_out,
    what_is_missing,
)
from .play.view import PlayerView
from . import odds
from .play import record
from .bots import Bot, bot_names, make_bot, play_match
from .odds import dealt_probability
from .play.simulate import MatchResult, RoundResult, Summary, simulate, summarize, write_csv, write_json

__all__ = [
    "AddToMeld", "AddToSet", "Buy", "Discard", "LayDown", "Meld", "Pass", "parse_action", "DrawSource", "HowEnded",
    "ALL_CARDS", "JOKER", "Card", "Cards", "Hand", "format_cards", "parse_cards",
    "IllegalActionError", "InvalidSetError", "NotationError", "PositionError", "RecordError", "TenPenniesError",
    "RuleSetError", "WrongTypeError", "NoSuchCardError", "HandError",
    "Match", "Phase", "Position", "SeatPosition",
    "TEN_PENNIES", "Contract", "RuleSet", "hand_points",
    "TableSet", "check_set", "is_valid_set", "set_problems",
    "OBJECTIVES", "Arrangement", "GoOutPlan", "MissingCards", "additions", "can_lay_down",
    "cards_needed", "contract_arrangements", "contract_problems", "count_arrangements",
    "find_contract", "is_contract", "outs", "plan_go_out", "what_is_missing",
    "PlayerView",
    "odds", "record", "dealt_probability",
    "Bot", "bot_names", "make_bot", "play_match",
    "MatchResult", "RoundResult", "Summary", "simulate", "summarize", "write_csv", "write_json",
]

# The live table: the driver every front end shares, hints, and where cards sit.
from .front.replay import Replay
from .front.table import Game
from .explain.hint import Hint, hint
from .pictures.layout import TableLayout, table_layout

__all__ += ["Game", "Replay", "Hint", "hint", "TableLayout", "table_layout"]

# Melds: runs as well as sets, and Ten Card Rummy as a second rule set (issue 11).
from .engine.melds import (
    MeldKind,
    MeldRequirement,
    TableMeld,
    arrange_run,
    check_meld,
    contract_meld_problems,
    is_valid_meld,
    make_table_meld,
    meld_additions,
    meld_kinds,
    meld_problems,
    run_ranks,
)
from .engine.rules import RULE_SET_NAMES, TEN_CARD_RUMMY

__all__ += ["MeldKind", "MeldRequirement", "TableMeld", "arrange_run", "check_meld", "contract_meld_problems",
            "is_valid_meld", "make_table_meld", "meld_additions", "meld_kinds", "meld_problems", "run_ranks",
            "RULE_SET_NAMES", "TEN_CARD_RUMMY"]

# The Ten Card Rummy turn's own action, and chances that are exact only where counting is.
from .engine.actions import TakeDiscard
from .odds import dealt_chance, exact_dealt_rounds
from .solver import closest_discards, discard_chances

__all__ += ["TakeDiscard", "dealt_chance", "exact_dealt_rounds", "closest_discards", "discard_chances"]

# Tournaments of bots from files, each in a process of its own, sent its view as data (issue 22).
from .lessons.tournament import BotFile, Forfeit, Tournament, play_tournament, view_from_data, view_to_data

__all__ += ["BotFile", "Forfeit", "Tournament", "play_tournament", "view_from_data", "view_to_data"]

# Issue 23: decisions with their reasons, and the one buy judgment.
from .bots.buying import BuyJudgment, judge_offer, should_buy
from .bots.tokens import token_worth
from .play.simulate import measure_token_worth
from .bots.decision import Decision

__all__ += ["BuyJudgment", "Decision", "judge_offer", "measure_token_worth", "should_buy", "token_worth"]

# Issue 25: a game review, every decision of one seat judged against the analyst.
from .review.grades import Grade
from .review.judged import JudgedDecision, Review
from .review.judge import review

__all__ += ["Grade", "JudgedDecision", "Review", "review"]

compat.keep_the_face(sys.modules[__name__])  # last: the face's names are all bound by now
