"""Compiled helpers that know no game: ``vector`` runs declared observation programs
(``boardlab.engine.vector``). Optional: without a C compiler the package works without them."""
