"""The frames of Linnaeus's decision stack, each kind's fields named once (issue 29 item 4).

A frame is a plain tuple ``(key, side, *data)``; rules, views, explanations and encoders
read its fields by these names (``frame[Repeat.left]``, the side as ``frame[PLAYER]``).
Sides, locations, specimens, books, rewards and cards are ids (indices into ``CONTENT``);
a ``lens`` is the lens that made the step: an advanced lens's code, ``-2`` for a lens
without ability, ``-1`` for a step no placement made (a free action, an ``action`` reward).
``flow.RULES`` says what each kind poses; the income phase's steps and ``order_fixed``
carry side 0.
"""

from __future__ import annotations

from boardlab.engine.layouts import Layout, layouts_by_key

# ---------------------------------------------------------------------------- setup (§4.4, §18.2)


class StartTile(Layout):
    """A player keeps one of the two start tiles dealt to them (§18.2)."""

    key = "start_tile"
    first_tile = 2
    second_tile = 3


class InitialOrder(Layout):
    """A player picks a space of the round-1 order tile (§4.4)."""

    key = "initial_order"


class OrderFixed(Layout):
    """The round-1 turn order is read off the tile (a Step)."""

    key = "order_fixed"


# ---------------------------------------------------------------------------- the turn (§6, §10)


class Place(Layout):
    """A player puts a lens on a tool."""

    key = "place"


class Wild(Layout):
    """The wild lens just placed on ``tool`` asks which action it does."""

    key = "wild"
    tool = 2


class AbilityTiming(Layout):
    """A gain lens's ability before or after the ``count`` repeats of ``action``."""

    key = "ability_timing"
    lens = 2
    action = 3
    count = 4


class Repeat(Layout):
    """The window before each repeat of ``action``: ``left`` to run, ``done`` run so far."""

    key = "repeat"
    action = 2
    left = 3
    done = 4
    lens = 5


class OrderSpace(Layout):
    """The microscope's space on the next-round order tile (§10)."""

    key = "order_space"


class Window(Layout):
    """A free-action window: after the explore move, and at the end of the turn."""

    key = "window"


class TurnEnd(Layout):
    """Achievements and refills after a side's turn (a Step)."""

    key = "turn_end"


# ---------------------------------------------------------------------------- the five actions (§9)


class Explore(Layout):
    """One explore step: move the explorer, or stay (§9.1)."""

    key = "explore"
    lens = 2


class Investigate(Layout):
    """The investigation of the explorer's location (a Step)."""

    key = "investigate"
    lens = 2


class FirstVisit(Layout):
    """Which first-visit space of ``location`` the side marks (both are open)."""

    key = "first_visit"
    location = 2


class InvestigateChoice(Layout):
    """At ``location``: its reward, collecting its specimen, or nothing."""

    key = "investigate_choice"
    location = 2
    lens = 3


class PlaceSpecimen(Layout):
    """The slot and rotation of the collected ``specimen`` in the library."""

    key = "place_specimen"
    specimen = 2


class Research(Layout):
    """One research step: the researcher's next library point (§9.2)."""

    key = "research"
    lens = 2


class Correspond(Layout):
    """One correspond step: write a letter or send one (§9.3)."""

    key = "correspond"
    lens = 2


class SendMore(Layout):
    """Another letter to send, ``left`` more at most, or stop."""

    key = "send_more"
    left = 2


class Cultivate(Layout):
    """One garden step: plant a flower or cultivate one (§9.4)."""

    key = "cultivate"
    lens = 2


class Voyage(Layout):
    """One voyage step: the ship that sails (§9.5)."""

    key = "voyage"
    lens = 2


# ---------------------------------------------------------------------------- publishing (§14)


class Publish(Layout):
    """The window before publishing: a book to publish, or skip."""

    key = "publish"


class PayKnowledge(Layout):
    """The token of ``domain`` that pays a wildcard entry; ``count`` such entries left."""

    key = "pay_knowledge"
    domain = 2
    count = 3


class PaySketch(Layout):
    """The sketch paying ``book``'s largest entry left (``requirements``, largest first);
    ``face_up`` is 1 for the book's own sketches (a matching colour gives its bonus)."""

    key = "pay_sketch"
    book = 2
    requirements = 3
    face_up = 4


class Appendix(Layout):
    """Add ``book``'s appendix, or skip."""

    key = "appendix"
    book = 2


class Link(Layout):
    """The voyage card the published ``book`` is linked to."""

    key = "link"
    book = 2


# ---------------------------------------------------------------------------- rewards (§2.3, §21.6)


class Gain(Layout):
    """A reward: plain parts at once, a frame per choice (a Step)."""

    key = "gain"
    reward = 2


class PayReward(Layout):
    """Pay for ``reward`` (its ``pay`` part), or give it up."""

    key = "pay_reward"
    reward = 2


class RewardChoice(Layout):
    """One of the choices of ``reward``."""

    key = "reward_choice"
    reward = 2


class LectureStep(Layout):
    """A lecture step on a track of the side's choice; ``left`` steps to go."""

    key = "lecture_step"
    left = 2


class KnowledgePick(Layout):
    """A knowledge token in ``domain`` (-1: any category); ``left`` tokens to go."""

    key = "knowledge_pick"
    domain = 2
    left = 3


class SketchStack(Layout):
    """The sketch stack to draw from; ``left`` draws to go."""

    key = "sketch_stack"
    left = 2


class Activate(Layout):
    """A held sketch whose bonus is gained; ``left`` activations to go."""

    key = "activate"
    left = 2


class ExoticPick(Layout):
    """An exotic specimen from the display; ``left`` picks to go."""

    key = "exotic_pick"
    left = 2


class LensPick(Layout):
    """An advanced lens from the display (or a refresh first)."""

    key = "lens_pick"


class RewardOrder(Layout):
    """The reward's ``lenses`` held-back lens picks first or last; ``base`` is the stack
    height under the reward's other parts."""

    key = "reward_order"
    lenses = 2
    base = 3


class CornerOrder(Layout):
    """The bonus corner gained next on one point: ``specimens`` and their ``gains`` (reward
    ids) in slot order."""

    key = "corner_order"
    specimens = 2
    gains = 3


class BookPick(Layout):
    """A book from the display; ``left`` picks to go."""

    key = "book_pick"
    left = 2


class VoyagePick(Layout):
    """A voyage card from the display; ``left`` picks to go."""

    key = "voyage_pick"
    left = 2


class LinkWaiting(Layout):
    """The waiting book linked to the new voyage card at ``card_position`` in the side's
    cards."""

    key = "link_waiting"
    card_position = 2


# ---------------------------------------------------------------------------- income (§15)


class IncomeLenses(Layout):
    """Income step 1: the lenses come back (a Step)."""

    key = "income_lenses"


class DiscardLens(Layout):
    """A lens above capacity to discard (§7.4)."""

    key = "discard_lens"


class IncomeOrder(Layout):
    """Income steps 2-3: the new turn order and order tile (a Step)."""

    key = "income_order"


class IncomeVoyage(Layout):
    """Income step 4: who collects voyage income (a Step)."""

    key = "income_voyage"


class Income(Layout):
    """The paying voyage card collected next: ``card_positions`` in the side's cards."""

    key = "income"
    card_positions = 2


class IncomeEnd(Layout):
    """Income step 5 and the end of the round (a Step)."""

    key = "income_end"


# ---------------------------------------------------------------------------- the automa (§19)


class AutomaTurn(Layout):
    """The automa's turn: its card drawn and placed (a Step)."""

    key = "automa_turn"


class AutomaRow(Layout):
    """One ``row`` of the automa's ``card`` (a Step)."""

    key = "automa_row"
    card = 2
    row = 3


#: The step frame of each action, by action index (explore, research, correspond,
#: cultivate, voyage); each is ``(key, side, lens)``.
ACTION_STEPS: tuple[type[Layout], ...] = (Explore, Research, Correspond, Cultivate, Voyage)

LAYOUTS = layouts_by_key([
    StartTile, InitialOrder, OrderFixed,
    Place, Wild, AbilityTiming, Repeat, OrderSpace, Window, TurnEnd,
    Explore, Investigate, FirstVisit, InvestigateChoice, PlaceSpecimen, Research, Correspond,
    SendMore, Cultivate, Voyage,
    Publish, PayKnowledge, PaySketch, Appendix, Link,
    Gain, PayReward, RewardChoice, LectureStep, KnowledgePick, SketchStack, Activate,
    ExoticPick, LensPick, RewardOrder, CornerOrder, BookPick, VoyagePick, LinkWaiting,
    IncomeLenses, DiscardLens, IncomeOrder, IncomeVoyage, Income, IncomeEnd,
    AutomaTurn, AutomaRow,
])
