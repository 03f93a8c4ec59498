"""Same deals (``--same-deals``): every rotation of the seats is played on one deal, so the
luck of the deal cancels between agents."""

from __future__ import annotations

import collections
from dataclasses import replace
from pathlib import Path

import pytest

from boardlab.sim import SimConfig, run


def test_the_rotations_of_a_deal_share_its_seed(toy_config: SimConfig) -> None:
    config = replace(toy_config, same_deals=True).validated()
    assert [config.game_seed(g) for g in range(7)] == [40, 40, 40, 41, 41, 41, 42]
    assert [config.seat_agents(g)[0] for g in range(3)] == ["random", "greedy", "random"]
    plain = toy_config.validated()
    assert [plain.game_seed(g) for g in range(4)] == [40, 41, 42, 43]


def test_same_deals_need_rotated_seats(toy_config: SimConfig) -> None:
    with pytest.raises(ValueError, match="--rotate-seats"):
        replace(toy_config, same_deals=True, rotate_seats=False).validated()


def test_every_agent_plays_every_seat_of_every_deal(toy_config: SimConfig) -> None:
    result = run(replace(toy_config, same_deals=True), workers=1)
    seats = collections.defaultdict(set)
    for record in result.records:
        for seat, agent in enumerate(record.agents):
            seats[record.seed, agent].add(seat)
    assert sorted({seed for seed, _ in seats}) == [40, 41, 42, 43]
    assert seats[40, "greedy"] == {0, 1, 2}
    assert seats[43, "random"] == {0, 1, 2}
    summary = result.summary
    assert (summary.seed, summary.last_seed) == (40, 43)


def test_same_deals_give_the_same_records_on_any_number_of_workers(
    toy_config: SimConfig,
) -> None:
    config = replace(toy_config, same_deals=True)
    assert run(config, workers=1).records == run(config, workers=2).records


def test_an_out_file_of_a_run_without_same_deals_is_refused(
    tmp_path: Path, toy_config: SimConfig
) -> None:
    out = tmp_path / "games.jsonl"
    run(replace(toy_config, games=4), workers=1, out=out)
    with pytest.raises(ValueError, match="seed"):
        run(replace(toy_config, same_deals=True), workers=1, out=out)


def test_konoten_agents_play_each_dealt_character_board_equally_often() -> None:
    """K1: a deal gives each seat a character board; with same deals each agent plays each."""
    config = SimConfig(
        "konoten",
        players=2,
        games=6,
        seed=4,
        agents=("greedy", "random"),
        rotate_seats=True,
        same_deals=True,
    )
    records = run(config, workers=1).records
    for first, second in zip(records[::2], records[1::2], strict=True):
        assert first.seed == second.seed and first.roles == second.roles
        assert first.agents == tuple(reversed(second.agents))
    summary = run(config, workers=1).summary
    played = {(s.agent, s.role): s.games for s in summary.per_agent_role}
    assert {role for _, role in played} == {r for rec in records for r in rec.roles}
    for (agent, role), games in played.items():
        assert played["random" if agent == "greedy" else "greedy", role] == games
