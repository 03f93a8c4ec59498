"""Secret seat tokens (only their hash is stored) and short random game ids."""

from __future__ import annotations

import hashlib
import re
import secrets

_URL_SAFE = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""Game ids and seat tokens are URL-safe base64 (``secrets.token_urlsafe``): anything else
names no game and no seat, and is refused before any query."""


def new_token() -> str:
    """A fresh unguessable seat token (192 random bits, URL-safe text)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """The SHA-256 hex digest of ``token``: what the database keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def well_formed(text: str) -> bool:
    """Whether ``text`` could be a game id or a seat token (their URL-safe alphabet, at most
    64 characters)."""
    return _URL_SAFE.fullmatch(text) is not None


def new_game_id() -> str:
    """A short random URL-safe game id (72 random bits)."""
    return secrets.token_urlsafe(9)


def random_seed() -> int:
    """A random seed for a game created without one."""
    return secrets.randbelow(2**31)
