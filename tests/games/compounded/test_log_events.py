"""Issue 27, deliverable 9 and 8: Compounded's public events are in every seat's log (draws,
new rounds, refills, lab fires, fire tokens, explosions, compounds completed), and its
options name the compounds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import GameState


def events(s: GameState, seat: int | None) -> list[tuple[str, str]]:
    return [(e["kind"], e["text"]) for e in s.log(seat) if e["seat"] is None]


def random_games(players: int) -> Iterator[GameState]:
    for seed in range(40):
        s = boardlab.new("compounded", players=players, seed=seed)
        agent = make("random", seed=seed)
        while not s.is_over:
            s.apply(agent.choose(s))
        yield s


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("round", "round 2 begins"),
        ("draw", "from the bag into storage"),
        ("refill", "the field is refilled: "),
        ("lab_fire", "a Lab Fire card is drawn"),
        ("fire", "a fire token goes on "),
        ("explosion", " explodes"),
        ("score", " completes "),
    ],
)
def test_issue27_each_public_event_reaches_every_seat(kind: str, words: str) -> None:
    for s in random_games(3):
        told = [text for k, text in events(s, None) if k == kind]
        if any(words in text for text in told):
            for seat in range(3):
                assert events(s, seat) == events(s, None)
            return
    pytest.fail(f"no {kind!r} event saying {words!r} in 40 random games")


def test_issue27_a_draw_names_the_elements_that_reach_the_open_storage() -> None:
    s = boardlab.new("compounded", players=2, seed=5)
    storage = s.view(None)["body"]["players"][0]["storage"]
    first = next(text for kind, text in events(s, 1) if kind == "draw")
    expected = ", ".join(f"{count} {name}" for name, count in storage.items() if count)
    assert first == f"P1 draws {expected} from the bag into storage"


def test_issue27_claims_name_the_compound_with_its_place() -> None:
    s = boardlab.new("compounded", players=2, seed=7)
    body = s.view(None)["body"]
    names = {c["position"]: c["name"] for c in body["field"] if c.get("name")}
    claims = [o for o in s.legal_actions() if o.kind == "claim"]
    assert claims
    for option in claims:
        row, col = option.args
        assert option.label == f"claim {names[f'{row},{col}']} (row {row}, column {col})"
        assert option.id == f"claim {row},{col}"
