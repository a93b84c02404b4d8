"""Tournaments: a line-up of computer players, seats rotated game by game so that every
player sits in every seat equally, win rates with 95% intervals per player, and the
files (CSV, JSON, PNG) that keep every game's result.

Game ``i`` seats the line-up rotated by ``i mod K`` and uses the seed
``simulate.game_seed(S, i)``; the games run on ``simulate``'s workers and come back
in game order, so the results depend only on the seed, never on the worker count.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any, NotRequired, TextIO, TypedDict, cast

from pegrace import outside, policy
from pegrace.engine import Rules
from pegrace.errors import OptionError, saying, system_words
from pegrace.i18n import said, said_n
from pegrace.kept import PARTIAL, KeptGames, check_made_by
from pegrace.outputs import check_folder
from pegrace.players import make_player, split_spec, value_entry
from pegrace.plots import require_plots
from pegrace.provenance import (
    Provenance,
    core_build,
    pegrace_version,
    provenance,
    provenance_lines,
)
from pegrace.readers import FILE_BYTES, TOURNAMENT_RESULTS, read_json
from pegrace.sequential import H0, UNDECIDED, Hypotheses, first_decision
from pegrace.simulate import (
    GameSummary,
    batches,
    game_length,
    game_seed,
    heading,
    lengths,
    progress_bar,
    wilson,
)
from pegrace.value import describe

# the most a game takes in results.json (its row: seats, places, turns; it takes a few hundred)
RESULT_BYTES = 2048


class Rate(TypedDict):
    wins: int
    win_rate: float
    ci95: list[float]  # [low, high], Wilson's


class Entry(Rate):
    """A line-up entry's results (entries with the same spec pooled), keys in this order:
    player, value or policy (players.value_entry), seats, seat_games, wins, win_rate, ci95,
    mean_place, places."""

    player: str
    value: NotRequired[dict[str, Any]]  # the weights file's setup
    policy: NotRequired[dict[str, Any]]  # the policy's setup
    seats: int  # places in the line-up
    seat_games: int
    mean_place: float
    places: list[int]  # how often 1st, 2nd, ...
    # a player from outside's answers that could not be played (pegrace.outside)
    faults: NotRequired[int]


class Middle(TypedDict):
    mean: float
    median: float


class Lengths(TypedDict):  # simulate.lengths
    turns: Middle
    rolls: Middle


class Sequential(TypedDict):
    player: str
    h0: float
    h1: float
    alpha: float
    beta: float
    decision: str  # sequential.H0, H1 or UNDECIDED
    games: int
    cap: int
    wins: int
    llr: float
    bounds: list[float]  # [lower, upper]


class Summary(Provenance):
    """A tournament's report as ``summarise`` makes it, keys in this order."""

    game: str
    rules: dict[str, str]
    players: int
    games: int
    lineup: list[str]
    fair_share: float
    entries: list[Entry]
    first_mover: Rate
    turns: Middle
    rolls: Middle


class Report(Summary):
    sequential: NotRequired[Sequential]  # run_until_decided adds it, last


class GameRow(TypedDict):
    game: int
    seed: int
    seats: dict[str, str]  # colour -> player spec
    places: dict[str, int]
    turns: int
    rolls: int
    first: str  # the colour that won the roll-off


def check_lineup(lineup: Sequence[str], players: int) -> None:
    """One computer player per place in the line-up, each spec one ``make_player`` knows."""
    for spec in lineup:
        if make_player(spec).is_human:  # an unknown name raises, listing the players
            # TRANSLATORS: --player is an option, as typed; {spec} the player given, quoted
            human = said(
                "--player {spec}: a tournament plays computer players only", spec=repr(spec)
            )
            raise saying(OptionError, human)
    if players != len(lineup):
        # TRANSLATORS: --players and --player are options, the example as typed; {players}
        # and {given} are numbers
        uneven = said(
            "--players {players} but {given} --player given: give one --player per player, "
            "e.g. --player expert --player random (repeat a spec to seat it again)",
            players=players,
            given=len(lineup),
        )
        raise saying(OptionError, uneven)


def balanced_games(games: int, players: int) -> int:
    """``games`` rounded up to a multiple of the line-up size, so rotation is exact."""
    return -(-games // players) * players


def lineup_units(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    """The seats each place of the line-up plays: one seat each, or a whole side when a
    player plays several colours (Trouble's ``two_sets``)."""
    if len(rules.colours) == players:
        return tuple((seat,) for seat in range(players))
    if rules.side_count == players:
        return rules.side_seats
    # TRANSLATORS: {game} is a game's name, as typed; {seats} a number
    unseated = said_n(
        "{game}: cannot seat {count} player on {seats} seats",
        "{game}: cannot seat {count} players on {seats} seats",
        players,
        game=rules.name,
        seats=len(rules.colours),
    )
    raise saying(OptionError, unseated)


def seatings(
    rules: Rules, lineup: Sequence[str], units: Sequence[tuple[int, ...]]
) -> list[dict[str, str]]:
    """Rotation ``r`` puts line-up entry ``e`` in unit ``(e + r) mod K``: each entry moves
    one seat along every game."""
    k = len(lineup)
    rotations = []
    for r in range(k):
        spec_of_seat = {
            seat: lineup[(unit - r) % k] for unit, seats in enumerate(units) for seat in seats
        }
        rotations.append({rules.colours[s]: spec_of_seat[s] for s in range(len(rules.colours))})
    return rotations


def run_tournament(
    rules: Rules,
    lineup: Sequence[str],
    games: int,
    seed: int,
    workers: int = 1,
    progress_stream: TextIO | None = None,
    scheduler: str | None = None,
    kept: KeptGames | None = None,
    done: Sequence[GameSummary] = (),
) -> tuple[Report, list[GameRow]]:
    """Plays ``games`` games (a multiple of the line-up size) and returns the report and
    one row per game. With ``kept``, the games go to it in batches as they finish, and the
    games ``done`` before (a resumed run's) are not played again."""
    units = lineup_units(rules, len(lineup))
    rotations = seatings(rules, lineup, units)
    bar = progress_bar(games, progress_stream)
    bar(len(done))

    with batches(rules, rotations, seed, workers, scheduler, bar) as play:
        # kept: in batches (a stopped run loses at most one)
        summaries = play(0, games) if kept is None else kept.play_on(games, done, len(lineup), play)
    bar.close()
    return summarise(rules, lineup, units, seed, summaries), rows_of(
        rules, rotations, seed, summaries
    )


def run_kept(
    rules: Rules,
    lineup: Sequence[str],
    games: int,
    seed: int,
    folder: Path,
    workers: int = 1,
    scheduler: str | None = None,
) -> tuple[Report, list[GameRow]]:
    """A line whose games are kept in ``folder``, as ``pegrace tournament --out folder`` keeps
    them: read back where a run of this very line finished there, played on where one stopped,
    else played; so scripts that share a line (same game, line-up, games and seed) play it once."""
    settings = kept_settings(rules, lineup, games, seed)
    if (folder / "results.json").exists():
        return read_kept(folder / "results.json", settings)
    kept, done = KeptGames.start(folder, settings, resume=(folder / PARTIAL).exists())
    report, rows = run_tournament(
        rules, lineup, games, seed, workers, scheduler=scheduler, kept=kept, done=done
    )
    write_outputs(folder, rules, report, rows)
    kept.finish()
    return report, rows


def read_kept(path: Path, settings: Mapping[str, Any]) -> tuple[Report, list[GameRow]]:
    """A finished line's report and games (``results.json``), if it is the line of ``settings``
    played by this core (read as any file a person hands pegrace: a regular file, of a size its
    games take)."""
    most = FILE_BYTES + RESULT_BYTES * settings["games"]
    found = read_json(path, TOURNAMENT_RESULTS, OptionError, most)
    if not isinstance(found, dict) or not isinstance(found.get("game_results"), list):
        # TRANSLATORS: {path} is a file's path; game_results a field of it, as typed
        unknown = said(
            "{path} is not a tournament's results (its report and game_results)", path=str(path)
        )
        raise saying(OptionError, unknown)
    wanted = {key: settings[key] for key in ("game", "players", "lineup", "games", "seed")}
    wanted["rules"] = settings["options"]
    found_line = {key: found.get(key) for key in wanted}
    if found_line != wanted:
        # TRANSLATORS: {path} is a file's path; {found} and {wanted} a line's settings, as
        # written in it ("{'game': 'ludo', ...}")
        other = said(
            "{path}: the games of {found}, not of this line {wanted}",
            path=str(path),
            found=str(found_line),
            wanted=str(wanted),
        )
        raise saying(OptionError, other)
    check_made_by(path, found, settings)  # another core could play other games: never mixed
    rows = found.pop("game_results")
    return cast(Report, found), rows


def kept_settings(
    rules: Rules, lineup: Sequence[str], games: int, seed: int, until: Hypotheses | None = None
) -> dict[str, Any]:
    """What a resumed run must share with the stopped one (``kept.py``): with ``until``, the
    sequential test's hypotheses too (``games`` is then its cap)."""
    settings = {
        "pegrace": pegrace_version(),  # another version could play other games: never mixed
        "core": core_build()["source"],
        "game": rules.name,
        "players": rules.players,
        "options": dict(rules.options),
        "lineup": list(lineup),
        "games": games,
        "seed": seed,
    }
    if until is not None:
        settings["until_decided"] = asdict(until)
    return settings


def rows_of(
    rules: Rules,
    rotations: Sequence[Mapping[str, str]],
    seed: int,
    summaries: Sequence[GameSummary],
) -> list[GameRow]:
    """A row per game, game ``i`` seated by rotation ``i mod K``."""
    return [
        game_row(rules, index, game_seed(seed, index), rotations[index % len(rotations)], summary)
        for index, summary in enumerate(summaries)
    ]


def first_entry_places(
    units: Sequence[tuple[int, ...]], summaries: Sequence[GameSummary], first: int = 0
) -> list[int]:
    """The line-up's first entry's place in each game (game ``first`` onwards): rotation
    ``i mod K`` seats it in unit ``i mod K``."""
    k = len(units)
    return [s.places[units[(first + i) % k][0]] for i, s in enumerate(summaries)]


def run_until_decided(
    rules: Rules,
    lineup: Sequence[str],
    cap: int,
    seed: int,
    hypotheses: Hypotheses,
    workers: int = 1,
    progress_stream: TextIO | None = None,
    scheduler: str | None = None,
    kept: KeptGames | None = None,
    done: Sequence[GameSummary] = (),
) -> tuple[Report, list[GameRow]]:
    """Games of the line-up until a sequential test (SPRT) on the first entry's win rate
    decides between ``hypotheses`` (checked after each full rotation of seats, so the decision
    does not depend on how the games were shared out), or ``cap`` games (a multiple of the
    line-up size) are played. The report has the test's outcome under ``sequential``. With
    ``kept``, each batch goes to it as it finishes; the games ``done`` before (a resumed
    run's) go through the test first, then the run plays on: the same decision at the same
    game as a run never stopped."""
    tested = lineup[0]
    if lineup.count(tested) > 1:
        # TRANSLATORS: --until-decided is an option, as typed; {player} a player as typed
        twice = said(
            "--until-decided tests the first player, {player}: list it once", player=tested
        )
        raise saying(OptionError, twice)
    k = len(lineup)
    units = lineup_units(rules, k)
    rotations = seatings(rules, lineup, units)
    # batches grow (few games wasted past an early decision, little overhead later on)
    batch, largest = 16 * k, k * max(1, 256 // k) * max(workers, 1 if scheduler is None else 8)
    bar = progress_bar(cap, progress_stream)
    summaries = list(done[: len(done) - len(done) % k])  # whole rotations, as they were kept
    decision, won, played = first_decision(
        hypotheses, [place == 1 for place in first_entry_places(units, summaries)], k
    )
    del summaries[played:]  # kept past the decision, if the run stopped before its report
    so_far = (won, played)
    bar(played)
    if summaries:  # on where the batches had grown to: what is played does not depend on it
        batch = min(len(summaries) + batch, largest)
    with batches(rules, rotations, seed, workers, scheduler, bar) as play:
        while decision == UNDECIDED and len(summaries) < cap:
            start = len(summaries)
            new = play(start, min(batch, cap - start))
            batch = min(2 * batch, largest)
            wins = [place == 1 for place in first_entry_places(units, new, start)]
            decision, won, played = first_decision(hypotheses, wins, k, so_far)
            summaries += new[: played - start]
            so_far = (won, played)
            if kept is not None:
                kept.add(start, new[: played - start])
    bar.close()
    rows = rows_of(rules, rotations, seed, summaries)
    report = summarise(rules, lineup, units, seed, summaries)
    won, played = so_far
    report["sequential"] = {
        "player": tested,
        "h0": hypotheses.p0,
        "h1": hypotheses.p1,
        "alpha": hypotheses.alpha,
        "beta": hypotheses.beta,
        "decision": decision,
        "games": played,
        "cap": cap,
        "wins": won,
        "llr": hypotheses.llr(won, played),
        "bounds": [hypotheses.lower, hypotheses.upper],
    }
    return report, rows


def sequential_line(report: Report) -> str:
    """The sequential test's outcome in words."""
    test = report["sequential"]
    asked = (
        f"sequential test (SPRT) of {test['player']}'s win rate: H0 {test['h0']:.1%} "
        f"against H1 {test['h1']:.1%} (error rates {test['alpha']:.0%}, "
        f"{test['beta']:.0%})"
    )
    low, high = test["bounds"]
    where = f"LLR {test['llr']:.2f}, bounds {low:.2f} and {high:.2f}"
    if test["decision"] == UNDECIDED:
        return f"{asked}: undecided at the cap of {test['cap']:,} games ({where})"
    accepted = test["h0"] if test["decision"] == H0 else test["h1"]
    return (
        f"{asked}: {test['decision']} ({accepted:.1%}) accepted after {test['games']:,} "
        f"games of at most {test['cap']:,} ({where})"
    )


def game_row(
    rules: Rules, index: int, seed: int, seats: Mapping[str, str], summary: GameSummary
) -> GameRow:
    return {
        "game": index,
        "seed": seed,
        "seats": dict(seats),
        "places": dict(zip(rules.colours, summary.places, strict=True)),
        "turns": summary.turns,
        "rolls": summary.rolls,
        "first": rules.colours[summary.starter],
    }


def summarise(
    rules: Rules,
    lineup: Sequence[str],
    units: Sequence[tuple[int, ...]],
    seed: int,
    summaries: Sequence[GameSummary],
) -> Report:
    k = len(lineup)
    specs = list(dict.fromkeys(lineup))  # entries with the same spec are pooled
    places: dict[str, list[int]] = {spec: [] for spec in specs}
    faults = dict.fromkeys(specs, 0)
    for index, summary in enumerate(summaries):
        for unit, seats in enumerate(units):
            spec = lineup[(unit - index) % k]
            places[spec].append(summary.places[seats[0]])
            faults[spec] += sum(summary.faults[seat] for seat in seats) if summary.faults else 0
    first_wins = sum(1 for s in summaries if s.places[s.starter] == 1)
    found: Summary = {
        # the versions of pegrace and of the learned values, the seed
        **provenance(None, seed),
        "game": rules.name,
        "rules": dict(rules.options),
        "players": k,
        "games": len(summaries),
        "lineup": list(lineup),
        "fair_share": 1 / rules.side_count,
        "entries": [entry_stats(s, lineup.count(s), places[s], rules, faults[s]) for s in specs],
        "first_mover": rate(first_wins, len(summaries)),
        **cast(Lengths, lengths(summaries)),
    }
    return cast(Report, found)  # a Report without "sequential" (mypy cannot tell it is one)


def entry_stats(spec: str, seats: int, places: Sequence[int], rules: Rules, faults: int) -> Entry:
    wins = sum(1 for place in places if place == 1)
    counts = [sum(1 for place in places if place == p) for p in range(1, rules.side_count + 1)]
    outsider = {"faults": faults} if split_spec(spec)[0] in outside.KINDS else {}
    return cast(Entry, {
        "player": spec, **value_entry(spec), "seats": seats, "seat_games": len(places),
        **rate(wins, len(places)), "mean_place": sum(places) / len(places), "places": counts,
        **outsider,
    })  # fmt: skip


def rate(wins: int, n: int) -> Rate:
    return {"wins": wins, "win_rate": wins / n, "ci95": list(wilson(wins, n))}


def format_report(report: Report) -> str:
    share = report["fair_share"]
    lines = [
        heading(report),
        f"line-up rotated every game: each player sat in every seat "
        f"{report['games'] // report['players']} times",
        "",
        f"{'player':<24}{'seats':>5}{'seat-games':>12}{'wins':>8}{'win rate':>10}  "
        f"{'95% CI':<17}{'mean place':>10}",
    ]
    for entry in report["entries"]:
        low, high = entry["ci95"]
        lines.append(
            f"{entry['player']:<24}{entry['seats']:>5}{entry['seat_games']:>12}"
            f"{entry['wins']:>8}{entry['win_rate']:>10.1%}  "
            f"{f'[{low:.1%}, {high:.1%}]':<17}{entry['mean_place']:>10.2f}"
        )
    lines += [f"{e['player']}: {describe(e['value'])}" for e in report["entries"] if "value" in e]
    lines += [
        f"{e['player']}: {e['faults']} answers could not be played (a random legal move instead)"
        for e in report["entries"]
        if e.get("faults")
    ]
    lines += [
        f"{e['player']}: {policy.describe(e['policy'])}" for e in report["entries"] if "policy" in e
    ]
    first = report["first_mover"]
    low, high = first["ci95"]
    lines += [
        f"(fair share: {share:.1%} of seat-games)",
        "",
        f"first mover (won the roll-off) won {first['win_rate']:.1%} [{low:.1%}, {high:.1%}] "
        f"of games",
        game_length(report),
    ]
    if "sequential" in report:
        lines += ["", sequential_line(report)]
    return "\n".join([*lines, "", *provenance_lines(report)])


def check_out(folder: Path) -> None:
    """Refuses an ``--out`` that cannot be a folder, or whose plot cannot be drawn, before
    any game is played."""
    check_folder(folder, "--out")
    require_plots(f"--out {folder}")


def write_outputs(folder: Path, rules: Rules, report: Report, rows: Sequence[GameRow]) -> None:
    """``games.csv``, ``results.json`` (the report and every game) and ``winrates.png``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_csv(folder / "games.csv", rows)
        results = {**report, "game_results": list(rows)}
        (folder / "results.json").write_text(json.dumps(results, indent=2) + "\n")
        plot_win_rates(folder / "winrates.png", report, plot_title(rules, report))
    except OSError as err:
        # TRANSLATORS: --out is an option, as typed; {folder} a folder's path; {problem} the
        # system's words for what went wrong
        unwritten = said("--out {folder}: {problem}", folder=str(folder), problem=system_words(err))
        raise saying(OptionError, unwritten) from None


def write_csv(path: Path, rows: Sequence[GameRow]) -> None:
    colours = list(rows[0]["seats"])
    header = ["game", "seed", *(f"{c}_player" for c in colours), *(f"{c}_place" for c in colours)]
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow([*header, "turns", "rolls", "first"])
        for row in rows:
            writer.writerow(
                [
                    row["game"],
                    row["seed"],
                    *(row["seats"][c] for c in colours),
                    *(row["places"][c] for c in colours),
                    row["turns"],
                    row["rolls"],
                    row["first"],
                ]
            )


def plot_win_rates(path: Path, report: Report, title: str) -> None:
    """Horizontal bars of each player's win rate with its 95% interval, and the fair share."""
    from matplotlib.figure import Figure  # imported here: only --out needs matplotlib

    entries = report["entries"][::-1]  # barh draws bottom-up; keep the line-up order top-down
    labels = [e["player"] + (f"  (×{e['seats']})" if e["seats"] > 1 else "") for e in entries]
    rates = [100 * e["win_rate"] for e in entries]
    errors = [
        [100 * (e["win_rate"] - e["ci95"][0]) for e in entries],
        [100 * (e["ci95"][1] - e["win_rate"]) for e in entries],
    ]
    figure = Figure(figsize=(8, 1.6 + 0.6 * len(entries)), layout="constrained")
    axes = figure.subplots()
    axes.barh(labels, rates, xerr=errors, height=0.5, color="#4c72b0", capsize=5)
    share = 100 * report["fair_share"]
    axes.axvline(share, color="#c44e52", linestyle="--", label=f"fair share {share:.1f}%")
    for y, (entry, value, high) in enumerate(zip(entries, rates, errors[1], strict=True)):
        note = f"{value:.1f}%  ({entry['wins']}/{entry['seat_games']})"
        axes.text(value + high + 1, y, note, va="center")
    top = max(value + high for value, high in zip(rates, errors[1], strict=True))
    axes.set_xlim(0, top + 22)  # room for the notes right of the intervals
    axes.set_xticks([t for t in range(0, 101, 10) if t <= top + 22])
    axes.set_xlabel("win rate per seat-game, % (bars: 95% Wilson interval)")
    axes.set_title(title)
    axes.legend(loc="best")
    figure.savefig(path, dpi=100)


def plot_title(rules: Rules, report: Report) -> str:
    changed = [
        f"{option.name}={rules.options[option.name]}"
        for option in rules.option_specs
        if rules.options[option.name] != option.default
    ]
    return (
        f"{rules.title}, {report['players']} players, {report['games']} games, "
        f"seed {report['seed']}\nrules: {', '.join(changed) or 'default'}"
    )
