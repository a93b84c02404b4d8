"""Words in a person's own language (issue 53): GNU gettext catalogs, one per language
(``locale/<ll_CC>/LC_MESSAGES/pegrace.po``), read with Babel; the source language is English,
the messages' ids are their English text with ``{named}`` placeholders.

Words are made at the edge. What the rules and the server say of a game is a ``Said``: a
message id and its arguments (names and numbers as text, or other ``Said``), language-neutral,
sent to the page as JSON (``Said.json``) and put into words there (static/i18n.js) or here
(``Said.said_in``) for the terminal. Code marks its messages for extraction
(tools/catalogs.py) with ``said``/``said_n``/``said_c`` (a ``Said``), ``N_`` (a message id to
translate later) and ``gettext``/``ngettext`` (words now, in ``current()`` language).

``PSEUDO`` is a made-up language for tests: every message accented and bracketed
("[Ƥŏƥ ţĥé đŏɱé !!!]"), so an English word left on a screen is one nobody translated.
"""

from __future__ import annotations

import gettext as _gettext
import io
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import NotRequired, TypedDict, Union

from babel import Locale, UnknownLocaleError
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import (
    format_decimal,
    format_percent,
    get_decimal_symbol,
    get_group_symbol,
)
from babel.support import Translations

SOURCE = "en"
PSEUDO = "en-XA"
# the languages people can choose, by their tags (BCP 47); each but English has a catalog
LANGUAGES = ("en", "es", "pt-BR", "de", "fr", "hi", "ar")
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "pegrace"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# bidi isolation of a name or number inside a sentence (FSI ... PDI): readable in Arabic
ISOLATE = ("\u2068", "\u2069")


# an argument: text as it is (a name, a number written out), a whole number, a number with
# decimals (written the language's way: "4.2", "4,2"), or words themselves
Arg = Union[str, int, float, "Fixed", "Said"]


class SaidJson(TypedDict):
    """A ``Said`` as the protocol carries it: t (the message id), a (its arguments), and for
    plurals p (the plural id) and n (the count); c (a context) where one id means two things."""

    t: str
    a: NotRequired[dict[str, object]]
    p: NotRequired[str]
    n: NotRequired[int]
    c: NotRequired[str]


MOST_DIGITS = 10  # decimals a Fixed writes at most (one read back from JSON is bounded too)


class Fixed:
    """A number written with ``digits`` decimals, however the language writes them ("7.0",
    "7,0", "0.0497"): a float alone loses its trailing zeros."""

    __slots__ = ("digits", "value")

    def __init__(self, value: float, digits: int) -> None:
        self.value, self.digits = float(value), min(max(digits, 0), MOST_DIGITS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fixed) and (self.value, self.digits) == (other.value, other.digits)

    def __hash__(self) -> int:
        return hash((self.value, self.digits))

    def __repr__(self) -> str:
        return f"Fixed({self.value!r}, {self.digits})"

    def json(self) -> FixedJson:
        return {"v": self.value, "d": self.digits}


class FixedJson(TypedDict):
    v: float
    d: int


class Said:
    """A message to put into words where a person reads it: ``text`` (its id, English) and
    its arguments by name; ``plural`` and ``count`` for a message whose words follow a number
    (``{count}`` is always one of its arguments); ``context`` for an id with two meanings.
    Never changed once made (a plain class with slots, not a frozen dataclass: the server
    makes several for every event, and a frozen dataclass's making costs three times as
    much)."""

    __slots__ = ("_json", "args", "context", "count", "plural", "text")

    def __init__(
        self,
        text: str,
        args: tuple[tuple[str, Arg], ...] = (),
        plural: str | None = None,
        count: int | None = None,
        context: str | None = None,
    ) -> None:
        self.text, self.args, self.plural, self.count, self.context = (
            text,
            args,
            plural,
            count,
            context,
        )
        self._json: SaidJson | None = None

    def _key(self) -> tuple[object, ...]:
        return (self.text, self.args, self.plural, self.count, self.context)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Said({self.text!r}, {self.args!r}, {self.plural!r}, {self.count!r}, {self.context!r})"
        )

    def said_in(self, language: str, isolate: bool = False) -> str:
        """The words in ``language`` (each argument in bidi isolates with ``isolate``)."""
        found = translations(language)
        if self.plural is not None and self.count is not None:
            if self.context is not None:
                template = found.npgettext(self.context, self.text, self.plural, self.count)
            else:
                template = found.ngettext(self.text, self.plural, self.count)
        elif self.context is not None:
            template = found.pgettext(self.context, self.text)
        else:
            template = found.gettext(self.text)
        values = dict(self.args)
        if self.count is not None:
            values.setdefault("count", self.count)

        def value(match: re.Match[str]) -> str:
            arg = values.get(match[1])
            if arg is None:
                return match[0]
            words = written(arg, language, isolate)
            return f"{ISOLATE[0]}{words}{ISOLATE[1]}" if isolate else words

        return PLACEHOLDER.sub(value, template)

    def __str__(self) -> str:
        return self.said_in(SOURCE)

    def json(self) -> SaidJson:
        """The words as the protocol carries them (made once: a Said never changes)."""
        if self._json is None:
            self._json = self._made_json()
        return self._json

    def _made_json(self) -> SaidJson:
        out: SaidJson = {"t": self.text}
        if self.args:
            out["a"] = {k: v.json() if isinstance(v, Said | Fixed) else v for k, v in self.args}
        if self.plural is not None and self.count is not None:
            out["p"], out["n"] = self.plural, self.count
        if self.context is not None:
            out["c"] = self.context
        return out

    def arg(self, name: str) -> Arg | None:
        return dict(self.args).get(name)


def written(arg: Arg, language: str, isolate: bool = False) -> str:
    """An argument in ``language``: words said, a number with decimals the language's way."""
    if isinstance(arg, Said):
        return arg.said_in(language, isolate)
    if isinstance(arg, Fixed):
        pattern = "#,##0." + "0" * arg.digits if arg.digits > 0 else "#,##0"
        return format_decimal(arg.value, format=pattern, locale=number_locale(language))
    if isinstance(arg, float):
        locale = number_locale(language)
        return format_decimal(arg, locale=locale, decimal_quantization=False)
    return str(arg)


def number_locale(language: str) -> str:
    return SOURCE if language == PSEUDO else catalog_id(language)


@cache
def number_symbols(language: str) -> dict[str, object]:
    """How ``language`` writes numbers (CLDR, through Babel), for the page to write them the
    same way the terminal does: the decimal sign, the group sign and the groups' sizes (Hindi
    groups by two after the first three), the minus sign, a percentage's pattern."""
    locale = Locale.parse(number_locale(language))
    return {
        "decimal": get_decimal_symbol(locale),
        "group": get_group_symbol(locale),
        "grouping": list(locale.decimal_formats[None].grouping),
        "minus": format_decimal(-1, locale=locale).removesuffix("1"),
        "percent": format_percent(0.5, locale=locale).replace("50", "{value}", 1),
    }


def said(text: str, **args: Arg) -> Said:
    """A message with its arguments: ``said("Move the peg from {origin} to {target}",
    origin="4", target="7")``."""
    return Said(text, tuple(args.items()))


def said_n(singular: str, plural: str, count: int, **args: Arg) -> Said:
    """A message whose words follow ``count`` (real plural forms: Arabic has six)."""
    return Said(singular, tuple(args.items()), plural, count)


def said_c(context: str, text: str, **args: Arg) -> Said:
    """A message whose id means two things, told apart by ``context``."""
    return Said(text, tuple(args.items()), context=context)


def N_(text: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """``text`` marked for the catalogs, to be put into words later (``said(text)``)."""
    return text


# ------------------------------------------------------------------ catalogs


def catalog_id(language: str) -> str:
    """A tag as the catalogs' folders name it: ``pt-BR`` is ``pt_BR``."""
    return language.replace("-", "_")


def catalog_path(language: str) -> Path:
    return LOCALE_DIR / catalog_id(language) / "LC_MESSAGES" / f"{DOMAIN}.po"


class PseudoTranslations(_gettext.NullTranslations):
    """Every message accented and bracketed: the pseudo-locale's translations."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "ȧƀƈđéƒğĥíĵķŀɱñŏƥɋřşţŭṽŵẋýžȦƁƇĐÉƑĞĤÍĴĶĿMÑŎƤɊŘŞŢŬṼŴẊÝŽ",
)


def pseudo(text: str) -> str:
    """``text`` in the pseudo-locale: accented, a third longer, bracketed; its placeholders
    kept (``Move {piece}`` is ``[Ɱŏṽé {piece} !!]``)."""
    if not text:
        return text
    parts = PLACEHOLDER.split(text)  # words, name, words, name, ...
    accented = "".join(
        p.translate(_ACCENTED) if i % 2 == 0 else "{" + p + "}" for i, p in enumerate(parts)
    )
    return f"[{accented} {'!' * max(1, len(text) // 10)}]"


@cache
def translations(language: str) -> _gettext.NullTranslations:
    """The catalog of ``language`` (English and unknown tags: the messages as written)."""
    if language == PSEUDO:
        return PseudoTranslations()
    path = catalog_path(language)
    if language == SOURCE or not path.is_file():
        return _gettext.NullTranslations()
    with path.open("rb") as po:
        catalog = read_po(po, locale=catalog_id(language), domain=DOMAIN)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def known(language: str) -> bool:
    return language in LANGUAGES or language == PSEUDO


def direction(language: str) -> str:
    """``rtl`` or ``ltr``, as CLDR writes the language."""
    if language == PSEUDO:
        return "ltr"
    try:
        return Locale.parse(catalog_id(language)).text_direction
    except (ValueError, UnknownLocaleError):
        return "ltr"


def endonym(language: str) -> str:
    """A language's name in itself, for the language menu: ``Deutsch``, ``العربية``."""
    if language == PSEUDO:
        return "Pseudo"
    name = Locale.parse(catalog_id(language)).display_name or language
    return name[:1].upper() + name[1:]


# ------------------------------------------------------------------ choosing


def best_match(wanted: Iterator[str] | list[str]) -> str | None:
    """The first of ``wanted`` (tags, best first) pegrace speaks: exactly, else by its
    language alone (``pt-PT`` is read as ``pt-BR``, ``de-AT`` as ``de``)."""
    by_language = {tag.split("-")[0].lower(): tag for tag in reversed(LANGUAGES)}
    for asked in wanted:
        tag = asked.strip().replace("_", "-").lower()
        exact = next((k for k in (*LANGUAGES, PSEUDO) if k.lower() == tag), None)
        if exact:
            return exact
        loose = by_language.get(tag.split("-")[0])
        if loose:
            return loose
    return None


def from_accept_language(header: str) -> str:
    """The language a browser's ``Accept-Language`` asks for (by its q-values), else English."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if tag and tag != "*" and 0 < quality <= 1:
            ranked.append((-quality, index, tag))
    return best_match([tag for _, _, tag in sorted(ranked)]) or SOURCE


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: LANGUAGE (a list),
    LC_ALL, LC_MESSAGES, LANG; ``C`` and ``POSIX`` are English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        wanted = [v.split(".")[0].split("@")[0] for v in value.split(":") if v]
        if wanted and wanted[0] in ("C", "POSIX"):
            return SOURCE
        return best_match(wanted) or SOURCE
    return SOURCE


# the language of what this process says itself (the terminal, the CLI); the server never
# sets it: each page says its words in its own
_current = [SOURCE]


def use(language: str) -> None:
    if not known(language):
        raise ValueError(f"no such language {language!r} (languages: {', '.join(LANGUAGES)})")
    _current[0] = language


def current() -> str:
    return _current[0]


def gettext(text: str) -> str:
    """``text`` in the process's language."""
    return translations(current()).gettext(text)


def pgettext(context: str, text: str) -> str:
    """``text`` in the process's language, where its id means something else elsewhere."""
    return translations(current()).pgettext(context, text)


def ngettext(singular: str, plural: str, count: int) -> str:
    return translations(current()).ngettext(singular, plural, count)


def say(message: Said | str) -> str:
    """A ``Said`` (or a marked id) in the process's language."""
    if isinstance(message, Said):
        return message.said_in(current())
    return gettext(message)


def fill(template: str, **args: object) -> str:
    """A translated template's ``{named}`` placeholders filled (no format specs: a
    translation is text, never code)."""
    return PLACEHOLDER.sub(lambda m: str(args.get(m[1], m[0])), template)


# ------------------------------------------------------------------ the page's catalog

# where the messages only the terminal and the command line say are written: the page's
# catalog leaves them out (a third of the words, and of the bytes a page loads)
TERMINAL_ONLY = (
    "src/pegrace/cli.py",
    "src/pegrace/commands/",
    "src/pegrace/terminal.py",  # (terminal_words.py's end reasons are the page's too)
    "src/pegrace/screen",
    "src/pegrace/pictures/",
)
GAME_PICTURE = re.compile(r"src/pegrace/games/\w+/picture\.py$")  # each game's terminal picture


def terminal_only(path: str) -> bool:
    """Whether ``path`` is a source only the terminal and the command line say words from."""
    return path.startswith(TERMINAL_ONLY) or GAME_PICTURE.match(path) is not None


def for_pages(locations: Sequence[tuple[str, object]]) -> bool:
    """Whether a message written at ``locations`` may reach a page (an unknown place may)."""
    return not locations or not all(terminal_only(path) for path, _ in locations)


PLURAL_TABLE = 200  # the page's plural forms by count: n < 200 as listed, else as 100 + n % 100


@cache
def page_catalog(language: str) -> dict[str, object]:
    """What static/i18n.js reads: the language, its direction, its messages (an id, or
    ``context\\x04id``, to its words, or to its plural forms) and which plural form each count
    takes (gettext's rule, as the catalog's header writes it, worked out for 0..199)."""
    out: dict[str, object] = {"lang": language, "dir": direction(language)}
    if language == PSEUDO:
        return {**out, "pseudo": True, "messages": {}, "plural": []}
    path = catalog_path(language)
    if language == SOURCE or not path.is_file():
        return {**out, "messages": {}, "plural": []}
    with path.open("rb") as po:
        catalog = read_po(po, locale=catalog_id(language), domain=DOMAIN)
    messages: dict[str, object] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not for_pages(message.locations):
            continue
        key = str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id)
        if message.context:
            key = f"{message.context}\x04{key}"
        if isinstance(message.string, tuple):
            if all(message.string):
                messages[key] = list(message.string)
        elif message.string:
            messages[key] = message.string
    plural = translations(language)
    rule = getattr(plural, "plural", lambda n: int(n != 1))
    return {**out, "messages": messages, "plural": [rule(n) for n in range(PLURAL_TABLE)]}


# the arguments of the core's refusals that name a seat by its colour (core/refusal.rs)
COLOUR_ARGS = frozenset({"colour", "first", "other"})


def said_of_core(words: tuple[object, ...], colours: Mapping[str, Said]) -> Said:
    """A refusal of the core's (core/refusal.rs: message, plural form, count, arguments), a
    seat's colour said as the player's name (``colours``: ``red`` is ``Red``)."""
    text, plural, count, args = words

    def arg(name: str, value: str) -> Arg:
        return colours.get(value, value) if name in COLOUR_ARGS else value

    named = tuple((str(k), arg(str(k), str(v))) for k, v in args)  # type: ignore[attr-defined]
    if isinstance(plural, str) and isinstance(count, int):
        return Said(str(text), named, plural, count)  # {count} among the arguments
    return Said(str(text), named)


def said_from_json(data: Mapping[str, object]) -> Said:
    """A ``Said`` as ``Said.json`` wrote it (what the page is sent, read back); ValueError
    for anything else."""
    text, args = data.get("t"), data.get("a", {})
    if not isinstance(text, str) or not isinstance(args, dict):
        raise ValueError(f"not a Said: {data!r:.80}")

    def arg(value: object) -> Arg:
        if isinstance(value, dict) and set(value) == {"v", "d"}:
            number, digits = value["v"], value["d"]
            if isinstance(number, int | float) and isinstance(digits, int):
                return Fixed(number, digits)
        if isinstance(value, dict):
            return said_from_json(value)
        if isinstance(value, str | int):
            return value
        raise ValueError(f"not an argument of a Said: {value!r:.80}")

    plural, count, context = data.get("p"), data.get("n"), data.get("c")
    return Said(
        text,
        tuple((str(name), arg(value)) for name, value in args.items()),
        plural if isinstance(plural, str) else None,
        count if isinstance(count, int) else None,
        context if isinstance(context, str) else None,
    )
