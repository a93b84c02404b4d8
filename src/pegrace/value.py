"""The values learned by self-play (core/ai/value.rs, core/ai/train.rs; docs/ai.md, "Learned
values"): each seat's chance of winning as a multinomial logit over a few features, one model
per game (and per Ludo variant), trained by TD(λ) in the native core.

``train`` runs a training (``pegrace train GAME``) in chunks of games, scoring the value after
each on a fixed set of positions from the medium players' games (the learning curve);
``write`` saves a weights file, ``shipped`` reads one of those in ``pegrace/weights/``, which
the native core compiles in (a change of weights bumps the file's ``version``, which
tournament reports record) and ``checksum`` is the hash each file records of its weights.
``named`` reads a trained weights file a player spec names (``expert:value=FILE``) and checks
it, for the core to read at the search's leaves instead of the shipped weights.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pegrace import _core
from pegrace.errors import OptionError, saying, words_of
from pegrace.games import get_rules
from pegrace.i18n import Arg, said, said_n
from pegrace.readers import WEIGHTS_FILE, named_file, read_json, regular_file

MAX_HIDDEN, LANES = 64, 8  # core/ai/net.rs
# the largest weight (in size) a weights file may hold, as a policy's (core/ai/policy.rs): far
# above any trained one (the shipped ones are below 10), far below where the core's sums of
# weighed features would overflow to infinity (and its chances, inf - inf, to NaN)
LARGEST_WEIGHT = 1e6
WEIGHTS = Path(__file__).resolve().parent / "weights"
# the rules each shipped model was trained under, by the model's name as the core knows it (a
# Ludo variant has its own): the game and its options, from the core's registry
TRAINED_UNDER: dict[str, tuple[str, Mapping[str, str]]] = {
    model: (game, {"variant": variant} if variant else {})
    for model, game, variant in _core.learned_models()
}
MODELS = tuple(TRAINED_UNDER)


@dataclass(frozen=True)
class Training:
    """What a training run does: the rules, the games and how it learns."""

    game: str
    players: int
    options: Mapping[str, str]
    games: int
    seed: int
    lam: float = 0.7
    rate: float = 0.01
    final_rate: float = 0.001
    score_games: int = 400
    points: int = 40  # points on the learning curve
    hidden: int = 0  # the network's hidden units (0: the linear model alone)
    medium: float = 0.0  # the chance that a self-play seat is played by a medium player
    start: Mapping[str, Any] | None = None  # a weights file to go on from

    def check(self) -> None:
        """Every setting in its range (each option's value as typed: a ``str``)."""
        if self.games < 1:
            # TRANSLATORS: --games is an option, as typed; {games} its value
            few = said("--games {games}: train on at least 1 game", games=str(self.games))
            raise saying(OptionError, few)
        if not 0.0 <= self.lam <= 1.0:
            # TRANSLATORS: --lambda is an option, as typed; {value} its value; λ (lambda) is
            # how far back in a game a step's learning reaches
            lam = said("--lambda {value}: a λ from 0 to 1", value=str(self.lam))
            raise saying(OptionError, lam)
        for flag, rate in (("--rate", self.rate), ("--final-rate", self.final_rate)):
            if not (rate > 0 and math.isfinite(rate)):
                # TRANSLATORS: {flag} is an option, as typed ("--rate"); {value} its value
                step = said("{flag} {value}: a step size above 0", flag=flag, value=str(rate))
                raise saying(OptionError, step)
        if self.score_games < 1:
            # TRANSLATORS: --score-games is an option, as typed; {games} its value
            scored = said(
                "--score-games {games}: score on at least 1 game", games=str(self.score_games)
            )
            raise saying(OptionError, scored)
        if not 0.0 <= self.medium <= 1.0:
            # TRANSLATORS: --medium-share is an option, as typed; {value} its value
            share = said(
                "--medium-share {value}: a share of the seats, 0 to 1", value=str(self.medium)
            )
            raise saying(OptionError, share)
        self._check_hidden()

    def _check_hidden(self) -> None:
        if not (0 <= self.hidden <= MAX_HIDDEN and self.hidden % LANES == 0):
            # TRANSLATORS: --hidden is an option, as typed; {hidden} its value; {lanes} and
            # {most} are numbers
            hidden = said(
                "--hidden {hidden}: a multiple of {lanes} up to {most} hidden units (0: none)",
                hidden=str(self.hidden),
                lanes=LANES,
                most=MAX_HIDDEN,
            )
            raise saying(OptionError, hidden)


def checksum(weights: list[float], network: list[float] | None = None) -> str:
    """The SHA-256 of the weights (then the network's parameters, after a line ``--``), each
    written exactly (``float.hex``), one per line."""
    lines = [float.hex(w) for w in weights]
    if network is not None:
        lines += ["--", *(float.hex(w) for w in network)]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def file_checksum(found: Mapping[str, Any]) -> str:
    """The checksum of a weights file's weights and network, as its ``sha256`` records it."""
    network = found.get("network")
    return checksum(found["weights"], None if network is None else network["params"])


def trainer(training: Training) -> _core.Trainer:
    rules = get_rules(training.game, training.players, training.options)
    schedule = {
        "lambda": training.lam,
        "rate": training.rate,
        "hidden": float(training.hidden),
        "medium": training.medium,
        "score_games": float(training.score_games),
    }
    try:
        return _core.Trainer(
            rules.name, rules.players, list(rules.options.items()), training.seed, schedule
        )
    except OptionError as err:  # the core says why
        # TRANSLATORS: {game} is a game's name, {options} its rule options, both as typed;
        # {problem} what is wrong with them
        problem = said(
            "{game} {options}: {problem}",
            game=rules.name,
            options=str(dict(rules.options)),
            problem=words_of(err),
        )
        raise saying(OptionError, problem) from None


def train(training: Training, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Train from zero weights; the weights file's contents (curve and all). The step size
    falls geometrically from ``rate`` to ``final_rate`` over the run."""
    training.check()
    learner = trainer(training)
    if training.start is not None:
        go_on_from(learner, training.start)
    curve = [point(learner)]
    started = time.process_time()
    chunk = max(1, math.ceil(training.games / training.points))
    while learner.games < training.games:
        count = min(chunk, training.games - learner.games)
        done = learner.games / training.games
        learner.set_rate(training.rate * (training.final_rate / training.rate) ** done)
        learner.train(count)
        curve.append(point(learner))
        if progress is not None:
            progress(count)
    seconds = time.process_time() - started
    weights, network = learner.weights, learner.network
    rules = get_rules(training.game, training.players, training.options)
    net = None if network is None else {"hidden": network[0], "params": network[1]}
    return {
        "model": learner.model,
        "version": 1,
        "game": rules.name,
        "players": rules.players,
        "options": dict(rules.options),
        "features": learner.features,
        "weights": weights,
        "network": net,
        "sha256": checksum(weights, None if network is None else network[1]),
        "training": {
            "games": training.games,
            "seed": training.seed,
            "lambda": training.lam,
            "rate": training.rate,
            "final_rate": training.final_rate,
            "score_games": training.score_games,
            "hidden": training.hidden,
            "medium_share": training.medium,
            "from": None if training.start is None else training.start.get("sha256"),
            "scored_positions": learner.scored,
            "cpu_seconds": round(seconds, 1),
        },
        "curve": curve,
    }


def go_on_from(learner: _core.Trainer, start: Mapping[str, Any]) -> None:
    """Start from a weights file's weights (and network, where both have one of that size)."""
    if start.get("model") != learner.model:
        # TRANSLATORS: --from is an option, as typed; {found} and {model} are models' names,
        # quoted
        other = said(
            "--from: a weights file of {found}, not {model}",
            found=repr(start.get("model")),
            model=repr(learner.model),
        )
        raise saying(OptionError, other)
    weights, params = parameters(start, "--from")  # finite and bounded, as the core needs
    try:
        learner.weights = weights
        mine = learner.network
        if params is not None and mine is not None:
            _same_network(start["network"]["hidden"], mine[0])
            learner.network = params
    except (KeyError, TypeError, ValueError) as err:
        # TRANSLATORS: --from is an option, as typed; {model} a model's name; {problem} what
        # is wrong with the file, in the reader's words
        problem = said(
            "--from: not a weights file of {model}: {problem}",
            model=learner.model,
            problem=str(err),
        )
        raise saying(OptionError, problem) from None


def _same_network(hidden: int, mine: int) -> None:
    """A network of ``hidden`` hidden units goes on from one of as many (``mine``)."""
    if hidden != mine:
        # TRANSLATORS: --from is an option, as typed; {mine} a number of hidden units
        other = said_n(
            "--from: its network has {count} hidden unit, not {mine}",
            "--from: its network has {count} hidden units, not {mine}",
            hidden,
            mine=mine,
        )
        raise saying(OptionError, other)


def point(learner: _core.Trainer) -> dict[str, float]:
    gain, brier, favourite = learner.score()
    return {"games": learner.games, "gain": gain, "brier": brier, "favourite_won": favourite}


def write(path: Path, found: dict[str, Any]) -> dict[str, Any]:
    """Save a weights file; an existing file of the same model keeps its version if its
    weights are the same, else the version goes up by one. What was written."""
    try:  # what is there (a device or a huge file is not read: pegrace train checks first)
        before = read_json(path, WEIGHTS_FILE, OptionError)
    except OptionError:
        before = {}
    if isinstance(before, dict) and before.get("model") == found["model"]:
        same = before.get("sha256") == found["sha256"]
        found = {**found, "version": int(before.get("version", 0)) + (0 if same else 1)}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(found, indent=1) + "\n")
    return found


def shipped(model: str) -> dict[str, Any]:
    """A shipped weights file (``pegrace/weights/<model>.json``)."""
    if model not in MODELS:
        # TRANSLATORS: {model} is the model given, quoted; the {models}' names as typed
        unknown = said(
            "no learned model {model}; the models: {models}",
            model=repr(model),
            models=", ".join(MODELS),
        )
        raise saying(OptionError, unknown)
    found: dict[str, Any] = json.loads((WEIGHTS / f"{model}.json").read_text())
    return found


# hex digits of a weights file's checksum that name it in player specs and reports
# (``expert:value=sha256:…``): plenty to tell apart the few files a run names
REF_DIGITS = 12


@dataclass(frozen=True)
class Given:
    """A weights file a player spec names (``expert:value=FILE``): what the core reads of it
    (``text``: the model, weights and network, with what reports record) and its setup."""

    text: str
    sha256: str
    model: str
    version: int
    games: int | None  # the self-play games it was trained on, where it records them
    file: str  # as the spec named it

    @property
    def ref(self) -> str:
        """How specs and reports name it: ``sha256:`` and the checksum's first digits."""
        return f"sha256:{self.sha256[:REF_DIGITS]}"

    def setup(self) -> dict[str, Any]:
        """What reports record of it."""
        return {
            "sha256": self.sha256,
            "model": self.model,
            "version": self.version,
            "games": self.games,
            "file": self.file,
        }


def describe(setup: Mapping[str, Any]) -> str:
    """A weights file's setup (``Given.setup``) in a line of a report."""
    games = "" if setup["games"] is None else f", trained on {setup['games']:,} games"
    return (
        f"the {setup['model']} value v{setup['version']}{games} in {setup['file']}, "
        f"sha256 {setup['sha256']}"
    )


# the weights files named in this process, by checksum: a spec names one by its ``ref`` once it
# is read, and a worker process gets the texts of its jobs' values rather than their files (a
# cluster's workers see none of this machine's files)
GIVEN: dict[str, Given] = {}
_READ: dict[tuple[str, int, int], Given] = {}  # by path, modification time and size


def named(name: str) -> Given:
    """The weights file a spec's ``value=`` names: a file (read and checked: a weights file
    whose weights hash to its recorded ``sha256``), or ``sha256:DIGITS``, one read before."""
    if not name:
        # TRANSLATORS: value= is a setting, as typed; FILE stands for a file's name
        raise saying(OptionError, said("player setting value=: name a weights file, value=FILE"))
    if name.startswith("sha256:"):
        digits = name.removeprefix("sha256:")
        found = [g for sha, g in GIVEN.items() if digits and sha.startswith(digits)]
        if len(found) != 1:
            # TRANSLATORS: value= is a setting, as typed; {name} the checksum given
            unread = said(
                "player setting value={name}: no weights file with this checksum "
                "was read here: name its file, value=FILE",
                name=name,
            )
            raise saying(OptionError, unread)
        return found[0]
    path = Path(name)
    stat = regular_file(path, WEIGHTS_FILE, OptionError)  # a FIFO or a device: refused unread
    key = (str(path.resolve()), stat.st_mtime_ns, stat.st_size)  # a file written again: read again
    if key not in _READ:
        _READ[key] = adopt(read_json(path, WEIGHTS_FILE, OptionError), name)
    return _READ[key]


def adopt(found: Any, name: str) -> Given:
    """A weights file's contents checked, kept for specs to name by checksum."""
    sha, games = _checked(found, named_file(WEIGHTS_FILE, name))
    version = found.get("version")
    version = version if isinstance(version, int) else 0
    core = {
        "model": found["model"],
        "weights": found["weights"],
        "network": found.get("network"),
        "sha256": sha,
        "version": version,
        "training": {"games": games},
        "file": name,
    }
    given = Given(json.dumps(core), sha, found["model"], version, games, name)
    GIVEN[sha] = given
    return given


def adopt_texts(texts: Sequence[str]) -> None:
    """The values a job's players name (``Given.text``), sent with it to a worker process."""
    for text in texts:
        found = json.loads(text)
        if found["sha256"] not in GIVEN:
            adopt(found, found["file"])


def _checked(found: Any, what: Arg) -> tuple[str, int | None]:
    """A weights file's checksum and training games; OptionError naming ``what`` and the
    problem where it is not a weights file of a model, or its weights are not what it records."""
    if not isinstance(found, dict):
        # TRANSLATORS: {what} is the file read ("weights file x.json")
        raise saying(OptionError, said("{what} is not a weights file (a JSON object)", what=what))
    if found.get("model") not in MODELS:
        # TRANSLATORS: {model} is the file's model, as written in it; the {models} as typed
        model = said(
            "{what}: its model {model} is none of {models}",
            what=what,
            model=repr(found.get("model")),
            models=", ".join(MODELS),
        )
        raise saying(OptionError, model)
    weights, params = parameters(found, what)
    actual = checksum(weights, params)
    if found.get("sha256") != actual:
        recorded = found.get("sha256")
        # TRANSLATORS: {recorded} and {actual} are checksums (hexadecimal digits)
        mismatch = said(
            "{what}: checksum mismatch: it records {recorded}, its weights hash to {actual}… "
            "(edited or damaged)",
            what=what,
            recorded=repr(recorded),
            actual=actual[:REF_DIGITS],
        )
        raise saying(OptionError, mismatch)
    training = found.get("training")
    games = training.get("games") if isinstance(training, dict) else None
    return actual, games if isinstance(games, int) else None


def parameters(found: Mapping[str, Any], what: Arg) -> tuple[list[float], list[float] | None]:
    """A weights file's weights and its network's parameters (None: no network), each a number
    below ``LARGEST_WEIGHT`` in size (the core's sums of them stay finite); OptionError naming
    ``what`` and the first that is not one."""
    network = found.get("network")
    try:
        weights = _numbers(found["weights"], "weights", what)
        if network is None:
            return weights, None
        if not isinstance(network["hidden"], int):
            # TRANSLATORS: {what} is the file read ("weights file x.json"); {field} a field
            # of it, as typed ("network.hidden")
            hidden = said(
                "{what} is not a weights file: {field} is not a whole number",
                what=what,
                field="network.hidden",
            )
            raise saying(OptionError, hidden)
        return weights, _numbers(network["params"], "network.params", what)
    except KeyError as err:
        # TRANSLATORS: {what} is the file read ("weights file x.json"); {field} the field it
        # lacks, as typed ("weights")
        missing = said("{what} is not a weights file: it has no {field}", what=what, field=str(err))
        raise saying(OptionError, missing) from None
    except TypeError as err:  # its network is not an object
        # TRANSLATORS: {problem} is what is wrong with them, in the reader's words
        problem = said(
            "{what} is not a weights file: its weights ({problem})", what=what, problem=str(err)
        )
        raise saying(OptionError, problem) from None


def _numbers(found: Any, where: str, what: Arg) -> list[float]:
    """The numbers of the list ``where`` (``weights``), each checked."""
    if not isinstance(found, list):
        # TRANSLATORS: {what} is the file read ("weights file x.json"); {field} a field of
        # it, as typed ("weights")
        listless = said(
            "{what} is not a weights file: {field} is not a list", what=what, field=where
        )
        raise saying(OptionError, listless)
    for index, each in enumerate(found):
        place = f"{where}[{index}]"
        if isinstance(each, bool) or not isinstance(each, int | float):
            # TRANSLATORS: {what} is the file read ("weights file x.json"); {where} where in
            # it ("weights[3]"); {found} what is there, as written in it
            wrong = said(
                "{what} is not a weights file: {where} is {found}, not a number",
                what=what,
                where=place,
                found=format(repr(each), ".40"),
            )
            raise saying(OptionError, wrong)
        if not abs(each) < LARGEST_WEIGHT:  # exact for a whole number too large for a float
            shown = repr(each) if len(repr(each)) <= 24 else f"{repr(each)[:20]}…"
            # TRANSLATORS: {where} is where in the file ("weights[3]"), {found} the number in
            # it; {most} a number
            large = said(
                "{what}: {where} is {found}: a weight is a number below {most} "
                "(larger ones overflow the search's values)",
                what=what,
                where=place,
                found=shown,
                most=LARGEST_WEIGHT,  # a float: written the language's way ("1,000,000")
            )
            raise saying(OptionError, large)
    return [float(each) for each in found]


def versions() -> dict[str, int]:
    """Every shipped model's version (tournament reports record them)."""
    return {
        model: int(shipped(model)["version"])
        for model in MODELS
        if (WEIGHTS / f"{model}.json").exists()
    }


def plot_curve(found: Mapping[str, Any], path: Path) -> None:
    """The learning curve: the winner's log-likelihood above the even chance, by games."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    games = [p["games"] for p in found["curve"]]
    fig, (gain, hit) = plt.subplots(1, 2, figsize=(9, 3.4))
    gain.plot(games, [p["gain"] for p in found["curve"]], color="tab:blue")
    gain.set_xlabel("self-play games")
    gain.set_ylabel("nats above the even chance")
    gain.set_title("log-likelihood of the winner")
    hit.plot(games, [100 * p["favourite_won"] for p in found["curve"]], color="tab:green")
    hit.set_xlabel("self-play games")
    hit.set_ylabel("%")
    hit.set_title("the favourite won")
    fig.suptitle(f"{found['model']}: learning curve (positions of medium players' games)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def format_summary(found: Mapping[str, Any]) -> str:
    first, last = found["curve"][0], found["curve"][-1]
    run = found["training"]
    network = found.get("network")
    size = len(found["weights"]) + (0 if network is None else len(network["params"]))
    shape = "" if network is None else f" (a network of {network['hidden']} hidden units)"
    return (
        f"{found['model']} v{found['version']}: {size} weights{shape} from "
        f"{run['games']:,} self-play games (seed {run['seed']}, λ {run['lambda']}) in "
        f"{run['cpu_seconds']} CPU s\n"
        f"  on {run['scored_positions']:,} positions of medium players' games: the winner's "
        f"log-likelihood {last['gain']:+.4f} nats above the even chance (start "
        f"{first['gain']:+.4f}), Brier {last['brier']:.4f}, favourite won "
        f"{100 * last['favourite_won']:.1f}%\n"
        f"  sha256 {found['sha256']}"
    )
