"""``u`` in ``play``: the person takes back their own last decisions, and only while nobody
could have learnt anything from them (no chance drawn, no secret revealed, no event, no
other seat's move since)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from typer.testing import Result

import boardlab
from boardlab.cli.session import why_not_undo

Invoke = Callable[..., Result]
PLAY = ["play", "toy", "--players", "2", "--seed", "5", "--seat", "0"]


def history(path: Path) -> list[str]:
    return list(json.loads(path.read_text())["history"])


def test_u_takes_back_your_last_decision_and_asks_it_again(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, "--save", str(save)], "take 3\nu\ntake 1\nconfirm\nq\ny\n")
    assert result.exit_code == 0
    assert "Took back: P1 (you): take 3 stone(s)" in result.stdout
    after = result.stdout.split("Took back:", 1)[1]
    assert after.index("Your decision (take)") < after.index("Your decision (confirm)")
    assert history(save)[:2] == ["take 1", "confirm"]


def test_u_again_takes_back_earlier_decisions_of_the_same_turn(
    invoke: Invoke, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    script = "take 3\nundo\ntake 2\nu\nu\nu\nu\ntake 1\nconfirm\nq\ny\n"
    result = invoke([*PLAY, "--save", str(save)], script)
    took = [line.split("> ")[-1] for line in result.stdout.splitlines() if "Took back: " in line]
    assert took == [
        "Took back: P1 (you): take 2 stone(s)",
        "Took back: P1 (you): choose again",
        "Took back: P1 (you): take 3 stone(s)",
    ]
    assert "you have no decision to take back (none since another seat last moved)" in (
        result.stdout
    )
    assert history(save)[:2] == ["take 1", "confirm"]


def test_u_is_refused_once_another_seat_has_moved(invoke: Invoke, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke([*PLAY, "--save", str(save)], "1\nconfirm\nu\nq\ny\n")
    assert "you have no decision to take back (none since another seat last moved)" in (
        result.stdout
    )
    game = boardlab.load(save.read_text())
    assert game.history[:2] == ["take 1", "confirm"] and len(game.history) > 2


def test_why_not_undo_names_chance_reveals_events_and_other_seats() -> None:
    state = boardlab.new("toy", 2, 5)
    state.apply("take 1")
    before = state.clone()
    state.apply("confirm")  # the pile may grow: the generator is drawn
    assert why_not_undo(before, state, 0) == "chance was drawn since (a card, a tile or a die)"

    state = boardlab.new("toy", 2, 5)
    before = state.clone()
    state.apply("take 2")
    assert why_not_undo(before, state, 0) == ""
    state.announce("storm", "a storm blows a stone away")
    assert why_not_undo(before, state, 0) == (
        "the game announced something since (a storm blows a stone away)"
    )

    state = boardlab.new("toy", 2, 5)
    before = state.clone()
    state.apply("take 2")
    state.reveal(0)
    assert why_not_undo(before, state, 0) == "a secret was revealed since"

    state = boardlab.new("toy", 2, 5)
    before = state.clone()
    state.apply("take 1")
    state.apply("confirm")
    state.rng.state = before.rng.state  # as if no chance: only the other seat's move differs
    state.apply("take 1")
    assert why_not_undo(before, state, 0) == "another seat has played since"


def test_an_announcement_that_restates_the_move_keeps_undo_and_news_ends_it() -> None:
    """Points scored, a star, a new round: taking the move back takes them back too. A card
    dealt face up is news to the table, and the move that dealt it stands (issue 27, item 9)."""
    before = boardlab.new("toy", players=2, seed=5)
    now = before.clone()
    now.apply(now.legal_actions()[0])
    seat = before.to_move
    for kind in ("score", "star", "round"):
        now.announce(kind, f"a {kind} event")
        assert why_not_undo(before, now, seat) == ""
    now.announce("refill", "D38 is dealt to the display")
    assert "announced something" in why_not_undo(before, now, seat)
