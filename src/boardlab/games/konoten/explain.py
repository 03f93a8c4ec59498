"""What an option does for the seat to move, in words (``KonotenState.explain``, the terminal's
``?``): its costs, its gains and what it enables, read from the same tables the rules use.

Konoten hides only the order of the two decks (hands are public, A10), so an explanation
may speak of every board and hand; of the decks it gives only their sizes. The first line
sums the option up; the lines after it give the numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame, IllegalAction
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.konoten import actions as A
from boardlab.games.konoten.abilities import ability_times, node_effect
from boardlab.games.konoten.content import CONTENT, MATERIALS, ZERO, Vector
from boardlab.games.konoten.effects import lenses_owned, total_assistants
from boardlab.games.konoten.frames import (
    FollowUp,
    Grind,
    SupplyAbilities,
    Task,
    used_nodes,
)
from boardlab.games.konoten.grinding import can_grind, completable, max_cost
from boardlab.games.konoten.lenses import lens_info, owner_bonus
from boardlab.games.konoten.tables import (
    ABILITIES,
    AP,
    ASSISTANT,
    CAPACITY_NODES,
    CARD_INDEX,
    CARD_INPUT,
    CARD_OUTPUT,
    COST_MASK,
    COSTS,
    CREATIVITY,
    DEVICE_AP,
    DEVICE_INPUT,
    DEVICE_OUTPUT,
    ELIGIBLE,
    FOUNDATION_COST,
    FOUNDATION_IDS,
    GRIND,
    GROUNDWORK,
    GROWTH,
    IS_VP_CARD,
    LENS_INDEX,
    N_NODES,
    N_NORMAL_SLOTS,
    NODE_IDS,
    ORIENTATIONS,
    PASSIVES,
    PERSUADE_FEE,
    REACTIVATE_FEE,
    TASKS,
    VP,
    WILL_EFFECT,
    bits,
)
from boardlab.games.konoten.wording import (
    ABILITY_KINDS,
    LONG,
    ability_text,
    amounts,
    card_cells,
    card_name,
    card_numbers,
    card_phrase,
    effect_phrase,
    lens_name,
    seat_name,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

_ORIENTATION = ("as printed", "turned 180 degrees")


def explain(s: KonotenState, action: Action | str) -> str:
    """What ``action`` (an option of the pending decision, or its id) does for the seat to move.

    ``IllegalAction`` when it is not an option now.
    """
    decision = s.decision
    if decision is None:
        raise IllegalAction("the konoten game is over: there is no option to explain")
    text = action.strip() if isinstance(action, str) else action.id
    chosen = next((o for o in decision.options if o.id == text), None)
    if chosen is None:
        raise IllegalAction(
            f"{text!r} is not an option of the pending decision {decision.kind!r} of "
            f"{seat_name(decision.player)}; options: "
            + ", ".join(o.id for o in decision.options)
        )
    p = decision.player
    frame = s.stack[-1]
    kind = chosen.kind
    if kind == "collect":
        lines = _collect(s, p, CARD_INDEX[str(chosen.args[0])])
    elif kind in ("will", "use"):
        lines = _ability(s, p, A.NODE_INDEX[str(chosen.args[0])], kind)
    elif kind == "activate" and chosen.args[0] == "device":
        lines = _device(s, p, A.DEVICE_INDEX[str(chosen.args[1])])
    elif kind in ("activate", "persuade", "reactivate"):
        lines = _lens_use(s, p, LENS_INDEX[str(chosen.args[1])], kind, frame[KEY] == FollowUp.key)
    elif kind == "end":
        lines = _end(s, p)
    elif kind == "card":
        lines = _card(s, frame, CARD_INDEX[str(chosen.args[0])])
    elif kind in ("upright", "flip"):
        lines = _orientation(s, frame, int(kind == "flip"))
    elif kind == "done":
        lines = _close_stack(s, frame) if frame[KEY] == Grind.key else _done_abilities(s, frame)
    elif kind == "foundation":
        lines = _foundation(s, frame, int(chosen.args[0]))
    elif kind == "skip":
        lens = lens_name(frame[FollowUp.lens])
        lines = [f"Leave {lens} empty for now: anyone may use it later."]
    elif kind == "node":
        lines = _pay_growth(s, frame, A.NODE_INDEX[str(chosen.args[0])])
    elif kind == "remove":
        lines = _pay_assistant(s, p, chosen)
    elif kind == "grow" and chosen.args:
        lines = _grow_node(s, frame, A.NODE_INDEX[str(chosen.args[0])])
    elif kind in ("grow", "assistant"):
        lines = _token(s, frame, kind)
    elif kind == "gain":
        lines = _gain(s, frame, str(chosen.args[0]))
    elif kind == "discard":
        lines = _discard(frame, A.MATERIAL_INDEX[str(chosen.args[0])])
    else:
        lines = _character(A.CHARACTER_INDEX[str(chosen.args[0])])
    return "\n".join(lines)


# ---------------------------------------------------------------- shared phrases
def _change(name: str, before: int, after: int) -> str:
    return f"{name} {before} -> {after}"


def _lens_text(s: KonotenState, lens: int) -> str:
    owner, foundation, cards, flipped = s.lenses[lens]
    stack = " ".join(card_name(c, flipped >> c & 1) for c in bits(cards))
    return (
        f"{lens_name(lens)} ({seat_name(owner)}'s lens [{stack}] on {FOUNDATION_IDS[foundation]}, "
        f"cost {FOUNDATION_COST[foundation]})"
    )


def _effect(
    s: KonotenState, p: int, inp: Vector, ap_total: int, out: Vector, executor_at: str = ""
) -> list[str]:
    """What an effect does to ``p``: what is paid and gained, counters before and after,
    storage, colour tokens and the tasks it would complete (K-10)."""
    lines = [f"It {effect_phrase(inp, ap_total, out)}."]
    counters = []
    ap_after = s.ap[p] - ap_total + out[AP]
    if ap_total or out[AP]:
        counters.append(_change("AP", s.ap[p], ap_after))
    if inp[CREATIVITY] or out[CREATIVITY]:
        after = s.creativity[p] - inp[CREATIVITY] + out[CREATIVITY]
        counters.append(_change("creativity", s.creativity[p], after))
    if inp[VP] or out[VP]:
        counters.append(_change("VP", s.vp[p], s.vp[p] - inp[VP] + out[VP]))
    if any(inp[:3]) or any(out[:3]):
        counters += _materials(s, p, inp, out)
    if counters:
        lines.append("Then: " + "; ".join(counters) + ".")
    stock = s.stock[p] + inp[GROWTH] + inp[ASSISTANT]
    if inp[GROWTH]:
        grown = " ".join(NODE_IDS[n] for n in bits(s.grown[p]))
        lines.append(
            f"Paying {inp[GROWTH]} growth: you choose grown nodes ({grown}) whose tokens go "
            "back to your stock; their abilities stop working."
        )
    if inp[ASSISTANT]:
        spare = total_assistants(s, p) - bool(executor_at)
        lines.append(
            f"Paying {inp[ASSISTANT]} assistant: you choose among your {spare} other assistants "
            f"(not the one doing this{executor_at}); it goes back to your stock."
        )
    if out[ASSISTANT]:
        got = min(out[ASSISTANT], stock)
        short = out[ASSISTANT] - got
        lost = f" ({short} lost: your stock is empty)" if short else ""
        lines.append(f"{got} token(s) from your stock join your lobby as used assistants{lost}.")
        stock -= got
    if out[GROWTH]:
        eligible = " ".join(NODE_IDS[n] for n in bits(ELIGIBLE[s.grown[p]]))
        if not stock:
            lines.append("The growth is lost: your stock has no token.")
        elif not eligible:
            lines.append("The growth is lost: no node can grow.")
        else:
            lines.append(f"A token from your stock grows a node (eligible now: {eligible}).")
    return lines


def _materials(s: KonotenState, p: int, inp: Vector, out: Vector) -> list[str]:
    """Materials after paying and gaining, with the storage limit (K-10.4, R2, R3)."""
    held = [s.mats[p * 3 + m] - inp[m] for m in range(3)]
    new = list(out[:3])
    capacity = PASSIVES[s.char[p]][s.grown[p]].capacity
    room = max(0, capacity - sum(held))
    kinds = sum(1 for v in new if v)
    after: list[int] | None = [held[m] + new[m] for m in range(3)]
    found = []
    if sum(new) > room:
        if not room or kinds == 1:
            after = [held[m] + min(new[m], room) for m in range(3)]
            found.append(f"storage holds {capacity}: {sum(new) - room} new material(s) lost")
        else:
            after = None
            found.append(
                f"storage holds {capacity}: only {room} of the {sum(new)} new materials fit, "
                "you choose which new ones to discard"
            )
    before = "/".join(str(s.mats[p * 3 + m]) for m in range(3))
    if after is None:
        kept = sum(held) + room
        found.append(f"light/rainbow/sediment {before} -> {kept} in all, as you choose")
    else:
        found.append(f"light/rainbow/sediment {before} -> {'/'.join(map(str, after))}")
        found += _tasks_met(s, p, after)
    return found


def _tasks_met(s: KonotenState, p: int, mats: list[int]) -> list[str]:
    found = []
    for task, (quantity, threshold) in enumerate(TASKS):
        open_task = s.tasks[p] >> task & 1 and quantity in MATERIALS
        if open_task and mats[MATERIALS.index(quantity)] >= threshold:
            found.append(f"completes task {CONTENT.tasks[task]} (its token comes back)")
    return found


# ---------------------------------------------------------------- main-phase actions
def _collect(s: KonotenState, p: int, card: int) -> list[str]:
    cost = PASSIVES[s.char[p]][s.grown[p]].collect_cost
    name = CONTENT.dev_cards[card].id
    colour = CONTENT.dev_cards[card].color + (" VP card" if IS_VP_CARD[card] else " card")
    lines = [
        f"Collect {name} ({colour}) into your hand for {cost} AP "
        f"({_change('AP', s.ap[p], s.ap[p] - cost)}).",
        f"In a lens, {_ORIENTATION[0]} it {card_phrase(card, 0)} ({card_numbers(card, 0)}); "
        f"{_ORIENTATION[1]} it {card_phrase(card, 1)} ({card_numbers(card, 1)}). "
        f"Cells (row, column): {card_cells(card)}.",
        f"Grinding it into a lens scores {CONTENT.vp_per_card} VP; in hand it scores nothing.",
    ]
    hand = s.hand[p]
    top = max_cost(s.found)
    now = can_grind(s, p)
    then = top >= 0 and completable(hand | 1 << card, 0, 0, 0, top)
    if now:
        lines.append("Your hand can already make a lens.")
    elif then:
        lines.append("With it your hand can make a lens (Grind opens to you).")
    else:
        lines.append("Your hand still cannot make a lens with it.")
    slot = s.market.index(card)
    deck, which = (s.normal_deck, "normal") if slot < N_NORMAL_SLOTS else (s.vp_deck, "VP")
    refill = (
        f"from the {which} deck ({len(deck)} cards left)" if deck else "never: that deck is empty"
    )
    lines.append(f"Its display slot refills {refill}.")
    return lines


def _ability(s: KonotenState, p: int, node: int, kind: str) -> list[str]:
    ch = s.char[p]
    ability = ABILITIES[ch][node]
    if kind == "will":
        effect = WILL_EFFECT[ch][node]
        assert effect is not None
        head = (
            f"Use the will ability of {NODE_IDS[node]} ({ability_text(ability, LONG)}); "
            "it is then spent for this round. No assistant is needed."
        )
    else:
        times = ability_times(s, p, node)
        effect = node_effect(ch, node, times)
        repeat = f", {times} times (once per lens you own)" if ability.times else ""
        head = (
            f"Use the {ability.type} ability of {NODE_IDS[node]} "
            f"({ability_text(ability, LONG)}){repeat}."
        )
    return [head, *_effect(s, p, effect.input, effect.ap, effect.output)]


def _device(s: KonotenState, p: int, d: int) -> list[str]:
    device = CONTENT.devices[d]
    unused = s.lobby_unused[p]
    lobby = _change("unused lobby assistants", unused, unused - 1)
    bonus_out = PASSIVES[s.char[p]][s.grown[p]].device_bonus[d]
    passive = []
    if any(bonus_out):
        passive.append(f"Your passive adds {amounts(bonus_out, LONG)} to its output.")
    if d == GRIND:
        hand = " ".join(CONTENT.dev_cards[c].id for c in bits(s.hand[p]))
        bonus = PASSIVES[s.char[p]][s.grown[p]].grind_bonus_vp
        extra = f" plus {bonus} VP grind bonus" if bonus else ""
        return [
            f"Send an assistant to {device.id} and make a lens from your hand ({hand}): "
            "2 to 6 cards, each as printed or turned, then a foundation.",
            f"Once the lens is made you pay {DEVICE_AP[GRIND] + DEVICE_INPUT[GRIND][AP]} AP, "
            f"your assistant stays on {device.id} ({lobby}) and you score "
            f"{CONTENT.vp_per_card} VP per card{extra}.",
            *passive,
        ]
    out = tuple(a + b for a, b in zip(DEVICE_OUTPUT[d], bonus_out, strict=True))
    ap_total = DEVICE_AP[d] + DEVICE_INPUT[d][AP]
    lines = [f"Send an assistant to {device.id} until the end phase ({lobby}).", *passive]
    if d == GROUNDWORK:
        if s.round >= CONTENT.rounds:
            lines.append("You would start the next round, but this is the last round.")
        else:
            lines.append("You become the start player from the next round on.")
        lines.append("It takes one assistant per round: nobody else can use it this round.")
    lines += _effect(s, p, DEVICE_INPUT[d], ap_total, out, f", on {device.id}")  # type: ignore[arg-type]
    return lines


def _lens_use(s: KonotenState, p: int, lens: int, kind: str, follow_up: bool) -> list[str]:
    info = lens_info(s.lenses[lens])
    owner = s.lenses[lens][0]
    discount = PASSIVES[s.char[p]][s.grown[p]].persuade_discount
    fee = 0
    lines = []
    if kind == "activate":
        what = "the new lens" if follow_up else "empty lens"
        lines.append(f"Place an unused assistant on {what} {_lens_text(s, lens)} and run it.")
    else:
        fee = max(0, (REACTIVATE_FEE if kind == "reactivate" else PERSUADE_FEE) - discount)
        seat = s.lens_occ[lens]
        face = "used" if s.lens_used[lens] else "unused"
        whose = "your" if seat == p else f"{seat_name(seat)}'s"
        lines.append(
            f"Put an unused assistant on {_lens_text(s, lens)} and run it, for a {kind} fee of "
            f"{fee} AP; {whose} assistant there goes home to its lobby, {face}."
        )
    parts = [f"{info.cost} for its foundation"]
    if info.ap > info.cost:
        parts.append(f"{info.ap - info.cost} for its AP symbols")
    if fee:
        parts.append(f"{fee} {kind} fee")
    lines.append(f"AP to pay: {info.ap + fee} ({', '.join(parts)}).")
    if owner == p:
        lines.append("It is your own lens: no owner bonus.")
    else:
        bonus = owner_bonus(s, owner)
        lines.append(f"{seat_name(owner)}, its owner, scores {bonus} VP (owner bonus).")
    lines += _effect(s, p, info.input, info.ap + fee, info.output, f", on {lens_name(lens)}")
    return lines


def _end(s: KonotenState, p: int) -> list[str]:
    lines = [
        "End your main phase: you take no more turns this round "
        "(others go on; your lenses still pay you owner bonuses)."
    ]
    if s.round < CONTENT.rounds:
        lines.append(
            f"Your {s.ap[p]} AP and {s.creativity[p]} creativity carry over to round {s.round + 1}."
        )
    else:
        lines.append(
            "This is the last round: AP, creativity and cards left in hand score nothing "
            "unless a final ability counts them."
        )
    return lines


# ---------------------------------------------------------------- grinding a lens (K-9)
def _listed(vector: list[int], joiner: str) -> str:
    return amounts(vector, LONG).replace(", ", joiner) or "nothing"


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _stack(cards: int, flipped: int) -> str:
    return " ".join(card_name(c, flipped >> c & 1) for c in bits(cards)) or "no card yet"


def _stack_effect(cards: int, flipped: int) -> tuple[list[int], list[int]]:
    inputs, outputs = [0] * 8, [0] * 8
    for c in bits(cards):
        o = flipped >> c & 1
        for i in range(8):
            inputs[i] += CARD_INPUT[c][o][i]
            outputs[i] += CARD_OUTPUT[c][o][i]
    return inputs, outputs


def _costs_left(s: KonotenState, floor: int) -> str:
    return ", ".join(str(k) for k in COSTS if k >= floor and s.found & COST_MASK[k]) or "none"


def _fits(s: KonotenState, frame: Frame, card: int) -> list[int]:
    _, p, cards, _, mask, diff, count, _ = frame
    rest = s.hand[p] & ~cards & ~(1 << card)
    top = max_cost(s.found)
    return [
        o
        for card_mask, card_diff, o in ORIENTATIONS[card]
        if not card_mask & mask
        and completable(rest, mask | card_mask, diff + card_diff, count + 1, top)
    ]


def _card(s: KonotenState, frame: Frame, card: int) -> list[str]:
    _, _, cards, flipped, _, diff, count, _ = frame
    fits = _fits(s, frame, card)
    ways = " or ".join(_ORIENTATION[o] for o in fits)
    name = CONTENT.dev_cards[card].id
    return [
        f"Add {name} to the lens; it can go in {ways}.",
        f"{_ORIENTATION[0].capitalize()} it {card_phrase(card, 0)} ({card_numbers(card, 0)}); "
        f"{_ORIENTATION[1]} it {card_phrase(card, 1)} ({card_numbers(card, 1)}). "
        f"Cells (row, column): {card_cells(card)}.",
        f"The lens so far: {_stack(cards, flipped)} ({_cards(count)}, R-M {diff:+d}).",
    ]


def _orientation(s: KonotenState, frame: Frame, turned: int) -> list[str]:
    _, _, cards, flipped, _, diff, count, card = frame
    inputs, outputs = _stack_effect(cards | 1 << card, flipped | turned << card)
    total = diff + ORIENTATIONS[card][turned][1]
    name = CONTENT.dev_cards[card].id
    return [
        f"Place {name} {_ORIENTATION[turned]}: it {card_phrase(card, turned)} "
        f"({card_numbers(card, turned)}).",
        f"The lens would then be {_stack(cards | 1 << card, flipped | turned << card)} "
        f"({_cards(count + 1)}): each run pays {_listed(inputs, ' + ')} plus its "
        f"foundation's AP and gives {_listed(outputs, ', ')}; R-M {total:+d}, so a "
        f"foundation of cost at least {max(0, total)} (left: {_costs_left(s, max(0, total))}).",
    ]


def _close_stack(s: KonotenState, frame: Frame) -> list[str]:
    _, p, cards, flipped, _, diff, count, _ = frame
    inputs, outputs = _stack_effect(cards, flipped)
    bonus = PASSIVES[s.char[p]][s.grown[p]].grind_bonus_vp
    extra = f" + {bonus} grind bonus" if bonus else ""
    return [
        f"Close the lens with {_stack(cards, flipped)} ({_cards(count)}).",
        f"Each run will pay {_listed(inputs, ' + ')} plus its foundation's AP and "
        f"give {_listed(outputs, ', ')}. R-M {diff:+d}: next you choose a foundation "
        f"of cost at least {max(0, diff)} (left: {_costs_left(s, max(0, diff))}).",
        f"Then you pay {DEVICE_AP[GRIND]} AP and score {count * CONTENT.vp_per_card} VP{extra}.",
    ]


def _foundation(s: KonotenState, frame: Frame, cost: int) -> list[str]:
    _, p, cards, flipped, diff = frame
    pile = s.found & COST_MASK[cost]
    foundation = (pile & -pile).bit_length() - 1
    info = lens_info((p, foundation, cards, flipped))
    count = cards.bit_count()
    bonus = PASSIVES[s.char[p]][s.grown[p]].grind_bonus_vp
    ap = DEVICE_AP[GRIND] + DEVICE_INPUT[GRIND][AP]
    lines = [
        f"Take {FOUNDATION_IDS[foundation]} (cost {cost}) for your new lens "
        f"{lens_name(len(s.lenses))} [{_stack(cards, flipped)}].",
        f"Each run of it {effect_phrase(info.input, info.ap, info.output)} "
        f"({cost} AP for the foundation).",
        f"Making it: you pay {ap} AP ({_change('AP', s.ap[p], s.ap[p] - ap)}), your assistant "
        f"goes to grind, and you score {count * CONTENT.vp_per_card + bonus} VP "
        f"({_change('VP', s.vp[p], s.vp[p] + count * CONTENT.vp_per_card + bonus)}).",
    ]
    floor = max(0, diff)
    cheaper = [k for k in COSTS if floor <= k < cost and s.found & COST_MASK[k]]
    if cheaper:
        lines.append(f"A cheaper pile (cost {cheaper[0]}) would make the lens cheaper to run.")
    lenses_task = next(
        (t for t, (quantity, _) in enumerate(TASKS) if quantity == "lenses"), None
    )
    if lenses_task is not None and s.tasks[p] >> lenses_task & 1:
        threshold = TASKS[lenses_task][1]
        if lenses_owned(s, p) + 1 >= threshold:
            lines.append(f"It completes task {CONTENT.tasks[lenses_task]} (its token comes back).")
    return lines


# ---------------------------------------------------------------- abilities steps, payments, gains
def _done_abilities(s: KonotenState, frame: Frame) -> list[str]:
    p, used = frame[PLAYER], used_nodes(frame)
    phase = "supply" if frame[KEY] == SupplyAbilities.key else "end"
    left = [
        NODE_IDS[n]
        for n in range(N_NODES)
        if s.grown[p] >> n & 1 and ABILITIES[s.char[p]][n].type == phase and not used >> n & 1
    ]
    unused = f": {', '.join(left)} {'goes' if len(left) == 1 else 'go'} unused" if left else ""
    return [f"Finish your {phase} abilities for this round{unused}."]


def _pay_growth(s: KonotenState, frame: Frame, node: int) -> list[str]:
    _, p, left = frame
    ability = ABILITIES[s.char[p]][node]
    return [
        f"Return the token on {NODE_IDS[node]} ({ability_text(ability, LONG)}) to your stock: "
        "that ability stops working until the node grows again.",
        "Nodes cut off from n00 keep working."
        + (f" Growths still to pay after this: {left - 1}." if left > 1 else ""),
    ]


def _pay_assistant(s: KonotenState, p: int, action: Action) -> list[str]:
    place, what = str(action.args[0]), str(action.args[1])
    if place == "lobby":
        count = s.lobby_unused[p] if what == "unused" else s.lobby_used[p]
        return [
            f"Return one of your {what} lobby assistants to your stock "
            f"({_change(f'{what} in lobby', count, count - 1)})."
        ]
    if place == "device":
        text = f"Return your assistant on {what} to your stock."
        if A.DEVICE_INDEX[what] == GROUNDWORK:
            text += " Groundwork does not reopen this round."
        return [text]
    return [
        f"Return your assistant on {_lens_text(s, LENS_INDEX[what])} to your stock; "
        "the lens becomes free."
    ]


def _grow_node(s: KonotenState, frame: Frame, node: int) -> list[str]:
    _, p, source = frame
    ability = ABILITIES[s.char[p]][node]
    token = "your stock" if source < 0 else f"task {CONTENT.tasks[source]}"
    return [
        f"Grow {NODE_IDS[node]} with the token from {token}: {ability_text(ability, LONG)} "
        f"({ABILITY_KINDS[ability.type]})."
    ]


def _token(s: KonotenState, frame: Frame, kind: str) -> list[str]:
    p = frame[PLAYER]
    where = (
        f"Task {CONTENT.tasks[frame[Task.task]]} is done: its token"
        if frame[KEY] == Task.key
        else "The token from your stock"
    )
    if kind == "assistant":
        unused = s.lobby_unused[p]
        return [
            f"{where} joins your lobby as an unused assistant "
            f"({_change('unused lobby assistants', unused, unused + 1)})."
        ]
    eligible = ", ".join(NODE_IDS[n] for n in bits(ELIGIBLE[s.grown[p]]))
    return [f"{where} grows one node of your chart next (eligible now: {eligible})."]


def _gain(s: KonotenState, frame: Frame, what: str) -> list[str]:
    """A gain chosen first when the order matters (K11): what it does and what follows."""
    _, p, _, _, _, light, rainbow, sediment, growth, helpers, _ = frame
    new: Vector = (light, rainbow, sediment, 0, 0, 0, 0, 0)
    stock = s.stock[p]
    eligible = ", ".join(NODE_IDS[n] for n in bits(ELIGIBLE[s.grown[p]]))
    if what == "materials":
        lines = [
            f"Gain the materials first: {amounts(new, LONG)}.",
            "Then: " + "; ".join(_materials(s, p, ZERO, new)) + ".",
        ]
    elif what == "growth":
        lines = [f"Grow one node first with a token from your stock (eligible now: {eligible})."]
    else:
        lines = ["Take one assistant first: a token from your stock joins your lobby, used."]
    later = []
    if what != "materials" and any(new):
        later.append(amounts(new, LONG))
    if growth - (what == "growth"):
        later.append(f"{growth - (what == 'growth')} growth")
    if helpers - (what == "assistant"):
        later.append(f"{helpers - (what == 'assistant')} assistant")
    if later:
        lines.append(f"Still to gain after it: {', '.join(later)}.")
    if growth and helpers and stock < growth + helpers:
        lines.append(
            f"Your stock holds {stock} token(s) for {growth} growth and {helpers} assistant "
            "gains: the gains taken first get them, the rest are lost."
        )
    roomy = bits(CAPACITY_NODES[s.char[p]] & ELIGIBLE[s.grown[p]])
    if growth and any(new) and roomy:
        nodes = ", ".join(NODE_IDS[n] for n in roomy)
        lines.append(f"Growing {nodes} (more material room) before the materials may let them fit.")
    return lines


def _discard(frame: Frame, material: int) -> list[str]:
    _, _, light, rainbow, sediment, excess = frame
    new = dict(zip(MATERIALS, (light, rainbow, sediment), strict=True))
    gained = ", ".join(f"{v} {m}" for m, v in new.items() if v)
    return [
        f"Throw away one of the new {MATERIALS[material]} (new: {gained}); "
        f"{excess - 1} more to throw away after this. Materials you held before are kept."
    ]


def _character(character: int) -> list[str]:
    board = CONTENT.characters[character]
    start = CONTENT.template.start
    return [f"Play the {board.id} board ({board.colour}); its growth chart:"] + [
        f"  {a.node}{' (grown at the start)' if a.node == start else ''}: {ability_text(a, LONG)}"
        for a in board.abilities
    ]

