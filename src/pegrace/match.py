"""Running games: seats, seeded dice, players, and the record they leave."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from pegrace.dice import roll_d6
from pegrace.engine import Rules
from pegrace.errors import OptionError, PegraceError, saying
from pegrace.i18n import Said, said, said_n
from pegrace.moves import Move
from pegrace.player import Player
from pegrace.players import canonical_spec, check_seats, make_player
from pegrace.record import Event, Record
from pegrace.state import Phase, State

ROLL, MOVE, OVER = Phase.ROLL, Phase.MOVE, Phase.OVER
new = tuple.__new__  # builds events without NamedTuple's argument parsing (the hot loop)


class PlayerFault(PegraceError):
    """A computer player answered with a move that is not legal."""


def parse_seats(
    rules: Rules, specs: Sequence[str], default: str, warn: Callable[[Said], None] | None = None
) -> dict[str, str]:
    """``--seat COLOUR=SPEC`` and ``--seat all=SPEC``; a named colour wins over ``all``
    whatever the order they are given in. A colour (or ``all``) named twice: the last one
    counts, and ``warn`` is told."""
    chosen: dict[str, str] = {}
    every = default
    named: dict[str, str] = {}
    for item in specs:
        colour, eq, spec = item.partition("=")
        colour = colour.strip().lower()
        if not eq or not spec.strip():
            # TRANSLATORS: {seat} is what was given, quoted; COLOUR=PLAYER, e.g. red=human:
            # what to type (COLOUR and PLAYER may be translated, red=human not)
            problem = said("--seat {seat}: write COLOUR=PLAYER, e.g. red=human", seat=repr(item))
            raise saying(OptionError, problem)
        spec = canonical_spec(spec)
        if colour in named and warn is not None:
            # TRANSLATORS: --seat is an option, as typed; {colour} the colour given twice, and
            # {first} and {then} the two --seat values, as typed
            twice = said(
                "--seat names {colour} twice ({first}, then {then}): the last one counts",
                colour=colour,
                first=named[colour],
                then=item.strip(),
            )
            warn(twice)
        named[colour] = item.strip()
        if colour == "all":
            every = spec
        elif colour in rules.colours:
            chosen[colour] = spec
        else:
            # TRANSLATORS: {seat} is what was given and {colour} the colour in it, quoted; the
            # {colours} as typed ("red, yellow")
            problem = said(
                "--seat {seat}: {colour} is not playing (colours: {colours})",
                seat=repr(item),
                colour=repr(colour),
                colours=", ".join(rules.colours),
            )
            raise saying(OptionError, problem)
    seats = {c: chosen.get(c, canonical_spec(every)) for c in rules.colours}
    check_seats(rules, seats)
    return seats


def dice_rng(seed: int) -> random.Random:
    return random.Random(seed)


def seat_players(seats: Mapping[str, str], seed: int) -> list[Player]:
    """One player per seat, each with a generator of its own derived from the seed."""
    return [make_player(spec, f"{seed}:{colour}") for colour, spec in seats.items()]


@dataclass
class GameResult:
    state: State
    record: Record
    rolls: int


Observer = Callable[[State, Event, State], None]


def run_game(
    rules: Rules,
    seats: Mapping[str, str],
    seed: int,
    *,
    players: Sequence[Player] | None = None,
    observer: Observer | None = None,
    max_events: int = 1_000_000,
) -> GameResult:
    """Play one game to the end with computer players."""
    players = list(players) if players is not None else seat_players(seats, seed)
    rng = dice_rng(seed)
    record = Record.start(rules, seed, dict(seats))
    events = record.events
    colours = rules.colours
    dice = rules.dice
    state = rules.initial_state()
    rolls = 0
    while state.phase != OVER:
        if len(events) >= max_events:
            raise saying(PegraceError, endless(seed, max_events))
        before = state
        if state.phase == MOVE:
            legal = rules.legal_moves(state)
            if len(legal) == 1:
                move = legal[0]
            else:
                move = players[state.current].choose(rules, state, legal)
                if move not in legal:
                    raise player_fault(rules, state, players, move)
            event = new(Event, (colours[state.current], None, move.text, False))
            state = rules.apply_move(state, move)
        else:
            if state.phase == ROLL:
                roll = dice.sample(rng)
                rolls += 1
            else:
                roll = roll_d6(rng)
            json_roll = roll if type(roll) is int else dice.to_json(roll)
            event = new(Event, (colours[state.current], json_roll, None, False))
            state = rules.apply_roll(state, roll)
        events.append(event)
        if observer is not None:
            observer(before, event, state)
    record.finish(rules, state)
    return GameResult(state, record, rolls)


def playout(
    rules: Rules,
    state: State,
    players: Sequence[Player],
    seed: int | str,
    max_events: int = 100_000,
) -> State:
    """Play on from ``state`` to the end, dice drawn from ``Random(seed)``; no record kept."""
    rng = random.Random(seed)
    for _ in range(max_events):
        if state.phase == OVER:
            return state
        if state.phase == MOVE:
            state = rules.apply_move(state, choose_checked(rules, state, players))
        else:
            state = rules.apply_roll(state, rules.sample_roll(state, rng))
    # TRANSLATORS: {count} is a number of events (rolls and moves); {position} the position in
    # the game's notation
    endless_playout = said_n(
        "playout did not end within {count} event: {position}",
        "playout did not end within {count} events: {position}",
        max_events,
        position=rules.summary(state),
    )
    raise saying(PegraceError, endless_playout)


def choose_checked(
    rules: Rules, state: State, players: Sequence[Player], legal: list[Move] | None = None
) -> Move:
    """The seat's player's choice, refused unless it is one of the legal moves."""
    moves = rules.legal_moves(state) if legal is None else legal
    if len(moves) == 1:
        return moves[0]
    player = players[state.current]
    move = player.choose(rules, state, moves)
    if move not in moves:
        raise player_fault(rules, state, players, move)
    return move


def player_fault(rules: Rules, state: State, players: Sequence[Player], move: Move) -> PlayerFault:
    # TRANSLATORS: {player} is a computer player's name ("medium"), {move} the move in the
    # game's notation ("13>17"), {position} the position in it
    chose = said(
        "computer player {player} chose illegal move {move}: {position}",
        player=players[state.current].name,
        move=str(move),
        position=rules.summary(state),
    )
    return saying(PlayerFault, chose)


def endless(seed: int, most: int) -> Said:
    """A game (of ``seed``) that did not end within ``most`` events, in words."""
    # TRANSLATORS: {seed} is the game's seed (a number); {count} a number of events (rolls and
    # moves)
    return said_n(
        "game {seed} did not end within {count} event",
        "game {seed} did not end within {count} events",
        most,
        seed=seed,
    )
