"""An import error names the module that is missing (issue 27, item 1): SQLAlchemy 2.1 raised a
plain ``ImportError`` without a name for its missing ``greenlet``, and ``boardlab serve`` said
"None is missing"."""

from __future__ import annotations

from boardlab.cli.errors import missing_module
from boardlab.cli.invocation import command_name


def test_the_name_of_a_module_not_found_is_given() -> None:
    assert missing_module(ModuleNotFoundError("no module", name="fastapi")) == "fastapi"


def test_a_nameless_import_error_names_the_module_it_was_raised_from() -> None:
    try:
        try:
            raise ModuleNotFoundError("No module named 'greenlet'", name="greenlet")
        except ModuleNotFoundError as cause:
            raise ImportError("the asyncio module requires greenlet") from cause
    except ImportError as error:
        assert missing_module(error) == "greenlet"


def test_an_import_error_with_no_module_anywhere_gives_its_text() -> None:
    assert missing_module(ImportError("cannot import name 'x'")) == "cannot import name 'x'"


def test_the_command_is_named_as_a_path_when_the_shell_would_not_find_it(tmp_path, monkeypatch):
    program = tmp_path / ".venv" / "bin" / "boardlab"
    program.parent.mkdir(parents=True)
    program.write_text("")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", "")
    assert command_name(str(program)) == ".venv/bin/boardlab"
    monkeypatch.setenv("PATH", str(program.parent))
    program.chmod(0o755)
    assert command_name(str(program)) == "boardlab"
