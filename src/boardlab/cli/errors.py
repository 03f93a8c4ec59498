"""One-line errors: every bad argument ends with a single line on stderr and exit status 2."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import import_module
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

USAGE_ERROR = 2

# Recent typer releases carry their own copy of click; take its classes from where typer's
# public BadParameter lives, so this works with a vendored or a separate click.
_click_exceptions = import_module(typer.BadParameter.__module__)
_click_globals = import_module(typer.BadParameter.__module__.rpartition(".")[0] + ".globals")
ClickException: Any = _click_exceptions.ClickException
UsageError: Any = _click_exceptions.UsageError
NoArgsIsHelpError: Any = getattr(_click_exceptions, "NoArgsIsHelpError", None)


class BadInput(UsageError):  # type: ignore[misc]  # click's class, found at run time, is Any
    """A bad argument found by a command (unknown game, corrupt save...); exits with status 2."""


def fail(message: str) -> NoReturn:
    """Stop the command with ``message`` as its one-line error and exit status 2."""
    raise BadInput(one_line(message), ctx=_click_globals.get_current_context(silent=True))


def missing_module(error: ImportError) -> str:
    """The module an import failed on, for a message: the first name found along the chain of
    causes (a library may re-raise a plain ``ImportError`` without one), else its text."""
    cause: BaseException | None = error
    while cause is not None:
        name = getattr(cause, "name", None)
        if isinstance(cause, ImportError) and name:
            return str(name)
        cause = cause.__cause__ or cause.__context__
    return one_line(str(error))


def one_line(message: str) -> str:
    """``message`` folded onto one line."""
    return " ".join(str(message).split())


class OneLineErrorGroup(TyperGroup):
    """The top-level command group; it prints errors as one line instead of a usage panel."""

    def main(  # type: ignore[override]  # click types main() as overloads on standalone_mode
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        code = self._run(args, prog_name, complete_var, **extra)
        if standalone_mode:
            sys.exit(code)
        return code

    def _run(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        **extra: Any,
    ) -> int:
        name = prog_name or "boardlab"
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except ClickException as error:
            ctx = getattr(error, "ctx", None)
            if NoArgsIsHelpError is not None and isinstance(error, NoArgsIsHelpError):
                typer.echo(ctx.get_help() if ctx is not None else error.format_message())
                return 0
            where = ctx.command_path if ctx is not None else name
            message = one_line(error.format_message())
            typer.echo(f"{where}: error: {message}", err=True)
            return USAGE_ERROR if isinstance(error, UsageError) else 1
        except typer.Abort:
            typer.echo(f"{name}: aborted", err=True)
            return 1
        except KeyboardInterrupt:
            typer.echo(f"{name}: interrupted", err=True)
            return 130
        return result if isinstance(result, int) else 0
