"""The public entry points: list, start, replay and load games."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import import_module, resources
from typing import Any

from boardlab.engine import registry
from boardlab.engine.errors import IllegalAction, LoadError
from boardlab.engine.spec import GameSpec
from boardlab.engine.state import READABLE_VERSIONS, SAVE_FORMAT, SAVE_VERSION, GameState


def games() -> list[str]:
    """The names of every game, sorted."""
    return registry.names()


def guide(game: str) -> str:
    """The player's guide of ``game`` (its package's ``guide.md``), as Markdown text.

    ``ValueError`` for an unknown game or one whose package ships no guide.

    >>> guide("konoten").startswith("# Konoten")
    True
    """
    text = _guide_text(game)
    if text is None:
        with_guide = [name for name in games() if _has_guide(name)]
        raise ValueError(
            f"game {game!r} has no player's guide; guides: {', '.join(with_guide) or 'none'}"
        )
    return text


def _has_guide(game: str) -> bool:
    try:
        return _guide_text(game) is not None
    except ValueError:  # a game that cannot be loaded has no guide to show
        return False


def _guide_text(game: str) -> str | None:
    """The text of ``guide.md`` in the package of ``game``, or ``None`` if there is none."""
    spec = registry.spec(game)
    module = registry.module_of(game) or spec.state_class.__module__
    if not hasattr(import_module(module), "__path__"):  # a module, not a package
        module = module.rpartition(".")[0]
    if not module:
        return None
    try:
        return resources.files(module).joinpath("guide.md").read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


def new(game: str, players: int, seed: int = 0, **options: Any) -> GameState:
    """A new game; the same arguments always give the same game.

    >>> state = new("compounded", players=3, seed=7)
    """
    spec = registry.spec(game)
    spec.check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    return spec.state_class.create(players, seed, spec.resolve_options(options))


def replay(
    game: str, players: int, seed: int, history: Iterable[str], **options: Any
) -> GameState:
    """The state reached by playing ``history`` (action ids) from ``new(...)``.

    The history may list the moves the engine played itself (decisions with a single
    option), as ``state.history`` does, or leave them out, as a list of the seats' own
    choices does: an id that is not an option of a forced decision is applied after that
    decision's one option. The forced decisions left at the end are then played, as ``new``
    and ``apply`` would.
    """
    state = _replayed(game, players, seed, history, options)
    state.settle()
    return state


def _replayed(
    game: str, players: int, seed: int, history: Iterable[str], options: dict[str, Any]
) -> GameState:
    """``history`` applied id by id from the game's setup; a forced decision it ends on is
    left pending (a save written before the engine played them itself may end so)."""
    spec = registry.spec(game)
    spec.check_players(players)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    state = spec.state_class.unsettled(players, seed, spec.resolve_options(options))
    for step, action in enumerate(history):
        while True:
            try:
                state.apply_raw(action)
                break
            except IllegalAction as error:
                forced = state.forced_option()
                if forced is None:
                    raise IllegalAction(f"history step {step}: {error}") from None
                state.apply_raw(forced)
    return state


def load(text: str, verify: bool = True) -> GameState:
    """A saved game read back from ``state.to_json()``; ``LoadError`` for anything else.

    With ``verify`` (the default) the history is replayed and the stored snapshot, generator
    and log must agree with it. ``verify=False`` trusts the snapshot and restores it without
    replaying, at a small fraction of the cost: for saves the caller wrote itself.
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise LoadError(f"not a saved boardlab game: {error}") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise LoadError("not a saved boardlab game: the 'format' field is missing or wrong")
    version = data.get("version")
    if version not in READABLE_VERSIONS:
        raise LoadError(
            f"save format version {version!r} is not supported "
            f"(this boardlab reads versions {', '.join(map(str, READABLE_VERSIONS))})"
        )
    game = data.get("game")
    if game not in registry.names():
        raise LoadError(f"the save names unknown game {game!r}; games: {', '.join(games())}")
    try:
        spec = registry.spec(game)
    except ValueError as error:
        raise LoadError(str(error)) from None
    if data.get("game_version") != spec.version:
        raise LoadError(
            f"the save is of {game} rules version {data.get('game_version')!r}; "
            f"this boardlab plays version {spec.version}"
        )
    history = data.get("history")
    options = data.get("options")
    if not isinstance(history, list) or not all(isinstance(a, str) for a in history):
        raise LoadError("the save's 'history' is not a list of action ids")
    if not isinstance(options, dict):
        raise LoadError("the save's 'options' is not an object")
    if not verify:
        return _restore(spec, data, history, options)
    try:
        players: Any = data.get("players")
        seed: Any = data.get("seed")
        state = _replayed(game, players, seed, history, options)
    except ValueError as error:
        raise LoadError(f"the save does not replay: {error}") from None
    if "rng" in data and data["rng"] != state.rng.state:
        raise LoadError("the save's random generator does not match its history")
    # A version-1 snapshot has the layout of the code that wrote it: the replay is the truth.
    stored = state.current_snapshot(data.get("state")) if version == SAVE_VERSION else None
    if stored is not None and stored != json.loads(json.dumps(state.snapshot())):
        raise LoadError("the save's state does not match its history (edited or corrupt)")
    if ("trail" in data and data["trail"] != state.trail_text()) or (
        "log_entries" in data and data["log_entries"] != state.log_length()
    ):
        raise LoadError("the save's log does not match its history (edited or corrupt)")
    if "revealed" in data and data["revealed"] != state.revealed_steps():
        raise LoadError("the save's revealed actions do not match its history")
    state.settle()  # checked as saved; a decision with one option is then played
    return state


def _restore(
    spec: GameSpec, data: dict[str, Any], history: list[str], options: dict[str, Any]
) -> GameState:
    """The state stored in a version-2 save, set without replaying (trusted)."""
    if data.get("version") != SAVE_VERSION:
        raise LoadError(f"load(verify=False) needs a version {SAVE_VERSION} save")
    players, seed, rng = data.get("players"), data.get("seed"), data.get("rng")
    snapshot, trail, revealed = data.get("state"), data.get("trail"), data.get("revealed")
    entries = data.get("log_entries")
    try:
        spec.check_players(players)  # type: ignore[arg-type]
        resolved = spec.resolve_options(options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the seed is not an integer: {seed!r}")
        if isinstance(rng, bool) or not isinstance(rng, int):
            raise ValueError(f"the generator state is not an integer: {rng!r}")
        if not isinstance(snapshot, dict) or not isinstance(trail, str):
            raise ValueError("the snapshot or the log is missing")
        if isinstance(entries, bool) or not isinstance(entries, int) or entries < len(history):
            raise ValueError(f"'log_entries' is not a count of at least {len(history)}")
        if not isinstance(revealed, list) or not all(type(r) is int for r in revealed):
            raise ValueError("'revealed' is not a list of history indexes")
        return spec.state_class.restored(
            players,  # type: ignore[arg-type]
            seed,
            resolved,
            history,
            rng,
            snapshot,
            trail,
            entries,
            revealed,
        )
    except (LoadError, IllegalAction):
        raise
    except (ValueError, TypeError, KeyError, IndexError, AttributeError) as error:
        raise LoadError(f"the save cannot be restored: {error}") from None
