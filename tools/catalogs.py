"""The language catalogs (issue 53): every message a person reads, gathered from where it is
written, and each language's catalog checked against them. The sources are the one place a
message is written; the catalogs (src/pegrace/locale/LL/LC_MESSAGES/pegrace.po) hold only
their translations. No template file is kept: it is made when needed.

    python tools/catalogs.py check          every catalog has every message, translated, with
                                            the same placeholders; exit 1 naming what is not
    python tools/catalogs.py update         add new messages to every catalog (untranslated),
                                            drop the ones no source says any more
    python tools/catalogs.py init LANG      start a catalog for a new language
    python tools/catalogs.py template FILE  write the messages as a .pot (for a translator's tool)
    python tools/catalogs.py stats          each catalog's messages and how many are translated

Messages are found (Babel's extractors) in src/pegrace's Python (said, said_n, said_c, N_,
gettext, ngettext, pgettext) and the page's scripts (t, tn, tc), and in what the core and
the games say of themselves (titles, guides, options: ``runtime_messages``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "pegrace"
sys.path.insert(0, str(ROOT / "src"))

from pegrace import i18n  # noqa: E402

PYTHON_KEYWORDS = {
    "said": None,
    "said_n": (1, 2),
    "said_c": ((1, "c"), 2),
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "_": None,
}
PAGE_KEYWORDS = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2)}
COMMENT_TAGS = ["TRANSLATORS:"]


class Runtime(NamedTuple):
    """A message a game or the core says of itself: the message (or it and its plural form),
    where it comes from, its context and its note for translators."""

    text: str | tuple[str, str]
    where: str
    context: str | None = None
    note: str | None = None


def runtime_messages() -> Iterator[Runtime]:
    """What the games and the core say of themselves, put into words where it is shown."""
    from pegrace import _core
    from pegrace.games import ENTRIES
    from pegrace.guide import guide_messages

    for entry in ENTRIES.values():
        for text in guide_messages(entry):
            yield Runtime(text, f"game {entry.name}")
    for message, plural in _core.refusal_messages():
        yield Runtime(message if plural is None else (message, plural), "core/refusal.rs")
    for name, *_, note in _core.computer_players():  # each player's name is its word
        yield Runtime(name, "core/ai/players.rs", "computer", note)


def template() -> Catalog:
    """Every message a person reads, as a template catalog."""
    catalog = Catalog(project="pegrace", domain=i18n.DOMAIN, fuzzy=False)
    methods = [
        (str(SOURCE), [("**.py", "python")], PYTHON_KEYWORDS),
        (str(SOURCE / "web" / "static"), [("*.js", "javascript")], PAGE_KEYWORDS),
    ]
    for folder, method_map, keywords in methods:
        for filename, lineno, message, comments, context in extract_from_dir(
            folder,
            method_map,
            keywords=keywords,
            comment_tags=COMMENT_TAGS,
            strip_comment_tags=True,
        ):
            where = str(Path(folder, filename).relative_to(ROOT))
            catalog.add(
                message, locations=[(where, lineno)], auto_comments=comments, context=context
            )
    for found in runtime_messages():
        if found.text:
            notes = [] if found.note is None else [found.note]
            catalog.add(
                found.text,
                locations=[(found.where, 0)],
                auto_comments=notes,
                context=found.context,
            )
    return catalog


def read(language: str) -> Catalog:
    with i18n.catalog_path(language).open("rb") as po:
        return read_po(po, locale=i18n.catalog_id(language), domain=i18n.DOMAIN)


def write(language: str, catalog: Catalog) -> None:
    path = i18n.catalog_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as po:
        write_po(po, catalog, width=100, sort_by_file=False, include_previous=False)


def translated_languages() -> list[str]:
    return [language for language in i18n.LANGUAGES if language != i18n.SOURCE]


def placeholders(text: str) -> set[str]:
    return set(i18n.PLACEHOLDER.findall(text))


def problems(language: str, wanted: Catalog) -> list[str]:
    """What ``language``'s catalog lacks or gets wrong, one line each."""
    path = i18n.catalog_path(language)
    if not path.is_file():
        return [f"{language}: no catalog at {path.relative_to(ROOT)}"]
    have = read(language)
    found: list[str] = []
    for message in wanted:
        if not message.id:
            continue
        mine = have.get(message.id, message.context)
        name = f"{language}: {message_name(message)}"
        if mine is None:
            found.append(f"{name}: missing")
            continue
        found += [f"{name}: {p}" for p in translation_problems(message, mine)]
    return found


def message_name(message: Message) -> str:
    text = message.id[0] if isinstance(message.id, tuple) else message.id
    short = text if len(text) <= 60 else text[:57] + "..."
    return f"{message.context}|{short!r}" if message.context else repr(short)


def translation_problems(message: Message, mine: Message) -> Iterator[str]:
    if mine.fuzzy:
        yield "fuzzy (to check)"
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = mine.string if isinstance(mine.string, tuple) else (mine.string,)
    if not all(strings):
        yield "not translated"
        return
    wanted = set().union(*(placeholders(text) for text in ids))
    for form in strings:
        extra = placeholders(form) - wanted - {"count"}
        lost = wanted - placeholders(form) - ({"count"} if len(strings) > 1 else set())
        if extra or lost:
            yield f"placeholders differ in {form!r} (extra {sorted(extra)}, lost {sorted(lost)})"


def update(wanted: Catalog, languages: list[str]) -> None:
    for language in languages:
        catalog = read(language)
        catalog.update(wanted, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        write(language, catalog)
        print(f"{language}: {len(catalog)} messages")


def init(language: str, wanted: Catalog) -> None:
    if i18n.catalog_path(language).exists():
        raise SystemExit(f"{language} has a catalog already: update it")
    catalog = Catalog(
        locale=i18n.catalog_id(language),
        project="pegrace",
        domain=i18n.DOMAIN,
        header_comment=(
            f"# pegrace's words in {i18n.endonym(language)} ({language}). Its glossary:\n"
            f"# docs/languages/{language}.md. How to work on it: docs/languages.md."
        ),
        copyright_holder="the pegrace authors",
        language_team=f"{i18n.endonym(language)} <docs/languages/{language}.md>",
        last_translator="pegrace",
        fuzzy=False,
    )
    catalog.update(wanted, no_fuzzy_matching=True)
    write(language, catalog)
    print(f"{language}: {len(catalog)} messages, none translated yet")


def stats(wanted: Catalog) -> None:
    total = sum(1 for m in wanted if m.id)
    print(f"{total} messages")
    for language in translated_languages():
        found = problems(language, wanted)
        print(f"{language:6} {total - len({p.rsplit(':', 1)[0] for p in found})}/{total} complete")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("check", help="every catalog complete, placeholders matching")
    sub.add_parser("update", help="add new messages to every catalog, drop unused ones")
    sub.add_parser("init", help="start a new language's catalog").add_argument("language")
    sub.add_parser("template", help="write every message as a .pot").add_argument("file", type=Path)
    sub.add_parser("stats", help="how complete each catalog is")
    args = parser.parse_args(argv)
    wanted = template()
    if args.command == "check":
        found = [p for language in translated_languages() for p in problems(language, wanted)]
        for line in found[:200]:
            print(line)
        if found:
            print(f"{len(found)} problems (python tools/catalogs.py update; then translate)")
            return 1
        print(
            f"{len(wanted)} messages, every catalog complete: {', '.join(translated_languages())}"
        )
    elif args.command == "update":
        update(wanted, translated_languages())
    elif args.command == "init":
        init(args.language, wanted)
    elif args.command == "template":
        with args.file.open("wb") as pot:
            write_po(pot, wanted, width=100)
    else:
        stats(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
