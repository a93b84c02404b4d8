"""A bot that goes wrong on purpose (argv[1]): "crash" ends after two answers, "slow" takes a
minute, "garbage" answers what is not JSON, "illegal" an action that is not legal."""

import json
import sys
import time

how = sys.argv[1]
for answered, line in enumerate(sys.stdin):
    asked = json.loads(line)
    if how == "crash" and answered >= 2:
        sys.exit(3)
    if how == "slow":
        time.sleep(60)
    if how == "garbage":
        print("not json", flush=True)
        continue
    action = -1 if how == "illegal" else asked["legal"][0]
    print(json.dumps({"action": action}), flush=True)
