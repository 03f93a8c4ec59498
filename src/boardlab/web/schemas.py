"""The request bodies of the JSON API as pydantic models: they check every body, and the
OpenAPI document describes them (``document_bodies``).

The routes read their bodies themselves (``read_body``) rather than through FastAPI's
parameters, so that refusals keep the documented order: an unknown game (404) comes before
a malformed body (422).
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypeVar

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator
from pydantic.json_schema import models_json_schema

from boardlab.web.service import Refusal

INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
SEAT_KINDS = ("human", "open", "bot")
MAX_ANALYSIS_SECONDS = 2.0  # of search per decision: a 100-decision game in under 4 minutes


class Body(BaseModel):
    """A request body: JSON values of exactly the declared types (no ``"5"`` for 5)."""

    model_config = ConfigDict(strict=True, extra="ignore")


class SeatRequest(Body):
    """One seat of a new game: a person invited by its link, an open seat, or a bot."""

    kind: Literal["human", "open", "bot"]
    agent: str | None = Field(None, description="the bot's spec, such as 'mcts:seconds=0.5' "
                                                "(bots only; default 'random')")

    @model_validator(mode="before")
    @classmethod
    def _kind_offered(cls, data: Any) -> Any:
        if not isinstance(data, dict) or data.get("kind") not in SEAT_KINDS:
            raise ValueError('a seat must be {"kind": "human"}, {"kind": "open"} or '
                             '{"kind": "bot", "agent": SPEC}')
        return data


class CreateGame(Body):
    """``POST /api/games``."""

    game: str = Field(description="a game name of /api/catalog")
    players: int = Field(ge=1, le=64)
    seed: int | None = Field(None, ge=INT64_MIN, le=INT64_MAX,
                             description="the same seed and moves give the same game; "
                                         "random when missing")
    options: dict[str, Any] | None = Field(None, description="the game's options by name")
    seats: list[SeatRequest] = Field(max_length=64, description="one entry per seat")
    hints: bool = Field(False, description="people's seats may ask for hints (the options "
                                           "the analysis rates highest); off by default")


class Move(Body):
    """``POST /api/games/{id}/actions``."""

    token: str = Field(description="the seat's token")
    decision: int = Field(description="the pending decision's id, as the view gives it")
    action: str = Field(description="the id of one of that decision's options")


class Undo(Body):
    """``POST /api/games/{id}/undo``."""

    token: str = Field(description="the seat's token")


class Join(Body):
    """``POST /api/games/{id}/join``."""

    seat: int | None = Field(None, ge=0, description="the open seat wanted; the first free "
                                                     "one when missing")


class Analyse(Body):
    """``POST /api/games/{id}/analysis``: the setting of the analysis."""

    seconds: float = Field(0.0, ge=0.0, le=MAX_ANALYSIS_SECONDS, allow_inf_nan=False,
                           description="seconds of search per decision; 0, the default, "
                                       "judges by the calibrated evaluation alone")


class Hint(Body):
    """``POST /api/games/{id}/hint``."""

    token: str = Field(description="the seat's token")
    decision: int = Field(description="the pending decision's id, as the view gives it")


class Save(Body):
    """``POST /api/replays``: a save as ``boardlab play --save`` writes it (checked in full by
    replaying it; the fields below are the ones read first)."""

    model_config = ConfigDict(strict=True, extra="allow")
    format: str
    game: str
    players: int
    seed: int = Field(ge=INT64_MIN, le=INT64_MAX)
    history: list[str]


B = TypeVar("B", bound=Body)
BODIES: tuple[type[Body], ...] = (CreateGame, Move, Undo, Join, Analyse, Hint, Save)


async def read_json(request: Request) -> Any:
    """The request body parsed as JSON (422 if it is not JSON, or nested beyond reason)."""
    raw = await request.body()
    try:
        return json.loads(raw) if raw.strip() else None
    except (ValueError, UnicodeDecodeError):
        raise Refusal(422, "the request body is not JSON") from None
    except RecursionError:
        raise Refusal(422, "the request body is nested too deeply") from None


def checked(model: type[B], body: Any) -> B:
    """``body`` as ``model`` (422 naming the first field that does not fit)."""
    if not isinstance(body, dict):
        raise Refusal(422, "the request body must be a JSON object")
    try:
        return model.model_validate(body)
    except ValidationError as error:
        raise Refusal(422, describe(error)) from None
    except RecursionError:
        raise Refusal(422, "the request body is nested too deeply") from None


async def read_body(request: Request, model: type[B]) -> B:
    """The request body as ``model``."""
    return checked(model, await read_json(request))


_NEEDS = {"int_type": "a whole number", "int_from_float": "a whole number",
          "string_type": "text", "list_type": "a list", "dict_type": "an object"}


def describe(error: ValidationError) -> str:
    """The first problem of ``error`` as one sentence."""
    first = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the body"
    if first["type"] == "missing":
        return f"the body needs {where!r}"
    if first["type"] in _NEEDS:
        return f"the body needs {where!r} as {_NEEDS[first['type']]}"
    context = first.get("ctx") or {}
    reason = str(context["error"]) if "error" in context else first["msg"]
    return f"{where}: {reason[:1].lower()}{reason[1:]}"


def request_body(model: type[Body]) -> dict[str, Any]:
    """The ``openapi_extra`` of a route whose body is ``model``."""
    schema = {"$ref": f"#/components/schemas/{model.__name__}"}
    return {"requestBody": {"required": True,
                            "content": {"application/json": {"schema": schema}}}}


def document_bodies(document: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI ``document`` with the schemas of every body in its components."""
    _keys, found = models_json_schema([(model, "validation") for model in BODIES],
                                      ref_template="#/components/schemas/{model}")
    document.setdefault("components", {}).setdefault("schemas", {}).update(found["$defs"])
    return document
