"""The core's batch of random games (``native.random_games``, its own generator) against
random games played move by move through the ``Rules`` API: as long on average. (The rules
themselves are checked against the recorded corpus: tests/test_corpus.py.)"""

from __future__ import annotations

import pytest

from corpus.players import positions
from pegrace import native
from pegrace.games import get_rules


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("trouble", {}),
        ("ludo", {}),
        ("ludo", {"variant": "classic"}),
        ("marbles", {}),
        ("marbles", {"mode": "war"}),
        ("headache", {}),
        ("ludo", {"variant": "ludopy"}),
    ],
)
def test_random_games_in_the_core_are_as_long_as_the_engines(
    game: str, options: dict[str, str]
) -> None:
    rules = get_rules(game, 4, options)
    lengths = []
    for seed in range(150):
        played = positions(rules, seed, 10**6)
        lengths.append(sum(1 for state in played if state.phase == state.phase.MOVE))
    mean = sum(lengths) / len(lengths)
    spread = (sum((x - mean) ** 2 for x in lengths) / (len(lengths) - 1)) ** 0.5
    core = native.random_games(rules, 20_000, seed=1)
    assert abs(core.moves_per_game - mean) < 4 * spread / len(lengths) ** 0.5
    assert sum(core.wins) >= core.games == 20_000  # War stopped at its turn limit: ties
    assert native.random_games(rules, 500, seed=7) == native.random_games(rules, 500, seed=7)
