"""The Scythe observation encoder: a fixed-length bounded vector of what ``view(seat)``
shows (adapters/README.md, "ObservationEncoder"), checked entry by entry against the view;
and the revealed objectives it shows, which the view reads from the state
(``objectives_revealed``), not from the log."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

import boardlab
from boardlab.engine import Rng
from boardlab.engine.layouts import KEY
from boardlab.engine.vector_encoder import DeclaredEncoder
from boardlab.games.scythe import SPEC
from boardlab.games.scythe import observation as O
from boardlab.games.scythe.codec import UNLIMITED_TURNS
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.frames import CombatFight
from boardlab.games.scythe.observation import DECISION_KINDS, observation_encoder
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import (
    COMBAT_VALUES,
    DIAL_MAX,
    FACTION_ABILITY,
    N_MECHS,
    N_VALUES,
    OBJECTIVES_HELD,
    POPULARITY_MAX,
    POWER_MAX,
)

from .helpers import character, clear, game, kind, play, pose, workers
from .test_codec import EAGER_SEED, eager, playout


def encoder_for(s: ScytheState) -> DeclaredEncoder:
    return observation_encoder(s.players, s.options)


def part(vector: list[float], encoder: DeclaredEncoder, name: str) -> list[float]:
    start, stop = encoder.fields()[name]
    return vector[start:stop]


def _squash(x: float, scale: float) -> float:
    return x / (x + scale) if x > 0 else 0.0


def from_view(view: dict[str, Any], seat: int | None, players: int, turns: int) -> dict[str, float]:
    """The non-zero entries, by name, that ``view`` (``state.view(seat)``) calls for."""
    n, me, body = players, seat or 0, view["body"]
    want: dict[str, float] = {}

    def put(name: str, value: float) -> None:
        if value:
            want[name] = float(value)

    def of(p: int) -> str:
        return f"seat{(p - me) % n}"

    if view["decision"] is not None:
        put(f"decision.kind.{view['decision']['kind']}", 1)
    put(f"to_move.{'nobody' if view['to_move'] is None else of(view['to_move'])}", 1)
    put("over.game_over", view["over"])
    for side in view["winners"]:
        put(f"winners.{of(view['sides'].index(side))}", 1)
    for p, score in enumerate(view["scores"][:n]):
        if score is not None:
            put(f"scores.{of(p)}.score", _squash(score, O.SCORE_SCALE))
            put(f"scores.{of(p)}.known", 1)
    put("progress.turns_begun_share", min(1.0, body["turn"] / turns))
    put(f"active.{of(body['active'])}", 1)
    for place, p in enumerate(body["order"], 1):
        put(f"order.{of(p)}.place{place}", 1)
    if body["ended"] is not None:
        put(f"ended.{body['ended']}", 1)
    put(f"bonus_tile.{body['bonus_tile']['id']}", 1)
    decks = body["decks"]
    most = (O.N_CARDS, O.N_OBJECTIVES, O.N_ENCOUNTERS, O.ENCOUNTER_TOKENS, O.N_FACTORY)
    for name, top in zip(O.DECK_COUNTS, most, strict=True):
        put(f"decks.{name}", decks[name] / top)
    for k, value in enumerate(COMBAT_VALUES):
        put(
            f"decks.combat_discard.value{value}",
            decks["combat_discard"][str(value)] / O.VALUE_COUNTS[k],
        )
    for space in body["spaces"]:
        at = f"spaces.{space['id']}"
        put(f"{at}.encounter_token", space["encounter"])
        if space["controlled_by"] is not None:
            put(f"{at}.controller.{of(space['controlled_by'])}", 1)
        if space["structure"] is not None:
            put(f"{at}.structure_owner.{of(space['structure']['seat'])}", 1)
            put(f"{at}.structure.{space['structure']['kind']}", 1)
        for units in space["units"]:
            put(f"{at}.{of(units['seat'])}.character", units["character"])
            put(f"{at}.{of(units['seat'])}.mechs", units["mechs"] / N_MECHS)
            put(f"{at}.{of(units['seat'])}.workers", units["workers"] / O.N_WORKERS)
        for name, count in space["resources"].items():
            put(f"{at}.resources.{name}", _squash(count, O.RESOURCE_SCALE))
    for player in body["players"]:
        at = of(player["seat"])
        put(f"{at}.faction.{player['faction']}", 1)
        put(f"{at}.mat.{player['mat']}", 1)
        put(f"{at}.tracks.power", player["power"] / POWER_MAX)
        put(f"{at}.tracks.popularity", player["popularity"] / POPULARITY_MAX)
        if player["coins"] is not None:
            put(f"{at}.tracks.coins", _squash(player["coins"], O.COIN_SCALE))
            put(f"{at}.tracks.coins_known", 1)
        put(f"{at}.tracks.combat_cards", _squash(player["combat_cards"], O.HAND_SCALE))
        put(f"{at}.tracks.objectives_held", player["objectives_held"] / OBJECTIVES_HELD)
        put(f"{at}.tracks.workers_on_board", player["workers_on_board"] / O.N_WORKERS)
        stars = player["stars"]
        put(f"{at}.stars.total", stars["total"] / O.STARS_MAX)
        for name in O.ONCE_STARS:
            put(f"{at}.stars.{name}", stars[name])
        put(f"{at}.stars.objective", stars["objective"] / OBJECTIVES_HELD)
        put(f"{at}.stars.combat", stars["combat"] / O.STARS_MAX)
        for objective in player["objectives_revealed"]:
            put(f"{at}.objectives_revealed.objective{objective['number']}", 1)
        for name in player["upgrades"]:
            put(f"{at}.upgrades.{name}", 1)
        for k, section in enumerate(player["sections"], 1):
            top, bottom = section["top"], section["bottom"]
            put(f"{at}.sections.section{k}.top.{top['action']}", 1)
            room = bottom["cost_start"] - bottom["cost_min"]
            if room > 0:
                placed = (bottom["cost_start"] - bottom["cost"]) / room
                put(f"{at}.sections.section{k}.bottom_cubes_placed", placed)
            put(f"{at}.sections.section{k}.recruit_enlisted", bottom["recruit_enlisted"])
            put(f"{at}.sections.section{k}.structure_built", top["structure_built"])
        for k, track in enumerate(O.PRODUCE_TRACKS):
            put(f"{at}.produce_cost.{track}", player["produce_cost"][track] / O.PRODUCE_MAX[k])
        for k, mech in enumerate(player["mechs"], 1):
            put(f"{at}.mechs.mech{k}_deployed", mech["at"] is not None)
        for name, where in player["structures"].items():
            put(f"{at}.structures.{name}_built", where is not None)
        for track in player["enlist_bonuses"]:
            put(f"{at}.enlist_bonuses.{track}", 1)
        if player["last_section"] is not None:
            put(f"{at}.last_section.{player['last_section']}", 1)
        if player["factory_card"] is not None:
            put(f"{at}.factory_card.card{player['factory_card']['number']}", 1)
    own = body["you"]
    if own is not None:
        for value in set(own["hand"]):
            share = own["hand"].count(value) / O.VALUE_COUNTS[COMBAT_VALUES.index(value)]
            put(f"you.hand.value{value}", share)
        for objective in own["objectives"]:
            put(f"you.objectives.objective{objective['number']}", 1)
            put(f"you.objectives_met.objective{objective['number']}", objective["met"])
        if own["factory_offer"] is not None:
            put("you.factory_offer.looked_at", 1)
            for card in own["factory_offer"]:
                put(f"you.factory_offer.card{card['number']}", 1)
    combat = body["combat"]
    if combat is not None:
        put("combat.territory.under_way", 1)
        put(f"combat.territory.{combat['territory']}", 1)
        for side in O.COMBAT_SIDES:
            entry = combat[side]
            put(f"combat.sides.{side}.{of(entry['seat'])}", 1)
            put(f"combat.sides.{side}_committed", entry["committed"])
            if entry["seat"] == seat and "dial" in entry:
                put("combat.own.known", 1)
                put("combat.own.dial", entry["dial"] / DIAL_MAX)
                for value in set(entry.get("cards", ())):
                    share = entry["cards"].count(value) / O.MAX_SLOTS
                    put(f"combat.own.cards.value{value}", share)
    encounter = body["encounter"]
    if encounter is not None:
        put("encounter.under_way", 1)
        put(f"encounter.seat.{of(encounter['seat'])}", 1)
        put(f"encounter.territory.{encounter['territory']}", 1)
        put(f"encounter.card{encounter['number']}", 1)
        for option in encounter["options"]:
            put(f"encounter.option_taken.{option['label']}", option["taken"])
    return want


def check(encoder: DeclaredEncoder, s: ScytheState, seat: int | None, k: int) -> None:
    """The vector holds what the view shows, nothing else, within its bounds, and a re-deal
    of what ``seat`` cannot see (``determinize``) leaves it alone."""
    vector = encoder.encode(s, seat)
    assert len(vector) == encoder.size
    assert all(isinstance(x, float) and math.isfinite(x) for x in vector)
    assert all(lo <= x <= hi for x, lo, hi in zip(vector, encoder.low, encoder.high, strict=True))
    names = encoder.entries()
    turns = s.options.get("turn_limit", 0) or UNLIMITED_TURNS
    held = {names[i]: x for i, x in enumerate(vector) if x}
    assert held == pytest.approx(from_view(s.view(seat), seat, s.players, turns * s.players))
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


def test_the_compiled_running_score_follows_the_observers_own_coins() -> None:
    """S-14: the observer's running score counts its own coins, never another seat's; the
    compiled encoder keeps each seat's score between encodes and recomputes it when what
    that seat's score reads changes."""
    s = game(("nordic", "rusviet"))
    encoder = encoder_for(s)
    native = encoder.native(
        None, np.asarray(encoder.low, np.float32), np.asarray(encoder.high, np.float32)
    )
    if native is None:
        pytest.skip("the compiled encoder is not built")
    score = encoder.fields()["scores"][0]

    def compiled() -> np.ndarray[Any, Any]:
        out = np.zeros(encoder.size, np.float32)
        native.encode(s, 0, out)
        return out

    before = compiled()
    s.coins[1] += 7
    assert np.array_equal(compiled(), before)
    s.coins[0] += 7
    after = compiled()
    assert after[score] > before[score]
    assert after[score] == np.float32(encoder.encode(s, 0)[score])


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
