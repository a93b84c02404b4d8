"""Advice for people: the expert's suggested move with a short reason (``hint``), and each
side's estimated chance of winning from a position (``learned_chances``: the value learned by
self-play, instant; ``winprob``: Monte-Carlo playouts with the medium player, with 95% Wilson
intervals; both exact once the game is over)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from pegrace import native
from pegrace.engine import Rules
from pegrace.errors import PegraceError, saying
from pegrace.i18n import Fixed, Said, said, said_n
from pegrace.moves import Move
from pegrace.players import core_player
from pegrace.search import RankedMove, SearchPlayer
from pegrace.simulate import wilson
from pegrace.state import Phase, State

PLAYOUT_PLAYER = "medium"  # who plays every seat in winprob's playouts


@dataclass(frozen=True)
class Hint:
    move: Move
    # why the expert prefers it, e.g. "it captures a piece; 4.2 percentage points ...", in
    # words for a person's language
    why_said: Said
    ranking: tuple[RankedMove, ...]  # every legal move with its search value, best first
    depth: int
    described: Said  # the move in words (``rules.describe``)

    @property
    def why(self) -> str:
        """Why the expert prefers it, in English."""
        return str(self.why_said)

    @property
    def reason(self) -> str:
        """The move and why: "<the move in words>: <why>"."""
        return f"{self.described}: {self.why}"


@dataclass(frozen=True)
class WinChance:
    side: str
    wins: int
    playouts: int  # 0 when the game is over and the answer is exact
    chance: float
    low: float
    high: float

    def __str__(self) -> str:
        if self.playouts == 0:
            return f"{self.side}: {self.chance:.0%} (game over)"
        return f"{self.side}: {self.chance:.0%} [{self.low:.0%}, {self.high:.0%}]"


def hint(rules: Rules, state: State, *, ms: float = 100.0, seed: int | str = 0) -> Hint:
    """The expert's move for the seat to move, with why it prefers it."""
    if state.phase != Phase.MOVE:
        # TRANSLATORS: {position} is the position in the game's notation
        due = said(
            "no move is due, so there is nothing to hint: {position}",
            position=rules.summary(state),
        )
        raise saying(PegraceError, due)
    expert = SearchPlayer(seed, ms=ms)
    ranking = expert.ranking(rules, state, rules.legal_moves(state))
    best = ranking[0]
    computer = expert.computer
    assert computer is not None  # the ranking asked it
    why = explain(rules, computer, state, ranking)
    described = rules.describe(state, best.move)
    return Hint(best.move, why, tuple(ranking), expert.last_depth, described)


def explain(
    rules: Rules, computer: native.Computer, state: State, ranking: list[RankedMove]
) -> Said:
    """Why the best of ``ranking`` is best, in plain words: what it does (brings the last
    piece in, captures, leaves pieces safer or riskier) and by how much it beats the next."""
    best = ranking[0]
    if len(ranking) == 1:
        return said("it is the only move")
    reasons = move_reasons(rules, computer, state, best.move)
    other = next((r for r in ranking[1:] if r.values != best.values), None)
    if other is None:
        reasons.append(said("every move is as good as any other here"))
    else:
        runner_up = rules.describe(state, other.move)
        margin = margin_said(computer, best.value, other.value)
        # TRANSLATORS: {margin}: how much better the hinted move is ("barely better than the
        # next best"); {move}: the next best move, in words
        reasons.append(said("{margin} (next best: {move})", margin=margin, move=runner_up))
    return joined_reasons(reasons)


def move_reasons(rules: Rules, computer: native.Computer, state: State, move: Move) -> list[Said]:
    """What ``move`` does for the seat to move, in plain words (none where it does nothing of
    note): brings its last piece in, captures, leaves its pieces safer or riskier."""
    seat = state.current
    after = rules.apply_move(state, move)
    reasons = []
    if rules.seat_finished(after.pieces, seat) and not rules.seat_finished(state.pieces, seat):
        reasons.append(said("it brings your last piece in"))
    hit = rules.captured(state, move)
    if hit:
        reasons.append(said_n("it captures a piece", "it captures {count} pieces", hit))
    danger, was = computer.look(after, seat).danger[seat], computer.look(state).danger[seat]
    if danger < 1e-9 < was:
        reasons.append(said("it leaves nothing of yours where a roll can hit it"))
    elif danger < was - 1e-9:
        reasons.append(said("it leaves you less exposed to being hit"))
    elif danger > was + 1e-9:
        reasons.append(said("it is worth the risk of being hit"))
    return reasons


def joined_reasons(reasons: list[Said]) -> Said:
    """Reasons (at least one) in one sentence, each after the last."""
    found = reasons[0]
    for reason in reasons[1:]:
        # TRANSLATORS: the reasons for a hinted move, one more added at the end ("it captures
        # a piece; it leaves you less exposed to being hit")
        found = said("{reasons}; {reason}", reasons=found, reason=reason)
    return found


def margin_said(computer: native.Computer, best: float, other: float) -> Said:
    """How far the best move beats the next best: in the chance of winning where the expert
    reads the game's learned chance (``SearchPlayer``'s default), else in the expert's points.
    Values that count finished games are no chances: no number then."""
    if not computer.learns:
        margin = best - other
        if margin < 0.05:
            return said("barely better than the next best")
        # TRANSLATORS: {points} is a number with one decimal ("4.2")
        return said(
            "the expert scores it {points} points above the next best", points=Fixed(margin, 1)
        )
    high, low = computer.learned_chance(best), computer.learned_chance(other)
    if high is None or low is None:
        if high is low:
            return said("better than the next best")
        return said("far better than the next best")
    if high - low < 0.0005:
        return said("barely better than the next best")
    points = Fixed(100 * (high - low), 1)
    # TRANSLATORS: {points} is a number with one decimal ("4.2"): the difference of two chances
    # of winning, in percent
    return said("{points} percentage points more likely to win than the next best", points=points)


def winprob(
    rules: Rules,
    state: State,
    *,
    playouts: int = 200,
    seed: int | str = 0,
    player: str = PLAYOUT_PLAYER,
) -> list[WinChance]:
    """Each side's chance of first place: exact when the game is over, else the share of
    ``playouts`` games won when every seat is played by ``player`` from here on."""
    if state.phase == Phase.OVER:
        names = [rules.side_name(side) for side in range(rules.side_count)]
        winners = rules.outcome(state).winners
        exact = [float(side in winners) for side in range(rules.side_count)]
        return [WinChance(name, int(p), 0, p, p, p) for name, p in zip(names, exact, strict=True)]
    wins = playout_wins(rules, state, first=0, count=playouts, seed=seed, player=player)
    return win_chances(rules, wins, playouts)


def learned_chances(
    rules: Rules, state: State, computer: native.Computer | None = None
) -> list[float] | None:
    """Each side's chance of winning by the value learned by self-play (``pegrace.value``):
    instant, exact once the winner is settled; None where the rules have no learned value.
    ``winprob``'s playouts are its check."""
    found = (computer or native.Computer(rules)).value_chances(state)
    return None if found is None else list(found)


def playout_wins(
    rules: Rules, state: State, *, first: int, count: int, seed: int | str, player: str
) -> list[int]:
    """Each side's wins in winprob's playouts ``first .. first + count - 1`` (playout ``i``
    seeded ``"{seed}:{i}"``, its players ``"{seed}:{i}:{colour}"``), played in the native core
    over every processor: a run in parts counts the very wins of a run in one."""
    if count <= 0:
        # TRANSLATORS: "winprob" is the command's name, kept as typed; {count} a number
        raise saying(
            PegraceError, said("winprob needs at least one playout, not {count}", count=count)
        )
    computer = core_player(rules, player)
    if computer is None:
        # TRANSLATORS: "winprob" is the command's name, kept as typed; {player} the player as
        # typed ("medium")
        needs = said("winprob's playouts need a computer player, not {player}", player=repr(player))
        raise saying(PegraceError, needs)
    threads = os.cpu_count() or 1
    return native.playouts(rules, state, computer, seed, count, threads, first=first)


def win_chances(rules: Rules, wins: list[int], playouts: int) -> list[WinChance]:
    """Each side's share of ``playouts`` won, with its 95% Wilson interval."""
    return [
        WinChance(rules.side_name(side), won, playouts, won / playouts, *wilson(won, playouts))
        for side, won in enumerate(wins)
    ]
