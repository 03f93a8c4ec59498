"""Named bot levels for each game, and the strength measured for them, shipped as data.

The levels live in ``levels.toml``: for each game, weakest first, a name, an agent spec
and one sentence for people choosing an opponent. ``boardlab ladder GAME --write`` plays
them against each other and stores its figures in ``ladder/GAME.json`` (a
``Measurement``). ``for_game`` joins the two for the lobby: a level has figures only
when that file measured the spec it has now, else it is "not measured yet".

>>> [level.name for level in levels("konoten")]
['beginner', 'casual', 'strong', 'expert']
>>> for_game("konoten").levels[0].strength  # until ``boardlab ladder konoten --write``
'not measured yet'
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any

from boardlab.agents import make, parse_spec
from boardlab.engine import registry

#: The share of 2-player games each level must win against the one below it (issue 31).
BAR = 0.65
LEVELS_FILE = Path(__file__).with_name("levels.toml")
#: Where ``ladder/GAME.json`` files are read and written (tests point it elsewhere).
LADDER_DIR = Path(__file__).with_name("ladder")
NOT_MEASURED = "not measured yet"


@dataclass(frozen=True, slots=True)
class Level:
    """A named bot level of ``game``: the agent ``spec`` it plays and what that means."""

    game: str
    name: str
    spec: str
    about: str


@dataclass(frozen=True, slots=True)
class LevelRating:
    """A level's OpenSkill rating (``ordinal`` is ``mu - 3 sigma``) over ``games`` games."""

    mu: float
    sigma: float
    ordinal: float
    games: int


@dataclass(frozen=True, slots=True)
class PairResult:
    """The games between two levels: the ``upper`` level's wins (a shared win counts half)
    with the 95% Wilson ``interval`` of its win rate; ``adjacent`` when no level sits
    between them."""

    lower: str
    upper: str
    adjacent: bool
    games: int
    upper_wins: float
    interval: tuple[float, float]

    @property
    def win_rate(self) -> float:
        return self.upper_wins / self.games if self.games else 0.0

    @property
    def meets_bar(self) -> bool:
        """True when the upper level won at least ``BAR`` of the games."""
        return self.games > 0 and self.win_rate >= BAR

    def to_json(self) -> dict[str, Any]:
        return {
            "lower": self.lower,
            "upper": self.upper,
            "adjacent": self.adjacent,
            "games": self.games,
            "upper_wins": self.upper_wins,
            "upper_win_rate": self.win_rate,
            "interval": list(self.interval),
            "meets_bar": self.meets_bar,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> PairResult:
        low, high = data["interval"]
        return cls(
            str(data["lower"]),
            str(data["upper"]),
            bool(data["adjacent"]),
            int(data["games"]),
            float(data["upper_wins"]),
            (float(low), float(high)),
        )


@dataclass(frozen=True, slots=True)
class Measurement:
    """What ``boardlab ladder`` measured for ``game``: the spec each level played (in level
    order), their ratings, every pair's results and the run's ``settings`` (games per
    pair, seed, players, boardlab and rules versions...)."""

    game: str
    specs: Mapping[str, str]
    ratings: Mapping[str, LevelRating]
    pairs: tuple[PairResult, ...]
    settings: Mapping[str, Any]

    @property
    def steps(self) -> tuple[PairResult, ...]:
        """The pairs of adjacent levels, weakest first: the ones the bar is asked of."""
        return tuple(pair for pair in self.pairs if pair.adjacent)

    def to_json(self) -> dict[str, Any]:
        """The object stored in ``ladder/GAME.json`` and printed by ``ladder --json``."""
        return {
            "game": self.game,
            "settings": dict(self.settings),
            "levels": [
                {"name": name, "spec": spec, **_rating_json(self.ratings.get(name))}
                for name, spec in self.specs.items()
            ],
            "pairs": [pair.to_json() for pair in self.pairs],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Measurement:
        """The measurement ``to_json`` gave; ``ValueError`` for anything else."""
        try:
            levels = data["levels"]
            ratings = {
                str(level["name"]): LevelRating(
                    float(level["mu"]),
                    float(level["sigma"]),
                    float(level["ordinal"]),
                    int(level["games"]),
                )
                for level in levels
                if level.get("mu") is not None
            }
            return cls(
                game=str(data["game"]),
                specs=MappingProxyType({str(lv["name"]): str(lv["spec"]) for lv in levels}),
                ratings=MappingProxyType(ratings),
                pairs=tuple(PairResult.from_json(pair) for pair in data["pairs"]),
                settings=MappingProxyType(dict(data["settings"])),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise ValueError(f"not a ladder measurement: {error!r}") from None


@dataclass(frozen=True, slots=True)
class ShownLevel:
    """A level as the lobby shows it: its rating, or ``None`` when not measured yet."""

    level: Level
    rating: LevelRating | None
    below: PairResult | None = None

    @property
    def strength(self) -> str:
        """The measured strength in words, or ``NOT_MEASURED``."""
        if self.rating is None:
            return NOT_MEASURED
        rating = self.rating
        return (
            f"rating {rating.ordinal:.1f} (mu {rating.mu:.1f}, sigma {rating.sigma:.2f}) "
            f"over {rating.games} games"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.level.name,
            "spec": self.level.spec,
            "about": self.level.about,
            "measured": self.rating is not None,
            **_rating_json(self.rating),
            "strength": self.strength,
            "against_below": None if self.below is None else _step_json(self.below),
        }


@dataclass(frozen=True, slots=True)
class GameLevels:
    """A game's levels, weakest first, with the figures shipped for them: ``steps`` are the
    results of each level against the one below (only where both specs were measured),
    ``settings`` the run's (``None`` when nothing was measured)."""

    game: str
    levels: tuple[ShownLevel, ...]
    steps: tuple[PairResult, ...]
    settings: Mapping[str, Any] | None

    @property
    def rules_changed(self) -> bool:
        """True when the figures were measured on another version of the game's rules."""
        if self.settings is None:
            return False
        return self.settings.get("rules_version") != registry.spec(self.game).version

    def to_json(self) -> dict[str, Any]:
        """Everything the lobby needs to offer the levels, as JSON-ready data."""
        return {
            "game": self.game,
            "levels": [level.to_json() for level in self.levels],
            "steps": [step.to_json() for step in self.steps],
            "settings": None if self.settings is None else dict(self.settings),
            "rules_changed": self.rules_changed,
        }


def games() -> tuple[str, ...]:
    """The games that have named levels."""
    return tuple(_all_levels())


def levels(game: str) -> tuple[Level, ...]:
    """``game``'s levels, weakest first; ``ValueError`` naming the games that have some."""
    found = _all_levels().get(game)
    if found is None:
        raise ValueError(f"no bot levels for {game!r}; games with levels: {', '.join(games())}")
    return found


def level(game: str, name: str) -> Level:
    """``game``'s level called ``name``; ``ValueError`` naming its levels otherwise."""
    for candidate in levels(game):
        if candidate.name == name:
            return candidate
    names = ", ".join(candidate.name for candidate in levels(game))
    raise ValueError(f"{game} has no bot level {name!r}; levels: {names}")


def ladder_file(game: str) -> Path:
    """Where ``game``'s measurement is shipped."""
    return LADDER_DIR / f"{game}.json"


def measured(game: str) -> Measurement | None:
    """``game``'s shipped measurement, or ``None`` when there is none."""
    path = ladder_file(game)
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as error:
        raise ValueError(f"{path.name}: not a ladder measurement: {error}") from None
    return Measurement.from_json(data)


def write_measurement(measurement: Measurement) -> Path:
    """Store ``measurement`` as its game's shipped figures; the path written."""
    path = ladder_file(measurement.game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(measurement.to_json(), indent=2) + "\n", encoding="utf-8")
    return path


def for_game(game: str) -> GameLevels:
    """``game``'s levels with their shipped figures, for the lobby.

    A level keeps its figures only if they were measured with the spec it has now, so a
    level whose spec changed shows ``NOT_MEASURED`` until the ladder runs again. A shipped
    file that is not a measurement raises ``ValueError``.
    """
    found = levels(game)
    measurement = measured(game)
    if measurement is None:
        return GameLevels(game, tuple(ShownLevel(lv, None) for lv in found), (), None)
    current = {lv.name for lv in found if _same_spec(measurement.specs.get(lv.name), lv.spec)}
    order = [lv.name for lv in found]
    steps = tuple(
        pair
        for lower, upper in pairwise(order)
        for pair in measurement.pairs
        if (pair.lower, pair.upper) == (lower, upper) and {lower, upper} <= current
    )
    step_of = {step.upper: step for step in steps}
    shown = tuple(
        ShownLevel(
            lv,
            measurement.ratings.get(lv.name) if lv.name in current else None,
            step_of.get(lv.name),
        )
        for lv in found
    )
    return GameLevels(game, shown, steps, measurement.settings)


def _same_spec(measured_spec: str | None, spec: str) -> bool:
    return measured_spec is not None and parse_spec(measured_spec) == parse_spec(spec)


def _step_json(step: PairResult) -> dict[str, Any]:
    """How a level did against the one below it, for the lobby."""
    return {
        "level": step.lower,
        "win_rate": step.win_rate,
        "games": step.games,
        "interval": list(step.interval),
        "meets_bar": step.meets_bar,
    }


def _rating_json(rating: LevelRating | None) -> dict[str, Any]:
    if rating is None:
        return {"mu": None, "sigma": None, "ordinal": None, "games": None}
    return {
        "mu": rating.mu,
        "sigma": rating.sigma,
        "ordinal": rating.ordinal,
        "games": rating.games,
    }


@cache
def _all_levels() -> Mapping[str, tuple[Level, ...]]:
    """Every game's levels from ``levels.toml``, checked: ``ValueError`` saying what is wrong."""
    with LEVELS_FILE.open("rb") as handle:
        data = tomllib.load(handle)
    return MappingProxyType({game: _game_levels(game, table) for game, table in data.items()})


def _game_levels(game: str, table: Any) -> tuple[Level, ...]:
    if not isinstance(table, list) or not table:
        raise ValueError(f"{LEVELS_FILE.name}: {game} needs a list of levels")
    found: list[Level] = []
    for entry in table:
        if not isinstance(entry, dict) or set(entry) != {"name", "spec", "about"}:
            raise ValueError(f"{LEVELS_FILE.name}: a level of {game} needs name, spec, about")
        if not all(isinstance(value, str) and value for value in entry.values()):
            raise ValueError(f"{LEVELS_FILE.name}: a level of {game} has an empty field")
        found.append(Level(game, entry["name"], entry["spec"], entry["about"]))
    names = [lv.name for lv in found]
    if len(set(names)) != len(names):
        raise ValueError(f"{LEVELS_FILE.name}: {game} names a level twice")
    parsed = [parse_spec(lv.spec) for lv in found]
    if any(parsed.count(spec) > 1 for spec in parsed):
        raise ValueError(f"{LEVELS_FILE.name}: two levels of {game} play the same spec")
    for name, params in parsed:
        make(name, seed=0, **params)  # a refused parameter raises here, not in a game
    return tuple(found)
