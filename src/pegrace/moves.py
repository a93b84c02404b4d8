"""Moves: small immutable values with a text form.

Each game decides what a move holds; the engine only needs equality, hashing,
``str`` (the notation written in records) and ``is_pass``.
"""

from __future__ import annotations


class Move:
    """Base of every move. Subclasses are immutable, compare by value, and hold their
    notation in ``text`` (built once, so writing records costs nothing)."""

    __slots__ = ()
    is_pass: bool = False
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class Pass(Move):
    """Moving nothing: forced when no piece can move, voluntary where a rule allows it."""

    __slots__ = ()
    is_pass = True
    text = "pass"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pass)

    def __hash__(self) -> int:
        return hash("pass")


PASS = Pass()


class Step(Move):
    """One piece from ``origin`` to ``target``, both in the mover's own frame.

    Race games number a colour's path from its base: -1 is the base, 0 its start
    space, and so on into its finish lane. The text is built once by the game
    (its moves are preallocated), so formatting costs nothing on the hot path.
    """

    __slots__ = ("origin", "target", "text")

    def __init__(self, origin: int, target: int, text: str) -> None:
        self.origin = origin
        self.target = target
        self.text = text

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Step) and self.origin == other.origin and self.target == other.target
        )

    def __hash__(self) -> int:
        return hash((self.origin, self.target))
