"""Issue 27, deliverable 9: a solo Linnaeus log tells the automa's turns row by row, the
new rounds and the refills of the displays."""

from __future__ import annotations

import boardlab
from boardlab.agents import make


def test_issue27_the_automa_rows_rounds_and_refills_are_in_the_log() -> None:
    s = boardlab.new("linnaeus", players=1, seed=7)
    agent = make("random", seed=1)
    while not s.is_over:
        s.apply(agent.choose(s))
    told = [e["text"] for e in s.log(0) if e["seat"] is None and e["id"] is None]
    reveals = [i for i, text in enumerate(told) if text.startswith("the automa reveals")]
    assert reveals
    for i in reveals:  # each revealed card is followed by what its rows did
        assert told[i + 1].startswith("the automa's glasses row: ")
    assert "round 2 begins" in told
    assert any(text.startswith("refilled: ") for text in told)
    assert told == [e["text"] for e in s.log(None) if e["seat"] is None]
