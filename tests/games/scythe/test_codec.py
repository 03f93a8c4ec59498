"""The Scythe action codec: every option of every decision has one fixed index, decodes back,
and the mask marks exactly the legal options (adapters/README.md, "ActionCodec")."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import pytest

import boardlab
from boardlab.engine import Action
from boardlab.games.scythe import SPEC
from boardlab.games.scythe import actions as A
from boardlab.games.scythe.board import BIT, FACTORY, LAKES, N_SPACES, SPACE_IDS
from boardlab.games.scythe.codec import BLOCKS, ScytheActionCodec, action_codec
from boardlab.games.scythe.combat import CARDS
from boardlab.games.scythe.control import others_mask
from boardlab.games.scythe.state import ScytheState

from .helpers import character, clear, game, kind, mech, options, play, pose, workers

Policy = Callable[[ScytheState, random.Random], Action]
#: Kinds of options that make a game move on: a policy drawn to them meets more decisions.
ACTIVE = {"to", "fight", "section", "move", "deploy", "build", "enlist", "upgrade", "objective",
          "factory", "option", "dial", "cards", "artillery", "produce", "trade", "bolster"}


#: A seed per player count whose game drawn to action fights, meets an encounter, takes a
#: Factory card and meets ``turn_end``, which is posed only with an objective to reveal.
EAGER_SEED = {2: 60, 3: 5, 4: 16, 5: 6}


def uniform(s: ScytheState, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


def eager(s: ScytheState, rng: random.Random) -> Action:
    """Random, but drawn to enemies, encounter tokens, the Factory and objectives."""
    decision = s.decision
    assert decision is not None
    choices = decision.options
    if decision.kind == "move_step":
        targets = others_mask(s, decision.player) | s.encounter_tokens | BIT[FACTORY]
        hot = [a for a in choices if a.kind == "to" and BIT[A.space_of(a)] & targets]
        if hot and rng.random() < 0.9:
            return rng.choice(hot)
    good = [a for a in choices if a.kind in ACTIVE]
    return rng.choice(good) if good and rng.random() < 0.8 else rng.choice(choices)


def playout(players: int, seed: int, policy: Policy) -> Iterator[ScytheState]:
    """Every state of one game to its end, the last one over."""
    s = boardlab.new("scythe", players=players, seed=seed)
    assert isinstance(s, ScytheState)
    rng = random.Random(seed)
    while True:
        yield s
        if s.is_over:
            return
        s.apply(policy(s, rng))


def check_actions(codec: ScytheActionCodec, s: ScytheState, index_of: dict[str, int]) -> None:
    choices = s.legal_actions()
    indices = [codec.encode(action) for action in choices]
    assert all(0 <= index < codec.size for index in indices)
    assert len(set(indices)) == len(choices), f"two options share an index: {choices}"
    mask = codec.mask(s)
    assert len(mask) == codec.size and set(mask) <= {0, 1}
    assert [i for i, bit in enumerate(mask) if bit] == sorted(indices)
    assert codec.legal_indices(s) == indices
    for action, index in zip(choices, indices, strict=True):
        assert index_of.setdefault(action.id, index) == index, f"{action.id} moved"
        decoded = codec.decode(index, s)
        assert decoded is action or (decoded == action and decoded.id == action.id)
    if 0 in mask:
        with pytest.raises(ValueError, match="not a legal action"):
            codec.decode(mask.index(0), s)


def every_action_constant() -> set[Action]:
    """Every action ``actions.py`` builds, and every ``cards ...`` choice of a combat."""
    found: set[Action] = set(CARDS.values())
    for value in vars(A).values():
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, Action):
                found.add(item)
            elif isinstance(item, tuple):
                stack.extend(item)
    return found


# ---------------------------------------------------------------------- random games
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_legal_action_of_random_games_has_one_index_that_decodes_back(
    players: int,
) -> None:
    """Whole games, uniform and drawn to action: each option of each decision has its own
    index, the same in every state; it decodes to that very option; the mask marks exactly
    the legal options, and nothing once the game is over."""
    codec = action_codec(players, SPEC.resolve_options({}))
    index_of: dict[str, int] = {}
    kinds: set[str] = set()
    for seed, policy in ((players, uniform), (EAGER_SEED[players], eager)):
        decisions = 0
        for s in playout(players, seed, policy):
            if s.is_over:
                assert not any(codec.mask(s)) and codec.legal_indices(s) == []
                with pytest.raises(ValueError, match="game is over"):
                    codec.decode(0, s)
                break
            check_actions(codec, s, index_of)
            kinds.add(s.decision.kind)  # type: ignore[union-attr]
            decisions += 1
        assert decisions < codec.max_game_length
    met = {"choose_section", "move_step", "combat_cards", "encounter_option", "factory_card"}
    assert met | {"turn_end"} <= kinds


# ---------------------------------------------------------------------- the layout
def test_the_blocks_hold_every_action_scythe_builds_once() -> None:
    """Every option ``actions.py`` and ``combat.CARDS`` can offer has exactly one index; the
    only constants left out are Seaworthy retreats onto land, which no rule offers."""
    codec = action_codec(2, {})
    listed = [action for _, members in BLOCKS for action in members]
    assert len(listed) == len(set(listed)) == codec.size == 800
    never = {A.RETREAT_TO[space] for space in range(N_SPACES) if not BIT[space] & LAKES}
    assert set(listed) == every_action_constant() - never
    for index, action in enumerate(listed):
        assert codec.encode(action) == index and codec.action(index) == action
    ranges = list(codec.blocks().values())
    assert ranges[0][0] == 0 and ranges[-1][1] == codec.size
    assert all(a[1] == b[0] for a, b in itertools.pairwise(ranges))


def test_an_index_is_its_kinds_offset_plus_a_local_index_at_every_player_count() -> None:
    codecs = [action_codec(players, SPEC.resolve_options({})) for players in (2, 3, 4, 5)]
    blocks = codecs[0].blocks()
    r3c4 = SPACE_IDS.index("r3c4")
    examples = {
        A.TO[r3c4]: blocks["to"][0] + r3c4,
        A.UNIT[A.MECH_KIND][r3c4]: blocks["mech"][0] + r3c4,
        A.AT[r3c4]: blocks["at"][0] + r3c4,
        A.DIAL[3]: blocks["dial"][0] + 3,
        A.OBJECTIVE[11]: blocks["objective"][0] + 11,
        A.FACTORY_CARD[6]: blocks["factory"][0] + 6,
        A.TAKE[2]: blocks["take"][0] + 2,
    }
    for codec in codecs:
        assert codec.size == 800 and codec.blocks() == blocks
        for action, index in examples.items():
            assert codec.encode(action) == index
    # several factions share the Speed mech: one action, one index
    assert codecs[0].encode(Action("mech", ("speed",))) == codecs[0].encode(A.MECH[4][3])


def test_unknown_actions_and_indices_are_refused() -> None:
    codec = action_codec(3, {})
    s = boardlab.new("scythe", players=3, seed=2)
    with pytest.raises(ValueError, match="not a Scythe action"):
        codec.encode(Action("to", ("r9c9",)))
    with pytest.raises(ValueError, match="not a Scythe action"):
        codec.encode(Action("to", (4,), id="to r1c5"))  # the id of another action
    with pytest.raises(ValueError, match="not a Scythe action"):
        codec.encode(A.RETREAT_TO[SPACE_IDS.index("r3c3")])  # a retreat onto land
    for index in (-1, codec.size):
        with pytest.raises(ValueError, match="not a legal action"):
            codec.decode(index, s)
        with pytest.raises(ValueError, match="outside"):
            codec.action(index)
    before = s.to_json()
    codec.mask(s)
    codec.decode(codec.encode(s.legal_actions()[0]), s)
    assert s.to_json() == before


def test_bad_player_counts_are_refused_and_the_length_follows_the_turn_limit() -> None:
    for players in (1, 6, True):
        with pytest.raises(ValueError, match="2 to 5 players"):
            action_codec(players, {})
    assert action_codec(4, {"turn_limit": 30}).max_game_length == 30 * 4 * 12
    assert action_codec(4, {"turn_limit": 0}).max_game_length > action_codec(4, {}).max_game_length


# ---------------------------------------------------------------------- rare decisions
def test_artillery_retreat_and_card_choices_round_trip() -> None:
    """Decisions random games rarely meet: Artillery, a Seaworthy retreat, a card's choice."""
    codec = action_codec(2, {})
    index_of: dict[str, int] = {}
    s = game(("nordic", "rusviet"))
    clear(s)
    mech(s, 0, "artillery", "r1c5")
    character(s, 1, "r2c4")
    s.power = [3, 3]
    pose(s, ("move", 0, 1, 0, 0, 1, 1, ()), active=0)
    play(s, "mech r1c5", "to r2c4")
    assert kind(s) == "artillery"
    check_actions(codec, s, index_of)

    s = game(("nordic", "rusviet"))
    clear(s)
    s.hand = [0] * len(s.hand)
    mech(s, 0, "seaworthy", "r2c4")
    workers(s, 0, "r2c4")
    character(s, 1, "r1c5")
    s.power = [0, 3]
    pose(s, ("move", 1, 1, 0, 0, 1, 1, ()), active=1)
    play(s, "character r1c5", "to r2c4", "dial 1")
    assert kind(s) == "retreat" and options(s) == ["retreat home", "retreat r3c4"]
    check_actions(codec, s, index_of)

    s = game(("nordic", "rusviet"))
    clear(s)
    s.factory_card[0] = 0  # Exchange Hall: 1 coin, then 3 resources or 2 popularity
    workers(s, 0, "r1c4")
    s.turn += 1
    pose(s, ("turn", 0), active=0)
    play(s, "section factory", "factory top")
    assert kind(s) == "card_choice"
    check_actions(codec, s, index_of)
