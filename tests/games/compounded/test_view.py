"""The view (everything public, no deck order, each decision's context as data), render,
resample_hidden, evaluate."""

from __future__ import annotations

import json
import random

import pytest
from jsonschema.validators import validator_for

import boardlab
from boardlab.agents import make
from boardlab.engine import Ask, Rng
from boardlab.games.compounded import SPEC, evaluate
from boardlab.games.compounded import actions as A
from boardlab.games.compounded import frames as F
from boardlab.games.compounded.content import (
    CONTENT,
    CYLINDER,
    ELEMENTS,
    EQUIPMENT_SHORT,
    PAPER,
    RESEARCH,
    STUDY,
    TRACKS,
)
from boardlab.games.compounded.discovery import ASK_AT, EXT_MASK, GIVE_AT
from boardlab.games.compounded.flow import RULES
from boardlab.games.compounded.view import resample_hidden
from boardlab.games.compounded.workbench import (
    CARDS,
    CRYSTAL,
    LAB_FIRE,
    TRACK_LEVELS,
    WILD_SLOT,
    capacity,
    stored,
    usable,
)

from .helpers import (
    claim_for,
    eager_choice,
    fill,
    new_game,
    pos_of,
    quiet_field,
    research_turn,
    run_frames,
    set_card,
    set_level,
    set_storage,
    start_discovery,
    storage,
    vacate,
)


def midgame(seed=3, players=3, steps=400, **options):
    state = boardlab.new("compounded", players, seed, **options)
    agent = make("random", seed=seed)
    for _ in range(steps):
        state.apply(agent.choose(state))
    return state


def test_view_is_json_and_hides_the_deck_order():
    s = midgame()
    view = s.view(1)
    body = view["body"]
    text = json.dumps(view)
    assert "deck" not in body
    assert body["deck_size"] == len(s.deck)
    assert body["lab_fires_in_deck"] == s.deck.count(LAB_FIRE)
    assert body["bag"] == dict(zip(["H", "C", "O", "N", "Ca", "S"], s.bag, strict=True))
    assert str(s.rng.state) not in text
    other = midgame()
    other.deck.reverse()  # a different hidden order: the same view
    assert other.view(1) == view


def test_every_seat_sees_the_public_table():
    """Nothing in Compounded is hidden from one seat only: every body is the same."""
    s = midgame()
    assert s.view(0)["body"] == s.view(2)["body"] == s.view(None)["body"]
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
    assert "Water H2O 3 AP -: H H .O" in text
    assert "P1" in text and "P3" in text and "bag H" in text
    assert "to decide (claim)" in text


def test_evaluate_rewards_points_and_progress():
    s = new_game(3, seed=2)
    base = evaluate(s, 0)
    s.ap[0] += 5
    assert evaluate(s, 0) == base + 5
    s.track_level[0 * 4 + 2] += 1
    assert evaluate(s, 0) > base + 5


# ---------------------------------------------------------------- decision context as data


def _at(pos):
    return f"{pos // 4},{pos % 4}"


def _frame_context(state) -> dict:
    """The pending decision's context read straight from the engine's frames."""
    s = state
    n = s.players
    frame = s.stack[-1]
    op = frame[0]
    below = s.stack[-2] if len(s.stack) > 1 else None
    offers_left = [s.options["trade_offers"] - used for used in s.offers]
    resolving = {}
    if s.resolving_card >= 0:
        resolving = {"compound": CARDS[s.resolving_card].id, "scorer": s.resolving_player}

    def bundle(at):
        return {
            "counts": dict(zip(A.BUNDLE_NAMES, frame[at : at + EXT_MASK], strict=True)),
            "extinguishers": [x for x in range(5) if frame[at + EXT_MASK] >> x & 1],
        }

    def item(code):
        return "wild" if code == A.WILD_ITEM else ELEMENTS[code]

    def placing():
        allowance = TRACK_LEVELS[RESEARCH][s.track_level[frame[1] * 4 + RESEARCH]]
        return {"placed": frame[2], "allowance": allowance, "remaining": allowance - frame[2]}

    if op == F.TradeOffer.key:
        return {"consecutive_passes": frame[2], "offers_left": offers_left}
    if op in (F.TradeBuild.key, F.TradeReply.key):
        proposer, addressee = (frame[1], frame[2]) if op == F.TradeBuild.key else frame[2:0:-1]
        return {
            "proposer": proposer,
            "addressee": addressee,
            "give": bundle(GIVE_AT),
            "ask": bundle(ASK_AT),
            "consecutive_passes": below[2],
            "offers_left": offers_left,
        }
    if op == F.ReturnExcess.key:
        return {"excess": stored(s, frame[1]) - capacity(s, frame[1])}
    if op == F.Claim.key:
        return {"passed": [p for p in range(n) if frame[2] >> p & 1]}
    if op == F.RelocateTarget.key:
        return {"from": _at(frame[2])}
    if op == F.Bunsen.key:
        step = below[2]  # the research step after this window: turn (step - 2) // 2 next
        following = (s.lead + (step - 2) // 2) % n if step <= 2 * n else None
        return {"consecutive_declines": frame[3], "next_research_turn": following}
    if op == F.Extinguish.key:
        causes = {
            F.BunsenWindow.key: "bunsen",
            F.Refill.key: "lab_fire",
            F.ResolveItems.key: "volatile",
        }
        return {
            "cause": causes[below[0]],
            "targets": [_at(pos) for pos in range(16) if frame[2] >> pos & 1],
            "protected": [_at(pos) for pos in range(16) if frame[3] >> pos & 1],
            "consecutive_declines": frame[5],
        }
    if op == F.PlaceItem.key:
        return placing()
    if op == F.PlaceSpace.key:
        code = frame[3]
        if code == A.PLACE_WILD_ITEM:
            return {"item": "wild", "source": "wild", **placing()}
        source = "storage" if code < A.POOL_OFFSET else "goggles_pool"
        return {"item": ELEMENTS[code % A.POOL_OFFSET], "source": source, **placing()}
    if op == F.ScatterItem.key:
        return {"from": _at(s.scatter[0][0])}
    if op == F.ScatterSpace.key:
        return {"from": _at(s.scatter[0][0]), "item": item(frame[2])}
    if op == F.Experiment.key:
        return {**resolving, "track": TRACKS[CARDS[s.resolving_card].experiment]}
    if op == F.Stability.key:
        compound = CARDS[s.resolving_card]
        value = compound.atomic_points if s.options["ap_cap"] else compound.uncapped_points
        return {**resolving, "points": value}
    if op == F.HandleItem.key:
        return resolving
    if op == F.HandleSpace.key:
        return {**resolving, "item": item(frame[2])}
    if op == F.Paper.key:
        p = frame[1]
        return {**resolving, "papers_left": usable(s, p, PAPER) - s.used_paper[p]}
    if op == F.ReleaseClaim.key:
        p = frame[1]
        claims = sum(1 for pos in range(16) if s.claim_owner[pos] == p and not s.claim_temp[pos])
        kept = TRACK_LEVELS[STUDY][s.track_level[p * 4 + STUDY]]
        return {"to_release": s.free_discs[p] + claims - kept}
    if op == F.Cylinder.key:
        p = frame[1]
        return {"uses_left": usable(s, p, CYLINDER) - s.used_cylinder[p]}
    return {}


def _answered(state, action):
    """A clone with ``action`` applied to the top frame only (no automatic steps after it)."""
    twin = state.clone()
    frame = twin.stack[-1]
    RULES[frame[0]].resolve(twin, frame, action)
    return twin


def _holding(s, p, item, source):
    if source == "wild":
        return s.wild[p]
    e = ELEMENTS.index(item)
    return (s.storage if source == "storage" else s.pool)[p * 6 + e]


def _check_what_the_context_says(state, context):
    """The context predicts what answering does: the item that moves, from where, to whom."""
    decision = state.decision
    kind, p = decision.kind, decision.player
    first = decision.options[0]
    if kind == "claim":
        assert p not in context["passed"]  # a pass is final (C-7.1)
    elif kind == "trade_reply":
        after = _answered(state, A.ACCEPT)
        proposer, addressee = context["proposer"], context["addressee"]
        assert addressee == p
        for e, symbol in enumerate(ELEMENTS):
            moved = context["give"]["counts"][symbol] - context["ask"]["counts"][symbol]
            assert after.storage[addressee * 6 + e] == state.storage[addressee * 6 + e] + moved
            assert after.storage[proposer * 6 + e] == state.storage[proposer * 6 + e] - moved
        for x in context["give"]["extinguishers"]:
            assert after.extinguisher_holder[x] == addressee
        for x in context["ask"]["extinguishers"]:
            assert after.extinguisher_holder[x] == proposer
    elif kind == "place_space":
        after = _answered(state, first)
        item, source = context["item"], context["source"]
        left = _holding(state, p, item, source) - 1
        if context["remaining"] > 1:
            assert after.stack[-1] == (F.PlaceItem.key, p, context["placed"] + 1)
        elif source == "goggles_pool":
            left = 0  # the turn is over: the rest of the goggles pool goes back (C-8.2)
        assert _holding(after, p, item, source) == left
    elif kind == "relocate_target":
        after = _answered(state, first)
        source = next(pos for pos in range(16) if _at(pos) == context["from"])
        assert state.claim_owner[source] == p and after.claim_owner[source] == -1
    elif kind in ("scatter_space", "handle_space"):
        after = _answered(state, first)
        row, col, index = first.args
        pos = row * 4 + col
        slot = after.field_items[pos][index]
        if context["item"] == "wild":
            assert slot == WILD_SLOT
        else:
            assert slot == CRYSTAL
            assert ELEMENTS[CARDS[after.field_card[pos]].space_elements[index]] == context["item"]
    elif kind == "extinguish":
        open_targets = set(context["targets"]) - set(context["protected"])
        protect = {f"{a.args[0]},{a.args[1]}" for a in decision.options if a.kind == "protect"}
        assert protect == open_targets


def _keys(value) -> set[str]:
    if isinstance(value, dict):
        return set(value).union(*(_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(item) for item in value))
    return set()


def _check_nothing_hidden(state, view) -> None:
    """No deck order and no generator: only the deck's size, draws and Lab Fires are named."""
    named = {key for key in _keys(view) if "deck" in key}
    assert named == {"deck_size", "deck_drawn", "lab_fires_in_deck"}
    assert not {key for key in _keys(view) if "rng" in key or "seed" in key}
    assert str(state.rng.state) not in json.dumps(view)


def test_the_view_carries_each_decisions_context_as_data_D1_to_D17():
    """Eager playouts reach every decision kind but handle with care (built below): the view's
    decision context equals what the engine's frames hold, is the same for every seat,
    predicts what answering does, and survives determinization."""
    kinds = set()
    for seed in range(6):
        state = boardlab.new("compounded", 2 + seed % 4, seed, shuffled_deck=seed % 3 == 0)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            view = state.view(None)
            body = view["body"]
            kind, context = body["decision_kind"], body["decision_context"]
            kinds.add(kind)
            assert (kind, view["to_move"]) == (state.decision.kind, state.to_move)
            assert view["decision"] is None  # a spectator never sees the options
            assert state.view(state.to_move)["body"] == body  # the mover sees the same body
            assert context == _frame_context(state), (seed, steps, kind)
            _check_what_the_context_says(state, context)
            if steps % 40 == 0 or (context and steps % 7 == 0):
                _check_nothing_hidden(state, view)
                for seat in (None, state.to_move):
                    twin = state.determinize(seat, random.Random(steps))
                    assert twin.view(seat) == state.view(seat)
            state.apply(eager_choice(state, rng))
            steps += 1
        body = state.view(0)["body"]
        assert (body["decision_kind"], body["decision_context"]) == (None, None)
    expected = {rule.kind for rule in RULES.values() if isinstance(rule, Ask)}
    expected -= {"handle_item", "handle_space"}
    assert kinds == expected


def test_handle_with_care_context_names_the_card_and_the_item_C_10_3_D14():
    """D14: every scientist in lead order takes an item from the card being scored; the view
    names the card, its scorer and, once chosen, the item being moved."""
    s = new_game(3, seed=21)
    s.lead = 0
    quiet_field(s)
    for pos in range(16):
        if pos not in (pos_of(0, 0), pos_of(1, 1), pos_of(2, 2)):
            vacate(s, pos)
    set_card(s, pos_of(0, 0), "peroxydisulfuric_acid")  # H2 O8 S2, handle with care
    fill(s, pos_of(0, 0))
    claim_for(s, pos_of(0, 0), 0)
    set_card(s, pos_of(1, 1), "sulfuric_acid")  # H2 O4 S: every kind has a destination
    set_card(s, pos_of(2, 2), "water")
    run_frames(s, (F.LabTurns.key, -1, 0))
    s.apply("none")
    card = {"compound": "peroxydisulfuric_acid", "scorer": 0}
    assert s.decision.kind == "handle_item" and s.decision.player == 0
    assert s.view(1)["body"]["decision_context"] == card == _frame_context(s)
    s.apply("item O")
    context = s.view(2)["body"]["decision_context"]
    assert s.decision.kind == "handle_space"
    assert context == {**card, "item": "O"} == _frame_context(s)
    _check_what_the_context_says(s, context)
    _check_schema(_body_validator(), s, [None, 0, 1, 2])
    s.apply(str(s.legal_actions()[0]))
    assert s.view(None)["body"]["resolving"]["spaces"].count(["O", "crystal"]) == 7
    assert s.decision.kind == "handle_item" and s.decision.player == 1
    assert s.view(0)["body"]["decision_context"] == card


def test_claim_context_lists_who_passed_C_7_1_D3():
    """C-7.1 / D3: a pass is final; the claim decision shows who has passed this Study phase."""
    s = new_game(3, seed=2)
    for p in range(3):
        set_level(s, p, "study", 2)  # two available discs each
    s.refresh()
    first = s.decision.player
    assert s.decision.kind == "claim" and s.view(None)["body"]["decision_context"] == {"passed": []}
    s.apply("pass")
    second = s.decision.player
    assert second == (first + 1) % 3
    assert s.view(second)["body"]["decision_context"] == {"passed": [first]}
    s.apply(str(s.legal_actions()[0]))  # a claim: still in the loop
    third = s.decision.player
    assert s.view(None)["body"]["decision_context"] == {"passed": [first]}
    s.apply("pass")
    assert s.decision.player == second  # the first seat, having passed, is skipped
    assert s.view(None)["body"]["decision_context"] == {"passed": sorted([first, third])}


def test_trade_context_counts_passes_offers_and_bundles_D1_A33():
    """D1 / A33: the view shows consecutive passes, offers left per scientist, and the offer
    being built or answered (proposer, addressee, both bundles) as data."""
    s = new_game(3, seed=4)
    s.round = 2
    s.lead = 0
    for p in range(3):
        set_storage(s, p, H=1)
    start_discovery(s)
    set_storage(s, 0, H=2, O=1)
    set_storage(s, 1, C=2)
    s.refresh()
    context = s.view(None)["body"]["decision_context"]
    assert context == {"consecutive_passes": 0, "offers_left": [3, 3, 3]}
    s.apply("pass")
    assert s.view(None)["body"]["decision_context"]["consecutive_passes"] == 1
    s.apply("offer 0")  # seat 1 offers to seat 0
    for step in ("give C", "ask H", "ask ext,0"):
        s.apply(step)
    context = s.view(2)["body"]["decision_context"]
    assert s.decision.kind == "trade_build"
    assert (context["proposer"], context["addressee"]) == (1, 0)
    assert context["offers_left"] == [3, 2, 3] and context["consecutive_passes"] == 0
    assert context["give"]["counts"]["C"] == 1 and sum(context["give"]["counts"].values()) == 1
    assert context["ask"]["counts"]["H"] == 1 and context["ask"]["extinguishers"] == [0]
    s.apply("send")
    reply = s.view(0)["body"]["decision_context"]
    assert s.decision.kind == "trade_reply" and s.decision.player == 0
    assert reply == context == _frame_context(s)
    s.apply("accept")
    assert storage(s, 0) == {"H": 1, "O": 1, "C": 1} and s.extinguisher_holder[0] == 1


def test_research_turn_context_counts_placements_and_names_the_source_D8():
    """D8 / C-8.2: the placement count and allowance, then the item and where it comes from
    (storage, goggles pool, wild token)."""
    s = new_game(3, seed=5)
    quiet_field(s)
    set_storage(s, 0, H=2)
    s.pool[0 * 6 + 2] = 1  # an O in the goggles pool (taken from the bag)
    s.bag[2] -= 1
    research_turn(s, 0)
    assert s.view(None)["body"]["decision_context"] == {"placed": 0, "allowance": 2, "remaining": 2}
    s.apply("place O,pool")
    assert s.view(None)["body"]["decision_context"] == {
        "item": "O", "source": "goggles_pool", "placed": 0, "allowance": 2, "remaining": 2
    }  # fmt: skip
    s.apply(str(s.legal_actions()[0]))
    assert s.view(None)["body"]["decision_context"] == {"placed": 1, "allowance": 2, "remaining": 1}
    s.apply("place wild")
    context = s.view(None)["body"]["decision_context"]
    assert (context["item"], context["source"], context["remaining"]) == ("wild", "wild", 1)
    assert context == _frame_context(s)


# ---------------------------------------------------------------- the body's JSON Schema


def _body_validator():
    schema = json.loads(json.dumps(SPEC.body_schema, default=dict))
    cls = validator_for(schema)
    cls.check_schema(schema)
    return cls(schema)


def _check_schema(validator, state, seats) -> None:
    for seat in seats:
        body = state.view(seat)["body"]
        errors = sorted(validator.iter_errors(body), key=str)
        assert not errors, (seat, list(errors[0].absolute_path), errors[0].message)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_body_follows_the_schema(players):
    """The body of every seat and of a spectator follows ``view.schema.json``: at the first
    decision of each kind an eager playout meets, every few decisions, and once over."""
    validator = _body_validator()
    state = boardlab.new("compounded", players, 30 + players, shuffled_deck=players % 2 == 0)
    rng = random.Random(players)
    everyone = [None, *range(players)]
    kinds: set[str] = set()
    steps = 0
    while not state.is_over:
        kind = state.decision.kind
        if kind not in kinds:
            kinds.add(kind)
            _check_schema(validator, state, everyone)
        elif steps % 25 == 0:
            _check_schema(validator, state, [everyone[steps // 25 % len(everyone)]])
        state.apply(eager_choice(state, rng))
        steps += 1
    _check_schema(validator, state, everyone)
    assert len(kinds) >= 12


def test_the_schema_names_exactly_the_content():
    """The schema's closed lists (compounds, elements, equipment, decision kinds) are the
    game's own, so the schema file stays true to ``content.toml`` and the rules table."""
    defs = SPEC.body_schema["$defs"]
    assert list(defs["compound"]["enum"]) == [c.id for c in CONTENT.compounds]
    assert list(defs["element"]["enum"]) == list(ELEMENTS)
    assert list(defs["equipment"]["required"]) == list(EQUIPMENT_SHORT)
    kinds = list(SPEC.body_schema["properties"]["decision_kind"]["oneOf"][1]["enum"])
    assert sorted(kinds) == sorted(rule.kind for rule in RULES.values() if isinstance(rule, Ask))
    assert {f"context_{kind}" for kind in kinds} <= set(defs)


def test_a_body_against_the_schema_fails_on_a_wrong_field():
    """The schema is closed: an unknown key, a wrong type or a context of another kind fail."""
    validator = _body_validator()
    state = new_game(3, seed=2)
    body = state.view(None)["body"]
    assert not list(validator.iter_errors(body))
    for broken in (
        {**body, "deck": [1, 2]},
        {**body, "round": "1"},
        {**body, "decision_context": {"passed": [], "excess": 1}},
        {**body, "players": [{**body["players"][0], "hand": []}, *body["players"][1:]]},
    ):
        assert list(validator.iter_errors(broken)), sorted(broken)
