"""The seat to move of each game, so that a restarted server finds the bots to wake without
replaying every game.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.to_move`` (unknown, ``NULL``, for the games written before)."""
    op.add_column("games", sa.Column("to_move", sa.Integer, nullable=True))


def downgrade() -> None:
    """Drop ``games.to_move``."""
    op.drop_column("games", "to_move")
