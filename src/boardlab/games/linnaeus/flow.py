"""The frame table ``RULES`` and the order of play (rules §4.4, §5, §15, §16).

Every pending piece of work is a frame ``(key, side, *data)`` on ``state.stack``; ``RULES``
says for each key the decision it poses (``Ask``) or the work it does alone (``Step``).
Each frame kind's fields are declared in ``frames.py`` (``frames.LAYOUTS``, one per key).

Setup: ``start_tile`` (option) -> ``initial_order`` (reverse seat order) -> ``order_fixed``.
A turn (``turn.begin_turn``): ``place`` -> tool bonus -> [``ability_timing``] -> ``repeat``
(each pushes a step: ``explore``, ``research``, ``correspond``, ``cultivate``, ``voyage``) ->
``publish`` -> ``window`` -> ``turn_end``. The automa's turn: ``automa_turn`` ->
``automa_row``... -> ``turn_end``. After every side's 3 turns: the income phase
(``income.push_income``); after round 5's income the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from boardlab.engine import Ask, Frame, Step
from boardlab.engine.layouts import PLAYER
from boardlab.engine.stack import rules_table
from boardlab.games.linnaeus import (
    correspond,
    explore,
    garden,
    income,
    publish,
    research,
    rewards,
    setup,
    solo,
    turn,
    voyage,
)
from boardlab.games.linnaeus.actions import reward_text
from boardlab.games.linnaeus.content import ACTIONS, CONTENT, DOMAINS
from boardlab.games.linnaeus.frames import (
    AutomaTurn,
    FirstVisit,
    InvestigateChoice,
    KnowledgePick,
    PayKnowledge,
    PayReward,
    PaySketch,
    PlaceSpecimen,
    Repeat,
    RewardChoice,
)
from boardlab.games.linnaeus.free import REFRESH_LENSES, with_free

if TYPE_CHECKING:
    from boardlab.games.linnaeus.state import LinnaeusState

#: Rules not written yet (see the README).
NOT_YET_IMPLEMENTED: tuple[str, ...] = ()


def _p(f: Frame) -> str:
    return f"P{f[PLAYER] + 1}"


def _domain(f: Frame) -> str:
    domain = f[KnowledgePick.domain]
    return "any category" if domain < 0 else f"a {DOMAINS[domain]} category"


_RULES: dict[str, Step[LinnaeusState] | Ask[LinnaeusState]] = {
    # setup (§4.4, §18.2)
    "start_tile": Ask("choose_start_tile", lambda s, f: f"{_p(f)}: keep one start tile",
                      setup.options_start_tile, setup.resolve_start_tile),
    "initial_order": Ask("initial_order_space",
                         lambda s, f: f"{_p(f)}: choose a space of the round-1 order tile",
                         setup.options_initial, setup.resolve_initial),
    "order_fixed": Step(setup.run_order_fixed),
    # the turn (§6)
    "place": with_free(Ask("place_lens",
                           lambda s, f: f"{_p(f)}, round {s.round}: put a lens on a tool",
                           turn.options_place, turn.resolve_place)),
    "wild": Ask("wild_action", lambda s, f: f"{_p(f)}: which action does the wild lens do?",
                turn.options_wild, turn.resolve_wild),
    "ability_timing": Ask("ability_timing",
                          lambda s, f: f"{_p(f)}: gain the lens ability before or after?",
                          turn.options_timing, turn.resolve_timing),
    "repeat": with_free(Ask("turn_window",
                            lambda s, f: f"{_p(f)}: {ACTIONS[f[Repeat.action]]} "
                            f"({f[Repeat.left]} left): continue "
                            "or stop; or a free action",
                            turn.options_repeat, turn.resolve_repeat)),
    "order_space": Ask("order_space",
                       lambda s, f: f"{_p(f)}: choose a space of the next-round order tile",
                       turn.options_order, turn.resolve_order),
    "window": Ask("turn_window", lambda s, f: f"{_p(f)}: a free action, or continue",
                  turn.options_window, turn.resolve_window),
    "turn_end": Step(turn.run_turn_end),
    # the five actions (§9)
    "explore": Ask("explore_move", lambda s, f: f"{_p(f)}: move your explorer, or stay",
                   explore.options_move, explore.resolve_move),
    "investigate": Step(explore.run_investigate),
    "first_visit": Ask("first_visit_space",
                       lambda s, f: f"{_p(f)}: first visit to "
                       f"{CONTENT.locations[f[FirstVisit.location]].name}: which space?",
                       explore.options_first_visit, explore.resolve_first_visit),
    "investigate_choice": Ask("investigate",
                              lambda s, f: f"{_p(f)}: at "
                              f"{CONTENT.locations[f[InvestigateChoice.location]].name}: the "
                              "location reward, collect the specimen, or nothing",
                              explore.options_investigate, explore.resolve_investigate),
    "place_specimen": Ask("place_specimen",
                          lambda s, f: f"{_p(f)}: put "
                          f"{CONTENT.specimens[f[PlaceSpecimen.specimen]].name} in a "
                          "library slot (slot, rotation)",
                          explore.options_place_specimen, explore.resolve_place_specimen),
    "research": Ask("research_move", lambda s, f: f"{_p(f)}: move your researcher",
                    research.options_research, research.resolve_research),
    "correspond": Ask("correspond", lambda s, f: f"{_p(f)}: write a letter or send one",
                      correspond.options_correspond, correspond.resolve_correspond),
    "send_more": Ask("send_letter", lambda s, f: f"{_p(f)}: send another letter, or stop",
                     correspond.options_send_more, correspond.resolve_send_more),
    "cultivate": Ask("garden", lambda s, f: f"{_p(f)}: plant a flower or cultivate one",
                     garden.options_garden, garden.resolve_garden),
    "voyage": Ask("voyage_ship", lambda s, f: f"{_p(f)}: which ship sails?",
                  voyage.options_voyage, voyage.resolve_voyage),
    # publishing (§14)
    "publish": with_free(Ask("publish_book", lambda s, f: f"{_p(f)}: publish a book?",
                             publish.options_publish, publish.resolve_publish)),
    "pay_knowledge": Ask("pay_knowledge",
                         lambda s, f: f"{_p(f)}: which {DOMAINS[f[PayKnowledge.domain]]} "
                         "token pays?",
                         publish.options_pay_knowledge, publish.resolve_pay_knowledge),
    "pay_sketch": Ask("pay_sketch",
                      lambda s, f: f"{_p(f)}: which sketch pays (value "
                      f"{f[PaySketch.requirements][0]} or more)?",
                      publish.options_pay_sketch, publish.resolve_pay_sketch),
    "appendix": with_free(Ask("appendix", lambda s, f: f"{_p(f)}: add the appendix?",
                              publish.options_appendix, publish.resolve_appendix)),
    "link": Ask("link_voyage", lambda s, f: f"{_p(f)}: link the book to a voyage card",
                publish.options_link, publish.resolve_link, publish.prepare_link),
    # rewards (§2.3, §21.6)
    "gain": Step(rewards.run_gain),
    "pay_reward": Ask("pay_reward",
                      lambda s, f: f"{_p(f)}: pay for {reward_text(f[PayReward.reward])}?",
                      rewards.options_pay, rewards.resolve_pay),
    "reward_choice": Ask("reward_choice",
                         lambda s, f: f"{_p(f)}: choose one: "
                         f"{reward_text(f[RewardChoice.reward])}",
                         rewards.options_choice, rewards.resolve_choice),
    "lecture_step": Ask("lecture_step", lambda s, f: f"{_p(f)}: a lecture step on which track?",
                        rewards.options_lecture, rewards.resolve_lecture),
    "knowledge_pick": Ask("knowledge_pick",
                          lambda s, f: f"{_p(f)}: gain knowledge in {_domain(f)}",
                          rewards.options_knowledge, rewards.resolve_knowledge),
    "sketch_stack": Ask("sketch_stack", lambda s, f: f"{_p(f)}: draw a sketch from which stack?",
                        rewards.options_stack, rewards.resolve_stack),
    "activate": Ask("activate_sketch_pick",
                    lambda s, f: f"{_p(f)}: activate which of your sketches?",
                    rewards.options_activate, rewards.resolve_activate),
    "exotic_pick": Ask("exotic_pick", lambda s, f: f"{_p(f)}: take which exotic specimen?",
                       rewards.options_exotic, rewards.resolve_exotic),
    "lens_pick": with_free(Ask("advanced_lens_pick",
                               lambda s, f: f"{_p(f)}: take an advanced lens (on your turn, "
                               "a free action first if you like)",
                               rewards.options_lens, rewards.resolve_lens),
                           covered=REFRESH_LENSES),
    "reward_order": Ask("reward_order",
                        lambda s, f: f"{_p(f)}: take the advanced lens now, or after the "
                        "rest of this reward?",
                        rewards.options_reward_order, rewards.resolve_reward_order),
    "corner_order": Ask("corner_order",
                        lambda s, f: f"{_p(f)}: which specimen's corner do you gain next?",
                        rewards.options_corner_order, rewards.resolve_corner_order,
                        rewards.prepare_corner_order),
    "book_pick": Ask("book_pick", lambda s, f: f"{_p(f)}: take which book?",
                     rewards.options_book, rewards.resolve_book),
    "voyage_pick": Ask("voyage_card_pick", lambda s, f: f"{_p(f)}: take which voyage card?",
                       rewards.options_voyage_card, rewards.resolve_voyage_card),
    "link_waiting": Ask("link_voyage",
                        lambda s, f: f"{_p(f)}: which waiting book links to the new card?",
                        rewards.options_link_waiting, rewards.resolve_link_waiting),
    # income (§15)
    "income_lenses": Step(income.run_lenses),
    "discard_lens": Ask("discard_lens",
                        lambda s, f: f"{_p(f)}: more than {CONTENT.lens_capacity} lenses: "
                        "discard one (2 VP and 1 coin)",
                        income.options_discard, income.resolve_discard, income.prepare_discard),
    "income_order": Step(income.run_order),
    "income_voyage": Step(income.run_voyage),
    "income": Ask("income_order", lambda s, f: f"{_p(f)}: which voyage income next?",
                  income.options_income, income.resolve_income),
    "income_end": Step(income.run_end),
    # the automa (§19)
    "automa_turn": Step(solo.run_turn),
    "automa_row": Step(solo.run_row),
}

RULES = rules_table(_RULES)


def refill(s: LinnaeusState) -> bool:
    """The next turn in turn order (§5), the income phase, or the end of the game."""
    if s.ended:
        return False
    order = s.turn_order
    if s.turns_done < 3 * len(order):
        side = order[s.turns_done % len(order)]
        s.turns_done += 1
        if side == s.automa:
            s.active = side
            s.stack.append((AutomaTurn.key, side))
        else:
            turn.begin_turn(s, side)
        return True
    income.push_income(s)
    return True

