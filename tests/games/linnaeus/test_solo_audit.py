"""The automa against rules §19 point by point (the audit of issue 16), beyond test_solo.py:
every constant from ``solo.json``, every §19.4 choice, every §19.5 row with its tie-breaks
and failures, and §19.6 scoring with its two changes."""

from __future__ import annotations

import pytest

from boardlab.games.linnaeus import garden, income, rewards, scoring, solo, university
from boardlab.games.linnaeus.content import (
    CONTENT,
    DISTANCE,
    REWARDS,
    SKETCH_SITES,
    SPECIMEN_SITES,
    START,
    Reward,
)
from boardlab.games.linnaeus.state import NEUTRAL, LinnaeusState

from .helpers import blank, by_id, loc, new, started, with_frames

A = 1
RULES = CONTENT.solo


def game(difficulty: str = "student", seed: int = 3) -> LinnaeusState:
    return blank(started(1, seed, difficulty=difficulty))


def row(s: LinnaeusState, do: str, domain: int = -1, slot: str = "", track: int = -1,
        amount: int = 0) -> bool:
    return solo.ROWS[do](s, A, domain, slot, track, amount)


def reward(**parts: object) -> Reward:
    """A reward built from its fields (the other fields empty)."""
    return Reward(**{**{f: getattr(REWARDS[0], f) for f in Reward.__slots__}, **parts})


def put_card(s: LinnaeusState, ltr: bool) -> int:
    card = next(i for i, c in enumerate(CONTENT.solo_cards) if c.ltr == ltr)
    s.automa_deck = (*s.automa_deck[:-1], card)
    s.on_tool[A * 3 : A * 3 + 3] = [-1, -1, -1]
    return card


# ---------------------------------------------------------------------------- §19.1 setup
def test_r19_1_the_board_is_set_as_for_two_players() -> None:
    s = new(1, seed=5)
    sides = [card[2] for card in CONTENT.setup_cards]
    neutral_spots = {x for x, owner in enumerate(s.spot_owner) if owner == NEUTRAL}
    neutral_marks = {x for x, owner in enumerate(s.first_marks) if owner == NEUTRAL}
    assert any(neutral_spots == {spot for spot, _, _ in side.flowers}
               and neutral_marks == {where * 2 + k for where, k in side.blocks}
               for side in sides)
    assert university.achievement_values(s) == CONTENT.achievement_vp[2]


def test_r19_1_the_automa_starts_as_solo_json_says() -> None:
    s = new(1, seed=5, characters=True)
    start = REWARDS[RULES.start]
    order_reward = REWARDS[CONTENT.order_tiles[s.current_tile][3]]
    assert s.coins[A] == start.coins + order_reward.coins
    assert s.taxonomy[A] == order_reward.taxonomy % 12 and s.explorer[A] == START
    assert s.flowers[A * 3 : A * 3 + 3] == [4, 4, 4]
    assert s.character[A] == -1  # no ability, even with the characters option
    assert s.available[A] == () and s.library[A * 4 : A * 4 + 4] == [-1] * 4
    assert s.ships[A] == (0,) and CONTENT.voyages[s.voyages[A][0]].starting
    assert CONTENT.books[s.books[A][0]].starting and s.published[A] == ()


@pytest.mark.parametrize("level", list(RULES.difficulty))
def test_r19_1_green_lenses_from_the_top_of_the_supply_under_the_tools_of_the_level(
        level: str) -> None:
    s = new(1, seed=8, difficulty=level)
    tools = RULES.difficulty[level]
    assert [t for t in range(3) if s.green_under[t] >= 0] == list(tools)
    placed = {s.green_under[t] for t in tools}
    assert len(placed) == len(tools) and not placed & set(s.green_supply)
    assert len(s.green_supply) + len(tools) == len(CONTENT.green)
    assert s.lenses_acquired[A] == 0  # difficulty lenses are not acquired (ruling 43)


def test_r19_1_the_deck_holds_every_solo_card() -> None:
    s = new(1, seed=5)
    assert sorted(s.automa_deck) == list(range(len(CONTENT.solo_cards))) == list(range(20))


def test_r19_1_the_automa_takes_the_rightmost_initial_space_first() -> None:
    s = new(1, seed=5)
    assert s.first_spaces == [-1, -1, -1, A]
    assert s.decision is not None and s.decision.kind == "initial_order_space"
    assert [a.id for a in s.legal_actions()] == ["space 0", "space 1", "space 2"]


# ---------------------------------------------------------------------------- §19.2 order
def test_r19_2_the_automa_microscope_takes_the_rightmost_empty_space_and_its_reward() -> None:
    s = game()
    s.next_spaces = [-1, -1, -1, 0]
    put_card(s, ltr=False)
    space_reward = REWARDS[CONTENT.order_tiles[s.next_tile][2]]
    vp, coins = s.vp[A], s.coins[A]
    s.stack = [("automa_turn", A)]
    solo.run_turn(s, s.stack[-1])
    assert s.next_spaces == [-1, -1, A, 0]
    assert s.vp[A] >= vp + space_reward.vp and s.coins[A] >= coins + space_reward.coins


def test_r19_2_no_order_space_in_round_5() -> None:
    s = game()
    s.round = 5
    put_card(s, ltr=False)
    s.stack = [("automa_turn", A)]
    solo.run_turn(s, s.stack[-1])
    assert A not in s.next_spaces


def test_r19_2_the_order_never_changes() -> None:
    s = game()
    s.next_spaces = [A, 0, -1, -1]  # the automa left of the human on the next tile
    with_frames(s, ("income_order", 0), active=-1)
    assert s.turn_order == (0, A)


# ---------------------------------------------------------------------------- §19.3 a turn
def test_r19_3_tool_bonuses_are_those_of_solo_json() -> None:
    glasses, magnifier = REWARDS[RULES.glasses_bonus], REWARDS[RULES.magnifier_bonus]
    s = game()
    s.green_under = [-1, -1, -1]
    card = put_card(s, ltr=True)
    s.stack = [("automa_turn", A)]
    taxonomy, tools = s.taxonomy[A], s.tools[A]
    solo.run_turn(s, s.stack[-1])
    assert s.on_tool[A * 3] == card
    assert s.taxonomy[A] == (taxonomy + glasses.taxonomy) % 12
    s.stack = [("automa_turn", A)]
    s.automa_deck = (*s.automa_deck[:-1], card)
    solo.run_turn(s, s.stack[-1])
    assert s.on_tool[A * 3 + 1] == card and s.tools[A] == tools + magnifier.tools + glasses.tools


@pytest.mark.parametrize(("tool", "rows"), [(0, [0]), (1, [0, 1]), (2, [0, 1, 2])])
def test_r19_3_a_tool_executes_its_rows_top_first(tool: int, rows: list[int]) -> None:
    s = game()
    card = put_card(s, ltr=True)
    s.on_tool[A * 3 : A * 3 + tool] = [99] * tool
    s.stack = [("automa_turn", A)]
    solo.run_turn(s, s.stack[-1])
    pushed = [f for f in s.stack if f[0] == "automa_row"]
    assert [f[3] for f in reversed(pushed)] == rows and all(f[2] == card for f in pushed)
    assert s.stack[0] == ("turn_end", A)


def test_r19_3_a_failed_row_pays_the_coins_of_solo_json() -> None:
    s = game()
    s.letters[A] = ()
    card = next((i for i, c in enumerate(CONTENT.solo_cards)
                 for r in c.rows if r.do == "send"))
    at = next(k for k, r in enumerate(CONTENT.solo_cards[card].rows) if r.do == "send")
    s.stack = [("automa_row", A, card, at)]
    solo.run_row(s, s.stack[-1])
    assert s.coins[A] == RULES.failed_row_coins


def test_r19_3_achievements_and_refills_follow_an_automa_turn() -> None:
    s = game()
    s.letter_display[0] = -1
    claimable = next(k for k, t in enumerate(s.red))
    condition = CONTENT.scoring_tiles[s.red[claimable]].red
    assert condition.type in university._COUNTERS
    put_card(s, ltr=True)
    with_frames(s, ("turn_end", A), ("automa_turn", A), active=A)
    assert all(x >= 0 for x in s.letter_display)  # refilled at the end of its turn


def test_r19_3_the_automa_cards_are_discarded_each_round() -> None:
    s = game()
    s.on_tool[A * 3 : A * 3 + 3] = [1, 2, 3]
    s.stack = [("income_lenses", 0)]
    income.run_lenses(s, s.stack[-1])
    assert s.on_tool[A * 3 : A * 3 + 3] == [-1, -1, -1]


# ---------------------------------------------------------------------------- §19.4 rewards
def test_r19_4_lecture_any_steps_on_the_lowest_track_ties_botany_first() -> None:
    s = game()
    s.lecture[A * 3 : A * 3 + 3] = [2, 1, 1]
    rewards.automa_gain(s, A, reward(lecture_any=3))
    assert s.lecture[A * 3 : A * 3 + 3] == [3, 2, 2]  # zoology, medicine, botany


def test_r19_4_knowledge_exact_then_fewest_in_the_domain_or_anywhere() -> None:
    s = game()
    s.knowledge[A * 9 : A * 9 + 9] = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    rewards.automa_gain(s, A, reward(knowledge=(0,)))
    assert s.knowledge[A * 9] == 2
    rewards.automa_gain(s, A, reward(knowledge_domain=(1, 0, 0)))
    assert s.knowledge[A * 9 : A * 9 + 3] == [2, 1, 0]
    rewards.automa_gain(s, A, reward(knowledge_any=1))
    assert s.knowledge[A * 9 + 2] == 1  # the first category with 0 tokens in §2.2 order
    vp = s.vp[A]
    rewards.automa_gain(s, A, reward(knowledge=(0,)))
    assert s.vp[A] == vp + 2 and s.knowledge[A * 9] == 2  # a full category: 2 VP


def test_r19_4_sketch_from_the_fullest_stack_and_activation_is_a_coin() -> None:
    s = game()
    s.stacks = [s.stacks[0][:2], s.stacks[1][:5], s.stacks[2][:5]]
    top = s.stacks[1][-1]
    rewards.automa_gain(s, A, reward(sketch=1, activate_sketch=1))
    assert s.sketches[A] == (top,) and len(s.stacks[1]) == 4 and s.coins[A] == 1


def test_r19_4_exotic_book_and_voyage_card_are_the_leftmost() -> None:
    s = game()
    exotic, book, card = s.exotic_display[0], s.book_display[0], s.voyage_display[0]
    rewards.automa_gain(s, A, reward(exotic=1, book=1, voyage_card=1))
    assert s.exotics[A] == (exotic,) and s.books[A][-1] == book
    assert s.voyages[A][-1] == card and s.ships[A][-1] == 0


def test_r19_4_choice_first_option_pay_skipped_action_a_coin() -> None:
    s = game()
    choice = next(r for r in REWARDS if r.choice)
    first = REWARDS[choice.choice[0]]
    rewards.automa_gain(s, A, choice)
    assert (s.coins[A], s.vp[A], s.tools[A], s.containers[A]) == (
        first.coins, first.vp, first.tools, first.containers)
    blank(s)
    rewards.automa_gain(s, A, reward(action=(1, 0, 1, 0, 0)))
    assert s.coins[A] == 2


def test_r19_4_advanced_lens_is_a_green_lens_or_the_lap_vp() -> None:
    s = game()
    s.green_under = [-1, -1, -1]
    rewards.automa_gain(s, A, reward(advanced_lens=1))
    assert s.green_under[0] >= 0
    s.green_under = [0, 1, 2]
    rewards.automa_gain(s, A, reward(advanced_lens=1))
    assert s.vp[A] == RULES.lap_vp


def test_r19_4_first_visit_and_order_tile_rewards_are_taken_at_once() -> None:
    s = game()
    falun = loc("falun")
    s.first_marks[falun * 2 : falun * 2 + 2] = [-1, -1]
    first = REWARDS[CONTENT.locations[falun].first_visit[0]]
    s.explorer[A] = falun
    assert row(s, "explore")
    assert not any(f[0] == "gain" for f in s.stack)
    assert s.coins[A] >= first.coins and s.vp[A] >= first.vp


# ---------------------------------------------------------------------------- §19.5 rows
def test_r19_5_explore_falls_back_to_a_visited_site_with_a_specimen() -> None:
    s = game()
    every = 0
    for where in SPECIMEN_SITES:
        every |= 1 << where
    s.visited[A] = every
    s.explorer[A] = START
    target = min(SPECIMEN_SITES, key=lambda x: (DISTANCE[START][x], x))
    assert row(s, "explore")
    assert DISTANCE[s.explorer[A]][target] == DISTANCE[START][target] - 1


def test_r19_5_explore_fails_without_any_specimen_on_the_map() -> None:
    s = game()
    for where in SPECIMEN_SITES:
        s.sites[where] = -1
    here = s.explorer[A]
    assert not row(s, "explore") and s.explorer[A] == here


def test_r19_5_explore_steps_to_the_lowest_index_on_a_tie_and_pays_nothing() -> None:
    s = game()
    s.explorer[A] = START
    s.coins[A] = 0
    target = min(SPECIMEN_SITES, key=lambda x: (DISTANCE[START][x], x))
    steps = sorted(o for o, _ in CONTENT.adjacent[START]
                   if DISTANCE[o][target] == DISTANCE[START][target] - 1)
    assert row(s, "explore")
    assert s.explorer[A] == steps[0] and s.coins[A] >= 0


def step_onto(kind: str) -> tuple[int, int, int]:
    """A start point, a target specimen site and the automa's first step between them
    (§19.5: a shortest path, ties to the lowest index) that lands on a location of
    ``kind`` other than the target."""
    for here in range(len(CONTENT.locations)):
        for target in SPECIMEN_SITES:
            if DISTANCE[here][target] < 2:
                continue
            step = min(o for o, _ in CONTENT.adjacent[here]
                       if DISTANCE[o][target] == DISTANCE[here][target] - 1)
            if CONTENT.locations[step].kind == kind:
                return here, target, step
    raise AssertionError(f"no step onto a {kind} location on this map")


def only_specimen_at(s: LinnaeusState, target: int) -> None:
    for where in SPECIMEN_SITES:
        s.sites[where] = -1
    s.sites[target] = 0


def test_r19_5_explore_at_a_sketch_site_takes_the_reward_and_the_sketch() -> None:
    s = game()
    here, target, site = step_onto("sketch")
    only_specimen_at(s, target)
    s.explorer[A] = here
    sketch = s.site_sketch[site]
    place = REWARDS[CONTENT.locations[site].reward]
    assert row(s, "explore")
    assert s.explorer[A] == site and s.site_sketch[site] == -1
    assert s.sketches[A] == (sketch,)
    assert s.vp[A] >= place.vp and s.coins[A] >= place.coins


def test_r19_5_explore_at_an_emptied_specimen_site_takes_the_location_reward() -> None:
    s = game()
    here, target, site = step_onto("specimen")
    only_specimen_at(s, target)
    s.explorer[A] = here
    s.first_marks[site * 2 : site * 2 + 2] = [0, 0]  # no first-visit reward left
    place = REWARDS[CONTENT.locations[site].reward]
    researched = s.researched[A]
    assert row(s, "explore")
    assert s.explorer[A] == site and s.researched[A] == researched
    assert s.visited[A] >> site & 1
    assert (s.vp[A], s.coins[A], s.tools[A], s.containers[A]) >= (
        place.vp, place.coins, place.tools, place.containers)


def test_r19_5_explore_never_stops_at_the_start_on_this_map() -> None:
    """§19.5 "start location: nothing" cannot happen with ``map.json``: the start (far
    right) is never the first step of a shortest path to a specimen site."""
    with pytest.raises(AssertionError, match="no step onto a start"):
        step_onto("start")


def test_r19_5_explore_second_visitor_takes_the_lower_space() -> None:
    s = game()
    falun = loc("falun")
    s.first_marks[falun * 2 : falun * 2 + 2] = [0, -1]
    s.explorer[A] = falun
    assert row(s, "explore")
    assert s.first_marks[falun * 2 + 1] == A and s.visited[A] >> falun & 1


def test_r19_5_the_automa_explorer_blocks_sketch_refills() -> None:
    s = game()
    site = SKETCH_SITES[0]
    s.explorer[A] = site
    s.site_sketch[site] = -1
    with_frames(s, ("turn_end", A), active=A)
    assert s.site_sketch[site] == -1


def test_r19_5_research_never_fails() -> None:
    s = game()
    s.knowledge[A * 9 : A * 9 + 9] = [2] * 9
    assert row(s, "research", domain=2) and s.vp[A] == 2


def test_r19_5_write_takes_the_nearest_filled_slot_and_fails_on_an_empty_display() -> None:
    s = game()
    middle, right = s.letter_display[1], s.letter_display[2]
    s.letter_display[0] = -1
    assert row(s, "write", slot="left") and s.letters[A] == (middle,)
    assert row(s, "write", slot="left") and s.letters[A] == (middle, right)
    assert s.vp[A] == 0 and s.coins[A] == 0  # no write reward
    assert not row(s, "write", slot="right")


def test_r19_5_send_the_oldest_letter_and_fail_without_one() -> None:
    s = game()
    first, second = 0, 1
    s.letters[A] = (first, second)
    assert row(s, "send") and s.sent[A] == (first,) and s.letters[A] == (second,)
    s.letters[A] = ()
    assert not row(s, "send")


def test_r19_5_plant_gains_the_spot_reward_before_the_bed_is_completed() -> None:
    s = game()
    s.spot_owner = [-1] * len(s.spot_owner)
    rewarded = next(i for i, x in enumerate(CONTENT.spots)
                    if x.reward and REWARDS[x.reward].lecture_any == 0)
    bed = CONTENT.spots[rewarded].bed
    spots = CONTENT.beds[bed].spots
    for x in spots:
        if x != rewarded:
            s.spot_owner[x], s.spot_value[x] = NEUTRAL, 1
    order: list[str] = []
    spot_reward = REWARDS[CONTENT.spots[rewarded].reward]
    real_complete = garden.complete_bed

    def complete(state: LinnaeusState, b: int) -> None:
        order.append("bed")
        real_complete(state, b)

    real_gain = rewards.automa_gain

    def gain(state: LinnaeusState, side: int, r: Reward) -> None:
        if r is spot_reward:
            order.append("spot")
        real_gain(state, side, r)

    mp = pytest.MonkeyPatch()
    mp.setattr(garden, "complete_bed", complete)
    mp.setattr(rewards, "automa_gain", gain)
    try:
        assert row(s, "plant")
    finally:
        mp.undo()
    assert s.spot_owner[rewarded] == A and order == ["spot", "bed"]


def test_r19_5_plant_ties_follow_the_bed_order_and_fails_when_it_cannot() -> None:
    s = game()
    s.spot_owner = [-1] * len(s.spot_owner)
    assert row(s, "plant")
    sizes = [len(b.spots) for b in CONTENT.beds]
    first = min(range(len(sizes)), key=lambda b: (sizes[b], b))
    assert s.spot_owner[CONTENT.beds[first].spots[0]] == A
    s.flowers[A * 3 : A * 3 + 3] = [0, 0, 0]
    assert not row(s, "plant")
    s.flowers[A * 3 : A * 3 + 3] = [1, 0, 0]
    s.spot_owner = [0] * len(s.spot_owner)
    assert not row(s, "plant")


def test_r19_5_cultivate_takes_the_pond_reward_and_sketch_of_the_row() -> None:
    s = game()
    x = next(i for i, o in enumerate(s.spot_owner) if o < 0)
    s.spot_owner[x], s.spot_value[x] = A, 1
    r = CONTENT.spots[x].row
    sketch = s.pond_sketch[r]
    pond = REWARDS[CONTENT.ponds[s.ponds[r]]]
    assert row(s, "cultivate")
    assert (sketch < 0 or sketch in s.sketches[A]) and s.vp[A] >= pond.vp


def test_r19_5_voyage_moves_the_oldest_incomplete_ship_with_helm_repeats() -> None:
    s = game()
    first = s.voyages[A][0]
    cells = CONTENT.voyages[first].cells
    s.ships[A] = (len(cells),)  # complete: the next row takes the leftmost card first
    left = s.voyage_display[0]
    assert row(s, "voyage")
    assert s.voyages[A] == (first, left) and s.ships[A] == (len(cells), 1)


def test_r19_5_voyage_fails_with_nothing_to_sail() -> None:
    s = game()
    card = s.voyages[A][0]
    s.ships[A] = (len(CONTENT.voyages[card].cells),)
    s.voyage_display = [-1, -1, -1]
    assert not row(s, "voyage")


def test_r19_5_publish_pays_exact_then_domain_then_plentiful_and_links() -> None:
    s = game()
    book = next(i for i, b in enumerate(CONTENT.books)
                if any(e < 0 for e in b.knowledge) and any(e >= 0 for e in b.knowledge))
    s.books[A] = (book,)
    s.book_display = [-1, -1, -1]
    entries = CONTENT.books[book].knowledge
    k = [0] * 9
    for e in entries:
        if e >= 0:
            k[e] += 1
    k[8 if all(e != 8 for e in entries) else 0] += 2  # spare tokens elsewhere
    s.knowledge[A * 9 : A * 9 + 9] = k
    assert row(s, "publish")
    assert s.published[A] == (book,) and s.links[A][0] == book
    for e in entries:
        if e >= 0:
            assert s.knowledge[A * 9 + e] == 0 or k[e] > entries.count(e)


def test_r19_5_publish_waits_for_a_voyage_when_every_card_is_linked() -> None:
    s = game()
    s.links[A] = (5,)
    s.knowledge[A * 9 : A * 9 + 9] = [2] * 9
    assert row(s, "publish")
    assert s.waiting[A] == s.published[A]


def test_r19_5_taxonomy_and_vp_always_succeed() -> None:
    s = game()
    assert row(s, "taxonomy", amount=2) and row(s, "vp", amount=3)
    assert s.vp[A] == 3


# ---------------------------------------------------------------------------- §19.6 scoring
def test_r19_6_leftovers_count_for_the_automa_as_for_a_player() -> None:
    """§19.6: the same categories as a player (§16), item 6 included: coins convert at 3,
    then 1 VP per container, tool, unsent letter and knowledge token."""
    s = game()
    s.coins[A], s.containers[A], s.tools[A] = 7, 1, 2
    s.letters[A] = (0,)
    s.knowledge[A * 9 : A * 9 + 9] = [1, 2, 0, 0, 0, 0, 0, 0, 1]
    s.ended = 1
    assert scoring.breakdown(s)[A]["leftovers"] == 2 + 1 + 2 + 1 + 4


def test_r19_6_the_automa_scores_specimens_letters_beds_and_tracks() -> None:
    s = game()
    s.researched[A] = tuple(i for i, x in enumerate(CONTENT.specimens[:45])
                            if x.effective == 4)[:1]
    reds = [i for i, x in enumerate(CONTENT.letters) if x.colour == 0]
    blues = [i for i, x in enumerate(CONTENT.letters) if x.colour == 1]
    s.sent[A] = (reds[0], blues[0])
    s.ended = 1
    parts = scoring.breakdown(s)[A]
    assert parts["researched specimens"] == 6 and parts["letters"] == 2


def test_r19_6_achievements_use_the_two_player_values() -> None:
    s = game()
    assert university.achievement_values(s) == (6, 3)


def test_r19_6_no_voyage_income_for_the_automa() -> None:
    s = game()
    card = s.voyages[A][0]
    s.ships[A], s.links[A] = (len(CONTENT.voyages[card].cells),), (0,)
    assert income.paying(s, A)  # it would pay a player
    with_frames(s, ("income_voyage", 0), active=-1)
    assert not any(f[0] == "income" and f[1] == A for f in s.stack)


def test_r19_6_exotics_score_the_designed_value_without_condition() -> None:
    s = game()
    s.exotics[A] = (by_id(CONTENT.exotics, "EX01"), by_id(CONTENT.exotics, "EX02"))
    s.ended = 1
    assert scoring.breakdown(s)[A]["exotic specimens"] == 2 * RULES.exotic_vp
