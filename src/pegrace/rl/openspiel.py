"""The games as OpenSpiel games (the optional extra ``pegrace[openspiel]``), so OpenSpiel's
algorithms (MCTS, expectiminimax, ...) run on pegrace's rules. Importing this module registers
``pegrace_trouble``, ``pegrace_ludo``, ``pegrace_headache`` and ``pegrace_marbles``:

    import pyspiel
    import pegrace.rl.openspiel  # registers the games
    game = pyspiel.load_game("pegrace_ludo", {"players": 2, "variant": "classic"})

Parameters: ``players`` and every rule option by name (as text). Every roll and roll-off pop
is an explicit chance node whose outcomes are the game's rolls, with their probabilities; a
player's actions are pegrace.rl.encoding's (the same as the PettingZoo and Gymnasium
environments'); the returns are the places' rewards (1 for first down to 0 for last) at the
end. Players are seats, or with Trouble's two sets, sides."""

from __future__ import annotations

from typing import Any

import pyspiel

from pegrace.engine import Rules
from pegrace.games import get_rules, rules_class
from pegrace.rl.encoding import action_count, legal_actions
from pegrace.state import State

GAMES = ("trouble", "ludo", "headache", "marbles")
MAX_GAME_LENGTH = 100_000  # decisions and chance events: a bound, no game comes near it


def _game_type(name: str) -> pyspiel.GameType:
    cls = rules_class(name)
    parameters = {"players": 4, **{option.name: option.default for option in cls.option_specs}}
    return pyspiel.GameType(
        short_name=f"pegrace_{name}",
        long_name=f"pegrace {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification=parameters,
    )


class PegraceGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel's types are not published
    """A game of ``name`` (a subclass per game is registered: OpenSpiel calls it with the
    parameters alone)."""

    name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        name = self.name
        given = dict(params or {})
        players = int(given.pop("players", 4))
        rules = get_rules(name, players, {k: str(v) for k, v in given.items()})
        player_of = list(rules.player_of_seat)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rules),
            max_chance_outcomes=max(len(rules.dice.outcomes), 6),
            num_players=len(set(player_of)),
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, params or {})  # first: pybind11's object
        self.rules = rules
        self.player_of = player_of

    def new_initial_state(self) -> PegraceState:
        return PegraceState(self, self.rules, self.player_of, self.rules.initial_state())


class PegraceState(pyspiel.State):  # type: ignore[misc]
    """A position, with its game's rules (a clone is made from ``get_game()``, which need not
    be the Python object that made the first state)."""

    def __init__(self, game: Any, rules: Rules, player_of: list[int], position: State) -> None:
        super().__init__(game)
        self.rules = rules
        self.player_of = player_of
        self.position = position

    def current_player(self) -> int:
        if self.position.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.position.is_chance:
            return int(pyspiel.PlayerId.CHANCE)
        return self.player_of[self.position.current]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(legal_actions(self.rules, self.position))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.rules.chance_outcomes(self.position)
        return [(index, float(p)) for index, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        rules = self.rules
        if self.position.is_chance:
            roll = rules.chance_outcomes(self.position)[action][0]
            self.position = rules.apply_roll(self.position, roll)
        else:
            self.position = rules.apply_move(
                self.position, legal_actions(rules, self.position)[action]
            )

    def _action_to_string(self, player: int, action: int) -> str:
        rules = self.rules
        if player == pyspiel.PlayerId.CHANCE:
            roll = rules.chance_outcomes(self.position)[action][0]
            return f"roll {rules.dice_at(self.position).format(roll)}"
        return rules.describe(self.position, legal_actions(rules, self.position)[action])

    def is_terminal(self) -> bool:
        return self.position.is_over

    def returns(self) -> list[float]:
        rules = self.rules
        players = len(set(self.player_of))
        if not self.position.is_over:
            return [0.0] * players
        sides = rules.returns(self.position)
        first_seat = [self.player_of.index(p) for p in range(players)]
        return [float(sides[rules.sides[seat]]) for seat in first_seat]

    def __str__(self) -> str:
        return self.rules.summary(self.position)

    def __deepcopy__(self, memo: dict[int, Any]) -> PegraceState:
        """OpenSpiel clones a Python state by deep copy: the position is an immutable value
        and the game is shared, so a clone is a new state on the same game."""
        return PegraceState(self.get_game(), self.rules, self.player_of, self.position)


def register() -> None:
    """Register the four games with OpenSpiel (once), each as a class of its own: OpenSpiel
    keeps what it is given until after the interpreter has gone, and a function (a lambda)
    freed then aborts the process, where a class does not."""
    registered = set(pyspiel.registered_names())
    for name in GAMES:
        if f"pegrace_{name}" not in registered:
            game_class = type(f"Pegrace{name.title()}", (PegraceGame,), {"name": name})
            pyspiel.register_game(_game_type(name), game_class)


register()
