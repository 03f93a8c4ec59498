"""What issue 18 added to the environments: bounded normalised observations, one action
space per game, game lengths, gym ids, opponents as objects, self-play, a random learning
seat, shaped rewards, PettingZoo ``state()``, the log in OpenSpiel's information state and
the vector-environment autoreset recipe."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="the 'rl' extra (gymnasium) is not installed")

import gymnasium as gym

import boardlab
from adapters.cases import REAL_CASES
from boardlab.adapters import gymnasium as boardlab_gym
from boardlab.adapters import pettingzoo as pz
from boardlab.adapters import spaces
from boardlab.adapters.gymnasium import BoardlabEnv, PolicyAgent, frozen_policy, sampling_masks
from boardlab.adapters.history import ENTRIES, LogEncoder
from boardlab.adapters.outcome import outcome
from boardlab.encoding.encodings import encodable_games, encodings
from boardlab.encoding.vectors import Observer, observation_bounds
from boardlab.engine import Action, GameState, Rng, registry

REAL_GAMES = sorted({case.values[0] for case in REAL_CASES})


def random_states(game: str, players: int, seed: int, every: int = 5):
    state = boardlab.new(game, players, seed)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        options = state.legal_actions()
        state.apply(options[rng.randbelow(len(options))])
        step += 1
    yield state


# ---------------------------------------------------------------- observations
@pytest.mark.parametrize(("game", "players"), REAL_CASES)
def test_observations_are_bounded_normalised_and_the_clipped_scaled_raw_vector(
    game: str, players: int
) -> None:
    enc = encodings(game, players)
    low, high = observation_bounds(enc)
    assert np.all(np.isfinite(low)) and np.all(np.isfinite(high))
    observer = Observer(enc)
    box = spaces.box(observer)
    assert np.all(box.low >= -1.0) and np.all(box.high <= 1.0)
    reach = np.maximum(np.maximum(np.abs(low), np.abs(high)), 1.0)
    for state in random_states(game, players, seed=4, every=11):
        for seat in [*range(players), None]:
            raw = np.asarray(enc.encoder.encode(state, seat), np.float32)
            assert np.all(raw >= low) and np.all(raw <= high), "a random game passed a cap"
            vector = observer.vector(state, seat)
            assert box.contains(vector)
            expected = np.clip(raw, low, high) * (1.0 / reach).astype(np.float32)
            assert np.array_equal(vector, expected)


@pytest.mark.parametrize("game", REAL_GAMES)
def test_one_action_space_serves_every_player_count(game: str) -> None:
    spec = registry.spec(game)
    counts = range(spec.min_players, spec.max_players + 1)
    codecs = [encodings(game, players).codec for players in counts]
    assert len({codec.size for codec in codecs}) == 1
    for players, codec in zip(counts, codecs, strict=True):
        for state in random_states(game, players, seed=2, every=3):
            for action in state.legal_actions():
                assert codecs[-1].encode(action) == codec.encode(action)
            if len(state.history) > 60:
                break


@pytest.mark.parametrize(("game", "players"), REAL_CASES)
def test_every_game_declares_a_game_length_above_its_random_games(game: str, players: int) -> None:
    length = encodings(game, players).max_game_length
    assert length > 0
    state = list(random_states(game, players, seed=8, every=10**9))[-1]
    assert state.is_over and len(state.history) < length


# ---------------------------------------------------------------- gymnasium conveniences
def test_every_game_has_a_gym_id() -> None:
    ids = boardlab_gym.register_envs()
    assert ids == [boardlab_gym.env_id(game) for game in encodable_games()]
    for game in REAL_GAMES:
        env = gym.make(f"boardlab/{game}-v0", players=3)
        assert isinstance(env.unwrapped, BoardlabEnv)
        assert env.unwrapped.players == 3 and env.unwrapped.game == game
        observation, _ = env.reset(seed=1)
        assert env.observation_space.contains(observation)
        env.close()


class LastOption:
    """An agent object: always the last option."""

    name = "last"

    def __init__(self) -> None:
        self.seen: list[GameState] = []

    def choose(self, state: GameState) -> Action:
        self.seen.append(state)
        return state.legal_actions()[-1]


def first_option(state: GameState) -> Action:
    return state.legal_actions()[0]


def test_opponents_may_be_agent_objects_and_functions() -> None:
    agent = LastOption()
    env = BoardlabEnv("konoten", players=3, opponents=[agent, first_option], seed=3)
    observation, _ = env.reset()
    live = env.game_state
    for _ in range(40):
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, _, _ = env.step(int(legal[0]))
        if terminated:
            break
    assert agent.seen, "the agent object was never asked"
    assert all(shown is not live for shown in agent.seen)  # it was shown clones
    with pytest.raises(ValueError, match="opponent is an agent spec"):
        BoardlabEnv("konoten", players=2, opponents=[42])


def test_agents_that_only_read_see_the_live_state_and_others_a_clone() -> None:
    class Recording(PolicyAgent):
        def choose(self, state: GameState) -> Action:
            self.shown.append(state)
            return super().choose(state)

    reader = Recording(lambda observation: int(np.flatnonzero(observation["action_mask"])[0]))
    reader.shown = []
    writer = LastOption()
    env = BoardlabEnv("konoten", players=3, opponents=[reader, writer], seed=1)
    observation, _ = env.reset()
    for _ in range(30):
        observation, _, terminated, _, _ = env.step(int(observation["action_mask"].argmax()))
        if terminated:
            break
    assert reader.shown and all(shown is env.game_state for shown in reader.shown)
    assert writer.seen and all(shown is not env.game_state for shown in writer.seen)


def test_a_random_learning_seat_changes_between_episodes_and_is_reported() -> None:
    env = BoardlabEnv("konoten", players=3, learner_seat="random", seed=5)
    seats = set()
    for episode in range(12):
        observation, info = env.reset(seed=episode)
        assert info["seat"] == env.seat
        assert env.game_state.to_move == env.seat
        assert observation["action_mask"].any()
        seats.add(env.seat)
    assert seats == {0, 1, 2}
    with pytest.raises(ValueError, match="seat must be"):
        BoardlabEnv("konoten", players=2, learner_seat="anywhere")


def play(env: BoardlabEnv, seed: int) -> tuple[list[float], GameState]:
    observation, _ = env.reset(seed=seed)
    rng = Rng(seed)
    rewards = []
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, _, _ = env.step(int(legal[rng.randbelow(len(legal))]))
        rewards.append(float(reward))
        if terminated:
            return rewards, env.game_state


def score_difference(state: GameState, seat: int) -> float:
    scores = state.scores_seen_by(seat)[: state.players]
    others = [s for p, s in enumerate(scores) if p != seat and s is not None]
    return float((scores[seat] or 0.0) - (sum(others) / len(others) if others else 0.0))


@pytest.mark.parametrize("game", ["konoten", "compounded"])
def test_the_shaped_reward_is_off_by_default_and_sums_to_the_score_difference_gained(
    game: str,
) -> None:
    plain, _ = play(BoardlabEnv(game, players=2), seed=7)
    assert all(r == 0.0 for r in plain[:-1])
    env = BoardlabEnv(game, players=2, shaped_reward=0.1)
    shaped, state = play(env, seed=7)
    assert any(r != 0.0 for r in shaped[:-1])
    # the first observation comes after the others' opening moves: read the start there
    env.reset(seed=7)
    first = score_difference(env.game_state, 0)
    expected = outcome(state)[0] + 0.1 * (score_difference(state, 0) - first)
    assert sum(shaped) == pytest.approx(expected)


def test_scythe_shaping_uses_only_the_seats_own_running_score() -> None:
    env = BoardlabEnv("scythe", players=2, shaped_reward=1.0, seed=3)
    env.reset()
    state = env.game_state
    assert state.scores_seen_by(0)[1] is None
    assert env._score_difference() == state.scores_seen_by(0)[0]


def test_solo_shaping_is_the_margin_over_the_automa() -> None:
    """Issue 29 item 6: in solo Linnaeus the shaped reward follows the learner's score minus
    the automa's, as the README says ("the gain in score difference"), not its own alone."""
    env = BoardlabEnv("linnaeus", players=1, shaped_reward=1.0, seed=4)
    observation, _ = env.reset(seed=4)
    total, steps, moved = 0.0, 0, False
    start = env._score_difference()
    while steps < 400:
        legal = observation["action_mask"].nonzero()[0]
        observation, reward, done, _, _ = env.step(int(legal[0]))
        steps += 1
        if done:  # the last step also pays the outcome
            total += reward - outcome(env.game_state)[0]
            break
        total += reward
        own, automa = env.game_state.scores_seen_by(0)
        assert env._score_difference() == pytest.approx(own - automa)
        moved = moved or automa != 0
    assert moved, "the automa scored during these steps, so the margin differs from own score"
    assert total == pytest.approx(env._score_difference() - start)


class FakeModel:
    """A stand-in for a Stable-Baselines3 model: ``policy.predict`` takes action masks."""

    class Policy:
        def __init__(self) -> None:
            self.last = True

        def predict(self, observation, deterministic=False, action_masks=None):
            legal = np.flatnonzero(action_masks)
            return (legal[-1] if self.last else legal[0]), None

    def __init__(self) -> None:
        self.policy = self.Policy()


def test_a_frozen_copy_of_the_learner_plays_as_an_opponent_and_stays_frozen() -> None:
    model = FakeModel()
    opponent = frozen_policy(model)
    model.policy.last = False  # training goes on: the frozen copy must not follow
    state = boardlab.new("konoten", 2, 1)
    assert opponent.choose(state) == state.legal_actions()[-1]
    env = BoardlabEnv("konoten", players=2, seed=2)
    env.set_opponents(opponent)
    _, final = play(env, seed=2)
    assert final.is_over and opponent.illegal_choices == 0
    assert env.opponents == [opponent]


def test_policy_agent_falls_back_to_a_legal_action_for_an_illegal_index() -> None:
    state = boardlab.new("konoten", 2, 1)
    size = encodings("konoten", 2).codec.size
    agent = PolicyAgent(lambda observation: size + 5)
    assert agent.choose(state) == state.legal_actions()[0]
    assert agent.illegal_choices == 1


# ---------------------------------------------------------------- vector environments
def test_vector_autoreset_masks_next_step_recipe_and_same_step_mode() -> None:
    def sample(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        probabilities = masks / masks.sum(axis=1, keepdims=True)  # NaN for an all-0 row
        assert np.all(np.isfinite(probabilities))
        return np.array([rng.choice(len(p), p=p) for p in probabilities])

    rng = np.random.default_rng(0)
    made = {"players": 2}
    for mode in (gym.vector.AutoresetMode.NEXT_STEP, gym.vector.AutoresetMode.SAME_STEP):
        envs = gym.make_vec(
            "boardlab/konoten-v0",
            num_envs=2,
            vectorization_mode="sync",
            vector_kwargs={"autoreset_mode": mode},
            **made,
        )
        observations, _ = envs.reset(seed=1)
        empty_rows = ends = 0
        for _ in range(400):
            masks = observations["action_mask"]
            empty_rows += int((~masks.any(axis=1)).sum())
            chosen = sample(sampling_masks(masks), rng)
            observations, _, terminated, truncated, _ = envs.step(chosen)
            ends += int(terminated.sum() + truncated.sum())
        envs.close()
        assert ends > 0
        if mode == gym.vector.AutoresetMode.NEXT_STEP:
            assert empty_rows > 0  # the final observation's mask, all 0: the recipe is needed
        else:
            assert empty_rows == 0


def test_sampling_masks_fills_only_the_empty_rows() -> None:
    masks = np.array([[0, 1, 0], [0, 0, 0]], np.int8)
    assert sampling_masks(masks).tolist() == [[0, 1, 0], [1, 1, 1]]


# ---------------------------------------------------------------- pettingzoo and openspiel
@pytest.mark.parametrize("game", REAL_GAMES)
def test_pettingzoo_state_joins_every_seats_observation(game: str) -> None:
    env = pz.env(game, players=3, seed=2)
    env.reset()
    raw = env.unwrapped
    state = raw.state()
    assert raw.state_space.contains(state)
    parts = np.split(state, 3)
    for seat, agent in enumerate(env.possible_agents):
        assert np.array_equal(parts[seat], env.observe(agent)["observation"])


class LoggedState:
    """Just what ``LogEncoder`` reads of a state: ``log_length()`` and ``log(seat, since)``."""

    def __init__(self, entries: list[dict]) -> None:
        self.entries = entries

    def log_length(self) -> int:
        return len(self.entries)

    def log(self, seat, since=0):
        return self.entries[since:]


def test_the_log_block_shows_recent_entries_newest_first_and_hides_secrets() -> None:
    enc = encodings("scythe", 3)
    log = LogEncoder(enc.codec, 3)
    blocks = enc.codec.blocks()
    dial = enc.codec.encode(Action("dial", (3,)))
    entries = [
        {"n": k, "seat": 0, "kind": "turn_end", "id": "end turn", "text": ""} for k in range(9)
    ] + [
        {"n": 9, "seat": None, "kind": "event", "id": None, "text": "a public event"},
        {"n": 10, "seat": 2, "kind": "combat_dial", "id": None, "text": "P3 set a dial"},
        {"n": 11, "seat": 1, "kind": "combat_dial", "id": "dial 3", "text": "P2: dial 3"},
    ]
    block = np.zeros(log.size, np.float32)
    log.encode(LoggedState(entries), 1, block)  # seen by seat 1
    rows = block.reshape(ENTRIES, log.width)
    assert rows[:, 0].tolist() == [1.0] * ENTRIES
    names = sorted(blocks, key=lambda name: blocks[name][0])
    newest, secret, event = rows[0], rows[1], rows[2]
    assert newest[3 + 0] == 1.0  # seat 1 itself, counted from the viewer
    start, stop = blocks["dial"]
    assert newest[3 + 3 + names.index("dial")] == 1.0
    assert newest[-1] == pytest.approx((dial - start) / (stop - start))
    assert secret[1] == 1.0 and secret[3 + (2 - 1) % 3] == 1.0
    assert not secret[3 + 3 :].any()  # a hidden action shows no kind
    assert event[2] == 1.0 and not event[3:].any()
    short = np.zeros(log.size, np.float32)
    log.encode(LoggedState(entries[:2]), 0, short)
    assert short.reshape(ENTRIES, log.width)[:, 0].tolist() == [1.0, 1.0] + [0.0] * 6
