"""Alembic's environment: migrations run on the connection ``db.migrate`` hands over."""

from __future__ import annotations

from alembic import context

from boardlab.web.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata)
with context.begin_transaction():
    context.run_migrations()
