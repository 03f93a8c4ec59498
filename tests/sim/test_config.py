"""Seeds, seat assignment and argument checks of a simulation config."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import boardlab
from boardlab.agents import from_spec
from boardlab.sim import GameRecord, SimConfig, agent_seed, play_game, split_agents


def test_game_g_is_played_with_seed_s_plus_g_and_hashed_agent_seeds(toy_config: SimConfig) -> None:
    config = toy_config.validated()
    record = play_game(config, 5)
    state = boardlab.new("toy", players=3, seed=45)
    agents = [
        from_spec(spec, seed=agent_seed(40, 5, seat))
        for seat, spec in enumerate(config.seat_agents(5))
    ]
    while not state.is_over:
        state.apply(agents[state.to_move].choose(state))
    assert record.seed == 45
    assert record.scores == tuple(state.scores())
    assert record.winners == tuple(state.winners())
    assert record.decisions == len(state.history)


def test_agent_seeds_depend_on_run_seed_game_and_seat() -> None:
    seeds = {agent_seed(s, g, seat) for s in (0, 1) for g in (0, 1, 2) for seat in (0, 1, 2)}
    assert len(seeds) == 18
    assert agent_seed(7, 3, 1) == agent_seed(7, 3, 1)
    assert all(0 <= seed < 2**64 for seed in seeds)


def test_without_rotation_seat_s_is_always_agent_s() -> None:
    config = SimConfig("toy", players=3, games=6, agents=("greedy", "random", "random"))
    assert {config.validated().seat_agents(g) for g in range(6)} == {("greedy", "random", "random")}


def test_rotation_puts_every_agent_in_every_seat_equally_often() -> None:
    config = SimConfig(
        "toy", players=4, games=12, agents=("greedy", "random", "mcts", "random"), rotate_seats=True
    ).validated()
    counts = Counter(
        (seat, agent) for g in range(12) for seat, agent in enumerate(config.seat_agents(g))
    )
    for seat in range(4):
        assert counts[seat, "greedy"] == 3
        assert counts[seat, "mcts"] == 3
        assert counts[seat, "random"] == 6
    assert config.seat_agents(1) == ("random", "mcts", "random", "greedy")


def test_one_agent_spec_is_used_for_every_seat() -> None:
    config = SimConfig("toy", players=3, games=1, agents=("greedy",)).validated()
    assert config.agents == ("greedy", "greedy", "greedy")


def test_agent_specs_split_on_commas_keeping_parameters_with_their_spec() -> None:
    assert split_agents("random, mcts:iterations=20,seconds=0.5 ,greedy") == (
        "random",
        "mcts:iterations=20,seconds=0.5",
        "greedy",
    )


def test_validated_resolves_options_and_writes_specs_canonically() -> None:
    config = SimConfig("toy", players=2, games=1, agents=(" mcts: iterations=8 ",)).validated()
    assert config.options == {"pile": 15}
    assert config.agents == ("mcts:iterations=8", "mcts:iterations=8")


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"players": 7}, "toy is for 2 to 4 players"),
        ({"games": 0}, "at least 1"),
        ({"agents": ("random", "random")}, "2 specs for 3 players"),
        ({"agents": ("dice",)}, "unknown agent 'dice'"),
        ({"agents": ("greedy:depth=3",)}, "depth"),
        ({"options": {"pile": 7}}, "pile"),
        ({"options": {"size": 7}}, "no option 'size'"),
        ({"plugins": ("no_such_module",)}, "plugin 'no_such_module' cannot be imported"),
    ],
)
def test_bad_configs_raise_value_error_saying_what_is_wrong(
    changes: dict[str, object], message: str
) -> None:
    settings: dict[str, object] = {"game": "toy", "players": 3, "games": 4}
    settings.update(changes)
    with pytest.raises(ValueError, match=message):
        SimConfig(**settings).validated()  # type: ignore[arg-type]


def test_a_game_registered_from_a_module_becomes_a_plugin_for_workers() -> None:
    assert SimConfig("toy", players=2, games=1).validated().plugins == ("toy_game",)


def test_a_record_counts_the_searches_and_iterations_of_each_seat() -> None:
    """mcts with a fixed budget (and no early stop) spends exactly 25 iterations on every
    decision it searches; random never searches. The counts survive the ``--out`` line."""
    spec = "mcts:iterations=25,stop_early=false"
    config = SimConfig("toy", players=2, games=1, seed=3, agents=(spec, "random")).validated()
    record = play_game(config, 0)
    searched, idle = record.searches
    assert searched > 0 and idle == 0
    assert record.iterations == (25 * searched, 0)
    again = GameRecord.from_line(record.to_line())
    assert (again.searches, again.iterations) == (record.searches, record.iterations)


def test_a_record_with_a_search_count_per_seat_missing_is_refused() -> None:
    record = play_game(SimConfig("toy", players=2, games=1, seed=3).validated(), 0)
    line = json.loads(record.to_line())
    line["searches"] = [1]
    with pytest.raises(ValueError, match="one count per agent"):
        GameRecord.from_line(json.dumps(line))
