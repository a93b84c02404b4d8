"""The web protocol over a real WebSocket: setting games up, seat tokens, spectators, bad
messages refused without change, reconnecting, claiming open seats, records and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from webclient import (
    TWO_HUMANS,
    Json,
    TestClient,
    WebSocketTestSession,
    act,
    hello,
    new_game,
    next_of,
    receive,
    receive_until,
    send,
    without_seats,
)

from pegrace.games import get_rules, list_games, rules_class
from pegrace.i18n import said_from_json
from pegrace.players import player_names
from pegrace.record import Record, replay
from pegrace.web.settings import ratings
from pegrace.web.store import Store


def english(said: Json) -> str:
    """Words the server sends (a Said's JSON) in English."""
    return str(said_from_json(said))


def state_of(client: TestClient, game_id: str) -> Json:
    """The game's state as the API gives it, but for the idle clock (it runs between reads)."""
    response = client.get(f"/api/games/{game_id}")
    assert response.status_code == 200
    body: Json = response.json()
    body.pop("idle_left", None)
    return body


def test_catalog_offers_every_game_with_its_options_and_every_player(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    assert [g["name"] for g in catalog["games"]] == list_games()
    for entry in catalog["games"]:
        cls = rules_class(entry["name"])
        assert [o["name"] for o in entry["options"]] == [o.name for o in cls.option_specs]
        assert [o["default"] for o in entry["options"]] == [o.default for o in cls.option_specs]
        assert all(o["help"] for o in entry["options"])
        for players in entry["players"]:
            colours = get_rules(entry["name"], players).colours
            assert entry["colours"][str(players)] == list(colours)
    computers = [name for name in player_names() if name != "human"]
    assert catalog["seat_kinds"] == ["human", "open", *computers]


# the games tools/ratings.py has rated (every game: one not rated yet shows no "wins 78% against
# 3 random", tests/web/test_e2e_setup.py)
RATED = set(ratings()["games"])


def test_catalog_rates_every_computer_player_in_every_game(client: TestClient) -> None:
    """The ratings shipped with the package (tools/ratings.py): each computer seat kind
    its Elo with an interval, random at 0, and its wins against 3 random players."""
    catalog = client.get("/api/catalog").json()
    rated = [entry for entry in catalog["games"] if entry["name"] in RATED]
    assert {entry["name"] for entry in rated} == set(list_games())  # every game is rated
    assert all(not e["ratings"] for e in catalog["games"] if e["name"] not in RATED)
    for entry in rated:
        ratings = entry["ratings"]
        assert set(ratings) == {k for k in catalog["seat_kinds"] if k.startswith("computer:")}
        assert ratings["computer:random"]["elo"] == 0.0
        for kind, rating in ratings.items():
            assert rating["low"] <= rating["elo"] <= rating["high"]
            if kind != "computer:random":
                assert 0.25 < rating["against_random"] < 1  # every level beats random players
        assert ratings["computer:medium"]["elo"] > ratings["computer:easy"]["elo"]


def test_catalog_gives_each_option_value_its_measured_effect(client: TestClient) -> None:
    """The lab's sweep shipped with the package (tools/lab_effects.py): every other value
    of every option with a choice has its effect in words, measured against the default."""
    catalog = client.get("/api/catalog").json()
    # words in every language: what the lab measured and how, said (pegrace/i18n.py's Said JSON)
    assert "against each option's default" in catalog["effects_measured"]["t"]
    for entry in catalog["games"]:
        for option in entry["options"]:
            effects = option["effects"]
            assert set(effects) <= set(option["choices"]) - {option["default"]}
            for value, said in effects.items():
                assert said["t"].startswith("{changes} ")
                assert said["a"]["changes"] == f"{option['name']}={value}"  # never translated
                sentence = json.dumps(said)
                assert "seat" in sentence or "the very same games" in sentence
    trouble = next(g for g in catalog["games"] if g["name"] == "trouble")
    finish = next(o for o in trouble["options"] if o["name"] == "finish")
    assert "deepest-first" in finish["effects"]


@pytest.mark.parametrize(
    ("request_body", "problem"),
    [
        ({"game": "chess", "seats": TWO_HUMANS}, "unknown game 'chess'"),
        (
            {"game": "trouble", "seats": {"red": "human", "yellow": "human"}},
            "2-player trouble is played by Red, Green",
        ),
        ({"game": "trouble", "seats": {"red": "human", "pink": "human"}}, "seat 'pink'"),
        (
            {"game": "trouble", "seats": {"red": "human", "green": "wizard"}},
            "seat Green: 'wizard' is not a seat kind",
        ),
        (
            {"game": "trouble", "seats": TWO_HUMANS, "options": {"play_on": "maybe"}},
            'play_on="maybe"',
        ),
        (
            {"game": "trouble", "seats": TWO_HUMANS, "options": {"colour": "blue"}},
            "unknown trouble option 'colour'",
        ),
        ({"game": "trouble", "seats": TWO_HUMANS, "seed": "x"}, "seed 'x'"),
        ({"game": "trouble", "seats": TWO_HUMANS, "idle_seconds": -1}, "idle_seconds -1"),
        ({"game": "trouble", "seats": {"red": "human"}}, "trouble is for 2 to 4 players"),
        ({"game": "trouble", "seats": TWO_HUMANS, "turbo": True}, "unknown field: turbo"),
        (
            {"game": "trouble", "seats": TWO_HUMANS, "names": {"red": "Ann", "green": "ANN"}},
            "two seats cannot both be called 'ANN'",
        ),
    ],
)
def test_a_bad_new_game_is_refused_naming_the_problem_and_nothing_is_stored(
    client: TestClient, db: Path, request_body: Json, problem: str
) -> None:
    response = client.post("/api/games", json=request_body)
    assert response.status_code == 400
    assert problem in response.json()["error"]
    store = Store(db)
    assert store.game_ids() == []
    store.close()


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    response = client.post(
        "/api/games", content=b"{game: trouble", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert "not valid JSON" in response.json()["error"]


def test_empty_seats_choose_the_player_count(client: TestClient) -> None:
    seats = {"red": "human", "blue": "empty", "green": "computer:random", "yellow": "empty"}
    created = new_game(client, game="trouble", seats=seats, seed=1)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        welcome, _ = hello(ws, [])
    assert welcome["game"]["players"] == 2
    assert welcome["game"]["colours"] == ["red", "green"]


def test_two_player_ludo_as_green_against_hard_is_seated_by_the_catalogs_option(
    client: TestClient,
) -> None:
    """Issue 52: the catalog says which option seats green and blue; a game without it is
    refused naming it, one with it is played by green and blue from their own corners."""
    ludo = next(g for g in client.get("/api/catalog").json()["games"] if g["name"] == "ludo")
    (green_blue,) = [s for s in ludo["seatings"]["2"] if "green" in s["colours"]]
    assert green_blue == {"colours": ["green", "blue"], "options": {"seating": "1"}}
    seats = {"green": "human", "blue": "computer:hard"}
    refused = client.post("/api/games", json={"game": "ludo", "seats": seats})
    assert refused.status_code == 400
    assert refused.json()["error"] == (
        "2-player ludo is played by Red, Yellow; seats were given for Green, Blue "
        "(set the rule option seating=1 for them)"
    )
    created = new_game(client, game="ludo", seats=seats, options=green_blue["options"])
    assert set(created["tokens"]) == {"green"}
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        welcome, state = hello(ws, list(created["tokens"].values()))
    assert welcome["you"] == ["green"] and welcome["game"]["colours"] == ["green", "blue"]
    assert welcome["game"]["options"]["seating"] == "1"
    assert state["current"] == "green" and state["seats"]["blue"]["kind"] == "computer:hard"


def test_the_creator_gets_a_token_for_each_human_seat_and_plays_them(client: TestClient) -> None:
    seats = {"red": "human", "blue": "open", "green": "human", "yellow": "computer:random"}
    created = new_game(client, game="trouble", seats=seats)  # open seats: the server's dice
    assert set(created["tokens"]) == {"red", "green"}
    assert created["url"] == f"/game/{created['id']}"
    with client.websocket_connect(created["url"].replace("/game/", "/ws/")) as ws:
        welcome, state = hello(ws, list(created["tokens"].values()))
        assert welcome["you"] == ["red", "green"]
        assert welcome["layout"]["viewBox"]
        assert welcome["game"]["seed"] is None  # secret while the game runs
        assert state["seq"] == 0 and state["phase"] == "rolloff" and state["current"] == "red"
        assert state["seats"]["blue"] == {
            "kind": "open",
            "connected": False,
            "takeover": False,
            "name": None,
        }
        assert state["seats"]["red"]["connected"]
        send(ws, type="roll")
        update = next_of(ws, "state")
    assert update["seq"] == 1
    assert update["last"]["colour"] == "red" and update["last"]["by"] == "human"
    assert english(update["last"]["said"]) == f"Red pops {update['log'][0]['roll']}"


def test_only_the_seat_to_act_may_roll_and_spectators_only_watch(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    tokens, path = created["tokens"], f"/ws/{created['id']}"
    with (
        client.websocket_connect(path) as red,
        client.websocket_connect(path) as green,
        client.websocket_connect(path) as watcher,
    ):
        hello(red, [tokens["red"]])
        hello(green, [tokens["green"]])
        welcome, _ = hello(watcher, [])
        assert welcome["you"] == []
        before = state_of(client, created["id"])
        send(green, type="roll")
        assert next_of(green, "error")["message"] == "it is Red's turn, not yours (you play Green)"
        send(watcher, type="roll")
        assert "you are watching this game" in next_of(watcher, "error")["message"]
        assert without_seats(state_of(client, created["id"])) == without_seats(before)
        send(red, type="roll")
        seen = [next_of(ws, "state") for ws in (red, green, watcher)]
    assert seen[0] == seen[1] == seen[2]
    assert seen[0]["seq"] == 1 and seen[0]["current"] == "green"


def test_an_unknown_token_is_reported_and_its_holder_watches(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        welcome, _ = hello(ws, ["not-a-token", created["tokens"]["green"]])
        assert welcome["you"] == ["green"]
        assert "1 of 2 seat tokens are not for this game" in next_of(ws, "error")["message"]


BAD_MESSAGES = [
    ("{not json", "message is not valid JSON"),
    ('["roll"]', "unknown message"),
    ('{"type": "dance"}', "unknown message"),
    ('{"type": "move"}', "Red must pop first"),
]


@pytest.mark.parametrize(("text", "problem"), BAD_MESSAGES)
def test_malformed_and_out_of_turn_messages_get_an_error_and_change_nothing(
    client: TestClient, text: str, problem: str
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        hello(ws, list(created["tokens"].values()))
        before = state_of(client, created["id"])
        ws.send_text(text)
        assert problem in next_of(ws, "error")["message"]
        assert state_of(client, created["id"]) == before


def play_to_move_phase(ws: WebSocketTestSession, state: Json) -> Json:
    """Play on to a move with a choice (a forced pass plays itself)."""
    while state["phase"] != "move" or state["forced_pass"]:
        act(ws, state)
        state = next_of(ws, "state")
    return state


def test_illegal_moves_and_rolls_in_the_move_phase_are_refused_without_change(
    client: TestClient,
) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, list(created["tokens"].values()))
        state = play_to_move_phase(ws, state)
        before = state_of(client, created["id"])
        colour, roll = state["current"], state["roll"]
        for message, problem in [
            ({"type": "roll"}, f"{colour.capitalize()} has rolled {roll} and must move"),
            ({"type": "move", "move": "home>finish:9"}, "'home>finish:9' is not a legal move"),
            ({"type": "move", "move": 7}, 'a move message needs "move"'),
            ({"type": "hello", "tokens": "abc"}, '"tokens" must be a list'),
        ]:
            send(ws, **message)
            assert problem in next_of(ws, "error")["message"]
        assert without_seats(state_of(client, created["id"])) == without_seats(before)
        send(ws, type="move", move=state["moves"][-1]["text"])
        after = next_of(ws, "state")
    assert after["seq"] == before["seq"] + 1
    assert after["last"]["move"] == state["moves"][-1]["text"]


def test_messages_before_hello_are_refused_and_ping_answers(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        send(ws, type="roll")
        assert "say hello first" in next_of(ws, "error")["message"]
        send(ws, type="ping")
        assert receive(ws) == {"type": "pong"}
    assert state_of(client, created["id"])["seq"] == 0


def test_a_socket_for_an_unknown_game_gets_an_error_and_is_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/nosuchgame") as ws:
        error = receive(ws)
        assert (error["type"], error["message"]) == ("error", "no game 'nosuchgame'")
        assert error["said"] == {"t": "no game {game}", "a": {"game": "'nosuchgame'"}}
    assert client.get("/api/games/nosuchgame").status_code == 404


def test_a_player_who_reconnects_is_back_in_the_game_at_once(client: TestClient) -> None:
    created = new_game(client, game="ludo", seats={"red": "human", "yellow": "human"}, seed=8)
    tokens = list(created["tokens"].values())
    path = f"/ws/{created['id']}"
    with client.websocket_connect(path) as ws:
        _, state = hello(ws, tokens)
        while state["seq"] < 9 or state["forced_pass"]:  # a forced pass plays on by itself
            act(ws, state)
            state = next_of(ws, "state")
    with client.websocket_connect(path) as ws:
        welcome, again = hello(ws, tokens)
        assert welcome["you"] == ["red", "yellow"]
        assert without_seats(again) == without_seats(state)
        assert [e["seq"] for e in again["log"]] == list(range(1, state["seq"] + 1))
        act(ws, again)
        assert next_of(ws, "state")["seq"] == state["seq"] + 1


def test_a_friend_claims_an_open_seat_once(client: TestClient) -> None:
    seats = {"red": "human", "green": "open"}
    created = new_game(client, game="trouble", seats=seats)
    claim = f"/api/games/{created['id']}/claim"
    assert client.post(claim, json={"colour": "red"}).status_code == 409
    assert "'blue' is not playing" in client.post(claim, json={"colour": "blue"}).json()["error"]
    with client.websocket_connect(f"/ws/{created['id']}") as red:
        hello(red, [created["tokens"]["red"]])
        answer = client.post(claim, json={"colour": "green"})
        assert answer.status_code == 200 and answer.json()["colour"] == "green"
        receive_until(
            red, lambda m: m["type"] == "seats" and m["seats"]["green"]["kind"] == "human"
        )
        assert client.post(claim, json={"colour": "green"}).status_code == 409
        with client.websocket_connect(f"/ws/{created['id']}") as green:
            welcome, _ = hello(green, [answer.json()["token"]])
            assert welcome["you"] == ["green"]


def test_with_two_sets_a_person_plays_both_colours_of_a_side(client: TestClient) -> None:
    seats = {"red": "human", "yellow": "open", "green": "computer:medium", "blue": "human"}
    created = new_game(client, game="trouble", seats=seats, players=2, options={"two_sets": "on"})
    assert set(created["tokens"]) == {"red", "green"}  # green goes as red, blue as yellow
    state = client.get(f"/api/games/{created['id']}").json()
    assert {c: s["kind"] for c, s in state["seats"].items()} == {
        "red": "human",
        "yellow": "open",
        "green": "human",
        "blue": "open",
    }
    answer = client.post(f"/api/games/{created['id']}/claim", json={"colour": "blue"}).json()
    assert (
        set(answer["tokens"]) == {"yellow", "blue"} and answer["token"] == answer["tokens"]["blue"]
    )
    with client.websocket_connect(f"/ws/{created['id']}") as friend:
        welcome, _ = hello(friend, list(answer["tokens"].values()))
        assert welcome["you"] == ["yellow", "blue"]


def test_a_computer_game_can_be_watched_to_the_end_and_downloaded(client: TestClient) -> None:
    seats = {"red": "computer:random", "green": "computer:medium"}
    created = new_game(client, game="trouble", seats=seats, seed=11)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, [])
        seqs = [state["seq"]]
        while state["phase"] != "over":
            state = next_of(ws, "state")
            seqs.append(state["seq"])
    assert seqs == list(range(seqs[0], seqs[-1] + 1))  # every event reached the watcher
    assert state["outcome"]["winners"] and state["moves"] == []
    response = client.get(f"/api/games/{created['id']}/record")
    assert response.headers["content-disposition"].startswith("attachment")
    record = Record.from_json(response.json())
    assert record.seed == 11 and record.seats == seats
    _, states = replay(record)
    assert states[-1].is_over and len(record.events) == state["seq"]
    assert record.result == {
        k: v for k, v in state["outcome"].items() if k not in ("unplayed", "ranked_by")
    }
    frames = client.get(f"/api/games/{created['id']}/replay").json()
    assert len(frames["frames"]) == state["seq"] + 1
    assert frames["frames"][-1]["pieces"] == state["pieces"]
    assert frames["frames"][0]["last"] is None
    log = state_of(client, created["id"])["log"]
    assert [f["last"]["said"] for f in frames["frames"][1:]] == [e["said"] for e in log]


def test_a_running_game_keeps_its_seed_out_of_the_record(client: TestClient) -> None:
    created = new_game(client, game="trouble", seats=TWO_HUMANS, seed=4)
    record = client.get(f"/api/games/{created['id']}/record").json()
    assert record["seed"] is None and record["events"] == [] and "result" not in record


def watch_to_end(client: TestClient, game_id: str) -> Json:
    with client.websocket_connect(f"/ws/{game_id}") as ws:
        send(ws, type="hello", tokens=[])
        return receive_until(ws, lambda m: m["type"] == "state" and m["phase"] == "over")


def test_rematch_after_the_end_keeps_settings_and_gives_back_the_callers_seats(
    client: TestClient,
) -> None:
    seats = {"red": "computer:random", "yellow": "computer:random", "green": "computer:easy"}
    created = new_game(client, game="marbles", seats=seats, options={"mode": "war"}, seed=5)
    running_game = new_game(client, game="trouble", seats=TWO_HUMANS, seed=1)
    early = client.post(f"/api/games/{running_game['id']}/rematch", json={})
    assert early.status_code == 409 and "not over yet" in early.json()["error"]
    watch_to_end(client, created["id"])
    first = client.post(f"/api/games/{created['id']}/rematch", json={"tokens": []})
    assert first.status_code == 201
    again = client.post(f"/api/games/{created['id']}/rematch")
    assert again.json()["id"] == first.json()["id"]
    assert state_of(client, created["id"])["rematch"] == first.json()["id"]
    with client.websocket_connect(f"/ws/{first.json()['id']}") as ws:
        welcome, _ = hello(ws, [])
    old_game = state_of(client, created["id"])["game"]
    for key in ("game", "players", "options", "colours"):
        assert welcome["game"][key] == old_game[key]
    assert welcome["game"]["options"]["mode"] == "war"


def test_rematch_of_a_game_with_people_gives_each_caller_their_own_seats(
    client: TestClient, db: Path
) -> None:
    seats = {"red": "human", "green": "open"}
    created = new_game(client, game="trouble", seats=seats, idle_seconds=0.001)
    friend = client.post(f"/api/games/{created['id']}/claim", json={"colour": "green"}).json()
    # both seats idle at once: the computer finishes the game for them
    watch_to_end(client, created["id"])
    mine = client.post(
        f"/api/games/{created['id']}/rematch", json={"tokens": [created["tokens"]["red"]]}
    ).json()
    assert list(mine["tokens"]) == ["red"]
    theirs = client.post(
        f"/api/games/{created['id']}/rematch", json={"tokens": [friend["token"]]}
    ).json()
    assert theirs["id"] == mine["id"] and list(theirs["tokens"]) == ["green"]
    with client.websocket_connect(f"/ws/{mine['id']}") as ws:
        welcome, state = hello(ws, [mine["tokens"]["red"], theirs["tokens"]["green"]])
    assert welcome["you"] == ["red", "green"]
    assert {c: s["kind"] for c, s in state["seats"].items()} == {"red": "human", "green": "human"}


def test_the_roll_off_is_popped_by_each_human_and_ties_pop_again(client: TestClient) -> None:
    seats = dict.fromkeys(["red", "yellow", "green", "blue"], "human")
    created = new_game(client, game="trouble", seats=seats, seed=3)  # pops 2, 4, 3, 4: a tie
    tokens = created["tokens"]
    path = f"/ws/{created['id']}"
    with client.websocket_connect(path) as yellow, client.websocket_connect(path) as blue:
        hello(yellow, [tokens["yellow"]])
        _, state = hello(blue, [tokens["blue"], tokens["red"], tokens["green"]])
        pops = {}
        for colour in ["red", "yellow", "green", "blue"]:
            assert state["phase"] == "rolloff" and state["current"] == colour
            assert state["contenders"] == ["red", "yellow", "green", "blue"]
            assert state["rolloff"] == pops
            send(yellow if colour == "yellow" else blue, type="roll")
            state = next_of(blue, "state")
            pops[colour] = int(state["last"]["roll"])
            assert english(state["last"]["said"]) == f"{colour.capitalize()} pops {pops[colour]}"
        assert pops == {"red": 2, "yellow": 4, "green": 3, "blue": 4}
        assert state["phase"] == "rolloff" and state["rolloff"] == {}
        assert state["contenders"] == ["yellow", "blue"] and state["current"] == "yellow"
        send(blue, type="roll")
        assert next_of(blue, "error")["message"] == (
            "it is Yellow's turn, not yours (you play Red, Green, Blue)"
        )


def test_a_game_page_that_names_no_game_says_so(client: TestClient) -> None:
    answer = client.get("/game/doesnotexist")
    assert answer.status_code == 404
    assert "No such game" in answer.text and 'href="/"' in answer.text
    assert "<code>doesnotexist</code>" in answer.text
    assert "main.js" not in answer.text  # no board, no buttons: nothing to play
    sneaky = client.get("/game/%3Cb%3Ex")
    assert sneaky.status_code == 404 and "<code>&lt;b&gt;x</code>" in sneaky.text
    created = new_game(client, game="trouble", seats={"red": "human", "green": "computer:random"})
    assert client.get(created["url"]).status_code == 200


@pytest.mark.parametrize(("options", "unplayed"), [({"play_on": "off"}, 3), ({"play_on": "on"}, 0)])
def test_the_outcome_says_which_places_were_not_played_out(
    client: TestClient, options: dict[str, str], unplayed: int
) -> None:
    seats = dict.fromkeys(("red", "yellow", "green", "blue"), "computer:random")
    created = new_game(client, game="trouble", seats=seats, options=options, seed=3)
    with client.websocket_connect(f"/ws/{created['id']}") as ws:
        _, state = hello(ws, [])
        while state["phase"] != "over":
            state = next_of(ws, "state")
    outcome = state["outcome"]
    assert len(outcome["unplayed"]) == unplayed
    ranked_by = outcome["ranked_by"] and english(outcome["ranked_by"])
    assert ranked_by == ("how far their pieces got" if unplayed else None)
    assert set(outcome["unplayed"]) <= set(outcome["places"]) - set(outcome["winners"])


def test_friends_at_one_device_start_with_a_name_per_seat(client: TestClient) -> None:
    names = {"red": "Ann", "green": "Ben"}
    created = new_game(client, game="trouble", seats=TWO_HUMANS, names=names)
    seats = state_of(client, created["id"])["seats"]
    assert {colour: seat["name"] for colour, seat in seats.items()} == names


def test_the_catalog_says_which_option_values_make_partners(client: TestClient) -> None:
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    rules = get_rules("marbles", 4, {"teams": "on"})
    sides = [[rules.colours[s] for s in side] for side in rules.side_seats]
    assert catalog["marbles"]["teams"] == [{"option": "teams", "value": "on", "sides": sides}]
    assert all(catalog[name]["teams"] == [] for name in ("trouble", "ludo", "headache"))
