"""Every Scythe option, built once at import: shared immutable actions with short stable ids.

Places are named by their map ids (``r3c3``, ``home_crimea``), the labels by the reference's
reading (``forest r3c3``). Ids by decision:

* section: ``section move`` (the mat section whose top action is Move), ``section factory``;
* top action: ``move``, ``gain coins``, ``trade resources``, ``trade popularity``,
  ``bolster power``, ``bolster cards``, ``produce``, ``skip``;
* a Move: ``character home_nordic``, ``mech r3c3``, ``worker r3c3`` (the unit to move),
  ``done``; then per step ``load wood`` / ``load worker`` / ``load moved_worker``, ``to r3c4``,
  ``stop``; the order of combats ``fight r3c4``;
* Trade: ``gain oil`` then ``at r3c3``; Produce: ``produce r3c3``, ``done``;
* bottom action: ``upgrade``, ``deploy``, ``build``, ``enlist``, ``skip``; paying a resource
  ``from r3c3`` or, with Coercion, ``card 3``;
* Upgrade: ``upgrade move`` (the top-row box) then ``cube deploy`` (the bottom-row box);
  Deploy: ``mech speed`` then ``at r3c3``; Build: ``structure mill`` then ``at r3c3``;
  Enlist: ``recruit build`` then ``bonus power``;
* combat: ``artillery`` (or ``skip``), the secret ``dial 3`` and ``cards 5,2`` (``cards
  none``), then the loser's ``retreat home`` or, with Seaworthy, ``retreat r3c4``;
* cards: ``option A`` (an encounter option), ``done``; paying ``discard 3`` (a combat card),
  ``spend wood`` (a resource of any kind); gaining ``take 2`` (that many of a resource or
  of workers), ``choose 1`` (one list of a choice); ``factory 7`` (keep Factory card 7),
  ``factory top`` (its top row);
* objectives: ``objective 12`` (reveal card 12) in the section and bottom decisions and at
  the end of the turn, ``end turn``.
"""

from __future__ import annotations

from boardlab.engine import Action
from boardlab.games.scythe.board import N_SPACES, NAMES, SPACE_IDS
from boardlab.games.scythe.content import BOTTOM_ACTIONS, CONTENT, TOP_ACTIONS
from boardlab.games.scythe.tables import COMBAT_VALUES, MECH_ABILITY, TOP_UPGRADE_BOXES
from boardlab.games.scythe.vocabulary import RESOURCES, STRUCTURES, TRACKS

SKIP = Action("skip", label="skip")
DONE = Action("done", label="done")
STOP = Action("stop", label="end this unit's move here")

# ---------------------------------------------------------------------- the turn
#: ``SECTION[top]``: the mat section holding top action ``top`` (ids ``section move``...).
SECTION = tuple(
    Action("section", (top,), label=f"the {top.capitalize()} section") for top in TOP_ACTIONS
)
SECTION_FACTORY = Action("section", ("factory",), label="your Factory card")
#: ``section <top>`` id -> top action index.
SECTION_TOP_OF = {action.id: top for top, action in enumerate(SECTION)}

MOVE = Action("move", label="Move: move units")
GAIN_COINS = Action("gain", ("coins",), label="Gain: take coins")
TRADE_RESOURCES = Action("trade", ("resources",), label="Trade: pay 1 coin for 2 resources")
TRADE_POPULARITY = Action("trade", ("popularity",), label="Trade: pay 1 coin for popularity")
BOLSTER_POWER = Action("bolster", ("power",), label="Bolster: pay 1 coin for power")
BOLSTER_CARDS = Action("bolster", ("cards",), label="Bolster: pay 1 coin for combat cards")
PRODUCE = Action("produce", label="Produce")
#: ``BOTTOM[action]``: take bottom-row action ``action`` (ids ``upgrade``...).
BOTTOM = tuple(Action(name, label=f"{name.capitalize()}") for name in BOTTOM_ACTIONS)

# ---------------------------------------------------------------------- places
UNIT_KINDS = ("character", "mech", "worker")
CHARACTER_KIND, MECH_KIND, WORKER_KIND = range(3)
#: ``UNIT[kind][space]``: move a unit of that kind standing on ``space``.
UNIT = tuple(
    tuple(
        Action(kind, (SPACE_IDS[space],), label=f"move your {kind} on {NAMES[space]}")
        for space in range(N_SPACES)
    )
    for kind in UNIT_KINDS
)
TO = tuple(
    Action("to", (SPACE_IDS[space],), label=f"to {NAMES[space]}") for space in range(N_SPACES)
)
FIGHT = tuple(
    Action("fight", (SPACE_IDS[space],), label=f"fight on {NAMES[space]}")
    for space in range(N_SPACES)
)
AT = tuple(
    Action("at", (SPACE_IDS[space],), label=f"on {NAMES[space]}") for space in range(N_SPACES)
)
FROM = tuple(
    Action("from", (SPACE_IDS[space],), label=f"from {NAMES[space]}")
    for space in range(N_SPACES)
)
PRODUCE_ON = tuple(
    Action("produce", (SPACE_IDS[space],), label=f"produce on {NAMES[space]}")
    for space in range(N_SPACES)
)
#: ``SPACE_OF[id]`` reads the space back from the last argument of any of these actions.
SPACE_OF = {space_id: space for space, space_id in enumerate(SPACE_IDS)}

# ---------------------------------------------------------------------- resources and cards
LOAD = tuple(Action("load", (name,), label=f"take one {name} along") for name in RESOURCES)
LOAD_WORKER = Action("load", ("worker",), label="take along a worker that has not moved")
LOAD_MOVED_WORKER = Action(
    "load", ("moved_worker",), label="take along a worker that already moved on its own"
)
GAIN = tuple(Action("gain", (name,), label=f"gain one {name}") for name in RESOURCES)
#: ``CARD[v]``: spend a combat card of value ``COMBAT_VALUES[v]`` (Coercion).
CARD = tuple(
    Action("card", (value,), label=f"spend a combat card of value {value} (Coercion)")
    for value in COMBAT_VALUES
)

# ---------------------------------------------------------------------- bottom-row effects
_BOX_NAMES = {
    ("move", "move_units"): "move",
    ("move", "gain_coins"): "coins",
    ("trade", "gain_popularity"): "popularity",
    ("bolster", "gain_power"): "power",
    ("bolster", "draw_combat_cards"): "cards",
    ("produce", "territories"): "produce",
}
#: ``UPGRADE_TOP[box]``: remove the cube of top-row upgrade box ``box`` (``TOP_UPGRADE_BOXES``).
UPGRADE_TOP = tuple(
    Action(
        "upgrade",
        (_BOX_NAMES[(TOP_ACTIONS[action], CONTENT.mat_rules.top_actions[action].choices[c].id)],),
        label=f"upgrade {TOP_ACTIONS[action].capitalize()}: "
        f"{CONTENT.mat_rules.top_actions[action].choices[c].id.replace('_', ' ')}",
    )
    for action, c in TOP_UPGRADE_BOXES
)
CUBE = tuple(
    Action("cube", (name,), label=f"put the cube on {name.capitalize()} (it costs 1 less)")
    for name in BOTTOM_ACTIONS
)
#: ``MECH[faction][slot]``: deploy the mech of that slot (ids name its ability).
MECH = tuple(
    tuple(Action("mech", (ability,), label=f"deploy the {ability} mech") for ability in row)
    for row in MECH_ABILITY
)
STRUCTURE = tuple(Action("structure", (name,), label=f"build the {name}") for name in STRUCTURES)
RECRUIT = tuple(
    Action("recruit", (name,), label=f"enlist the recruit of {name.capitalize()}")
    for name in BOTTOM_ACTIONS
)
#: ``BONUS[space]``: the one-time enlist bonus space (power, coins, popularity, cards).
BONUS = tuple(
    Action(
        "bonus",
        (TRACKS[t] if TRACKS[t] != "combat_cards" else "cards",),
        label=f"+{b.amount} {b.track.replace('_', ' ')}",
    )
    for b in CONTENT.mat_rules.enlist_bonuses
    for t in (TRACKS.index(b.track),)
)
# ---------------------------------------------------------------------- combat
ARTILLERY = Action("artillery", label="Artillery: pay 1 power, the opponent loses 2")
#: ``DIAL[n]``: set the power dial to ``n`` (secret until the reveal).
DIAL = tuple(
    Action("dial", (n,), label=f"power dial {n}", secret=True)
    for n in range(CONTENT.scoring.dial_max + 1)
)
RETREAT_HOME = Action("retreat", ("home",), label="retreat to your home base")
RETREAT_TO = tuple(
    Action("retreat", (SPACE_IDS[space],), label=f"retreat onto {NAMES[space]} (Seaworthy)")
    for space in range(N_SPACES)
)

# ---------------------------------------------------------------------- cards
ENCOUNTER_OPTION = tuple(
    Action("option", (label,), label=f"encounter option {label}") for label in "ABCDEFGH"
)
#: ``DISCARD[v]``: discard a combat card of value ``COMBAT_VALUES[v]`` to pay a card's cost.
DISCARD = tuple(
    Action("discard", (value,), label=f"discard a combat card of value {value}")
    for value in COMBAT_VALUES
)
SPEND = tuple(Action("spend", (name,), label=f"pay with {name}") for name in RESOURCES)
#: ``TAKE[n]``: take ``n`` of what a card gives (part of a gain may be declined).
TAKE = tuple(Action("take", (n,), label=f"take {n}") for n in range(13))
CHOOSE = tuple(Action("choose", (k + 1,), label=f"take choice {k + 1}") for k in range(8))
#: ``FACTORY_CARD[card]``: keep that Factory card (ids by card number).
FACTORY_CARD = tuple(
    Action("factory", (card.number,), label=f"keep Factory card {card.number} ({card.name})")
    for card in CONTENT.factory_cards
)
FACTORY_TOP = Action("factory", ("top",), label="take your Factory card's top row")

# ---------------------------------------------------------------------- objectives
#: ``OBJECTIVE[card]``: reveal that objective card (ids by card number).
OBJECTIVE = tuple(
    Action("objective", (card.number,), label=f"reveal objective {card.number}: {card.name}")
    for card in CONTENT.objectives
)
END_TURN = Action("end", ("turn",), label="end your turn")

#: Index of the one action in a tuple above from its id.
INDEX_OF: dict[str, int] = {
    action.id: index
    for row in (UPGRADE_TOP, CUBE, STRUCTURE, RECRUIT, BONUS, LOAD, GAIN, CARD, BOTTOM, DIAL,
                ENCOUNTER_OPTION, DISCARD, SPEND, TAKE, CHOOSE, FACTORY_CARD, OBJECTIVE)
    for index, action in enumerate(row)
}


def space_of(action: Action) -> int:
    """The space an action of ``TO``, ``AT``, ``FROM``, ``FIGHT``, ``UNIT``... names."""
    return SPACE_OF[str(action.args[-1])]
