"""Each adapter names the optional extra to install when its library is missing."""

from __future__ import annotations

import importlib
import sys

import pytest

import boardlab
import boardlab.adapters


@pytest.mark.parametrize(
    ("adapter", "library"),
    [
        ("boardlab.adapters.pettingzoo", "pettingzoo"),
        ("boardlab.adapters.openspiel", "pyspiel"),
        ("boardlab.adapters.gymnasium", "gymnasium"),
        ("boardlab.adapters.spaces", "gymnasium"),
    ],
)
def test_a_missing_library_raises_import_error_naming_the_rl_extra(
    monkeypatch: pytest.MonkeyPatch, adapter: str, library: str
) -> None:
    monkeypatch.setitem(sys.modules, library, None)  # makes `import library` fail
    monkeypatch.delitem(sys.modules, adapter, raising=False)
    monkeypatch.delitem(sys.modules, "boardlab.adapters.spaces", raising=False)
    with pytest.raises(ImportError, match=r"pip install 'boardlab\[rl\]'"):
        importlib.import_module(adapter)


def test_the_package_itself_needs_no_learning_library(monkeypatch: pytest.MonkeyPatch) -> None:
    for library in ("numpy", "gymnasium", "pettingzoo", "pyspiel"):
        monkeypatch.setitem(sys.modules, library, None)
    monkeypatch.setattr(boardlab, "adapters", sys.modules["boardlab.adapters"])
    for name in [m for m in sys.modules if m.startswith("boardlab.adapters")]:
        monkeypatch.delitem(sys.modules, name)
    package = importlib.import_module("boardlab.adapters")
    assert package.utility_range(2) == (-1.0, 1.0)
