"""The games as OpenSpiel games (the optional extra ``pegrace[openspiel]``), so OpenSpiel's
algorithms (MCTS, expectiminimax, and the learners that need observations) run on pegrace's
rules. Importing this module registers
``pegrace_trouble``, ``pegrace_ludo``, ``pegrace_headache`` and ``pegrace_marbles``:

    import pyspiel
    import pegrace.rl.openspiel  # registers the games
    game = pyspiel.load_game("pegrace_ludo", {"players": 2, "variant": "classic"})

Parameters: ``players`` and every rule option by name: a whole number where the option takes
only numbers (``turn_limit=300``, ``seating=0``), else text, so that ``load_game(str(game))``
reads a game's own string back (and checkpoints and pickled states with it). Every roll and
roll-off pop is an explicit chance node whose outcomes are the game's rolls, with their
probabilities; a player's actions are pegrace.rl.encoding's (the same as the PettingZoo and
Gymnasium environments'), and so are the observations (tensor: pegrace.rl.encoding's, from the
player's seat; string: the position in words); the returns are the places' rewards (1 for first
down to 0 for last) at the end. Players are seats, or with Trouble's two sets, sides. A state
holds an unchanging Node, which OpenSpiel's clones share: a clone and a step cost little."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from pegrace.dice import Roll
from pegrace.engine import Option, Rules
from pegrace.games import get_rules, list_games, rules_class
from pegrace.moves import Move
from pegrace.rl.encoding import action_count, legal_actions, observation_size, observe
from pegrace.state import Phase, State

MAX_GAME_LENGTH = 100_000  # decisions and chance events: a bound, no game comes near it
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
CHANCE = int(pyspiel.PlayerId.CHANCE)


def _parameter(option: Option) -> int | str:
    """An option's default as OpenSpiel's parameter: a whole number where the option takes
    only numbers (a game's string prints it as one, and reads it back as one), else text."""
    numbers = all(choice.isdigit() for choice in option.choices)
    return int(option.default) if numbers else option.default


def _game_type(name: str) -> pyspiel.GameType:
    cls = rules_class(name)
    parameters = {"players": 4, **{option.name: _parameter(option) for option in cls.option_specs}}
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
        provides_observation_string=True,
        provides_observation_tensor=True,
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
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rules),
            max_chance_outcomes=max(len(rules.dice.outcomes), 6),
            num_players=len(set(rules.player_of_seat)),
            min_utility=0.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(name), info, params or {})  # first: pybind11's object
        self.shared = Shared(rules)

    @property
    def rules(self) -> Rules:
        return self.shared.rules

    def new_initial_state(self) -> PegraceState:
        return PegraceState(self, self.shared.initial)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        """The observer of a perfect-information game, as OpenSpiel's own Python games make
        it: the whole position, or for perfect recall the history."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            if params:
                raise ValueError(f"observation parameters not supported: {params}")
            return Observer(observation_size(self.rules))
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class Observer:
    """OpenSpiel's Python observer: the tensor is pegrace.rl.encoding's observation (the
    PettingZoo and Gymnasium environments') from the player's seat; the string is the
    position in words, headed by that seat's colour."""

    def __init__(self, size: int) -> None:
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PegraceState, player: int) -> None:
        node = state.node
        seat = node.shared.seat_of(node.position, player)
        self.tensor[:] = observe(node.shared.rules, node.position, seat)

    def string_from(self, state: PegraceState, player: int) -> str:
        node = state.node
        rules = node.shared.rules
        colour = rules.colours[node.shared.seat_of(node.position, player)]
        return f"{colour} sees: {rules.summary(node.position)}"


class Shared:
    """What every state of one game shares: the rules, who plays each seat, the chance
    outcomes of each kind of chance node. Never copied (OpenSpiel clones a Python state by
    deep-copying its attributes: a clone shares this)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.player_of = list(rules.player_of_seat)
        self.players = len(set(self.player_of))
        self.first_seat = [self.player_of.index(p) for p in range(self.players)]
        self._chances: dict[Phase, tuple[list[tuple[int, float]], list[Roll]]] = {}
        self.initial = Node(self, rules.initial_state())

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self

    def chances(self, state: State) -> tuple[list[tuple[int, float]], list[Roll]]:
        """A chance node's outcomes as OpenSpiel's (index, probability) and the rolls they
        are: worked out once per phase (the dice depend on the phase alone)."""
        found = self._chances.get(state.phase)
        if found is None:
            outcomes = self.rules.chance_outcomes(state)
            found = ([(k, float(p)) for k, (_, p) in enumerate(outcomes)], [r for r, _ in outcomes])
            self._chances[state.phase] = found
        return found

    def seat_of(self, state: State, player: int) -> int:
        """The seat ``player`` sees from (as in the PettingZoo environment): the one to act
        when it is theirs, else their first."""
        if not state.is_over and self.player_of[state.current] == player:
            return state.current
        return self.first_seat[player]


class Node:
    """A position with what OpenSpiel asks of it (the player to act, the legal actions), each
    worked out once. Never changed: the clones of a state share it."""

    __slots__ = ("_moves", "player", "position", "shared")

    def __init__(self, shared: Shared, position: State) -> None:
        self.shared = shared
        self.position = position
        self.player = (
            TERMINAL
            if position.is_over
            else CHANCE
            if position.is_chance
            else shared.player_of[position.current]
        )
        self._moves: dict[int, Move] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Node:
        return self

    @property
    def moves(self) -> dict[int, Move]:
        """The legal moves by action, in the order of their actions."""
        if self._moves is None:
            found = legal_actions(self.shared.rules, self.position)
            self._moves = dict(sorted(found.items()))
        return self._moves

    def child(self, action: int) -> Node:
        """The position after ``action`` (a chance outcome or a move)."""
        rules, position = self.shared.rules, self.position
        if position.is_chance:
            after = rules.apply_roll(position, self.shared.chances(position)[1][action])
        else:
            after = rules.apply_move(position, self.moves[action])
        return Node(self.shared, after)


class PegraceState(pyspiel.State):  # type: ignore[misc]
    """A position of a game, held as a Node: OpenSpiel's clone (a new initial state given
    deep copies of this one's attributes) shares it, so a clone costs no copying."""

    def __init__(self, game: Any, node: Node) -> None:
        super().__init__(game)
        self.node = node

    @property
    def rules(self) -> Rules:
        return self.node.shared.rules

    @property
    def position(self) -> State:
        return self.node.position

    def current_player(self) -> int:
        return self.node.player

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.node.moves)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """A new list: the caller may change it (OpenSpiel's MCTS shuffles it)."""
        node = self.node
        return list(node.shared.chances(node.position)[0]) if node.position.is_chance else []

    def _apply_action(self, action: int) -> None:
        self.node = self.node.child(action)

    def _action_to_string(self, player: int, action: int) -> str:
        node = self.node
        rules, position = node.shared.rules, node.position
        if player == CHANCE:
            roll = node.shared.chances(position)[1][action]
            return f"roll {rules.dice_at(position).format(roll)}"
        return str(rules.describe(position, node.moves[action]))  # English: a stable name

    def is_terminal(self) -> bool:
        return self.node.position.is_over

    def returns(self) -> list[float]:
        shared, position = self.node.shared, self.node.position
        if not position.is_over:
            return [0.0] * shared.players
        sides = shared.rules.returns(position)
        return [float(sides[shared.rules.sides[seat]]) for seat in shared.first_seat]

    def __str__(self) -> str:
        return self.rules.summary(self.position)


def game_of(rules: Rules) -> PegraceGame:
    """The registered game that plays ``rules`` (its game, players and options), as
    ``pyspiel.load_game`` makes it."""
    specs = {option.name: option for option in rules.option_specs}
    params: dict[str, int | str] = {"players": rules.players}
    for name, value in rules.options.items():
        params[name] = int(value) if isinstance(_parameter(specs[name]), int) else value
    game: PegraceGame = pyspiel.load_game(f"pegrace_{rules.name}", params)
    return game


def state_at(game: PegraceGame, position: State) -> PegraceState:
    """A state of ``game`` at ``position``, a position of its rules reached elsewhere (where a
    bot is asked to move: pegrace.outside's ``openspiel:`` players). Its history is empty: the
    position is all a perfect-information game's bot needs."""
    return PegraceState(game, Node(game.shared, position))


def register() -> None:
    """Register the four games with OpenSpiel (once), each as a class of its own: OpenSpiel
    keeps what it is given until after the interpreter has gone, and a function (a lambda)
    freed then aborts the process, where a class does not."""
    registered = set(pyspiel.registered_names())
    for name in list_games():
        if f"pegrace_{name}" not in registered:
            game_class = type(f"Pegrace{name.title()}", (PegraceGame,), {"name": name})
            pyspiel.register_game(_game_type(name), game_class)


register()
