"""``python -m pegrace.web.attackbench NAME PORT[,PORT...] SEED CONNECTIONS ADDRESS``: the
attacker process (attacker.py), as the benchmark starts it."""

from __future__ import annotations

import signal
import sys

from pegrace.web.attackbench.attacker import attacker_main

if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.exit(attacker_main(sys.argv[1:]))
