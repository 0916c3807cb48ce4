"""The puzzle commands: `tenpennies puzzle` (stdin-driven) and `tenpennies puzzles sheet`."""

import io
import re

import pytest

from tenpennies.front.cli import main
from tenpennies.puzzles import FOLDER, load


def play(capsys, typed, *argv):
    with pytest.MonkeyPatch.context() as patch:  # what the user types, through the public CLI
        patch.setattr("sys.stdin", io.StringIO(typed))
        code = main(["puzzle", *argv])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def test_a_chosen_puzzle_with_hints_wrong_and_right_answers(capsys):
    puzzle = load(kind="cost")[0]
    code, out, err = play(capsys, f"hint\nhint\n1\n{puzzle.answer}\n", "--id", puzzle.id)
    assert code == 0 and err == ""
    assert out.startswith(f"{puzzle.id} (tier {puzzle.tier})") and puzzle.question in out
    assert f"Hint 1: {puzzle.hints[0]}" in out and f"Hint 2: {puzzle.hints[1]}" in out
    assert "Not quite." in out and out.splitlines()[-1].startswith("> Right.")


def test_a_random_puzzle_is_seeded_and_solution_ends_it(capsys):
    first = play(capsys, "solution\n", "--kind", "buy", "--seed", "3")
    again = play(capsys, "solution\n", "--kind", "buy", "--seed", "3")
    assert first == again and first[0] == 0 and "Answer: " in first[1]


def test_input_ending_early_exits_1(capsys):
    code, out, err = play(capsys, "", "--kind", "count")
    assert code == 1 and "Input ended" in err


@pytest.mark.parametrize("argv, words", [
    (["puzzle", "--kind", "chess"], "no puzzle kind 'chess'"),
    (["puzzle", "--id", "lay-down-999"], "no puzzle with id 'lay-down-999'"),
    (["puzzle", "--tier", "9"], "no puzzle has tier 9; tiers there: 1, 2, 3"),
    (["puzzles", "sheet", "--kind", "poker"], "no puzzle kind 'poker'"),
])
def test_bad_puzzle_choices(capsys, argv, words):
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert words in err and len(err.strip().splitlines()) == 1


def test_sheet_writes_a_page_with_pictures_and_an_answer_page(capsys, tmp_path):
    out = tmp_path / "sheet.html"
    assert main(["puzzles", "sheet", "--kind", "lay-down", "--tier", "1", "--out", str(out)]) == 0
    page = out.read_text()
    answers = (tmp_path / "sheet-answers.html").read_text()
    chosen = load(kind="lay-down", tier=1)
    assert page.count("<svg") == len(chosen) and "sheet-answers.html" in page
    for p in chosen:
        assert p.id in page and p.question in page
        shown = f"<b>{p.solution().answer}</b>"
        assert shown in answers and shown not in page
    assert f"{len(chosen)} puzzles written" in capsys.readouterr().out


@pytest.mark.parametrize("kind", ["lay-down", "buy", "go-out", "cost"])
def test_the_answer_form_follows_the_question(capsys, kind):
    puzzle = load(kind=kind)[0]
    code, out, err = play(capsys, "quit\n", "--id", puzzle.id)
    assert code == 0 and f"{puzzle.question}\n{puzzle.answer_form}\n" in out


def test_a_wrong_lay_down_says_what_is_wrong_with_it_not_the_answer(capsys):
    puzzle = next(p for p in load(kind="lay-down") if p.answer == "no" and "JK" not in str(p.position.hand))
    code, out, err = play(capsys, "yes: 7S 7H JK / 9S 9H JK\nmaybe\nsolution\n", "--id", puzzle.id)
    wrong, unread = [line for line in out.splitlines() if line.startswith("> ")][:2]
    assert "JK is not in the hand" in wrong and "cannot do it" not in wrong
    assert unread.startswith("> That answer cannot be read") and puzzle.answer_form in unread
    assert out.count("Answer: no") == 1  # only after 'solution'


def test_a_tier_a_kind_lacks_names_the_tiers_it_has(capsys, tmp_path):
    one = load(kind="cost")[0]  # a folder holding one cost puzzle, of tier 1
    text = (puzzle_path := FOLDER / one.file).read_text().split("\n[[puzzle]]")[1]
    (tmp_path / "cost.toml").write_text("[[puzzle]]" + re.sub(r"(?m)^tier = \d", "tier = 1", text))
    assert puzzle_path.exists() and load(tmp_path)[0].tier == 1
    assert main(["puzzle", "--folder", str(tmp_path), "--kind", "cost", "--tier", "2"]) == 2
    err = capsys.readouterr().err
    assert "no puzzle has kind 'cost', tier 2" in err and "tiers there: 1" in err


@pytest.mark.parametrize("choices", [(), ("--kind", "cost", "--tier", "2")])
def test_a_folder_without_puzzles_says_so(capsys, tmp_path, choices):
    """An empty folder is the one way the loader finds nothing without raising: the CLI
    says the folder holds no puzzle (not that a kind's tiers are '', nor that the choices
    match nothing)."""
    assert main(["puzzle", "--folder", str(tmp_path), *choices]) == 2
    err = capsys.readouterr().err
    assert f"no puzzle in {tmp_path}" in err and "come in" not in err and "matches" not in err
