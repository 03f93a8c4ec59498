"""The frames of Konoten's decision stack, each kind's fields named once (issue 29 item 4).

A frame is a plain tuple ``(key, seat, *data)``; rules, views, explanations and encoders
read its fields by these names (``frame[Gain.light]``, the seat as ``frame[PLAYER]``).
Seats, nodes, devices, cards and lenses are indices; card sets and node sets are bit masks.
``flow.RULES`` says what each kind poses.
"""

from __future__ import annotations

from boardlab.engine import Frame
from boardlab.engine.layouts import KEY, Layout, layouts_by_key


class Character(Layout):
    """The character draft: the seat picks a character board (K1)."""

    key = "character"


class SupplyToken(Layout):
    """The supply phase's token: an unused assistant or a growth (K-6.2)."""

    key = "supply_token"


class SupplyAbilities(Layout):
    """The supply abilities step (K-6.3); ``used_nodes`` masks the nodes used in it."""

    key = "supply"
    used_nodes = 2


class EndAbilities(Layout):
    """The end abilities step (K-13.3); ``used_nodes`` masks the nodes used in it."""

    key = "end"
    used_nodes = 2


class Turn(Layout):
    """A main-phase turn: one action (K-7)."""

    key = "turn"


class Grind(Layout):
    """A lens being declared (K-9.1): the cards so far, which are turned, their marks.

    ``diff`` is the running result minus material value, ``count`` the cards so far, and
    ``awaiting`` the card picked whose orientation is asked next (-1: none).
    """

    key = "grind"
    cards = 2
    flipped = 3
    marks = 4
    diff = 5
    count = 6
    awaiting = 7


class Foundation(Layout):
    """The closed stack of a lens waiting for its foundation pile (K-9.2)."""

    key = "foundation"
    cards = 2
    flipped = 3
    diff = 4


class FollowUp(Layout):
    """The optional assistant on the lens just made (K-9.5)."""

    key = "follow_up"
    lens = 2


class PayGrowth(Layout):
    """Growths still to pay, one grown node's token at a time (K5)."""

    key = "pay_growth"
    left = 2


class PayAssistant(Layout):
    """Assistants still to pay (K6), never the one executing the effect.

    ``executor`` is where that one stands (``effects.NO_EXECUTOR``, ``ON_DEVICE``,
    ``ON_LENS``) and ``executor_at`` the device or lens index there.
    """

    key = "pay_assistant"
    left = 2
    executor = 3
    executor_at = 4


class Gain(Layout):
    """An effect's outputs still to gain (K-10.3, K11); ``vp_source`` counts its VP."""

    key = "gain"
    ap = 2
    creativity = 3
    vp = 4
    light = 5
    rainbow = 6
    sediment = 7
    growths = 8
    assistants = 9
    vp_source = 10


class Discard(Layout):
    """New materials over capacity: ``excess`` of them still to throw away (K-10.4, K8)."""

    key = "discard"
    light = 2
    rainbow = 3
    sediment = 4
    excess = 5


class Grow(Layout):
    """A node to grow with a token from ``source``: the stock (-1) or a task space (K7)."""

    key = "grow"
    source = 2


class CheckTasks(Layout):
    """The task check after an effect (K-12, A16); it never asks."""

    key = "check_tasks"


class Task(Layout):
    """A met task's token: an unused assistant or a growth (K9)."""

    key = "task"
    task = 2


LAYOUTS = layouts_by_key(
    [
        Character,
        SupplyToken,
        SupplyAbilities,
        EndAbilities,
        Turn,
        Grind,
        Foundation,
        FollowUp,
        PayGrowth,
        PayAssistant,
        Gain,
        Discard,
        Grow,
        CheckTasks,
        Task,
    ]
)


def used_nodes(frame: Frame) -> int:
    """The nodes a ``SupplyAbilities`` or ``EndAbilities`` frame has used (a mask)."""
    if frame[KEY] == SupplyAbilities.key:
        return int(frame[SupplyAbilities.used_nodes])
    return int(frame[EndAbilities.used_nodes])
