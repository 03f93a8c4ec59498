"""The greedy agent: one decision of lookahead on the game's evaluation function."""

from __future__ import annotations

from typing import Any

from boardlab.agents.params import number, reject_unknown
from boardlab.agents.repetition import RepetitionGuard
from boardlab.agents.values import Judge
from boardlab.agents.worlds import sample_world
from boardlab.engine import Action, GameState, Rng


class GreedyAgent:
    """Plays the option whose result the game's evaluation likes best for the deciding seat.

    Each option is applied to the same ``samples`` determinizations of what the seat can
    see and valued with ``Judge`` (the seat's evaluation against the best opponent's, or
    the final result when the option ends the game); ties go to the agent's own generator.
    At a position it has decided in before, only the options it chose least often there
    are considered (``RepetitionGuard``), so ``take``/``undo`` cycles end. An offer it
    withdrew (its ``cancel`` after opening one) is not opened again in that game
    (``Withdrawals``), so a bot does not flood the log with offers it drops.
    With ``epsilon`` above 0, that share of its decisions (those with a choice) takes an
    option at random instead, drawn from the agent's generator: a weaker, less predictable
    player for the named levels. ``last_evaluations`` counts the positions valued in the
    last decision.

    >>> make("greedy", seed=3, samples=4).choose(state)
    >>> make("greedy", seed=3, epsilon=0.3).choose(state)  # a random option 30% of the time
    """

    name = "greedy"
    PARAMS = ("epsilon", "samples")

    def __init__(
        self, seed: int = 0, samples: int = 1, epsilon: float = 0.0, **unknown: Any
    ) -> None:
        reject_unknown(self.name, unknown, self.PARAMS)
        self.samples = number(self.name, "samples", samples, 1, integer=True)
        self.epsilon = float(number(self.name, "epsilon", epsilon, 0, 1))
        self.rng = Rng(seed)
        self.last_evaluations = 0
        self.guard = RepetitionGuard()
        self.withdrawals = Withdrawals()

    def choose(self, state: GameState) -> Action:
        decision = state.decision
        if decision is None:
            raise ValueError("the game is over: there is nothing to choose")
        self.last_evaluations = 0
        if len(decision.options) == 1:
            return decision.options[0]
        seat = decision.player
        position, options = self.guard.least_tried(state, seat)
        options = self.withdrawals.still_open(state, seat, decision.kind, options)
        if len(options) == 1:
            chosen = options[0]
        elif self.epsilon and self.rng.random() < self.epsilon:
            chosen = options[self.rng.randbelow(len(options))]
        else:
            chosen = self._best(state, seat, options)
        self.guard.record(position, chosen)
        self.withdrawals.note(state, seat, decision.kind, chosen)
        return chosen

    def _best(self, state: GameState, seat: int, options: tuple[Action, ...]) -> Action:
        judge = Judge.for_game(state.game)
        rng = self.rng
        worlds = [sample_world(state, seat, rng) for _ in range(self.samples)]
        best: list[Action] = []
        best_value = float("-inf")
        for option in options:
            value = 0.0
            for world in worlds:
                after = world.clone()
                after.apply_unchecked(option)
                value += judge(after)[seat]
            if value > best_value:
                best, best_value = [option], value
            elif value == best_value:
                best.append(option)
        self.last_evaluations = len(options) * len(worlds)
        return best[rng.randbelow(len(best))] if len(best) > 1 else best[0]


WITHDRAW = "cancel"  # the action kind that withdraws an offer being built


class Withdrawals:
    """The openings of offers a seat withdrew, kept for the rest of the game.

    When the agent withdraws in a decision of some kind (``trade_build``), the opening is
    its own last action of another kind before the run of that kind, as its log
    (``state.log(seat)``) shows it: the decision kind and option id (``trade_offer``,
    ``offer 1``). That option is left out of the same decision from then on (it
    withdrew because nothing it could add was worth sending, which rarely changes), but
    never all of the options.
    """

    __slots__ = ("_game", "_moves", "_shut")

    def __init__(self) -> None:
        self._game: tuple[Any, ...] = ()
        self._moves = 0
        self._shut: set[tuple[str, str]] = set()

    def still_open(
        self, state: GameState, seat: int, kind: str, options: tuple[Action, ...]
    ) -> tuple[Action, ...]:
        """``options`` without the openings this seat withdrew this round."""
        if not self._shut:
            return options
        self._sync(state, seat)
        kept = tuple(o for o in options if (kind, o.id) not in self._shut)
        return kept or options

    def note(self, state: GameState, seat: int, kind: str, chosen: Action) -> None:
        """Remember the opening that ``chosen``, answering a decision of ``kind``, withdraws."""
        if chosen.kind != WITHDRAW:
            return
        self._sync(state, seat)
        for entry in reversed(state.log(seat, since=max(0, state.log_length() - 200))):
            if entry["seat"] != seat or entry["id"] is None:
                return
            if entry["kind"] != kind:
                self._shut.add((entry["kind"], entry["id"]))
                return

    def _sync(self, state: GameState, seat: int) -> None:
        """Forget everything when the state is another game, or an earlier point of one."""
        game = (state.game, state.players, state.seed, dict(state.options), seat)
        moves = state.log_length()
        if game != self._game or moves < self._moves:
            self._shut.clear()
            self._game = game
        self._moves = moves
