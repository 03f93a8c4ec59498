"""The frames of Scythe's decision stack, each kind's fields named once (issue 29 item 4).

A frame is a plain tuple ``(key, seat, *data)``; rules, views, explanations and encoders
read its fields by these names (``frame[Pay.left]``, the seat as ``frame[PLAYER]``).
Seats, territories, pieces, resources, tracks, sections and boxes are indices (territories
are map indices, pieces the seat's unit slots: 0 the character, 1-4 mechs, 5-12 workers);
piece and territory sets are bit masks. ``territory`` -1 in a frame that asks where means
"a territory of the seat's choice". ``flow.RULES`` says what each kind poses or does; the
module of each rule says how.
"""

from __future__ import annotations

from boardlab.engine.layouts import Layout, layouts_by_key

# ---------------------------------------------------------------- the turn (turn.py, S-5)


class Turn(Layout):
    """Choose a section of the player mat, or the Factory card."""

    key = "turn"


class Top(Layout):
    """The section's top action in one of its forms, or ``skip``."""

    key = "top"
    section = 2


class Stars(Layout):
    """Step: places the stars earned during the action just ended (stars.py, S-14)."""

    key = "stars"


class Bottom(Layout):
    """The section's bottom action, when its whole cost can be paid, or ``skip``."""

    key = "bottom"
    section = 2


class Pay(Layout):
    """Where the next token of a resource cost comes from (tracks.py, S-7)."""

    key = "pay"
    resource = 2
    left = 3


class BottomBonus(Layout):
    """Step: the actor's coin bonus, then the recruit bonuses of ``action`` (S-7.4)."""

    key = "bottom_bonus"
    action = 2


class Gain(Layout):
    """How much of a track gain to take, asked only where declining could matter (S-3.7)."""

    key = "gain"
    track = 2
    amount = 3


class TurnEnd(Layout):
    """Reveal an objective, or end the turn (objectives.py, S-12)."""

    key = "turn_end"


class BeforeCombats(Layout):
    """Reveal an objective, or fight: after a Move that starts combats (S-12)."""

    key = "before_combats"


# ---------------------------------------------------------------- Move (move.py, S-8)


class Move(Layout):
    """The next unit to move, or ``done``. ``moved`` masks the pieces already chosen,
    ``carried`` the workers a mech carried, ``steps`` the territories a unit may go,
    ``speed_adds`` what Speed adds, ``origins`` one ``(piece, origin, wood, metal, oil,
    food)`` per unit that moved (where it began, what it brought on its last step)."""

    key = "move"
    units_left = 2
    moved = 3
    carried = 4
    steps = 5
    speed_adds = 6
    origins = 7


class Path(Layout):
    """One unit's steps. ``loads`` counts the resources of each kind taken along from here,
    ``loaded`` masks the workers a mech takes along, ``arrived`` the resources brought on
    the step just made."""

    key = "path"
    piece = 2
    steps_left = 3
    taken = 4
    loads = 5
    loaded = 6
    arrived = 7


class MoveEnd(Layout):
    """Step: after the last unit, pushes the Factory check, the encounter check, combats."""

    key = "move_end"
    moved = 2
    origins = 3


class Combats(Layout):
    """The attacker picks the next combat among ``territories`` (S-9.1)."""

    key = "combats"
    territories = 2
    origins = 3


class EncounterCheck(Layout):
    """Step: pushes the encounter when the seat's character ended on a token."""

    key = "encounter_check"
    character_moved = 2


class FactoryCheck(Layout):
    """Step: pushes the Factory card when the seat's character reached the Factory."""

    key = "factory_check"


# ---------------------------------------------------------------- combat (combat.py, S-9)


class Combat(Layout):
    """Step: starts a combat; the player is the attacker. ``returns`` lists the attacker's
    origins entries of the units that moved into ``territory`` (S-21.3-3)."""

    key = "combat"
    territory = 2
    defender = 3
    returns = 4


class CombatAbility(Layout):
    """Step: a side's pre-combat ability (Scout, Disarm, Artillery) against ``opponent``."""

    key = "combat_ability"
    opponent = 2
    territory = 3


class Artillery(Layout):
    """Pay 1 power to make ``opponent`` lose 2, or ``skip``."""

    key = "artillery"
    opponent = 2


class CombatDial(Layout):
    """The power dial, secret; ``side`` is ``combat.ATTACKER`` or ``combat.DEFENDER``."""

    key = "combat_dial"
    side = 2
    territory = 3


class CombatCards(Layout):
    """The combat cards added, secret; ``dial_step`` is the history index of the dial."""

    key = "combat_cards"
    side = 2
    territory = 3
    dial = 4
    dial_step = 5


class CombatFight(Layout):
    """Step: the reveal once both sides committed; the player is the attacker. ``commits``
    holds one ``(dial, cards, steps)`` per side committed so far."""

    key = "combat_fight"
    territory = 2
    defender = 3
    returns = 4
    commits = 5


class Retreat(Layout):
    """The loser's units go home, or onto a lake with Seaworthy; the player is the loser."""

    key = "retreat"
    territory = 2


class CombatEnd(Layout):
    """Step: popularity loss, the loser's card, the combat star; the player is the attacker."""

    key = "combat_end"
    territory = 2
    defender = 3
    winner = 4
    workers_sent_home = 5
    consolation = 6


# ------------------------------------------------ encounters and the Factory (S-10, S-11)


class Encounter(Layout):
    """Step: removes the token on ``territory``, draws the card."""

    key = "encounter"
    territory = 2


class EncounterOption(Layout):
    """An option of encounter ``card``; ``chosen`` masks the options taken, ``picks`` how
    many may still be taken."""

    key = "encounter_option"
    territory = 2
    card = 3
    chosen = 4
    picks = 5


class FactoryCard(Layout):
    """Which Factory card of the offer to keep."""

    key = "factory_card"
    territory = 2


class FactorySection(Layout):
    """Step: the Factory card as a section pushes its frames."""

    key = "factory_section"


class FactoryTop(Layout):
    """The Factory card's top row, or ``skip``."""

    key = "factory_top"


class FactoryMove(Layout):
    """Step: starts the Factory card's Move."""

    key = "factory_move"


# ---------------------------------------------- Trade and Produce (trade_produce.py, S-6)


class Trade(Layout):
    """Which resource the next of Trade's ``left`` tokens is, or ``done``; ``territory`` is
    the one every token must go to once the first is placed (an option), else -1."""

    key = "trade"
    left = 2
    territory = 3


class TradeAt(Layout):
    """The territory the traded ``resource`` goes on."""

    key = "trade_at"
    left = 2
    territory = 3
    resource = 4


class Produce(Layout):
    """The next territory to produce on, or ``done``; ``chosen`` masks the territories
    chosen, ``mill`` is 1 while the Mill may still produce."""

    key = "produce"
    left = 2
    chosen = 3
    mill = 4


# ------------------------------------------ the bottom-row effects (S-7.1-7.4, S-21.1)


class Upgrade(Layout):
    """Which top-row box to uncover."""

    key = "upgrade"


class UpgradeTo(Layout):
    """Which bottom action gets the cube taken from top ``box``."""

    key = "upgrade_to"
    box = 2


class Deploy(Layout):
    """Which mech to deploy."""

    key = "deploy"
    territory = 2


class DeployAt(Layout):
    """Where the mech of ``slot`` is deployed."""

    key = "deploy_at"
    slot = 2
    territory = 3


class Build(Layout):
    """Which structure to build."""

    key = "build"
    territory = 2


class BuildAt(Layout):
    """Where ``structure`` is built."""

    key = "build_at"
    structure = 2
    territory = 3


class Enlist(Layout):
    """Which section's recruit to enlist."""

    key = "enlist"


class EnlistBonus(Layout):
    """Which one-time bonus comes with ``recruit``."""

    key = "enlist_bonus"
    recruit = 2


# ---------------------------------------------- paying and gaining a card's row (cards.py)


class Discard(Layout):
    """A combat card to discard, ``left`` still to discard."""

    key = "discard"
    left = 2


class PayAny(Layout):
    """A resource of any kind to pay, ``left`` still to pay."""

    key = "pay_any"
    left = 2


class CardTrack(Layout):
    """Step: a card's track gain."""

    key = "card_track"
    track = 2
    amount = 3


class CardTake(Layout):
    """How many of resource ``what`` (or ``cards.WORKERS``) to put on ``territory``."""

    key = "card_take"
    what = 2
    amount = 3
    territory = 4


class CardPlace(Layout):
    """Where the next of ``left`` tokens of ``what`` goes, or ``done``."""

    key = "card_place"
    what = 2
    left = 3


class CardAny(Layout):
    """Which kind the next of ``left`` tokens of an ``any`` gain is, or ``done``."""

    key = "card_any"
    territory = 2
    left = 3


class CardAnyAt(Layout):
    """Where the token of ``resource`` of an ``any`` gain goes."""

    key = "card_any_at"
    resource = 2


class CardChoice(Layout):
    """Which list of a ``choice`` gain: the gain at ``path`` in ``row`` of ``card`` from
    ``source``."""

    key = "card_choice"
    source = 2
    card = 3
    row = 4
    path = 5
    territory = 6


class CardUpgrade(Layout):
    """A free Upgrade, or ``skip``."""

    key = "card_upgrade"


class CardDeploy(Layout):
    """A free Deploy, or ``skip``."""

    key = "card_deploy"
    territory = 2


class CardBuild(Layout):
    """A free Build, or ``skip``."""

    key = "card_build"
    territory = 2


class CardEnlist(Layout):
    """A free Enlist, or ``skip``."""

    key = "card_enlist"


#: Every frame kind of the stack by its key.
LAYOUTS = layouts_by_key([
    Turn, Top, Stars, Bottom, Pay, BottomBonus, Gain, TurnEnd, BeforeCombats,
    Move, Path, MoveEnd, Combats, EncounterCheck, FactoryCheck,
    Combat, CombatAbility, Artillery, CombatDial, CombatCards, CombatFight, Retreat, CombatEnd,
    Encounter, EncounterOption, FactoryCard, FactorySection, FactoryTop, FactoryMove,
    Trade, TradeAt, Produce,
    Upgrade, UpgradeTo, Deploy, DeployAt, Build, BuildAt, Enlist, EnlistBonus,
    Discard, PayAny, CardTrack, CardTake, CardPlace, CardAny, CardAnyAt, CardChoice,
    CardUpgrade, CardDeploy, CardBuild, CardEnlist,
])
