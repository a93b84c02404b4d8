"""A seat resigning (issue 57): it leaves at any time, its turn or not; it takes no more turns,
its side the last place once all its seats have left; the record keeps it and replays it."""

from __future__ import annotations

import json
import random

import pytest

from pegrace.engine import Rules
from pegrace.errors import IllegalMoveError, RecordError
from pegrace.games import ENTRIES, get_rules
from pegrace.record import RESIGN, Event, Record, replay
from pegrace.state import State


def played(rules: Rules, seed: int, events: int) -> tuple[State, list[Event]]:
    """A seeded game of random moves, ``events`` events long (or to its end)."""
    rng, state, record = random.Random(seed), rules.initial_state(), []
    while len(record) < events and not state.is_over:
        colour = rules.colours[state.current]
        if state.is_chance:
            roll = rules.sample_roll(state, rng)
            record.append(Event(colour, roll=rules.dice_at(state).to_json(roll)))
            state = rules.roll(state, roll)
        else:
            move = rng.choice(rules.legal_moves(state))
            record.append(Event(colour, move=str(move)))
            state = rules.play(state, move)
    return state, record


def to_the_end(rules: Rules, state: State, seed: int, events: list[Event]) -> State:
    rng = random.Random(seed)
    while not state.is_over:
        colour = rules.colours[state.current]
        if state.is_chance:
            roll = rules.sample_roll(state, rng)
            events.append(Event(colour, roll=rules.dice_at(state).to_json(roll)))
            state = rules.roll(state, roll)
        else:
            move = rng.choice(rules.legal_moves(state))
            events.append(Event(colour, move=str(move)))
            state = rules.play(state, move)
    return state


@pytest.mark.parametrize("game", sorted(ENTRIES))
def test_a_resigned_seat_never_acts_again_takes_the_last_place_and_replays(game: str) -> None:
    rules = get_rules(game, 3)
    state, events = played(rules, 57, 40)
    leaving = rules.colours[(state.current + 1) % 3]  # not the seat to act
    seat = rules.seat_of(leaving)
    after = rules.resign(state, leaving)
    events.append(Event(leaving, resign=True))
    assert seat in after.out and after.current == state.current and after.phase == state.phase
    acted = len(events)
    end = to_the_end(rules, after, 58, events)
    assert all(event.colour != leaving for event in events[acted:])
    assert rules.outcome(end).places[rules.sides[seat]] == 3
    record = Record.start(rules, None, {})
    record.events = events
    again = Record.from_json(json.loads(record.dumps()))
    assert again.events == events and again.events[acted - 1].kind == RESIGN
    assert replay(again)[1][-1] == end


def test_the_seat_to_move_resigns_and_the_next_seat_rolls() -> None:
    rules = get_rules("trouble", 4)
    state, _ = played(rules, 3, 30)
    while state.is_chance:  # to a move: the roll is dropped with the seat
        state = rules.roll(state, rules.sample_roll(state, random.Random(1)))
    leaving = rules.colours[state.current]
    after = rules.resign(state, leaving)
    assert after.is_chance and after.roll is None and after.current != state.current
    assert all(p == -1 for p in after.pieces[state.current]), "its pegs back home"


def test_the_last_seat_but_one_resigning_ends_the_game() -> None:
    rules = get_rules("ludo", 2)
    state, _ = played(rules, 5, 20)
    end = rules.resign(state, rules.colours[0])
    assert end.is_over and rules.outcome(end).winners == (1,)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        rules.resign(end, rules.colours[1])


def test_nobody_resigns_in_the_roll_off_or_twice_and_nothing_changes() -> None:
    rules = get_rules("marbles", 4)
    start = rules.initial_state()
    with pytest.raises(IllegalMoveError, match="roll-off") as refused:
        rules.resign(start, "red")
    assert refused.value.said is not None, "in words for the catalogs"
    state, _ = played(rules, 9, 30)
    gone = rules.resign(state, rules.colours[2])
    with pytest.raises(IllegalMoveError, match="already finished or left"):
        rules.resign(gone, rules.colours[2])


@pytest.mark.parametrize(
    "event",
    [{"colour": "red", "resign": False}, {"colour": "red", "resign": True, "move": "pass"}],
)
def test_a_malformed_resign_event_is_refused_by_name(event: dict[str, object]) -> None:
    data = Record.start(get_rules("trouble", 2), None, {}).to_json()
    data["events"] = [event]
    with pytest.raises(RecordError, match="exactly one of roll, move and resign"):
        Record.from_json(data)


def test_a_recorded_resign_out_of_the_rules_names_the_event() -> None:
    record = Record.start(get_rules("headache", 2), None, {})
    record.events = [Event("red", resign=True)]
    with pytest.raises(RecordError, match=r"event 1 .*roll-off is over"):
        replay(record)


def test_a_person_leaves_with_every_colour_they_hold_still_in_the_game() -> None:
    """With Trouble's two sets one person holds red and green: both leave, but a colour
    already finished stays placed; everywhere else a colour leaves alone."""
    two = get_rules("trouble", 2, {"two_sets": "on"})
    state, _ = played(two, 11, 30)
    assert two.leaving(state, "red") == ("red", "green")
    finished = state._replace(finished=(two.seat_of("green"),))
    assert two.leaving(finished, "red") == ("red",)
    assert get_rules("trouble", 4).leaving(state, "yellow") == ("yellow",)
