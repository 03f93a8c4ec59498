"""``--report``: the PNG plots and the one-page markdown summary."""

from __future__ import annotations

from pathlib import Path

from boardlab.sim import SimConfig, run
from boardlab.sim.report import PLOTS, write_report

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_report_writes_the_plots_and_a_markdown_page_embedding_them(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    result = run(toy_config, workers=1)
    path = write_report(result.summary, result.records, tmp_path / "report")
    assert path == tmp_path / "report" / "report.md"
    for name in PLOTS:
        data = (tmp_path / "report" / name).read_bytes()
        assert data.startswith(PNG_SIGNATURE) and len(data) > 5000
    text = path.read_text()
    for name in PLOTS:
        assert f"]({name})" in text
    assert "## Wins by agent" in text and "## Ratings" in text
    greedy = next(s for s in result.summary.per_agent if s.agent == "greedy")
    low, high = greedy.win_rate_ci
    assert "| greedy | 12 | " in text
    assert f"{100 * low:.1f}-{100 * high:.1f}" in text
