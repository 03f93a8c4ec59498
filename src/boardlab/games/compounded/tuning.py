"""Compounded's settings for agents and simulations: the general search settings (measured
in the README's "Bots") and the probes of balance reports."""

from __future__ import annotations

from boardlab.tuning import Probe, Tuning

TUNING = Tuning(
    probes=(
        Probe(
            "passive",
            ("pass", "decline", "none", "done", "cancel"),
            "passes every claim, declines every trade and places nothing it can avoid",
        ),
        Probe(
            "hoarder",
            ("take", "keep", "place", "claim", "decline", "pass", "done"),
            "takes and places elements, claims the first compound, declines trades",
        ),
    ),
)
