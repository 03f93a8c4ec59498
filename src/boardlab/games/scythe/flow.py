"""The frame table ``RULES`` and the order of turns (S-4.12, S-5).

Every pending piece of work is a frame ``(key, seat, *data)`` on ``state.stack``; ``RULES``
says for each key the decision it poses (``Ask``) or the work it does alone (``Step``).
Each frame kind's fields are declared in ``frames.py``.
A turn, top of the stack first::

    turn -> top [-> move -> path... -> move_end -> combats -> combat...
                 -> encounter_check -> encounter -> factory_check -> factory_card]
         -> stars -> bottom [-> pay... -> effect -> bottom_bonus -> stars]

A combat, top first: ``combat`` -> ``combat_ability`` (attacker, then defender; Artillery
asks ``artillery``) -> ``combat_dial`` -> ``combat_cards`` (attacker, then defender; secret)
-> ``combat_fight`` (reveal) -> ``retreat`` -> ``combat_end``. A card's row pays (``pay``,
``pay_any``, ``discard``) then gains (``card_*``, ``produce``). The turn ends with
``turn_end`` (objectives, S-12).

When the stack is empty ``refill`` starts the next player's turn clockwise, or ends the
game: after a sixth star (S-14) or at the turn limit (option ``turn_limit``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from boardlab.engine import Action, Ask, Frame, Step
from boardlab.engine.layouts import PLAYER
from boardlab.games.scythe import (
    build,
    cards,
    combat,
    deploy,
    encounters,
    enlist,
    factory,
    move,
    objectives,
    stars,
    tracks,
    trade_produce,
    turn,
    upgrade,
)
from boardlab.games.scythe.board import NAMES
from boardlab.games.scythe.content import BOTTOM_ACTIONS, TOP_ACTIONS
from boardlab.games.scythe.frames import (
    Artillery,
    Bottom,
    CardAny,
    CardAnyAt,
    CardPlace,
    CardTake,
    CombatCards,
    CombatDial,
    Discard,
    Gain,
    Move,
    Path,
    Pay,
    PayAny,
    Produce,
    Retreat,
    Top,
    Trade,
    TradeAt,
    Turn,
    TurnEnd,
)
from boardlab.games.scythe.tables import FACTION_ABILITY, SECTION_TOP, UNITS_PER_SEAT
from boardlab.games.scythe.vocabulary import RESOURCES, TRACKS

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: Frames whose rules are still stubs (each only pops itself): none left.
NOT_YET_IMPLEMENTED: tuple[str, ...] = ()


def _p(f: Frame) -> str:
    return f"P{f[PLAYER] + 1}"


def _top_name(s: ScytheState, f: Frame) -> str:
    return TOP_ACTIONS[SECTION_TOP[s.mat[f[PLAYER]]][f[Top.section]]].capitalize()


def _unit_name(s: ScytheState, f: Frame) -> str:
    piece = f[Path.piece]
    kind = "character" if piece == 0 else ("mech" if piece < 5 else "worker")
    return f"your {kind} on {NAMES[s.units[f[PLAYER] * UNITS_PER_SEAT + piece]]}"


def _what(what: int, workers: str) -> str:
    """The resource a card's gain places, or ``workers`` (``cards.WORKERS``)."""
    return workers if what == cards.WORKERS else RESOURCES[what]


def _section_rule(s: ScytheState, f: Frame) -> str:
    """Why last turn's section is, or is not, among the options (S-5, S-15.2)."""
    if s.last_section[f[PLAYER]] < 0:
        return "(any: this is your first turn)"
    if FACTION_ABILITY[s.faction[f[PLAYER]]] == "relentless":
        return "(Relentless: Rusviet may take last turn's section again)"
    return "(not last turn's)"


def _reveal_too(ask: Ask[ScytheState]) -> Ask[ScytheState]:
    """``ask`` with the reveal of a met objective (S-5, S-12) added to its options when it is
    a decision of the seat on turn that is posed anyway (two options or more): the reveal
    never makes a decision appear that would not, so the log tells no other seat that a
    condition holds. Revealing leaves the frame in place: the decision is posed again."""
    options, resolve = ask.options, ask.resolve

    def with_reveals(s: ScytheState, f: Frame) -> Sequence[Action]:
        found = options(s, f)
        seat = f[PLAYER]
        if len(found) < 2 or seat != s.active or not objectives.held(s, seat):
            return found
        return [*found, *objectives.reveal_options(s, seat)]

    def resolve_or_reveal(s: ScytheState, f: Frame, a: Action) -> None:
        if a.kind == "objective":
            objectives.reveal(s, f[PLAYER], a)
        else:
            resolve(s, f, a)

    return Ask(ask.kind, ask.prompt, with_reveals, resolve_or_reveal, ask.prepare,
               ask.always_ask)


#: Decisions that offer the reveal themselves (``turn``, ``bottom``, ``turn_end``,
#: ``before_combats``) or are secret (a public option there would be out of place).
_OWN_REVEALS = frozenset({"turn", "bottom", "turn_end", "before_combats", "combat_dial",
                          "combat_cards"})

_RULES: dict[str, Step[ScytheState] | Ask[ScytheState]] = {
    # the turn (S-5): a section, its top action, its bottom action
    "turn": Ask(
        "choose_section",
        lambda s, f: f"{_p(f)}, turn {s.turn}: choose a section {_section_rule(s, f)}",
        turn.options_section,
        turn.resolve_section,
    ),
    "top": Ask(
        "top_action",
        lambda s, f: f"{_p(f)}: take the {_top_name(s, f)} top action?",
        turn.options_top,
        turn.resolve_top,
    ),
    "stars": Step(stars.run_stars),
    "bottom": Ask(
        "bottom_action",
        lambda s, f: f"{_p(f)}: take the {BOTTOM_ACTIONS[f[Bottom.section]].capitalize()} "
        "bottom action?",
        turn.options_bottom,
        turn.resolve_bottom,
    ),
    "pay": Ask(
        "pay_resource",
        lambda s, f: f"{_p(f)}: pay {RESOURCES[f[Pay.resource]]} ({f[Pay.left]} to pay): "
        "from which territory?",
        tracks.options_pay,
        tracks.resolve_pay,
    ),
    "bottom_bonus": Step(turn.run_bottom_bonus),
    # Move (S-6.1, S-8), then combats, the encounter and the Factory (S-21.3-1)
    "move": Ask(
        "move_unit",
        lambda s, f: f"{_p(f)}: choose a unit to move ({f[Move.units_left]} more at most), or done",
        move.options_move,
        move.resolve_move,
    ),
    "path": Ask(
        "move_step",
        lambda s, f: f"{_p(f)}: move {_unit_name(s, f)} ({f[Path.steps_left]} step(s) left); "
        "take resources or workers along first",
        move.options_path,
        move.resolve_path,
    ),
    "move_end": Step(move.run_move_end),
    "combats": Ask(
        "choose_combat",
        lambda s, f: f"{_p(f)}: which combat is fought next?",
        move.options_combats,
        move.resolve_combats,
    ),
    "encounter_check": Step(move.run_encounter_check),
    "factory_check": Step(move.run_factory_check),
    # Trade and Produce (S-6.2, S-6.3)
    "trade": Ask(
        "trade_resource",
        lambda s, f: f"{_p(f)}: Trade: which resource ({f[Trade.left]} left)?",
        trade_produce.options_trade,
        trade_produce.resolve_trade,
    ),
    "trade_at": Ask(
        "place_resource",
        lambda s, f: f"{_p(f)}: place the {RESOURCES[f[TradeAt.resource]]} on which territory?",
        trade_produce.options_trade_at,
        trade_produce.resolve_trade_at,
    ),
    "produce": Ask(
        "produce_territory",
        lambda s, f: f"{_p(f)}: Produce on which territory ({f[Produce.left]} more at most)?",
        trade_produce.options_produce,
        trade_produce.resolve_produce,
    ),
    # the bottom-row effects (S-7.1-7.4)
    "upgrade": Ask(
        "upgrade_top",
        lambda s, f: f"{_p(f)}: Upgrade: which top-row box to uncover?",
        upgrade.options_upgrade,
        upgrade.resolve_upgrade,
    ),
    "upgrade_to": Ask(
        "upgrade_bottom",
        lambda s, f: f"{_p(f)}: Upgrade: which bottom action gets the cube?",
        upgrade.options_upgrade_to,
        upgrade.resolve_upgrade_to,
    ),
    "deploy": Ask(
        "deploy_mech",
        lambda s, f: f"{_p(f)}: Deploy: which mech?",
        deploy.options_deploy,
        deploy.resolve_deploy,
    ),
    "deploy_at": Ask(
        "deploy_at",
        lambda s, f: f"{_p(f)}: Deploy: on which territory?",
        deploy.options_deploy_at,
        deploy.resolve_deploy_at,
    ),
    "build": Ask(
        "build_structure",
        lambda s, f: f"{_p(f)}: Build: which structure?",
        build.options_build,
        build.resolve_build,
    ),
    "build_at": Ask(
        "build_at",
        lambda s, f: f"{_p(f)}: Build: on which territory?",
        build.options_build_at,
        build.resolve_build_at,
    ),
    "enlist": Ask(
        "enlist_recruit",
        lambda s, f: f"{_p(f)}: Enlist: which section's recruit?",
        enlist.options_enlist,
        enlist.resolve_enlist,
    ),
    "enlist_bonus": Ask(
        "enlist_bonus",
        lambda s, f: f"{_p(f)}: Enlist: which one-time bonus?",
        enlist.options_enlist_bonus,
        enlist.resolve_enlist_bonus,
    ),
    # combat (S-9)
    "combat": Step(combat.run_combat),
    "combat_ability": Step(combat.run_ability),
    "artillery": Ask(
        "artillery",
        lambda s, f: f"{_p(f)}: Artillery: pay 1 power to make "
        f"P{f[Artillery.opponent] + 1} lose 2?",
        combat.options_artillery,
        combat.resolve_artillery,
    ),
    "combat_fight": Step(combat.run_fight),
    "combat_dial": Ask(
        "combat_dial",
        lambda s, f: f"{_p(f)}: combat on {NAMES[f[CombatDial.territory]]}: "
        "set your power dial (secret)",
        combat.options_dial,
        combat.resolve_dial,
    ),
    "combat_cards": Ask(
        "combat_cards",
        lambda s, f: f"{_p(f)}: combat on {NAMES[f[CombatCards.territory]]}: dial "
        f"{f[CombatCards.dial]}; add combat cards (secret, "
        f"{combat.slots(s, f[PLAYER], f[CombatCards.territory])} at most)",
        combat.options_cards,
        combat.resolve_cards,
    ),
    "retreat": Ask(
        "retreat",
        lambda s, f: f"{_p(f)}: you lost on {NAMES[f[Retreat.territory]]}: "
        "where do your units retreat?",
        combat.options_retreat,
        combat.resolve_retreat,
    ),
    "combat_end": Step(combat.run_end),
    # encounters (S-10), the Factory (S-11)
    "encounter": Step(encounters.run_encounter),
    "encounter_option": Ask(
        "encounter_option", encounters.prompt, encounters.options_option,
        encounters.resolve_option,
    ),
    "factory_card": Ask(
        "factory_card",
        factory.card_prompt,
        factory.options_card,
        factory.resolve_card,
        prepare=factory.prepare_card,
    ),
    "factory_section": Step(factory.run_section),
    "factory_top": Ask("factory_top", factory.top_prompt, factory.options_top, factory.resolve_top),
    "factory_move": Step(factory.run_move),
    # paying and gaining a card's row (S-21.1)
    "discard": Ask(
        "discard_card",
        lambda s, f: f"{_p(f)}: discard a combat card ({f[Discard.left]} to discard)",
        cards.options_discard,
        cards.resolve_discard,
    ),
    "pay_any": Ask(
        "pay_any",
        lambda s, f: f"{_p(f)}: pay a resource of any kind ({f[PayAny.left]} to pay): which kind?",
        cards.options_pay_any,
        cards.resolve_pay_any,
    ),
    "card_track": Step(cards.run_track),
    "card_take": Ask(
        "card_take",
        lambda s, f: f"{_p(f)}: how many "
        f"{_what(f[CardTake.what], 'workers')} to take on {NAMES[f[CardTake.territory]]}?",
        cards.options_take,
        cards.resolve_take,
    ),
    "card_place": Ask(
        "card_place",
        lambda s, f: f"{_p(f)}: place a {_what(f[CardPlace.what], 'worker')}"
        f" ({f[CardPlace.left]} left) on which territory, or done?",
        cards.options_place,
        cards.resolve_place,
    ),
    "card_any": Ask(
        "card_resource",
        lambda s, f: f"{_p(f)}: which resource ({f[CardAny.left]} left), or done?",
        cards.options_any,
        cards.resolve_any,
    ),
    "card_any_at": Ask(
        "place_resource",
        lambda s, f: f"{_p(f)}: place the {RESOURCES[f[CardAnyAt.resource]]} on which territory?",
        cards.options_any_at,
        cards.resolve_any_at,
    ),
    "card_choice": Ask(
        "card_choice",
        lambda s, f: f"{_p(f)}: which gain?",
        cards.options_choice,
        cards.resolve_choice,
    ),
    "card_upgrade": Ask(
        "upgrade_top",
        lambda s, f: f"{_p(f)}: free Upgrade: which top-row box to uncover (or skip)?",
        cards.options_card_upgrade,
        cards.resolve_card_upgrade,
    ),
    "card_deploy": Ask(
        "deploy_mech",
        lambda s, f: f"{_p(f)}: free Deploy: which mech (or skip)?",
        cards.options_card_deploy,
        cards.resolve_card_deploy,
    ),
    "card_build": Ask(
        "build_structure",
        lambda s, f: f"{_p(f)}: free Build: which structure (or skip)?",
        cards.options_card_build,
        cards.resolve_card_build,
    ),
    "card_enlist": Ask(
        "enlist_recruit",
        lambda s, f: f"{_p(f)}: free Enlist: which section's recruit (or skip)?",
        cards.options_card_enlist,
        cards.resolve_card_enlist,
    ),
    # objectives (S-12): the end of a turn
    "turn_end": Ask(
        "turn_end",
        lambda s, f: f"{_p(f)}: reveal an objective, or end your turn",
        objectives.options_turn_end,
        objectives.resolve_turn_end,
        always_ask=True,
    ),
    "before_combats": Ask(
        "before_combats",
        lambda s, f: f"{_p(f)}: your units have moved: reveal an objective, or fight",
        objectives.options_before_combats,
        objectives.resolve_before_combats,
        always_ask=True,
    ),
    # a track gain whose declining could matter (S-3.7, S-7; ``tracks.offer_gain``)
    "gain": Ask(
        "take_gain",
        lambda s, f: f"{_p(f)}: gain {f[Gain.amount]} {TRACKS[f[Gain.track]]}: "
        "how much do you take?",
        tracks.options_gain,
        tracks.resolve_gain,
    ),
}

#: The frame table: every decision of a turn also offers the reveal of a met objective.
RULES: Mapping[str, Step[ScytheState] | Ask[ScytheState]] = {
    key: rule if isinstance(rule, Step) or key in _OWN_REVEALS else _reveal_too(rule)
    for key, rule in _RULES.items()
}


def refill(s: ScytheState) -> bool:
    """Start the next turn clockwise (S-4.12, S-5); False once the game is over."""
    if s.ended:
        return False
    limit = s.options.get("turn_limit", 0)
    if limit and s.turn >= limit * s.players:
        stars.end_game(s, stars.TURN_LIMIT)
        return False
    order = s.order
    s.active = order[0] if s.turn == 0 else order[(order.index(s.active) + 1) % len(order)]
    s.turn += 1
    s.stack.append((TurnEnd.key, s.active))
    s.stack.append((Turn.key, s.active))
    return True
