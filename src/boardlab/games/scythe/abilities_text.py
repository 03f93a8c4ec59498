"""What each faction ability, mech ability and character does, in words for players.

Read by the terminal picture (``board_text.render_text``), by the explanations (``explain.py``)
and by anything else that shows a faction: ``ability_texts(faction, options)`` gives the
faction's texts, ``seat_ability_texts(state, seat)`` those of the faction a seat plays, with
the terrains its Riverwalk reaches under the game's options.

>>> ability_texts("nordic")["faction"].startswith("Swim:")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.options import riverwalk_terrains

if TYPE_CHECKING:
    from boardlab.games.scythe.state import ScytheState

#: Faction abilities by id: always in force.
FACTION_TEXT: Mapping[str, str] = {
    "swim": "your workers may cross rivers (never onto a lake).",
    "relentless": "you may choose the same mat section as on your last turn.",
    "coercion": "once per turn, pay a combat card instead of any one resource.",
    "dominate": "no limit on combat and objective stars; you may complete both objectives.",
    "meander": "take up to two different options of an encounter card, in either order.",
}

#: Mech abilities by id: for the character and every mech once that mech is deployed.
MECH_TEXT: Mapping[str, str] = {
    "riverwalk": "your character and mechs may cross rivers into {terrains}.",
    "seaworthy": "your character and mechs may cross lakes, and retreat onto one after a loss.",
    "artillery": "before your combats, pay 1 power to make the opponent lose 2 power.",
    "speed": "a character or mech you move may go one territory further.",
    "township": "your character and mechs move between your villages and the Factory at once.",
    "peoples_army": "one more combat card in a combat where one of your workers stands.",
    "wayfare": "your character or a mech may step to your home base or an unused one.",
    "scout": "before your combats, take a random combat card from the opponent's hand.",
    "underpass": "your character and mechs move between your mountains, tunnels and Mine.",
    "disarm": "before your combats on a tunnel territory the opponent loses 2 power.",
    "submerge": "your character and mechs may cross lakes and jump from lake to lake.",
    "camaraderie": "winning a combat costs you no popularity for the workers sent home.",
}

#: What every character does, whatever its faction.
CHARACTER_TEXT = "fights with one combat card, meets encounters, takes a Factory card."


def ability_texts(
    faction: str | int, options: Mapping[str, Any] | None = None
) -> dict[str, str]:
    """The texts of ``faction`` (id or index): ``"faction"``, ``"character"`` and one per
    mech ability id, each beginning with the ability's (or character's) name. ``options``
    (the game's) says where Polania's Riverwalk goes; the published values otherwise."""
    record = CONTENT.factions[faction if isinstance(faction, int) else FACTION_IDS.index(faction)]
    texts = {
        "faction": f"{record.ability.name}: {FACTION_TEXT[record.ability.id]}",
        "character": f"{record.character}: {CHARACTER_TEXT}",
    }
    for mech in record.mechs:
        terrains = mech.riverwalk_terrains
        if record.id == "polania" and options is not None:
            terrains = riverwalk_terrains(options)
        text = MECH_TEXT[mech.id].format(terrains=" or ".join(terrains))
        texts[mech.id] = f"{mech.name}: {text}"
    return texts


def seat_ability_texts(s: ScytheState, seat: int) -> dict[str, str]:
    """``ability_texts`` of the faction ``seat`` plays, under the game's options."""
    return ability_texts(s.faction[seat], s.options)
