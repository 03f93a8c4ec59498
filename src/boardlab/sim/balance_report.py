"""A balance report in words: rich tables for a terminal, and ``report.md`` with PNG plots."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text

from boardlab.sim.balance import BalanceReport, Spread
from boardlab.sim.report import check_matplotlib, check_report_dir
from boardlab.sim.summary import TIES, Standing
from boardlab.sim.tables import number, percent

PLOTS = ("seats.png", "roles.png", "probes.png", "kinds.png", "sources.png", "positions.png")
SEAT_HEADERS = ("seat", "games", "wins", "win rate % (95% CI)", "mean score")
POSITION_HEADERS = ("first turn", *SEAT_HEADERS[1:])
SPREAD_HEADERS = ("", "mean", "sd", "min", "p10", "median", "p90", "max")
KIND_HEADERS = ("kind", "chosen / game", "% of choices", "games offered", "never chosen in")
SOURCE_HEADERS = ("source", "mean points", "% of points")
PROBE_HEADERS = ("probe", "what it plays", "games", "probe wins % (95% CI)", "scores")


def rate(standing: Standing) -> str:
    low, high = standing.win_rate_ci
    return f"{percent(standing.win_rate)} ({percent(low)}-{percent(high)})"


def seat_rows(report: BalanceReport) -> list[list[str]]:
    return [
        [
            f"P{standing.seat + 1}" if standing.seat is not None else standing.side or "",
            str(standing.games),
            number(standing.wins, 1),
            rate(standing),
            number(standing.mean_score, 1),
        ]
        for standing in (*report.per_seat, *report.summary.other_sides)
    ]


def ordinal(position: int) -> str:
    """``0`` -> ``"1st"``, ``1`` -> ``"2nd"``: the place of a seat in the order of first turns."""
    number_ = position + 1
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number_ if number_ < 20 else number_ % 10, "th")
    return f"{number_}{suffix}"


def position_rows(report: BalanceReport) -> list[list[str]]:
    rows = []
    for position in report.turn_positions:
        low, high = position.win_rate_ci
        rows.append(
            [
                ordinal(position.position),
                str(position.games),
                number(position.wins, 1),
                f"{percent(position.win_rate)} ({percent(low)}-{percent(high)})",
                number(position.mean_score, 1),
            ]
        )
    return rows


def role_rows(report: BalanceReport) -> list[list[str]]:
    return [
        [
            standing.role or "",
            str(standing.games),
            number(standing.wins, 1),
            rate(standing),
            number(standing.mean_score, 1),
        ]
        for standing in report.per_role
    ]


def spread_rows(report: BalanceReport) -> list[list[str]]:
    def row(name: str, spread: Spread) -> list[str]:
        values = (spread.mean, spread.stdev, spread.low, spread.p10, spread.median)
        return [name, *(number(v, 1) for v in (*values, spread.p90, spread.high))]

    return [
        row("final score (every seat)", report.scores),
        row("winning margin", report.margins),
        row("decisions per game", report.lengths),
    ]


def kind_rows(report: BalanceReport) -> list[list[str]]:
    games = len(report.records)
    return [
        [
            kind.kind,
            number(kind.chosen_per_game, 1),
            percent(kind.chosen_share),
            f"{kind.games_offered} of {games}",
            f"{kind.games_never_chosen} of {kind.games_offered}",
        ]
        for kind in report.kinds
    ]


def source_rows(report: BalanceReport) -> list[list[str]]:
    return [
        [source.source, number(source.mean_points, 2), percent(source.share)]
        for source in report.sources
    ]


def probe_rows(report: BalanceReport) -> list[list[str]]:
    rows = []
    for probe in report.probes:
        low, high = probe.win_rate_ci
        rows.append(
            [
                probe.probe,
                probe.help,
                str(probe.games),
                f"{percent(probe.win_rate)} ({percent(low)}-{percent(high)})",
                f"{number(probe.probe_score, 1)} vs {number(probe.agent_score, 1)}",
            ]
        )
    return rows


def headline(report: BalanceReport) -> str:
    config = report.config
    return (
        f"{config.game}, {config.players} players: {config.games} mirror games of "
        f"{config.agent} (seats rotated, seeds {config.seed}-{config.seed + config.games - 1})"
    )


def balance_tables(report: BalanceReport) -> Group:
    """The report as rich tables, for a terminal."""
    parts: list[Table | Text] = [Text(headline(report), style="bold")]
    parts.append(_table("Wins by seat", SEAT_HEADERS, seat_rows(report)))
    if report.turn_positions:
        title = "Wins by turn position (first-player advantage)"
        parts.append(_table(title, POSITION_HEADERS, position_rows(report)))
    if report.per_role:
        parts.append(_table("Wins by role", ("role", *SEAT_HEADERS[1:]), role_rows(report)))
    parts.append(_table("Spreads", SPREAD_HEADERS, spread_rows(report)))
    parts.append(
        _table("Kinds of option (decisions with a choice)", KIND_HEADERS, kind_rows(report))
    )
    if report.sources:
        parts.append(_table("Points by scoring source", SOURCE_HEADERS, source_rows(report)))
    if report.probes:
        title = f"Probes, one seat against {report.config.agent} in the others (seats rotated)"
        rows = [[row[0], *row[2:]] for row in probe_rows(report)]
        parts.append(_table(title, (PROBE_HEADERS[0], *PROBE_HEADERS[2:]), rows))
    parts.append(Text(f"Win rates with 95% Wilson intervals; {TIES}.", style="dim"))
    return Group(*parts)


def markdown(report: BalanceReport, plots: bool = True) -> str:
    """The report as one Markdown page (with the plots of ``write_balance_report``)."""
    lines = [f"# Balance of {report.config.game}", "", headline(report) + ".", ""]

    def section(title: str, headers: Sequence[str], rows: list[list[str]], plot: str) -> None:
        lines.extend([f"## {title}", "", *_md_table(headers, rows), ""])
        if plots and plot:
            lines.extend([f"![{title}]({plot})", ""])

    section("Wins by seat", SEAT_HEADERS, seat_rows(report), PLOTS[0])
    if report.turn_positions:
        title = "Wins by turn position (first-player advantage)"
        section(title, POSITION_HEADERS, position_rows(report), PLOTS[5])
    if report.per_role:
        section("Wins by role", ("role", *SEAT_HEADERS[1:]), role_rows(report), PLOTS[1])
    section("Spreads", SPREAD_HEADERS, spread_rows(report), "")
    section("Kinds of option", KIND_HEADERS, kind_rows(report), PLOTS[3])
    if report.sources:
        section("Points by scoring source", SOURCE_HEADERS, source_rows(report), PLOTS[4])
    if report.probes:
        section("Probes", PROBE_HEADERS, probe_rows(report), PLOTS[2])
    lines.append(f"Win rates with 95% Wilson intervals; {TIES}.")
    return "\n".join(lines) + "\n"


def write_balance_report(report: BalanceReport, directory: str | os.PathLike[str]) -> Path:
    """Write the plots and ``report.md`` into ``directory`` (made if missing); its path."""
    check_matplotlib()
    folder = check_report_dir(directory)
    fair = 1 / report.config.players
    seats = (*report.per_seat, *report.summary.other_sides)
    _bars(
        [f"P{s.seat + 1}" if s.seat is not None else s.side or "" for s in seats],
        [s.win_rate for s in seats],
        [s.win_rate_ci for s in seats],
        fair,
        "Win rate by seat",
        folder / PLOTS[0],
    )
    if report.turn_positions:
        positions = report.turn_positions
        _bars(
            [ordinal(p.position) for p in positions],
            [p.win_rate for p in positions],
            [p.win_rate_ci for p in positions],
            fair,
            "Win rate by turn position",
            folder / PLOTS[5],
        )
    if report.per_role:
        roles = report.per_role
        _bars(
            [s.role or "" for s in roles],
            [s.win_rate for s in roles],
            [s.win_rate_ci for s in roles],
            fair,
            "Win rate by role",
            folder / PLOTS[1],
        )
    if report.probes:
        _bars(
            [p.probe for p in report.probes],
            [p.win_rate for p in report.probes],
            [p.win_rate_ci for p in report.probes],
            fair,
            f"Probe win rate against {report.config.agent}",
            folder / PLOTS[2],
        )
    _shares(
        [k.kind for k in report.kinds],
        [k.chosen_share for k in report.kinds],
        "Share of choices",
        folder / PLOTS[3],
    )
    if report.sources:
        _shares(
            [s.source for s in report.sources],
            [s.share for s in report.sources],
            "Share of points",
            folder / PLOTS[4],
        )
    path = folder / "report.md"
    path.write_text(markdown(report), encoding="utf-8")
    return path


def _table(title: str, headers: Sequence[str], rows: list[list[str]]) -> Table:
    table = Table(title=title, title_justify="left")
    for n, header in enumerate(headers):
        table.add_column(header, justify="left" if n == 0 else "right")
    for row in rows:
        table.add_row(*row)
    return table


def _md_table(headers: Sequence[str], rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return out


def _bars(
    labels: list[str],
    rates: list[float],
    intervals: Sequence[tuple[float, float]],
    fair: float,
    title: str,
    path: Path,
) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(max(5.0, 1.0 * len(labels) + 2), 4.0), layout="constrained")
    axes = figure.subplots()
    # Wilson bounds may sit a rounding error past the rate itself (0 wins: 1e-18 above 0).
    below = [max(0.0, r - low) for r, (low, _) in zip(rates, intervals, strict=True)]
    above = [max(0.0, high - r) for r, (_, high) in zip(rates, intervals, strict=True)]
    axes.bar(range(len(rates)), rates, yerr=[below, above], capsize=6, color="tab:blue")
    axes.axhline(fair, color="grey", linestyle="--", linewidth=1, label="fair share")
    axes.set_xticks(range(len(labels)), labels, rotation=20 if len(labels) > 4 else 0)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95% CI)")
    axes.set_title(title)
    axes.legend(loc="upper right")
    figure.savefig(path, dpi=100)


def _shares(labels: list[str], shares: list[float], title: str, path: Path) -> None:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7.0, max(3.0, 0.3 * len(labels) + 1)), layout="constrained")
    axes = figure.subplots()
    axes.barh(range(len(shares)), shares, color="tab:green")
    axes.set_yticks(range(len(labels)), labels)
    axes.invert_yaxis()
    axes.set_xlabel("share")
    axes.set_title(title)
    figure.savefig(path, dpi=100)
