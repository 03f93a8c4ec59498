"""Integer tables derived once from the content, for the state layout and the hot paths.

The piece layout of ``ScytheState.units`` (character, mechs by ability slot, workers), the
indexes of tracks, actions and structures, and per-mat section tables, so rules read
``COIN_BONUS[mat][DEPLOY]`` instead of walking records.

>>> UNITS_PER_SEAT, SECTION_OF_TOP[CONTENT.mat("industrial").index][MOVE]
(13, 2)
"""

from __future__ import annotations

from boardlab.games.scythe.content import BOTTOM_ACTIONS, CONTENT, STAR_GOALS, TOP_ACTIONS
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TRACKS

#: Where a piece is when not on the board (a mech on its faction mat, a worker on its mat).
OFF_BOARD = -1
#: Piece numbers of one seat in ``units``: the character, then the mechs, then the workers.
CHARACTER = 0
MECH = 1
N_MECHS = CONTENT.components.mechs
WORKER = MECH + N_MECHS
N_WORKERS = CONTENT.components.workers
UNITS_PER_SEAT = WORKER + N_WORKERS
MECH_PIECES = range(MECH, WORKER)
WORKER_PIECES = range(WORKER, UNITS_PER_SEAT)

MINE, MILL, ARMORY, MONUMENT = (STRUCTURES.index(s) for s in ("mine", "mill", "armory", "monument"))
N_STRUCTURES = len(STRUCTURES)
WOOD, METAL, OIL, FOOD = (RESOURCES.index(r) for r in ("wood", "metal", "oil", "food"))
N_RESOURCES = len(RESOURCES)
COINS, POPULARITY, POWER, COMBAT_CARDS = (
    TRACKS.index(t) for t in ("coins", "popularity", "power", "combat_cards")
)

COMBAT_VALUES = CONTENT.combat_values
N_VALUES = len(COMBAT_VALUES)
#: Objective cards a player holds from setup (section 4.9; the same on every mat).
OBJECTIVES_HELD = CONTENT.mats[0].starting_objectives

MOVE, TRADE, BOLSTER, PRODUCE = (
    TOP_ACTIONS.index(a) for a in ("move", "trade", "bolster", "produce")
)
UPGRADE, DEPLOY, BUILD, ENLIST = (
    BOTTOM_ACTIONS.index(a) for a in ("upgrade", "deploy", "build", "enlist")
)
N_SECTIONS = len(CONTENT.mats[0].sections)
#: The Factory card as a fifth section (section 11), in ``last_section``.
FACTORY_SECTION = N_SECTIONS
NO_SECTION = -1

#: ``SECTION_TOP[mat][section]``: the top action (``MOVE``...) of that section.
SECTION_TOP: tuple[tuple[int, ...], ...] = tuple(
    tuple(TOP_ACTIONS.index(s.top) for s in mat.sections) for mat in CONTENT.mats
)
#: ``SECTION_OF_TOP[mat][top action]``: the section holding it.
SECTION_OF_TOP: tuple[tuple[int, ...], ...] = tuple(
    tuple(row.index(top) for top in range(len(TOP_ACTIONS))) for row in SECTION_TOP
)
#: Per mat and bottom action (section = bottom action, the bottom row never moves):
COST_START: tuple[tuple[int, ...], ...] = tuple(
    tuple(s.cost_start for s in mat.sections) for mat in CONTENT.mats
)
COST_MIN: tuple[tuple[int, ...], ...] = tuple(
    tuple(s.cost_min for s in mat.sections) for mat in CONTENT.mats
)
COIN_BONUS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s.coin_bonus for s in mat.sections) for mat in CONTENT.mats
)
#: The resource each bottom action pays.
BOTTOM_PAYS: tuple[int, ...] = tuple(
    RESOURCES.index(b.pays) for b in CONTENT.mat_rules.bottom_actions
)
#: The recruit ongoing bonus of each bottom action, as ``(track, amount)``.
RECRUIT_BONUS: tuple[tuple[int, int], ...] = tuple(
    (TRACKS.index(b.recruit_bonus.track), b.recruit_bonus.amount)
    for b in CONTENT.mat_rules.bottom_actions
)
#: The four one-time enlist bonus spaces, as ``(track, amount)``.
ENLIST_BONUS: tuple[tuple[int, int], ...] = tuple(
    (TRACKS.index(b.track), b.amount) for b in CONTENT.mat_rules.enlist_bonuses
)
#: The six top-row upgrade boxes as ``(top action, choice index)`` (bits of ``top_upgrades``).
TOP_UPGRADE_BOXES: tuple[tuple[int, int], ...] = tuple(
    (
        TOP_ACTIONS.index(action),
        [c.id for c in CONTENT.mat_rules.top(action).choices].index(choice),
    )
    for action, choice in CONTENT.mat_rules.top_upgrade_slots
)
N_UPGRADES = len(TOP_UPGRADE_BOXES)

#: Bits of ``star_goals`` (indexes of ``STAR_GOALS``); the objective and combat stars are
#: counted apart since Saxony may place more of them than the track shows.
(
    GOAL_UPGRADES,
    GOAL_MECHS,
    GOAL_STRUCTURES,
    GOAL_RECRUITS,
    GOAL_WORKERS,
    GOAL_OBJECTIVE,
    GOAL_COMBAT_1,
    GOAL_COMBAT_2,
    GOAL_POPULARITY,
    GOAL_POWER,
) = range(len(STAR_GOALS))
ONCE_GOALS = (
    GOAL_UPGRADES,
    GOAL_MECHS,
    GOAL_STRUCTURES,
    GOAL_RECRUITS,
    GOAL_WORKERS,
    GOAL_POPULARITY,
    GOAL_POWER,
)

POPULARITY_MAX = CONTENT.scoring.popularity_max
POWER_MAX = CONTENT.scoring.power_max
DIAL_MAX = CONTENT.scoring.dial_max
STARS_TO_END = CONTENT.scoring.stars_per_player
#: Combat-victory and objective stars a player may place (S-9.3, S-12; Saxony: no limit,
#: S-15.4).
COMBAT_STARS_MAX = CONTENT.scoring.combat_stars_per_player
OBJECTIVE_STARS_MAX = CONTENT.scoring.objective_stars_per_player

# ---------------------------------------------------------------------- abilities, values
#: Each faction's faction ability id (``FACTION_ABILITIES`` of ``content.py``), by faction.
FACTION_ABILITY: tuple[str, ...] = tuple(f.ability.id for f in CONTENT.factions)
#: ``MECH_SLOT[faction][ability]``: the mech slot (0-3) unlocking that mech ability.
MECH_SLOT: tuple[dict[str, int], ...] = tuple(
    {mech.id: mech.slot for mech in f.mechs} for f in CONTENT.factions
)
#: Each faction's mech ability ids by slot.
MECH_ABILITY: tuple[tuple[str, ...], ...] = tuple(
    tuple(mech.id for mech in f.mechs) for f in CONTENT.factions
)
#: Pieces of ``units`` (per seat) that are characters or mechs: the fighting units.
FIGHTERS = range(CHARACTER, WORKER)

#: Bits of ``top_upgrades`` for each top-row upgrade box, by ``(action, choice)``.
_BOX = {box: bit for bit, box in enumerate(TOP_UPGRADE_BOXES)}
BOX_MOVE_UNITS = _BOX[(MOVE, 0)]
BOX_GAIN_COINS = _BOX[(MOVE, 1)]
BOX_TRADE_POPULARITY = _BOX[(TRADE, 1)]
BOX_BOLSTER_POWER = _BOX[(BOLSTER, 0)]
BOX_BOLSTER_CARDS = _BOX[(BOLSTER, 1)]
BOX_PRODUCE = _BOX[(PRODUCE, 0)]


def _values(action: str, choice: int) -> tuple[int, int]:
    value = CONTENT.mat_rules.top(action).choices[choice]
    return value.base, value.upgraded


#: Top-row values as ``(base, upgraded)``: index with ``bool(top_upgrades & (1 << box))``.
MOVE_UNITS = _values("move", 0)
GAIN_COINS = _values("move", 1)
TRADE_RESOURCES = _values("trade", 0)[0]
TRADE_POPULARITY = _values("trade", 1)
BOLSTER_POWER = _values("bolster", 0)
BOLSTER_CARDS = _values("bolster", 1)
PRODUCE_TERRITORIES = _values("produce", 0)
#: Coins paid by Trade and Bolster (section 6.2, 6.4).
TRADE_COST = CONTENT.mat_rules.top("trade").cost[0].amount
BOLSTER_COST = CONTENT.mat_rules.top("bolster").cost[0].amount
#: The structure that boosts each top action (section 16.1), by top action.
TOP_STRUCTURE: tuple[int, ...] = tuple(
    STRUCTURES.index(CONTENT.mat_rules.top(action).structure) for action in TOP_ACTIONS
)
#: Produce costs (section 6.3) as ``(workers off the mat at least, track, amount)``.
PRODUCE_COSTS: tuple[tuple[int, int, int], ...] = tuple(
    (step.workers_at_least, TRACKS.index(step.cost.track), step.cost.amount)
    for step in CONTENT.mat_rules.produce_costs
)
#: Index of each combat card value in ``hand`` rows.
VALUE_INDEX = {value: v for v, value in enumerate(COMBAT_VALUES)}
#: Bottom-row upgrade boxes of each mat and bottom action (start cost - minimum).
UPGRADE_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s.upgrade_slots for s in mat.sections) for mat in CONTENT.mats
)
ALL_UPGRADES = (1 << N_UPGRADES) - 1
ALL_BOTTOM = (1 << len(BOTTOM_ACTIONS)) - 1
