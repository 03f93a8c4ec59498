"""What each option of the pending decision does for the scientist to move, in words: the
compound or space it names, what it costs, what it gains and what it leads to.

``explain(state, action)`` serves ``CompoundedState.explain`` (the terminal's ``?``). Every
number comes from the content data and the rules' own helpers; where an option changes the
workbench at once (a placement, an experiment, a trade), the rule itself is run on a clone
and the result read back, so the text cannot drift from the rules. Nothing in Compounded is
hidden from one seat only; the deck order, the only secret, is never read here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

from boardlab.engine import Action, Ask
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.actions import (
    BUNDLE_EQUIPMENT,
    BUNDLE_WILD,
    ELEMENT_OF,
    PLACE_WILD_ITEM,
    POOL_OFFSET,
    SLOT_OF,
    TRACK_OF,
    WILD_ITEM,
    side,
)
from boardlab.games.compounded.board import NEIGHBOURS, ROW_COL, position
from boardlab.games.compounded.board_text import space_text
from boardlab.games.compounded.content import (
    BUNSEN,
    CONTENT,
    CYLINDER,
    DISCOVERY,
    ELEMENTS,
    EQUIPMENT_SHORT,
    GOGGLES,
    LAB,
    PAPER,
    PIPETTE,
    RESEARCH,
    STABILITY,
    STUDY,
    TRACKS,
)
from boardlab.games.compounded.discovery import (
    ASK_AT,
    BUNDLE_LEN,
    GIVE_AT,
    describe_bundle,
    offer_cap,
    tradeable,
)
from boardlab.games.compounded.fire import item_code, spaces_for
from boardlab.games.compounded.flow import RULES
from boardlab.games.compounded.frames import Frame
from boardlab.games.compounded.lab import paper_ready, points, resolving_codes
from boardlab.games.compounded.research import extinguisher_spaces
from boardlab.games.compounded.study import unclaimed
from boardlab.games.compounded.workbench import (
    CARDS,
    EMPTY,
    EXT_ELEMENTS,
    TRACK_LEVELS,
    TRACK_TOP,
    capacity,
    complete_extinguishers,
    field_spaces,
    fire_limit,
    in_play,
    maxed_count,
    over_study,
    stored,
    usable,
    value,
)

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

Explainer = Callable[["CompoundedState", Frame, Action], str]
LISTED = 8  # destinations named before "and N more"


def explain(s: CompoundedState, action: Action) -> str:
    """What choosing ``action``, an option of the pending decision, does for its scientist.

    ``ValueError`` when the game is over or ``action`` is not one of the options.
    """
    decision = s.decision
    if decision is None:
        raise ValueError("the compounded game is over: there is no option to explain")
    option = next((a for a in decision.options if a == action), None)
    if option is None:
        raise ValueError(
            f"{action} is not an option of the pending decision {decision.kind!r} "
            f"of {side(decision.player)}"
        )
    frame = s.stack[-1]
    return EXPLAIN[frame[KEY]](s, frame, option)


# ---------------------------------------------------------------- shared descriptions
def _after(s: CompoundedState, frame: Frame, action: Action) -> CompoundedState:
    """A clone on which the decision's own rule has answered ``action`` (nothing after it)."""
    twin = cast("CompoundedState", s.clone())
    rule = RULES[frame[KEY]]
    assert isinstance(rule, Ask)
    rule.resolve(twin, twin.stack[-1], action)
    return twin


def _at(pos: int) -> str:
    row, col = ROW_COL[pos]
    return f"{row},{col}"


def _name(s: CompoundedState, pos: int) -> str:
    """``"Water H2O at 1,1"``."""
    compound = CARDS[s.field_card[pos]]
    return f"{compound.name} {compound.formula} at {_at(pos)}"


def _count(n: int, what: str) -> str:
    return f"{n} {what}" if n == 1 else f"{n} {what}s"


def _one_of(n: int, what: str) -> str:
    """``"your pipette"`` when there is one, ``"one of your 2 pipettes"`` otherwise."""
    return f"your {what}" if n == 1 else f"one of your {n} {what}s"


def _equipment(kind: int) -> str:
    """``"Bunsen burner (in a Research-phase window, put a fire token ...)"``."""
    equipment = CONTENT.equipment[kind]
    return f"{equipment.name} ({equipment.effect})"


def _needs(s: CompoundedState, pos: int) -> str:
    """The empty spaces of a field compound by element: ``"1 H, 2 O"``, or ``""`` if full."""
    compound = CARDS[s.field_card[pos]]
    empty = [0] * len(ELEMENTS)
    for e, slot in zip(compound.space_elements, s.field_items[pos], strict=True):
        if slot == EMPTY:
            empty[e] += 1
    return ", ".join(f"{n} {ELEMENTS[e]}" for e, n in enumerate(empty) if n)


def _claimant(s: CompoundedState, pos: int, p: int) -> str:
    owner = s.claim_owner[pos]
    if owner < 0:
        return "unclaimed"
    who = "you" if owner == p else side(owner)
    return f"temporarily claimed by {who}" if s.claim_temp[pos] else f"claimed by {who}"


def _fire(s: CompoundedState, pos: int) -> str:
    limit = fire_limit(s, pos)
    if not limit:
        return "not flammable"
    return f"fire limit {limit}, {_count(s.fire[pos], 'fire token')} on it"


def card_text(s: CompoundedState, pos: int, p: int) -> str:
    """A field compound as ``p`` needs to know it: name, points, experiment, fire, icons,
    spaces and claim."""
    compound = CARDS[s.field_card[pos]]
    track = TRACKS[compound.experiment]
    facts = [
        f"{points(s, s.field_card[pos])} AP",
        f"{compound.state} (scoring it may raise {track} or lab)",
        _fire(s, pos),
    ]
    if compound.equipment >= 0:
        facts.append(f"gives equipment: {_equipment(compound.equipment)}")
    if compound.reaction >= 0:
        reaction = CONTENT.reactions[compound.reaction]
        facts.append(f"reaction {reaction.name} ({reaction.summary.rstrip('.')})")
    needs = _needs(s, pos)
    spaces = space_text(compound.space_elements, s.field_items[pos])
    filled = f"needs {needs}" if needs else "full"
    return f"{_name(s, pos)} ({'; '.join(facts)}): {spaces}, {filled}, {_claimant(s, pos, p)}"


def _brief(s: CompoundedState, pos: int, p: int) -> str:
    """A field compound in short: ``"Water H2O at 1,1 (3 AP, claimed by P2, not flammable)"``."""
    ap = points(s, s.field_card[pos])
    return f"{_name(s, pos)} ({ap} AP, {_claimant(s, pos, p)}, {_fire(s, pos)})"


def _places(positions: Iterable[int], s: CompoundedState) -> str:
    names = [f"{CARDS[s.field_card[pos]].name} {_at(pos)}" for pos in positions]
    if len(names) > LISTED:
        return ", ".join(names[:LISTED]) + f" and {len(names) - LISTED} more"
    return ", ".join(names) or "no compound"


def _positions_of(options: Iterable[Action]) -> list[int]:
    """The field positions that space options name, each once, in reading order."""
    return sorted({position(a.args) for a in options if a.args[0] != "ext"})


def _storage(s: CompoundedState, p: int) -> str:
    base = p * 6
    held = " ".join(f"{ELEMENTS[e]}{s.storage[base + e]}" for e in range(6) if s.storage[base + e])
    return f"{stored(s, p)}/{capacity(s, p)}" + (f" ({held})" if held else "")


def _track_change(
    before: CompoundedState, after: CompoundedState, p: int, t: int, mover: int
) -> str:
    """``"study from level 2 to 3 of 5 (value 2 to 2)"`` and what the new value means for
    ``p``, told to ``mover``."""
    you, your = ("you", "your") if p == mover else ("they", "their")
    old, new = before.track_level[p * 4 + t], after.track_level[p * 4 + t]
    v_old, v_new = TRACK_LEVELS[t][old], TRACK_LEVELS[t][new]
    text = f"{TRACKS[t]} from level {old + 1} to {new + 1} of {TRACK_TOP[t] + 1} "
    text += f"(value {v_old} to {v_new})"
    if t == DISCOVERY:
        text += f": {v_new} crystals drawn each Discovery phase"
    elif t == STUDY:
        text += f": up to {v_new} claims in play"
        freed = after.free_discs[p] - before.free_discs[p]
        if freed > 0:
            verb = "becomes" if freed == 1 else "become"
            text += f", so {_count(freed, 'reserve disc')} {verb} available"
        if after.equip[p * 6 + PAPER] > before.equip[p * 6 + PAPER]:
            text += f"; {you} take equipment, usable from next round: {_equipment(PAPER)}"
        if over_study(after, p):
            text += f"; {your} claims in play then exceed it: available discs go back first, "
            text += f"then {you} give up claims of {your} choice"
    elif t == RESEARCH:
        text += f": up to {v_new} placements per research turn"
    elif t == LAB:
        text += f": storage capacity {v_new}"
        if v_new < v_old:
            text += " (storage is trimmed only at the next capacity check)"
    if new == TRACK_TOP[t] and new > old:
        text += (
            f". It reaches its top: {maxed_count(after, p)} of {your} {len(TRACKS)} experiments "
            "at the top "
            f"({CONTENT.maxed_needed} end the game after this round)"
        )
    return text


def _limit_after_token(s: CompoundedState, pos: int) -> int:
    """The fire limit a field compound has once it gets a fire token (C-8.3, C-11.1)."""
    return fire_limit(s, pos) or CONTENT.bunsen_fire_limit


def _would_explode(s: CompoundedState, pos: int) -> bool:
    return s.fire[pos] + 1 >= _limit_after_token(s, pos)


def _token_outcome(s: CompoundedState, pos: int) -> str:
    """What one more fire token does to a field compound."""
    limit = _limit_after_token(s, pos)
    tokens = s.fire[pos] + 1
    if not fire_limit(s, pos):
        becomes = f"it becomes flammable with fire limit {limit} while it stays on the field"
        return becomes + ("" if tokens < limit else " and explodes at once")
    if tokens < limit:
        return f"it would hold {tokens} of its limit of {limit} fire tokens"
    items = sum(1 for slot in s.field_items[pos] if slot != EMPTY)
    return (
        f"it reaches its fire limit of {limit} and explodes: it leaves the field, its claim "
        f"disc goes home and its {_count(items, 'item')} scatter onto adjacent compounds"
    )


# ---------------------------------------------------------------- Discovery (C-6)
def _holdings(s: CompoundedState, p: int) -> str:
    """What ``p`` may trade now: crystals, wild tokens, equipment not new this round,
    extinguishers."""
    parts = [f"{ELEMENTS[e]}{s.storage[p * 6 + e]}" for e in range(6) if s.storage[p * 6 + e]]
    if s.wild[p]:
        parts.append(f"wild {s.wild[p]}")
    for kind in CONTENT.equipment:
        count = tradeable(s, p, BUNDLE_EQUIPMENT + kind.index)
        if count:
            parts.append(f"{kind.short} {count}")
    parts.extend(
        f"ext{x}[{space_text(EXT_ELEMENTS, s.extinguisher_items[x])}]"
        for x, holder in enumerate(s.extinguisher_holder)
        if holder == p
    )
    return " ".join(parts) or "nothing"


def _trade_offer(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, passes = frame[PLAYER], frame[F.TradeOffer.passes]
    n = s.players
    if action.kind == "offer":
        q = int(action.args[0])
        left = offer_cap(s) - s.offers[p]
        uses = "your last offer" if left == 1 else f"one of your {left} offers left"
        return (
            f"Start a trade offer to {side(q)} (seat {q}): you add what you give and what you "
            f"ask one item at a time, then send it, and {side(q)} accepts or declines. It uses "
            f"{uses} this Discovery phase, even if you withdraw it. "
            f"{side(q)} can trade: {_holdings(s, q)}; you can trade: {_holdings(s, p)}."
        )
    if passes + 1 >= n:
        return f"Pass: that makes {n} passes in a row, so trading closes for this round."
    return (
        f"Pass this trading turn. It is not final: you may still offer when your turn comes "
        f"back. Trading closes when all {n} seats pass in a row ({passes + 1} with this one)."
    )


def _bundle_item(s: CompoundedState, action: Action, holder: int, you: bool) -> str:
    """One item an offer may add, from ``holder``'s side."""
    whose = "your" if you else f"{side(holder)}'s"
    name = str(action.args[0])
    if name == "ext":
        x = int(action.args[1])
        items = s.extinguisher_items[x]
        full = EMPTY not in items
        state = (
            f"full: it can stop one fire token and scores {CONTENT.extinguisher_points} AP at "
            "the end"
            if full
            else "not full yet"
        )
        spaces = space_text(EXT_ELEMENTS, items)
        return f"{whose} extinguisher {x} with its crystals ({spaces}, {state})"
    slot = SLOT_OF[name]
    held = tradeable(s, holder, slot)
    if slot < BUNDLE_WILD:
        return f"1 {name} from {whose} storage ({held} there)"
    if slot == BUNDLE_WILD:
        return (
            f"1 of {whose} {_count(held, 'wild token')} (held at the end, one scores "
            f"{CONTENT.end_per_wild} AP)"
        )
    kind = slot - BUNDLE_EQUIPMENT
    token = f"{EQUIPMENT_SHORT[kind]} token"
    one = f"{whose} {token}" if held == 1 else f"one of {whose} {held} {token}s"
    return f"{one}: {_equipment(kind)}"


def _bundles(frame: Frame) -> tuple[str, str]:
    give = describe_bundle(frame[GIVE_AT : GIVE_AT + BUNDLE_LEN])
    ask = describe_bundle(frame[ASK_AT : ASK_AT + BUNDLE_LEN])
    return give, ask


def _trade_build(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, q = frame[PLAYER], frame[F.TradeBuild.addressee]
    give, ask = _bundles(frame)
    if action.kind == "send":
        following = side((p + 1) % s.players)
        return (
            f"Send the offer to {side(q)}: if they accept, you give {give} and get {ask}; if "
            f"they decline, nothing changes hands. The trading turn then passes to {following}."
        )
    if action.kind == "cancel":
        left = offer_cap(s) - s.offers[p]
        return (
            f"Withdraw this offer: nothing changes hands, and it still counts as one of your "
            f"{offer_cap(s)} offers this phase ({left} left)."
        )
    you = action.kind == "give"
    what = _bundle_item(s, action, p if you else q, you)
    new_give, new_ask = _bundles(_after(s, frame, action).stack[-1])
    verb = "what you give" if you else f"what you ask of {side(q)}"
    return f"Add {what} to {verb}. The offer would be: you give {new_give} for {new_ask}."


def _trade_reply(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, proposer = frame[PLAYER], frame[F.TradeReply.proposer]
    if action.kind == "decline":
        return "Decline: nothing changes hands."
    give, ask = _bundles(frame)
    twin = _after(s, frame, action)
    text = (
        f"Accept: you get {give} from {side(proposer)} and give them {ask}. Your storage "
        f"would be {_storage(twin, p)}"
    )
    if stored(twin, p) > capacity(twin, p):
        text += ", over your capacity: you return the excess at the capacity check after trading"
    return text + "."


def _return_excess(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    e = ELEMENT_OF[str(action.args[0])]
    excess = stored(s, p) - capacity(s, p)
    rest = (
        "that brings your storage down to your capacity"
        if excess == 1
        else (f"{excess - 1} more to return after it")
    )
    return (
        f"Return 1 {ELEMENTS[e]} of your {s.storage[p * 6 + e]} to the bag; {rest} "
        f"(capacity {capacity(s, p)}, your Lab value)."
    )


# ---------------------------------------------------------------- Study (C-7)
def _claim(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    discs = s.free_discs[p]
    if action.kind == "pass":
        kept = "your available disc stays" if discs == 1 else f"your {discs} available discs stay"
        return f"Stop claiming for this Study phase (a pass is final); {kept} for later rounds."
    pos = position(action.args)
    text = (
        f"Claim {card_text(s, pos, p)}. {_one_of(discs, 'available disc').capitalize()} goes "
        "on it as a permanent claim: only you can score it, though anyone may fill its spaces."
    )
    compound = CARDS[s.field_card[pos]]
    if not _needs(s, pos):
        return text + " It is already full: you score it in this round's Lab phase."
    wanted = sorted(
        {compound.space_elements[i] for i, slot in enumerate(s.field_items[pos]) if slot == EMPTY}
    )
    yours = ", ".join(f"{s.storage[p * 6 + e]} {ELEMENTS[e]}" for e in wanted)
    return text + f" Of the elements it needs, your storage holds {yours}."


def _relocate(s: CompoundedState, frame: Frame, action: Action) -> str:
    if action.kind == "decline":
        return "Keep every claim where it is (one claim may move per Study phase)."
    pos = position(action.args)
    items = sum(1 for slot in s.field_items[pos] if slot != EMPTY)
    return (
        f"Move your claim on {_name(s, pos)} (placed in round {s.claim_round[pos]}) to one of "
        f"the {len(unclaimed(s))} unclaimed compounds, chosen next. "
        f"{CARDS[s.field_card[pos]].name} becomes unclaimed and keeps its "
        f"{_count(items, 'item')}; the moved claim counts as placed this round."
    )


def _relocate_target(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, source = frame[PLAYER], frame[F.RelocateTarget.source]
    target = position(action.args)
    return (
        f"Your claim moves from {_name(s, source)} to {card_text(s, target, p)}. "
        f"{CARDS[s.field_card[source]].name} becomes unclaimed and keeps its crystals."
    )


def _release(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    pos = position(action.args)
    items = sum(1 for slot in s.field_items[pos] if slot != EMPTY)
    text = (
        f"Give up your permanent claim on {_brief(s, pos, p)}. It becomes unclaimed and "
        f"keeps its {_count(items, 'item')}; your disc goes to the reserve (claims in play "
        f"{in_play(s, p)}, Study value {value(s, p, STUDY)})."
    )
    if over_study(_after(s, frame, action), p):
        text += " You will still have to give up another claim."
    return text


# ---------------------------------------------------------------- Research (C-8)
def _goggles(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    held = usable(s, p, GOGGLES)
    if action.kind == "decline":
        return "Keep your safety goggles for a later round."
    draws = value(s, p, DISCOVERY)
    return (
        f"Discard {_one_of(held, 'goggles token')} (back to the supply) to "
        f"draw {draws} crystals (your Discovery value) from the bag into your goggles pool. You "
        "may place them in your research turn this round, not exchange them; what is left "
        "returns to the bag when your turn ends."
    )


def _bunsen(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, declines = frame[PLAYER], frame[F.Bunsen.declines]
    n = s.players
    if action.kind == "decline":
        if declines + 1 >= n:
            return f"Do not burn: that makes {n} declines in a row, so the window closes."
        return (
            f"Do not burn now. The window closes when all {n} seats decline in a row "
            f"({declines + 1} with this one)."
        )
    pos = position(action.args)
    held = usable(s, p, BUNSEN)
    text = (
        f"Discard {_one_of(held, 'bunsen token')} (back to the supply) to put a fire token on "
        f"{_brief(s, pos, p)}: {_token_outcome(s, pos)}."
    )
    if any(complete_extinguishers(s, q) for q in range(n)):
        text += " Holders of a full extinguisher may stop the token first."
    return text


def _extinguish(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, listed, protected = frame[PLAYER], frame[F.Extinguish.targets], frame[F.Extinguish.protected]
    if action.kind == "decline":
        targets = [pos for pos in range(16) if (listed & ~protected) >> pos & 1]
        exploding = [pos for pos in targets if _would_explode(s, pos)]
        text = f"Let the fire tokens fall on {_places(targets, s)}"
        if exploding:
            text += f"; these would explode: {_places(exploding, s)}"
        return text + "."
    x = complete_extinguishers(s, p)[0]
    pos = position(action.args)
    return (
        f"Discard your full extinguisher {x} (its crystals go back to the bag and you lose its "
        f"{CONTENT.extinguisher_points} end-game AP): {_brief(s, pos, p)} gets no fire token "
        f"this time. Without it, {_token_outcome(s, pos)}."
    )


def _destinations(s: CompoundedState, p: int, element_mask: int) -> str:
    text = _places(_positions_of(field_spaces(s, element_mask)), s)
    exts = sorted({int(a.args[1]) for a in extinguisher_spaces(s, p, element_mask)})
    if exts:
        text += ", and your extinguisher " + ", ".join(map(str, exts))
    return text


def _place_item(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, placed = frame[PLAYER], frame[F.PlaceItem.placed]
    allowance = value(s, p, RESEARCH)
    kind = action.kind
    if kind == "done":
        text = (
            f"End your research turn now, with {allowance - placed} of your {allowance} "
            "placements unused"
        )
        pool = sum(s.pool[p * 6 : p * 6 + 6])
        if pool:
            text += f"; the {_count(pool, 'crystal')} left in your goggles pool go back to the bag"
        return text + "."
    name = str(action.args[0])
    if kind == "swap3":
        return (
            f"Exchange 3 for 1: return 3 of your {s.storage[p * 6 + ELEMENT_OF[name]]} {name} "
            "to the bag, then take 1 crystal of any element the bag holds. You may repeat it, but "
            "not use a pipette this round after it; exchanges come before your first placement."
        )
    if kind == "pipette":
        left = usable(s, p, PIPETTE) - s.used_pipette[p]
        return (
            f"Use a pipette token ({_count(left, 'use')} left this round): return 2 of your "
            f"{s.storage[p * 6 + ELEMENT_OF[name]]} {name} to the bag, then take 1 crystal of any "
            "element the bag holds. 3-for-1 exchanges are then barred for the rest of the round."
        )
    step = f"placement {placed + 1} of {allowance}"
    if name == "wild":
        return (
            f"Place {_one_of(s.wild[p], 'wild token')} ({step}) in a free space of any "
            "element, where it counts as that element. Once placed it is gone for good (held to "
            f"the end it would score {CONTENT.end_per_wild} AP). It can go on: "
            f"{_destinations(s, p, (1 << len(ELEMENTS)) - 1)}."
        )
    e = ELEMENT_OF[name]
    if len(action.args) > 1:
        source = (
            f"your goggles pool ({s.pool[p * 6 + e]} there; what you do not place goes back to "
            "the bag when your turn ends)"
        )
    else:
        source = f"your storage ({s.storage[p * 6 + e]} there)"
    return f"Place 1 {name} from {source}, {step}. It can go on: {_destinations(s, p, 1 << e)}."


def _take(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    e = ELEMENT_OF[str(action.args[0])]
    twin = _after(s, frame, action)
    return (
        f"Take 1 {ELEMENTS[e]} from the bag ({s.bag[e]} there) into your storage (then "
        f"{_storage(twin, p)})."
    )


def _completion(s: CompoundedState, twin: CompoundedState, pos: int, p: int, research: bool) -> str:
    """What filling a space of the compound at ``pos`` leads to (``twin`` is after it)."""
    if twin.field_open[pos]:
        return f", still needing {_needs(twin, pos)}"
    ap = points(s, s.field_card[pos])
    owner = s.claim_owner[pos]
    if owner == p:
        return f". That completes your claim: you score it ({ap} AP) at your next scoring turn"
    if owner >= 0:
        return (
            f". That completes {side(owner)}'s claim: they score it ({ap} AP); completing "
            "another scientist's claim gives you nothing"
        )
    if not research:
        return ". That completes it, but it stays unclaimed: this never makes a temporary claim"
    if twin.claim_owner[pos] == p:
        return (
            f". That completes it and one of your reserve discs goes on it as a temporary claim: "
            f"you score it ({ap} AP) in this round's Lab phase"
        )
    return (
        ". That completes it, but your reserve is empty: it stays full and unclaimed until "
        "someone claims it in a Study phase"
    )


def _into_space(s: CompoundedState, frame: Frame, action: Action, what: str, research: bool) -> str:
    p = frame[PLAYER]
    twin = _after(s, frame, action)
    args = action.args
    if args[0] == "ext":
        x, i = int(args[1]), int(args[2])
        items = twin.extinguisher_items[x]
        text = (
            f"Put {what} into space {i} ({ELEMENTS[EXT_ELEMENTS[i]]}) of your extinguisher {x}: "
            f"it would read [{space_text(EXT_ELEMENTS, items)}]"
        )
        if EMPTY not in items:
            text += (
                "; full, it can be discarded to stop one fire token, and held at the end it "
                f"scores {CONTENT.extinguisher_points} AP"
            )
        return text + "."
    pos, i = position(args), int(args[2])
    compound = CARDS[s.field_card[pos]]
    element = ELEMENTS[compound.space_elements[i]]
    return (
        f"Put {what} into space {i} ({element}) of {_name(s, pos)} "
        f"({points(s, s.field_card[pos])} AP, {_claimant(s, pos, p)}): it would read "
        f"{space_text(compound.space_elements, twin.field_items[pos])}"
        f"{_completion(s, twin, pos, p, research)}."
    )


def _place_space(s: CompoundedState, frame: Frame, action: Action) -> str:
    p, placed, item = frame[PLAYER], frame[F.PlaceSpace.placed], frame[F.PlaceSpace.item]
    if item == PLACE_WILD_ITEM:
        what = "your wild token (it counts as the space's element)"
    elif item >= POOL_OFFSET:
        what = f"1 {ELEMENTS[item - POOL_OFFSET]} from your goggles pool"
    else:
        what = f"1 {ELEMENTS[item]} from your storage"
    text = _into_space(s, frame, action, what, research=True)
    allowance = value(s, p, RESEARCH)
    if placed + 1 >= allowance:
        text += f" It is your last placement this turn ({allowance} of {allowance})."
    return text


# ---------------------------------------------------------------- explosions (C-11.3)
def _item_name(code: int) -> str:
    return "wild" if code == WILD_ITEM else ELEMENTS[code]


def _one(code: int) -> str:
    """One item: ``"1 N"`` or ``"the wild token"``."""
    return "a wild token" if code == WILD_ITEM else f"1 {ELEMENTS[code]}"


def _scatter_item(s: CompoundedState, frame: Frame, action: Action) -> str:
    entry = s.scatter[0]
    code = item_code(action)
    left = " ".join(_item_name(c) for c in entry[2:])
    spaces = spaces_for(s, NEIGHBOURS[entry[0]], code)
    fits = "space of any element" if code == WILD_ITEM else f"{ELEMENTS[code]} space"
    return (
        f"Scatter {_one(code)} from the explosion at {_at(entry[0])} next (still to scatter: "
        f"{left}); you then choose a free {fits} on an adjacent compound: "
        f"{_places(_positions_of(spaces), s)}. Items that fit nowhere go back to the bag "
        "(wild tokens leave the game)."
    )


def _scatter_space(s: CompoundedState, frame: Frame, action: Action) -> str:
    what = f"the scattered {_item_name(frame[F.ScatterSpace.item])}" + (
        " token" if frame[F.ScatterSpace.item] == WILD_ITEM else ""
    )
    return _into_space(s, frame, action, what, research=False)


# ---------------------------------------------------------------- Lab (C-9, C-10)
def _score(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    pos = position(action.args)
    card = s.field_card[pos]
    compound = CARDS[card]
    ap = points(s, card)
    if compound.reaction == STABILITY:
        gain = (
            f"its {ap} AP come through Stability approval: you name another scientist and raise "
            f"one of their experiments for the full {ap}, or split them {ap // 2} and {ap // 2} "
            "with one whose experiments are all at the top"
        )
    else:
        gain = f"+{ap} AP (you would have {s.ap[p] + ap})"
    disc = "goes back to your reserve" if s.claim_temp[pos] else "becomes available again"
    parts = [
        f"Resolve {_name(s, pos)}: {gain}",
        f"your disc {disc}",
        f"you may raise {TRACKS[compound.experiment]} or lab",
    ]
    if compound.equipment >= 0:
        parts.append(
            f"you take equipment, usable from next round: {_equipment(compound.equipment)}"
            if s.supply[compound.equipment]
            else f"the supply has no {CONTENT.equipment[compound.equipment].name} left to take"
        )
    if compound.reaction >= 0 and compound.reaction != STABILITY:
        reaction = CONTENT.reactions[compound.reaction]
        parts.append(f"its reaction {reaction.name} happens ({reaction.summary.rstrip('.')})")
    keep = " (an academic paper lets you keep one)" if paper_ready(s, p) else ""
    parts.append(f"then its crystals go back to the bag{keep}")
    return "; ".join(parts) + "."


def _experiment(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    name = CARDS[s.resolving_card].name
    if action.kind == "none":
        return f"Leave your experiments as they are; {name} still scores."
    t = TRACK_OF[str(action.args[0])]
    return f"Raise {_track_change(s, _after(s, frame, action), p, t, p)}."


def _stability(s: CompoundedState, frame: Frame, action: Action) -> str:
    q = int(action.args[0])
    ap = points(s, s.resolving_card)
    if len(action.args) == 1:
        return (
            f"{side(q)} has every experiment at the top: you and {side(q)} each gain {ap // 2} AP."
        )
    t = TRACK_OF[str(action.args[1])]
    change = _track_change(s, _after(s, frame, action), q, t, frame[PLAYER])
    return f"Raise {side(q)}'s {change}; you gain the full {ap} AP."


def _handle_item(s: CompoundedState, frame: Frame, action: Action) -> str:
    code = item_code(action)
    name = CARDS[s.resolving_card].name
    left = " ".join(_item_name(c) for c in resolving_codes(s))
    spaces = spaces_for(s, range(16), code)
    return (
        f"Take {_one(code)} from {name} (on it now: {left}) and put it next into a "
        f"matching free space anywhere on the field: {_places(_positions_of(spaces), s)}. "
        "This never makes a temporary claim."
    )


def _handle_space(s: CompoundedState, frame: Frame, action: Action) -> str:
    item = (
        "wild token"
        if frame[F.HandleSpace.item] == WILD_ITEM
        else ELEMENTS[frame[F.HandleSpace.item]]
    )
    what = f"the {item} from {CARDS[s.resolving_card].name}"
    return _into_space(s, frame, action, what, research=False)


def _paper(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    name = CARDS[s.resolving_card].name
    if action.kind == "none":
        return f"Keep nothing: every crystal on {name} goes back to the bag (wild tokens leave)."
    left = usable(s, p, PAPER) - s.used_paper[p]
    twin = _after(s, frame, action)
    return (
        f"Use {_one_of(left, 'paper token')} not used this Lab phase to move 1 "
        f"{action.args[0]} from {name} into your storage (then {_storage(twin, p)}); the rest "
        "of its crystals go back to the bag."
    )


def _cylinder(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    if action.kind == "decline":
        return "Keep your experiments as they are this round."
    lower, higher = (TRACK_OF[str(arg)] for arg in action.args)
    left = usable(s, p, CYLINDER) - s.used_cylinder[p]
    twin = _after(s, frame, action)
    return (
        f"Use a cylinder token ({_count(left, 'use')} left this round): lower "
        f"{_track_change(s, twin, p, lower, p)}, and raise {_track_change(s, twin, p, higher, p)}."
    )


def _lab_key(s: CompoundedState, frame: Frame, action: Action) -> str:
    p = frame[PLAYER]
    following = (s.lead + 1) % s.players
    if action.kind == "decline":
        return "Keep your Lab Key token; the window goes on in lead order."
    if following == p:
        return (
            f"Discard your Lab Key token: you lead the next round, as you would anyway ({side(p)} "
            "gets the wooden key next), so this only spends the token."
        )
    return (
        f"Discard your Lab Key token (back to the supply): you lead the next round instead of "
        f"{side(following)}, and no one else may use one this round."
    )


EXPLAIN: dict[str, Explainer] = {
    F.TradeOffer.key: _trade_offer,
    F.TradeBuild.key: _trade_build,
    F.TradeReply.key: _trade_reply,
    F.ReturnExcess.key: _return_excess,
    F.Claim.key: _claim,
    F.Relocate.key: _relocate,
    F.RelocateTarget.key: _relocate_target,
    F.Goggles.key: _goggles,
    F.Bunsen.key: _bunsen,
    F.Extinguish.key: _extinguish,
    F.PlaceItem.key: _place_item,
    F.ExchangeTake.key: _take,
    F.PlaceSpace.key: _place_space,
    F.ScatterItem.key: _scatter_item,
    F.ScatterSpace.key: _scatter_space,
    F.Score.key: _score,
    F.Experiment.key: _experiment,
    F.Stability.key: _stability,
    F.HandleItem.key: _handle_item,
    F.HandleSpace.key: _handle_space,
    F.Paper.key: _paper,
    F.ReleaseClaim.key: _release,
    F.Cylinder.key: _cylinder,
    F.LabKey.key: _lab_key,
}
