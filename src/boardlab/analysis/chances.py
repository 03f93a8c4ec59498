"""A seat's chance to win, before and after each option, from what that seat knows.

Worlds: the position is re-dealt ``worlds`` times with ``agents.worlds.sample_world`` from
the seat's point of view (never the real hidden holdings of the other seats, nor the real
order of a deck), from a generator seeded by the analysis seed, the seat and the number of
decisions answered so far, all public: the same position analysed twice gives the same
numbers, and two positions the seat cannot tell apart give the same numbers too.

Values (``seconds == 0``, the default): each world, or each world after an option, is
valued by the game's calibrated curve (``analysis.calibration``) and the values averaged;
every option is applied to the same worlds, so options differ by what they do, not by the
luck of the re-deal. With ``seconds > 0`` an information-set search (the ``mcts`` agent)
runs from the seat for that long; the mean result of each option it tried often enough
(``TRUSTED_VISITS``) is read back as a lead and goes through the same curve, and the other
options keep their quick values. Search results depend on the machine's speed.

Options compared: all of them when a decision has at most ``ALL_OPTIONS``; otherwise those
the first world ranks highest (``SHORTLIST`` of them, the way the greedy bot ranks), plus
the option to judge, are valued on every world.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from boardlab.agents.mcts import MctsAgent
from boardlab.agents.values import CONFIDENCE, SHARPNESS
from boardlab.agents.worlds import sample_world
from boardlab.analysis.calibration import Calibration, curve_of, fitted_chance, result
from boardlab.engine import Action, GameState, Rng

ANALYSIS_SEED = 31
WORLDS = 12
ALL_OPTIONS = 16
SHORTLIST = 8
TRUSTED_VISITS = 8


@dataclass(frozen=True, slots=True)
class Setting:
    """How deep an analysis looks: worlds per position, seconds of search per decision
    (0: the calibrated evaluation alone) and the seed of its re-deals."""

    worlds: int = WORLDS
    seconds: float = 0.0
    seed: int = ANALYSIS_SEED

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError(f"an analysis needs at least one world, got {self.worlds}")
        if not 0 <= self.seconds < math.inf:
            raise ValueError(f"seconds of search must be 0 or more, got {self.seconds}")


@dataclass(frozen=True, slots=True)
class Judged:
    """One decision valued for its seat: the chance before, and after each option compared
    (option ids in the decision's order)."""

    before: float
    after: dict[str, float]

    def best(self, prefer: str | None = None) -> tuple[str, float]:
        """The option with the highest chance; ``prefer`` wins a tie, then the first listed."""
        top = max(self.after.values())
        if prefer is not None and self.after.get(prefer, -1.0) >= top - 1e-12:
            return prefer, self.after[prefer]
        for option, chance in self.after.items():
            if chance >= top - 1e-12:
                return option, chance
        raise AssertionError("no option was valued")


def worlds_of(state: GameState, seat: int, setting: Setting) -> list[GameState]:
    """The re-dealt copies of ``state`` the seat's chances are averaged over."""
    rng = Rng(_world_seed(setting.seed, seat, len(state.history)))
    return [sample_world(state, seat, rng) for _ in range(setting.worlds)]


def _world_seed(seed: int, seat: int, answered: int) -> int:
    return (seed * 1_000_003 + seat) * 1_000_003 + answered


def win_chance(
    state: GameState,
    seat: int,
    setting: Setting | None = None,
    curve: Calibration | None = None,
) -> float:
    """``seat``'s calibrated chance to win ``state``, from what the seat knows.

    >>> win_chance(state, 0)                        # quick: the calibrated evaluation
    >>> win_chance(state, 0, Setting(seconds=1.0))  # a second of search when it decides
    """
    state.check_seat(seat)
    if state.is_over:
        return result(state, seat)
    setting = setting or Setting()
    curve = curve or curve_of(state.game)
    if setting.seconds > 0 and state.to_move == seat and len(state.legal_actions()) > 1:
        return judge(state, setting, curve=curve).before
    worlds = worlds_of(state, seat, setting)
    return sum(fitted_chance(world, seat, curve) for world in worlds) / len(worlds)


def judge(
    state: GameState,
    setting: Setting | None = None,
    played: str | None = None,
    curve: Calibration | None = None,
) -> Judged:
    """The seat to move's chance before the decision and after each option compared.

    ``played`` (an option id) is always among the options compared.
    """
    decision = state.decision
    if decision is None:
        raise ValueError("the game is over: there is no decision to judge")
    setting = setting or Setting()
    curve = curve or curve_of(state.game)
    seat = decision.player
    worlds = worlds_of(state, seat, setting)
    before = sum(fitted_chance(world, seat, curve) for world in worlds) / len(worlds)
    options = _compared(decision.options, worlds[0], seat, curve, played)
    after = {option.id: _after(option, worlds, seat, curve) for option in options}
    if setting.seconds > 0:
        before = _searched(state, setting, curve, after, before)
    return Judged(before, after)


def _compared(
    options: Sequence[Action],
    world: GameState,
    seat: int,
    curve: Calibration,
    played: str | None,
) -> list[Action]:
    """Every option when few; else the shortlist one world ranks highest, and ``played``."""
    if len(options) <= ALL_OPTIONS:
        return list(options)
    quick = {option.id: _after(option, [world], seat, curve) for option in options}
    ranked = sorted(options, key=lambda option: -quick[option.id])  # stable: listed order
    kept = {option.id for option in ranked[:SHORTLIST]}
    if played is not None:
        kept.add(played)
    return [option for option in options if option.id in kept]


def _after(option: Action, worlds: Sequence[GameState], seat: int, curve: Calibration) -> float:
    total = 0.0
    for world in worlds:
        after = world.clone()
        after.apply_unchecked(option)
        total += fitted_chance(after, seat, curve)
    return total / len(worlds)


def _searched(
    state: GameState, setting: Setting, curve: Calibration, after: dict[str, float], quick: float
) -> float:
    """Replace the options' quick values in ``after`` by the search's where it looked
    often enough; the chance before is that of the search's preferred option."""
    decision = state.decision
    assert decision is not None
    agent = MctsAgent(
        seed=_world_seed(setting.seed, decision.player, len(state.history)),
        seconds=setting.seconds,
        reuse=True,
        stop_early=False,
    )
    agent.choose(state)
    root = agent.tree
    if root is None:
        return quick
    best_visits = 0
    before = quick
    for option_id in after:
        child = root.children.get(option_id)
        if child is None or child.visits < TRUSTED_VISITS:
            continue
        found = lead_of_result(child.total / child.visits, agent)
        after[option_id] = curve.chance(found, curve.progress(state))
        if child.visits > best_visits:
            best_visits, before = child.visits, after[option_id]
    return before


def lead_of_result(value: float, agent: MctsAgent) -> float:
    """The lead whose estimated search result (``agents.values``) is ``value``: the search's
    mean read back as the feature the calibration takes (bisection; the result rises
    with the lead)."""
    weight = agent.win_weight
    low, high = -1.0, 1.0
    for _ in range(40):
        middle = (low + high) / 2
        if _estimated_result(middle, weight) < value:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _estimated_result(lead: float, weight: float) -> float:
    chance = 0.5 + CONFIDENCE * math.tanh(SHARPNESS * lead)
    return weight * chance + (1 - weight) * (0.5 + 0.5 * lead)
