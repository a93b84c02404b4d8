"""Parchís' lesson: a 5 to come out, moving, a safe space, a capture and its bonus of 20 (a
move with no roll), being captured, the home column, the goal and its bonus of 10. Its spaces
are the numbers the board prints, as the move words say them."""

from __future__ import annotations

from pegrace.i18n import said
from pegrace.lessons.script import Lesson, Step

LESSON = Lesson(
    game="parchis",
    players=2,
    learner="yellow",
    rolloff=(6, 2),
    # TRANSLATORS: the start of Parchís' lesson
    welcome=said(
        "You play Yellow against Red. Everyone rolled once to see who starts: your 6 beat "
        "Red's 2, so you go first."
    ),
    steps=(
        Step(
            roll=3,
            moves=("pass",),
            # TRANSLATORS: a lesson's step: what to do and why
            words=said(
                "Pop the dome to roll the die. A 3: your pieces are all at home, and only a 5 "
                "brings one out, so nothing can move. Pass."
            ),
            why_not=said("With a 3 no piece can leave home."),
        ),
        Step(
            roll=5,
            moves=("home>track:0",),
            others=((4, "pass"),),
            before=said("Red rolled a 4 and could not move either."),
            words=said(
                "A 5! Bring a piece out of home onto your exit. While a piece is at home and "
                "your exit has room, a 5 must be used for that."
            ),
            why_not=said("A 5 brings a piece out of home: use it."),
        ),
        Step(
            roll=4,
            moves=("track:0>track:4",),
            others=((5, "home>track:0"),),
            before=said("Red rolled a 5 and brought a piece out onto its own exit."),
            words=said(
                "A 4: move your piece 4 spaces on, counter-clockwise, counting every space."
            ),
            why_not=said("Move your piece: it only reaches the goal by going round."),
        ),
        Step(
            roll=3,
            moves=("track:4>track:7",),
            setup={
                "to_move": "yellow",
                "pieces": {
                    "yellow": ["track:4", "track:10", "home", "home"],
                    "red": ["space:2", "home", "home", "home"],
                },
            },
            before=said("A few turns later: a Red piece stands on 7, just behind your piece on 9."),
            words=said(
                "A 3. The marked spaces are safe: nobody is captured there. Move your piece from "
                "9 onto the safe space 12, out of Red's reach."
            ),
            why_not=said("Put the piece on 9 onto the safe space 12: Red's piece could land on 9."),
        ),
        Step(
            roll=4,
            moves=("track:15>track:19",),
            setup={
                "to_move": "yellow",
                "pieces": {
                    "yellow": ["track:9", "track:15", "home", "home"],
                    "red": ["space:19", "home", "home", "home"],
                },
            },
            before=said("Later: a Red piece stands alone on 24, which is not a safe space."),
            words=said(
                "A 4: land exactly on Red's piece on 24 to send it back home. Passing over a "
                "piece does nothing; landing on it captures it."
            ),
            why_not=said("Land on Red's piece on 24 to send it home."),
        ),
        Step(
            roll=None,
            moves=("track:9>track:29",),
            words=said(
                "Your capture earns a bonus: move any one of your pieces 20 spaces, now and "
                "with no roll. Take the piece on 14 to the safe space 34."
            ),
            why_not=said("Use the bonus to take your piece on 14 to the safe space 34."),
        ),
        Step(
            roll=5,
            moves=("home>track:0",),
            setup={
                "to_move": "red",
                "pieces": {
                    "yellow": ["track:14", "track:29", "home", "home"],
                    "red": ["space:11", "home", "home", "home"],
                },
            },
            others=((3, "track:45>track:48"), (None, "track:48>lane:5")),
            before=said(
                "Red rolled a 3 and landed on your piece on 19: it went back home. Then Red "
                "moved its bonus of 20, into its own column. It happens to everyone."
            ),
            words=said("A 5: bring that piece back out onto your exit."),
            why_not=said("Bring your captured piece back out with the 5."),
        ),
        Step(
            roll=4,
            moves=("track:63>lane:4",),
            setup={
                "to_move": "yellow",
                "pieces": {
                    "yellow": ["track:63", "track:29", "home", "home"],
                    "red": ["space:40", "home", "home", "home"],
                },
            },
            before=said("Much later: your piece on 68 has gone nearly all the way round."),
            words=said(
                "A 4: your piece turns off the track into your own column, where no other "
                "colour can go, so nobody can capture it there."
            ),
            why_not=said("Take the piece on 68 into your column, out of everyone's reach."),
        ),
        Step(
            roll=4,
            moves=("lane:4>goal",),
            others=((2, "track:6>track:8"),),
            before=said("Red rolled a 2 and moved on."),
            words=said(
                "A 4, exactly what your piece in the column needs: move it into the goal. A "
                "piece only gets in with the exact count."
            ),
            why_not=said("Move the piece in your column into the goal: it needs exactly 4."),
        ),
        Step(
            roll=None,
            moves=("track:29>track:39",),
            words=said(
                "Reaching the goal earns a bonus of 10 for another piece, again with no roll. "
                "Bring all 4 pieces into the goal first and you win."
            ),
            why_not=said("Move your piece on 34 ten spaces with the bonus."),
        ),
    ),
)
