"""How the person at the terminal runs ``boardlab`` again: the command's name when the shell
finds this very program by it, else the path to it (``.venv/bin/boardlab`` after ``make``)."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def command_name(argv0: str | None = None) -> str:
    """``boardlab`` when it is on the PATH as this program, else a path that runs it."""
    program = Path(argv0 if argv0 is not None else sys.argv[0])
    if program.name != "boardlab":
        return "boardlab"  # run as `python -m boardlab` or from a test: the name is all we know
    found = shutil.which("boardlab")
    if found is not None and _same_file(Path(found), program):
        return "boardlab"
    try:
        relative = os.path.relpath(program.resolve(strict=False), Path.cwd())
    except ValueError:  # another drive on Windows
        return str(program)
    if relative.startswith(".."):
        return str(program.absolute())
    return relative if os.sep in relative else f".{os.sep}{relative}"


def _same_file(first: Path, second: Path) -> bool:
    try:
        return first.resolve() == second.resolve()
    except OSError:
        return False
