"""The games' words are language-neutral (``Said``, pegrace/i18n.py): in the pseudo-locale
every move's words in random positions of every setup, said to the player and told of them,
and every piece's, destination's and place's words on the board come out wholly translated
(no English word left: only numbers stand as they are), and their JSON, as the page is sent
it, reads back to the same words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from pegrace.boards import board_layout, move_view, piece_spots
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.i18n import PSEUDO, Said, said_from_json
from pegrace.state import State
from pegrace.words import colour_name, names
from positions import random_positions
from setups import SETUPS

ENGLISH = re.compile(r"[A-Za-z]{2,}")  # the pseudo-locale accents every letter but M
NUMBER = re.compile(r"\d+")


def untranslated(words: Said) -> list[str]:
    """What in ``words`` no catalog put into words: an argument that is text but no number
    (a number stands as it is), at any depth."""
    found = []
    for name, value in words.args:
        if isinstance(value, Said):
            found += untranslated(value)
        elif isinstance(value, str) and not NUMBER.fullmatch(value):
            found.append(f"{name}={value!r}")
    return found


def check(words: Said) -> str:
    """``words`` wholly translated in the pseudo-locale, each nested part bracketed, and its
    JSON read back the same; its English."""
    pseudo = words.said_in(PSEUDO)
    assert untranslated(words) == [], (str(words), untranslated(words))
    assert pseudo.startswith("[") and pseudo.endswith("]"), pseudo
    assert not ENGLISH.search(pseudo), (str(words), pseudo)
    assert pseudo.count("[") == pseudo.count("]") == nested(words), pseudo
    back = said_from_json(words.json())
    assert back == words
    assert back.said_in(PSEUDO) == pseudo and str(back) == str(words)
    return str(words)


def nested(words: Said) -> int:
    """How many messages ``words`` is made of: each brackets its words in the pseudo-locale."""
    return 1 + sum(nested(value) for _, value in words.args if isinstance(value, Said))


def positions(rules: Rules, seed: int) -> list[State]:
    return random_positions(rules, seed=seed, count=60)


SETTINGS = [pytest.param(*setup, id=f"{setup[0]}-{setup[1]}-{setup[2]}") for setup in SETUPS]


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_every_move_is_said_in_words_the_catalogs_translate(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    for state in positions(rules, seed=players * 7 + len(options)):
        mover = colour_name(rules.colours[state.current])
        for move in rules.legal_moves(state):
            order = check(rules.describe(state, move))
            told = check(rules.describe(state, move, mover))
            assert order[:1].isupper() and told.startswith(f"{mover} "), (order, told)
            # a person's name stands as it is, never translated
            named = rules.describe(state, move, "Ann Lee").said_in(PSEUDO)
            assert named.lstrip("[").startswith("Ann Lee "), named


def said_of(value: Any) -> Said:
    """Words as the page is sent them (a Said's JSON)."""
    assert isinstance(value, dict), value
    return said_from_json(value)


@pytest.mark.parametrize(("game", "players", "options"), SETTINGS)
def test_the_boards_words_are_said_in_words_the_catalogs_translate(
    game: str, players: int, options: dict[str, str]
) -> None:
    rules = get_rules(game, players, options)
    layout = board_layout(rules)
    for spot in layout["spots"]:
        for name in spot.get("names", {}).values():
            if not (isinstance(name, str) and NUMBER.fullmatch(name)):  # a number as it is
                check(said_of(name))
    for drawn in (d for d in layout["decor"] if d["shape"] == "text"):
        if "said" in drawn:
            check(said_of(drawn["said"]))
        else:  # a game's name, or a space's number, as its board prints it
            assert drawn["text"] in ("TROUBLE", "MARBLES") or drawn["text"].isdigit(), drawn
    for state in positions(rules, seed=players):
        for piece in piece_spots(rules, state):
            check(said_of(piece["words"]))
        for move in rules.legal_moves(state):
            view = move_view(rules, state, move)
            check(said_of(view["said"]))
            for step in view["steps"]:
                check(said_of(step["to_words"]))


def test_what_ranks_an_unplayed_game_and_lists_of_names_are_said_in_words() -> None:
    for game in ("trouble", "headache"):
        check(get_rules(game, 4).score_words)
    check(get_rules("marbles", 4, {"mode": "war"}).score_words)
    check(get_rules("marbles", 4).score_words)
    listed = ["Green", "Green and Blue", "Green, Blue and Yellow", "Green, Blue, Yellow and Red"]
    for count, english in enumerate(listed, 1):
        assert check(names(["green", "blue", "yellow", "red"][:count])) == english
