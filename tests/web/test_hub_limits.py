"""What one client may take of the hub, in process: the live games one network's clients
made (an IPv6 /56, so that a subscriber's many /64s count once; an IPv4 /24 on request), and
the games loaded from the store for one address, which the lobby's ``mine=`` is charged too:
once they are spent, the lobby answers from what is in memory and reads no game."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from webclient import TWO_HUMANS, watch

from pegrace.games import get_rules
from pegrace.web.hub import GameHub
from pegrace.web.limits import Limits, address_key
from pegrace.web.refusals import TooMany
from pegrace.web.session import GameSession
from pegrace.web.settings import GameSettings
from pegrace.web.store import Store

SETTINGS = GameSettings("trouble", 2, dict(get_rules("trouble", 2).options), TWO_HUMANS, 3, 0.0)


async def made_by(hub: GameHub, host: str) -> GameSession:
    game, _ = await hub.create(SETTINGS, SETTINGS.rules(), owner=address_key(host))
    return game


def with_hub(
    folder: Path, limits: Limits, test: Callable[[GameHub, Store], Awaitable[None]]
) -> None:
    async def run() -> None:
        store = Store(folder / "games.sqlite3")
        hub = GameHub(store, computer_delay=0.0, limits=limits)
        try:
            await test(hub, store)
        finally:
            await hub.close()
            store.close()

    asyncio.run(run())


def test_one_ipv6_56_holds_at_most_its_live_games(tmp_path: Path) -> None:
    """Three /64s of one /56 fill its share with games in use: a fourth /64 of it is refused,
    another /56 is not; once one of the network's games is idle, it makes room for the next."""

    async def test(hub: GameHub, store: Store) -> None:
        games = [await made_by(hub, f"2001:db8:1:{n}::1") for n in range(3)]
        watchers = [await watch(game) for game in games]
        with pytest.raises(TooMany, match="from one network"):
            await made_by(hub, "2001:db8:1:ff::1")
        await made_by(hub, "2001:db8:2::1")  # another subscriber's /56
        await games[0].leave(watchers[0])  # nobody watches the first any more
        newest = await made_by(hub, "2001:db8:1:ff::1")
        assert games[0].id not in hub.sessions and newest.id in hub.sessions
        assert len(hub.sessions) == 4

    with_hub(tmp_path, Limits(live_games_per_network=3), test)


@pytest.mark.parametrize(("bits", "refused"), [(32, False), (24, True)])
def test_an_ipv4_24_is_one_network_only_when_asked(
    tmp_path: Path, bits: int, refused: bool
) -> None:
    async def test(hub: GameHub, store: Store) -> None:
        await watch(await made_by(hub, "203.0.113.7"))
        if refused:
            with pytest.raises(TooMany, match="from one network"):
                await made_by(hub, "203.0.113.8")
        else:
            await made_by(hub, "203.0.113.8")

    limits = Limits(live_games_per_network=1, network_ipv4_bits=bits)
    with_hub(tmp_path, limits, test)


def counting_loads(store: Store) -> list[str]:
    """The ids of the games ``store`` is asked to read whole, from now on."""
    read: list[str] = []
    load_game = store.load_game

    def counted(game_id: str) -> Any:
        read.append(game_id)
        return load_game(game_id)

    store.load_game = counted  # type: ignore[method-assign]
    return read


def listed(lobby: Any) -> set[str]:
    return {game["id"] for game in lobby["mine"]}


def test_the_lobby_reads_no_game_for_an_address_past_its_loads(tmp_path: Path) -> None:
    """Twelve stored games named in ``mine`` again and again by an address whose loads are
    spent: none of them is read from the store, the games it has loaded are still listed,
    and an unknown id costs no reading either."""
    loads = 3

    async def make(hub: GameHub, store: Store) -> None:
        for _ in range(12):
            await made_by(hub, "198.51.100.1")

    with_hub(tmp_path, Limits(), make)  # stored, then out of memory with that hub

    async def test(hub: GameHub, store: Store) -> None:
        mine = [*store.game_ids(), "unknownGame1"]
        read = counting_loads(store)
        first = listed(await hub.lobby(mine, key="203.0.113.9"))
        assert len(read) == len(hub.sessions) == loads  # the address's loads, then no more
        for _ in range(20):
            assert listed(await hub.lobby(mine, key="203.0.113.9")) == first
        assert len(read) == len(hub.sessions) == loads
        assert first == set(hub.sessions) and "unknownGame1" not in read

    with_hub(tmp_path, Limits(loads_per_minute=loads), test)
