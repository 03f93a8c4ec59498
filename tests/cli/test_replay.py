"""``boardlab replay``: saved games printed whole or stepped through forwards and back."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import Result

import boardlab
from boardlab.engine import GameState, Rng
from boardlab.sim import SimConfig, run
from cli.replaying import forced_steps, steps

Invoke = Callable[..., Result]
OneLineError = Callable[[Result, str], str]


def random_game(seed: int, steps: int | None = None, players: int = 2) -> GameState:
    """A toy game played at random from ``seed``, to the end or for ``steps`` actions."""
    state = boardlab.new("toy", players, seed, pile=10)
    rng = Rng(seed)
    while not state.is_over and (steps is None or len(state.history) < steps):
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
    return state


def saved(tmp_path: Path, *games: GameState, name: str = "games.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(game.to_json() + "\n" for game in games), encoding="utf-8")
    return path


def test_play_save_then_replay_print_lists_every_action_and_final_scores(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = tmp_path / "played.json"
    play = ["play", "toy", "--players", "2", "--seed", "3", "--seat", "0", "--option", "pile=5"]
    played = invoke([*play, "--save", str(save)], "1\n" * 40)
    assert played.exit_code == 0
    game = boardlab.load(save.read_text())
    result = invoke(["replay", str(save), "--print"])
    assert result.exit_code == 0
    step_lines = [line for line in result.stdout.splitlines() if line[:5].strip().isdigit()]
    assert [line.rsplit("[", 1)[1].rstrip("]") for line in step_lines] == game.history
    assert "Final scores" in result.stdout
    winner = f"Winner: P{game.winners()[0] + 1}"
    assert winner in result.stdout or "Winners (tied)" in result.stdout


def test_a_save_whose_history_leaves_out_the_engine_s_own_moves_prints_them_as_steps(
    invoke: Invoke, tmp_path: Path
) -> None:
    """Issue 27 item 3: a save written before the engine played single-option decisions
    itself (its history holds only the seats' choices) replays with those moves in place."""
    game = random_game(seed=4, players=3)
    forced = forced_steps(game)
    assert forced
    data = json.loads(game.to_json())
    data["history"] = [a for step, a in enumerate(game.history) if step not in forced]
    for key in ("trail", "log_entries", "revealed"):  # they count the moves left out
        del data[key]
    path = tmp_path / "older.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke(["replay", str(path), "--print"])
    assert result.exit_code == 0, result.output
    step_lines = [line for line in result.stdout.splitlines() if line[:5].strip().isdigit()]
    assert [line.rsplit("[", 1)[1].rstrip("]") for line in step_lines] == game.history
    assert f"{len(game.history)} actions" in result.stdout


def test_print_names_the_player_of_each_step(invoke: Invoke, tmp_path: Path) -> None:
    """The moves the engine played itself (issue 27 item 3) are steps too, named after the
    seat whose decision they answered."""
    game = random_game(seed=4, players=3)
    assert forced_steps(game)
    result = invoke(["replay", str(saved(tmp_path, game)), "--print"])
    lines = [line for line in result.stdout.splitlines() if line[:5].strip().isdigit()]
    assert len(lines) == len(game.history)
    for number, (line, action, step) in enumerate(
        zip(lines, game.history, steps(game), strict=True), 1
    ):
        assert line.split()[:2] == [str(number), f"P{step.seat + 1}:"]
        assert line.endswith(f"[{action}]")


def test_stepping_forwards_back_and_jumping_shows_the_right_position(
    invoke: Invoke, tmp_path: Path
) -> None:
    game = random_game(seed=2)
    last = len(game.history)
    result = invoke(["replay", str(saved(tmp_path, game))], "\nn\np\ng 5\ne\ns\nq\n")
    assert result.exit_code == 0
    positions = [
        int(line.split("step ")[1].split(" of")[0])
        for line in result.stdout.splitlines()
        if "─ step " in line
    ]
    assert positions == [0, 1, 2, 1, 5, last, 0]
    mover = boardlab.replay("toy", 2, 2, game.history[:4], pile=10).to_move
    fifth = boardlab.replay("toy", 2, 2, game.history[:5], pile=10)
    after_jump = result.stdout.split(f"step 5 of {last}", 1)[1]
    assert fifth.render(None) in after_jump
    played = fifth.log(None)[4]
    assert played["seat"] == mover and played["id"] == game.history[4]
    assert f"Step 5: {played['text']}" in after_jump
    assert played["text"].startswith(f"P{mover + 1}: ")


def test_replay_refuses_to_step_past_either_end_and_explains_commands(
    invoke: Invoke, tmp_path: Path
) -> None:
    game = random_game(seed=2, steps=2)
    result = invoke(["replay", str(saved(tmp_path, game))], "p\ne\nn\nfly\ng 99\n")
    assert result.exit_code == 0
    assert "this is the start of the game" in result.stdout
    assert "this is the end of the game" in result.stdout
    assert "unknown command 'fly'" in result.stdout
    assert "there is no step 99; steps go from 0 to 2" in result.stdout


def test_game_of_a_file_without_run_indexes_counts_from_0_in_seed_order(
    invoke: Invoke, tmp_path: Path
) -> None:
    path = saved(tmp_path, random_game(seed=13), random_game(seed=11), random_game(seed=12))
    result = invoke(["replay", str(path), "--game", "1", "--print"])
    assert result.exit_code == 0
    assert "seed 12," in result.stdout
    assert "game 1 (the file holds games 0 to 2, numbered in seed order)" in result.stdout


def test_game_k_of_a_simulate_save_file_is_game_k_of_the_run_whatever_the_line_order(
    invoke: Invoke, tmp_path: Path
) -> None:
    saves = tmp_path / "run.saves"
    config = SimConfig("toy", players=2, games=6, seed=40, agents=("greedy", "random"))
    run(replace(config, rotate_seats=True), workers=2, save=saves)
    lines = saves.read_text().splitlines(keepends=True)
    saves.write_text("".join(reversed(lines)))  # finishing order is any order
    for number in range(6):
        result = invoke(["replay", str(saves), "--game", str(number), "--print"])
        assert result.exit_code == 0, result.output
        assert f"seed {40 + number}," in result.stdout
        assert f"game {number} of the run (the file holds games 0 to 5)" in result.stdout
        agents = ("greedy", "random")[number % 2], ("greedy", "random")[(number + 1) % 2]
        assert f"P1 {agents[0]}" in result.stdout and f"P2 {agents[1]}" in result.stdout


def test_a_pretty_printed_save_is_read_whole(invoke: Invoke, tmp_path: Path) -> None:
    game = random_game(seed=6)
    path = tmp_path / "pretty.json"
    path.write_text(json.dumps(json.loads(game.to_json()), indent=2), encoding="utf-8")
    result = invoke(["replay", str(path), "--print"])
    assert result.exit_code == 0
    assert f"seed 6, options pile=10, {len(game.history)} actions" in result.stdout


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("this is not json\n", "is not a valid save: not a saved boardlab game"),
        ('{"format": "something-else"}\n', "the 'format' field is missing or wrong"),
        ("", "is empty"),
        ("\n\n", "is empty"),
    ],
)
def test_corrupt_or_empty_files_are_one_line_errors(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path, content: str, reason: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    assert reason in one_line_error(invoke(["replay", str(path)]), "replay")


def test_an_edited_save_is_a_one_line_error(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    data = json.loads(random_game(seed=8).to_json())
    data["state"]["taken"][0] += 1
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert "does not match its history" in one_line_error(invoke(["replay", str(path)]), "replay")


def test_missing_file_directory_and_bad_game_number_are_one_line_errors(
    invoke: Invoke, one_line_error: OneLineError, tmp_path: Path
) -> None:
    path = saved(tmp_path, random_game(seed=1), random_game(seed=2))
    missing = tmp_path / "gone.json"
    assert "no such file" in one_line_error(invoke(["replay", str(missing)]), "replay")
    assert "is a directory" in one_line_error(invoke(["replay", str(tmp_path)]), "replay")
    line = one_line_error(invoke(["replay", str(path), "--game", "3"]), "replay")
    assert "--game 3: " in line and "holds games 0 to 1" in line
