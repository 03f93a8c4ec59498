"""Compounded's probes for balance reports: lines of play that should lose against greedy.

They choose among the options of each decision by kind only (``boardlab.tuning.Probe``).
"""

from __future__ import annotations

from boardlab.tuning import Probe

PROBES = (
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
)
