"""Issue 27, deliverable 9: Konoten's rounds and display refills are in every seat's log,
naming only the card dealt face up, never the deck's next card."""

from __future__ import annotations

import boardlab
from boardlab.agents import make
from boardlab.games.konoten.state import KonotenState
from boardlab.games.konoten.wording import card_name


def test_issue27_rounds_and_refills_reach_every_seat_without_the_deck_order() -> None:
    s = boardlab.new("konoten", players=3, seed=7)
    assert isinstance(s, KonotenState)
    agent = make("random", seed=1)
    while not s.is_over:
        before = s.log_length()
        s.apply(agent.choose(s))
        for entry in s.log(None, since=before):
            if entry["kind"] == "refill" and " is dealt to " in entry["text"]:
                dealt = entry["text"].split()[0]
                assert dealt in {card_name(card) for card in s.market if card >= 0}
                assert not any(card_name(card) in entry["text"] for card in s.normal_deck)
    told = [e["text"] for e in s.log(None) if e["seat"] is None]
    assert "round 1 begins: every scientist gains" in told[0]
    assert any(text.startswith("round 2 begins") for text in told)
    assert any(" is dealt to the display" in text for text in told)
    for seat in range(3):
        assert [e["text"] for e in s.log(seat) if e["seat"] is None] == told
