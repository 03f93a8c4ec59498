"""Linnaeus's probes for balance reports: lazy garden lines that should lose (issue 28, item 12).

Each probe puts its garden lens (and the wild lens, as a garden action) on its strongest free
tool, plants one flower in every bed before a second in any, and takes the first option of
every other decision: it wins only if flowers in unfinished beds (§11.4) pay too much. They
choose among the options of each decision by kind only, so they play the same whether or not
the engine poses a decision that has a single option.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from boardlab.games.linnaeus.content import CONTENT, CULTIVATE
from boardlab.games.linnaeus.turn import lens_action
from boardlab.tuning import Probe

if TYPE_CHECKING:
    from boardlab.engine import Action, GameState
    from boardlab.games.linnaeus.state import LinnaeusState


def garden_first(state: GameState, option: Action) -> float:
    """A ``place`` option: the garden lens on the biggest tool first, any other lens on the
    smallest; a ``wild`` option: the garden action first."""
    if option.kind == "wild":
        return 0.0 if int(option.args[0]) == CULTIVATE else 1.0
    code, tool = int(option.args[0]), int(option.args[1])
    if lens_action(code) == CULTIVATE:
        return float(-tool)
    return float(10 + tool)


def _own_in_bed(state: GameState, spot: int) -> int:
    s = cast("LinnaeusState", state)
    bed = CONTENT.beds[CONTENT.spots[spot].bed]
    return sum(1 for x in bed.spots if s.spot_owner[x] == state.to_move)


def spread_low(state: GameState, option: Action) -> float:
    """A ``plant`` option: beds where the seat has the fewest flowers, its 1-flowers first."""
    if option.kind != "plant":
        return 0.0
    return 10.0 * _own_in_bed(state, int(option.args[1])) + int(option.args[0])


def spread_high(state: GameState, option: Action) -> float:
    """As ``spread_low``, but its 3-flowers first (to outrank others in shared beds)."""
    if option.kind != "plant":
        return 0.0
    return 10.0 * _own_in_bed(state, int(option.args[1])) - int(option.args[0])


def _garden(state: GameState, option: Action, plant: float) -> float:
    return garden_first(state, option) if option.kind in ("place", "wild") else plant


def _low(state: GameState, option: Action) -> float:
    return _garden(state, option, spread_low(state, option))


def _high(state: GameState, option: Action) -> float:
    return _garden(state, option, spread_high(state, option))


def _place_only(state: GameState, option: Action) -> float:
    return _garden(state, option, 0.0)


#: Plant, place (garden first), choose the garden for the wild lens, keep the garden action
#: going; otherwise the first option.
_GARDEN = ("plant", "place", "wild", "continue")

PROBES = (
    Probe(
        "one-per-bed",
        _GARDEN,
        "puts its garden lens on its biggest free tool and plants one flower in every bed "
        "(1-flowers first) before a second in any; otherwise takes the first option",
        rank=_low,
    ),
    Probe(
        "one-per-bed-high",
        _GARDEN,
        "as one-per-bed, but plants its 3-flowers first",
        rank=_high,
    ),
    Probe(
        "garden-wander",
        _GARDEN,
        "puts its garden lens on its biggest free tool and plants on empty spots drawn at "
        "random; otherwise takes the first option",
        rank=_place_only,
    ),
)
