"""The components, read once from ``content/`` into frozen records with named fields.

Validate every count and cross-reference at load, and make an error name the file and the
field. Follow ``games/scythe/content.py`` (with ``datafile.py``); keep integer tables for
the hot paths in a ``tables.py`` beside it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Content:
    """Everything printed on the game's components."""

    rounds: int = 1


CONTENT = Content()
