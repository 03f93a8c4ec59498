"""GameSpec and OptionSpec: what ``boardlab.new`` accepts, and errors naming what is accepted."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from toy_game import ToyState

import boardlab
from boardlab.engine import GameSpec, OptionSpec, registry
from boardlab.engine.schema import body_schema


def test_new_reads_back_what_was_asked() -> None:
    state = boardlab.new("toy", players=3, seed=12, pile=10)
    assert (state.game, state.players, state.seed) == ("toy", 3, 12)
    assert state.options == {"pile": 10}
    assert state.history == []


def test_options_left_out_take_their_defaults() -> None:
    assert boardlab.new("toy", players=2).options == {"pile": 15}
    assert boardlab.new("toy", players=2).seed == 0


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess'; games: .*toy"):
        boardlab.new("chess", players=2)


@pytest.mark.parametrize("players", [0, 1, 5, -2, True, False, "2", 2.0, None])
def test_unsupported_player_count_names_the_range(players: object) -> None:
    with pytest.raises(ValueError, match=r"toy is for 2 to 4 players, got"):
        boardlab.new("toy", players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [True, "1", 1.5, None])
def test_seed_must_be_an_integer(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be an integer"):
        boardlab.new("toy", players=2, seed=seed)  # type: ignore[arg-type]


def test_unknown_option_names_the_accepted_options() -> None:
    with pytest.raises(ValueError, match=r"toy has no option 'pyle'; accepted options: pile"):
        boardlab.new("toy", players=2, pyle=10)


@pytest.mark.parametrize("value", ["10", True, 10.0, None])
def test_option_of_the_wrong_type_says_the_type(value: object) -> None:
    with pytest.raises(ValueError, match=r"option 'pile' takes an integer"):
        boardlab.new("toy", players=2, pile=value)


def test_option_value_not_in_choices_lists_the_choices() -> None:
    with pytest.raises(ValueError, match=r"option 'pile': 7 is not one of \[5, 10, 15, 20\]"):
        boardlab.new("toy", players=2, pile=7)


def test_bool_option_takes_only_bools() -> None:
    option = OptionSpec("solo", False, "play alone")
    assert option.validate(True) is True
    for wrong in (1, "true", None):
        with pytest.raises(ValueError, match="takes true or false"):
            option.validate(wrong)


def test_str_option_with_choices() -> None:
    option = OptionSpec("variant", "base", "rules variant", choices=("base", "advanced"))
    assert option.validate("advanced") == "advanced"
    with pytest.raises(ValueError, match="takes a string"):
        option.validate(1)
    with pytest.raises(ValueError, match=r"'expert' is not one of \['base', 'advanced'\]"):
        option.validate("expert")


def test_list_option_checks_each_element_and_stores_a_list() -> None:
    option = OptionSpec("factions", (), "factions in play", choices=("red", "blue", "green"))
    assert option.validate(("red", "blue")) == ["red", "blue"]
    assert option.validate(["green"]) == ["green"]
    written = re.escape('takes a list, written in JSON: factions=["red","blue"]')
    with pytest.raises(ValueError, match=written):
        option.validate("red,blue")
    with pytest.raises(ValueError, match=r"'black' is not one of \['red', 'blue', 'green'\]"):
        option.validate(["red", "black"])


def test_option_lookup_by_name() -> None:
    spec = boardlab.new("toy", players=2).SPEC
    assert spec.option("pile").default == 15
    with pytest.raises(ValueError, match="accepted options: pile"):
        spec.option("stones")


def test_a_game_without_options_says_none_are_accepted() -> None:
    class Bare(ToyState):
        __slots__ = ()

    spec = GameSpec(name="bare", title="Bare", min_players=2, max_players=2, state_class=Bare)
    assert Bare.SPEC is spec
    with pytest.raises(ValueError, match="bare has no option 'pile'; accepted options: none"):
        spec.resolve_options({"pile": 5})
    assert spec.resolve_options({}) == {}


def test_resolve_options_validates_the_given_and_defaults_the_rest() -> None:
    class Two(ToyState):
        __slots__ = ()

    spec = GameSpec(
        name="two_options",
        title="Two options",
        min_players=2,
        max_players=2,
        state_class=Two,
        options=(
            OptionSpec("pile", 15, "stones", choices=(5, 15)),
            OptionSpec("solo", False, "play alone"),
        ),
    )
    assert spec.resolve_options({"solo": True}) == {"pile": 15, "solo": True}
    with pytest.raises(ValueError, match="takes true or false"):
        spec.resolve_options({"solo": "yes"})


def test_float_option_rejects_a_string() -> None:
    with pytest.raises(ValueError, match="option 'ratio'"):
        OptionSpec("ratio", 0.5, "a ratio").validate("lots")


def test_a_spec_holds_facts_only() -> None:
    """Search settings, roles and endgames are tuning (``boardlab.tuning``), not facts."""
    fields = set(GameSpec.__dataclass_fields__)
    assert not fields & {"search_defaults", "roles", "endgame"}
    assert "body_schema" in fields
    with pytest.raises(TypeError):
        GameSpec(  # type: ignore[call-arg]
            name="tuned",
            title="Tuned",
            min_players=2,
            max_players=2,
            state_class=ToyState,
            search_defaults={"c": 0.5},
        )


def test_the_test_games_ship_a_body_schema() -> None:
    for game in ("toy", "duel"):
        schema = registry.spec(game).body_schema
        assert schema is not None and schema["type"] == "object"
        assert set(schema["required"]) == set(boardlab.new(game, players=2).view(0)["body"])


@pytest.fixture
def schema_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An importable package ``boardlab_test_schema`` (without its view.schema.json yet)."""
    package = tmp_path / "boardlab_test_schema"
    package.mkdir()
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    sys.modules.pop("boardlab_test_schema", None)


def test_body_schema_reads_the_package_s_file(schema_package: Path) -> None:
    (schema_package / "view.schema.json").write_text('{"type": "object", "required": ["pile"]}')
    schema = body_schema("boardlab_test_schema")
    assert schema == {"type": "object", "required": ["pile"]}
    with pytest.raises(TypeError):
        schema["type"] = "array"  # type: ignore[index]


def test_a_body_schema_must_be_an_object(schema_package: Path) -> None:
    (schema_package / "view.schema.json").write_text("[1, 2]")
    with pytest.raises(ValueError, match=r"view\.schema\.json is not a JSON Schema object"):
        body_schema("boardlab_test_schema")
