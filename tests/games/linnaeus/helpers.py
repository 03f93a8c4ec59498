"""Builders for Linnaeus tests: a dealt game, a game at its first turn, and tools to set a
situation by hand (push frames, then ``refresh``) and play option ids in it."""

from __future__ import annotations

from boardlab.engine import Frame
from boardlab.games.linnaeus import SPEC
from boardlab.games.linnaeus.actions import act
from boardlab.games.linnaeus.content import CATEGORIES, CONTENT
from boardlab.games.linnaeus.state import LinnaeusState


def new(players: int = 2, seed: int = 0, **options: object) -> LinnaeusState:
    """A new game, as ``boardlab.new("linnaeus", ...)`` gives it."""
    SPEC.check_players(players)
    state = LinnaeusState.create(players, seed, SPEC.resolve_options(options))
    assert isinstance(state, LinnaeusState)
    return state


def started(players: int = 2, seed: int = 0, **options: object) -> LinnaeusState:
    """A game whose setup decisions were answered with their first option: the first player
    is placing a lens."""
    s = new(players, seed, **options)
    while s.decision is not None and s.decision.kind != "place_lens":
        s.apply(s.legal_actions()[0])
    return s


def with_frames(s: LinnaeusState, *frames: Frame, active: int = 0) -> LinnaeusState:
    """Replace the pending work by ``frames`` (the last one on top), ``active`` on turn."""
    s.stack = list(frames)
    s.active = active
    s.refresh()
    return s


def ids(s: LinnaeusState) -> list[str]:
    return [a.id for a in s.legal_actions()]


def oid(kind: str, *args: int) -> str:
    """The option id of ``kind`` with content-index ``args`` (``oid("write", 3)`` is
    ``"write LT04"``)."""
    return act(kind, *args).id


def play(s: LinnaeusState, *chosen: str) -> None:
    for text in chosen:
        s.apply(text)


def kind(s: LinnaeusState) -> str | None:
    return None if s.decision is None else s.decision.kind


def cat(name: str) -> int:
    return CATEGORIES.index(name)


def loc(name: str) -> int:
    return next(i for i, x in enumerate(CONTENT.locations) if x.id == name)


def spot(name: str) -> int:
    return next(i for i, x in enumerate(CONTENT.spots) if x.id == name)


def by_id(table: tuple[object, ...], ident: str) -> int:
    return next(i for i, x in enumerate(table) if getattr(x, "id", None) == ident)


def knowledge(s: LinnaeusState, side: int) -> dict[str, int]:
    return {CATEGORIES[c]: s.knowledge[side * 9 + c] for c in range(9) if s.knowledge[side * 9 + c]}


def blank(s: LinnaeusState) -> LinnaeusState:
    """No resources, no knowledge, no free actions affordable: a quiet player 0 and 1."""
    for side in range(s.n_sides):
        s.coins[side] = s.containers[side] = s.tools[side] = s.vp[side] = 0
        for c in range(9):
            s.knowledge[side * 9 + c] = 0
    return s


def settle(s: LinnaeusState, *until: str) -> None:
    """Answer every decision with its first option until one of kind ``until`` is posed."""
    while s.decision is not None and s.decision.kind not in until:
        s.apply(s.legal_actions()[0])


def options_of(s: LinnaeusState, *frame: object) -> list[str]:
    """The option ids the frame would pose now (its rule's options, free actions included)."""
    rule = s.RULES[frame[0]]
    return [a.id for a in rule.options(s, tuple(frame))]  # type: ignore[union-attr]
