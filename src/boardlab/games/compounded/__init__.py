"""Compounded (Dice Hate Me Games, 2013): build compounds from element crystals, 2-5 players.

>>> import boardlab
>>> state = boardlab.new("compounded", players=3, seed=7)
>>> state.decision.kind
'claim'
"""

from boardlab.engine import GameSpec
from boardlab.engine.schema import body_schema
from boardlab.games.compounded.audit import audit
from boardlab.games.compounded.codec import action_codec
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.evaluate import evaluate
from boardlab.games.compounded.observation import observation_encoder
from boardlab.games.compounded.options import OPTIONS
from boardlab.games.compounded.state import CompoundedState

SPEC = GameSpec(
    name="compounded",
    title="Compounded",
    min_players=2,
    max_players=5,
    state_class=CompoundedState,
    options=OPTIONS,
    version=1,
    summary="Claim compounds, place element crystals, score atomic points; mind the lab fires.",
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games.compounded"),
)

__all__ = ["CONTENT", "SPEC", "CompoundedState", "audit", "evaluate"]
