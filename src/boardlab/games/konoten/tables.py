"""Integer lookup tables derived once from the content, so the rules run on ints and bitmasks.

Card marks are 12-bit masks (bit ``row * 4 + col``); turning a card 180 degrees maps
(row, col) to (2 - row, 3 - col), which is bit ``11 - i``. Growth charts are 9-bit masks
over the template's nodes. Effects are 8-int vectors in ``SYMBOLS`` order.
"""

from __future__ import annotations

from typing import NamedTuple

from boardlab.games.konoten.content import (
    CONTENT,
    GRID_COLS,
    INPUT_COLUMNS,
    SYMBOLS,
    ZERO,
    Ability,
    Vector,
)

LIGHT, RAINBOW, SEDIMENT, AP, CREATIVITY, VP, GROWTH, ASSISTANT = range(len(SYMBOLS))
N_MATERIALS = 3

# ---------------------------------------------------------------- development cards
N_CARDS = len(CONTENT.dev_cards)
CARD_IDS = tuple(card.id for card in CONTENT.dev_cards)
CARD_INDEX = {card_id: c for c, card_id in enumerate(CARD_IDS)}
NORMAL_CARDS = tuple(card.index for card in CONTENT.dev_cards if card.deck == "normal")
VP_CARDS = tuple(card.index for card in CONTENT.dev_cards if card.deck == "vp")
IS_VP_CARD = tuple(card.deck == "vp" for card in CONTENT.dev_cards)
N_NORMAL_SLOTS = CONTENT.normal_display
N_SLOTS = CONTENT.normal_display + CONTENT.vp_display


def _turn(row: int, col: int) -> tuple[int, int]:
    return 2 - row, 3 - col


def _orientation(card_index: int, flipped: bool) -> tuple[int, Vector, Vector]:
    card = CONTENT.dev_cards[card_index]
    mask = 0
    inputs = [0] * len(SYMBOLS)
    outputs = [0] * len(SYMBOLS)
    for cell in card.cells:
        row, col = _turn(cell.row, cell.col) if flipped else (cell.row, cell.col)
        mask |= 1 << (row * GRID_COLS + col)
        side = inputs if col in INPUT_COLUMNS else outputs
        side[SYMBOLS.index(cell.symbol)] += 1
    return mask, tuple(inputs), tuple(outputs)  # type: ignore[return-value]


#: CARD_MASK[c][o]: the occupied cells of card c in orientation o (0 upright, 1 turned).
CARD_MASK = tuple(tuple(_orientation(c, bool(o))[0] for o in (0, 1)) for c in range(N_CARDS))
#: CARD_INPUT[c][o] / CARD_OUTPUT[c][o]: the symbols on the input / output half.
CARD_INPUT = tuple(tuple(_orientation(c, bool(o))[1] for o in (0, 1)) for c in range(N_CARDS))
CARD_OUTPUT = tuple(tuple(_orientation(c, bool(o))[2] for o in (0, 1)) for c in range(N_CARDS))
#: CARD_MATERIAL[c][o] / CARD_RESULT[c][o]: the corner numbers in each orientation (A5).
CARD_MATERIAL = tuple(
    (card.material, card.material_rotated) for card in CONTENT.dev_cards
)
CARD_RESULT = tuple((card.result, card.result_rotated) for card in CONTENT.dev_cards)
#: CARD_DIFF[c][o] = result - material: what the card adds to the lens threshold.
CARD_DIFF = tuple(
    (r[0] - m[0], r[1] - m[1]) for r, m in zip(CARD_RESULT, CARD_MATERIAL, strict=True)
)
#: ORIENTATIONS[c] = ((mask, diff, o), ...) for the search over legal stacks.
ORIENTATIONS = tuple(
    tuple((CARD_MASK[c][o], CARD_DIFF[c][o], o) for o in (0, 1)) for c in range(N_CARDS)
)
MIN_LENS_CARDS = 2
MAX_LENS_CARDS = 6

# ---------------------------------------------------------------- foundations
N_FOUNDATIONS = len(CONTENT.foundations)
FOUNDATION_COST = tuple(f.cost for f in CONTENT.foundations)
FOUNDATION_IDS = tuple(f.id for f in CONTENT.foundations)
COSTS = tuple(sorted(set(FOUNDATION_COST)))
#: COST_MASK[k]: the foundations of cost k, as a bitmask over foundation indices.
COST_MASK = {k: sum(1 << f for f, c in enumerate(FOUNDATION_COST) if c == k) for k in COSTS}
ALL_FOUNDATIONS = (1 << N_FOUNDATIONS) - 1

# ---------------------------------------------------------------- lenses
#: Lens names in order of making (one lens per foundation at most): ``L1`` is the first made.
LENS_IDS = tuple(f"L{i + 1}" for i in range(N_FOUNDATIONS))
LENS_INDEX = {lens_id: i for i, lens_id in enumerate(LENS_IDS)}

# ---------------------------------------------------------------- devices
N_DEVICES = len(CONTENT.devices)
DEVICE_IDS = tuple(d.id for d in CONTENT.devices)
GRIND = next(i for i, d in enumerate(CONTENT.devices) if d.special == "make_lens")
GROUNDWORK = next(
    i for i, d in enumerate(CONTENT.devices) if d.special == "take_start_player_marker"
)
DEVICE_CAPACITY = tuple(d.capacity for d in CONTENT.devices)
DEVICE_INPUT = tuple(d.input for d in CONTENT.devices)
DEVICE_OUTPUT = tuple(d.output for d in CONTENT.devices)
DEVICE_AP = tuple(d.ap for d in CONTENT.devices)

# ---------------------------------------------------------------- tasks
#: Each task: (quantity, threshold) in the order of CONTENT.tasks (K-12.1).
TASK_RULES = {"light7": ("light", 7), "rainbow5": ("rainbow", 5), "lenses3": ("lenses", 3)}
TASKS = tuple(TASK_RULES[task] for task in CONTENT.tasks)
N_TASKS = len(TASKS)
ALL_TASKS = (1 << N_TASKS) - 1

# ---------------------------------------------------------------- growth charts
NODE_IDS = CONTENT.template.nodes
N_NODES = len(NODE_IDS)
START_NODE = NODE_IDS.index(CONTENT.template.start)
START_BIT = 1 << START_NODE
#: PRED[n]: the nodes with an arrow into node n.
PRED = tuple(
    sum(1 << NODE_IDS.index(t) for t, h in CONTENT.template.arrows if h == node)
    for node in NODE_IDS
)


def _eligible(grown: int) -> int:
    found = 0
    for node in range(N_NODES):
        bit = 1 << node
        if not grown & bit and (node == START_NODE or PRED[node] & grown):
            found |= bit
    return found


#: ELIGIBLE[grown]: the empty nodes one growth step may fill (K-11.2).
ELIGIBLE = tuple(_eligible(grown) for grown in range(1 << N_NODES))
POPCOUNT = tuple(bin(i).count("1") for i in range(1 << max(N_NODES, N_TASKS)))

N_CHARACTERS = len(CONTENT.characters)
CHARACTER_IDS = tuple(c.id for c in CONTENT.characters)


Needs = tuple[tuple[int, int], ...]


def needs_of(inputs: Vector) -> Needs:
    """The non-AP inputs of an effect as (symbol index, amount) pairs, for fast checks."""
    return tuple((i, v) for i, v in enumerate(inputs) if v and i != AP)


class Effect(NamedTuple):
    """An executable effect: inputs (AP symbols included in ``ap``), AP to pay, outputs."""

    input: Vector
    ap: int
    output: Vector
    needs: Needs


def _scaled(vector: Vector, times: int) -> Vector:
    return tuple(v * times for v in vector)  # type: ignore[return-value]


def ability_effect(ability: Ability, times: int = 1) -> Effect:
    """The effect of a will / supply / end ability executed ``times`` times (K-11.5)."""
    inputs = _scaled(ability.input, times)
    return Effect(
        inputs,
        (ability.ap + ability.input[AP]) * times,
        _scaled(ability.output, times),
        needs_of(inputs),
    )


def _type_mask(character: int, kind: str) -> int:
    abilities = CONTENT.characters[character].abilities
    return sum(1 << n for n, a in enumerate(abilities) if a.type == kind)


WILL_MASK = tuple(_type_mask(c, "will") for c in range(N_CHARACTERS))
SUPPLY_MASK = tuple(_type_mask(c, "supply") for c in range(N_CHARACTERS))
END_MASK = tuple(_type_mask(c, "end") for c in range(N_CHARACTERS))
FINAL_MASK = tuple(_type_mask(c, "final") for c in range(N_CHARACTERS))
ABILITIES = tuple(c.abilities for c in CONTENT.characters)
#: WILL_EFFECT[c][n]: the effect of character c's will ability on node n (None otherwise).
WILL_EFFECT = tuple(
    tuple(ability_effect(a) if a.type == "will" else None for a in c.abilities)
    for c in CONTENT.characters
)
CAPACITY_NODES = tuple(
    sum(
        1 << n
        for n, a in enumerate(c.abilities)
        if a.type == "passive" and a.rule == "material_capacity"
    )
    for c in CONTENT.characters
)


class Passives(NamedTuple):
    """The passive rules in force for one character with one set of grown nodes (K-11.4)."""

    collect_cost: int
    persuade_discount: int
    capacity: int
    owner_bonus: int
    grind_bonus_vp: int
    device_bonus: tuple[Vector, ...]
    sediment_vp: int


def _passives(character: int, grown: int) -> Passives:
    collect_cost = CONTENT.collect_ap
    discount = owner = grind = 0
    capacity = CONTENT.setup.material_capacity
    sediment = CONTENT.vp_per_sediment
    bonus = [list(ZERO) for _ in range(N_DEVICES)]
    for node, ability in enumerate(ABILITIES[character]):
        if ability.type != "passive" or not grown >> node & 1:
            continue
        rule, value = ability.rule, ability.value
        if rule == "collect_cost":
            collect_cost = min(collect_cost, value)
        elif rule == "persuade_discount":
            discount += value
        elif rule == "material_capacity":
            capacity += value
        elif rule == "owner_bonus":
            owner += value
        elif rule == "grind_bonus_vp":
            grind += value
        elif rule == "device_bonus":
            target = bonus[DEVICE_IDS.index(ability.device)]
            for i, amount in enumerate(ability.output):
                target[i] += amount
        elif rule == "sediment_penalty":
            sediment = value
    return Passives(
        collect_cost,
        discount,
        capacity,
        owner,
        grind,
        tuple(tuple(b) for b in bonus),  # type: ignore[misc]
        sediment,
    )


#: PASSIVES[c][grown]: the passives of character c with that growth mask.
PASSIVES = tuple(
    tuple(_passives(c, grown) for grown in range(1 << N_NODES)) for c in range(N_CHARACTERS)
)

# ---------------------------------------------------------------- rule constants (K-7.5)
PERSUADE_FEE = 2
REACTIVATE_FEE = 3

# ---------------------------------------------------------------- where VP come from
#: The VP the rules award: 1 per card ground (K-9.3), the grind bonus passive, the owner
#: bonus (K-7.7); the VP symbols of the effects of lenses, abilities and devices (gained
#: less paid); graduation (K-14.1, K-14.2).
(
    CARDS_VP,
    GRIND_BONUS_VP,
    OWNER_BONUS_VP,
    LENS_VP,
    ABILITY_VP,
    DEVICE_VP,
    SEDIMENT_VP,
    FINAL_VP,
) = range(8)
#: ``score_breakdown`` names, in the order above (the player's guide uses the same).
VP_SOURCES = (
    "cards ground",
    "grind bonus",
    "owner bonus",
    "lenses run",
    "abilities",
    "devices",
    "sediment penalty",
    "final abilities",
)
N_VP_SOURCES = len(VP_SOURCES)


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found
