"""Every option as an ``Action``, built once per (kind, args) and shared afterwards.

Labels are written the first time an option is built, never on the hot path again.
"""

from __future__ import annotations

from boardlab.engine import Action
from boardlab.games.linnaeus.content import (
    ACTIONS,
    ADVANCED,
    CATEGORIES,
    COLOURS,
    CONTENT,
    DOMAINS,
    REWARDS,
    TOOLS,
    TRACKS,
    WILD,
)

_CACHE: dict[tuple[str, tuple[int | str, ...]], Action] = {}


def reward_text(reward: int) -> str:
    """A reward in words (for prompts and the view)."""
    r = REWARDS[reward]
    parts = []
    for name in ("coins", "containers", "tools", "vp", "taxonomy", "lecture_any",
                 "knowledge_any", "sketch", "activate_sketch", "exotic", "advanced_lens",
                 "book", "voyage_card"):
        value = getattr(r, name)
        if value:
            parts.append(f"{value} {name.replace('_', ' ')}")
    for t, n in enumerate(r.lecture):
        if n:
            parts.append(f"{n} lecture {TRACKS[t]}")
    for c in r.knowledge:
        parts.append(f"knowledge {CATEGORIES[c]}")
    for d, n in enumerate(r.knowledge_domain):
        if n:
            parts.append(f"{n} knowledge of domain {d}")
    if r.choice:
        parts.append(" or ".join(reward_text(c) for c in r.choice))
    if r.pay:
        cost = ", ".join(f"{n} {k}" for n, k in zip(r.pay, ("coins", "containers", "tools"),
                                                      strict=True) if n)
        parts.append(f"(pay {cost})")
    return ", ".join(parts) or "nothing"



def lens_name(code: int) -> str:
    """A lens code as people read it."""
    if code < WILD:
        return f"{ACTIONS[code]} lens"
    if code == WILD:
        return "wild lens"
    lens = CONTENT.advanced[code - ADVANCED]
    extra = lens.modifier or "gain"
    return f"{lens.id} ({ACTIONS[lens.action]}, {extra})"


def _point(p: int) -> str:
    return f"({p // 3},{p % 3})"


def _label(kind: str, args: tuple[int | str, ...]) -> str:
    a = args
    n = int(a[0]) if a and isinstance(a[0], int) else -1
    if kind == "write":
        letter = CONTENT.letters[n]
        return (f"write {letter.id} ({COLOURS[letter.colour]}, {letter.correspondent}): "
                f"{reward_text(letter.write)}; sends for {reward_text(letter.send)}")
    if kind == "send":
        letter = CONTENT.letters[n]
        return f"send {letter.id} ({COLOURS[letter.colour]}): {reward_text(letter.send)}"
    if kind == "exotic":
        return f"take the exotic {CONTENT.exotics[n].id} ({CONTENT.exotics[n].name})"
    if kind == "lens":
        return f"take the advanced lens {lens_name(ADVANCED + n)}"
    if kind in ("book", "take_book", "publish"):
        book = CONTENT.books[n]
        verb = {"book": "take", "take_book": "take (1 tool)", "publish": "publish"}[kind]
        return f"{verb} {book.id} {book.title} ({book.vp} VP)"
    if kind in ("voyage_card", "recruit", "ship", "link", "income"):
        card = CONTENT.voyages[n]
        verb = {"voyage_card": "take the voyage card", "recruit": "recruit (1 container, "
                "3 coins)", "ship": "sail to", "link": "link the book to the voyage to",
                "income": "income of the voyage to"}[kind]
        return f"{verb} {card.destination} ({card.id})"
    if kind == "slot":
        return f"library slot {int(a[0]) // 2},{int(a[0]) % 2}, turned {90 * int(a[1])} degrees"
    if kind == "point":
        return f"researcher to point {_point(n)}"
    if kind == "plant":
        return f"plant a {a[0]}-flower on {CONTENT.spots[int(a[1])].id}"
    if kind == "cultivate":
        return f"cultivate your flower on {CONTENT.spots[n].id} (pond of row " \
               f"{CONTENT.spots[n].row})"
    if kind in ("activate", "sketch"):
        sketch = CONTENT.sketches[n]
        return (f"{'activate' if kind == 'activate' else 'pay'} {sketch.id} "
                f"({DOMAINS[sketch.colour]} {sketch.value}): {reward_text(sketch.bonus)}")
    if kind == "stack":
        return f"draw from sketch stack {n}"
    if kind == "token":
        return f"pay a {CATEGORIES[n]} token"
    if kind == "discard":
        return f"discard the {lens_name(n)} (2 VP, 1 coin)"
    if kind == "start_tile":
        return f"start tile {CONTENT.start_tile_ids[n]}: {reward_text(CONTENT.start_tiles[n])}"
    if kind == "space":
        return f"order space {n + 1} from the left"
    if kind == "place":
        return f"put the {lens_name(int(a[0]))} on the {TOOLS[int(a[1])]}"
    if kind == "knowledge":
        return f"knowledge: {CATEGORIES[int(a[0])]}"
    if kind == "track":
        return f"lecture step on {TRACKS[int(a[0])]}"
    if kind == "move_knowledge":
        return (f"move a knowledge token {CATEGORIES[int(a[0])]} -> "
                f"{CATEGORIES[int(a[1])]} (2 coins)")
    if kind == "move":
        return f"move to {CONTENT.locations[int(a[0])].name}"
    if kind == "extra":
        return f"{ACTIONS[int(a[0])]} once (6 coins)"
    if kind == "wild":
        return f"the wild lens does {ACTIONS[int(a[0])]}"
    return Action(kind, args).id


def act(kind: str, *args: int | str) -> Action:
    """The shared option ``kind args``."""
    key = (kind, args)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Action(kind, args, _label(kind, args))
    return found


CONTINUE = act("continue")
STOP = act("stop")
SKIP = act("skip")
PAY = act("pay")
