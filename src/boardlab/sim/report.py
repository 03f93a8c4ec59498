"""A run's report: PNG plots (matplotlib, no display needed) and a one-page ``report.md``.

The plots are the win rate by agent and by seat with their 95% intervals as error bars,
the score distributions by seat and by agent, and a histogram of game lengths; for a game
whose seats differ (``boardlab.tuning``: ``Tuning.roles``), the win rate by role too.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from boardlab.sim.record import GameRecord
from boardlab.sim.summary import TIES, Standing, Summary
from boardlab.sim.tables import (
    AGENT_ROLE_HEADERS,
    AGENT_SEAT_HEADERS,
    ITERATIONS_NOTE,
    ROLE_HEADERS,
    ROLE_NOTE,
    SIDES_NOTE,
    STANDING_HEADERS,
    agent_headers,
    agent_role_rows,
    agent_rows,
    agent_seat_rows,
    any_searched,
    footer,
    headline,
    rating_rows,
    role_rows,
    seat_rows,
    seat_title,
)

PLOTS = ("win_rate_by_agent.png", "win_rate_by_seat.png", "scores.png", "game_length.png")
ROLE_PLOT = "win_rate_by_role.png"  # only for games whose seats differ
INSTALL_HINT = "--report needs matplotlib: pip install 'boardlab[sim]'"


def check_matplotlib() -> None:
    """``ValueError`` with the install hint when matplotlib is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ValueError(INSTALL_HINT) from None


def check_report_dir(directory: str | os.PathLike[str]) -> Path:
    """Make ``directory`` (and its parents) if missing and check it takes files, before a
    run spends its time; ``ValueError`` saying why it cannot be the report's directory."""
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--report {folder} is a file; give a directory for the report")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"cannot write --report {folder}: {error.strerror}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"cannot write --report {folder}: permission denied")
    return folder


def write_report(
    summary: Summary, records: Sequence[GameRecord], directory: str | os.PathLike[str]
) -> Path:
    """Write the plots and ``report.md`` into ``directory`` (made if missing); its path."""
    check_matplotlib()
    folder = check_report_dir(directory)
    fair = 1 / max(summary.players, len(summary.sides))
    _win_rates(
        summary.per_agent,
        [s.agent or "" for s in summary.per_agent],
        "agent",
        fair,
        folder / PLOTS[0],
    )
    by_seat = (*summary.per_seat, *summary.other_sides)
    _win_rates(
        by_seat,
        [f"seat {s.seat}" if s.seat is not None else s.side or "" for s in by_seat],
        "seat",
        fair,
        folder / PLOTS[1],
    )
    if summary.per_role:
        _win_rates(
            summary.per_role,
            [s.role or "" for s in summary.per_role],
            "role",
            fair,
            folder / ROLE_PLOT,
        )
    _scores(summary, folder / PLOTS[2])
    _lengths(records, folder / PLOTS[3])
    report = folder / "report.md"
    report.write_text(markdown(summary), encoding="utf-8")
    return report


def markdown(summary: Summary) -> str:
    """The one-page report: headline, tables, ratings and the plots."""
    lines = [f"# Simulation of {summary.game}", "", headline(summary), "", footer(summary), ""]
    lines += [
        f"## {seat_title(summary)}",
        "",
        *_md_table(("seat", "agents", *STANDING_HEADERS), seat_rows(summary)),
    ]
    if summary.other_sides:
        lines += ["", SIDES_NOTE + "."]
    lines += ["", f"![win rate by seat]({PLOTS[1]})", ""]
    lines += ["## Wins by agent", "", *_md_table(agent_headers(summary), agent_rows(summary))]
    if any_searched(summary):
        lines += ["", ITERATIONS_NOTE]
    lines += ["", f"![win rate by agent]({PLOTS[0]})", ""]
    if len(summary.agents) > 1:
        lines += ["## Wins by agent and seat", ""]
        lines += _md_table(AGENT_SEAT_HEADERS, agent_seat_rows(summary))
        lines += [""]
    if summary.per_role:
        lines += ["## Wins by role", "", ROLE_NOTE + ".", ""]
        lines += _md_table(ROLE_HEADERS, role_rows(summary))
        lines += ["", f"![win rate by role]({ROLE_PLOT})", ""]
        if len(summary.agents) > 1:
            lines += ["## Wins by agent and role", ""]
            lines += _md_table(AGENT_ROLE_HEADERS, agent_role_rows(summary))
            lines += [""]
    lines += ["## Ratings", ""]
    if summary.ratings is not None:
        lines += [summary.ratings_note, ""]
        lines += _md_table(("agent", "mu", "sigma", "ordinal"), rating_rows(summary))
    else:
        lines += [f"Not computed: {summary.ratings_note}."]
    lines += ["", "## Scores and game length", "", f"![score distributions]({PLOTS[2]})", ""]
    lines += [f"![game length]({PLOTS[3]})", ""]
    lines += [
        f"Win rates count shared wins as a share ({TIES}); intervals are 95% Wilson "
        "score intervals; sd is the sample standard deviation.",
        "",
    ]
    return "\n".join(lines)


def _md_table(headers: Sequence[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return out


def _figure(width: float = 7.0, height: float = 4.0) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def _win_rates(
    standings: Sequence[Standing], labels: list[str], what: str, fair: float, path: Path
) -> None:
    figure = _figure(max(5.0, 1.2 * len(labels) + 2), 4.0)
    axes = figure.subplots()
    rates = [s.win_rate for s in standings]
    below = [s.win_rate - s.win_rate_ci[0] for s in standings]
    above = [s.win_rate_ci[1] - s.win_rate for s in standings]
    axes.bar(range(len(rates)), rates, yerr=[below, above], capsize=6, color="tab:blue")
    axes.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"1/{round(1 / fair)}")
    axes.set_xticks(range(len(labels)), labels, rotation=0 if what == "seat" else 20)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% CI)")
    axes.set_title(f"Win rate by {what}")
    axes.legend(loc="upper right")
    figure.savefig(path, dpi=100)


def _scores(summary: Summary, path: Path) -> None:
    figure = _figure(10.0, 4.0)
    by_seat, by_agent = figure.subplots(1, 2)
    seats = (*summary.per_seat, *summary.other_sides)
    by_seat.boxplot([list(s.scores) for s in seats])
    by_seat.set_xticks(
        range(1, len(seats) + 1),
        [f"seat {s.seat}" if s.seat is not None else s.side or "" for s in seats],
    )
    by_seat.set_title("Scores by seat")
    by_agent.boxplot([list(s.scores) for s in summary.per_agent])
    by_agent.set_xticks(
        range(1, len(summary.per_agent) + 1),
        [s.agent or "" for s in summary.per_agent],
        rotation=20,
    )
    by_agent.set_title("Scores by agent")
    figure.savefig(path, dpi=100)


def _lengths(records: Sequence[GameRecord], path: Path) -> None:
    figure = _figure()
    axes = figure.subplots()
    lengths = [record.decisions for record in records]
    bins = min(40, max(1, max(lengths) - min(lengths) + 1))
    axes.hist(lengths, bins=bins, color="tab:green")
    axes.set_xlabel("decisions per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    figure.savefig(path, dpi=100)
