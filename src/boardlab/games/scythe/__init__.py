"""Scythe (Stonemaier Games, 2016), base game for 2 to 5 players.

Every rule is written: the turn with Move and the mat actions, combat with secret dials and
cards, encounters, the Factory card, objectives, stars and final scoring (see README.md).
The full view, the bots' evaluation and the encoders are not yet, so the game is not
declared in ``boardlab.games`` until they are.
"""

from boardlab.engine import GameSpec
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.options import OPTIONS
from boardlab.games.scythe.state import ScytheState

SPEC = GameSpec(
    name="scythe",
    title="Scythe",
    min_players=2,
    max_players=len(CONTENT.factions),
    state_class=ScytheState,
    options=OPTIONS,
    version=1,
    summary="Move, produce, build, deploy mechs, fight and place six stars in 1920s Europa.",
)

__all__ = ["CONTENT", "SPEC", "ScytheState"]
