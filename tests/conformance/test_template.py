"""One game template (issue 29 item 5; house style 1): every game package has each role file
of the table in ``src/boardlab/engine/README.md``, its role modules define the names the
table gives, and the game's ``SPEC``, state and tuning use those very names.

The table is read from the README, so the documentation and this test cannot drift apart.
``games/_template/`` is held to the same table, and is never declared as a game.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from importlib import import_module
from importlib.resources import files
from pathlib import Path
from types import ModuleType

import pytest

import boardlab
from boardlab.engine import GameSpec, GameState, registry
from boardlab.tuning import tuning

README = Path(__file__).resolve().parents[2] / "src" / "boardlab" / "engine" / "README.md"
TEMPLATE = "boardlab.games._template"


@dataclass(frozen=True)
class Role:
    """One row of the table: the files of a role, the names its module defines, and the games
    that go without it."""

    files: tuple[str, ...]
    defines: tuple[str, ...]
    without: tuple[str, ...]

    @property
    def module(self) -> str | None:
        """The role's Python module (``"scoring"``), if it has one."""
        return next((f.removesuffix(".py") for f in self.files if f.endswith(".py")), None)


def read_roles() -> list[Role]:
    """The rows of the README's "One file per role" table."""
    text = README.read_text(encoding="utf-8")
    section = text.split("## One file per role", 1)[1].split("\n## ", 1)[0]
    roles = []
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[0].startswith("`"):
            continue
        names = re.findall(r"`([^`]+)`", cells[2])
        roles.append(Role(
            files=tuple(re.findall(r"`([^`]+)`", cells[0])),
            defines=tuple(n for n in names if n != "-"),
            without=tuple(re.findall(r"`([^`]+)`", cells[4])),
        ))
    return roles


ROLES = read_roles()


def package_of(game: str) -> str:
    """The game's package; a game registered directly (tests' own games) has none to check."""
    package = registry.module_of(game)
    if not package:
        pytest.skip(f"{game} is registered directly, not declared with a package")
    return package


def role_module(package: str, role: Role) -> ModuleType:
    assert role.module is not None
    return import_module(package if role.module == "__init__" else f"{package}.{role.module}")


def missing_files(package: str, game: str) -> list[str]:
    root = files(package)
    return [name for role in ROLES if game not in role.without for name in role.files
            if not root.joinpath(name.rstrip("/")).is_file()
            and not root.joinpath(name.rstrip("/")).is_dir()]


def missing_names(package: str, game: str) -> list[str]:
    found = []
    for role in ROLES:
        if role.module is None or game in role.without:
            continue
        module = role_module(package, role)
        found += [f"{role.module}.{name}" for name in role.defines if not hasattr(module, name)]
    return found


def test_issue29_5_the_role_table_is_read_from_the_engine_readme() -> None:
    """The table names each role once, the scoring and options roles among them."""
    files_named = [name for role in ROLES for name in role.files]
    assert len(files_named) == len(set(files_named)) and len(ROLES) >= 18
    scoring = next(role for role in ROLES if role.module == "scoring")
    assert set(scoring.defines) == {"score_breakdown", "end_reason"}
    assert next(role for role in ROLES if role.module == "options").defines == ("OPTIONS",)


def test_issue29_5_every_game_has_every_role_file(loadable_game: str) -> None:
    assert missing_files(package_of(loadable_game), loadable_game) == []


def test_issue29_5_role_modules_define_the_names_of_the_table(loadable_game: str) -> None:
    assert missing_names(package_of(loadable_game), loadable_game) == []


def test_issue29_5_spec_state_and_tuning_use_the_role_modules(loadable_game: str) -> None:
    """``SPEC``'s options and hooks, the state's rules table and the tuning's probes are the
    role modules' own objects, not copies kept elsewhere."""
    package = package_of(loadable_game)
    spec: GameSpec = import_module(package).SPEC

    def role(name: str) -> ModuleType:
        return import_module(f"{package}.{name}")

    assert spec.options is role("options").OPTIONS
    assert spec.evaluate is role("evaluate").evaluate
    assert spec.audit is role("audit").audit
    assert spec.action_codec is role("codec").action_codec
    assert spec.observation_encoder is role("observation").observation_encoder
    assert spec.state_class.__module__ == f"{package}.state"
    assert spec.state_class.RULES is role("flow").RULES
    assert tuning(loadable_game).probes == role("probes").PROBES


def hooks_and_role_functions(package: str, state: GameState, seat: int) -> list[tuple[object,
                                                                                      object]]:
    """Pairs (what the state's hook gives, what the role function gives) for one state."""
    def role(name: str) -> ModuleType:
        return import_module(f"{package}.{name}")

    pairs: list[tuple[object, object]] = [
        (state.score_breakdown(), role("scoring").score_breakdown(state)),
        (state.render_text(seat), role("board_text").render_text(state, seat)),
        (state.view_body(seat), role("view").view_body(state, seat)),
    ]
    if state.is_over:
        pairs.append((state.end_reason(), role("scoring").end_reason(state)))
    return pairs


def test_issue29_5_hooks_delegate_to_the_role_modules(loadable_game: str) -> None:
    """Scores by source, the end's reason, the text board and the view body come from
    ``scoring.py``, ``board_text.py`` and ``view.py``: mid-game and at the end of a random game."""
    package = package_of(loadable_game)
    spec = registry.spec(loadable_game)
    state = boardlab.new(loadable_game, players=max(2, spec.min_players), seed=29)
    chooser = random.Random(29)
    moves = 0
    while not state.is_over:
        if moves == 40:
            for hook, role in hooks_and_role_functions(package, state, 0):
                assert hook == role
        state.apply(chooser.choice(state.legal_actions()))
        moves += 1
    pairs = hooks_and_role_functions(package, state, 0)
    assert len(pairs) == 4 and pairs[3][0]
    for hook, role in pairs:
        assert hook == role


def test_issue29_5_the_template_has_every_role_and_is_no_game() -> None:
    """``games/_template/`` holds every role file, each defining the names of the table, and
    every role module opens with a docstring for a new game's author; it is not declared."""
    assert missing_files(TEMPLATE, "_template") == []
    assert missing_names(TEMPLATE, "_template") == []
    for role in ROLES:
        if role.module is not None:
            doc = " ".join((role_module(TEMPLATE, role).__doc__ or "").split())
            assert "Follow ``games/" in doc, role.module
    assert all(registry.module_of(name) != TEMPLATE for name in registry.names())
    spec: GameSpec = import_module(TEMPLATE).SPEC
    assert spec.name not in registry.names()


def test_issue29_5_the_template_plays_as_a_game_that_ends_at_once() -> None:
    """Its hooks are wired: a new game deals, ends, scores and saves through the role files."""
    spec: GameSpec = import_module(TEMPLATE).SPEC
    state = spec.state_class.create(2, 7, spec.resolve_options({}))
    assert state.is_over and state.winners() == [0, 1]
    for hook, role in hooks_and_role_functions(TEMPLATE, state, 1):
        assert hook == role
    assert '"points":[0,0]' in state.to_json()

