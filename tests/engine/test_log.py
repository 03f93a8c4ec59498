"""``log(seat)``: one entry per action and per public event, secrets shown to their own seat
only until the rules reveal them, ``since`` for the tail; kept by clones, saves and loads."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

import boardlab
from boardlab import GameState

Play = Callable[[GameState, int, int], GameState]
DEAL = {
    "n": 0,
    "seat": None,
    "kind": "deal",
    "id": None,
    "text": "each seat is dealt 3 cards; the automa joins the duel",
}


def hand(state: GameState, seat: int) -> list[int]:
    return list(state.view(seat)["body"]["hand"])


def test_an_event_of_the_setup_opens_every_log(duel: GameState) -> None:
    for seat in (None, 0, 1):
        assert duel.log(seat) == [DEAL]


def test_a_secret_action_is_known_to_its_seat_only(duel: GameState) -> None:
    card = hand(duel, 0)[1]
    duel.apply(f"play {card}")
    assert duel.history == [f"play {card}"]
    own = {"n": 1, "seat": 0, "kind": "pick", "id": f"play {card}", "text": f"P1: play card {card}"}
    hidden = {"n": 1, "seat": 0, "kind": "pick", "id": None, "text": "P1 played a card face down"}
    assert duel.log(0) == [DEAL, own]
    assert duel.log(1) == [DEAL, hidden]
    assert duel.log(None) == [DEAL, hidden]
    assert str(card) not in json.dumps(duel.view(1)) + duel.render(1)
    assert duel.view(0)["body"]["my_pick"] == card and duel.view(1)["body"]["my_pick"] is None


def test_a_reveal_shows_the_secrets_to_everyone(duel: GameState) -> None:
    first, second = hand(duel, 0)[0], hand(duel, 1)[2]
    duel.apply(f"play {first}")
    duel.apply(f"play {second}")
    assert duel.revealed_steps() == [0, 1]
    for seat in (None, 0, 1):
        log = duel.log(seat)
        assert [entry["id"] for entry in log[1:3]] == [f"play {first}", f"play {second}"]
        assert log[3]["seat"] is None and log[3]["kind"] == "reveal"
        assert log[3]["text"].startswith(f"round 1: P1 {first}, P2 {second}, automa ")
    assert duel.view(None)["body"]["last_round"][:2] == [first, second]


def test_since_gives_the_tail(duel: GameState, play_random: Play) -> None:
    play_random(duel, 5, 3)
    for seat in (None, 0, 1):
        log = duel.log(seat)
        assert len(log) > 6
        for since in range(len(log) + 2):
            assert duel.log(seat, since) == log[since:]


def test_the_toy_logs_only_its_actions(toy: GameState) -> None:
    toy.apply("take 2")
    toy.apply("confirm")
    assert toy.log(None) == [
        {"n": 0, "seat": 0, "kind": "take", "id": "take 2", "text": "P1: take 2 stone(s)"},
        {"n": 1, "seat": 0, "kind": "confirm", "id": "confirm", "text": "P1: confirm"},
    ]


def test_clones_share_the_past_and_not_the_future(duel: GameState, play_random: Play) -> None:
    play_random(duel, 3, 1)
    twin = duel.clone()
    assert twin.log(0) == duel.log(0)
    before = duel.log(None)
    play_random(twin, 4, 2)
    assert duel.log(None) == before
    assert twin.log(None)[: len(before) - 1] == before[:-1]
    assert len(twin.log(None)) > len(before)


def test_a_log_is_saved_and_loaded(duel: GameState, play_random: Play) -> None:
    play_random(duel, 4, 5)
    text = duel.to_json()
    for loaded in (boardlab.load(text), boardlab.load(text, verify=False)):
        for seat in (None, 0, 1):
            assert loaded.log(seat) == duel.log(seat)
        assert loaded.revealed_steps() == duel.revealed_steps()


def test_the_default_secret_note_names_the_decision(toy: GameState) -> None:
    assert GameState.secret_note(toy, "power_dial") == "made a secret choice (power dial)"


@pytest.mark.parametrize("seat", [2, -1, True, "0"])
def test_a_log_of_a_seat_not_in_the_game_is_refused(duel: GameState, seat: object) -> None:
    with pytest.raises(ValueError, match="is not in this 2-player duel game"):
        duel.log(seat)  # type: ignore[arg-type]
