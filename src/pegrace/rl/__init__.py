"""Reinforcement-learning environments (the optional extra ``pegrace[rl]``): PettingZoo AEC
environments of every game, ``pegrace.rl.trouble_v0``, ``ludo_v0``, ``headache_v0`` and
``marbles_v0``, each with ``env(**kwargs)`` and ``raw_env(**kwargs)``; Gymnasium single-agent
environments ``pegrace/Trouble-v0`` ... (pegrace.rl.single), registered on import with the
vector environment (pegrace.rl.vector, ``gymnasium.make_vec``) as their vector entry point.
docs/rl.md has the actions, observations and rewards."""

from pegrace.rl.single import register

register()
