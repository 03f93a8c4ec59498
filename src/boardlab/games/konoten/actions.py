"""Every Konoten action, built once: options are shared immutable values with short ids.

Ids: ``collect 12`` (card index), ``will n00``, ``activate device grind``,
``activate lens 3``, ``persuade lens 3``, ``reactivate lens 3``, ``end``, ``card 12``,
``upright`` / ``flip``, ``done``, ``foundation 2`` (cost pile), ``skip``, ``node n11`` (pay a
growth), ``remove lobby unused`` / ``remove device grind`` / ``remove lens 3`` (pay an
assistant), ``grow n11``, ``assistant`` / ``grow`` (token reward), ``gain growth``,
``discard light``, ``use n01``, ``character workaholic``.
"""

from __future__ import annotations

from boardlab.engine import Action
from boardlab.games.konoten.content import CONTENT, MATERIALS
from boardlab.games.konoten.tables import (
    CHARACTER_IDS,
    COSTS,
    DEVICE_IDS,
    N_CARDS,
    N_FOUNDATIONS,
    NODE_IDS,
)


def _card_label(index: int) -> str:
    card = CONTENT.dev_cards[index]
    return f"{card.id} ({card.color}{', VP' if card.deck == 'vp' else ''})"


END = Action("end", label="end your main phase this round")
DONE = Action("done", label="done")
SKIP = Action("skip", label="skip")
UPRIGHT = Action("upright", label="place the card as printed")
FLIP = Action("flip", label="turn the card 180 degrees")
TAKE_ASSISTANT = Action("assistant", label="the token joins the lobby as an unused assistant")
TAKE_GROWTH = Action("grow", label="the token grows the chart once")

COLLECT = tuple(
    Action("collect", (c,), label=f"collect {_card_label(c)} for its AP") for c in range(N_CARDS)
)
CARD = tuple(
    Action("card", (c,), label=f"add {_card_label(c)} to the lens") for c in range(N_CARDS)
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
        for lens in range(N_FOUNDATIONS)
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
    Action("remove", ("lens", lens), id=f"remove lens {lens}", label=f"your assistant on {lens}")
    for lens in range(N_FOUNDATIONS)
)
GAIN_MATERIALS = Action("gain", ("materials",), id="gain materials", label="gain the materials")
GAIN_GROWTH = Action("gain", ("growth",), id="gain growth", label="gain one growth")
GAIN_ASSISTANT = Action("gain", ("assistant",), id="gain assistant", label="gain one assistant")
DISCARD = tuple(
    Action("discard", (m,), id=f"discard {m}", label=f"discard one new {m}") for m in MATERIALS
)
CHARACTER = tuple(
    Action("character", (c,), id=f"character {c}", label=f"play {c}") for c in CHARACTER_IDS
)
NODE_INDEX = {node: n for n, node in enumerate(NODE_IDS)}
DEVICE_INDEX = {device: d for d, device in enumerate(DEVICE_IDS)}
MATERIAL_INDEX = {material: m for m, material in enumerate(MATERIALS)}
CHARACTER_INDEX = {character: c for c, character in enumerate(CHARACTER_IDS)}
