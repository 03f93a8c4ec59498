"""The options of a Konoten game: how the character boards are handed out (the package
README, "Options"); ``setup.py`` refuses a ``characters`` list that does not fit the seats.

>>> [option.name for option in OPTIONS]
['assignment', 'characters']
"""

from __future__ import annotations

from boardlab.engine import OptionSpec
from boardlab.games.konoten.tables import CHARACTER_IDS

OPTIONS = (
    OptionSpec(
        "assignment",
        "random",
        "how the character boards are handed out: at random, or drafted, the player before "
        "the start player choosing first and the start player last",
        choices=("random", "draft"),
    ),
    OptionSpec(
        "characters",
        [],
        "pick each seat's character yourself, one per seat in seat order (this replaces the "
        "assignment above)",
        choices=CHARACTER_IDS,
    ),
)
