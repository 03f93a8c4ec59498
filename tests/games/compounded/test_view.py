"""The view (everything public, no deck order), render, resample_hidden, evaluate."""

from __future__ import annotations

import json
import random

import boardlab
from boardlab.agents import make
from boardlab.engine import Rng
from boardlab.games.compounded import evaluate
from boardlab.games.compounded.view import resample_hidden
from boardlab.games.compounded.workbench import LAB_FIRE

from .helpers import fill, new_game, pos_of, set_card


def midgame(seed=3, players=3, steps=400, **options):
    state = boardlab.new("compounded", players, seed, **options)
    agent = make("random", seed=seed)
    for _ in range(steps):
        state.apply(agent.choose(state))
    return state


def test_view_is_json_and_hides_the_deck_order():
    s = midgame()
    view = s.view(1)
    text = json.dumps(view)
    assert "deck" not in view
    assert view["deck_size"] == len(s.deck)
    assert view["lab_fires_in_deck"] == s.deck.count(LAB_FIRE)
    assert view["bag"] == dict(zip(["H", "C", "O", "N", "Ca", "S"], s.bag, strict=True))
    assert str(s.rng.state) not in text
    other = midgame()
    other.deck.reverse()  # a different hidden order: the same view
    assert other.view(1) == view


def test_every_seat_sees_the_public_table():
    s = midgame()
    assert s.view(0)["players"] == s.view(2)["players"] == s.view(None)["players"]
    assert s.view(0)["seat"] == 0 and s.view(None)["seat"] is None


def test_resample_keeps_the_pile_structure_C_4_6():
    """Determinization re-deals the unseen deck: same cards, Lab Fires only where the pile
    method still allows them (never among the cards left of the top safe pile)."""
    s = new_game(3, seed=4)
    s.deck_drawn = 3
    for _ in range(3):
        s.discard.append(s.deck.pop())
    for seed in range(20):
        twin = s.clone()
        resample_hidden(twin, 0, random.Random(seed))
        top_first = list(reversed(twin.deck))
        assert sorted(twin.deck) == sorted(s.deck)
        assert LAB_FIRE not in top_first[:5] and top_first[5] == LAB_FIRE
        fires = [i for i, card in enumerate(top_first) if card == LAB_FIRE]
        gaps = [b - a for a, b in zip(fires, [*fires[1:], len(top_first)], strict=True)]
        assert sorted(gaps) == [8, 9, 9, 9, 9]


def test_resample_mid_pile_respects_what_was_seen():
    s = midgame(seed=6, steps=1500)
    for seed in range(10):
        twin = s.clone()
        resample_hidden(twin, 1, Rng(seed))
        assert sorted(twin.deck) == sorted(s.deck)
        assert twin.view(1) == s.view(1)


def test_render_shows_field_workbenches_and_decision():
    s = new_game(3, seed=2)
    set_card(s, pos_of(0, 0), "water")
    fill(s, pos_of(0, 0), leave=["O"])
    s.refresh()
    text = s.render(0)
    assert "round 1, study phase" in text
    assert "Water H2O 3AP -: H H .O" in text
    assert "P0" in text and "P2" in text and "bag H" in text
    assert "to decide (claim)" in text


def test_evaluate_rewards_points_and_progress():
    s = new_game(3, seed=2)
    base = evaluate(s, 0)
    s.ap[0] += 5
    assert evaluate(s, 0) == base + 5
    s.exp[0 * 4 + 2] += 1
    assert evaluate(s, 0) > base + 5
