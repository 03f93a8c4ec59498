"""The one rule for taking a decision back, shared by the terminal and the browser."""

from __future__ import annotations

from boardlab.engine import GameState


def why_not_undo(before: GameState, now: GameState, seat: int | None) -> str:
    """Why ``now`` cannot go back to ``before`` (a clone taken before ``seat``'s decision)
    without undoing something another seat saw or the dice decided; ``""`` if it can."""
    if now.rng.state != before.rng.state:
        return "chance was drawn since (a card, a tile or a die)"
    if now.revealed_steps() != before.revealed_steps():
        return "a secret was revealed since"
    for entry in now.log(seat, since=before.log_length()):
        if entry["seat"] is None:
            return f"the game announced something since ({entry['text']})"
        if entry["seat"] != seat:
            return "another seat has played since"
    return ""
