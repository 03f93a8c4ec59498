"""The frames of the Compounded decision stack, one layout per kind, and the phases.

A frame is a plain tuple ``(key, player, *data)`` (``engine.layouts``); each class below
names the fields of one kind, so rules and readers write ``frame[Bunsen.declines]``. Its
data are ints naming things only by id. ``player`` is -1 in an automatic step that is about
no one scientist. ``flow.RULES`` gives each key its rule: a ``Step`` runs by itself, an
``Ask`` is a decision of ``player`` (its key is the decision's kind).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from boardlab.engine.layouts import KEY, Layout, layouts_by_key

if TYPE_CHECKING:
    from boardlab.games.compounded.state import CompoundedState

PHASES = ("setup", "discovery", "study", "research", "lab", "over")
SETUP, DISCOVERY, STUDY, RESEARCH, LAB, OVER = range(6)

Frame = tuple[Any, ...]


# ---------------------------------------------------------------- a round (C-5, C-14)
class StartRound(Layout):
    key = "round"


class EndRound(Layout):
    key = "end_round"


# ---------------------------------------------------------------- Discovery (C-6)
class Draws(Layout):
    key = "discovery_draws"


class TradeOffer(Layout):
    """Whose turn it is to offer; ``passes``: passes in a row (a full cycle ends trading)."""

    key = "trade_offer"
    passes = 2


class TradeBuild(Layout):
    """An offer being built by ``player`` (the proposer) to ``addressee``: a count per
    bundle slot (``actions.BUNDLE_NAMES``) given and asked, each bundle ending with a
    bitmask of extinguisher ids; ``addable``: ``discovery``'s mask of options left."""

    key = "trade_build"
    addressee = 2
    give_h = 3
    give_c = 4
    give_o = 5
    give_n = 6
    give_ca = 7
    give_s = 8
    give_wild = 9
    give_cylinder = 10
    give_paper = 11
    give_pipette = 12
    give_goggles = 13
    give_labkey = 14
    give_bunsen = 15
    give_extinguishers = 16
    ask_h = 17
    ask_c = 18
    ask_o = 19
    ask_n = 20
    ask_ca = 21
    ask_s = 22
    ask_wild = 23
    ask_cylinder = 24
    ask_paper = 25
    ask_pipette = 26
    ask_goggles = 27
    ask_labkey = 28
    ask_bunsen = 29
    ask_extinguishers = 30
    addable = 31


class TradeReply(Layout):
    """A sent offer awaiting ``player`` (the addressee): the bundles at ``TradeBuild``'s
    positions (what ``proposer`` gives, then what it asks)."""

    key = "trade_reply"
    proposer = 2
    give_h = 3
    give_c = 4
    give_o = 5
    give_n = 6
    give_ca = 7
    give_s = 8
    give_wild = 9
    give_cylinder = 10
    give_paper = 11
    give_pipette = 12
    give_goggles = 13
    give_labkey = 14
    give_bunsen = 15
    give_extinguishers = 16
    ask_h = 17
    ask_c = 18
    ask_o = 19
    ask_n = 20
    ask_ca = 21
    ask_s = 22
    ask_wild = 23
    ask_cylinder = 24
    ask_paper = 25
    ask_pipette = 26
    ask_goggles = 27
    ask_labkey = 28
    ask_bunsen = 29
    ask_extinguishers = 30


class CapacityCheck(Layout):
    key = "capacity_check"


class ReturnExcess(Layout):
    key = "return_excess"


# ---------------------------------------------------------------- Study (C-7)
class StartClaims(Layout):
    key = "start_claims"


class Claim(Layout):
    """``passed``: the bitmask of the scientists who passed (a pass is final)."""

    key = "claim"
    passed = 2


class RelocationRound(Layout):
    """``visited``: how many scientists, from the lead, were offered a relocation."""

    key = "relocation_round"
    visited = 2


class Relocate(Layout):
    key = "relocate"


class RelocateTarget(Layout):
    """``source``: the position of the claim being moved."""

    key = "relocate_target"
    source = 2


class StudyDrop(Layout):
    """``player`` may hold more permanent claims than the Study track allows."""

    key = "study_drop"


class ReleaseClaim(Layout):
    key = "release_claim"


# ---------------------------------------------------------------- Research (C-8)
class ResearchPhase(Layout):
    """``step``: 0 before the goggles, then odd for a Bunsen window, even for a turn."""

    key = "research_phase"
    step = 2


class GogglesRound(Layout):
    key = "goggles_round"
    visited = 2


class Goggles(Layout):
    key = "goggles"


class BunsenWindow(Layout):
    """``turn``: whose turn from the lead; ``declines``: declines in a row."""

    key = "bunsen_window"
    turn = 2
    declines = 3


class Bunsen(Layout):
    key = "bunsen"
    turn = 2
    declines = 3


class PlaceItem(Layout):
    """``placed``: items placed this research turn."""

    key = "place_item"
    placed = 2


class ExchangeTake(Layout):
    key = "exchange_take"


class PlaceSpace(Layout):
    """``item``: the item code being placed (``workbench``)."""

    key = "place_space"
    placed = 2
    item = 3


# ---------------------------------------------------------------- Lab (C-9, C-10)
class LabTurns(Layout):
    """``turn``: how many scoring turns, from the lead, have begun."""

    key = "lab_turns"
    turn = 2


class ScoringTurn(Layout):
    key = "scoring_turn"


class Score(Layout):
    key = "score"


class Experiment(Layout):
    key = "experiment"


class ResolveEquipment(Layout):
    key = "resolve_equipment"


class ResolveReaction(Layout):
    key = "resolve_reaction"


class Stability(Layout):
    key = "stability"


class HandleRound(Layout):
    key = "handle_round"
    visited = 2


class HandleItem(Layout):
    key = "handle_item"


class HandleSpace(Layout):
    key = "handle_space"
    item = 2


class ResolveItems(Layout):
    """``may_keep``: 1 while an academic paper may still keep a crystal."""

    key = "resolve_items"
    may_keep = 2


class Paper(Layout):
    key = "paper"


class CylinderCheck(Layout):
    key = "cylinder_check"


class Cylinder(Layout):
    key = "cylinder"


class Refill(Layout):
    key = "refill"


class LabKeyWindow(Layout):
    key = "lab_key_window"
    visited = 2


class LabKey(Layout):
    key = "lab_key"
    visited = 2


# ---------------------------------------------------------------- fires (C-9.8, C-11)
class LabFire(Layout):
    key = "lab_fire"


class ExtinguisherWindow(Layout):
    """``targets`` and ``protected``: position bitmasks of the fire tokens to place and of
    those an extinguisher stopped; ``turn`` and ``declines`` as in a Bunsen window."""

    key = "extinguisher_window"
    targets = 2
    protected = 3
    turn = 4
    declines = 5


class Extinguish(Layout):
    key = "extinguish"
    targets = 2
    protected = 3
    turn = 4
    declines = 5


class PlaceFireTokens(Layout):
    key = "place_fire_tokens"
    targets = 2


class Explode(Layout):
    """``exploding``: the position bitmask of the compounds that explode."""

    key = "explode"
    exploding = 2


class Scatter(Layout):
    key = "scatter"


class ScatterItem(Layout):
    key = "scatter_item"


class ScatterSpace(Layout):
    key = "scatter_space"
    item = 2


# fmt: off
LAYOUTS = layouts_by_key(
    [
        StartRound, EndRound, Draws, TradeOffer, TradeBuild, TradeReply, CapacityCheck,
        ReturnExcess, StartClaims, Claim, RelocationRound, Relocate, RelocateTarget, StudyDrop,
        ReleaseClaim, ResearchPhase, GogglesRound, Goggles, BunsenWindow, Bunsen, PlaceItem,
        ExchangeTake, PlaceSpace, LabTurns, ScoringTurn, Score, Experiment, ResolveEquipment,
        ResolveReaction, Stability, HandleRound, HandleItem, HandleSpace, ResolveItems, Paper,
        CylinderCheck, Cylinder, Refill, LabKeyWindow, LabKey, LabFire, ExtinguisherWindow,
        Extinguish, PlaceFireTokens, Explode, Scatter, ScatterItem, ScatterSpace,
    ]
)

# The int opcodes of saves written before the keys were strings: steps from 0, decisions
# from 32, each in this order.
_OLD_STEPS = (
    StartRound, Draws, CapacityCheck, StartClaims, RelocationRound, ResearchPhase,
    GogglesRound, BunsenWindow, LabTurns, ScoringTurn, ResolveEquipment, ResolveReaction,
    ResolveItems, HandleRound, CylinderCheck, StudyDrop, Refill, LabFire, ExtinguisherWindow,
    PlaceFireTokens, Explode, Scatter, LabKeyWindow, EndRound,
)
_OLD_DECISIONS = (
    TradeOffer, TradeBuild, TradeReply, ReturnExcess, Claim, Relocate, RelocateTarget,
    Goggles, Bunsen, Extinguish, PlaceItem, ExchangeTake, PlaceSpace, ScatterItem,
    ScatterSpace, Score, Experiment, Stability, HandleItem, HandleSpace, Paper, ReleaseClaim,
    Cylinder, LabKey,
)
OLD_KEYS: dict[int, str] = {
    **{op: layout.key for op, layout in enumerate(_OLD_STEPS)},
    **{op: layout.key for op, layout in enumerate(_OLD_DECISIONS, start=32)},
}
# fmt: on


def current_key(key: Any) -> Any:
    """A frame key of today for one read from a save (older saves have int opcodes)."""
    return OLD_KEYS[key] if type(key) is int else key


def current_stack(s: CompoundedState) -> None:
    """After a restore: frames of an old save get today's keys; every key is the layout's
    own string object, so a key compares by identity as fast as an int."""
    s.stack = [(LAYOUTS[current_key(key)].key, *rest) for key, *rest in s.stack]


def offer_in_turn_order(
    s: CompoundedState,
    frame: Frame,
    decision: str,
    eligible: Callable[[CompoundedState, int], object],
) -> None:
    """One step of a frame ``(key, -1, visited)`` that visits the players in turn order
    from the lead: the ``visited``-th is offered the decision keyed ``decision`` if
    ``eligible(s, player)``; the frame is done once every player has been visited."""
    i = frame[RelocationRound.visited]  # where every such layout has it
    n = s.players
    if i >= n:
        s.stack.pop()
        return
    player = (s.lead + i) % n
    s.stack[-1] = (frame[KEY], -1, i + 1)
    if eligible(s, player):
        s.stack.append((decision, player))
