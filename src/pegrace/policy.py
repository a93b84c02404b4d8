"""Learned policies as players (``policy`` and ``policy:FILE``): a network trained by
reinforcement learning (examples/ppo_ludo.py, docs/rl.md) rates each legal move from what the
learner sees (the ``moves`` observation: the board and what each move would do) and the player
plays a best-rated one; the native core runs it (core/ai/policy.rs). ``policy`` alone is the
shipped policy for two-dice Ludo (``weights/policy-ludo.json``); ``policy:FILE`` reads the
file ``examples/ppo_ludo.py --observation moves`` writes (``policy.json``).
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pegrace import _core
from pegrace.errors import OptionError, saying, words_of
from pegrace.i18n import said
from pegrace.readers import POLICY_FILE, checked_json, named_file, read_text, regular_file

SHIPPED = Path(__file__).resolve().parent / "weights" / "policy-ludo.json"
LARGEST_FILE = 4_000_000  # bytes: a policy of the largest network the core takes is smaller


@dataclass(frozen=True)
class PolicyFile:
    """A policy file, read and checked by the core: its number there and what reports say."""

    number: int
    sha256: str
    game: str
    trained: str
    file: str  # as the spec named it ("shipped" for the shipped one)

    def setup(self) -> dict[str, Any]:
        """What reports record of it."""
        return {
            "sha256": self.sha256,
            "game": self.game,
            "trained": self.trained,
            "file": self.file,
        }


def describe(setup: dict[str, Any]) -> str:
    """A policy's setup (``PolicyFile.setup``) in a line of a report."""
    where = "the shipped policy" if setup["file"] == "shipped" else f"the policy in {setup['file']}"
    return f"{where} for {setup['game']}, sha256 {setup['sha256']}, trained by {setup['trained']}"


def named(name: str | None) -> PolicyFile:
    """The policy a spec names: ``None`` the shipped one, else a file (a regular file of at
    most ``LARGEST_FILE`` bytes: a FIFO or a device is refused by name, unread)."""
    if name is None:
        return _read(str(SHIPPED), "shipped")
    path = Path(name)
    found = regular_file(path, POLICY_FILE, OptionError)
    return _read(name, name, str(path.resolve()), found.st_mtime_ns, found.st_size)


# by the file (its path as named, and resolved: the same name elsewhere is another file), its
# modification time and size: a file written again is read again
@functools.lru_cache(maxsize=32)
def _read(path: str, name: str, _where: str = "", _changed: int = 0, _size: int = 0) -> PolicyFile:
    text = read_text(Path(path), POLICY_FILE, OptionError, LARGEST_FILE)
    try:
        number = _core.give_policy(text)
    except OptionError as err:  # the core says why
        # TRANSLATORS: {name} is the file as named; {problem} what is wrong with it
        problem = said("policy file {name}: {problem}", name=name, problem=words_of(err))
        raise saying(OptionError, problem) from None
    # the core has read it; what reports show of it must hold no control character
    found = checked_json(text, named_file(POLICY_FILE, name), OptionError)
    return PolicyFile(
        number,
        hashlib.sha256(text.encode()).hexdigest(),
        str(found.get("game")),
        str(found.get("trained", "")),
        name,
    )
