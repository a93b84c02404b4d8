"""Attack benchmark of the web server (`pegrace bench-web --attack NAME`; a measurement, not a
test).

For each attack it starts `pegrace serve` in a process of its own, as loadbench.py does
(127.0.0.1, a throw-away store, ``--computer-delay 0`` so that a computer's reply time is the
server's own), but with every ``--limit`` at its default (the limits are what is measured) but
the few an attack is about (bench.ATTACK_LIMITS: a /24 counted as one network for
heavy-network, a server at its cap of live games for mine-flood); an earlier commit's server
(``--server-src``) that does not know one of them runs without it, and the report says so.
With ``servers`` > 1 it starts that many servers on a new database of one PostgreSQL server
(``--store URL``; dropped after), the attacker's connections going to each in turn and the
victims playing on the first. Victim games are played throughout at a person's pace (an action
every 100-300 ms): games of two people (each seat on a WebSocket of its own) and games of a
person against ``computer:medium``. Three phases of ``seconds`` each follow: ``quiet`` (no
attack), ``attack`` (one attacker process attacking the same server) and ``after`` (the
attacker gone: does the server recover?). Each reports the victims' answer times (an action
sent -> the state it caused received), the computer's reply times (the state where the
computer is due to act received -> the state showing its roll or move received), what the
attack achieved, and the servers' CPU seconds (their worker processes included).

Addresses: the victims connect from 127.0.1.2 and the attacker from 127.0.0.3 (or, for
heavy-many and heavy-network, from it and the 19 addresses after it: one /24, apart from the
victims'), loopback addresses Linux routes to the server's 127.0.0.1, so the server's
per-address limits tell them apart as they would tell a real attacker from other people, and
none is 127.0.0.1, the address the server trusts as a reverse proxy (docs/web-public.md);
``--attacker-address 127.0.0.1`` attacks as that proxy would. Where such an address cannot be
bound (macOS), 127.0.0.1 is used. Nothing here reaches beyond this machine.

The attacker runs in a process of its own (``python -m pegrace.web.attackbench``: __main__.py),
driven through its standard input (``go``, then ``stop``; end of input stops it too, so it ends
with the benchmark however that ends) and answering on its standard output, one JSON line each.

Its parts, a module each:

- bench.py: the run: a throw-away server for each attack, the three phases, the figures;
- report.py: a phase's figures against the targets, and the whole report in words;
- victims.py: the victims' games, played at a person's pace and timed;
- attacker.py: the attacker process, and its handle on the benchmark's side;
- attack.py: what every attack shares (what it counts, its requests, its result);
- floods.py: the attacks by requests and messages (replay, qr, computers, names, mine-flood,
  queue, codes); identity.py: the attacks on profiles (profiles, signin), with
  authenticator.py's software passkeys
  and by heavy games from many addresses (heavy-many, heavy-network);
- holding.py: the attacks by connections held open (idle, slowloris, slow-body);
- clients.py: the small HTTP and WebSocket clients they all use (built on nothing but the
  server's own dependencies).

The attacks in words are pegrace.web.attacks, apart so that the command's help lists them
without loading any of this.
"""

from __future__ import annotations

from pegrace.web.attackbench.bench import bench_attack
from pegrace.web.attackbench.report import PHASES, format_bench_attack

__all__ = ["PHASES", "bench_attack", "format_bench_attack"]
