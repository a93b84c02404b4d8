"""How soon the web app's win chances come, step by step (issue 23: under 2 s in all).

    python benchmarks/web_winprob.py [--seed 3]

For each game, a 4-person game at its start on the app in this process (its worker processes
included, as `pegrace serve` runs them); one `winprob` asked over a WebSocket; the wall time
at which each answer arrives (200, 600, then 2,000 playouts: `advising.WINPROB_STEPS`).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "web"))
from webclient import hello, new_game, next_of, running

from pegrace.games import get_rules, list_games

GAMES = list_games()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", maxsplit=1)[0])
    parser.add_argument("--seed", type=int, default=3, help="the games' dice seed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, running(Path(folder) / "g.sqlite3") as client:
        for game in GAMES:
            colours = get_rules(game, 4).colours
            created = new_game(
                client, game=game, seats=dict.fromkeys(colours, "human"), seed=args.seed
            )
            with client.websocket_connect(f"/ws/{created['id']}") as ws:
                hello(ws, list(created["tokens"].values()))
                start = time.perf_counter()
                ws.send_json({"type": "winprob"})
                arrived = []
                while True:
                    answer = next_of(ws, "winprob")
                    arrived.append(f"{answer['playouts']} at {time.perf_counter() - start:.2f} s")
                    if answer["final"]:
                        break
            print(f"{game:9} {', '.join(arrived)}", flush=True)


if __name__ == "__main__":
    main()
