"""Trouble's lesson: popping, a 6 to come out, moving, sending a peg home, being sent home,
the Finish lane (the only safe place)."""

from __future__ import annotations

from pegrace.i18n import said
from pegrace.lessons.script import Lesson, Step

LESSON = Lesson(
    game="trouble",
    players=2,
    learner="red",
    rolloff=(6, 2),
    # TRANSLATORS: the start of Trouble's lesson
    welcome=said(
        "You play Red against Green. Everyone popped once to see who starts: your 6 beat "
        "Green's 2, so you go first."
    ),
    steps=(
        Step(
            roll=2,
            moves=("pass",),
            # TRANSLATORS: a lesson's step: what to do and why
            words=said(
                "Pop the dome to roll the die. A 2: your pegs are all at Home, and only a 6 "
                "brings one out, so nothing can move. Pass."
            ),
            why_not=said("With a 2 nothing can leave Home."),
        ),
        Step(
            roll=6,
            moves=("home>track:0",),
            others=((3, "pass"),),
            before=said("Green popped a 3 and could not move either."),
            words=said("A 6! Bring a peg out of Home onto your start space."),
            why_not=said("A 6 is what brings a peg out of Home: use it."),
        ),
        Step(
            roll=4,
            moves=("track:0>track:4",),
            words=said(
                "A 6 gives you another pop. A 4: move your peg 4 spaces clockwise, counting "
                "every space."
            ),
            why_not=said("Move your peg: a peg only gets home by going round."),
        ),
        Step(
            roll=3,
            moves=("track:4>track:7",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:4", "track:10", "home", "home"],
                    "green": ["track:21", "home", "home", "home"],
                },
            },
            before=said("A few turns later: Green's peg stands 3 spaces ahead of your peg on 4."),
            words=said(
                "A 3: land exactly on Green's peg to send it back to its Home. Jumping over "
                "pegs does nothing; landing on one does."
            ),
            why_not=said("Land on Green's peg on 7 to send it home."),
        ),
        Step(
            roll=6,
            moves=("home>track:0",),
            setup={
                "to_move": "green",
                "pieces": {
                    "red": ["track:7", "track:10", "home", "home"],
                    "green": ["track:20", "home", "home", "home"],
                },
            },
            others=((4, "track:20>track:24"),),
            before=said(
                "Green popped a 4 and landed on your peg on 10: it went back to your Home. No "
                "space on the loop is safe."
            ),
            words=said("A 6: bring that peg back out and into the race."),
            why_not=said("Bring your sent-home peg back out with the 6."),
        ),
        Step(
            roll=4,
            moves=("track:25>finish:2",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:25", "track:10", "home", "home"],
                    "green": ["track:8", "home", "home", "home"],
                },
            },
            before=said(
                "Later still: your peg on 25 has nearly gone round, and Green's peg is 3 "
                "spaces behind it."
            ),
            words=said(
                "A 4: your peg turns into your Finish lane instead of passing your start. "
                "Nobody else enters your lane, so there it is safe from Green."
            ),
            why_not=said("Move the peg on 25 into your Finish lane, out of Green's reach."),
        ),
    ),
)
