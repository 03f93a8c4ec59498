"""Ids, prompts and the board name things as the guide does; the score breakdown adds up."""

from __future__ import annotations

import re

import pytest

import boardlab
from boardlab.agents import make
from boardlab.games.konoten.tables import CARD_IDS, LENS_IDS, VP_SOURCES
from boardlab.games.konoten.wording import LEGEND

from .helpers import add_lens, give_cards, main_phase, main_turn, play, refresh

#: Words on the board that are names of things, by kind (everything else is spelled out).
_CARD = re.compile(r"\b[DV]\d\d'?")
_LENS = re.compile(r"\bL\d+\b")
_SEAT = re.compile(r"\bP(\d+)\b")


def _main(characters: list[str], seed: int = 1):
    return main_phase(characters, seed)


def _random_states(players: int, seed: int):
    state = boardlab.new("konoten", players=players, seed=seed)
    agent = make("random", seed=seed)
    while True:
        yield state
        if state.is_over:
            return
        state.apply(agent.choose(state))


# ---------------------------------------------------------------- ids
def test_ids_name_cards_and_lenses_as_the_board_does_and_a_typed_name_is_accepted() -> None:
    """``collect D21`` takes D21 (no index from 0); lenses are L1, L2... in order of making."""
    state, p = _main(["light_prodigy", "workaholic"])
    market = [CARD_IDS[c] for c in state.market if c >= 0]
    collects = [o.id for o in state.legal_actions() if o.kind == "collect"]
    assert collects == [f"collect {card}" for card in market]
    assert all(f" {card} " in f" {state.render(p)} " for card in market)
    play(state, f"collect {market[1]}")
    assert state.hand[p] >> CARD_IDS.index(market[1]) & 1
    lens = add_lens(state, p, {"D06": False, "D01": False}, cost=0)
    main_turn(state, 1 - p)
    assert LENS_IDS[lens] == "L1" and "activate lens L1" in [o.id for o in state.legal_actions()]
    assert "L1 of P" in state.render(None)


def test_the_option_labels_name_the_card_and_its_printed_effect() -> None:
    state, _ = _main(["light_prodigy", "workaholic"])
    labels = {o.id: o.label for o in state.legal_actions()}
    card = CARD_IDS[state.market[0]]
    assert labels[f"collect {card}"].startswith(f"collect {card} (")
    assert "->" in labels[f"collect {card}"]


# ---------------------------------------------------------------- the board and the prompts
@pytest.mark.parametrize("players", [2, 4])
def test_the_board_names_seats_cards_and_lenses_as_the_ids_do(players: int) -> None:
    """Seats are P1..Pn (never P0), cards their printed ids, lenses L1.. of lenses made."""
    for state in _random_states(players, seed=players):
        text = state.render(0)
        seats = {int(n) for n in _SEAT.findall(text)}
        assert seats <= set(range(1, players + 1)), text
        assert {c.rstrip("'") for c in _CARD.findall(text)} <= set(CARD_IDS)
        lenses = set(_LENS.findall(text)) - {"L1", "L2"}  # the legend's examples
        assert lenses <= set(LENS_IDS[: len(state.lenses)])
        assert not re.search(r"\d\.\d", text)  # scores and counts are integers
        assert text.splitlines()[-len(LEGEND) :] == list(LEGEND)


def test_the_legend_spells_out_every_abbreviation_the_board_uses() -> None:
    legend = "\n".join(LEGEND)
    for shown, meaning in (
        ("AP", "action points"),
        ("cr", "creativity"),
        ("VP", "victory points"),
        ("stock", "tokens in reserve"),
        ("lobby", "assistants at home"),
        ("D21'", "turned 180 degrees"),
        ("[*]", "grown"),
        ("grind[P1x2]", "2 assistants"),
        ("F01-F15", "foundations"),
        ("light7", "hold 7 light"),
    ):
        assert shown in legend and meaning in legend, shown


def test_prompts_name_seats_cards_lenses_and_tasks() -> None:
    state, p = _main(["light_prodigy", "workaholic"])
    seat = f"P{p + 1}"
    assert state.decision.prompt.startswith(f"{seat}, round 1: choose an action")
    state.hand[p] = 0
    give_cards(state, p, ["D06", "D01"])
    play(state, "activate device grind", "card D06")
    assert state.decision.prompt == (
        f"{seat}: place D06 as printed (upright) or turned 180 degrees (flip)"
    )
    play(state, "upright")
    while state.decision.kind != "grind_follow_up":
        play(state, state.legal_actions()[0].id)
    assert state.decision.prompt == f"{seat}: place another assistant on your new lens L1?"
    state, p = _main(["light_prodigy", "workaholic"])
    state.mats[p * 3] = 6
    refresh(state)
    play(state, "will n00")
    assert "task light7 done" in state.decision.prompt


def test_no_next_start_player_is_shown_once_the_game_is_over() -> None:
    """A7: Groundwork in round 4 changes nothing, so the board does not announce it."""
    state, p = _main(["light_prodigy", "workaholic"])
    state.round = 4
    main_turn(state, p)
    play(state, "activate device groundwork")
    assert "(next round" not in state.render(p)
    while not state.is_over:
        play(state, "end" if state.decision.kind == "main_action" else "done")
    text = state.render(p)
    assert "next round" not in text and "graduation (the game is over)" in text
    assert all(type(score) is int for score in state.scores())


# ---------------------------------------------------------------- the score breakdown
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_score_breakdown_adds_up_to_the_scores_all_game_long(players: int) -> None:
    """Per side, the sources add up to ``side_scores()`` after every decision and at the end."""
    for seed in range(4):
        for state in _random_states(players, seed=10 * players + seed):
            breakdown = state.score_breakdown()
            assert [list(part) for part in breakdown] == [list(VP_SOURCES)] * players
            assert [sum(part.values()) for part in breakdown] == state.side_scores()
        assert state.is_over
        body = state.view(None)["body"]
        assert [p["vp_by_source"] for p in body["players"]] == breakdown


def test_the_breakdown_names_each_rule_that_gave_points() -> None:
    """K-9.3 cards ground, K-7.7 owner bonus, a VP card in a lens, K-14.1 and K-14.2."""
    state, p = _main(["lab_manager", "workaholic"])
    other = 1 - p
    state.hand[p] = 0
    give_cards(state, p, ["D06", "D01"])
    play(state, "activate device grind", "card D06", "upright")
    while state.decision.kind != "grind_follow_up":
        play(state, state.legal_actions()[0].id)
    play(state, "skip")
    add_lens(state, p, {"V07": False, "D13": False}, cost=0)  # pays 1 rainbow, gives 1 VP
    main_turn(state, other)
    play(state, "activate lens L2")  # the other seat runs p's lens: 1 VP to it, 2 to p
    state.mats[p * 3 + 2] = 3
    state.grown[p] |= 1 << 8  # n22, final: 1 VP per lens owned
    state.stock[p] -= 1
    refresh(state)
    state.round = 4
    main_turn(state, p)
    while not state.is_over:
        play(state, "end" if state.decision.kind == "main_action" else "done")
    mine, theirs = state.score_breakdown()[p], state.score_breakdown()[other]
    assert mine["cards ground"] == 2 and mine["owner bonus"] == 2
    assert mine["sediment penalty"] == -6 and mine["final abilities"] == 2
    assert theirs["lenses run"] == 1
    assert sum(mine.values()) == state.vp[p] and sum(theirs.values()) == state.vp[other]
    text = state.render(None)
    assert f"P{p + 1}: {state.vp[p]} VP = cards ground 2 + owner bonus 2" in text
    assert "sediment penalty -6 + final abilities 2" in text
