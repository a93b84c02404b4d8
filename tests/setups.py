"""The rule setups (game, player count, options) that the native core is checked under: every
game, variant and option, shared by tests/test_native_rules.py and the recorded corpus
(tests/corpus/record.py, tests/test_corpus.py)."""

from __future__ import annotations

SETUPS: list[tuple[str, int, dict[str, str]]] = [
    ("trouble", 4, {}), ("trouble", 3, {}), ("trouble", 2, {}),
    ("trouble", 4, {"turn_order": "counterclockwise"}),
    ("trouble", 3, {"voluntary_pass": "off"}),
    ("trouble", 4, {"six_bonus": "if-played"}),
    ("trouble", 2, {"three_sixes": "forfeit"}),
    ("trouble", 4, {"three_sixes": "forfeit", "six_bonus": "if-played", "voluntary_pass": "off"}),
    ("trouble", 3, {"finish": "deepest-first"}),
    ("trouble", 4, {"play_on": "off"}),
    ("trouble", 2, {"two_sets": "on"}),
    ("trouble", 2, {"two_sets": "on", "play_on": "off", "finish": "deepest-first"}),
    ("ludo", 4, {}), ("ludo", 3, {}), ("ludo", 2, {}),
    ("ludo", 4, {"play_on": "on"}), ("ludo", 2, {"play_on": "on"}),
    ("ludo", 4, {"variant": "classic"}), ("ludo", 2, {"variant": "classic"}),
    ("ludo", 3, {"variant": "classic", "safe_squares": "off"}),
    ("ludo", 4, {"variant": "classic", "three_sixes": "off", "play_on": "on"}),
    ("marbles", 4, {}), ("marbles", 3, {}), ("marbles", 2, {}),
    ("marbles", 4, {"play_on": "on"}),
    ("marbles", 4, {"teams": "on"}), ("marbles", 4, {"teams": "on", "partner_roll": "off"}),
    ("marbles", 4, {"teams": "on", "play_on": "on"}),
    ("marbles", 4, {"mode": "war"}), ("marbles", 2, {"mode": "war"}),
    ("marbles", 3, {"mode": "war", "turn_limit": "40"}),
    ("marbles", 4, {"mode": "war", "teams": "on"}),
    ("headache", 4, {}), ("headache", 3, {}), ("headache", 2, {}),
    ("headache", 4, {"challenge": "on"}), ("headache", 3, {"turn_limit": "30"}),
    ("ludo", 4, {"variant": "ludopy"}), ("ludo", 3, {"variant": "ludopy"}),
    ("ludo", 2, {"variant": "ludopy", "play_on": "on"}),
]  # fmt: skip
