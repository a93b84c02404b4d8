"""The computer players and the advice in hand-made positions, for every game (issue 6).

The expert (and hard) take the obvious capture and the winning move; ``hint`` suggests the
same move and says why (or that it is the only legal move, or that no move is due);
``winprob`` is exact once the game is over, favours a side one roll from winning and is even
at the start. Every position is checked to be the one intended (its exact legal moves, and
which of them capture or win) before a player is asked about it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import pytest

from pegrace import get_rules
from pegrace._core import TERMINAL_WEIGHT
from pegrace.advice import hint, winprob
from pegrace.engine import Rules
from pegrace.errors import PegraceError
from pegrace.native import Computer
from pegrace.players import make_player
from pegrace.search import SearchPlayer
from pegrace.state import Phase, State
from positions import moves, position, random_positions

HOME = ["home"] * 4  # Trouble
BASE = ["base"] * 4  # Ludo, Marbles
START = ["start"] * 4  # Headache
HEADACHE_TURNS_DONE = [4, 4, 0]  # both seats past their first four turns; not a bonus pop
CLASSIC_LUDO = {"variant": "classic"}
WAR = {"mode": "war"}


@dataclass(frozen=True)
class Case:
    """A hand-made position, red to move (to roll when ``roll`` is None): ``legal`` is its
    exact set of legal moves, ``right`` the ones that do what the test is about (capture,
    win), and ``says`` what the hint's reason must contain when it suggests one of them."""

    name: str
    game: str
    pieces: dict[str, list[str]]
    roll: Any = None
    legal: frozenset[str] = frozenset()
    right: frozenset[str] = frozenset()
    says: tuple[str, ...] = ()
    options: dict[str, str] = field(default_factory=dict)
    aux: list[int] | None = None

    def build(self) -> tuple[Rules, State]:
        rules, state = position(
            self.game, self.pieces, self.roll, "red", rules=self.options, aux=self.aux
        )
        if self.roll is not None:
            assert moves(rules, state) == self.legal
            assert self.right <= self.legal
        return rules, state


def cases(*groups: tuple[str, list[Case]]) -> Any:
    """Parametrize ``case`` over the groups' cases, each named by its group and game."""
    params = [pytest.param(c, id=f"{group}-{c.name}") for group, items in groups for c in items]
    return pytest.mark.parametrize("case", params)


# Each capture takes a far advanced opponent piece (a lone cone in Headache) and the other
# moves do nothing comparable.
CAPTURES = [
    Case(
        "trouble",
        "trouble",
        {"red": ["track:7", "track:20", "home", "home"], "green": ["track:25", *HOME[:3]]},
        roll=4,
        legal=frozenset({"track:7>track:11", "track:20>track:24", "pass"}),
        right=frozenset({"track:7>track:11"}),  # green's track:25 is space 11
        says=("send Green home", "it captures a piece"),
    ),
    Case(
        "ludo",
        "ludo",
        {"red": ["track:9", "track:20", "base", "base"], "yellow": ["track:40", *BASE[:3]]},
        roll=[3, 4],  # only the whole 7 on track:9 reaches space 16 (yellow's track:40)
        legal=frozenset(
            {
                "3:track:9>track:12 4:track:12>track:16",
                "4:track:9>track:13 3:track:13>track:16",
                "3:track:20>track:23 4:track:23>track:27",
                "4:track:20>track:24 3:track:24>track:27",
                "3:track:20>track:23 4:track:9>track:13",
                "4:track:9>track:13 3:track:20>track:23",
                "3:track:9>track:12 4:track:20>track:24",
                "4:track:20>track:24 3:track:9>track:12",
            }
        ),
        right=frozenset(
            {
                "3:track:9>track:12 4:track:12>track:16",
                "4:track:9>track:13 3:track:13>track:16",
            }
        ),
        says=("send Yellow back to base", "it captures a piece"),
    ),
    Case(
        "ludo-classic",
        "ludo",
        {"red": ["track:17", "track:30", "base", "base"], "yellow": ["track:48", *BASE[:3]]},
        roll=5,
        legal=frozenset({"track:17>track:22", "track:30>track:35"}),
        right=frozenset({"track:17>track:22"}),  # yellow's track:48 is space 22, not safe
        says=("send Yellow back to base", "it captures a piece"),
        options=CLASSIC_LUDO,
    ),
    Case(
        "headache",
        "headache",
        {  # red's other cones lie under a green stack: red owns only the cone on x:1
            "red": ["x:1", "inner:12/1", "inner:12/2", "inner:12/3"],
            "green": ["inner:12/4", "outer:5", "start", "start"],
        },
        roll=[3, 0],
        legal=frozenset({"x:1>outer:5", "x:1>x:2"}),
        right=frozenset({"x:1>outer:5"}),
        says=("onto Green's cone on outer 5, capturing it",),
        aux=HEADACHE_TURNS_DONE,
    ),
    Case(
        "marbles",
        "marbles",
        {"red": ["track:19", "track:30", "base", "base"], "green": ["track:50", *BASE[:3]]},
        roll=3,
        legal=frozenset({"track:19>track:22", "track:30>track:33"}),
        right=frozenset({"track:19>track:22"}),  # green's track:50 is space 22
        says=("send Green back to base", "it captures a piece"),
    ),
]

# Each winning move ends the game with red first; every other legal move does not.
WINS = [
    Case(
        "trouble",
        "trouble",
        {"red": ["track:27", "finish:1", "finish:3", "finish:4"], "green": ["track:25", *HOME[:3]]},
        roll=2,
        legal=frozenset({"track:27>finish:2", "pass"}),
        right=frozenset({"track:27>finish:2"}),
        says=("brings your last piece in",),
    ),
    Case(
        "ludo",
        "ludo",
        {"red": ["exit", "exit", "exit", "lane:3"], "yellow": ["track:40", *BASE[:3]]},
        roll=[1, 2],  # only one die can be used: the 2 brings the pin out, the 1 does not
        legal=frozenset({"2:lane:3>exit", "1:lane:3>lane:4"}),
        right=frozenset({"2:lane:3>exit"}),
        says=("brings your last piece in",),
    ),
    Case(
        "headache",
        "headache",
        {  # green's only own top is the cone on outer:5: capturing it eliminates green
            "red": ["x:1", "inner:12/2", "inner:12/4", "outer:20/2"],
            "green": ["outer:5", "inner:12/1", "inner:12/3", "outer:20/1"],
        },
        roll=[3, 0],
        legal=frozenset(
            {
                "x:1>outer:5",
                "x:1>x:2",
                "outer:20>outer:22",
                "outer:20>inner:15",
                "outer:20>x:6 ccw",
                "inner:12>outer:21",
                "inner:12>inner:14",
                "inner:12>outer:16 ccw",
                "inner:12>inner:10 ccw",
            }
        ),
        right=frozenset({"x:1>outer:5"}),
        says=("onto Green's cone on outer 5, capturing it",),
        aux=HEADACHE_TURNS_DONE,
    ),
    Case(
        "marbles-war",
        "marbles",
        {"red": ["track:19", "track:40", "base", "base"], "green": ["space:20", *["removed"] * 3]},
        roll=1,  # removing green's last marble leaves red the last player with marbles
        legal=frozenset({"track:19>track:20", "track:40>track:41", "base>track:0"}),
        right=frozenset({"track:19>track:20"}),
        says=("remove a Green marble from the game",),
        options=WAR,
    ),
]

# Classic Marbles: the last marble's only move brings it Home (no alternative to choose).
MARBLES_HOME = Case(
    "marbles",
    "marbles",
    {"red": ["track:55", "home:2", "home:3", "home:4"], "green": BASE},
    roll=1,
    legal=frozenset({"track:55>home:1"}),
    right=frozenset({"track:55>home:1"}),
)

# Red to roll, one exact roll from winning, every opponent piece still at the start (in
# Headache: one pop from capturing green's last own cone, red owning 7 of the 8 cones).
LEADS = [
    Case(
        "trouble-4",
        "trouble",
        {
            "red": ["track:27", "finish:2", "finish:3", "finish:4"],
            "yellow": HOME,
            "green": HOME,
            "blue": HOME,
        },
        options={"play_on": "off"},
    ),
    Case("ludo", "ludo", {"red": ["exit", "exit", "exit", "lane:3"], "yellow": BASE}),
    Case(
        "ludo-classic",
        "ludo",
        {"red": ["home", "home", "home", "lane:4"], "yellow": BASE},
        options=CLASSIC_LUDO,
    ),
    Case(
        "headache",
        "headache",
        {
            "red": ["x:1", "inner:12/2", "inner:12/4", "outer:20/2"],
            "green": ["outer:5", "inner:12/1", "inner:12/3", "outer:20/1"],
        },
        aux=HEADACHE_TURNS_DONE,
    ),
    Case("marbles", "marbles", {"red": ["track:55", "home:2", "home:3", "home:4"], "green": BASE}),
]

SINGLE_MOVES = [
    Case(
        "trouble",
        "trouble",
        {"red": ["track:3", *HOME[:3]], "green": HOME},
        roll=2,
        legal=frozenset({"track:3>track:5"}),
        options={"voluntary_pass": "off"},
    ),
    Case(
        "ludo",
        "ludo",
        {"red": BASE, "yellow": BASE},
        roll=[3, 6],
        legal=frozenset({"6:base>track:0 3:track:0>track:3"}),
    ),
    Case(
        "headache",
        "headache",
        {"red": ["outer:0", *START[:3]], "green": START},
        roll=[1, 0],  # red's third turn must move a cone off START; outer:0 is red's own
        legal=frozenset({"start>inner:0"}),
        aux=[2, 4, 0],
    ),
    Case(
        "marbles",
        "marbles",
        {"red": BASE, "green": BASE},
        roll=1,
        legal=frozenset({"base>track:0"}),
    ),
]

GAMES = ("trouble", "ludo", "headache", "marbles")


def describe(rules: Rules, state: State, text: str) -> str:
    return str(rules.describe(state, rules.parse_move(state, text)))


# --- obvious captures --------------------------------------------------------------------


@cases(("capture", CAPTURES))
def test_the_capture_positions_capture_with_the_right_moves_only(case: Case) -> None:
    rules, state = case.build()
    for text in case.legal:
        captures = case.says[0] in describe(rules, state, text)
        assert captures == (text in case.right), text


@cases(("capture", CAPTURES))
def test_hint_suggests_the_capture_and_says_it_captures(case: Case) -> None:
    rules, state = case.build()
    advice = hint(rules, state)
    assert str(advice.move) in case.right
    assert advice.reason.startswith(f"{rules.describe(state, advice.move)}: ")
    for phrase in case.says:
        assert phrase in advice.reason
    assert {str(r.move) for r in advice.ranking} == case.legal
    values = [r.value for r in advice.ranking]
    assert values == sorted(values, reverse=True)  # best first
    others = [r.value for r in advice.ranking if str(r.move) not in case.right]
    assert advice.ranking[0].value > max(others)  # no tie with a move that captures nothing


# --- forced wins -------------------------------------------------------------------------


@cases(("win", WINS))
def test_the_win_positions_are_won_by_the_right_moves_only(case: Case) -> None:
    rules, state = case.build()
    for text in case.legal:
        after = rules.play(state, rules.parse_move(state, text))
        wins = after.is_over and rules.outcome(after).winners == (0,)
        assert wins == (text in case.right), text


@cases(("capture", CAPTURES), ("win", WINS))
@pytest.mark.parametrize("level", ["expert", "hard"])
def test_the_search_levels_take_the_obvious_capture_and_the_winning_move(
    case: Case, level: str
) -> None:
    rules, state = case.build()
    choice = make_player(level, 0).choose(rules, state, rules.legal_moves(state))
    assert str(choice) in case.right


@cases(("win", WINS))
def test_hint_suggests_the_winning_move_valued_as_a_won_game(case: Case) -> None:
    rules, state = case.build()
    advice = hint(rules, state)
    assert str(advice.move) in case.right
    side, final = rules.sides[state.current], rules.play(state, advice.move)
    place = rules.outcome(final).places[side] if final.is_over else rules.decided(final).get(side)
    assert place == 1  # first place for certain
    won = advice.ranking[0].value
    assert won >= TERMINAL_WEIGHT / 4  # a settled first place outweighs any position in play
    assert all(r.value < won for r in advice.ranking[1:])
    for phrase in case.says:
        assert phrase in advice.reason
    computer = Computer(rules)
    if computer.learns:  # a won game is no chance of winning: no figure
        assert computer.learned_chance(won) is None
        assert "percentage points" not in advice.reason


def test_the_hint_is_the_experts_ranking_with_its_learned_chance_of_winning() -> None:
    rules = get_rules("trouble", 4, {"play_on": "off"})
    found = random_positions(rules, seed=11, count=30)
    state = next(s for s in found if len(rules.legal_moves(s)) > 2)
    expert = make_player("expert", 3)
    assert isinstance(expert, SearchPlayer) and expert.learned
    expected = expert.ranking(rules, state, rules.legal_moves(state))
    assert [r.values for r in hint(rules, state, seed=3).ranking] == [r.values for r in expected]
    plain = make_player("expert:model=0", 3)
    assert isinstance(plain, SearchPlayer)
    other = plain.ranking(rules, state, rules.legal_moves(state))
    assert [r.values for r in other] != [r.values for r in expected]


def test_the_hints_margin_is_in_chance_of_winning_where_the_expert_reads_it() -> None:
    for game, unit in (
        ("trouble", "percentage points"),
        ("ludo", "percentage points"),
        ("headache", "percentage points"),  # the learned value's, since 2026-11-25
        ("marbles", "points"),
    ):
        rules = get_rules(game, 4, {"mode": "war"} if game == "marbles" else {})
        found = random_positions(rules, seed=12, count=40)
        margins = []
        for state in found:
            advice = hint(rules, state, ms=10)
            best, *rest = advice.ranking
            other = next((r for r in rest if r.values != best.values), None)
            if other is None:
                continue
            computer = Computer(rules)
            if unit == "points":
                assert computer.learned_chance(best.value) is None
                shown = best.value - other.value
            else:
                high = computer.learned_chance(best.value)
                low = computer.learned_chance(other.value)
                if high is None or low is None:
                    continue  # a value that counts finished games
                shown = 100 * (high - low)
            if shown >= 0.05:
                assert f"{shown:.1f} {unit}" in advice.reason
                margins.append(shown)
        assert margins, f"no {game} position with a margin to show"


# --- winprob -----------------------------------------------------------------------------


@cases(("win", WINS), ("home", [MARBLES_HOME]))
def test_winprob_of_a_finished_game_is_exact(case: Case) -> None:
    rules, state = case.build()
    (winning,) = case.right
    over = rules.play(state, rules.parse_move(state, winning))
    assert over.phase == Phase.OVER
    chances = winprob(rules, over, playouts=200, seed=0)
    assert [(c.side, c.chance, c.low, c.high, c.playouts) for c in chances] == [
        (rules.side_name(side), float(side == 0), float(side == 0), float(side == 0), 0)
        for side in range(rules.side_count)
    ]


@cases(("lead", LEADS))
def test_winprob_favours_the_side_one_roll_from_winning(case: Case) -> None:
    rules, state = case.build()
    assert state.phase == Phase.ROLL and state.current == 0
    leader, *others = winprob(rules, state, playouts=100, seed=0)
    assert leader.side == "red" and leader.playouts == 100
    assert leader.low > 0.5  # the whole interval, not only the estimate
    assert all(leader.chance > other.chance for other in others)


@pytest.mark.parametrize(("game", "players"), [("trouble", 4), *((g, 2) for g in GAMES[1:])])
def test_winprob_at_the_start_gives_every_side_its_fair_share(game: str, players: int) -> None:
    """Seeded, so not flaky: each side's 95% interval over 200 playouts holds 1/players."""
    rules = get_rules(game, players)
    chances = winprob(rules, rules.initial_state(), playouts=200, seed=0)
    assert [c.side for c in chances] == list(rules.colours)
    for chance in chances:
        assert chance.playouts == 200 and chance.wins == round(chance.chance * 200)
        assert chance.low <= 1 / players <= chance.high, chance


# --- hint in positions without a choice ---------------------------------------------------


@cases(("single", SINGLE_MOVES))
def test_hint_with_one_legal_move_says_it_is_the_only_legal_move(case: Case) -> None:
    rules, state = case.build()
    (only,) = case.legal
    advice = hint(rules, state)
    assert str(advice.move) == only
    assert advice.reason == f"{describe(rules, state, only)}: it is the only move"


@cases(("lead", LEADS))
def test_hint_when_no_move_is_due_is_refused_naming_the_position(case: Case) -> None:
    rules, rolling = case.build()
    for state in (rules.initial_state(), rolling):  # the roll-off, a roll
        assert state.phase != Phase.MOVE
        message = "nothing to hint: " + re.escape(rules.summary(state))
        with pytest.raises(PegraceError, match=message):
            hint(rules, state)


# --- counting captures (Rules.captured): pieces, not sorted slots; covered cones, not carried ---


def test_hint_counts_one_piece_sent_back_when_the_opponent_has_another_behind() -> None:
    pieces = {
        "red": ["track:7", "track:20", *HOME[:2]],
        "green": ["track:25", "track:3", *HOME[:2]],
    }
    rules, state = position("trouble", pieces, 4)
    assert moves(rules, state) == {"track:7>track:11", "track:20>track:24", "pass"}
    assert "it captures a piece" in hint(rules, state).reason


def test_the_aggressive_player_takes_the_winning_capture_in_headache() -> None:
    (case,) = [c for c in WINS if c.game == "headache"]
    rules, state = case.build()
    choice = make_player("aggressive", 0).choose(rules, state, rules.legal_moves(state))
    assert str(choice) in case.right
