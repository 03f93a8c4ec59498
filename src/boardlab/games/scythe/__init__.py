"""Scythe (Stonemaier Games, 2016), base game for 2 to 5 players.

Every rule is written: the turn with Move and the mat actions, combat with secret dials and
cards, encounters, the Factory card, objectives, stars and final scoring (see README.md).
What each seat sees is ``view.py`` (its shape ``view.schema.json``).

>>> import boardlab
>>> state = boardlab.new("scythe", players=3, seed=1)
"""

from boardlab.engine import GameSpec
from boardlab.engine.schema import body_schema
from boardlab.games.scythe.audit import audit
from boardlab.games.scythe.codec import action_codec
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.evaluate import evaluate
from boardlab.games.scythe.observation import observation_encoder
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
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games.scythe"),
)

__all__ = ["CONTENT", "SPEC", "ScytheState"]
