"""The PettingZoo AEC environment of every game: one agent per player (``player_0`` is the
first colour; with Trouble's two sets a player holds a side: ``infos[agent]["colours"]``
says which), the player to move is ``agent_selection`` (again after an extra
roll), the dice rolled inside ``step`` from the environment's seeded generator, rewards from
the game's places (``Rules.returns``) at the end and zero before, and each observation a dict
of ``observation`` and ``action_mask`` (pegrace.rl.encoding). ``env()`` wraps it as
PettingZoo's classic games are wrapped: an illegal action ends the game with -1 for the agent
that made it."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from pegrace.dice import D6
from pegrace.errors import IllegalMoveError, saying
from pegrace.games import get_rules
from pegrace.i18n import said
from pegrace.moves import Move
from pegrace.pictures import draw
from pegrace.pictures.raster import rgb_picture
from pegrace.record import Event, Record
from pegrace.rl.encoding import BOUND, action_count, legal_actions
from pegrace.rl.game import CoreGame
from pegrace.state import Phase, State

CHANCE = "chance_0"  # the dice's agent, with chance_nodes=True (named as PettingZoo advises)


class PegraceEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    # the terminal picture (returned, or printed) or the board as an RGB array
    RENDER_MODES = ("ansi", "human", "rgb_array")

    def __init__(
        self,
        game: str,
        players: int = 4,
        render_mode: str | None = None,
        chance_nodes: bool = False,
        observation: str = "board",
        **options: Any,
    ) -> None:
        super().__init__()
        self.chance_nodes = chance_nodes
        self.rules = get_rules(game, players, {name: str(v) for name, v in options.items()})
        self.metadata = {
            "render_modes": list(self.RENDER_MODES),
            "name": f"{game}_v0",
            "is_parallelizable": False,
        }
        if render_mode not in (None, *self.RENDER_MODES):
            raise ValueError(
                f"render_mode {render_mode!r}: one of None, "
                f"{', '.join(map(repr, self.RENDER_MODES))}"
            )
        self.render_mode = render_mode
        rules = self.rules
        # player_0, player_1, ... in seat order; with two sets a player holds a whole side
        self.agent_of = [f"player_{k}" for k in rules.player_of_seat]
        self.possible_agents = list(dict.fromkeys(self.agent_of))
        self.colours_of = {
            agent: [c for c, a in zip(rules.colours, self.agent_of, strict=True) if a == agent]
            for agent in self.possible_agents
        }
        actions = {agent: action_count(rules) for agent in self.possible_agents}
        if chance_nodes:  # the dice as an agent of their own, acting with the roll's index
            self.possible_agents.append(CHANCE)
            actions[CHANCE] = max(len(rules.dice.outcomes), len(D6.outcomes))
            self.colours_of[CHANCE] = []
        # every seat the caller's; the game held in the core
        self.game = CoreGame(rules, [None] * len(rules.colours), 0, chance_nodes, observation)
        size = self.game.observation_size
        self.action_spaces = {agent: spaces.Discrete(n) for agent, n in actions.items()}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-BOUND, BOUND, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), np.int8),
                }
            )
            for agent, n in actions.items()
        }
        self.episode_seed: int | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> State:
        """The position (a `pegrace.state.State`, made when asked for)."""
        return self.game.state

    @property
    def events(self) -> list[Event]:
        return self.game.events()

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` (0 .. 2**64 - 1) seeds the dice as ``random.Random(seed)``
        would; without one, a seed is drawn (``record()`` names it)."""
        self.episode_seed = random.SystemRandom().getrandbits(63) if seed is None else seed
        self.game.restart(self.episode_seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"colours": self.colours_of[agent]} for agent in self.agents
        }
        self._select()

    def _to_act(self) -> str:
        """The agent to act now: the chance agent at a chance node, else the seat's player."""
        game = self.game
        return CHANCE if game.phase < Phase.MOVE else self.agent_of[game.current]

    def chance_probabilities(self) -> list[float]:
        """The probability of each chance action at a chance node (zeros past the outcomes)."""
        probabilities = self.game.chances()
        return probabilities + [0.0] * (self.action_spaces[CHANCE].n - len(probabilities))

    def _seat(self, agent: str) -> int:
        """The seat ``agent`` sees from: the one to act when it is theirs (the chance agent:
        always), else their first."""
        game = self.game
        if not game.is_over and (agent == CHANCE or self.agent_of[game.current] == agent):
            return game.current
        return 0 if agent == CHANCE else self.agent_of.index(agent)

    def legal(self) -> dict[int, Move]:
        """The legal moves by action (pegrace.rl.encoding)."""
        return legal_actions(self.rules, self.state)

    def observe(self, agent: str) -> dict[str, Any]:
        if agent == CHANCE:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.uint8)
            mask[: len(self.game.chances())] = 1
        elif not self.game.is_over and self._to_act() == agent:
            mask = self.game.mask()
        else:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.uint8)
        return {
            "observation": self.game.observation(self._seat(agent)),
            "action_mask": mask.view(np.int8),
        }

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        game = self.game
        if agent == CHANCE:
            if not game.roll(int(action)):
                # TRANSLATORS: {action} is the action given (a number), {last} the largest one
                # there is; {position} the position in the game's notation
                chance = said(
                    "chance action {action}: one of 0..{last}, the outcomes of {position}",
                    action=str(action),
                    last=len(game.chances()) - 1,
                    position=self.rules.summary(self.state),
                )
                raise saying(IllegalMoveError, chance)
        elif not game.act(int(action)):
            # TRANSLATORS: {action} is the action given (a number), {agent} the agent's name as
            # the environment names it ("red"); {position} the position in the game's notation
            illegal = said(
                "action {action} is not a legal move for {agent}: {position}",
                action=str(action),
                agent=agent,
                position=self.rules.summary(self.state),
            )
            raise saying(IllegalMoveError, illegal)
        if game.is_over:
            returns = game.returns()
            for seat, name in enumerate(self.agent_of):
                self.rewards[name] = returns[self.rules.sides[seat]]
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def _select(self) -> None:
        """The agent to act next; the chance agent's info holds each roll's probability."""
        self.agent_selection = self._to_act()
        if self.agent_selection == CHANCE:
            self.infos[CHANCE]["probabilities"] = self.chance_probabilities()

    def record(self) -> Record:
        """The episode so far as a game record (`pegrace replay` reads it)."""
        return self.game.record()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The terminal picture: returned (``ansi``) or printed (``human``); or the board as an
        RGB array (``rgb_array``, pictures/raster.py)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "rgb_array":
            return rgb_picture(self.rules, self.state)
        picture = draw(self.rules, self.state)
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        pass


def make_raw(game: str, **kwargs: Any) -> PegraceEnv:
    return PegraceEnv(game, **kwargs)


def make_env(game: str, **kwargs: Any) -> Any:
    """The raw environment wrapped as PettingZoo's classic games are."""
    env: Any = PegraceEnv(game, **kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
