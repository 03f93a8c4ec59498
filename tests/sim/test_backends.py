"""The same games whatever the backend: in this process, two worker processes, or Ray."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import toy_game

import boardlab
from boardlab.sim import GameFailed, SimConfig, play_game, run
from boardlab.sim.chunking import ChunkSizer


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    """A real local Ray of two CPUs for this module, shut down after it."""
    ray = pytest.importorskip("ray")
    ray.init(
        address="local",  # a new instance, never another process's cluster
        num_cpus=2,
        include_dashboard=False,
        logging_level="ERROR",
        runtime_env={"py_modules": [toy_game]},
    )
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def in_process() -> tuple[SimConfig, list[object]]:
    config = SimConfig(
        "toy",
        players=3,
        games=40,
        seed=11,
        agents=("random", "greedy", "random"),
        rotate_seats=True,
    )
    result = run(config, workers=1)
    return config, list(result.records)


def test_records_are_in_index_order_with_one_game_each(
    in_process: tuple[SimConfig, list[object]],
) -> None:
    config, records = in_process
    assert [r.index for r in records] == list(range(40))  # type: ignore[attr-defined]
    assert records[7] == play_game(config.validated(), 7)


def test_two_worker_processes_give_the_same_records(
    in_process: tuple[SimConfig, list[object]],
) -> None:
    config, records = in_process
    result = run(config, workers=2)
    assert result.workers == 2 and result.played == 40
    assert list(result.records) == records


def test_ray_gives_the_same_records_and_saves(
    in_process: tuple[SimConfig, list[object]], local_ray: object, tmp_path: Path
) -> None:
    config, records = in_process
    result = run(config, backend="ray", save=tmp_path / "games.saves")
    assert result.backend == "ray" and result.workers == 2
    assert list(result.records) == records
    saved = [boardlab.load(line) for line in (tmp_path / "games.saves").read_text().splitlines()]
    assert sorted(state.seed for state in saved) == list(range(11, 51))


def test_a_failing_game_names_its_index_and_seed_from_a_worker_process() -> None:
    config = SimConfig("toy", players=2, games=6, seed=3, max_decisions=4)
    with pytest.raises(GameFailed, match=r"game \d of toy \(seed \d\b.*within 4 decisions"):
        run(config, workers=2)


def test_a_failing_game_names_its_index_and_seed_on_ray(local_ray: object) -> None:
    config = SimConfig("toy", players=2, games=3, seed=3, max_decisions=4)
    with pytest.raises(GameFailed, match=r"game \d of toy \(seed \d\b.*within 4 decisions"):
        run(config, backend="ray", workers=1)


def test_workers_below_one_or_an_unknown_backend_are_refused(toy_config: SimConfig) -> None:
    with pytest.raises(ValueError, match="workers must be at least 1"):
        run(toy_config, workers=0)
    with pytest.raises(ValueError, match="unknown backend 'mpi'"):
        run(replace(toy_config, games=1), backend="mpi")


def test_chunks_start_at_one_game_then_follow_the_time_per_game() -> None:
    sizer = ChunkSizer(list(range(1000)), workers=2, target_seconds=0.1)
    chunks = [sizer.next_chunk()]
    assert chunks[0] == [0]
    sizer.observe(games=10, seconds=0.01)  # 1 ms a game: 100 games fill the target
    chunks.append(sizer.next_chunk())
    assert chunks[1] == list(range(1, 101))
    sizer.observe(games=1, seconds=1.0)  # slower games: smaller chunks
    chunks.append(sizer.next_chunk())
    assert 1 <= len(chunks[2]) < 100
    chunks += list(sizer)
    assert [index for chunk in chunks for index in chunk] == list(range(1000))
    assert sizer.next_chunk() == []


def test_chunks_shrink_at_the_end_so_every_worker_keeps_busy() -> None:
    sizer = ChunkSizer(list(range(40)), workers=2, target_seconds=10.0)
    sizer.observe(games=1, seconds=0.001)
    sizes = [len(chunk) for chunk in sizer]
    assert sum(sizes) == 40
    assert sizes[0] == 5  # at most a quarter of one worker's half of the 40 games left
    assert sizes[-1] == 1
