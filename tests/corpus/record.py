"""Record the rules' corpus: the oracle of the rules (docs/architecture.md). The files in
tests/corpus were recorded from the Python rules before the native core replaced them; a new
recording records what the ``Rules`` API (the core) plays, so re-record only for an intended
change, checked by scenario tests first.

    .venv/bin/python tests/corpus/record.py [--positions N] [NAME ...]

For every setup of tests/setups.py (or only those NAMEd, e.g. ``ludo-4-variant=classic``) it
plays seeded random games through the ``Rules`` API, seeds 1, 2, 3, ... (the games of
``positions`` in tests/corpus/players.py), whole games until at least N positions
(default 8,000), and writes ``tests/corpus/NAME.corpus``; recording every setup also removes
the files of setups no longer listed. tests/test_corpus.py replays the games through the
``Rules`` API and compares every position with the record.

A file (format 1) is a line ``pegrace-corpus``, a line of JSON (the format, the setup: game,
players, options; counts; the lengths of the sections) and the sections, xz-compressed:

- ``texts``: every distinct legal move's text, in order of first appearance, joined by newlines;
- ``games``: per game, its seed and how many positions it has (varints); the game is over
  after them;
- ``moves``: per position, how many legal moves it has (0: a chance node; a seat to move has at
  least one, the pass) and each one's text as an index into ``texts`` (varints);
- ``choices``: per position, the index of the legal move the game took (a decision) or of the
  roll among ``chance_outcomes`` (a chance node: a roll or a roll-off pop) (varints);
- ``digests``: per position, one 4-byte blake2b digest of all its successors, in order: the
  position after each legal move (a decision), or each roll, its probability and the position
  after it (a chance node), each position in the canonical text of ``state_code``.

The recorded rolls keep the replay independent of ``sample_roll`` and the random generator: the
seed only says where a game came from. Positions are rebuilt by replay from the initial state.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import lzma
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from pegrace.dice import Roll
from pegrace.engine import Rules
from pegrace.games import get_rules
from pegrace.state import State

FORMAT = 1
MAGIC = b"pegrace-corpus\n"
SECTIONS = ("texts", "games", "moves", "choices", "digests")
DIGEST_SIZE = 4
HERE = Path(__file__).resolve().parent
POSITIONS = 8000  # per setup, by default
LONGEST = 100_000  # positions: a game this long is a bug in the rules


def name(game: str, players: int, options: dict[str, str]) -> str:
    """A setup's file name (without ``.corpus``): ``trouble-4-six_bonus=if-played``."""
    return "-".join([game, str(players), *(f"{k}={v}" for k, v in sorted(options.items()))])


def state_code(state: State) -> str:
    """The canonical text of a position: the ``repr`` of its fields as a plain tuple (the
    phase as an int), so it depends on nothing but the values."""
    return repr(
        (
            state.pieces,
            int(state.phase),
            state.current,
            state.roll,
            state.streak,
            state.turn,
            state.finished,
            state.out,
            state.contenders,
            state.rolloff,
            state.aux,
            state.end,
        )
    )


def _digest(lines: Iterable[str]) -> bytes:
    return hashlib.blake2b("\n".join(lines).encode(), digest_size=DIGEST_SIZE).digest()


def decision_digest(afters: Sequence[State]) -> bytes:
    """The digest of a decision: the position after each legal move, in order."""
    return _digest(map(state_code, afters))


def chance_digest(outcomes: Sequence[tuple[Roll, Fraction]], afters: Sequence[State]) -> bytes:
    """The digest of a chance node: each roll, its probability and the position after it."""
    return _digest(
        f"{roll!r} {chance} {state_code(after)}"
        for (roll, chance), after in zip(outcomes, afters, strict=True)
    )


@dataclass(frozen=True)
class Position:
    moves: tuple[int, ...] | None  # a decision's legal moves (indices into texts); None: chance
    choice: int  # the move taken, or the roll (its index among the chance outcomes)
    digest: bytes


@dataclass(frozen=True)
class Game:
    seed: int
    positions: tuple[Position, ...]


@dataclass(frozen=True)
class Corpus:
    game: str
    players: int
    options: dict[str, str]
    texts: tuple[str, ...]
    games: tuple[Game, ...]

    @property
    def name(self) -> str:
        return name(self.game, self.players, self.options)

    @property
    def positions(self) -> int:
        return sum(len(game.positions) for game in self.games)

    def rules(self) -> Rules:
        return get_rules(self.game, self.players, self.options)


# ----------------------------------------------------------------------------- recording
def record_game(rules: Rules, seed: int, texts: dict[str, int]) -> Game:
    """One seeded random game through the ``Rules`` API (new move texts go into ``texts``)."""
    rng = random.Random(seed)
    state = rules.initial_state()
    positions: list[Position] = []
    while not state.is_over:
        if len(positions) == LONGEST:
            raise RuntimeError(f"{rules.name} seed {seed}: no end after {LONGEST} positions")
        if state.is_chance:
            outcomes = rules.chance_outcomes(state)
            afters = [rules.apply_roll(state, roll) for roll, _ in outcomes]
            roll = rules.sample_roll(state, rng)
            choice = next(i for i, (r, _) in enumerate(outcomes) if r == roll)
            positions.append(Position(None, choice, chance_digest(outcomes, afters)))
        else:
            moves = rules.legal_moves(state)
            afters = [rules.apply_move(state, move) for move in moves]
            choice = int(rng.random() * len(moves))  # as tests/test_native_rules.py chooses
            for move in moves:
                if "\n" in move.text:
                    raise ValueError(f"a move's text has a newline: {move.text!r}")
            indices = tuple(texts.setdefault(move.text, len(texts)) for move in moves)
            positions.append(Position(indices, choice, decision_digest(afters)))
        state = afters[choice]
    return Game(seed, tuple(positions))


def record(game: str, players: int, options: dict[str, str], least: int) -> Corpus:
    """Whole seeded games (seeds 1, 2, ...) until at least ``least`` positions."""
    rules = get_rules(game, players, options)
    texts: dict[str, int] = {}
    games: list[Game] = []
    total = 0
    while total < least:
        games.append(record_game(rules, len(games) + 1, texts))
        total += len(games[-1].positions)
    return Corpus(game, players, dict(options), tuple(texts), tuple(games))


# ----------------------------------------------------------------------------- the files
def _varints(values: Iterable[int]) -> bytes:
    out = bytearray()
    for value in values:
        if value < 0:
            raise ValueError(f"a varint cannot be negative: {value}")
        rest = value
        while rest >= 0x80:
            out.append(rest & 0x7F | 0x80)
            rest >>= 7
        out.append(rest)
    return bytes(out)


def _read_varints(data: bytes) -> list[int]:
    values, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
        else:
            values.append(value)
            value, shift = 0, 0
    if shift:
        raise ValueError("the corpus ends inside a varint")
    return values


def encode(corpus: Corpus) -> bytes:
    """The file of a corpus."""
    positions = [p for game in corpus.games for p in game.positions]
    decisions = [p.moves for p in positions if p.moves is not None]
    sections = {
        "texts": "\n".join(corpus.texts).encode(),
        "games": _varints(v for game in corpus.games for v in (game.seed, len(game.positions))),
        "moves": _varints(v for p in positions for v in (len(p.moves or ()), *(p.moves or ()))),
        "choices": _varints(p.choice for p in positions),
        "digests": b"".join(p.digest for p in positions),
    }
    header = {
        "format": FORMAT,
        "game": corpus.game,
        "players": corpus.players,
        "options": corpus.options,
        "recorded_from": "the Rules API: pegrace.games.get_rules (the native core)",
        "digest": f"blake2b, {DIGEST_SIZE} bytes",
        "games": len(corpus.games),
        "positions": len(positions),
        "decisions": len(decisions),
        "texts": len(corpus.texts),
        "sections": [[key, len(sections[key])] for key in SECTIONS],
    }
    body = b"".join(sections[key] for key in SECTIONS)
    packed = lzma.compress(body, preset=9 | lzma.PRESET_EXTREME)
    return MAGIC + json.dumps(header, sort_keys=True).encode() + b"\n" + packed


def header(data: bytes) -> dict[str, object]:
    """A file's JSON header (its format, setup and counts)."""
    if not data.startswith(MAGIC):
        raise ValueError("not a pegrace corpus file")
    line = data[len(MAGIC) : data.index(b"\n", len(MAGIC))]
    found: dict[str, object] = json.loads(line)
    if found["format"] != FORMAT:
        raise ValueError(f"corpus format {found['format']}, this reader reads {FORMAT}")
    return found


def decode(data: bytes) -> Corpus:
    """The corpus of a file."""
    head = header(data)
    body = lzma.decompress(data[data.index(b"\n", len(MAGIC)) + 1 :])
    sections, at = {}, 0
    for key, size in head["sections"]:  # type: ignore[attr-defined]
        sections[key], at = body[at : at + size], at + size
    if at != len(body) or tuple(sections) != SECTIONS:
        raise ValueError("the corpus's sections do not match its header")
    texts = tuple(sections["texts"].decode().split("\n")) if sections["texts"] else ()
    runs = _read_varints(sections["games"])
    moves = iter(_read_varints(sections["moves"]))
    choices = iter(_read_varints(sections["choices"]))
    digests = sections["digests"]
    games, at = [], 0
    for seed, length in zip(runs[::2], runs[1::2], strict=True):
        positions = []
        for _ in range(length):
            count = next(moves)
            indices = tuple(next(moves) for _ in range(count)) if count else None
            digest, at = digests[at : at + DIGEST_SIZE], at + DIGEST_SIZE
            positions.append(Position(indices, next(choices), digest))
        games.append(Game(seed, tuple(positions)))
    if next(moves, None) is not None or next(choices, None) is not None or at != len(digests):
        raise ValueError("the corpus's sections do not match its games")
    options = head["options"]
    assert isinstance(options, dict)
    return Corpus(str(head["game"]), int(str(head["players"])), options, texts, tuple(games))


def save(corpus: Corpus, folder: Path = HERE) -> Path:
    path = folder / f"{corpus.name}.corpus"
    path.write_bytes(encode(corpus))
    return path


def load(path: Path) -> Corpus:
    return decode(path.read_bytes())


# ----------------------------------------------------------------------------- the command
def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description="Record the rules' corpus (tests/corpus/*.corpus) that "
        "tests/test_corpus.py replays through the Rules API.",
    )
    parser.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help="only these setups (file names without .corpus, e.g. ludo-4-variant=classic); "
        "default: every setup of tests/setups.py, removing the files of setups not listed",
    )
    parser.add_argument(
        "--positions",
        type=int,
        default=POSITIONS,
        metavar="N",
        help=f"whole games until at least N positions per setup (default {POSITIONS})",
    )
    parser.add_argument(
        "--out", type=Path, default=HERE, metavar="DIR", help="the folder (default: %(default)s)"
    )
    args = parser.parse_args(argv)

    sys.path.insert(0, str(HERE.parent))  # tests/: the setups shared with the tests
    from setups import SETUPS

    setups = {name(*setup): setup for setup in SETUPS}
    unknown = [n for n in args.names if n not in setups]
    if unknown:
        parser.error(f"no setup {', '.join(unknown)}; the setups: {', '.join(setups)}")
    chosen = args.names or list(setups)
    args.out.mkdir(parents=True, exist_ok=True)
    start, total, size = time.perf_counter(), 0, 0
    live = "\r\x1b[K" if sys.stderr.isatty() else ""  # a terminal: one line, rewritten
    for number, key in enumerate(chosen, 1):
        if live:
            sys.stderr.write(f"{live}[{number}/{len(chosen)}] {key} ...")
            sys.stderr.flush()
        corpus = record(*setups[key], args.positions)
        path = save(corpus, args.out)
        total += corpus.positions
        size += path.stat().st_size
        sys.stderr.write(
            f"{live}[{number}/{len(chosen)}] {key}: {corpus.positions:,} positions of "
            f"{len(corpus.games)} games, {path.stat().st_size:,} bytes\n"
        )
    if not args.names:
        listed = {args.out / f"{key}.corpus" for key in setups}
        for stale in sorted(set(args.out.glob("*.corpus")) - listed):
            stale.unlink()
            sys.stderr.write(f"removed {stale.name}: no such setup\n")
    sys.stderr.write(
        f"{total:,} positions of {len(chosen)} setups, {size:,} bytes, "
        f"in {time.perf_counter() - start:.0f} s\n"
    )


if __name__ == "__main__":
    main()
