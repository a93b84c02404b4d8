"""Reinforcement-learning environments (the optional extra ``pegrace[rl]``): PettingZoo AEC
environments of every game, ``pegrace.rl.trouble_v0``, ``ludo_v0``, ``headache_v0`` and
``marbles_v0``, each with ``env(**kwargs)`` and ``raw_env(**kwargs)``; Gymnasium single-agent
environments ``pegrace/Trouble-v0`` ... (pegrace.rl.single), registered on import with the
vector environment (pegrace.rl.vector, ``gymnasium.make_vec``) as their vector entry point.
docs/rl.md has the actions, observations and rewards.

The AEC modules are made here from the games' registry, one per game, so a new game has its
environments without a file of its own; ``import pegrace.rl.ludo_v0`` works as for a file."""

from __future__ import annotations

import sys
from functools import partial
from types import ModuleType

from pegrace.games import ENTRIES
from pegrace.rl.aec import make_env, make_raw
from pegrace.rl.single import register


def _aec_module(game: str, name: str) -> ModuleType:
    module = ModuleType(
        name,
        f"{game}'s PettingZoo AEC environment: ``env(players=4, **rule_options)`` (wrapped) "
        "and ``raw_env(...)``; docs/rl.md describes its actions and observations.",
    )
    module.env = partial(make_env, game)  # type: ignore[attr-defined]
    module.raw_env = partial(make_raw, game)  # type: ignore[attr-defined]
    return module


for _entry in ENTRIES.values():
    _module = _aec_module(_entry.name, _entry.aec_module)
    sys.modules[_entry.aec_module] = _module
    globals()[_module.__name__.rsplit(".", 1)[1]] = _module

register()
