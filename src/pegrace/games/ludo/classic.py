"""Ludo ``variant=classic``: one die, blocks, safe squares, a 6 rolls again."""

from __future__ import annotations

from pegrace.games.ludo.common import CLASSIC, Ludo
from pegrace.i18n import N_, Said
from pegrace.moves import Move, Step
from pegrace.state import State
from pegrace.words import Sentence, Sentences, Who

# how classic Ludo's moves read, to the player and told of them ("finish": into the home)
SENTENCES: Sentences = {
    ("bring", ""): Sentence(
        N_("Bring a pin out"),
        # TRANSLATORS: {who} is a player: a name, or a colour's name ("Red")
        N_("{who} brings a pin out"),
    ),
    ("bring", "send"): Sentence(
        # TRANSLATORS: {victims}: the players whose pins it sends back ("Green and Blue")
        N_("Bring a pin out and send {victims} back to base"),
        N_("{who} brings a pin out and sends {victims} back to base"),
    ),
    ("move", ""): Sentence(
        # TRANSLATORS: {origin} and {target} are spaces: "start", "7", "lane 2"
        N_("Move the pin from {origin} to {target}"),
        N_("{who} moves the pin from {origin} to {target}"),
    ),
    ("move", "send"): Sentence(
        N_("Move the pin from {origin} to {target} and send {victims} back to base"),
        N_("{who} moves the pin from {origin} to {target} and sends {victims} back to base"),
    ),
    ("finish", ""): Sentence(
        # TRANSLATORS: a move that takes the pin into the home it races to
        N_("Move the pin from {origin} home"),
        N_("{who} moves the pin from {origin} home"),
    ),
}


class ClassicLudo(Ludo, variant=CLASSIC):
    """Classic one-die Ludo: blocks, safe squares, a 6 rolls again (third 6 forfeited)."""

    sentences = SENTENCES

    def setup(self) -> None:
        self._build()

    def describe(self, state: State, move: Move, who: Who = None) -> Said:
        """As RaceRules', and a move home in a sentence of its own (``Move the pin from lane 4
        home``)."""
        if isinstance(move, Step) and move.target == self.goal:  # nobody is sent back there
            return self.step_words(state.current, move.origin, move.target, who, "finish")
        return super().describe(state, move, who)
