"""A trained value played from its weights file (``expert:value=FILE``, issue 37): it plays in
tournaments, simulations and the RL opponents, deterministically, is really read (other weights
choose other moves), reaches worker processes with their jobs rather than by its file, is named
by its checksum and setup in the reports, is refused in one line naming the file when it is not
a weights file of the game's model or holds a weight too large for the core, and is refused
unread by the web."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pegrace import get_rules, value
from pegrace.engine import Rules
from pegrace.errors import OptionError
from pegrace.moves import Move
from pegrace.players import canonical_spec, make_player, pinned_spec
from pegrace.rl.single import SingleAgentEnv
from pegrace.rl.vector import VectorEnv
from pegrace.search import SearchPlayer
from pegrace.simulate import make_jobs, run_job
from pegrace.state import State
from pegrace.tournament import run_tournament
from pegrace.web.settings import parse_settings
from positions import random_positions
from test_cli import run


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny Trouble value (50 self-play games), written as ``pegrace train`` writes it."""
    training = value.Training("trouble", 4, {}, games=50, seed=1, score_games=8, points=2)
    path = tmp_path_factory.mktemp("values") / "Tiny.json"  # the file name keeps its case
    value.write(path, value.train(training))
    return path


def weights_file(path: Path, model: str, change: Any = None) -> Path:
    """The shipped weights of ``model`` written to ``path``, ``change(found)`` applied first."""
    found = value.shipped(model)
    if change is not None:
        change(found)
    path.write_text(json.dumps(found))
    return path


def zero(found: dict[str, Any]) -> None:
    found["weights"] = [0.0] * len(found["weights"])
    found["network"] = None
    found["sha256"] = value.checksum(found["weights"])


def test_a_trained_value_plays_a_tournament_the_same_with_a_seed_and_is_named_by_checksum(
    capsys: pytest.CaptureFixture[str], trained: Path
) -> None:
    args = [
        "tournament",
        "trouble",
        "--player",
        f"expert:value={trained},ms=5",
        "--player",
        "hard",
        "--games",
        "4",
        "--seed",
        "3",
        "--json",
    ]
    reports = []
    for _ in range(2):
        code, said, err = run(capsys, *args)
        assert code == 0, err
        reports.append(json.loads(said))
    assert reports[0]["entries"] == reports[1]["entries"]
    expert = reports[0]["entries"][0]
    sha = json.loads(trained.read_text())["sha256"]
    assert expert["player"] == f"expert:value=sha256:{sha[:12]},ms=5"
    assert expert["value"] == {
        "sha256": sha,
        "model": "trouble",
        "version": 1,
        "games": 50,
        "file": str(trained),
    }
    assert "value" not in reports[0]["entries"][1]
    code, said, _ = run(capsys, *args[:-1])
    assert code == 0 and f"the trouble value v1, trained on 50 games in {trained}" in said


def test_simulate_with_two_workers_plays_the_games_of_one(
    capsys: pytest.CaptureFixture[str], trained: Path
) -> None:
    args = [
        "simulate",
        "trouble",
        "--games",
        "4",
        "--seed",
        "2",
        "--seat",
        f"red=expert:value={trained},depth=1",
        "--seat",
        "all=medium",
        "--json",
    ]
    one, two = (json.loads(run(capsys, *args, "--workers", n)[1])["seats"] for n in "12")
    assert one == two
    assert one[0]["player"].startswith("computer:expert:value=sha256:")
    assert one[0]["value"]["sha256"] == json.loads(trained.read_text())["sha256"]
    said = run(capsys, *args[:-1])[1]
    assert f"red: the trouble value v1, trained on 50 games in {trained}, sha256 " in said


def test_a_worker_gets_the_value_with_its_job_not_by_its_file(
    trained: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a cluster's worker, which sees none of this machine's files."""
    moved = tmp_path / "gone.json"
    moved.write_bytes(trained.read_bytes())
    rules = get_rules("trouble", 4, {})
    seats = dict.fromkeys(rules.colours, "medium") | {"red": f"hard:value={moved}"}
    jobs = list(make_jobs(rules, [seats], 4, seed=4))
    here = [run_job(job) for job in jobs]
    moved.unlink()
    monkeypatch.setattr(value, "GIVEN", {})  # a fresh process: nothing read yet
    assert dict(jobs[0].seatings[0])["red"].startswith("hard:value=sha256:")
    assert [run_job(job) for job in jobs] == here


def test_a_tournament_on_a_cluster_plays_the_value_it_ships_to_the_workers(
    trained: Path, tmp_path: Path
) -> None:
    from distributed import LocalCluster

    moved = tmp_path / "there.json"
    moved.write_bytes(trained.read_bytes())
    rules = get_rules("trouble", 2, {})
    lineup = [pinned_spec(f"hard:value={moved},depth=1"), "medium"]
    moved.unlink()  # read here once: the workers (new processes) get its text with their jobs
    here = run_tournament(rules, lineup, 8, 3, workers=1)
    with LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        there = run_tournament(rules, lineup, 8, 3, scheduler=local.scheduler_address)
    assert json.dumps(there, sort_keys=True) == json.dumps(here, sort_keys=True)


def test_other_weights_choose_other_moves_and_the_shipped_file_the_shipped_ones(
    tmp_path: Path,
) -> None:
    rules = get_rules("trouble", 4, {})
    shipped = weights_file(tmp_path / "shipped.json", "trouble")
    zeros = weights_file(tmp_path / "zeros.json", "trouble", zero)

    def choices(spec: str) -> list[list[tuple[int, float]]]:
        player = make_player(spec)
        assert isinstance(player, SearchPlayer)
        found = []
        for state in random_positions(rules, seed=5, count=40):
            moves = rules.legal_moves(state)
            if len(moves) > 1:
                ranked = player.ranking(rules, state, moves)
                found.append([(moves.index(r.move), r.value) for r in ranked])
        return found

    default = choices("expert:depth=1")
    assert choices(f"expert:depth=1,value={shipped}") == default  # bit for bit
    other = choices(f"expert:depth=1,value={zeros}")
    assert any(a[0][0] != b[0][0] for a, b in zip(default, other, strict=True))
    assert all(v == 0.0 for ranking in other for _, v in ranking)  # zero weights: even chances


def test_hard_reads_the_value_it_is_given(tmp_path: Path) -> None:
    zeros = weights_file(tmp_path / "zeros.json", "trouble", zero)
    player = make_player(f"hard:value={zeros}")
    assert isinstance(player, SearchPlayer) and player.model == 2 and player.value is not None
    assert canonical_spec(f"Computer:HARD:value={zeros}") == (
        f"computer:hard:value={player.value.ref}"
    )


def damaged(found: dict[str, Any]) -> None:
    found["weights"][0] += 1.0


@pytest.mark.parametrize(
    ("write", "player", "message"),
    [
        (None, "expert:value={file}", "cannot read weights file {file}: no such file or folder"),
        ("not json", "expert:value={file}", "weights file {file} is not valid JSON"),
        ("[1, 2]", "expert:value={file}", "weights file {file} is not a weights file"),
        (
            "ludo",
            "expert:value={file}",
            "weights file {file}: a value of ludo, not of these rules' model trouble",
        ),
        (damaged, "expert:value={file}", "weights file {file}: checksum mismatch"),
        (
            "trouble",
            "medium:value={file}",
            "value= is only for players whose search leaves read a learned value: hard, expert",
        ),
        ("trouble", "expert:model=1,value={file}", "a value named by value= is read with model=2"),
        ("trouble", "expert:value=", "value=: name a weights file"),
        ("trouble", "expert:value=sha256:0123", "no weights file with this checksum"),
    ],
)
def test_a_bad_value_file_is_refused_in_one_line_naming_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, write: Any, player: str, message: str
) -> None:
    file = tmp_path / "v.json"
    if isinstance(write, str) and write in value.MODELS:
        weights_file(file, write)
    elif callable(write):
        weights_file(file, "trouble", write)
    elif write is not None:
        file.write_text(write)
    spec = player.format(file=file)
    code, _, err = run(
        capsys, "tournament", "trouble", "--player", spec, "--player", "random", "--games", "2"
    )
    assert code == 2 and message.format(file=file) in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_rules_without_a_learned_value_refuse_one(
    capsys: pytest.CaptureFixture[str], trained: Path
) -> None:
    code, _, err = run(
        capsys,
        "tournament",
        "trouble",
        "--rules",
        "two_sets=on",
        "--player",
        f"expert:value={trained}",
        "--player",
        "random",
        "--games",
        "2",
    )
    assert code == 2 and "these rules have no learned value to replace" in err


@pytest.mark.parametrize("named", ["value=/etc/passwd", "ms=5,VALUE=x.json", "value=sha256:ab"])
def test_the_web_refuses_a_value_unread(monkeypatch: pytest.MonkeyPatch, named: str) -> None:
    def never(name: str) -> value.Given:
        raise AssertionError(f"the web read {name}")

    monkeypatch.setattr(value, "named", never)
    request = {
        "game": "trouble",
        "seats": {
            "red": "human",
            "yellow": f"computer:expert:{named}",
            "green": "empty",
            "blue": "empty",
        },
    }
    refused = r"seat Yellow: .* read no file \(value=FILE, policy:FILE\)"
    with pytest.raises(OptionError, match=refused):
        parse_settings(request)


def test_the_rl_opponents_play_the_value_as_the_python_player_does(trained: Path) -> None:
    spec, seed = f"expert:value={trained},depth=1", 6
    players: dict[str, Any] = {}

    def in_python(rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        colour = rules.colours[state.current]
        player = players.setdefault(colour, make_player(spec, f"{seed}:{colour}"))
        return player.choose(rules, state, moves)

    runs = []
    for opponents in (spec, in_python):
        env = SingleAgentEnv("trouble", players=2, opponents=opponents)
        _, info = env.reset(seed=seed)
        choose, ended = np.random.default_rng(4), False
        while not ended:
            action = choose.choice(np.flatnonzero(info["action_mask"]))
            _, _, ended, _, info = env.step(action)
        runs.append([(e.colour, e.roll, e.move) for e in env.unwrapped.record().events])
    assert runs[0] == runs[1]
    vector = VectorEnv("trouble", num_envs=2, players=2, opponents=spec)
    _, info = vector.reset(seed=1)
    vector.step(np.array([np.flatnonzero(m)[0] for m in info["action_mask"]]))


def set_weight(where: str, number: float) -> Callable[[dict[str, Any]], None]:
    """A change of a weights file: ``weights[i]`` or ``network.params[i]`` set to ``number``,
    its checksum made right again where there is one (a whole number has none)."""

    def change(found: dict[str, Any]) -> None:
        key, index = where.rstrip("]").split("[")
        numbers = found["weights"] if key == "weights" else found["network"]["params"]
        numbers[int(index)] = number
        params = None if found.get("network") is None else found["network"]["params"]
        try:
            found["sha256"] = value.checksum(found["weights"], params)
        except TypeError:  # a whole number: no float to hash
            found["sha256"] = "0" * 64

    return change


@pytest.mark.parametrize(
    ("model", "where", "number", "shown"),
    [
        ("trouble", "weights[3]", 1e308, "1e+308"),
        ("trouble", "weights[0]", -1e6, "-1000000.0"),
        ("trouble", "weights[39]", 10**400, "10000000000000000000…"),
        ("ludo", "network.params[5]", -1e308, "-1e+308"),
    ],
    ids=["1e308", "minus a million", "401 digits", "a network's"],
)
def test_a_weight_too_large_is_refused_naming_the_file_and_the_weight(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    model: str,
    where: str,
    number: float,
    shown: str,
) -> None:
    """Numbers this large (a checksum that matches them) would overflow the core's sums of
    weighed features to infinity, and its chances to NaN."""
    file = weights_file(tmp_path / "v.json", model, set_weight(where, number))
    code, out, err = run(
        capsys, "tournament", model, "--player", f"expert:value={file}", "--player", "random"
    )
    said = (
        f"pegrace: error: weights file {file}: {where} is {shown}: a weight is a number "
        "below 1,000,000 (larger ones overflow the search's values)\n"
    )
    assert (code, out, err) == (2, "", said)


def test_weights_just_below_the_largest_are_taken(tmp_path: Path) -> None:
    file = weights_file(tmp_path / "v.json", "ludo", set_weight("network.params[0]", 999_999.5))
    assert value.named(str(file)).model == "ludo"


def test_training_from_a_weight_too_large_is_refused_before_it_starts(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    start = weights_file(tmp_path / "start.json", "trouble", set_weight("weights[3]", 1e308))
    out = tmp_path / "out.json"
    code, said, err = run(
        capsys, "train", "trouble", "--from", str(start), "--games", "2", "--out", str(out)
    )
    assert (code, said) == (2, "")
    assert err.startswith("pegrace: error: --from: weights[3] is 1e+308: a weight is a number ")
    assert err.count("\n") == 1 and not out.exists()
