"""The engine: a game's rules, played by the native core.

Every rule lives once, in the core (core/, Rust): legal moves, moves, rolls, the roll-off,
extra rolls, finishing, elimination, teams, the end and the places. A game here is a
subclass of :class:`Rules` that names its options, colours and notation, turns the core's
moves into its own ``Move`` values, and describes them; the core checks every move.

- ``roll``/``play`` check what they are given and raise typed errors naming the position;
- ``apply_roll``/``apply_move`` are the same calls for callers that trust their input.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import ClassVar, NamedTuple

from pegrace import _core
from pegrace._core import CoreMove
from pegrace.dice import BY_NAME, D6, Dice, Roll
from pegrace.errors import IllegalMoveError, NotationError, OptionError, saying
from pegrace.i18n import N_, Said, said, said_n
from pegrace.moves import PASS, Move, Step
from pegrace.state import Phase, State
from pegrace.words import Sentence, Who

Pieces = tuple[tuple[int, ...], ...]

# a pass in words, to the player and of them ({who}: a player's name, or a colour's: "Red")
PASSING = Sentence(
    # TRANSLATORS: a move: the player does not move, though a piece could
    N_("Pass"),
    # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
    N_("{who} passes"),
)
NOTHING_MOVES = Sentence(N_("Pass: nothing can move"), N_("{who} passes: nothing can move"))
AS_WRITTEN = Sentence(
    # TRANSLATORS: a move the game has no words for, as its notation writes it ("13>17")
    N_("{move}"),
    N_("{who}: {move}"),
)


@dataclass(frozen=True)
class Option:
    """A named rule option: its values, default, meaning and the seed/ruling it follows."""

    name: str
    default: str
    choices: tuple[str, ...]  # empty: any whole number >= 0
    help: str
    # each choice in words for a newcomer (guide.py: the rules page, the terminal's ? key);
    # a whole number's help says what it counts
    choices_help: Mapping[str, str] = field(default_factory=dict, hash=False)

    @property
    def title(self) -> str:
        """The option's name in plain words: "play_on" is "Play on"."""
        return self.name.replace("_", " ").capitalize()

    def check(self, value: str, game: str) -> str:
        """``value`` as the option takes it (trimmed, lower case); an OptionError naming the
        option, in the person's words, where it takes no such value (the core's check: the
        core reads the options, and its refusals carry their words, core/refusal.rs)."""
        value = value.strip().lower()
        _core.check_option(game, self.name, value)
        return value


def core_options(game: str) -> tuple[Option, ...]:
    """``game``'s rule options as the core describes them (each game's ``OPTIONS`` in core/games;
    core/options.rs), which is also what the core reads."""
    return tuple(
        Option(name, default, tuple(value for value, _ in values), help, dict(values))
        for name, default, values, help in _core.rule_options(game)
    )


def core_number(game: str, name: str) -> int:
    """A number of ``game``'s board or encoding as the core names it (its ``FACTS``)."""
    found = dict(_core.game_facts(game))[name]
    assert isinstance(found, int), f"{game}'s {name} is a list"
    return found


def core_numbers(game: str, name: str) -> tuple[int, ...]:
    """A list of numbers of ``game``'s board as the core names it (its ``FACTS``)."""
    found = dict(_core.game_facts(game))[name]
    assert isinstance(found, list), f"{game}'s {name} is one number"
    assert all(isinstance(number, int) for number in found), f"{game}'s {name} are names"
    return tuple(int(number) for number in found)


def core_names(game: str, name: str) -> tuple[str, ...]:
    """Names of ``game``'s board as the core's notation writes them (its ``FACTS``)."""
    found = dict(_core.game_facts(game))[name]
    assert isinstance(found, list), f"{game}'s {name} is one number"
    return tuple(str(word) for word in found)


class PositionView(NamedTuple):
    """A position as the core views it (``Rules.position``)."""

    places: tuple[tuple[str, ...], ...]  # each seat's pieces, as the notation writes them
    stacks: dict[int, tuple[int, ...]] | None  # each space's stack, seats bottom first
    scores: tuple[int, ...]  # what ranks the seats where a game stops early (``scores``)


@dataclass(frozen=True)
class Outcome:
    places: tuple[int, ...]  # per side: 1 is first; sides that tie share a place
    winners: tuple[int, ...]  # the sides in first place
    reason: str


class Rules:
    """A game's settings (its options and seats), played by the native core."""

    name: ClassVar[str]
    title: ClassVar[str]
    short_title: ClassVar[str] = ""  # the title where room is short (tables), if not the title
    pitch: ClassVar[str] = ""  # one line that makes someone want to play it (the setup page)
    version: ClassVar[int]  # bumped when behaviour changes; stored in every record
    all_colours: ClassVar[tuple[str, ...]]
    option_specs: ClassVar[tuple[Option, ...]]
    min_players: ClassVar[int] = _core.PLAYERS[0]
    max_players: ClassVar[int] = _core.PLAYERS[1]
    pieces_per_colour: ClassVar[int] = _core.PIECES
    dice: Dice  # the throw of a turn, as the core's rules choose it
    roll_verb: ClassVar[str] = "roll"  # what the seat to act does, in ``summary`` ("pop")
    # TRANSLATORS: what ranks the players when a game stops before every place is played out
    # ("ranked by how far their pieces got")
    score_words: ClassVar[Said] = said("how far their pieces got")

    def __init__(self, players: int = 4, options: Mapping[str, str] | None = None) -> None:
        if not self.min_players <= players <= self.max_players:
            # TRANSLATORS: "trouble is for 2 to 4 players, not 5": {game} is the game's name
            # as typed; {count}, the most players
            raise saying(
                OptionError,
                said_n(
                    "{game} is for {least} to {count} player, not {players}",
                    "{game} is for {least} to {count} players, not {players}",
                    self.max_players,
                    game=self.name,
                    least=self.min_players,
                    players=players,
                ),
            )
        self.players = players
        self.options = self._resolve_options(options or {})
        # the core refuses an option that does not go with the others (an OptionError)
        self.core = _core.CoreRules(
            self.name, players, sorted(self.options.items()), list(Phase), State
        )
        self.dice = BY_NAME[self.core.dice()]
        colours, sides, next_seat, self.plays_on = self.core.seating()
        self.colours = tuple(self.all_colours[i] for i in colours)
        self.sides, self.next_seat = tuple(sides), tuple(next_seat)
        self.side_count = max(self.sides) + 1
        self.side_seats = tuple(
            tuple(s for s in range(len(self.colours)) if self.sides[s] == side)
            for side in range(self.side_count)
        )
        # the last position's listed moves as the core views them: a move's words ask for its
        # victims, once for each move listed
        self._listed: tuple[State | None, list[CoreMove]] = (None, [])
        # the last position viewed: a picture, its words and its state file ask for it again
        self._viewed: tuple[State | None, PositionView | None] = (None, None)
        self.setup()

    def __reduce__(self) -> tuple[type[Rules], tuple[int, dict[str, str]]]:
        """Pickled as the game and settings it was made from (worker processes rebuild it)."""
        return type(self), (self.players, dict(self.options))

    # ------------------------------------------------------------------ options
    @classmethod
    def option(cls, name: str) -> Option:
        for spec in cls.option_specs:
            if spec.name == name:
                return spec
        # TRANSLATORS: {option} is the name given, quoted; {game} and the {options} as typed
        unknown = said(
            "unknown {game} option {option} (options: {options})",
            game=cls.name,
            option=repr(name),
            options=", ".join(o.name for o in cls.option_specs),
        )
        raise saying(OptionError, unknown)

    def _resolve_options(self, given: Mapping[str, str]) -> dict[str, str]:
        resolved = {spec.name: spec.default for spec in self.option_specs}
        for key, value in given.items():
            resolved[key] = self.option(key).check(str(value), self.name)
        return resolved

    def on(self, name: str) -> bool:
        return self.options[name] == "on"

    def options_in_play(self) -> dict[str, str]:
        """The options, less those the others leave no choice in: an option whose every
        other value these rules refuse (two-dice Ludo's classic-only ``three_sixes``, or
        ``two_sets`` with 4 players) says nothing about the game, so reports leave it out."""
        return {name: value for name, value in self.options.items() if self._can_differ(name)}

    def _can_differ(self, name: str) -> bool:
        spec = self.option(name)
        if not spec.choices:
            return True
        others = [value for value in spec.choices if value != self.options[name]]
        for value in others:  # the core is the judge of which options go together
            try:
                type(self)(self.players, {**self.options, name: value})
            except OptionError:
                continue
            return True
        return False

    # ------------------------------------------------------------- seating
    @property
    def one_player_sides(self) -> bool:
        """Whether each side is one person playing several colours (Trouble's two sets: more
        seats than players), not a team of partners (Marbles' teams)."""
        return len(self.colours) > self.players

    @property
    def player_of_seat(self) -> tuple[int, ...]:
        """Which player holds each seat: with one-player sides its side, else the seat."""
        return self.sides if self.one_player_sides else tuple(range(len(self.colours)))

    def side_of(self, colour: str) -> tuple[str, ...]:
        """The colours of ``colour``'s side."""
        return tuple(self.colours[s] for s in self.side_seats[self.sides[self.seat_of(colour)]])

    def side_name(self, side: int) -> str:
        return "+".join(self.colours[s] for s in self.side_seats[side])

    def seat_of(self, colour: str) -> int:
        try:
            return self.colours.index(colour)
        except ValueError:
            # TRANSLATORS: {colour} is the colour given, quoted; {game} and the {colours} as
            # the notation writes them ("red, yellow")
            problem = said(
                "{colour} is not playing in this {game} game (colours: {colours})",
                colour=repr(colour),
                game=self.name,
                colours=", ".join(self.colours),
            )
            raise saying(NotationError, problem) from None

    def seat_finished(self, pieces: Pieces, seat: int) -> bool:
        """Whether ``seat`` has brought all its pieces in."""
        return self.core.row_finished(list(pieces[seat]))

    def seat_active(self, seat: int, finished: tuple[int, ...], out: tuple[int, ...]) -> bool:
        """Whether a seat still takes turns (not out; not finished, unless it plays on for its
        partner)."""
        return self.core.seat_active(seat, list(finished), list(out))

    # --------------------------------------------------------------- hooks
    def setup(self) -> None:
        """Hook: build what the game's notation and pictures need, once."""

    def core_move(self, found: CoreMove) -> Move:
        """Hook: the game's move for one the core lists (``CoreMove``): by default a step."""
        if not found.uses:
            return PASS
        ((_, origin, target),) = found.uses
        return Step(origin, target, found.text)

    def view(self, state: State, move: Move) -> CoreMove:
        """How the core lists ``move`` in ``state``: its places, path, victims and the bonus
        it earns."""
        found = self._listed_as(state, move)
        if found is None:
            raise saying(IllegalMoveError, self.not_legal(repr(move.text), state))
        return found

    def victims(self, state: State, move: Move) -> list[tuple[int, int]]:
        """The pieces ``move`` sends back or captures, a partner's too, each ``(seat, place)``
        once, the place in that seat's frame, in seat order (the core's: the pieces no longer
        where they were, or Headache's covered cones)."""
        return list(self.view(state, move).victims)

    def captured(self, state: State, move: Move) -> int:
        """How many opponent pieces ``move`` captures (pieces sharing a place count once; a
        partner's sent back is no capture)."""
        side = self.sides[state.current]
        return sum(1 for seat, _ in self.victims(state, move) if self.sides[seat] != side)

    def position(self, state: State) -> PositionView:
        """``state`` as the core views it: its places by name, its stacks, its scores. Shared
        with later calls for the same state: never change it."""
        known, viewed = self._viewed
        if known is state and viewed is not None:
            return viewed
        found = self.core.position(state)
        stacks = found.stacks
        viewed = PositionView(
            tuple(tuple(row) for row in found.places),
            None if stacks is None else {space: tuple(seats) for space, seats in stacks},
            tuple(found.scores),
        )
        self._viewed = (state, viewed)
        return viewed

    def scores(self, state: State) -> list[int]:
        """Each seat's score, what ranks the seats still in where a game stops before its
        places are played out (``score_words``): how far their pieces got, cones owned."""
        return list(self.position(state).scores)

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """The move in plain words (``pegrace.i18n.Said``): said to the player (``who`` None,
        an order: "Move the peg from 4 to 7"), or of ``who``, a player's name or their colour's
        (``words.colour_name``), for the log ("Red moves the peg from 4 to 7"). The notation
        (``move.text``) stays in the record."""
        if move.is_pass:
            forced = self.legal_moves(state) == [PASS]
            return (NOTHING_MOVES if forced else PASSING).words(who)
        return AS_WRITTEN.words(who, move=str(move))

    def parse_move(self, state: State, text: str) -> Move:
        text = text.strip()
        for move in self.legal_moves(state):
            if str(move) == text:
                return move
        raise saying(IllegalMoveError, self.not_legal(repr(text), state))

    def not_legal(self, move: str, state: State) -> Said:
        """Words for a move (as given) that is not legal in ``state``."""
        # TRANSLATORS: {move} is the move as given ('13>17'), {position} the position in the
        # game's notation: neither is translated
        return said(
            "{move} is not a legal move: {position}", move=move, position=self.summary(state)
        )

    def summary(self, state: State) -> str:
        """A one-line picture of the position, used in error messages:
        ``red to move with 5 | red: track:3 home ...; yellow: ...``."""
        who = self.colours[state.current]
        roll = state.roll
        doing = (
            f"{who} to move with {self.dice.format(roll)}"
            if roll is not None
            else f"{who} to {self.roll_verb}"
        )
        rows = "; ".join(  # piece by piece: a summary names a position the core cannot read
            f"{c}: {' '.join(self.piece_text(seat, p) for p in row)}"
            for seat, (c, row) in enumerate(zip(self.colours, state.pieces, strict=True))
        )
        return f"{doing} | {rows}"

    def piece_text(self, seat: int, piece: int) -> str:
        """A piece's place as the notation writes it (``track:5``, ``x:3/2``): the core's."""
        return self.core.piece_name(seat, piece)

    def parse_piece(self, seat: int, text: str) -> int:
        """A piece's place read from the notation by the core; a NotationError naming the
        places there are where it is none."""
        return self.core.read_piece(seat, text, self.colours[seat])

    def check_pieces(self, pieces: Pieces) -> None:
        """Raise NotationError if no game could reach these pieces (the core's check, in the
        catalogs' words)."""
        self.core.check_pieces([list(row) for row in pieces], list(self.colours))

    def initial_aux(self) -> tuple[int, ...]:
        """The game's own counters at the start (``State.aux``)."""
        return self.initial_state().aux

    def check_aux(self, aux: tuple[int, ...]) -> None:
        """Raise NotationError if ``aux`` is not a valid set of this game's counters (a game
        with counters of its own checks their values too)."""
        expected = self.initial_aux()
        if len(aux) != len(expected) or any(value < 0 for value in aux):
            # TRANSLATORS: "aux" is a field of a state, as typed; {found} the numbers given
            problem = said_n(
                '{game} keeps {count} counter in "aux", not {found}',
                '{game} keeps {count} counters in "aux", not {found}',
                len(expected),
                game=self.name,
                found=str(list(aux)),
            )
            if not expected:
                problem = said(
                    '{game} keeps no counters in "aux", not {found}',
                    game=self.name,
                    found=str(list(aux)),
                )
            raise saying(NotationError, problem)

    # --------------------------------------------------------------- engine
    def initial_state(self) -> State:
        return self.core.initial()

    def chance_outcomes(self, state: State) -> tuple[tuple[Roll, Fraction], ...]:
        return self.dice_at(state).outcomes if state.phase <= Phase.ROLL else ()

    def dice_at(self, state: State) -> Dice:
        """The dice a chance node is waiting for (a roll-off pop is one d6)."""
        return self.dice if state.phase == Phase.ROLL else D6

    def sample_roll(self, state: State, rng: random.Random) -> Roll:
        """Draw the roll a chance node is waiting for."""
        return self.dice_at(state).sample(rng)

    def apply_roll(self, state: State, roll: Roll) -> State:
        return self.core.roll(state, roll)

    def roll(self, state: State, roll: Roll) -> State:
        """Checked ``apply_roll``."""
        if not state.is_chance:
            # TRANSLATORS: {position} is the position in the game's notation
            raise saying(
                IllegalMoveError, said("no roll is due: {position}", position=self.summary(state))
            )
        if all(roll != r for r, _ in self.chance_outcomes(state)):
            # TRANSLATORS: {roll} is the roll given, as Python writes it ("7", "(3, 5)")
            impossible = said(
                "{roll} is not a possible roll: {position}",
                roll=repr(roll),
                position=self.summary(state),
            )
            raise saying(IllegalMoveError, impossible)
        return self.apply_roll(state, roll)

    def legal_moves(self, state: State) -> list[Move]:
        """Never empty for a seat to move: when nothing can move, it holds the pass."""
        listed = self.core.legal(state)
        self._listed = (state, listed)
        return [self.core_move(found) for found in listed]

    def _listed_as(self, state: State, move: Move) -> CoreMove | None:
        """How the core listed ``move`` in ``state`` (the last listing where it was of
        ``state``); None where it is not listed."""
        known, listed = self._listed
        if known is not state:
            listed = self.core.legal(state)
            self._listed = (state, listed)
        text = move.text
        return next((found for found in listed if found.text == text), None)

    def bonus(self, state: State) -> int:
        """The count of the bonus move due (a move the rules grant with no roll: Parchís' 20
        after a capture, 10 on reaching the goal); 0 where the move due is the roll's."""
        return self.core.bonus(state)

    def distinct_moves(self, state: State) -> list[Move]:
        """The legal moves, one for each position they lead to (the first listed of each), in
        order: what a person chooses between. Two-dice Ludo's two orders of the same two
        steps, where the order changes nothing, are one choice."""
        return [same[0] for same in self.moves_by_outcome(state)]

    def moves_by_outcome(self, state: State) -> list[list[Move]]:
        """The legal moves grouped by the position they lead to, groups in the order of their
        first move, each group in the legal order."""
        groups: dict[State, list[Move]] = {}
        for move in self.legal_moves(state):
            groups.setdefault(self.apply_move(state, move), []).append(move)
        return list(groups.values())

    def play(self, state: State, move: Move) -> State:
        """Checked ``apply_move``: raises IllegalMoveError naming the move and position."""
        if state.phase != Phase.MOVE:
            # TRANSLATORS: {move} is the move as the notation writes it ("13>17")
            early = said(
                "{move} cannot be played now: {position}",
                move=str(move),
                position=self.summary(state),
            )
            raise saying(IllegalMoveError, early)
        if move not in self.legal_moves(state):  # a move's text is the mover's: ask the move
            raise saying(IllegalMoveError, self.not_legal(str(move), state))
        return self.apply_move(state, move)

    def apply_move(self, state: State, move: Move) -> State:
        """The position after a legal move (found by its text: finding it by its place in the
        listing costs more in Python than the core saves, docs/results/issue57-speed.md)."""
        after = self.core.play(state, str(move))
        if after is None:
            raise saying(IllegalMoveError, self.not_legal(str(move), state))
        return after

    def resign(self, state: State, colour: str) -> State:
        """The position after ``colour``'s seat resigns: it takes no more turns, its pieces
        go where its game says (home, out of everyone's way, in the race games), its side
        takes the last place not yet decided once all its seats have left, and the game ends
        when one side is left. Raises IllegalMoveError in the roll-off, once the game is over
        or for a seat already finished or gone."""
        return self.core.resign(state, self.seat_of(colour))

    def leaving(self, state: State, colour: str) -> tuple[str, ...]:
        """The colours that resign when ``colour``'s person does: every seat that person
        holds still in the game (both colours with Trouble's two sets), else ``colour`` alone
        (for the engine to refuse)."""
        person = self.player_of_seat[self.seat_of(colour)]
        gone = (*state.finished, *state.out)
        held = (s for s, p in enumerate(self.player_of_seat) if p == person and s not in gone)
        return tuple(self.colours[s] for s in held) or (colour,)

    def decided(self, state: State) -> dict[int, int]:
        """The places already settled, by side: sides finished take the top places in the
        order they finished, sides out of the game the bottom ones (the first out, last)."""
        return {side: place for side, place in enumerate(self.core.decided(state)) if place}

    def unplayed(self, state: State) -> tuple[int, ...]:
        """The sides whose places a finished game did not play out (it stopped at its first
        winner or a turn limit): the rules ranked them by ``score_words``."""
        settled = self.decided(state)
        if len(settled) >= self.side_count - 1:  # the last side's place follows from the rest
            return ()
        return tuple(side for side in range(self.side_count) if side not in settled)

    def outcome(self, state: State) -> Outcome:
        """Places of every side; meaningful once the game is over."""
        places = tuple(self.core.places(state))
        winners = tuple(s for s in range(self.side_count) if places[s] == 1)
        return Outcome(places, winners, state.end)

    def returns(self, state: State) -> tuple[float, ...]:
        """Per-side reward in [0, 1]: 1 for first place, 0 for last, linear between."""
        return tuple(self.place_reward(p) for p in self.outcome(state).places)

    def place_reward(self, place: int) -> float:
        return (self.side_count - place) / max(self.side_count - 1, 1)
