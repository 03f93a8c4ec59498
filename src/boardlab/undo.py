"""The one rule for taking a decision back, shared by the terminal and the browser.

Going back to the state before a person's decision also takes back the moves the engine
played itself right after it (decisions with a single option): they were part of it.
"""

from __future__ import annotations

from boardlab.engine import GameState, IllegalAction

#: Announcements that only restate what the moves did (points scored, a star placed, a new
#: round begun): taking the moves back takes them back too. Any other announcement told the
#: table something new (a card dealt, the automa's draw) and stands.
RESTATING_EVENTS = frozenset({"score", "star", "round"})


def why_not_undo(before: GameState, now: GameState, seat: int | None) -> str:
    """Why ``now`` cannot go back to ``before`` (a clone taken before ``seat``'s decision)
    without undoing something another seat saw or the dice decided; ``""`` if it can."""
    if now.rng.state != before.rng.state:
        return "chance was drawn since (a card, a tile or a die)"
    if now.revealed_steps() != before.revealed_steps():
        return "a secret was revealed since"
    forced_until = _forced_moves_end(before, now)
    for entry in now.log(seat, since=before.log_length()):
        if entry["seat"] is None and entry["kind"] not in RESTATING_EVENTS:
            return f"the game announced something since ({entry['text']})"
        if entry["seat"] is not None and entry["seat"] != seat and entry["n"] >= forced_until:
            return "another seat has played since"
    return ""


def _forced_moves_end(before: GameState, now: GameState) -> int:
    """The log length once ``seat``'s decision and the forced moves it led to were played:
    another seat's move before that point was the engine's, not that seat's choice."""
    step = len(before.history)
    if len(now.history) <= step:
        return before.log_length()
    probe = before.clone()
    try:
        probe.apply(now.history[step])
    except IllegalAction:  # ``now`` did not come from ``before``: count every move
        return before.log_length()
    return probe.log_length()
