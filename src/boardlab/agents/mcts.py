"""Information-set Monte Carlo tree search (ISMCTS) that works for any boardlab game.

Each iteration samples a fresh world with ``state.determinize(seat, rng)``, so the search
never sees what the deciding seat cannot, and descends one shared tree. The tree is
open-loop: a node is the sequence of action ids from the root, not a state, so chance
inside ``apply`` (draws, shuffles) and the sampled hidden information differ between
iterations while the statistics are shared. With perfect information and no chance this
is plain UCT.

* Selection: among the options legal in this world, UCB1 with availability counts,
  ``mean + c * sqrt(ln(available) / visits)``, where ``available`` counts the iterations
  in which the option was legal at that node (options differ between worlds).
  An option legal now but never tried is expanded first (picked at random).
* Values: a node holds the total result of the seat that chose its action, so every seat
  maximises its own result (``values.Judge``: win share mixed with the score margin at the
  end, the same mix with the chance to win estimated from the evaluation at a cut-off).
* Prior: with ``prior`` K above 0, the first iteration to reach a node values every
  option there by one step of the judge (what greedy would see) and gives each child K
  visits of that value, then descends into the best by UCB and stops. Without it, every
  option is tried once and its mean is whatever its subtree returns, which in a game
  whose turn is a chain of choices (an item, then one of 16 spaces) averages the good
  continuation with many bad ones; the prior keeps the mean near the best line until the
  search has seen enough of it.
* Rollout: up to ``depth`` actions (``-1``: to the end, at most 10,000), chosen
  at random or, with ``rollout="greedy"``, by one-step evaluation with probability
  ``1 - epsilon``; then the position is judged. With ``finish="greedy"``, when the
  decision searched is in the game's endgame (``boardlab.tuning``), every rollout is
  instead played to the end that way, so the last stretch of a game is judged by its
  real result rather than by an evaluation of holdings that may never turn into points.
  The choice is made once per decision, so one tree never mixes the two kinds of value.
* Decision: the most visited legal option (then the best mean, then the first listed),
  among the options chosen least often before at the same position (``RepetitionGuard``).
  With ``stop_early`` (the default) the search ends as soon as the most visited option
  leads every other by more visits than the budget has left (counted exactly for an
  iteration budget, estimated from the pace so far for a time budget): the remaining
  iterations could not change the choice, so they are not spent.
* Reuse: the subtree reached by the actions played since this agent's last decision
  becomes the new root when the same seat decides again in the same game with the same
  kind of rollouts. The actions are read from ``state.log(seat)``, what the seat knows,
  never from ``state.history``: public events (an entry without a seat) are not edges of
  the tree and are passed over; another seat's secret action (an entry without an id)
  cannot be followed, so the search then starts fresh, as it does when the last entries
  before the kept root (``REUSE_OVERLAP`` of them) are no longer the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from time import perf_counter
from typing import Any

from boardlab.agents.params import choice, number, reject_unknown
from boardlab.agents.repetition import RepetitionGuard
from boardlab.agents.values import DEFAULT_WIN_WEIGHT, Judge
from boardlab.agents.worlds import sample_world
from boardlab.engine import Action, GameState, Rng
from boardlab.tuning import tuning

DEFAULT_ITERATIONS = 1000
#: Search settings for a game whose tuning (``boardlab.tuning``) declares none.
DEFAULT_SETTINGS: Mapping[str, Any] = {
    "c": 0.7,
    "rollout": "random",
    "epsilon": 0.1,
    "depth": 4,
    "win_weight": DEFAULT_WIN_WEIGHT,
    "finish": "none",
    "prior": 0,
}
FULL_ROLLOUT_LIMIT = 10_000  # ``depth=-1`` plays to the end, but never loops for ever
SETTLED_CHECK = 32  # iterations between two checks whether the decision is settled
_UNKNOWN = -1
#: Log entries before a kept tree's root that must still be there, unchanged, for the tree
#: to be reused: enough to tell the same game going on from another line of play, without
#: reading the whole log at every decision of a long game.
REUSE_OVERLAP = 16
#: One entry of ``state.log(seat)`` as the tree remembers it: ``(n, seat, kind, id)``.
LogMark = tuple[int, int | None, str, str | None]


class Node:
    """The statistics of one action-id sequence from the root."""

    __slots__ = ("available", "children", "chooser", "decider", "total", "visits")

    def __init__(self, chooser: int) -> None:
        self.chooser = chooser
        self.decider = _UNKNOWN
        self.children: dict[str, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class MctsAgent:
    """ISMCTS with UCB1, availability counts, open-loop chance, cut-off evaluation and reuse.

    Parameters: ``iterations`` (default 1000 unless ``seconds`` is given), ``seconds`` per
    decision (0: no time limit; results then depend on machine speed), ``reuse`` (keep the
    subtree between decisions), ``stop_early`` (end the search once the rest of the budget
    cannot change the choice), and seven search settings that default to the game's
    ``tuning(game).search``, then to ``DEFAULT_SETTINGS`` (c 0.7, random rollouts of
    depth 4, no finish, no prior): ``c`` (UCB exploration), ``rollout`` (``"random"`` or
    ``"greedy"``), ``epsilon`` (random move share of greedy rollouts), ``depth`` (rollout
    actions before the evaluation cut-off; -1 plays to the end), ``win_weight`` (see
    ``values``), ``finish`` (``"none"``, or ``"greedy"``: in a decision of the game's
    endgame, rollouts play greedily to the end whatever ``depth`` says) and ``prior`` (the
    visits of one-step value every new child starts with; 0: none).
    ``last_iterations`` is the number of iterations the last decision ran; ``last_reused``
    the visits its root carried over.

    >>> make("mcts", seed=1, iterations=500, rollout="greedy").choose(state)
    """

    name = "mcts"
    PARAMS = (
        "c",
        "depth",
        "epsilon",
        "finish",
        "iterations",
        "prior",
        "reuse",
        "rollout",
        "seconds",
        "stop_early",
        "win_weight",
    )

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float = 0.0,
        c: float | None = None,
        rollout: str | None = None,
        epsilon: float | None = None,
        depth: int | None = None,
        win_weight: float | None = None,
        finish: str | None = None,
        prior: int | None = None,
        reuse: bool = True,
        stop_early: bool = True,
        **unknown: Any,
    ) -> None:
        name = self.name
        reject_unknown(name, unknown, self.PARAMS)
        self.seconds = float(number(name, "seconds", seconds, 0))
        if iterations is None:
            iterations = 0 if self.seconds else DEFAULT_ITERATIONS
        else:
            number(name, "iterations", iterations, 1, integer=True)
        self.iterations = iterations
        self.reuse = choice(name, "reuse", reuse, (True, False))
        self.stop_early = choice(name, "stop_early", stop_early, (True, False))
        given = {
            "c": c,
            "rollout": rollout,
            "epsilon": epsilon,
            "depth": depth,
            "win_weight": win_weight,
            "finish": finish,
            "prior": prior,
        }
        self._given = {key: value for key, value in given.items() if value is not None}
        self._tuned_for = ""
        self._endgame: Callable[[GameState], bool] | None = None
        self._finishing = False
        self._settle(DEFAULT_SETTINGS)
        self.rng = Rng(seed)
        self.last_iterations = 0
        self.last_reused = 0
        self.guard = RepetitionGuard()
        self._tree: Node | None = None
        self._tree_game: tuple[Any, ...] = ()
        self._tree_mark = 0  # entries in the seat's log when the kept tree was the root
        self._tree_tail: list[LogMark] = []  # the last entries before that, at most 16

    def _settle(self, defaults: Mapping[str, Any]) -> None:
        """Set the search settings: the given ones, else ``defaults``; all checked."""
        settings = {**DEFAULT_SETTINGS, **defaults, **self._given}
        name = self.name
        self.c = float(number(name, "c", settings["c"], 0))
        rollout = choice(name, "rollout", settings["rollout"], ("random", "greedy"))
        self.greedy_rollout = rollout == "greedy"
        self.epsilon = float(number(name, "epsilon", settings["epsilon"], 0, 1))
        self.depth = number(name, "depth", settings["depth"], -1, integer=True)
        self.win_weight = float(number(name, "win_weight", settings["win_weight"], 0, 1))
        self.finish = choice(name, "finish", settings["finish"], ("none", "greedy")) == "greedy"
        self.prior = number(name, "prior", settings["prior"], 0, integer=True)

    def tune_for(self, game: str) -> None:
        """Use ``game``'s own search settings (``boardlab.tuning.tuning(game).search``) for
        every setting not given when the agent was made, and its endgame. ``choose`` calls
        this itself."""
        if game != self._tuned_for:
            tuned = tuning(game)
            self._settle(dict(tuned.search))
            self._endgame = tuned.endgame
            self._tuned_for = game

    @property
    def tree(self) -> Node | None:
        """The search tree kept from the last decision (``None`` before one or without reuse)."""
        return self._tree

    # ------------------------------------------------------------------ deciding
    def choose(self, state: GameState) -> Action:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over: there is nothing to choose")
        self.last_iterations = 0
        self.last_reused = 0
        if len(decision.options) == 1:
            return decision.options[0]
        seat = decision.player
        position, options = self.guard.least_tried(state, seat)
        if len(options) == 1:
            self.guard.record(position, options[0])
            return options[0]
        self.tune_for(state.game)
        judge = Judge.for_game(state.game, self.win_weight)
        endgame = self._endgame
        self._finishing = self.finish and endgame is not None and endgame(state)
        root = self._root(state, seat)
        self.last_reused = root.visits
        limit = self.iterations
        start = perf_counter()
        deadline = start + self.seconds if self.seconds else 0.0
        done = 0
        while True:
            self._iterate(state, seat, root, judge)
            done += 1
            if done == limit:
                break
            if deadline:
                now = perf_counter()
                if now >= deadline:
                    break
            if self.stop_early and done % SETTLED_CHECK == 0:
                left: float = limit - done if limit else math.inf
                if deadline:  # at the pace so far
                    left = min(left, done * (deadline - now) / (now - start))
                if _settled(root, options, left):
                    break
        self.last_iterations = done
        self._keep(state, seat, root)
        chosen = self._most_visited(root, options)
        self.guard.record(position, chosen)
        return chosen

    def _iterate(self, state: GameState, seat: int, root: Node, judge: Judge) -> None:
        rng = self.rng
        world = sample_world(state, seat, rng)
        node = root
        path = [root]
        c = self.c
        log = math.log
        sqrt = math.sqrt
        while True:
            decision = world.decision
            if decision is None:
                break
            player = decision.player
            if node.decider != player:
                if node.decider != _UNKNOWN:
                    break  # another seat decides here in other worlds: leave the tree
                node.decider = player
            children = node.children
            fresh = False
            if self.prior and not children:
                _seed_children(world, decision.options, player, judge, children, self.prior)
                fresh = True
            untried: list[Action] = []
            best: Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            for option in decision.options:
                child = children.get(option.id)
                if child is None:
                    untried.append(option)
                    continue
                child.available += 1
                visits = child.visits
                score = child.total / visits + c * sqrt(log(child.available) / visits)
                if score > best_score:
                    best, best_action, best_score = child, option, score
            if untried:
                option = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                child = children[option.id] = Node(player)
                child.available = 1
                world.apply_unchecked(option)
                path.append(child)
                break
            assert best is not None and best_action is not None
            world.apply_unchecked(best_action)
            path.append(best)
            node = best
            if fresh:
                break
        results = judge(self._rollout(world, judge))
        for visited in path:
            visited.visits += 1
            if visited.chooser >= 0:
                visited.total += results[visited.chooser]

    def _rollout(self, world: GameState, judge: Judge) -> GameState:
        rng = self.rng
        if self._finishing:
            steps, greedy = FULL_ROLLOUT_LIMIT, True
        else:
            steps = self.depth if self.depth >= 0 else FULL_ROLLOUT_LIMIT
            greedy = self.greedy_rollout
        epsilon = self.epsilon
        while steps:
            decision = world.decision
            if decision is None:
                break
            options = decision.options
            if len(options) == 1:
                option = options[0]
            elif greedy and rng.random() >= epsilon:
                option = _greedy_option(world, options, decision.player, judge)
            else:
                option = options[rng.randbelow(len(options))]
            world.apply_unchecked(option)
            steps -= 1
        return world

    @staticmethod
    def _most_visited(root: Node, options: tuple[Action, ...]) -> Action:
        chosen = options[0]
        best = (-1, 0.0)
        for option in options:
            child = root.children.get(option.id)
            rank = (0, 0.0) if child is None else (child.visits, child.total / child.visits)
            if rank > best:
                chosen, best = option, rank
        return chosen

    # ------------------------------------------------------------------ tree reuse
    def _root(self, state: GameState, seat: int) -> Node:
        """The subtree reached since the last decision, or a fresh root.

        The walk reads ``state.log(seat)`` from a little before the kept root: the entries
        remembered there must still be the same (an id hidden then and revealed since still
        matches), then the entries after it lead down the tree.
        """
        tree = self._tree
        if tree is None or self._tree_game != self._tree_key(state, seat):
            return Node(_UNKNOWN)
        tail = self._tree_tail
        log = state.log(seat, since=max(0, self._tree_mark - REUSE_OVERLAP))
        if len(log) < len(tail):
            return Node(_UNKNOWN)
        for (n, was_seat, was_kind, was_id), entry in zip(tail, log, strict=False):
            if (entry["n"], entry["seat"], entry["kind"]) != (n, was_seat, was_kind):
                return Node(_UNKNOWN)
            if was_id is not None and entry["id"] != was_id:
                return Node(_UNKNOWN)
        node = tree
        for entry in log[len(tail) :]:
            if entry["seat"] is None:
                continue  # a public event: chance inside apply, not an edge of the tree
            action_id = entry["id"]
            if action_id is None:
                return Node(_UNKNOWN)  # another seat's secret action: its edge is unknown
            child = node.children.get(action_id)
            if child is None:
                return Node(_UNKNOWN)
            node = child
        if node.decider not in (seat, _UNKNOWN):
            return Node(_UNKNOWN)
        node.chooser = _UNKNOWN
        return node

    def _tree_key(self, state: GameState, seat: int) -> tuple[Any, ...]:
        """What must match for a kept tree to be reused: the same game, seat and setup, and
        the same kind of values (a tree built by finishing rollouts mixes with no other)."""
        return (state.game, state.players, state.seed, dict(state.options), seat, self._finishing)

    def _keep(self, state: GameState, seat: int, root: Node) -> None:
        if not self.reuse:
            self._tree = None
            return
        self._tree = root
        self._tree_game = self._tree_key(state, seat)
        decision = state.decision
        assert decision is not None
        # every answered decision is an entry, so the log has at least ``id`` entries
        recent = state.log(seat, since=max(0, decision.id - REUSE_OVERLAP))
        mark = recent[-1]["n"] + 1 if recent else 0
        start = max(0, mark - REUSE_OVERLAP)
        self._tree_mark = mark
        self._tree_tail = [
            (e["n"], e["seat"], e["kind"], e["id"]) for e in recent if e["n"] >= start
        ]


def _settled(root: Node, options: tuple[Action, ...], left: float) -> bool:
    """Whether the most visited option leads every other by more than ``left`` visits."""
    first = second = 0
    children = root.children
    for option in options:
        child = children.get(option.id)
        visits = 0 if child is None else child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left


def _seed_children(
    world: GameState,
    options: tuple[Action, ...],
    player: int,
    judge: Judge,
    children: dict[str, Node],
    prior: int,
) -> None:
    """Create a child for every option, worth ``prior`` visits of its one-step value."""
    for option in options:
        after = world.clone()
        after.apply_unchecked(option)
        child = children[option.id] = Node(player)
        child.visits = prior
        child.total = prior * judge(after)[player]


def _greedy_option(
    world: GameState, options: tuple[Action, ...], player: int, judge: Judge
) -> Action:
    """The option whose result ``judge`` values most for ``player`` (first on ties)."""
    best = options[0]
    best_value = -1.0
    for option in options:
        after = world.clone()
        after.apply_unchecked(option)
        value = judge(after)[player]
        if value > best_value:
            best, best_value = option, value
    return best
