# The native core (core/lib.rs), built by maturin. pegrace.engine.Rules and pegrace.native
# are its typed faces.
from typing import Any

from pegrace.state import Phase, State

# a legal move: its text, whose pieces it moves, each use of the roll (die, origin, target),
# the spaces it passes, whether it goes counter-clockwise, whether a cone leaves START
NativeMove = tuple[str, int, list[tuple[int, int, int]], list[int], bool, bool]

class CoreRules:
    def __init__(
        self,
        game: str,
        players: int,
        options: list[tuple[str, str]],
        phases: list[Phase],
        state_class: type[State],
    ) -> None: ...
    def roll(self, state: State, roll: int | tuple[int, int]) -> State: ...
    def initial(self) -> State: ...
    def legal(self, state: State) -> list[NativeMove]: ...
    def play(self, state: State, text: str) -> State | None: ...
    def places(self, state: State) -> list[int]: ...
    def decided(self, state: State) -> list[int]: ...
    def seat_active(self, seat: int, finished: list[int], out: list[int]) -> bool: ...
    def seating(self) -> tuple[list[int], list[int], bool]: ...
    def row_finished(self, row: list[int]) -> bool: ...

def random_games(
    game: str, players: int, options: list[tuple[str, str]], games: int, seed: int
) -> dict[str, Any]: ...
def play_games(
    game: str,
    players: int,
    options: list[tuple[str, str]],
    seatings: list[list[tuple[str, str, dict[str, float]]]],
    seed: int,
    first: int,
    count: int,
) -> list[tuple[list[int], int, int, int, int, int]]: ...
def playouts(
    game: str,
    players: int,
    options: list[tuple[str, str]],
    state: tuple[Any, ...],
    colours: list[str],
    name: str,
    settings: dict[str, float],
    seed: str,
    first: int,
    count: int,
    threads: int,
) -> list[int]: ...

class Computer:
    def __init__(self, game: str, players: int, options: list[tuple[str, str]]) -> None: ...
    def rank(
        self, state: tuple[Any, ...], settings: dict[str, float]
    ) -> tuple[list[tuple[int, float, list[float]]], int, int]: ...
    def best(self, state: tuple[Any, ...], name: str) -> list[int]: ...
    def look(self, state: tuple[Any, ...], to_move: int) -> dict[str, Any]: ...
    def learned_chance(self, value: float) -> float | None: ...
