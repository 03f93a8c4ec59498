"""``boardlab rules GAME`` and ``boardlab.api.guide``: the player's guide shipped in each game
package, printed as Markdown when piped and paged in a terminal."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from typer.testing import Result

from boardlab.api import guide
from boardlab.cli.rules import CommandPager

Invoke = Callable[..., Result]
OneLineError = Callable[[Result, str], str]
GUIDED = ("compounded", "konoten", "linnaeus", "scythe")


@pytest.mark.parametrize("game", GUIDED)
def test_guide_is_the_guide_md_shipped_in_the_game_package(game: str) -> None:
    shipped = resources.files(f"boardlab.games.{game}").joinpath("guide.md")
    text = guide(game)
    assert text == shipped.read_text(encoding="utf-8")
    assert text.startswith("# ") and "player's guide" in text.splitlines()[0]


def test_guide_of_a_game_without_one_names_the_games_that_have_one() -> None:
    with pytest.raises(ValueError, match=r"game 'toy' has no player's guide; guides: .*konoten"):
        guide("toy")
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        guide("chess")


def test_rules_prints_the_guide_as_markdown_when_not_a_terminal(invoke: Invoke) -> None:
    result = invoke(["rules", "konoten"])
    assert result.exit_code == 0
    assert result.stdout == guide("konoten")


@pytest.mark.parametrize(
    ("game", "reason"),
    [("toy", "game 'toy' has no player's guide"), ("chess", "unknown game 'chess'")],
)
def test_rules_of_an_unknown_or_unguided_game_is_a_one_line_error(
    invoke: Invoke, one_line_error: OneLineError, game: str, reason: str
) -> None:
    assert reason in one_line_error(invoke(["rules", game]), "rules")


def test_the_pager_is_pager_from_the_environment_told_to_keep_colours(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = tmp_path / "paged.json"
    program = (
        "import json, os, sys; "
        f"open({str(seen)!r}, 'w').write(json.dumps([sys.stdin.read(), os.environ.get('LESS')]))"
    )
    monkeypatch.setenv("PAGER", f"{sys.executable} -c {subprocess.list2cmdline([program])}")
    monkeypatch.delenv("LESS", raising=False)
    CommandPager().show("\x1b[1mKonoten\x1b[0m: a player's guide\n")
    assert json.loads(seen.read_text()) == ["\x1b[1mKonoten\x1b[0m: a player's guide\n", "-R"]


def test_without_a_pager_the_text_is_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PAGER", "no-such-pager-program")
    CommandPager().show("the guide\n")
    assert capsys.readouterr().out == "the guide\n"
