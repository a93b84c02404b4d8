"""What people type for others to read: names that would impersonate another seat or the
server, or that spill over the page, are refused by name; ordinary names in any script pass."""

from __future__ import annotations

import re

import pytest

from pegrace.errors import OptionError
from pegrace.web.names import CHAT_LENGTH, checked_name, seat_names, shown_text

OTHERS = ("green", "yellow", "blue")  # the other seats, for a name of red's


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Green", "another seat's colour"),
        ("GREEN", "another seat's colour"),
        ("g r e e n", "another seat's colour"),
        ("Ｇｒｅｅｎ", "another seat's colour"),  # full-width letters, as NFKC reads them
        ("a watcher", "what the server calls others"),
        ("Computer", "what the server calls others"),
        ("Z" + "\u0301" * 19, "more than 3 accents on one letter"),
        ("\ufdfd" * 20, "drawn many letters wide"),  # a whole phrase as one sign
        ("\ufdfa" * 2, "a name is 1 to 20 characters"),  # a ligature NFKC spells out
        ("\U0001242b", "drawn many letters wide"),
        ("Ann\u202eEvil", "control, invisible or unassigned"),  # right-to-left override
        ("Ann\u200b", "control, invisible or unassigned"),  # zero-width space
        ("   ", "a name is 1 to 20 characters, not 0"),
        (42, '"name" must be text'),
    ],
)
def test_names_that_impersonate_or_smear_are_refused(name: object, problem: str) -> None:
    with pytest.raises(OptionError, match=problem):
        checked_name(name, own=("red",), others=OTHERS)


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Ann", "Ann"),
        ("  Ann   Lee ", "Ann Lee"),
        ("Red", "Red"),  # a seat's own colour
        ("Zoë", "Zoë"),
        ("Zoe\u0308", "Zoë"),  # composed
        ("Nguyễn", "Nguyễn"),
        ("हिन्दी", "हिन्दी"),  # vowel signs and a virama: marks, two in a row at most
        ("山田", "山田"),
        ("Ａｎｎ", "Ann"),
    ],
)
def test_ordinary_names_pass_as_they_are_shown(name: str, shown: str) -> None:
    assert checked_name(name, own=("red",), others=OTHERS) == shown


def test_another_seats_name_is_refused_as_its_colour_is() -> None:
    with pytest.raises(OptionError, match="another seat's"):
        checked_name("ann", own=("red",), others=(*OTHERS, "Ann"))


def test_a_chat_line_is_held_to_the_same_text_rules() -> None:
    assert shown_text("good  luck\u00a0all", "a chat line", CHAT_LENGTH) == "good luck all"
    with pytest.raises(OptionError, match="a chat line holds a character drawn many letters"):
        shown_text("hi \ufdfd", "a chat line", CHAT_LENGTH)


FRIENDS = {"red": "human", "yellow": "human", "green": "computer:easy"}
COLOURS = ("red", "yellow", "green", "blue")


def test_friends_at_one_device_name_their_seats_each_checked() -> None:
    assert seat_names(None, FRIENDS, COLOURS) == {}
    given = {"red": "  Ann ", "yellow": "Ｂｅｎ"}  # spaces and full-width letters as shown
    assert seat_names(given, FRIENDS, COLOURS) == {"red": "Ann", "yellow": "Ben"}


@pytest.mark.parametrize(
    ("given", "problem"),
    [
        (["Ann"], "must map colours to names"),
        ({"green": "Ann"}, "'green' is not a seat played at this device"),
        ({"blue": "Ann"}, "'blue' is not a seat played at this device"),
        ({"red": "Ann", "yellow": "ann"}, "two seats cannot both be called 'ann'"),
        ({"red": "Green"}, "another seat's colour"),
        ({"red": 5}, '"name" must be text'),
    ],
)
def test_names_for_seats_not_of_this_device_or_alike_are_refused(
    given: object, problem: str
) -> None:
    with pytest.raises(OptionError, match=re.escape(problem)):
        seat_names(given, FRIENDS, COLOURS)
