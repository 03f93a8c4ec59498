"""Golden games: recorded games (arguments + history -> result) that catch unintended rule changes.

One format for every golden file in the repository::

    {"format": "boardlab-golden", "version": 1, "games": [RECORD, ...]}

and each RECORD holds:

* ``game``, ``game_version`` (the rules version it was recorded with), ``players``,
  ``seed``, ``options`` (every option, as ``state.options`` lists them) and ``history``
  (the action ids), which define the game;
* the result it must replay to: ``scores`` and ``winners`` (by seat), and ``outcome``
  (``{"sides", "scores", "winners"}`` by side, so an automa's result is recorded too);
* optionally ``agent``: ``{"name": "random", "seed": N}`` when the history is what the
  random agent of that seed plays (it is then played again and must give the same
  history), and ``facts``: final values the game's own rules expose, checked by ``FACTS``
  (the round Compounded ends in, Konoten's lenses);
* free ``note`` fields (any key starting with ``note``): for people, never checked.

``check(record)`` replays a record and checks all of it; ``record_game`` plays a new one.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import boardlab
from boardlab import GameState, IllegalAction
from boardlab.agents import make
from boardlab.engine import registry

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN_FORMAT = "boardlab-golden"
GOLDEN_VERSION = 1
RECORD_COMMAND = "python tests/conformance/record_golden.py"
DEFAULT_SEED = 1
REQUIRED = (
    "game",
    "game_version",
    "players",
    "seed",
    "options",
    "history",
    "scores",
    "winners",
    "outcome",
)
OPTIONAL = ("agent", "facts")
KEY_ORDER = (
    "game",
    "game_version",
    "players",
    "seed",
    "options",
    "agent",
    "scores",
    "winners",
    "outcome",
    "facts",
)


def _lenses(state: Any) -> list[list[int]]:
    return [list(lens) for lens in state.lenses]


#: Per game, the final facts a record may hold (under ``facts``) besides the result.
FACTS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "compounded": lambda state: {"rounds": state.round},
    "konoten": lambda state: {"lenses": _lenses(state)},
}


def golden_path(game: str) -> Path:
    """The conformance suite's golden file of ``game``."""
    return GOLDEN_DIR / f"{game}.json"


def read(path: Path) -> list[dict[str, Any]]:
    """The records of a golden file, each checked for its fields; ``ValueError`` otherwise."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(data, dict) or data.get("format") != GOLDEN_FORMAT:
        raise ValueError(f"{path.name} is not a golden file (format {GOLDEN_FORMAT!r})")
    if data.get("version") != GOLDEN_VERSION:
        raise ValueError(f"{path.name}: golden format version {data.get('version')!r} is unknown")
    records = data.get("games")
    if not isinstance(records, list) or not records:
        raise ValueError(f"{path.name} holds no recorded game")
    for index, record in enumerate(records):
        missing = [key for key in REQUIRED if key not in record]
        unknown = [
            key
            for key in record
            if key not in REQUIRED and key not in OPTIONAL and not key.startswith("note")
        ]
        if missing or unknown:
            raise ValueError(f"{path.name} game {index}: missing {missing}, unknown {unknown}")
    return records


def write(path: Path, records: list[dict[str, Any]]) -> None:
    """Write ``records`` as a golden file: one line per field of a record, history included."""
    lines = []
    for record in records:
        keys = sorted(record, key=lambda key: KEY_ORDER.index(key) if key in KEY_ORDER else 10)
        keys.remove("history")
        fields = [f"  {json.dumps(key)}: {json.dumps(record[key])}" for key in [*keys, "history"]]
        lines.append("{\n" + ",\n".join(fields) + "\n }")
    text = (
        f'{{"format": "{GOLDEN_FORMAT}", "version": {GOLDEN_VERSION}, "games": [\n'
        + ",\n".join(lines)
        + "\n]}\n"
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def games_in(path: Path) -> set[str]:
    """The games a golden file records (its file name when the file cannot be read)."""
    try:
        return {str(record["game"]) for record in read(path)}
    except (OSError, ValueError, KeyError, TypeError):
        return {path.stem}


def play(
    game: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    agent_seed: int | None = None,
) -> GameState:
    """A game played to the end by the random agent of ``agent_seed`` (default: ``seed``)."""
    state = boardlab.new(game, players, seed, **(options or {}))
    agent = make("random", seed=seed if agent_seed is None else agent_seed)
    while not state.is_over:
        state.apply(agent.choose(state))
    return state


def result(state: GameState) -> dict[str, Any]:
    """What a record holds of the end of ``state``: scores, winners, outcome (and facts)."""
    found: dict[str, Any] = {
        "scores": state.scores(),
        "winners": state.winners(),
        "outcome": state.outcome(),
    }
    if state.game in FACTS:
        found["facts"] = FACTS[state.game](state)
    return json.loads(json.dumps(found))  # type: ignore[no-any-return]


def record_game(
    game: str,
    players: int | None = None,
    seed: int = DEFAULT_SEED,
    options: dict[str, Any] | None = None,
    agent_seed: int | None = None,
) -> dict[str, Any]:
    """A new record: a random game of ``game`` (at its most players by default) to the end."""
    spec = registry.spec(game)
    players = spec.max_players if players is None else players
    agent_seed = seed if agent_seed is None else agent_seed
    state = play(game, players, seed, options, agent_seed)
    return {
        "game": game,
        "game_version": spec.version,
        "players": players,
        "seed": seed,
        "options": dict(state.options),
        "agent": {"name": "random", "seed": agent_seed},
        **result(state),
        "history": list(state.history),
    }


def rerecord(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` played again by its agent with today's rules (notes kept)."""
    agent = record.get("agent")
    if not agent:
        raise ValueError(f"a record of {record['game']} names no agent: it cannot be re-played")
    fresh = record_game(
        record["game"], record["players"], record["seed"], record["options"], agent["seed"]
    )
    notes = {key: value for key, value in record.items() if key.startswith("note")}
    return {**fresh, **notes}


def replay(record: dict[str, Any]) -> GameState:
    return boardlab.replay(
        record["game"], record["players"], record["seed"], record["history"], **record["options"]
    )


def check(record: dict[str, Any], where: str) -> None:
    """``record`` replays to its recorded result under today's rules; ``AssertionError`` if not.

    ``where`` names the record in messages (a file name and an index).
    """
    game = record["game"]
    again = f"if the change is intended, re-record it: {RECORD_COMMAND} --rerecord <file>"
    version = registry.spec(game).version
    assert record["game_version"] == version, (
        f"{where} records {game} rules version {record['game_version']}, "
        f"the game is now version {version}; {again}"
    )
    try:
        state = replay(record)
    except IllegalAction as error:
        raise AssertionError(f"{where} no longer replays ({error}); {again}") from None
    assert state.is_over, f"{where}: the game is not over at the end; {again}"
    audit = state.SPEC.audit
    if audit is not None:
        assert audit(state) == [], f"{where}: the audit finds {audit(state)}"
    assert dict(state.options) == record["options"], f"{where}: options {dict(state.options)}"
    now = result(state)
    for key in ("scores", "winners", "outcome", "facts"):
        if key in record:
            assert now.get(key) == record[key], (
                f"{where}: {key} changed from {record[key]} to {now.get(key)}; {again}"
            )
    agent = record.get("agent")
    if agent:
        assert agent.get("name") == "random", f"{where}: unknown agent {agent}"
        fresh = play(game, record["players"], record["seed"], record["options"], agent["seed"])
        assert fresh.history == record["history"], (
            f"{where}: the random agent of seed {agent['seed']} no longer plays this history; "
            f"{again}"
        )


def check_file(path: Path) -> None:
    """Every record of a golden file replays to its recorded result."""
    for index, record in enumerate(read(path)):
        check(record, f"{path.name} game {index}")
