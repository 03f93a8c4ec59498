"""Words for people: how the board, the prompts, the labels and ``explain`` name things.

Everything is phrased from the content (symbols, cards, abilities, devices), never written
per id. The board uses the short symbol names (``cr``, ``AP``, ``VP``), which its legend
spells out; explanations use the long ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from boardlab.games.konoten.content import CONTENT, SYMBOLS, Ability, Vector
from boardlab.games.konoten.tables import (
    AP,
    CARD_DIFF,
    CARD_IDS,
    CARD_INPUT,
    CARD_MATERIAL,
    CARD_OUTPUT,
    CARD_RESULT,
)

#: Symbol names on the board (see ``LEGEND``) and in explanations.
SHORT = dict(zip(SYMBOLS, ("light", "rainbow", "sediment", "AP", "cr", "VP", "growth",
                           "assistant"), strict=True))
LONG = dict(zip(SYMBOLS, ("light", "rainbow", "sediment", "AP", "creativity", "VP",
                          "growth", "assistant"), strict=True))
#: What a final ability counts, after its number ("1 VP per 2 light").
_COUNTED = {
    "light": "light",
    "rainbow": "rainbow",
    "sediment": "sediment",
    "ap": "AP",
    "creativity": "creativity",
    "lenses": "lenses you own",
}
_COUNTED_ONE = {**_COUNTED, "lenses": "lens you own"}
#: When each kind of ability is used.
ABILITY_KINDS = {
    "will": "used with the Will action, once per round",
    "supply": "used in your supply phase, once",
    "end": "used in the end phase, once",
    "passive": "always on while the node is grown",
    "final": "scores at graduation",
}

#: The board's legend: every abbreviation and mark it shows.
LEGEND = (
    "legend: P1, P2... seats; AP action points; cr creativity; VP victory points;",
    "  light/rainbow/sediment 3/1/2 of 12: materials held, of the room for 12;",
    "  stock: tokens in reserve; lobby: assistants at home, unused (ready) and used;",
    "  D01-D38 normal cards, V01-V09 VP cards, F01-F15 foundations, L1 L2... lenses",
    "  in the order made; D21' a card turned 180 degrees; X -> Y: pay X, gain Y;",
    "  grind[P1x2]: P1 has 2 assistants on that device, [-] none, full: no room left",
    "  this round; n00-n22 growth-chart nodes, [*] grown, [ ] not grown;",
    "  tasks light7 (hold 7 light), rainbow5 (hold 5 rainbow), lenses3 (make 3 lenses)",
)


def seat_name(seat: int) -> str:
    """A seat as the engine's sides name it: seat 0 is ``P1``."""
    return f"P{seat + 1}"


def lens_name(index: int) -> str:
    """A lens by its place in the order of making: the first is ``L1`` (as ``LENS_IDS``)."""
    return f"L{index + 1}"


def amounts(vector: Sequence[int], names: Mapping[str, str] = SHORT, skip_ap: bool = False) -> str:
    """``"1 light, 2 AP"`` for a symbol vector (empty text when it holds nothing)."""
    return ", ".join(
        f"{v} {names[SYMBOLS[i]]}" for i, v in enumerate(vector) if v and not (skip_ap and i == AP)
    )


def effect_text(inp: Vector, ap_total: int, out: Vector, names: Mapping[str, str] = SHORT) -> str:
    """``"1 cr + 1 AP -> 2 light"``: what an effect pays (AP in all) and what it gives."""
    left = amounts(inp, names, skip_ap=True).replace(", ", " + ")
    paid = " + ".join(x for x in (left, f"{ap_total} AP" if ap_total else "") if x) or "nothing"
    return f"{paid} -> {amounts(out, names) or 'nothing'}"


def effect_phrase(inp: Vector, ap_total: int, out: Vector) -> str:
    """``"pays 1 creativity + 1 AP and gives 2 light"``, an effect in words."""
    return "pays " + effect_text(inp, ap_total, out, LONG).replace(" -> ", " and gives ")


def card_sides(card: int, turned: int, names: Mapping[str, str] = SHORT) -> str:
    """``"1 light -> 2 AP"``: what a card pays and gives in a lens, as printed or turned."""
    pays = amounts(CARD_INPUT[card][turned], names).replace(", ", " + ") or "nothing"
    return f"{pays} -> {amounts(CARD_OUTPUT[card][turned], names) or 'nothing'}"


def card_phrase(card: int, turned: int) -> str:
    """``"pays 1 light and gives 2 AP"``: a card in a lens, as printed or turned."""
    pays = amounts(CARD_INPUT[card][turned], LONG).replace(", ", " + ") or "nothing"
    return f"pays {pays} and gives {amounts(CARD_OUTPUT[card][turned], LONG) or 'nothing'}"


def card_numbers(card: int, turned: int) -> str:
    """``"M 1, R 2, R-M +1"``: the corner numbers of a card as placed."""
    return (
        f"M {CARD_MATERIAL[card][turned]}, R {CARD_RESULT[card][turned]}, "
        f"R-M {CARD_DIFF[card][turned]:+d}"
    )


def card_summary(card: int) -> str:
    """``"red: 1 light -> 2 AP"``, the card as printed (labels)."""
    record = CONTENT.dev_cards[card]
    colour = f"{record.color} VP card" if record.deck == "vp" else record.color
    return f"{colour}: {card_sides(card, 0)}"


def card_cells(card: int) -> str:
    """The printed cells as row-column pairs (``"03 20 23"``), as the guide lists them."""
    cells = sorted((cell.row, cell.col) for cell in CONTENT.dev_cards[card].cells)
    return " ".join(f"{row}{col}" for row, col in cells)


def card_name(card: int, turned: int = 0) -> str:
    """A card as the board writes it in a lens: ``D21``, or ``D21'`` when turned."""
    return CARD_IDS[card] + ("'" if turned else "")


def _final_text(ability: Ability) -> str:
    count = ability.count
    if ability.per > 0:
        per = _COUNTED_ONE[count] if ability.per == 1 else f"{ability.per} {_COUNTED[count]}"
        return f"{ability.vp} VP per {per}"
    if count == "lenses":
        return f"{ability.vp} VP if you own exactly {ability.equals} lenses"
    held = "no" if ability.equals == 0 else f"exactly {ability.equals}"
    return f"{ability.vp} VP if you hold {held} {_COUNTED[count]}"


def _passive_text(ability: Ability, names: Mapping[str, str]) -> str:
    rule, value = ability.rule, ability.value
    if rule == "collect_cost":
        return f"Collect costs {value} AP"
    if rule == "persuade_discount":
        return f"persuade / reactivate fee -{value} AP"
    if rule == "material_capacity":
        return f"+{value} material room"
    if rule == "owner_bonus":
        return f"+{value} VP to your owner bonus"
    if rule == "grind_bonus_vp":
        return f"+{value} VP per lens you make"
    if rule == "device_bonus":
        return f"{ability.device} gives {amounts(ability.output, names)} more"
    return (
        f"each sediment costs {-value} VP at graduation, not {-CONTENT.vp_per_sediment}"
    )


def ability_text(ability: Ability, names: Mapping[str, str] = SHORT) -> str:
    """``"will: 1 cr -> 2 light"``, ``"passive: Collect costs 1 AP"``, ``"final: ..."``."""
    kind = ability.type
    if kind == "passive":
        return f"passive: {_passive_text(ability, names)}"
    if kind == "final":
        return f"final: {_final_text(ability)}"
    ap_total = ability.ap + ability.input[AP]
    text = f"{kind}: {effect_text(ability.input, ap_total, ability.output, names)}"
    if ability.times == "lenses_owned":
        cap = f", at most {ability.max_times}" if ability.max_times else ""
        text += f" per lens you own{cap}"
    return text
