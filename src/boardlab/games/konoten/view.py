"""What a seat sees (everything but the deck orders) and re-dealing decks; the terminal
picture is ``board_text.py``.

Hands are public (A10: cards are collected from a face-up display), so every seat sees
the same table; only the order of the two development decks is hidden. The body's shape
is ``view.schema.json``; its ``pending`` part describes the decision in progress by name
(the lens being declared, the gains and payments left, ...), never as raw frames.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING, Any

from boardlab.engine import Frame, Rng
from boardlab.engine.layouts import KEY
from boardlab.games.konoten.content import CONTENT, MATERIALS, SYMBOLS, Vector
from boardlab.games.konoten.effects import FROM_STOCK, ON_DEVICE, ON_LENS, lenses_owned
from boardlab.games.konoten.flow import PHASE_NAMES
from boardlab.games.konoten.frames import (
    Discard,
    EndAbilities,
    FollowUp,
    Foundation,
    Gain,
    Grind,
    Grow,
    PayAssistant,
    PayGrowth,
    SupplyAbilities,
    Task,
    used_nodes,
)
from boardlab.games.konoten.lenses import lens_info
from boardlab.games.konoten.tables import (
    CARD_IDS,
    CHARACTER_IDS,
    COST_MASK,
    COSTS,
    DEVICE_IDS,
    FOUNDATION_COST,
    FOUNDATION_IDS,
    N_DEVICES,
    N_NODES,
    N_NORMAL_SLOTS,
    N_TASKS,
    N_VP_SOURCES,
    NODE_IDS,
    PASSIVES,
    VP_SOURCES,
    bits,
)
from boardlab.games.konoten.wording import (
    lens_name,
)

if TYPE_CHECKING:
    from boardlab.games.konoten.state import KonotenState

#: ``pending.gains``: what an effect still gives, in its frame's order.
GAIN_FIELDS = ("ap", "creativity", "vp", "light", "rainbow", "sediment", "growth", "assistant")
#: ``pending.discard``: the new materials of an overflowing gain and the excess still to drop.
DISCARD_FIELDS = ("light", "rainbow", "sediment", "excess")


def _symbols(vector: Vector) -> dict[str, int]:
    return {SYMBOLS[i]: v for i, v in enumerate(vector) if v}


def market_card(card: int) -> str | None:
    """The id of the card in a market slot, None for an empty slot."""
    return CARD_IDS[card] if card >= 0 else None


def _lens_view(s: KonotenState, index: int) -> dict[str, Any]:
    owner, foundation, cards, flipped = s.lenses[index]
    info = lens_info(s.lenses[index])
    return {
        "lens": index,
        "name": lens_name(index),
        "owner": owner,
        "foundation": FOUNDATION_IDS[foundation],
        "cost": FOUNDATION_COST[foundation],
        "cards": [{"card": CARD_IDS[c], "turned": bool(flipped >> c & 1)} for c in bits(cards)],
        "input": _symbols(info.input),
        "ap": info.ap,
        "output": _symbols(info.output),
        "result": info.result,
        "occupant": s.lens_occ[index],
        "occupant_used": bool(s.lens_used[index]),
    }


def _player_view(s: KonotenState, p: int) -> dict[str, Any]:
    n = s.players
    ch, grown = s.char[p], s.grown[p]
    return {
        "seat": p,
        "character": CHARACTER_IDS[ch] if ch >= 0 else None,
        "ap": s.ap[p],
        "creativity": s.creativity[p],
        "vp": s.vp[p],
        "vp_by_source": dict(
            zip(VP_SOURCES, s.vp_by_source[p * N_VP_SOURCES : (p + 1) * N_VP_SOURCES], strict=True)
        ),
        "materials": {m: s.mats[p * 3 + i] for i, m in enumerate(MATERIALS)},
        "capacity": PASSIVES[ch][grown].capacity if ch >= 0 else CONTENT.setup.material_capacity,
        "stock": s.stock[p],
        "open_tasks": [CONTENT.tasks[t] for t in range(N_TASKS) if s.tasks[p] >> t & 1],
        "grown": [NODE_IDS[i] for i in range(N_NODES) if grown >> i & 1],
        "will_used": [NODE_IDS[i] for i in range(N_NODES) if s.will_used[p] >> i & 1],
        "lobby_unused": s.lobby_unused[p],
        "lobby_used": s.lobby_used[p],
        "on_devices": {DEVICE_IDS[d]: s.dev_occ[d * n + p] for d in range(N_DEVICES)},
        "hand": [CARD_IDS[c] for c in bits(s.hand[p])],
        "lenses_made": lenses_owned(s, p),
        "ended": bool(s.ended >> p & 1),
    }


def view_body(s: KonotenState, seat: int | None) -> dict[str, Any]:
    """The table as every seat sees it (decks as sizes only) and the work in progress."""
    n = s.players
    return {
        "round": s.round,
        "phase": PHASE_NAMES[s.phase],
        "start_player": s.start,
        "next_start_player": s.next_start if s.next_start >= 0 else None,
        "market": {
            "normal": [market_card(c) for c in s.market[:N_NORMAL_SLOTS]],
            "vp": [market_card(c) for c in s.market[N_NORMAL_SLOTS:]],
        },
        "deck_sizes": {"normal": len(s.normal_deck), "vp": len(s.vp_deck)},
        "foundations": {
            str(k): [FOUNDATION_IDS[f] for f in bits(s.found & COST_MASK[k])] for k in COSTS
        },
        "devices": [
            {
                "device": DEVICE_IDS[d],
                "assistants": [s.dev_occ[d * n + p] for p in range(n)],
                "uses_this_round": s.dev_uses[d],
            }
            for d in range(N_DEVICES)
        ],
        "lenses": [_lens_view(s, i) for i in range(len(s.lenses))],
        "players": [_player_view(s, p) for p in range(n)],
        "pending": _pending_view(s),
    }


#: The part of ``pending`` each frame key describes (frames of other keys carry no context).
_PART = {
    SupplyAbilities.key: "abilities_used",
    EndAbilities.key: "abilities_used",
    Grind.key: "lens",
    Foundation.key: "lens",
    FollowUp.key: "follow_up_lens",
    PayGrowth.key: "pay_growth",
    PayAssistant.key: "pay_assistant",
    Gain.key: "gains",
    Discard.key: "discard",
    Grow.key: "grow_source",
    Task.key: "task",
}
#: Where a gain frame holds each of ``GAIN_FIELDS``, and a discard frame ``DISCARD_FIELDS``.
GAIN_AT = (
    Gain.ap,
    Gain.creativity,
    Gain.vp,
    Gain.light,
    Gain.rainbow,
    Gain.sediment,
    Gain.growths,
    Gain.assistants,
)
DISCARD_AT = (Discard.light, Discard.rainbow, Discard.sediment, Discard.excess)


def _pending_view(s: KonotenState) -> dict[str, Any] | None:
    """The decision waited on and the unfinished work it belongs to; None once over.

    Each part comes from the innermost piece of work of its sort, so the gains of an effect
    still show while its payments are asked.
    """
    decision = s.decision
    if decision is None:
        return None
    innermost: dict[str, Frame] = {}
    for frame in reversed(s.stack):
        part = _PART.get(frame[KEY])
        if part is not None and part not in innermost:
            innermost[part] = frame
    get = innermost.get
    steps, lens, follow_up = get("abilities_used"), get("lens"), get("follow_up_lens")
    growths, assistants = get("pay_growth"), get("pay_assistant")
    gains, discard, grow, task = get("gains"), get("discard"), get("grow_source"), get("task")
    payment = None
    if growths is not None or assistants is not None:
        payment = {
            "growths": 0 if growths is None else growths[PayGrowth.left],
            "assistants": 0 if assistants is None else assistants[PayAssistant.left],
            "executor": None if assistants is None else _executor(assistants),
        }
    return {
        "kind": decision.kind,
        "abilities_used": None if steps is None else [NODE_IDS[i] for i in bits(used_nodes(steps))],
        "lens": None if lens is None else _lens_in_progress(lens),
        "follow_up_lens": None if follow_up is None else follow_up[FollowUp.lens],
        "payment": payment,
        "gains": None if gains is None else _named(gains, GAIN_FIELDS, GAIN_AT),
        "discard": None if discard is None else _named(discard, DISCARD_FIELDS, DISCARD_AT),
        "grow_source": None if grow is None else _token_source(grow[Grow.source]),
        "task": None if task is None else CONTENT.tasks[task[Task.task]],
    }


def _named(frame: Frame, names: tuple[str, ...], positions: tuple[int, ...]) -> dict[str, int]:
    return {name: frame[at] for name, at in zip(names, positions, strict=True)}


def _token_source(source: int) -> str:
    return "stock" if source == FROM_STOCK else CONTENT.tasks[source]


def _executor(f: Frame) -> dict[str, Any] | None:
    """Where the assistant executing an effect stands: it cannot pay for it (K-10.2)."""
    place, index = f[PayAssistant.executor], f[PayAssistant.executor_at]
    if place == ON_DEVICE:
        return {"device": DEVICE_IDS[index]}
    if place == ON_LENS:
        return {"lens": index}
    return None


def _lens_in_progress(f: Frame) -> dict[str, Any]:
    """A lens being declared: its cards so far, the card awaiting its orientation, R - M."""
    if f[KEY] == Grind.key:
        _, _, cards, flipped, _, diff, _, awaiting = f
    else:
        _, _, cards, flipped, diff = f
        awaiting = -1
    return {
        "cards": [{"card": CARD_IDS[c], "turned": bool(flipped >> c & 1)} for c in bits(cards)],
        "awaiting": CARD_IDS[awaiting] if awaiting >= 0 else None,
        "difference": diff,
        "choosing_foundation": f[KEY] == Foundation.key,
    }


def resample_hidden(s: KonotenState, seat: int | None, rng: Random | Rng) -> None:
    """Reshuffle both development decks: their order is the only hidden information.

    Each deck is sorted first, so the re-deal depends only on what ``seat`` sees and the
    generator, never on the real (hidden) order.
    """
    for deck in (s.normal_deck, s.vp_deck):
        deck.sort()
        rng.shuffle(deck)
