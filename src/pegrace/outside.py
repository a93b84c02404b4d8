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

Each decision has ``DECISION_SECONDS`` (a bot's first, ``STARTING_SECONDS`` more). An answer
that is not a legal action, that comes too late or not at all (a crash, an exception, a program
that ends) is a **fault**: counted (the reports say how many), and the seat plays a random legal
move instead, from the player's own seeded generator, so the game goes on and a tournament
always finishes.
"""

from __future__ import annotations

import importlib
import json
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

from pegrace import notation
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.i18n import said
from pegrace.moves import Move
from pegrace.player import Player
from pegrace.state import State

DECISION_SECONDS = 5.0  # an outside player's time for one decision
STARTING_SECONDS = 30.0  # a bot program's time to start, on top of its first decision's
KINDS = ("module", "bot")  # the player specs' names for players from outside
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
        from pegrace.rl.encoding import legal_actions, observe  # numpy: the rl extra's

        legal = legal_actions(rules, state)
        observation = observe(rules, state, state.current)
        view = position_view(rules, state, legal)
        try:
            action = self.answer(observation, sorted(legal), view, rules)
        except Fault:
            action = None
        if action not in legal:
            self.faults += 1
            return moves[int(self.rng.random() * len(moves))]
        return legal[action]

    def answer(
        self, observation: Any, legal: list[int], view: dict[str, Any], rules: Rules
    ) -> int | None:
        raise NotImplementedError


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

    def answer(
        self, observation: Any, legal: list[int], view: dict[str, Any], rules: Rules
    ) -> int | None:
        import numpy as np

        from pegrace.rl.encoding import action_count

        mask = np.zeros(action_count(rules), dtype=bool)
        mask[legal] = True
        try:
            with time_limit(DECISION_SECONDS):
                found = self.agent(observation, mask, view)
        except Exception as error:  # the agent's own failure: a fault, never a crash of ours
            raise Fault(type(error).__name__) from None
        return as_action(found)


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

    def answer(
        self, observation: Any, legal: list[int], view: dict[str, Any], rules: Rules
    ) -> int | None:
        request = {"observation": [float(x) for x in observation], "legal": legal, **view}
        return BOTS.ask(tuple(self.command), request, DECISION_SECONDS)


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


def outside_player(kind: str, settings: str, seed: int | str) -> Player:
    """The player from outside a spec names (``kind`` one of KINDS)."""
    if kind == "module":
        return CallablePlayer(seed, settings)
    return BotPlayer(seed, settings)
