"""Issue 27, deliverable 9: a combat's whole story is in every seat's log (who fought where,
the dials and cards revealed, who won, what the loser and the winner lost, the star)."""

from __future__ import annotations

from boardlab.games.scythe.state import ScytheState

from .helpers import character, clear, game, mech, play, pose, workers


def events(s: ScytheState, seat: int | None) -> list[str]:
    return [e["text"] for e in s.log(seat) if e["seat"] is None and e["id"] is None]


def test_issue27_a_combat_and_its_aftermath_are_announced_to_every_seat() -> None:
    s = game(("nordic", "rusviet"), None, 0)
    clear(s)
    s.hand = [0] * len(s.hand)
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    workers(s, 1, "r2c4", 2)
    s.popularity = [5, 5]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "mech r1c5", "to r2c4")
    before = s.log_length()
    play(s, "dial 4")
    if s.decision is not None and s.decision.kind == "combat_dial":
        play(s, "dial 0")
    told = [e["text"] for e in s.log(None, since=before) if e["seat"] is None]
    assert any("dial 4" in text and "P1 wins" in text for text in told), told
    assert any("P2 retreats" in text and "P1 loses 2 popularity" in text for text in told), told
    assert any(text.startswith("P1 places a star: a combat won") for text in told), told
    for seat in (0, 1, None):
        assert events(s, seat) == events(s, None)


def test_issue27_a_dial_is_not_announced_before_both_are_set() -> None:
    s = game(("nordic", "rusviet"), None, 0)
    clear(s)
    s.hand = [0] * len(s.hand)
    mech(s, 0, "riverwalk", "r1c5")
    character(s, 1, "r2c4")
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "mech r1c5", "to r2c4", "dial 3")
    assert s.decision is not None and s.decision.player == 1
    assert not any("dial 3" in text for text in events(s, 1))
