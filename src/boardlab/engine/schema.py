"""The JSON Schema of a game's view body, read once from the game's package."""

from __future__ import annotations

import json
from importlib import resources
from types import MappingProxyType
from typing import Any

BODY_SCHEMA_FILE = "view.schema.json"


def body_schema(package: str) -> MappingProxyType[str, Any]:
    """The schema in ``package``'s ``view.schema.json``, as a read-only mapping."""
    text = resources.files(package).joinpath(BODY_SCHEMA_FILE).read_text(encoding="utf-8")
    schema = json.loads(text)
    if not isinstance(schema, dict):
        raise ValueError(f"{package}/{BODY_SCHEMA_FILE} is not a JSON Schema object")
    return MappingProxyType(schema)
