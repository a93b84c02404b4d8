"""The guided first games (pegrace.lessons): every script plays through the checked engine,
each step teaches a legal move and explains every other, and the terminal lesson
(`pegrace learn`) is followed to its end with fed input."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from pegrace.cli import main
from pegrace.errors import OptionError
from pegrace.games import list_games
from pegrace.i18n import say
from pegrace.lessons import LESSONS, lesson_of
from pegrace.lessons.script import Lesson, Step, play_lesson, wrong_words
from pegrace.moves import PASS
from pegrace.state import Phase

GAMES = sorted(LESSONS)


def test_every_game_has_a_lesson() -> None:
    assert list_games() == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_every_script_replays_through_the_checked_engine(game: str) -> None:
    rules, steps = play_lesson(LESSONS[game])
    learner = rules.seat_of(LESSONS[game].learner)
    assert len(steps) == len(LESSONS[game].steps) >= 5
    for played in steps:
        assert played.start.current == learner
        if played.step.roll is None:  # the bonus move the step before earned: no pop
            assert played.start == played.rolled and rules.bonus(played.rolled)
        else:
            assert played.start.phase == Phase.ROLL
        assert played.rolled.phase == Phase.MOVE
        legal = rules.legal_moves(played.rolled)
        assert played.expected and all(move in legal for move in played.expected)
        assert rules.play(played.rolled, played.expected[0]) == played.after
        for turn in played.others:
            assert turn.before.current != learner
            if turn.move is not None:
                assert turn.move in rules.legal_moves(turn.rolled)


@pytest.mark.parametrize("game", GAMES)
def test_every_wrong_legal_move_is_explained(game: str) -> None:
    rules, steps = play_lesson(LESSONS[game])
    wrong_moves = 0
    for played in steps:
        assert say(played.step.words) and say(played.step.why_not)
        for move in played.wrong():
            explained = say(wrong_words(rules, played, move))
            assert say(rules.describe(played.rolled, move)) in explained
            assert say(played.step.why_not) in explained
            wrong_moves += 1
    assert wrong_moves, "every lesson has a step where another move could be tried"


@pytest.mark.parametrize("game", GAMES)
def test_each_lesson_teaches_its_games_things(game: str) -> None:
    rules, steps = play_lesson(LESSONS[game])
    captures = [p for p in steps if any(rules.captured(p.rolled, m) for m in p.expected)]
    captured = [
        p
        for p in steps
        for turn in p.others
        if turn.move and rules.captured(turn.rolled, turn.move)
    ]
    assert captures and captured, "a capture made and one suffered"
    assert steps[0].expected[0] is PASS or game == "headache", "the first pop moves nothing"


def test_a_script_whose_move_is_not_legal_is_refused_naming_its_step() -> None:
    lesson = LESSONS["trouble"]
    bad = Step(
        roll=2,
        moves=("home>track:0",),
        words=lesson.steps[0].words,
        why_not=lesson.steps[0].why_not,
    )
    with pytest.raises(Exception, match="home>track:0"):
        play_lesson(Lesson("trouble", 2, "red", (bad,), rolloff=(6, 2)))
    early = Step(roll=6, moves=("home>track:0",), words=bad.words, why_not=bad.why_not)
    with pytest.raises(OptionError, match="step 1"):
        play_lesson(Lesson("trouble", 2, "red", (early,)))  # the roll-off is still on


def test_a_step_with_no_roll_plays_the_learners_bonus_move_and_only_that() -> None:
    """Parchís' capture earns a bonus of 20, moved at once with no roll; a step with no roll
    where no bonus is due is refused, naming the step."""
    lesson = LESSONS["parchis"]
    rules, steps = play_lesson(lesson)
    bonuses = [played for played in steps if played.step.roll is None]
    assert bonuses and all(rules.bonus(played.rolled) in (10, 20) for played in bonuses)
    first = lesson.steps[0]
    early = Step(roll=None, moves=("pass",), words=first.words, why_not=first.why_not)
    with pytest.raises(OptionError, match="step 2: no bonus move is the learner's"):
        play_lesson(Lesson("parchis", 2, "yellow", (first, early), rolloff=(6, 2)))


def test_an_unknown_game_has_no_lesson() -> None:
    with pytest.raises(OptionError, match="chess"):
        lesson_of("chess")


def answers_for(game: str, wrong_first: bool) -> Iterator[str]:
    """What a learner types to follow ``game``'s lesson: Enter to pop, then the number of the
    lesson's move (after a wrong one where asked, the first step that has one)."""
    _, steps = play_lesson(LESSONS[game])
    wrong_left = wrong_first
    for played in steps:
        if played.step.roll is not None:  # a bonus move has no pop
            yield ""
        if wrong_left and played.wrong():
            yield str(played.choices.index(played.wrong()[0]) + 1)
            wrong_left = False
        yield str(played.choices.index(played.expected[0]) + 1)


def fed(monkeypatch: pytest.MonkeyPatch, replies: Iterator[str]) -> list[str]:
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        try:
            return next(replies)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr("builtins.input", fake_input)
    return prompts


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_lesson_followed_to_its_end(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    prompts = fed(monkeypatch, answers_for(game, wrong_first=True))
    assert main(["learn", game, "--no-colour"]) == 0
    out = capsys.readouterr().out
    _, steps = play_lesson(LESSONS[game])
    assert f"Step {len(steps)} of {len(steps)}" in out
    assert "is legal, but not what this step teaches" in out
    assert say(steps[-1].step.words) in out
    assert out.rstrip().endswith(f"pegrace play {game}")
    assert "Now play a real game!" in out
    pops = [played for played in steps if played.step.roll is not None]
    assert sum("pop the dome" in prompt for prompt in prompts) == len(pops)


def test_the_terminal_lesson_asks_again_after_a_wrong_or_unknown_answer(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # step 1 is a forced pass; step 2 offers "pass" (2) against the 6's peg out (1)
    fed(monkeypatch, iter(["", "1", "", "x", "2", "h", "q"]))
    assert main(["learn", "trouble"]) == 0
    out = capsys.readouterr().out
    assert "'x' is not a move here" in out
    assert "Not this one: Pass is legal" in out
    assert "The lesson's move: Bring a peg out" in out
    assert "Now play a real game" not in out  # q left the lesson


def test_the_terminal_lesson_stops_when_input_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fed(monkeypatch, iter([""]))
    assert main(["learn", "ludo"]) == 0
    assert "Step 1 of" in capsys.readouterr().out


def test_an_unknown_games_lesson_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "chess"]) != 0
    err = capsys.readouterr().err
    assert "chess" in err and len(err.strip().splitlines()) == 1


def test_lesson_output_is_plain_text_when_asked() -> None:
    from pegrace.commands.learn import TerminalLesson

    out = io.StringIO()
    replies = answers_for("marbles", wrong_first=False)
    assert TerminalLesson("marbles", out, lambda _: next(replies), use_colour=False).run() == 0
    assert "\033[" not in out.getvalue()
