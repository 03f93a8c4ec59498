"""What the game tells bots and simulations (``boardlab.tuning.Tuning``): search settings
measured for it, seat roles, the turn order of a game just dealt, the endgame; the probes
are ``probes.py``'s. Follow ``games/konoten/tuning.py``.
"""

from __future__ import annotations

from boardlab.games._template.probes import PROBES
from boardlab.tuning import Tuning

TUNING = Tuning(probes=PROBES)
