"""What players from outside need of other libraries (pegrace.outside seats them): a model
Stable-Baselines3 or sb3-contrib saved (``sb3:PATH``) and an OpenSpiel bot (``openspiel:BOT``).
A library is imported only when a spec names it (PyTorch with SB3, pyspiel with OpenSpiel).

- ``sb3:PATH``: the zip SB3's ``model.save`` writes, read once per process (by its path,
  modification time and size: a file saved again is read again) and loaded on the CPU by SB3's
  own loader: that of the algorithm whose policy the file records (its ``data``'s
  ``policy_class``), tried in ``SB3_ALGORITHMS``' order (MaskablePPO, PPO, DQN, QRDQN; A2C's
  and TRPO's files hold PPO's policy, and PPO's loader reads them: the same decisions). It
  must fit the game: the environments' observation (pegrace.rl.encoding's) and ``Discrete``
  actions, the game's count. Loading unpickles what the file holds, as SB3 always does: play
  only files you trust.
- ``openspiel:BOT``: ``mcts`` (OpenSpiel's MCTSBot, random rollouts at its leaves; settings
  ``mcts:sims=100,rollouts=1,uct=2,solve=1``), a bot OpenSpiel registers (``uniform_random``,
  ``pyspiel.registered_bots()``: ``NAME:KEY=VALUE,...`` its parameters), or
  ``PACKAGE.MODULE:FACTORY``, a function ``factory(game, player, seed)`` returning a bot. A bot
  is made once a game for its seat's player of the registered game (pegrace.rl.openspiel:
  ``pegrace_<game>`` of the table's rules), seeded from the seat's seed, and asked ``step``
  at the position as an OpenSpiel state; its actions are the environments' too.
"""

from __future__ import annotations

import functools
import importlib
import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.i18n import N_, Said, said
from pegrace.readers import read_bytes, regular_file
from pegrace.state import State

# TRANSLATORS: a kind of file pegrace reads, in "cannot read {what} {path}: ..."
SB3_MODEL = Said(N_("Stable-Baselines3 model"))
LARGEST_MODEL = 1024 * 1024 * 1024  # bytes: a file SB3 saved of a network far past any game's
# the algorithms whose loaders sb3: tries, by the policy the file records, in this order
SB3_ALGORITHMS = (
    "sb3_contrib:MaskablePPO",
    "stable_baselines3:PPO",
    "stable_baselines3:DQN",
    "sb3_contrib:QRDQN",
)
MCTS = "mcts"
# openspiel:mcts's settings: the default, the least and the most (sims: simulations a
# decision, each a random rollout to the game's end; rollouts: of each leaf; uct: UCT's
# exploration constant; solve: MCTS-Solver's proven values backed up)
MCTS_SETTINGS: dict[str, tuple[float, float, float]] = {
    "sims": (100, 1, 100_000),
    "rollouts": (1, 1, 1000),
    "uct": (2.0, 0.0, 100.0),
    "solve": (1, 0, 1),
}
WHOLE = ("sims", "rollouts", "solve")  # counts, and a yes (1) or no (0)
GameKey = tuple[str, int, tuple[tuple[str, str], ...]]


def refuse(words: Said) -> OptionError:
    return saying(OptionError, words)


# ------------------------------------------------------------------ sb3:PATH


@dataclass(frozen=True)
class Sb3Model:
    """A model SB3 loaded: ``act`` is its deterministic answer to one observation."""

    file: str  # as the spec named it
    model: Any
    masked: bool  # MaskablePPO: given the legal actions

    def check(self, rules: Rules) -> None:
        """Refuse a model whose observations or actions are not the game's."""
        from gymnasium import spaces

        from pegrace.rl.encoding import action_count, observation_size

        seen, acts = self.model.observation_space, self.model.action_space
        wanted = (observation_size(rules),)
        if not isinstance(seen, spaces.Box) or tuple(seen.shape) != wanted:
            shape = tuple(seen.shape) if isinstance(seen, spaces.Box) else seen
            # TRANSLATORS: {file} is the model's file as named; {found} and {wanted} shapes
            # ("(48,)"), {game} the game's name as typed
            unfit = said(
                "sb3:{file}: the model sees observations of shape {found}, but {game} gives "
                "shape {wanted}",
                file=self.file,
                found=str(shape),
                game=rules.name,
                wanted=str(wanted),
            )
            raise refuse(unfit)
        count = action_count(rules)
        if not isinstance(acts, spaces.Discrete) or int(acts.n) != count or int(acts.start):
            # TRANSLATORS: {file} is the model's file as named; {found} its action space
            # ("Discrete(41)"), {game} the game's name as typed, {count} a number
            unfit = said(
                "sb3:{file}: the model's actions are {found}, but {game} has Discrete({count})",
                file=self.file,
                found=str(acts),
                game=rules.name,
                count=count,
            )
            raise refuse(unfit)

    def act(self, observation: Any, mask: Any) -> int | None:
        """The model's action (its most likely: deterministic), None if not one number."""
        import numpy as np

        if self.masked:
            found, _ = self.model.predict(observation, deterministic=True, action_masks=mask)
        else:
            found, _ = self.model.predict(observation, deterministic=True)
        action = np.asarray(found).reshape(-1)
        return int(action[0]) if action.size == 1 and action.dtype.kind in "iu" else None


def sb3_model(file: str) -> Sb3Model:
    """The model in ``file`` (a regular file, refused by name otherwise), loaded."""
    if not file.strip():
        # TRANSLATORS: sb3:PATH is what to write
        raise refuse(said("sb3: name the model's file: sb3:PATH"))
    path = Path(file)
    found = regular_file(path, SB3_MODEL, OptionError)
    return _load(file, str(path.resolve()), found.st_mtime_ns, found.st_size)


@functools.lru_cache(maxsize=8)
def _load(file: str, _where: str, _changed: int, _size: int) -> Sb3Model:
    data = read_bytes(Path(file), SB3_MODEL, OptionError, LARGEST_MODEL)
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        # TRANSLATORS: {file} is the model's file as named; the pip command is kept as typed
        missing = said(
            "sb3:{file}: Stable-Baselines3 and sb3-contrib are not installed here; "
            "pip install 'pegrace[sb3]'",
            file=file,
        )
        raise refuse(missing) from None
    algorithm = _algorithm(file, _policy(file, data))
    try:
        model = algorithm.load(io.BytesIO(data), device="cpu")
    except Exception as error:  # SB3's own refusal, whatever it is
        raise refuse(not_a_model(file, str(error) or type(error).__name__)) from None
    return Sb3Model(file, model, isinstance(model, MaskablePPO))


def not_a_model(file: str, problem: str) -> Said:
    # TRANSLATORS: {file} is the file as named; {problem} why, in the libraries' (English) words
    return said(
        "sb3:{file}: not a model Stable-Baselines3 saved ({problem})", file=file, problem=problem
    )


def _policy(file: str, data: bytes) -> type:
    """The policy class the file records (its ``data``, read as SB3 reads it)."""
    import warnings

    from stable_baselines3.common.save_util import json_to_data

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            text = archive.read("data").decode()
        with warnings.catch_warnings():  # what cannot be unpickled is left out, and said here
            warnings.simplefilter("ignore")
            policy = json_to_data(text).get("policy_class")
    except (zipfile.BadZipFile, KeyError, ValueError, UnicodeDecodeError) as error:
        raise refuse(not_a_model(file, str(error) or type(error).__name__)) from None
    if not isinstance(policy, type):
        raise refuse(not_a_model(file, "no policy_class in its data"))
    return policy


def _algorithm(file: str, policy: type) -> Any:
    """The first of SB3_ALGORITHMS whose policies ``policy`` is one of."""
    from sb3_contrib.common.recurrent.policies import RecurrentActorCriticPolicy

    found = [_named(name) for name in SB3_ALGORITHMS]
    if not issubclass(policy, RecurrentActorCriticPolicy):  # PPO's subclass, not its loader's
        for algorithm in found:
            if issubclass(policy, tuple(algorithm.policy_aliases.values())):
                return algorithm
    # TRANSLATORS: {file} is the model's file as named; {policy} a class's name; {algorithms}
    # the algorithms' names, as typed ("MaskablePPO, PPO, DQN")
    unknown = said(
        "sb3:{file}: its policy {policy} is none of {algorithms}'s",
        file=file,
        policy=policy.__name__,
        algorithms=", ".join(algorithm.__name__ for algorithm in found),
    )
    raise refuse(unknown)


def _named(name: str) -> Any:
    module, _, attribute = name.partition(":")
    return getattr(importlib.import_module(module), attribute)


# ------------------------------------------------------------------ openspiel:BOT

Maker = Callable[[Any, int, int], Any]  # (game, player, seed) -> a bot


@dataclass(frozen=True)
class SpielBot:
    """An ``openspiel:`` spec's bot maker (``make(game, player, seed)``)."""

    spec: str
    make: Maker

    def check(self, rules: Rules) -> None:
        """Refuse a bot that cannot be made for the game (once per game's rules)."""
        if (self.spec, game_key(rules)) not in _CHECKED:
            try:
                made = self.make(spiel_game(rules), 0, 0)
                if not callable(getattr(made, "step", None)):
                    raise TypeError(f"{type(made).__name__} has no step(state)")
            except Exception as error:  # the bot's own failure, said in its words
                # TRANSLATORS: {spec} is the bot as given; {game} the game's name as typed;
                # {problem} why, in the libraries' (English) words
                problem = said(
                    "openspiel:{spec}: no bot for {game} ({problem})",
                    spec=self.spec,
                    game=rules.name,
                    problem=str(error) or type(error).__name__,
                )
                raise refuse(problem) from None
            _CHECKED.add((self.spec, game_key(rules)))

    def bot(self, rules: Rules, state: State, seed: int) -> Any:
        """A bot for the player whose seat is to move in ``state``."""
        return self.make(spiel_game(rules), rules.player_of_seat[state.current], seed)


_CHECKED: set[tuple[str, GameKey]] = set()


def spiel_bot(spec: str) -> SpielBot:
    """The bot maker ``openspiel:SPEC`` names, its settings checked or its factory imported."""
    pyspiel = _pyspiel(spec)
    name, colon, rest = spec.strip().partition(":")
    if name == MCTS:
        return SpielBot(spec, functools.partial(_mcts, mcts_settings(spec, rest)))
    if name in pyspiel.registered_bots():
        return SpielBot(spec, functools.partial(_registered, name, bot_params(spec, rest)))
    if not colon:
        # TRANSLATORS: {spec} is the bot as given; {bots} OpenSpiel's bots' names as typed;
        # openspiel:PACKAGE.MODULE:FACTORY is what to write
        unknown = said(
            "openspiel:{spec}: name one of OpenSpiel's bots ({bots}) or a factory, "
            "openspiel:PACKAGE.MODULE:FACTORY",
            spec=spec,
            bots=", ".join([MCTS, *pyspiel.registered_bots()]),
        )
        raise refuse(unknown)
    return SpielBot(spec, _factory(spec, name, rest))


def _pyspiel(spec: str) -> Any:
    try:
        import pyspiel
    except ImportError:
        # TRANSLATORS: {spec} is the bot as given; the pip command is kept as typed
        missing = said(
            "openspiel:{spec}: OpenSpiel is not installed here; pip install 'pegrace[openspiel]'",
            spec=spec,
        )
        raise refuse(missing) from None
    return pyspiel


def _factory(spec: str, module: str, attribute: str) -> Maker:
    try:
        found = getattr(importlib.import_module(module), attribute.strip())
    except (ImportError, AttributeError, ValueError) as error:
        # TRANSLATORS: {spec} is what was given; openspiel:PACKAGE.MODULE:FACTORY what to write
        unknown = said(
            "openspiel:{spec}: write openspiel:PACKAGE.MODULE:FACTORY naming a function that "
            "Python can import ({problem})",
            spec=spec,
            problem=str(error) or type(error).__name__,
        )
        raise refuse(unknown) from None
    if not callable(found):
        # TRANSLATORS: {spec} is what was given
        raise refuse(said("openspiel:{spec} is not callable", spec=spec))
    return found  # type: ignore[no-any-return]


def mcts_settings(spec: str, text: str) -> dict[str, float]:
    """``sims=200,uct=1.5``: MCTS_SETTINGS' values, the defaults where not given."""
    found = {key: default for key, (default, _, _) in MCTS_SETTINGS.items()}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, _, value = (part.strip() for part in item.partition("="))
        try:
            number = float(value)
        except ValueError:
            number = float("nan")
        low, high = MCTS_SETTINGS[key][1:] if key in MCTS_SETTINGS else (1.0, 0.0)
        if not low <= number <= high or (key in WHOLE and not number.is_integer()):
            ranges = ", ".join(f"{k} {at[1]:g}-{at[2]:g}" for k, at in MCTS_SETTINGS.items())
            # TRANSLATORS: {spec} is the bot as given, {setting} the setting, quoted;
            # KEY=NUMBER what to write; {ranges} each setting's name and range as typed
            problem = said(
                "openspiel:{spec}: {setting}: write KEY=NUMBER, each of {ranges}",
                spec=spec,
                setting=repr(item),
                ranges=ranges,
            )
            raise refuse(problem)
        found[key] = number
    return found


def _mcts(settings: dict[str, float], game: Any, player: int, seed: int) -> Any:
    import numpy as np
    from open_spiel.python.algorithms import mcts

    generator = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(int(settings["rollouts"]), generator)
    return mcts.MCTSBot(
        game,
        settings["uct"],
        int(settings["sims"]),
        evaluator,
        solve=bool(settings["solve"]),
        random_state=generator,
    )


def bot_params(spec: str, text: str) -> dict[str, bool | int | float | str]:
    """``KEY=VALUE,...`` as a registered bot's parameters (numbers and true/false as such)."""
    found: dict[str, bool | int | float | str] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key:
            # TRANSLATORS: {spec} is the bot as given, {setting} the setting, quoted;
            # KEY=VALUE what to write
            problem = said(
                "openspiel:{spec}: {setting}: write KEY=VALUE", spec=spec, setting=repr(item)
            )
            raise refuse(problem)
        found[key] = _parameter(value)
    return found


def _parameter(text: str) -> bool | int | float | str:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            number: int | float = kind(text)
        except ValueError:
            continue
        return number
    return text


def _registered(
    name: str, params: dict[str, bool | int | float | str], game: Any, player: int, seed: int
) -> Any:
    import pyspiel

    return pyspiel.load_bot(name, game, player, {"seed": seed, **params})


def game_key(rules: Rules) -> GameKey:
    return rules.name, rules.players, tuple(sorted(rules.options.items()))


def spiel_game(rules: Rules) -> Any:
    """The registered OpenSpiel game of ``rules``, made once per process."""
    key = game_key(rules)
    if key not in _GAMES:
        from pegrace.rl.openspiel import game_of

        _GAMES[key] = game_of(rules)
    return _GAMES[key]


_GAMES: dict[GameKey, Any] = {}


def spiel_step(bot: Any, rules: Rules, state: State) -> Any:
    """The bot's answer at ``state``, a decision of its player."""
    from pegrace.rl.openspiel import state_at

    return bot.step(state_at(spiel_game(rules), state))
