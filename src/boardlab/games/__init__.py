"""The built-in games, declared by name; each package defines ``SPEC`` and is imported lazily."""

from boardlab.engine import registry

BUILTIN_GAMES = {
    "compounded": "boardlab.games.compounded",
    "konoten": "boardlab.games.konoten",
    "linnaeus": "boardlab.games.linnaeus",
    "scythe": "boardlab.games.scythe",
}

for _name, _module in BUILTIN_GAMES.items():
    registry.declare(_name, _module)
