"""The five basic actions (rules §9) and their rulings."""

from __future__ import annotations

from boardlab.games.linnaeus.content import CONTENT, REWARDS, STARTING_SPECIMEN, Corner, Specimen
from boardlab.games.linnaeus.state import NEUTRAL, LinnaeusState

from .helpers import (
    blank,
    by_id,
    cat,
    ids,
    kind,
    knowledge,
    loc,
    oid,
    play,
    spot,
    started,
    with_frames,
)


def game() -> LinnaeusState:
    """Two players, player 0 on turn with nothing to spend."""
    return blank(started(2, 1))


# ---------------------------------------------------------------------------- §9.1 explore
def test_r9_1_move_pays_a_difficult_route_first() -> None:
    s = game()
    s.explorer[0] = loc("falun")
    s.coins[0] = 1
    with_frames(s, ("explore", 0, -2))
    play(s, oid("move", loc('sarna')))
    assert s.coins[0] == 0 and s.explorer[0] == loc("sarna")


def test_r9_1_staying_investigates_the_start_for_nothing() -> None:
    s = game()
    with_frames(s, ("turn_end", 0), ("explore", 0, -2))
    assert ids(s)[0] == "stay"
    before = s.snapshot()["coins"]
    play(s, "stay")
    assert s.snapshot()["coins"] == before and s.explorer[0] == loc("uppsala")


def test_r9_1_first_visit_asks_which_space_then_investigates() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.first_marks[falun * 2 : falun * 2 + 2] = [-1, -1]
    with_frames(s, ("investigate", 0, -2))
    assert kind(s) == "first_visit_space"
    play(s, "first_visit lower")  # Falun lower: 1 container
    assert s.first_marks[falun * 2 + 1] == 0 and s.containers[0] == 1
    assert s.visited[0] >> falun & 1
    assert kind(s) == "investigate"


def test_ruling_4_both_first_visit_spaces_taken_records_the_visit_only() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.first_marks[falun * 2 : falun * 2 + 2] = [1, NEUTRAL]
    with_frames(s, ("investigate", 0, -2))
    assert kind(s) == "investigate" and s.visited[0] >> falun & 1
    assert s.vp[0] == 0 and s.containers[0] == 0


def test_r9_1_one_open_first_visit_space_is_taken_at_once() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.first_marks[falun * 2 : falun * 2 + 2] = [NEUTRAL, -1]
    with_frames(s, ("investigate", 0, -2))
    assert s.first_marks[falun * 2 + 1] == 0 and s.containers[0] == 1


def test_r9_1_first_visit_rewards_once_per_game() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.visited[0] |= 1 << falun
    with_frames(s, ("investigate", 0, -2))
    assert kind(s) == "investigate" and 0 not in s.first_marks


def test_r9_1_location_reward_again_on_repeat() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.visited[0] |= 1 << falun
    for _ in range(2):
        with_frames(s, ("investigate", 0, -2))
        play(s, "investigate reward")
    assert s.containers[0] == 2  # Falun: 1 container each time


def test_r9_1_collect_needs_containers_and_a_free_slot() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.visited[0] |= 1 << falun
    cost = CONTENT.specimens[s.sites[falun]].containers
    s.containers[0] = cost
    with_frames(s, ("investigate", 0, -2))
    assert "collect" in ids(s)
    s.library[0:4] = [0, 1, 2, 3]
    with_frames(s, ("investigate", 0, -2))
    assert "collect" not in ids(s)


def _specimen_with(corners: list[Corner | None]) -> int:
    return next(i for i, x in enumerate(CONTENT.specimens) if list(x.corners) == corners)


def test_ruling_10_a_corner_on_the_researcher_resolves_when_placed() -> None:
    s = game()
    s.library[0:4] = [-1, -1, -1, -1]
    s.researcher[0] = 4  # the centre: the SE corner of slot 0
    tile = 0  # SP01: NW anatomy, NE behaviour
    with_frames(s, ("place_specimen", 0, tile))
    assert ids(s) == [f"slot {k},{r}" for k in range(4) for r in range(4)]
    play(s, "slot 0,2")  # rotation 2: printed NW ends at SE, on the centre
    assert knowledge(s, 0) == {"anatomy": 1}
    assert s.covered[0] == 1  # printed corner 0 covered


def test_r9_1_rotations_giving_the_same_layout_are_listed_once() -> None:
    from boardlab.games.linnaeus.explore import LAYOUTS

    assert all(1 <= len(x) <= 4 for x in LAYOUTS)
    symmetric = Specimen("x", "x", 0, 1, (Corner(0, 0),) * 4, 4, 0)
    from boardlab.games.linnaeus.explore import _layouts

    assert _layouts(symmetric) == [0]


def test_r9_1_sketch_site_gives_its_reward_and_sketch() -> None:
    s = game()
    gavle = loc("gavle")
    s.explorer[0] = gavle
    sketch = s.site_sketch[gavle]
    with_frames(s, ("investigate", 0, -2))
    assert s.sketches[0] == (sketch,) and s.coins[0] == 1
    assert s.site_sketch[gavle] == -1


def test_ruling_5_an_empty_sketch_site_draws_from_its_stack_and_stays_empty() -> None:
    s = game()
    gavle = loc("gavle")
    s.explorer[0] = gavle
    s.site_sketch[gavle] = -1
    top = s.stacks[2][-1]
    with_frames(s, ("turn_end", 0), ("investigate", 0, -2))
    assert s.sketches[0] == (top,)
    assert s.site_sketch[gavle] == -1  # an explorer stands there: no refill


def test_ruling_51_a_first_visit_to_an_emptied_site_is_rewarded() -> None:
    s = game()
    falun = loc("falun")
    s.explorer[0] = falun
    s.sites[falun] = -1
    s.first_marks[falun * 2 : falun * 2 + 2] = [NEUTRAL, -1]
    with_frames(s, ("investigate", 0, -2))
    assert s.containers[0] == 1 and s.visited[0] >> falun & 1


# ---------------------------------------------------------------------------- §9.2 research
def test_r9_2_research_moves_one_orthogonal_step() -> None:
    s = game()
    with_frames(s, ("research", 0, -2))
    assert ids(s) == ["point 1", "point 3", "point 5", "point 7"]


def test_r9_2_a_starting_specimen_is_researched_in_three_steps() -> None:
    s = game()
    book = s.books[0][0]
    specimen = CONTENT.specimens[STARTING_SPECIMEN[book]]
    for point in (5, 8, 7):
        with_frames(s, ("research", 0, -2))
        play(s, f"point {point}")
    assert s.library[3] == -1
    assert s.researched[0] == (STARTING_SPECIMEN[book],)
    gained = sum(knowledge(s, 0).values())
    assert gained == sum(c is not None and c.knowledge >= 0 for c in specimen.corners)


def test_ruling_8_globes_pay_on_every_entry() -> None:
    s = game()
    s.library[0:4] = [-1, -1, -1, -1]
    s.researcher[0] = 1
    for _ in range(2):
        with_frames(s, ("research", 0, -2))
        play(s, "point 0")  # the (0, 0) globe: 1 coin
        s.researcher[0] = 1
    assert s.coins[0] == 2


def test_ruling_9_research_must_move() -> None:
    s = game()
    with_frames(s, ("research", 0, -2))
    assert "point 4" not in ids(s)


def test_r9_2_corners_are_covered_once() -> None:
    s = game()
    s.library[0:4] = [-1, -1, -1, -1]
    s.library[0], s.rotation[0] = 0, 0  # SP01 NW anatomy on point 0, NE behaviour on 1
    s.researcher[0] = 1
    with_frames(s, ("research", 0, -2))
    play(s, "point 0")
    with_frames(s, ("research", 0, -2))
    play(s, "point 1")  # completes SP01: NE behaviour
    assert knowledge(s, 0) == {"anatomy": 1, "behaviour": 1}
    assert s.researched[0] == (0,) and s.library[0] == -1


def test_r2_2_a_full_category_gives_2_vp() -> None:
    s = game()
    from boardlab.games.linnaeus import rewards

    s.knowledge[0] = 2
    rewards.gain_knowledge(s, 0, 0)
    assert s.knowledge[0] == 2 and s.vp[0] == 2


def test_ruling_diagonal_research_with_the_lens() -> None:
    s = game()
    lens = 6 + by_id(CONTENT.advanced, "AL08")
    with_frames(s, ("research", 0, lens))
    assert {"point 0", "point 2", "point 6", "point 8"} <= set(ids(s))


# ---------------------------------------------------------------------------- §9.3 correspond
def _letter(colour: int, plain: bool = True) -> list[int]:
    return [i for i, x in enumerate(CONTENT.letters)
            if x.colour == colour and bool(REWARDS[x.send].pay) != plain]


def test_r9_3_write_takes_a_letter_and_its_write_reward() -> None:
    s = game()
    letter = s.letter_display[1]
    with_frames(s, ("correspond", 0, -2))
    play(s, oid("write", letter))
    assert s.letters[0] == (letter,) and s.letter_display[1] == -1


def test_r9_3_send_re_triggers_the_column() -> None:
    s = game()
    a, b = _letter(0)[:2]
    s.letters[0] = (a, b)
    vp = REWARDS[CONTENT.letters[a].send].vp
    vp_b = REWARDS[CONTENT.letters[b].send].vp
    with_frames(s, ("correspond", 0, -2))
    play(s, oid("send", a))
    assert kind(s) == "send_letter"
    play(s, oid("send", b))
    assert s.sent[0] == (a, b) and s.sent_col[0] == (0, 0)
    assert s.vp[0] == vp + vp + vp_b


def test_ruling_14_a_full_column_opens_a_new_one() -> None:
    s = game()
    red = _letter(0)
    s.sent[0] = tuple(red[:3])
    s.sent_col[0] = (0, 0, 0)
    from boardlab.games.linnaeus.correspond import column_for

    assert column_for(s, 0, 0) == 1
    assert column_for(s, 0, 1) == 1  # another colour starts its own column


def test_r9_3_paid_send_rewards_are_optional() -> None:
    s = game()
    paid = _letter(0, plain=False)[0]
    s.letters[0] = (paid,)
    s.coins[0] = s.tools[0] = s.containers[0] = 5
    with_frames(s, ("correspond", 0, -2))
    play(s, oid("send", paid))
    assert kind(s) == "pay_reward"
    play(s, "skip")
    assert s.vp[0] == 0


def test_ruling_15_a_letter_written_earlier_may_be_sent() -> None:
    s = game()
    with_frames(s, ("correspond", 0, -2), ("correspond", 0, -2))
    letter = s.letter_display[0]
    play(s, oid("write", letter))
    assert oid("send", letter) in ids(s)


def test_r7_3_send_limit_three() -> None:
    s = game()
    s.letters[0] = tuple(_letter(1)[:4])
    lens = 6 + by_id(CONTENT.advanced, "AL11")
    with_frames(s, ("correspond", 0, lens))
    for _ in range(3):
        play(s, next(i for i in ids(s) if i.startswith("send")))
        while kind(s) not in ("send_letter", "place_lens"):
            play(s, ids(s)[0])
    assert len(s.sent[0]) == 3


# ---------------------------------------------------------------------------- §9.4 cultivate
def test_r9_4_plant_on_an_empty_spot_gains_its_reward() -> None:
    s = game()
    t11 = spot("T1-1")
    s.spot_owner[t11] = -1
    with_frames(s, ("cultivate", 0, -2))
    play(s, oid("plant", 2, t11))
    assert s.spot_owner[t11] == 0 and s.spot_value[t11] == 2 and s.coins[0] == 1
    assert s.flowers[0:3] == [4, 3, 4]


def test_r9_4_cultivate_pays_2_tools_and_takes_the_row_pond() -> None:
    s = game()
    x = spot("T1-5")  # row 1
    s.spot_owner[x], s.spot_value[x] = 0, 1
    s.tools[0] = 2
    sketch = s.pond_sketch[1]
    with_frames(s, ("cultivate", 0, -2))
    play(s, oid("cultivate", x))
    assert s.tools[0] == 0 and s.spot_dark[x] and s.spot_value[x] == 2
    assert sketch in s.sketches[0] and s.pond_sketch[1] == -1


def test_ruling_20_a_dark_flower_is_not_cultivated_again() -> None:
    s = game()
    x = spot("T1-5")
    s.spot_owner[x], s.spot_value[x], s.spot_dark[x] = 0, 2, 1
    s.tools[0] = 2
    with_frames(s, ("cultivate", 0, -2))
    assert oid("cultivate", x) not in ids(s)


def test_r9_4_cultivating_needs_the_tools() -> None:
    s = game()
    x = spot("T1-5")
    s.spot_owner[x], s.spot_value[x] = 0, 1
    s.tools[0] = 1
    with_frames(s, ("cultivate", 0, -2))
    assert oid("cultivate", x) not in ids(s)
    lens = 6 + by_id(CONTENT.advanced, "AL16")
    with_frames(s, ("cultivate", 0, lens))
    assert oid("cultivate", x) in ids(s)


def test_ruling_45_discounts_stack() -> None:
    from boardlab.games.linnaeus.garden import cultivate_cost

    s = game()
    s.character[0] = by_id(CONTENT.characters, "CH3")
    assert cultivate_cost(s, 0, 6 + by_id(CONTENT.advanced, "AL16")) == 0


# ---------------------------------------------------------------------------- §9.5 voyage
def test_r9_5_voyage_repeats_move_the_same_ship() -> None:
    s = game()
    s.voyages[0] = (by_id(CONTENT.voyages, "VY01"), by_id(CONTENT.voyages, "VY02"))
    s.ships[0], s.links[0] = (0, 0), (-1, -1)
    with_frames(s, ("repeat", 0, 4, 2, 0, -2))
    play(s, oid("ship", s.voyages[0][1]))
    while kind(s) != "turn_window":
        play(s, ids(s)[0])
    play(s, "continue")
    assert s.ships[0][1] == 2 and s.ships[0][0] == 0  # no second question


def test_ruling_16_after_arriving_another_ship_may_sail() -> None:
    s = game()
    first = by_id(CONTENT.voyages, "VS1")
    s.voyages[0] = (first, by_id(CONTENT.voyages, "VS2"))
    s.ships[0], s.links[0] = (2, 0), (-1, -1)
    with_frames(s, ("repeat", 0, 4, 2, 0, -2))
    play(s, oid("ship", first))
    while kind(s) != "turn_window":
        play(s, ids(s)[0])
    assert s.ships[0][0] == 3
    play(s, "continue")
    assert s.ships[0][1] == 1  # the other ship, the only one left


def test_r12_3_coloured_spaces_repeat_by_the_helm() -> None:
    s = game()
    card = by_id(CONTENT.voyages, "VS1")  # first space: 1 coin, crimson
    s.voyages[0], s.ships[0], s.links[0] = (card,), (0,), (-1,)
    s.helm = 0  # crimson 1, gold 2, azure 3
    s.helm = next(k for k, dots in enumerate(CONTENT.helm) if dots[0] == 3)
    with_frames(s, ("voyage", 0, -2))
    assert s.coins[0] == 3
    lens = 6 + by_id(CONTENT.advanced, "AL22")
    s.ships[0] = (0,)
    s.coins[0] = 0
    with_frames(s, ("voyage", 0, lens))
    assert s.coins[0] == 4


def test_r9_5_a_completed_voyage_cannot_sail() -> None:
    s = game()
    card = by_id(CONTENT.voyages, "VS1")
    s.voyages[0], s.ships[0], s.links[0] = (card,), (3,), (-1,)
    with_frames(s, ("voyage", 0, -2))
    assert s.ships[0] == (3,)


def test_r7_3_split_ships_asks_every_step() -> None:
    s = game()
    s.voyages[0] = (by_id(CONTENT.voyages, "VY01"), by_id(CONTENT.voyages, "VY02"))
    s.ships[0], s.links[0] = (0, 0), (-1, -1)
    s.ship_sel[0] = 0
    lens = 6 + by_id(CONTENT.advanced, "AL21")
    with_frames(s, ("voyage", 0, lens))
    assert ids(s) == [oid("ship", s.voyages[0][0]), oid("ship", s.voyages[0][1])]


def test_r12_4_an_exotic_gives_its_knowledge() -> None:
    s = game()
    exotic = s.exotic_display[0]
    with_frames(s, ("exotic_pick", 0, 1))
    play(s, oid("exotic", exotic))
    while kind(s) == "knowledge_pick":
        play(s, ids(s)[0])
    assert s.exotics[0] == (exotic,)
    assert sum(knowledge(s, 0).values()) == len(CONTENT.exotics[exotic].knowledge)


def test_r12_4_an_empty_exotic_display_loses_the_reward() -> None:
    s = game()
    s.exotic_display = [-1, -1, -1]
    with_frames(s, ("turn_end", 0), ("exotic_pick", 0, 1))
    assert s.exotics[0] == ()


def test_cat_helper() -> None:
    assert cat("soil") == 5
