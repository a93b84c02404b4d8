"""Players from outside pegrace (issue 56): an agent trained elsewhere sits at the table like a
built-in player, in `simulate`, `tournament` and wherever a player is named.

- ``module:PACKAGE.MODULE:NAME``: a Python function, or a class made once a game, called
  with the observation (pegrace.rl.encoding's, the environments' own, as a numpy array), the
  legal actions' mask (numpy booleans) and the position (``view``: the game, the colour to
  move, the roll, every move by its action in the game's notation, the position as
  pegrace.notation writes it), returning an action.
- ``bot:COMMAND``: a program in any language, started once per worker process and spoken to
  over its standard input and output, one JSON line per decision (docs/rl.md, "Players from
  outside"): the same three things as JSON, answered by ``{"action": N}``.
- ``sb3:PATH``: a model Stable-Baselines3 or sb3-contrib saved, loaded by SB3's own loader
  (once per process) and asked ``predict`` with the observation (and a maskable model the
  legal actions); ``openspiel:BOT``: an OpenSpiel bot (``mcts``, ``uniform_random``, ... or
  ``PACKAGE.MODULE:FACTORY``) asked ``step`` at the position of pegrace's registered OpenSpiel
  game (pegrace.outside_libs has both). Each is refused before any game where its rules are
  known (``core_player``) when it cannot play them: a model of another game's observations or
  actions, a bot that cannot be made; otherwise at its first decision.

Each decision has ``DECISION_SECONDS`` (``--decision-seconds`` sets another; a bot's first,
``STARTING_SECONDS`` more). An answer
that is not a legal action, that comes too late or not at all (a crash, an exception, a program
that ends) is a **fault**: counted (the reports say how many), and the seat plays a random legal
move instead, from the player's own seeded generator, so the game goes on and a tournament
always finishes.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import select
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from pegrace import notation, outside_libs
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.i18n import said
from pegrace.moves import Move
from pegrace.native import CorePlayer
from pegrace.player import Player
from pegrace.state import State

DECISION_SECONDS = 5.0  # an outside player's time for one decision, unless told otherwise
# --decision-seconds sets it for a run through the environment, so worker processes have it too
SECONDS_VARIABLE = "PEGRACE_DECISION_SECONDS"
MOST_SECONDS = 3600.0
STARTING_SECONDS = 30.0  # a bot program's time to start, on top of its first decision's
KINDS = ("module", "bot", "sb3", "openspiel")  # the player specs' names for players from outside
LINE_BYTES = 1024 * 1024  # the longest answer line a bot may send


class Fault(Exception):
    """An outside player's answer that could not be played: why, in a word."""


class OutsidePlayer(Player):
    """What players from outside share: the request, the time limit, the faults."""

    def __init__(self, seed: int | str, spec: str) -> None:
        self.rng = Random(f"outside:{seed}")
        self.spec = spec
        self.faults = 0

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        from pegrace.rl.encoding import legal_actions  # numpy: the rl extra's

        legal = legal_actions(rules, state)
        try:
            action = self.answer(rules, state, legal)
        except Fault:
            action = None
        if action not in legal:
            self.faults += 1
            return moves[int(self.rng.random() * len(moves))]
        return legal[action]

    def answer(self, rules: Rules, state: State, legal: dict[int, Move]) -> int | None:
        """The action the player answers with, or None (a Fault: none in time)."""
        raise NotImplementedError


def decision_seconds() -> float:
    """An outside player's time for one decision: ``SECONDS_VARIABLE``'s where it is set
    (``--decision-seconds``), else ``DECISION_SECONDS``."""
    given = os.environ.get(SECONDS_VARIABLE)
    if given is None:
        return DECISION_SECONDS
    try:
        seconds = float(given)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds <= MOST_SECONDS:  # NaN fails it too
        # TRANSLATORS: {variable} is an environment variable's name, {value} its value, as
        # set; {most} a number of seconds
        problem = said(
            "{variable}={value}: an outside player's seconds a decision, more than 0 and at "
            "most {most}",
            variable=SECONDS_VARIABLE,
            value=given,
            most=MOST_SECONDS,
        )
        raise saying(OptionError, problem)
    return seconds


def in_time(call: Callable[[], Any]) -> Any:
    """``call()`` within its time (``decision_seconds``): its failure, or lateness, a Fault."""
    try:
        with time_limit(decision_seconds()):
            return call()
    except Exception as error:  # the agent's own failure: a fault, never a crash of ours
        raise Fault(type(error).__name__) from None


def legal_mask(rules: Rules, legal: dict[int, Move]) -> Any:
    """The legal actions as numpy booleans over the game's action space."""
    import numpy as np

    from pegrace.rl.encoding import action_count

    mask = np.zeros(action_count(rules), dtype=bool)
    mask[sorted(legal)] = True
    return mask


def position_view(rules: Rules, state: State, legal: dict[int, Move]) -> dict[str, Any]:
    """The position as an outside player is told it (language-neutral JSON)."""
    return {
        "game": rules.name,
        "colour": rules.colours[state.current],
        "roll": None if state.roll is None else rules.dice.to_json(state.roll),
        "moves": {str(action): str(move) for action, move in sorted(legal.items())},
        "position": notation.state_to_json(rules, state),
    }


class CallablePlayer(OutsidePlayer):
    """``module:PACKAGE.MODULE:NAME``: a function, or a class made once a game (its instance
    called), imported when the player is made (a wrong name is refused before any game)."""

    name = "module"

    def __init__(self, seed: int | str, spec: str) -> None:
        super().__init__(seed, spec)
        self.agent = load_callable(spec)

    def answer(self, rules: Rules, state: State, legal: dict[int, Move]) -> int | None:
        from pegrace.rl.encoding import observe

        observation = observe(rules, state, state.current)
        mask, view = legal_mask(rules, legal), position_view(rules, state, legal)
        return as_action(in_time(lambda: self.agent(observation, mask, view)))


def load_callable(spec: str) -> Callable[..., Any]:
    """The function (or a new instance of the class) ``PACKAGE.MODULE:NAME`` names."""
    module_name, colon, attribute = spec.rpartition(":")
    try:
        if not colon or not module_name or not attribute:
            raise ImportError(spec)
        found = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError, ValueError) as error:
        # TRANSLATORS: {spec} is what was given, quoted; PACKAGE.MODULE:NAME is what to write
        unknown = said(
            "module:{spec}: write module:PACKAGE.MODULE:NAME naming a function or class that "
            "Python can import ({problem})",
            spec=spec,
            problem=str(error) or type(error).__name__,
        )
        raise saying(OptionError, unknown) from None
    agent = found() if isinstance(found, type) else found
    if not callable(agent):
        raise saying(OptionError, said("module:{spec} is not callable", spec=spec))
    return agent  # type: ignore[no-any-return]


class time_limit:  # noqa: N801 - a context manager, named as a phrase
    """Interrupt the block after ``seconds`` (a Fault) where a timer can: in the main thread
    of a POSIX process; elsewhere the block runs to its end."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.armed = (
            hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
        )

    def __enter__(self) -> None:
        if self.armed:
            self.before = signal.signal(signal.SIGALRM, self.expired)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)

    def __exit__(self, *_: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.before)

    @staticmethod
    def expired(_signum: int, _frame: object) -> None:
        raise Fault("slow")


def as_action(found: Any) -> int | None:
    """An answer as an action (a whole number, numpy's too), or None."""
    try:
        action = int(found)
    except (TypeError, ValueError, OverflowError):
        return None
    return action if action == found else None


class BotPlayer(OutsidePlayer):
    """``bot:COMMAND``: a program spoken to one JSON line per decision (its process shared by
    every game this worker plays, started at its first decision, started again after it
    failed)."""

    name = "bot"

    def __init__(self, seed: int | str, spec: str) -> None:
        super().__init__(seed, spec)
        self.command = shlex.split(spec)
        if not self.command:
            raise saying(OptionError, said("bot: name the program to run: bot:COMMAND"))

    def answer(self, rules: Rules, state: State, legal: dict[int, Move]) -> int | None:
        from pegrace.rl.encoding import observe

        observation = [float(x) for x in observe(rules, state, state.current)]
        view = position_view(rules, state, legal)
        request = {"observation": observation, "legal": sorted(legal), **view}
        return BOTS.ask(tuple(self.command), request, decision_seconds())


class Bots:
    """The bot programs this process runs, by command (a job's games share them: closed when
    the job ends, simulate.run_job)."""

    def __init__(self) -> None:
        self.running: dict[tuple[str, ...], subprocess.Popen[bytes]] = {}

    def ask(self, command: tuple[str, ...], request: dict[str, Any], seconds: float) -> int | None:
        bot = self.running.get(command)
        started = bot is None or bot.poll() is not None
        if started:
            self.stop(command)  # one that ended: its pipes closed, its status taken
            bot = self.running[command] = self.start(command)
        assert bot is not None and bot.stdin is not None and bot.stdout is not None
        # a program's start (an interpreter loading on a busy machine) is not its decision's time
        deadline = time.monotonic() + seconds + (STARTING_SECONDS if started else 0.0)
        try:
            bot.stdin.write(json.dumps(request).encode() + b"\n")
            bot.stdin.flush()
            line = read_line(bot.stdout.fileno(), deadline)
        except (OSError, Fault):
            self.stop(command)  # gone, or stuck: a new one for the next decision
            raise Fault("gone") from None
        try:
            found = json.loads(line)
        except ValueError:
            raise Fault("not JSON") from None
        return as_action(found.get("action")) if isinstance(found, dict) else None

    def start(self, command: tuple[str, ...]) -> subprocess.Popen[bytes]:
        try:
            return subprocess.Popen(
                command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0
            )
        except OSError as error:
            raise Fault(type(error).__name__) from None

    def stop(self, command: tuple[str, ...]) -> None:
        bot = self.running.pop(command, None)
        if bot is not None:
            bot.kill()
            bot.wait()
            for pipe in (bot.stdin, bot.stdout):
                if pipe is not None:
                    pipe.close()

    def close(self) -> None:
        for command in list(self.running):
            self.stop(command)


def read_line(fd: int, deadline: float) -> bytes:
    """One line from ``fd`` by ``deadline`` (Fault: too late, ended, too long)."""
    line = b""
    while not line.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise Fault("slow")
        part = os.read(fd, 65536)
        if not part:
            raise Fault("ended")
        line += part
        if len(line) > LINE_BYTES:
            raise Fault("too long")
    return line


BOTS = Bots()


class Sb3Player(OutsidePlayer):
    """``sb3:PATH``: a model SB3 saved, its most likely action (pegrace.outside_libs)."""

    name = "sb3"

    def __init__(self, seed: int | str, spec: str) -> None:
        super().__init__(seed, spec)
        self.model = outside_libs.sb3_model(spec)  # loaded once per process
        self.fits: Rules | None = None  # the rules the model was checked against

    def core_player(self, rules: Rules) -> CorePlayer | None:
        self.model.check(rules)  # not the game's observations or actions: refused before a game
        self.fits = rules
        return None

    def answer(self, rules: Rules, state: State, legal: dict[int, Move]) -> int | None:
        from pegrace.rl.encoding import observe

        if self.fits is not rules:
            self.core_player(rules)
        observation = observe(rules, state, state.current)
        mask = legal_mask(rules, legal)
        action: int | None = in_time(lambda: self.model.act(observation, mask))
        return action


class SpielPlayer(OutsidePlayer):
    """``openspiel:BOT``: an OpenSpiel bot, made at the seat's first decision of a game and
    asked ``step`` at each (pegrace.outside_libs)."""

    name = "openspiel"

    def __init__(self, seed: int | str, spec: str) -> None:
        super().__init__(seed, spec)
        self.maker = outside_libs.spiel_bot(spec)
        self.seed = Random(f"openspiel:{seed}").randrange(2**31)  # the bot's, from the seat's
        self.bot: Any = None
        self.made_for: tuple[Rules, int] | None = None  # the rules and the player of self.bot

    def core_player(self, rules: Rules) -> CorePlayer | None:
        self.maker.check(rules)  # a bot that cannot be made for the game: refused before one
        return None

    def answer(self, rules: Rules, state: State, legal: dict[int, Move]) -> int | None:
        player = (rules, rules.player_of_seat[state.current])
        if self.made_for != player:
            self.core_player(rules)
            try:  # a bot's making (a network loaded) is not its decision's time
                self.bot = self.maker.bot(rules, state, self.seed)
            except Exception as error:
                raise Fault(type(error).__name__) from None
            self.made_for = player
        return as_action(in_time(lambda: outside_libs.spiel_step(self.bot, rules, state)))


def outside_player(kind: str, settings: str, seed: int | str) -> Player:
    """The player from outside a spec names (``kind`` one of KINDS)."""
    if kind == "module":
        return CallablePlayer(seed, settings)
    if kind == "sb3":
        return Sb3Player(seed, settings)
    if kind == "openspiel":
        return SpielPlayer(seed, settings)
    return BotPlayer(seed, settings)
