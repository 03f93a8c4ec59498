"""Every Konoten action, built once: options are shared immutable values with short ids.

An id names things as the board and the player's guide do: cards by their printed id,
lenses ``L1``, ``L2``, ... in order of making, nodes, devices, materials and characters by
their content ids. Ids: ``collect D21``, ``will n00``, ``activate device grind``,
``activate lens L3``, ``persuade lens L3``, ``reactivate lens L3``, ``end``, ``card D21``,
``upright`` / ``flip``, ``done``, ``foundation 2`` (the cost pile), ``skip``, ``node n11``
(pay a growth), ``remove lobby unused`` / ``remove device grind`` / ``remove lens L3`` (pay
an assistant), ``grow n11``, ``assistant`` / ``grow`` (token reward), ``gain growth``,
``discard light``, ``use n01``, ``character workaholic``. The arguments are the same
names (``Action("collect", ("D21",))``); the rules turn them into indices.
"""

from __future__ import annotations

from boardlab.engine import Action
from boardlab.games.konoten.content import MATERIALS
from boardlab.games.konoten.tables import (
    CARD_IDS,
    CHARACTER_IDS,
    COSTS,
    DEVICE_IDS,
    LENS_IDS,
    NODE_IDS,
)
from boardlab.games.konoten.wording import card_summary

END = Action("end", label="end your main phase this round")
DONE = Action("done", label="done")
SKIP = Action("skip", label="skip")
UPRIGHT = Action("upright", label="place the card as printed")
FLIP = Action("flip", label="turn the card 180 degrees")
TAKE_ASSISTANT = Action("assistant", label="the token joins the lobby as an unused assistant")
TAKE_GROWTH = Action("grow", label="the token grows the chart once")

#: COLLECT[c] / CARD[c]: collect card index ``c``, add it to the lens being declared.
COLLECT = tuple(
    Action("collect", (card,), label=f"collect {card} ({card_summary(c)})")
    for c, card in enumerate(CARD_IDS)
)
CARD = tuple(
    Action("card", (card,), label=f"add {card} to the lens ({card_summary(c)})")
    for c, card in enumerate(CARD_IDS)
)
WILL = tuple(Action("will", (n,), label=f"use the will ability of {n}") for n in NODE_IDS)
PAY_NODE = tuple(Action("node", (n,), label=f"return the token on {n} to stock") for n in NODE_IDS)
GROW = tuple(Action("grow", (n,), label=f"grow {n}") for n in NODE_IDS)
USE = tuple(Action("use", (n,), label=f"use the ability of {n}") for n in NODE_IDS)
FOUNDATION = {
    k: Action("foundation", (k,), label=f"take a foundation of cost {k}") for k in COSTS
}
ACTIVATE_DEVICE = tuple(
    Action("activate", ("device", d), id=f"activate device {d}", label=f"activate device {d}")
    for d in DEVICE_IDS
)


def _lens_actions(kind: str, label: str) -> tuple[Action, ...]:
    return tuple(
        Action(kind, ("lens", lens), id=f"{kind} lens {lens}", label=f"{label} lens {lens}")
        for lens in LENS_IDS
    )


ACTIVATE_LENS = _lens_actions("activate", "place an assistant on empty")
PERSUADE = _lens_actions("persuade", "persuade the assistant on")
REACTIVATE = _lens_actions("reactivate", "reactivate your assistant on")
REMOVE_UNUSED = Action(
    "remove", ("lobby", "unused"), id="remove lobby unused", label="an unused lobby assistant"
)
REMOVE_USED = Action(
    "remove", ("lobby", "used"), id="remove lobby used", label="a used lobby assistant"
)
REMOVE_DEVICE = tuple(
    Action("remove", ("device", d), id=f"remove device {d}", label=f"your assistant on {d}")
    for d in DEVICE_IDS
)
REMOVE_LENS = tuple(
    Action(
        "remove", ("lens", lens), id=f"remove lens {lens}", label=f"your assistant on lens {lens}"
    )
    for lens in LENS_IDS
)
GAIN_MATERIALS = Action("gain", ("materials",), id="gain materials", label="gain the materials")
GAIN_GROWTH = Action("gain", ("growth",), id="gain growth", label="gain one growth")
GAIN_ASSISTANT = Action("gain", ("assistant",), id="gain assistant", label="gain one assistant")
DISCARD = tuple(
    Action("discard", (m,), id=f"discard {m}", label=f"discard one new {m}") for m in MATERIALS
)
CHARACTER = tuple(
    Action("character", (c,), id=f"character {c}", label=f"play the {c} board")
    for c in CHARACTER_IDS
)
NODE_INDEX = {node: n for n, node in enumerate(NODE_IDS)}
DEVICE_INDEX = {device: d for d, device in enumerate(DEVICE_IDS)}
MATERIAL_INDEX = {material: m for m, material in enumerate(MATERIALS)}
CHARACTER_INDEX = {character: c for c, character in enumerate(CHARACTER_IDS)}
