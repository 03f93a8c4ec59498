"""Analyses of finished games (one row per game and setting, with its progress and result),
and hints: whether a game offers them and how many each seat used.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``games.hints``, ``seats.hints_used`` and ``seats.hinted``; create ``analyses``."""
    op.add_column("games", sa.Column("hints", sa.Boolean, nullable=False,
                                     server_default=sa.false()))
    op.add_column("seats", sa.Column("hints_used", sa.Integer, nullable=False,
                                     server_default="0"))
    op.add_column("seats", sa.Column("hinted", sa.Integer, nullable=True))
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("setting", sa.String(64), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
        sa.Column("error", sa.Text, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    """Drop what ``upgrade`` added."""
    op.drop_table("analyses")
    op.drop_column("seats", "hinted")
    op.drop_column("seats", "hints_used")
    op.drop_column("games", "hints")
