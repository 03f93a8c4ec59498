"""``explain``: what an option does for the seat to move, with the numbers the rules use."""

from __future__ import annotations

import re

import pytest

import boardlab
from boardlab.agents import make
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.tables import CARD_IDS, N_NORMAL_SLOTS

from .helpers import add_lens, give_cards, main_phase, main_turn, play, refresh, set_grown


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def _hand_only(state, seat: int, cards: list[str]) -> None:
    """``seat`` holds exactly ``cards`` (the others go back to the normal deck)."""
    state.normal_deck.extend(c for c in range(len(CARD_IDS)) if state.hand[seat] >> c & 1)
    state.hand[seat] = 0
    give_cards(state, seat, cards)


def test_collect_names_the_card_its_ap_cost_both_orientations_and_the_refill() -> None:
    """K-7.2: 2 AP; D21 pays 1 light for 2 AP as printed, and the reverse turned (A5)."""
    state, p = _main(["light_prodigy", "workaholic"])
    slot = 2
    state.normal_deck.append(state.market[slot])
    state.normal_deck.remove(CARD_IDS.index("D21"))
    state.market[slot] = CARD_IDS.index("D21")
    refresh(state)
    ap = state.ap[p]
    text = state.explain("collect D21")
    assert text.startswith(f"Collect D21 (red card) into your hand for 2 AP (AP {ap} -> {ap - 2}).")
    assert "as printed it pays 1 light and gives 2 AP (M 1, R 2, R-M +1)" in text
    assert "turned 180 degrees it pays 2 AP and gives 1 light (M 2, R 1, R-M -1)" in text
    assert "Cells (row, column): 03 20 23." in text
    assert f"refills from the normal deck ({len(state.normal_deck)} cards left)" in text
    assert state.explain(state.decision.options[0]) == state.explain(
        state.decision.options[0].id
    )


def test_collect_costs_1_ap_for_the_workaholic_with_n12_and_says_when_grind_opens() -> None:
    """K-11.4 collect_cost; D06 upright (pays light) fits beside D01 upright (gives light)."""
    state, p = _main(["workaholic", "light_prodigy"])
    set_grown(state, p, ["n00", "n12"])
    _hand_only(state, p, ["D01"])
    card = CARD_IDS.index("D06")
    if card not in state.market:
        state.normal_deck.append(state.market[0])
        state.normal_deck.remove(card)
        state.market[0] = card
    refresh(state)
    text = state.explain("collect D06")
    assert f"for 1 AP (AP {state.ap[p]} -> {state.ap[p] - 1})" in text
    assert "With it your hand can make a lens (Grind opens to you)." in text


def test_a_vp_card_is_named_as_such_and_its_slot_refills_from_the_vp_deck() -> None:
    state, _ = _main(["light_prodigy", "workaholic"])
    card = state.market[N_NORMAL_SLOTS]
    text = state.explain(f"collect {CARD_IDS[card]}")
    assert "(gold VP card)" in text
    assert f"refills from the VP deck ({len(state.vp_deck)} cards left)" in text


def test_activating_another_seats_lens_gives_its_costs_gains_and_the_owner_bonus() -> None:
    """K-7.4, A1: the lens pays D06's light and its foundation's 2 AP; K-7.7 owner bonus."""
    state, p = _main(["light_prodigy", "workaholic"])
    other = 1 - p
    add_lens(state, other, {"D06": False, "D01": False}, cost=2)
    ap = state.ap[p]
    light = state.mats[p * 3]
    text = state.explain("activate lens L1")
    assert f"empty lens L1 (P{other + 1}'s lens [D01 D06] on F07, cost 2)" in text
    assert "AP to pay: 2 (2 for its foundation)." in text
    assert f"P{other + 1}, its owner, scores 2 VP (owner bonus)." in text
    assert "It pays 1 light + 2 AP and gives 1 light." in text
    assert f"AP {ap} -> {ap - 2}" in text and f"{light}/" in text


def test_persuade_adds_its_fee_and_says_where_the_displaced_assistant_goes() -> None:
    """K-7.5, A2: fee 2 on top of the lens; the displaced assistant goes home as it was."""
    state, p = _main(["light_prodigy", "lab_manager"])
    other = 1 - p
    add_lens(state, p, {"D06": False, "D01": False}, cost=1, occupant=other)
    ap = state.ap[p]
    text = state.explain("persuade lens L1")
    assert f"for a persuade fee of 2 AP; P{other + 1}'s assistant there goes home" in text
    assert "its lobby, used." in text
    assert "AP to pay: 3 (1 for its foundation, 2 persuade fee)." in text
    assert "It is your own lens: no owner bonus." in text
    assert f"AP {ap} -> {ap - 3}" in text


def test_device_explanations_come_from_the_device_data_and_the_passives() -> None:
    """K-8: guts gives creativity and sediment; light prodigy n11 adds light to collect_light."""
    state, p = _main(["light_prodigy", "workaholic"])
    set_grown(state, p, ["n00", "n01", "n11"])
    cr = state.creativity[p]
    guts = state.explain("activate device guts")
    assert "It pays nothing and gives 1 sediment, 1 creativity." in guts
    assert f"creativity {cr} -> {cr + 1}" in guts
    lobby = state.lobby_unused[p]
    assert f"unused lobby assistants {lobby} -> {lobby - 1}" in guts
    light = state.explain("activate device collect_light")
    assert "Your passive adds 1 light to its output." in light
    assert "It pays 1 creativity and gives 2 light." in light
    groundwork = state.explain("activate device groundwork")
    assert "You become the start player from the next round on." in groundwork
    assert "It pays 1 AP and gives 1 creativity." in groundwork
    assert f"creativity {cr} -> {cr + 1}" in groundwork


def test_will_gives_the_ability_and_the_counters_after_and_a_task_it_completes() -> None:
    """K-7.3: light prodigy n00, 1 creativity -> 2 light; 7 light completes light7 (K-12.1)."""
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3 : p * 3 + 3] = [5, 2, 2]
    refresh(state)
    text = state.explain("will n00")
    assert text.startswith("Use the will ability of n00 (will: 1 creativity -> 2 light)")
    assert f"creativity {state.creativity[p]} -> {state.creativity[p] - 1}" in text
    assert "light/rainbow/sediment 5/2/2 -> 7/2/2" in text
    assert "completes task light7 (its token comes back)" in text


def test_an_overflowing_gain_is_explained_before_it_happens() -> None:
    """K-10.4, R3: guts at full storage keeps its creativity and loses its sediment."""
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3 : p * 3 + 3] = [6, 4, 2]
    refresh(state)
    text = state.explain("activate device guts")
    assert "storage holds 12: 1 new material(s) lost" in text
    assert "light/rainbow/sediment 6/4/2 -> 6/4/2" in text


def test_grinding_explains_cards_orientations_the_stack_and_the_foundation() -> None:
    """K-9.1-K-9.3: corner numbers as placed, what still fits, R - M, the foundation taken."""
    state, p = _main(["light_prodigy", "workaholic"])
    _hand_only(state, p, ["D01", "D06"])
    play(state, "activate device grind")
    card = state.explain("card D06")
    assert card.startswith("Add D06 to the lens; it can go in as printed or turned 180 degrees.")
    assert "As printed it pays 1 light and gives nothing (M 1, R 0, R-M -1)" in card
    assert "The lens so far: no card yet (0 cards, R-M +0)." in card
    play(state, "card D06")
    upright = state.explain("upright")
    assert "Place D06 as printed: it pays 1 light and gives nothing (M 1, R 0, R-M -1)." in upright
    assert "R-M -1, so a foundation of cost at least 0" in upright
    play(state, "upright")
    while state.decision.kind != "grind_foundation":
        play(state, state.legal_actions()[0].id)
    vp = state.vp[p]
    cards = bin(state.stack[-1][2]).count("1")
    text = state.explain("foundation 2")
    assert re.match(r"Take F07 \(cost 2\) for your new lens L1 \[D01'? D06'?\]\.", text)
    assert f"you score {cards} VP (VP {vp} -> {vp + cards})" in text
    assert "A cheaper pile (cost 0) would make the lens cheaper to run." in text


def test_paying_and_token_choices_name_the_node_assistant_or_task() -> None:
    """K5, K6, K9: a growth payment names the node and its ability; a task token its task."""
    state, p = _main(["light_prodigy", "workaholic"])
    add_lens(state, p, {"V08": False, "D01": False}, cost=0)  # V08 pays 1 growth for 2 VP
    set_grown(state, p, ["n00", "n01"])
    play(state, "activate lens L1")
    assert state.decision.kind == "pay_growth"
    text = state.explain("node n01")
    assert text.startswith("Return the token on n01 (supply: nothing -> 1 light) to your stock")
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3] = 6
    refresh(state)
    play(state, "will n00")
    assert state.decision.kind == "task_reward"
    assert state.explain("assistant").startswith("Task light7 is done: its token joins your lobby")


def test_explain_refuses_what_is_not_an_option_now() -> None:
    state, _ = _main(["light_prodigy", "workaholic"])
    with pytest.raises(boardlab.IllegalAction, match="not an option"):
        state.explain("collect D99")
    main_turn(state, state.to_move)
    with pytest.raises(boardlab.IllegalAction, match="not an option"):
        state.explain("upright")


#: Words of ids that are not names of things on the board.
_NOT_NAMES = ("unused", "used", "materials", "growth", "assistant")


def _names(option) -> list[str]:
    """The card, lens, device or node an option names (by its id)."""
    return [word for word in option.id.split()[1:] if word not in ("lens", "device", "lobby")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_option_of_random_games_is_explained_naming_what_it_names(players: int) -> None:
    """Every option of every decision is explained, naming its card, lens, device or node;
    explaining changes nothing, and never names a card hidden in a deck."""
    for seed in range(3):
        options = {"assignment": "draft"} if seed == 0 else {}
        state = boardlab.new("konoten", players=players, seed=seed, **options)
        agent = make("random", seed=seed)
        while not state.is_over:
            before = state.snapshot()
            hidden = {CARD_IDS[c] for c in (*state.normal_deck, *state.vp_deck)}
            for option in state.legal_actions():
                text = state.explain(option)
                words = set(re.findall(r"[A-Za-z0-9_']+", text))
                named = [n for n in _names(option) if n not in _NOT_NAMES]
                assert all(name in words for name in named), (option, text)
                assert not hidden & {w.rstrip("'") for w in words}, (option, text)
            assert state.snapshot() == before
            state.apply(agent.choose(state))


def test_the_character_draft_explains_each_board_node_by_node() -> None:
    state = boardlab.new("konoten", players=2, seed=3, assignment="draft")
    text = state.explain("character lab_manager")
    lines = text.splitlines()
    colour = CONTENT.character("lab_manager").colour
    assert lines[0] == f"Play the lab_manager board ({colour}); its growth chart:"
    assert "  n20: end: nothing -> 1 light per lens you own, at most 3" in lines
    assert "  n22: final: 1 VP per lens you own" in lines
