"""A new game's package, to copy: every role file of ``src/boardlab/engine/README.md``.

``SPEC`` states the game's facts and names its hooks; it holds no rules. Follow
``games/scythe/__init__.py``. This skeleton is never declared in ``boardlab.games``: copy the
package, fill each file, then declare the copy there.
"""

from boardlab.engine import GameSpec
from boardlab.engine.schema import body_schema
from boardlab.games._template.audit import audit
from boardlab.games._template.codec import action_codec
from boardlab.games._template.evaluate import evaluate
from boardlab.games._template.observation import observation_encoder
from boardlab.games._template.options import OPTIONS
from boardlab.games._template.state import TemplateState

SPEC = GameSpec(
    name="template",
    title="Template",
    min_players=2,
    max_players=4,
    state_class=TemplateState,
    options=OPTIONS,
    summary="A skeleton to copy, not a game.",
    evaluate=evaluate,
    audit=audit,
    action_codec=action_codec,
    observation_encoder=observation_encoder,
    body_schema=body_schema("boardlab.games._template"),
)
