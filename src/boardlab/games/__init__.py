"""The built-in games, declared by name; each package defines ``SPEC`` and is imported lazily.

This package is also what ``boardlab.games()`` calls: the module is callable and gives the
sorted names of every declared game, so ``boardlab.games`` names both the function of the
public API and this package (``import boardlab.games.linnaeus.observation`` works).
"""

import sys
from types import ModuleType

from boardlab.engine import registry

BUILTIN_GAMES = {
    "compounded": "boardlab.games.compounded",
    "konoten": "boardlab.games.konoten",
    "linnaeus": "boardlab.games.linnaeus",
    "scythe": "boardlab.games.scythe",
}

for _name, _module in BUILTIN_GAMES.items():
    registry.declare(_name, _module)


class _CallablePackage(ModuleType):
    """This package, callable as ``boardlab.games()``: the names of every game, sorted."""

    def __call__(self) -> list[str]:
        return registry.names()


sys.modules[__name__].__class__ = _CallablePackage
