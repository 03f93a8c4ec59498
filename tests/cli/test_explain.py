"""``play``: ``?`` and ``? N`` explain options with the game's ``explain``; options are chosen
by number, id or an unambiguous start of an id; the final scores say where points came from."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import Result

import boardlab
from boardlab.cli import display
from boardlab.cli.session import find_option
from boardlab.engine import registry
from cli.explained_toy import SPEC

Invoke = Callable[..., Result]
PLAY = ["play", "toy_explained", "--players", "2", "--seed", "5", "--seat", "0"]


@pytest.fixture(autouse=True)
def explained_toy() -> Iterator[None]:
    registry.register(SPEC)
    yield
    registry.unregister(SPEC.name)


def test_question_mark_lists_every_option_with_what_it_does_for_the_player(
    invoke: Invoke,
) -> None:
    result = invoke(PLAY, "?\n")
    assert result.exit_code == 0
    listed = result.stdout.split("> ", 1)[1]
    assert "what it does" in listed
    for count in (1, 2, 3):
        assert f"take {count}" in listed
        assert f"you take {count} of the 15 stones; {15 - count} stay" in listed
    assert "'? N' explains option N" in listed


@pytest.mark.parametrize("asked", ["? 2", "?2", "? take 2", "? TAKE 2"])
def test_question_mark_with_a_number_or_an_id_explains_that_option_alone(
    invoke: Invoke, asked: str
) -> None:
    result = invoke(PLAY, f"{asked}\n")
    explained = result.stdout.split("> ", 1)[1]
    assert "2. take 2 (take 2 stone(s))" in explained
    assert "you take 2 of the 15 stones; 13 stay" in explained
    assert "you take 1" not in explained and "what it does" not in explained


def test_question_mark_with_something_else_says_it_is_no_option(invoke: Invoke) -> None:
    result = invoke(PLAY, "? 7\n? fly\n")
    assert "there is no option 7; choose 1 to 3" in result.stdout
    assert "'fly' is not an option; '?' lists them all" in result.stdout


@pytest.mark.parametrize(
    ("typed", "applied"),
    [("2", "take 2"), ("take 2", "take 2"), ("Take  2", "take 2"), ("TAKE 3", "take 3")],
)
def test_options_are_accepted_by_number_id_or_id_in_any_case(
    invoke: Invoke, tmp_path: Path, typed: str, applied: str
) -> None:
    save = tmp_path / "game.json"
    assert invoke([*PLAY, "--save", str(save)], f"{typed}\nconf\n").exit_code == 0
    assert json.loads(save.read_text())["history"][:2] == [applied, "confirm"]


def test_an_ambiguous_start_of_an_id_names_the_options_it_could_be(invoke: Invoke) -> None:
    result = invoke(PLAY, "take\nt\n")
    assert "'take' could be take 1, take 2, take 3: type more of it, or its number" in (
        result.stdout
    )
    assert "'t' could be take 1, take 2, take 3" in result.stdout


def test_find_option_takes_word_starts_but_numbers_whole() -> None:
    ids = ["activate device grind", "activate device guts", "collect D21", "collect D2", "end"]
    assert find_option("act dev grind", ids) == 0
    assert find_option("a d gu", ids) == 1
    assert find_option("collect d2", ids) == 3  # exact, though it starts "collect D21" too
    assert find_option("collect d21", ids) == 2
    assert find_option("e", ids) == 4
    assert find_option("collect D", ids) == (
        "'collect D' could be collect D21, collect D2: type more of it, or its number"
    )
    assert find_option("collect 2", ids) is None  # a number is never the start of another
    assert find_option("6", ids) == "there is no option 6; choose 1 to 5"


def test_many_options_show_each_number_with_its_id_and_label() -> None:
    options = [
        {"id": f"collect {card}", "label": f"collect {card} (violet: 1 light -> 1 rainbow)"}
        for card in (f"D{n:02d}" for n in range(1, 20))
    ] + [{"id": "end", "label": "end your main phase this round"}]
    console = display.quiet_console(width=80)
    with console.capture() as captured:
        console.print(display.numbered_options(options))
    text = captured.get()
    for number, option in enumerate(options, 1):
        shown = next(line for line in text.splitlines() if line.startswith(f"{number:>3}. "))
        assert option["id"] in shown
    assert " 1. collect D01 (violet: 1 light -> 1 rainbow)" in text
    assert "20. end (end your main phase this round)" in text


def test_the_end_shows_points_by_source_for_every_side(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, "--save", str(save)], "1\n" * 60)
    assert result.exit_code == 0
    game = boardlab.load(save.read_text())
    table = result.stdout.split("Points by source", 1)[1]
    rows = {line.split("│")[1].strip(): line for line in table.splitlines() if "│" in line}
    for source, values in (
        ("stones taken", [str(t) for t in game.taken]),  # type: ignore[attr-defined]
        ("secret bonus", [str(b) for b in game.bonus]),  # type: ignore[attr-defined]
        ("total", [display.number(s) for s in game.scores()]),
    ):
        assert [cell.strip() for cell in rows[source].split("│")[2:-1]] == values
    header = next(line for line in table.splitlines() if "source" in line)
    assert "P1 (you)" in header and "P2 random" in header
