"""Imports run one way (issue 29 item 3; house style 12): each package of ``boardlab`` may
import only the packages below it. Read from the source with ``ast``, imports inside
functions and under ``TYPE_CHECKING`` included.

    _native  <-  engine  <-  games  <-  encoding  <-  agents  <-  adapters, sim  <-  web  <-  cli

``_native`` holds compiled code that knows no game (the engine's observation kernel).
``encoding`` sits below ``games`` in the sense that it knows no game (it finds codecs and
encoders through the engine's registry); ``games`` import only the engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "src" / "boardlab"

#: The packages each package may import (besides itself and the top-level modules'
#: ``boardlab.engine`` re-exports).
ALLOWED = {
    "_native": set(),
    "engine": {"_native"},
    "games": {"engine"},
    "encoding": {"engine"},
    "agents": {"engine", "encoding"},
    "adapters": {"engine", "encoding", "agents"},
    "sim": {"engine", "agents", "games"},
    "analysis": {"engine", "agents", "encoding"},
    "web": {"engine", "agents", "games", "analysis"},
    "cli": {"engine", "agents", "games", "sim", "web", "analysis"},
}
PACKAGES = sorted(path.name for path in ROOT.iterdir() if (path / "__init__.py").exists())


def imported_packages(package: str) -> dict[str, list[str]]:
    """The other ``boardlab`` packages that ``package``'s modules import, with the modules."""
    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            for name in names:
                parts = name.split(".")
                inside = parts[0] == "boardlab" and len(parts) > 1 and parts[1] in PACKAGES
                if inside and parts[1] != package:
                    found.setdefault(parts[1], []).append(str(path.relative_to(ROOT)))
    return found


def test_every_package_has_a_place_in_the_layers() -> None:
    assert set(PACKAGES) == set(ALLOWED), "a new package must be given its layer here"


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_a_package_imports_only_the_layers_below_it(package: str) -> None:
    wrong = {
        other: sorted(set(modules))
        for other, modules in imported_packages(package).items()
        if other not in ALLOWED[package]
    }
    assert not wrong, f"{package} imports packages above it: {wrong}"


def test_agents_and_adapters_do_not_import_each_other_both_ways() -> None:
    """The policy agent reads observations through ``encoding``, not the adapters."""
    assert "adapters" not in imported_packages("agents")
