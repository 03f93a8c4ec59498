"""The player's guide (``guide.md``) shows the ids and the board as the game has them."""

from __future__ import annotations

import re
from importlib import resources

import boardlab
from boardlab.games.konoten.content import CONTENT
from boardlab.games.konoten.tables import NODE_IDS
from boardlab.games.konoten.wording import ability_text

GUIDE = resources.files("boardlab.games.konoten").joinpath("guide.md").read_text(encoding="utf-8")


def test_the_worked_example_plays_as_the_guide_tells_it() -> None:
    """Seed 7, two players: every id of the example is an option, with the guide's numbers."""
    state = boardlab.new("konoten", players=2, seed=7)
    assert state.start == 0 and "rainbow_artist" in state.render(0)
    for action in ("grow", "grow n01", "use n01", "assistant"):
        state.apply(action)
    for action in ("collect D24", "will n00", "collect D23", "activate device collect_light"):
        state.apply(action)
    state.apply("activate device grind")
    assert [o.id for o in state.legal_actions()] == ["card D23", "card D24"]
    state.apply("card D23")
    state.apply("upright")
    state.apply("upright")
    assert "Take F01 (cost 0) for your new lens L1 [D23 D24]." in state.explain("foundation 0")
    state.apply("foundation 0")
    lines = ("L1 of P1 [D23 D24] on F01, cost 0 (empty)", "   1 rainbow + 1 AP -> 3 AP")
    assert "\n".join(lines) in state.render(0)
    assert f"`{lines[0]}` and under it `{lines[1].strip()}`" in GUIDE
    state.apply("activate lens L1")
    assert (state.ap[0], state.mats[1], state.vp[0]) == (6, 1, 2)
    state.apply("persuade lens L1")
    assert (state.ap[1], state.vp[0], state.lobby_unused[0], state.lobby_used[0]) == (9, 4, 2, 1)
    state.apply("end")
    assert "reactivate lens L1" in [o.id for o in state.legal_actions()]
    state.apply("end")
    assert (state.round, state.ap[0], state.creativity[0], state.vp[0]) == (2, 13, 2, 4)


def test_the_guide_shows_no_option_id_that_counts_from_zero() -> None:
    """Cards are D01.. and V01.., lenses L1..: no ``collect 23`` or ``activate lens 0``."""
    ids = re.findall(r"`((?:collect|card|activate lens|persuade lens|reactivate lens|"
                     r"remove lens) [^`]*)`", GUIDE)
    assert ids
    for shown in ids:
        assert re.match(r"[a-z ]+ (?:[DV]\d\d|L\d+|<card>|<lens>)( |$)", shown), shown
    assert "P0" not in GUIDE and "player 0" not in GUIDE


def test_the_growth_chart_table_says_what_the_content_does() -> None:
    """Every cell of the guide's growth-chart table is the board's wording of that node's
    ability in the shipped content, so a change of rules version cannot leave it stale."""
    header = re.search(r"^\| node \|(.+)\|$", GUIDE, re.M)
    assert header
    boards = [cell.strip().strip("`") for cell in header.group(1).split("|")]
    rows = dict(re.findall(r"^\| (n[0-2][0-2]) \|(.+)\|$", GUIDE, re.M))
    assert sorted(rows) == sorted(NODE_IDS)
    for name, row in rows.items():
        cells = [cell.strip() for cell in row.split("|")]
        for board, cell in zip(boards, cells, strict=True):
            character = next(c for c in CONTENT.characters if c.id == board)
            assert cell == ability_text(character.abilities[NODE_IDS.index(name)]), (board, name)
