"""A bot for pegrace's bot protocol (pegrace.outside): one JSON line a decision on standard
input, the first legal action answered on standard output."""

import json
import sys

for line in sys.stdin:
    asked = json.loads(line)
    print(json.dumps({"action": asked["legal"][0]}), flush=True)
