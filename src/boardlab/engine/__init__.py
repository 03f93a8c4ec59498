"""The game-agnostic engine: actions, decisions, the state contract, randomness, saves."""

from boardlab.engine.action import Action
from boardlab.engine.decision import Decision
from boardlab.engine.errors import IllegalAction, LoadError
from boardlab.engine.rng import Rng
from boardlab.engine.spec import GameSpec, OptionSpec
from boardlab.engine.stack import Ask, Frame, StackState, Step
from boardlab.engine.state import GameState

__all__ = [
    "Action",
    "Ask",
    "Decision",
    "Frame",
    "GameSpec",
    "GameState",
    "IllegalAction",
    "LoadError",
    "OptionSpec",
    "Rng",
    "StackState",
    "Step",
]
