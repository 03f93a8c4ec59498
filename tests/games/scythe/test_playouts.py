"""Random playouts at 2-5 players always end without error, conserve what the rules conserve,
keep every secret combat choice out of other seats' views and logs until its reveal, and
keep copies, saves and views sound.

Two policies: uniform random, and a random player drawn to enemies, encounter tokens and
the Factory (uniform random play rarely fights), so that combat, encounters, Factory cards
and objectives all happen many times over the seeds.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from boardlab.engine import Action
from boardlab.engine.layouts import KEY
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import BIT, FACTORY, LAKES, N_SPACES
from boardlab.games.scythe.content import CONTENT
from boardlab.games.scythe.control import others_mask
from boardlab.games.scythe.frames import Path
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    N_STRUCTURES,
    OBJECTIVES_HELD,
    OFF_BOARD,
    UNITS_PER_SEAT,
    WORKER,
)

from .helpers import new

#: Decisions during which no resource token may appear or vanish.
CARRYING = ("move_unit", "move_step", "choose_combat", "combat_dial", "combat_cards",
            "artillery", "retreat")
#: Option kinds the drawn-to-action policy prefers.
ACTIVE = frozenset({"move", "section", "option", "factory", "objective", "deploy", "mech", "at",
                    "enlist", "upgrade", "build", "bolster", "trade", "produce", "character",
                    "worker", "structure", "recruit", "bonus", "cube", "dial", "cards"})


def check(s: ScytheState, before: ScytheState) -> None:
    """What no rule ever breaks."""
    assert sum(s.hand) + sum(s.combat_discard) + len(s.combat_deck) == 42
    held = [card for card in s.objectives if card >= 0]
    assert sorted([*held, *s.objective_deck]) == list(range(len(CONTENT.objectives)))
    assert sorted(s.encounter_deck) == list(range(len(CONTENT.encounters)))
    kept = [card for card in s.factory_card if card >= 0]
    assert len(kept) + len(s.factory_offer) == s.players + 1
    assert len(set(kept) | set(s.factory_offer)) == s.players + 1
    assert min(s.resources) >= 0
    assert s.encounter_tokens & ~before.encounter_tokens == 0, "a token came back"
    for seat in range(s.players):
        assert s.coins[seat] >= 0 and 0 <= s.power[seat] <= 16 and 0 <= s.popularity[seat] <= 18
        assert min(s.hand) >= 0
        base = seat * UNITS_PER_SEAT
        assert 0 <= s.units[base] < N_SPACES  # the character is always on the board
        for piece in range(base + 1, base + UNITS_PER_SEAT):
            assert -1 <= s.units[piece] < N_SPACES
            if before.units[piece] != OFF_BOARD:
                assert s.units[piece] != OFF_BOARD, "a mech or worker went back to its mat"
        for k in range(seat * N_STRUCTURES, (seat + 1) * N_STRUCTURES):
            if before.structures[k] != OFF_BOARD:
                assert s.structures[k] == before.structures[k], "structures never move"
        if not s.stack or s.stack[-1][KEY] != Path.key:
            for piece in range(base + WORKER, base + UNITS_PER_SEAT):
                space = s.units[piece]
                if space >= 0 and BIT[space] & LAKES:
                    assert space in s.units[base : base + WORKER], "a worker left on a lake"
        assert s.stars(seat) <= 6
        assert s.stars(seat) >= before.stars(seat), "stars are never lost"
        stars_max = 6 if CONTENT.factions[s.faction[seat]].id == "saxony" else 2
        assert s.combat_stars[seat] <= stars_max and s.objective_stars[seat] <= 2
        held_now = [c for c in s.objectives[seat * OBJECTIVES_HELD :][:OBJECTIVES_HELD] if c >= 0]
        assert len(held_now) + s.objective_stars[seat] <= OBJECTIVES_HELD
    built = [x for x in s.structures if x >= 0]
    assert len(built) == len(set(built)), "two structures on one territory"


def drawn_to_action(s: ScytheState, rng: random.Random) -> Action:
    decision = s.decision
    assert decision is not None
    options = decision.options
    if decision.kind == "move_step":
        targets = others_mask(s, decision.player) | s.encounter_tokens | BIT[FACTORY]
        hot = [a for a in options if a.kind == "to" and BIT[A.space_of(a)] & targets]
        if hot and rng.random() < 0.9:
            return rng.choice(hot)
    good = [a for a in options if a.kind in ACTIVE]
    if good and rng.random() < 0.8:
        return rng.choice(good)
    return rng.choice(options)


def uniform(s: ScytheState, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


def playout(players: int, seed: int, checked: bool, drawn: bool = False,
            **options: object) -> tuple[ScytheState, Counter[str]]:
    s = new(players, seed, **options)
    rng = random.Random(seed)
    kinds: Counter[str] = Counter()
    policy = drawn_to_action if drawn else uniform
    while not s.is_over:
        decision = s.decision
        assert decision is not None and decision.options
        kinds[decision.kind] += 1
        action = policy(s, rng)
        if checked:
            before = s.clone()
            assert isinstance(before, ScytheState)
            s.apply(action)
            check(s, before)
            if decision.kind in CARRYING:
                assert sum(s.resources) == sum(before.resources)
        else:
            s.apply_unchecked(action)
    return s, kinds


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_end_without_error(players: int) -> None:
    """README: every game ends (a sixth star or the turn limit) with winners."""
    for seed in range(12):
        s, kinds = playout(players, seed, checked=False)
        assert s.is_over and s.ended in (1, 2) and s.winners()
        assert sum(kinds.values()) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_drawn_to_action_fight_meet_and_end(players: int) -> None:
    total: Counter[str] = Counter()
    ended = Counter[int]()
    factory_cards = 0
    for seed in range(15):
        s, kinds = playout(players, 200 + seed, checked=False, drawn=True)
        assert s.is_over and s.winners()
        total.update(kinds)
        ended[s.ended] += 1
        factory_cards += sum(1 for card in s.factory_card if card >= 0)
    assert total["combat_dial"] + total["combat_cards"] > 0
    assert total["encounter_option"] > 0 and factory_cards > 0
    if players > 2:
        assert ended[1] > 0, "some games end on a sixth star"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_playouts_conserve_pieces_cards_and_tokens(players: int) -> None:
    for seed in range(2):
        playout(players, 100 + seed, checked=True)
        playout(players, 300 + seed, checked=True, drawn=True)


def test_a_sixth_star_ends_random_games_without_a_turn_limit() -> None:
    s = new(2, 3, turn_limit=0)
    rng = random.Random(3)
    while not s.is_over:
        s.apply_unchecked(rng.choice(s.legal_actions()))
    assert s.ended == 1 and max(s.stars(seat) for seat in range(2)) == 6


@pytest.mark.parametrize("players", [2, 4])
def test_secret_combat_choices_stay_hidden_until_the_reveal(players: int) -> None:
    """At every decision of a combat, every other seat's view is that of a world where the
    committed choices were re-sampled, and its log shows no id of an unrevealed choice."""
    fights = 0
    for seed in range(8):
        s = new(players, 500 + seed)
        rng = random.Random(seed)
        while not s.is_over:
            decision = s.decision
            assert decision is not None
            if decision.kind in ("combat_dial", "combat_cards"):
                fights += 1
                for seat in range(players):
                    view = s.view(seat)
                    sample = s.determinize(seat, random.Random(fights))
                    assert sample.view(seat) == view and sample.log(seat) == s.log(seat)
                    for entry in s.log(seat):
                        if entry["kind"] in ("combat_dial", "combat_cards"):
                            step = _step_of(s, entry["n"])
                            shown = entry["seat"] == seat or step in s.revealed_steps()
                            assert (entry["id"] is not None) == shown
            s.apply(drawn_to_action(s, rng))
    assert fights > 0


def _step_of(s: ScytheState, n: int) -> int:
    """The history index of log entry ``n`` (the log interleaves public events)."""
    events = sum(1 for entry in s.log(None)[:n] if entry["seat"] is None)
    return n - events


@pytest.mark.parametrize("players", [2, 5])
def test_mid_game_copies_saves_and_views(players: int) -> None:
    """Clones are equal and independent; a snapshot restores exactly (frames included) and
    poses the same decision; each seat's view hides the others' coins, cards, objectives."""
    s = new(players, 11)
    rng = random.Random(11)
    for step in range(600):
        if s.is_over:
            break
        if step % 37 == 0:
            twin = s.clone()
            assert twin == s and twin.legal_actions() == s.legal_actions()
            data = json.loads(json.dumps(s.snapshot()))
            restored = ScytheState.restored(
                s.players, s.seed, s.options, list(s.history), s.rng.state, data,
                s.trail_text(), s.log_length(), s.revealed_steps(),
            )
            assert restored == s and restored.legal_actions() == s.legal_actions()
            for seat in range(players):
                view = s.view(seat)
                json.dumps(view)
                for other, shown in enumerate(view["body"]["players"]):
                    assert (shown["coins"] is None) == (other != seat)
                    assert "hand" not in shown and "objectives" not in shown
                assert view["body"]["you"]["seat"] == seat
                world = s.determinize(seat, random.Random(step))
                assert world.view(seat) == view
            s.render(None)
        s.apply(drawn_to_action(s, rng))


@pytest.mark.parametrize("players", [2, 4])
def test_determinized_worlds_play_on_soundly(players: int) -> None:
    """A world re-dealt for any seat (hands, objectives, decks, the Factory offer, unrevealed
    combat choices) is a legal position: it plays on keeping every invariant, also when the
    seat re-dealing is the one choosing a Factory card or committing in a combat."""
    for seed in range(4):
        s = new(players, 700 + seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_over:
            decision = s.decision
            assert decision is not None
            if step % 23 == 0 or decision.kind in ("combat_dial", "combat_cards", "retreat",
                                                   "factory_card"):
                for seat in range(players):
                    world = s.determinize(seat, random.Random(step))
                    assert isinstance(world, ScytheState)
                    play_rng = random.Random(step + seat)
                    for _ in range(40):
                        if world.is_over:
                            break
                        before = world.clone()
                        assert isinstance(before, ScytheState)
                        world.apply(drawn_to_action(world, play_rng))
                        check(world, before)
            s.apply(drawn_to_action(s, rng))
            step += 1
