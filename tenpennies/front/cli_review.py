"""``tenpennies review``: every decision one seat took in a saved match judged against the
analyst (:mod:`tenpennies.review.judge`), its mistakes kept as the learner's puzzles and,
on request, the review's page (:mod:`tenpennies.review.page`)."""

from __future__ import annotations

import sys

from ..engine.errors import RecordError, TenPenniesError
from ..engine.words import plural
from ..puzzles.progress import Progress, ProgressError
from .cli_args import MOST_PLAYERS, MOST_WORKERS, SEED, _UsageError, _bounded


# --rollouts: 32 a decision judge a match in seconds; 1,000 re-check one blunder carefully
#   (a match's blunders at ten times the default take a minute or two).
MOST_ROLLOUTS = 1_000


def _review_parser(sub) -> None:
    p = sub.add_parser("review", help="judge every decision one seat took in a saved match, against the analyst")
    p.add_argument("record", metavar="MATCH.json", help="a saved match (tenpennies.play.record.save)")
    p.add_argument("--seat", type=_bounded("--seat", 0, MOST_PLAYERS - 1), default=0,
                   help="the seat whose decisions are judged (default 0)")
    p.add_argument("--rollouts", type=_bounded("--rollouts", 2, MOST_ROLLOUTS), default=None,
                   help="paired rollouts a judged decision, 2 to 1,000 (default 32; 16 in Ten Card Rummy)")
    p.add_argument("--workers", type=_bounded("--workers", 1, MOST_WORKERS), default=None,
                   help=f"worker processes, 1 to {MOST_WORKERS} (default: every core)")
    p.add_argument("--seed", type=SEED, default=0, help="the review's seed (default 0)")
    p.add_argument("--html", metavar="FILE", help="also write the review as a page to share (pictures, chart, mistakes)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--keep", metavar="PROGRESS.db", nargs="?", const="", default=None,
                   help="keep the mistakes as your puzzles (PuzzleWidget's 'Your mistakes'), in this progress "
                        "file or, given no file, your own (tenpennies.puzzles.progress.default_path)")


def _review(args) -> int:
    from ..review.judge import review  # (upward: review sits above front; test_structure.py lists it)

    try:
        judged = review(args.record, args.seat, rollouts=args.rollouts, seed=args.seed,  # (None: the game's default)
                        workers=args.workers, progress=not args.no_progress)
    except RecordError as exc:
        raise _UsageError(f"{args.record}: {exc}") from None
    except TenPenniesError as exc:
        raise _UsageError(str(exc)) from None
    print(judged.to_text())
    if judged.mistakes and args.keep is not None:
        try:  # every graded mistake becomes a personal puzzle (PuzzleWidget's "Your mistakes")
            learner = Progress(args.keep or None)
            new = learner.keep_mistakes(judged)
            print(f"{plural(new, 'new mistake')} kept as your puzzles in {learner.path} "
                  "(PuzzleWidget, 'Your mistakes').")
        except ProgressError as exc:
            print(f"The mistakes could not be kept as puzzles: {exc}", file=sys.stderr)
    if args.html:
        from ..review.page import write_html  # (upward: review sits above front; test_structure.py lists it)

        write_html(judged, args.html)
        print(f"Wrote {args.html}.")
    return 0
