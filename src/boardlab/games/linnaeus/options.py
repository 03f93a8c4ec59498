"""The options of Linnaeus (rules §18, §19)."""

from __future__ import annotations

from boardlab.engine.spec import OptionSpec
from boardlab.games.linnaeus.content import CONTENT

OPTIONS = (
    OptionSpec("characters", False,
               "character abilities (§18.1): 3 coins start, designed abilities; "
               "not with start_tiles"),
    OptionSpec("start_tiles", False,
               "asymmetric start (§18.2): draw 2 start tiles, keep 1; not with characters"),
    OptionSpec("difficulty", "student", "solo automa difficulty (§19.1)",
               tuple(CONTENT.solo.difficulty)),
)
