"""What an option would do, in words, for the seat to move (``GameState.explain``): the
terminal's ``?`` and the browser's hover text.

Every explanation is the option's label, then what it costs and what it gives now, read
from the state and the content: the reward of a space, what a bed pays when it completes,
which letters a send re-triggers, what a move reaches. Built only when asked for.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from boardlab.engine import Action, Frame
from boardlab.engine.layouts import KEY, PLAYER
from boardlab.games.linnaeus import correspond, explore, free, garden
from boardlab.games.linnaeus.actions import choice_key, lens_name, reward_text, reward_words
from boardlab.games.linnaeus.content import (
    ACTIONS,
    ADVANCED,
    CATEGORIES,
    COLOURS,
    CONTENT,
    DOMAINS,
    GLASSES_BONUS,
    HELM_COLOURS,
    MAGNIFIER_BONUS,
    REWARDS,
    SLOT_POINTS,
    TOOLS,
    TRACKS,
    WILD,
    Book,
    Condition,
    Corner,
)
from boardlab.games.linnaeus.frames import (
    AbilityTiming,
    Appendix,
    CornerOrder,
    Cultivate,
    Explore,
    FirstVisit,
    InitialOrder,
    Investigate,
    InvestigateChoice,
    LinkWaiting,
    PayReward,
    PaySketch,
    PlaceSpecimen,
    Publish,
    Repeat,
    RewardChoice,
    RewardOrder,
    TurnEnd,
    Voyage,
    Wild,
)
from boardlab.games.linnaeus.research import open_corners

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

#: What each basic action does, in a few words.
DOES = (
    "move your explorer along one route (or stay) and investigate where it stands",
    "step your researcher to a neighbouring point: its globe and the specimen corners there "
    "pay",
    "write a letter from the display or send your unsent letters",
    "plant a flower in the garden or cultivate one of yours",
    "sail one of your ships one space",
)
POSITIONS = ("NW", "NE", "SE", "SW")


def explain(s: LinnaeusState, action: Action | str) -> str:
    """The label of ``action`` (an option or its id), then what it costs and gives the seat
    to move now."""
    if isinstance(action, str):
        action = next(a for a in s.legal_actions() if a.id == action)
    frame: Frame = s.stack[-1] if s.stack else ("", -1)
    side = s.to_move if s.to_move is not None else int(frame[PLAYER])
    handler = _HANDLERS.get(action.kind)
    detail = handler(s, side, frame, action) if handler else ""
    return f"{action.label}: {detail}" if detail else action.label


# ---------------------------------------------------------------------------- small words
def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _arg(a: Action, k: int = 0) -> int:
    return int(a.args[k])


def _entry(entry: int) -> str:
    return CATEGORIES[entry] if entry >= 0 else f"any {DOMAINS[-1 - entry]}"


def _corner(corner: Corner | None) -> str:
    if corner is None:
        return "blank"
    return (f"{CATEGORIES[corner.knowledge]} knowledge" if corner.knowledge >= 0
            else reward_text(corner.bonus))


def condition_text(c: Condition) -> str:
    """An exotic's scoring condition in words."""
    what = c.type.replace("_", " ")
    if c.domain >= 0:
        what += f" ({DOMAINS[c.domain]})"
    if c.track >= 0:
        what += f" ({TRACKS[c.track]})"
    return f"{what} at least {c.min}"


def _book_text(book: Book) -> str:
    needs = ", ".join(_entry(e) for e in book.knowledge)
    if book.sketches:
        needs += ", sketches of value " + " and ".join(f"{v}+" for v in book.sketches)
    text = f"publishing it pays {needs} and gives {book.vp} VP and {reward_text(book.reward)}"
    if book.appendix_cost:
        text += f"; its appendix gives {book.appendix_vp} VP more"
    return text


def _voyage_text(card: int) -> str:
    voyage = CONTENT.voyages[card]
    cells = "; ".join(reward_text(c.reward) + (f" ({HELM_COLOURS[c.helm]})" if c.helm >= 0
                                               else "") for c in voyage.cells)
    return (f"{len(voyage.cells)} spaces to {voyage.destination} ({cells}); once arrived "
            f"with a book linked, it pays {reward_text(voyage.income)} every income phase")


def lens_text(code: int) -> str:
    """An advanced lens (by lens code): its action and ability."""
    lens = CONTENT.advanced[code - ADVANCED]
    ability = (f"gain {reward_text(lens.gain)}" if lens.gain
               else lens.modifier.replace("_", " ") + (f" {lens.value}" if lens.value else ""))
    return f"a {ACTIONS[lens.action]} lens whose ability is: {ability}"


# ---------------------------------------------------------------------------- the turn
def _place(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    code, tool = _arg(a), _arg(a, 1)
    bonus = {0: reward_text(GLASSES_BONUS), 1: reward_text(MAGNIFIER_BONUS)}.get(
        tool, "your marker on the next-round order tile, with its reward"
        if s.round < 5 else "nothing in round 5")
    if code == WILD:
        what = "an action you name (the wild lens costs 1 coin)"
    elif code < WILD:
        what = ACTIONS[code]
    else:
        what = f"{ACTIONS[CONTENT.advanced[code - ADVANCED].action]} ({lens_text(code)})"
    return f"first the {TOOLS[tool]} bonus ({bonus}), then {what} {_times(tool + 1)}"


def _wild(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    tool = int(f[Wild.tool])
    return f"{DOES[_arg(a)]}, {_times(tool + 1)} (the lens is on the {TOOLS[tool]})"


def _ability(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    gain = reward_text(CONTENT.advanced[int(f[AbilityTiming.lens]) - ADVANCED].gain)
    runs = f"{ACTIONS[f[AbilityTiming.action]]} {_times(int(f[AbilityTiming.count]))}"
    if a.args[0] == "before":
        return f"gain {gain} now, then {runs} (it may pay for the runs)"
    return f"{runs} first, then gain {gain}"


def _continue(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    if f[KEY] == Repeat.key:
        action, after = f[Repeat.action], int(f[Repeat.left]) - 1
        return (f"run {ACTIONS[action]} now ({_plural(after, 'more run')} after this one): "
                f"{DOES[action]}")
    below = s.stack[-2][KEY] if len(s.stack) > 1 else ""
    if below == Investigate.key:
        return (f"no more free actions now: investigate "
                f"{CONTENT.locations[s.explorer[side]].name}")
    if below == TurnEnd.key:
        return "end your turn: achievements are checked, then the displays refill"
    return "no more free actions now; play goes on"


def _stop(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    if f[KEY] == Repeat.key:
        return (f"give up the {_plural(int(f[Repeat.left]), 'remaining run')} of "
                f"{ACTIONS[f[Repeat.action]]}; the turn goes on to publishing")
    return "send no more letters in this run"


def _skip(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    if f[KEY] == Publish.key:
        held = " ".join(CONTENT.books[b].id for b in s.books[side])
        return f"publish no book this turn (you keep {held or 'your books'} for later)"
    if f[KEY] == PayReward.key:
        return f"do not pay, and give up {reward_words(REWARDS[f[PayReward.reward]].unpaid)}"
    if f[KEY] == Appendix.key:
        return "publish the book without its appendix (no extra VP)"
    return "leave this out and go on"


def _pay(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    reward = REWARDS[f[PayReward.reward]]
    cost = ", ".join(_plural(n, noun) for n, noun in zip(reward.pay, ("coin", "container",
                                                                      "tool"), strict=True) if n)
    return f"pay {cost} and gain {reward_words(reward.unpaid)}"


def _space(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    k = _arg(a)
    initial = f[KEY] == InitialOrder.key
    tile = s.current_tile if initial else s.next_tile
    gain = reward_text(CONTENT.order_tiles[tile][k])
    which = "round 1" if initial else "the next round"
    if s.automa >= 0:
        order = "in a solo game you always play first, whatever the space"
    else:
        order = f"markers from the left set the turn order of {which}"
    return f"gain {gain} now (tile {CONTENT.order_ids[tile]}); {order}"


def _start_tile(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return ("keep this tile and begin with what it shows, instead of the usual 1 container, "
            "1 tool and 1 coin; the other tile is put away")


# ---------------------------------------------------------------------------- explore
def _location(s: LinnaeusState, side: int, loc: int) -> str:
    place = CONTENT.locations[loc]
    if place.kind == "start":
        return f"{place.name} is the start: nothing to investigate there"
    if place.kind == "sketch":
        sketch = s.site_sketch[loc]
        drawn = (f"the sketch {CONTENT.sketches[sketch].id} lying there" if sketch >= 0
                 else f"a sketch from stack {place.sketch_stack}")
        return f"{place.name} gives {reward_text(place.reward)} and {drawn}"
    parts = []
    if s.visited[side] >> loc & 1:
        parts.append("visited before")
    else:
        spaces = explore.open_spaces(s, loc)
        names = ("upper", "lower")
        shown = " or ".join(f"{names[k]} {reward_text(place.first_visit[k])}" for k in spaces)
        parts.append(f"first visit: {shown}" if spaces else "first visit: both spaces taken")
    tile = s.sites[loc]
    if tile >= 0:
        spec = CONTENT.specimens[tile]
        parts.append(f"specimen {spec.name} ({_plural(spec.containers, 'container')} to "
                     f"collect)")
    parts.append(f"location reward {reward_text(place.reward)}")
    return f"{place.name}: " + "; ".join(parts)


def _move(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    loc = _arg(a)
    cost = explore.destinations(s, side, int(f[Explore.lens])).get(loc, 0)
    route = f"the route costs {_plural(cost, 'coin')}" if cost else "a free route"
    return f"{route}; {_location(s, side, loc)}"


def _stay(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return f"investigate here again; {_location(s, side, s.explorer[side])}"


def _first_visit(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    loc = int(f[FirstVisit.location])
    k = 0 if a.args[0] == "upper" else 1
    return (f"gain {reward_text(CONTENT.locations[loc].first_visit[k])} for your first visit "
            f"to {CONTENT.locations[loc].name}")


def _investigate(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    place = CONTENT.locations[f[InvestigateChoice.location]]
    return f"gain {reward_text(place.reward)} at {place.name}"


def _collect(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    spec = CONTENT.specimens[s.sites[f[InvestigateChoice.location]]]
    cost = explore.collect_cost(spec, int(f[InvestigateChoice.lens]))
    corners = ", ".join(_corner(c) for c in spec.corners)
    return (f"pay {_plural(cost, 'container')} for {spec.name} ({DOMAINS[spec.domain]}); it "
            f"goes into a free library slot; corners NW, NE, SE, SW: {corners}")


def _nothing(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    place = CONTENT.locations[f[InvestigateChoice.location]]
    return f"leave {place.name} as it is: no reward, no specimen"


# ---------------------------------------------------------------------------- research
def _slot(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    spec = CONTENT.specimens[f[PlaceSpecimen.specimen]]
    slot, rot = _arg(a), _arg(a, 1)
    at = []
    now = ""
    for pos in range(4):
        corner = spec.corners[(pos - rot) % 4]
        at.append(f"{POSITIONS[pos]} {_corner(corner)}")
        if SLOT_POINTS[slot][pos] == s.researcher[side] and corner is not None:
            now = f"; your researcher stands on its {POSITIONS[pos]} corner: " \
                  f"{_corner(corner)} at once"
    return f"{spec.name} lies with " + ", ".join(at) + now


def _point(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    point = _arg(a)
    base = side * 4
    gains = []
    globe = CONTENT.globes.get(point)
    if globe is not None:
        gains.append(f"the globe: {reward_text(globe)}")
    for slot, tile, _, corner in open_corners(s, side, point):
        spec = CONTENT.specimens[tile]
        done = s.covered[base + slot].bit_count() + 1 == spec.effective
        gains.append(f"{spec.name}'s corner: {_corner(corner)}"
                     + (f" (and {spec.name} is fully researched)" if done else ""))
    return "; ".join(gains) if gains else "no globe and no uncovered corner there"


# ---------------------------------------------------------------------------- correspond
def _write(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    letter = CONTENT.letters[_arg(a)]
    return (f"gain {reward_text(letter.write)} now; the letter waits in your hand until a send "
            f"puts it into your {COLOURS[letter.colour]} column")


def _send(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    n = _arg(a)
    letter = CONTENT.letters[n]
    col = correspond.column_for(s, side, letter.colour)
    column = [x for x, c in zip(s.sent[side], s.sent_col[side], strict=True) if c == col]
    pays = "; ".join(f"{CONTENT.letters[x].id} {reward_text(CONTENT.letters[x].send)}"
                     for x in (*column, n))
    where = (f"joins your {COLOURS[letter.colour]} column with "
             f"{' '.join(CONTENT.letters[x].id for x in column)}" if column
             else f"starts a new {COLOURS[letter.colour]} column")
    return f"it {where}; every letter there pays, oldest first: {pays}"


# ---------------------------------------------------------------------------- the garden
def _plant(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    value, x = _arg(a), _arg(a, 1)
    spot = CONTENT.spots[x]
    bed_no = spot.bed
    bed = CONTENT.beds[bed_no]
    filled = sum(s.spot_owner[y] >= 0 for y in bed.spots) + 1
    sums = garden.flower_sums(s, bed_no)
    sums[side] = sums.get(side, 0) + value
    tile = CONTENT.bed_tiles[garden.bed_tile(s, bed_no)]
    left = s.flowers[side * 3 + value - 1] - 1
    text = f"the spot gives {reward_text(spot.reward)}; "
    if filled == len(bed.spots):
        rank = garden.rank_vp(sums, tile.rank_vp).get(side, 0)
        text += (f"it completes bed {bed.id}: everyone with a flower there gains "
                 f"{reward_text(tile.top)}, and your flowers ({sums[side]}) score {rank} VP")
    else:
        text += (f"bed {bed.id} then has {filled} of {len(bed.spots)} spots filled, your "
                 f"flowers there worth {sums[side]}")
    return text + f" ({_plural(left, f'{value}-flower')} left)"


def _cultivate(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    x = _arg(a)
    row = CONTENT.spots[x].row
    sketch = s.pond_sketch[row]
    cost = garden.cultivate_cost(s, side, int(f[Cultivate.lens]))
    return (f"pay {_plural(cost, 'tool')}; the flower turns dark and is worth "
            f"{s.spot_value[x] + 1}; the row-{row} pond gives "
            f"{reward_text(CONTENT.ponds[s.ponds[row]])}"
            + (f" and the sketch {CONTENT.sketches[sketch].id}" if sketch >= 0 else ""))


# ---------------------------------------------------------------------------- voyage
def _ship(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    card = _arg(a)
    pos = s.voyages[side].index(card)
    voyage = CONTENT.voyages[card]
    step = s.ships[side][pos]
    cell = voyage.cells[step]
    times = 1 if cell.helm < 0 else (CONTENT.helm[s.helm][cell.helm]
                                     + explore.modifier(int(f[Voyage.lens]), "helm_plus"))
    text = f"the ship reaches space {step + 1} of {len(voyage.cells)}: " \
           f"{reward_text(cell.reward)}"
    if cell.helm >= 0:
        text += f", {_times(times)} ({HELM_COLOURS[cell.helm]} space on the helm)"
    if step + 1 == len(voyage.cells):
        book = s.links[side][pos]
        text += ("; the voyage is complete" + (
            f": with {CONTENT.books[book].id} linked it pays {reward_text(voyage.income)} "
            "every income phase" if book >= 0 else
            f"; link a book to it for {reward_text(voyage.income)} every income phase"))
    return text


def _link(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    card = _arg(a)
    pos = s.voyages[side].index(card)
    voyage = CONTENT.voyages[card]
    return (f"the book pays {reward_text(voyage.income)} every income phase once the ship "
            f"to {voyage.destination} arrives ({s.ships[side][pos]} of "
            f"{len(voyage.cells)} spaces sailed)")


def _link_book(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    card = s.voyages[side][f[LinkWaiting.card_position]]
    return f"it links to the new card {CONTENT.voyages[card].id}: {_voyage_text(card)}"


def _income(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return f"gain {reward_text(CONTENT.voyages[_arg(a)].income)} now"


# ---------------------------------------------------------------------------- publishing
def _publish(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    book = CONTENT.books[_arg(a)]
    return _book_text(book) + "; then it links to a voyage card with no book, or waits for one"


def _token(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    c = _arg(a)
    held = s.knowledge[side * 9 + c]
    return f"one of your {held} {CATEGORIES[c]} tokens pays the {DOMAINS[c // 3]} entry"


def _sketch(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    sketch = CONTENT.sketches[_arg(a)]
    book = CONTENT.books[f[PaySketch.book]]
    face_up = f[PaySketch.face_up]
    text = f"it pays the entry of value {f[PaySketch.requirements][0]}+ with a {sketch.value}"
    if face_up and sketch.colour == book.colour:
        return text + f"; face up and of the book's colour: its bonus {reward_text(sketch.bonus)}"
    if face_up:
        return text + f"; no bonus (the book is {DOMAINS[book.colour]})"
    return text + "; face down under the appendix, no bonus"


def _appendix(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    book = CONTENT.books[f[Appendix.book]]
    cost = ", ".join(_plural(n, noun) for n, noun in zip(book.appendix_cost,
                                                         ("coin", "container", "tool"),
                                                         strict=True) if n)
    if book.appendix_sketches:
        cost += ", sketches of value " + " and ".join(f"{v}+" for v in book.appendix_sketches)
    return f"pay {cost or 'nothing'} for {book.appendix_vp} more VP"


# ---------------------------------------------------------------------------- reward choices
def _choose(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    choices = REWARDS[f[RewardChoice.reward]].choice
    others = " or ".join(reward_text(c) for c in choices if choice_key(c) != a.args[0])
    held = f"you hold {s.tools[side]} tools and {s.containers[side]} containers"
    return f"instead of {others}; {held}"


def _track(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    t = _arg(a)
    track = CONTENT.tracks[t]
    step = s.lecture[side * 3 + t] + 1
    return (f"to space {step} of 8 on {TRACKS[t]}: {reward_text(track.rewards[step])}; at "
            f"the end each of its goal counts is worth x{track.multipliers[step]}")


def _knowledge(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    c = _arg(a)
    held = s.knowledge[side * 9 + c]
    if held >= 2:
        return "you already hold 2 of them: 2 VP instead"
    return f"you hold {held}, {held + 1} after ({DOMAINS[c // 3]} domain)"


def _stack(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    k = _arg(a)
    return (f"the top tile of stack {k}, face down ({_plural(len(s.stacks[k]), 'tile')} "
            "there); sketches pay for books and may give a bonus")


def _activate(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return "the sketch stays yours and can still pay for a book"


def _exotic(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    exotic = CONTENT.exotics[_arg(a)]
    knowledge = ", ".join(_entry(e) for e in exotic.knowledge)
    conditions = " or ".join(condition_text(c) for c in exotic.conditions)
    return f"knowledge {knowledge} now; 5 VP at the end if {conditions}"


def _lens(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return lens_text(ADVANCED + _arg(a)) + ", each time you place it"


def _refresh_lenses(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return (f"pay 1 of your {s.coins[side]} coins: the lenses on display are shuffled back "
            "and 4 new ones come out; then you pick")


def _lens_order(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    n = int(f[RewardOrder.lenses])
    lenses = "1 advanced lens" if n == 1 else f"{n} advanced lenses"
    if a.args[0] == "first":
        return f"you pick {lenses} now, holding {_plural(s.coins[side], 'coin')}"
    return (f"the reward's other parts first (they may bring coins for a refresh or a free "
            f"action), then you pick {lenses}")


def _corner_next(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    specimens, gains = f[CornerOrder.specimens], f[CornerOrder.gains]
    k = specimens.index(_arg(a))

    rest = ", then ".join(reward_text(g) for i, g in enumerate(gains) if i != k)
    return f"{reward_text(gains[k])} now; after it {rest}"


def _book(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return "it joins your hand; " + _book_text(CONTENT.books[_arg(a)])


def _voyage_card(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return "a ship on its port; " + _voyage_text(_arg(a))


def _discard(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return (f"{lens_name(_arg(a))} leaves for good; you keep "
            f"{_plural(len(s.available[side]) - 1, 'lens')}")


# ---------------------------------------------------------------------------- free actions
def _coins(s: LinnaeusState, side: int, n: int) -> str:
    return f"pay {n} of your {s.coins[side]} coins"


def _extra(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return (f"a free action: {_coins(s, side, free.EXTRA_COST)} to {DOES[_arg(a)]} once, with "
            "no tool bonus and no lens ability")


def _buy(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    what = str(a.args[0])
    held = s.tools[side] if what == "tool" else s.containers[side]
    return f"a free action: {_coins(s, side, free.BUY_COST)}; you hold {held} {what}s now"


def _sell(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    what = str(a.args[0])
    held = s.tools[side] if what == "tool" else s.containers[side]
    return f"a free action: 1 coin back; {held - 1} {what}s left"


def _move_knowledge(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    x, y = _arg(a), _arg(a, 1)
    k = s.knowledge[side * 9 : side * 9 + 9]
    return (f"a free action: {_coins(s, side, free.MOVE_KNOWLEDGE_COST)}; {CATEGORIES[x]} "
            f"{k[x]} -> {k[x] - 1}, {CATEGORIES[y]} {k[y]} -> {k[y] + 1}")


_REFRESHED = {
    "letters": "the face-up letters go under their deck and 3 new ones come up",
    "books": "the face-up books go under their deck and 3 new ones come up",
    "voyages": "the face-up voyage cards go under their deck and 3 new ones come up",
    "exotics": "the face-up exotics go under their deck and 3 new ones come up",
    "lenses": "the advanced lenses on display are shuffled back and 4 new ones come out",
    "ponds": "each pond gets a new sketch from its row's stack; the old ones are shuffled back",
}


def _refresh(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return f"a free action: {_coins(s, side, 1)}; {_REFRESHED[str(a.args[0])]}"


def _recruit(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    cost = free.recruit_cost(s, side)
    waiting = " (a waiting book links to it)" if s.waiting[side] else ""
    return (f"a free action: pay 1 container and {_plural(cost, 'coin')}; a ship on its "
            f"port{waiting}; {_voyage_text(_arg(a))}")


def _take_book(s: LinnaeusState, side: int, f: Frame, a: Action) -> str:
    return (f"a free action: pay 1 of your {s.tools[side]} tools; the book joins your hand; "
            + _book_text(CONTENT.books[_arg(a)]))


_Handler = Callable[["LinnaeusState", int, Frame, Action], str]
_HANDLERS: dict[str, _Handler] = {
    "place": _place, "wild": _wild, "ability": _ability, "continue": _continue,
    "stop": _stop, "skip": _skip, "pay": _pay, "space": _space, "start_tile": _start_tile,
    "move": _move, "stay": _stay, "first_visit": _first_visit, "investigate": _investigate,
    "collect": _collect, "nothing": _nothing, "slot": _slot, "point": _point,
    "write": _write, "send": _send, "plant": _plant, "cultivate": _cultivate, "ship": _ship,
    "link": _link, "link_book": _link_book, "income": _income, "publish": _publish,
    "token": _token, "sketch": _sketch, "appendix": _appendix, "choose": _choose,
    "track": _track, "knowledge": _knowledge, "stack": _stack, "activate": _activate,
    "exotic": _exotic, "lens": _lens, "refresh_lenses": _refresh_lenses, "book": _book,
    "voyage_card": _voyage_card, "discard": _discard, "extra": _extra, "buy": _buy,
    "sell": _sell, "move_knowledge": _move_knowledge, "refresh": _refresh,
    "recruit": _recruit, "take_book": _take_book, "lens_order": _lens_order,
    "corner": _corner_next,
}
