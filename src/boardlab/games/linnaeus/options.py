"""The options of a Linnaeus game: two ways to vary the start, and the automa's strength.

The help texts speak to players (what the option changes); the rule references are in the
package README and the player's guide. The game is known only from a fan summary, so there
is no published value to compare with: the defaults are the summary's basic game.

>>> [option.name for option in OPTIONS]
['characters', 'start_tiles', 'difficulty']
"""

from __future__ import annotations

from boardlab.engine.spec import OptionSpec
from boardlab.games.linnaeus.content import CONTENT, TOOLS


def _levels() -> str:
    return "; ".join(
        f"{level}: {', '.join(TOOLS[t] for t in tools) if tools else 'none'}"
        for level, tools in CONTENT.solo.difficulty.items())


OPTIONS = (
    OptionSpec("characters", False,
               "each player gets a naturalist with a small ability (cheaper difficult "
               "routes, recruiting or cultivating, or diagonal research) and starts with 3 "
               "coins instead of 1 container, 1 tool and 1 coin; not with start tiles"),
    OptionSpec("start_tiles", False,
               "each player draws 2 start tiles and keeps one, instead of everyone starting "
               "with 1 container, 1 tool and 1 coin; not with characters"),
    OptionSpec("difficulty", "student",
               "solo games only: how strong the automa is; at each level more of its tools "
               f"start with a green lens that pays it a bonus ({_levels()}); with "
               "characters it plays at skilled or above",
               tuple(CONTENT.solo.difficulty)),
)


def check_options(players: int, options: dict[str, object]) -> None:
    """Refuse options that cannot be played together (rules §18.1), before anything is dealt."""
    if options["characters"] and options["start_tiles"]:
        raise ValueError("linnaeus: the options characters and start_tiles cannot be combined "
                         "(rules §18.1)")
