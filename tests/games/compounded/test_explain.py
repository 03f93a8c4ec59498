"""``explain(action)``: what each option of the pending decision does for the scientist to
move (the terminal's ``?``), with its numbers read from the content data and the rules; and
``score_breakdown()``: each side's points by the source the rules give them."""

from __future__ import annotations

import random

import pytest

import boardlab
from boardlab.agents import make
from boardlab.engine import Action
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.content import BUNSEN, CONTENT, ELEMENTS, PAPER, TRACKS
from boardlab.games.compounded.scoring import (
    COMPOUNDS_SCORED,
    EXTINGUISHERS,
    ITEMS_ON_CLAIMS,
    STABILITY_APPROVAL,
    STORAGE,
    WILD_TOKENS,
)
from boardlab.games.compounded.workbench import TRACK_LEVELS

from .helpers import (
    claim_for,
    complete_ext,
    eager_choice,
    fill,
    give_equipment,
    ids,
    lab_table,
    new_game,
    pos_of,
    put_wild,
    quiet_field,
    ready,
    research_turn,
    run_frames,
    set_card,
    set_level,
    set_storage,
    start_at,
    start_discovery,
    vacate,
)

SCORING = (F.LabTurns.key, -1, 0)
TR = {name: i for i, name in enumerate(TRACKS)}


def option(state, ident: str) -> Action:
    """The pending decision's option with this id."""
    return next(a for a in state.legal_actions() if a.id == ident)


def explained(state, ident: str) -> str:
    return state.explain(option(state, ident))


def level_text(track: str, level: int) -> str:
    """How ``explain`` names a one-level change from 1-based ``level``, from the data."""
    t = TR[track]
    values = TRACK_LEVELS[t]
    return (
        f"{track} from level {level} to {level + 1} of {len(values)} "
        f"(value {values[level - 1]} to {values[level]})"
    )


# ---------------------------------------------------------------- Study


def test_a_claim_names_the_compound_its_needs_points_fire_limit_and_equipment_C_7_1():
    """D3: claiming names the card (name, formula, position), its atomic points, its state
    and experiment, its fire limit and tokens, the equipment it gives, its spaces and what
    it still needs, and how much of that the claimant holds."""
    s = new_game(3, seed=2)
    p = s.decision.player
    pos = pos_of(1, 1)
    set_card(s, pos, "carbonyl_sulfide")
    fill(s, pos, leave=["O", "S"])
    set_storage(s, p, O=2, H=1)
    s.refresh()
    cos = CONTENT.compound("carbonyl_sulfide")
    bunsen = CONTENT.equipment[BUNSEN]
    text = explained(s, "claim 1,1")
    assert text.startswith(f"Claim {cos.name} {cos.formula} at 1,1 ({cos.atomic_points} AP; ")
    assert f"{cos.state} (scoring it may raise {TRACKS[cos.experiment]} or lab)" in text
    assert f"fire limit {cos.fire_limit}, 0 fire tokens on it" in text
    assert f"gives equipment: {bunsen.name} ({bunsen.effect})" in text
    assert "C .O .S, needs 1 O, 1 S, unclaimed" in text
    assert "your storage holds 2 O, 0 S" in text
    assert "permanent claim" in text
    assert explained(s, "pass").startswith("Stop claiming for this Study phase (a pass is final)")


def test_a_full_unclaimed_compound_is_scored_this_round_once_claimed_A9():
    s = new_game(3, seed=2)
    set_card(s, pos_of(0, 0), "water")
    fill(s, pos_of(0, 0))
    s.refresh()
    assert "It is already full: you score it in this round's Lab phase" in explained(s, "claim 0,0")


def test_relocation_names_both_compounds_C_7_3_D4():
    s = new_game(3, seed=2)
    s.lead = 0
    quiet_field(s)
    set_card(s, pos_of(0, 0), "water")
    fill(s, pos_of(0, 0), leave=["O"])
    claim_for(s, pos_of(0, 0), 0, placed=1)
    set_card(s, pos_of(2, 2), "calcium_oxide")
    s.round = 2
    run_frames(s, (F.RelocationRound.key, -1, 0))
    assert s.decision.kind == "relocate"
    text = explained(s, "relocate 0,0")
    assert text.startswith("Move your claim on Water H2O at 0,0 (placed in round 1)")
    assert "keeps its 2 items" in text
    s.apply("relocate 0,0")
    target = explained(s, "to 2,2")
    assert target.startswith("Your claim moves from Water H2O at 0,0 to Calcium oxide CaO at 2,2")
    assert f"({CONTENT.compound('calcium_oxide').atomic_points} AP;" in target


# ---------------------------------------------------------------- Research


def test_filling_the_last_space_explains_the_temporary_claim_C_8_2_A8_A29():
    """C-8.2 step 3: completing an unclaimed compound puts a reserve disc on it, unless the
    reserve is empty; completing another's claim gives nothing. The text says which, and the
    rule then does what it said."""
    s = new_game(3, seed=5)
    s.lead = 0
    quiet_field(s)
    water = pos_of(0, 0)
    set_card(s, water, "water")
    fill(s, water, leave=["O"])
    set_storage(s, 0, O=1)
    research_turn(s, 0)
    s.apply("place O")
    text = explained(s, "space 0,0,2")
    assert text == (
        "Put 1 O from your storage into space 2 (O) of Water H2O at 0,0 (3 AP, unclaimed): it "
        "would read H H O. That completes it and one of your reserve discs goes on it as a "
        "temporary claim: you score it (3 AP) in this round's Lab phase."
    )
    empty = s.clone()
    empty.reserve[0] = 0
    empty.forget_decision()
    assert "your reserve is empty: it stays full and unclaimed" in explained(empty, "space 0,0,2")
    theirs = s.clone()
    claim_for(theirs, water, 1)
    theirs.forget_decision()
    assert (
        "That completes P2's claim: they score it (3 AP); completing another scientist's claim "
        "gives you nothing" in explained(theirs, "space 0,0,2")
    )
    elsewhere = explained(s, "space 0,1,0")  # the quiet field's nitrous oxide
    assert elsewhere.endswith(
        "Nitrous oxide N2O at 0,1 (4 AP, unclaimed): it would read O .N .N, still needing 2 N."
    )
    s.apply("space 0,0,2")
    assert s.claim_owner[water] == 0 and s.claim_temp[water] == 1


def test_placement_options_list_where_an_item_can_go_C_8_2():
    s = new_game(3, seed=5)
    s.lead = 0
    quiet_field(s)
    for pos in range(16):
        if pos not in (pos_of(0, 0), pos_of(3, 3)):
            vacate(s, pos)
    set_card(s, pos_of(0, 0), "water")
    set_card(s, pos_of(3, 3), "calcium_oxide")
    set_storage(s, 0, H=2, Ca=1)
    research_turn(s, 0)
    allowance = TRACK_LEVELS[TR["research"]][0]
    assert explained(s, "place H") == (
        f"Place 1 H from your storage (2 there), placement 1 of {allowance}. It can go on: "
        "Water 0,0."
    )
    assert explained(s, "place Ca").endswith("It can go on: Calcium oxide 3,3.")
    wild = explained(s, "place wild")
    assert "your wild token" in wild and f"would score {CONTENT.end_per_wild} AP" in wild
    assert wild.endswith("Water 0,0, Calcium oxide 3,3, and your extinguisher 0.")
    assert explained(s, "done") == (
        f"End your research turn now, with {allowance} of your {allowance} placements unused."
    )


def test_the_last_space_of_an_extinguisher_makes_it_full_C_12_2():
    s = new_game(3, seed=5)
    s.lead = 0
    quiet_field(s)
    s.extinguisher_items[0] = (1, 1, 0)  # C and one O already on it
    s.bag[1] -= 1
    s.bag[2] -= 1
    set_storage(s, 0, O=1)
    research_turn(s, 0)
    s.apply("place O")
    assert explained(s, "space ext,0,2") == (
        "Put 1 O from your storage into space 2 (O) of your extinguisher 0: it would read "
        "[C O O]; full, it can be discarded to stop one fire token, and held at the end it "
        f"scores {CONTENT.extinguisher_points} AP."
    )


def test_exchanges_say_what_they_cost_and_bar_C_8_2_A10_A31():
    s = new_game(3, seed=5)
    s.lead = 0
    quiet_field(s)
    set_storage(s, 0, H=3)
    give_equipment(s, 0, "pipette")
    research_turn(s, 0)
    swap = explained(s, "swap3 H")
    assert swap.startswith("Exchange 3 for 1: return 3 of your 3 H to the bag, then take 1")
    assert "not use a pipette this round after it" in swap
    pipette = explained(s, "pipette H")
    assert pipette.startswith("Use a pipette token (1 use left this round): return 2 of your 3 H")
    assert "3-for-1 exchanges are then barred" in pipette
    s.apply("swap3 H")
    assert s.decision.kind == "exchange_take"
    bag_s = s.bag[ELEMENTS.index("S")]
    assert explained(s, "take S") == (
        f"Take 1 S from the bag ({bag_s} there) into your storage (then 1/4 (S1))."
    )


def test_goggles_draw_the_discovery_value_into_the_pool_C_8_1():
    s = new_game(3, seed=5)
    s.lead = 0
    quiet_field(s)
    give_equipment(s, 1, "goggles")
    set_level(s, 1, "discovery", 2)
    start_at(s, "research")
    assert s.decision.kind == "goggles" and s.decision.player == 1
    draws = TRACK_LEVELS[TR["discovery"]][1]
    text = explained(s, "goggles")
    assert text.startswith(f"Discard your goggles token (back to the supply) to draw {draws} ")
    assert "goggles pool" in text


def test_a_bunsen_burner_says_what_the_token_does_C_8_3_A13():
    """A limit-1 compound explodes at once (with the items it scatters); a non-flammable one
    becomes flammable with the data's Bunsen limit."""
    s = new_game(2, seed=8)
    s.lead = 0
    quiet_field(s)
    hn3 = pos_of(2, 2)
    set_card(s, hn3, "hydrazoic_acid")
    fill(s, hn3, leave=["N", "N"])  # H and one N on it
    set_card(s, pos_of(0, 0), "water")
    give_equipment(s, 0, "bunsen")
    start_at(s, "research")
    assert s.decision.kind == "bunsen"
    limit = CONTENT.compound("hydrazoic_acid").fire_limit
    text = explained(s, "burn 2,2")
    assert text.startswith("Discard your bunsen token (back to the supply) to put a fire token on")
    assert f"Hydrazoic acid HN3 at 2,2 (5 AP, unclaimed, fire limit {limit}, 0 fire tokens" in text
    assert f"reaches its fire limit of {limit} and explodes" in text and "its 2 items" in text
    water = explained(s, "burn 0,0")
    assert water.endswith(
        f"not flammable): it becomes flammable with fire limit {CONTENT.bunsen_fire_limit} "
        "while it stays on the field."
    )
    assert explained(s, "decline").startswith("Do not burn")


def test_an_extinguisher_says_what_it_stops_and_what_it_costs_C_11_2():
    s = lab_table(3, seed=31, lead=1)
    set_card(s, pos_of(0, 0), "methane")
    s.fire[pos_of(0, 0)] = 1
    set_card(s, pos_of(0, 1), "ammonia")
    complete_ext(s, 0)
    run_frames(s, (F.LabFire.key, -1))
    assert s.decision.kind == "extinguish" and s.decision.player == 0
    methane = CONTENT.compound("methane").fire_limit
    ammonia = CONTENT.compound("ammonia").fire_limit
    text = explained(s, "protect 0,0")
    assert text.startswith(
        f"Discard your full extinguisher 0 (its crystals go back to the bag and you lose its "
        f"{CONTENT.extinguisher_points} end-game AP): Methane CH4 at 0,0"
    )
    assert text.endswith(
        f"Without it, it reaches its fire limit of {methane} and explodes: it "
        "leaves the field, its claim disc goes home and its 0 items scatter "
        "onto adjacent compounds."
    )
    assert explained(s, "protect 0,1").endswith(
        f"Without it, it would hold 1 of its limit of {ammonia} fire tokens."
    )
    decline = explained(s, "decline")
    assert decline == (
        "Let the fire tokens fall on Methane 0,0, Ammonia 0,1; these would explode: Methane 0,0."
    )


# ---------------------------------------------------------------- Discovery


def test_trading_options_show_the_offer_as_it_would_stand_D1_C_6_2():
    s = new_game(3, seed=4)
    s.round = 2
    s.lead = 0
    for p in range(3):
        set_storage(s, p, H=1)
    start_discovery(s)
    set_storage(s, 0, H=2, O=1)
    set_storage(s, 1, C=2)
    give_equipment(s, 0, "pipette")
    s.refresh()
    assert s.decision.kind == "trade_offer" and s.decision.player == 0
    offer = explained(s, "offer 1")
    assert offer.startswith("Start a trade offer to P2 (seat 1):")
    assert (
        "P2 can trade: C2 wild 1 ext1[.C .O .O]; "
        "you can trade: H2 O1 wild 1 pipette 1 ext0[.C .O .O]" in offer
    )
    assert f"one of your {CONTENT.proposals_per_phase} offers left" in offer
    assert "(1 with this one)" in explained(s, "pass")
    s.apply("offer 1")
    pipette = CONTENT.equipment[2]
    give = explained(s, "give pipette")
    assert give == (
        f"Add your pipette token: {pipette.name} ({pipette.effect}) to what you give. The "
        "offer would be: you give 1 pipette for nothing."
    )
    s.apply("give O")
    assert explained(s, "ask C") == (
        "Add 1 C from P2's storage (2 there) to what you ask of P2. The offer would be: you "
        "give 1 O for 1 C."
    )
    s.apply("ask C")
    assert explained(s, "send").startswith(
        "Send the offer to P2: if they accept, you give 1 O and get 1 C"
    )
    s.apply("send")
    assert s.decision.kind == "trade_reply" and s.decision.player == 1
    assert explained(s, "accept") == (
        "Accept: you get 1 O from P1 and give them 1 C. Your storage would be 2/4 (C1 O1)."
    )
    assert explained(s, "decline") == "Decline: nothing changes hands."


def test_returning_an_excess_crystal_counts_down_C_6_3():
    s = new_game(3, seed=4)
    s.round = 2
    s.lead = 0
    start_discovery(s, trading=False)
    set_storage(s, 0, H=4, C=2)
    s.stack = [s.stack[0], (F.CapacityCheck.key, -1)]
    s.refresh()
    assert s.decision.kind == "return_excess" and s.decision.player == 0
    assert explained(s, "return C") == (
        "Return 1 C of your 2 to the bag; 1 more to return after it (capacity 4, your Lab value)."
    )


# ---------------------------------------------------------------- Lab


def test_scoring_says_the_points_disc_experiment_and_equipment_C_9_2():
    s = lab_table()
    ready(s, pos_of(0, 0), "water", 0)
    set_level(s, 0, "study", 2)
    ready(s, pos_of(1, 1), "carbonyl_sulfide", 0)
    s.ap[0] = 10
    run_frames(s, SCORING)
    assert s.decision.kind == "score" and s.decision.player == 0
    bunsen = CONTENT.equipment[BUNSEN]
    assert explained(s, "score 1,1") == (
        "Resolve Carbonyl sulfide COS at 1,1: +6 AP (you would have 16); your disc becomes "
        "available again; you may raise discovery or lab; you take equipment, usable from next "
        f"round: {bunsen.name} ({bunsen.effect}); then its crystals go back to the bag."
    )


def test_an_experiment_raise_says_its_new_value_and_effects_C_9_3_E4():
    """Study to level 4: the value, the disc it frees and the academic paper it brings."""
    s = lab_table()
    ready(s, pos_of(0, 0), "calcium_carbonate", 0)  # a solid: Study
    set_level(s, 0, "study", 3)
    run_frames(s, SCORING)
    assert s.decision.kind == "experiment"
    paper = CONTENT.equipment[PAPER]
    assert explained(s, "raise study") == (
        f"Raise {level_text('study', 3)}: up to 3 claims in play, so 1 reserve disc becomes "
        f"available; you take equipment, usable from next round: {paper.name} ({paper.effect})."
    )
    assert explained(s, "raise lab") == f"Raise {level_text('lab', 1)}: storage capacity 5."
    assert explained(s, "none") == (
        "Leave your experiments as they are; Calcium carbonate still scores."
    )


def test_stability_names_the_scientist_and_the_points_C_10_1():
    s = lab_table()
    ready(s, pos_of(0, 0), "hydrogen_peroxide", 0)
    run_frames(s, SCORING)
    ap = CONTENT.compound("hydrogen_peroxide").atomic_points
    s.apply("none")
    assert s.decision.kind == "stability"
    assert explained(s, "approve 1,study") == (
        f"Raise P2's {level_text('study', 1)}: up to 2 claims in play, so 1 reserve disc "
        f"becomes available; you gain the full {ap} AP."
    )
    maxed = lab_table(players=3)
    ready(maxed, pos_of(0, 0), "hydrogen_peroxide", 0)
    for track, level in (("discovery", 5), ("study", 5), ("research", 5), ("lab", 4)):
        set_level(maxed, 1, track, level)
    run_frames(maxed, SCORING)
    maxed.apply("none")
    assert explained(maxed, "approve 1") == (
        f"P2 has every experiment at the top: you and P2 each gain {ap // 2} AP."
    )
    maxed.apply("approve 1")
    rows = maxed.score_breakdown()
    assert [row[STABILITY_APPROVAL] for row in rows] == [ap // 2, ap // 2, 0]
    assert [row[COMPOUNDS_SCORED] for row in rows] == [0, 0, 0]


def test_a_cylinder_names_both_changes_and_a_study_drop_C_9_5_C_7_4():
    s = lab_table()
    give_equipment(s, 0, "cylinder")
    set_level(s, 0, "study", 2)
    claim_for(s, pos_of(0, 0), 0)
    claim_for(s, pos_of(0, 1), 0)
    run_frames(s, SCORING)
    assert s.decision.kind == "cylinder"
    text = explained(s, "cylinder study,lab")
    assert text.startswith("Use a cylinder token (1 use left this round): lower study")
    assert (
        "lower study from level 2 to 1 of 5 (value 2 to 1): up to 1 claims in play; your "
        "claims in play then exceed it" in text
    )
    assert text.endswith(f"and raise {level_text('lab', 1)}: storage capacity 5.")


def test_handle_with_care_and_the_paper_name_the_card_being_scored_C_10_3_C_9_2():
    s = lab_table()
    for pos in range(16):
        if pos not in (pos_of(0, 0), pos_of(1, 1)):
            vacate(s, pos)
    ready(s, pos_of(0, 0), "peroxydisulfuric_acid", 0)
    set_card(s, pos_of(1, 1), "water")
    set_card(s, pos_of(2, 2), "carbon_dioxide")
    run_frames(s, SCORING)
    s.apply("none")
    assert s.decision.kind == "handle_item" and s.decision.player == 0
    text = explained(s, "item O")
    assert text.startswith(
        "Take 1 O from Peroxydisulfuric acid (on it now: H H O O O O O O O O S S)"
    )
    assert "anywhere on the field: Water 1,1, Carbon dioxide 2,2" in text
    s.apply("item O")
    assert explained(s, "space 1,1,2") == (
        "Put the O from Peroxydisulfuric acid into space 2 (O) of Water H2O at 1,1 (3 AP, "
        "unclaimed): it would read .H .H O, still needing 2 H."
    )


def test_a_lab_key_says_who_would_lead_otherwise_C_9_9():
    s = lab_table(3, lead=0)
    give_equipment(s, 2, "labkey")
    give_equipment(s, 1, "labkey")
    run_frames(s, (F.LabKeyWindow.key, -1, 0))
    assert s.decision.kind == "lab_key" and s.decision.player == 1
    assert "as you would anyway" in explained(s, "labkey")
    s.apply("decline")
    assert explained(s, "labkey").startswith(
        "Discard your Lab Key token (back to the supply): you lead the next round instead of P2"
    )


# ---------------------------------------------------------------- every option, every seat


def test_every_option_is_explained_and_reads_nothing_hidden():
    """In eager playouts every option of every decision has a one-line explanation, the same
    on a determinized copy of the seat to move (the deck order, the only secret, is never
    read), and ``explain`` refuses what is not an option."""
    kinds = set()
    for seed in (0, 5):
        state = boardlab.new("compounded", 2 + seed % 4, seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            decision = state.decision
            kinds.add(decision.kind)
            texts = [state.explain(a) for a in decision.options]
            assert all(text and "\n" not in text for text in texts)
            if steps % 10 == 0:
                twin = state.determinize(decision.player, random.Random(steps))
                assert [twin.explain(a) for a in decision.options] == texts
            state.apply(eager_choice(state, rng))
            steps += 1
        with pytest.raises(ValueError, match="over"):
            state.explain(Action("pass"))
    assert len(kinds) >= 15
    s = new_game(3, seed=2)
    with pytest.raises(ValueError, match="not an option"):
        s.explain(Action("done"))


# ---------------------------------------------------------------- score breakdown


BONUSES = (ITEMS_ON_CLAIMS, STORAGE, EXTINGUISHERS, WILD_TOKENS)
SOURCES = (COMPOUNDS_SCORED, STABILITY_APPROVAL, *BONUSES)


def _stability_points(state) -> list[int]:
    """Each seat's AP from Stability approval, read from the public log (C-10.1)."""
    ap = CONTENT.compound("hydrogen_peroxide").atomic_points
    if not state.options["ap_cap"]:
        ap = CONTENT.compound("hydrogen_peroxide").uncapped_points
    gained = [0] * state.players
    for entry in state.log(None):
        if entry["kind"] != "stability":
            continue
        args = entry["id"].split(" ")[1].split(",")
        named = int(args[0])
        if len(args) == 1:
            gained[entry["seat"]] += ap // 2
            gained[named] += ap // 2
        else:
            gained[entry["seat"]] += ap
    return gained


def _end_bonuses(body, p) -> dict[str, int]:
    """C-14.2 from the final view."""
    items = sum(
        sum(1 for _, slot in entry["spaces"] if slot != "empty")
        for entry in body["field"]
        if entry is not None and entry["claimant"] == p
    )
    player = body["players"][p]
    return {
        ITEMS_ON_CLAIMS: items * CONTENT.end_per_item_on_claim,
        STORAGE: player["stored"] // CONTENT.end_storage_per_point,
        EXTINGUISHERS: CONTENT.extinguisher_points
        * sum(1 for ext in player["extinguishers"] if ext["complete"]),
        WILD_TOKENS: CONTENT.end_per_wild * player["wild_tokens"],
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_breakdown_adds_up_to_the_scores_over_finished_games_C_14_2(players):
    """Over random finished games: each side's sources add up to its score; compounds give
    their points, Stability approval what the log's approvals gave, the end bonuses C-14.2."""
    for seed in range(2):
        options = {"ap_cap": seed == 0}
        state = boardlab.new("compounded", players, 70 + seed, **options)
        agent = make("random", seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            if rng.random() < 0.5:
                state.apply(eager_choice(state, rng))
            else:
                state.apply(agent.choose(state))
        rows = state.score_breakdown()
        assert [sum(row.values()) for row in rows] == state.side_scores()
        body = state.view(None)["body"]
        stability = _stability_points(state)
        for p, row in enumerate(rows):
            assert tuple(row) == SOURCES
            scored = [CONTENT.compound(c) for c in body["players"][p]["scored"]]
            points = sum(
                c.atomic_points if options["ap_cap"] else c.uncapped_points
                for c in scored
                if c.id != "hydrogen_peroxide"
            )
            assert row[COMPOUNDS_SCORED] == points
            assert row[STABILITY_APPROVAL] == stability[p]
            assert {k: row[k] for k in BONUSES} == _end_bonuses(body, p)


def test_the_breakdown_during_play_has_no_end_bonuses_yet():
    s = lab_table()
    ready(s, pos_of(0, 0), "water", 0)
    set_storage(s, 0, H=4)
    run_frames(s, SCORING)
    s.apply("none")
    rows = s.score_breakdown()
    water = CONTENT.compound("water").atomic_points
    assert rows[0] == dict.fromkeys(SOURCES, 0) | {COMPOUNDS_SCORED: water}
    assert [sum(row.values()) for row in rows] == s.side_scores()


def test_the_final_breakdown_names_each_end_bonus_C_14_2():
    """The situation of test_end's final scoring, with the points scored in play."""
    s = lab_table(seed=41)
    set_level(s, 0, "study", 3)
    set_card(s, pos_of(0, 0), "urea")
    fill(s, pos_of(0, 0), leave=["H"])  # 7 of 8
    claim_for(s, pos_of(0, 0), 0)
    set_card(s, pos_of(0, 1), "nitric_oxide")
    put_wild(s, pos_of(0, 1), 0, from_player=1)
    claim_for(s, pos_of(0, 1), 0)
    ready(s, pos_of(0, 2), "water", 2, temporary=True)
    set_storage(s, 0, H=3, O=2)
    complete_ext(s, 0)
    s.wild[0] += 1
    s.wild[2] -= 1
    set_storage(s, 2)
    s.round = CONTENT.round_cap
    start_at(s, "lab")
    while not s.is_over:
        s.apply("none")
    rows = s.score_breakdown()
    assert rows[0] == {
        COMPOUNDS_SCORED: 0,
        STABILITY_APPROVAL: 0,
        ITEMS_ON_CLAIMS: 8,
        STORAGE: 2,
        EXTINGUISHERS: CONTENT.extinguisher_points,
        WILD_TOKENS: 2 * CONTENT.end_per_wild,
    }
    assert rows[2][COMPOUNDS_SCORED] == CONTENT.compound("water").atomic_points
    assert [sum(row.values()) for row in rows] == s.side_scores()


# ---------------------------------------------------------------- the board text


def test_the_board_names_seats_from_p1_and_compounds_by_name_with_a_legend():
    """Seats as the engine's sides (P1 is seat 0), claims and the lead in the same names,
    compounds by name, and a legend entry for every abbreviation shown."""
    s = new_game(3, seed=2)
    s.lead = 0
    set_card(s, pos_of(0, 0), "water")
    fill(s, pos_of(0, 0), leave=["O"])
    claim_for(s, pos_of(0, 0), 1)
    set_card(s, pos_of(3, 3), "carbonyl_sulfide")
    s.refresh()
    text = s.render(0)
    assert "round 1, study phase, lead P1 (you are P1)" in text
    assert "  0,0  Water H2O 3 AP P2: H H .O" in text
    assert "[bunsen]" in text
    assert "P0" not in text and "player " not in text
    lines = text.splitlines()
    who = f"P{s.decision.player + 1}"
    assert lines[-1] == f"{who} to decide (claim): {s.decision.prompt.removeprefix(who + ': ')}"
    assert lines[-1].endswith(
        "to decide (claim): claim an unclaimed compound or pass (a pass is final)"
    )
    assert [line[:3] for line in lines if line[1:3] in ("P1", "P2", "P3")] == ["*P1", " P2", " P3"]
    start = next(n for n, line in enumerate(lines) if line.startswith("legend: "))
    legend = " ".join(line.strip() for line in lines[start:-1])
    for element in CONTENT.elements:
        assert f"{element.symbol} {element.name.lower()}" in legend
    for shown in (
        ".H an empty H space",
        "AP atomic points",
        "P2t",
        "fire 1/2",
        "* the lead",
        "[bunsen] scoring it gives equipment: Bunsen burner",
        "ext0[C .O .O]",
    ):
        assert shown in legend, shown
    assert "[goggles]" not in legend  # only the tags on the field are explained


def test_the_board_at_the_end_shows_integer_totals_and_the_winners():
    s = boardlab.new("compounded", 2, 3, trade_offers=0)
    agent = make("random", seed=3)
    while not s.is_over:
        s.apply(agent.choose(s))
    text = s.render(None)
    totals = ", ".join(f"P{p + 1} {int(score)}" for p, score in enumerate(s.scores()))
    assert f"game over: {totals};" in text
    assert ".0" not in text.splitlines()[-1]
    winners = [f"P{p + 1}" for p in s.winners()]
    assert text.splitlines()[-1].endswith(", ".join(winners))
    assert f"P1 {s.ap[0]} AP + {s.bonus[0]} end bonuses = {s.ap[0] + s.bonus[0]}" in text


def test_labels_and_prompts_name_seats_as_sides():
    s = new_game(3, seed=4)
    s.round = 2
    s.lead = 0
    start_discovery(s)
    labels = {a.id: a.label for a in s.legal_actions()}
    assert labels["offer 1"] == "make an offer to P2"
    assert s.decision.prompt == "P1: make a trade offer or pass"
    s.apply("offer 2")
    s.apply(ids(s)[0])
    s.apply("send")
    assert s.decision.prompt.startswith("P3: P1 offers ")
    assert [entry["text"] for entry in s.log(None)][-1] == "P1: send the offer"
