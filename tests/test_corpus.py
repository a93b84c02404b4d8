"""The recorded corpus of the Python rules (tests/corpus/*.corpus, written by
tests/corpus/record.py before the rules moved to the native core; docs/architecture.md): over
300,000 positions of seeded random games under every setup of tests/setups.py, each with its
legal moves (their texts, in order) and a digest of its successors (the position after each
move; each roll, its probability and the position after it). The ``Rules`` API, which the core
now answers, replays every recorded game and must give the recorded moves and successors at
every position: the rules' oracle, now that the Python rules are gone.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest

from corpus.record import (
    FORMAT,
    HERE,
    Corpus,
    chance_digest,
    decision_digest,
    header,
    load,
    name,
    state_code,
)
from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.state import State
from setups import SETUPS

NAMES = [name(*setup) for setup in SETUPS]
LEAST = 5000  # positions a setup's corpus has at least

Moves = Callable[[Rules, State], list[tuple[str, State]]]
Rolls = Callable[[Rules, State], list[State]]


def python_moves(rules: Rules, state: State) -> list[tuple[str, State]]:
    return [(move.text, rules.apply_move(state, move)) for move in rules.legal_moves(state)]


def python_rolls(rules: Rules, state: State) -> list[State]:
    return [rules.apply_roll(state, roll) for roll, _ in rules.chance_outcomes(state)]


def corpus(key: str) -> Corpus:
    return load(HERE / f"{key}.corpus")


def listed(texts: list[str] | None) -> str:
    return "a roll" if texts is None else " | ".join(texts) or "none"


def mismatch(
    by: str,
    corpus: Corpus,
    seed: int,
    index: int,
    rules: Rules,
    state: State,
    recorded: list[str] | None,
    found: list[str] | None,
    afters: list[State],
) -> str:
    """What differs at a position, for the assertion message (``None``: a roll is due)."""
    if state.is_over:
        found_text = f"the game is over ({state.end})"
    elif found is None:
        found_text = f"a roll: {', '.join(repr(roll) for roll, _ in rules.chance_outcomes(state))}"
    else:
        found_text = listed(found)
    lines = [
        f"{corpus.name}, seed {seed}, position {index}, replayed by {by}:",
        f"  {rules.summary(state)}",
        f"  recorded: {listed(recorded)}",
        f"  found:    {found_text}",
    ]
    if recorded == found:
        lines.append("  the same moves or rolls but other successors:")
        lines += [f"    {state_code(after)}" for after in afters]
    return "\n".join(lines)


def replay(corpus: Corpus, moves: Moves, rolls: Rolls, by: str) -> int:
    """Replay every game of ``corpus``, each position's successors given by ``moves`` and
    ``rolls``, checking them against the record; the number of positions checked."""
    rules, checked = corpus.rules(), 0
    for game in corpus.games:
        state = rules.initial_state()
        for index, position in enumerate(game.positions):
            recorded = None if position.moves is None else [corpus.texts[i] for i in position.moves]
            found: list[str] | None = None
            afters: list[State] = []
            digest = b""
            try:
                if state.is_chance:
                    afters = rolls(rules, state)
                    digest = chance_digest(rules.chance_outcomes(state), afters)
                elif not state.is_over:
                    successors = moves(rules, state)
                    found = [text for text, _ in successors]
                    afters = [after for _, after in successors]
                    digest = decision_digest(afters)
            except Exception as error:
                error.add_note(
                    mismatch(by, corpus, game.seed, index, rules, state, recorded, found, afters)
                )
                raise
            if state.is_over or found != recorded or digest != position.digest:
                pytest.fail(
                    mismatch(by, corpus, game.seed, index, rules, state, recorded, found, afters)
                )
            state = afters[position.choice]
            checked += 1
        if not state.is_over:
            pytest.fail(
                f"{corpus.name}, seed {game.seed}, replayed by {by}: the game ended after "
                f"{len(game.positions)} positions, not at {rules.summary(state)}"
            )
    return checked


@pytest.mark.parametrize("key", NAMES, ids=NAMES)
def test_the_rules_give_the_recorded_moves_and_successors(key: str) -> None:
    recorded = corpus(key)
    assert replay(recorded, python_moves, python_rolls, "the rules") == recorded.positions


def test_every_setup_has_its_corpus_and_no_other() -> None:
    assert sorted(path.stem for path in HERE.glob("*.corpus")) == sorted(NAMES)
    for game, players, options in SETUPS:
        head = header((HERE / f"{name(game, players, options)}.corpus").read_bytes())
        assert (head["format"], head["game"], head["players"], head["options"]) == (
            FORMAT,
            game,
            players,
            options,
        )
        assert isinstance(head["positions"], int) and head["positions"] >= LEAST


def test_the_canonical_text_and_digests_of_positions_are_fixed() -> None:
    """The corpus's digests stand only while these do: a change here needs a new recording."""
    rules = get_rules("ludo", 2, {})
    state = rules.initial_state()
    assert state_code(state) == (
        "(((-1, -1, -1, -1), (-1, -1, -1, -1)), 0, 0, None, 0, 0, (), (), (0, 1), (), (), '')"
    )
    rolled = rules.apply_roll(state._replace(phase=state.phase.ROLL, contenders=()), (6, 6))
    assert state_code(rolled) == (
        "(((-1, -1, -1, -1), (-1, -1, -1, -1)), 2, 0, (6, 6), 0, 0, (), (), (), (), (), '')"
    )
    assert decision_digest([state, rolled]).hex() == "f2aea31e"
    outcomes: list[tuple[Roll, Fraction]] = [((6, 6), Fraction(1, 36)), (3, Fraction(1, 6))]
    assert chance_digest(outcomes, [rolled, state]).hex() == "86bf8a76"


def test_a_difference_fails_naming_the_setup_game_and_position() -> None:
    """Rules that give other successors (here: the last two moves' positions swapped from the
    40th decision on) are caught where they first do."""
    recorded = corpus("trouble-2")
    seen = 0

    def swapped(rules: Rules, state: State) -> list[tuple[str, State]]:
        nonlocal seen
        found = python_moves(rules, state)
        seen += 1
        if seen >= 40 and len(found) > 1 and found[-1][1] != found[-2][1]:
            (a, after_a), (b, after_b) = found[-2:]
            found[-2:] = [(a, after_b), (b, after_a)]
        return found

    where = r"trouble-2, seed 1, position \d+, replayed by the test's rules:"
    with pytest.raises(pytest.fail.Exception, match=where):
        replay(recorded, swapped, python_rolls, "the test's rules")
