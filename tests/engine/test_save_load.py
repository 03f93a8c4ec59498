"""Saving, loading and replaying: a game is (game, players, seed, options, history)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from toy_game import ToyState

import boardlab
from boardlab import GameState, IllegalAction, LoadError
from boardlab.engine import GameSpec, OptionSpec, registry

Play = Callable[[GameState, int, int], GameState]


@pytest.fixture
def midgame(play_random: Play) -> GameState:
    """A three-player toy game eleven actions in."""
    return play_random(boardlab.new("toy", players=3, seed=5, pile=20), 11, 2)


def edited(state: GameState, /, **changes: Any) -> str:
    data = json.loads(state.to_json())
    data.update(changes)
    return json.dumps(data)


def test_the_save_holds_what_defines_the_game(midgame: GameState) -> None:
    data = json.loads(midgame.to_json())
    assert data["format"] == "boardlab-save" and data["version"] == 2
    assert (data["game"], data["game_version"], data["players"], data["seed"]) == ("toy", 1, 3, 5)
    assert data["options"] == {"pile": 20}
    assert data["history"] == midgame.history and len(data["history"]) == 11
    assert data["rng"] == midgame.rng.state
    assert data["state"] == midgame.snapshot()
    trail = json.loads(data["trail"])
    assert data["revealed"] == [] and len(trail) == data["log_entries"] == 11
    assert trail[0] == [0, "take", "take 2 stone(s)"] and midgame.history[0] == "take 2"


def test_the_save_holds_the_log_with_its_secrets_and_reveals(
    duel: GameState, play_random: Play
) -> None:
    play_random(duel, 3, 4)
    data = json.loads(duel.to_json())
    trail = json.loads(data["trail"])
    seat, kind, label, secret = trail[1]
    assert (seat, kind, secret) == (0, "pick", 1)
    assert duel.log(0)[1]["id"] == duel.history[0] and duel.log(0)[1]["text"] == f"P1: {label}"
    assert trail[0] == [None, "deal", duel.log(None)[0]["text"]]
    assert data["revealed"] == duel.revealed_steps() == [0, 1]


def test_load_gives_an_equal_state_that_goes_on_identically(
    midgame: GameState, play_random: Play
) -> None:
    loaded = boardlab.load(midgame.to_json())
    assert loaded == midgame
    assert loaded.to_json() == midgame.to_json()
    assert loaded.decision == midgame.decision
    assert [loaded.view(seat) for seat in (None, 0, 1, 2)] == [
        midgame.view(seat) for seat in (None, 0, 1, 2)
    ]
    play_random(midgame, 200, 8)
    for action in midgame.history[11:]:
        assert (
            loaded.legal_actions()
            == boardlab.replay("toy", 3, 5, loaded.history, pile=20).legal_actions()
        )
        loaded.apply(action)
    assert loaded == midgame and loaded.is_over


def test_load_of_a_new_game(toy: GameState) -> None:
    assert boardlab.load(toy.to_json()) == toy


def test_a_save_with_only_the_history_loads(midgame: GameState) -> None:
    data = json.loads(midgame.to_json())
    del data["state"], data["rng"]
    assert boardlab.load(json.dumps(data)) == midgame


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not a saved boardlab game"),
        ("", "not a saved boardlab game"),
        ("[1, 2, 3]", "the 'format' field is missing or wrong"),
        ('"boardlab-save"', "the 'format' field is missing or wrong"),
        ('{"format": "chess-pgn"}', "the 'format' field is missing or wrong"),
        ('{"format": "boardlab-save", "version": 3}', "save format version 3 is not supported"),
        ('{"format": "boardlab-save", "version": "2"}', "save format version '2' is not supported"),
    ],
)
def test_text_that_is_not_a_save_is_a_load_error(text: str, message: str) -> None:
    with pytest.raises(LoadError, match=message):
        boardlab.load(text)


def test_input_that_is_not_text_is_a_load_error() -> None:
    with pytest.raises(LoadError, match="not a saved boardlab game"):
        boardlab.load(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "chess"}, r"unknown game 'chess'; games: .*toy"),
        ({"game_version": 2}, "rules version 2; this boardlab plays version 1"),
        ({"history": "take 1"}, "'history' is not a list of action ids"),
        ({"history": [1, 2]}, "'history' is not a list of action ids"),
        ({"options": [15]}, "'options' is not an object"),
        ({"options": {"pile": 7}}, r"does not replay: option 'pile': 7 is not one of"),
        ({"options": {"stones": 5}}, "does not replay: toy has no option 'stones'"),
        ({"players": 9}, "does not replay: toy is for 2 to 4 players, got 9"),
        ({"seed": "5"}, "does not replay: seed must be an integer"),
    ],
    ids=lambda value: str(value)[:40],
)
def test_a_save_that_is_wrong_is_a_load_error(
    midgame: GameState, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(LoadError, match=message):
        boardlab.load(edited(midgame, **changes))


def test_history_with_an_illegal_step_is_a_load_error(midgame: GameState) -> None:
    history = list(midgame.history)
    history[4] = "take 9"
    with pytest.raises(LoadError, match=r"does not replay: history step 4: 'take 9' is not an"):
        boardlab.load(edited(midgame, history=history))


def test_an_edited_state_field_is_a_load_error(midgame: GameState) -> None:
    data = json.loads(midgame.to_json())
    data["state"]["taken"][0] += 1
    with pytest.raises(LoadError, match="does not match its history"):
        boardlab.load(json.dumps(data))


def test_an_edited_generator_is_a_load_error(midgame: GameState) -> None:
    with pytest.raises(LoadError, match="random generator does not match its history"):
        boardlab.load(edited(midgame, rng=midgame.rng.state ^ 1))


def test_a_load_error_leaves_nothing_behind(midgame: GameState) -> None:
    names = boardlab.games()
    good = midgame.to_json()
    for bad in (edited(midgame, game="chess"), edited(midgame, rng=0), "{"):
        with pytest.raises(LoadError):
            boardlab.load(bad)
    assert boardlab.games() == names
    assert boardlab.load(good) == midgame
    assert midgame.to_json() == good


def test_load_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        boardlab.load("{")


def test_replay_gives_the_played_state(midgame: GameState) -> None:
    replayed = boardlab.replay("toy", 3, 5, midgame.history, pile=20)
    assert replayed == midgame
    assert boardlab.replay("toy", 3, 5, iter(midgame.history), pile=20) == midgame


def test_replay_of_nothing_is_a_new_game() -> None:
    assert boardlab.replay("toy", 2, 9, []) == boardlab.new("toy", 2, 9)


def test_replay_names_the_illegal_step(midgame: GameState) -> None:
    history = [*midgame.history[:3], "take 9", *midgame.history[3:]]
    with pytest.raises(IllegalAction, match=r"^history step 3: 'take 9' is not an option"):
        boardlab.replay("toy", 3, 5, history, pile=20)


def test_same_arguments_same_game(play_random: Play) -> None:
    first = play_random(boardlab.new("toy", players=4, seed=77), 30, 3)
    second = boardlab.new("toy", players=4, seed=77)
    for action in first.history:
        second.apply(action)
    assert first == second and first.to_json() == second.to_json()


def test_load_round_trips_a_game_with_a_list_option_left_at_its_default() -> None:
    class Listed(ToyState):
        __slots__ = ()

    spec = GameSpec(
        name="listed_toy",
        title="Listed",
        min_players=2,
        max_players=2,
        state_class=Listed,
        options=(
            OptionSpec("pile", 15, "stones"),
            OptionSpec("tags", ("a",), "tags", choices=("a", "b")),
        ),
    )
    registry.register(spec)
    try:
        state = boardlab.new("listed_toy", players=2, seed=1)
        assert boardlab.load(state.to_json()) == state
    finally:
        registry.unregister("listed_toy")


def version_1(state: GameState) -> dict[str, Any]:
    """The save boardlab wrote before version 2: no log, no reveals."""
    data: dict[str, Any] = json.loads(state.to_json())
    del data["trail"], data["log_entries"], data["revealed"]
    data["version"] = 1
    return data


def test_a_version_1_save_is_read_by_replaying_it(midgame: GameState) -> None:
    loaded = boardlab.load(json.dumps(version_1(midgame)))
    assert loaded == midgame and loaded.log(0) == midgame.log(0)
    assert json.loads(loaded.to_json())["version"] == 2


def test_a_version_1_snapshot_of_another_layout_does_not_matter(midgame: GameState) -> None:
    """The snapshot of a version-1 save has the layout of the code that wrote it."""
    data = version_1(midgame)
    data["state"] = {"stones_left": data["state"]["pile"], "layout": "old"}
    assert boardlab.load(json.dumps(data)) == midgame


def test_a_version_1_save_still_needs_its_generator_to_match(midgame: GameState) -> None:
    data = version_1(midgame)
    data["rng"] ^= 1
    with pytest.raises(LoadError, match="random generator does not match"):
        boardlab.load(json.dumps(data))


def test_a_version_1_save_cannot_be_trusted(midgame: GameState) -> None:
    with pytest.raises(LoadError, match="load\\(verify=False\\) needs a version 2 save"):
        boardlab.load(json.dumps(version_1(midgame)), verify=False)


@pytest.mark.parametrize("game", ["toy", "duel"])
def test_a_trusted_load_equals_a_verified_one(game: str, play_random: Play) -> None:
    state = play_random(boardlab.new(game, players=2, seed=8), 9, 8)
    text = state.to_json()
    trusted = boardlab.load(text, verify=False)
    assert trusted == boardlab.load(text) == state
    assert trusted.to_json() == text and trusted.decision == state.decision
    for seat in (None, 0, 1):
        assert trusted.view(seat) == state.view(seat) and trusted.log(seat) == state.log(seat)
    play_random(state, 500, 3)
    for action in state.history[9:]:
        trusted.apply(action)
    assert trusted == state and trusted.is_over


def test_a_trusted_load_of_a_finished_game(play_random: Play) -> None:
    state = play_random(boardlab.new("duel", players=3, seed=2), 500, 2)
    loaded = boardlab.load(state.to_json(), verify=False)
    assert loaded.is_over and loaded == state and loaded.outcome() == state.outcome()


def test_a_trusted_load_does_not_replay(midgame: GameState) -> None:
    """It believes the snapshot: an edited field comes back as edited (the caller wrote it)."""
    data = json.loads(midgame.to_json())
    data["state"]["taken"][0] += 5
    assert boardlab.load(json.dumps(data), verify=False).view(None)["body"]["taken"][0] == (
        midgame.view(None)["body"]["taken"][0] + 5
    )
    with pytest.raises(LoadError, match="does not match its history"):
        boardlab.load(json.dumps(data))


def trail_of(state: GameState) -> list[Any]:
    trail: list[Any] = json.loads(json.loads(state.to_json())["trail"])
    return trail


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"state": {}}, "the save cannot be restored: 'bonus'"),
        ({"state": {"bonus": 3}}, "the save cannot be restored"),
        ({"state": None}, "the snapshot or the log is missing"),
        ({"trail": None}, "the snapshot or the log is missing"),
        ({"trail": []}, "the snapshot or the log is missing"),
        ({"log_entries": 3}, "'log_entries' is not a count of at least 11"),
        ({"log_entries": None}, "'log_entries' is not a count of at least 11"),
        ({"revealed": [True]}, "'revealed' is not a list of history indexes"),
        ({"revealed": None}, "'revealed' is not a list of history indexes"),
        ({"rng": "12"}, "the generator state is not an integer"),
        ({"seed": 1.5}, "the seed is not an integer"),
        ({"players": 7}, "toy is for 2 to 4 players, got 7"),
        ({"options": {"pile": 8}}, "option 'pile': 8 is not one of"),
    ],
    ids=lambda value: str(value)[:40],
)
def test_a_corrupt_save_is_a_load_error_when_trusted_too(
    midgame: GameState, changes: dict[str, Any], message: str
) -> None:
    names = boardlab.games()
    with pytest.raises(LoadError, match=re.escape(message)):
        boardlab.load(edited(midgame, **changes), verify=False)
    assert boardlab.games() == names


def test_an_edited_log_is_a_load_error(duel: GameState, play_random: Play) -> None:
    play_random(duel, 4, 1)
    trail = trail_of(duel)
    trail[0][2] = "a different deal"
    with pytest.raises(LoadError, match="the save's log does not match its history"):
        boardlab.load(edited(duel, trail=json.dumps(trail, separators=(",", ":"))))
    with pytest.raises(LoadError, match="the save's log does not match its history"):
        boardlab.load(edited(duel, log_entries=len(trail) + 1))
    with pytest.raises(LoadError, match="revealed actions do not match"):
        boardlab.load(edited(duel, revealed=[]))
