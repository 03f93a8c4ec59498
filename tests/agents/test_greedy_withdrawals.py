"""Issue 27, deliverable 9: the greedy bot does not make again an offer it withdrew."""

from __future__ import annotations

import boardlab
from boardlab.agents import make


def test_issue27_greedy_never_reopens_a_withdrawn_offer() -> None:
    for seed in (1, 2):
        s = boardlab.new("compounded", players=3, seed=seed)
        agents = [make("greedy", seed=seed * 10 + seat) for seat in range(3)]
        while not s.is_over:
            decision = s.decision
            assert decision is not None
            s.apply(agents[decision.player].choose(s))
        withdrawn: set[tuple[int, str]] = set()
        opening: dict[int, str] = {}
        for entry in s.log(None):
            seat, kind, action = entry["seat"], entry["kind"], entry["id"]
            if kind == "trade_offer" and action != "pass":
                assert (seat, action) not in withdrawn, f"seed {seed}: {entry['text']}"
                opening[seat] = action
            elif kind == "trade_build" and action == "cancel":
                withdrawn.add((seat, opening[seat]))
