"""Headache's lesson: the pop (a number die and a bonus die), leaving START, the crossings,
capturing into a stack, a stack moving either way, the bonus die and its pop, being
captured, START (the only safe place) and taking a stack over."""

from __future__ import annotations

from pegrace.i18n import said
from pegrace.lessons.script import Lesson, Step

LESSON = Lesson(
    game="headache",
    players=2,
    learner="red",
    rolloff=(6, 2),
    # TRANSLATORS: the start of Headache's lesson
    welcome=said(
        "You play Red against Green. Everyone popped once to see who starts: your 6 beat "
        "Green's 2, so you go first."
    ),
    steps=(
        Step(
            roll=(3, 0),
            moves=("start>x:1", "start>outer:2"),
            # TRANSLATORS: a lesson's step: what to do and why
            words=said(
                "Pop the dome: a number die and a bonus die. A 3. In your first 4 turns your "
                "pop must move a cone off START, clockwise: take one 3 spaces along either "
                "track."
            ),
            why_not=said("Move a cone off START."),
        ),
        Step(
            roll=(5, 0),
            moves=("start>inner:3",),
            setup={
                "to_move": "red",
                "turn": 2,
                "aux": [1, 1, 0],
                "pieces": {
                    "red": ["start", "start", "start", "x:1"],
                    "green": ["inner:3", "start", "start", "start"],
                },
            },
            before=said("Green moved a cone off its START too, round to inner 3."),
            words=said(
                "A 5. The two tracks cross at every X, and a cone may change track there, so "
                "one pop reaches several spaces. End on Green's cone on inner 3 to capture it: "
                "your cone goes on top, and the whole stack is yours."
            ),
            why_not=said("Cross onto the inner track at X 1 and end on Green's cone on inner 3."),
        ),
        Step(
            roll=(4, 0),
            moves=("inner:3>inner:0 ccw",),
            setup={
                "to_move": "red",
                "turn": 10,
                "aux": [4, 4, 0],
                "pieces": {
                    "red": ["inner:3/2", "x:1", "start", "start"],
                    "green": ["inner:3/1", "inner:0", "start", "start"],
                },
            },
            before=said("A few turns later: a Green cone stands behind your stack."),
            words=said(
                "A 4. A single cone moves clockwise only, but a stack may move either way. "
                "Move your stack back, counter-clockwise, onto Green's cone on inner 0."
            ),
            why_not=said("Move the stack counter-clockwise onto Green's cone on inner 0."),
        ),
        Step(
            roll=(3, 1),
            moves=(
                "start>outer:2",
                "x:1>x:2",
                "x:1>outer:5",
                "inner:0>outer:3",
                "inner:0>inner:2",
                "inner:0>outer:22 ccw",
                "inner:0>inner:14 ccw",
            ),
            others=(((2, 0), "start>outer:13"),),
            before=said("Green moved a cone off its START."),
            words=said(
                "A 3 with the red dot on the bonus die: after this move you get a bonus pop. "
                "Move any cone or stack you like."
            ),
            why_not=said("Any move will do here."),
        ),
        Step(
            roll=(2, 0),
            moves=("inner:2>x:2",),
            setup={
                "to_move": "red",
                "turn": 12,
                "aux": [4, 4, 1],
                "pieces": {
                    "red": ["inner:2/3", "x:1", "start", "start"],
                    "green": ["inner:2/1", "inner:2/2", "x:2", "start"],
                },
            },
            before=said("Your bonus pop. A Green cone has come round to X 2."),
            words=said(
                "A 2. A bonus pop may never move a cone off START. Take your stack to X 2 and "
                "capture Green's cone there."
            ),
            why_not=said("Capture Green's cone on X 2 with your stack."),
        ),
        Step(
            roll=(5, 0),
            moves=("start>outer:3",),
            setup={
                "to_move": "green",
                "turn": 14,
                "aux": [4, 4, 0],
                "pieces": {
                    "red": ["outer:3", "start", "start", "start"],
                    "green": ["outer:1", "start", "start", "start"],
                },
            },
            others=(((3, 0), "outer:1>outer:3"),),
            before=said(
                "Green popped a 3 and captured your cone on outer 3: it is under Green's now. "
                "Your cones still on START are safe: nothing can capture them."
            ),
            words=said(
                "A 5: anyone can take a stack over by landing on it. Move a cone off START onto "
                "Green's stack on outer 3, and the whole stack is yours again."
            ),
            why_not=said("Land on Green's stack on outer 3 to take it over."),
        ),
    ),
)
