"""Computer players: every level and personality only ever plays legal moves, in every game
and the main rule options; each is deterministic given its seed; player specs parse or are
refused with a clear message."""

from __future__ import annotations

import re

import pytest

from pegrace import OptionError, get_rules
from pegrace.match import run_game
from pegrace.players import canonical_spec, make_player, player_names
from pegrace.search import SearchPlayer

# (game, players, options): every game and the options that change what a move can be
SETTINGS = [
    ("trouble", 4, {}),
    ("trouble", 3, {"play_on": "off", "voluntary_pass": "off"}),
    ("trouble", 2, {"finish": "deepest-first", "six_bonus": "if-played", "two_sets": "on"}),
    ("ludo", 4, {}),
    ("ludo", 2, {"variant": "classic", "three_sixes": "off"}),
    ("ludo", 4, {"variant": "ludopy"}),
    ("headache", 4, {}),
    ("headache", 3, {"challenge": "on"}),
    ("marbles", 4, {}),
    ("marbles", 4, {"teams": "on"}),
    ("marbles", 2, {"mode": "war"}),
    ("parchis", 4, {}),
    ("parchis", 4, {"teams": "on"}),
]
# the search levels with a small budget: the same code, a fraction of the time
FAST = {"hard": "hard:depth=1", "expert": "expert:ms=3"}


def computer_specs() -> list[str]:
    names = [name.removeprefix("computer:") for name in player_names() if name != "human"]
    return [FAST.get(name, name) for name in [*names, "uniform"]]  # uniform: named, not offered


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_every_computer_player_plays_only_legal_moves(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    specs = computer_specs()
    seats_count = len(rules.colours)  # two_sets: 2 players, 4 colours
    for seed in range(3 * len(specs)):  # each player in three games, in turning seats
        lineup = [specs[(seed + i) % len(specs)] for i in range(seats_count)]
        seats = dict(zip(rules.colours, lineup, strict=True))
        result = run_game(rules, seats, seed)  # raises PlayerFault on an illegal move
        assert result.state.is_over


@pytest.mark.parametrize("spec", ["random", "easy", "medium", "hard:depth=1", "expert:ms=5"])
def test_a_player_is_deterministic_given_its_seed(spec: str) -> None:
    rules = get_rules("headache", 3)
    seats = dict.fromkeys(rules.colours, spec)
    first = run_game(rules, seats, seed=5).record.dumps()
    assert run_game(rules, seats, seed=5).record.dumps() == first
    assert run_game(rules, seats, seed=6).record.dumps() != first


def test_levels_are_all_offered_in_strength_order() -> None:
    levels = ("random", "easy", "medium", "hard", "expert")
    offered = player_names()
    assert [f"computer:{level}" for level in levels] == [n for n in offered if n.endswith(levels)]
    assert {"computer:aggressive", "computer:runner", "computer:cautious"} <= set(offered)


def test_player_settings_are_parsed() -> None:
    expert = make_player("computer:expert:ms=50")
    assert isinstance(expert, SearchPlayer)
    assert (expert.ms, expert.depth, expert.name) == (50.0, None, "expert")
    hard = make_player("hard:depth=3")
    assert isinstance(hard, SearchPlayer)
    assert (hard.depth, hard.name, hard.learned) == (3, "hard", False)
    assert expert.learned  # the expert reads the game's learned chance of winning
    assert make_player("hard:model=1").learned and not make_player("expert:model=0").learned
    paranoid = make_player("expert:paranoid=1,ms=20")
    assert isinstance(paranoid, SearchPlayer)
    assert (paranoid.paranoid, paranoid.ms) == (True, 20.0)
    assert canonical_spec("heuristic") == "computer:heuristic"  # old records keep their name
    assert canonical_spec("computer") == "computer:medium"
    assert canonical_spec("Expert:ms=20") == "computer:expert:ms=20"


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("grandmaster", "unknown player 'grandmaster'"),
        ("expert:speed=3", "write KEY=VALUE with KEY one of"),
        ("expert:ms=fast", "'fast' is not a number"),
        ("expert:ms=-1", "must not be negative"),
        ("random:depth=2", "random takes no such setting"),
        ("expert:paranoid=2", "write paranoid=1"),
        ("expert:model=3", "write model=0"),
    ],
)
def test_bad_player_specs_are_refused_by_name(spec: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_player(spec)


@pytest.mark.parametrize(
    ("spec", "problem"),
    [
        ("expert:ms=nan", "player setting 'ms=nan': ms must be a finite number"),
        ("expert:ms=inf", "player setting 'ms=inf': ms must be a finite number"),
        ("expert:ms=-inf", "player setting 'ms=-inf': ms must be a finite number"),
        ("expert:ms=1e400", "player setting 'ms=1e400': ms must be a finite number"),
        ("expert:ms=3600001", "ms goes from 0 to 3600000"),
        ("hard:depth=nan", "player setting 'depth=nan': 'nan' is not a number"),
        ("hard:depth=inf", "player setting 'depth=inf': 'inf' is not a number"),
        ("hard:depth=-2", "player setting 'depth=-2' must not be negative"),
        ("hard:depth=0", "depth goes from 1 to 64"),
        ("hard:depth=100000", "depth goes from 1 to 64"),
        ("expert:width=1001", "width goes from 0 to 1000"),
        ("expert:threads=257", "threads goes from 1 to 256"),
        ("expert:horizon=1001", "horizon goes from 0 to 1000"),
        ("expert:horizon=-1", "player setting 'horizon=-1' must not be negative"),
        ("easy:mistakes=nan", "player setting 'mistakes=nan': mistakes must be a finite number"),
        ("easy:mistakes=1.5", "mistakes goes from 0 to 1"),
        ("easy:mistakes=-0.1", "player setting 'mistakes=-0.1' must not be negative"),
    ],
)
def test_player_settings_must_be_finite_numbers_in_their_range(spec: str, problem: str) -> None:
    from pegrace.players import parse_settings
    from pegrace.web.settings import parse_settings as web_settings

    settings = spec.partition(":")[2]
    for refuse in (
        lambda: make_player(spec),
        lambda: canonical_spec(f"computer:{spec}"),
        lambda: parse_settings(settings),
    ):
        with pytest.raises(OptionError, match=re.escape(problem)):
            refuse()
    with pytest.raises(OptionError):  # the web's new-game settings call the same functions
        web_settings({"game": "trouble", "seats": {"red": "human", "green": f"computer:{spec}"}})


def test_player_settings_at_the_ends_of_their_ranges_are_taken() -> None:
    for spec in (
        "expert:ms=0",
        "expert:ms=3600000",
        "hard:depth=1",
        "hard:depth=64",
        "expert:width=0",
        "expert:width=1000",
        "expert:threads=256",
        "expert:horizon=0",
        "expert:horizon=1000",
        "easy:mistakes=0",
        "easy:mistakes=1",
    ):
        assert canonical_spec(spec) == f"computer:{spec}"
