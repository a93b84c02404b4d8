"""Building positions for scenario tests from hand-written state JSON, and reading
the legal moves back as text: the same helpers for every game's tests."""

from __future__ import annotations

import random
from typing import Any

from pegrace.engine import Rules
from pegrace.notation import rules_for_state, state_from_json
from pegrace.state import Phase, State


def position(
    game: str,
    pieces: dict[str, list[str]],
    roll: Any = None,
    to_move: str = "red",
    **extra: Any,
) -> tuple[Rules, State]:
    """Rules and state for ``pieces`` (``extra`` holds any other state key, e.g. ``rules``)."""
    data: dict[str, Any] = {"game": game, "pieces": pieces, "to_move": to_move}
    if roll is not None:
        data["roll"] = roll
    data.update({key: value for key, value in extra.items() if value is not None})
    rules = rules_for_state(data)
    return rules, state_from_json(rules, data)


def every(colours: tuple[str, ...], default: list[str], **pieces: list[str]) -> dict[str, Any]:
    """Pieces for ``colours``: those not named keep ``default``."""
    return {c: pieces.get(c, default) for c in colours}


def moves(rules: Rules, state: State) -> set[str]:
    return {str(m) for m in rules.legal_moves(state)}


def after(rules: Rules, state: State, text: str) -> State:
    return rules.play(state, rules.parse_move(state, text))


def random_positions(rules: Rules, seed: int, count: int) -> list[State]:
    """Positions of a random game (a new one after each end), one per move."""
    rng, state, found = random.Random(seed), rules.initial_state(), []
    while len(found) < count:
        if state.phase == Phase.OVER:
            state = rules.initial_state()
        elif state.phase == Phase.MOVE:
            found.append(state)
            legal = rules.legal_moves(state)
            state = rules.apply_move(state, legal[int(rng.random() * len(legal))])
        else:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
    return found
