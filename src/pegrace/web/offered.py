"""The players from outside a server offers (issue 56): its operator lists them, by a name of
their choosing, when it starts (`pegrace serve --outside-player NAME=SPEC`); a web game's seat
names one as ``computer:outside:NAME``. No code comes from clients: a seat sent as
``module:...``, ``bot:...`` or any other outside player's spec is refused, and a name the
operator did not list is not a seat kind. The spec itself stays on the server (a command line
or a path is nobody's business); records and pages carry the name."""

from __future__ import annotations

import re
from collections.abc import Iterable

from pegrace import outside
from pegrace.errors import OptionError, saying
from pegrace.i18n import Said, said
from pegrace.players import make_player, split_spec

KIND = "outside"  # the seat kind's word: computer:outside:NAME
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")  # lower case: a seat kind is read so

_listed: dict[str, str] = {}  # name -> spec, as the operator gave them


def offer(given: Iterable[str]) -> dict[str, str]:
    """The operator's ``NAME=SPEC`` list, checked (a clear error naming the entry) and made the
    server's offer; each player is made once here, so a module that does not load fails at
    start, not in a game."""
    found: dict[str, str] = {}
    for entry in given:
        name, equals, spec = entry.partition("=")
        name, spec = name.strip(), spec.strip()
        if not equals or not NAME.fullmatch(name) or name in found:
            raise saying(OptionError, bad_entry(entry))
        if split_spec(spec)[0] not in outside.KINDS:
            raise saying(OptionError, bad_entry(entry))
        make_player(spec)
        found[name] = spec
    _listed.clear()
    _listed.update(found)
    return found


def bad_entry(entry: str) -> Said:
    kinds = ", ".join(f"{kind}:..." for kind in outside.KINDS)
    # TRANSLATORS: {entry} is what the operator gave, quoted; NAME=SPEC as typed; {kinds} the
    # kinds of players from outside as typed ("module:..., bot:...")
    return said(
        "--outside-player {entry}: write NAME=SPEC, NAME in lower-case letters, digits, - and _ "
        "(at most 32, each once), SPEC a player from outside ({kinds})",
        entry=repr(entry),
        kinds=kinds,
    )


def names() -> list[str]:
    """The seat kinds of the players offered, in the operator's order."""
    return [f"computer:{KIND}:{name}" for name in _listed]


def listed(kind: str) -> str | None:
    """The seat kind of an offered player (``outside:NAME`` or ``computer:outside:NAME``), or
    None where ``kind`` names none."""
    word, _, name = kind.removeprefix("computer:").partition(":")
    return f"computer:{KIND}:{name}" if word == KIND and name in _listed else None


def seat(kind: str, colour: Said, given: object) -> str:
    """The seat kind of an offered player, or a refusal naming the seat and what is offered."""
    found = listed(kind)
    if found is None:
        # TRANSLATORS: {colour} is a seat's colour, {kind} the seat kind sent ("'bot:./mine'");
        # {kinds} the ones this server offers, as a request writes them
        words = said(
            "seat {colour}: {kind}: a web game plays only the players from outside its server "
            "offers ({kinds})",
            colour=colour,
            kind=repr(given),
            kinds=", ".join(names()) or "-",
        )
        raise saying(OptionError, words)
    return found


def longest_seconds() -> float:
    """The longest an outside player's decision may keep a worker, its start included (a bot's
    first decision has STARTING_SECONDS more): the server's own move limit applies if longer."""
    return outside.decision_seconds() + outside.STARTING_SECONDS + 1.0


def is_outside(kind: str) -> bool:
    """Whether a seat kind names a player from outside, offered or not."""
    word = split_spec(kind)[0] if kind.strip() else ""
    return word in outside.KINDS or word == KIND


def playable(spec: str) -> str:
    """The spec a worker plays for a seat: an offered player's own, else ``spec`` as it is."""
    word, _, name = spec.removeprefix("computer:").partition(":")
    return _listed.get(name, spec) if word == KIND else spec
