"""What Ludo's three rule sets share (the package's __init__ lists their rules): the options,
the board with its named last lane slot, the notation and the words for the goal."""

from __future__ import annotations

from typing import Any, ClassVar

from pegrace.engine import core_options
from pegrace.i18n import N_, Said, said, said_c
from pegrace.race import RaceRules
from pegrace.words import colour_name

TWO_DICE, CLASSIC, LUDOPY = "two-dice", "classic", "ludopy"

# the last lane slot, by its name in the notation: how a move into it ends, as the board says
# it ("Move out"; the move words have sentences of their own) ...
GOAL_WORDS = {
    # TRANSLATORS: where a move takes a pin: out at its exit, its race run (two-dice Ludo)
    "exit": said("out"),
    # TRANSLATORS: where a move takes a pin: into the home it races to (Ludo)
    "home": said_c("moving into Ludo's home", "home"),
    # TRANSLATORS: where a move takes a pin: into the goal it races to (Ludo)
    "goal": said("into the goal"),
}
# ... its name on the board ...
GOAL_NAMES = {
    # TRANSLATORS: a place's name on two-dice Ludo's board: where the pins leave, run home
    "exit": said("exit"),
    # TRANSLATORS: a place's name on Ludo's board: the home the pins race to
    "home": said_c("Ludo's home", "home"),
    # TRANSLATORS: a place's name on Ludo's board: the goal the pins race to
    "goal": said("goal"),
}
# ... and a pin there, for people who cannot see the board
GOAL_STANDING = {
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their pin, out at the exit
    "exit": N_("{colour} pin out"),
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their pin, home
    "home": N_("{colour} pin home"),
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their pin, in the goal
    "goal": N_("{colour} pin in the goal"),
}
# a pin where it stands elsewhere
STANDING = {
    # TRANSLATORS: {colour} is a player's colour name ("Red"): their pin, waiting to come out
    "base": N_("{colour} pin in base"),
    "space": N_("{colour} pin on space {number}"),
    # TRANSLATORS: {space} is a space's name: "start", "lane 2"
    "on": N_("{colour} pin on {space}"),
}


class Ludo(RaceRules):
    """What the three rule sets share: options, the board builder and notation. Each
    ``variant`` is a subclass with moves and descriptions of its own, which ``ludo_rules`` (and
    so ``get_rules``) picks by the option; this class itself is not built."""

    name = "ludo"
    title = "Ludo"
    pitch = (
        "Two dice, four pins: sixes bring pins out, and landing on a rival sends it back to its "
        "base."
    )
    version = 1
    all_colours = ("red", "green", "yellow", "blue")
    standing = STANDING
    is_ludopy = False
    variant: ClassVar[str]  # the option's value that chooses the subclass (its class keyword)
    option_specs = core_options("ludo")
    _by_variant: ClassVar[dict[str, type[Ludo]]] = {}

    def __init_subclass__(cls, /, variant: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.option("variant").check(variant, cls.name)
        cls.variant = variant
        Ludo._by_variant[variant] = cls

    @staticmethod
    def of_variant(variant: str) -> type[Ludo]:
        """The rule set a (checked) ``variant`` value chooses."""
        return Ludo._by_variant[variant]

    def setup(self) -> None:
        raise TypeError(
            "Ludo is built as one of its variants: get_rules('ludo', players, options) or "
            "pegrace.games.ludo.ludo_rules(players, options)"
        )

    def _build(self) -> None:
        """Called from a variant's ``setup``: the track the core builds for the variant."""
        RaceRules.setup(self)

    def to_words(self, seat: int, position: int) -> Said:
        """As RaceRules', and the last lane slot by the variant's word for it: ``out``
        (two-dice Ludo's exit), ``home``, ``into the goal``."""
        if position == self.goal:
            return GOAL_WORDS[self.track.goal_name]
        return super().to_words(seat, position)

    def goal_words(self) -> Said:
        """The last lane slot's name on the board: ``exit``, ``home``, ``goal``."""
        return GOAL_NAMES[self.track.goal_name]

    def _piece_words(self, seat: int, position: int) -> Said:
        if position == self.goal:
            colour = colour_name(self.colours[seat])
            return said(GOAL_STANDING[self.track.goal_name], colour=colour)
        return super()._piece_words(seat, position)
