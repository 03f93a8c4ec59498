"""Information-set MCTS: forced wins, seats playing for themselves, budgets, reuse, cut-offs."""

from __future__ import annotations

import itertools

import pytest

import boardlab
from boardlab import agents
from boardlab.agents import mcts
from boardlab.agents.mcts import Node
from boardlab.agents.values import Judge
from boardlab.engine import GameState

from .play import play_game, wins_of
from .toy_variants import position


def forced_win(**fields: object):
    """Seat 0 (bonus 0) leads 8-5 with 3 stones left; seat 1's bonus (1 to 5) is hidden.

    Taking all 3 and confirming ends the game 11 to at most 10: the only move that wins in
    every world. After 1 or 2 stones seat 1 may take the rest and win with a high bonus.
    """
    base = {"pile": 3, "taken": [8, 5], "bonus": [0, 4], "turn": 0}
    return position("toy_eval", seed=6, **{**base, **fields})


@pytest.mark.parametrize(
    "spec",
    [
        "mcts:iterations=300",
        "mcts:iterations=300,rollout=greedy",
        "mcts:iterations=300,depth=0",
    ],
)
def test_finds_the_forced_win_with_hidden_information(spec: str) -> None:
    for seed in range(3):
        assert str(agents.from_spec(spec, seed=seed).choose(forced_win())) == "take 3"
        assert str(agents.from_spec(spec, seed=seed).choose(forced_win(chosen=3))) == "confirm"


def test_each_seat_is_expected_to_play_for_itself() -> None:
    """Fork: after ``left`` seat 1 answers ``b`` and wins, so seat 0 must go ``right``."""
    for seed in range(3):
        bot = agents.make("mcts", seed=seed, iterations=200)
        state = position("fork")
        assert str(bot.choose(state)) == "right"
        state.apply("left")
        assert str(agents.make("mcts", seed=seed, iterations=200).choose(state)) == "b"


def test_the_tree_values_each_action_for_the_seat_that_chose_it() -> None:
    bot = agents.make("mcts", seed=1, iterations=200)
    bot.choose(position("fork"))
    left = bot.tree.children["left"]
    assert left.chooser == 0 and left.decider == 1
    reply_b = left.children["b"]  # seat 1 wins 1-0: 0.9 + 0.1 * (0.5 + 0.5 * 1 / 2)
    assert reply_b.chooser == 1
    assert reply_b.total == pytest.approx(reply_b.visits * (0.9 + 0.1 * 0.75))


def test_same_seed_and_budget_give_the_same_game() -> None:
    specs = ["mcts:iterations=60", "mcts:iterations=40,rollout=greedy,depth=6"]
    first = play_game("toy_eval", specs, seed=11)
    second = play_game("toy_eval", specs, seed=11)
    assert first.history == second.history and len(first.history) > 10


def test_beats_random_on_the_toy_game() -> None:
    assert wins_of("toy_eval", "mcts:iterations=60", "random", range(8)) >= 6


def test_a_single_option_costs_no_search() -> None:
    state = position("toy_sealed", seed=2, pile=1).seal()
    bot = agents.make("mcts", seed=1, iterations=50)
    assert str(bot.choose(state)) == "take 1"
    assert bot.last_iterations == 0 and state.determinized == 0


def test_the_iteration_budget_is_spent_exactly() -> None:
    state = position("toy_sealed", seed=2, pile=9).seal()
    bot = agents.make("mcts", seed=1, iterations=37, stop_early=False)
    bot.choose(state)
    assert bot.last_iterations == 37 and state.determinized == 37
    assert bot.tree.visits == 37


@pytest.mark.parametrize("seed", range(4))
def test_stopping_early_never_changes_the_choice(seed: int) -> None:
    """The search ends once the leader's visit lead exceeds the iterations left, so the
    rest of the budget could not have changed the most visited option."""
    early = agents.make("mcts", seed=seed, iterations=3000)
    full = agents.make("mcts", seed=seed, iterations=3000, stop_early=False)
    states = (forced_win(), forced_win(chosen=3), position("fork"), position("toy_eval", pile=9))
    for state in states:
        assert early.choose(state) == full.choose(state)
        assert full.last_iterations == 3000
        assert early.last_iterations < 3000 and early.last_iterations % 32 == 0


def test_a_time_budget_stops_early_at_the_pace_so_far(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a clock that ticks 1 ms per reading, 4 s buy about 4,000 iterations; the leader
    of a settled decision is known long before, judged by the iterations the pace allows."""
    ticks = itertools.count()
    monkeypatch.setattr(mcts, "perf_counter", lambda: next(ticks) / 1000)
    full = agents.make("mcts", seed=1, seconds=4.0, stop_early=False)
    assert str(full.choose(forced_win())) == "take 3"
    early = agents.make("mcts", seed=1, seconds=4.0)
    assert str(early.choose(forced_win())) == "take 3"
    assert full.last_iterations == 4000
    assert early.last_iterations < 3000


def test_a_games_own_search_settings_apply_where_none_are_given() -> None:
    """The game's ``Tuning.search`` fills the settings not given; a game without any gets
    ``DEFAULT_SETTINGS`` again."""
    bot = agents.make("mcts", seed=1, iterations=20)
    bot.choose(position("toy_tuned", pile=9))
    assert (bot.c, bot.depth, bot.greedy_rollout) == (0.05, 0, False)
    bot.choose(position("toy_eval", pile=9))
    assert (bot.c, bot.depth) == (mcts.DEFAULT_SETTINGS["c"], mcts.DEFAULT_SETTINGS["depth"])
    given = agents.from_spec("mcts:iterations=20,c=1.5", seed=1)
    given.choose(position("toy_tuned", pile=9))
    assert (given.c, given.depth) == (1.5, 0)


def test_a_games_search_setting_out_of_range_is_refused() -> None:
    bot = agents.make("mcts", seed=1, iterations=20)
    with pytest.raises(ValueError, match="c must be a number >= 0"):
        bot.choose(position("toy_mistuned", pile=9))


def test_a_time_budget_stops_at_the_iteration_cap_if_reached_first() -> None:
    bot = agents.make("mcts", seed=1, seconds=30.0, iterations=12)
    bot.choose(position("toy_eval", pile=9))
    assert bot.last_iterations == 12
    timed = agents.make("mcts", seed=1, seconds=0.02)
    state = position("toy_eval", pile=9)
    assert timed.choose(state) in state.legal_actions()
    assert timed.last_iterations >= 1


def test_the_cut_off_uses_the_games_evaluation() -> None:
    """With depth 0 every leaf is judged by evaluate: one that dislikes stones takes 1."""
    for seed in range(3):
        modest = agents.make("mcts", seed=seed, iterations=400, depth=0)
        assert str(modest.choose(position("toy_modest", pile=20))) == "take 1"
        greedy = agents.make("mcts", seed=seed, iterations=400, depth=0)
        assert str(greedy.choose(position("toy_eval", pile=20))) == "take 3"


def test_finish_plays_the_endgame_out_instead_of_judging_it() -> None:
    """toy_closing's evaluation prefers taking 1, but stones win: in the game's endgame (10
    stones or fewer when the search starts), ``finish="greedy"`` rollouts reach the real
    result and the search takes more; before it, and without finish, the evaluation still
    decides."""
    for seed in range(6):
        early = agents.make("mcts", seed=seed, iterations=400, finish="greedy")
        assert str(early.choose(position("toy_closing", pile=30))) == "take 1"
        judged = agents.make("mcts", seed=seed, iterations=400)
        assert str(judged.choose(position("toy_closing", pile=10))) == "take 1"
        played = agents.make("mcts", seed=seed, iterations=400, finish="greedy")
        assert str(played.choose(position("toy_closing", pile=10))) != "take 1"


def test_a_tree_is_not_reused_across_the_start_of_the_endgame() -> None:
    """Values judged by the evaluation and values played out do not mix in one tree: seat
    0's first decision in toy_closing's endgame starts afresh when it finishes rollouts,
    and reuses its subtree when it does not."""
    for finish, reused in (("none", True), ("greedy", False)):
        state = position("toy_closing", pile=11)
        bots = [agents.make("mcts", seed=s, iterations=300, finish=finish) for s in (1, 2)]
        while state.pile > 10 or state.to_move != 0 or state.chosen:
            state.apply(bots[state.to_move].choose(state))
        bots[0].choose(state)
        assert (bots[0].last_reused > 0) is reused


def test_finish_needs_a_game_that_declares_an_endgame() -> None:
    """toy_modest has no ``endgame``: finishing changes nothing there."""
    for seed in range(3):
        plain = agents.make("mcts", seed=seed, iterations=200)
        finishing = agents.make("mcts", seed=seed, iterations=200, finish="greedy")
        state = position("toy_modest", pile=10)
        assert plain.choose(state) == finishing.choose(state)
        assert plain.tree is not None and finishing.tree is not None
        assert tree_shape(plain.tree) == tree_shape(finishing.tree)


def tree_shape(node: Node) -> tuple:
    return (node.visits, round(node.total, 9), {k: tree_shape(c) for k, c in node.children.items()})


def test_options_that_differ_between_worlds_use_availability_counts() -> None:
    """toy_shy: seat 1 may take at most its hidden bonus + 1, so its options vary by world."""
    state = position("toy_shy", seed=3, pile=12, bonus=[3, 4])
    bot = agents.make("mcts", seed=2, iterations=400)
    bot.choose(state)  # an option illegal in the world searched would fail the game's assert
    replies: list[Node] = []
    for taken in bot.tree.children.values():
        confirmed = taken.children.get("confirm")
        if confirmed is not None and confirmed.decider == 1:
            replies.append(confirmed)
    busiest = max(replies, key=lambda node: node.visits)
    assert busiest.visits >= 50
    take_one, take_three = busiest.children["take 1"], busiest.children["take 3"]
    assert take_three.available < take_one.available - 10  # legal only with bonus >= 2
    for node in replies:
        for child in node.children.values():
            assert child.visits <= child.available <= node.visits


def test_the_subtree_is_reused_after_the_agents_own_move() -> None:
    state = position("toy_eval", seed=4, pile=12)
    bot = agents.make("mcts", seed=3, iterations=120)
    first = bot.choose(state)
    state.apply(first)
    bot.choose(state)
    assert bot.last_reused > 0
    assert bot.last_reused == bot.tree.visits - bot.last_iterations


def test_the_subtree_is_reused_across_the_other_seats_moves() -> None:
    state = position("toy_eval", seed=4, pile=12)
    bot = agents.make("mcts", seed=3, iterations=300)
    state.apply(bot.choose(state))
    bot.choose(state)
    state.apply("confirm")
    node = bot.tree.children["confirm"]
    reply = max(node.children, key=lambda action_id: node.children[action_id].visits)
    node = node.children[reply].children["confirm"]  # seat 1 takes what search expected most
    state.apply(reply)
    state.apply("confirm")
    carried = node.visits
    bot.choose(state)
    assert bot.last_reused == carried > 0 and bot.tree is node


def test_no_reuse_for_another_seat_another_game_or_when_off() -> None:
    state = position("toy_eval", seed=4, pile=12)
    bot = agents.make("mcts", seed=3, iterations=120)
    state.apply(bot.choose(state))
    state.apply("confirm")
    bot.choose(state)  # seat 1 now: seat 0's tree was grown from seat 0's secrets
    assert bot.last_reused == 0
    bot.choose(position("toy_eval", seed=5, pile=12))  # a different game
    assert bot.last_reused == 0
    off = agents.make("mcts", seed=3, iterations=120, reuse=False)
    state = position("toy_eval", seed=4, pile=12)
    state.apply(off.choose(state))
    off.choose(state)
    assert off.last_reused == 0 and off.tree is None


def chain() -> GameState:
    return boardlab.new("chain", players=2, seed=0)


@pytest.mark.parametrize("seed", range(4))
def test_a_prior_sees_the_winning_line_of_a_chained_turn(seed: int) -> None:
    """An item, then one of eight spaces of which one wins: tried once each and averaged,
    the spaces make the item look worse than a tie, even at 100 iterations; starting every
    option from its one-step value (``prior``) the search takes the item, then space 0."""
    plain = agents.make("mcts", seed=seed, iterations=100, stop_early=False)
    assert str(plain.choose(chain())) == "safe"
    seeded = agents.make("mcts", seed=seed, iterations=100, prior=5, stop_early=False)
    state = chain()
    assert str(seeded.choose(state)) == "item"
    state.apply("item")
    assert str(seeded.choose(state)) == "space 0"


def test_a_prior_gives_every_option_its_visits_of_one_step_value() -> None:
    """The first iteration at a node values every option with the judge and gives it
    ``prior`` visits; only the option it then descends into has one visit more (judged
    where it stands, at depth 0)."""
    bot = agents.make("mcts", seed=1, iterations=1, prior=3, depth=0, stop_early=False)
    state = chain()
    bot.choose(state)
    judge = Judge.for_game("chain")
    children = bot.tree.children
    assert set(children) == {"safe", "item"}
    for action_id, child in children.items():
        after = state.clone()
        after.apply(action_id)
        value = judge(after)[0]
        extra = child.visits - 3
        assert extra in (0, 1)
        assert child.total == pytest.approx(3 * value + extra * value)
    assert sum(child.visits for child in children.values()) == 3 * 2 + 1


def test_prior_must_be_a_whole_number_of_visits() -> None:
    for bad in (-1, 1.5, "many"):
        with pytest.raises(ValueError, match="prior must be an integer >= 0"):
            agents.make("mcts", seed=1, prior=bad)
