"""Scythe's probe for balance reports: a line of play that should lose against greedy.

It chooses among the options of each decision by kind only (``boardlab.tuning.Probe``).
"""

from __future__ import annotations

from boardlab.tuning import Probe

PROBES = (
    Probe(
        "bolster",
        ("bolster", "enlist", "recruit", "bonus", "skip", "end"),
        "bolsters every turn it can, enlists when it may, and does nothing else",
    ),
)
