"""``pegrace bench``: random games per second on one core, measured two ways.

- engine: the bare loop a simulation or search uses (apply_roll, legal_moves,
  a uniform random choice, apply_move), nothing recorded;
- full: the games ``pegrace simulate`` plays with random seats, in the native core
  (``native.play_games``: the very games of ``match.run_game``);
- native: the core's bare loop (``native.random_games``: its own generator, other dice).
Each is timed over several runs and the median reported.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any

from pegrace import native
from pegrace.dice import roll_d6
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying
from pegrace.games import get_rules
from pegrace.i18n import said, said_n
from pegrace.match import run_game, seat_players
from pegrace.moves import Move
from pegrace.player import Player
from pegrace.players import core_seatings
from pegrace.state import Phase, State


def engine_games(rules: Rules, games: int, seed: int) -> int:
    """Play ``games`` random games with the bare engine loop; returns moves made.
    Methods are bound once, as a search or simulation loop would."""
    rng = random.Random(seed)
    draw = rng.random
    sample = rules.dice.sample
    legal_moves, apply_move, apply_roll = rules.legal_moves, rules.apply_move, rules.apply_roll
    move_phase, roll_phase, over = Phase.MOVE, Phase.ROLL, Phase.OVER
    moves = 0
    for _ in range(games):
        state = rules.initial_state()
        while state.phase != over:
            if state.phase == move_phase:
                legal = legal_moves(state)
                state = apply_move(state, legal[int(draw() * len(legal))])
                moves += 1
            elif state.phase == roll_phase:
                state = apply_roll(state, sample(rng))
            else:
                state = apply_roll(state, roll_d6(rng))
    return moves


def full_games(rules: Rules, games: int, seed: int) -> int:
    seatings = core_seatings(rules, [dict.fromkeys(rules.colours, "computer:random")])
    assert seatings is not None  # the core plays every computer player
    return sum(g.moves for g in native.play_games(rules, seatings, seed, 0, games))


def bench(
    game: str, players: int, options: Mapping[str, str], games: int, runs: int, seed: int
) -> dict[str, Any]:
    rules = get_rules(game, players, options)
    report: dict[str, Any] = {
        "game": game,
        "players": players,
        "rules": dict(rules.options),
        "games_per_run": games,
        "runs": runs,
    }
    loops = [
        ("engine", engine_games, games),
        ("full", full_games, games * NATIVE_FACTOR),
        ("native", native_games, games * NATIVE_FACTOR),
    ]
    for label, loop, count in loops:
        rates, move_rates = [], []
        for run in range(runs):
            start = time.perf_counter()
            moves = loop(rules, count, seed + run * count)
            elapsed = time.perf_counter() - start
            rates.append(count / elapsed)
            move_rates.append(moves / elapsed)
        report[label] = {
            "games_per_second": statistics.median(rates),
            "moves_per_second": statistics.median(move_rates),
            "moves_per_game": statistics.median(move_rates) / statistics.median(rates),
        }
    return report


# the native core plays this many times --games a run, so that its runs last about as long
NATIVE_FACTOR = 100


def native_games(rules: Rules, games: int, seed: int) -> int:
    """The native core's random games (its own generator: the same rules, other dice)."""
    return native.random_games(rules, games, seed).moves


def format_bench(report: dict[str, Any]) -> str:
    rules = ", ".join(f"{k}={v}" for k, v in report["rules"].items())
    lines = [
        f"{report['game']}, {report['players']} random players, {rules}",
        f"median of {report['runs']} runs of {report['games_per_run']} games, one core",
    ]
    for label in ("engine", "full", "native"):
        r = report.get(label)
        if r is None:
            continue
        lines.append(
            f"  {label:<7}{r['games_per_second']:>9.0f} games/s {r['moves_per_second']:>11.0f}"
            f" moves/s  ({r['moves_per_game']:.0f} moves per game)"
        )
    if "native" in report:
        times = report["native"]["games_per_second"] / report["engine"]["games_per_second"]
        lines.append(f"  the native core (Rust) plays {times:.0f}x the engine's games a second")
    return "\n".join(lines)


# ---------------------------------------------------------------- LUDOpy side by side
def ludopy_games(games: int, seed: int) -> int:
    """Play ``games`` random 4-player games in the LUDOpy package, its README loop (the
    piece drawn with numpy's generator, the game stopped at the first winner); returns
    the moves (observations answered)."""
    import ludopy  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import numpy as np

    np.random.seed(seed % 2**32)
    steps = 0
    for _ in range(games):
        game = ludopy.Game()
        winner = False
        while not winner:
            (_, movable, _, _, _, _), _ = game.get_observation()
            piece = movable[np.random.randint(0, len(movable))] if len(movable) else -1
            winner = game.answer_observation(piece)[5]
            steps += 1
    return steps


def compare_ludopy(options: Mapping[str, str], games: int, runs: int, seed: int) -> dict[str, Any]:
    """Random 4-player games in our ``ludo variant=ludopy`` engine loop and in LUDOpy,
    the same number of games per run, alternating which goes first; medians and ratio.
    Moves (one per roll, passes included, in both) are reported too: the random players
    differ (LUDOpy's draws a pin, ours a distinct move), so game lengths differ a little."""
    try:
        import ludopy  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        # TRANSLATORS: --compare-ludopy, ludopy and the pip command are kept as typed
        needs = said(
            "--compare-ludopy needs the ludopy package: pip install ludopy==1.5.0 "
            "(it is in pegrace's dev extra)"
        )
        raise saying(OptionError, needs) from None
    rules = get_rules("ludo", 4, options)
    if rules.options.get("variant") != "ludopy":
        # TRANSLATORS: the options and values (--compare-ludopy, ludo, variant=ludopy,
        # --variant ludopy) are kept as typed
        compares = said("--compare-ludopy compares ludo with variant=ludopy (--variant ludopy)")
        raise saying(OptionError, compares)
    loops = {
        "pegrace": lambda run: engine_games(rules, games, seed + run * games),
        "ludopy": lambda run: ludopy_games(games, seed + run),
    }
    rates: dict[str, list[float]] = {name: [] for name in loops}
    move_rates: dict[str, list[float]] = {name: [] for name in loops}
    cpu_rates: dict[str, list[float]] = {name: [] for name in loops}
    for run in range(runs):
        order = list(loops) if run % 2 == 0 else list(loops)[::-1]
        for name in order:
            start, start_cpu = time.perf_counter(), time.process_time()
            moves = loops[name](run)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - start_cpu
            rates[name].append(games / elapsed)
            move_rates[name].append(moves / elapsed)
            cpu_rates[name].append(games / cpu)
    medians = {name: statistics.median(r) for name, r in rates.items()}
    move_medians = {name: statistics.median(r) for name, r in move_rates.items()}
    cpu_medians = {name: statistics.median(r) for name, r in cpu_rates.items()}
    return {
        "game": "ludo",
        "rules": dict(rules.options),
        "games_per_run": games,
        "runs": runs,
        "games_per_second": medians,
        "moves_per_second": move_medians,
        "moves_per_game": {name: move_medians[name] / medians[name] for name in loops},
        "ratio": medians["pegrace"] / medians["ludopy"],
        "moves_ratio": move_medians["pegrace"] / move_medians["ludopy"],
        # the same runs timed by the process's CPU time: on a shared machine, the time each
        # engine actually had the core
        "cpu_games_per_second": cpu_medians,
        "cpu_ratio": cpu_medians["pegrace"] / cpu_medians["ludopy"],
    }


def format_compare(report: dict[str, Any]) -> str:
    rates, per_game = report["games_per_second"], report["moves_per_game"]
    cpu = report["cpu_games_per_second"]
    return "\n".join(
        [
            "ludo variant=ludopy against LUDOpy 1.5.0, 4 random players, one core",
            f"median of {report['runs']} alternated runs of {report['games_per_run']} games each",
            *(
                f"  {name:<8}{rates[name]:>8.0f} games/s  ({per_game[name]:.0f} moves per game)"
                for name in ("pegrace", "ludopy")
            ),
            f"  ratio   {report['ratio']:>8.1f}x games/s, {report['moves_ratio']:.1f}x moves/s",
            f"  by CPU time: {cpu['pegrace']:.0f} vs {cpu['ludopy']:.0f} games/s,"
            f" {report['cpu_ratio']:.1f}x",
        ]
    )


# ---------------------------------------------------------------- decision times
class Clocked(Player):
    """Plays as ``player`` does, noting how long each decision took and how deep it searched."""

    def __init__(self, player: Player) -> None:
        self.player, self.name = player, player.name
        self.times: list[float] = []
        self.depths: list[int] = []
        self.nodes: list[int] = []

    def choose(self, rules: Rules, state: State, moves: Sequence[Move]) -> Move:
        start = time.perf_counter()
        move = self.player.choose(rules, state, moves)
        self.times.append(time.perf_counter() - start)
        self.depths.append(getattr(self.player, "last_depth", 0))
        self.nodes.append(getattr(self.player, "last_nodes", 0))
        return move


def decision_times(
    game: str, players: int, options: Mapping[str, str], spec: str, games: int, seed: int
) -> dict[str, Any]:
    """How long ``spec`` takes per decision (positions with more than one legal move) in
    ``games`` games against medium players, its seat rotated game by game."""
    rules = get_rules(game, players, options)
    times: list[float] = []
    depths: list[int] = []
    nodes = 0
    for index in range(games):
        seats = dict.fromkeys(rules.colours, "computer:medium")
        timed = index % len(rules.colours)
        seats[rules.colours[timed]] = spec
        seated = seat_players(seats, seed + index)
        clock = Clocked(seated[timed])
        seated[timed] = clock
        run_game(rules, seats, seed + index, players=seated)
        times += clock.times
        depths += clock.depths
        nodes += sum(clock.nodes)
    if not times:
        # TRANSLATORS: {player} is a player as typed ("computer:expert"); {count} a number
        none = said_n(
            "{player} made no decision with a choice in {count} game",
            "{player} made no decision with a choice in {count} games",
            games,
            player=spec,
        )
        raise saying(OptionError, none)
    cuts = statistics.quantiles(times, n=100) if len(times) > 1 else times * 99
    return {
        "game": game,
        "players": players,
        "rules": dict(rules.options),
        "player": spec,
        "games": games,
        "decisions": len(times),
        "ms": {
            "p50": 1000 * statistics.median(times),
            "p95": 1000 * cuts[94],
            "max": 1000 * max(times),
        },
        "mean_depth": statistics.fmean(depths),
        # the search speed a game entry's `nodes_per_ms` is calibrated from (0 without search)
        "nodes_per_ms": nodes / (1000 * sum(times)),
    }


def format_decision_times(report: dict[str, Any]) -> str:
    ms = report["ms"]
    return (
        f"{report['game']}, {report['player']} against medium players, {report['games']} games: "
        f"{report['decisions']} decisions with a choice\n"
        f"  per decision: median {ms['p50']:.1f} ms, 95th percentile {ms['p95']:.1f} ms, "
        f"max {ms['max']:.1f} ms; mean search depth {report['mean_depth']:.2f}; "
        f"{report['nodes_per_ms']:.0f} nodes per ms"
    )
