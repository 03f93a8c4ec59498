"""The Scythe observation encoder: a fixed-length bounded vector of ``view(seat)`` only
(adapters/README.md, "ObservationEncoder"); and the revealed objectives it shows, which
the view reads from the state (``objectives_revealed``), not from the log."""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import pytest

import boardlab
from boardlab.engine import Rng
from boardlab.engine.layouts import KEY
from boardlab.games.scythe import SPEC
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.frames import CombatFight
from boardlab.games.scythe.observation import (
    DECISION_KINDS,
    ScytheObservationEncoder,
    observation_encoder,
)
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    COMBAT_VALUES,
    FACTION_ABILITY,
    N_VALUES,
    OBJECTIVES_HELD,
)

from .helpers import character, clear, game, kind, play, pose, workers
from .test_codec import EAGER_SEED, eager, playout


def encoder_for(s: ScytheState) -> ScytheObservationEncoder:
    return observation_encoder(s.players, s.options)


def part(vector: list[float], encoder: ScytheObservationEncoder, name: str) -> list[float]:
    start, stop = encoder.fields()[name]
    return vector[start:stop]


def check(encoder: ScytheObservationEncoder, s: ScytheState, seat: int | None, k: int) -> None:
    view = s.view(seat)
    kept = copy.deepcopy(view)
    vector = encoder.encode_view(view, seat)
    assert view == kept, "the encoder changed the view"
    assert len(vector) == encoder.size
    assert all(isinstance(x, float) and math.isfinite(x) for x in vector)
    assert all(encoder.low <= x <= encoder.high for x in vector)
    assert encoder.encode(s, seat) == vector
    twin = s.determinize(seat, Rng(k))
    assert encoder.encode(twin, seat) == vector


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_vectors_of_random_games_are_fixed_bounded_and_blind_to_what_is_hidden(
    players: int,
) -> None:
    """Every seat and a spectator, along a whole game that fights: a vector of the fixed
    length, every entry in [0, 1]; the same view gives the same vector, and so does the
    view of a copy with everything hidden from that seat dealt again (``determinize``)."""
    encoder = observation_encoder(players, SPEC.resolve_options({}))
    combats = 0
    for step, s in enumerate(playout(players, EAGER_SEED[players], eager)):
        fighting = any(frame[KEY] == CombatFight.key for frame in s.stack)
        combats += fighting
        if step % 11 == 0 or fighting or s.is_over:
            for seat in [*range(players), None]:
                check(encoder, s, seat, step)
    assert combats


def test_fields_tile_the_vector_whose_length_depends_on_the_player_count_only() -> None:
    sizes = {}
    for players in (2, 3, 4, 5):
        encoder = observation_encoder(players, SPEC.resolve_options({}))
        other = observation_encoder(players, SPEC.resolve_options({"turn_limit": 0}))
        assert other.size == encoder.size and other.fields() == encoder.fields()
        position = 0
        for start, stop in encoder.fields().values():
            assert start == position and stop > start
            position = stop
        assert position == encoder.size
        sizes[players] = encoder.size
    assert sizes == {2: 1544, 3: 1943, 4: 2344, 5: 2747}
    with pytest.raises(ValueError, match="2 to 5 players"):
        observation_encoder(6, {})


# ---------------------------------------------------------------------- what it says
def test_seats_are_counted_from_the_observer() -> None:
    s = game(("nordic", "rusviet", "crimea"))
    encoder = encoder_for(s)
    for seat in (0, 1, 2, None):
        vector = encoder.encode(s, seat)
        me = seat or 0
        for k in range(3):
            faction = part(vector, encoder, f"seat{k}.faction")
            assert faction.index(1.0) == s.faction[(me + k) % 3]
        assert part(vector, encoder, "to_move").index(1.0) == (s.to_move - me) % 3  # type: ignore[operator]
    assert FACTION_IDS[s.faction[1]] == "rusviet"


def test_the_decision_kind_shows_to_the_deciding_seat_only() -> None:
    s = game(("nordic", "rusviet"))
    encoder = encoder_for(s)
    decision = s.decision
    assert decision is not None
    mine = encoder.encode(s, decision.player)
    assert part(mine, encoder, "decision.kind").index(1.0) == DECISION_KINDS.index(decision.kind)
    other = 1 - decision.player
    theirs = encoder.encode(s, other)
    assert not any(part(theirs, encoder, "decision.kind"))
    assert part(theirs, encoder, "to_move") == [0.0, 1.0, 0.0]  # the next seat decides


def test_coins_show_to_their_owner_and_to_everyone_once_the_game_is_over() -> None:
    s = game(("nordic", "rusviet"))
    encoder = encoder_for(s)
    vector = encoder.encode(s, 0)
    coins, known = part(vector, encoder, "seat0.tracks")[2:4]
    assert known == 1.0 and coins == pytest.approx(s.coins[0] / (s.coins[0] + 20))
    assert part(vector, encoder, "seat1.tracks")[2:4] == [0.0, 0.0]
    assert part(vector, encoder, "scores")[1::2] == [1.0, 0.0]
    s.coins[1] += 7  # another seat's coins never show
    assert encoder.encode(s, 0) == vector
    end = next(state for state in playout(2, 3, eager) if state.is_over)
    final = encoder.encode(end, 0)
    assert part(final, encoder, "seat1.tracks")[3] == 1.0
    assert part(final, encoder, "scores")[1::2] == [1.0, 1.0]
    assert part(final, encoder, "over") == [1.0]
    assert any(part(final, encoder, "winners"))


def test_another_seats_hand_and_objectives_never_change_the_vector() -> None:
    s = game(("nordic", "rusviet"))
    encoder = encoder_for(s)
    mine, theirs = encoder.encode(s, 0), encoder.encode(s, 1)
    s.hand[N_VALUES : 2 * N_VALUES] = list(reversed(s.hand[N_VALUES : 2 * N_VALUES]))
    s.objectives[OBJECTIVES_HELD:] = [
        card for card in range(len(CONTENT.objectives)) if card not in s.objectives
    ][:OBJECTIVES_HELD]
    assert encoder.encode(s, 0) == mine
    assert encoder.encode(s, 1) != theirs


def test_a_committed_dial_and_cards_show_to_their_side_only() -> None:
    """Nordic attacks Rusviet on r3c6 and commits dial 3 and a card of 5 (S-9.2)."""
    s = game(("nordic", "rusviet"))
    clear(s)
    character(s, 0, "r4c6")
    character(s, 1, "r3c6")
    workers(s, 1, "r3c6", 2)
    s.hand[:N_VALUES] = [0, 1, 0, 1]  # a 3 and a 5
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "character r4c6", "to r3c6", "dial 3", "cards 5")
    assert kind(s) == "combat_dial" and s.to_move == 1
    encoder = encoder_for(s)
    mine = encoder.encode(s, 0)
    own = part(mine, encoder, "combat.own")
    assert own[:2] == [1.0, 3 / 7] and own[2 + COMBAT_VALUES.index(5)] == pytest.approx(1 / 6)
    assert part(mine, encoder, "combat.sides")[-2:] == [1.0, 0.0]  # who has committed
    theirs = encoder.encode(s, 1)
    assert not any(part(theirs, encoder, "combat.own"))
    assert part(theirs, encoder, "combat.territory")[0] == 1.0
    other = s.clone()
    assert isinstance(other, ScytheState)
    at = next(i for i, frame in enumerate(other.stack) if frame[KEY] == CombatFight.key)
    fight = other.stack[at]
    other.stack[at] = (*fight[:5], ((0, (1, 0, 0, 0), fight[5][0][2]),))
    assert encoder.encode(other, 1) == theirs
    assert encoder.encode(other, 0) != mine


# ---------------------------------------------------------------------- revealed objectives
def holding(s: ScytheState, seat: int, *cards: int) -> None:
    """``seat`` holds objective ``cards`` (indexes); every card stays held or in the deck."""
    row = range(seat * OBJECTIVES_HELD, (seat + 1) * OBJECTIVES_HELD)
    for card in cards:
        if card in (s.objectives[k] for k in row):
            continue
        target = next(k for k in row if s.objectives[k] not in cards)
        if card in s.objectives:
            where = s.objectives.index(card)
            s.objectives[where], s.objectives[target] = s.objectives[target], card
        else:
            deck = list(s.objective_deck)
            deck[deck.index(card)] = s.objectives[target]
            s.objectives[target] = card
            s.objective_deck = tuple(deck)


def logged_reveals(s: ScytheState, seat: int) -> list[int]:
    """The numbers of the objectives ``seat`` revealed, as the public log tells them."""
    return [
        int(str(entry["id"]).split()[1])
        for entry in s.log(None)
        if entry["seat"] == seat and str(entry["id"]).startswith("objective ")
    ]


def revealer(s: ScytheState, rng: random.Random) -> Any:
    reveals = [a for a in s.legal_actions() if a.kind == "objective"]
    return reveals[0] if reveals else eager(s, rng)


#: Random games with several reveals: Saxony then Nordic; Polania, Saxony, Rusviet; Polania
#: then Saxony.
REVEALING_GAMES = [(3, 38), (4, 8), (5, 0)]


@pytest.mark.parametrize(("players", "seed"), REVEALING_GAMES)
def test_the_view_shows_the_revealed_objectives_the_public_log_names(
    players: int, seed: int
) -> None:
    """``objectives_revealed`` (set by ``objectives.reveal``) gives the view what the log
    says each seat revealed, in order; the observation marks those cards; a re-deal for a
    seat keeps where its face-down card lies; a save restored without replay keeps all."""
    s = boardlab.new("scythe", players=players, seed=seed)
    assert isinstance(s, ScytheState)
    encoder = encoder_for(s)
    rng = random.Random(seed)
    face_down: dict[int, int] = {}
    while not s.is_over:
        action = revealer(s, rng)
        if action.kind == "objective":
            seat = s.to_move
            assert seat is not None
            held = s.objectives[seat * OBJECTIVES_HELD : (seat + 1) * OBJECTIVES_HELD]
            if FACTION_ABILITY[s.faction[seat]] != "dominate":
                face_down[seat] = next(c for c in held if c >= 0 and c != int(action.args[0]) - 1)
        s.apply(action)
        if action.kind != "objective" and not s.is_over:
            continue
        for seat in range(players):
            players_view = s.view(None)["body"]["players"]
            numbers = [o["number"] for o in players_view[seat]["objectives_revealed"]]
            assert numbers == logged_reveals(s, seat)
            vector = encoder.encode(s, seat)
            marked = part(vector, encoder, "seat0.objectives_revealed")
            assert [k + 1 for k, x in enumerate(marked) if x] == sorted(numbers)
        for seat, card in face_down.items():
            place = s.objective_deck.index(card)
            for k in range(3):
                twin: Any = s.determinize(seat, random.Random(k))
                assert twin.objective_deck[place] == card
    assert len([card for card in s.objectives_revealed if card >= 0]) >= 2
    loaded = boardlab.load(s.to_json(), verify=False)
    assert isinstance(loaded, ScytheState)
    assert loaded.objectives_revealed == s.objectives_revealed
    assert all(loaded.view(seat) == s.view(seat) for seat in [*range(players), None])


@pytest.mark.parametrize("saxony_first", [True, False])
def test_saxony_reveals_one_card_at_a_time_and_a_re_deal_keeps_each_seats_own_card(
    saxony_first: bool,
) -> None:
    """Saxony's reveal puts one card under the deck, another seat's two (S-12, S-15.4): the
    state records the revealed cards, and a re-deal finds the card a seat put face down next
    to its revealed one, whichever reveal came first."""
    s = game(("nordic", "saxony"))
    clear(s)
    holding(s, 0, 11, 6)  # objective 12: 20 coins
    holding(s, 1, 17, 3)  # objective 18: 13 popularity and no combat star
    s.coins[0] = 20
    s.popularity[1] = 13
    for seat in (1, 0) if saxony_first else (0, 1):
        pose(s, ("turn_end", seat), ("turn", seat), active=seat)
        play(s, f"objective {12 if seat == 0 else 18}")
    assert s.objectives_revealed == [11, -1, 17, -1]
    assert s.objectives[OBJECTIVES_HELD:] == [-1, 3] or s.objectives[OBJECTIVES_HELD:] == [3, -1]
    deck = s.objective_deck
    assert sorted(deck[:3]) == [6, 11, 17]
    for k in range(10):
        own: Any = s.determinize(0, random.Random(k))
        assert own.objective_deck[:3] == deck[:3]  # Nordic knows where its 6 lies
    worlds: list[Any] = [s.determinize(1, random.Random(k)) for k in range(12)]
    elsewhere = {world.objective_deck[deck.index(6)] for world in worlds}
    assert len(elsewhere) > 1  # Saxony does not
    view = s.view(None)["body"]["players"]
    assert [o["number"] for o in view[0]["objectives_revealed"]] == [12]
    assert [o["number"] for o in view[1]["objectives_revealed"]] == [18]
    assert view[1]["objectives_held"] == 1
