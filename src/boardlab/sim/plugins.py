"""Games defined outside boardlab: modules with a ``SPEC`` that a run imports and registers.

A worker process or a Ray worker starts with only the built-in games; a run's plugins are
loaded there before its first game, the same way as in the process that started the run.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from importlib import import_module
from types import ModuleType

from boardlab.engine import registry
from boardlab.engine.spec import GameSpec


def load_plugins(modules: Iterable[str]) -> None:
    """Import each module and register its ``SPEC``; ``ValueError`` when one cannot be used."""
    for name in modules:
        try:
            module = import_module(name)
        except ImportError as error:
            raise ValueError(f"plugin {name!r} cannot be imported: {error}") from None
        spec = getattr(module, "SPEC", None)
        if not isinstance(spec, GameSpec):
            raise ValueError(f"plugin {name!r} defines no game SPEC")
        if spec.name not in registry.names() or registry.spec(spec.name) is not spec:
            registry.register(spec)


def shipped_modules(modules: Iterable[str]) -> list[ModuleType]:
    """The top-level packages (or single-file modules) of plugins, to ship to a Ray cluster.

    Namespace packages (no ``__init__.py``) cannot be shipped and are left out.
    """
    tops = dict.fromkeys(name.partition(".")[0] for name in modules)
    found = [sys.modules[top] for top in tops if top in sys.modules and top != "boardlab"]
    return [module for module in found if getattr(module, "__file__", None)]


def defining_module(spec: GameSpec) -> tuple[str, ...]:
    """The module to load as a plugin for a game registered from outside boardlab, if any.

    That is the module of the game's state class when it is importable by name and its
    ``SPEC`` is this spec; built-in games and games defined in ``__main__`` give none.
    """
    name = spec.state_class.__module__
    if name == "__main__" or name == "boardlab" or name.startswith("boardlab."):
        return ()
    module = sys.modules.get(name)
    return (name,) if module is not None and getattr(module, "SPEC", None) is spec else ()
