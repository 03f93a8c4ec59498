"""The income phase (rules §15) and game end and scoring (§16)."""

from __future__ import annotations

from boardlab.engine import Rng
from boardlab.games.linnaeus import scoring
from boardlab.games.linnaeus.content import CONTENT, WILD
from boardlab.games.linnaeus.state import LinnaeusState

from .helpers import blank, by_id, ids, kind, oid, play, started, with_frames


def game() -> LinnaeusState:
    return blank(started(2, 1))


def test_r15_1_lenses_return_and_the_microscope_lens_is_boxed() -> None:
    s = game()
    s.available[0] = (0, 1)
    s.on_tool[0:3] = [2, 3, 4]
    s.box[0] = WILD
    with_frames(s, ("income_lenses", 0), active=-1)
    assert sorted(s.available[0]) == [0, 1, 2, 3, WILD]
    assert s.box[0] == 4 and s.on_tool[0:3] == [-1, -1, -1]


def test_r15_3_the_next_tile_becomes_current() -> None:
    s = game()
    nxt, stack = s.next_tile, s.order_stack
    s.next_spaces = [1, 0, -1, -1]
    with_frames(s, ("income_order", 0), active=-1)
    assert s.current_tile == nxt and s.next_tile == stack[-1]
    assert s.turn_order == (1, 0)


def test_r15_4_voyage_income_then_the_helm_turns() -> None:
    s = game()
    card = by_id(CONTENT.voyages, "VS2")  # income 2 VP
    s.voyages[0], s.ships[0], s.links[0] = (card,), (3,), (0,)
    helm = s.helm
    with_frames(s, ("income_end", 0), ("income_voyage", 0), active=-1)
    assert s.vp[0] == 2 and s.helm == (helm + 1) % 6 and s.round == 2


def test_r15_4_paid_incomes_are_optional_and_ordered_by_the_player() -> None:
    s = game()
    paid = by_id(CONTENT.voyages, "VY05")  # income: pay 1 coin, 3 VP
    plain = by_id(CONTENT.voyages, "VS2")
    s.voyages[0], s.ships[0], s.links[0] = (paid, plain), (99, 3), (0, 1)
    s.coins[0] = 1
    with_frames(s, ("income_voyage", 0), active=-1)
    assert kind(s) == "income_order" and ids(s) == [oid("income", paid), oid("income", plain)]
    play(s, oid("income", plain))
    assert s.vp[0] == 2
    play(s, "pay")
    assert s.vp[0] == 5 and s.coins[0] == 0


def test_r16_letter_sets() -> None:
    s = game()
    red = [i for i, x in enumerate(CONTENT.letters) if x.colour == 0]
    blue = [i for i, x in enumerate(CONTENT.letters) if x.colour == 1]
    yellow = [i for i, x in enumerate(CONTENT.letters) if x.colour == 2]
    s.sent[0] = (red[0], red[1], blue[0], yellow[0])  # {r,b,y} + {r}: 4 VP
    assert scoring.letter_vp(s, 0) == 4


def test_r16_final_scoring_items() -> None:
    s = game()
    s.vp[0] = 10
    s.researched[0] = (0,)  # SP01: 2 effective corners -> 2 VP
    s.coins[0], s.tools[0], s.containers[0] = 7, 1, 1  # 2 bought + 2, 1 coin left
    s.letters[0] = (5,)
    s.knowledge[0] = 2
    s.ended = 1
    part = scoring.breakdown(s)[0]
    assert part["researched specimens"] == 2
    assert part["leftovers"] == 2 + 2 + 1 + 2
    assert scoring.coins_left(s, 0) == 1


def test_r16_exotics_score_when_their_condition_is_met() -> None:
    s = game()
    exotic = by_id(CONTENT.exotics, "EX02")  # 3 completed voyages
    s.exotics[0] = (exotic,)
    s.ended = 1
    assert scoring.breakdown(s)[0]["exotic specimens"] == 0
    s.voyages[0], s.ships[0], s.links[0] = (0, 1, 2), (3, 3, 3), (-1, -1, -1)
    assert scoring.breakdown(s)[0]["exotic specimens"] == 5


def test_r16_tie_break_on_coins_left() -> None:
    s = game()
    s.ended = 1
    s.vp[0] = s.vp[1] = 10
    s.coins[0], s.coins[1] = 2, 1  # neither converts
    for side in range(2):
        s.researched[side] = s.sent[side] = s.letters[side] = ()
    s.spot_owner = [-1] * len(s.spot_owner)
    assert scoring.winners(s) == [0]
    s.coins[1] = 2
    assert scoring.winners(s) == [0, 1]


def test_ruling_27_coins_convert_automatically() -> None:
    s = game()
    s.coins[0] = 9
    s.ended = 1
    assert scoring.breakdown(s)[0]["leftovers"] == 3


def test_r16_a_game_ends_after_round_5_income() -> None:
    s = started(2, 5)
    rng = Rng(5)
    while not s.is_over:
        options = s.legal_actions()
        s.apply(options[rng.randbelow(len(options))])
    assert s.round == 5 and s.ended and s.final == scoring.scores(s)
    assert sum(s.outcome()["scores"]) > 0
    assert s.winners() and s.side_winners()


def test_ruling_26_round_5_income_is_played() -> None:
    s = game()
    s.round = 5
    card = by_id(CONTENT.voyages, "VS2")
    s.voyages[0], s.ships[0], s.links[0] = (card,), (3,), (0,)
    s.turns_done = 6
    with_frames(s, active=-1)
    assert s.is_over and s.vp[0] == 2
