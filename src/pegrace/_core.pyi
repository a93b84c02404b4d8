# The native core (core/lib.rs), built by maturin. pegrace.native is its typed face.
from typing import Any

# pegrace.state.State's fields, as plain lists and ints (a roll as the list of its dice)
NativeState = tuple[
    list[list[int]], int, int, list[int] | None, int, int, list[int], list[int], list[int],
    list[int], list[int], str,
]  # fmt: skip

# a legal move: its text, whose pieces it moves, each use of the roll (die, origin, target),
# the spaces it passes, whether it goes counter-clockwise, whether a cone leaves START
NativeMove = tuple[str, int, list[tuple[int, int, int]], list[int], bool, bool]

class CoreRules:
    def __init__(self, game: str, players: int, options: list[tuple[str, str]]) -> None: ...
    def roll(self, state: tuple[Any, ...], roll: int | tuple[int, int]) -> NativeState: ...
    def initial(self) -> NativeState: ...
    def legal(self, state: tuple[Any, ...]) -> list[NativeMove]: ...
    def play(self, state: tuple[Any, ...], text: str) -> NativeState | None: ...
    def places(self, state: tuple[Any, ...]) -> list[int]: ...
    def decided(self, state: tuple[Any, ...]) -> list[int]: ...
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
    count: int,
    threads: int,
) -> list[int]: ...
def evaluate(
    game: str, players: int, options: list[tuple[str, str]], state: tuple[Any, ...], seat: int
) -> tuple[float, float]: ...

class Computer:
    def __init__(self, game: str, players: int, options: list[tuple[str, str]]) -> None: ...
    def rank(
        self, state: tuple[Any, ...], settings: dict[str, float]
    ) -> tuple[list[tuple[int, float, list[float]]], int, int]: ...
    def best(self, state: tuple[Any, ...], name: str) -> list[int]: ...
