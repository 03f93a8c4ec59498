"""Fires: lab fires (C-9.8, C-11.1), the extinguisher window (C-11.2, D7, C-12.2), explosions
and scatter (C-11.3, D9, A19, A20, A21), wild tokens in a scatter (C-12.1)."""

from __future__ import annotations

from boardlab.games.compounded import frames as F
from boardlab.games.compounded.board import NEIGHBOURS

from .helpers import (
    assert_clean,
    claim_for,
    complete_ext,
    fill,
    ids,
    new_game,
    pos_of,
    put_wild,
    quiet_field,
    run_frames,
    set_card,
    set_level,
    stopped,
    vacate,
)

FIRE = (F.LabFire.key, -1)


def table(players=3, seed=31, lead=0):
    s = new_game(players, seed=seed)
    s.lead = lead
    quiet_field(s)
    return s


def test_lab_fire_only_touches_flammable_compounds_C_11_1_C_9_8():
    """C-11.1 / C-9.8: a token on every flammable compound (Bunsen-converted ones too),
    none on the others."""
    s = table()
    set_card(s, pos_of(0, 0), "methane")
    set_card(s, pos_of(0, 1), "acetic_acid")
    s.burned[pos_of(3, 3)] = 1
    s.fire[pos_of(3, 3)] = 0
    fill(s, pos_of(0, 1))  # complete-but-unscored compounds burn too
    run_frames(s, FIRE)
    assert stopped(s)
    burning = {pos for pos in range(16) if s.fire[pos]}
    assert burning == {pos_of(0, 0), pos_of(0, 1), pos_of(3, 3)}


def test_extinguishers_protect_listed_compounds_in_rounds_C_11_2_D7_C_12_2():
    """C-11.2 / D7: complete-extinguisher holders are asked in lead order, again and again
    until a full pass without a use; each use stops one token; the extinguisher's crystals
    go back to the bag. An incomplete extinguisher cannot be used."""
    s = table(lead=1)
    set_card(s, pos_of(0, 0), "methane")
    set_card(s, pos_of(0, 1), "ethane")
    set_card(s, pos_of(0, 2), "ammonia")
    complete_ext(s, 0)
    complete_ext(s, 2)
    s.bag[1] -= 1
    s.extinguisher_items[1] = (1, 0, 0)  # player 1's is not complete
    s.extinguisher_holder[2] = 0  # player 0 holds two complete extinguishers
    run_frames(s, FIRE)
    assert s.decision.kind == "extinguish" and s.decision.player == 0
    assert set(ids(s)) == {"protect 0,0", "protect 0,1", "protect 0,2", "decline"}
    bag = sum(s.bag)
    s.apply("protect 0,1")
    assert s.extinguisher_holder[0] == -1 and sum(s.bag) == bag + 3
    # players 1 and 2 have no complete extinguisher; player 0 is asked again
    assert s.decision.player == 0 and "protect 0,1" not in ids(s)
    s.apply("protect 0,0")
    assert stopped(s)  # player 0 has none left: nobody can answer any more
    assert [s.fire[pos_of(0, c)] for c in range(3)] == [0, 0, 1]
    assert_clean(s)


def test_explosion_returns_the_disc_and_the_claimant_scatters_C_11_3_D9_A21():
    """C-11.3 / D9 / A21: the card leaves, its permanent disc returns to available; the
    claimant places each item on an adjacent compound with a matching space (must place
    when one exists); items with no space go to the bag; no temporary claim."""
    s = table()
    centre = pos_of(1, 1)
    for pos in range(16):
        if pos not in NEIGHBOURS[centre] and pos != centre:
            vacate(s, pos)
    for pos in NEIGHBOURS[centre]:
        vacate(s, pos)
    set_card(s, centre, "hydrazoic_acid")  # H N N N, limit 1
    fill(s, centre)
    set_level(s, 2, "study", 2)
    claim_for(s, centre, 2)
    set_card(s, pos_of(0, 0), "water")  # H H O
    set_card(s, pos_of(2, 2), "nitrous_oxide")  # O N N
    fill(s, pos_of(0, 0), leave=["H"])
    set_card(s, pos_of(3, 3), "ammonia")  # not adjacent
    bag = sum(s.bag)
    run_frames(s, FIRE)
    assert s.field_card[centre] == -1 and s.free_discs[2] == 2
    assert s.decision.kind == "scatter_item" and s.decision.player == 2
    assert set(ids(s)) == {"item H", "item N"}  # the order is the claimant's choice
    s.apply("item N")  # only 2,2 takes N: the space is forced
    s.apply("item N")
    # the last N has no space left and H has one place only: all forced from here
    assert stopped(s)
    assert s.field_open[pos_of(0, 0)] == 0 and s.claim_owner[pos_of(0, 0)] == -1
    assert s.field_items[pos_of(2, 2)] == (0, 1, 1)
    assert sum(s.bag) == bag + 1  # the third N had no space left
    assert s.fire[pos_of(2, 2)] == 0  # scatter adds no fire tokens: no chain
    assert_clean(s)


def test_unclaimed_explosion_is_scattered_by_the_lead_with_choices_C_11_3():
    s = table(lead=2)
    centre = pos_of(1, 1)
    for pos in range(16):
        if pos != centre:
            vacate(s, pos)
    set_card(s, centre, "hydrazoic_acid")
    fill(s, centre)
    set_card(s, pos_of(0, 0), "hydrazine")  # H4 N2
    set_card(s, pos_of(2, 2), "ammonia")  # H3 N
    run_frames(s, FIRE)
    # hydrazine and ammonia are flammable too: they got a token each (limits 4 and 3)
    assert s.decision.kind == "scatter_item" and s.decision.player == 2
    assert set(ids(s)) == {"item H", "item N"}
    s.apply("item N")
    assert s.decision.kind == "scatter_space"
    assert set(ids(s)) == {"space 0,0,4", "space 2,2,3"}
    s.apply("space 2,2,3")
    s.apply("item N")
    s.apply("item H")
    s.apply("space 0,0,0")
    assert stopped(s)
    assert_clean(s)


def test_wild_token_scatters_anywhere_or_leaves_the_game_C_12_1():
    s = table()
    centre = pos_of(0, 0)
    for pos in range(16):
        if pos != centre:
            vacate(s, pos)
    set_card(s, centre, "hydrazoic_acid")
    put_wild(s, centre, 0, from_player=1)
    fill(s, centre)
    set_card(s, pos_of(1, 1), "calcium_oxide")  # O Ca: neither H nor N fits
    run_frames(s, FIRE)
    assert s.decision.kind in ("scatter_space", "scatter_item")
    assert set(ids(s)) == {"space 1,1,0", "space 1,1,1"}  # the wild token, into any element
    s.apply("space 1,1,1")
    assert stopped(s)
    assert s.field_items[pos_of(1, 1)] == (0, 2) and s.wild_out == 0

    s = table()
    for pos in range(16):
        if pos != centre:
            vacate(s, pos)
    set_card(s, centre, "hydrazoic_acid")
    put_wild(s, centre, 0, from_player=1)
    run_frames(s, FIRE)
    assert stopped(s) and s.wild_out == 1  # no neighbour: the wild token leaves the game
    assert_clean(s)


def test_simultaneous_explosions_leave_first_then_scatter_in_reading_order_A19():
    """A19: every exploding card leaves before any scatter, so none receives items from
    another; scatter goes card by card in reading order."""
    s = table()
    a, b, target = pos_of(1, 1), pos_of(1, 2), pos_of(0, 1)
    for pos in range(16):
        if pos not in (a, b):
            vacate(s, pos)
    set_card(s, a, "hydrazoic_acid")
    set_card(s, b, "hydrazoic_acid")
    fill(s, a)  # H N N N
    fill(s, b, leave=["H"])  # N N N
    set_card(s, target, "hydrazine")  # H4 N2, adjacent to both
    bag = sum(s.bag)
    run_frames(s, FIRE)
    assert s.field_card[a] == -1 and s.field_card[b] == -1  # both gone before scattering
    assert s.scatter[0][0] == a and s.scatter[1][0] == b
    assert s.decision.kind == "scatter_item" and s.decision.player == 0
    s.apply("item N")
    s.apply("item N")  # hydrazine's two N spaces are now full
    assert stopped(s)  # a's H is forced into hydrazine; the other N all go to the bag
    assert s.field_items[target].count(1) == 3
    assert sum(s.bag) == bag + 4
    assert_clean(s)


def test_fire_tokens_are_unlimited_A20():
    """A20: the 15 fire tokens in the box do not limit placements."""
    s = table()
    limit4 = ["acetic_acid", "formic_acid", "hydrazine", "nitromethane", "trioxane"]
    limit3 = ["ammonia", "methanol", "ethanol", "acetone", "carbon_disulfide", "acetonitrile"]
    for pos, compound in enumerate(limit4 + limit3):
        set_card(s, pos, compound)
    for pos in range(5):
        s.fire[pos] = 3
    assert sum(s.fire) == 15
    run_frames(s, FIRE)
    while not stopped(s):
        s.apply(ids(s)[0])
    assert [s.fire[pos] for pos in range(5, 11)] == [1] * 6
    assert all(s.field_card[pos] == -1 for pos in range(5))
    assert_clean(s)


def test_bunsen_and_lab_fire_tokens_are_one_kind_E6():
    """E6: the seed's two names are one fire token: a Bunsen token and a lab-fire token add
    up to the limit 2 of a converted compound, which then explodes."""
    s = table()
    target = pos_of(2, 1)
    set_card(s, target, "water")
    s.fire[target] = 1
    s.burned[target] = 1
    run_frames(s, FIRE)
    assert s.field_card[target] == -1
    assert_clean(s)


def test_wild_token_on_a_discarded_extinguisher_leaves_the_game_A38():
    s = table()
    set_card(s, pos_of(0, 0), "methane")
    s.bag[1] -= 1
    s.bag[2] -= 1
    s.wild[0] -= 1
    s.extinguisher_items[0] = (1, 1, 2)
    run_frames(s, FIRE)
    s.apply("protect 0,0")
    assert s.wild_out == 1 and s.extinguisher_holder[0] == -1
    assert_clean(s)
