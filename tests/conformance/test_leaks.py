"""No seat sees another's secrets: a marker value planted into a hidden field (see ``hidden.py``)
shows in no other seat's view, log or render, nor in the spectator's; nor does the generator."""

from __future__ import annotations

import json

import pytest

from boardlab import GameState

from .cases import GameCase
from .checks import seats
from .hidden import HIDDEN, MARKER_TEXT
from .playing import SEEDS, describe, recorded


def seen_by(state: GameState, seat: int | None) -> str:
    """Everything ``seat`` is shown, as one text: its view, its log and its render."""
    where = f"after planting, for seat {seat}, at {describe(state)}"
    try:
        view = json.dumps(state.view(seat))
        log = json.dumps(state.log(seat))
        picture = state.render(seat)
    except Exception as error:  # reading the planted field fails: it was being read
        raise AssertionError(
            f"view/log/render raised {type(error).__name__}: {error} {where}; it reads a "
            f"hidden field"
        ) from error
    return "\n".join((view, log, picture))


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_a_hidden_field_shows_only_to_its_owner(game_case: GameCase, seed: int) -> None:
    assert game_case.game in HIDDEN, f"{game_case.game} is missing from hidden.HIDDEN"
    plant = HIDDEN[game_case.game]
    if plant is None:
        return
    planted = 0
    for checkpoint in recorded(game_case.game, game_case.players, seed).unfinished():
        assert all(MARKER_TEXT not in seen_by(checkpoint.state, s) for s in seats(checkpoint.state))
        for owner in range(game_case.players):
            state = checkpoint.state.clone()
            allowed = plant(state, owner)
            if allowed is None:
                continue
            assert MARKER_TEXT in json.dumps(state.snapshot()), (
                f"planting changed no field of the snapshot: {describe(state)}"
            )
            planted += 1
            for seat in seats(state):
                shown = MARKER_TEXT in seen_by(state, seat)
                if seat in allowed:
                    assert shown, (
                        f"seat {seat} does not see its own hidden field with the marker in it: "
                        f"{describe(state)}"
                    )
                else:
                    field = "a field hidden from everyone" if not allowed else f"seat {owner}'s"
                    assert not shown, (
                        f"seat {seat} is shown {field} (marker {MARKER_TEXT} planted by "
                        f"{plant.__name__}): {describe(state)}"
                    )
    assert planted, f"{game_case} seed {seed}: nothing could be planted at any checkpoint"


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_no_seat_is_shown_the_generator(game_case: GameCase, seed: int) -> None:
    for checkpoint in recorded(game_case.game, game_case.players, seed).checkpoints:
        state = checkpoint.state
        generator = str(state.rng.state)
        if len(generator) < 8:  # too short to tell from other numbers
            continue
        for seat in seats(state):
            assert generator not in seen_by(state, seat), (
                f"seat {seat} is shown the generator's state {generator}: {describe(state)}"
            )
