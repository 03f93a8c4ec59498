"""``boardlab serve``: a bad argument is one line on stderr and exit status 2."""

from __future__ import annotations

import pytest

from boardlab.cli import main


@pytest.mark.parametrize(("argv", "said"), [
    (["--port", "0"], "--port 0 is not a TCP port"),
    (["--port", "70000"], "is not a TCP port"),
    (["--db", "mysql://somewhere/db"], "SQLite or PostgreSQL only"),
    (["--db", "not a url"], "not a database URL"),
    (["--db", "sqlite://"], "must be a file"),
    (["--workers", "0"], "--workers 0"),
    (["--workers", "2"], "needs PostgreSQL"),
    (["--bot-delay", "-1"], "--bot-delay"),
])
def test_bad_arguments_end_with_one_line_and_status_2(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", *argv]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
