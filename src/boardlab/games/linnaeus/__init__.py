"""Linnaeus, 1 to 4 players (1: solo against the automa), from the seed summary and the
rules reference ``rules/linnaeus.md`` of the shared folder (see README.md).

Not declared in ``boardlab.games`` yet; tests register ``SPEC`` at run time.

>>> from boardlab.games.linnaeus import SPEC
>>> SPEC.name
'linnaeus'
"""

from boardlab.engine import GameSpec
from boardlab.engine.schema import body_schema
from boardlab.games.linnaeus.audit import audit
from boardlab.games.linnaeus.codec import action_codec
from boardlab.games.linnaeus.content import CONTENT
from boardlab.games.linnaeus.evaluate import evaluate
from boardlab.games.linnaeus.observation import observation_encoder
from boardlab.games.linnaeus.options import OPTIONS
from boardlab.games.linnaeus.state import LinnaeusState

SPEC = GameSpec(
    name="linnaeus",
    title="Linnaeus",
    min_players=1,
    max_players=4,
    state_class=LinnaeusState,
    options=OPTIONS,
    version=2,
    summary="Explore, research, correspond, cultivate and sail as an 18th-century naturalist; "
    "alone, you play against the automa.",
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games.linnaeus"),
)

__all__ = ["CONTENT", "SPEC", "LinnaeusState"]
