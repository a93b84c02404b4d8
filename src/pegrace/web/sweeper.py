"""The turn-based games' sweep (issue 54): every server, now and then, asks the store which
turn-based games have a seat past its time (turns.py's ``turn_due``) and loads each, so that
its driver plays the late turn (or takes the seat over) and the game goes on with nobody
connected, across restarts and whichever server made it."""

from __future__ import annotations

import asyncio
import logging
import time

from pegrace.errors import PegraceError
from pegrace.web.hub import GameHub
from pegrace.web.turns import due_games

LOG = logging.getLogger("pegrace.web")
SWEEPS_AN_HOUR = 60  # a late seat waits at most a minute of the game's clock for its sweep
FASTEST_SWEEP = 0.2  # seconds: however short a test makes the hour


async def sweep(hub: GameHub) -> None:
    """Load every late turn-based game, again and again until cancelled."""
    pause = max(FASTEST_SWEEP, hub.services.limits.turn_hour / SWEEPS_AN_HOUR)
    while True:
        await asyncio.sleep(pause)
        try:
            late = await hub.calls.run(due_games, hub.store, time.time())
        except PegraceError as err:
            LOG.warning("the turn-based games' sweep cannot read the store (%s)", err)
            continue
        for game_id in late:
            try:
                await hub.get(game_id)  # loaded, its driver started; one in memory drives
            except PegraceError as err:
                LOG.warning("turn-based game %s cannot be played on (%s)", game_id, err)
