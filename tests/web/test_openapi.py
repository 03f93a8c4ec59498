"""Issue 30 item 9: the OpenAPI document is at /api/openapi.json (the path the web README
names) and describes the JSON body of every POST with the pydantic models that check it."""

from __future__ import annotations

from pathlib import Path

from boardlab.web import schemas

from .support import TestClient

README = Path(schemas.__file__).with_name("README.md")


def test_every_post_documents_its_request_body(client: TestClient) -> None:
    document = client.get("/api/openapi.json").json()
    components = document["components"]["schemas"]
    posts = {path: item["post"] for path, item in document["paths"].items() if "post" in item}
    assert set(posts) == {"/api/games", "/api/games/{game_id}/actions",
                          "/api/games/{game_id}/undo", "/api/games/{game_id}/join",
                          "/api/games/{game_id}/analysis", "/api/games/{game_id}/hint",
                          "/api/replays"}
    for path, operation in posts.items():
        schema = operation["requestBody"]["content"]["application/json"]["schema"]
        name = schema["$ref"].removeprefix("#/components/schemas/")
        assert components[name]["properties"], path
    move = components["Move"]
    assert set(move["required"]) == {"token", "decision", "action"}
    assert move["properties"]["decision"]["type"] == "integer"
    seats = components["CreateGame"]["properties"]["seats"]["items"]["$ref"]
    assert components[seats.rsplit("/", 1)[1]]["properties"]["kind"]["enum"] == [
        "human", "open", "bot"]


def test_the_readme_names_the_path_the_server_uses(client: TestClient) -> None:
    assert "`/api/openapi.json`" in README.read_text()
    assert client.get("/openapi.json").status_code == 404


def test_a_body_the_document_describes_is_accepted(client: TestClient) -> None:
    body = schemas.CreateGame(game="toy", players=2, seats=[
        schemas.SeatRequest(kind="human"), schemas.SeatRequest(kind="bot", agent="random")])
    answer = client.post("/api/games", content=body.model_dump_json(exclude_none=True),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 201, answer.text
