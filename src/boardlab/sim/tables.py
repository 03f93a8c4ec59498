"""The summary of a run as rich tables for a terminal (and as rows for the markdown report)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from boardlab.sim.summary import TIES, Standing, Summary

STANDING_HEADERS = ("games", "wins", "win %", "95% CI", "mean score", "sd", "mean length")
AGENT_SEAT_HEADERS = ("agent", "seat", *STANDING_HEADERS[:5])
ROLE_HEADERS = ("role", *STANDING_HEADERS)
AGENT_ROLE_HEADERS = ("agent", "role", *STANDING_HEADERS[:5])
ROLE_NOTE = "role: each seat's character or faction, whoever played it"
ITERATIONS_NOTE = "iters: mean search iterations per decision searched"
NO_SEAT = "(no seat)"
SIDES_NOTE = "a side no seat plays (an automa) wins the games no seat wins"


def number(value: float, digits: int = 2) -> str:
    """``12`` for a whole number, else rounded to ``digits`` decimals."""
    return str(int(value)) if float(value).is_integer() else f"{value:.{digits}f}"


def option_text(value: Any) -> str:
    """An option's value as typed after ``--option key=``: text as is, anything else as
    JSON (``true``, ``3``, ``["a","b"]``)."""
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, separators=(",", ":"))
    except TypeError:
        return str(value)


def percent(value: float) -> str:
    """``0.4056`` -> ``"40.6"``."""
    return f"{100 * value:.1f}"


def standing_cells(standing: Standing) -> list[str]:
    """The cells of a standing, in the order of ``STANDING_HEADERS``."""
    low, high = standing.win_rate_ci
    return [
        str(standing.games),
        number(standing.wins),
        percent(standing.win_rate),
        f"{percent(low)}-{percent(high)}",
        f"{standing.mean_score:.2f}",
        f"{standing.stdev_score:.2f}",
        f"{standing.mean_decisions:.1f}",
    ]


def seat_rows(summary: Summary) -> list[list[str]]:
    """One row per seat: the seat, who sat there ("rotated" for several), then its standing;
    then one row per side no seat plays (an automa), named in the seat column."""
    rows = []
    for standing in summary.per_seat:
        seated = [s.agent or "" for s in summary.per_agent_seat if s.seat == standing.seat]
        who = seated[0] if len(seated) == 1 else "rotated"
        rows.append([str(standing.seat), who, *standing_cells(standing)])
    for standing in summary.other_sides:
        rows.append([standing.side or "", NO_SEAT, *standing_cells(standing)])
    return rows


def seat_title(summary: Summary) -> str:
    """The seat table's title: with "and side" when a side no seat plays took part."""
    return "Wins by seat and side" if summary.other_sides else "Wins by seat"


def any_searched(summary: Summary) -> bool:
    """Whether some agent searched (then the agent table has an ``iters`` column)."""
    return any(s.iterations_per_search is not None for s in summary.per_agent)


def agent_headers(summary: Summary) -> tuple[str, ...]:
    return ("agent", *STANDING_HEADERS, *(("iters",) if any_searched(summary) else ()))


def agent_rows(summary: Summary) -> list[list[str]]:
    """One row per agent, with the cells of ``agent_headers`` ("-": never searched)."""
    searched = any_searched(summary)
    rows = []
    for s in summary.per_agent:
        row = [s.agent or "", *standing_cells(s)]
        if searched:
            spent = s.iterations_per_search
            row.append("-" if spent is None else f"{spent:,.0f}")
        rows.append(row)
    return rows


def agent_seat_rows(summary: Summary) -> list[list[str]]:
    """One row per agent and seat it sat in, with the cells of ``AGENT_SEAT_HEADERS``."""
    return [[s.agent or "", str(s.seat), *standing_cells(s)[:5]] for s in summary.per_agent_seat]


def role_rows(summary: Summary) -> list[list[str]]:
    """One row per role (character, faction), with the cells of ``ROLE_HEADERS``."""
    return [[s.role or "", *standing_cells(s)] for s in summary.per_role]


def agent_role_rows(summary: Summary) -> list[list[str]]:
    """One row per agent and role it played, with the cells of ``AGENT_ROLE_HEADERS``."""
    return [[s.agent or "", s.role or "", *standing_cells(s)[:5]] for s in summary.per_agent_role]


def rating_rows(summary: Summary) -> list[list[str]]:
    return [
        [r.agent, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}"]
        for r in summary.ratings or ()
    ]


def headline(summary: Summary) -> str:
    """One line: the game, players, games, seed and options."""
    options = ", ".join(f"{key}={option_text(value)}" for key, value in summary.options.items())
    last = summary.seed + summary.games - 1 if summary.last_seed is None else summary.last_seed
    return (
        f"{summary.game}: {summary.games} games, {summary.players} players, "
        f"seeds {summary.seed}..{last}" + (f", options {options}" if options else "")
    )


def footer(summary: Summary) -> str:
    """Mean game length and speed, in one line."""
    speed = summary.games_per_second
    played = ""
    if summary.played is not None:
        played = f"; {summary.played} of {summary.games} games played now"
    if speed is not None and summary.seconds is not None:
        played += f" in {summary.seconds:.2f} s, {speed:.1f} games/s"
    return (
        f"mean decisions per game {summary.mean_decisions:.1f} "
        f"(sd {summary.stdev_decisions:.1f}){played}; ties: {TIES}"
    )


def summary_tables(summary: Summary) -> Group:
    """Everything ``boardlab simulate`` prints: seats, agents, agents by seat, roles (for
    games whose seats differ), ratings."""
    by_seat = _table(seat_title(summary), ("seat", "agents", *STANDING_HEADERS), seat_rows(summary))
    if summary.other_sides:
        by_seat.caption = SIDES_NOTE
    by_agent = _table("Wins by agent", agent_headers(summary), agent_rows(summary))
    if any_searched(summary):
        by_agent.caption = ITERATIONS_NOTE
    parts: list[Table | Text] = [
        Text(headline(summary), style="bold"),
        by_seat,
        by_agent,
    ]
    if len(summary.agents) > 1:
        parts.append(
            _table(
                "Wins by agent and seat",
                AGENT_SEAT_HEADERS,
                agent_seat_rows(summary),
            )
        )
    if summary.per_role:
        by_role = _table("Wins by role", ROLE_HEADERS, role_rows(summary))
        by_role.caption = ROLE_NOTE
        parts.append(by_role)
        if len(summary.agents) > 1:
            parts.append(
                _table("Wins by agent and role", AGENT_ROLE_HEADERS, agent_role_rows(summary))
            )
    if summary.ratings is not None:
        ratings = _table("Ratings", ("agent", "mu", "sigma", "ordinal"), rating_rows(summary))
        ratings.caption = summary.ratings_note
        parts.append(ratings)
    else:
        parts.append(Text(f"ratings: {summary.ratings_note}"))
    parts.append(Text(footer(summary)))
    return Group(*parts)


TEXT_HEADERS = ("agent", "agents", "role")
"""Columns of names, which may fold; every other column holds numbers, never split."""


def _table(title: str, headers: Sequence[str], rows: list[list[str]]) -> Table:
    """A table whose numbers are never split across lines, however narrow the terminal: the
    number columns keep their width (their headers go one word a line) and the columns of
    names fold instead."""
    table = Table(title=title, title_justify="left")
    for n, header in enumerate(headers):
        text = n == 0 or header in TEXT_HEADERS
        table.add_column(
            header if text else header.replace(" ", "\n"),
            justify="left" if text else "right",
            no_wrap=not text,
            overflow="fold",
        )
    for row in rows:
        table.add_row(*(Text(cell) for cell in row))
    return table
