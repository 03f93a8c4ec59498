"""The tables: a game's creation record, its seats and its actions in order (the event log),
and the analyses of finished games."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("source", sa.String(16), nullable=False, server_default="lobby"),
    sa.Column("moves", sa.Integer, nullable=False, server_default="0"),
    sa.Column("version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("seats_version", sa.Integer, nullable=False, server_default="0"),
    sa.Column("to_move", sa.Integer, nullable=True),  # the seat to move; None once over
    sa.Column("hints", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(16), nullable=False),
    sa.Column("agent", sa.String(200), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("claimed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("hints_used", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hinted", sa.Integer, nullable=True),  # the decision id last hinted
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
)

analyses = sa.Table(
    "analyses",
    metadata,
    sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("setting", sa.String(64), primary_key=True),  # such as "seconds=0"
    sa.Column("status", sa.String(16), nullable=False),  # running, done or failed
    sa.Column("done", sa.Integer, nullable=False, server_default="0"),
    sa.Column("total", sa.Integer, nullable=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("error", sa.Text, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),  # the last sign of life of its job
)

sa.Index("games_created", games.c.created_at)
