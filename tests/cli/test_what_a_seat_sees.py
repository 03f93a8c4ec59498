"""The terminal shows a seat what it may know: its view's decision, its log (another seat's
secret move without what it was, public events), and results by side (``toy_guarded``:
secret takes, an automa side, and a ``history`` that fails the test when the CLI reads it
anywhere but in rebuilding a saved game)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from agents.toy_v2 import GUARDED_SPEC, SECRET_SPEC
from typer.testing import Result

import boardlab
from boardlab.cli.replay import log_lines
from boardlab.engine import registry

Invoke = Callable[..., Result]
PLAY = ["play", "toy_guarded", "--players", "2", "--seed", "5"]


@pytest.fixture(autouse=True)
def v2_toys() -> Iterator[None]:
    for spec in (GUARDED_SPEC, SECRET_SPEC):
        registry.register(spec)
    yield
    for spec in (GUARDED_SPEC, SECRET_SPEC):
        registry.unregister(spec.name)


def played(invoke: Invoke, tmp_path: Path, *args: str) -> tuple[Result, boardlab.GameState]:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, *args, "--save", str(save)], "1\n" * 80)
    assert result.exit_code == 0, result.output
    return result, boardlab.load(save.read_text())


def test_a_person_reads_their_seats_log_and_no_other_seats_secret(
    invoke: Invoke, tmp_path: Path
) -> None:
    result, game = played(invoke, tmp_path, "--seat", "0")
    out = result.stdout
    assert game.is_over and "you are P1 (seat 0)" in out
    assert "P1 (you): take 1 stone(s)" in out
    assert "P2 random took stones in secret" in out
    assert "P2 random: take" not in out
    assert "the automa takes" in out
    for entry in game.log(0):
        if entry["seat"] is None:
            assert entry["text"] in out


def test_watching_bots_shows_the_spectators_log(invoke: Invoke, tmp_path: Path) -> None:
    result, game = played(invoke, tmp_path, "--seat", "none", "--delay", "0")
    out = result.stdout
    assert "P1 random took stones in secret" in out and "P2 random took stones in secret" in out
    assert "random: take" not in out
    takes = [e for e in game.log(None) if e["kind"] == "take"]  # most revealed by now
    shown = [line for line in out.splitlines() if "took stones in secret" in line]
    assert shown == [f"P{e['seat'] + 1} random took stones in secret" for e in takes]


def test_final_scores_name_the_automa_and_who_won(invoke: Invoke, tmp_path: Path) -> None:
    result, game = played(invoke, tmp_path, "--seat", "1")
    outcome = game.outcome()
    assert outcome["sides"] == ["P1", "P2", "automa"]
    automa_row = next(line for line in result.stdout.splitlines() if "│ automa" in line)
    assert f"{outcome['scores'][2]:g}" in automa_row
    assert ("yes" in automa_row) == ("automa" in outcome["winners"])
    if outcome["winners"] == ["automa"]:
        assert "Winner: automa" in result.stdout


def test_a_solo_game_against_the_automa(invoke: Invoke) -> None:
    solo = ["play", "toy_guarded", "--players", "1", "--seed", "2", "--seat", "0"]
    result = invoke(solo, "1\n" * 80)
    assert result.exit_code == 0
    assert "Final scores" in result.stdout and "│ automa" in result.stdout
    assert "Winner: " in result.stdout or "Winners (tied): " in result.stdout
    breakdown = result.stdout.split("Points by source", 1)[1]
    header = next(line for line in breakdown.splitlines() if "source" in line)
    assert "P1 (you)" in header and "automa" in header


def test_replay_print_is_the_log_of_the_seat_viewing(invoke: Invoke, tmp_path: Path) -> None:
    _, game = played(invoke, tmp_path, "--seat", "0")
    save = tmp_path / "game.json"
    printed = {}
    for seat, args in ((None, []), (0, ["--seat", "0"]), (1, ["--seat", "1"])):
        result = invoke(["replay", str(save), "--print", *args])
        assert result.exit_code == 0, result.output
        lines = log_lines(game.log(seat))
        assert [line for line in result.stdout.splitlines() if line in lines] == lines
        printed[seat] = result.stdout
    assert "seen as a spectator" in printed[None] and "seen as P2 (seat 1)" in printed[1]
    secret = [e for e in game.log(None) if e["seat"] is not None and e["id"] is None]
    assert secret  # the last take is never revealed: the game ends before the next confirm
    mover = secret[-1]["seat"]
    assert game.log(mover)[secret[-1]["n"]]["id"] is not None


def test_stepping_as_a_seat_hides_the_others_secret_take(invoke: Invoke, tmp_path: Path) -> None:
    _, game = played(invoke, tmp_path, "--seat", "0")
    save = tmp_path / "game.json"
    rival_take = next(
        step
        for step, entry in enumerate((e for e in game.log(None) if e["seat"] is not None), 1)
        if entry["seat"] == 1 and entry["kind"] == "take"
    )
    commands = f"g {rival_take}\nq\n"
    as_p1 = invoke(["replay", str(save), "--seat", "0"], commands).stdout
    as_p2 = invoke(["replay", str(save), "--seat", "1"], commands).stdout
    assert f"Step {rival_take}: P2 took stones in secret" in as_p1
    assert f"Step {rival_take}: P2: take " in as_p2
    assert "Next: P2 to decide (confirm)\n" in as_p1  # the prompt names the count taken
    assert "Next: P2 to decide (confirm): confirm taking" in as_p2


@pytest.mark.parametrize("seat", ["2", "x"])
def test_replay_refuses_a_seat_not_in_the_game(
    invoke: Invoke,
    one_line_error: Callable[[Result, str], str],
    tmp_path: Path,
    seat: str,
) -> None:
    played(invoke, tmp_path, "--seat", "0")
    line = one_line_error(invoke(["replay", str(tmp_path / "game.json"), "--seat", seat]), "replay")
    assert "--seat" in line
