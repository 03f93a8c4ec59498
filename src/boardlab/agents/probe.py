"""Probe agents: scripted lines of play for balance reports, not strategies worth playing.

``probe:play=first`` always plays the first option of every decision; the other probes are
the game's own (``Tuning.probes``), each a preference among kinds of option, such as
Konoten's "end the main phase at once". A balance report plays them against the bots: a
probe that wins often is a degenerate strategy in the game's content.
"""

from __future__ import annotations

from typing import Any

from boardlab.agents.params import reject_unknown
from boardlab.engine import Action, GameState, Rng
from boardlab.tuning import Probe, tuning

#: The probe every game has: the first option of every decision.
FIRST = Probe("first", (), "always the first option of every decision")


def probes(game: str) -> tuple[Probe, ...]:
    """Every probe of ``game``: ``first``, then those the game declares."""
    return (FIRST, *tuning(game).probes)


def find_probe(game: str, name: str) -> Probe:
    """The probe ``name`` of ``game``; ``ValueError`` naming the probes there are."""
    known = probes(game)
    for probe in known:
        if probe.name == name:
            return probe
    names = ", ".join(probe.name for probe in known)
    raise ValueError(f"{game} has no probe {name!r}; probes: {names}")


class ProbeAgent:
    """Plays the probe ``name`` of whatever game it is given (``play``, looked up on first use)."""

    name = "probe"
    PARAMS = ("play",)

    def __init__(self, seed: int = 0, play: str = "first", **unknown: Any) -> None:
        reject_unknown(self.name, unknown, self.PARAMS)
        if not isinstance(play, str) or not play:
            raise ValueError(f"agent 'probe' needs the name of a probe to play, got {play!r}")
        self.probe_name = play
        self.rng = Rng(seed)
        self._probe: Probe | None = None

    def choose(self, state: GameState) -> Action:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over: there is nothing to choose")
        if self._probe is None:
            self._probe = find_probe(state.game, self.probe_name)
        options = decision.options
        probe = self._probe
        for kind in probe.prefer:
            fitting = [option for option in options if option.kind == kind]
            if fitting and probe.rank is not None:
                ranks = [probe.rank(state, option) for option in fitting]
                low = min(ranks)
                fitting = [option for option, r in zip(fitting, ranks, strict=True) if r == low]
            if fitting:
                return fitting[self.rng.randbelow(len(fitting))]
        return options[0]
