"""The rules table: each frame kind of the decision stack to its ``Step`` (automatic) or
``Ask`` (a decision), read top to bottom in the order of a round, with rule ids; the rules
of each area live in modules named after it. Follow ``games/compounded/flow.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from boardlab.engine.stack import Rule

RULES: Mapping[Any, Rule[Any]] = {}
