"""Wald's sequential probability ratio test (SPRT) on a player's wins, as chess engine testing
uses it: after each game (or round of games), the log-likelihood ratio of "win rate p1"
against "win rate p0" is compared with two bounds set by the error rates; the test stops as
soon as it crosses one. ``alpha`` is the chance of accepting p1 when p0 is true, ``beta`` of
accepting p0 when p1 is true (approximately: Wald's bounds are conservative)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pegrace.errors import OptionError, saying
from pegrace.i18n import said

H0, H1, UNDECIDED = "H0", "H1", "undecided"


@dataclass(frozen=True)
class Hypotheses:
    p0: float
    p1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not 0 < self.p0 < 1 or not 0 < self.p1 < 1 or self.p0 == self.p1:
            # TRANSLATORS: {rates} are the two win rates given, as the program writes them
            # ("0.3,0.3"); --until-decided and 0.25,0.27 are kept as typed
            rates = said(
                "--until-decided {rates}: two different win rates between 0 and 1, e.g. 0.25,0.27",
                rates=",".join(format(rate, "g") for rate in (self.p0, self.p1)),
            )
            raise saying(OptionError, rates)
        if not 0 < self.alpha < 0.5 or not 0 < self.beta < 0.5:
            # TRANSLATORS: {alpha} and {beta} are the test's error rates (0.05); (0, 0.5) the
            # range they must lie in, 0 and 0.5 excluded
            errors = said(
                "error rates {alpha}, {beta}: each in (0, 0.5)",
                alpha=float(self.alpha),
                beta=float(self.beta),
            )
            raise saying(OptionError, errors)

    @property
    def lower(self) -> float:
        """At or below: accept p0."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """At or above: accept p1."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, wins: int, games: int) -> float:
        """The log-likelihood ratio of p1 against p0 after ``wins`` of ``games``."""
        losses = games - wins
        return wins * math.log(self.p1 / self.p0) + losses * math.log((1 - self.p1) / (1 - self.p0))

    def decision(self, wins: int, games: int) -> str:
        llr = self.llr(wins, games)
        if llr >= self.upper:
            return H1
        if llr <= self.lower:
            return H0
        return UNDECIDED


def parse_hypotheses(text: str, alpha: float, beta: float) -> Hypotheses:
    """``"0.25,0.27"`` or ``"25%,27%"``: H0's and H1's win rates."""
    parts = [p.strip() for p in text.split(",")]
    try:
        rates = [float(p[:-1]) / 100 if p.endswith("%") else float(p) for p in parts]
    except ValueError:
        rates = []
    if len(rates) != 2:
        # TRANSLATORS: {given} is what was given, as typed; --until-decided and 0.25,0.27 are
        # kept as typed; H0 and H1 are the test's two hypotheses
        unread = said(
            "--until-decided {given}: two win rates, H0's then H1's, e.g. 0.25,0.27", given=text
        )
        raise saying(OptionError, unread)
    return Hypotheses(rates[0], rates[1], alpha, beta)


def first_decision(
    hypotheses: Hypotheses, wins: list[bool], step: int, already: tuple[int, int] = (0, 0)
) -> tuple[str, int, int]:
    """Looks at the outcomes ``wins`` in order, checking after every ``step`` of them (counted
    on from ``already``: wins, games before these); the decision, and the wins and games when
    it was taken (all of them when undecided)."""
    won, played = already
    for start in range(0, len(wins), step):
        chunk = wins[start : start + step]
        won, played = won + sum(chunk), played + len(chunk)
        if len(chunk) == step:
            decided = hypotheses.decision(won, played)
            if decided != UNDECIDED:
                return decided, won, played
    return UNDECIDED, won, played
