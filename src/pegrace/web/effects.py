"""What the lab measured each rule option's value to do (lab_effects.json, made by
tools/lab_effects.py), in words a person reads in their own language: a ``Said`` for the
page, built from the measured figures the way lab.py's ``summary`` words them in English (the
same sentence there), and the note of how it was measured."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

from pegrace.i18n import Fixed, Said, said, said_n
from pegrace.lab_words import ALPHA
from pegrace.words import NAMED, computer_word

# the skill run as lab_effects.json notes it: "medium against 3 random"
SKILL_RUN = re.compile(r"(\w+) against (\d+) (\w+)")
# the best seat of a rule that leaves the seats unequal: the shipped file keeps it only in the
# English sentence ("makes the seats unequal (green wins 25.6% [25.0%, 26.2%]; p = ...")
UNEQUAL = re.compile(
    r"\b(makes|leaves|may make|may leave) the seats unequal \((\w+) wins (\S+) (\[[^]]*\]);"
)
# a number of that sentence ("25.6%", "[25.0%, 26.2%]")
NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
Number = Said | int | Fixed  # a number as an argument: each language writes it its own way


def measured_note(measured: Mapping[str, Any]) -> Said:
    """How the effects were measured: "Effects measured by pegrace lab against each option's
    default: 20,000 games of 4 medium players a rule, skill as medium against 3 random."."""
    run = SKILL_RUN.fullmatch(str(measured["skill"]))
    skill: Said | str = str(measured["skill"])
    if run:
        # TRANSLATORS: who played the games that measured skill: "medium against 3 random"
        # (computers' levels)
        skill = said(
            "{strong} against {count} {weak}",
            strong=computer_word(run[1]),
            count=run[2],
            weak=computer_word(run[3]),
        )
    # TRANSLATORS: under the rule options: how the effect shown beside each was measured;
    # {level} and {skill} are computers' levels
    return said_n(
        "Effects measured by pegrace lab against each option's default: {count} game of "
        "{players} {level} players a rule, skill as {skill}.",
        "Effects measured by pegrace lab against each option's default: {count} games of "
        "{players} {level} players a rule, skill as {skill}.",
        int(measured["games"]),
        players=int(measured["players"]),
        level=computer_word(str(measured["seats"])),
        skill=skill,
    )


def skill_players(measured: Mapping[str, Any]) -> Said | str:
    """Who played the skill run, as an effect says it: "medium against random players"."""
    run = SKILL_RUN.fullmatch(str(measured.get("skill", "")))
    if not run:
        return str(measured.get("skill", ""))
    # TRANSLATORS: who played the games that measured skill: computers' levels ("medium against
    # random players")
    return said(
        "{strong} against {weak} players", strong=computer_word(run[1]), weak=computer_word(run[3])
    )


# ------------------------------------------------------------------ numbers
# Numbers go into the words as numbers (rounded as lab_words.py writes them), so that each
# language writes them its own way ("4.2", "4,2": pegrace/i18n.py ``written``).
def rounded(value: float, places: int) -> int | Fixed:
    """``value`` to ``places`` decimals, written with all of them ("7.0"); to none, a whole
    number."""
    return round(value) if places == 0 else Fixed(round(value, places), places)


def signed(value: float, places: int) -> Number:
    """``value`` to ``places`` decimals with its sign: "+0.3", "-0.3" (and "+0")."""
    if round(value, places) < 0:
        return rounded(value, places)
    # TRANSLATORS: a number that grew (or did not change), with its sign: "+0.3"
    return said("+{number}", number=rounded(abs(value), places))  # abs: no "+-0"


def sized(value: float, is_signed: bool, places: int) -> Number:
    return signed(value, places) if is_signed else rounded(abs(value), places)


def percentage(number: Number) -> Said:
    # TRANSLATORS: a percentage; {percent} is a number ("42%", "4.2%", "+0.1%")
    return said("{percent}%", percent=number)


def interval(low: float, high: float, is_signed: bool, places: int) -> Said:
    """``[+29, +33]`` signed, or the sizes ``[29, 33]`` where both ends lie on one side of 0
    (lab_words.py's ``interval``)."""
    if not is_signed and low * high >= 0:
        low, high = sorted((abs(low), abs(high)))
    else:
        is_signed = True
    return interval_of(sized(low, is_signed, places), sized(high, is_signed, places))


def interval_of(low: Number, high: Number) -> Said:
    # TRANSLATORS: a 95% interval, from {low} to {high}: "[7, 11]", "[25.0%, 26.2%]" (where
    # numbers are written with a decimal comma, "[6,2; 7,0]" may read better)
    return said("[{low}, {high}]", low=low, high=high)


def percent(estimate: list[float], is_signed: bool = False) -> Said:
    """``+31% [+29, +33]`` signed, or the sizes ``31% [29, 33]`` (lab_words.py's
    ``percent``): to a tenth where the change is under 10%."""
    value, low, high = (100 * x for x in estimate)
    places = 1 if max(abs(value), abs(low), abs(high)) < 10 else 0
    # TRANSLATORS: a measured change and its 95% interval: "9% [7, 11]", "+0.1% [-0.6, +0.8]"
    return said(
        "{estimate} {interval}",
        estimate=percentage(sized(value, is_signed, places)),
        interval=interval(low, high, is_signed, places),
    )


def read_number(text: str) -> int | Fixed:
    """A number as the lab's sentence writes it ("25.6", "7.0"), its decimals kept."""
    whole, point, decimals = text.partition(".")
    return Fixed(float(text), len(decimals)) if point else int(whole)


def read_percentage(text: str) -> Said | str:
    """A percentage as the lab's sentence writes it ("25.6%"); anything else as it is."""
    found = NUMBER.fullmatch(text.removesuffix("%"))
    return percentage(read_number(found[0])) if found else text


def p_text(value: float) -> Said:
    """``p = 0.027``, or ``p < 0.001``: to 3 places, to 4 near ALPHA (lab_words.py's
    ``p_number``)."""
    if value < 0.001:
        # TRANSLATORS: a p-value below a bound (statistics): "p < 0.001"
        return said("p < {p}", p=Fixed(0.001, 3))
    # TRANSLATORS: a p-value (statistics): "p = 0.027"
    places = 4 if abs(value - ALPHA) < 0.005 else 3
    return said("p = {p}", p=Fixed(round(value, places), places))


def p_words(found: Mapping[str, Any], key: str) -> Said:
    """An effect's raw and adjusted p: ``p = 0.027, adjusted p = 0.190``."""
    # TRANSLATORS: a p-value and the same adjusted for the other tests (Holm's method): "p = 0.027,
    # adjusted p = 0.190"
    return said(
        "{p}, adjusted {adjusted}",
        p=p_text(found["p"][key]),
        adjusted=p_text(found["p_adjusted"][key]),
    )


def _length(found: Mapping[str, Any]) -> Said:
    change = found["length"]
    if found["grade"]["length"] == "unclear":
        # TRANSLATORS: a measure the rule has no clear effect on: {change} is "+0.0% [-0.3, +0.3]"
        return said("game length ({change})", change=percent(change, is_signed=True))
    size, longer = percent(change), change[0] > 0
    if found["grade"]["length"] == "maybe":
        p = p_words(found, "length")
        if longer:
            # TRANSLATORS: what a rule may do (p-values in brackets): {size} is "9% [7, 11]"
            return said("may make games {size} longer ({p})", size=size, p=p)
        return said("may make games {size} shorter ({p})", size=size, p=p)
    # TRANSLATORS: what a rule does, measured: {size} is "9% [7, 11]" (a 95% interval in brackets)
    return (
        said("makes games {size} longer", size=size)
        if longer
        else said("makes games {size} shorter", size=size)
    )


def _skill(found: Mapping[str, Any], who: Said | str) -> Said:
    points = [100 * x for x in found["skill"]]
    if found["grade"]["skill"] == "unclear":
        # TRANSLATORS: a measure the rule has no clear effect on: "+0.1 points [-0.2, +0.5]"
        # (win-rate points)
        return said(
            "skill ({points} points {interval})",
            points=signed(points[0], 1),
            interval=interval(points[1], points[2], True, 1),
        )
    args: dict[str, Said | str | int | Fixed] = {
        "who": who,
        "points": rounded(abs(points[0]), 1),
        "sizes": interval(points[1], points[2], False, 1),
    }
    more = points[0] > 0
    if found["grade"]["skill"] == "maybe":
        args["p"] = p_words(found, "skill")
        if more:
            # TRANSLATORS: {who} is "medium against random players"; {points} win-rate points,
            # {sizes} their 95% interval; {p} p-values
            return said(
                "may reward skill more ({who} wins {points} points more often {sizes}; {p})", **args
            )
        return said(
            "may reward skill less ({who} wins {points} points less often {sizes}; {p})", **args
        )
    if more:
        # TRANSLATORS: {who} is "medium against random players"; {points} win-rate points, {sizes}
        # their 95% interval
        return said("rewards skill more ({who} wins {points} points more often {sizes})", **args)
    return said("rewards skill less ({who} wins {points} points less often {sizes})", **args)


def _captures(found: Mapping[str, Any]) -> Said | None:
    change = found["captures"]
    if not math.isfinite(change[0]):
        return None  # no captures under the base rules: no ratio to give
    if found["grade"]["captures"] == "unclear":
        # TRANSLATORS: a measure the rule has no clear effect on: {change} is "+0.1% [-0.6, +0.8]"
        return said("captures ({change})", change=percent(change, is_signed=True))
    size, more = percent(change), change[0] > 0
    if found["grade"]["captures"] == "maybe":
        p = p_words(found, "captures")
        # TRANSLATORS: what a rule may do (p-values in brackets): {size} is "4.2% [3.4, 5.0]"
        return (
            said("may have {size} more captures ({p})", size=size, p=p)
            if more
            else said("may have {size} fewer captures ({p})", size=size, p=p)
        )
    # TRANSLATORS: what a rule does, measured: {size} is "4.2% [3.4, 5.0]" (a 95% interval in
    # brackets)
    return (
        said("has {size} more captures", size=size)
        if more
        else said("has {size} fewer captures", size=size)
    )


def _seats(found: Mapping[str, Any], sentence: str) -> Said:
    p = p_words(found, "seats")
    unequal = UNEQUAL.search(sentence)
    if found["grade"]["seats"] == "unclear" or not unequal:
        # TRANSLATORS: a measure the rule has no clear effect on, with its p-value
        return said("seat fairness ({p})", p=p_text(found["p"]["seats"]))
    verb, colour, rate, sizes = unequal.groups()
    ends = [percentage(read_number(n)) for n in NUMBER.findall(sizes)]
    # TRANSLATORS: the seat that wins most often: {colour} is a colour's name, {rate} "25.6%",
    # {sizes} its 95% interval "[25.0%, 26.2%]"
    best = said(
        "{colour} wins {rate} {sizes}",
        colour=NAMED.get(colour, colour),
        rate=read_percentage(rate),
        sizes=interval_of(*ends) if len(ends) == 2 else sizes,
    )
    # TRANSLATORS: what a rule does to the seats' chances: {best} the seat that wins most often, {p}
    # p-values
    words = {
        "makes": said("makes the seats unequal ({best}; {p})", best=best, p=p),
        "leaves": said("leaves the seats unequal ({best}; {p})", best=best, p=p),
        "may make": said("may make the seats unequal ({best}; {p})", best=best, p=p),
        "may leave": said("may leave the seats unequal ({best}; {p})", best=best, p=p),
    }
    return words[verb]


def _listed(items: list[Said], last: str) -> Said:
    """ "A, B and C" (``last`` "and") or "A, B or C" (``last`` "or")."""
    listed = items[0]
    for index, item in enumerate(items[1:], 2):
        if index < len(items):
            # TRANSLATORS: a list, one more item: {list} the items so far, {item} the next one
            listed = said("{list}, {item}", list=listed, item=item)
        elif last == "and":
            # TRANSLATORS: a list, its last item: {list} the items so far, {item} the last one ("A,
            # B and C")
            listed = said("{list} and {item}", list=listed, item=item)
        else:
            # TRANSLATORS: choices, listed: {list} is one choice or more already joined, {item} the
            # next one
            listed = said("{list} or {item}", list=listed, item=item)
    return listed


def effect_words(changes: str, found: Mapping[str, Any], who: Said | str) -> Said:
    """What the rule ``changes`` ("finish=deepest-first", never translated) does, measured
    (``found``: its entry in lab_effects.json; ``who``: who played the skill run)."""
    if not any(found[m][0] for m in ("length", "skill", "captures")):
        # TRANSLATORS: {changes} is a rule option and value as written in code: "partner_roll=off"
        return said(
            "{changes} plays the very same games here (it matters only with other options)",
            changes=changes,
        )
    worded = {
        "length": _length(found),
        "skill": _skill(found, who),
        "captures": _captures(found),
        "seats": _seats(found, str(found.get("summary", ""))),
    }
    claims = [w for k, w in worded.items() if w and found["grade"][k] != "unclear"]
    unclear = [w for k, w in worded.items() if w and found["grade"][k] == "unclear"]
    if claims and unclear:
        # TRANSLATORS: {changes} is a rule option and value as written in code ("finish=deepest-
        # first"); {claims} what it does; {unclear} the measures it has no clear effect on
        return said(
            "{changes} {claims}, with no clear effect on {unclear}",
            changes=changes,
            claims=_listed(claims, "and"),
            unclear=_listed(unclear, "or"),
        )
    if claims:
        # TRANSLATORS: {changes} is a rule option and value as written in code ("finish=deepest-
        # first"); {claims} what it does
        return said("{changes} {claims}", changes=changes, claims=_listed(claims, "and"))
    # TRANSLATORS: {changes} is a rule option and value as written in code ("finish=deepest-first");
    # {unclear} the measures it has no clear effect on
    return said(
        "{changes} has no clear effect on {unclear}",
        changes=changes,
        unclear=_listed(unclear, "or"),
    )
