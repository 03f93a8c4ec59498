"""Konoten ("Are you telling me this genius scientist can't get first place?"), 2-4 players.

>>> import boardlab
>>> state = boardlab.new("konoten", players=3, seed=1)
"""

from boardlab.engine import GameSpec
from boardlab.engine.schema import body_schema
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.codec import action_codec
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.evaluate import evaluate
from boardlab.games.konoten.observation import observation_encoder
from boardlab.games.konoten.options import OPTIONS
from boardlab.games.konoten.state import KonotenState

SPEC = GameSpec(
    name="konoten",
    title="Konoten: Are You Telling Me This Genius Scientist Can't Get First Place?",
    min_players=CONTENT.min_players,
    max_players=CONTENT.max_players,
    state_class=KonotenState,
    options=OPTIONS,
    version=9,
    summary="Grind transparent cards into lenses, place assistants, grow your character.",
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games.konoten"),
)

__all__ = ["CONTENT", "SPEC", "KonotenState", "audit", "evaluate"]
