"""What the lab (lab.py) and its report (lab_report.py) both say: the measures compared with
the base rules, the level a change is said as fact at, and the numbers in words (percentages
with their intervals, p-values)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, NotRequired, TypedDict

from pegrace.provenance import Provenance

ALPHA = 0.05  # each family's chance of any false claim, at most (Holm's method)
WORDS_NOTE = (
    "In words: a change is said as fact where its p-value, adjusted by Holm's method for the "
    "other tests of its kind, is under 0.05; with 'may' where only the raw p is; otherwise "
    "'no clear effect'. In brackets: 95% intervals."
)
Measure = Literal["length", "skill", "captures"]
MEASURES: tuple[Measure, ...] = ("length", "skill", "captures")  # each one a family of tests


# The lab's report (lab.run makes it; docs/lab.md says what each number is), here so that
# lab.py and lab_report.py both read it. Keys in the order the JSON has them.


class MeanCI(TypedDict):
    mean: float
    ci95: list[float]  # [low, high]
    sd: float


class Spread(MeanCI):
    q10: float
    median: float
    q90: float
    min: float
    max: float


class Length(TypedDict):
    turns: Spread
    rolls: Spread
    minutes: Spread


class SeatWins(TypedDict):
    colour: str
    player: str
    wins: int
    win_rate: float
    ci95: list[float]


class Fairness(TypedDict):
    seats: list[SeatWins]
    chi2: float
    p_value: float
    p_adjusted: NotRequired[float]  # lab.compare adds these two
    grade: NotRequired[str]


class Skill(TypedDict):
    win_rate: float
    wins: int
    games: int
    ci95: list[float]
    fair_share: float


class LeaderWins(TypedDict):
    rate: float
    ci95: list[float]
    games: int


class Drama(TypedDict):
    captures: MeanCI
    lead_changes: MeanCI
    half_time_leader_wins: LeaderWins


class Histogram(TypedDict):
    low: int
    width: int
    counts: list[int]


class Effect(TypedDict):
    """A combination against the base rules: each measure's [change, low, high]."""

    changes: str
    length: list[float]
    skill: list[float]
    captures: list[float]
    p: dict[str, float]  # each measure's and "seats"
    p_adjusted: NotRequired[dict[str, float]]  # lab.compare adds these three
    grade: NotRequired[dict[str, str]]
    summary: NotRequired[str]


class Combination(TypedDict):
    options: dict[str, str]
    games: int
    length: Length
    fairness: Fairness
    skill: Skill
    drama: Drama
    histogram: NotRequired[Histogram]  # lab.run adds it
    effect: NotRequired[Effect]  # every combination but the first (the base rules)


class SkillRun(TypedDict):
    strong: str
    weak: str


class Correction(TypedDict):
    method: str
    alpha: float
    families: list[str]
    words: str


class Report(Provenance):
    game: str
    players: int
    games: int
    seats: dict[str, str]
    skill: SkillRun
    base: dict[str, str]
    seconds_per_roll: float
    skipped: list[str]
    correction: Correction
    combinations: list[Combination]


def changes(reference: Mapping[str, str], options: Mapping[str, str]) -> str:
    """What ``options`` change from ``reference``, e.g. ``finish=deepest-first``."""
    changed = [f"{k}={v}" for k, v in options.items() if reference.get(k) != v]
    return ", ".join(changed) or "the base rules"


def percent(estimate: Sequence[float], signed: bool = False) -> str:
    """``+31% [+29, +33]`` signed; unsigned, for words that say the direction ("longer",
    "shorter"), the sizes alone: ``31% [29, 33]``, ``60% [59, 61]`` for -60% [-61, -59]. To a
    tenth where the change is under 10%."""
    value, low, high = (100 * x for x in estimate)
    places = 1 if max(abs(value), abs(low), abs(high)) < 10 else 0
    return f"{_sized(value, signed, places)}% {interval(low, high, signed, places)}"


def _sized(value: float, signed: bool, places: int) -> str:
    return f"{value:+.{places}f}" if signed else f"{abs(value):.{places}f}"


def interval(low: float, high: float, signed: bool, places: int) -> str:
    """``[+29, +33]`` signed, or the sizes ``[29, 33]`` where both ends lie on one side of 0."""
    if not signed and low * high >= 0:
        low, high = sorted((abs(low), abs(high)))
    else:
        signed = True
    return f"[{_sized(low, signed, places)}, {_sized(high, signed, places)}]"


def p_number(value: float) -> str:
    """A p-value to 3 places (``0.027``, ``< 0.001``); to 4 near ALPHA, so that one just under
    it does not read as ``0.050``."""
    if value < 0.001:
        return "< 0.001"
    return f"{value:.4f}" if abs(value - ALPHA) < 0.005 else f"{value:.3f}"


def p_text(value: float) -> str:
    """``p = 0.027``, or ``p < 0.001``."""
    number = p_number(value)
    return f"p {number}" if number.startswith("<") else f"p = {number}"


def p_words(found: Effect, key: str) -> str:
    """An effect's raw and adjusted p: ``p = 0.027, adjusted p = 0.190``."""
    return f"{p_text(found['p'][key])}, adjusted {p_text(found['p_adjusted'][key])}"
