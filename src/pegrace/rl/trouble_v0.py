"""Trouble's PettingZoo AEC environment: `env(players=4, **rule_options)` (wrapped) and
`raw_env(...)`; docs/rl.md describes its actions and observations."""

from __future__ import annotations

from functools import partial

from pegrace.rl.aec import make_env, make_raw

env = partial(make_env, "trouble")
raw_env = partial(make_raw, "trouble")
