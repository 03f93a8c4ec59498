"""Every action a Compounded decision can offer, built once at import and shared.

Ids are short and stable: ``"claim 2,3"``, ``"place H"``, ``"space 1,2,0"`` (row, column,
space index on the card), ``"space ext,0,1"`` (extinguisher 0, space 1), ``"done"``.
"""

from __future__ import annotations

from boardlab.engine import Action
from boardlab.games.compounded.board import POSITIONS, ROW_COL
from boardlab.games.compounded.content import (
    CONTENT,
    ELEMENTS,
    EQUIPMENT_SHORT,
    TRACKS,
)

MAX_SPACES = max(c.spaces for c in CONTENT.compounds)
MAX_PLAYERS = 5  # also the most extinguishers: one per scientist
ELEMENT_KINDS = len(ELEMENTS)
# Item codes of scatter and handle-with-care choices: an element index, or a wild token.
WILD_ITEM = ELEMENT_KINDS
# Item codes of a research turn's placement: element e from storage is e, from the goggles
# pool POOL_OFFSET + e; a wild token is PLACE_WILD_ITEM.
POOL_OFFSET = ELEMENT_KINDS
PLACE_WILD_ITEM = 2 * ELEMENT_KINDS


def side(seat: int) -> str:
    """A seat's name as the engine's ``sides`` give it: seat 0 is ``"P1"``."""
    return f"P{seat + 1}"


def _at(kind: str, pos: int, text: str) -> Action:
    row, col = ROW_COL[pos]
    return Action(kind, (row, col), label=f"{text} at row {row}, column {col}")


PASS = Action("pass", label="pass")
DECLINE = Action("decline", label="decline")
DONE = Action("done", label="end the placement batch")
SEND = Action("send", label="send the offer")
CANCEL = Action("cancel", label="withdraw the offer before sending")
ACCEPT = Action("accept", label="accept the offer")
NONE = Action("none", label="do nothing")
USE_GOGGLES = Action("goggles", label="discard safety goggles for a second discovery")
USE_LAB_KEY = Action("labkey", label="discard a Lab Key token to lead next round")

CLAIM = tuple(_at("claim", pos, "claim the compound") for pos in POSITIONS)
RELOCATE = tuple(_at("relocate", pos, "move the earlier claim") for pos in POSITIONS)
RELOCATE_TO = tuple(_at("to", pos, "move the claim to the compound") for pos in POSITIONS)
BURN = tuple(_at("burn", pos, "Bunsen burner: add a fire token") for pos in POSITIONS)
PROTECT = tuple(_at("protect", pos, "discard an extinguisher to protect") for pos in POSITIONS)
SCORE = tuple(_at("score", pos, "resolve the complete compound") for pos in POSITIONS)
RELEASE = tuple(_at("release", pos, "release the claim") for pos in POSITIONS)



def _named(kind: str, text: str) -> tuple[tuple[Action, ...], ...]:
    """``[pos][compound index]``: the action at ``pos`` with the compound's name in its label
    ("claim Calcium sulfate (row 1, column 3)"); the id is the same as at ``pos`` alone."""
    return tuple(
        tuple(
            Action(kind, ROW_COL[pos], label=f"{text} {compound.name} {_where(pos)}")
            for compound in CONTENT.compounds
        )
        for pos in POSITIONS
    )


def _where(pos: int) -> str:
    row, col = ROW_COL[pos]
    return f"(row {row}, column {col})"


# What the options offer, with the name of the compound where it lies (issue 27).
CLAIM_NAMED = _named("claim", "claim")
RELOCATE_NAMED = _named("relocate", "move your claim off")
RELOCATE_TO_NAMED = _named("to", "move the claim to")
BURN_NAMED = _named("burn", "Bunsen burner: add a fire token to")
PROTECT_NAMED = _named("protect", "discard an extinguisher to protect")
SCORE_NAMED = _named("score", "score")
RELEASE_NAMED = _named("release", "release the claim on")

OFFER = tuple(
    Action("offer", (s,), label=f"make an offer to {side(s)}") for s in range(MAX_PLAYERS)
)

PLACE = tuple(Action("place", (el,), label=f"place {el} from storage") for el in ELEMENTS)
PLACE_POOL = tuple(
    Action("place", (el, "pool"), label=f"place {el} from the goggles pool") for el in ELEMENTS
)
PLACE_WILD = Action("place", ("wild",), label="place the wild element token")
SWAP3 = tuple(Action("swap3", (el,), label=f"3-for-1: return three {el}") for el in ELEMENTS)
PIPETTE = tuple(Action("pipette", (el,), label=f"pipette: return two {el}") for el in ELEMENTS)
TAKE = tuple(Action("take", (el,), label=f"take {el} from the bag") for el in ELEMENTS)
RETURN = tuple(Action("return", (el,), label=f"return {el} to the bag") for el in ELEMENTS)
KEEP = tuple(Action("keep", (el,), label=f"academic paper: keep {el}") for el in ELEMENTS)
ITEM = (
    *(Action("item", (el,), label=f"move {el}") for el in ELEMENTS),
    Action("item", ("wild",), label="move the wild token"),
)

SPACE = tuple(
    tuple(
        Action(
            "space",
            (ROW_COL[pos][0], ROW_COL[pos][1], i),
            label=f"space {i} of the compound at row {ROW_COL[pos][0]}, column {ROW_COL[pos][1]}",
        )
        for i in range(MAX_SPACES)
    )
    for pos in POSITIONS
)
SPACE_NAMED = tuple(
    tuple(
        tuple(
            Action(
                "space",
                (ROW_COL[pos][0], ROW_COL[pos][1], i),
                label=f"the {ELEMENTS[element]} space of {compound.name} {_where(pos)}",
            )
            for i, element in enumerate(compound.space_elements)
        )
        for compound in CONTENT.compounds
    )
    for pos in POSITIONS
)
EXT_SPACE = tuple(
    tuple(
        Action("space", ("ext", x, i), label=f"space {i} of extinguisher {x}")
        for i in range(len(CONTENT.extinguisher_elements))
    )
    for x in range(MAX_PLAYERS)
)

RAISE = tuple(Action("raise", (t,), label=f"raise the {t} experiment") for t in TRACKS)
APPROVE = tuple(
    tuple(Action("approve", (s, t), label=f"{side(s)}: raise the {t} experiment") for t in TRACKS)
    for s in range(MAX_PLAYERS)
)
APPROVE_SPLIT = tuple(
    Action("approve", (s,), label=f"{side(s)} is maxed: split the points")
    for s in range(MAX_PLAYERS)
)
CYLINDER = tuple(
    tuple(
        Action("cylinder", (lo, hi), label=f"graduated cylinder: lower {lo}, raise {hi}")
        for hi in TRACKS
    )
    for lo in TRACKS
)

# Offer building: a bundle slot per element, the wild token and each equipment kind;
# extinguishers travel as a bitmask of extinguisher ids.
BUNDLE_NAMES = (*ELEMENTS, "wild", *EQUIPMENT_SHORT)
BUNDLE_SLOTS = len(BUNDLE_NAMES)
BUNDLE_WILD = ELEMENT_KINDS
BUNDLE_EQUIPMENT = ELEMENT_KINDS + 1
GIVE = tuple(Action("give", (name,), label=f"offer {name}") for name in BUNDLE_NAMES)
ASK = tuple(Action("ask", (name,), label=f"ask for {name}") for name in BUNDLE_NAMES)
GIVE_EXT = tuple(
    Action("give", ("ext", x), label=f"offer extinguisher {x}") for x in range(MAX_PLAYERS)
)
ASK_EXT = tuple(
    Action("ask", ("ext", x), label=f"ask for extinguisher {x}") for x in range(MAX_PLAYERS)
)

SLOT_OF = {name: i for i, name in enumerate(BUNDLE_NAMES)}
ELEMENT_OF = {el: i for i, el in enumerate(ELEMENTS)}
TRACK_OF = {t: i for i, t in enumerate(TRACKS)}
