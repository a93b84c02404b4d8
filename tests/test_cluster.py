"""Games on a real Dask cluster (a LocalCluster of worker processes): the same results as the
local process pool, byte for byte, for simulate and tournament; no game lost when a worker
dies in the middle of a run; clear errors where no cluster answers."""

from __future__ import annotations

import itertools
import json
import os
import shlex
import sys
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import cloudpickle
import pytest
from distributed import Client, LocalCluster

from pegrace import cluster as pegrace_cluster
from pegrace.cli import main
from pegrace.errors import OptionError
from pegrace.games import get_rules
from pegrace.simulate import GameSummary, Job, play_games, run_games, run_job, simulate
from pegrace.tournament import run_tournament
from reports import without_command

# the workers run this module's functions by value: they cannot import the tests
cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local:
        yield local.scheduler_address


def test_simulate_on_the_cluster_is_simulate_here_byte_for_byte(scheduler: str) -> None:
    args = (
        "ludo",
        3000,
        4,
        {},
        {
            "red": "computer:medium",
            "yellow": "computer:random",
            "green": "computer:random",
            "blue": "computer:easy",
        },
        7,
    )
    here = simulate(*args, workers=2)
    there = simulate(*args, scheduler=scheduler)
    assert json.dumps(there) == json.dumps(here)


def test_a_tournament_on_the_cluster_is_the_same_tournament(scheduler: str) -> None:
    rules = get_rules("trouble", 4, {})
    lineup = ["medium", "random", "random", "random"]
    here = run_tournament(rules, lineup, 800, 3, workers=1)
    there = run_tournament(rules, lineup, 800, 3, scheduler=scheduler)
    assert json.dumps(there, sort_keys=True) == json.dumps(here, sort_keys=True)


def die_once(job: Job, marker: str, victim: int) -> list[GameSummary]:
    """``run_job``, except that the worker running job ``victim`` first dies (once)."""
    if job.first == victim and not os.path.exists(marker):
        Path(marker).touch()
        os._exit(1)  # the whole worker process, as a crash or a kill would
    return run_job(job)


def test_a_worker_killed_in_the_middle_of_a_run_loses_no_game(
    scheduler: str, tmp_path: Path
) -> None:
    jobs = [
        Job(
            "marbles",
            4,
            (),
            (
                (
                    ("red", "computer:random"),
                    ("yellow", "computer:random"),
                    ("green", "computer:random"),
                    ("blue", "computer:random"),
                ),
            ),
            5,
            first,
            50,
            None,
        )
        for first in range(0, 1000, 50)
    ]
    marker = tmp_path / "died"
    run = partial(die_once, marker=str(marker), victim=500)
    done: list[int] = []
    results = list(run_games(jobs, 1, done.append, scheduler, run))
    assert marker.exists()  # a worker did die
    assert results == [run_job(job) for job in jobs]
    assert sum(done) == 1000


def test_the_command_line_takes_a_scheduler(
    scheduler: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = ["simulate", "headache", "--games", "400", "--seed", "2", "--json"]
    assert main([*line, "--scheduler", scheduler]) == 0
    there = capsys.readouterr().out
    assert main(line) == 0
    here = capsys.readouterr().out
    assert without_command(there) == without_command(here)  # the same report, byte for byte
    assert json.loads(there)["command"] == shlex.join(["pegrace", *line, "--scheduler", scheduler])


def test_workers_of_another_pegrace_are_refused(
    scheduler: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = lambda: "0.0.0+g0123456789ab"  # noqa: E731 - here only, not on the workers
    monkeypatch.setattr(pegrace_cluster.provenance, "pegrace_version", elsewhere)
    rules = get_rules("trouble", 2, {})
    seats = {"red": "computer:random", "green": "computer:random"}
    with pytest.raises(OptionError, match="workers must run pegrace"):
        play_games(rules, [seats], 10, 1, scheduler=scheduler)


def test_without_dask_the_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as where it is not installed
    rules = get_rules("trouble", 2, {})
    seats = {"red": "computer:random", "green": "computer:random"}
    with pytest.raises(OptionError, match=r"pip install 'pegrace\[cluster\]'"):
        play_games(rules, [seats], 10, 1, scheduler="tcp://127.0.0.1:9")


def test_no_scheduler_or_a_bad_address_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(pegrace_cluster, "CONNECT_SECONDS", 1)
    rules = get_rules("trouble", 2, {})
    seats = {"red": "computer:random", "green": "computer:random"}
    with pytest.raises(OptionError, match=r"cannot connect \(Connection refused\)"):
        play_games(rules, [seats], 10, 1, scheduler="tcp://127.0.0.1:9")
    assert main(["simulate", "trouble", "--scheduler", "localhost"]) == 2
    assert "an address such as tcp://HOST:8786" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "trouble", "--scheduler", "tcp://h:1", "--workers", "2"])


def test_a_worker_is_not_taken_for_the_scheduler(scheduler: str) -> None:
    with Client(scheduler, set_as_default=False) as client:
        worker = next(iter(client.scheduler_info()["workers"]))
    pegrace_cluster.check_scheduler(scheduler, 5)  # the scheduler passes
    with pytest.raises(OptionError, match="a Dask Worker answers there, not a scheduler"):
        pegrace_cluster.check_scheduler(worker, 5)


def test_the_lab_on_the_cluster_is_the_lab_here(scheduler: str) -> None:
    from pegrace import lab

    found, _ = lab.combinations("trouble", 4, {}, [("finish", ["exact", "deepest-first"])])
    seats = {c: "computer:medium" for c in ("red", "yellow", "green", "blue")}
    settings = lab.Lab("trouble", 4, tuple(found), seats, games=300, seed=4)
    assert json.dumps(lab.run(settings, scheduler=scheduler)) == json.dumps(lab.run(settings))


def test_the_cluster_is_handed_jobs_as_it_needs_them(scheduler: str) -> None:
    from pegrace.cluster import LEAST_AHEAD

    taken = 0
    seats = (("red", "computer:random"), ("green", "computer:random"))

    def endless() -> Iterator[Job]:  # a run without end: only what is handed out is made
        nonlocal taken
        for first in itertools.count(0, 3):
            taken += 1
            yield Job("trouble", 2, (), (seats,), 11, first, 3, None)

    played: list[int] = []
    results = run_games(endless(), 1, played.append, scheduler)
    got = list(itertools.islice(results, 5))
    results.close()
    assert 5 <= taken <= 5 + LEAST_AHEAD  # 2 workers of a thread each: LEAST_AHEAD ahead
    assert got == [
        run_job(Job("trouble", 2, (), (seats,), 11, first, 3, None)) for first in range(0, 15, 3)
    ]
    assert len(played) >= 5
