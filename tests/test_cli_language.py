"""The pegrace command in the person's language (issue 53): ``--lang LANG`` anywhere on the
command line, else the environment's language as gettext reads it; the help, the output and
the errors of play, replay, rules and serve come from the catalogs, which the pseudo-locale
proves (it accents and brackets every message: a word of plain English left is one nobody
translated). argparse's own words ("usage:", "options:") are Python's."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pegrace import i18n
from pegrace.cli import language_asked
from pegrace.commands.play import SPEEDS
from pegrace.games import list_games
from pegrace.i18n import PSEUDO
from pegrace.players import player_names
from test_cli import run
from test_terminal_languages import WORD, english, options_as_typed

ARGPARSE = {"usage", "options", "positional", "arguments", "show", "this", "help", "message"}
ARGPARSE |= {"and", "exit"}
TYPED = {*list_games(), *SPEEDS, "pt", "BR", "XA", *i18n.LANGUAGES}
TYPED |= {"LANGUAGE", "LC", "ALL", "MESSAGES", "LANG"}  # the environment's variables
TYPED |= {word for name in player_names() for word in WORD.findall(name)}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Each test may change the process's language: the next one starts in English."""
    yield
    i18n.use(i18n.SOURCE)


@pytest.fixture
def german_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")


def test_lang_is_read_anywhere_before_a_lone_double_dash_else_the_environment() -> None:
    assert language_asked(["--lang", "de", "rules"], {}) == ("de", ["rules"])
    assert language_asked(["rules", "--lang=en-XA", "trouble"], {}) == (
        PSEUDO,
        ["rules", "trouble"],
    )
    assert language_asked(["--lang", "pt_BR", "rules"], {})[0] == "pt-BR"
    assert language_asked(["--lang", "de-AT", "rules"], {})[0] == "de"  # its language alone
    assert language_asked(["rules"], {"LANG": "de_DE.UTF-8"}) == ("de", ["rules"])
    assert language_asked(["rules"], {"LANG": "C.UTF-8"})[0] == "en"
    assert language_asked(["--lang", "fr", "rules"], {"LANG": "de_DE.UTF-8"})[0] == "fr"
    after = ["replay", "--", "--lang", "fr"]  # after "--": an argument, not the option
    assert language_asked(after, {}) == ("en", after)


def test_LANG_de_DE_makes_pegrace_speak_german(  # noqa: N802 (the variable's own name)
    capsys: pytest.CaptureFixture[str], german_environment: None
) -> None:
    """Chosen before the parsers are made (German's catalog is not written yet: the words
    are English until it is)."""
    code, out, _ = run(capsys, "rules", "trouble")
    assert code == 0 and i18n.current() == "de" and "voluntary_pass=on" in out
    code, _, _ = run(capsys, "--lang", "en-XA", "rules", "trouble")
    assert code == 0 and i18n.current() == PSEUDO  # --lang before the environment


@pytest.mark.parametrize("asked", [["--lang", "xx"], ["--lang=klingon"], ["--lang"]])
def test_a_language_pegrace_does_not_speak_is_one_line_naming_those_it_does(
    capsys: pytest.CaptureFixture[str], asked: list[str]
) -> None:
    code, out, err = run(capsys, *asked, "rules")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("pegrace: error: --lang ") and "(see pegrace --help)" in err
    assert all(f"{tag} (" in err for tag in i18n.LANGUAGES), err
    assert "de (Deutsch)" in err and "es (Español)" in err


def help_of(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args, "--help")
    assert code == 0 and err == ""
    return out


@pytest.mark.parametrize("command", [[], ["play"], ["replay"], ["rules"], ["serve"]])
def test_the_help_of_play_replay_rules_and_serve_is_the_catalogs(
    capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """In the pseudo-locale every word of the help is accented but argparse's own, and what
    is typed as it is: the options, their arguments and values (the usage lists them),
    the games', players' and speeds' names."""
    said = help_of(capsys, "--lang", "en-XA", *command)
    usage, _, rest = said.partition("\n\n")
    flags = " ".join(re.findall(r"--?[\w-]+", said))  # every option's names, aliases too
    typed = ARGPARSE | TYPED | set(WORD.findall(usage)) | set(WORD.findall(flags))
    assert english(rest, typed) == [], rest
    assert english(help_of(capsys, *command), typed) != []  # the same in English: words


def test_rules_output_is_the_catalogs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--lang", "en-XA", "rules")
    every = set().union(*(options_as_typed(game) for game in list_games()))
    assert code == 0 and english(out, every | TYPED) == [], out


def test_play_and_replay_say_everything_through_the_catalogs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A computer game printed and its record replayed, in the pseudo-locale: no English
    but the options as typed, the computer players' names and the record's path."""
    path = tmp_path / "game.json"
    play = ["play", "--seat", "all=computer:random", "--fast", "--seed", "4", "--record"]
    code, out, _ = run(capsys, "--lang", "en-XA", *play, str(path))
    assert code == 0 and "[Ğȧɱé ŏṽéř" in out
    assert english(out.replace(str(path), ""), options_as_typed("trouble")) == [], out
    code, out, _ = run(capsys, "--lang", "en-XA", "replay", str(path))
    assert code == 0 and english(out, options_as_typed("trouble")) == [], out


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--delay", "-1"],
        ["play", "--rules", "six"],
        ["serve", "--port", "70000"],
        ["serve", "--computer-delay", "-2"],
    ],
)
def test_the_errors_of_play_and_serve_are_the_catalogs(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """Each one line, its words accented in the pseudo-locale but what was typed."""
    code, _, err = run(capsys, "--lang", "en-XA", *args)
    assert code == 2 and len(err.strip().splitlines()) == 1
    typed = {word for arg in args for word in re.findall(r"[a-z]+", arg)}
    assert err.startswith("[") and english(err, typed) == [], err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "nosuch"],
        ["play", "--rules", "finish=nope"],
        ["play", "--seat", "red=wizard"],
    ],
)
def test_the_errors_the_modules_raise_are_the_catalogs(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    """An unknown game, option value or player: one line, every word accented in the
    pseudo-locale but what was typed and the names of the games, options, their values and
    the players, as typed."""
    code, _, err = run(capsys, "--lang", "en-XA", *args)
    assert code == 2 and len(err.strip().splitlines()) == 1
    typed = {word for arg in args for word in WORD.findall(arg)}
    assert err.startswith("[") and english(err, typed | TYPED | options_as_typed("trouble")) == []
    english_err = run(capsys, *args)[2]
    assert english(english_err, typed | TYPED | options_as_typed("trouble")) != [], english_err
