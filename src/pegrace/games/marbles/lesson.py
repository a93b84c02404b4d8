"""Marbles' lesson, played in teams (4 players, partners opposite): popping, a 1 or a 6 to
come out, moving (a must), sending a marble back, being sent back, a partner's marble, Home,
and moving the partner's marbles once yours are all Home. Marbles has no shortcut or centre
and no safe space on the loop: Home is the only safe place."""

from __future__ import annotations

from pegrace.i18n import said
from pegrace.lessons.script import Lesson, Step

BASE = ["base", "base", "base", "base"]
LESSON = Lesson(
    game="marbles",
    players=4,
    options={"teams": "on"},
    learner="red",
    rolloff=(6, 1),
    # TRANSLATORS: the start of Marbles' lesson
    welcome=said(
        "You play Red in a team with Green, who sits opposite you, against Yellow and Blue. "
        "Your 6 won the pop for who starts, so you go first."
    ),
    steps=(
        Step(
            roll=3,
            moves=("pass",),
            # TRANSLATORS: a lesson's step: what to do and why
            words=said(
                "Pop the dome to roll the die. A 3: your marbles are all in the base, and only "
                "a 1 or a 6 brings one out, so nothing can move."
            ),
            why_not=said("With a 3 nothing can leave the base."),
        ),
        Step(
            roll=1,
            moves=("base>track:0",),
            others=((2, "pass"), (4, "pass"), (5, "pass")),
            before=said("Yellow, Green and Blue popped too: no 1 or 6, so nobody could move."),
            words=said("A 1! Bring a marble out of your base onto your start space."),
            why_not=said("A 1 brings a marble out of the base: use it."),
        ),
        Step(
            roll=5,
            moves=("track:0>track:5",),
            others=((3, "pass"), (1, "base>track:0"), (2, "pass")),
            before=said("Green, your partner, popped a 1 and brought a marble out."),
            words=said(
                "A 5: move your marble 5 spaces clockwise, jumping over any marbles on the way. "
                "When a marble can move you must move one."
            ),
            why_not=said("Move your marble on: it only gets Home by going round."),
        ),
        Step(
            roll=3,
            moves=("track:5>track:8",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:5", "track:12", "base", "base"],
                    "yellow": ["track:50", "base", "base", "base"],
                    "green": BASE,
                    "blue": BASE,
                },
            },
            before=said(
                "A few turns later: a Yellow marble stands on 8, 3 spaces ahead of your marble "
                "on 5."
            ),
            words=said(
                "A 3: land exactly on Yellow's marble to send it back to its base. No space on "
                "the loop is safe."
            ),
            why_not=said("Land on Yellow's marble on 8 to send it back."),
        ),
        Step(
            roll=1,
            moves=("base>track:0",),
            setup={
                "to_move": "blue",
                "pieces": {
                    "red": ["track:20", "track:8", "base", "base"],
                    "yellow": BASE,
                    "green": BASE,
                    "blue": ["track:30", "base", "base", "base"],
                },
            },
            others=((4, "track:30>track:34"),),
            before=said(
                "Blue popped a 4 and landed on your marble on 20: it went back to your base."
            ),
            words=said("A 1: bring that marble back out and into the race."),
            why_not=said("Bring your sent-back marble out again with the 1."),
        ),
        Step(
            roll=3,
            moves=("track:10>track:13",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:10", "base", "base", "base"],
                    "yellow": BASE,
                    "green": ["track:41", "base", "base", "base"],
                    "blue": BASE,
                },
            },
            before=said("Now your partner Green's marble is 3 spaces ahead of yours."),
            words=said(
                "A 3: you may land on your partner's marble only when it is your only move, and "
                "then you must: it goes back to its base. Here it is your only move."
            ),
            why_not=said("This is your only move: you must take it."),
        ),
        Step(
            roll=4,
            moves=("track:53>home:2",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:53", "track:20", "base", "base"],
                    "yellow": BASE,
                    "green": BASE,
                    "blue": BASE,
                },
            },
            before=said("Later still: your marble on 53 has nearly gone round."),
            words=said(
                "A 4: your marble turns into your Home instead of passing your start, by the "
                "exact count. Marbles at Home are safe."
            ),
            why_not=said("Take the marble on 53 Home."),
        ),
        Step(
            roll=5,
            moves=("green track:50>track:55", "green track:3>track:8"),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["home:1", "home:2", "home:3", "home:4"],
                    "yellow": BASE,
                    "green": ["track:50", "track:3", "base", "base"],
                    "blue": BASE,
                },
            },
            before=said("Your 4 marbles are all Home. Your team wins when Green's are too."),
            words=said(
                "A 5: with all yours Home, you pop for your partner and move Green's marbles. "
                "Move either of them."
            ),
            why_not=said("Move one of Green's marbles."),
        ),
    ),
)
