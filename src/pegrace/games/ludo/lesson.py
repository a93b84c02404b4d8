"""Two-dice Ludo's lesson (the default variant): popping two dice, a 6 to come out, each die
on its own, a double 6, sending a pin home, safe spots, being sent home, the lane and the
exit."""

from __future__ import annotations

from pegrace.i18n import said
from pegrace.lessons.script import Lesson, Step

LESSON = Lesson(
    game="ludo",
    players=2,
    learner="red",
    rolloff=(6, 2),
    # TRANSLATORS: the start of two-dice Ludo's lesson
    welcome=said(
        "You play Red against Yellow, with two dice. Everyone popped once to see who starts: "
        "your 6 beat Yellow's 2, so you go first."
    ),
    steps=(
        Step(
            roll=(1, 2),
            moves=("pass",),
            # TRANSLATORS: a lesson's step: what to do and why
            words=said(
                "Pop the dome to roll both dice. A 1 and a 2: your pins are all in the base, "
                "and only a 6 brings one out, so the turn passes."
            ),
            why_not=said("Without a 6 no pin can leave the base."),
        ),
        Step(
            roll=(3, 6),
            moves=("6:base>track:0 3:track:0>track:3",),
            others=(((3, 4), "pass"),),
            before=said("Yellow popped a 3 and a 4 and could not move either."),
            words=said(
                "A 6 and a 3. Each die is used on its own: the 6 brings a pin out onto your "
                "start corner, then the 3 moves it on. You must use both dice when you can."
            ),
            why_not=said("Bring a pin out with the 6, then move it with the 3."),
        ),
        Step(
            roll=(6, 6),
            moves=("6:base>track:0 6:base>track:0",),
            others=(((1, 5), "pass"),),
            before=said("Yellow popped a 1 and a 5: still no 6 for Yellow."),
            words=said("A double 6: bring two pins out at once. After a double 6 you pop again."),
            why_not=said("Use both sixes to bring two more pins out."),
        ),
        Step(
            roll=(2, 5),
            moves=(
                "2:track:0>track:2 5:track:0>track:5",
                "2:track:0>track:2 5:track:3>track:8",
                "2:track:3>track:5 5:track:0>track:5",
            ),
            words=said(
                "A 2 and a 5, your pop again. The two dice may move one pin twice or two pins "
                "once each: this time move two different pins."
            ),
            why_not=said("This step asks you to move two different pins, one with each die."),
        ),
        Step(
            roll=(4, 5),
            moves=(
                "4:track:10>track:14 5:track:3>track:8",
                "4:track:10>track:14 5:track:14>track:19",
            ),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:3", "track:10", "base", "base"],
                    "yellow": ["track:38", "base", "base", "base"],
                },
            },
            before=said(
                "A few turns later: a Yellow pin stands on 14, 4 points ahead of your pin on 10."
            ),
            words=said(
                "A 4 and a 5: land on the Yellow pin with the 4 to send it back to its base. "
                "Passing over a pin does nothing; landing on it does."
            ),
            why_not=said("Use the 4 to land on the Yellow pin on 14."),
        ),
        Step(
            roll=(2, 3),
            moves=("2:track:4>track:6 3:track:15>track:18",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:4", "track:15", "base", "base"],
                    "yellow": ["track:25", "base", "base", "base"],
                },
            },
            before=said("Now a Yellow pin is close behind both of yours."),
            words=said(
                "A 2 and a 3: the corners and the middles of the sides (6 and 18 here) are safe "
                "spots where nobody is sent home. Move each pin onto one."
            ),
            why_not=said(
                "Put both pins on safe spots: the 2 takes one to 6, the 3 the other to 18."
            ),
        ),
        Step(
            roll=(2, 6),
            moves=("2:track:20>track:22 6:base>track:0", "6:base>track:0 2:track:0>track:2"),
            setup={
                "to_move": "yellow",
                "pieces": {
                    "red": ["track:20", "track:10", "base", "base"],
                    "yellow": ["track:30", "base", "base", "base"],
                },
            },
            others=(((1, 3), "1:track:30>track:31 3:track:31>track:34"),),
            before=said(
                "Yellow popped a 1 and a 3 and landed on your pin on 10: it went back to your "
                "base. It happens to everyone."
            ),
            words=said("A 2 and a 6: use the 6 to bring that pin back out."),
            why_not=said("Bring your sent-home pin back out with the 6."),
        ),
        Step(
            roll=(3, 4),
            moves=("3:track:40>lane:1 4:lane:1>exit",),
            setup={
                "to_move": "red",
                "pieces": {
                    "red": ["track:40", "track:15", "base", "base"],
                    "yellow": ["track:10", "base", "base", "base"],
                },
            },
            before=said("Later still: your pin on 40 has nearly gone round."),
            words=said(
                "A 3 and a 4: the 3 turns your pin into your own lane, where nobody can reach "
                "it, and the 4 takes it out at the exit, by the exact count. Out with all 4 "
                "pins and you win."
            ),
            why_not=said("Take the pin on 40 into your lane with the 3 and out with the 4."),
        ),
    ),
)
