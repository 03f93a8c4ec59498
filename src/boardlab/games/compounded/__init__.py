"""Compounded (Dice Hate Me Games, 2013): build compounds from element crystals, 2-5 players.

>>> import boardlab
>>> state = boardlab.new("compounded", players=3, seed=7)
>>> state.decision.kind
'claim'
"""

from boardlab.engine import GameSpec, OptionSpec
from boardlab.engine.schema import body_schema
from boardlab.games.compounded.audit import audit
from boardlab.games.compounded.codec import action_codec
from boardlab.games.compounded.content import CONTENT
from boardlab.games.compounded.evaluate import evaluate
from boardlab.games.compounded.observation import observation_encoder
from boardlab.games.compounded.state import CompoundedState

SPEC = GameSpec(
    name="compounded",
    title="Compounded",
    min_players=2,
    max_players=5,
    state_class=CompoundedState,
    options=(
        OptionSpec(
            "shuffled_deck",
            False,
            "mix the five Lab Fires anywhere in the deck, so one may come on the first refill or "
            "several in a row; off: the first eight refills are safe, then about one card in "
            "eight or nine is a fire",
        ),
        OptionSpec(
            "ap_cap",
            True,
            "cards are worth 3 to 8 atomic points; off: compounds of rare elements are worth more, "
            "up to 16, so one card can swing the game",
        ),
        OptionSpec(
            "trade_offers",
            CONTENT.proposals_per_phase,
            "how many trade offers each scientist may make in each Discovery phase; 0 plays "
            "without trading (shorter games)",
            choices=(0, 1, 2, 3),
        ),
    ),
    version=1,
    summary="Claim compounds, place element crystals, score atomic points; mind the lab fires.",
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games.compounded"),
)

__all__ = ["CONTENT", "SPEC", "CompoundedState", "audit", "evaluate"]
