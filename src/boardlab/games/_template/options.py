"""The game's options: ``OPTIONS`` (their help speaks to players) and the checks of values
that cannot be played, or played together, which ``setup.py`` calls before dealing. Follow
``games/scythe/options.py``.
"""

from __future__ import annotations

from boardlab.engine import OptionSpec

OPTIONS: tuple[OptionSpec, ...] = ()
