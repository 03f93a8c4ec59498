"""Creating, listing, joining, saving and uploading games through the JSON API."""

from __future__ import annotations

import json

import pytest

import boardlab
from boardlab.agents import make
from boardlab.web import app_from_env, create_app
from boardlab.web import service as service_module

from .support import AS_JSON, TestClient, create, humans, play_first, tokens, view


def test_catalog_lists_every_game_with_its_options_and_agent_examples(
        client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    names = [game["name"] for game in catalog["games"]]
    assert names == boardlab.games()
    konoten = next(game for game in catalog["games"] if game["name"] == "konoten")
    assert {"name", "title", "min_players", "max_players", "options"} <= set(konoten)
    assert all({"name", "default", "help", "choices"} <= set(o) for o in konoten["options"])
    assert "random" in catalog["agents"] and "mcts:seconds=0.5" in catalog["agents"]


def test_catalog_offers_each_games_named_bot_levels_that_the_server_plays(
        client: TestClient) -> None:
    """Issue 31 item 7: the lobby's levels, weakest first, each with a sentence on how it
    plays and its measured strength (or "not measured yet"); a game made with a level's
    spec is accepted."""
    catalog = client.get("/api/catalog").json()
    for game in catalog["games"]:
        if game["name"] not in ("compounded", "konoten", "linnaeus", "scythe"):
            assert game["bot_levels"] == []  # the test games have no levels
            continue
        levels = game["bot_levels"]
        assert [level["name"] for level in levels] == ["beginner", "casual", "strong", "expert"]
        for level in levels:
            assert level["about"] and level["strength"]
            assert level["measured"] or level["strength"] == "not measured yet"
    konoten = next(game for game in catalog["games"] if game["name"] == "konoten")
    strong = konoten["bot_levels"][2]["spec"]
    created = create(client, "konoten", 2, seats=[{"kind": "human"}, {"kind": "bot", "agent":
                     strong}])
    assert created["seats"][1] == {"seat": 1, "kind": "bot", "agent": strong}


def test_create_gives_each_human_seat_a_secret_token_and_its_page(client: TestClient) -> None:
    created = create(client, "toy", 3, seats=[{"kind": "human"}, {"kind": "bot", "agent":
                     "random"}, {"kind": "human"}])
    assert created["watch_url"] == f"/watch/{created['id']}"
    seats = created["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "human"]
    assert "token" not in seats[1]
    for seat in (seats[0], seats[2]):
        assert len(seat["token"]) >= 22  # at least 128 random bits
        assert seat["url"] == f"/play/{created['id']}?token={seat['token']}"
    assert seats[0]["token"] != seats[2]["token"]
    assert view(client, created["id"], seats[2]["token"])["seat"] == 2


def test_the_same_settings_and_seed_give_the_same_game(client: TestClient) -> None:
    first = create(client, "konoten", 2, seed=11)
    second = create(client, "konoten", 2, seed=11)
    assert view(client, first["id"]) == view(client, second["id"])
    assert view(client, first["id"]) == boardlab.new("konoten", 2, 11).view(None)


def test_a_game_without_a_seed_gets_a_random_one_told_only_at_the_end(
        client: TestClient) -> None:
    answer = client.post("/api/games", json={"game": "toy", "players": 2, "seats": humans(2)})
    assert answer.status_code == 201
    created = answer.json()
    assert "seed" not in created  # the seed decides every hidden card
    game_id = created["id"]
    assert client.get(f"/api/games/{game_id}").json()["seed"] is None
    play_first(client, game_id, tokens(created), 500)
    seed = client.get(f"/api/games/{game_id}").json()["seed"]
    assert isinstance(seed, int)
    assert boardlab.load(client.get(f"/api/games/{game_id}/save").text).seed == seed


def test_bad_settings_are_refused_with_422_and_a_sentence(client: TestClient) -> None:
    bad = [
        {"game": "chess", "players": 2, "seats": humans(2)},
        {"game": "toy", "players": 9, "seats": humans(9)},
        {"game": "toy", "players": 2, "seats": humans(3)},
        {"game": "toy", "players": 2, "seats": humans(2), "options": {"nonsense": 1}},
        {"game": "toy", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot",
                                                                     "agent": "oracle"}]},
        {"game": "toy", "players": 2, "seats": [{"kind": "alien"}, {"kind": "human"}]},
        {"game": "toy", "players": "two", "seats": humans(2)},
        {"game": "toy", "players": 2, "seed": "x", "seats": humans(2)},
        {"players": 2, "seats": humans(2)},
    ]
    for body in bad:
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 422, body
        assert isinstance(answer.json()["error"], str) and answer.json()["error"]
    answer = client.post("/api/games", content=b"{not json", headers=AS_JSON)
    assert answer.status_code == 422 and "error" in answer.json()
    assert client.get("/api/games").json() == []


def test_the_list_shows_every_game_newest_first_with_its_seats_and_free_open_seats(
        client: TestClient) -> None:
    """Issue 27 item 6: each row has id, game, age, who sits where and status; a seat
    reserved for its link is never counted as free."""
    older = create(client, "toy", 2)
    newer = create(client, "konoten", 3, seats=[{"kind": "human"}, {"kind": "open"},
                                                {"kind": "bot", "agent": "random"}])
    listed = client.get("/api/games").json()
    assert [game["id"] for game in listed] == [newer["id"], older["id"]]
    first = listed[0]
    assert {k: first[k] for k in ("game", "players", "status", "free_seats")} == {
        "game": "konoten", "players": 3, "status": "open", "free_seats": 1}
    assert first["seats"] == [
        {"seat": 0, "kind": "human", "agent": None, "taken": False},
        {"seat": 1, "kind": "open", "agent": None, "taken": False},
        {"seat": 2, "kind": "bot", "agent": "random", "taken": False},
    ]
    assert isinstance(first["created_at"], float)
    assert listed[1]["free_seats"] == 0 and listed[1]["status"] == "playing"


def test_an_open_seat_gets_no_token_at_creation(client: TestClient) -> None:
    created = create(client, "toy", 2, seats=[{"kind": "human"}, {"kind": "open"}])
    assert created["seats"][1] == {"seat": 1, "kind": "open"}
    assert set(created["seats"][0]) == {"seat", "kind", "token", "url"}


def test_opening_a_seat_link_claims_the_reserved_seat(client: TestClient) -> None:
    created = create(client, "toy", 2)
    view(client, created["id"], tokens(created)[0])
    seats = client.get(f"/api/games/{created['id']}").json()["seats"]
    assert [s["claimed"] for s in seats] == [True, False]
    listed = client.get("/api/games").json()[0]
    assert listed["free_seats"] == 0 and listed["status"] == "playing"


def test_join_takes_open_seats_only_until_none_is_left(client: TestClient) -> None:
    """Issue 27 item 6, issue 30 item 6: POST /join takes open seats, never a seat reserved
    for its link, so the creator's seat cannot be taken before its link is opened."""
    created = create(client, "toy", 3, seats=[{"kind": "human"}, {"kind": "open"},
                                              {"kind": "open"}])
    game_id = created["id"]
    joined = client.post(f"/api/games/{game_id}/join", json={})
    assert joined.status_code == 200
    body = joined.json()
    assert body["seat"] == 1 and body["url"] == f"/play/{game_id}?token={body['token']}"
    assert view(client, game_id, body["token"])["seat"] == 1
    assert client.post(f"/api/games/{game_id}/join", json={}).json()["seat"] == 2
    assert client.get("/api/games").json()[0]["status"] == "playing"
    again = client.post(f"/api/games/{game_id}/join", json={})
    assert again.status_code == 409 and "no open seat" in again.json()["error"]
    # the creator's reserved seat, never opened yet, still answers its own link only
    assert view(client, game_id, tokens(created)[0])["seat"] == 0


@pytest.mark.parametrize(
    ("seats", "body", "status", "says"),
    [
        ([{"kind": "human"}, {"kind": "human"}], {}, 409, "no open seat"),
        ([{"kind": "human"}, {"kind": "open"}], {"seat": 0}, 409, "reserved"),
        ([{"kind": "open"}, {"kind": "bot", "agent": "random"}], {"seat": 1}, 409, "bot"),
        ([{"kind": "human"}, {"kind": "open"}], {"seat": 7}, 422, "not a seat"),
        ([{"kind": "human"}, {"kind": "open"}], {"seat": "x"}, 422, "whole number"),
    ],
)
def test_join_refusals(client: TestClient, seats: list[dict[str, str]], body: dict[str, object],
                       status: int, says: str) -> None:
    """Issue 27 item 6: a reserved seat, a bot seat or a seat that is not there is refused."""
    created = create(client, "toy", 2, seats=seats)
    answer = client.post(f"/api/games/{created['id']}/join", json=body)
    assert answer.status_code == status and says in answer.json()["error"]


def test_join_of_an_unknown_game_is_404(client: TestClient) -> None:
    assert client.post("/api/games/nope/join", json={}).status_code == 404


def test_a_taken_open_seat_cannot_be_joined_again(client: TestClient) -> None:
    created = create(client, "toy", 2, seats=[{"kind": "human"}, {"kind": "open"}])
    game_id = created["id"]
    assert client.post(f"/api/games/{game_id}/join", json={"seat": 1}).status_code == 200
    again = client.post(f"/api/games/{game_id}/join", json={"seat": 1})
    assert again.status_code == 409 and "taken already" in again.json()["error"]


def test_the_save_is_given_only_once_the_game_is_over(client: TestClient) -> None:
    created = create(client, "toy", 2, seed=3)
    game_id = created["id"]
    early = client.get(f"/api/games/{game_id}/save")
    assert early.status_code == 409 and "over" in early.json()["error"]
    play_first(client, game_id, tokens(created), 500)
    assert view(client, game_id)["over"]
    save = client.get(f"/api/games/{game_id}/save")
    assert save.status_code == 200
    state = boardlab.load(save.text)  # the same save the CLI writes, fully verified
    assert state.is_over and state.view(None) == view(client, game_id)
    assert "attachment" in save.headers["content-disposition"]
    assert client.get("/api/games/nope/save").status_code == 404


def test_an_uploaded_save_becomes_a_game_to_browse(client: TestClient) -> None:
    state = boardlab.new("konoten", 2, 4)
    bot = make("random", seed=2)
    while not state.is_over:
        state.apply(bot.choose(state))
    answer = client.post("/api/replays", content=state.to_json().encode(), headers=AS_JSON)
    assert answer.status_code == 201
    body = answer.json()
    game_id = body["id"]
    assert body["watch_url"] == f"/watch/{game_id}"
    assert view(client, game_id) == state.view(None)
    steps = len(state.history)
    middle = client.get(f"/api/games/{game_id}/replay", params={"step": 10}).json()
    assert middle["step"] == 10 and middle["steps"] == steps
    assert middle["view"] == boardlab.replay("konoten", 2, 4, state.history[:10]).view(None)
    assert middle["board"].startswith("<svg")
    listed = client.get("/api/games").json()[0]
    assert listed["status"] == "over" and listed["free_seats"] == 0
    assert client.get(f"/api/games/{game_id}/save").json() == json.loads(state.to_json())


def test_a_save_that_does_not_replay_is_refused_with_422(client: TestClient) -> None:
    state = boardlab.new("toy", 2, 4)
    state.apply(state.legal_actions()[0])
    data = json.loads(state.to_json())
    data["history"] = ["take 9"]
    for text in (json.dumps(data), "not json", "{}", json.dumps({**data, "game": "chess"})):
        answer = client.post("/api/replays", content=text.encode(), headers=AS_JSON)
        assert answer.status_code == 422, text
        assert answer.json()["error"]
    assert client.get("/api/games").json() == []


def test_replay_steps_through_a_game_as_a_spectator_saw_it(client: TestClient) -> None:
    created = create(client, "duel", 2, seed=2)
    game_id = created["id"]
    played = play_first(client, game_id, tokens(created), 6)
    for step in range(len(played) + 1):
        answer = client.get(f"/api/games/{game_id}/replay", params={"step": step}).json()
        expected = boardlab.replay("duel", 2, 2, played[:step])
        assert answer["view"] == expected.view(None)
        assert answer["log"] == expected.log(None)
    whole = client.get(f"/api/games/{game_id}/replay").json()
    assert whole["step"] == whole["steps"] == len(played)
    for bad in ("-1", str(len(played) + 1), "x"):
        refused = client.get(f"/api/games/{game_id}/replay", params={"step": bad})
        assert refused.status_code == 422 and refused.json()["error"]
    assert client.get("/api/games/nope/replay").status_code == 404


def test_explain_says_what_an_option_does_for_the_seat_to_move(client: TestClient) -> None:
    created = create(client, "konoten", 2, seed=1)
    game_id, seat_tokens = created["id"], tokens(created)
    to_move = view(client, game_id)["to_move"]
    option = view(client, game_id, seat_tokens[to_move])["decision"]["options"][0]["id"]
    answer = client.get(f"/api/games/{game_id}/explain",
                        params={"token": seat_tokens[to_move], "action": option})
    state = boardlab.new("konoten", 2, 1)
    expected = state.explain(next(a for a in state.legal_actions() if a.id == option))
    assert answer.status_code == 200 and answer.json() == {"text": expected}
    other = client.get(f"/api/games/{game_id}/explain",
                       params={"token": seat_tokens[1 - to_move], "action": option})
    assert other.status_code == 409
    wrong = client.get(f"/api/games/{game_id}/explain",
                       params={"token": seat_tokens[to_move], "action": "fly away"})
    assert wrong.status_code == 422
    forged = client.get(f"/api/games/{game_id}/explain", params={"token": "x", "action": option})
    assert forged.status_code == 403


def test_unknown_games_and_tokens_are_refused_on_every_read(client: TestClient) -> None:
    created = create(client, "toy", 2)
    game_id = created["id"]
    for path in ("view", "log", "board", "replay", "save"):
        answer = client.get(f"/api/games/missing/{path}")
        assert answer.status_code == 404 and answer.json()["error"]
    for path in ("view", "log", "board"):
        answer = client.get(f"/api/games/{game_id}/{path}", params={"token": "forged"})
        assert answer.status_code == 403 and answer.json()["error"]
    assert client.get("/api/games/missing").status_code == 404
    assert client.get("/api/nothing").json()["error"]


def test_the_list_may_be_limited_to_the_newest(client: TestClient) -> None:
    made = [create(client, "toy", 2)["id"] for _ in range(3)]
    assert [g["id"] for g in client.get("/api/games", params={"limit": 2}).json()] == (
        made[::-1][:2])
    assert client.get("/api/games", params={"limit": "x"}).status_code == 422


def test_the_server_named_by_the_environment_serves_that_database(
        db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BOARDLAB_DB", db_url)
    with TestClient(create_app(db_url, run_bots=False)) as first:
        game_id = create(first, "toy", 2)["id"]
    with TestClient(app_from_env()) as second:
        assert second.get("/api/games").json()[0]["id"] == game_id


def test_finished_games_are_forgotten_from_the_cache_past_its_limit(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(service_module, "CACHE_LIMIT", 4)
    cache = client.app.state.service.cache  # type: ignore[attr-defined]
    finished = []
    for seed in range(4):
        created = create(client, "toy", 2, seed=seed, pile=5)
        play_first(client, created["id"], tokens(created), 100)
        finished.append(created["id"])
    playing = [create(client, "toy", 2, seed=9)["id"] for _ in range(3)]
    assert all(game_id in cache for game_id in playing)
    assert len(cache) <= 4 + 1
    for game_id in finished:  # a forgotten game is rebuilt from the log when asked for
        assert view(client, game_id)["over"]
