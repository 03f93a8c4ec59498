"""Konoten ("Are you telling me this genius scientist can't get first place?"), 2-4 players.

>>> import boardlab
>>> state = boardlab.new("konoten", players=3, seed=1)
"""

from boardlab.engine import GameSpec, OptionSpec
from boardlab.engine.schema import body_schema
from boardlab.games.konoten.audit import audit
from boardlab.games.konoten.codec import action_codec
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.evaluate import evaluate
from boardlab.games.konoten.observation import observation_encoder
from boardlab.games.konoten.state import KonotenState
from boardlab.games.konoten.tables import CHARACTER_IDS

SPEC = GameSpec(
    name="konoten",
    title="Konoten: Are You Telling Me This Genius Scientist Can't Get First Place?",
    min_players=CONTENT.min_players,
    max_players=CONTENT.max_players,
    state_class=KonotenState,
    options=(
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
    ),
    version=8,
    summary="Grind transparent cards into lenses, place assistants, grow your character.",
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games.konoten"),
)

__all__ = ["CONTENT", "SPEC", "KonotenState", "audit", "evaluate"]
