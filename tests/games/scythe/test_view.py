"""The view (everything a seat may know and nothing else), the terminal picture, and the
re-deal of what a seat cannot see (view.py, view.schema.json)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from jsonschema.protocols import Validator
from jsonschema.validators import validator_for

from boardlab.engine import Rng
from boardlab.engine.layouts import KEY
from boardlab.games.scythe import SPEC, board_text, view
from boardlab.games.scythe.board import ENCOUNTER_SPACES, N_TERRITORIES, SPACE_IDS
from boardlab.games.scythe.content import CONTENT, FACTION_IDS
from boardlab.games.scythe.frames import CombatFight
from boardlab.games.scythe.state import ScytheState
from boardlab.games.scythe.tables import COMBAT_VALUES, MECH_ABILITY, N_VALUES

from .helpers import (
    at,
    character,
    clear,
    game,
    kind,
    mech,
    new,
    play,
    pose,
    resource,
    structure,
    workers,
)

MARKER = 987654


def validator() -> Validator:
    assert SPEC.body_schema is not None
    schema = json.loads(json.dumps(dict(SPEC.body_schema)))
    cls = validator_for(schema)
    cls.check_schema(schema)
    checker: Validator = cls(schema)
    return checker


def played(players: int, seed: int, steps: int) -> ScytheState:
    s = new(players, seed)
    chooser = random.Random(seed)
    while not s.is_over and len(s.history) < steps:
        options = s.legal_actions()
        s.apply(options[chooser.randrange(len(options))])
    return s


def seen(s: ScytheState, seat: int | None) -> str:
    """Everything ``seat`` is shown: its view, its log and its picture."""
    return json.dumps(s.view(seat)) + json.dumps(s.log(seat)) + s.render(seat)


def hand(s: ScytheState, seat: int, *values: int) -> None:
    row = [0] * N_VALUES
    for value in values:
        row[COMBAT_VALUES.index(value)] += 1
    s.hand[seat * N_VALUES : (seat + 1) * N_VALUES] = row


def fight(defender_hand: tuple[int, ...] = (2, 4)) -> ScytheState:
    """Nordic (seat 0) attacks Rusviet (seat 1) on r3c6 and commits dial 3 + card 5."""
    s = game(("nordic", "rusviet"))
    clear(s)
    character(s, 0, "r4c6")
    character(s, 1, "r3c6")
    workers(s, 1, "r3c6", 2)
    hand(s, 0, 5, 3)
    hand(s, 1, *defender_hand)
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "character r4c6", "to r3c6", "dial 3", "cards 5")
    assert kind(s) == "combat_dial" and s.to_move == 1
    return s


def holding(s: ScytheState, seat: int, *cards: int) -> None:
    """``seat`` holds objective ``cards`` (indexes); every card stays held or in the deck."""
    for card in cards:
        where = s.objectives.index(card) if card in s.objectives else -1
        if where in (seat * 2, seat * 2 + 1):
            continue
        target = next(k for k in range(seat * 2, seat * 2 + 2) if s.objectives[k] not in cards)
        if where >= 0:
            s.objectives[where], s.objectives[target] = s.objectives[target], card
        else:
            deck = list(s.objective_deck)
            deck[deck.index(card)] = s.objectives[target]
            s.objectives[target] = card
            s.objective_deck = tuple(deck)


# ---------------------------------------------------------------------- the schema
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_seats_view_follows_the_schema(players: int) -> None:
    checker = validator()
    for steps in (0, 300, 900, 5000):
        s = played(players, players, steps)
        for seat in [None, *range(players)]:
            body = s.view(seat)["body"]
            errors = sorted(checker.iter_errors(body), key=str)
            assert not errors, (steps, seat, list(errors[0].absolute_path), errors[0].message)


def test_a_combat_and_an_encounter_follow_the_schema() -> None:
    checker = validator()
    s = fight()
    for seat in (None, 0, 1):
        assert not list(checker.iter_errors(s.view(seat)["body"]))
    s = game(("nordic", "rusviet"))
    clear(s)
    character(s, 0, "r2c4")
    s.encounter_tokens = 1 << at("r2c4")
    card = s.encounter_deck[-1]
    pose(s, ("encounter", 0, at("r2c4")), active=0)
    assert kind(s) == "encounter_option"
    for seat in (None, 0, 1):
        body = s.view(seat)["body"]
        assert not list(checker.iter_errors(body))
        shown = body["encounter"]
        assert shown["number"] == CONTENT.encounters[card].number and shown["seat"] == 0
        assert shown["territory"] == "r2c4" and [o["label"] for o in shown["options"]] == [
            "A",
            "B",
            "C",
        ]
    assert f"Encounter {CONTENT.encounters[card].number} " in s.render(1)


def test_the_schema_names_every_space_and_faction_of_the_content() -> None:
    assert SPEC.body_schema is not None
    defs = SPEC.body_schema["$defs"]
    assert defs["space_id"]["enum"] == list(SPACE_IDS)
    assert defs["faction"]["enum"] == list(FACTION_IDS)
    assert defs["mat"]["enum"] == [mat.id for mat in CONTENT.mats]
    abilities = defs["player"]["properties"]["mechs"]["items"]["properties"]["ability"]["enum"]
    assert set(abilities) == {a for row in MECH_ABILITY for a in row}


# ---------------------------------------------------------------------- what is shown
def test_the_map_shows_units_structures_resources_tokens_and_control() -> None:
    s = game(("nordic", "rusviet", "crimea"))
    clear(s)
    character(s, 0, "r3c3")
    mech(s, 0, "speed", "r3c3")
    workers(s, 0, "r3c3", 2)
    structure(s, 1, "mill", "r5c5")
    resource(s, "r5c5", "oil", 3)
    s.encounter_tokens = 1 << SPACE_IDS.index("r2c1")
    spaces = {space["id"]: space for space in s.view(2)["body"]["spaces"]}
    assert spaces["r3c3"]["units"] == [
        {"seat": 0, "faction": "nordic", "character": True, "mechs": 1, "workers": 2}
    ]
    assert spaces["r3c3"]["name"] == "forest r3c3" and spaces["r3c3"]["controlled_by"] == 0
    assert spaces["r5c5"]["structure"] == {"seat": 1, "faction": "rusviet", "kind": "mill"}
    assert spaces["r5c5"]["resources"] == {"wood": 0, "metal": 0, "oil": 3, "food": 0}
    assert spaces["r5c5"]["controlled_by"] == 1 and spaces["r5c5"]["tunnel"]
    assert spaces["r2c1"]["encounter"] and not spaces["r1c3"]["encounter"]
    assert spaces["home_rusviet"]["across_river"] == ["r2c6"]
    assert spaces["home_crimea"]["units"][0]["faction"] == "crimea"
    assert spaces["home_albion"]["home_of"] == "albion" and spaces["r4c3"]["terrain"] == "factory"


def test_each_players_public_board() -> None:
    s = game(("nordic", "rusviet"))
    mech(s, 1, "township", "r3c6")
    structure(s, 1, "armory", "r3c6")
    s.top_upgrades[1] = 0b1  # move_units
    s.recruits[1] = 0b10  # deploy
    s.factory_card[1] = 3
    s.last_section[1] = 2
    p = s.view(0)["body"]["players"][1]
    assert p["faction"] == "rusviet" and p["side"] == "P2" and p["mat"] == "engineering"
    assert p["coins"] is None and p["combat_cards"] == 2 and p["objectives_held"] == 2
    assert p["upgrades"] == ["move_units"]
    assert [m["at"] for m in p["mechs"]] == [None, "r3c6", None, None]
    assert p["structures"] == {"mine": None, "mill": None, "armory": "r3c6", "monument": None}
    deploy = next(sec for sec in p["sections"] if sec["bottom"]["action"] == "deploy")
    assert deploy["bottom"]["recruit_enlisted"]
    move = next(sec for sec in p["sections"] if sec["top"]["action"] == "move")
    assert move["top"]["choices"][0] == {
        "id": "move_units",
        "value": 3,
        "upgradable": True,
        "upgraded": True,
    }
    assert p["factory_card"]["number"] == CONTENT.factory_cards[3].number
    assert p["last_section"] == p["sections"][2]["top"]["action"]


def test_own_hidden_things_show_to_their_owner_only() -> None:
    s = game(("nordic", "rusviet"))
    s.coins[1] = MARKER
    you = s.view(1)["body"]["you"]
    assert you["coins"] == MARKER and s.view(1)["body"]["players"][1]["coins"] == MARKER
    assert sorted(you["hand"]) == sorted(view._hand(s, 1)) and len(you["hand"]) == 2
    assert [o["number"] for o in you["objectives"]] == [
        CONTENT.objectives[card].number for card in s.objectives[2:4]
    ]
    for seat in (None, 0):
        assert str(MARKER) not in seen(s, seat)
        assert s.view(seat)["scores"][1] is None
    assert s.view(None)["body"]["you"] is None


def test_another_seats_hand_objectives_and_coins_never_change_a_view() -> None:
    """Values, not key names: a seat's view is the same whatever the other hides."""
    s = played(3, 5, 400)
    twin = s.clone()
    assert isinstance(twin, ScytheState)
    twin.coins[1] += 17
    hand_now = twin.hand[N_VALUES : 2 * N_VALUES]
    twin.hand[N_VALUES : 2 * N_VALUES] = [sum(hand_now), 0, 0, 0]
    twin.objectives[2], twin.objective_deck = (
        twin.objective_deck[-1],
        (*twin.objective_deck[:-1], twin.objectives[2]),
    )
    twin.combat_deck = tuple(reversed(twin.combat_deck))
    twin.encounter_deck = tuple(reversed(twin.encounter_deck))
    for seat in (None, 0, 2):
        assert twin.view(seat) == s.view(seat) and twin.render(seat) == s.render(seat)
    names = [CONTENT.objectives[card].name for card in s.objectives[2:4] if card >= 0]
    for seat in (None, 0, 2):
        text = seen(s, seat)
        assert names and not any(name in text for name in names)


def test_a_committed_choice_shows_to_its_side_only() -> None:
    s = fight()
    mine = s.view(0)["body"]["combat"]
    assert mine["attacker"] == {"seat": 0, "committed": True, "dial": 3, "cards": [5]}
    theirs = s.view(1)["body"]["combat"]
    assert theirs["attacker"] == {"seat": 0, "committed": True}
    assert theirs["defender"] == {"seat": 1, "committed": False}
    assert s.view(None)["body"]["combat"] == theirs
    other = s.clone()
    assert isinstance(other, ScytheState)
    fight_frame = next(f for f in other.stack if f[KEY] == CombatFight.key)
    index = other.stack.index(fight_frame)
    ((_, cards, steps),) = fight_frame[CombatFight.commits]
    other.stack[index] = (*fight_frame[: CombatFight.commits], ((0, cards, steps),))
    for seat in (None, 1):
        assert other.view(seat) == s.view(seat) and other.render(seat) == s.render(seat)
    assert "committed: dial 3 + card 5" in s.render(0)
    play(s, "dial 1")
    assert s.view(1)["body"]["combat"]["defender"] == {"seat": 1, "committed": False, "dial": 1}
    assert "dial" not in s.view(0)["body"]["combat"]["defender"]


def test_the_factory_offer_shows_once_the_seat_has_looked() -> None:
    s = game(("nordic", "rusviet"))
    names = [CONTENT.factory_cards[card].name for card in s.factory_offer]
    assert s.view(0)["body"]["you"]["factory_offer"] is None
    assert not any(name in seen(s, 0) for name in names)
    s.factory_seen = 1
    offer = s.view(0)["body"]["you"]["factory_offer"]
    assert sorted(card["name"] for card in offer) == sorted(names)
    assert s.view(1)["body"]["you"]["factory_offer"] is None
    assert s.view(0)["body"]["decks"]["factory_offer"] == len(names)


def test_revealed_objectives_are_public() -> None:
    s = game(("nordic", "rusviet"))
    clear(s)
    holding(s, 0, 11, 6)
    s.coins[0] = 20  # objective 12: 20 coins
    pose(s, ("turn_end", 0), ("turn", 0), active=0)
    play(s, "objective 12")
    for seat in (None, 0, 1):
        player = s.view(seat)["body"]["players"][0]
        assert [o["number"] for o in player["objectives_revealed"]] == [12]
        assert player["objectives_held"] == 0 and player["stars"]["objective"] == 1
    assert "revealed: P1 12" in s.render(1)


# ---------------------------------------------------------------------- the picture
def test_the_render_shows_every_factions_units_the_legend_and_fits_a_terminal() -> None:
    s = game(("nordic", "rusviet", "crimea", "saxony", "polania"))
    clear(s)
    places = ("r3c3", "r5c5", "r6c4", "r2c4", "r4c1")
    for seat, place in enumerate(places):
        mech(s, seat, MECH_ABILITY[s.faction[seat]][3], place)
        workers(s, seat, place, 2)
    structure(s, 2, "monument", "r6c4")
    resource(s, "r6c4", "food", 4)
    for viewer in (None, 0, 3):
        picture = s.render(viewer)
        lines = picture.splitlines()
        assert len(lines) <= 60 and max(map(len, lines)) <= 100
        for k, place in enumerate(places):
            row = next(i for i, line in enumerate(lines) if f"{place} " in line)
            assert f"{k + 1}:M1 W2" in lines[row + 1], (place, lines[row : row + 3])
        for home in ("[NOR]", "[RUS]", "[CRI]", "[SAX]", "[POL]"):
            assert home in picture
        assert "3:Mon f4" in picture
        assert all(line in lines for line in board_text.LEGEND)
        assert "side faction" in picture and "stars" in picture
        for seat_shown in range(5):
            assert f"P{seat_shown + 1}   {FACTION_IDS[s.faction[seat_shown]]}" in picture


def test_the_render_marks_rivers_tunnels_encounters_and_secret_coins() -> None:
    s = game(("nordic", "rusviet"))
    picture = s.render(0)
    assert "r1c3 VILE | r1c4 FOR" in picture  # a river between two hexes of a row
    assert "====  ====" in picture  # rivers between two rows
    assert "r2c3 TUNT" in picture
    table = [line for line in picture.splitlines() if line.startswith(("P1 ", "P2 "))]
    assert "?" not in table[0] and " ? " in table[1]
    assert picture.startswith("Scythe, turn 1/200: P1 (nordic) to play")


def test_a_cell_too_small_says_everything_below_the_map() -> None:
    s = game(("nordic", "rusviet"))
    clear(s)
    character(s, 0, "r3c6")
    mech(s, 0, "speed", "r3c6")
    character(s, 1, "r3c6")
    workers(s, 1, "r3c6", 3)
    structure(s, 1, "mill", "r3c6")
    resource(s, "r3c6", "wood", 12)
    resource(s, "r3c6", "oil", 3)
    resource(s, "r3c6", "food", 2)
    lines = s.render(None).splitlines()
    row = next(i for i, line in enumerate(lines) if "r3c6 VIL" in line)
    assert lines[row + 1].endswith("| 1:CM1 2:C+") and lines[row + 2].endswith("| 2:Mil w12+")
    assert "  + r3c6: 1:C M1 2:C W3; 2:Mil w12 o3 f2" in lines


# ---------------------------------------------------------------------- re-dealing
def test_a_re_deal_keeps_counts_and_what_the_seat_knows() -> None:
    s = played(4, 9, 700)
    for seat in (None, 0, 1, 2, 3):
        for k in range(3):
            twin = s.determinize(seat, random.Random(k))
            assert isinstance(twin, ScytheState)
            assert twin.view(seat) == s.view(seat) and twin.log(seat) == s.log(seat)
            for other in range(4):
                assert twin.hand_size(other) == s.hand_size(other)
            cards: list[int] = [*twin.combat_deck]
            for other in range(4):
                cards += view._hand(twin, other)
            cards += [v for i, v in enumerate(COMBAT_VALUES) for _ in range(twin.combat_discard[i])]
            assert sorted(cards) == sorted(CONTENT.combat_deck)
            held = [c for c in twin.objectives if c >= 0]
            assert sorted(held + list(twin.objective_deck)) == list(range(len(CONTENT.objectives)))
            if seat is not None:
                assert view._hand(twin, seat) == view._hand(s, seat)
                row = slice(2 * seat, 2 * seat + 2)
                assert twin.objectives[row] == s.objectives[row]


def test_a_re_deal_changes_what_the_seat_cannot_see() -> None:
    s = played(3, 4, 200)
    worlds: list[Any] = [s.determinize(0, Rng(k)) for k in range(8)]
    assert any(w.objectives[2:] != s.objectives[2:] for w in worlds)
    assert any(w.hand[N_VALUES:] != s.hand[N_VALUES:] for w in worlds)
    assert any(w.factory_offer != s.factory_offer for w in worlds)


def test_drawn_encounter_cards_and_revealed_objectives_stay_where_everyone_saw_them() -> None:
    s = game(("nordic", "rusviet"))
    clear(s)
    drawn = s.encounter_deck[-3:]
    s.encounter_deck = (*reversed(drawn), *s.encounter_deck[:-3])
    s.encounter_tokens = ENCOUNTER_SPACES & ~(
        (1 << SPACE_IDS.index("r1c3"))
        | (1 << SPACE_IDS.index("r2c1"))
        | (1 << SPACE_IDS.index("r2c4"))
    )
    holding(s, 0, 11, 6)
    s.coins[0] = 20
    pose(s, ("turn_end", 0), ("turn", 0), active=0)
    play(s, "objective 12")
    bottom = s.objective_deck[:2]
    assert sorted(bottom) == [6, 11]
    for k in range(6):
        twin: Any = s.determinize(1, random.Random(k))
        assert twin.encounter_deck[:3] == s.encounter_deck[:3]
        assert twin.objective_deck[bottom.index(11)] == 11  # revealed: public
        own: Any = s.determinize(0, random.Random(k))
        assert own.objective_deck[:2] == bottom  # its face-down card too, for its owner
    worlds: list[Any] = [s.determinize(1, random.Random(k)) for k in range(12)]
    moved = {world.objective_deck[bottom.index(6)] for world in worlds}
    assert len(moved) > 1  # P1's face-down card is unknown to P2


def test_each_seat_keeps_the_card_it_put_face_down_under_the_deck() -> None:
    s = game(("nordic", "rusviet", "crimea"))
    clear(s)
    holding(s, 0, 11, 6)  # 12: 20 coins
    holding(s, 1, 3, 17)  # 18: 13 popularity and no combat star
    s.coins[0] = 20
    s.popularity[1] = 13
    pose(s, ("turn_end", 0), ("turn", 0), active=0)
    play(s, "objective 12")
    pose(s, ("turn_end", 1), ("turn", 1), active=1)
    play(s, "objective 18")
    deck = s.objective_deck
    assert sorted(deck[:2]) == [3, 17] and sorted(deck[2:4]) == [6, 11]
    for seat, own, other in ((0, 6, 3), (1, 3, 6)):
        places: set[int] = set()
        for k in range(12):
            twin: Any = s.determinize(seat, random.Random(k))
            assert twin.objective_deck.index(own) == deck.index(own)
            assert twin.objective_deck[deck.index(11)] == 11
            assert twin.objective_deck[deck.index(17)] == 17
            places.add(twin.objective_deck[deck.index(other)])
        assert len(places) > 1, seat
    spectator = {s.determinize(None, random.Random(k)).objective_deck[0] for k in range(12)}
    assert len(spectator) > 1 or deck[0] == 17


def test_a_re_deal_draws_the_other_sides_commit_again() -> None:
    s = fight(defender_hand=(2, 4))
    ((_, _, real_steps),) = _commits(s)
    dials = set()
    for k in range(16):
        twin: Any = s.determinize(1, random.Random(k))
        ((dial, cards, steps),) = _commits(twin)
        dials.add(dial)
        assert sum(cards) <= 1 and steps == real_steps
        assert twin.view(1) == s.view(1)
    assert len(dials) > 1
    own: Any = s.determinize(0, random.Random(3))
    ((dial, cards, _),) = _commits(own)
    assert (dial, cards) == (3, (0, 0, 0, 1))


def _commits(s: Any) -> Any:
    """The commits of the combat being fought in ``s``."""
    return next(f for f in s.stack if f[KEY] == CombatFight.key)[CombatFight.commits]


def test_home_bases_are_on_the_grid_of_the_reference_map() -> None:
    assert view.GRID[SPACE_IDS.index("home_nordic")] == (0, 4)
    assert view.GRID[SPACE_IDS.index("home_crimea")] == (8, 2)
    assert all(view.GRID[i] == (h.row, h.col) for i, h in enumerate(CONTENT.board.hexes))
    assert len(view.GRID) == len(SPACE_IDS) > N_TERRITORIES
