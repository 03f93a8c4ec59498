"""Agents read what their seat knows (``log(seat)``, never ``history``) and count sides.

Tree reuse walks the seat's log: public events are passed over, another seat's secret
action cannot be followed (the search starts fresh), and a secret revealed since the tree
was kept no longer stands in the way. Every agent plays whole games of ``toy_guarded``,
whose ``history`` fails the test when agent code reads it. A seat that loses to an automa
side gets no win share.
"""

from __future__ import annotations

import pytest

import boardlab
from boardlab import agents
from boardlab.agents.mcts import MctsAgent
from boardlab.agents.values import Judge, leads

from .play import play_game
from .toy_variants import position

ALL_AGENTS = (
    "random",
    "greedy",
    "greedy:samples=2",
    "mcts:iterations=40",
    "mcts:iterations=30,rollout=greedy,depth=-1",
    "mcts:iterations=30,finish=greedy",
)


def expected_reply(bot: MctsAgent, after: str) -> str:
    """The take that ``bot``'s tree expects most from the next seat after ``after``."""
    assert bot.tree is not None
    node = bot.tree.children[after]
    return max(node.children, key=lambda action_id: node.children[action_id].visits)


def test_reuse_follows_the_agents_own_secret_action() -> None:
    state = position("toy_secret", seed=4, pile=12)
    bot = agents.make("mcts", seed=3, iterations=200)
    take = bot.choose(state)
    state.apply(take)
    assert take.secret and state.log(0)[-1]["id"] == take.id
    bot.choose(state)
    assert bot.last_reused > 0


@pytest.mark.parametrize(("game", "reused"), [("toy_eval", True), ("toy_secret", False)])
def test_another_seats_secret_action_makes_the_search_start_fresh(game: str, reused: bool) -> None:
    """Seat 1 takes what seat 0's tree expected most; seat 0 can follow that edge only when
    the take is not secret: in ``toy_secret`` its log shows no id for it."""
    state = position(game, seed=4, pile=12)
    bot = agents.make("mcts", seed=3, iterations=300)
    state.apply(bot.choose(state))
    assert isinstance(bot, MctsAgent)
    bot.choose(state)
    state.apply("confirm")
    reply = expected_reply(bot, "confirm")
    state.apply(reply)
    state.apply("confirm")
    seen = [entry for entry in state.log(0) if entry["seat"] == 1]
    assert seen[0]["kind"] == "take" and (seen[0]["id"] is None) is not reused
    bot.choose(state)
    assert (bot.last_reused > 0) is reused


def test_a_secret_revealed_since_the_tree_was_kept_still_matches() -> None:
    """Seat 0 keeps a tree grown while seat 1's last take was secret; the take is revealed
    before seat 0 decides again: the log kept still begins the log now, so reuse goes on."""
    state = position("toy_secret", seed=4, pile=12)
    rival = agents.make("random", seed=9)
    state.apply("take 1")
    state.apply("confirm")
    state.apply(rival.choose(state))
    state.apply("confirm")
    secret_step = state.hidden[1]
    assert next(e["id"] for e in state.log(0) if e["seat"] == 1) is None
    bot = agents.make("mcts", seed=3, iterations=200)
    state.apply(bot.choose(state))
    state.reveal(secret_step)
    assert next(e["id"] for e in state.log(0) if e["seat"] == 1) is not None
    bot.choose(state)
    assert bot.last_reused > 0


@pytest.mark.parametrize(("first", "reused"), [("take 1", True), ("take 3", False)])
def test_a_tree_is_reused_only_on_the_line_of_play_it_was_kept_on(
    first: str, reused: bool
) -> None:
    """The same game and seed, but another first move: the log entries remembered before
    the kept root differ, so the search starts fresh even though a path exists."""
    opening = ["take 1", "confirm", "take 2", "confirm"]
    kept = position("toy_eval", seed=4, pile=15)
    for action in opening:
        kept.apply(action)
    bot = agents.make("mcts", seed=3, iterations=200)
    own = bot.choose(kept)
    state = position("toy_eval", seed=4, pile=15)
    for action in [first, *opening[1:], own]:
        state.apply(action)
    bot.choose(state)
    assert (bot.last_reused > 0) is reused


def test_public_events_are_not_edges_of_the_tree() -> None:
    """In toy_automa the automa takes stones after each confirm, logged as an event with no
    seat; the tree is followed across it to the node of seat 0's next decision."""
    state = position("toy_automa", seed=4, pile=20)
    bot = agents.make("mcts", seed=3, iterations=300)
    state.apply(bot.choose(state))
    bot.choose(state)
    assert isinstance(bot, MctsAgent) and bot.tree is not None
    state.apply("confirm")
    reply = expected_reply(bot, "confirm")
    node = bot.tree.children["confirm"].children[reply].children["confirm"]
    state.apply(reply)
    state.apply("confirm")
    events = [entry for entry in state.log(0) if entry["seat"] is None]
    assert [entry["kind"] for entry in events] == ["automa_take", "automa_take"]
    carried = node.visits
    bot.choose(state)
    assert bot.last_reused == carried > 0 and bot.tree is node


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.parametrize("spec", ALL_AGENTS)
def test_no_agent_reads_the_history(spec: str, players: int) -> None:
    """toy_guarded (secret takes, an automa side) raises when agent code reads history;
    each agent plays whole games of it, every seat its own copy of the agent."""
    for seed in range(2):
        state = play_game("toy_guarded", [spec] * players, seed=seed, pile=10)
        assert state.is_over and state.outcome()["winners"]


def test_the_history_guard_catches_a_read_from_agent_code() -> None:
    state = boardlab.new("toy_guarded", players=2, seed=1)
    assert state.history == []  # a test (or the engine) may read it
    agent_code = {"__name__": "boardlab.agents.sneaky", "state": state}
    with pytest.raises(AssertionError, match=r"boardlab\.agents\.sneaky read state\.history"):
        exec("len(state.history)", agent_code)


def test_a_seat_beaten_by_the_automa_gets_no_win_share() -> None:
    """The automa (5) beats both seats (3 and 2): no seat wins; margins count the automa."""
    over = position("toy_automa", pile=0, taken=[3, 2], bonus=[0, 0], automa=5)
    assert over.is_over and over.winners() == [] and over.outcome()["winners"] == ["automa"]
    first, second = Judge.for_game("toy_automa", win_weight=0.75)(over)
    lead = leads([3.0, 2.0, 5.0])
    assert first == pytest.approx(0.25 * (0.5 + 0.5 * lead[0]))
    assert second == pytest.approx(0.25 * (0.5 + 0.5 * lead[1]))
    assert first > second


def test_a_win_shared_with_the_automa_is_split_with_it() -> None:
    tied = position("toy_automa", pile=0, taken=[4, 2], bonus=[0, 0], automa=4)
    assert tied.winners() == [0] and tied.outcome()["winners"] == ["P1", "automa"]
    assert Judge.for_game("toy_automa", win_weight=1.0)(tied) == [0.5, 0.0]


def test_search_plays_solo_against_the_automa() -> None:
    """Alone against the automa, which takes 3 stones per confirmed take, mcts takes many
    stones at a time and leaves the automa far behind, further than random play does."""

    def margin(spec: str, seed: int) -> float:
        outcome = play_game("toy_automa", [spec], seed=seed, pile=20).outcome()
        assert outcome["sides"] == ["P1", "automa"]
        return float(outcome["scores"][0] - outcome["scores"][1])

    searched = sum(margin("mcts:iterations=60", seed) for seed in range(6))
    played = sum(margin("random", seed) for seed in range(6))
    assert searched > played + 6
