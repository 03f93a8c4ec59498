"""Every option as an ``Action``, built once per (kind, args) and shared afterwards.

The args are content indexes (what the rules read); the id names things as players do:
a card, tile, lens or garden spot by its code (``publish BK25``, ``write LT12``, ``plant
2,T1-3``), a location by its map id, an action, tool, track or knowledge category by its
name (``place explore,glasses``, ``knowledge anatomy``), a choice by what it gives
(``choose tool``). Ids and labels are written the first time an option is built, never on
the hot path again.

>>> act("take_book", 24).id
'take_book BK25'
"""

from __future__ import annotations

import functools
from typing import Any

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
    Reward,
)

_CACHE: dict[tuple[str, tuple[int | str, ...]], Action] = {}


_NOUNS = (
    ("coins", "coin", "coins"), ("containers", "container", "containers"),
    ("tools", "tool", "tools"), ("vp", "VP", "VP"),
    ("taxonomy", "taxonomy step", "taxonomy steps"),
    ("lecture_any", "lecture step on a track of your choice",
     "lecture steps on tracks of your choice"),
    ("knowledge_any", "knowledge token of your choice", "knowledge tokens of your choice"),
    ("sketch", "sketch drawn", "sketches drawn"),
    ("activate_sketch", "activation of one of your sketches",
     "activations of your sketches"),
    ("exotic", "exotic specimen", "exotic specimens"),
    ("advanced_lens", "advanced lens", "advanced lenses"),
    ("book", "book from the display", "books from the display"),
    ("voyage_card", "voyage card from the display", "voyage cards from the display"),
)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def reward_text(reward: int) -> str:
    """A reward in words (for labels, prompts, explanations and the view).

    >>> reward_text(CONTENT.tool_bonus[1])
    '1 tool or 1 container'
    """
    return reward_words(REWARDS[reward])


def reward_words(r: Reward) -> str:
    """``reward_text`` of a reward record rather than its id."""
    parts = [_count(getattr(r, name), one, many) for name, one, many in _NOUNS
             if getattr(r, name)]
    for t, n in enumerate(r.lecture):
        if n:
            parts.append(_count(n, f"{TRACKS[t]} lecture step", f"{TRACKS[t]} lecture steps"))
    for c in r.knowledge:
        parts.append(f"1 {CATEGORIES[c]} knowledge")
    for d, n in enumerate(r.knowledge_domain):
        if n:
            parts.append(_count(n, f"{DOMAINS[d]} knowledge token",
                                f"{DOMAINS[d]} knowledge tokens"))
    for a, n in enumerate(r.action):
        if n:
            parts.append(_count(n, f"free {ACTIONS[a]}", f"free {ACTIONS[a]}s"))
    if r.choice:
        parts.append(" or ".join(reward_text(c) for c in r.choice))
    if r.pay:
        cost = ", ".join(_count(n, one, many) for n, (_, one, many)
                         in zip(r.pay, _NOUNS[:3], strict=True) if n)
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
    if kind == "corner":
        return f"gain the corner of {CONTENT.specimens[n].id} ({CONTENT.specimens[n].name}) next"
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
        return f"pay with a {CATEGORIES[n]} token"
    if kind == "discard":
        return f"discard the {lens_name(n)} (2 VP, 1 coin)"
    if kind == "start_tile":
        return f"start tile {CONTENT.start_tile_ids[n]}: {reward_text(CONTENT.start_tiles[n])}"
    if kind == "space":
        return f"order space {n + 1} from the left"
    if kind == "place":
        return f"put the {lens_name(int(a[0]))} on the {TOOLS[int(a[1])]}"
    if kind == "knowledge":
        return f"a {CATEGORIES[int(a[0])]} knowledge token"
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
    if kind == "choose":
        choice = next(c for r in REWARDS for c in r.choice if choice_key(c) == a[0])
        text = reward_text(choice)
        return f"take {'a ' + text[2:] if text.startswith('1 ') and ', ' not in text else text}"
    return _WORDS.get(Action(kind, args).id, Action(kind, args).id)


#: Labels of the options that name no card or number.
_WORDS = {
    "continue": "go on", "stop": "stop here", "skip": "skip", "pay": "pay for the reward",
    "stay": "stay where you are", "collect": "collect the specimen",
    "nothing": "take nothing here", "investigate reward": "take the location reward",
    "first_visit upper": "upper first-visit space", "first_visit lower": "lower first-visit space",
    "ability before": "the lens ability first", "ability after": "the lens ability last",
    "lens_order first": "take the advanced lens first",
    "lens_order last": "gain the rest of the reward first, the advanced lens last",
    "appendix": "add the appendix", "refresh_lenses": "refresh the advanced lenses (1 coin)",
    "buy container": "buy a container (3 coins)", "buy tool": "buy a tool (3 coins)",
    "sell container": "sell a container (1 coin)", "sell tool": "sell a tool (1 coin)",
    **{f"refresh {name}": f"refresh the {what} (1 coin)" for name, what in (
        ("letters", "letter display"), ("books", "book display"),
        ("voyages", "voyage display"), ("exotics", "exotic display"),
        ("lenses", "advanced lenses"), ("ponds", "pond sketches"))},
}


_CARDS: dict[str, tuple[Any, ...]] = {
    "write": CONTENT.letters, "send": CONTENT.letters, "exotic": CONTENT.exotics,
    "lens": CONTENT.advanced, "book": CONTENT.books, "take_book": CONTENT.books,
    "publish": CONTENT.books, "link_book": CONTENT.books, "voyage_card": CONTENT.voyages,
    "recruit": CONTENT.voyages, "ship": CONTENT.voyages, "link": CONTENT.voyages,
    "income": CONTENT.voyages, "activate": CONTENT.sketches, "sketch": CONTENT.sketches,
    "cultivate": CONTENT.spots, "move": CONTENT.locations, "corner": CONTENT.specimens,
}
_NAMES: dict[str, tuple[str, ...]] = {
    "knowledge": CATEGORIES, "token": CATEGORIES, "move_knowledge": CATEGORIES,
    "track": TRACKS, "extra": ACTIONS, "wild": ACTIONS, "start_tile": CONTENT.start_tile_ids,
}


def lens_code_name(code: int) -> str:
    """A lens code as an id word: the action of a basic lens, ``wild``, or AL01..."""
    if code < WILD:
        return ACTIONS[code]
    return "wild" if code == WILD else CONTENT.advanced[code - ADVANCED].id


_SINGULAR = {"coins": "coin", "containers": "container", "tools": "tool"}


@functools.cache
def choice_key(reward: int) -> str:
    """One option of a ``choice`` reward as an id word: what it gives (``tool``), or
    ``vp``, ``taxonomy``... when it gives one thing; else its fields joined by ``+``."""
    r = REWARDS[reward]
    fields = [name for name in ("coins", "containers", "tools", "vp", "taxonomy",
                                "lecture_any", "knowledge_any", "sketch", "exotic",
                                "advanced_lens", "book", "voyage_card")
              if getattr(r, name)]
    words = [_SINGULAR.get(name, name) if getattr(r, name) == 1
             else f"{getattr(r, name)}_{name}" for name in fields]
    return "+".join(words) or "nothing"


def _id(kind: str, args: tuple[int | str, ...]) -> str:
    if not args or (isinstance(args[0], str) and kind != "choose"):
        return Action(kind, args).id
    table = _CARDS.get(kind)
    if table is not None:
        return f"{kind} {table[int(args[0])].id}"
    names = _NAMES.get(kind)
    if names is not None:
        return f"{kind} {','.join(names[int(x)] for x in args)}"
    if kind == "plant":
        return f"plant {args[0]},{CONTENT.spots[int(args[1])].id}"
    if kind == "place":
        return f"place {lens_code_name(int(args[0]))},{TOOLS[int(args[1])]}"
    if kind == "discard":
        return f"discard {lens_code_name(int(args[0]))}"
    return Action(kind, args).id


def act(kind: str, *args: int | str) -> Action:
    """The shared option ``kind args`` (args are content indexes; see the module doc)."""
    key = (kind, args)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Action(kind, args, _label(kind, args), _id(kind, args))
    return found


CONTINUE = act("continue")
STOP = act("stop")
SKIP = act("skip")
PAY = act("pay")
