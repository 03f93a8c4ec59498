"""The probes of balance reports: scripted lines of play (``boardlab.tuning.Probe``) that
should lose against greedy, so that a degenerate strategy that wins shows up. Follow
``games/konoten/probes.py``.
"""

from __future__ import annotations

from boardlab.tuning import Probe

PROBES: tuple[Probe, ...] = ()
