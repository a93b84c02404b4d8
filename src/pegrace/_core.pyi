# The native core (core/lib.rs), built by maturin. pegrace.native is its typed face.
from typing import Any

# pegrace.state.State's fields, as plain lists and ints
NativeState = tuple[
    list[list[int]], int, int, int | None, int, int, list[int], list[int], list[int], list[int],
    list[int], str,
]  # fmt: skip

def trouble_moves(
    players: int, options: list[tuple[str, str]], state: tuple[Any, ...]
) -> list[tuple[str, NativeState]]: ...
def trouble_roll(
    players: int, options: list[tuple[str, str]], state: tuple[Any, ...], roll: int
) -> NativeState: ...
def random_games(
    game: str, players: int, options: list[tuple[str, str]], games: int, seed: int
) -> dict[str, Any]: ...
